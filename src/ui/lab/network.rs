//! The network panel (`network-panel`): credit inside the student, unit
//! by unit, for the method chosen here: what it delivers to each unit
//! beside backprop's true δ at the same weights, per layer the cosine of
//! the two, and (while paused) one step walked layer by layer with the
//! worked example's keys: → next, ← previous, space run/pause, Home the
//! whole step.

use crate::lab::train::credit::CreditView;
use crate::lab::Method;
use crate::page::lab::panel::{phase_text, PHASES};
use crate::page::url::View;
use crate::ui::lab::handle::{Lab, Part};
use crate::ui::lab::network_drawing::{cell, cosines, describe, frame, layout, marks, Mark, RING};
use crate::ui::shell::chart::pixel_ratio;
use crate::ui::shell::keys::{step_keys, StepKeys};
use leptos::prelude::*;
use leptos::wasm_bindgen::{JsCast, JsValue};
use std::f64::consts::TAU;

/// For scrambled: an arc from the hovered unit to the unit whose δ it got.
fn source_arc(v: &CreditView, hovered: Option<(usize, usize)>) -> Option<impl IntoView> {
    let (l, j) = hovered?;
    let layer = v.layers.get(l)?;
    let src = *layer.source.as_ref()?.get(j)?;
    let lay = layout(v);
    let n = layer.truth.len();
    let (x1, y1) = cell(lay.xs[l], lay.bands[1], n, j);
    let (x2, y2) = cell(lay.xs[l], lay.bands[2], n, src);
    let d = format!(
        "M{x1},{y1} Q{},{} {x2},{y2}",
        x1.max(x2) + 70.0,
        (y1 + y2) / 2.0
    );
    Some(view! { <path d=d class="perm-arc" data-testid="perm-arc"></path> })
}

/// Paints the marks on `canvas`, `w` × `h` CSS pixels at the device
/// pixel ratio, on white (the dark theme inverts the panel, as it does
/// the frame above it).
fn paint(canvas: &web_sys::HtmlCanvasElement, (w, h): (f64, f64), marks: &[Mark]) {
    let k = pixel_ratio();
    // (setting the size also clears the canvas and its state)
    canvas.set_width((w * k).round() as u32);
    canvas.set_height((h * k).round() as u32);
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let _ = ctx.scale(k, k);
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_font("8px system-ui, sans-serif");
    ctx.set_text_align("center");
    let dash = js_sys::Array::of2(&JsValue::from(2.0), &JsValue::from(1.5));
    for m in marks {
        match m {
            Mark::Empty { x, y } => {
                ctx.begin_path();
                let _ = ctx.arc(*x, *y, 1.5, 0.0, TAU);
                ctx.set_fill_style_str("#ccc");
                ctx.fill();
            }
            Mark::Value {
                x,
                y,
                r,
                fill,
                square,
                glyph,
                ring,
            } => {
                ctx.set_fill_style_str(fill);
                ctx.set_stroke_style_str("#555");
                ctx.set_line_width(0.5);
                ctx.begin_path();
                if *square {
                    ctx.rect(x - r, y - r, 2.0 * r, 2.0 * r);
                } else {
                    let _ = ctx.arc(*x, *y, *r, 0.0, TAU);
                }
                ctx.fill();
                ctx.stroke();
                if let Some(g) = glyph {
                    ctx.set_fill_style_str("#222");
                    let _ = ctx.fill_text(g, *x, y + 3.0);
                }
                if *ring {
                    ctx.set_stroke_style_str("#b00");
                    ctx.set_line_width(1.0);
                    let _ = ctx.set_line_dash(&dash);
                    ctx.begin_path();
                    let _ = ctx.arc(*x, *y, RING, 0.0, TAU);
                    ctx.stroke();
                    let _ = ctx.set_line_dash(&js_sys::Array::new());
                }
            }
        }
    }
}

