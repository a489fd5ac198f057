//! What the sweep-based rules share: the exact gradient, the hidden deltas
//! through Wᵀ, a random B or a direct map, and the weight gradients from
//! stored activity. `train::update` picks among the rules per method.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::train::trainer::Trainer;
use ndarray::Array2;

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
