//! What the page and its Web Workers say to each other: a job of a study
//! or a live command one way, a finished run (or "ready") the other, as
//! JSON text.

use crate::lab::data::registry::Source;
use crate::lab::train::precision::RunRecord;
use crate::lab::RunConfig;
use crate::page::lab::live::Command;
use serde::{Deserialize, Serialize};

/// What a worker sends back for one job. (JSON has no ∞: a diverged
/// run's score travels as `None`.)
#[derive(Serialize, Deserialize)]
pub struct Reply {
    pub index: usize,
    /// The run, in the wire form the shard files use too (nested, not
    /// flattened: serde's flatten buffers every field and costs the page
    /// size).
    pub run: RunRecord,
}

/// A live command as a worker message.
pub fn live_message(cmd: &Command) -> ToWorker {
    ToWorker::Live(cmd.clone())
}

#[derive(Serialize, Deserialize)]
pub struct Job {
    pub index: usize,
    pub cfg: RunConfig,
    /// Keep the test error every this many steps.
    #[serde(default)]
    pub every: Option<usize>,
}

/// A message to a worker: one grid job, a command for its live runs, or
/// a dataset its runs may name (sent once, before them).
#[derive(Serialize, Deserialize)]
pub enum ToWorker {
    Job(Job),
    Live(Command),
    Data(Source),
}

/// The datasets a worker that has had the first `sent` sources still
/// needs, as messages; `sent` then counts them all.
pub fn catch_up(sent: &mut usize) -> Vec<String> {
    let all = crate::lab::data::registry::sources();
    let new = all
        .iter()
        .skip(*sent)
        .filter_map(|s| serde_json::to_string(&ToWorker::Data(s.clone())).ok())
        .collect();
    *sent = all.len();
    new
}

/// A worker's first message: its handler is installed. It names its
/// build (`ready_message`).
pub const READY: &str = "ready";

/// The first message of a worker of this build: "ready:<build id>".
pub fn ready_message() -> String {
    format!("{READY}:{}", crate::lab::provenance::BUILD)
}

/// What a tab says when its workers are of a newer build.
pub const NEW_VERSION: &str = "a new version of Credit Flow is available: reload the page to use it (this run goes on in this tab, on the version it opened with)";
