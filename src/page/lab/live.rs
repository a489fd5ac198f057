//! The live side-by-side run as a small message protocol, so that the same
//! code trains in a Web Worker and, as a fallback and in native tests, on
//! the page: the page sends `Command`s, the engine answers with `LiveReport`s.

use crate::lab::method::Method;
use crate::lab::train::credit::CreditView;
use crate::lab::train::task::Tasks;
use crate::lab::train::trainer::RunConfig;
use crate::page::lab::session::{RunStatus, Session};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// A fresh set of runs (paused), all on the first one's teacher.
    Start {
        configs: Vec<RunConfig>,
    },
    /// Train until paused or finished.
    Run,
    Pause,
    /// One batch for every run (while paused).
    StepOne,
    /// Report the network panel's preview of this method's next step
    /// (`None` stops the previews).
    Preview {
        method: Option<Method>,
        example: Option<usize>,
    },
}

/// What the engine reports: every run it holds, and the preview asked for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveReport {
    pub runs: Vec<RunStatus>,
    pub preview: Option<CreditView>,
    pub running: bool,
    /// Training steps taken since the last update.
    pub steps: usize,
}

#[derive(Clone, Debug, Default)]
pub struct LiveEngine {
    tasks: Tasks,
    session: Option<Session>,
    running: bool,
    preview: Option<(Method, Option<usize>)>,
    steps: usize,
}

impl LiveEngine {
    pub fn handle(&mut self, cmd: Command) -> LiveReport {
        match cmd {
            Command::Start { configs } => {
                let shape = configs.first().copied().unwrap_or_default().task_shape();
                let task = self.tasks.get(shape);
                self.session = Some(Session::new(&configs, task));
                self.running = false;
            }
            Command::Run => self.running = !self.finished(),
            Command::Pause => self.running = false,
            Command::StepOne => {
                self.running = false;
                if let Some(s) = &mut self.session {
                    self.steps += s.advance(1);
                }
            }
            Command::Preview { method, example } => {
                self.preview = method.map(|m| (m, example));
            }
        }
        self.update()
    }

    /// Trains while running, until `budget_ms` have passed on `now`'s
    /// clock; returns whether it is still running.
    pub fn work(&mut self, budget_ms: f64, now: &dyn Fn() -> f64) -> bool {
        let start = now();
        if let (true, Some(s)) = (self.running, &mut self.session) {
            while now() - start < budget_ms && s.step_one() {
                self.steps += 1;
            }
            if s.finished() {
                self.running = false;
            }
        }
        self.running
    }

    pub fn finished(&self) -> bool {
        self.session.as_ref().is_none_or(Session::finished)
    }

    /// The state to report, with the panel's preview; resets the step count.
    pub fn update(&mut self) -> LiveReport {
        self.report(true)
    }

    /// The state to report, with the preview only if `preview` (while
    /// running, a caller may send it less often than the curves).
    pub fn report(&mut self, preview: bool) -> LiveReport {
        let s = self.session.as_ref();
        LiveReport {
            runs: s.map(Session::statuses).unwrap_or_default(),
            preview: self
                .preview
                .filter(|_| preview)
                .and_then(|(m, ex)| s.and_then(|s| s.credit(m, ex))),
            running: self.running,
            steps: std::mem::take(&mut self.steps),
        }
    }
}
