//! `creditflow ablate | scaling | bench`: the instrument on the terminal.

use crate::cli::fail;
use crate::cli::opts::{parse_opts, threads, Opts};
use crate::cli::progress::Progress;
use crate::lab::study::grid::{Edge, GridSpec};
use crate::lab::study::run::run_grid;
use crate::lab::study::summary::{angle_series, angle_summary, readout_floor, summarise, Summary};
use crate::lab::train::config::Protocol;
use crate::lab::train::config::Run;
use crate::lab::Method;
use serde_json::json;
use std::time::Instant;

/// `ablate`: the careful protocol unless `--protocol essay` is asked.
pub fn ablate(args: &[String]) -> i32 {
    let careful = GridSpec::default().with_protocol(Protocol::Careful);
    let o = match parse_opts(args, careful) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    if let Some(shard) = o.shard {
        if o.spec.base.protocol == Protocol::Careful {
            return fail("--shard runs a fixed list of jobs; the careful protocol extends its grid as it goes: add --protocol essay");
        }
        let study = crate::lab::study::Study::Ablate(o.spec.clone());
        return crate::cli::shard::run_shard(&study, shard, o.json.as_ref());
    }
    run_and_report(o)
}

/// Runs `o`'s grid on every core under its protocol (with a progress
/// bar) and reports it.
fn run_and_report(mut o: Opts) -> i32 {
    if !crate::lab::data::registry::ready(o.spec.base.teacher.data) {
        return fail(
            "this grid learned a CSV file: give it again with --data FILE.csv --target NAME",
        );
    }
    let start = Instant::now();
    let n = threads();
    let bar = Progress::new(o.spec.jobs().len(), "runs");
    let runs = run_grid(&mut o.spec, n, |done, total| bar.set(done, total));
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
        println!("{}", angle_summary(steps, deg, o.spec.base.teacher.data));
    }
    if let Some(path) = &o.json {
        let mut out = json!({
            "provenance": o.spec.provenance(),
            "spec": o.spec,
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

/// `creditflow rerun FILE.json [--json OUT]`: the study an `ablate --json`
/// file describes, run again.
pub fn rerun(args: &[String]) -> i32 {
    let Some(path) = args.first() else {
        return fail("rerun needs the JSON file an ablate --json wrote");
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return fail(&format!("could not read {path}: {e}")),
    };
    let spec: GridSpec = match serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|e| e.to_string())
        .and_then(|v| {
            let s = v
                .get("spec")
                .cloned()
                .ok_or("the file has no \"spec\": write it with ablate --json")?;
            serde_json::from_value(s).map_err(|e| e.to_string())
        }) {
        Ok(s) => s,
        Err(e) => return fail(&format!("{path}: {e}")),
    };
    let o = match parse_opts(&args[1..], spec) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    run_and_report(o)
}

fn runs_json(runs: &[Run]) -> serde_json::Value {
    runs.iter()
        .map(|r| {
            json!({
                "method": r.cfg.method.id(), "lr": r.cfg.lr, "seed": r.cfg.seed,
                "task_seed": r.cfg.teacher.seed,
                "validation": r.result.validation.map(|v| v.is_finite().then_some(v)),
                "nmse": r.result.nmse.is_finite().then_some(r.result.nmse),
                "diverged": r.result.diverged, "steps_done": r.result.steps_done,
            })
        })
        .collect()
}

/// One row per run: method,lr,task_seed,seed,validation,nmse,diverged,steps_done.
pub fn runs_csv(runs: &[Run]) -> String {
    let mut s = String::from("method,lr,task_seed,seed,validation,nmse,diverged,steps_done\n");
    let num = |x: f64| {
        if x.is_finite() {
            format!("{x}")
        } else {
            String::new()
        }
    };
    for r in runs {
        s += &format!(
            "{},{},{},{},{},{},{},{}\n",
            r.cfg.method.id(),
            r.cfg.lr,
            r.cfg.teacher.seed,
            r.cfg.seed,
            r.result.validation.map_or(String::new(), num),
            num(r.result.nmse),
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
        "{:<nw$} {:<rw$} {:>8} {:>9} {:<16} {:>7} {:<13} {:>11}  {:<26} {:>8}  {:<18}",
        "method",
        "removes",
        "best lr",
        "median",
        "95% interval",
        "× bp",
        "95% interval",
        "essay × bp",
        "seed scores",
        "diverged",
        "essay"
    );
    println!("({})", spec.base.protocol.describe());
    for s in summary {
        let seeds: Vec<String> = s.seed_scores.iter().map(|&x| fmt_score(x)).collect();
        let mark = match s.edge {
            Some(Edge::Top) => " ↑",
            Some(Edge::Bottom) => " ↓",
            None => "",
        };
        let lr = s.best_lr.map_or("—".into(), |l| format!("{l}{mark}"));
        println!(
            "{:<nw$} {:<rw$} {:>8} {:>9} {:<16} {:>7} {:<13} {:>11}  {:<26} {:>5}/{:<2}  {:<18}{}",
            s.method.name(),
            s.method.removes(),
            lr,
            fmt_score(s.median),
            s.interval.map_or("—".into(), |i| i.text(3)),
            s.ratio_to_bp.map_or("—".into(), |r| format!("{r:.1}")),
            s.ratio_interval.map_or("—".into(), |i| i.text(1)),
            s.essay_ratio().map_or("—".into(), |e| format!(
                "{e:.1}{}",
                if s.essay_outside() { " ⚑" } else { "" }
            )),
            seeds.join(" "),
            s.diverged_at_best,
            spec.seeds.len() * spec.task_seeds.len().max(1),
            if s.task == crate::lab::data::Data::Teacher {
                s.method.essay_text()
            } else {
                "—".into()
            },
            s.note(floor, spec.base.steps)
                .map(|n| format!("  ← {n}"))
                .unwrap_or_default()
        );
    }
    println!(
        "“diverged”: runs at the chosen rate that diverged, of those at that rate. 95% interval: a bootstrap over the {} seed × teacher-draw pairs at the chosen rate (× bp: resampled in pairs with bp's runs).",
        spec.seeds.len() * spec.task_seeds.len().max(1)
    );
    for s in summary {
        if let Some(r) = s.essay_reason(floor) {
            println!("⚑ {}: {r}", s.method.name());
        }
    }
    let edges: Vec<&str> = summary
        .iter()
        .filter(|s| s.edge.is_some())
        .map(|s| s.method.id())
        .collect();
    if !edges.is_empty() {
        let why = match spec.base.protocol {
            Protocol::Careful => format!(
                "still at an edge after {} added rates",
                crate::lab::study::grid::MAX_EXTENSIONS
            ),
            Protocol::Essay => {
                "the essay's protocol does not extend its grid; --protocol careful does".into()
            }
        };
        println!(
            "↑ / ↓: the chosen rate is the largest / smallest tried, so the best may lie beyond the grid ({}): {why}",
            edges.join(", ")
        );
        for s in summary {
            if let Some(r) = &s.edge_reason {
                println!("  {}: {r}", s.method.name());
            }
        }
    }
    let data = spec.base.teacher.data;
    if data.classifies() {
        let t = spec.task();
        println!(
            "the task: {}; every rule learns it by the softmax cross-entropy (predictive coding and equilibrium propagation by their squared-error energies on the one-hot targets), and “median” is the test error rate: always guessing the commonest class errs {:.3}",
            data.describe(),
            crate::lab::train::batch::majority_error(&t.t_test)
        );
    } else if data != crate::lab::data::Data::Teacher {
        println!(
            "the task: {}; “median” is the test normalised MSE",
            data.describe()
        );
    } else if summary.iter().any(|s| s.method.classifies()) {
        let t = spec.task();
        println!(
            "forward_forward and bp_classify learn another task: the class is the teacher's strongest output; \
             their “median” is the test error rate and “× bp” is against bp_classify (always guessing the \
             commonest class errs {:.3})",
            crate::lab::train::batch::majority_error(&t.t_test)
        );
    }
}
