//! The network panel (`network-panel`): credit inside the student, unit
//! by unit, for the method chosen here: what it delivers to each unit
//! beside backprop's true δ at the same weights, per layer the cosine of
//! the two, and (while paused) one step walked layer by layer with the
//! worked example's keys: → next, ← previous, space run/pause, Home the
//! whole step.

use super::lab_handle::Lab;
use super::network_svg::{cell, draw, layout, TOP};
use super::url_state::View;
use crate::lab::credit::CreditView;
use crate::lab::panel::{phase_text, PHASES};
use crate::lab::Method;
use leptos::ev;
use leptos::prelude::*;

/// The numbers of unit `j` of layer `l`, for hover, focus and screen readers.
fn describe(v: &CreditView, l: usize, j: usize) -> String {
    let layer = &v.layers[l];
    let f = |x: Option<&f64>| x.map_or("—".to_string(), |x| format!("{x:+.4}"));
    let mut s = format!(
        "{} unit {}: activity {}, slope f′ {}, delivered {}, true δ {}",
        layer.name,
        j + 1,
        f(layer.activity.get(j)),
        f(layer.slope.get(j)),
        layer
            .delivered
            .as_ref()
            .map_or("nothing".into(), |d| f(d.get(j))),
        f(layer.truth.get(j)),
    );
    if let Some(src) = layer.source.as_ref().and_then(|p| p.get(j)) {
        s += &format!(" (unit {}'s true δ)", src + 1);
    }
    if let Some(p) = layer.paired_activity.as_ref().and_then(|p| p.get(j)) {
        s += &format!("; the update pairs it with the previous batch's activity {p:+.4}");
    }
    s
}

fn focus_targets(v: &CreditView, hover: RwSignal<Option<(usize, usize)>>) -> impl IntoView {
    let (xs, _) = layout(v);
    v.layers
        .iter()
        .enumerate()
        .flat_map(|(l, layer)| {
            let n = layer.truth.len();
            let x = xs[l][1];
            (0..n).map(move |j| (l, j, cell(x, TOP, n, j)))
        })
        .map(|(l, j, (cx, cy))| {
            let label = describe(v, l, j);
            let title = label.clone();
            view! {
                <rect class="unit-target" x=cx - 6.5 y=cy - 6.5 width="13" height="13" tabindex="0" role="img"
                    aria-label=label
                    on:mouseenter=move |_| hover.set(Some((l, j)))
                    on:focus=move |_| hover.set(Some((l, j)))>
                    <title>{title}</title>
                </rect>
            }
        })
        .collect_view()
}

/// For scrambled: an arc from the hovered unit to the unit whose δ it got.
fn source_arc(v: &CreditView, hovered: Option<(usize, usize)>) -> Option<impl IntoView> {
    let (l, j) = hovered?;
    let layer = v.layers.get(l)?;
    let src = *layer.source.as_ref()?.get(j)?;
    let (xs, _) = layout(v);
    let n = layer.truth.len();
    let (x1, y1) = cell(xs[l][1], TOP, n, j);
    let (x2, y2) = cell(xs[l][2], TOP, n, src);
    let d = format!(
        "M{x1},{y1} Q{},{} {x2},{y2}",
        (x1 + x2) / 2.0,
        y1.min(y2) - 40.0
    );
    Some(view! { <path d=d class="perm-arc" data-testid="perm-arc"></path> })
}

