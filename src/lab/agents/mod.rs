//! Credit in agent pipelines (essay Part 5), as a clearly labelled
//! simulation: no language model is called. A pipeline of K steps with a
//! "prompt" each learns a teacher pipeline from a critique of its final
//! output, passed back by one of three credit signals; rounds may be gated
//! on held-out tasks; every round's calls are counted in TextGrad's terms.
//! `vote` is the seed's compute-matched baseline on a multiple-choice task.

pub mod margin;
pub mod pipeline;
pub mod reading;
pub mod rounds;
pub mod spread;
pub mod trace;
pub mod vote;
pub mod words;

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
    /// through a fixed random map (like direct feedback alignment in a
    /// network): no backward chain, and nothing for a step to read.
    Broadcast,
    /// The broadcast that reads (`reading`): the final critique to every
    /// step, each step passing it through its own estimate of how its
    /// output moves the final one, fitted on the round's tasks.
    Reading,
    /// No critique: the prompts stay as they start (the protocol card's
    /// floor; a trace may hold it, the view does not run it).
    None,
}

impl Signal {
    pub const ALL: [Signal; 4] = [
        Signal::Exact,
        Signal::Chain,
        Signal::Broadcast,
        Signal::Reading,
    ];

    /// Every arm a trace may hold: the view's four and no critique.
    pub const ARMS: [Signal; 5] = [
        Signal::Exact,
        Signal::Chain,
        Signal::Broadcast,
        Signal::Reading,
        Signal::None,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Signal::Exact => "exact",
            Signal::Chain => "chain",
            Signal::Broadcast => "broadcast",
            Signal::Reading => "reading",
            Signal::None => "none",
        }
    }

    pub fn from_id(s: &str) -> Option<Signal> {
        Signal::ARMS.into_iter().find(|x| x.id() == s.trim())
    }

    pub fn name(self) -> &'static str {
        match self {
            Signal::Exact => "exact (backprop through the pipeline)",
            Signal::Chain => "chained critique",
            Signal::Broadcast => "broadcast critique (fixed random map)",
            Signal::Reading => "broadcast critique, read by each step",
            Signal::None => "no critique (the prompts as they start)",
        }
    }

    /// The arm's short name in a sentence.
    pub fn short(self) -> &'static str {
        match self {
            Signal::Exact => "exact gradient",
            Signal::Chain => "chained critique",
            Signal::Broadcast => "fixed broadcast",
            Signal::Reading => "reading broadcast",
            Signal::None => "no-critique arm",
        }
    }

    /// Which practice the arm models, in a line.
    pub fn models(self) -> &'static str {
        match self {
            Signal::Exact => "a differentiable pipeline trained end to end: the reference no text pipeline has",
            Signal::Chain => "TextGrad's backward pass: each step's critique written from the critique of the step after it",
            Signal::Broadcast => "the final critique pasted into every step's optimizer, which cannot relate it to its own output",
            Signal::Reading => "the final critique given to every step's optimizer beside its own inputs and outputs, which it uses to judge its part",
            Signal::None => "the prompts left as they start: the floor every arm must beat",
        }
    }

    /// Critique calls per task in a round: one per edge of the backward
    /// graph. The chain (and the exact sweep it stands in for) has the
    /// evaluator's edge, K − 1 hops and K edges into the prompts; the
    /// broadcast has the evaluator's edge and one edge to each prompt.
    pub fn critique_edges(self, depth: usize) -> u64 {
        match self {
            Signal::Exact | Signal::Chain => 2 * depth as u64,
            Signal::Broadcast | Signal::Reading => depth as u64 + 1,
            Signal::None => 0,
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
