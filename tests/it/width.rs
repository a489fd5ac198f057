//! The width study: one row per (method, width), the weights counted as the
//! student has them, bp reaching its own target, and the CLI's JSON.

use creditflow::lab::study::grid::GridSpec;
use creditflow::lab::study::width::{rows, run_width, WidthSpec};
use creditflow::lab::train::net::{layer_sizes, Net};
use creditflow::lab::train::precision::run_job;
use creditflow::lab::{Method, RunConfig, Task, TaskShape};
use std::sync::Arc;

fn small() -> (WidthSpec, Arc<Task>) {
    let spec = WidthSpec {
        widths: vec![8, 24],
        grid: GridSpec {
            methods: vec![Method::Bp, Method::NodePerturbation, Method::ReadoutOnly],
            lrs: vec![0.05, 0.2],
            seeds: vec![0, 1],
            base: RunConfig {
                steps: 120,
                ..RunConfig::default()
            },
            ..GridSpec::default()
        },
        every: 20,
    };
    let task = Arc::new(Task::new(TaskShape {
        train: 512,
        test: 128,
        ..TaskShape::default()
    }));
    (spec, task)
}

#[test]
fn one_row_per_method_and_width_with_the_students_weights() {
    let (spec, task) = small();
    let rows = run_width(&spec, task.clone(), 2, |_, _| {});
    assert_eq!(rows.len(), 2 * 3);
    for r in &rows {
        let net = Net::<f64>::init(
            &mut creditflow::lab::train::rng::stream(0, creditflow::lab::train::rng::Stream::Init),
            &layer_sizes(task.shape.inputs, r.width, 2, task.shape.outputs),
        );
        assert_eq!(r.weights, net.n_weights(), "{:?} at {}", r.method, r.width);
        let w = r.width;
        assert_eq!(r.weights, 20 * w + w * w + w * 5, "20 → w → w → 5");
        assert!(r.median.is_finite() && r.best_lr.is_some());
    }
    // bp's median curve ends at its own final score, below twice it
    for r in rows.iter().filter(|r| r.method == Method::Bp) {
        let s = r.steps_to_target.expect("bp reaches 2× its own score");
        assert!(s > 0 && s <= 120, "{s}");
    }
    // readout only learns nothing inside: at these sizes it never gets
    // within 2× of bp, and says so
    let wide = |m| {
        rows.iter()
            .find(|r| r.method == m && r.width == 24)
            .unwrap()
    };
    assert!(wide(Method::ReadoutOnly).median > wide(Method::Bp).median);
}

#[test]
fn a_curve_is_measured_every_n_steps_and_the_rows_come_from_the_curves() {
    let (spec, task) = small();
    let cfg = RunConfig {
        hidden: 8,
        lr: 0.2,
        steps: 120,
        ..RunConfig::default()
    };
    let c = run_job(cfg, task.clone(), Some(20));
    let steps: Vec<usize> = c.curve.iter().map(|p| p.0).collect();
    assert_eq!(steps, [0, 20, 40, 60, 80, 100, 120]);
    assert_eq!(c.curve.last().unwrap().1, c.run.result.nmse);
    // a study with no bp has no target: every steps_to_target is None
    let mut no_bp = spec.clone();
    no_bp.grid.methods = vec![Method::ReadoutOnly];
    let runs: Vec<_> = no_bp
        .jobs()
        .into_iter()
        .map(|cfg| run_job(cfg, task.clone(), Some(20)))
        .collect();
    assert!(rows(&no_bp, &task.shape, &runs)
        .iter()
        .all(|r| r.steps_to_target.is_none()));
}

#[test]
fn the_width_command_writes_the_documented_json() {
    let path = std::env::temp_dir().join(format!("creditflow-width-{}.json", std::process::id()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_creditflow"))
        .args([
            "width",
            "--widths",
            "8,16",
            "--methods",
            "bp,fa",
            "--lrs",
            "0.2",
        ])
        .args([
            "--seeds",
            "0",
            "--steps",
            "60",
            "--json",
            path.to_str().unwrap(),
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for key in ["method", "width", "weights", "median", "steps_to_target"] {
        assert!(rows[0].get(key).is_some(), "rows.{key}");
    }
    assert_eq!(rows[0]["method"], "bp");
    assert_eq!(rows[1]["width"], 8);
    let _ = std::fs::remove_file(&path);
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_creditflow"))
        .args(["width", "--widths", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("whole numbers from 2 to 1024"));
}
