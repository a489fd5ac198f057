//! The learning rules' arithmetic: the exact gradient, the hidden deltas
//! through Wᵀ, a random B or a direct map, the weight gradients from stored
//! activity, and the two perturbation estimators. `Trainer::compute_update`
//! picks among them per method.

use super::kernel::{mm, tanh, Real, Then};
use super::rng::fill_normal;
use super::trainer::Trainer;
use super::update::Pathway;
use ndarray::{Array2, Zip};

impl<F: Real> Trainer<F> {
    /// The exact gradient of the minibatch loss into `g`.
    pub(crate) fn exact(&mut self) {
        self.deltas(Pathway::Transpose, true);
        self.weight_grads(false);
    }

    /// FA (through the fixed random B) or DFA (straight from the output).
    pub(super) fn feedback(&mut self, direct: bool) {
        let path = if direct {
            Pathway::Direct
        } else {
            Pathway::Random
        };
        self.deltas(path, true);
        self.weight_grads(false);
    }

    /// Hidden-layer deltas from `e`: through Wᵀ, through the fixed random
    /// B (FA), or straight from the output (DFA); times f′ = 1 − h² at the
    /// stored activity when `slope`.
    pub(super) fn deltas(&mut self, path: Pathway, slope: bool) {
        let (w2, w3) = (&self.net.w[1], &self.net.w[2]);
        let then = |h| if slope { Then::Slope(h) } else { Then::Store };
        let e = self.e.view();
        let b = match path {
            Pathway::Transpose => w3.t(),
            Pathway::Random => self.fb.b3.view(),
            Pathway::Direct => self.fb.d2.view(),
        };
        mm(e, b, &mut self.d2, then(self.acts.h2.view()));
        let (a, b) = match path {
            Pathway::Transpose => (self.d2.view(), w2.t()),
            Pathway::Random => (self.d2.view(), self.fb.b2.view()),
            Pathway::Direct => (e, self.fb.d1.view()),
        };
        mm(a, b, &mut self.d1, then(self.acts.h1.view()));
    }

    /// g_l = (activity into layer l)ᵀ · delta_l, from this batch's stored
    /// activity or (`stale`) the previous batch's.
    pub(super) fn weight_grads(&mut self, stale: bool) {
        let a = if stale { &self.prev } else { &self.acts };
        mm(a.x.t(), self.d1.view(), &mut self.g[0], Then::Store);
        mm(a.h1.t(), self.d2.view(), &mut self.g[1], Then::Store);
        mm(a.h2.t(), self.e.view(), &mut self.g[2], Then::Store);
    }

    /// One perturbation ξ ~ N(0, σ²) of every weight; the estimate is
    /// ΔL·ξ/σ² with ΔL = L(W + ξ) − L(W) on this batch.
    pub(super) fn weight_perturbation(&mut self) {
        let s = self.cfg.sigma;
        for (l, g) in self.g.iter_mut().enumerate() {
            fill_normal(&mut self.noise, g, s);
            self.aux.w[l].assign(&self.net.w[l]);
            self.aux.w[l] += &*g;
        }
        self.noisy.x.assign(&self.acts.x);
        self.aux.forward(&mut self.noisy);
        let dl = batch_loss(&self.noisy.y, &self.t) - self.loss;
        for g in &mut self.g {
            *g *= F::of(dl / (s * s));
        }
    }

    /// Each example its own ξ ~ N(0, σ²) on every hidden and output unit's
    /// pre-activation; that example's loss change is the one score its units
    /// share; the update uses the clean activities.
    pub(super) fn node_perturbation(&mut self) {
        let s = self.cfg.sigma;
        for m in [&mut self.xi.h1, &mut self.xi.h2, &mut self.xi.y] {
            fill_normal(&mut self.noise, m, s);
        }
        let (n, w) = (&mut self.noisy, &self.net.w);
        mm(self.acts.x.view(), w[0].view(), &mut n.h1, Then::Store);
        Zip::from(&mut n.h1)
            .and(&self.xi.h1)
            .for_each(|a, &z| *a += z);
        n.h1.mapv_inplace(tanh);
        mm(n.h1.view(), w[1].view(), &mut n.h2, Then::Store);
        Zip::from(&mut n.h2)
            .and(&self.xi.h2)
            .for_each(|a, &z| *a += z);
        n.h2.mapv_inplace(tanh);
        mm(n.h2.view(), w[2].view(), &mut n.y, Then::Store);
        n.y += &self.xi.y;
        // each example's share of the loss, noisy minus clean, into a buffer
        let half_inv_b = 0.5 / self.cfg.batch as f64;
        Zip::from(&mut self.dl)
            .and(n.y.rows())
            .and(self.acts.y.rows())
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
        let dl = &self.dl;
        let k = F::of(1.0 / (s * s));
        let scale = |d: &mut Array2<F>, xi: &Array2<F>| {
            Zip::from(d.rows_mut())
                .and(xi.rows())
                .and(dl)
                .for_each(|mut dr, xr, &l| {
                    Zip::from(&mut dr).and(&xr).for_each(|d, &z| *d = l * z * k);
                });
        };
        scale(&mut self.d1, &self.xi.h1);
        scale(&mut self.d2, &self.xi.h2);
        scale(&mut self.e, &self.xi.y);
        self.weight_grads(false);
    }
}

/// (1/B) Σ ½‖y − t‖², accumulated in f64.
pub fn batch_loss<F: Real>(y: &Array2<F>, t: &Array2<F>) -> f64 {
    let mut sq = 0.0;
    Zip::from(y)
        .and(t)
        .for_each(|&a, &b| sq += ((a - b) * (a - b)).f64());
    0.5 * sq / y.nrows() as f64
}

/// Column j of `d` becomes column `p[j]` of the old `d`.
pub(super) fn scramble<F: Real>(d: &mut Array2<F>, scratch: &mut Array2<F>, p: &[usize]) {
    scratch.assign(d);
    for (j, &pj) in p.iter().enumerate() {
        d.column_mut(j).assign(&scratch.column(pj));
    }
}
