//! How one shared score scales (essay Part 3): for hidden layers of 8 to
//! 256 units, the mean cosine between 40 one-shot weight- and
//! node-perturbation estimates and the true gradient, on seed 0's first
//! training minibatch, over all weights concatenated.

use super::method::Method;
use super::net::cosine;
use super::task::Task;
use super::trainer::{RunConfig, Trainer};
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
    pub inv_sqrt_n: f64,
}

/// One row: the mean cosine of `samples` one-shot estimates by each rule.
pub fn scaling_row(task: Arc<Task>, hidden: usize, samples: usize) -> ScalingRow {
    let cfg = RunConfig {
        hidden,
        seed: 0,
        ..RunConfig::default()
    };
    let mut t = Trainer::new(cfg, task);
    let exact = t.probe_exact();
    let mean_cos = |t: &mut Trainer, m: Method| -> f64 {
        (0..samples)
            .map(|_| cosine(&t.probe_estimate(m), &exact))
            .sum::<f64>()
            / samples as f64
    };
    let wp = mean_cos(&mut t, Method::WeightPerturbation);
    let np = mean_cos(&mut t, Method::NodePerturbation);
    let weights = t.net.n_weights();
    ScalingRow {
        hidden,
        weights,
        wp_cosine: wp,
        np_cosine: np,
        inv_sqrt_n: 1.0 / (weights as f64).sqrt(),
    }
}

pub fn scaling_table(task: Arc<Task>, samples: usize) -> Vec<ScalingRow> {
    WIDTHS
        .iter()
        .map(|&h| scaling_row(task.clone(), h, samples))
        .collect()
}
