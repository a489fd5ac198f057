//! The two Part 4 rules that settle before they learn: predictive coding
//! (error units relax with the output clamped to the target) and
//! equilibrium propagation (an energy network settles freely, then nudged
//! towards the target by ±β). Neither has a backward sweep; each weight
//! changes with quantities on its two sides only.

use super::kernel::{mm, tanh, Real, Then};
use super::net::{Acts, Net};
use super::trainer::Trainer;
use ndarray::{Array2, ArrayView2, Zip};

impl<F: Real> Trainer<F> {
    /// Predictive coding (Whittington & Bogacz 2017). Value nodes v_l hold
    /// each layer's pre-activation, starting at the forward pass; the
    /// prediction of layer l is μ_l = f(v_{l−1})·W_l (f = tanh, identity on
    /// the input) and its error unit ε_l = v_l − μ_l. With the input and the
    /// output (v_{L+1} = t) clamped, the hidden values relax T steps of
    /// v_l += γ(−ε_l + f′(v_l) ⊙ ε_{l+1}·W_{l+1}ᵀ), then each weight moves
    /// by the Hebbian f(v_{l−1})ᵀ·ε_l (so g_l = −f(v_{l−1})ᵀε_l/B). At T = 0
    /// only the readout learns; as T grows the errors approach backprop's
    /// adjoints.
    pub(super) fn predictive_coding(&mut self) {
        let top = self.depth();
        let rate = F::of(self.cfg.rules.pc_rate);
        let l = &mut self.local;
        let (v, fv, eps) = (&mut l.s, &mut l.s2, &mut l.s3);
        // the forward pass's pre-activations and their tanh; ε = 0 inside
        for i in 0..top {
            mm(
                self.acts.a[i].view(),
                self.net.w[i].view(),
                &mut v[i],
                Then::Store,
            );
            fv[i].assign(&self.acts.a[i + 1]);
            eps[i].fill(F::zero());
        }
        Zip::from(&mut eps[top])
            .and(&self.t)
            .and(self.acts.y())
            .for_each(|e, &t, &y| *e = t - y);
        for _ in 0..self.cfg.rules.pc_steps {
            for i in 0..top {
                mm(
                    eps[i + 1].view(),
                    self.net.w[i + 1].t(),
                    &mut l.tmp,
                    Then::Store,
                );
                Zip::from(&mut v[i])
                    .and(&eps[i])
                    .and(&fv[i])
                    .and(&l.tmp)
                    .for_each(|v, &e, &f, &up| *v += rate * (up * (F::one() - f * f) - e));
            }
            for i in 0..top {
                fv[i].assign(&v[i]);
                fv[i].mapv_inplace(tanh);
            }
            for i in 0..=top {
                let input = if i == 0 {
                    self.acts.a[0].view()
                } else {
                    fv[i - 1].view()
                };
                mm(input, self.net.w[i].view(), &mut eps[i], Then::Store);
                let value = if i == top { self.t.view() } else { v[i].view() };
                Zip::from(&mut eps[i])
                    .and(value)
                    .for_each(|e, &v| *e = v - *e);
            }
        }
        let minus_inv_b = F::of(-1.0 / self.cfg.batch as f64);
        for i in 0..=top {
            let input = if i == 0 {
                self.acts.a[0].view()
            } else {
                fv[i - 1].view()
            };
            mm(input.t(), eps[i].view(), &mut self.g[i], Then::Store);
            self.g[i] *= minus_inv_b;
            Zip::from(&mut self.d[i])
                .and(&eps[i])
                .for_each(|d, &e| *d = e * minus_inv_b);
        }
    }

