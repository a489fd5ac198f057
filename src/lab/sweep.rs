//! The ablation sweep: every method × learning rate × seed, run on all
//! cores natively, then summarised as the essay does: per method, the
//! learning rate with the best median over seeds (a diverged run counts as
//! +∞), and the FA alignment-angle series at that rate.

use super::method::Method;
use super::task::Task;
use super::trainer::{RunConfig, RunResult, Trainer};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The essay's learning-rate grid.
pub const ESSAY_LRS: [f64; 5] = [0.01, 0.02, 0.05, 0.1, 0.2];
pub const ESSAY_SEEDS: [u64; 3] = [0, 1, 2];

#[derive(Clone, Debug, PartialEq)]
pub struct SweepSpec {
    pub methods: Vec<Method>,
    pub lrs: Vec<f64>,
    pub seeds: Vec<u64>,
    /// Steps, batch, hidden size and σ for every run (method, lr and seed
    /// are overwritten per job).
    pub base: RunConfig,
}

impl Default for SweepSpec {
    /// The essay's whole table: 12 methods × 5 rates × 3 seeds.
    fn default() -> Self {
        Self {
            methods: Method::ALL.to_vec(),
            lrs: ESSAY_LRS.to_vec(),
            seeds: ESSAY_SEEDS.to_vec(),
            base: RunConfig::default(),
        }
    }
}

