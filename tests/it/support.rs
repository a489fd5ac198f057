//! What the lab's test files share: a small teacher task and a trainer on
//! it.

use creditflow::lab::train::net::tanh;
use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use ndarray::Array2;
use std::sync::Arc;

pub fn small_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }))
}

/// A tiny task for the definition tests (64 training, 40 test examples).
pub fn tiny_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 64,
        test: 40,
        ..TaskShape::default()
    }))
}

/// A tiny student for the definition tests: `depth` hidden layers of 6,
/// batches of 4, rate 0.1, 50 steps.
pub fn tiny(method: Method, depth: usize) -> RunConfig {
    RunConfig {
        method,
        depth,
        hidden: 6,
        batch: 4,
        lr: 0.1,
        steps: 50,
        ..RunConfig::default()
    }
}

pub fn trainer(method: Method, hidden: usize, batch: usize, task: &Arc<Task>) -> Trainer {
    let cfg = RunConfig {
        method,
        hidden,
        batch,
        lr: 0.05,
        ..RunConfig::default()
    };
    Trainer::new(cfg, task.clone())
}

/// Runs the command line: (exit status, stdout, stderr).
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_creditflow"))
        .args(args)
        .output()
        .expect("runs");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

/// A fresh scratch directory for one test's files.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("creditflow-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The reference network, written out: every layer's activity for input
/// `x` (tanh hidden layers, a linear output), with `noise` added to each
/// layer's pre-activation when given.
pub fn forward(
    w: &[Array2<f64>],
    x: &Array2<f64>,
    noise: Option<&[Array2<f64>]>,
) -> Vec<Array2<f64>> {
    let top = w.len() - 1;
    let mut a = vec![x.clone()];
    for l in 0..=top {
        let mut z = a[l].dot(&w[l]);
        if let Some(xi) = noise {
            z += &xi[l];
        }
        a.push(if l < top { z.mapv(tanh) } else { z });
    }
    a
}

/// The largest entry-wise difference over a list of matrices.
pub fn max_diff(a: &[Array2<f64>], b: &[Array2<f64>]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (a - b).mapv(f64::abs).fold(0.0, |m: f64, &v| m.max(v)))
        .fold(0.0, f64::max)
}

/// W after one step of −lr·g from `w0`.
pub fn stepped(w0: &[Array2<f64>], g: &[Array2<f64>], lr: f64) -> Vec<Array2<f64>> {
    w0.iter().zip(g).map(|(w, g)| w - &(g * lr)).collect()
}

/// A reduced grid on the default task: `methods` (all of the essay's grid
/// when empty) at `lrs`, seed 0, `steps` steps; each method's median score
/// at its best rate.
pub fn reduced_grid(methods: &[Method], lrs: &[f64], steps: usize) -> impl Fn(Method) -> f64 {
    use creditflow::lab::study::grid::{run_parallel, GridSpec};
    use creditflow::lab::study::summary::summarise;
    let mut spec = GridSpec {
        lrs: lrs.to_vec(),
        seeds: vec![0],
        base: RunConfig {
            steps,
            ..RunConfig::default()
        },
        ..GridSpec::default()
    };
    if !methods.is_empty() {
        spec.methods = methods.to_vec();
    }
    let runs = run_parallel(&spec, Arc::new(spec.task()), 2, |_, _| {});
    let sum = summarise(&spec, &runs);
    move |m| {
        sum.iter()
            .find(|s| s.method == m)
            .expect("a method of the grid")
            .median
    }
}

/// Works `s` through every job a little at a time (out of time after
/// every look at the clock), checking the part done of the job under way
/// never goes back; the results in job order and the calls it took.
pub fn in_slices<S: creditflow::lab::slices::Slices>(mut s: S) -> (Vec<S::Done>, usize) {
    let (mut out, mut calls) = (Vec::new(), 0);
    for i in 0..s.jobs() {
        let mut last = 0.0;
        loop {
            calls += 1;
            if let Some(d) = s.work_on(i, &mut || true) {
                out.push(d);
                break;
            }
            assert!(s.partial() >= last, "job {i}: {} after {last}", s.partial());
            last = s.partial();
        }
    }
    (out, calls)
}

/// A run that finished all its steps with test score `nmse` (no
/// validation score, no angles): for summary tests on made-up grids.
pub fn finished_run(
    cfg: creditflow::lab::RunConfig,
    nmse: f64,
) -> creditflow::lab::train::config::Run {
    creditflow::lab::train::config::Run {
        cfg,
        result: creditflow::lab::train::config::RunResult {
            nmse,
            validation: None,
            diverged: false,
            steps_done: cfg.steps,
        },
        angles: vec![],
    }
}
