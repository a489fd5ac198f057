//! Studies larger than one machine: `ablate`, `depth` and `width` with
//! `--shard K/N --json F` run the K-th of N disjoint slices of the study's
//! run list (job i belongs to slice i mod N + 1, in the study's fixed
//! order) and write every run whole; `merge F…` checks the slices belong
//! to one study and cover it once, and reports exactly what one run of
//! that study reports.

use super::fail;
use super::lab::{report, Opts};
use super::progress::Progress;
use crate::lab::config::Run;
use crate::lab::config::{angles_from_json, angles_to_json, AnglesJson};
use crate::lab::grid::run_each;
use crate::lab::precision::{run_job, CurveRun};
use crate::lab::study::Study;
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
    /// The test-error curve, for a study that keeps one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    curve: Vec<(usize, Option<f64>)>,
}

/// A shard file.
#[derive(Serialize, Deserialize)]
struct ShardFile {
    /// (K, N), 1-based.
    shard: (usize, usize),
    study: Study,
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
    let task = Arc::new(study.task());
    let start = Instant::now();
    let bar = Progress::new(jobs.len(), "runs");
    let every = study.every();
    let runs = run_each(
        &jobs,
        super::lab::threads(),
        |d, t| bar.set(d, t),
        |cfg| run_job(cfg, task.clone(), every),
    );
    bar.finish();
    let file = ShardFile {
        shard,
        study: study.clone(),
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
        study.jobs().len(),
        start.elapsed().as_secs_f64()
    );
    0
}

fn record(c: &CurveRun) -> RunRecord {
    let fin = |x: f64| x.is_finite().then_some(x);
    let r = &c.run;
    RunRecord {
        cfg: r.cfg,
        nmse: fin(r.result.nmse),
        diverged: r.result.diverged,
        steps_done: r.result.steps_done,
        angles: angles_to_json(&r.angles),
        curve: c.curve.iter().map(|&(s, v)| (s, fin(v))).collect(),
    }
}

fn run_of(r: RunRecord) -> CurveRun {
    let curve = r
        .curve
        .iter()
        .map(|&(s, v)| (s, v.unwrap_or(f64::INFINITY)))
        .collect();
    let run = Run {
        cfg: r.cfg,
        result: RunResult {
            nmse: r.nmse.unwrap_or(f64::INFINITY),
            diverged: r.diverged,
            steps_done: r.steps_done,
        },
        angles: angles_from_json(&r.angles),
    };
    CurveRun { run, curve }
}

/// `merge FILE… [--json F] [--csv F]`: the report of the study the shards
/// belong to.
pub fn merge(args: &[String]) -> i32 {
    let (study, runs, files, json, csv) = match merged(args) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    let took = format!("merged from {files} shard files");
    let plain = || runs.iter().map(|r| r.run.clone()).collect::<Vec<_>>();
    match study {
        Study::Ablate(spec) => report(
            &Opts {
                spec,
                json,
                csv,
                shard: None,
            },
            &plain(),
            &took,
        ),
        Study::Depth(spec) => super::depth::report(&spec, &plain(), json, csv, &took),
        Study::Width(spec) if csv.is_none() => super::width::report(&spec, &runs, json, &took),
        Study::Width(_) => fail("a width study writes --json only"),
    }
}

type Merged = (Study, Vec<CurveRun>, usize, Option<String>, Option<String>);

fn merged(args: &[String]) -> Result<Merged, String> {
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
        return Err("merge needs the shard files ablate, depth or width --shard wrote".into());
    }
    let mut shards = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("could not read {f}: {e}"))?;
        let s: ShardFile =
            serde_json::from_str(&text).map_err(|e| format!("{f} is not a shard file: {e}"))?;
        shards.push((f, s));
    }
    let (study, n) = (shards[0].1.study.clone(), shards[0].1.shard.1);
    let mut seen = vec![false; n];
    for (f, s) in &shards {
        let (k, m) = s.shard;
        if m == 0 || k == 0 || k > m {
            return Err(format!(
                "{f} names shard {k}/{m}; a shard is K/N with 1 ≤ K ≤ N"
            ));
        }
        if s.study != study || s.shard.1 != n {
            return Err(format!("{f} belongs to another study than {}", shards[0].0));
        }
        if std::mem::replace(&mut seen[s.shard.0 - 1], true) {
            return Err(format!("shard {}/{n} is given twice", s.shard.0));
        }
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(format!("shard {}/{n} is missing", k + 1));
    }
    // back into the study's order: job i is the (i / n)-th run of slice i mod n
    let mut slices: Vec<Vec<RunRecord>> = (0..n).map(|_| Vec::new()).collect();
    for (_, s) in shards {
        slices[s.shard.0 - 1] = s.runs;
    }
    let jobs = study.jobs();
    let mut iters: Vec<_> = slices.into_iter().map(Vec::into_iter).collect();
    let mut runs = Vec::with_capacity(jobs.len());
    for (i, job) in jobs.iter().enumerate() {
        let r = iters[i % n].next().ok_or("a shard file has too few runs")?;
        if r.cfg != *job {
            return Err(format!("a shard's run {i} is not the study's job {i}"));
        }
        runs.push(run_of(r));
    }
    if iters.iter_mut().any(|it| it.next().is_some()) {
        return Err("a shard file has more runs than its slice of the study".into());
    }
    Ok((study, runs, files.len(), json, csv))
}
