//! `creditflow ablate | scaling | bench`: the instrument on the terminal.

use crate::cli::fail;
use crate::cli::opts::{parse_opts, threads, Opts};
use crate::cli::progress::Progress;
use crate::lab::study::grid::{run_parallel, GridSpec};
use crate::lab::study::summary::{angle_series, angle_summary, readout_floor, summarise, Summary};
use crate::lab::train::config::Run;
use crate::lab::Method;
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

pub fn ablate(args: &[String]) -> i32 {
    let o = match parse_opts(args, GridSpec::default()) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    if let Some(shard) = o.shard {
        let study = crate::lab::study::Study::Ablate(o.spec.clone());
        return crate::cli::shard::run_shard(&study, shard, o.json.as_ref());
    }
    let task = Arc::new(o.spec.task());
    let start = Instant::now();
    let n = threads();
    let bar = Progress::new(o.spec.jobs().len(), "runs");
    let runs = run_parallel(&o.spec, task, n, |done, total| bar.set(done, total));
    bar.finish();
    let took = format!("on {n} threads in {:.1} s", start.elapsed().as_secs_f64());
    report(&o, &runs, &took)
}

/// The table, the FA angle and the files `o` asks for, from every run of
/// `o.spec` (in its jobs' order); `took` says how they were run.
pub(super) fn report(o: &Opts, runs: &[Run], took: &str) -> i32 {
    let summary = summarise(&o.spec, runs);
    print_table(&summary, &o.spec);
    println!("{} runs {took}", runs.len());
    let angle = angle_series(runs, &summary, Method::Fa, 1);
    if let Some((steps, deg)) = &angle {
        println!("{}", angle_summary(steps, deg));
    }
    if let Some(path) = &o.json {
        let mut out = json!({
            "precision": o.spec.base.precision,
            "teacher_gain": o.spec.base.teacher.gain,
            "rules": o.spec.base.rules,
            "runs": runs_json(runs),
            "summary": summary,
            "angles": angles_json(runs, &summary),
        });
        if let Some((steps, degrees)) = angle {
            out["angle"] = json!({ "steps": steps, "degrees": degrees });
        }
        if let Err(e) = std::fs::write(path, serde_json::to_string_pretty(&out).unwrap_or_default())
        {
            eprintln!("error: could not write {path}: {e}");
            return 1;
        }
    }
    if let Some(path) = &o.csv {
        if let Err(e) = std::fs::write(path, runs_csv(runs)) {
            eprintln!("error: could not write {path}: {e}");
            return 1;
        }
    }
    0
}

/// Per method, at its best rate, the median over seeds of each layer's
/// angle series: `{"fa": {"steps": […], "W1": […], "W2": […], "W3": […]}}`
/// (`null` where a layer was left unchanged).
fn angles_json(runs: &[Run], summary: &[Summary]) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for s in summary {
        let layers: Vec<_> = (0..3)
            .filter_map(|l| angle_series(runs, summary, s.method, l))
            .collect();
        let Some((steps, _)) = layers.first() else {
            continue;
        };
        let mut m = json!({ "steps": steps });
        for (l, (_, deg)) in layers.iter().enumerate() {
            let v: Vec<Option<f64>> = deg.iter().map(|d| d.is_finite().then_some(*d)).collect();
            m[format!("W{}", l + 1)] = json!(v);
        }
        out.insert(s.method.id().into(), m);
    }
    serde_json::Value::Object(out)
}

fn runs_json(runs: &[Run]) -> serde_json::Value {
    runs.iter()
        .map(|r| {
            json!({
                "method": r.cfg.method.id(), "lr": r.cfg.lr, "seed": r.cfg.seed,
                "nmse": r.result.nmse.is_finite().then_some(r.result.nmse),
                "diverged": r.result.diverged, "steps_done": r.result.steps_done,
            })
        })
        .collect()
}

/// One row per run: method,lr,seed,nmse,diverged,steps_done.
pub fn runs_csv(runs: &[Run]) -> String {
    let mut s = String::from("method,lr,seed,nmse,diverged,steps_done\n");
    for r in runs {
        let nmse = if r.result.nmse.is_finite() {
            format!("{}", r.result.nmse)
        } else {
            String::new()
        };
        s += &format!(
            "{},{},{},{},{},{}\n",
            r.cfg.method.id(),
            r.cfg.lr,
            r.cfg.seed,
            nmse,
            r.result.diverged,
            r.result.steps_done
        );
    }
    s
}

fn fmt_score(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.3}")
    } else {
        "diverged".into()
    }
}

fn print_table(summary: &[Summary], spec: &GridSpec) {
    let floor = readout_floor(summary);
    let nw = summary
        .iter()
        .map(|s| s.method.name().chars().count())
        .fold(27, usize::max);
    let rw = summary
        .iter()
        .map(|s| s.method.removes().chars().count())
        .fold(7, usize::max);
    println!(
        "{:<nw$} {:<rw$} {:>8} {:>9} {:>7}  {:<26} {:>8}  {:<18}",
        "method", "removes", "best lr", "median", "× bp", "seed scores", "diverged", "essay"
    );
    for s in summary {
        let seeds: Vec<String> = s.seed_scores.iter().map(|&x| fmt_score(x)).collect();
        let lr = s.best_lr.map_or("—".into(), |l| format!("{l}"));
        println!(
            "{:<nw$} {:<rw$} {:>8} {:>9} {:>7}  {:<26} {:>5}/{:<2}  {:<18}{}",
            s.method.name(),
            s.method.removes(),
            lr,
            fmt_score(s.median),
            s.ratio_to_bp.map_or("—".into(), |r| format!("{r:.1}")),
            seeds.join(" "),
            s.diverged_runs,
            spec.runs_for(s.method),
            s.method.essay_text(),
            s.note(floor, spec.base.steps)
                .map(|n| format!("  ← {n}"))
                .unwrap_or_default()
        );
    }
    if summary.iter().any(|s| s.method.classifies()) {
        let t = spec.task();
        println!(
            "forward_forward and bp_classify learn another task: the class is the teacher's strongest output; \
             their “median” is the test error rate and “× bp” is against bp_classify (always guessing the \
             commonest class errs {:.3})",
            crate::lab::train::batch::majority_error(&t.t_test)
        );
    }
}
