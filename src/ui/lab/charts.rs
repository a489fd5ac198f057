//! The lab's charts: each a `charts` value built from the controller's
//! data when that data changes, drawn on a canvas by `ui::shell::chart`,
//! with its exports and its data as a table.

use crate::lab::study::scaling::WIDTHS;
use crate::lab::train::config::{angles_from_json, Angles};
use crate::page::lab::controller::LabController;
use crate::ui::charts::credit::{ratio_bars, AnglePanels, Ratio};
use crate::ui::charts::pen::Chart;
use crate::ui::charts::plots::{Curves, Scaling, Score, Series, Table};
use crate::ui::lab::handle::{Lab, Part};
use crate::ui::shell::chart::figure;
use leptos::prelude::*;

fn num(x: f64) -> String {
    crate::ui::charts::plots::cell(Some(x))
}

/// A chart built from the controller's `part` by `data`, redrawn only when
/// that chart changes, with its data as a table.
fn chart<C: Chart + Clone + PartialEq + Send + Sync + 'static>(
    lab: Lab,
    part: Part,
    id: &'static str,
    label: &'static str,
    data: impl Fn(&LabController) -> C + Send + Sync + 'static,
    table: impl Fn(&C) -> Table + Send + Sync + 'static,
) -> impl IntoView {
    let chart = Memo::new(move |_| lab.read_part(part, &data));
    figure(id, label, chart.into(), Some(Box::new(table)))
}

fn steps_of(c: &LabController, lab: &Lab) -> usize {
    c.started.as_ref().map_or_else(
        || lab.app.with_untracked(|a| a.lab.base.steps),
        |s| s.base.steps,
    )
}

/// The board's learning curves measured in `score`.
fn curves(c: &LabController, lab: &Lab, score: Score) -> Curves {
    let series: Vec<Series> = c
        .board
        .iter()
        .filter(|r| Score::of(&r.cfg) == score)
        .map(|r| Series {
            method: r.method(),
            points: r.points(),
            diverged_at: r.diverged_at,
        })
        .collect();
    Curves {
        series,
        max_step: steps_of(c, lab),
        score,
    }
}

fn curve_table(c: &Curves) -> Table {
    let rows = c
        .series
        .iter()
        .flat_map(|s| {
            s.points
                .iter()
                .map(|&(step, y)| vec![s.method.name().to_string(), step.to_string(), num(y)])
        })
        .collect();
    let head: &'static [&'static str] = match c.score {
        Score::Nmse => &["method", "step", "test nMSE"],
        Score::ErrorRate => &["method", "step", "test error rate"],
    };
    (head, rows)
}

/// The learning curves; the rules that learn the classification task
/// (forward-forward and its reference) on an error-rate chart of their
/// own below, shown when one of them runs.
#[component]
pub(crate) fn CurveChart(lab: Lab) -> impl IntoView {
    let has = move |score: Score| {
        Memo::new(move |_| {
            lab.read_part(Part::Curves, |c| {
                c.board.iter().any(|r| Score::of(&r.cfg) == score)
            })
        })
    };
    let (classifying, regressing) = (has(Score::ErrorRate), has(Score::Nmse));
    // before any run, the chart of the task's own score
    let task_classifies = move || lab.app.with(|a| a.lab.base.teacher.data.classifies());
    let show_nmse = move || regressing.get() || (!classifying.get() && !task_classifies());
    let show_rate = move || classifying.get() || (!regressing.get() && task_classifies());
    view! {
        <Show when=show_nmse>
        {chart(
            lab,
            Part::Curves,
            "curve-chart",
            "Learning curves: test normalised MSE against training step; controls dashed; dashed grey line: predicting the mean (1); dashed red line: the untrained student.",
            move |c| curves(c, &lab, Score::Nmse),
            curve_table,
        )}
        </Show>
        <Show when=show_rate>
            {chart(
                lab,
                Part::Curves,
                "error-rate-chart",
                "Learning curves of a classification: test error rate (the share of test examples given the wrong class) against training step; dashed red line: the untrained student.",
                move |c| curves(c, &lab, Score::ErrorRate),
                curve_table,
            )}
        </Show>
    }
}

#[component]
pub(crate) fn AngleChart(lab: Lab) -> impl IntoView {
    chart(
        lab,
        Part::Angles,
        "angle-chart",
        "Per layer, every 100 steps: the angle between each method's update and the exact gradient at the same weights (0° is exact, 90° no alignment; a gap where a method leaves a layer unchanged).",
        move |c| {
            let lines = c.board.iter().map(|r| (r.method(), angles_from_json(&r.angles))).collect();
            AnglePanels::layers(lines, steps_of(c, &lab))
        },
        |c| (&["method", "step", "W₁", "W₂", "W₃"], angle_rows(&c.lines)),
    )
}

/// An angle chart's table: a row per method and step, a column per panel.
fn angle_rows(lines: &[(crate::lab::Method, Angles)]) -> Vec<Vec<String>> {
    lines
        .iter()
        .flat_map(|(m, a)| {
            a.iter().map(|(step, d)| {
                let mut r = vec![m.name().to_string(), step.to_string()];
                r.extend(d.iter().map(|v| {
                    if v.is_finite() {
                        format!("{v:.1}°")
                    } else {
                        "—".into()
                    }
                }));
                r
            })
        })
        .collect()
}