#[component]
pub(crate) fn NetworkPanel(lab: Lab) -> impl IntoView {
    let hover = RwSignal::new(None::<(usize, usize)>);
    let next = move || lab.act(|c, s| c.panel_next(s));
    let prev = move || lab.act(|c, _| c.panel_prev());
    step_keys(
        lab.app,
        View::Lab,
        StepKeys {
            next: Box::new(next),
            prev: Box::new(prev),
            toggle: Box::new(move || lab.act(|c, s| if c.running { c.pause() } else { c.run(s) })),
            home: Box::new(move || lab.act(|c, _| c.panel_whole())),
        },
    );
    // the drawing changes only with the preview or the phase
    let shown =
        Memo::new(move |_| lab.read_part(Part::Network, |c| (c.panel.view.clone(), c.panel.phase)));
    let methods =
        Memo::new(move |_| lab.read(|c| c.board.iter().map(|r| r.method()).collect::<Vec<_>>()));
    let chosen = move || lab.read(|c| c.panel.method);
    let batch = || crate::lab::RunConfig::default().batch;
    let set_method = move |m: Option<Method>| lab.act(|c, _| c.set_panel(m, c.panel.example));
    let set_example = move |ex: Option<usize>| lab.act(|c, _| c.set_panel(c.panel.method, ex));
    let box_of = Memo::new(move |_| {
        shown.with(|s| {
            s.0.as_ref().map_or((String::new(), 0.0, 0.0), |v| {
                let lay = layout(v);
                (
                    format!("0 0 {} {}", lay.width, lay.height),
                    lay.width,
                    lay.height,
                )
            })
        })
    });
    let box_of = move || box_of.get();
    // the marks on a canvas, redrawn with each preview; the frame's SVG
    // (titles, targets) written when the drawing is new or the network's
    // shape changed (`framed`: the shape last written)
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let drawing = NodeRef::<leptos::svg::G>::new();
    let framed = StoredValue::new(Vec::<(String, usize)>::new());
    let pending = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let (Some(canvas), Some(g)) = (canvas.get(), drawing.get()) else {
            return;
        };
        // a new drawing (the panel shown again) has an empty frame
        let fresh = g.child_element_count() == 0;
        let Some((size, marks, frame)) = shown.with(|(v, phase)| {
            v.as_ref().map(|v| {
                let lay = layout(v);
                let shape: Vec<(String, usize)> = v
                    .layers
                    .iter()
                    .map(|l| (l.name.clone(), l.truth.len()))
                    .collect();
                let frame =
                    (fresh || framed.with_value(|f| *f != shape)).then(|| (shape, frame(v)));
                ((lay.width, lay.height), marks(v, *phase), frame)
            })
        }) else {
            return;
        };
        let draw = move || {
            paint(&canvas, size, &marks);
            if let Some((shape, svg)) = frame {
                g.set_inner_html(&svg);
                framed.set_value(shape);
            }
        };
        // a first drawing not yet made gives way to this newer one
        if let Some(h) = pending.get_value() {
            h.clear();
            pending.set_value(None);
        }
        if fresh {
            // the first drawing waits for a task of its own: it arrives
            // with a run's first report, whose frame already builds every
            // table row and chart
            pending.set_value(set_timeout_with_handle(draw, std::time::Duration::ZERO).ok());
        } else {
            draw();
        }
    });
    let cos = Memo::new(move |_| {
        shown.with(|(v, phase)| v.as_ref().map(|v| cosines(v, *phase)).unwrap_or_default())
    });
    // hover and focus answered by delegation from the targets' data-l, data-j
    let pick = move |t: Option<web_sys::EventTarget>| {
        let el = t.and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let get = |k: &str| {
            el.as_ref()
                .and_then(|e| e.get_attribute(k))
                .and_then(|v| v.parse::<usize>().ok())
        };
        if let (Some(l), Some(j)) = (get("data-l"), get("data-j")) {
            hover.set(Some((l, j)));
        }
    };
    // the drawing is one Tab stop: ↑ ↓ move within a layer, ← → between
    // layers (not the lab's step keys, there), the unit's numbers said
    let arrows = move |e: leptos::ev::KeyboardEvent| {
        let el = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let at = |k: &str| {
            el.as_ref()
                .and_then(|e| e.get_attribute(k))
                .and_then(|v| v.parse::<usize>().ok())
        };
        let (Some(l), Some(j)) = (at("data-l"), at("data-j")) else {
            return;
        };
        let sizes: Vec<usize> = shown.with_untracked(|s| {
            s.0.as_ref()
                .map(|v| v.layers.iter().map(|l| l.truth.len()).collect())
                .unwrap_or_default()
        });
        let (l2, j2) = match e.key().as_str() {
            "ArrowDown" => (l, j + 1),
            "ArrowUp" => (l, j.saturating_sub(1)),
            "ArrowRight" => (l + 1, j),
            "ArrowLeft" => (l.saturating_sub(1), j),
            _ => return,
        };
        e.prevent_default();
        e.stop_propagation();
        let l2 = l2.min(sizes.len().saturating_sub(1));
        let j2 = j2.min(sizes.get(l2).copied().unwrap_or(1).saturating_sub(1));
        let next = drawing.get_untracked().and_then(|g| {
            g.query_selector(&format!("[data-l=\"{l2}\"][data-j=\"{j2}\"]"))
                .ok()
                .flatten()
        });
        if let (Some(from), Some(to)) = (
            el,
            next.and_then(|n| n.dyn_into::<web_sys::SvgElement>().ok()),
        ) {
            let _ = from.set_attribute("tabindex", "-1");
            let _ = to.set_attribute("tabindex", "0");
            let _ = to.focus();
        }
    };
    view! {
        <section class="network-panel" data-testid="network-panel" aria-label="Credit inside the network">
            <h2>"Credit inside the network"</h2>
            <div class="panel-controls">
                <label>"method: "
                    <select data-testid="panel-method" on:change=move |e| set_method(Method::from_id(&event_target_value(&e)))>
                        {move || methods.get().is_empty().then(|| view! { <option value="">"— press run or step —"</option> })}
                        {move || methods.get().into_iter().map(|m| view! {
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
            // (silent while a run trains: its reports would speak every frame)
            <p class="phase" data-testid="panel-phase" aria-live=move || if lab.read(|c| c.running) { "off" } else { "polite" }>{move || lab.read(|c| {
                let m = c.panel.method.unwrap_or(Method::Bp);
                match (c.panel.phase, &c.panel.view) {
                    (_, None) => "Press run or “step one batch” to look inside the network.".to_string(),
                    (_, Some(v)) if c.finished() => format!("The {} run is finished ({} steps): this is what the next batch would receive.", m.name(), v.step),
                    (None, Some(v)) => format!("Step {} of {}: the whole step at once (the next batch, before its update). “step one batch” walks it layer by layer.", v.step + 1, m.name()),
                    (Some(p), Some(v)) => format!("Step {}, phase {} of {PHASES}. {}", v.step + 1, p + 1, phase_text(m, p)),
                }
            })}</p>
            // the frame is built once; a new preview rewrites the drawing
            // in place (one DOM write), not the panel
            <Show when=move || shown.with(|s| s.0.is_some())>
                <div class="network-wrap">
                    <canvas class="network-marks" node_ref=canvas aria-hidden="true"></canvas>
                    <svg class="network" viewBox=move || box_of().0 width=move || box_of().1 height=move || box_of().2 role="group"
                        aria-label="each unit's activity, the error the method delivers to it, and backprop's true δ: ↑ ↓ move within a layer, ← → between layers"
                        on:keydown=arrows
                        on:mouseover=move |e| pick(e.target())
                        on:focusin=move |e| pick(e.target())
                        on:mouseleave=move |_| hover.set(None)>
                        <g node_ref=drawing></g>
                        {move || cos.get().into_iter().map(|c| view! {
                            <text x=format!("{:.1}", c.x) y=format!("{:.1}", c.y) class="cos" data-testid=c.id>{c.words}</text>
                        }).collect_view()}
                    </svg>
                    <svg class="network-overlay" viewBox=move || box_of().0 width=move || box_of().1 height=move || box_of().2 aria-hidden="true">
                        {move || shown.with(|s| s.0.as_ref().and_then(|v| source_arc(v, hover.get())))}
                    </svg>
                </div>
                <p class="unit-detail" data-testid="unit-detail" aria-live=move || if lab.read(|c| c.running) { "off" } else { "polite" }>{move || shown.with(|s| {
                    let v = s.0.as_ref()?;
                    hover.get().filter(|&(l, _)| l < v.layers.len()).map(|(l, j)| describe(v, l, j))
                }).unwrap_or_else(|| "Hover or focus a unit (Tab, then the arrow keys) for its numbers.".to_string())}</p>
                <p class="legend hint">{move || format!(
                    "{}; larger and darker: larger |value|, up to {:.3} (the largest error shown; a ± sign on the largest); activity on its own scale (±1). Dashed red ring (delivered row): a saturated unit, f′ < 0.1, which can barely use its error. Errors are per example: the chosen one, or the mean over the batch. cos: the cosine of the delivered errors with the true δ of that layer, for what is shown and (batch) over every example.",
                    crate::page::palette::sign_legend(),
                    shown.with(|s| s.0.as_ref().map_or(0.0, |v| v.scale()))
                )}</p>
            </Show>
        </section>
    }
}
