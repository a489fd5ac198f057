//! How one shared score scales (essay Part 3): for hidden layers of 8 to
//! 256 units, the mean cosine between 40 one-shot weight- and
//! node-perturbation estimates and the true gradient, on seed 0's first
//! training minibatch, over all weights concatenated.

use crate::lab::method::Method;
use crate::lab::train::net::cosine;
use crate::lab::train::task::Task;
use crate::lab::train::trainer::{RunConfig, Trainer};
use ndarray::Array2;
use serde::Serialize;
use std::sync::Arc;

pub const WIDTHS: [usize; 6] = [8, 16, 32, 64, 128, 256];
pub const SAMPLES: usize = 40;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScalingRow {
    pub hidden: usize,
    pub weights: usize,
    pub wp_cosine: f64,
    pub np_cosine: f64,
    /// Weight perturbation's expected one-shot cosine, √(2/(πN)).
    pub wp_expected: f64,
}

/// The width being measured: its trainer, true gradient, the sums of WP
/// and NP cosines over the estimates made so far, and how many were made.
type Width = (Trainer, Vec<Array2<f64>>, f64, f64, usize);

/// The table in small pieces, for a page that must not freeze (one
/// estimate at hidden 256 is a fraction of a millisecond natively, the
/// whole row tens of milliseconds): `step_one` makes one estimate.
#[derive(Clone, Debug)]
pub struct ScalingRun {
    task: Arc<Task>,
    widths: Vec<usize>,
    samples: usize,
    current: Option<Width>,
    pub rows: Vec<ScalingRow>,
}

impl ScalingRun {
    pub fn new(task: Arc<Task>, widths: &[usize], samples: usize) -> Self {
        Self {
            task,
            widths: widths.to_vec(),
            samples,
            current: None,
            rows: Vec::new(),
        }
    }

    pub fn finished(&self) -> bool {
        self.rows.len() == self.widths.len()
    }

    /// One piece of work, each short enough for a slice of a frame: a
    /// width's student and exact gradient, then each one-shot estimate
    /// (all weight-perturbation estimates of a width first, then node
    /// perturbation's); false once the table is complete.
    pub fn step_one(&mut self) -> bool {
        if self.finished() {
            return false;
        }
        let n = self.samples.max(1);
        let Some((t, exact, wp, np, k)) = self.current.as_mut() else {
            let hidden = self.widths[self.rows.len()];
            let cfg = RunConfig {
                hidden,
                seed: 0,
                ..RunConfig::default()
            };
            let mut t = Trainer::new(cfg, self.task.clone());
            let exact = t.probe_exact();
            self.current = Some((t, exact, 0.0, 0.0, 0));
            return true;
        };
        if *k < n {
            *wp += cosine(&t.probe_estimate(Method::WeightPerturbation), exact);
        } else {
            *np += cosine(&t.probe_estimate(Method::NodePerturbation), exact);
        }
        *k += 1;
        if *k == 2 * n {
            let weights = t.net.n_weights();
            self.rows.push(ScalingRow {
                hidden: t.cfg.hidden,
                weights,
                wp_cosine: *wp / n as f64,
                np_cosine: *np / n as f64,
                wp_expected: (2.0 / (std::f64::consts::PI * weights as f64)).sqrt(),
            });
            self.current = None;
        }
        true
    }
}

/// One row: the mean cosine of `samples` one-shot estimates by each rule.
pub fn scaling_row(task: Arc<Task>, hidden: usize, samples: usize) -> ScalingRow {
    let mut run = ScalingRun::new(task, &[hidden], samples);
    while run.step_one() {}
    run.rows.remove(0)
}

pub fn scaling_table(task: Arc<Task>, samples: usize) -> Vec<ScalingRow> {
    let mut run = ScalingRun::new(task, &WIDTHS, samples);
    while run.step_one() {}
    run.rows
}
