//! A live comparison for the page: several methods training side by side
//! from one configuration, advanced in chunks, with a learning curve
//! (test normalised MSE every `EVAL_EVERY` steps) per method.

use super::method::Method;
use super::task::Task;
use super::trainer::{RunConfig, Trainer};
use serde_json::json;
use std::sync::Arc;

/// Steps between two points of a learning curve.
pub const EVAL_EVERY: usize = 50;

#[derive(Clone, Debug)]
pub struct LiveRun {
    pub trainer: Trainer,
    /// (step, test normalised MSE); +∞ marks divergence.
    pub curve: Vec<(usize, f64)>,
}

impl LiveRun {
    /// One training step, recording the curve every `EVAL_EVERY` steps, at
    /// the end, and at divergence. False if the run was already finished.
    fn step(&mut self) -> bool {
        if self.trainer.finished() {
            return false;
        }
        self.trainer.step();
        let t = &self.trainer;
        if let Some(at) = t.diverged_at() {
            self.curve.push((at, f64::INFINITY));
        } else if t.steps_done().is_multiple_of(EVAL_EVERY) || t.finished() {
            self.curve.push((t.steps_done(), t.evaluate()));
        }
        true
    }
}

#[derive(Clone, Debug)]
pub struct Session {
    pub runs: Vec<LiveRun>,
    pub base: RunConfig,
}

impl Session {
    /// One run per method (duplicates dropped), all from `base`.
    pub fn new(methods: &[Method], base: RunConfig, task: Arc<Task>) -> Self {
        let mut seen = Vec::new();
        let runs = methods
            .iter()
            .filter(|m| {
                let new = !seen.contains(*m);
                seen.push(**m);
                new
            })
            .map(|&method| {
                let trainer = Trainer::new(RunConfig { method, ..base }, task.clone());
                let first = trainer.evaluate();
                LiveRun {
                    trainer,
                    curve: vec![(0, first)],
                }
            })
            .collect();
        Self { runs, base }
    }

    /// Advances every unfinished run by up to `steps` steps, recording the
    /// curves. Returns the number of training steps taken.
    pub fn advance(&mut self, steps: usize) -> usize {
        let mut taken = 0;
        for run in &mut self.runs {
            for _ in 0..steps {
                if !run.step() {
                    break;
                }
                taken += 1;
            }
        }
        taken
    }

    /// One step of the run furthest behind: the smallest unit of work, so
    /// that a caller with a time budget overshoots it by at most one step
    /// and one evaluation. Returns false when every run is finished.
    pub fn step_one(&mut self) -> bool {
        self.runs
            .iter_mut()
            .filter(|r| !r.trainer.finished())
            .min_by_key(|r| r.trainer.steps_done())
            .is_some_and(LiveRun::step)
    }

    pub fn finished(&self) -> bool {
        self.runs.iter().all(|r| r.trainer.finished())
    }

    /// The furthest step any run has reached.
    pub fn step(&self) -> usize {
        self.runs
            .iter()
            .map(|r| r.trainer.steps_done())
            .max()
            .unwrap_or(0)
    }

    /// The curves as CSV: method,step,nmse (empty nmse when diverged).
    pub fn curves_csv(&self) -> String {
        let mut s = String::from("method,step,nmse\n");
        for r in &self.runs {
            for &(step, v) in &r.curve {
                let v = if v.is_finite() {
                    v.to_string()
                } else {
                    String::new()
                };
                s += &format!("{},{step},{v}\n", r.trainer.cfg.method.id());
            }
        }
        s
    }

    pub fn curves_json(&self) -> serde_json::Value {
        let runs: Vec<_> = self
            .runs
            .iter()
            .map(|r| {
                let c = r.trainer.cfg;
                json!({
                    "method": c.method.id(), "lr": c.lr, "seed": c.seed, "steps": c.steps,
                    "diverged_at": r.trainer.diverged_at(),
                    "curve": r.curve.iter().map(|&(s, v)| json!([s, v.is_finite().then_some(v)])).collect::<Vec<_>>(),
                    "angle": r.trainer.angles.iter().map(|&(s, d)| json!([s, d])).collect::<Vec<_>>(),
                })
            })
            .collect();
        json!({ "curves": runs })
    }
}
