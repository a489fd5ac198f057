//! The lab's controller: everything the lab page knows and schedules, as a
//! plain type with no signals and no browser types. The view calls its
//! methods and draws its fields; native tests drive it the same way.
//! Live runs go to an engine (`LiveEngine`): here on the page, or in Web
//! Workers, in which case the commands wait in `outbox` for the view to post.

use crate::lab::method::Method;
use crate::lab::study::grid::GridSpec;
use crate::lab::study::scaling::{ScalingRow, ScalingRun, SAMPLES, WIDTHS};
use crate::lab::study::summary::Summary;
use crate::lab::train::config::Precision;
use crate::lab::train::config::Run;
use crate::lab::train::credit::CreditView;
use crate::lab::train::task::Tasks;
use crate::lab::train::task::Teacher;
use crate::lab::train::trainer::RunConfig;
use crate::page::lab::live::{Command, LiveEngine, LiveReport};
use crate::page::lab::session::RunStatus;

/// What the settings ask the lab to train (`AppState::plan`).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub methods: Vec<Method>,
    /// One rate for all, or each method at its best.
    pub lr: Option<f64>,
    /// Every run's seed, steps, arithmetic and teacher (method and rate
    /// are set per run).
    pub base: RunConfig,
}

/// The file the site ships with the essay's table, and the command that
/// made it (the whole default grid: 12 methods, the essay's rates, seeds
/// 0–2, 3,000 steps, f64, teacher gain 1).
pub const PRECOMPUTED_FILE: &str = "essay-grid.json";
pub const PRECOMPUTED_COMMAND: &str =
    "creditflow ablate --protocol essay --shard 1/1 --json essay-grid.json";

/// The finished grid and its table.
#[derive(Clone, Debug, PartialEq)]
pub struct GridDone {
    /// The grid that ran (for its exports' provenance).
    pub spec: GridSpec,
    pub summary: Vec<Summary>,
    pub runs: Vec<Run>,
    /// The grid's steps, arithmetic and teacher.
    pub steps: usize,
    pub precision: Precision,
    pub teacher: Teacher,
    pub seconds: f64,
    pub steps_per_second: f64,
    /// A classification's chance level: the test error of always guessing
    /// the commonest class (`None` for a regression), found once.
    pub chance: Option<f64>,
    /// Where it ran: "2 workers" or "the main thread" (or, precomputed,
    /// the command that made it).
    pub on: String,
    /// Read from the file shipped with the site, not run here.
    pub precomputed: bool,
}

#[derive(Clone, Debug, Default)]
pub struct GridState {
    pub on: bool,
    /// (runs done, runs in all, fraction).
    pub progress: (usize, usize, f64),
    pub(super) started_ms: f64,
    pub(super) spec: Option<GridSpec>,
    /// The runs of the rounds finished so far (a careful grid runs in
    /// rounds, one more for each rate it adds).
    pub(super) runs: Vec<Run>,
    /// The grid as it was asked (before a careful grid's rounds extend it).
    pub(super) asked: Option<GridSpec>,
    /// Runs finished and not yet placed in a round: the round's under way
    /// and, in a resumed grid, the ones kept from before the reload.
    pub(super) pending: Vec<Run>,
    /// How many of the round's jobs were already done when it started.
    pub(super) round_had: usize,
    /// A grid a reload interrupted: its runs kept, or why it cannot resume.
    pub offer: Option<Result<usize, String>>,
    pub done: Option<GridDone>,
    /// A change of plan while it ran ("the workers did not start: running here").
    pub note: Option<String>,
}

/// The network panel: whose credit it shows, for which example, and the
/// phase of a step being walked (`None`: the whole step at once).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Panel {
    pub method: Option<Method>,
    pub example: Option<usize>,
    pub phase: Option<usize>,
    pub view: Option<CreditView>,
}

/// Where the live runs train.
#[derive(Clone, Debug)]
pub(super) enum Engine {
    Here(Box<LiveEngine>),
    /// In this many workers; run i of the configs goes to worker i mod n.
    Workers(usize),
}

