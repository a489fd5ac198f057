//! A step's data: the next minibatch, and the output error the update
//! starts from (squared error on the teacher's outputs, or softmax
//! cross-entropy on their argmax for the classification task).

use crate::lab::kernel::Real;
use crate::lab::method::Method;
use crate::lab::train::rng::{permutation, LabRng};
use crate::lab::train::trainer::{Trainer, DIVERGENCE_NMSE};
use ndarray::{Array2, ArrayView2, Zip};

impl<F: Real> Trainer<F> {
    /// Copies the next minibatch into `acts.x` and `t`; a fresh
    /// permutation each epoch, from the seed's order stream.
    pub(crate) fn load_batch(&mut self) {
        let b = self.cfg.batch;
        let start = next_batch(&mut self.perm, &mut self.cursor, &mut self.order, b);
        for i in 0..b {
            let row = self.perm[start + i];
            let label = self.labels.as_ref().map_or(row, |l| l[row]);
            let copy = |to: &mut Array2<F>, from: &Array2<f64>, r: usize| {
                let from = &from.as_slice().expect("task data in standard layout")
                    [r * from.ncols()..(r + 1) * from.ncols()];
                // the first columns of row i (forward-forward's label follows)
                let w = to.ncols();
                let to = &mut to.as_slice_mut().expect("batch buffers in standard layout")
                    [i * w..i * w + from.len()];
                for (a, &b) in to.iter_mut().zip(from) {
                    *a = F::of(b);
                }
            };
            copy(&mut self.acts.a[0], &self.task.x_train, row);
            copy(&mut self.t, &self.task.t_train, label);
        }
    }

    /// The training rows of the next `steps` batches, in order (what
    /// `load_batch` will copy; the trainer itself is not advanced).
    pub(crate) fn batch_rows(&self, steps: usize) -> Vec<usize> {
        let (mut perm, mut cursor, mut order) =
            (self.perm.clone(), self.cursor, self.order.clone());
        let b = self.cfg.batch;
        let mut rows = Vec::with_capacity(steps * b);
        for _ in 0..steps {
            let start = next_batch(&mut perm, &mut cursor, &mut order, b);
            rows.extend_from_slice(&perm[start..start + b]);
        }
        rows
    }

    /// The output error `d[L]` and the batch loss: e = (y − t)/B for
    /// L = (1/B) Σ ½‖y − t‖², or on a classification (bp_classify's, or
    /// a task of classes) e = (softmax(y) − onehot)/B for the mean
    /// cross-entropy. Forward-
    /// forward has none (its rule sets the loss). False when the run has
    /// diverged: a loss that is not finite, or a minibatch nMSE above
    /// `DIVERGENCE_NMSE`.
    pub(crate) fn output_error(&mut self) -> bool {
        let top = self.depth();
        let inv_b = 1.0 / self.cfg.batch as f64;
        let inv_bf = F::of(inv_b);
        match self.cfg.method {
            Method::ForwardForward => true,
            _ if self.classifies() => {
                let labels = labels_of(self.t.view());
                let mut loss = 0.0;
                for ((mut e, y), &c) in self.d[top]
                    .rows_mut()
                    .into_iter()
                    .zip(self.acts.y().rows())
                    .zip(&labels)
                {
                    let max = y.iter().map(|v| v.f64()).fold(f64::NEG_INFINITY, f64::max);
                    let z: f64 = y.iter().map(|v| (v.f64() - max).exp()).sum();
                    for (k, (e, &y)) in e.iter_mut().zip(y).enumerate() {
                        let p = (y.f64() - max).exp() / z;
                        *e = F::of((p - if k == c { 1.0 } else { 0.0 }) * inv_b);
                    }
                    loss += (z.ln() - (y[c].f64() - max)) * inv_b;
                }
                self.loss = loss;
                loss.is_finite()
            }
            _ => {
                let mut sq = 0.0;
                Zip::from(&mut self.d[top])
                    .and(self.acts.y())
                    .and(&self.t)
                    .for_each(|e, &y, &t| {
                        let d = y - t;
                        sq += (d * d).f64();
                        *e = d * inv_bf;
                    });
                self.loss = 0.5 * sq * inv_b;
                let batch_nmse = sq / self.d[top].len() as f64 / self.task.train_var;
                self.loss.is_finite() && batch_nmse <= DIVERGENCE_NMSE
            }
        }
    }
}

/// Where the next batch of `b` rows starts in `perm` (and moves the
/// cursor past it): a fresh permutation from `order` each epoch, when
/// fewer than `b` rows are left.
fn next_batch(perm: &mut Vec<usize>, cursor: &mut usize, order: &mut LabRng, b: usize) -> usize {
    if *cursor + b > perm.len() {
        *perm = permutation(order, perm.len());
        *cursor = 0;
    }
    *cursor += b;
    *cursor - b
}

impl<F: Real> Trainer<F> {
    /// Whether this run classifies: a classifying method, or a task of
    /// classes (every rule then starts from the cross-entropy's error).
    pub fn classifies(&self) -> bool {
        self.cfg.method.classifies() || self.task.classifies()
    }

    /// The batch loss of outputs `y` against the batch's targets: the mean
    /// cross-entropy on a classification, else (1/B) Σ ½‖y − t‖².
    pub(crate) fn loss_of(&self, y: &Array2<F>) -> f64 {
        if !self.classifies() {
            return crate::lab::train::net::batch_loss(y, &self.t);
        }
        let labels = labels_of(self.t.view());
        let b = y.nrows().max(1) as f64;
        y.rows()
            .into_iter()
            .zip(&labels)
            .map(|(r, &c)| cross_entropy(r.iter().map(|v| v.f64()), r[c].f64()))
            .sum::<f64>()
            / b
    }
}

/// −log softmax(scores)[c] for the row `scores` whose class's score is
/// `at_class`, computed stably (log-sum-exp less the class's score).
pub fn cross_entropy(scores: impl Iterator<Item = f64> + Clone, at_class: f64) -> f64 {
    let max = scores.clone().fold(f64::NEG_INFINITY, f64::max);
    let z: f64 = scores.map(|v| (v - max).exp()).sum();
    z.ln() - (at_class - max)
}

/// Each row's class: the index of its largest entry (the teacher's
/// strongest output).
pub fn labels_of<F: Real>(t: ArrayView2<F>) -> Vec<usize> {
    t.rows()
        .into_iter()
        .map(|r| {
            (0..r.len())
                .max_by(|&a, &b| r[a].f64().total_cmp(&r[b].f64()))
                .unwrap_or(0)
        })
        .collect()
}

/// The error rate of always guessing the commonest class of `t`.
pub fn majority_error(t: &Array2<f64>) -> f64 {
    let labels = labels_of(t.view());
    let mut counts = vec![0usize; t.ncols()];
    for &c in &labels {
        counts[c] += 1;
    }
    1.0 - counts.iter().copied().max().unwrap_or(0) as f64 / labels.len().max(1) as f64
}

/// The fraction of rows of `scores` whose largest entry is not the label.
pub fn error_rate(scores: &Array2<f64>, labels: &[usize]) -> f64 {
    let predicted = labels_of(scores.view());
    let wrong = predicted.iter().zip(labels).filter(|(p, l)| p != l).count();
    wrong as f64 / labels.len().max(1) as f64
}
