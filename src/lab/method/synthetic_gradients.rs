//! Synthetic gradients (Jaderberg et al. 2016): each hidden layer's error
//! predicted at once by a learned linear module, so no layer waits for the
//! sweep. Its state is `state::Modules`.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::train::state::{Modules, RuleState};
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// Synthetic gradients. Each hidden layer's predicted error
    /// ĝ_l = h_l·M_l + t·C_l (per example, for ∂L/∂h_l) gives its delta
    /// ĝ_l ⊙ f′/B at once; the readout's is the true e. Each module then
    /// learns, at the same rate as W, toward the error one layer up passed
    /// through that layer's weights: (y − t)·W_{L+1}ᵀ for the top layer, the
    /// layer above's own prediction (ĝ ⊙ f′)·Wᵀ below it (bootstrapped).
    /// Modules start at zero, as in Jaderberg et al.
    pub(crate) fn synthetic_gradients(&mut self) {
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
