//! The worked example's left column: the expression box with its error
//! message and presets, and the inputs with R1's previous sample.

use crate::engine::graph::fmt_num;
use crate::engine::ops::notation_help;
use crate::engine::presets::PRESETS;
use crate::page::worked::Worksheet;
use leptos::prelude::*;

/// From this many nodes the graph is redrawn when typing pauses.
pub const LARGE_GRAPH: usize = 400;
/// The pause, after the last keystroke, that redraws a large graph.
const PAUSE: std::time::Duration = std::time::Duration::from_millis(350);

#[component]
pub fn ExpressionBox(ws: RwSignal<Worksheet>, step: RwSignal<usize>) -> impl IntoView {
    let pending = StoredValue::new_local(None::<TimeoutHandle>);
    // the step starts again only when the expression does (a bad
    // keystroke leaves the graph and its step as they were)
    let commit = move |src: String| {
        let before = ws.with_untracked(|w| w.good_src.clone());
        ws.update(|w| w.set_expr(&src));
        if ws.with_untracked(|w| w.good_src != before) && step.get_untracked() != 0 {
            step.set(0);
        }
    };
    view! {
        <label for="expr" class="block-label">"Expression"</label>
        <input id="expr" class="expr" data-testid="expr-input" type="text" spellcheck="false" autocomplete="off"
            aria-describedby="expr-help"
            prop:value=move || ws.with(|w| w.src.clone())
            on:input=move |e| {
                let src = event_target_value(&e);
                if let Some(t) = pending.get_value() {
                    t.clear();
                }
                // a large graph is redrawn when typing pauses, not on
                // every keystroke (a redraw at the node limit takes longer
                // than a keystroke should)
                if ws.with_untracked(|w| w.graph.len()) < LARGE_GRAPH {
                    commit(src);
                } else {
                    pending.set_value(set_timeout_with_handle(move || commit(src), PAUSE).ok());
                }
            }/>
        <p id="expr-help" class="hint">{notation_help()}</p>
        {move || (ws.with(|w| w.graph.len()) >= LARGE_GRAPH).then(|| view! {
            <p class="hint" data-testid="expr-large">{format!("A large graph ({LARGE_GRAPH} nodes or more): it is redrawn when you pause typing.")}</p>
        })}
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
                <button title=*label data-testid=format!("preset-{i}")
                    on:click=move |_| { ws.update(|w| w.load_preset(i)); step.set(0); }>
                    <code>{*src}</code>
                </button>
            }).collect_view()}
        </div>
    }
}

/// One number field's text into a value, or a message (the field shows
/// the value in force again).
fn read_number(text: &str, what: &str, good: f64) -> Result<f64, String> {
    if crate::engine::decimal::too_long(text.trim()) {
        return Err(format!(
            "{}; {what} keeps {}",
            crate::engine::decimal::too_long_message(text.trim()),
            fmt_num(good)
        ));
    }
    crate::engine::decimal::read(&text.trim().replace('−', "-"))
        .filter(|v| v.is_finite())
        .ok_or_else(|| match text.trim() {
            // a number field hands over nothing for what it cannot hold
            "" => format!("that is not a number this field can hold (too large, or not a number); {what} keeps {}", fmt_num(good)),
            t => format!("“{t}” is not a number; {what} keeps {}", fmt_num(good)),
        })
}

/// Reads `field` and hands its number to `apply`; on bad text or a refused
/// value, shows why in `problem` and puts the value in force back.
fn take(
    field: web_sys::HtmlInputElement,
    what: &str,
    good: f64,
    problem: RwSignal<Option<String>>,
    apply: impl FnOnce(f64) -> Result<(), String>,
) {
    match read_number(&field.value(), what, good).and_then(apply) {
        Ok(()) => problem.set(None),
        Err(msg) => {
            problem.set(Some(msg));
            field.set_value(&good.to_string());
        }
    }
}

/// How a value arrives: while a slider is dragged (the previous sample is
/// taken once, at the start), or committed.
#[derive(Clone, Copy)]
enum Edit {
    Drag,
    Commit,
}

#[component]
pub fn VarInputs(
    ws: RwSignal<Worksheet>,
    #[prop(into)] show_previous: Signal<bool>,
) -> impl IntoView {
    let names = Memo::new(move |_| ws.with(|w| w.graph.vars.clone()));
    view! {
        <h2>"Inputs"</h2>
        <For each=move || names.get() key=|n| n.clone() let:name>
            <VarInput ws=ws name=name/>
        </For>
        <div class="previous" class:hidden=move || !show_previous.get() data-testid="previous-sample">
            <h2>"Previous sample"</h2>
            <p class="hint">"With R1 removed, the slopes are taken at these older inputs: the ones before your last edit (for a new expression, each input + 1). Edit them here."</p>
            <For each=move || names.get() key=|n| n.clone() let:name>
                <PrevInput ws=ws name=name/>
            </For>
        </div>
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
        move |field, edit| {
            take(field, &name, value.get_untracked(), problem, |v| {
                let mut r = Ok(());
                ws.update(|w| {
                    r = match edit {
                        Edit::Drag => w.set_live(&name, v),
                        Edit::Commit => w.set_value(&name, v),
                    }
                });
                r
            })
        }
    };
    let (set2, set3) = (set.clone(), set.clone());
    let id = format!("var-{name}");
    view! {
        <div class="var">
            <label for=id.clone()>{name.clone()}</label>
            <input type="range" min="-10" max="10" step="0.1" aria-label=format!("{name} slider")
                prop:value=move || value.get().to_string()
                on:input=move |e| set(event_target(&e), Edit::Drag)
                on:change=move |e| set2(event_target(&e), Edit::Commit)/>
            <input type="number" step="any" id=id.clone() data-testid=id
                prop:value=move || value.get().to_string()
                on:change=move |e| set3(event_target(&e), Edit::Commit)/>
            {move || problem.get().map(|p| view! { <span class="error small" role="alert">{p}</span> })}
        </div>
    }
}

#[component]
fn PrevInput(ws: RwSignal<Worksheet>, name: String) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let value = {
        let name = name.clone();
        Memo::new(move |_| ws.with(|w| w.previous_of(&name)))
    };
    let id = format!("prev-{name}");
    let label = format!("previous {name}");
    let what = format!("the previous {name}");
    view! {
        <div class="var prev">
            <label for=id.clone()>{name.clone()}</label>
            <span class="hint">"was"</span>
            <input type="number" step="any" id=id.clone() data-testid=id aria-label=label
                prop:value=move || value.get().to_string()
                on:change=move |e| take(event_target(&e), &what, value.get_untracked(), problem, |v| {
                    let mut r = Ok(());
                    ws.update(|w| r = w.set_previous(&name, v));
                    r
                })/>
            {move || problem.get().map(|p| view! { <span class="error small" role="alert">{p}</span> })}
        </div>
    }
}
