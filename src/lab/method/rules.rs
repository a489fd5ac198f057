//! The learning rules' arithmetic: the exact gradient, the hidden deltas
//! through Wᵀ, a random B or a direct map, the weight gradients from stored
//! activity, and the two perturbation estimators. `Trainer::compute_update`
//! picks among them per method.

use crate::lab::kernel::{mm, tanh, Real, Then};
use crate::lab::train::net::batch_loss;
use crate::lab::train::rng::fill_normal;
use crate::lab::train::trainer::Trainer;
use ndarray::{Array2, Zip};

impl<F: Real> Trainer<F> {
    /// The exact gradient of the minibatch loss into `g`.
    pub(crate) fn exact(&mut self) {
        self.deltas(Pathway::Transpose, true);
        self.weight_grads(false);
    }

    /// FA (through the fixed random B) or DFA (straight from the output).
    pub(crate) fn feedback(&mut self, direct: bool) {
        let path = if direct {
            Pathway::Direct
        } else {
            Pathway::Random
        };
        self.deltas(path, true);
        self.weight_grads(false);
    }

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

    /// Hidden-layer deltas from the output error `d[L]`, top layer down:
    /// through Wᵀ, through each layer's fixed random B (FA), or straight
    /// from the output (DFA); times f′ = 1 − h² at the stored activity
    /// when `slope`.
    pub(crate) fn deltas(&mut self, path: Pathway, slope: bool) {
        let top = self.depth();
        for l in (0..top).rev() {
            let (below, above) = self.d.split_at_mut(l + 1);
            let h = self.acts.a[l + 1].view();
            let then = if slope { Then::Slope(h) } else { Then::Store };
            let (from, through) = match path {
                Pathway::Transpose => (&above[0], self.net.w[l + 1].t()),
                Pathway::Random => (&above[0], self.fb.b[l].view()),
                Pathway::Direct => (&above[top - l - 1], self.fb.d[l].view()),
            };
            mm(from.view(), through, &mut below[l], then);
        }
    }

    /// g_l = (activity into layer l)ᵀ · delta_l, from this batch's stored
    /// activity or (`stale`) the previous batch's.
    pub(crate) fn weight_grads(&mut self, stale: bool) {
        let a = if stale { &self.prev } else { &self.acts };
        for ((g, d), input) in self.g.iter_mut().zip(&self.d).zip(&a.a) {
            mm(input.t(), d.view(), g, Then::Store);
        }
    }

    /// One perturbation ξ ~ N(0, σ²) of every weight; the estimate is
    /// ΔL·ξ/σ² with ΔL = L(W + ξ) − L(W) on this batch.
    pub(crate) fn weight_perturbation(&mut self) {
        let s = self.cfg.sigma;
        for (l, g) in self.g.iter_mut().enumerate() {
            fill_normal(&mut self.noise, g, s);
            self.aux.w[l].assign(&self.net.w[l]);
            self.aux.w[l] += &*g;
        }
        self.noisy.a[0].assign(self.acts.x());
        self.aux.forward(&mut self.noisy);
        let dl = batch_loss(self.noisy.y(), &self.t) - self.loss;
        for g in &mut self.g {
            *g *= F::of(dl / (s * s));
        }
    }

    /// Each example its own ξ ~ N(0, σ²) on every hidden and output unit's
    /// pre-activation; that example's loss change is the one score its units
    /// share; the update uses the clean activities.
    pub(crate) fn node_perturbation(&mut self) {
        self.perturbed_losses();
        let dl = &self.dl;
        let k = F::of(1.0 / (self.cfg.sigma * self.cfg.sigma));
        for (d, xi) in self.d.iter_mut().zip(&self.xi.a[1..]) {
            Zip::from(d.rows_mut())
                .and(xi.rows())
                .and(dl)
                .for_each(|mut dr, xr, &l| {
                    Zip::from(&mut dr).and(&xr).for_each(|d, &z| *d = l * z * k);
                });
        }
        self.weight_grads(false);
    }

    /// Draws ξ ~ N(0, σ²) on every hidden and output pre-activation of every
    /// example, runs the noisy forward pass into `noisy`, and puts each
    /// example's loss change (noisy minus clean, its share of the batch
    /// loss) into `dl`.
    pub(crate) fn perturbed_losses(&mut self) {
        let s = self.cfg.sigma;
        for m in &mut self.xi.a[1..] {
            fill_normal(&mut self.noise, m, s);
        }
        let (n, w, top) = (&mut self.noisy, &self.net.w, self.net.depth());
        for l in 0..=top {
            let (below, above) = n.a.split_at_mut(l + 1);
            let input = if l == 0 { &self.acts.a[0] } else { &below[l] };
            let out = &mut above[0];
            mm(input.view(), w[l].view(), out, Then::Store);
            *out += &self.xi.a[l + 1];
            if l < top {
                out.mapv_inplace(tanh);
            }
        }
        // each example's share of the loss, noisy minus clean, into a buffer
        let half_inv_b = 0.5 / self.cfg.batch as f64;
        Zip::from(&mut self.dl)
            .and(n.y().rows())
            .and(self.acts.y().rows())
            .and(self.t.rows())
            .for_each(|dl, noisy, clean, t| {
                let mut diff = 0.0;
                Zip::from(&noisy)
                    .and(&clean)
                    .and(&t)
                    .for_each(|&a, &b, &c| {
                        // the difference of two near-equal squares, in f64: (a−b)(a+b−2c)
                        diff += (a - b).f64() * ((a - c).f64() + (b - c).f64());
                    });
                *dl = F::of(diff * half_inv_b);
            });
    }
}

/// Column j of `d` becomes column `p[j]` of the old `d`.
pub(crate) fn scramble<F: Real>(d: &mut Array2<F>, scratch: &mut Array2<F>, p: &[usize]) {
    scratch.assign(d);
    for (j, &pj) in p.iter().enumerate() {
        d.column_mut(j).assign(&scratch.column(pj));
    }
}

/// Where hidden deltas come from: Wᵀ (backprop), a fixed random B (FA) or
/// a direct map from the output error (DFA).
#[derive(Clone, Copy)]
pub(crate) enum Pathway {
    Transpose,
    Random,
    Direct,
}
