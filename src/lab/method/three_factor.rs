//! The three-factor rule (Frémaux & Gerstner 2016; e-prop's trace, Bellec
//! et al. 2020): node perturbation's coincidences held in a decaying
//! eligibility trace until a broadcast modulator gates them. Its state is
//! `state::Traces`.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::train::state::RuleState;
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// The three-factor rule. Trials are the batch's examples in order;
    /// trial k leaves on each synapse the coincidence c_k = pre_k ⊗ ξ_k/σ²
    /// (its input times its unit's noise), and the trace is
    /// e(k) = γ·e(k−1) + c_k. The modulator of trial k is its loss change
    /// against the baseline (the same example without noise: the reward a
    /// critic predicts), and the update is Σ_k M_k·e(k). With γ = 0 that is
    /// node perturbation, operation for operation.
    pub(crate) fn three_factor(&mut self) {
        self.perturbed_losses();
        let RuleState::ThreeFactor(tr) = &mut self.local else {
            unreachable!("the three-factor rule's state")
        };
        let gamma = F::of(self.cfg.rules.trace_decay);
        // gate_j = Σ_{k ≥ j} γ^{k−j} M_k: what trial j's coincidence is worth
        let mut acc = F::zero();
        for (g, &m) in tr.gate.iter_mut().zip(&self.dl).rev() {
            acc = m + gamma * acc;
            *g = acc;
        }
        // the trace carried in from earlier steps is worth Σ_k γ^{k+1} M_k
        let carried = gamma * acc;
        let k = F::of(1.0 / (self.cfg.sigma * self.cfg.sigma));
        let b = self.cfg.batch;
        for (j, t) in tr.tail.iter_mut().enumerate() {
            *t = F::of(self.cfg.rules.trace_decay.powi((b - 1 - j) as i32));
        }
        let fade = F::of(self.cfg.rules.trace_decay.powi(b as i32));
        for l in 0..self.d.len() {
            let (xi, input) = (&self.xi.a[l + 1], &self.acts.a[l]);
            Zip::from(self.d[l].rows_mut())
                .and(xi.rows())
                .and(&tr.gate)
                .for_each(|mut dr, xr, &m| {
                    Zip::from(&mut dr).and(&xr).for_each(|d, &z| *d = m * z * k);
                });
            mm(input.t(), self.d[l].view(), &mut self.g[l], Then::Store);
            self.g[l].scaled_add(carried, &tr.trace[l]);
            // the trace after the last trial: γ^B·e + Σ_j γ^{B−1−j} c_j
            let weighted = &mut self.noisy.a[l + 1];
            Zip::from(weighted.rows_mut())
                .and(xi.rows())
                .and(&tr.tail)
                .for_each(|mut wr, xr, &t| {
                    Zip::from(&mut wr).and(&xr).for_each(|w, &z| *w = t * z * k);
                });
            mm(input.t(), weighted.view(), &mut self.aux.w[l], Then::Store);
            let trace = &mut tr.trace[l];
            *trace *= fade;
            *trace += &self.aux.w[l];
        }
    }
}
