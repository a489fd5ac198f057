//! The two protocols (`train::config::Protocol`): the careful one holds
//! out a validation set from the training draws, chooses rates on it,
//! averages the last evaluations, and extends a grid past its edges.

use creditflow::lab::method::Method;
use creditflow::lab::study::grid::{edge, Edge, GridSpec, MAX_EXTENSIONS};
use creditflow::lab::train::config::{Protocol, RunConfig, VALIDATION};
use creditflow::lab::train::precision::Training;
use creditflow::lab::train::task::Task;
use std::sync::Arc;

#[test]
fn the_validation_set_is_carved_from_training_and_never_meets_the_test_set() {
    let cfg = RunConfig {
        protocol: Protocol::Careful,
        ..RunConfig::default()
    };
    let careful = Task::new(cfg.task_shape());
    let essay = Task::new(RunConfig::default().task_shape());
    assert_eq!(careful.x_val.nrows(), VALIDATION);
    assert_eq!(
        careful.x_train.nrows() + careful.x_val.nrows(),
        essay.x_train.nrows()
    );
    // the same draws: training then validation is the essay's training set
    let keep = careful.x_train.nrows();
    assert_eq!(
        careful.x_train,
        essay.x_train.slice(ndarray::s![..keep, ..])
    );
    assert_eq!(careful.x_val, essay.x_train.slice(ndarray::s![keep.., ..]));
    assert_eq!(careful.x_test, essay.x_test);
    assert_eq!(essay.x_val.nrows(), 0);
    // no validation row is a test row (nor a training row)
    for v in careful.x_val.rows() {
        assert!(careful.x_test.rows().into_iter().all(|t| t != v));
        assert!(careful.x_train.rows().into_iter().all(|t| t != v));
    }
}

#[test]
fn another_teacher_draw_is_another_task() {
    let mut cfg = RunConfig::default();
    let a = Task::new(cfg.task_shape());
    cfg.teacher.seed = 1;
    let b = Task::new(cfg.task_shape());
    assert_ne!(a.t_test, b.t_test);
    assert_eq!(a.shape.inputs, b.shape.inputs);
}

/// Under the careful protocol a run reports a validation score and a test
/// score averaged over its last evaluations; under the essay's, the final
/// weights' test score and no validation.
#[test]
fn careful_runs_report_a_validation_score() {
    let run = |protocol| {
        let cfg = RunConfig {
            protocol,
            steps: 450,
            lr: 0.1,
            ..RunConfig::default()
        };
        let mut t = Training::new(cfg, Arc::new(Task::new(cfg.task_shape())));
        let r = t.run();
        (r, t.evaluate())
    };
    let (essay, last) = run(Protocol::Essay);
    assert_eq!(essay.validation, None);
    assert_eq!(essay.nmse, last);
    let (careful, last) = run(Protocol::Careful);
    let v = careful.validation.unwrap();
    assert!(v.is_finite() && v > 0.0 && v < 1.0, "{v}");
    // the mean over steps 50, 150, …, 450 sits above the final score of a
    // run still improving
    assert!(careful.nmse > last, "{} vs {last}", careful.nmse);
}

#[test]
fn a_chosen_rate_at_an_edge_extends_the_grid() {
    let tried = [0.01, 0.02, 0.05];
    assert_eq!(edge(&tried, 0.05), Some(Edge::Top));
    assert_eq!(edge(&tried, 0.01), Some(Edge::Bottom));
    assert_eq!(edge(&tried, 0.02), None);
    assert_eq!(edge(&[0.1], 0.1), None);
    let mut spec = GridSpec {
        methods: vec![Method::Bp, Method::Fa, Method::ReadoutOnly],
        lrs: tried.to_vec(),
        seeds: vec![0],
        ..GridSpec::default().with_protocol(Protocol::Careful)
    };
    spec.seeds = vec![0];
    let jobs = spec.extend(&[
        (Method::Bp, Some(0.05)),
        (Method::Fa, Some(0.01)),
        (Method::ReadoutOnly, Some(0.02)),
    ]);
    assert_eq!(spec.lrs_for(Method::Bp), vec![0.01, 0.02, 0.05, 0.1]);
    assert_eq!(spec.lrs_for(Method::Fa), vec![0.005, 0.01, 0.02, 0.05]);
    assert_eq!(spec.lrs_for(Method::ReadoutOnly), tried.to_vec());
    // one job per teacher draw for each new rate
    assert_eq!(jobs.len(), 2 * spec.task_seeds.len());
    assert!(jobs.iter().all(|j| j.protocol == Protocol::Careful));
    // at most MAX_EXTENSIONS added rates per rule
    for _ in 0..10 {
        let top = *spec.lrs_for(Method::Bp).last().unwrap();
        spec.extend(&[(Method::Bp, Some(top))]);
    }
    assert_eq!(spec.lrs_for(Method::Bp).len(), tried.len() + MAX_EXTENSIONS);
}

#[test]
fn a_rate_left_at_an_edge_says_why_from_the_grids_own_numbers() {
    use creditflow::lab::study::summary::summarise;
    use creditflow::lab::train::config::Run;
    let spec = GridSpec {
        methods: vec![Method::Bp, Method::Fa, Method::Stale],
        lrs: vec![0.01, 0.02, 0.05],
        ..GridSpec::default()
    };
    let runs: Vec<Run> = spec
        .jobs()
        .into_iter()
        .map(|cfg| {
            let i = spec.lrs.iter().position(|&l| l == cfg.lr).unwrap() as f64;
            let nmse = match cfg.method {
                // better the larger the rate: top edge
                Method::Bp => 0.1 - 0.02 * i,
                // best in the middle
                Method::Fa => 0.2 + 0.1 * (i - 1.0).abs(),
                // worse than the mean at every rate, least bad at the smallest
                _ => 1.5 + 0.2 * i,
            };
            crate::support::finished_run(cfg, nmse)
        })
        .collect();
    let t = summarise(&spec, &runs);
    let bp = t[0]
        .edge_reason
        .as_deref()
        .expect("bp sits at the top edge");
    assert!(
        bp.contains("largest") && bp.contains("larger still"),
        "{bp}"
    );
    assert!(!bp.contains("mean"), "{bp}");
    assert_eq!(t[1].edge_reason, None, "FA's best is inside its grid");
    let stale = t[2]
        .edge_reason
        .as_deref()
        .expect("stale sits at the bottom edge");
    assert!(
        stale.contains("smallest") && stale.contains("no rate of it learns"),
        "{stale}"
    );
    assert!(
        stale.contains("1.50"),
        "the reason quotes the chosen rate's score: {stale}"
    );
}