#[component]
pub(super) fn NetworkPanel(lab: Lab) -> impl IntoView {
    let hover = RwSignal::new(None::<(usize, usize)>);
    let next = move || lab.act(|c, s| c.panel_next(s));
    let prev = move || lab.act(|c, _| c.panel_prev());
    let keys = window_event_listener(ev::keydown, move |e| {
        if lab.app.with_untracked(|a| a.view) != View::Lab {
            return;
        }
        use leptos::wasm_bindgen::JsCast;
        let tag = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|el| el.tag_name())
            .unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT")
            || e.alt_key()
            || e.ctrl_key()
            || e.meta_key()
        {
            return;
        }
        match e.key().as_str() {
            "ArrowRight" => next(),
            "ArrowLeft" => prev(),
            " " if tag != "BUTTON" => lab.act(|c, s| if c.running { c.pause() } else { c.run(s) }),
            "Home" => lab.act(|c, _| c.panel_whole()),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || keys.remove());
    let methods = move || lab.read(|c| c.board.iter().map(|r| r.method()).collect::<Vec<_>>());
    let chosen = move || lab.read(|c| c.panel.method);
    let batch = || crate::lab::RunConfig::default().batch;
    let set_method = move |m: Option<Method>| lab.act(|c, _| c.set_panel(m, c.panel.example));
    let set_example = move |ex: Option<usize>| lab.act(|c, _| c.set_panel(c.panel.method, ex));
    view! {
        <section class="network-panel" data-testid="network-panel" aria-label="Credit inside the network">
            <h2>"Credit inside the network"</h2>
            <div class="panel-controls">
                <label>"method: "
                    <select data-testid="panel-method" on:change=move |e| set_method(Method::from_id(&event_target_value(&e)))>
                        {move || methods().into_iter().map(|m| view! {
                            <option value=m.id() selected=move || chosen() == Some(m)>{m.name()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label>" errors of: "
                    <select data-testid="panel-example" on:change=move |e| set_example(event_target_value(&e).parse::<usize>().ok().map(|i| i - 1))>
                        <option value="mean">"the batch mean"</option>
                        {move || (1..=batch()).map(|i| view! { <option value=i.to_string()>{format!("example {i}")}</option> }).collect_view()}
                    </select>
                </label>
                <button data-testid="panel-prev" on:click=move |_| prev()>"◂ back"</button>
                <button data-testid="panel-step" on:click=move |_| next()>"step one batch ▸"</button>
                <button data-testid="panel-whole" on:click=move |_| lab.act(|c, _| c.panel_whole())>"whole step"</button>
                <span class="hint">"keys: ← → step, space run/pause, Home whole step"</span>
            </div>
            <p class="phase" data-testid="panel-phase" aria-live="polite">{move || lab.read(|c| {
                let m = c.panel.method.unwrap_or(Method::Bp);
                match (c.panel.phase, &c.panel.view) {
                    (_, None) => "Press run or “step one batch” to look inside the network.".to_string(),
                    (None, Some(v)) => format!("Step {} of {}: the whole step at once (the next batch, before its update). “step one batch” walks it layer by layer.", v.step + 1, m.name()),
                    (Some(p), Some(v)) => format!("Step {}, phase {} of {PHASES}. {}", v.step + 1, p + 1, phase_text(m, p)),
                }
            })}</p>
            {move || lab.read(|c| c.panel.view.clone()).map(|v| {
                let (_, width) = layout(&v);
                let phase = lab.read(|c| c.panel.phase);
                let h = hover.get();
                view! {
                    <svg class="network" viewBox=format!("0 0 {width} 170") width=width height="170" role="group"
                        aria-label="each unit's activity, the error the method delivers to it, and backprop's true δ"
                        on:mouseleave=move |_| hover.set(None)>
                        {draw(&v, phase)}
                        {source_arc(&v, h)}
                        {focus_targets(&v, hover)}
                    </svg>
                    <p class="unit-detail" data-testid="unit-detail" aria-live="polite">{
                        h.filter(|&(l, _)| l < v.layers.len()).map_or("Hover or focus a unit (Tab) for its numbers.".to_string(), |(l, j)| describe(&v, l, j))
                    }</p>
                    <p class="legend hint">{format!(
                        "Orange circle: positive; blue square: negative; size: |value| up to {:.3} (the largest error shown); activity on its own scale (±1). Dashed red ring: a saturated unit (f′ < 0.1). Values are per example (the batch mean unless one is chosen).",
                        v.scale()
                    )}</p>
                }
            })}
        </section>
    }
}
