//! A live comparison: several runs training side by side, each with its
//! own configuration (its method at its own learning rate), advanced in
//! chunks, with a learning curve (test normalised MSE every `EVAL_EVERY`
//! steps) per run. The same type trains in a Web Worker or, as a fallback
//! and in the native tests, on the page; `RunStatus` is what it reports.

use crate::lab::method::Method;
use crate::lab::train::config::{angles_from_json, angles_to_json, AnglesJson};
use crate::lab::train::credit::CreditView;
use crate::lab::train::precision::Training;
use crate::lab::train::task::Task;
use crate::lab::train::trainer::{Angles, RunConfig};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::Arc;

/// Steps between two points of a learning curve.
pub const EVAL_EVERY: usize = 50;

#[derive(Clone, Debug)]
pub struct LiveRun {
    pub trainer: Training,
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

    pub fn status(&self) -> RunStatus {
        let t = &self.trainer;
        RunStatus {
            cfg: *t.cfg(),
            curve: self.curve.iter().map(|&(s, v)| (s, finite(v))).collect(),
            angles: angles_to_json(t.angles()),
            feedback: angles_to_json(t.feedback_log()),
            steps_done: t.steps_done(),
            diverged_at: t.diverged_at(),
            finished: t.finished(),
        }
    }
}

fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// One run as the page sees it: plain data that crosses from a worker as
/// JSON (`None` stands for +∞ in the curve, NaN in the angles).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunStatus {
    pub cfg: RunConfig,
    pub curve: Vec<(usize, Option<f64>)>,
    pub angles: AnglesJson,
    /// FA's and KP's B-to-Wᵀ angles (`Trainer::feedback_log`).
    #[serde(default)]
    pub feedback: AnglesJson,
    pub steps_done: usize,
    pub diverged_at: Option<usize>,
    pub finished: bool,
}

impl RunStatus {
    pub fn method(&self) -> Method {
        self.cfg.method
    }

    /// The curve with +∞ for divergence.
    pub fn points(&self) -> Vec<(usize, f64)> {
        self.curve
            .iter()
            .map(|&(s, v)| (s, v.unwrap_or(f64::INFINITY)))
            .collect()
    }

    /// The angle series with NaN where a layer was left unchanged.
    pub fn angle_series(&self) -> Angles {
        angles_from_json(&self.angles)
    }

    /// The latest score: +∞ once diverged.
    pub fn score(&self) -> f64 {
        self.curve
            .last()
            .map_or(f64::NAN, |p| p.1.unwrap_or(f64::INFINITY))
    }
}

/// A score `s` of `m`'s as a multiple of its reference's run on `board`
/// (backprop on the same task), where both are usable numbers.
pub fn reference_ratio(board: &[RunStatus], m: Method, s: f64) -> Option<f64> {
    board
        .iter()
        .find(|r| r.method() == m.reference())
        .map(RunStatus::score)
        .filter(|b| b.is_finite() && *b > 0.0 && s.is_finite())
        .map(|b| s / b)
}

/// `reference_ratio` as a table shows it: "2.5×", or "—".
pub fn times_reference(board: &[RunStatus], m: Method, s: f64) -> String {
    reference_ratio(board, m, s).map_or("—".into(), |r| format!("{r:.1}×"))
}

/// A finished comparison in one sentence, best first, for a screen
/// reader: each method's test score as the live table shows it and,
/// beside its reference, how many times the reference's.
pub fn said_when_done(board: &[RunStatus]) -> String {
    let methods: Vec<Method> = board.iter().map(RunStatus::method).collect();
    let parts: Vec<String> = rank(board, &methods)
        .into_iter()
        .filter_map(|m| {
            let r = board.iter().find(|r| r.method() == m)?;
            let s = r.score();
            Some(match (r.diverged_at, reference_ratio(board, m, s)) {
                (Some(at), _) => format!("{} diverged at step {at}", m.name()),
                (None, Some(x)) if m != m.reference() => {
                    format!(
                        "{} {s:.3}, {x:.1} times {}'s{}",
                        m.name(),
                        m.reference().name(),
                        angles_said(r)
                    )
                }
                _ => format!("{} {s:.3}", m.name()),
            })
        })
        .collect();
    // one method alone is compared with nothing: say how to race another
    let alone = if board.len() == 1 {
        " Nothing else ran: untick a requirement above (or add a method) to race a rule against it."
    } else {
        ""
    };
    format!(
        "Training done. Test scores, lower is better: {}.{alone}",
        parts.join("; ")
    )
}

/// A run's last angles of its updates with the exact gradient, layer by
/// layer, as the end of a run says them (empty when none was measured).
fn angles_said(r: &RunStatus) -> String {
    let a: Vec<String> = r
        .angles
        .last()
        .map(|a| {
            a.1.iter()
                .flatten()
                .filter(|d| d.is_finite())
                .map(|d| format!("{d:.0}°"))
                .collect()
        })
        .unwrap_or_default();
    match a.split_last() {
        None => String::new(),
        Some((last, [])) => format!(", its update's angle {last}"),
        Some((last, rest)) => format!(", its updates' angles {} and {last}", rest.join(", ")),
    }
}

