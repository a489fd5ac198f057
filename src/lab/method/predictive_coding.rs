//! Predictive coding (Whittington & Bogacz 2017): error units relax with
//! the output clamped to the target, then each weight changes with the
//! error and activity on its two sides. No backward sweep. Its state is
//! `state::Relaxation`.

use crate::lab::kernel::{mm, tanh, Real, Then};
use crate::lab::train::state::RuleState;
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

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
    pub(crate) fn predictive_coding(&mut self) {
        let top = self.depth();
        let rate = F::of(self.cfg.rules.pc_rate);
        let RuleState::PredictiveCoding(st) = &mut self.local else {
            unreachable!("predictive coding's state")
        };
        let (v, fv, eps) = (&mut st.value, &mut st.activity, &mut st.error);
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
                    &mut st.scratch,
                    Then::Store,
                );
                Zip::from(&mut v[i])
                    .and(&eps[i])
                    .and(&fv[i])
                    .and(&st.scratch)
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
}
