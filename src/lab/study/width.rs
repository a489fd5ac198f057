//! The width study: does one shared score scale? The essay's falsification
//! test made runnable. bp, FA, node and weight perturbation train students
//! of growing width (hidden layers of 16 … 512 units) on the same teacher,
//! data and steps; for each (method, width): the best rate's median final
//! test nMSE, and the steps its median curve needs to reach a fixed target
//! (2× bp's final score at that width).

use crate::lab::method::Method;
use crate::lab::study::grid::{run_each, GridSpec, ESSAY_LRS, ESSAY_SEEDS, WP_EXTRA_LRS};
use crate::lab::study::summary::{median, summarise};
use crate::lab::train::config::Run;
use crate::lab::train::config::RunConfig;
use crate::lab::train::net::{layer_sizes, n_weights};
use crate::lab::train::precision::{run_job, CurveRun};
use crate::lab::train::task::{Task, TaskShape};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The study's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WidthSpec {
    pub widths: Vec<usize>,
    /// The rates, methods, seeds, teacher gain, steps and precision; the
    /// hidden size is overwritten per width.
    pub grid: GridSpec,
    /// The test error is measured every this many steps.
    pub every: usize,
}

/// The target: this many times bp's final score at the same width.
pub const TARGET_TIMES_BP: f64 = 2.0;

impl Default for WidthSpec {
    /// Widths 16 … 512; bp, FA, node and weight perturbation; the essay's
    /// rates (weight perturbation's extended downward) and seeds; 1,000
    /// steps (the widest students cost 60× a default step).
    fn default() -> Self {
        Self {
            widths: vec![16, 32, 64, 128, 256, 512],
            grid: GridSpec {
                methods: vec![
                    Method::Bp,
                    Method::Fa,
                    Method::NodePerturbation,
                    Method::WeightPerturbation,
                ],
                lrs: ESSAY_LRS.to_vec(),
                seeds: ESSAY_SEEDS.to_vec(),
                wp_extra_lrs: WP_EXTRA_LRS.to_vec(),
                base: RunConfig {
                    steps: 1000,
                    ..RunConfig::default()
                },
                ..GridSpec::default()
            },
            every: 50,
        }
    }
}

/// One (method, width) of the study.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WidthRow {
    pub method: Method,
    pub width: usize,
    /// The student's weights at this width.
    pub weights: usize,
    pub best_lr: Option<f64>,
    /// Median final test nMSE over seeds at the best rate (+∞ if every
    /// rate diverged).
    #[serde(serialize_with = "crate::lab::study::summary::finite_or_null")]
    pub median: f64,
    pub diverged_runs: usize,
    /// The first measured step at which the median curve (over seeds, at
    /// the best rate) is at or below the target; `None` if it never is.
    pub steps_to_target: Option<usize>,
}

impl WidthSpec {
    /// The grid at one width.
    pub fn at(&self, width: usize) -> GridSpec {
        let mut g = self.grid.clone();
        g.base.hidden = width;
        g
    }

    /// Every run, widths outermost.
    pub fn jobs(&self) -> Vec<RunConfig> {
        self.widths
            .iter()
            .flat_map(|&w| self.at(w).jobs())
            .collect()
    }
}

/// Runs the study on `threads` threads.
pub fn run_width(
    spec: &WidthSpec,
    task: Arc<Task>,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<WidthRow> {
    let runs = run_each(&spec.jobs(), threads, progress, |cfg| {
        run_job(cfg, task.clone(), Some(spec.every))
    });
    rows(spec, &task.shape, &runs)
}

/// The study's rows from its runs.
/// A width some of whose runs are missing is left out (the page draws the
/// study as each width finishes).
pub fn rows(spec: &WidthSpec, shape: &TaskShape, runs: &[CurveRun]) -> Vec<WidthRow> {
    let mut out = Vec::new();
    for &width in &spec.widths {
        let g = spec.at(width);
        let mine: Vec<&CurveRun> = runs.iter().filter(|r| r.run.cfg.hidden == width).collect();
        if mine.len() < g.jobs().len() {
            continue;
        }
        let plain: Vec<Run> = mine.iter().map(|r| r.run.clone()).collect();
        let summary = summarise(&g, &plain);
        let bp = summary.iter().find(|s| s.method == Method::Bp);
        let target = bp
            .map(|s| s.median * TARGET_TIMES_BP)
            .filter(|t| t.is_finite());
        let s = shape;
        for row in &summary {
            let curves: Vec<&[(usize, f64)]> = mine
                .iter()
                .filter(|r| r.run.cfg.method == row.method && Some(r.run.cfg.lr) == row.best_lr)
                .map(|r| r.curve.as_slice())
                .collect();
            out.push(WidthRow {
                method: row.method,
                width,
                weights: n_weights(&layer_sizes(s.inputs, width, g.base.depth, s.outputs)),
                best_lr: row.best_lr,
                median: row.median,
                diverged_runs: row.diverged_runs,
                steps_to_target: target.and_then(|t| first_at_or_below(&curves, t)),
            });
        }
    }
    out
}

/// The first step at which the median over `curves` is at or below
/// `target` (a curve that stopped early counts as +∞ from there on).
fn first_at_or_below(curves: &[&[(usize, f64)]], target: f64) -> Option<usize> {
    let longest = curves.iter().max_by_key(|c| c.len())?;
    longest.iter().enumerate().find_map(|(i, &(step, _))| {
        let at: Vec<f64> = curves
            .iter()
            .map(|c| c.get(i).map_or(f64::INFINITY, |p| p.1))
            .collect();
        (median(&at) <= target).then_some(step)
    })
}
