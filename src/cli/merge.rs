//! `merge F…`: checks that shard files belong to one study and cover it
//! once, and reports exactly what one run of that study reports.

use crate::cli::fail;
use crate::cli::opts::Opts;
use crate::lab::study::Study;
use crate::lab::study::StudyFile;
use crate::lab::train::precision::{CurveRun, RunRecord};

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
        runs.push(r.into_run());
    }
    if iters.iter_mut().any(|it| it.next().is_some()) {
        return Err("a shard file has more runs than its slice of the study".into());
    }
    Ok((study, runs, files.len(), json, csv))
}
