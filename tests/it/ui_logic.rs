//! The page's logic, natively: which method the ticks select, the
//! charts drawn by plotters' SVG backend (on both themes, never measuring
//! text), and the lab's exports. (Links and
//! session files are in `links.rs`.)

use creditflow::lab::method::select::{select, select_note};
use creditflow::lab::study::grid::{GridSpec, JobSlices};
use creditflow::lab::study::scaling::scaling_row;
use creditflow::lab::study::summary::summarise;
use creditflow::lab::{Method, RunConfig, Task, TaskShape};
use creditflow::page::lab::session::{curves_csv, curves_json, RunStatus, Session};
use creditflow::page::palette::CHART_LIGHT;
use creditflow::ui::charts::credit::{ratio_bars, AnglePanels, Ratio};
use creditflow::ui::charts::pen::{svg_drawn, Chart};
use creditflow::ui::charts::plots::{Curves, Scaling, Score, Series};
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
    let curves = Curves {
        series,
        max_step: 100,
        score: Score::Nmse,
    };
    let (svg, drawn) = svg_drawn(&curves, &CHART_LIGHT);
    let s = drawn.texts.join("\n");
    assert!(s.contains("training step") && s.contains("test normalised MSE"));
    assert!(s.contains("sign dropped diverged at step 37"));
    // legends name the methods; reference lines at 1 and the untrained student
    assert!(s.contains("exact backprop") && s.contains("control: readout only"));
    assert!(s.contains("1 = predicting the mean") && s.contains("1.60 = the untrained student"));
    assert!(drawn.lines.len() >= 2, "lines drawn");
    assert!(svg.matches("<polyline").count() >= 2, "lines drawn");
    // no text smaller than the page's body text, 16 px, as the SVG says
    let sizes: Vec<f64> = svg
        .split("font-size=\"")
        .skip(1)
        .filter_map(|r| r.split('"').next()?.parse().ok())
        .collect();
    assert!(
        !sizes.is_empty() && sizes.iter().all(|&f| f >= 16.0),
        "{sizes:?}"
    );
    // an empty chart still draws its axes
    let empty = texts(&Curves {
        series: vec![],
        max_step: 3000,
        score: Score::Nmse,
    });
    assert!(empty.contains("training step") && empty.contains("press run"));
}

/// Forward-forward and its reference are scored by error rate: their
/// curves go on a chart of their own whose axis says so, never on the
/// normalised-MSE axis.
#[test]
fn classification_curves_get_an_error_rate_axis() {
    let of = |method, data| {
        let mut cfg = creditflow::lab::RunConfig {
            method,
            ..Default::default()
        };
        cfg.teacher.data = data;
        Score::of(&cfg)
    };
    use creditflow::lab::data::Data;
    assert_eq!(of(Method::ForwardForward, Data::Teacher), Score::ErrorRate);
    assert_eq!(of(Method::BpClassify, Data::Teacher), Score::ErrorRate);
    assert_eq!(of(Method::Bp, Data::Teacher), Score::Nmse);
    // on a task of classes every rule is scored by its error rate
    assert_eq!(of(Method::Bp, Data::Digits), Score::ErrorRate);
    assert_eq!(of(Method::NodePerturbation, Data::Digits), Score::ErrorRate);
    let ff = Curves {
        series: vec![Series {
            method: Method::ForwardForward,
            points: vec![(0, 0.8), (100, 0.3)],
            diverged_at: None,
        }],
        max_step: 100,
        score: Score::ErrorRate,
    };
    let s = texts(&ff);
    assert!(s.contains("test error rate"), "{s}");
    assert!(
        !s.contains("normalised MSE") && !s.contains("predicting the mean"),
        "{s}"
    );
}

#[test]
fn angle_and_scaling_charts_draw() {
    let lines = vec![
        (
            Method::Fa,
            vec![(0, vec![89.0, 88.0, 0.0]), (100, vec![70.0, 60.0, 0.0])],
        ),
        (
            Method::ReadoutOnly,
            vec![(0, vec![f64::NAN, f64::NAN, 0.0])],
        ),
    ];
    let (_, drawn) = svg_drawn(&AnglePanels::layers(lines, 3000), &CHART_LIGHT);
    assert_eq!(drawn.count, 2, "fa in every panel, readout only in W₃'s");
    let s = drawn.texts.join("\n");
    assert!(s.contains("90°: no alignment") && s.contains("angle (degrees)"));
    assert!(
        s.contains("W₁") && s.contains("W₂") && s.contains("W₃"),
        "one panel per layer"
    );
    assert!(s.contains("feedback alignment"));
    let task = Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }));
    let rows = vec![scaling_row(task.clone(), 8, 5), scaling_row(task, 16, 5)];
    let s = texts(&Scaling(rows.clone()));
    assert!(s.contains("√(2/(πN))") && s.contains("number of weights"));
    assert!(
        (rows[0].wp_expected - (2.0 / (std::f64::consts::PI * rows[0].weights as f64)).sqrt())
            .abs()
            < 1e-15
    );
}

