//! The page's logic, natively: which method the ticks select, the URL
//! state's round trip and fallbacks, the charts drawn into SVG strings,
//! and the lab's exports.

use creditflow::lab::method::{select, select_note};
use creditflow::lab::scaling::scaling_row;
use creditflow::lab::session::Session;
use creditflow::lab::grid::{GridRunner, GridSpec};
use creditflow::lab::summary::summarise;
use creditflow::lab::{Method, RunConfig, Task, TaskShape};
use creditflow::ui::charts::{draw_angle, draw_curves, draw_scaling, Series};
use creditflow::ui::url_state::{AppState, View};
use plotters::prelude::*;
use std::sync::Arc;

#[test]
fn ticks_select_the_method_that_removes_them() {
    let (np, fa) = (Method::NodePerturbation, Method::Fa);
    let t = |s: &str| -> [bool; 5] { std::array::from_fn(|i| s.as_bytes()[i] == b'1') };
    assert_eq!(select(t("11111"), np, fa), Method::Bp);
    assert_eq!(select(t("11110"), np, fa), Method::Stale);
    assert_eq!(select(t("01111"), np, fa), Method::Stale);
    assert_eq!(select(t("10111"), np, fa), Method::NoDeriv);
    assert_eq!(select(t("11011"), np, fa), np);
    assert_eq!(
        select(t("11011"), Method::SignDropped, fa),
        Method::SignDropped
    );
    assert_eq!(select(t("11101"), np, fa), Method::Fa);
    assert_eq!(select(t("11101"), np, Method::Dfa), Method::Dfa);
    // a choice that is not an ablation of that requirement falls back
    assert_eq!(select(t("11011"), Method::Bp, fa), np);
    assert!(select_note(t("11111")).is_none());
    assert!(
        select_note(t("01110")).is_none(),
        "R1 and R5 are the stale pair"
    );
    assert!(select_note(t("10101")).unwrap().contains("R2 only"));
}

#[test]
fn url_state_round_trips() {
    let s = AppState {
        view: View::Lab,
        kept: [true, false, true, false, true],
        r3: Method::WeightPerturbation,
        r4: Method::Dfa,
        methods: vec![Method::ReadoutOnly, Method::ShuffledLabels],
        lr: 0.02,
        seed: 7,
        steps: 500,
    };
    let q = s.to_query();
    assert_eq!(q, "?view=lab&req=10101&r3=weight_perturbation&r4=dfa&methods=readout_only,shuffled_labels&lr=0.02&seed=7&steps=500");
    let (back, notices) = AppState::from_query(&q);
    assert_eq!(back, s);
    assert!(notices.is_empty());
    assert_eq!(AppState::default().to_query(), "");
    assert_eq!(AppState::from_query("").0, AppState::default());
}

#[test]
fn bad_url_values_fall_back_with_a_notice() {
    let (s, notices) = AppState::from_query(
        "?view=nope&req=11x11&lr=-1&seed=abc&steps=999999&methods=bp,zzz&r3=fa&bogus=1&lr",
    );
    assert_eq!(s, AppState::default());
    assert_eq!(notices.len(), 9, "{notices:?}");
    assert!(notices
        .iter()
        .any(|n| n.contains("unknown URL key 'bogus'")));
    // good keys survive beside bad ones
    let (s, notices) = AppState::from_query("view=lab&lr=oops&steps=40");
    assert_eq!((s.view, s.lr, s.steps), (View::Lab, 0.05, 40));
    assert_eq!(notices.len(), 1);
    // percent-encoded commas decode
    let (s, _) = AppState::from_query("methods=bp%2Cfa");
    assert_eq!(s.methods, vec![Method::Bp, Method::Fa]);
}

#[test]
fn training_lists_the_selected_method_first_without_duplicates() {
    let (s, _) = AppState::from_query("req=11101&methods=fa,readout_only");
    assert_eq!(s.training(), vec![Method::Fa, Method::ReadoutOnly]);
}

fn svg(
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String>,
) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (760, 340)).into_drawing_area();
        draw(&root).expect("chart draws");
        root.present().expect("present");
    }
    out
}

