//! Studies larger than one machine: `ablate --shard K/N --json F` runs the
//! K-th of N disjoint slices of the run list (job i belongs to slice
//! i mod N + 1, in the grid's fixed order) and writes every run whole;
//! `merge F…` checks the slices belong to one grid and cover it once, and
//! reports exactly what one `ablate` of that grid reports.

use super::fail;
use super::lab::{report, Opts};
use super::progress::Progress;
use crate::lab::config::{angles_from_json, angles_to_json, AnglesJson};
use crate::lab::grid::{run_each, run_one, GridSpec, Run};
use crate::lab::{RunConfig, RunResult};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// One run as a shard file keeps it (non-finite numbers as null).
#[derive(Serialize, Deserialize)]
struct RunRecord {
    cfg: RunConfig,
    nmse: Option<f64>,
    diverged: bool,
    steps_done: usize,
    angles: AnglesJson,
}

/// A shard file.
#[derive(Serialize, Deserialize)]
struct ShardFile {
    /// (K, N), 1-based.
    shard: (usize, usize),
    spec: GridSpec,
    runs: Vec<RunRecord>,
}

pub(super) fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("could not read --shard '{s}'; write K/N with 1 ≤ K ≤ N");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n) = (
        k.trim().parse::<usize>().map_err(|_| bad())?,
        n.trim().parse::<usize>().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// The jobs of slice `k` of `n`.
fn slice(spec: &GridSpec, (k, n): (usize, usize)) -> Vec<RunConfig> {
    spec.jobs()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % n == k - 1)
        .map(|(_, c)| c)
        .collect()
}

pub(super) fn ablate_shard(o: &Opts, shard: (usize, usize)) -> i32 {
    let Some(path) = &o.json else {
        return fail("--shard writes its runs with --json FILE (merge them with `merge`)");
    };
    let jobs = slice(&o.spec, shard);
    let task = Arc::new(o.spec.task());
    let start = Instant::now();
    let bar = Progress::new(jobs.len(), "runs");
    let runs = run_each(
        &jobs,
        super::lab::threads(),
        |d, t| bar.set(d, t),
        |cfg| run_one(cfg, task.clone()),
    );
    bar.finish();
    let file = ShardFile {
        shard,
        spec: o.spec.clone(),
        runs: runs.iter().map(record).collect(),
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
        o.spec.jobs().len(),
        start.elapsed().as_secs_f64()
    );
    0
}

fn record(r: &Run) -> RunRecord {
    let fin = |x: f64| x.is_finite().then_some(x);
    RunRecord {
        cfg: r.cfg,
        nmse: fin(r.result.nmse),
        diverged: r.result.diverged,
        steps_done: r.result.steps_done,
        angles: angles_to_json(&r.angles),
    }
}

fn run_of(r: RunRecord) -> Run {
    Run {
        cfg: r.cfg,
        result: RunResult {
            nmse: r.nmse.unwrap_or(f64::INFINITY),
            diverged: r.diverged,
            steps_done: r.steps_done,
        },
        angles: angles_from_json(&r.angles),
    }
}

/// `merge FILE… [--json F] [--csv F]`.
pub fn merge(args: &[String]) -> i32 {
    match merged(args) {
        Ok((o, runs, files)) => report(&o, &runs, &format!("merged from {files} shard files")),
        Err(e) => fail(&e),
    }
}

fn merged(args: &[String]) -> Result<(Opts, Vec<Run>, usize), String> {
    let (mut files, mut json, mut csv) = (Vec::new(), None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => json = Some(it.next().ok_or("--json needs a file name")?.clone()),
            "--csv" => csv = Some(it.next().ok_or("--csv needs a file name")?.clone()),
            f if f.starts_with("--") => return Err(format!("unknown option '{f}'")),
            f => files.push(f.to_string()),
        }
    }
    if files.is_empty() {
        return Err("merge needs the shard files ablate --shard wrote".into());
    }
    let mut shards = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("could not read {f}: {e}"))?;
        let s: ShardFile =
            serde_json::from_str(&text).map_err(|e| format!("{f} is not a shard file: {e}"))?;
        shards.push((f, s));
    }
    let (spec, n) = (shards[0].1.spec.clone(), shards[0].1.shard.1);
    let mut seen = vec![false; n];
    for (f, s) in &shards {
        if s.spec != spec || s.shard.1 != n {
            return Err(format!("{f} belongs to another grid than {}", shards[0].0));
        }
        if std::mem::replace(&mut seen[s.shard.0 - 1], true) {
            return Err(format!("shard {}/{n} is given twice", s.shard.0));
        }
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(format!("shard {}/{n} is missing", k + 1));
    }
    // back into the grid's order: job i is the (i / n)-th run of slice i mod n
    let mut slices: Vec<Vec<RunRecord>> = (0..n).map(|_| Vec::new()).collect();
    for (_, s) in shards {
        slices[s.shard.0 - 1] = s.runs;
    }
    let jobs = spec.jobs();
    let mut iters: Vec<_> = slices.into_iter().map(Vec::into_iter).collect();
    let mut runs = Vec::with_capacity(jobs.len());
    for (i, job) in jobs.iter().enumerate() {
        let r = iters[i % n].next().ok_or("a shard file has too few runs")?;
        if r.cfg != *job {
            return Err(format!("a shard's run {i} is not the grid's job {i}"));
        }
        runs.push(run_of(r));
    }
    let o = Opts {
        spec,
        json,
        csv,
        shard: None,
    };
    Ok((o, runs, files.len()))
}
