//! A dataset's rows split for one task: a seeded permutation puts `test`
//! rows in the test set and the rest in training, of which the last
//! `validation` are held out (the careful protocol's); the inputs (and a
//! file's numeric target) are then scaled with what the training rows
//! alone say (`Scaling`).

use crate::lab::data::dataset::{Dataset, Scaling, Target};
use crate::lab::train::rng::{permutation, stream, Stream};
use ndarray::{Array2, Axis};

/// The rows of one task (each an n × columns matrix, inputs scaled).
#[derive(Clone, Debug)]
pub struct Split {
    pub x_train: Array2<f64>,
    pub t_train: Array2<f64>,
    pub x_val: Array2<f64>,
    pub t_val: Array2<f64>,
    pub x_test: Array2<f64>,
    pub t_test: Array2<f64>,
    /// The classes' names (a classification), else `None`.
    pub classes: Option<Vec<String>>,
}

/// The test rows of a file's task: a fifth, at least one.
pub fn test_rows(rows: usize) -> usize {
    (rows / 5).max(1)
}

/// The validation rows a careful protocol's request of `wanted` gives a
/// dataset with `train` training rows: at most a fifth of them.
pub fn validation_rows(wanted: usize, train: usize) -> usize {
    wanted.min(train / 5)
}

/// `ds` split by `seed`: `test` rows to test, then of the rest the last
/// `validation_rows(validation, …)` to validation.
pub fn split(ds: &Dataset, seed: u64, test: usize, validation: usize) -> Split {
    let n = ds.rows();
    let test = test.min(n.saturating_sub(2));
    let order = permutation(&mut stream(seed, Stream::Split), n);
    let targets = ds.targets();
    let (test_ix, train_ix) = order.split_at(test);
    let val = validation_rows(validation, train_ix.len());
    let (fit_ix, val_ix) = train_ix.split_at(train_ix.len() - val);
    let rows = |m: &Array2<f64>, ix: &[usize]| m.select(Axis(0), ix);
    let (mut x_train, mut x_val, mut x_test) = (
        rows(&ds.x, fit_ix),
        rows(&ds.x, val_ix),
        rows(&ds.x, test_ix),
    );
    match ds.scaling {
        Scaling::Divide(d) => {
            for m in [&mut x_train, &mut x_val, &mut x_test] {
                m.mapv_inplace(|v| v / d);
            }
        }
        Scaling::Standardise => {
            let mean = x_train.mean_axis(Axis(0)).unwrap_or_default();
            let sd = x_train
                .std_axis(Axis(0), 0.0)
                .mapv(|s| if s > 0.0 { s } else { 1.0 });
            for m in [&mut x_train, &mut x_val, &mut x_test] {
                *m -= &mean;
                *m /= &sd;
            }
        }
    }
    let (mut t_train, mut t_val, mut t_test) = (
        rows(&targets, fit_ix),
        rows(&targets, val_ix),
        rows(&targets, test_ix),
    );
    // a numeric target of a file too: the student has no biases, so a
    // target with an offset or a large scale (a score out of 100) diverged
    // or sat above the mean's line; the normalised MSE is the same in
    // either units
    if let (Scaling::Standardise, Target::Values { .. }) = (ds.scaling, &ds.target) {
        let mean = t_train.mean_axis(Axis(0)).unwrap_or_default();
        let sd = t_train
            .std_axis(Axis(0), 0.0)
            .mapv(|s| if s > 0.0 { s } else { 1.0 });
        for m in [&mut t_train, &mut t_val, &mut t_test] {
            *m -= &mean;
            *m /= &sd;
        }
    }
    Split {
        t_train,
        t_val,
        t_test,
        x_train,
        x_val,
        x_test,
        classes: match &ds.target {
            Target::Classes { classes, .. } => Some(classes.clone()),
            Target::Values { .. } => None,
        },
    }
}
