//! The precision a run trains in, chosen per run (`RunConfig::precision`):
//! `Training` holds a run of either kind behind one interface, so the
//! grid, the live lab and the workers never name a float type.

use crate::lab::train::config::{
    angles_from_json, angles_to_json, Angles, AnglesJson, Precision, Run, RunConfig, RunResult,
};
use crate::lab::train::credit::CreditView;
use crate::lab::train::trainer::Trainer;
use crate::lab::Task;

use std::sync::Arc;

/// A run in the precision its configuration names.
#[derive(Clone, Debug)]
pub enum Training {
    F64(Trainer<f64>),
    F32(Trainer<f32>),
}

/// `$body` with `$t` bound to the run, whichever precision it is in.
macro_rules! each {
    ($self:expr, $t:ident => $body:expr) => {
        match $self {
            Training::F64($t) => $body,
            Training::F32($t) => $body,
        }
    };
}

impl Training {
    pub fn new(cfg: RunConfig, task: Arc<Task>) -> Self {
        match cfg.precision {
            Precision::F64 => Training::F64(Trainer::new(cfg, task)),
            Precision::F32 => Training::F32(Trainer::new(cfg, task)),
        }
    }

    pub fn step(&mut self) {
        each!(self, t => t.step())
    }

    pub fn run(&mut self) -> RunResult {
        each!(self, t => t.run())
    }

    pub fn finished(&self) -> bool {
        each!(self, t => t.finished())
    }

    pub fn evaluate(&self) -> f64 {
        each!(self, t => t.evaluate())
    }

    pub fn result(&self) -> RunResult {
        each!(self, t => t.result())
    }

    pub fn steps_done(&self) -> usize {
        each!(self, t => t.steps_done())
    }

    pub fn diverged_at(&self) -> Option<usize> {
        each!(self, t => t.diverged_at())
    }

    pub fn cfg(&self) -> &RunConfig {
        each!(self, t => &t.cfg)
    }

    /// The last minibatch loss.
    pub fn loss(&self) -> f64 {
        each!(self, t => t.loss)
    }

    pub fn angles(&self) -> &Angles {
        each!(self, t => &t.angles)
    }

    /// FA's and Kolen–Pollack's angle between each B and the Wᵀ it stands
    /// in for, when the update angles are measured (empty for others).
    pub fn feedback_log(&self) -> &Angles {
        each!(self, t => &t.feedback_log)
    }

    pub fn take_angles(self) -> Angles {
        each!(self, t => t.angles)
    }

    /// The run as it ended: configuration, result and angle series.
    pub fn into_run(self) -> Run {
        let (cfg, result) = (*self.cfg(), self.result());
        Run {
            cfg,
            result,
            angles: self.take_angles(),
        }
    }

    pub fn credit(&self, example: Option<usize>) -> CreditView {
        each!(self, t => t.credit(example))
    }
}

/// A finished run with its test error every `every` steps from step 0
/// (empty when the study keeps no curve).
#[derive(Clone, Debug, PartialEq)]
pub struct CurveRun {
    pub run: Run,
    pub curve: Vec<(usize, f64)>,
}

/// A study's job under way: the run, and its test error every `every`
/// steps when the study keeps a curve (+∞ once diverged).
#[derive(Clone, Debug)]
pub struct CurveTraining {
    t: Training,
    every: Option<usize>,
    curve: Vec<(usize, f64)>,
}

impl CurveTraining {
    pub fn new(cfg: RunConfig, task: Arc<Task>, every: Option<usize>) -> Self {
        let t = Training::new(cfg, task);
        let curve = every.map(|_| vec![(0, t.evaluate())]).unwrap_or_default();
        Self { t, every, curve }
    }

    pub fn finished(&self) -> bool {
        self.t.finished()
    }

    pub fn steps_done(&self) -> usize {
        self.t.steps_done()
    }

    /// One training step, and the curve's point when one is due.
    pub fn step(&mut self) {
        self.t.step();
        let Some(every) = self.every else { return };
        let s = self.t.steps_done();
        if s.is_multiple_of(every.max(1)) || self.t.finished() {
            let y = if self.t.diverged_at().is_some() {
                f64::INFINITY
            } else {
                self.t.evaluate()
            };
            self.curve.push((s, y));
        }
    }

    /// Trains what is left (without a curve, in one go) and scores it.
    pub fn finish(mut self) -> CurveRun {
        if self.every.is_some() {
            while !self.t.finished() {
                self.step();
            }
        }
        self.t.run();
        CurveRun {
            run: self.t.into_run(),
            curve: self.curve,
        }
    }
}

/// Trains `cfg` to the end, measuring the test error every `every` steps
/// when asked (+∞ once diverged).
pub fn run_job(cfg: RunConfig, task: Arc<Task>, every: Option<usize>) -> CurveRun {
    CurveTraining::new(cfg, task, every).finish()
}

/// A finished run as it crosses a wire: a Web Worker's reply and a shard
/// file's entry (non-finite numbers as null, angles as `AnglesJson`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunRecord {
    pub cfg: RunConfig,
    pub nmse: Option<f64>,
    /// The validation score (careful protocol only; null once diverged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation: Option<Option<f64>>,
    pub diverged: bool,
    pub steps_done: usize,
    pub angles: AnglesJson,
    /// The test-error curve, for a study that keeps one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub curve: Vec<(usize, Option<f64>)>,
}

impl From<&CurveRun> for RunRecord {
    fn from(c: &CurveRun) -> Self {
        let fin = |x: f64| x.is_finite().then_some(x);
        let r = &c.run;
        RunRecord {
            cfg: r.cfg,
            nmse: fin(r.result.nmse),
            validation: r.result.validation.map(fin),
            diverged: r.result.diverged,
            steps_done: r.result.steps_done,
            angles: angles_to_json(&r.angles),
            curve: c.curve.iter().map(|&(s, v)| (s, fin(v))).collect(),
        }
    }
}

impl RunRecord {
    /// The run back, with null read as +∞.
    pub fn into_run(self) -> CurveRun {
        let run = Run {
            cfg: self.cfg,
            result: RunResult {
                nmse: self.nmse.unwrap_or(f64::INFINITY),
                validation: self.validation.map(|v| v.unwrap_or(f64::INFINITY)),
                diverged: self.diverged,
                steps_done: self.steps_done,
            },
            angles: angles_from_json(&self.angles),
        };
        let curve = self
            .curve
            .iter()
            .map(|&(s, v)| (s, v.unwrap_or(f64::INFINITY)))
            .collect();
        CurveRun { run, curve }
    }
}
