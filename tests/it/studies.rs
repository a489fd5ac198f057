//! The studies' plain parts: the page's state fills in a depth only when
//! all its runs are in (in any order), the findings read the numbers (and
//! can say the ordering fails), the charts and the failure boundary draw
//! what they are given, and the URL keys validate.

use creditflow::lab::study::depth::{DepthRow, DepthSpec, DepthStudy};
use creditflow::lab::study::width::WidthRow;
use creditflow::lab::study::Study;
use creditflow::lab::train::precision::run_job;
use creditflow::lab::Method;
use creditflow::page::palette::CHART_LIGHT;
use creditflow::page::studies::findings::{depth_findings, width_findings};
use creditflow::page::studies::StudyState;
use creditflow::page::url::AppState;
use creditflow::ui::charts::pen::{svg_drawn, Chart};
use creditflow::ui::charts::studies::{DepthChart, DepthKind};
use creditflow::ui::charts::width::{verdict, WidthChart, WidthKind};
use std::sync::Arc;

pub(crate) fn row(method: Method, depth: usize, median: f64, ratio: f64) -> DepthRow {
    DepthRow {
        method,
        depth,
        best_lr: Some(0.1),
        median,
        seed_scores: vec![median],
        diverged_runs: 0,
        ratio_to_bp: Some(ratio),
    }
}

#[test]
fn a_depth_appears_only_when_all_its_runs_are_in() {
    let mut spec = DepthSpec {
        depths: vec![1, 2],
        ..DepthSpec::default()
    };
    spec.grid.methods = vec![Method::Bp, Method::ReadoutOnly];
    spec.grid.lrs = vec![0.05];
    spec.grid.seeds = vec![0, 1];
    spec.grid.base.steps = 20;
    let study = Study::Depth(spec);
    let task = Arc::new(study.task());
    let jobs = study.jobs();
    assert_eq!(jobs.len(), 2 * 2 * 2);
    let mut s = StudyState::new(study, 0.0);
    // depth 2's runs first, in reverse; the parts done change only when
    // depth 2 is complete
    for i in (4..8).rev() {
        assert_eq!(s.parts_done().1, 0);
        s.record(i, run_job(jobs[i], task.clone(), None), 1.0);
    }
    assert_eq!(s.parts_done().1, 1);
    let d = s.depth().expect("a depth study");
    assert_eq!(d.depths(), vec![2]);
    assert_eq!(s.progress(), (4, 8));
    assert!(s.on && !s.finished());
    // a repeated reply is not counted twice
    s.record(5, run_job(jobs[5], task.clone(), None), 1.0);
    assert_eq!(s.progress(), (4, 8));
    for (i, &job) in jobs.iter().enumerate().take(4) {
        s.record(i, run_job(job, task.clone(), None), 2500.0);
    }
    assert!(s.finished() && !s.on);
    assert_eq!(s.parts_done().1, 2);
    assert_eq!(s.seconds, Some(2.5));
    assert_eq!(s.depth().unwrap().depths(), vec![1, 2]);
    assert!(s.width().is_none());
}

#[test]
fn the_findings_say_whether_r3_costs_more_than_r4_at_every_depth() {
    let mut s = DepthStudy::default();
    for (d, fa, np) in [(1, 1.5, 5.0), (8, 3.0, 7.0)] {
        s.rows.push(row(Method::Bp, d, 0.01, 1.0));
        s.rows.push(row(Method::Fa, d, 0.01 * fa, fa));
        s.rows.push(row(Method::NodePerturbation, d, 0.01 * np, np));
    }
    let f = depth_findings(&s).join(" ");
    assert!(f.contains("ordering holds at every depth run"), "{f}");
    assert!(
        f.contains("5.0× against 1.5× at depth 1") && f.contains("7.0× against 3.0× at depth 8"),
        "{f}"
    );
    // FA costing more than node perturbation at depth 8 is reported as a failure
    s.rows.push(row(Method::Fa, 8, 0.09, 9.0));
    s.rows
        .retain(|r| !(r.method == Method::Fa && r.depth == 8 && r.ratio_to_bp == Some(3.0)));
    let f = depth_findings(&s).join(" ");
    assert!(f.contains("ordering fails at depth 8"), "{f}");
    // FA diverging at every rate is an infinite cost, not a missing depth
    for r in s
        .rows
        .iter_mut()
        .filter(|r| r.method == Method::Fa && r.depth == 1)
    {
        r.ratio_to_bp = None;
        r.median = f64::INFINITY;
    }
    let f = depth_findings(&s).join(" ");
    assert!(
        f.contains("ordering fails at depth 1, 8") && f.contains("∞×"),
        "{f}"
    );
}

