//! Rounds of prompt optimisation: forward, critique, update every prompt
//! (with momentum if set), keep the update only if the held-out loss falls
//! (if gated), and count the calls; and the study of final loss against
//! pipeline depth at an equal call budget.

use crate::lab::agents::pipeline::{angle, directions, Pipeline};
use crate::lab::agents::{AgentsConfig, Signal};
use ndarray::Array1;
use serde::{Deserialize, Serialize};

/// Calls in one round, in the seed's terms, for `n` training tasks and
/// `m` held-out tasks: each step runs on each task (K·n), one critique call
/// per edge per task, one update call per prompt (K), the evaluator once
/// per task (n); the gate adds a forward pass and an evaluation of the
/// held-out tasks (K·m + m).
pub fn calls_per_round(cfg: &AgentsConfig, signal: Signal) -> u64 {
    let (k, n, m) = (cfg.stages as u64, cfg.tasks as u64, cfg.val_tasks as u64);
    let gate = if cfg.gate { k * m + m } else { 0 };
    k * n + signal.critique_edges(cfg.stages) * n + k + n + gate
}

/// One simulation's record, round by round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentRun {
    pub signal: Signal,
    /// The simulation's seed (its maps, tasks and critic's noise).
    #[serde(default)]
    pub seed: u64,
    /// Held-out loss before the first round, then after each round.
    pub val: Vec<f64>,
    /// Training loss at the start of each round.
    pub train: Vec<f64>,
    /// Whether each round's update was kept (always, ungated).
    pub kept: Vec<bool>,
    /// Calls spent by the end of each round.
    pub calls: Vec<u64>,
    /// Per step, the mean over rounds of the angle between its update and
    /// the exact gradient (degrees).
    pub angles: Vec<f64>,
}

impl AgentRun {
    pub fn final_val(&self) -> f64 {
        self.val.last().copied().unwrap_or(f64::NAN)
    }
}

/// A run in progress, resumable round by round (the page works on it in
/// slices of a frame): prompts, momentum and the record so far.
#[derive(Clone, Debug)]
pub struct Rounds {
    p: Pipeline,
    total: usize,
    theta: Vec<Array1<f64>>,
    velocity: Vec<Array1<f64>>,
    counted: Vec<usize>,
    per_round: u64,
    out: AgentRun,
    last: Option<LastRound>,
}

/// A round's directions given to each step and the change made to each
/// prompt (zero where the gate refused it).
#[derive(Clone, Debug)]
pub struct LastRound {
    pub given: Vec<Array1<f64>>,
    pub moved: Vec<Array1<f64>>,
}

impl Rounds {
    /// `total` rounds of `signal` on `p`, from prompts at zero.
    pub fn new(p: Pipeline, signal: Signal, total: usize) -> Self {
        let k = p.maps.len();
        let theta = vec![Array1::zeros(p.cfg.out_size.max(1)); k];
        let val = p.loss(&p.forward(&theta, &p.x_val), &p.t_val);
        Self {
            per_round: calls_per_round(&p.cfg, signal),
            total,
            velocity: theta.clone(),
            theta,
            counted: vec![0; k],
            out: AgentRun {
                signal,
                seed: p.cfg.seed,
                val: vec![val],
                train: Vec::new(),
                kept: Vec::new(),
                calls: Vec::new(),
                angles: vec![0.0; k],
            },
            last: None,
            p,
        }
    }

    pub fn pipeline(&self) -> &Pipeline {
        &self.p
    }

    /// The prompts now.
    pub fn prompts(&self) -> &[Array1<f64>] {
        &self.theta
    }

    /// The record so far (angles summed, not yet averaged).
    pub fn record(&self) -> &AgentRun {
        &self.out
    }

    /// The last round's directions and prompt changes.
    pub fn last_round(&self) -> Option<&LastRound> {
        self.last.as_ref()
    }

