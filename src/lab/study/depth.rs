//! The depth study: does the essay's ordering of the requirements survive
//! in deeper students? The same methods train students of 1 … 8 hidden
//! layers of the same width on the same teacher (the essay's 20 → 30 → 5
//! unless `teacher_depth` asks for a deeper one); for each (method, depth)
//! the best rate's median final test nMSE, its ratio to bp at that depth,
//! and each layer's final alignment angle.

use crate::lab::method::Method;
use crate::lab::study::grid::{run_each, run_one, GridSpec, ESSAY_LRS, ESSAY_SEEDS};
use crate::lab::study::summary::summarise;
use crate::lab::train::config::Run;
use crate::lab::train::config::{RunConfig, MAX_DEPTH};
use crate::lab::train::task::Task;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The study's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthSpec {
    /// Hidden layers, each from 1 to `MAX_DEPTH`.
    pub depths: Vec<usize>,
    /// The rates, methods, seeds, teacher, steps, width and precision; the
    /// depth is overwritten per depth.
    pub grid: GridSpec,
}

/// The methods the study compares: bp, the two R4 relaxations, R2, R3's
/// two forms, and the readout-only floor.
pub const DEPTH_METHODS: [Method; 7] = [
    Method::Bp,
    Method::Fa,
    Method::Dfa,
    Method::NoDeriv,
    Method::Scrambled,
    Method::NodePerturbation,
    Method::ReadoutOnly,
];

impl Default for DepthSpec {
    /// Depths 1, 2, 4, 6, 8 of width 64; the essay's rates, seeds and
    /// 3,000 steps.
    fn default() -> Self {
        Self {
            depths: vec![1, 2, 4, 6, 8],
            grid: GridSpec {
                methods: DEPTH_METHODS.to_vec(),
                lrs: ESSAY_LRS.to_vec(),
                seeds: ESSAY_SEEDS.to_vec(),
                ..GridSpec::default()
            },
        }
    }
}

impl DepthSpec {
    /// The grid at one depth.
    pub fn at(&self, depth: usize) -> GridSpec {
        let mut g = self.grid.clone();
        g.base.depth = depth;
        g
    }

    /// Every run, depths outermost (the shallow ones finish first).
    pub fn jobs(&self) -> Vec<RunConfig> {
        self.depths
            .iter()
            .flat_map(|&d| self.at(d).jobs())
            .collect()
    }

    /// `Err` with a message when a depth is outside 1 … `MAX_DEPTH`;
    /// sorts the depths and drops repeats (as the page's field does).
    pub fn check(&mut self) -> Result<(), String> {
        self.depths.sort_unstable();
        self.depths.dedup();
        match self.depths.iter().find(|d| !(1..=MAX_DEPTH).contains(*d)) {
            Some(d) => Err(format!("depth {d} is outside 1 to {MAX_DEPTH}")),
            None if self.depths.is_empty() => Err("no depth given".into()),
            None => Ok(()),
        }
    }
}

/// One (method, depth) of the study.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DepthRow {
    pub method: Method,
    pub depth: usize,
    pub best_lr: Option<f64>,
    /// Median final test nMSE over seeds at the best rate (+∞, `null` in
    /// JSON, if every rate diverged).
    #[serde(serialize_with = "crate::lab::study::summary::finite_or_null")]
    pub median: f64,
    #[serde(serialize_with = "crate::lab::study::summary::finite_or_null_vec")]
    pub seed_scores: Vec<f64>,
    pub diverged_runs: usize,
    /// `median` over bp's at the same depth.
    pub ratio_to_bp: Option<f64>,
}

/// One layer's final alignment angle: the median over seeds, at the best
/// rate, of the angle between the method's update of W_layer and the
/// exact gradient at the last measurement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DepthAngle {
    pub method: Method,
    pub depth: usize,
    /// 1-based: W₁ takes the input, W_{depth+1} is the readout.
    pub layer: usize,
    pub degrees: f64,
}

/// The study's results: rows and angles, for the depths whose runs are all
/// in (so the page can draw it as each depth finishes).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DepthStudy {
    pub rows: Vec<DepthRow>,
    pub angles: Vec<DepthAngle>,
}

impl DepthStudy {
    /// The row of `method` at `depth`.
    pub fn row(&self, method: Method, depth: usize) -> Option<&DepthRow> {
        self.rows
            .iter()
            .find(|r| r.method == method && r.depth == depth)
    }

    /// The depths with results, ascending.
    pub fn depths(&self) -> Vec<usize> {
        let mut d: Vec<usize> = self.rows.iter().map(|r| r.depth).collect();
        d.sort_unstable();
        d.dedup();
        d
    }
}

/// The rows and angles from the study's runs (in any order); a depth some
/// of whose runs are missing is left out.
pub fn study(spec: &DepthSpec, runs: &[Run]) -> DepthStudy {
    let mut out = DepthStudy::default();
    for &depth in &spec.depths {
        let g = spec.at(depth);
        let mine: Vec<Run> = runs
            .iter()
            .filter(|r| r.cfg.depth == depth)
            .cloned()
            .collect();
        if mine.len() < g.jobs().len() {
            continue;
        }
        for s in summarise(&g, &mine) {
            for (l, &degrees) in s.final_angles.iter().enumerate() {
                if degrees.is_finite() {
                    out.angles.push(DepthAngle {
                        method: s.method,
                        depth,
                        layer: l + 1,
                        degrees,
                    });
                }
            }
            out.rows.push(DepthRow {
                method: s.method,
                depth,
                best_lr: s.best_lr,
                median: s.median,
                seed_scores: s.seed_scores,
                diverged_runs: s.diverged_runs,
                ratio_to_bp: s.ratio_to_bp,
            });
        }
    }
    out
}

/// Runs the study on `threads` threads.
pub fn run_depth(
    spec: &DepthSpec,
    task: Arc<Task>,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> DepthStudy {
    let runs = run_each(&spec.jobs(), threads, progress, |cfg| {
        run_one(cfg, task.clone())
    });
    study(spec, &runs)
}

/// One row per (method, depth).
pub fn rows_csv(s: &DepthStudy) -> String {
    let mut out =
        String::from("method,depth,best_lr,median,ratio_to_bp,seed_scores,diverged_runs\n");
    let opt = |x: Option<f64>| x.map_or(String::new(), |v| v.to_string());
    let fin = |x: f64| {
        if x.is_finite() {
            x.to_string()
        } else {
            String::new()
        }
    };
    for r in &s.rows {
        let seeds: Vec<String> = r.seed_scores.iter().map(|&x| fin(x)).collect();
        out += &format!(
            "{},{},{},{},{},{},{}\n",
            r.method.id(),
            r.depth,
            opt(r.best_lr),
            fin(r.median),
            opt(r.ratio_to_bp),
            seeds.join(";"),
            r.diverged_runs
        );
    }
    out
}

/// The teacher's shape in words: 20→30→5, or 20→30→30→5 for two layers.
pub fn teacher_name(depth: usize) -> String {
    format!("20→{}5", "30→".repeat(depth.max(1)))
}