/// FA's fixed B against Kolen–Pollack's learned one: the angle between
/// each feedback matrix and the Wᵀ it stands in for, over training.
#[component]
pub(crate) fn FeedbackChart(lab: Lab) -> impl IntoView {
    chart(
        lab,
        Part::Angles,
        "feedback-chart",
        "Every 100 steps: the angle between each feedback matrix B and the transposed forward weights Wᵀ it stands in for (0°: B is Wᵀ up to scale; 90°: unrelated). FA's B is fixed, so W turns towards it; Kolen–Pollack's B learns Wᵀ. Train feedback alignment or Kolen–Pollack to draw it.",
        move |c| {
            let lines = c
                .board
                .iter()
                .filter(|r| !r.feedback.is_empty())
                .map(|r| (r.method(), angles_from_json(&r.feedback)))
                .collect();
            AnglePanels {
                lines,
                max_step: steps_of(c, &lab),
                heading: "Angle between each feedback matrix B and the Wᵀ it stands in for".into(),
                names: ["B₂ vs W₂ᵀ", "B₃ vs W₃ᵀ"].map(String::from).to_vec(),
            }
        },
        |c| (&["method", "step", "B₂ vs W₂ᵀ", "B₃ vs W₃ᵀ"], angle_rows(&c.lines)),
    )
}

/// The ratio chart's data: the grid's table when it has run, else the
/// live runs' latest scores.
pub(crate) fn ratio_source(c: &LabController) -> (Vec<(crate::lab::Method, f64)>, String) {
    let table = c
        .grid
        .done
        .as_ref()
        .filter(|_| c.started.as_ref().is_none_or(|s| c.grid_matches(s)));
    match table {
        Some(d) => (
            d.summary.iter().map(|s| (s.method, s.median)).collect(),
            format!("the table, {} steps", d.steps),
        ),
        None => {
            let step = c.board.iter().map(|r| r.steps_done).max().unwrap_or(0);
            let source = if c.board.is_empty() {
                "no runs yet: press run".to_string()
            } else {
                format!("live runs at step {step}")
            };
            (
                c.board.iter().map(|r| (r.method(), r.score())).collect(),
                source,
            )
        }
    }
}

#[component]
pub(crate) fn RatioChart(lab: Lab) -> impl IntoView {
    chart(
        lab,
        Part::Ratio,
        "ratio-chart",
        "The cost of removing each requirement: each method's test error divided by exact backprop's, grouped by the requirement it removes (from the table once it has run, with its 95% interval as an error bar; else the live runs, one seed, no interval).",
        |c| {
            let (scores, source) = ratio_source(c);
            let mut bars = ratio_bars(&scores);
            // from the table: each bar's 95% interval
            if let Some(d) = c.grid.done.as_ref().filter(|_| source.starts_with("the table")) {
                for b in &mut bars {
                    b.interval = d.summary.iter().find(|s| s.method == b.method).and_then(|s| s.ratio_interval);
                }
            }
            Ratio { bars, source }
        },
        |c| {
            let rows = c
                .bars
                .iter()
                .map(|b| vec![b.group.to_string(), b.method.name().to_string(), b.ratio.map_or("diverged".into(), |r| format!("{r:.2}")), b.interval.map_or("—".into(), |i| i.text(2)), c.source.clone()])
                .collect();
            (&["removes", "method", "× bp", "95% interval", "from"], rows)
        },
    )
}

#[component]
pub(crate) fn ScalingChart(lab: Lab) -> impl IntoView {
    view! {
        {chart(lab, Part::Ratio, "scaling-chart", "One-shot perturbation estimates: mean cosine of 40 with the true gradient, against the number of weights (hidden 8 to 256), computed in this page; the dashed line is weight perturbation's expected √(2/(πN)).", |c| Scaling(c.scaling.clone()),
            |Scaling(rows)| (&["hidden units", "weights N", "weight perturbation cosine", "node perturbation cosine", "expected √(2/(πN))"],
                rows.iter().map(|r| vec![r.hidden.to_string(), r.weights.to_string(), num(r.wp_cosine), num(r.np_cosine), num(r.wp_expected)]).collect()))}
        <p class="hint" data-testid="scaling-status">{move || {
            let n = lab.read(|c| c.scaling.len());
            if n < WIDTHS.len() { format!("computing: {n} of {} widths", WIDTHS.len()) } else { "computed in this page: seed 0, first minibatch, 40 estimates per width".into() }
        }}</p>
        <p class="hint" data-testid="scaling-law">"Why √(2/(πN)) and not the essay's 1/√N: the essay gives the rate of the fall; the constant is ours. A one-shot estimate ξ·(ξ·g) along Gaussian noise ξ on N weights has, for large N, a cosine with the gradient g of about |ξ·ĝ|/|ξ|, whose mean is √(2/π)·1/√N (the mean of a half-normal over the length √N of ξ). Same slope on this log–log chart, shifted down by √(2/π) ≈ 0.8."</p>
    }
}