    /// Rounds done so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.out.kept.len(), self.total)
    }

    pub fn finished(&self) -> bool {
        self.out.kept.len() >= self.total
    }

    /// One round: forward, critique, update every prompt, gate, count.
    pub fn round(&mut self) {
        if self.finished() {
            return;
        }
        let (p, cfg) = (&self.p, &self.p.cfg);
        let k = p.maps.len();
        let r = self.out.kept.len();
        let f = p.forward(&self.theta, &p.x_train);
        self.out.train.push(p.loss(&f, &p.t_train));
        let exact = directions(&p.exact_critiques(&f, &p.t_train));
        let given = match self.out.signal {
            Signal::Exact => exact.clone(),
            sig => directions(&p.critiques(sig, &f, &p.t_train, r)),
        };
        for i in 0..k {
            let a = angle(&given[i], &exact[i]);
            if a.is_finite() {
                self.out.angles[i] += a;
                self.counted[i] += 1;
            }
        }
        let next: Vec<Array1<f64>> = (0..k)
            .map(|i| {
                let v = &self.velocity[i] * cfg.momentum + &given[i];
                &self.theta[i] - &(&v * cfg.lr)
            })
            .collect();
        let before = *self.out.val.last().expect("a first score");
        let after = p.loss(&p.forward(&next, &p.x_val), &p.t_val);
        let keep = !cfg.gate || after < before;
        let moved = (0..k)
            .map(|i| {
                if keep {
                    &next[i] - &self.theta[i]
                } else {
                    Array1::zeros(self.theta[i].len())
                }
            })
            .collect();
        if keep {
            for (v, g) in self.velocity.iter_mut().zip(&given) {
                *v = &*v * cfg.momentum + g;
            }
            self.theta = next;
        } else {
            for v in &mut self.velocity {
                v.fill(0.0);
            }
        }
        self.last = Some(LastRound { given, moved });
        self.out.val.push(if keep { after } else { before });
        self.out.kept.push(keep);
        self.out.calls.push(self.per_round * (r as u64 + 1));
    }

    /// The record, each step's angle the mean over the rounds run.
    pub fn finish(self) -> AgentRun {
        let mut out = self.out;
        for (a, n) in out.angles.iter_mut().zip(&self.counted) {
            *a = if *n > 0 { *a / *n as f64 } else { f64::NAN };
        }
        out
    }
}

/// Runs `rounds` rounds of `signal` on `p`, from prompts at zero.
pub fn run(p: &Pipeline, signal: Signal, rounds: usize) -> AgentRun {
    let mut r = Rounds::new(p.clone(), signal, rounds);
    while !r.finished() {
        r.round();
    }
    r.finish()
}

/// One point of the depth study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PipelineRow {
    pub depth: usize,
    pub signal: Signal,
    #[serde(default)]
    pub seed: u64,
    /// Rounds the call budget paid for.
    pub rounds: usize,
    pub calls: u64,
    pub final_val: f64,
    /// Held-out loss before any round (the untrained prompts).
    pub start_val: f64,
    /// Per step, the mean angle to the exact gradient.
    pub angles: Vec<f64>,
    /// The held-out loss before the first round, then after each.
    #[serde(default)]
    pub val: Vec<f64>,
}

impl PipelineRow {
    /// The mean angle over the steps before the last (the last reads the
    /// evaluator directly, so every signal gives it the exact critique);
    /// NaN for a one-step pipeline.
    pub fn mean_inner_angle(&self) -> f64 {
        let inner = &self.angles[..self.angles.len().saturating_sub(1)];
        if inner.is_empty() {
            f64::NAN
        } else {
            inner.iter().sum::<f64>() / inner.len() as f64
        }
    }
}

/// The depth study's pipeline at `depth` with the steps' `names`
/// (missing ones keep "step k"), and the rounds `signal` gets for the
/// chained critique's `cfg.rounds` rounds of calls (an equal budget).
pub fn depth_unit(
    cfg: &AgentsConfig,
    names: &[String],
    depth: usize,
    signal: Signal,
) -> (Pipeline, usize) {
    let c = AgentsConfig {
        stages: depth,
        ..*cfg
    };
    let mut p = Pipeline::new(c);
    for (i, n) in names
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.trim().is_empty())
    {
        p.rename(i + 1, n.trim());
    }
    let budget = calls_per_round(&c, Signal::Chain) * c.rounds as u64;
    (p, (budget / calls_per_round(&c, signal)) as usize)
}

impl PipelineRow {
    /// Whether `self` and `other` spent budgets a round's calls or more
    /// apart: not an equal call budget. (The simulation runs each signal
    /// for as many whole rounds as the chain's budget pays for, so its
    /// arms are within a round; an imported trace's need not be.)
    pub fn budget_apart(&self, other: &PipelineRow) -> bool {
        let per_round = |r: &PipelineRow| r.calls / r.rounds.max(1) as u64;
        self.calls.abs_diff(other.calls) >= per_round(self).max(per_round(other)).max(1)
    }

    /// The row of a finished depth-study run.
    pub fn of(depth: usize, rounds: usize, r: AgentRun) -> Self {
        PipelineRow {
            depth,
            signal: r.signal,
            seed: r.seed,
            rounds,
            calls: r.calls.last().copied().unwrap_or(0),
            final_val: r.final_val(),
            start_val: r.val[0],
            angles: r.angles,
            val: r.val,
        }
    }
}

/// For each depth, each signal run for as many rounds as the chained
/// critique's `cfg.rounds` rounds cost (an equal call budget); `names`
/// describe the steps (missing ones keep "step k").
pub fn depth_study(
    cfg: &AgentsConfig,
    names: &[String],
    depths: &[usize],
    signals: &[Signal],
) -> Vec<PipelineRow> {
    let mut rows = Vec::new();
    for &depth in depths {
        for &s in signals {
            let (p, rounds) = depth_unit(cfg, names, depth, s);
            rows.push(PipelineRow::of(depth, rounds, run(&p, s, rounds)));
        }
    }
    rows
}
