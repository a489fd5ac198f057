//! What the page and its Web Workers say to each other: a job of a study
//! or a live command one way, a finished run (or "ready") the other, as
//! JSON text.

use crate::lab::train::precision::RunRecord;
use crate::lab::RunConfig;
use crate::page::lab::live::Command;
use serde::{Deserialize, Serialize};

/// What a worker sends back for one job. (JSON has no ∞: a diverged
/// run's score travels as `None`.)
#[derive(Serialize, Deserialize)]
pub(crate) struct Reply {
    pub(crate) index: usize,
    /// The run, in the wire form the shard files use too (nested, not
    /// flattened: serde's flatten buffers every field and costs the page
    /// size).
    pub(crate) run: RunRecord,
}

/// A live command as a worker message.
pub(crate) fn live_message(cmd: &Command) -> ToWorker {
    ToWorker::Live(cmd.clone())
}

#[derive(Serialize, Deserialize)]
pub(crate) struct Job {
    pub(crate) index: usize,
    pub(crate) cfg: RunConfig,
    /// Keep the test error every this many steps.
    #[serde(default)]
    pub(crate) every: Option<usize>,
}

/// A message to a worker: one grid job, or a command for its live runs.
#[derive(Serialize, Deserialize)]
pub(crate) enum ToWorker {
    Job(Job),
    Live(Command),
}

/// A worker's first message: its handler is installed.
pub(crate) const READY: &str = "ready";
