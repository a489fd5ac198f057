//! Studies larger than one machine: `ablate`, `depth` and `width` with
//! `--shard K/N --json F` run the K-th of N disjoint slices of the study's
//! run list (job i belongs to slice i mod N + 1, in the study's fixed
//! order) and write every run whole (`merge` reads them back).

use crate::cli::fail;
use crate::cli::opts::threads;
use crate::cli::progress::Progress;
use crate::lab::study::grid::run_each;
use crate::lab::study::{Study, StudyFile};
use crate::lab::train::precision::{run_job, RunRecord};
use crate::lab::RunConfig;
use std::time::Instant;

/// The jobs of slice `k` of `n`.
fn slice(study: &Study, (k, n): (usize, usize)) -> Vec<RunConfig> {
    study
        .jobs()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % n == k - 1)
        .map(|(_, c)| c)
        .collect()
}

/// Runs one slice of `study` and writes it to `json`.
pub(super) fn run_shard(study: &Study, shard: (usize, usize), json: Option<&String>) -> i32 {
    let Some(path) = json else {
        return fail("--shard writes its runs with --json FILE (merge them with `merge`)");
    };
    let jobs = slice(study, shard);
    let task_of = study.grid().task_of();
    let start = Instant::now();
    let bar = Progress::new(jobs.len(), "runs");
    let every = study.every();
    let runs = run_each(
        &jobs,
        threads(),
        |d, t| bar.set(d, t),
        |cfg| run_job(cfg, task_of(&cfg), every),
    );
    bar.finish();
    let file = StudyFile {
        shard,
        study: study.clone(),
        runs: runs.iter().map(RunRecord::from).collect(),
    };
    if let Err(e) = std::fs::write(path, serde_json::to_string(&file).unwrap_or_default()) {
        eprintln!("error: could not write {path}: {e}");
        return 1;
    }
    println!(
        "shard {}/{}: {} of {} runs in {:.1} s, written to {path}",
        shard.0,
        shard.1,
        runs.len(),
        study.jobs().len(),
        start.elapsed().as_secs_f64()
    );
    0
}
