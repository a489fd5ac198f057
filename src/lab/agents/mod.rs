//! Credit in agent pipelines (essay Part 5), as a clearly labelled
//! simulation: no language model is called. A pipeline of K steps with a
//! "prompt" each learns a teacher pipeline from a critique of its final
//! output, passed back by one of three credit signals; rounds may be gated
//! on held-out tasks; every round's calls are counted in TextGrad's terms.
//! `vote` is the seed's compute-matched baseline on a multiple-choice task.

pub mod pipeline;
pub mod rounds;
pub mod vote;

use serde::{Deserialize, Serialize};

/// How credit reaches each step's prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Signal {
    /// Backprop through the pipeline: keeps R1–R5.
    Exact,
    /// Chained critique: each hop passes the critique back through a
    /// critic with fidelity ρ, noise and a loss of specificity; drops R2
    /// (local derivatives) as ρ → 0.
    Chain,
    /// Broadcast critique: the final critique straight to every step
    /// through a fixed random map (the DFA of pipelines): no backward chain.
    Broadcast,
}

impl Signal {
    pub const ALL: [Signal; 3] = [Signal::Exact, Signal::Chain, Signal::Broadcast];

    pub fn id(self) -> &'static str {
        match self {
            Signal::Exact => "exact",
            Signal::Chain => "chain",
            Signal::Broadcast => "broadcast",
        }
    }

    pub fn from_id(s: &str) -> Option<Signal> {
        Signal::ALL.into_iter().find(|x| x.id() == s.trim())
    }

    pub fn name(self) -> &'static str {
        match self {
            Signal::Exact => "exact (backprop through the pipeline)",
            Signal::Chain => "chained critique",
            Signal::Broadcast => "broadcast critique",
        }
    }

    /// Critique calls per task in a round: one per edge of the backward
    /// graph. The chain (and the exact sweep it stands in for) has the
    /// evaluator's edge, K − 1 hops and K edges into the prompts; the
    /// broadcast has the evaluator's edge and one edge to each prompt.
    pub fn critique_edges(self, depth: usize) -> u64 {
        match self {
            Signal::Exact | Signal::Chain => 2 * depth as u64,
            Signal::Broadcast => depth as u64 + 1,
        }
    }
}

/// Every setting of a simulation (URL keys and CLI flags map onto these).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentsConfig {
    /// Steps K in the pipeline (1 … 8): its stages, so as not to be read
    /// as the student's depth.
    pub stages: usize,
    /// Each step's output size (the message it passes on).
    pub out_size: usize,
    /// Training tasks per round, and held-out tasks for the gate.
    pub tasks: usize,
    pub val_tasks: usize,
    pub rounds: usize,
    /// Step size and momentum of the prompt updates.
    pub lr: f64,
    pub momentum: f64,
    /// The critic's fidelity ρ ∈ [0, 1], its noise (relative to the true
    /// message's size) and the specificity lost per hop ∈ [0, 1].
    pub fidelity: f64,
    pub noise: f64,
    pub blur: f64,
    /// Keep an update only if the held-out loss falls.
    pub gate: bool,
    /// The maps' gain (how strongly each step passes on its input; not the
    /// teacher gain).
    pub map_gain: f64,
    pub seed: u64,
}

impl Default for AgentsConfig {
    fn default() -> Self {
        Self {
            stages: 4,
            out_size: 8,
            tasks: 200,
            val_tasks: 100,
            rounds: 60,
            lr: 0.5,
            momentum: 0.0,
            fidelity: 0.7,
            noise: 0.3,
            blur: 0.1,
            gate: false,
            map_gain: 1.5,
            seed: 0,
        }
    }
}
