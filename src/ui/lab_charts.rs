//! The lab's canvases: each redrawn from the controller when its data
//! changes, at the screen's pixel ratio so that text stays crisp at any
//! zoom, with a PNG export.

use super::charts::{draw_curves, draw_scaling, Look, Series};
use super::charts_credit::{draw_angles, draw_ratio, ratio_bars};
use super::download;
use super::lab_handle::Lab;
use crate::lab::controller::LabController;
use crate::lab::scaling::WIDTHS;
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;

type Area = plotters::drawing::DrawingArea<CanvasBackend, plotters::coord::Shift>;

fn pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, 4.0)
}

/// A canvas `w`×`h` CSS pixels, redrawn by `draw` whenever the lab changes.
fn chart_canvas(
    lab: Lab,
    id: &'static str,
    label: &'static str,
    (w, h): (u32, u32),
    draw: impl Fn(&LabController, Area, Look) -> Result<(), String> + 'static,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let failed = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let Some(el) = canvas.get() else { return };
        let look = Look { px: pixel_ratio() };
        el.set_width((w as f64 * look.px) as u32);
        el.set_height((h as f64 * look.px) as u32);
        let Some(backend) = CanvasBackend::with_canvas_object(el) else {
            return;
        };
        let root = backend.into_drawing_area();
        let r = lab
            .read(|c| draw(c, root.clone(), look))
            .and_then(|_| root.present().map_err(|e| format!("{e:?}")));
        failed.set(r.err());
    });
    let png = move |_| {
        if let Some(el) = canvas.get_untracked() {
            if let Ok(url) = el.to_data_url() {
                download::url(&url, &format!("creditflow-{id}.png"));
            }
        }
    };
    view! {
        <figure class="chart">
            <canvas node_ref=canvas data-testid=id style=format!("max-width: {w}px") role="img" aria-label=label></canvas>
            <figcaption>
                {label}
                " " <button class="small" data-testid=format!("export-png-{id}") on:click=png>"PNG"</button>
                {move || failed.get().map(|e| view! { <span class="error small">{e}</span> })}
            </figcaption>
        </figure>
    }
}

fn steps_of(c: &LabController, lab: &Lab) -> usize {
    c.started
        .as_ref()
        .map_or_else(|| lab.app.with_untracked(|a| a.steps), |s| s.steps)
}

#[component]
pub(super) fn CurveChart(lab: Lab) -> impl IntoView {
    chart_canvas(
        lab,
        "curve-chart",
        "Learning curves: test normalised MSE against training step; controls dashed; grey lines: predicting the mean (1) and the untrained student.",
        (760, 360),
        move |c, root, look| {
            let series: Vec<Series> = c
                .board
                .iter()
                .map(|r| Series {
                    method: r.method(),
                    points: r.points(),
                    diverged_at: r.diverged_at,
                })
                .collect();
            draw_curves(&root, &series, steps_of(c, &lab), look)
        },
    )
}

#[component]
pub(super) fn AngleChart(lab: Lab) -> impl IntoView {
    chart_canvas(
        lab,
        "angle-chart",
        "Per layer, every 100 steps: the angle between each method's update and the exact gradient at the same weights (0° is exact, 90° no alignment; a gap where a method leaves a layer unchanged).",
        (760, 320),
        move |c, root, look| {
            let lines: Vec<_> = c.board.iter().map(|r| (r.method(), r.angle_series())).collect();
            draw_angles(&root, &lines, steps_of(c, &lab), look)
        },
    )
}

/// The ratio chart's data: the grid's table when it has run, else the
/// live runs' latest scores.
pub(super) fn ratio_source(c: &LabController) -> (Vec<(crate::lab::Method, f64)>, String) {
    match &c.grid.done {
        Some(d) => (
            d.summary.iter().map(|s| (s.method, s.median)).collect(),
            format!("the table, {} steps", d.steps),
        ),
        None => {
            let step = c.board.iter().map(|r| r.steps_done).max().unwrap_or(0);
            (
                c.board.iter().map(|r| (r.method(), r.score())).collect(),
                format!("live runs at step {step}"),
            )
        }
    }
}

#[component]
pub(super) fn RatioChart(lab: Lab) -> impl IntoView {
    chart_canvas(
        lab,
        "ratio-chart",
        "The cost of removing each requirement: each method's test error divided by exact backprop's, grouped by the requirement it removes (from the table once it has run, else the live runs).",
        (760, 360),
        |c, root, look| {
            let (scores, source) = ratio_source(c);
            draw_ratio(&root, &ratio_bars(&scores), &source, look)
        },
    )
}

#[component]
pub(super) fn ScalingChart(lab: Lab) -> impl IntoView {
    view! {
        {chart_canvas(lab, "scaling-chart", "One-shot perturbation estimates: mean cosine of 40 with the true gradient, against the number of weights (hidden 8 to 256), computed in this page; the dashed line is weight perturbation's expected √(2/(πN)).", (760, 340), |c, root, look| {
            draw_scaling(&root, &c.scaling, look)
        })}
        <p class="hint" data-testid="scaling-status">{move || {
            let n = lab.read(|c| c.scaling.len());
            if n < WIDTHS.len() { format!("computing: {n} of {} widths", WIDTHS.len()) } else { "computed in this page: seed 0, first minibatch, 40 estimates per width".into() }
        }}</p>
    }
}
