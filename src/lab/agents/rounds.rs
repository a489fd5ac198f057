//! Rounds of prompt optimisation: forward, critique, update every prompt
//! (with momentum if set), keep the update only if the held-out loss falls
//! (if gated), and count the calls; and the study of final loss against
//! pipeline depth at an equal call budget.

use super::pipeline::{angle, directions, Pipeline};
use super::{AgentsConfig, Signal};
use ndarray::Array1;
use serde::{Deserialize, Serialize};

/// Calls in one round, in the seed's terms, for `n` training tasks and
/// `m` held-out tasks: each step runs on each task (K·n), one critique call
/// per edge per task, one update call per prompt (K), the evaluator once
/// per task (n); the gate adds a forward pass and an evaluation of the
/// held-out tasks (K·m + m).
pub fn calls_per_round(cfg: &AgentsConfig, signal: Signal) -> u64 {
    let (k, n, m) = (cfg.depth as u64, cfg.tasks as u64, cfg.val_tasks as u64);
    let gate = if cfg.gate { k * m + m } else { 0 };
    k * n + signal.critique_edges(cfg.depth) * n + k + n + gate
}

/// One simulation's record, round by round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentRun {
    pub signal: Signal,
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

/// Runs `rounds` rounds of `signal` on `p`, from prompts at zero.
pub fn run(p: &Pipeline, signal: Signal, rounds: usize) -> AgentRun {
    let cfg = &p.cfg;
    let k = p.maps.len();
    let mut theta: Vec<Array1<f64>> = vec![Array1::zeros(cfg.width.max(1)); k];
    let mut velocity = theta.clone();
    let val_loss = |th: &[Array1<f64>]| p.loss(&p.forward(th, &p.x_val), &p.t_val);
    let mut out = AgentRun {
        signal,
        val: vec![val_loss(&theta)],
        train: Vec::new(),
        kept: Vec::new(),
        calls: Vec::new(),
        angles: vec![0.0; k],
    };
    let per_round = calls_per_round(cfg, signal);
    let mut counted = vec![0usize; k];
    for r in 0..rounds {
        let f = p.forward(&theta, &p.x_train);
        out.train.push(p.loss(&f, &p.t_train));
        let exact = directions(&p.exact_critiques(&f, &p.t_train));
        let given = directions(&p.critiques(signal, &f, &p.t_train, r));
        for i in 0..k {
            let a = angle(&given[i], &exact[i]);
            if a.is_finite() {
                out.angles[i] += a;
                counted[i] += 1;
            }
        }
        let next: Vec<Array1<f64>> = (0..k)
            .map(|i| {
                let v = &velocity[i] * cfg.momentum + &given[i];
                &theta[i] - &(&v * cfg.lr)
            })
            .collect();
        let before = *out.val.last().expect("a first score");
        let after = val_loss(&next);
        let keep = !cfg.gate || after < before;
        if keep {
            for i in 0..k {
                velocity[i] = &velocity[i] * cfg.momentum + &given[i];
            }
            theta = next;
        } else {
            for v in &mut velocity {
                v.fill(0.0);
            }
        }
        out.val.push(if keep { after } else { before });
        out.kept.push(keep);
        out.calls.push(per_round * (r as u64 + 1));
    }
    for (a, n) in out.angles.iter_mut().zip(&counted) {
        *a = if *n > 0 { *a / *n as f64 } else { f64::NAN };
    }
    out
}

/// One point of the depth study.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthRow {
    pub depth: usize,
    pub signal: Signal,
    /// Rounds the call budget paid for.
    pub rounds: usize,
    pub calls: u64,
    pub final_val: f64,
    /// Held-out loss before any round (the untrained prompts).
    pub start_val: f64,
    /// Per step, the mean angle to the exact gradient.
    pub angles: Vec<f64>,
}

impl DepthRow {
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

/// For each depth, each signal run for as many rounds as the chained
/// critique's `cfg.rounds` rounds cost (an equal call budget); `names`
/// describe the steps (missing ones keep "step k").
pub fn depth_study(
    cfg: &AgentsConfig,
    names: &[String],
    depths: &[usize],
    signals: &[Signal],
) -> Vec<DepthRow> {
    let mut rows = Vec::new();
    for &depth in depths {
        let c = AgentsConfig { depth, ..*cfg };
        let mut p = Pipeline::new(c);
        for (i, n) in names
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.trim().is_empty())
        {
            p.rename(i + 1, n.trim());
        }
        let budget = calls_per_round(&c, Signal::Chain) * c.rounds as u64;
        for &s in signals {
            let rounds = (budget / calls_per_round(&c, s)) as usize;
            let r = run(&p, s, rounds);
            rows.push(DepthRow {
                depth,
                signal: s,
                rounds,
                calls: r.calls.last().copied().unwrap_or(0),
                final_val: r.final_val(),
                start_val: r.val[0],
                angles: r.angles,
            });
        }
    }
    rows
}
