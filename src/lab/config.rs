//! What a training run depends on (`RunConfig`) and how it ended
//! (`RunResult`): plain data that crosses to Web Workers as JSON.

use super::method::Method;
use super::precision::Precision;
use serde::{Deserialize, Serialize};

/// Everything a run depends on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunConfig {
    pub method: Method,
    pub lr: f64,
    pub seed: u64,
    pub steps: usize,
    pub batch: usize,
    pub hidden: usize,
    /// Perturbation size for weight and node perturbation.
    pub sigma: f64,
    /// The arithmetic's precision (f64 unless asked).
    #[serde(default)]
    pub precision: Precision,
}

impl Default for RunConfig {
    /// The essay's setup: 3,000 steps of 32, hidden layers of 64.
    fn default() -> Self {
        Self {
            method: Method::Bp,
            lr: 0.05,
            seed: 0,
            steps: 3000,
            batch: 32,
            hidden: 64,
            sigma: 1e-3,
            precision: Precision::F64,
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// Test normalised MSE of the final weights (+∞ when diverged).
    pub nmse: f64,
    pub diverged: bool,
    pub steps_done: usize,
}
