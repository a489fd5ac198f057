//! The Agents view's state as plain data: its settings (the simulation's,
//! the vote's, the steps' names) and the results so far (`runner` does
//! the work in slices). The command line runs the same functions.

pub mod import;
pub mod protocol;
pub mod results;
pub mod resume;
pub mod runner;
pub mod settings;

pub use results::AgentsResults;

use crate::lab::agents::pipeline::{directions, Pipeline};
use crate::lab::agents::spread::Measure;
use crate::lab::agents::vote::VoteConfig;
use crate::lab::agents::{AgentsConfig, Signal};
use serde::{Deserialize, Serialize};

/// The depths of the view's depth chart.
pub const PAGE_DEPTHS: [usize; 4] = [1, 2, 4, 8];
/// The vote chart's largest number of calls.
pub const VOTE_CALLS: usize = 8;

/// Seeds each chart and verdict is computed over, unless asked.
pub const DEFAULT_SEEDS: usize = 5;

fn default_seeds() -> usize {
    DEFAULT_SEEDS
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentsSettings {
    pub cfg: AgentsConfig,
    pub vote: VoteConfig,
    /// Step k's description (1-based as the page shows; missing ones are
    /// "step k").
    pub names: Vec<String>,
    /// Seeds `cfg.seed`, `cfg.seed + 1`, …: each arm runs at every one.
    #[serde(default = "default_seeds")]
    pub seeds: usize,
    /// How a run's curve becomes its score.
    #[serde(default)]
    pub measure: Measure,
}

impl Default for AgentsSettings {
    fn default() -> Self {
        Self {
            cfg: AgentsConfig::default(),
            vote: VoteConfig::default(),
            names: Vec::new(),
            seeds: DEFAULT_SEEDS,
            measure: Measure::default(),
        }
    }
}

impl AgentsSettings {
    /// The seeds every arm runs at.
    pub fn seed_list(&self) -> Vec<u64> {
        (0..self.seeds.max(1) as u64)
            .map(|i| self.cfg.seed.wrapping_add(i))
            .collect()
    }

    /// The pipeline at these settings (the first seed), with the steps'
    /// names, gated or not.
    pub fn pipeline(&self, gate: bool) -> Pipeline {
        self.pipeline_at(gate, self.cfg.seed)
    }

    /// The same at `seed`.
    pub fn pipeline_at(&self, gate: bool, seed: u64) -> Pipeline {
        let mut p = Pipeline::new(AgentsConfig {
            gate,
            seed,
            ..self.cfg
        });
        for (i, n) in self.names.iter().enumerate() {
            if !n.trim().is_empty() {
                p.rename(i + 1, n.trim());
            }
        }
        p
    }

    /// Step k's name as the critic reads it.
    pub fn name(&self, k: usize) -> String {
        self.names
            .get(k - 1)
            .filter(|n| !n.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| format!("step {k}"))
    }

    /// The chained critique step 1 gets in the first round (the mean over
    /// tasks): what a rename changes.
    pub fn first_critique(&self) -> Vec<f64> {
        let p = self.pipeline(false);
        let theta = vec![ndarray::Array1::zeros(self.cfg.out_size); self.cfg.stages];
        let f = p.forward(&theta, &p.x_train);
        directions(&p.critiques(Signal::Chain, &f, &p.t_train, 0))[0].to_vec()
    }
}