#[test]
fn the_ratio_chart_groups_methods_by_requirement() {
    let scores = [
        (Method::Bp, 0.01),
        (Method::ReadoutOnly, 0.1),
        (Method::Fa, 0.02),
        (Method::Scrambled, 0.08),
        (Method::NoDeriv, 0.07),
        (Method::SignDropped, f64::INFINITY),
    ];
    let bars = ratio_bars(&scores);
    let groups: Vec<&str> = bars.iter().map(|b| b.group).collect();
    assert_eq!(groups, ["R2", "R3", "R3", "R4", "controls"]);
    assert!((bars[0].ratio.unwrap() - 7.0).abs() < 1e-9);
    assert_eq!(bars[2].ratio, None, "sign dropped diverged");
    assert!(ratio_bars(&scores[1..]).is_empty(), "no bp, no ratios");
    // a bar with its interval gets an error bar: three more lines
    let plain = Ratio {
        bars: bars.clone(),
        source: "test".into(),
    };
    let mut barred = plain.clone();
    barred.bars[0].interval = Some(creditflow::lab::study::interval::Interval { lo: 6.0, hi: 8.5 });
    let lines = |r: &Ratio| svg_drawn(r, &CHART_LIGHT).0.matches("<polyline").count();
    assert_eq!(lines(&barred), lines(&plain) + 3);
    let s = texts(&Ratio {
        bars,
        source: "test".into(),
    });
    assert!(s.contains("7.0×") && s.contains("diverged") && s.contains("R3"));
    // a Part 4 rule joins its requirement's group; many bars slant their names
    let mut all: Vec<(Method, f64)> = Method::ALL.iter().map(|&m| (m, 0.05)).collect();
    all.extend(Method::PART4.iter().map(|&m| (m, 0.03)));
    let bars = ratio_bars(&all);
    let of = |m: Method| bars.iter().find(|b| b.method == m).unwrap().group;
    assert_eq!(
        [
            of(Method::KolenPollack),
            of(Method::ThreeFactor),
            of(Method::PredictiveCoding)
        ],
        ["R4", "R3", "R5"]
    );
    let mut groups: Vec<&str> = bars.iter().map(|b| b.group).collect();
    groups.dedup();
    assert_eq!(groups, ["R1, R5", "R2", "R3", "R4", "R5", "controls"]);
    // many bars turn their names a quarter
    let (svg, _) = svg_drawn(
        &Ratio {
            bars,
            source: "test".into(),
        },
        &CHART_LIGHT,
    );
    assert!(svg.contains("rotate(270"));
}