/// `methods` best first by their finished runs' scores on `board` (lower
/// is better, diverged after the finite ones); methods not finished keep
/// their order after the finished ones.
pub fn rank(board: &[RunStatus], methods: &[Method]) -> Vec<Method> {
    let score = |m: &Method| {
        board
            .iter()
            .find(|r| r.method() == *m && r.finished)
            .map(RunStatus::score)
    };
    let (mut done, rest): (Vec<Method>, Vec<Method>) =
        methods.iter().partition(|m| score(m).is_some());
    done.sort_by(|a, b| {
        let (x, y) = (score(a).unwrap_or(f64::NAN), score(b).unwrap_or(f64::NAN));
        x.total_cmp(&y)
    });
    done.extend(rest);
    done
}

#[derive(Clone, Debug)]
pub struct Session {
    pub runs: Vec<LiveRun>,
}

impl Session {
    /// One run per configuration (a second run of the same method is
    /// dropped).
    pub fn new(configs: &[RunConfig], task: Arc<Task>) -> Self {
        let mut seen = Vec::new();
        let runs = configs
            .iter()
            .filter(|c| {
                let new = !seen.contains(&c.method);
                seen.push(c.method);
                new
            })
            .map(|&cfg| {
                let trainer = Training::new(cfg, task.clone());
                let first = trainer.evaluate();
                LiveRun {
                    trainer,
                    curve: vec![(0, first)],
                }
            })
            .collect();
        Self { runs }
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

    pub fn statuses(&self) -> Vec<RunStatus> {
        self.runs.iter().map(LiveRun::status).collect()
    }

    /// The network panel's preview of `method`'s next step, if it trains here.
    pub fn credit(&self, method: Method, example: Option<usize>) -> Option<CreditView> {
        self.runs
            .iter()
            .find(|r| r.trainer.cfg().method == method)
            .map(|r| r.trainer.credit(example))
    }
}

/// The curves as CSV, each row with what its run depended on:
/// method,lr,seed,task_seed,gain,precision,protocol,steps,step,nmse
/// (empty nmse when diverged).
pub fn curves_csv(runs: &[RunStatus]) -> String {
    let mut s = String::from("method,lr,seed,task_seed,gain,precision,protocol,steps,step,nmse\n");
    for r in runs {
        let c = &r.cfg;
        for &(step, v) in &r.curve {
            let v = v.map_or(String::new(), |v| v.to_string());
            s += &format!(
                "{},{},{},{},{},{},{},{},{step},{v}\n",
                c.method.id(),
                c.lr,
                c.seed,
                c.teacher.seed,
                c.teacher.gain,
                c.precision.id(),
                c.protocol.id(),
                c.steps
            );
        }
    }
    s
}

/// The curves and per-layer angles as JSON.
pub fn curves_json(runs: &[RunStatus]) -> serde_json::Value {
    let runs: Vec<_> = runs
        .iter()
        .map(|r| {
            let c = r.cfg;
            let layers = r.angles.first().map_or(0, |a| a.1.len());
            let mut angles = serde_json::Map::new();
            angles.insert(
                "steps".into(),
                json!(r.angles.iter().map(|a| a.0).collect::<Vec<_>>()),
            );
            for l in 0..layers {
                let d: Vec<Option<f64>> = r
                    .angles
                    .iter()
                    .map(|a| a.1.get(l).copied().flatten())
                    .collect();
                angles.insert(format!("W{}", l + 1), json!(d));
            }
            json!({
                "method": c.method.id(), "lr": c.lr, "seed": c.seed, "steps": c.steps,
                // everything the run depended on: rerun it from this
                "config": c,
                "diverged_at": r.diverged_at,
                "curve": r.curve,
                "angles": angles,
            })
        })
        .collect();
    crate::lab::provenance::stamp(json!({ "curves": runs }))
}

/// The Part 4 table as a file: each proposal (and the references) with
/// its tags, its live score and ratio to its reference, and the whole
/// configuration it ran with; the verdict as shown; the build's stamp.
pub fn part4_json(board: &[RunStatus], verdict: &str) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = Method::part4_and_reference()
        .chain([Method::Bp, Method::ReadoutOnly])
        .map(|m| {
            let run = board.iter().find(|r| r.method() == m);
            let score = run.map(RunStatus::score).filter(|s| s.is_finite());
            let ratio = score.and_then(|s| reference_ratio(board, m, s));
            let tags = m.def().tags;
            json!({
                "method": m.id(),
                "name": m.name(),
                "group": tags.map(|t| t.group.heading()),
                "keeps": tags.map(|t| t.keeps),
                "relaxes": tags.map(|t| t.relaxes),
                "replaced_by": tags.map(|t| t.replaced_by),
                "cite": tags.map(|t| t.cite),
                "score": score,
                "reference": m.reference().id(),
                "times_reference": ratio,
                "diverged_at": run.and_then(|r| r.diverged_at),
                "steps_done": run.map(|r| r.steps_done),
                "finished": run.is_some_and(|r| r.finished),
                // everything the run depended on: rerun it from this
                "config": run.map(|r| r.cfg),
            })
        })
        .collect();
    crate::lab::provenance::stamp(json!({
        "table": "the essay's Part 4: proposals that replace a requirement",
        "score": "the last test evaluation: normalised MSE, or the error rate on the classification task",
        "rows": rows,
        "verdict": verdict,
    }))
}