impl SweepSpec {
    /// Every run's configuration, methods outermost.
    pub fn jobs(&self) -> Vec<RunConfig> {
        let mut out = Vec::new();
        for &method in &self.methods {
            for &lr in &self.lrs {
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

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub cfg: RunConfig,
    pub result: RunResult,
    pub angles: Vec<(usize, f64)>,
}

/// Runs one configuration to the end.
pub fn run_one(cfg: RunConfig, task: Arc<Task>) -> Run {
    let mut t = Trainer::new(cfg, task);
    let result = t.run();
    Run {
        cfg,
        result,
        angles: t.angles,
    }
}

/// Runs every job on `threads` threads; `progress(done, total)` after each.
pub fn run_parallel(
    spec: &SweepSpec,
    task: Arc<Task>,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<Run> {
    let jobs = spec.jobs();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<Run>>> = Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&cfg) = jobs.get(i) else { break };
                let run = run_one(cfg, task.clone());
                out.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(run);
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

/// One method's line in the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub method: Method,
    /// `None` when every learning rate's median diverged.
    pub best_lr: Option<f64>,
    /// +∞ when diverged (printed as "diverged", `null` in JSON).
    #[serde(serialize_with = "finite_or_null")]
    pub median: f64,
    #[serde(serialize_with = "finite_or_null_vec")]
    pub seed_scores: Vec<f64>,
    pub diverged_runs: usize,
    pub essay: Option<f64>,
}

fn finite_or_null<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() {
        s.serialize_some(x)
    } else {
        s.serialize_none()
    }
}

fn finite_or_null_vec<S: serde::Serializer>(v: &[f64], s: S) -> Result<S::Ok, S::Error> {
    let o: Vec<Option<f64>> = v.iter().map(|x| x.is_finite().then_some(*x)).collect();
    serde::Serialize::serialize(&o, s)
}

impl Summary {
    /// Says so where our result differs from the essay's by more than a
    /// factor of two, or diverges where the essay's did not (or the
    /// reverse), and points at the reason.
    pub fn note(&self) -> Option<String> {
        let ours = self.median;
        match (self.method.essay(), self.method) {
            (None, Method::SignDropped) if ours.is_finite() => {
                Some("differs: ours did not diverge at every rate".into())
            }
            (None, _) => None,
            (Some(_), Method::WeightPerturbation) if !ours.is_finite() => Some(
                "differs: ours diverged at every rate of the grid; the one-shot estimate is about √N times \
                 longer than the gradient, so it needs smaller rates (README; try lrs 0.0001–0.01)"
                    .into(),
            ),
            (Some(_), _) if !ours.is_finite() => Some("differs: ours diverged".into()),
            (Some(e), _) => {
                let ratio = ours / e;
                (!(0.5..=2.0).contains(&ratio)).then(|| format!("differs: {ratio:.1}× the essay's (see README)"))
            }
        }
    }
}

/// The table as CSV, one row per method.
pub fn summary_csv(summary: &[Summary]) -> String {
    let mut s = String::from("method,removes,best_lr,median,seed_scores,diverged_runs,essay\n");
    for r in summary {
        let f = |x: f64| {
            if x.is_finite() {
                x.to_string()
            } else {
                "diverged".into()
            }
        };
        let seeds: Vec<String> = r.seed_scores.iter().map(|&x| f(x)).collect();
        s += &format!(
            "{},{},{},{},{},{},{}\n",
            r.method.id(),
            r.method.removes().replace(", ", "+"),
            r.best_lr.map_or(String::new(), |l| l.to_string()),
            f(r.median),
            seeds.join(";"),
            r.diverged_runs,
            r.method.essay_text()
        );
    }
    s
}

/// The median, with +∞ for diverged runs; the mean of the middle two for
/// an even count.
pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Per method: the learning rate with the best median over seeds.
pub fn summarise(spec: &SweepSpec, runs: &[Run]) -> Vec<Summary> {
    spec.methods
        .iter()
        .map(|&method| {
            let mine: Vec<&Run> = runs.iter().filter(|r| r.cfg.method == method).collect();
            let scores_at = |lr: f64| -> Vec<f64> {
                mine.iter()
                    .filter(|r| r.cfg.lr == lr)
                    .map(|r| r.result.nmse)
                    .collect()
            };
            let best = spec
                .lrs
                .iter()
                .map(|&lr| (lr, median(&scores_at(lr))))
                .filter(|(_, m)| m.is_finite())
                .min_by(|a, b| a.1.total_cmp(&b.1));
            let (best_lr, med, seed_scores) = match best {
                Some((lr, m)) => (Some(lr), m, scores_at(lr)),
                None => (None, f64::INFINITY, vec![f64::INFINITY; spec.seeds.len()]),
            };
            Summary {
                method,
                best_lr,
                median: med,
                seed_scores,
                diverged_runs: mine.iter().filter(|r| r.result.diverged).count(),
                essay: method.essay(),
            }
        })
        .collect()
}

/// The angle series in one line, at the steps the essay reports, beside
/// the essay's numbers.
pub fn angle_summary(steps: &[usize], degrees: &[f64]) -> String {
    let at: Vec<String> = steps
        .iter()
        .zip(degrees)
        .filter(|(s, _)| [0, 300, 1200, 2000, 2900].contains(*s))
        .map(|(s, d)| format!("{d:.1}° at step {s}"))
        .collect();
    format!(
        "FA alignment angle (W₂, median over seeds at the selected rate): {}. Essay: 90.5° at 0, 56° at 300, 40–47° from 1,200.",
        at.join(", ")
    )
}

/// Microseconds per training step of `method`, after 200 warm-up steps,
/// timed by `now_ms` (the caller's clock: `Instant` natively,
/// `Date.now()` in a browser). A tiny rate keeps every method from
/// diverging and stopping early.
pub fn time_step(method: Method, task: Arc<Task>, steps: usize, now_ms: impl Fn() -> f64) -> f64 {
    let cfg = RunConfig {
        method,
        lr: 1e-5,
        steps: usize::MAX,
        ..RunConfig::default()
    };
    let mut t = Trainer::new(cfg, task);
    for _ in 0..200 {
        t.step();
    }
    let start = now_ms();
    for _ in 0..steps {
        t.step();
    }
    (now_ms() - start) * 1000.0 / steps.max(1) as f64
}

/// The alignment-angle series of `method` (FA) at its selected learning
/// rate: the median over seeds at each measured step.
pub fn angle_series(
    runs: &[Run],
    summary: &[Summary],
    method: Method,
) -> Option<(Vec<usize>, Vec<f64>)> {
    let lr = summary.iter().find(|s| s.method == method)?.best_lr?;
    let series: Vec<&Vec<(usize, f64)>> = runs
        .iter()
        .filter(|r| r.cfg.method == method && r.cfg.lr == lr)
        .map(|r| &r.angles)
        .collect();
    let n = series.iter().map(|s| s.len()).min()?;
    let steps = (0..n).map(|i| series[0][i].0).collect();
    let degrees = (0..n)
        .map(|i| median(&series.iter().map(|s| s[i].1).collect::<Vec<_>>()))
        .collect();
    Some((steps, degrees))
}

/// The sweep in chunks, for a page that must stay responsive: one job at
/// a time, `advance(n)` steps at most `n` training steps.
#[derive(Clone, Debug)]
pub struct SweepRunner {
    pub spec: SweepSpec,
    jobs: Vec<RunConfig>,
    task: Arc<Task>,
    current: Option<Trainer>,
    next: usize,
    pub runs: Vec<Run>,
}

impl SweepRunner {
    pub fn new(spec: SweepSpec, task: Arc<Task>) -> Self {
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
                        self.current.insert(Trainer::new(cfg, self.task.clone()))
                    }
                    None => break,
                },
            };
            while left > 0 && !t.finished() {
                t.step();
                left -= 1;
            }
            if t.finished() {
                let result = t.result();
                let angles = std::mem::take(&mut t.angles);
                self.runs.push(Run {
                    cfg: t.cfg,
                    result,
                    angles,
                });
                self.current = None;
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
