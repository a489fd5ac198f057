//! `creditflow scaling | bench`: the perturbation scaling table and the
//! speed of a training step and of the whole grid.

use crate::cli::fail;
use crate::cli::opts::{parse_opts, threads};
use crate::cli::progress::Progress;
use crate::lab::kernel::Isa;
use crate::lab::study::grid::{run_parallel, time_step, GridSpec};
use crate::lab::study::scaling::{scaling_table, SAMPLES};
use crate::lab::{Method, Precision, RunConfig, Task, TaskShape};
use std::sync::Arc;
use std::time::Instant;

pub fn scaling(args: &[String]) -> i32 {
    let mut json_path = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => match it.next() {
                Some(p) => json_path = Some(p.clone()),
                None => return fail("--json needs a file name"),
            },
            other => return fail(&format!("unknown option '{other}'")),
        }
    }
    let task = Arc::new(Task::new(TaskShape::default()));
    let rows = scaling_table(task, SAMPLES);
    println!(
        "{:>6} {:>8} {:>10} {:>10} {:>9}",
        "hidden", "weights", "WP cosine", "NP cosine", "√(2/πN)"
    );
    for r in &rows {
        println!(
            "{:>6} {:>8} {:>10.4} {:>10.4} {:>9.4}",
            r.hidden, r.weights, r.wp_cosine, r.np_cosine, r.wp_expected
        );
    }
    println!("essay: WP 0.057 (264 weights) → 0.0024 (71,936), tracking 1/√N; NP 0.20 → 0.066; at 5,696: WP ≈ 0.013, NP ≈ 0.13");
    if let Some(p) = json_path {
        if let Err(e) = std::fs::write(&p, serde_json::to_string_pretty(&rows).unwrap_or_default())
        {
            eprintln!("error: could not write {p}: {e}");
            return 1;
        }
    }
    0
}

/// FLOPs of one exact-backprop step's matrix products (2·m·k·n each) on
/// a student with these layer sizes (input first) and batch `b`: every
/// layer's forward product and weight gradient, and every delta but the
/// input's. A conv layer counts as its dense form, which is what runs.
pub fn step_flops(sizes: &[usize], b: usize) -> f64 {
    let products: Vec<f64> = sizes
        .windows(2)
        .map(|io| (b * io[0] * io[1]) as f64)
        .collect();
    let deltas: f64 = products.iter().skip(1).sum();
    2.0 * (2.0 * products.iter().sum::<f64>() + deltas)
}

pub fn bench(args: &[String]) -> i32 {
    let o = match parse_opts(args, GridSpec::default()) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    let base = o.spec.base;
    let task = match Task::try_new(base.task_shape()) {
        Ok(t) => Arc::new(t),
        Err(e) => return fail(&e),
    };
    println!(
        "single-threaded, 2000 steps per method after 200 warm-up steps; kernels: {}; task: {}; first layer: {}",
        Isa::best().name(),
        base.teacher.data.describe(),
        base.arch.id()
    );
    let nw = o
        .spec
        .methods
        .iter()
        .map(|m| m.name().chars().count())
        .fold(27, usize::max);
    println!(
        "{:<nw$} {:>11} {:>11} {:>10} {:>10} {:>8}",
        "method", "f64 µs/step", "f32 µs/step", "f64 GF/s*", "f32 GF/s*", "× bp f64"
    );
    let mut bp_us = None;
    let bp = crate::lab::Trainer::<f64>::new(
        RunConfig {
            method: Method::Bp,
            ..base
        },
        task.clone(),
    );
    let flops = step_flops(&bp.net.sizes(), base.batch);
    for &m in &o.spec.methods {
        let us = Precision::ALL.map(|p| {
            let clock = Instant::now();
            time_step(base, m, p, task.clone(), 2000, || {
                clock.elapsed().as_secs_f64() * 1000.0
            })
        });
        if m == Method::Bp {
            bp_us = Some(us[0]);
        }
        println!(
            "{:<nw$} {:>11.1} {:>11.1} {:>10.2} {:>10.2} {:>8}",
            m.name(),
            us[0],
            us[1],
            flops / (us[0] * 1e3),
            flops / (us[1] * 1e3),
            bp_us.map_or("—".into(), |b| format!("{:.1}", us[0] / b))
        );
    }
    println!("* the exact-backprop step's 2·m·k·n matrix-product FLOPs ({:.2} MFLOP) per µs; other methods do more or less work", flops / 1e6);
    let n = threads();
    let start = Instant::now();
    let bar = Progress::new(o.spec.jobs().len(), "runs of the full grid");
    let runs = run_parallel(&o.spec, task, n, |done, total| bar.set(done, total));
    bar.finish();
    println!(
        "full grid in {}: {} runs × {} steps on {n} threads in {:.1} s",
        o.spec.base.precision.id(),
        runs.len(),
        o.spec.base.steps,
        start.elapsed().as_secs_f64()
    );
    0
}
