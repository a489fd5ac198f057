//! The broadcast that reads (`Signal::Reading`): the final critique sent
//! to every step, as in the broadcast, but each step reads it with what it
//! holds, its own outputs and the pipeline's final outputs on this round's
//! tasks. From those it estimates how its output moves the final one
//! (a least-squares fit of the final output on its own, over the tasks:
//! no Jacobian, no backward chain, no extra call) and passes the critique
//! of the final output through that estimate. It stands for a step's
//! optimizer that reads the final critique beside its own prompt and
//! output, as TextGrad-style optimizers do when every step sees the
//! end's feedback.

use ndarray::{Array2, Axis};

/// A ridge of this size times the tasks keeps the fit defined when a
/// step's outputs barely vary (a saturated step, or one task).
const RIDGE: f64 = 1e-3;

/// The d×d map M with `out` ≈ `own`·M (both centred over the tasks, the
/// rows): what a step can learn of its influence on the final output from
/// the outputs alone.
pub fn influence(own: &Array2<f64>, out: &Array2<f64>) -> Array2<f64> {
    let centre = |m: &Array2<f64>| {
        let mean = m
            .mean_axis(Axis(0))
            .unwrap_or_else(|| ndarray::Array1::zeros(m.ncols()));
        m - &mean
    };
    let (x, y) = (centre(own), centre(out));
    let mut gram = x.t().dot(&x);
    let ridge = RIDGE * x.nrows().max(1) as f64;
    for i in 0..gram.nrows() {
        gram[[i, i]] += ridge;
    }
    solve(gram, x.t().dot(&y))
}

/// X with A·X = B for a symmetric positive definite A (Cholesky; A is
/// small, the outputs' size), B's columns solved together.
fn solve(a: Array2<f64>, mut b: Array2<f64>) -> Array2<f64> {
    let n = a.nrows();
    let mut l = Array2::<f64>::zeros((n, n));
    for i in 0..n {
        for j in 0..=i {
            let s: f64 = (0..j).map(|k| l[[i, k]] * l[[j, k]]).sum();
            l[[i, j]] = if i == j {
                (a[[i, i]] - s).max(f64::MIN_POSITIVE).sqrt()
            } else {
                (a[[i, j]] - s) / l[[j, j]]
            };
        }
    }
    // L·Z = B, then Lᵀ·X = Z, column by column
    for c in 0..b.ncols() {
        for i in 0..n {
            let s: f64 = (0..i).map(|k| l[[i, k]] * b[[k, c]]).sum();
            b[[i, c]] = (b[[i, c]] - s) / l[[i, i]];
        }
        for i in (0..n).rev() {
            let s: f64 = (i + 1..n).map(|k| l[[k, i]] * b[[k, c]]).sum();
            b[[i, c]] = (b[[i, c]] - s) / l[[i, i]];
        }
    }
    b
}
