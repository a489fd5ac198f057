//! The ablation grid: every method × learning rate × seed, run on all
//! cores natively or in chunks in a page; `summary` makes the essay's table
//! of it. ("Grid", not "sweep": the sweep is the backward pass.)

use crate::lab::method::Method;
use crate::lab::train::config::Precision;
use crate::lab::train::config::{Run, RunConfig};
use crate::lab::train::precision::Training;
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

/// The grid in chunks, for a page that must stay responsive: one job at
/// a time, `advance(n)` steps at most `n` training steps.
#[derive(Clone, Debug)]
pub struct GridRunner {
    pub spec: GridSpec,
    jobs: Vec<RunConfig>,
    task: Arc<Task>,
    current: Option<Training>,
    next: usize,
    pub runs: Vec<Run>,
}

impl GridRunner {
    pub fn new(spec: GridSpec, task: Arc<Task>) -> Self {
        Self {
            jobs: spec.jobs(),
            spec,
            task,
            current: None,
            next: 0,
            runs: Vec::new(),
        }
    }

    /// Runs up to `steps` training steps; returns how many it ran.
    pub fn advance(&mut self, steps: usize) -> usize {
        let mut left = steps;
        while left > 0 {
            let t = match &mut self.current {
                Some(t) => t,
                None => match self.jobs.get(self.next) {
                    Some(&cfg) => {
                        self.next += 1;
                        self.current.insert(Training::new(cfg, self.task.clone()))
                    }
                    None => break,
                },
            };
            while left > 0 && !t.finished() {
                t.step();
                left -= 1;
            }
            if t.finished() {
                if let Some(t) = self.current.take() {
                    self.runs.push(t.into_run());
                }
            }
        }
        steps - left
    }

    pub fn finished(&self) -> bool {
        self.runs.len() == self.jobs.len()
    }

    /// (jobs done, jobs in all).
    pub fn counts(&self) -> (usize, usize) {
        (self.runs.len(), self.jobs.len())
    }

    /// Fraction done, by steps (a diverged run counts as complete).
    pub fn fraction(&self) -> f64 {
        let per = self.spec.base.steps.max(1) as f64;
        let partial = self
            .current
            .as_ref()
            .map_or(0.0, |t| t.steps_done() as f64 / per);
        ((self.runs.len() as f64 + partial) / self.jobs.len().max(1) as f64).min(1.0)
    }
}

/// Each method's best rate on the grid at the defaults (its row's
/// `best_lr`; a long-mode test re-derives them).
pub fn default_best_lr(m: Method) -> f64 {
    m.def().best_lr
}
