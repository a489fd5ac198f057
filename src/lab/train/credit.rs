//! The network panel's snapshot of a run: every unit's delivered error
//! beside the true δ, on a copy of the run (the probes it uses are in
//! `probe.rs`).

use crate::lab::kernel::Real;
use crate::lab::method::Method;
use crate::lab::train::trainer::Trainer;
use ndarray::Array2;
use serde::{Deserialize, Serialize};

impl<F: Real> Trainer<F> {
    /// The network panel's view of the next step: the batch it will train
    /// on, each unit's activity, the true δ at the current weights, and what
    /// this run's method delivers to each unit instead. Works on a copy, so
    /// the run is untouched and its next `step` is exactly this one.
    /// `example`: one row of the batch, or `None` for the batch mean.
    pub fn credit(&self, example: Option<usize>) -> CreditView {
        let mut t = self.clone();
        let b = t.cfg.batch.max(1);
        let example = example.filter(|&i| i < b);
        t.prepare_batch();
        let f = |m: &Array2<F>| m.mapv(F::f64);
        let (loss, x) = (t.loss, f(t.acts.x()));
        let acts: Vec<_> = t.acts.a[1..].iter().map(f).collect();
        t.exact();
        let truth: Vec<_> = t.d.iter().map(f).collect();
        let method = t.cfg.method;
        let applied = t.compute_update();
        let reach = reach(method);
        let top = t.depth();
        let layers = (0..=top)
            .map(|l| {
                let delivered = match reach {
                    Reach::Every => Some(f(&t.d[l])),
                    Reach::Output if l == top => Some(f(&t.d[l])),
                    _ => None,
                };
                // stale: after the method ran, `acts` holds the previous batch
                let paired = (method == Method::Stale && applied).then(|| f(&t.acts.a[l + 1]));
                let source = (method == Method::Scrambled && l < top).then(|| t.fb.p[l].clone());
                let shown = Selection {
                    example,
                    batch: b,
                    top,
                };
                shown.layer(
                    l,
                    &acts[l],
                    &truth[l],
                    delivered.as_ref(),
                    paired.as_ref(),
                    source,
                )
            })
            .collect();
        CreditView {
            method,
            step: t.steps_done(),
            example,
            batch: b,
            inputs: pick(&x, example, 1.0),
            layers,
            loss,
        }
    }
}

pub use crate::lab::method::Reach;

/// Which units `m` hands an error of its own.
pub fn reach(m: Method) -> Reach {
    m.def().reach
}

/// One layer of the panel; every vector has one entry per unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LayerCredit {
    pub name: String,
    pub activity: Vec<f64>,
    /// f′ at that activity: 1 − h² for tanh, 1 for the linear output.
    pub slope: Vec<f64>,
    /// Backprop's δ: ∂ℓ/∂(the unit's input) for the example (or the batch
    /// mean of the examples' δ).
    pub truth: Vec<f64>,
    /// What the method delivers in its place; `None` where it delivers
    /// nothing per unit.
    pub delivered: Option<Vec<f64>>,
    /// Stale activity: the previous batch's activity the error is paired with.
    pub paired_activity: Option<Vec<f64>>,
    /// Scrambled: unit j receives the true δ of unit `source[j]`.
    pub source: Option<Vec<usize>>,
    /// Cosine of delivered with true over the shown units.
    pub cosine: Option<f64>,
    /// The same over every example × unit of the batch.
    pub batch_cosine: Option<f64>,
}

/// The next step, unit by unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreditView {
    pub method: Method,
    /// The step this previews (steps done so far).
    pub step: usize,
    pub example: Option<usize>,
    pub batch: usize,
    pub inputs: Vec<f64>,
    /// Hidden 1 … hidden L, output.
    pub layers: Vec<LayerCredit>,
    /// The minibatch loss at the current weights.
    pub loss: f64,
}

impl CreditView {
    /// The largest |value| of any error shown: the legend's scale.
    pub fn scale(&self) -> f64 {
        self.layers
            .iter()
            .flat_map(|l| l.truth.iter().chain(l.delivered.iter().flatten()))
            .fold(
                0.0_f64,
                |m, v| if v.is_finite() { m.max(v.abs()) } else { m },
            )
    }
}

/// What the panel shows of a batch: one example or the mean.
struct Selection {
    example: Option<usize>,
    batch: usize,
    /// The output layer's index (the number of hidden layers).
    top: usize,
}

impl Selection {
    /// Layer `l` (`top` = the linear output) from the batch's matrices; errors
    /// per example are the rows times B (each row carries the loss's 1/B).
    fn layer(
        &self,
        l: usize,
        act: &Array2<f64>,
        truth: &Array2<f64>,
        delivered: Option<&Array2<f64>>,
        paired: Option<&Array2<f64>>,
        source: Option<Vec<usize>>,
    ) -> LayerCredit {
        let b = self.batch as f64;
        let sel = |m: &Array2<f64>, scale: f64| pick(m, self.example, scale);
        let slope = act.mapv(|h| if l < self.top { 1.0 - h * h } else { 1.0 });
        let delivered_sel = delivered.map(|d| sel(d, b));
        let truth_sel = sel(truth, b);
        let flat = |m: &Array2<f64>| m.iter().copied().collect::<Vec<f64>>();
        LayerCredit {
            name: if l < self.top {
                format!("hidden {}", l + 1)
            } else {
                "output".into()
            },
            activity: sel(act, 1.0),
            slope: sel(&slope, 1.0),
            cosine: delivered_sel.as_ref().and_then(|d| cosine(d, &truth_sel)),
            batch_cosine: delivered.and_then(|d| cosine(&flat(d), &flat(truth))),
            truth: truth_sel,
            delivered: delivered_sel,
            paired_activity: paired.map(|p| sel(p, 1.0)),
            source,
        }
    }
}

/// Row `example` of `m` times `scale`, or the mean of the rows times `scale`.
fn pick(m: &Array2<f64>, example: Option<usize>, scale: f64) -> Vec<f64> {
    match example {
        Some(i) => m.row(i).iter().map(|v| v * scale).collect(),
        None => {
            let n = m.nrows().max(1) as f64;
            m.columns()
                .into_iter()
                .map(|c| c.sum() / n * scale)
                .collect()
        }
    }
}

/// Cosine of two vectors; `None` when either is zero or not finite.
pub fn cosine(a: &[f64], b: &[f64]) -> Option<f64> {
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        ab += x * y;
        aa += x * x;
        bb += y * y;
    }
    let c = ab / (aa.sqrt() * bb.sqrt());
    c.is_finite().then_some(c)
}