/// The task "your CSV file" before a file is learned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PendingFile {
    /// No file chosen yet.
    None,
    /// This file chosen, not yet learned.
    Unlearned(String),
}

#[derive(Clone, Debug)]
pub struct LabController {
    pub(super) engine: Engine,
    /// Commands for the workers: (worker, command).
    pub outbox: Vec<(usize, Command)>,
    /// Which worker holds each method's run.
    pub(super) owner: Vec<(Method, usize)>,
    pub started: Option<Plan>,
    pub board: Vec<RunStatus>,
    pub running: bool,
    /// Training steps per second lately.
    pub rate: f64,
    pub panel: Panel,
    pub grid: GridState,
    pub(super) tasks: Tasks,
    scaling_run: Option<ScalingRun>,
    pub scaling: Vec<ScalingRow>,
    /// Why the live runs moved to this thread, if they did (the workers
    /// failed or did not start in time).
    pub live_note: Option<String>,
    /// The task "your CSV file" with a file not yet learned, or none:
    /// nothing runs until it is learned or another task chosen, so ▶ run
    /// never trains another task while the file is on screen (`held`).
    pub pending_file: Option<PendingFile>,
}

impl LabController {
    /// Live runs on this thread (`workers == 0`) or in `workers` workers.
    pub fn new(workers: usize) -> Self {
        Self {
            engine: if workers == 0 {
                Engine::Here(Box::default())
            } else {
                Engine::Workers(workers)
            },
            outbox: Vec::new(),
            owner: Vec::new(),
            started: None,
            board: Vec::new(),
            running: false,
            rate: 0.0,
            panel: Panel::default(),
            grid: GridState::default(),
            tasks: Tasks::default(),
            scaling_run: None,
            scaling: Vec::new(),
            live_note: None,
            pending_file: None,
        }
    }

    /// Why ▶ run does nothing now, if it does not.
    pub fn held(&self) -> Option<String> {
        self.pending_file.as_ref().map(|p| match p {
            PendingFile::None => "No file chosen yet: choose a CSV file under the task to train on it, or choose another task.".into(),
            PendingFile::Unlearned(name) => format!("{name} is chosen but not learned yet: press “learn {name}” under the task to train on it, or choose another task."),
        })
    }

    /// Falls back to training on this thread (the workers failed, or did
    /// not say they were ready in time: `why`). The runs start again here,
    /// and go on running if they were.
    pub fn train_here(&mut self, why: String) {
        let was_running = self.running;
        self.engine = Engine::Here(Box::default());
        self.outbox.clear();
        self.live_note = Some(why);
        if let Some(s) = self.started.take() {
            self.start(&s);
            if was_running {
                self.running = true;
                self.send_all(Command::Run);
            }
        }
    }

    pub fn on_workers(&self) -> bool {
        matches!(self.engine, Engine::Workers(_))
    }

    pub fn configs(&self, s: &Plan) -> Vec<RunConfig> {
        s.methods
            .iter()
            .map(|&method| RunConfig {
                method,
                lr: self.lr_for(method, s),
                ..s.base
            })
            .collect()
    }

