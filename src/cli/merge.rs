//! `merge F…`: checks that shard files belong to one study and cover it
//! once (its counts, lists and settings within the flags' limits before
//! anything is allocated), and reports exactly what one run of that
//! study reports.

use crate::cli::fail;
use crate::cli::opts::Opts;
use crate::lab::study::grid::GridSpec;
use crate::lab::study::{Study, StudyFile, MAX_JOBS};
use crate::lab::train::config::MAX_DEPTH;
use crate::lab::train::precision::{CurveRun, RunRecord};
use crate::page::lab::settings::{MAX_STEPS, WIDTHS};

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
        Study::Ablate(spec) => crate::cli::lab::report(
            &Opts {
                spec,
                json,
                csv,
                shard: None,
            },
            &plain(),
            &took,
        ),
        Study::Depth(spec) => crate::cli::depth::report(&spec, &plain(), json, csv, &took),
        Study::Width(spec) if csv.is_none() => crate::cli::width::report(&spec, &runs, json, &took),
        Study::Width(_) => fail("a width study writes --json only"),
    }
}

type Merged = (Study, Vec<CurveRun>, usize, Option<String>, Option<String>);

/// The most shards, entries in one of a study's lists, and runs a study
/// file may name (`merge` allocates from them).
pub const MAX_SHARDS: usize = 100_000;
pub const MAX_LIST: usize = 1_000;

/// A shard file's counts, lists and settings within the flags' limits,
/// checked before anything is allocated from them.
fn bounded(s: &StudyFile) -> Result<(), String> {
    let (k, n) = s.shard;
    if n == 0 || k == 0 || k > n || n > MAX_SHARDS {
        return Err(format!(
            "it names shard {k}/{n}; a shard is K/N with 1 ≤ K ≤ N ≤ {MAX_SHARDS}"
        ));
    }
    let (grid, sizes): (&GridSpec, &[usize]) = match &s.study {
        Study::Ablate(g) => (g, &[]),
        Study::Depth(d) => (&d.grid, &d.depths),
        Study::Width(w) => (&w.grid, &w.widths),
    };
    let lists = [
        ("methods", grid.methods.len()),
        (
            "rates",
            grid.lrs.len() + grid.wp_extra_lrs.len() + grid.added_lrs.len(),
        ),
        ("seeds", grid.seeds.len()),
        ("teacher draws", grid.task_seeds.len()),
        ("depths or widths", sizes.len()),
    ];
    for (what, len) in lists {
        if len > MAX_LIST {
            return Err(format!("its study lists {len} {what}; at most {MAX_LIST}"));
        }
    }
    if s.study.jobs_bounded().is_none() {
        return Err(format!("its study has more than {MAX_JOBS} runs"));
    }
    if s.runs.len() > MAX_JOBS {
        return Err(format!(
            "it holds {} runs; at most {MAX_JOBS}",
            s.runs.len()
        ));
    }
    let b = &grid.base;
    let within = |what: &str, v: usize, r: std::ops::RangeInclusive<usize>| {
        if r.contains(&v) {
            Ok(())
        } else {
            Err(format!(
                "its {what} is {v}; the flags allow {} to {}",
                r.start(),
                r.end()
            ))
        }
    };
    within("steps", b.steps, 1..=MAX_STEPS)?;
    within("hidden size", b.hidden, WIDTHS)?;
    within("depth", b.depth, 1..=MAX_DEPTH)?;
    within("teacher depth", b.teacher.depth, 1..=MAX_DEPTH)?;
    within("batch", b.batch, 1..=MAX_BATCH)?;
    for &d in sizes {
        match &s.study {
            Study::Depth(_) => within("depth", d, 1..=MAX_DEPTH)?,
            _ => within("width", d, WIDTHS)?,
        }
    }
    if let Study::Width(w) = &s.study {
        within("test interval", w.every, 1..=MAX_STEPS)?;
    }
    Ok(())
}

/// The largest batch a study file may name.
pub const MAX_BATCH: usize = 10_000;

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
        let s: StudyFile =
            serde_json::from_str(&text).map_err(|e| format!("{f} is not a shard file: {e}"))?;
        shards.push((f, s));
    }
    for (f, s) in &shards {
        bounded(s).map_err(|e| format!("{f}: {e}"))?;
    }
    let (study, n) = (shards[0].1.study.clone(), shards[0].1.shard.1);
    let mut seen = vec![false; n];
    for (f, s) in &shards {
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
        runs.push(r.into_run());
    }
    if iters.iter_mut().any(|it| it.next().is_some()) {
        return Err("a shard file has more runs than its slice of the study".into());
    }
    Ok((study, runs, files.len(), json, csv))
}
