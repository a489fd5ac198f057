//! `creditflow width`: the width study (`lab::width`) on the terminal.

use crate::cli::fail;
use crate::cli::opts::{parse_opts, study_list, threads};
use crate::cli::progress::Progress;
use crate::lab::study::grid::run_each;
use crate::lab::study::width::{rows, WidthRow, WidthSpec, TARGET_TIMES_BP};
use crate::lab::study::Study;
use crate::lab::train::precision::{run_job, CurveRun};
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

/// The study's settings from the command line: `--widths` here, the rest
/// as `ablate` reads them.
fn parse(args: &[String]) -> Result<(WidthSpec, crate::cli::opts::Opts), String> {
    let mut spec = WidthSpec::default();
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--widths" {
            spec.widths = study_list(a, it.next())?.widths;
        } else {
            rest.push(a.clone());
        }
    }
    let o = parse_opts(&rest, spec.grid.clone())?;
    if o.csv.is_some() {
        return Err("width writes --json only".into());
    }
    spec.grid = o.spec.clone();
    Ok((spec, o))
}

pub fn width(args: &[String]) -> i32 {
    let (spec, o) = match parse(args) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    if let Some(shard) = o.shard {
        return crate::cli::shard::run_shard(&Study::Width(spec), shard, o.json.as_ref());
    }
    let task = Arc::new(spec.grid.task());
    let start = Instant::now();
    let bar = Progress::new(spec.jobs().len(), "runs");
    let n = threads();
    let runs = run_each(
        &spec.jobs(),
        n,
        |d, t| bar.set(d, t),
        |cfg| run_job(cfg, task.clone(), Some(spec.every)),
    );
    bar.finish();
    let took = format!("on {n} threads in {:.1} s", start.elapsed().as_secs_f64());
    report(&spec, &runs, o.json, &took)
}

/// The table and the JSON file from every run of `spec`.
pub(super) fn report(spec: &WidthSpec, runs: &[CurveRun], json: Option<String>, took: &str) -> i32 {
    let rows = rows(spec, &spec.grid.shape(), runs);
    print_rows(&rows, spec);
    println!(
        "{} runs of {} steps {took}",
        runs.len(),
        spec.grid.base.steps
    );
    if let Some(path) = json {
        let out = json!({
            "provenance": spec.grid.provenance(),
            "steps": spec.grid.base.steps,
            "precision": spec.grid.base.precision,
            "teacher_gain": spec.grid.base.teacher.gain,
            "teacher_depth": spec.grid.base.teacher.depth,
            "target_times_bp": TARGET_TIMES_BP,
            "rows": rows,
        });
        return crate::cli::write(
            &path,
            &serde_json::to_string_pretty(&out).unwrap_or_default(),
        );
    }
    0
}

fn print_rows(rows: &[WidthRow], spec: &WidthSpec) {
    println!(
        "{:<27} {:>6} {:>8} {:>8} {:>9} {:>9}  steps to {TARGET_TIMES_BP}× bp's score (of {}, measured every {})",
        "method", "width", "weights", "best lr", "median", "diverged", spec.grid.base.steps, spec.every
    );
    for r in rows {
        let runs = spec.at(r.width).runs_for(r.method);
        println!(
            "{:<27} {:>6} {:>8} {:>8} {:>9} {:>9}  {}",
            r.method.name(),
            r.width,
            r.weights,
            r.best_lr.map_or("—".into(), |l| l.to_string()),
            crate::cli::score(r.median),
            format!("{}/{runs}", r.diverged_runs),
            r.steps_to_target.map_or("never".into(), |s| s.to_string())
        );
    }
}