#[test]
fn curve_chart_draws_labelled_axes_lines_and_divergence() {
    let series = vec![
        Series {
            method: Method::Bp,
            points: vec![(0, 1.6), (50, 0.3), (100, 0.1)],
            diverged_at: None,
        },
        Series {
            method: Method::SignDropped,
            points: vec![(0, 1.6), (37, f64::INFINITY)],
            diverged_at: Some(37),
        },
        Series {
            method: Method::ReadoutOnly,
            points: vec![(0, 1.6), (100, 0.2)],
            diverged_at: None,
        },
    ];
    let s = svg(|root| draw_curves(root, &series, 100));
    assert!(s.contains("training step") && s.contains("test normalised MSE"));
    assert!(s.contains("sign_dropped diverged at step 37"));
    assert!(s.contains("readout_only (reference)"));
    assert!(s.matches("<polyline").count() >= 2, "lines drawn");
    // an empty chart still draws its axes
    let empty = svg(|root| draw_curves(root, &[], 3000));
    assert!(empty.contains("training step") && empty.contains("press run"));
}

#[test]
fn angle_and_scaling_charts_draw() {
    let s = svg(|root| draw_angle(root, &[(Method::Fa, vec![(0, 89.0), (100, 70.0)])], 3000));
    assert!(s.contains("90°: no alignment") && s.contains("angle (degrees)"));
    let task = Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }));
    let rows = vec![scaling_row(task.clone(), 8, 5), scaling_row(task, 16, 5)];
    let s = svg(|root| draw_scaling(root, &rows));
    assert!(s.contains("1/√N") && s.contains("number of weights"));
}

#[test]
fn session_records_curves_and_exports_them() {
    let task = Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }));
    let base = RunConfig {
        steps: 120,
        hidden: 16,
        ..RunConfig::default()
    };
    let mut s = Session::new(&[Method::Bp, Method::SignDropped, Method::Bp], base, task);
    assert_eq!(s.runs.len(), 2, "duplicates dropped");
    while !s.finished() {
        s.advance(7);
    }
    let bp = &s.runs[0];
    assert_eq!(bp.curve.first().map(|p| p.0), Some(0));
    assert_eq!(bp.curve.last().map(|p| p.0), Some(120));
    assert!(bp.curve.last().unwrap().1 < bp.curve[0].1, "bp learns");
    let csv = s.curves_csv();
    assert!(csv.starts_with("method,step,nmse\n"));
    assert!(csv.contains("\nbp,50,"));
    let json = s.curves_json();
    assert_eq!(json["curves"][0]["method"], "bp");
}

#[test]
fn chunked_grid_matches_the_threaded_one() {
    let task = Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }));
    let spec = GridSpec {
        methods: vec![Method::Bp, Method::Fa],
        lrs: vec![0.05, 0.1],
        seeds: vec![0, 1],
        base: RunConfig {
            steps: 40,
            hidden: 16,
            ..RunConfig::default()
        },
        ..GridSpec::default()
    };
    let mut r = GridRunner::new(spec.clone(), task.clone());
    let mut last = 0.0;
    while !r.finished() {
        r.advance(13);
        assert!(r.fraction() >= last);
        last = r.fraction();
    }
    assert_eq!(r.counts(), (8, 8));
    let threaded = creditflow::lab::grid::run_parallel(&spec, task, 2, |_, _| {});
    let summary = summarise(&spec, &r.runs);
    assert_eq!(summary, summarise(&spec, &threaded));
    let csv = creditflow::lab::summary::summary_csv(&summary);
    assert!(
        csv.starts_with("method,removes,best_lr,median,ratio_to_bp,seed_scores,diverged_runs,angle_w1,angle_w2,angle_w3,essay\nbp,—,"),
        "{csv}"
    );
}

#[test]
fn step_one_keeps_the_runs_level_and_finishes_them_all() {
    let task = Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }));
    let base = RunConfig {
        steps: 60,
        hidden: 8,
        ..RunConfig::default()
    };
    let mut s = Session::new(&[Method::Bp, Method::Fa, Method::ReadoutOnly], base, task);
    for _ in 0..31 {
        assert!(s.step_one());
    }
    let done: Vec<usize> = s.runs.iter().map(|r| r.trainer.steps_done()).collect();
    assert!(
        done.iter().max().unwrap() - done.iter().min().unwrap() <= 1,
        "{done:?}"
    );
    while s.step_one() {}
    assert!(s.finished());
    assert!(s
        .runs
        .iter()
        .all(|r| r.curve.last().map(|p| p.0) == Some(60)));
}
