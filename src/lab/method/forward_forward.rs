//! Forward-forward (Hinton 2022) on the classification version of the
//! teacher task: the label joins the input as a one-hot code; each hidden
//! layer raises its goodness G = Σ h² on the true label (positive data) and
//! lowers it on a wrong one (negative data), with P(positive) = σ(G − θ).
//! There is no backward sweep; the layers' inputs are the layer below's
//! activity scaled to unit mean square, so a layer cannot read the layer
//! below's goodness. A test example's class is the label whose input gives
//! the most goodness summed over the layers.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::train::batch::{error_rate, labels_of};
use crate::lab::train::net::Net;
use crate::lab::train::state::RuleState;
use crate::lab::train::trainer::Trainer;
use ndarray::{Array2, Zip};
use rand::Rng;

impl<F: Real> Trainer<F> {
    /// One forward-forward update: the positive and negative passes, then
    /// for each layer g_l = −(1/B)[in⁺ᵀ(s⁺ ⊙ 2h⁺ ⊙ (1 − h⁺²)) −
    /// in⁻ᵀ(s⁻ ⊙ 2h⁻ ⊙ (1 − h⁻²))] with s⁺ = σ(θ − G⁺) and s⁻ = σ(G⁻ − θ),
    /// the slopes of the loss softplus(θ − G⁺) + softplus(G⁻ − θ). The
    /// readout is not used and stays put.
    pub(crate) fn forward_forward(&mut self) {
        let (inputs, outputs) = (self.task.shape.inputs, self.task.shape.outputs);
        let top = self.depth();
        let labels = labels_of(self.t.view());
        let RuleState::ForwardForward(l) = &mut self.local else {
            unreachable!("forward-forward's state")
        };
        l.pos_in[0].assign(&self.acts.a[0]);
        l.neg_in[0].assign(&self.acts.a[0]);
        for (i, &c) in labels.iter().enumerate() {
            let wrong = (c + 1 + self.noise.random_range(0..outputs - 1)) % outputs;
            for k in 0..outputs {
                l.pos_in[0][[i, inputs + k]] = if k == c { F::one() } else { F::zero() };
                l.neg_in[0][[i, inputs + k]] = if k == wrong { F::one() } else { F::zero() };
            }
        }
        self.acts.a[0].assign(&l.pos_in[0]);
        ff_pass(&self.net, &mut l.pos_in, &mut l.pos_act);
        ff_pass(&self.net, &mut l.neg_in, &mut l.neg_act);
        let theta = self.cfg.rules.ff_theta * self.net.w[0].ncols() as f64;
        let inv_b = 1.0 / self.cfg.batch as f64;
        let mut loss = 0.0;
        for k in 0..top {
            // positive deltas into d[k], negative into the scratch
            loss += slopes(&l.pos_act[k], &mut self.d[k], theta, true, inv_b);
            loss += slopes(&l.neg_act[k], &mut l.scratch, theta, false, inv_b);
            mm(
                l.pos_in[k].t(),
                self.d[k].view(),
                &mut self.g[k],
                Then::Store,
            );
            mm(
                l.neg_in[k].t(),
                l.scratch.view(),
                &mut self.aux.w[k],
                Then::Store,
            );
            self.g[k] += &self.aux.w[k];
            self.acts.a[k + 1].assign(&l.pos_act[k]);
        }
        self.g[top].fill(F::zero());
        self.loss = loss * inv_b;
    }

    /// The last step's positive and negative inputs (each row an input
    /// followed by a label's one-hot code: the true label, a wrong one).
    pub fn ff_inputs(&self) -> (&Array2<F>, &Array2<F>) {
        let RuleState::ForwardForward(l) = &self.local else {
            panic!("ff_inputs: not a forward-forward run")
        };
        (&l.pos_in[0], &l.neg_in[0])
    }

