//! The ablation grid: every method × learning rate × seed, run on all
//! cores natively or in chunks in a page; `summary` makes the essay's table
//! of it. ("Grid", not "sweep": the sweep is the backward pass.)

use crate::lab::method::Method;
use crate::lab::slices::Slices;
use crate::lab::train::config::Precision;
use crate::lab::train::config::{Protocol, Run, RunConfig};
use crate::lab::train::precision::{CurveRun, CurveTraining, Training};
use crate::lab::train::task::{Task, TaskShape, Tasks};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub use crate::lab::method::{ESSAY_LRS, PC_EXTRA_LRS, WP_EXTRA_LRS};
pub const ESSAY_SEEDS: [u64; 3] = [0, 1, 2];
/// The careful protocol's seeds and teacher draws, unless asked.
pub const CAREFUL_SEEDS: [u64; 5] = [0, 1, 2, 3, 4];
pub const CAREFUL_TASK_SEEDS: [u64; 3] = [0, 1, 2];
/// How many rates past its first grid a careful grid tries for a rule
/// whose chosen rate stays at an edge.
pub const MAX_EXTENSIONS: usize = 4;

fn essay_task_seeds() -> Vec<u64> {
    vec![crate::lab::train::task::TASK_SEED]
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GridSpec {
    pub methods: Vec<Method>,
    pub lrs: Vec<f64>,
    pub seeds: Vec<u64>,
    /// Rates tried for weight perturbation besides `lrs` (see `WP_EXTRA_LRS`).
    pub wp_extra_lrs: Vec<f64>,
    /// Steps, batch, hidden size, σ, precision, the teacher and the
    /// protocol for every run (method, lr, seed and the teacher's draw are
    /// overwritten per job).
    pub base: RunConfig,
    /// The teacher draws (`Teacher::seed`), a second source of variation
    /// beside the seeds; the essay's one draw unless asked.
    #[serde(default = "essay_task_seeds")]
    pub task_seeds: Vec<u64>,
    /// Rates a careful grid added per rule, past `lrs`, because the rule's
    /// chosen rate sat at an edge (`extend`).
    #[serde(default)]
    pub added_lrs: Vec<(Method, f64)>,
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
            task_seeds: essay_task_seeds(),
            added_lrs: Vec::new(),
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
        v.extend(
            self.added_lrs
                .iter()
                .filter(|(m, _)| *m == method)
                .map(|a| a.1),
        );
        v.sort_by(f64::total_cmp);
        v.dedup();
        v
    }

    /// Runs in all.
    pub fn runs_for(&self, method: Method) -> usize {
        self.lrs_for(method).len() * self.seeds.len() * self.task_seeds.len().max(1)
    }

    /// The grid under a protocol, with that protocol's seeds and teacher
    /// draws (the essay's: its 3 seeds and one draw; careful: 5 seeds and
    /// 3 draws).
    pub fn with_protocol(mut self, p: Protocol) -> Self {
        self.base.protocol = p;
        let (seeds, draws): (&[u64], Vec<u64>) = match p {
            Protocol::Essay => (&ESSAY_SEEDS, essay_task_seeds()),
            Protocol::Careful => (&CAREFUL_SEEDS, CAREFUL_TASK_SEEDS.to_vec()),
        };
        self.seeds = seeds.to_vec();
        self.task_seeds = draws;
        self
    }

    /// How a file was made, in words and numbers: enough, with the spec
    /// itself, to run it again (`creditflow rerun`).
    pub fn provenance(&self) -> serde_json::Value {
        let spec = self;
        let rates: serde_json::Map<String, serde_json::Value> = spec
            .methods
            .iter()
            .map(|&m| (m.id().to_string(), serde_json::json!(spec.lrs_for(m))))
            .collect();
        crate::lab::provenance::stamp(serde_json::json!({
            "command": "creditflow rerun THIS_FILE reruns it",
            "protocol": spec.base.protocol.id(),
            "task": spec.base.teacher.data,
            "task_text": spec.base.teacher.data.describe(),
            "arch": spec.base.arch,
            "protocol_text": spec.base.protocol.describe(),
            "precision": spec.base.precision,
            "steps": spec.base.steps,
            "batch": spec.base.batch,
            "hidden": spec.base.hidden,
            "depth": spec.base.depth,
            "sigma": spec.base.sigma,
            "teacher": spec.base.teacher,
            "rules": spec.base.rules,
            "seeds": spec.seeds,
            "task_seeds": spec.task_seeds,
            "rates_tried": rates,
        }))
    }

    /// The task of this grid's first teacher draw.
    pub fn task(&self) -> Task {
        Task::new(self.shape())
    }

    /// One task per teacher draw, in `task_seeds`' order.
    pub fn tasks(&self) -> Vec<Arc<Task>> {
        self.draws()
            .into_iter()
            .map(|d| Arc::new(Task::new(self.shape_of(d))))
            .collect()
    }

    /// A run's task: built once per teacher draw, then looked up by the
    /// run's `teacher.seed` (the first draw's for a seed not in the grid).
    pub fn task_of(&self) -> impl Fn(&RunConfig) -> Arc<Task> + Sync {
        let tasks = self.tasks();
        let draws = self.draws();
        move |cfg| {
            let i = draws
                .iter()
                .position(|d| *d == cfg.teacher.seed)
                .unwrap_or(0);
            tasks[i].clone()
        }
    }

    /// The teacher draws (the essay's one when none is given).
    pub fn draws(&self) -> Vec<u64> {
        if self.task_seeds.is_empty() {
            essay_task_seeds()
        } else {
            self.task_seeds.clone()
        }
    }

    fn shape_of(&self, draw: u64) -> TaskShape {
        let mut s = self.shape();
        s.teacher.seed = draw;
        s
    }

    /// That task's shape (the first teacher draw's).
    pub fn shape(&self) -> TaskShape {
        let mut s = self.base.task_shape();
        s.teacher.seed = self.draws()[0];
        s
    }

    /// Every run's configuration, methods outermost, then rates, teacher
    /// draws and seeds.
    pub fn jobs(&self) -> Vec<RunConfig> {
        self.jobs_of(&self.methods, |m| self.lrs_for(m))
    }

    /// The jobs of `methods` at the rates `lrs` gives each.
    pub fn jobs_of(&self, methods: &[Method], lrs: impl Fn(Method) -> Vec<f64>) -> Vec<RunConfig> {
        let mut out = Vec::new();
        for &method in methods {
            for lr in lrs(method) {
                for draw in self.draws() {
                    for &seed in &self.seeds {
                        let mut cfg = RunConfig {
                            method,
                            lr,
                            seed,
                            ..self.base
                        };
                        cfg.teacher.seed = draw;
                        out.push(cfg);
                    }
                }
            }
        }
        out
    }

    /// The careful protocol's extension: for every rule whose chosen rate
    /// (`chosen`) is the largest or smallest it tried, the next rate
    /// beyond on a log scale (×2 up, ÷2 down), unless it has had
    /// `MAX_EXTENSIONS` already. Returns the new jobs (empty: every chosen
    /// rate is inside its grid, or the rule is out of extensions).
    pub fn extend(&mut self, chosen: &[(Method, Option<f64>)]) -> Vec<RunConfig> {
        let mut added = Vec::new();
        for &(m, lr) in chosen {
            let Some(lr) = lr else { continue };
            let tried = self.lrs_for(m);
            let had = self.added_lrs.iter().filter(|a| a.0 == m).count();
            if had >= MAX_EXTENSIONS {
                continue;
            }
            let next = match edge(&tried, lr) {
                Some(Edge::Top) => lr * 2.0,
                Some(Edge::Bottom) => lr / 2.0,
                None => continue,
            };
            self.added_lrs.push((m, next));
            added.push((m, next));
        }
        let methods: Vec<Method> = added.iter().map(|a| a.0).collect();
        self.jobs_of(&methods, |m| {
            added.iter().filter(|a| a.0 == m).map(|a| a.1).collect()
        })
    }
}

