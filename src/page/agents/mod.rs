//! The Agents view's state as plain data: its settings (the simulation's,
//! the vote's, the steps' names) and the results so far (`runner` does
//! the work in slices). The command line runs the same functions.

pub mod runner;
pub mod settings;

use crate::lab::agents::pipeline::{directions, Pipeline};
use crate::lab::agents::rounds::{AgentRun, PipelineRow};
use crate::lab::agents::vote::{VoteConfig, VotePoint};
use crate::lab::agents::{AgentsConfig, Signal};
use serde::{Deserialize, Serialize};

/// The depths of the view's depth chart.
pub const PAGE_DEPTHS: [usize; 4] = [1, 2, 4, 8];
/// The vote chart's largest number of calls.
pub const VOTE_CALLS: usize = 8;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentsSettings {
    pub cfg: AgentsConfig,
    pub vote: VoteConfig,
    /// Step k's description (1-based as the page shows; missing ones are
    /// "step k").
    pub names: Vec<String>,
}

impl AgentsSettings {
    /// The pipeline at these settings, with the steps' names, gated or not.
    pub fn pipeline(&self, gate: bool) -> Pipeline {
        let mut p = Pipeline::new(AgentsConfig { gate, ..self.cfg });
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

/// What a run has found so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentsResults {
    /// (gated, the run) for each signal.
    pub curves: Vec<(bool, AgentRun)>,
    pub rows: Vec<PipelineRow>,
    pub vote: Vec<VotePoint>,
    /// Units finished (`runner::units`).
    pub done: usize,
}

impl AgentsResults {
    /// Every chart's numbers as one CSV: a `chart` column says which
    /// (curves, depth, vote), the rest of each row is that chart's data.
    pub fn csv(&self) -> String {
        let mut out = String::from("chart,signal,gated,x,y,calls,detail\n");
        for (g, r) in &self.curves {
            for (i, v) in r.val.iter().enumerate() {
                let calls = if i == 0 { 0 } else { r.calls[i - 1] };
                out += &format!(
                    "curves,{},{g},{i},{v},{calls},held-out loss after round x\n",
                    r.signal.id()
                );
            }
        }
        for r in &self.rows {
            let angles: Vec<String> = r.angles.iter().map(|a| format!("{a:.2}")).collect();
            out += &format!(
                "depth,{},false,{},{},{},rounds {}; start {}; angle per step {}\n",
                r.signal.id(),
                r.depth,
                r.final_val,
                r.calls,
                r.rounds,
                r.start_val,
                angles.join(" ")
            );
        }
        for v in &self.vote {
            out += &format!(
                "vote,independent,false,{},{},{},closed form {}\n",
                v.calls, v.independent, v.calls, v.independent_exact
            );
            out += &format!("vote,refine,false,{},{},{},\n", v.calls, v.refine, v.calls);
        }
        out
    }

    /// The vote chart's finding: one answer, and both ways at four calls.
    pub fn vote_finding(&self) -> Option<String> {
        let one = self.vote.first()?;
        let four = self.vote.get(3)?;
        Some(format!(
            "One answer is right {:.2} of the time. For the same four calls, four independent answers voted are right {:.2}, and one answer refined three times and voted over its four versions {:.2}: {}",
            one.independent,
            four.independent,
            four.refine,
            if four.refine > four.independent {
                "here refinement pays, because the critic fixes more than it breaks."
            } else {
                "here the independent answers win: the critic breaks about as much as it fixes, or more."
            }
        ))
    }

    /// Calls spent by every curve of the run.
    pub fn calls(&self) -> u64 {
        self.curves.iter().filter_map(|(_, r)| r.calls.last()).sum()
    }

    /// Plain-words findings from the depth rows: where the chain beats the
    /// broadcast at the chain's call budget.
    pub fn findings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for d in PAGE_DEPTHS {
            let get = |sig: Signal| {
                self.rows
                    .iter()
                    .find(|r| r.depth == d && r.signal == sig)
                    .map(|r| r.final_val)
            };
            if let (Some(c), Some(b), Some(e)) = (
                get(Signal::Chain),
                get(Signal::Broadcast),
                get(Signal::Exact),
            ) {
                let tie = (c - b).abs() <= 1e-12 * c.abs().max(b.abs()).max(1e-300);
                let who = if tie {
                    "every signal is exact (no hop to pass a critique through)"
                } else if c < b {
                    "the chained critique beats the broadcast"
                } else {
                    "the broadcast beats the chained critique"
                };
                out.push(format!(
                    "{d} step{}: {who} (held-out loss, lower is better: chained {c:.4}, broadcast {b:.4}, exact {e:.4})",
                    if d == 1 { "" } else { "s" }
                ));
            }
        }
        out
    }
}
