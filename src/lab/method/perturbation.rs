//! The two perturbation estimators of one shared score (R3 removed):
//! weight perturbation (one noise draw on every weight per step) and node
//! perturbation (noise on every unit's input, one loss change per
//! example), which the three-factor rule builds on.

use crate::lab::kernel::{mm, tanh, Real, Then};
use crate::lab::train::batch::{cross_entropy, labels_of};
use crate::lab::train::rng::fill_normal;
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// One perturbation ξ ~ N(0, σ²) of every weight; the estimate is
    /// ΔL·ξ/σ² with ΔL = L(W + ξ) − L(W) on this batch.
    pub(crate) fn weight_perturbation(&mut self) {
        let s = self.cfg.sigma;
        for (l, g) in self.g.iter_mut().enumerate() {
            match (&mut self.conv, l) {
                // a conv layer's weights are its kernels
                (Some(c), 0) => c.noise(&mut self.noise, s, g),
                _ => fill_normal(&mut self.noise, g, s),
            }
            self.aux.w[l].assign(&self.net.w[l]);
            self.aux.w[l] += &*g;
        }
        self.noisy.a[0].assign(self.acts.x());
        self.aux.forward(&mut self.noisy);
        let dl = self.loss_of(self.noisy.y()) - self.loss;
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
        let classifies = self.classifies();
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
        if classifies {
            let inv_b = 1.0 / self.cfg.batch as f64;
            let labels = labels_of(self.t.view());
            Zip::from(&mut self.dl)
                .and(n.y().rows())
                .and(self.acts.y().rows())
                .and(&labels[..])
                .for_each(|dl, noisy, clean, &c| {
                    let ce = |r: ndarray::ArrayView1<F>| {
                        cross_entropy(r.iter().map(|v| v.f64()), r[c].f64())
                    };
                    *dl = F::of((ce(noisy) - ce(clean)) * inv_b);
                });
            return;
        }
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
