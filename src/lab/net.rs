//! The student network and its buffers: 20 → h → h → 5, tanh hidden
//! units, linear output, no biases, in f32 or f64 (`F`). Weights are
//! stored `fan_in × fan_out` so a layer is `x · W`. All products go through
//! `kernel::mm`, into buffers made once, so a training step allocates
//! nothing.

use super::kernel::{mm, Real, Then};
use super::rng::{normal_matrix, LabRng};
use ndarray::Array2;

pub use super::kernel::tanh;

/// The three weight matrices W₁ (in×h), W₂ (h×h), W₃ (h×out).
#[derive(Clone, Debug, PartialEq)]
pub struct Net<F: Real = f64> {
    pub w: [Array2<F>; 3],
}

impl<F: Real> Net<F> {
    /// Weights N(0, 1/fan_in), drawn in f64 and rounded to `F`, so both
    /// precisions start from the same network.
    pub fn init(rng: &mut LabRng, inputs: usize, hidden: usize, outputs: usize) -> Self {
        let layer = |rng: &mut LabRng, i: usize, o: usize| {
            normal_matrix(rng, i, o, (1.0 / i as f64).sqrt())
        };
        let w1 = layer(rng, inputs, hidden);
        let w2 = layer(rng, hidden, hidden);
        let w3 = layer(rng, hidden, outputs);
        Self { w: [w1, w2, w3] }
    }

    pub fn zeros_like(&self) -> Self {
        Self {
            w: self.w.clone().map(|w| Array2::zeros(w.raw_dim())),
        }
    }

    pub fn n_weights(&self) -> usize {
        self.w.iter().map(Array2::len).sum()
    }

    /// The forward sweep on `acts.x`, storing every layer's activity.
    pub fn forward(&self, acts: &mut Acts<F>) {
        mm(acts.x.view(), self.w[0].view(), &mut acts.h1, Then::Tanh);
        mm(acts.h1.view(), self.w[1].view(), &mut acts.h2, Then::Tanh);
        mm(acts.h2.view(), self.w[2].view(), &mut acts.y, Then::Store);
    }

    /// Outputs for many rows at once (evaluation; allocates).
    pub fn predict(&self, x: &Array2<F>) -> Array2<F> {
        let h = self.w[0].ncols();
        let mut acts = Acts {
            x: Array2::zeros((0, 0)),
            h1: Array2::zeros((x.nrows(), h)),
            h2: Array2::zeros((x.nrows(), h)),
            y: Array2::zeros((x.nrows(), self.w[2].ncols())),
        };
        mm(x.view(), self.w[0].view(), &mut acts.h1, Then::Tanh);
        mm(acts.h1.view(), self.w[1].view(), &mut acts.h2, Then::Tanh);
        mm(acts.h2.view(), self.w[2].view(), &mut acts.y, Then::Store);
        acts.y
    }
}

/// One minibatch's stored activity: the input and each layer's output.
#[derive(Clone, Debug)]
pub struct Acts<F: Real = f64> {
    pub x: Array2<F>,
    pub h1: Array2<F>,
    pub h2: Array2<F>,
    pub y: Array2<F>,
}

impl<F: Real> Acts<F> {
    pub fn new(batch: usize, inputs: usize, hidden: usize, outputs: usize) -> Self {
        Self {
            x: Array2::zeros((batch, inputs)),
            h1: Array2::zeros((batch, hidden)),
            h2: Array2::zeros((batch, hidden)),
            y: Array2::zeros((batch, outputs)),
        }
    }
}

/// ⟨a, b⟩ over all three layers, accumulated in f64.
pub fn dot_all<F: Real>(a: &[Array2<F>; 3], b: &[Array2<F>; 3]) -> f64 {
    a.iter().zip(b).map(|(x, y)| dot(x, y)).sum()
}

/// ⟨a, b⟩, accumulated in f64.
pub fn dot<F: Real>(a: &Array2<F>, b: &Array2<F>) -> f64 {
    let mut s = 0.0;
    ndarray::Zip::from(a)
        .and(b)
        .for_each(|&x, &y| s += x.f64() * y.f64());
    s
}

/// Cosine of the angle between two gradients over all layers.
pub fn cosine<F: Real>(a: &[Array2<F>; 3], b: &[Array2<F>; 3]) -> f64 {
    dot_all(a, b) / (dot_all(a, a).sqrt() * dot_all(b, b).sqrt())
}

/// The angle between two matrices, in degrees.
pub fn angle_degrees<F: Real>(a: &Array2<F>, b: &Array2<F>) -> f64 {
    let c = dot(a, b) / (dot(a, a).sqrt() * dot(b, b).sqrt());
    c.clamp(-1.0, 1.0).acos().to_degrees()
}
