//! Kolen–Pollack (Kolen & Pollack 1994; Akrout et al. 2019): errors travel
//! through feedback weights B as in feedback alignment, but B learns: it
//! takes the transpose of the forward update, and both decay, so B → Wᵀ.

use crate::lab::kernel::Real;
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// Kolen–Pollack, after FA's gradients `g` through B: each B_l takes
    /// the transpose of W_{l+1}'s update, B_l ← B_l − lr·(g_{l+1}ᵀ + λB_l),
    /// and `g` gains the same decay, g_l + λW_l, so that W − Bᵀ shrinks
    /// by (1 − lr·λ) every step.
    pub(crate) fn kolen_pollack(&mut self) {
        let (lr, lam) = (F::of(self.cfg.lr), F::of(self.cfg.rules.kp_decay));
        for (l, b) in self.fb.b.iter_mut().enumerate() {
            Zip::from(b)
                .and(self.g[l + 1].t())
                .for_each(|b, &g| *b = *b - lr * (g + lam * *b));
        }
        for (g, w) in self.g.iter_mut().zip(&self.net.w) {
            g.scaled_add(lam, w);
        }
    }
}
