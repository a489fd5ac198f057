//! The landing view: the worked example. The expression box, the inputs,
//! the graph with the backward sweep stepped node by node, the
//! finite-difference table, R1–R5, and forward against reverse mode.

use super::graph_svg::{sign_class, signed, GraphSvg};
use super::storage;
use super::url_state::{AppState, View};
use crate::engine::graph::fmt_num;
use crate::engine::sweep::Step;
use crate::engine::{Computed, ErrorSignal, Requirements, Worksheet, PRESETS};
use leptos::ev;
use leptos::prelude::*;
use std::time::Duration;

/// Milliseconds between steps while playing.
const PLAY_MS: u64 = 900;

#[component]
pub fn GraphView() -> impl IntoView {
    let (loaded, notice) = storage::load();
    let ws = RwSignal::new(loaded.unwrap_or_default());
    let notice = RwSignal::new(notice);
    // R1–R5 are shared with the lab (and the URL) through the app state
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let kept = Memo::new(move |_| app.with(|a| a.kept));
    let req = Memo::new(move |_| ws.with(|w| w.requirements(kept.get())));
    let computed = Memo::new(move |_| ws.with(|w| w.compute(kept.get())));
    let step = RwSignal::new(0usize);
    let playing = RwSignal::new(false);
    let n_steps = Signal::derive(move || computed.with(|c| c.sweep.steps.len()));
    let k = Signal::derive(move || step.get().min(n_steps.get()));

    Effect::new(move |_| ws.with(storage::save));

    let next = move || {
        let n = n_steps.get_untracked();
        step.update(|s| *s = (*s).min(n).saturating_add(1).min(n));
    };
    let prev = move || step.update(|s| *s = (*s).min(n_steps.get_untracked()).saturating_sub(1));
    let reset = move || {
        playing.set(false);
        step.set(0);
    };
    let toggle_play = move || {
        if !playing.get_untracked() && step.get_untracked() >= n_steps.get_untracked() {
            step.set(0);
        }
        playing.update(|p| *p = !*p);
    };

    // While playing, one step per tick; stop at the end.
    Effect::new(move |prev_handle: Option<Option<IntervalHandle>>| {
        if let Some(Some(h)) = prev_handle {
            h.clear();
        }
        if !playing.get() {
            return None;
        }
        set_interval_with_handle(
            move || {
                if step.get_untracked() >= n_steps.get_untracked() {
                    playing.set(false);
                } else {
                    next();
                }
            },
            Duration::from_millis(PLAY_MS),
        )
        .ok()
    });

    let keys = window_event_listener(ev::keydown, move |e| {
        if app.with_untracked(|a| a.view) != View::Graph {
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
            " " if tag != "BUTTON" => toggle_play(),
            "Home" => reset(),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || keys.remove());

    view! {
        <section class="graph-view">
            <div class="col controls">
                {move || notice.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
                <ExpressionBox ws=ws step=step/>
                <h2>"Inputs"</h2>
                <VarInputs ws=ws/>
            </div>
            <div class="col centre">
                <p class="value-f">
                    <span data-testid="value-f">{move || format!("f = {}", fmt_num(computed.with(|c| c.value)))}</span>
                    <span class="hint">" — arrows show the direction credit flows, from the output back to the inputs"</span>
                </p>
                {move || (!computed.with(|c| c.value.is_finite())).then(|| view! {
                    <p class="error" role="alert">
                        "f is not a finite number at these inputs (log or sqrt of a negative, or a division by zero?): its gradient means nothing here."
                    </p>
                })}
                <div class="graph-wrap"><GraphSvg ws=ws computed=computed k=k/></div>
                <div class="stepper" role="group" aria-label="Step the backward sweep">
                    <button data-testid="step-reset" on:click=move |_| reset() title="Reset (Home)">"reset"</button>
                    <button data-testid="step-prev" on:click=move |_| prev() title="Previous step (←)">"◀ previous"</button>
                    <button data-testid="step-play" on:click=move |_| toggle_play() title="Play or pause (space)"
                        aria-pressed=move || playing.get().to_string()>
                        {move || if playing.get() { "pause" } else { "▶ play" }}
                    </button>
                    <button data-testid="step-next" on:click=move |_| next() title="Next step (→)">"next ▶"</button>
                    <span data-testid="step-index" class="step-index" aria-live="polite">
                        {move || format!("step {} / {}", k.get(), n_steps.get())}
                    </span>
                    <span class="hint">"keys: ← → step, space play, Home reset"</span>
                </div>
                <Arithmetic ws=ws computed=computed k=k req=req/>
            </div>
            <div class="col side">
                <FdTable computed=computed req=req/>
                <R3Variant ws=ws/>
                <p class="hint">"R5 and R1 show best on a graph with fan-out, such as (a+b)*(b+1) or (a*b+c)*(a*b+c); R1's previous sample is the input values before your last edit."</p>
                <ModeCosts computed=computed/>
            </div>
        </section>
    }
}

#[component]
fn ExpressionBox(ws: RwSignal<Worksheet>, step: RwSignal<usize>) -> impl IntoView {
    view! {
        <label for="expr" class="block-label">"Expression"</label>
        <input id="expr" class="expr" data-testid="expr-input" type="text" spellcheck="false" autocomplete="off"
            aria-describedby="expr-help"
            prop:value=move || ws.with(|w| w.src.clone())
            on:input=move |e| {
                let src = event_target_value(&e);
                ws.update(|w| w.set_expr(&src));
                step.set(0);
            }/>
        <p id="expr-help" class="hint">"+ − * / ^, parentheses, exp log sin cos tanh sigmoid relu sqrt abs"</p>
        {move || ws.with(|w| w.error.clone().map(|e| {
            let before = w.src.get(..e.pos).unwrap_or("").to_string();
            let rest = w.src.get(e.pos..).unwrap_or("");
            let mut chars = rest.chars();
            let at = chars.next().map(String::from).unwrap_or_else(|| " ".into());
            let after: String = chars.collect();
            view! {
                <div class="error" data-testid="expr-error" role="alert">
                    <code class="src">{before}<mark>{at}</mark>{after}</code>
                    <span>{e.to_string()}</span>
                    <span class="hint">" (the graph shows the last good expression)"</span>
                </div>
            }
        }))}
        <div class="presets" role="group" aria-label="Presets">
            {PRESETS.iter().enumerate().map(|(i, (label, src, _))| view! {
                <button title=*label on:click=move |_| { ws.update(|w| w.load_preset(i)); step.set(0); }>
                    <code>{*src}</code>
                </button>
            }).collect_view()}
        </div>
    }
}

#[component]
fn VarInputs(ws: RwSignal<Worksheet>) -> impl IntoView {
    let names = Memo::new(move |_| ws.with(|w| w.graph.vars.clone()));
    view! {
        <For each=move || names.get() key=|n| n.clone() let:name>
            <VarInput ws=ws name=name/>
        </For>
    }
}

#[component]
fn VarInput(ws: RwSignal<Worksheet>, name: String) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let value = {
        let name = name.clone();
        Memo::new(move |_| ws.with(|w| w.value_of(&name).unwrap_or(0.0)))
    };
    let set = {
        let name = name.clone();
        move |text: String, field: web_sys::HtmlInputElement| {
            let parsed = text.trim().parse::<f64>().ok().filter(|v| v.is_finite());
            match parsed {
                Some(v) => {
                    let mut r = Ok(());
                    ws.update(|w| r = w.set_value(&name, v));
                    problem.set(r.err());
                }
                None => {
                    // the field shows the value in force again
                    let good = value.get_untracked();
                    problem.set(Some(format!(
                        "“{text}” is not a number; {name} keeps {}",
                        fmt_num(good)
                    )));
                    field.set_value(&good.to_string());
                }
            }
        }
    };
    let set2 = set.clone();
    let id = format!("var-{name}");
    view! {
        <div class="var">
            <label for=id.clone()>{name.clone()}</label>
            <input type="range" min="-10" max="10" step="0.1" aria-label=format!("{name} slider")
                prop:value=move || value.get().to_string()
                on:input=move |e| set(event_target_value(&e), event_target(&e))/>
            <input type="number" step="any" id=id.clone() data-testid=id
                prop:value=move || value.get().to_string()
                on:change=move |e| set2(event_target_value(&e), event_target(&e))/>
            {move || problem.get().map(|p| view! { <span class="error small" role="alert">{p}</span> })}
        </div>
    }
}

/// The active step's arithmetic, with the numbers filled in.
#[component]
fn Arithmetic(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    #[prop(into)] k: Signal<usize>,
    req: Memo<Requirements>,
) -> impl IntoView {
    move || {
        let k = k.get();
        let req = req.get();
        ws.with(|w| {
            computed.with(|c| {
                let names = w.graph.node_names();
                let body = match k.checked_sub(1).and_then(|i| c.sweep.steps.get(i)) {
                    None => view! {
                        <p>"The forward sweep has run: every node holds its value and the inputs it saw. "
                        "The output's adjoint is 1 (f changes one-for-one with itself). Press " <b>"next"</b> " to start the backward sweep."</p>
                    }.into_any(),
                    Some(s) => step_text(w, c, req, &names, k, s).into_any(),
                };
                view! { <div class="arith" data-testid="arith" aria-live="polite">{body}</div> }
            })
        })
    }
}

fn step_text(
    w: &Worksheet,
    c: &Computed,
    req: Requirements,
    names: &[String],
    k: usize,
    s: &Step,
) -> impl IntoView {
    let g = &w.graph;
    let me = &names[s.node.index()];
    // contributions that reached this node before its visit: the fan-out sum
    let arrived: Vec<(String, f64)> = c.sweep.steps[..k - 1]
        .iter()
        .flat_map(|st| {
            st.sends
                .iter()
                .filter(|t| t.to == s.node)
                .map(|t| (names[st.node.index()].clone(), t.contribution))
        })
        .collect();
    let sum_line = if s.node == g.output() {
        format!("{me}̄ = 1: the output's credit for itself")
    } else if arrived.len() > 1 {
        let parts: Vec<String> = arrived
            .iter()
            .map(|(from, v)| format!("{} (from {from})", signed(*v)))
            .collect();
        format!(
            "{me}̄ = {} = {}: {me} feeds several nodes, so their contributions are summed",
            parts.join(" + "),
            signed(s.adjoint)
        )
    } else {
        format!("{me}̄ = {}", signed(s.adjoint))
    };
    let changed = !req.keeps(3) && s.node != g.output();
    let r3 = changed.then_some(match req.r3_off {
        ErrorSignal::SharedScore => {
            "R3 removed: it uses the one shared score (f) instead of its own adjoint."
        }
        ErrorSignal::SignDropped => "R3 removed: it uses |adjoint|, the sign dropped.",
    });
    let sends = s
        .sends
        .iter()
        .map(|t| {
            let to = &names[t.to.index()];
            let sum = if t.before != 0.0 {
                format!("; running sum at {to}: {} + {} = {}", signed(t.before), signed(t.contribution), signed(t.after))
            } else {
                String::new()
            };
            let late = t.late.then_some(" — too late: it was already visited, so this contribution is lost (R5)");
            view! {
                <li>
                    "to " <b>{to.clone()}</b> ": "
                    <span class=sign_class(s.adjoint)>{signed(s.adjoint)}</span>
                    " × " <span title="local derivative at the stored input">{fmt_num(t.local).replace('-', "−")}</span>
                    " = " <b class=sign_class(t.contribution)>{signed(t.contribution)}</b>
                    {sum}
                    {late.map(|l| view! { <span class="error small">{l}</span> })}
                </li>
            }
        })
        .collect_view();
    let kind = if s.sends.is_empty() {
        format!("{me} is an input: its adjoint is its credit, ∂f/∂{me}.")
    } else {
        "arriving adjoint × local derivative at the stored input = contribution sent:".to_string()
    };
    view! {
        <p><b>{format!("Step {k}: node {me}")}</b> " — " {sum_line}</p>
        {r3.map(|t| view! { <p class="error small">{t}</p> })}
        <p>{kind}</p>
        <ul>{sends}</ul>
    }
}

#[component]
fn FdTable(computed: Memo<Computed>, req: Memo<Requirements>) -> impl IntoView {
    view! {
        <h2>"Check by finite differences"</h2>
        <p class="hint">"Central difference (f(x+h) − f(x−h)) / 2h with h = 10⁻⁶, against the backward sweep's adjoint."</p>
        <table class="fd" data-testid="fd-table">
            <thead><tr><th>"input"</th><th>"adjoint"</th><th>"central diff."</th><th>"error"</th><th></th></tr></thead>
            <tbody>
                {move || computed.with(|c| c.fd.iter().map(|r| {
                    let ok = r.agrees();
                    view! {
                        <tr class=if ok { "ok" } else { "bad" }>
                            <td>{r.name.clone()}</td>
                            <td data-testid=format!("grad-{}", r.name)>{fmt_num(r.analytic)}</td>
                            <td data-testid=format!("fd-{}", r.name)>{format!("{:.3}", r.numeric)}</td>
                            <td>{format!("{:.1e}", r.error)}</td>
                            <td>{if ok { "✓ agrees" } else { "✗ wrong" }}</td>
                        </tr>
                    }
                }).collect_view())}
            </tbody>
        </table>
        {move || (req.get().kept != [true; 5]).then(|| view! {
            <p class="hint">"Some requirements are unticked: where the adjoint disagrees with the central difference, the sweep no longer computes the gradient."</p>
        })}
    }
}

/// The graph view's R3 ablation: one shared score, or the sign dropped.
#[component]
fn R3Variant(ws: RwSignal<Worksheet>) -> impl IntoView {
    view! {
        <div class="r3-mode" role="radiogroup" aria-label="When R3 is unticked">
            "When R3 is unticked: "
            <label><input type="radio" name="r3off" data-testid="r3-shared"
                prop:checked=move || ws.with(|w| w.r3_off == ErrorSignal::SharedScore)
                on:change=move |_| ws.update(|w| w.r3_off = ErrorSignal::SharedScore)/>"one shared score"</label>
            <label><input type="radio" name="r3off" data-testid="r3-sign"
                prop:checked=move || ws.with(|w| w.r3_off == ErrorSignal::SignDropped)
                on:change=move |_| ws.update(|w| w.r3_off = ErrorSignal::SignDropped)/>"sign dropped"</label>
        </div>
    }
}

#[component]
fn ModeCosts(computed: Memo<Computed>) -> impl IntoView {
    move || {
        computed.with(|c| {
            let k = c.counts;
            let ratio = k.reverse as f64 / k.evaluation.max(1) as f64;
            view! {
                <h2>"Forward vs reverse mode"</h2>
                <table class="modes" data-testid="mode-costs">
                    <tr><th>"one evaluation of f"</th><td data-testid="ops-eval">{k.evaluation}</td></tr>
                    <tr><th>{format!("forward mode: {} tangent passes", k.inputs)}</th><td data-testid="ops-forward">{k.forward}</td></tr>
                    <tr><th>"reverse mode: one backward sweep"</th><td data-testid="ops-reverse">{k.reverse}</td></tr>
                </table>
                <p class="hint">{format!(
                    "Arithmetic operations for the full gradient (per edge: a local derivative, a product, a sum). Reverse mode costs {ratio:.1}× one evaluation whatever the number of inputs; forward mode grows with every input."
                )}</p>
            }
        })
    }
}
