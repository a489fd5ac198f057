//! Forward against reverse mode: this graph's costs, and a small chart of
//! the cost of the full gradient against the number of inputs for the
//! family fₙ = (x1·…·xn + c)², in units of one evaluation. In the rooms'
//! wasm (`Room::Costs`), which the page fetches when it is idle.

use crate::engine::check::{cost_family, family_expr, op_counts};
use crate::page::worked::Worksheet;
use leptos::prelude::*;

/// The largest n the chart draws.
const N_MAX: usize = 10;

/// Forward mode's row, counted as the table counts it: f once, then one
/// pass per input, each pass the backward sweep's own work ("1 + 3 × 2 =
/// 7" times calculating f, for the worked example).
fn forward_how(k: &crate::engine::check::OpCounts) -> String {
    let f = k.evaluation.max(1) as f64;
    let pass = (k.reverse - k.evaluation) as f64 / f;
    let n = |x: f64| crate::engine::fmt::fmt_minus((x * 10.0).round() / 10.0);
    // (a pass that is not a whole number of f's: the sum, rounded, is about)
    let (about, is) = if pass.fract() == 0.0 {
        ("", "=")
    } else {
        ("about ", "≈")
    };
    format!(
        "every credit going forwards (forward mode): f once, then one pass per input, {} inputs, each {about}{}× f: 1 + {} × {} {is} {}",
        k.inputs,
        n(pass),
        k.inputs,
        n(pass),
        n(k.forward as f64 / f)
    )
}

#[component]
pub fn ModeCosts(ws: RwSignal<Worksheet>) -> impl IntoView {
    let table = move || {
        ws.with(|w| {
            let k = op_counts(&w.graph);
            let ratio = |x: usize| x as f64 / k.evaluation.max(1) as f64;
            view! {
                <table class="modes" data-testid="mode-costs">
                    <thead><tr><th scope="col">"work"</th><th scope="col">"multiplications"</th><th scope="col">"times calculating f"</th></tr></thead>
                    <tbody>
                    <tr><th scope="row">"calculating f once"</th><td data-testid="ops-eval">{k.evaluation}</td><td>"1×"</td></tr>
                    <tr><th scope="row" data-testid="ops-forward-how">{forward_how(&k)}</th><td data-testid="ops-forward">{k.forward}</td>
                        <td>{format!("{:.1}×", ratio(k.forward))}</td></tr>
                    <tr><th scope="row">"every credit going backwards (reverse mode): one sweep"</th><td data-testid="ops-reverse">{k.reverse}</td>
                        <td>{format!("{:.1}×", ratio(k.reverse))}</td></tr>
                    </tbody>
                </table>
            }
        })
    };
    view! {
        <h2>"Why one backward sweep is cheap"</h2>
        {table}
        <FamilyChart/>
        <p class="hint">
            "Counted in multiplications (sums are free; a function such as tanh counts as one). A product costs one multiplication forwards and two on the way back (its credit times each of its inputs), so the backward sweep costs at most about 3 times one calculation of f, however many inputs there are, while going forwards costs one pass per input."
        </p>
        <details class="hint"><summary>"The precise statement"</summary>
            <p>"For polynomial graphs reverse mode costs at most 3× one evaluation of f, and forward mode one tangent pass per input: Griewank's cheap gradient principle."</p>
        </details>
    }
}

/// Cost / evaluation for n = 1..N_MAX, forward and reverse, as SVG.
#[component]
fn FamilyChart() -> impl IntoView {
    let fam = cost_family(N_MAX);
    let (w, h, l, b, t, r) = (300.0, 190.0, 42.0, 36.0, 12.0, 12.0);
    let ymax = fam
        .iter()
        .map(|(_, c)| c.forward as f64 / c.evaluation.max(1) as f64)
        .fold(4.0, f64::max);
    // a round top, so the ticks are whole numbers
    let ymax = (ymax / 4.0).ceil() * 4.0;
    let x = move |n: usize| l + (n as f64 - 1.0) / (N_MAX as f64 - 1.0) * (w - l - r);
    let y = move |v: f64| h - b - v / ymax * (h - b - t);
    let line = |f: &dyn Fn(&crate::engine::OpCounts) -> usize| {
        fam.iter()
            .map(|(n, c)| {
                format!(
                    "{:.1},{:.1}",
                    x(*n),
                    y(f(c) as f64 / c.evaluation.max(1) as f64)
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let fwd = line(&|c| c.forward);
    let fwd_at = N_MAX * 2 / 3;
    let fwd_v = fam
        .iter()
        .find(|(n, _)| *n == fwd_at)
        .map_or(ymax / 2.0, |(_, c)| {
            c.forward as f64 / c.evaluation.max(1) as f64
        });
    let rev = line(&|c| c.reverse);
    let worked = fam.iter().find(|(n, _)| *n == 2).map(|(_, c)| {
        let e = c.evaluation.max(1) as f64;
        (c.forward as f64 / e, c.reverse as f64 / e)
    });
    let yticks: Vec<f64> = (0..=4).map(|i| ymax * i as f64 / 4.0).collect();
    view! {
        <figure class="chart family" data-testid="cost-chart">
            <svg viewBox=format!("0 0 {w} {h}") role="img"
                aria-label="Cost of every credit in evaluations of f against the number of inputs: forward mode grows with the inputs, reverse mode stays at 3">
                <line class="axis" x1=l y1=h - b x2=w - r y2=h - b></line>
                <line class="axis" x1=l y1=t x2=l y2=h - b></line>
                {yticks.into_iter().map(|v| view! {
                    <text class="tick" x=l - 5.0 y=y(v) + 4.0 text-anchor="end">{format!("{v:.0}")}</text>
                    <line class="grid" x1=l y1=y(v) x2=w - r y2=y(v)></line>
                }).collect_view()}
                // fₙ has n + 1 inputs (x1 … xn and c): the axis counts them all
                {(1..=N_MAX).step_by(3).map(|n| view! {
                    <text class="tick" x=x(n) y=h - b + 14.0 text-anchor="middle">{n + 1}</text>
                }).collect_view()}
                <text class="axis-label" x=(l + w - r) / 2.0 y=h - 4.0 text-anchor="middle">"the number of inputs"</text>
                <text class="axis-label" transform=format!("translate(11 {}) rotate(-90)", (t + h - b) / 2.0) text-anchor="middle">"cost ÷ one evaluation"</text>
                <polyline class="fwd" points=fwd></polyline>
                <polyline class="rev" points=rev></polyline>
                // above and to the left of its rising line, clear of it
                <text class="fwd-label" x=x(fwd_at) - 8.0 y=y(fwd_v) - 8.0 text-anchor="end">"forward mode"</text>
                <text class="rev-label" x=x(N_MAX) - 4.0 y=y(3.0) - 6.0 text-anchor="end">"reverse mode (3×)"</text>
                // the worked example (n = 2: a·b + c, 3 inputs) on both lines
                {worked.map(|(fw, rv)| view! {
                    <circle class="worked fwd" cx=x(2) cy=y(fw) r="3.5"></circle>
                    <circle class="worked rev" cx=x(2) cy=y(rv) r="3.5"></circle>
                    // under the reverse line, clear of both lines' labels
                    <text class="tick" x=x(2) + 7.0 y=y(rv) + 14.0>"worked example"</text>
                })}
            </svg>
            <figcaption>{format!("fₙ = {}, with n + 1 inputs (x1 … xn and c), for n = 1 … {N_MAX}; the dots are the worked example (n = 2: 3 inputs).", family_expr(3).replace("x3", "…·xn").replace("*", "·"))}</figcaption>
        </figure>
    }
}
