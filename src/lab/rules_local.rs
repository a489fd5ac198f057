//! Two Part 4 rules that keep a layer's update local in time: the
//! three-factor rule (node perturbation's coincidences held in an
//! eligibility trace until a broadcast modulator gates them) and synthetic
//! gradients (each layer's error predicted at once by a learned module).
//! Their state lives in `state::RuleState`.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::state::{Modules, RuleState};
use crate::lab::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// The three-factor rule. Trials are the batch's examples in order;
    /// trial k leaves on each synapse the coincidence c_k = pre_k ⊗ ξ_k/σ²
    /// (its input times its unit's noise), and the trace is
    /// e(k) = γ·e(k−1) + c_k. The modulator of trial k is its loss change
    /// against the baseline (the same example without noise: the reward a
    /// critic predicts), and the update is Σ_k M_k·e(k). With γ = 0 that is
    /// node perturbation, operation for operation.
    pub(super) fn three_factor(&mut self) {
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

    /// Synthetic gradients. Each hidden layer's predicted error
    /// ĝ_l = h_l·M_l + t·C_l (per example, for ∂L/∂h_l) gives its delta
    /// ĝ_l ⊙ f′/B at once; the readout's is the true e. Each module then
    /// learns, at the same rate as W, toward the error one layer up passed
    /// through that layer's weights: (y − t)·W_{L+1}ᵀ for the top layer, the
    /// layer above's own prediction (ĝ ⊙ f′)·Wᵀ below it (bootstrapped).
    /// Modules start at zero, as in Jaderberg et al.
    pub(super) fn synthetic_gradients(&mut self) {
        let top = self.depth();
        let b = F::of(self.cfg.batch as f64);
        let inv_b = F::of(1.0 / self.cfg.batch as f64);
        let RuleState::SyntheticGradients(Modules {
            m: sg_m,
            c: sg_c,
            step_m: sg_step_m,
            step_c: sg_step_c,
            prediction: pred,
            target: want,
        }) = &mut self.local
        else {
            unreachable!("synthetic gradients' state")
        };
        for l in 0..top {
            let h = &self.acts.a[l + 1];
            mm(h.view(), sg_m[l].view(), &mut pred[l], Then::Store);
            mm(self.t.view(), sg_c[l].view(), &mut want[l], Then::Store);
            pred[l] += &want[l];
            Zip::from(&mut self.d[l])
                .and(&pred[l])
                .and(h)
                .for_each(|d, &g, &h| *d = g * (F::one() - h * h) * inv_b);
        }
        // each module's target, then its error ĝ − target, in `want`
        for l in 0..top {
            mm(
                self.d[l + 1].view(),
                self.net.w[l + 1].t(),
                &mut want[l],
                Then::Store,
            );
            Zip::from(&mut want[l])
                .and(&pred[l])
                .for_each(|w, &p| *w = p - *w * b);
        }
        let lr = F::of(self.cfg.lr);
        for l in 0..top {
            let h = &self.acts.a[l + 1];
            // M −= lr·hᵀ(ĝ − target)/B, C −= lr·tᵀ(ĝ − target)/B
            mm(h.t(), want[l].view(), &mut sg_step_m[l], Then::Store);
            sg_m[l].scaled_add(-lr * inv_b, &sg_step_m[l]);
            mm(self.t.t(), want[l].view(), &mut sg_step_c[l], Then::Store);
            sg_c[l].scaled_add(-lr * inv_b, &sg_step_c[l]);
        }
        self.weight_grads(false);
    }
}