    /// Test error rate on the classification task: forward-forward picks
    /// the label whose input gives the most goodness; bp the largest output.
    pub(crate) fn classification_error(&self, x: &Array2<F>, t: &Array2<f64>) -> f64 {
        let labels = labels_of(t.view());
        let scores = match self.cfg.method {
            crate::lab::Method::ForwardForward => {
                ff_goodness(&self.net, x, self.task.shape.outputs)
            }
            crate::lab::Method::EquilibriumProp => {
                crate::lab::method::energy::settled_output(&self.net, x, self.cfg.rules.ep_free)
                    .mapv(F::f64)
            }
            _ => self.net.predict(x).mapv(F::f64),
        };
        if scores.iter().all(|v| v.is_finite()) {
            error_rate(&scores, &labels)
        } else {
            f64::INFINITY
        }
    }
}

/// Into `d`, each unit's delta for its layer's goodness loss, and returns
/// the summed loss: positive data (`pos`) d = −σ(θ − G)·2h(1 − h²)/B,
/// negative d = σ(G − θ)·2h(1 − h²)/B.
fn slopes<F: Real>(h: &Array2<F>, d: &mut Array2<F>, theta: f64, pos: bool, inv_b: f64) -> f64 {
    let mut loss = 0.0;
    for (mut dr, hr) in d.rows_mut().into_iter().zip(h.rows()) {
        let g: f64 = hr.iter().map(|v| v.f64() * v.f64()).sum();
        let margin = if pos { theta - g } else { g - theta };
        loss += softplus(margin);
        let s = 1.0 / (1.0 + (-margin).exp());
        let k = F::of(if pos { -s } else { s } * 2.0 * inv_b);
        Zip::from(&mut dr)
            .and(&hr)
            .for_each(|d, &h| *d = k * h * (F::one() - h * h));
    }
    loss
}

fn softplus(x: f64) -> f64 {
    if x > 30.0 {
        x
    } else {
        x.exp().ln_1p()
    }
}

/// Forward-forward's pass: `ins[0]` is the input with its label; hidden
/// layer l's activity tanh(ins[l]·W_l) goes into `hs[l]`, and scaled to
/// unit mean square per example into `ins[l+1]`.
pub(crate) fn ff_pass<F: Real>(net: &Net<F>, ins: &mut [Array2<F>], hs: &mut [Array2<F>]) {
    let top = net.depth();
    for l in 0..top {
        mm(ins[l].view(), net.w[l].view(), &mut hs[l], Then::Tanh);
        if l + 1 < top {
            for (mut out, h) in ins[l + 1].rows_mut().into_iter().zip(hs[l].rows()) {
                let ms: f64 = h.iter().map(|v| v.f64() * v.f64()).sum::<f64>() / h.len() as f64;
                let k = F::of(1.0 / (ms.sqrt() + 1e-8));
                Zip::from(&mut out).and(&h).for_each(|o, &h| *o = h * k);
            }
        }
    }
}

/// For each row of `x` and each of the `classes` labels, the goodness
/// summed over the hidden layers with that label in the input (allocates;
/// for evaluation).
pub(crate) fn ff_goodness<F: Real>(net: &Net<F>, x: &Array2<F>, classes: usize) -> Array2<f64> {
    let (n, top) = (x.nrows(), net.depth());
    let sizes = net.sizes();
    let mut ins: Vec<Array2<F>> = (0..top).map(|l| Array2::zeros((n, sizes[l]))).collect();
    let mut hs: Vec<Array2<F>> = (0..top).map(|l| Array2::zeros((n, sizes[l + 1]))).collect();
    let mut out = Array2::zeros((n, classes));
    for c in 0..classes {
        ins[0].fill(F::zero());
        ins[0].slice_mut(ndarray::s![.., ..x.ncols()]).assign(x);
        ins[0].column_mut(x.ncols() + c).fill(F::one());
        ff_pass(net, &mut ins, &mut hs);
        for (i, g) in out.column_mut(c).iter_mut().enumerate() {
            *g = hs
                .iter()
                .map(|h| h.row(i).iter().map(|v| v.f64() * v.f64()).sum::<f64>())
                .sum();
        }
    }
    out
}
