//! A trace of one's own runs (`lab::agents::trace`) as the view's
//! results: the curves at the depth with the most runs, every ungated run
//! a point of the depth chart, so the same bands, verdicts and words as
//! the simulation's apply.

use crate::lab::agents::rounds::PipelineRow;
use crate::lab::agents::trace::Trace;
use crate::page::agents::AgentsResults;

/// What the view shows of an imported trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub trace: Trace,
    pub results: AgentsResults,
    /// The depth the curves are drawn at.
    pub curve_steps: usize,
}

impl Imported {
    pub fn of(trace: Trace) -> Self {
        // the depth with the most runs (the longest pipeline on a tie)
        let mut counts: Vec<(usize, usize)> = Vec::new();
        for r in &trace.runs {
            match counts.iter_mut().find(|c| c.0 == r.steps) {
                Some(c) => c.1 += 1,
                None => counts.push((r.steps, 1)),
            }
        }
        let curve_steps = counts.iter().max_by_key(|c| (c.1, c.0)).map_or(1, |c| c.0);
        // the depth chart's points: the ungated runs, or the gated where
        // every run is gated (as the view's gate setting does)
        let row_gate = trace.runs.iter().all(|r| r.gate);
        let mut results = AgentsResults::default();
        for r in &trace.runs {
            if r.steps == curve_steps {
                results.curves.push((r.gate, r.run.clone()));
            }
            if r.gate == row_gate {
                let rounds = r.run.kept.len();
                results
                    .rows
                    .push(PipelineRow::of(r.steps, rounds, r.run.clone()));
            }
        }
        results.done = trace.runs.len();
        Imported {
            trace,
            results,
            curve_steps,
        }
    }

    /// The trace in a sentence: what it holds and whether it is simulated.
    pub fn summary(&self) -> String {
        let t = &self.trace;
        let mut arms: Vec<&str> = t.runs.iter().map(|r| r.run.signal.id()).collect();
        arms.dedup();
        arms.sort_unstable();
        arms.dedup();
        let mut depths: Vec<usize> = t.runs.iter().map(|r| r.steps).collect();
        depths.sort_unstable();
        depths.dedup();
        format!(
            "{}{} records, {} runs of {} at K = {}; the curves are at K = {}; the score is {}.",
            if t.header.simulated {
                "Simulated (made by this page's simulation, no language model): "
            } else {
                ""
            },
            t.records,
            t.runs.len(),
            arms.join(", "),
            depths
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            self.curve_steps,
            if t.header.metric.is_empty() {
                "the held-out loss"
            } else {
                &t.header.metric
            }
        )
    }
}