/// Which end of the rates tried a chosen rate sits at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    Top,
    Bottom,
}

/// `Some` when `lr` is the largest or smallest of `tried` (and `tried`
/// has more than one rate).
pub fn edge(tried: &[f64], lr: f64) -> Option<Edge> {
    if tried.len() < 2 {
        return None;
    }
    if tried.last() == Some(&lr) {
        Some(Edge::Top)
    } else if tried.first() == Some(&lr) {
        Some(Edge::Bottom)
    } else {
        None
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
/// (`base`'s task and first layer) timed by `now_ms` (the caller's clock: `Instant` natively,
/// `Date.now()` in a browser). A tiny rate keeps every method from
/// diverging and stopping early.
pub fn time_step(
    base: RunConfig,
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
        ..base
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
    /// Each job's task by its shape (its teacher draw, its split).
    tasks: Tasks,
    current: Option<(usize, CurveTraining)>,
}

impl JobSlices {
    /// `task` is the first job's; others are made as their jobs start.
    pub fn new(jobs: Vec<RunConfig>, every: Option<usize>, task: Arc<Task>) -> Self {
        Self {
            jobs,
            every,
            tasks: Tasks::with(task),
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
            let t = CurveTraining::new(cfg, self.tasks.get(cfg.task_shape()), self.every);
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
