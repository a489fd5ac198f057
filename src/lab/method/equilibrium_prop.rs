//! Equilibrium propagation (Scellier & Bengio 2017; the ±β form of
//! Laborieux et al. 2021): the energy network (`energy`) settles freely,
//! then nudged towards the target; each weight changes with the difference
//! of the two settled states. Its state is `state::Phases`.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::method::energy::settle;
use crate::lab::train::state::RuleState;
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// Equilibrium propagation (Scellier & Bengio 2017) with the symmetric
    /// nudge of Laborieux et al. (2021). The energy network has the
    /// student's layers and weights used both ways (symmetric): hidden
    /// states settle to h_l = tanh(h_{l−1}·W_l + h_{l+1}·W_{l+1}ᵀ) and the
    /// linear output to y = (h_L·W + βt)/(1 + β). It settles freely from the
    /// forward pass, then from there nudged by +β and by −β; each weight
    /// changes by (h_{l−1}ᵀh_l at +β − at −β)/(2β), so
    /// g_l = −(…)/(2βB). Its predictions are the free settled outputs.
    pub(crate) fn equilibrium_prop(&mut self) {
        let p = self.cfg.rules;
        let top = self.depth();
        let RuleState::EquilibriumProp(st) = &mut self.local else {
            unreachable!("equilibrium propagation's state")
        };
        for i in 0..=top {
            st.free[i].assign(&self.acts.a[i + 1]);
        }
        settle(
            &self.net,
            self.acts.x().view(),
            &mut st.free,
            &mut st.scratch,
            None,
            p.ep_free,
        );
        for i in 0..=top {
            st.plus[i].assign(&st.free[i]);
            st.minus[i].assign(&st.free[i]);
        }
        let t = Some((self.t.view(), p.ep_beta));
        settle(
            &self.net,
            self.acts.x().view(),
            &mut st.plus,
            &mut st.scratch,
            t,
            p.ep_nudged,
        );
        let t = Some((self.t.view(), -p.ep_beta));
        settle(
            &self.net,
            self.acts.x().view(),
            &mut st.minus,
            &mut st.scratch,
            t,
            p.ep_nudged,
        );
        let k = F::of(1.0 / (2.0 * p.ep_beta * self.cfg.batch as f64));
        for i in 0..=top {
            let (below_p, below_m) = if i == 0 {
                (self.acts.a[0].view(), self.acts.a[0].view())
            } else {
                (st.plus[i - 1].view(), st.minus[i - 1].view())
            };
            mm(below_p.t(), st.plus[i].view(), &mut self.g[i], Then::Store);
            mm(
                below_m.t(),
                st.minus[i].view(),
                &mut self.aux.w[i],
                Then::Store,
            );
            Zip::from(&mut self.g[i])
                .and(&self.aux.w[i])
                .for_each(|g, &m| *g = (m - *g) * k);
            // each unit's error as the panel shows it: the settled states' difference
            let kd = F::of(-1.0) * k;
            Zip::from(&mut self.d[i])
                .and(&st.plus[i])
                .and(&st.minus[i])
                .for_each(|d, &a, &b| *d = (a - b) * kd);
        }
    }
}
