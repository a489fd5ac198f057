//! f32 against f64: the same step from the same weights agrees to f32's
//! precision, and a reduced grid ranks the methods the same in both.

use creditflow::lab::study::grid::{run_parallel, GridSpec};
use creditflow::lab::study::summary::summarise;
use creditflow::lab::{Method, Precision, RunConfig, Task, TaskShape, Trainer};
use ndarray::Array2;
use std::sync::Arc;

fn rel_diff(a: &Array2<f32>, b: &Array2<f64>) -> f64 {
    let num: f64 = a.iter().zip(b).map(|(x, y)| (*x as f64 - y).powi(2)).sum();
    let den: f64 = b.iter().map(|y| y * y).sum();
    (num / den).sqrt()
}

#[test]
fn one_step_agrees_to_f32_precision() {
    let task = Arc::new(Task::new(TaskShape::default()));
    for method in [
        Method::Bp,
        Method::Fa,
        Method::Dfa,
        Method::NoDeriv,
        Method::Scrambled,
    ] {
        let cfg = RunConfig {
            method,
            ..RunConfig::default()
        };
        let mut t64 = Trainer::<f64>::new(cfg, task.clone());
        let mut t32 = Trainer::<f32>::new(
            RunConfig {
                precision: Precision::F32,
                ..cfg
            },
            task.clone(),
        );
        // the same starting weights, rounded
        for (a, b) in t32.net.w.iter().zip(&t64.net.w) {
            assert!(rel_diff(a, b) < 1e-7);
        }
        t64.probe_exact();
        t32.probe_exact();
        let (g64, g32) = (t64.probe_estimate(method), t32.probe_estimate(method));
        for l in 0..3 {
            let d = rel_diff(&g32[l], &g64[l]);
            assert!(
                d < 1e-5,
                "{method:?} layer {l}: f32 and f64 updates differ by {d:e}"
            );
        }
        // and a step from there lands on the same weights
        t64.step();
        t32.step();
        for (a, b) in t32.net.w.iter().zip(&t64.net.w) {
            let d = rel_diff(a, b);
            assert!(d < 1e-6, "{method:?}: weights after a step differ by {d:e}");
        }
    }
}

/// The methods in order of median test error, best first.
fn ranking(precision: Precision, task: &Arc<Task>) -> (Vec<Method>, Vec<f64>) {
    let spec = GridSpec {
        methods: vec![
            Method::Bp,
            Method::Fa,
            Method::NoDeriv,
            Method::NodePerturbation,
            Method::ShuffledLabels,
            Method::ReadoutOnly,
        ],
        lrs: vec![0.05, 0.2],
        seeds: vec![0, 1],
        base: RunConfig {
            steps: 400,
            precision,
            ..RunConfig::default()
        },
        ..GridSpec::default()
    };
    let runs = run_parallel(&spec, task.clone(), 2, |_, _| {});
    let mut rows = summarise(&spec, &runs);
    rows.sort_by(|a, b| a.median.total_cmp(&b.median));
    (
        rows.iter().map(|r| r.method).collect(),
        rows.iter().map(|r| r.median).collect(),
    )
}

#[test]
fn a_reduced_grid_ranks_the_methods_the_same_in_both_precisions() {
    let task = Arc::new(Task::new(TaskShape::default()));
    let (r64, m64) = ranking(Precision::F64, &task);
    let (r32, m32) = ranking(Precision::F32, &task);
    assert_eq!(r32, r64, "f64 medians {m64:?}, f32 medians {m32:?}");
    for (a, b) in m32.iter().zip(&m64) {
        assert!((a / b - 1.0).abs() < 1e-3, "f32 {a} against f64 {b}");
    }
}