    /// Equilibrium propagation (Scellier & Bengio 2017) with the symmetric
    /// nudge of Laborieux et al. (2021). The energy network has the
    /// student's layers and weights used both ways (symmetric): hidden
    /// states settle to h_l = tanh(h_{l−1}·W_l + h_{l+1}·W_{l+1}ᵀ) and the
    /// linear output to y = (h_L·W + βt)/(1 + β). It settles freely from the
    /// forward pass, then from there nudged by +β and by −β; each weight
    /// changes by (h_{l−1}ᵀh_l at +β − at −β)/(2β), so
    /// g_l = −(…)/(2βB). Its predictions are the free settled outputs.
    pub(super) fn equilibrium_prop(&mut self) {
        let p = self.cfg.rules;
        let top = self.depth();
        let l = &mut self.local;
        for i in 0..=top {
            l.s[i].assign(&self.acts.a[i + 1]);
        }
        settle(
            &self.net,
            self.acts.x().view(),
            &mut l.s,
            &mut l.tmp,
            None,
            p.ep_free,
        );
        for i in 0..=top {
            l.s2[i].assign(&l.s[i]);
            l.s3[i].assign(&l.s[i]);
        }
        let t = Some((self.t.view(), p.ep_beta));
        settle(
            &self.net,
            self.acts.x().view(),
            &mut l.s2,
            &mut l.tmp,
            t,
            p.ep_nudged,
        );
        let t = Some((self.t.view(), -p.ep_beta));
        settle(
            &self.net,
            self.acts.x().view(),
            &mut l.s3,
            &mut l.tmp,
            t,
            p.ep_nudged,
        );
        let k = F::of(1.0 / (2.0 * p.ep_beta * self.cfg.batch as f64));
        for i in 0..=top {
            let (below_p, below_m) = if i == 0 {
                (self.acts.a[0].view(), self.acts.a[0].view())
            } else {
                (l.s2[i - 1].view(), l.s3[i - 1].view())
            };
            mm(below_p.t(), l.s2[i].view(), &mut self.g[i], Then::Store);
            mm(below_m.t(), l.s3[i].view(), &mut self.aux.w[i], Then::Store);
            Zip::from(&mut self.g[i])
                .and(&self.aux.w[i])
                .for_each(|g, &m| *g = (m - *g) * k);
            // each unit's error as the panel shows it: the settled states' difference
            let kd = F::of(-1.0) * k;
            Zip::from(&mut self.d[i])
                .and(&l.s2[i])
                .and(&l.s3[i])
                .for_each(|d, &a, &b| *d = (a - b) * kd);
        }
    }
}

/// Equilibrium propagation's settling: `steps` sweeps, from the input up,
/// each setting a hidden layer to tanh(h_{l−1}·W_l + h_{l+1}·W_{l+1}ᵀ) and
/// the output to (h_L·W + βt)/(1 + β) (β = 0: free). Each sweep maximises
/// the network's primitive function layer by layer, so it converges.
/// `s[l]` holds layer l+1's state; `tmp` is B × h scratch.
pub(super) fn settle<F: Real>(
    net: &Net<F>,
    x: ArrayView2<F>,
    s: &mut [Array2<F>],
    tmp: &mut Array2<F>,
    nudge: Option<(ArrayView2<F>, f64)>,
    steps: usize,
) {
    let top = net.depth();
    for _ in 0..steps {
        for i in 0..top {
            let (below, rest) = s.split_at_mut(i);
            let (here, above) = rest.split_at_mut(1);
            let input = if i == 0 { x } else { below[i - 1].view() };
            mm(above[0].view(), net.w[i + 1].t(), tmp, Then::Store);
            mm(input, net.w[i].view(), &mut here[0], Then::Store);
            Zip::from(&mut here[0])
                .and(&*tmp)
                .for_each(|h, &d| *h = tanh(*h + d));
        }
        let (below, out) = s.split_at_mut(top);
        mm(
            below[top - 1].view(),
            net.w[top].view(),
            &mut out[0],
            Then::Store,
        );
        if let Some((t, beta)) = nudge {
            let (b, k) = (F::of(beta), F::of(1.0 / (1.0 + beta)));
            Zip::from(&mut out[0])
                .and(t)
                .for_each(|y, &t| *y = (*y + b * t) * k);
        }
    }
}

/// Equilibrium propagation's prediction: the free settled output for
/// inputs `x` (allocates; for evaluation).
pub(super) fn settled_output<F: Real>(net: &Net<F>, x: &Array2<F>, steps: usize) -> Array2<F> {
    let sizes = net.sizes();
    let mut acts = Acts::new(x.nrows(), &sizes);
    acts.a[0].assign(x);
    net.forward(&mut acts);
    let mut s = acts.a.split_off(1);
    let mut tmp = Array2::zeros((x.nrows(), sizes[1]));
    settle(net, x.view(), &mut s, &mut tmp, None, steps);
    s.pop().expect("an output layer")
}
