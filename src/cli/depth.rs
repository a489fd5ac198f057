//! `creditflow depth`: the depth study (`lab::depth`) on the terminal.

use crate::cli::fail;
use crate::cli::opts::{list, parse_opts, study_list, threads, Opts};
use crate::cli::progress::Progress;
use crate::lab::study::depth::{rows_csv, run_depth, study, teacher_name, DepthSpec, DepthStudy};
use crate::lab::study::Study;
use crate::lab::train::config::Run;
use crate::lab::Method;
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

/// The study's settings from the command line: `--depths` and `--width`
/// here, the rest as `ablate` reads them.
fn parse(args: &[String]) -> Result<(DepthSpec, Opts), String> {
    let mut spec = DepthSpec::default();
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depths" => spec.depths = study_list(a, it.next())?.depths,
            "--width" => {
                let v = list(it.next(), "--width", |p| {
                    p.parse::<usize>().ok().filter(|w| (1..=4096).contains(w))
                })
                .map_err(|e| format!("{e}; the width is a whole number from 1 to 4096"))?;
                spec.grid.base.hidden = v[0];
            }
            _ => rest.push(a.clone()),
        }
    }
    let o = parse_opts(&rest, spec.grid.clone())?;
    spec.grid = o.spec.clone();
    spec.check()?;
    Ok((spec, o))
}

pub fn depth(args: &[String]) -> i32 {
    let (spec, o) = match parse(args) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    if let Some(shard) = o.shard {
        return crate::cli::shard::run_shard(&Study::Depth(spec), shard, o.json.as_ref());
    }
    let task = Arc::new(spec.grid.task());
    let start = Instant::now();
    let bar = Progress::new(spec.jobs().len(), "runs");
    let n = threads();
    let s = run_depth(&spec, task, n, |d, t| bar.set(d, t));
    bar.finish();
    let took = format!("on {n} threads in {:.1} s", start.elapsed().as_secs_f64());
    finish(&spec, &s, spec.jobs().len(), o.json, o.csv, &took)
}

/// The table and files from every run of `spec` (merged shards).
pub(super) fn report(
    spec: &DepthSpec,
    runs: &[Run],
    json: Option<String>,
    csv: Option<String>,
    took: &str,
) -> i32 {
    finish(spec, &study(spec, runs), runs.len(), json, csv, took)
}

fn finish(
    spec: &DepthSpec,
    s: &DepthStudy,
    runs: usize,
    json: Option<String>,
    csv: Option<String>,
    took: &str,
) -> i32 {
    print_rows(s, spec);
    let g = &spec.grid;
    println!(
        "{runs} runs of {} steps, width {}, teacher {} {took}",
        g.base.steps,
        g.base.hidden,
        teacher_name(g.base.teacher.depth)
    );
    if let Some(path) = json {
        let out = json!({
            "provenance": g.provenance(),
            "steps": g.base.steps,
            "width": g.base.hidden,
            "precision": g.base.precision,
            "teacher_gain": g.base.teacher.gain,
            "teacher_depth": g.base.teacher.depth,
            "rows": s.rows,
            "angles": s.angles,
        });
        let code = crate::cli::write(
            &path,
            &serde_json::to_string_pretty(&out).unwrap_or_default(),
        );
        if code != 0 {
            return code;
        }
    }
    if let Some(path) = csv {
        return crate::cli::write(&path, &rows_csv(s));
    }
    0
}

/// Medians by method (rows) and depth (columns), then each ratio to bp,
/// then FA's and DFA's angles per layer.
fn print_rows(s: &DepthStudy, spec: &DepthSpec) {
    let depths = s.depths();
    let head: String = depths
        .iter()
        .map(|d| format!("{:>14}", format!("L={d}")))
        .collect();
    println!("test nMSE (median over seeds, best rate), × bp at the same depth");
    println!("{:<27}{head}", "method");
    for &m in &spec.grid.methods {
        let cells: String = depths
            .iter()
            .map(|&d| match s.row(m, d) {
                Some(r) => {
                    let ratio = r.ratio_to_bp.map_or(String::new(), |x| format!(" {x:.1}×"));
                    format!("{:>14}", format!("{}{ratio}", crate::cli::score(r.median)))
                }
                None => format!("{:>14}", "—"),
            })
            .collect();
        println!("{:<27}{cells}", m.name());
    }
    for m in [Method::Fa, Method::Dfa] {
        for &d in &depths {
            let a: Vec<String> = s
                .angles
                .iter()
                .filter(|a| a.method == m && a.depth == d)
                .map(|a| format!("W{} {:.0}°", a.layer, a.degrees))
                .collect();
            if !a.is_empty() {
                println!("{} angle at depth {d}: {}", m.short_name(), a.join(", "));
            }
        }
    }
}