pub(crate) fn wrow(method: Method, width: usize, median: f64) -> WidthRow {
    WidthRow {
        method,
        width,
        weights: width * 30,
        best_lr: Some(0.1),
        median,
        diverged_runs: 0,
        steps_to_target: None,
    }
}

#[test]
fn the_failure_boundary_colours_each_cell_by_its_ratio_to_bp() {
    let mut rows = vec![
        wrow(Method::Bp, 16, 0.1),
        wrow(Method::Fa, 16, 0.15),
        wrow(Method::NodePerturbation, 16, 0.3),
        wrow(Method::WeightPerturbation, 16, f64::INFINITY),
    ];
    // one width is not enough to say a shared score does not scale
    assert!(!width_findings(&rows).join(" ").contains("does not scale"));
    assert!(width_findings(&rows)
        .join(" ")
        .contains("diverged at every rate"));
    for (m, v) in [
        (Method::Bp, 0.1),
        (Method::Fa, 0.12),
        (Method::NodePerturbation, 0.5),
        (Method::WeightPerturbation, 0.9),
    ] {
        rows.push(wrow(m, 64, v));
    }
    let svg = texts(&WidthChart {
        rows: rows.clone(),
        kind: WidthKind::Boundary,
    });
    assert!(
        svg.contains("1.5×") && svg.contains("3.0×") && svg.contains("diverged"),
        "{svg}"
    );
    for word in ["learns", "behind", "stalls", "songbird", "cortex"] {
        assert!(svg.contains(word), "{word}");
    }
    assert_eq!(verdict(Some(2.0)).0, "learns");
    assert_eq!(verdict(Some(2.01)).0, "behind");
    assert_eq!(verdict(None).0, "stalls");
    let f = width_findings(&rows).join(" ");
    assert!(
        f.contains("No shared score comes within 2× of bp at any width from 16 to 64"),
        "{f}"
    );
    let empty = texts(&WidthChart {
        rows: vec![],
        kind: WidthKind::Boundary,
    });
    assert!(empty.contains("run the width study"));
    let depth = DepthChart {
        study: DepthStudy::default(),
        max_depth: 8,
        kind: DepthKind::Scores,
    };
    assert!(texts(&depth).contains("run the study"));
}

/// A chart's texts, drawn on the light theme, one per line.
fn texts(c: &impl Chart) -> String {
    svg_drawn(c, &CHART_LIGHT).1.texts.join("\n")
}

#[test]
fn study_url_keys_round_trip_and_refuse_bad_values() {
    let (s, notices) =
        AppState::from_query("?view=studies&depths=4,1,4&dsteps=100&widths=16,64&wsteps=50");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(s.lab.depths, vec![1, 4], "sorted, without repeats");
    assert_eq!(
        (s.lab.depth_steps, s.lab.widths.clone(), s.lab.width_steps),
        (100, vec![16, 64], 50)
    );
    assert_eq!(AppState::from_query(&s.to_query()).0, s);
    let (bad, notices) = AppState::from_query("?depths=0,9&widths=2048&dsteps=0");
    assert_eq!(notices.len(), 3, "{notices:?}");
    assert_eq!(bad.lab.depths, AppState::default().lab.depths);
}
