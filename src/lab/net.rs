//! The student network and its buffers: 20 → h → h → 5, tanh hidden
//! units, linear output, no biases. Weights are stored `fan_in × fan_out`
//! so a layer is `x · W`. All products go through `mm`, into buffers made
//! once, so a training step allocates nothing.

use super::rng::{normal_matrix, LabRng};
use ndarray::{Array2, ArrayView2};

/// `c = a · b`, overwriting `c`, through `gemm`.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
pub fn mm(a: ArrayView2<f64>, b: ArrayView2<f64>, c: &mut Array2<f64>) {
    let ((m, k), (k2, n)) = (a.dim(), b.dim());
    assert!(
        k == k2 && c.dim() == (m, n),
        "mm: shapes {:?} · {:?} → {:?}",
        a.dim(),
        b.dim(),
        c.dim()
    );
    let (sa, sb, sc) = (a.strides(), b.strides(), c.strides().to_vec());
    // SAFETY: the shapes were checked above and every pointer addresses an
    // array of exactly those shapes and strides; `c` does not alias `a`, `b`.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            sc[1],
            sc[0],
            false,
            a.as_ptr(),
            sa[1],
            sa[0],
            b.as_ptr(),
            sb[1],
            sb[0],
            0.0,
            1.0,
            false,
            false,
            false,
            gemm::Parallelism::None,
        );
    }
}

/// `c = a · b`, overwriting `c`. In the browser through ndarray's
/// `general_mat_mul`.
#[cfg(target_arch = "wasm32")]
#[inline]
pub fn mm(a: ArrayView2<f64>, b: ArrayView2<f64>, c: &mut Array2<f64>) {
    ndarray::linalg::general_mat_mul(1.0, &a, &b, 0.0, c);
}

/// tanh through one `exp`: 1 − 2/(e^{2x} + 1). Within 1e-15 of
/// `f64::tanh` in absolute terms (a test checks) and about fifty times
/// faster natively: libm's tanh was half of a training step. (A
/// hand-written polynomial `exp` was tried too: slower than libm's, natively
/// and in the browser.)
#[inline]
pub fn tanh(x: f64) -> f64 {
    1.0 - 2.0 / ((2.0 * x).exp() + 1.0)
}

/// The three weight matrices W₁ (in×h), W₂ (h×h), W₃ (h×out).
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub w: [Array2<f64>; 3],
}

impl Net {
    /// Weights N(0, 1/fan_in).
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
    pub fn forward(&self, acts: &mut Acts) {
        mm(acts.x.view(), self.w[0].view(), &mut acts.h1);
        acts.h1.mapv_inplace(tanh);
        mm(acts.h1.view(), self.w[1].view(), &mut acts.h2);
        acts.h2.mapv_inplace(tanh);
        mm(acts.h2.view(), self.w[2].view(), &mut acts.y);
    }

    /// Outputs for many rows at once (evaluation; allocates).
    pub fn predict(&self, x: &Array2<f64>) -> Array2<f64> {
        x.dot(&self.w[0])
            .mapv(tanh)
            .dot(&self.w[1])
            .mapv(tanh)
            .dot(&self.w[2])
    }
}

/// One minibatch's stored activity: the input and each layer's output.
#[derive(Clone, Debug)]
pub struct Acts {
    pub x: Array2<f64>,
    pub h1: Array2<f64>,
    pub h2: Array2<f64>,
    pub y: Array2<f64>,
}

impl Acts {
    pub fn new(batch: usize, inputs: usize, hidden: usize, outputs: usize) -> Self {
        Self {
            x: Array2::zeros((batch, inputs)),
            h1: Array2::zeros((batch, hidden)),
            h2: Array2::zeros((batch, hidden)),
            y: Array2::zeros((batch, outputs)),
        }
    }
}

/// ⟨a, b⟩ over all three layers.
pub fn dot_all(a: &[Array2<f64>; 3], b: &[Array2<f64>; 3]) -> f64 {
    a.iter().zip(b).map(|(x, y)| dot(x, y)).sum()
}

pub fn dot(a: &Array2<f64>, b: &Array2<f64>) -> f64 {
    let mut s = 0.0;
    ndarray::Zip::from(a).and(b).for_each(|&x, &y| s += x * y);
    s
}

/// Cosine of the angle between two gradients over all layers.
pub fn cosine(a: &[Array2<f64>; 3], b: &[Array2<f64>; 3]) -> f64 {
    dot_all(a, b) / (dot_all(a, a).sqrt() * dot_all(b, b).sqrt())
}

/// The angle between two matrices, in degrees.
pub fn angle_degrees(a: &Array2<f64>, b: &Array2<f64>) -> f64 {
    let c = dot(a, b) / (dot(a, a).sqrt() * dot(b, b).sqrt());
    c.clamp(-1.0, 1.0).acos().to_degrees()
}
