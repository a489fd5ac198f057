//! A grid run under its protocol: every job on its own teacher draw, and
//! under the careful protocol the rates extended until each rule's chosen
//! rate is inside its grid (reading the table after each round).

use crate::lab::method::Method;
use crate::lab::study::grid::{run_each, run_one, GridSpec};
use crate::lab::study::summary::summarise;
use crate::lab::train::config::{Protocol, Run};

/// Runs every job of `spec`, each on its own teacher draw, and under the
/// careful protocol goes on extending the rates (`GridSpec::extend`)
/// until every chosen rate is inside its grid. `spec` comes back with the
/// rates added; `progress(done, total)` after each run (the total grows
/// with each extension).
pub fn run_grid(
    spec: &mut GridSpec,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<Run> {
    let task_of = spec.task_of();
    let mut jobs = spec.jobs();
    let mut runs: Vec<Run> = Vec::new();
    let mut total = jobs.len();
    loop {
        let before = runs.len();
        let more = run_each(
            &jobs,
            threads,
            |d, _| progress(before + d, total),
            |cfg| run_one(cfg, task_of(&cfg)),
        );
        runs.extend(more);
        if spec.base.protocol != Protocol::Careful {
            return runs;
        }
        let chosen: Vec<(Method, Option<f64>)> = summarise(spec, &runs)
            .iter()
            .map(|s| (s.method, s.best_lr))
            .collect();
        jobs = spec.extend(&chosen);
        if jobs.is_empty() {
            return runs;
        }
        total += jobs.len();
    }
}
