//! The lab's charts: each an SVG drawn from the controller's data when
//! that data changes (`svg_plot` writes the SVG as a string, the browser
//! parses it once: a few milliseconds, and crisp at any zoom), with SVG
//! and PNG exports.

use crate::lab::study::scaling::WIDTHS;
use crate::lab::train::config::{angles_from_json, AnglesJson};
use crate::page::lab::controller::LabController;
use crate::ui::charts::credit::{draw_angle_panels, draw_angles, draw_ratio, ratio_bars};
use crate::ui::charts::plots::{draw_curves, draw_scaling, Series};
use crate::ui::lab::handle::{Lab, Part};
use crate::ui::shell::download;
use crate::ui::shell::widgets::data_table;
use leptos::prelude::*;

/// A chart's data as a table (header, rows): the chart's text alternative.
pub(crate) use crate::ui::charts::plots::Table;

fn num(x: f64) -> String {
    crate::ui::charts::plots::cell(Some(x))
}

/// A chart showing `data` (taken from the controller) drawn by `draw` as
/// (SVG, lines drawn), with its data as a table; redrawn only when its
/// data changes.
fn chart<T: Clone + PartialEq + Send + Sync + 'static>(
    lab: Lab,
    part: Part,
    id: &'static str,
    label: &'static str,
    data: impl Fn(&LabController) -> T + Send + Sync + 'static,
    draw: impl Fn(&T) -> (String, usize) + Send + Sync + 'static,
    table: impl Fn(&T) -> Table + Send + Sync + 'static,
) -> impl IntoView {
    let data = Memo::new(move |_| lab.read_part(part, &data));
    let open = RwSignal::new(false);
    let rows = Memo::new(move |_| open.get().then(|| data.with(&table)));
    let drawn = Memo::new(move |_| data.with(&draw));
    let svg = move || drawn.with(|r| r.0.clone());
    let lines = move || drawn.with(|r| r.1);
    let size = move || {
        let s = svg();
        let num = |k: &str| {
            s.split_once(&format!(" {k}=\""))
                .and_then(|(_, r)| r.split('"').next())
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        (num("width") as u32, num("height") as u32)
    };
    let save_svg = move |_| {
        let text = svg();
        download::text(&text, &format!("creditflow-{id}.svg"), "image/svg+xml");
    };
    let save_png = move |_| download::svg_as_png(&svg(), size(), &format!("creditflow-{id}.png"));
    view! {
        <figure class="chart">
            <div class="chart-svg" data-testid=id data-lines=lines role="img" aria-label=label
                inner_html=svg></div>
            <figcaption>
                <span class="pan-hint">"Swipe the chart sideways to see all of it. "</span>
                {label}
                " " <button class="small" data-testid=format!("export-svg-{id}") on:click=save_svg>"SVG"</button>
                " " <button class="small" data-testid=format!("export-png-{id}") on:click=save_png>"PNG"</button>
            </figcaption>
            {data_table(id, open, rows)}
        </figure>
    }
}

fn steps_of(c: &LabController, lab: &Lab) -> usize {
    c.started.as_ref().map_or_else(
        || lab.app.with_untracked(|a| a.lab.base.steps),
        |s| s.base.steps,
    )
}

#[component]
pub(crate) fn CurveChart(lab: Lab) -> impl IntoView {
    chart(
        lab,
        Part::Curves,
        "curve-chart",
        "Learning curves: test normalised MSE against training step; controls dashed; dashed grey line: predicting the mean (1); dashed red line: the untrained student.",
        move |c| {
            let series: Vec<Series> = c
                .board
                .iter()
                .map(|r| Series {
                    method: r.method(),
                    points: r.points(),
                    diverged_at: r.diverged_at,
                })
                .collect();
            (series, steps_of(c, &lab))
        },
        |(series, steps)| (draw_curves(series, *steps), series.len()),
        |(series, _)| {
            let rows = series
                .iter()
                .flat_map(|s| s.points.iter().map(|&(step, y)| vec![s.method.name().to_string(), step.to_string(), num(y)]))
                .collect();
            (&["method", "step", "test nMSE"], rows)
        },
    )
}

#[component]
pub(crate) fn AngleChart(lab: Lab) -> impl IntoView {
    chart(
        lab,
        Part::Angles,
        "angle-chart",
        "Per layer, every 100 steps: the angle between each method's update and the exact gradient at the same weights (0° is exact, 90° no alignment; a gap where a method leaves a layer unchanged).",
        move |c| {
            let lines: Vec<_> = c.board.iter().map(|r| (r.method(), r.angles.clone())).collect();
            (lines, steps_of(c, &lab))
        },
        |(lines, steps)| {
            let lines: Vec<_> = lines
                .iter()
                .map(|(m, a)| (*m, angles_from_json(a)))
                .collect();
            draw_angles(&lines, *steps)
        },
        |(lines, _)| (&["method", "step", "W₁", "W₂", "W₃"], angle_rows(lines)),
    )
}

/// An angle chart's table: a row per method and step, a column per panel.
fn angle_rows(lines: &[(crate::lab::Method, AnglesJson)]) -> Vec<Vec<String>> {
    lines
        .iter()
        .flat_map(|(m, a)| {
            a.iter().map(|(step, d)| {
                let mut r = vec![m.name().to_string(), step.to_string()];
                r.extend(
                    d.iter()
                        .map(|x| x.map_or("—".into(), |v| format!("{v:.1}°"))),
                );
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
            let lines: Vec<_> = c
                .board
                .iter()
                .filter(|r| !r.feedback.is_empty())
                .map(|r| (r.method(), r.feedback.clone()))
                .collect();
            (lines, steps_of(c, &lab))
        },
        |(lines, steps)| {
            let lines: Vec<_> = lines.iter().map(|(m, a)| (*m, angles_from_json(a))).collect();
            let names = ["B₂ vs W₂ᵀ", "B₃ vs W₃ᵀ"].map(String::from);
            draw_angle_panels(&lines, *steps, "Angle between each feedback matrix B and the Wᵀ it stands in for", &names)
        },
        |(lines, _)| (&["method", "step", "B₂ vs W₂ᵀ", "B₃ vs W₃ᵀ"], angle_rows(lines)),
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
        "The cost of removing each requirement: each method's test error divided by exact backprop's, grouped by the requirement it removes (from the table once it has run, else the live runs).",
        |c| {
            let (scores, source) = ratio_source(c);
            (ratio_bars(&scores), source)
        },
        |(bars, source)| (draw_ratio(bars, source), bars.len()),
        |(bars, source)| {
            let rows = bars
                .iter()
                .map(|b| vec![b.group.to_string(), b.method.name().to_string(), b.ratio.map_or("diverged".into(), |r| format!("{r:.2}")), source.clone()])
                .collect();
            (&["removes", "method", "× bp", "from"], rows)
        },
    )
}

#[component]
pub(crate) fn ScalingChart(lab: Lab) -> impl IntoView {
    view! {
        {chart(lab, Part::Ratio, "scaling-chart", "One-shot perturbation estimates: mean cosine of 40 with the true gradient, against the number of weights (hidden 8 to 256), computed in this page; the dashed line is weight perturbation's expected √(2/(πN)).", |c| c.scaling.clone(), |rows| (draw_scaling(rows), rows.len()),
            |rows| (&["hidden units", "weights N", "weight perturbation cosine", "node perturbation cosine", "expected √(2/(πN))"],
                rows.iter().map(|r| vec![r.hidden.to_string(), r.weights.to_string(), num(r.wp_cosine), num(r.np_cosine), num(r.wp_expected)]).collect()))}
        <p class="hint" data-testid="scaling-status">{move || {
            let n = lab.read(|c| c.scaling.len());
            if n < WIDTHS.len() { format!("computing: {n} of {} widths", WIDTHS.len()) } else { "computed in this page: seed 0, first minibatch, 40 estimates per width".into() }
        }}</p>
    }
}