    /// Fresh runs for `s`, paused at step 0.
    pub fn start(&mut self, s: &Plan) {
        let configs = self.configs(s);
        self.started = Some(s.clone());
        self.running = false;
        self.panel.phase = None;
        self.panel.view = None;
        if self.panel.method.is_none_or(|m| !s.methods.contains(&m)) {
            self.panel.method = s.methods.first().copied();
        }
        match &self.engine {
            Engine::Here(_) => {}
            &Engine::Workers(n) => {
                self.owner = configs
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (c.method, i % n))
                    .collect();
            }
        }
        self.board = Vec::new();
        let per_worker = self.split(&configs);
        for (w, configs) in per_worker {
            self.send_to(w, Command::Start { configs });
        }
        self.send_preview();
    }

    fn split(&self, configs: &[RunConfig]) -> Vec<(usize, Vec<RunConfig>)> {
        match self.engine {
            Engine::Here(_) => vec![(0, configs.to_vec())],
            Engine::Workers(n) => (0..n.min(configs.len().max(1)))
                .map(|w| {
                    let mine = configs.iter().skip(w).step_by(n).copied().collect();
                    (w, mine)
                })
                .collect(),
        }
    }

    pub(super) fn workers(&self) -> usize {
        match self.engine {
            Engine::Here(_) => 1,
            Engine::Workers(n) => n.min(self.owner.len().max(1)),
        }
    }

    pub(super) fn send_to(&mut self, w: usize, cmd: Command) {
        match &mut self.engine {
            Engine::Here(e) => {
                let u = e.handle(cmd);
                self.apply(u);
            }
            Engine::Workers(_) => self.outbox.push((w, cmd)),
        }
    }

    pub(super) fn send_all(&mut self, cmd: Command) {
        for w in 0..self.workers() {
            self.send_to(w, cmd.clone());
        }
    }

    /// Merges an engine's report into the board (a worker reports only
    /// its own runs).
    pub fn apply(&mut self, u: LiveReport) {
        for r in u.runs {
            match self.board.iter_mut().find(|b| b.method() == r.method()) {
                Some(b) => *b = r,
                None => self.board.push(r),
            }
        }
        if let Some(started) = &self.started {
            let order = &started.methods;
            self.board.sort_by_key(|r| {
                order
                    .iter()
                    .position(|m| *m == r.method())
                    .unwrap_or(usize::MAX)
            });
        }
        if u.preview.is_some() {
            self.panel.view = u.preview;
        }
        if self.running && self.finished() {
            self.running = false;
        }
    }

    pub fn finished(&self) -> bool {
        !self.board.is_empty() && self.board.iter().all(|r| r.finished)
    }

    /// Runs (starting fresh if nothing is loaded or the last run finished).
    pub fn run(&mut self, s: &Plan) {
        // (the page loads a task's dataset first; until then nothing can run)
        if !crate::lab::data::registry::ready(s.base.teacher.data) || self.held().is_some() {
            return;
        }
        if self.board.is_empty() || self.finished() || self.started.as_ref() != Some(s) {
            self.start(s);
        }
        self.running = true;
        self.panel.phase = None;
        self.send_all(Command::Run);
    }

    pub fn pause(&mut self) {
        self.running = false;
        self.send_all(Command::Pause);
    }

    pub fn reset(&mut self) {
        self.pause();
        self.started = None;
        self.board.clear();
        self.panel.view = None;
        self.panel.phase = None;
    }

    /// Work for one slice of time: the live runs (when here) and the
    /// scaling table (when `scaling` is wanted and nothing trains: it is
    /// computed on this thread and would slow the page while the workers
    /// report). Returns whether there is more to do. (The grid runs in
    /// `ui::workers::runner`, which has its own fallback.)
    pub fn tick(&mut self, budget_ms: f64, now: &dyn Fn() -> f64, scaling: bool) -> bool {
        let start = now();
        let scaling = scaling && !self.running && !self.grid.on;
        if let Engine::Here(e) = &mut self.engine {
            if self.running {
                e.work(budget_ms, now);
                let u = e.update();
                let secs = ((now() - start) / 1000.0).max(1e-6);
                self.rate = u.steps as f64 / secs;
                self.apply(u);
                self.running = self.running && !self.finished();
            }
        }
        if scaling && self.scaling.len() < WIDTHS.len() {
            let task = self.tasks.get(Teacher::default().shape());
            let run = self
                .scaling_run
                .get_or_insert_with(|| ScalingRun::new(task, &WIDTHS, SAMPLES));
            while now() - start < budget_ms && run.step_one() {}
            if run.rows.len() > self.scaling.len() {
                self.scaling = run.rows.clone();
            }
        }
        let here_running = matches!(self.engine, Engine::Here(_)) && self.running;
        here_running || (scaling && self.scaling.len() < WIDTHS.len())
    }
}
