//! Probes into a run, for tests, the scaling table and the panel: the
//! exact gradient and one method's estimate on the current batch without
//! updating, and read-only views of the run's batch, feedback matrices,
//! noise and errors.

use crate::lab::kernel::Real;
use crate::lab::method::Method;
use crate::lab::train::state::RuleState;
use crate::lab::train::trainer::Trainer;
use ndarray::Array2;

impl<F: Real> Trainer<F> {
    /// For tests and the scaling table: the exact gradient and the
    /// current minibatch, without updating.
    pub fn probe_exact(&mut self) -> Vec<Array2<F>> {
        self.prepare_batch();
        self.exact();
        self.g.clone()
    }

    /// One-shot estimate by `method` on the current batch, without
    /// updating (the batch must have been prepared by `probe_exact`).
    pub fn probe_estimate(&mut self, method: Method) -> Vec<Array2<F>> {
        match method {
            Method::WeightPerturbation => self.weight_perturbation(),
            Method::NodePerturbation => self.node_perturbation(),
            _ => {
                assert_eq!(
                    method == Method::ForwardForward,
                    self.cfg.method == Method::ForwardForward,
                    "forward-forward's input carries the label: probe it only on its own runs"
                );
                // what the update would be, leaving the run's own learned
                // state (KP's B, traces, modules) as it was
                let m = self.cfg.method;
                let b = self.fb.b.clone();
                let local = if method == m {
                    self.local.clone()
                } else {
                    let sizes = self.net.sizes();
                    std::mem::replace(
                        &mut self.local,
                        RuleState::new(method, &sizes, self.cfg.batch),
                    )
                };
                self.cfg.method = method;
                self.compute_update();
                self.cfg.method = m;
                self.local = local;
                self.fb.b = b;
            }
        }
        self.g.clone()
    }

    /// Loads the next batch and runs the forward sweep and the error,
    /// as `step` does, without updating.
    pub(crate) fn prepare_batch(&mut self) {
        self.load_batch();
        self.net.forward(&mut self.acts);
        self.output_error();
    }

    /// The current minibatch's inputs and targets (after a probe or step).
    pub fn batch(&self) -> (&Array2<F>, &Array2<F>) {
        (self.acts.x(), &self.t)
    }

    /// The fixed random matrices FA uses for W₂ᵀ … W_{L+1}ᵀ, one per
    /// hidden layer.
    pub fn fa_matrices(&self) -> &[Array2<F>] {
        &self.fb.b
    }

    /// The fixed random maps DFA sends the output error through, one per
    /// hidden layer (outputs × hidden each).
    pub fn dfa_matrices(&self) -> &[Array2<F>] {
        &self.fb.d
    }

    /// Per hidden layer, the angle in degrees between the feedback matrix
    /// B_l and the W_{l+1}ᵀ it stands in for: fixed for FA, falling for
    /// Kolen–Pollack as B learns Wᵀ.
    pub fn feedback_angles(&self) -> Vec<f64> {
        self.fb
            .b
            .iter()
            .zip(&self.net.w[1..])
            .map(|(b, w)| crate::lab::train::net::angle_degrees(b, &w.t().to_owned()))
            .collect()
    }

    /// Scrambled's permutation for each hidden layer.
    pub fn scramble_perms(&self) -> &[Vec<usize>] {
        &self.fb.p
    }

    /// Node perturbation's noise on each hidden and output layer's
    /// pre-activation, as its last estimate drew it.
    pub fn node_noise(&self) -> &[Array2<F>] {
        &self.xi.a[1..]
    }

    /// The hidden and output errors this step computed, as the update used
    /// them: δ₁ … δ_L and e (each row one example, scaled by 1/B).
    pub fn errors(&self) -> &[Array2<F>] {
        &self.d
    }
}
