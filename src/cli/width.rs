//! `creditflow width`: the width study (`lab::width`) on the terminal.

use super::fail;
use super::lab::{list, parse_opts, threads};
use super::progress::Progress;
use crate::lab::width::{run_width, WidthRow, WidthSpec, TARGET_TIMES_BP};
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

/// The study's settings from the command line: `--widths` here, the rest
/// as `ablate` reads them.
fn parse(args: &[String]) -> Result<(WidthSpec, Option<String>), String> {
    let mut spec = WidthSpec::default();
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--widths" {
            spec.widths = list(it.next(), "--widths", |p| {
                p.parse::<usize>().ok().filter(|w| (1..=4096).contains(w))
            })
            .map_err(|e| format!("{e}; a width is a whole number from 1 to 4096"))?;
        } else {
            rest.push(a.clone());
        }
    }
    let o = parse_opts(&rest, spec.grid.clone())?;
    if o.csv.is_some() {
        return Err("width writes --json only".into());
    }
    spec.grid = o.spec;
    Ok((spec, o.json))
}

pub fn width(args: &[String]) -> i32 {
    let (spec, json_path) = match parse(args) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    let task = Arc::new(spec.grid.task());
    let start = Instant::now();
    let bar = Progress::new(spec.jobs().len(), "runs");
    let rows = run_width(&spec, task, threads(), |d, t| bar.set(d, t));
    bar.finish();
    print_rows(&rows, &spec);
    println!(
        "{} runs of {} steps on {} threads in {:.1} s",
        spec.jobs().len(),
        spec.grid.base.steps,
        threads(),
        start.elapsed().as_secs_f64()
    );
    if let Some(path) = json_path {
        let out = json!({
            "steps": spec.grid.base.steps,
            "precision": spec.grid.base.precision,
            "teacher_gain": spec.grid.gain,
            "target_times_bp": TARGET_TIMES_BP,
            "rows": rows,
        });
        if let Err(e) = std::fs::write(
            &path,
            serde_json::to_string_pretty(&out).unwrap_or_default(),
        ) {
            eprintln!("error: could not write {path}: {e}");
            return 1;
        }
    }
    0
}

fn print_rows(rows: &[WidthRow], spec: &WidthSpec) {
    println!(
        "{:<27} {:>6} {:>8} {:>8} {:>9} {:>9}  steps to {TARGET_TIMES_BP}× bp's score (of {}, measured every {})",
        "method", "width", "weights", "best lr", "median", "diverged", spec.grid.base.steps, spec.every
    );
    for r in rows {
        let median = if r.median.is_finite() {
            format!("{:.3}", r.median)
        } else {
            "diverged".into()
        };
        let runs = spec.at(r.width).runs_for(r.method);
        println!(
            "{:<27} {:>6} {:>8} {:>8} {:>9} {:>9}  {}",
            r.method.name(),
            r.width,
            r.weights,
            r.best_lr.map_or("—".into(), |l| l.to_string()),
            median,
            format!("{}/{runs}", r.diverged_runs),
            r.steps_to_target.map_or("never".into(), |s| s.to_string())
        );
    }
}
