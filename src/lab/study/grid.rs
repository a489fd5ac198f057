//! The ablation grid: every method × learning rate × seed, run on all
//! cores natively or in chunks in a page; `summary` makes the essay's table
//! of it. ("Grid", not "sweep": the sweep is the backward pass.)

use crate::lab::method::Method;
use crate::lab::slices::Slices;
use crate::lab::train::config::Precision;
use crate::lab::train::config::{Run, RunConfig};
use crate::lab::train::precision::{CurveRun, CurveTraining, Training};
use crate::lab::train::task::{Task, TaskShape};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub use crate::lab::method::{ESSAY_LRS, PC_EXTRA_LRS, WP_EXTRA_LRS};
pub const ESSAY_SEEDS: [u64; 3] = [0, 1, 2];

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GridSpec {
    pub methods: Vec<Method>,
    pub lrs: Vec<f64>,
    pub seeds: Vec<u64>,
    /// Rates tried for weight perturbation besides `lrs` (see `WP_EXTRA_LRS`).
    pub wp_extra_lrs: Vec<f64>,
    /// Steps, batch, hidden size, σ, precision and the teacher for every
    /// run (method, lr and seed are overwritten per job).
    pub base: RunConfig,
}

impl Default for GridSpec {
    /// The essay's whole table: 12 methods × 5 rates × 3 seeds.
    fn default() -> Self {
        Self {
            methods: Method::ALL.to_vec(),
            lrs: ESSAY_LRS.to_vec(),
            seeds: ESSAY_SEEDS.to_vec(),
            wp_extra_lrs: WP_EXTRA_LRS.to_vec(),
            base: RunConfig::default(),
        }
    }
}

impl GridSpec {
    /// The rates tried for `method`, ascending.
    pub fn lrs_for(&self, method: Method) -> Vec<f64> {
        let mut v = self.lrs.clone();
        // weight perturbation's extra rates are a setting of the grid
        let extra = if method == Method::WeightPerturbation {
            &self.wp_extra_lrs[..]
        } else {
            method.def().extra_lrs
        };
        v.extend(extra.iter().filter(|x| !self.lrs.contains(x)));
        v.sort_by(f64::total_cmp);
        v
    }

    /// Runs in all.
    pub fn runs_for(&self, method: Method) -> usize {
        self.lrs_for(method).len() * self.seeds.len()
    }

    /// The task every run of this grid learns.
    pub fn task(&self) -> Task {
        Task::new(self.shape())
    }

    /// That task's shape.
    pub fn shape(&self) -> TaskShape {
        self.base.task_shape()
    }

    /// Every run's configuration, methods outermost.
    pub fn jobs(&self) -> Vec<RunConfig> {
        let mut out = Vec::new();
        for &method in &self.methods {
            for lr in self.lrs_for(method) {
                for &seed in &self.seeds {
                    out.push(RunConfig {
                        method,
                        lr,
                        seed,
                        ..self.base
                    });
                }
            }
        }
        out
    }
}

/// Runs one configuration to the end.
pub fn run_one(cfg: RunConfig, task: Arc<Task>) -> Run {
    crate::lab::train::precision::run_job(cfg, task, None).run
}

/// Runs every job of `spec` on `threads` threads; `progress(done, total)`
/// after each.
pub fn run_parallel(
    spec: &GridSpec,
    task: Arc<Task>,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<Run> {
    run_each(&spec.jobs(), threads, progress, |cfg| {
        run_one(cfg, task.clone())
    })
}

/// `run(job)` for every job on `threads` threads, results in the jobs'
/// order; `progress(done, total)` after each.
pub fn run_each<R: Send>(
    jobs: &[RunConfig],
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
    run: impl Fn(RunConfig) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&cfg) = jobs.get(i) else { break };
                let r = run(cfg);
                out.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
            });
        }
    });
    out.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// Microseconds per training step of `method`, after 200 warm-up steps,
/// timed by `now_ms` (the caller's clock: `Instant` natively,
/// `Date.now()` in a browser). A tiny rate keeps every method from
/// diverging and stopping early.
pub fn time_step(
    method: Method,
    precision: Precision,
    task: Arc<Task>,
    steps: usize,
    now_ms: impl Fn() -> f64,
) -> f64 {
    let cfg = RunConfig {
        method,
        precision,
        lr: 1e-5,
        steps: usize::MAX,
        ..RunConfig::default()
    };
    let mut t = Training::new(cfg, task);
    for _ in 0..200 {
        t.step();
    }
    let start = now_ms();
    for _ in 0..steps {
        t.step();
    }
    (now_ms() - start) * 1000.0 / steps.max(1) as f64
}

/// A study's training runs, a few steps at a time (the page's fallback
/// when Web Workers cannot start), each with its curve if `every`.
#[derive(Clone, Debug)]
pub struct JobSlices {
    jobs: Vec<RunConfig>,
    every: Option<usize>,
    task: Arc<Task>,
    current: Option<(usize, CurveTraining)>,
}

impl JobSlices {
    pub fn new(jobs: Vec<RunConfig>, every: Option<usize>, task: Arc<Task>) -> Self {
        Self {
            jobs,
            every,
            task,
            current: None,
        }
    }
}

/// Training steps between looks at the clock.
const STEPS_PER_LOOK: usize = 4;

impl Slices for JobSlices {
    type Done = CurveRun;

    fn jobs(&self) -> usize {
        self.jobs.len()
    }

    fn work_on(&mut self, i: usize, out_of_time: &mut dyn FnMut() -> bool) -> Option<CurveRun> {
        let cfg = *self.jobs.get(i)?;
        if self.current.as_ref().is_none_or(|(j, _)| *j != i) {
            let t = CurveTraining::new(cfg, self.task.clone(), self.every);
            self.current = Some((i, t));
        }
        loop {
            let (_, t) = self.current.as_mut()?;
            for _ in 0..STEPS_PER_LOOK {
                if t.finished() {
                    break;
                }
                t.step();
            }
            if t.finished() {
                return self.current.take().map(|(_, t)| t.finish());
            }
            if out_of_time() {
                return None;
            }
        }
    }

    fn partial(&self) -> f64 {
        self.current.as_ref().map_or(0.0, |(i, t)| {
            t.steps_done() as f64 / self.jobs[*i].steps.max(1) as f64
        })
    }
}

/// Each method's best rate on the grid at the defaults (its row's
/// `best_lr`; a long-mode test re-derives them).
pub fn default_best_lr(m: Method) -> f64 {
    m.def().best_lr
}
