//! The student network and its buffers: 20 → h → … → h → 5 with L hidden
//! layers (the essay's 2 by default), tanh hidden units, linear output, no biases, in f32 or f64 (`F`). Weights are
//! stored `fan_in × fan_out` so a layer is `x · W`. All products go through
//! `kernel::mm`, into buffers made once, so a training step allocates
//! nothing.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::train::rng::{normal_matrix, LabRng};
use ndarray::{Array2, Zip};

pub use crate::lab::kernel::tanh;

/// The weight matrices W₁ (in×h), W₂ … W_L (h×h), W_{L+1} (h×out) of a
/// student with L hidden layers.
#[derive(Clone, Debug, PartialEq)]
pub struct Net<F: Real = f64> {
    pub w: Vec<Array2<F>>,
}

impl<F: Real> Net<F> {
    /// Weights N(0, 1/fan_in), drawn in f64 and rounded to `F`, so both
    /// precisions start from the same network; drawn layer by layer from
    /// the input up, so a deeper student's first layers are a shallower
    /// one's.
    pub fn init(rng: &mut LabRng, sizes: &[usize]) -> Self {
        let w = sizes
            .windows(2)
            .map(|io| normal_matrix(rng, io[0], io[1], (1.0 / io[0] as f64).sqrt()))
            .collect();
        Self { w }
    }

    pub fn zeros_like(&self) -> Self {
        Self {
            w: self.w.iter().map(|w| Array2::zeros(w.raw_dim())).collect(),
        }
    }

    pub fn n_weights(&self) -> usize {
        self.w.iter().map(Array2::len).sum()
    }

    /// The number of hidden layers.
    pub fn depth(&self) -> usize {
        self.w.len() - 1
    }

    /// The forward sweep on `acts.x()`, storing every layer's activity:
    /// tanh on hidden layers, a linear output.
    pub fn forward(&self, acts: &mut Acts<F>) {
        let top = self.depth();
        for (l, w) in self.w.iter().enumerate() {
            let (below, above) = acts.a.split_at_mut(l + 1);
            let then = if l < top { Then::Tanh } else { Then::Store };
            mm(below[l].view(), w.view(), &mut above[0], then);
        }
    }

    /// Outputs for many rows at once (evaluation; allocates).
    pub fn predict(&self, x: &Array2<F>) -> Array2<F> {
        let mut acts = Acts::new(x.nrows(), &self.sizes());
        acts.a[0].assign(x);
        self.forward(&mut acts);
        acts.a.pop().expect("an output layer")
    }

    /// Units per layer, input first.
    pub fn sizes(&self) -> Vec<usize> {
        std::iter::once(self.w[0].nrows())
            .chain(self.w.iter().map(|w| w.ncols()))
            .collect()
    }
}

/// Units per layer, input first: `inputs`, `depth` × `hidden`, `outputs`.
pub fn layer_sizes(inputs: usize, hidden: usize, depth: usize, outputs: usize) -> Vec<usize> {
    let mut s = vec![inputs];
    s.extend(std::iter::repeat_n(hidden, depth));
    s.push(outputs);
    s
}

/// The weights of a student with these layer sizes.
pub fn n_weights(sizes: &[usize]) -> usize {
    sizes.windows(2).map(|io| io[0] * io[1]).sum()
}

/// One minibatch's stored activity: `a[0]` the input, `a[1..=L]` the
/// hidden layers, `a[L+1]` the output.
#[derive(Clone, Debug)]
pub struct Acts<F: Real = f64> {
    pub a: Vec<Array2<F>>,
}

impl<F: Real> Acts<F> {
    pub fn new(batch: usize, sizes: &[usize]) -> Self {
        Self {
            a: sizes.iter().map(|&n| Array2::zeros((batch, n))).collect(),
        }
    }

    pub fn x(&self) -> &Array2<F> {
        &self.a[0]
    }

    pub fn y(&self) -> &Array2<F> {
        self.a.last().expect("an output layer")
    }
}

/// ⟨a, b⟩ over all layers, accumulated in f64.
pub fn dot_all<F: Real>(a: &[Array2<F>], b: &[Array2<F>]) -> f64 {
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
pub fn cosine<F: Real>(a: &[Array2<F>], b: &[Array2<F>]) -> f64 {
    dot_all(a, b) / (dot_all(a, a).sqrt() * dot_all(b, b).sqrt())
}

/// The angle between two matrices, in degrees.
pub fn angle_degrees<F: Real>(a: &Array2<F>, b: &Array2<F>) -> f64 {
    let c = dot(a, b) / (dot(a, a).sqrt() * dot(b, b).sqrt());
    c.clamp(-1.0, 1.0).acos().to_degrees()
}

/// (1/B) Σ ½‖y − t‖², accumulated in f64.
pub fn batch_loss<F: Real>(y: &Array2<F>, t: &Array2<F>) -> f64 {
    let mut sq = 0.0;
    Zip::from(y)
        .and(t)
        .for_each(|&a, &b| sq += ((a - b) * (a - b)).f64());
    0.5 * sq / y.nrows() as f64
}