/// A chart's texts, drawn on the light theme, one per line.
fn texts(c: &impl Chart) -> String {
    svg_drawn(c, &CHART_LIGHT).1.texts.join("\n")
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
    let cfgs: Vec<RunConfig> = [Method::Bp, Method::SignDropped, Method::Bp]
        .iter()
        .map(|&method| RunConfig { method, ..base })
        .collect();
    let mut s = Session::new(&cfgs, task);
    assert_eq!(s.runs.len(), 2, "duplicates dropped");
    while !s.finished() {
        s.advance(7);
    }
    let bp = &s.runs[0];
    assert_eq!(bp.curve.first().map(|p| p.0), Some(0));
    assert_eq!(bp.curve.last().map(|p| p.0), Some(120));
    assert!(bp.curve.last().unwrap().1 < bp.curve[0].1, "bp learns");
    let status = s.statuses();
    let csv = curves_csv(&status);
    assert!(csv.starts_with("method,lr,seed,task_seed,gain,precision,protocol,steps,step,nmse\n"));
    assert!(csv.contains("\nbp,0.05,0,0,1,f64,essay,"), "{csv}");
    let json = curves_json(&status);
    assert_eq!(json["curves"][0]["method"], "bp");
    assert_eq!(json["curves"][0]["config"]["teacher"]["gain"], 1.0);
    assert_eq!(json["curves"][0]["config"]["protocol"], "essay");
    assert_eq!(json["curves"][0]["angles"]["steps"][1], 100);
    assert!(json["curves"][0]["angles"]["W2"][1].as_f64().unwrap() < 1e-4);
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
    let (runs, calls) = crate::support::in_slices(JobSlices::new(spec.jobs(), None, task.clone()));
    assert_eq!(runs.len(), 8);
    assert!(calls > 8, "a run takes more than one slice: {calls}");
    let runs: Vec<_> = runs.into_iter().map(|r| r.run).collect();
    let threaded = creditflow::lab::study::grid::run_parallel(&spec, task.clone(), 2, |_, _| {});
    assert_eq!(runs, threaded);
    // with a curve, the page's slices give what a worker's whole job gives
    let curves = JobSlices::new(spec.jobs(), Some(10), task.clone());
    let (sliced, _) = crate::support::in_slices(curves);
    for (cfg, s) in spec.jobs().into_iter().zip(&sliced) {
        assert_eq!(
            *s,
            creditflow::lab::train::precision::run_job(cfg, task.clone(), Some(10))
        );
        assert_eq!(s.curve.len(), 5, "steps 0, 10, 20, 30, 40");
    }
    let summary = summarise(&spec, &runs);
    assert_eq!(summary, summarise(&spec, &threaded));
    let csv = creditflow::lab::study::summary::summary_csv(&summary);
    assert!(
        csv.starts_with("method,removes,best_lr,edge,median,median_lo,median_hi,ratio_to_bp,ratio_lo,ratio_hi,essay_ratio,seed_scores,diverged_runs,diverged_at_best,angle_w1,angle_w2,angle_w3,essay\nbp,—,"),
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
    let cfgs: Vec<RunConfig> = [Method::Bp, Method::Fa, Method::ReadoutOnly]
        .iter()
        .map(|&method| RunConfig { method, ..base })
        .collect();
    let mut s = Session::new(&cfgs, task);
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

#[test]
fn the_table_explains_the_teacher_gap_on_its_own() {
    use creditflow::lab::study::summary::{divergence_cap, teacher_gap};
    let easy = teacher_gap(Some(0.108), 1.0).expect("a floor far below the essay's");
    assert!(easy.contains("easier") && easy.contains("0.108") && easy.contains("0.169"));
    assert!(easy.contains("gain 1)") && !easy.contains("README"));
    let hard = teacher_gap(Some(0.3), 2.5).expect("a floor far above");
    assert!(hard.contains("harder") && hard.contains("higher"));
    assert_eq!(
        teacher_gap(Some(0.166), 1.7),
        None,
        "within 10%: nothing to say"
    );
    assert_eq!(teacher_gap(None, 1.0), None);
    assert!(divergence_cap().contains("1e4 times the target variance"));
}

/// The readout-only floor and bp, `steps` steps each on a small teacher,
/// finished: their board, and the runs' settings.
fn floor_and_bp(steps: usize) -> (Vec<RunStatus>, Vec<RunConfig>, Arc<Task>) {
    let task = Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }));
    let base = RunConfig {
        steps,
        hidden: 8,
        lr: 0.1,
        ..RunConfig::default()
    };
    let cfgs: Vec<RunConfig> = [Method::ReadoutOnly, Method::Bp]
        .iter()
        .map(|&method| RunConfig { method, ..base })
        .collect();
    let mut s = Session::new(&cfgs, task.clone());
    while s.step_one() {}
    (s.statuses(), cfgs, task)
}

#[test]
fn a_table_ranks_finished_runs_best_first_and_leaves_the_rest_after() {
    use creditflow::page::lab::session::rank;
    let (board, _, _) = floor_and_bp(40);
    let score = |m: Method| board.iter().find(|r| r.method() == m).unwrap().score();
    let order = rank(&board, &[Method::ReadoutOnly, Method::Fa, Method::Bp]);
    // fa never ran: it goes after the finished two, which are best first
    assert_eq!(order[2], Method::Fa);
    assert!(score(order[0]) <= score(order[1]), "{order:?}");
}

#[test]
fn a_score_over_backprops_is_given_only_where_both_are_numbers() {
    use creditflow::page::lab::session::{reference_ratio, times_reference};
    let (board, cfgs, task) = floor_and_bp(20);
    let bp = board
        .iter()
        .find(|r| r.method() == Method::Bp)
        .unwrap()
        .score();
    let r = reference_ratio(&board, Method::ReadoutOnly, 2.0 * bp).unwrap();
    assert!((r - 2.0).abs() < 1e-12, "{r}");
    assert_eq!(
        times_reference(&board, Method::ReadoutOnly, 2.0 * bp),
        "2.0×"
    );
    // a score that is not a number, or no reference on the board: no ratio
    assert_eq!(reference_ratio(&board, Method::ReadoutOnly, f64::NAN), None);
    assert_eq!(
        times_reference(&board, Method::ReadoutOnly, f64::INFINITY),
        "—"
    );
    let alone = Session::new(&cfgs[..1], task).statuses();
    assert_eq!(reference_ratio(&alone, Method::ReadoutOnly, 1.0), None);
}
