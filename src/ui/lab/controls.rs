//! The lab's left column: the R3/R4 variants, the method the ticks select
//! (with bp and the readout-only floor kept as references), the list of
//! methods to add, and the settings (rate, seed, steps, teacher gain).

use crate::lab::data::{Data, DIGITS_CREDIT};
use crate::lab::method::select::{select, select_note, R3_CHOICES, R4_CHOICES};
use crate::lab::train::config::Arch;
use crate::lab::{Method, Precision};
use crate::page::palette::{CHART_DARK, CHART_LIGHT};
use crate::page::url::{AppState, REFERENCES};
use crate::ui::charts::plots::method_color;
use crate::ui::lab::own_data::OwnData;
use crate::ui::shell::terms::with_terms;
use crate::ui::shell::widgets::key_field;
use leptos::prelude::*;

/// A method's colour as the charts draw it, on a light and a dark page.
pub(crate) fn css_color(m: Method) -> String {
    let c = method_color(m);
    let rgb = |(r, g, b): (u8, u8, u8)| format!("rgb({r},{g},{b})");
    format!(
        "light-dark({}, {})",
        rgb(CHART_LIGHT.data(c)),
        rgb(CHART_DARK.data(c))
    )
}

/// A method's swatch: its colour, and its marker as on the charts.
pub(crate) fn swatch(m: Method) -> impl IntoView {
    let colour = css_color(m);
    view! {
        <span class="swatch" aria-hidden="true" style=format!("background: {colour}")></span>
        <span class="swatch-mark" aria-hidden="true" style=format!("color: {colour}")>{m.def().marker.glyph()}</span>
    }
}

#[component]
pub(crate) fn Variants(app: RwSignal<AppState>) -> impl IntoView {
    let pick = move |list: &'static [Method],
                     get: fn(&AppState) -> Method,
                     set: fn(&mut AppState, Method),
                     id: &'static str| {
        view! {
            <select data-testid=id on:change=move |e| {
                if let Some(m) = Method::from_id(&event_target_value(&e)) {
                    app.update(|a| set(a, m));
                }
            }>
                {list.iter().map(|&m| view! {
                    <option value=m.id() selected=move || app.with(|a| get(a) == m)>{m.name()}</option>
                }).collect_view()}
            </select>
        }
    };
    view! {
        <div class="variants">
            <label>"R3 removed by: " {pick(&R3_CHOICES, |a| a.r3, |a, m| a.r3 = m, "lab-r3")}</label>
            <label>"R4 removed by: " {pick(&R4_CHOICES, |a| a.r4, |a, m| a.r4 = m, "lab-r4")}</label>
        </div>
    }
}

#[component]
pub(crate) fn Selected(app: RwSignal<AppState>) -> impl IntoView {
    move || {
        app.with(|a| {
            let m = select(a.kept, a.r3, a.r4);
            let refs = (m != Method::Bp).then(|| view! {
                <p class="hint" data-testid="lab-references">
                    "Beside it, as references: exact backprop (every requirement kept) and the readout-only floor (no credit inside the network)."
                </p>
            });
            view! {
                <p class="selected" data-testid="lab-selected">
                    "The ticks select " <b>{m.name()}</b> <code>{format!(" {}", m.id())}</code> ": " {m.keeps()} "."
                </p>
                <p class="plain" data-testid="lab-selected-plain">{with_terms(&format!("In plain words: {}", m.plain()))}</p>
                {refs}
                {select_note(a.kept).map(|n| view! { <p class="notice">{n}</p> })}
            }
        })
    }
}

#[component]
pub(crate) fn MethodList(app: RwSignal<AppState>) -> impl IntoView {
    let fixed = move |m: Method| {
        app.with(|a| {
            let sel = select(a.kept, a.r3, a.r4);
            sel == m || (sel != Method::Bp && REFERENCES.contains(&m))
        })
    };
    let item = move |m: Method| {
        let id = format!("method-{}", m.id());
        let cite = crate::lab::study::part4::tags(m)
            .map(|t| view! { <span class="hint cite">{format!(" ({})", t.cite)}</span> });
        view! {
            <li>
                <label>
                    <input type="checkbox" data-testid=id
                        prop:checked=move || app.with(|a| a.training().contains(&m))
                        disabled=move || fixed(m)
                        on:change=move |e| {
                            let on = event_target_checked(&e);
                            app.update(|a| {
                                a.lab.methods.retain(|x| *x != m);
                                if on {
                                    a.lab.methods.push(m);
                                }
                            });
                        }/>
                    {swatch(m)}
                    {m.name()}
                </label>
                <span class="hint">{m.keeps()}</span>
                <span class="plain">{with_terms(&format!("{}: {}", m.short_name(), m.plain()))}</span>
                {cite}
                <details class="rule-update" data-testid=format!("update-{}", m.id())>
                    <summary>"its update"</summary>
                    <ul>{m.def().update.iter().map(|l| view! { <li><code>{*l}</code></li> }).collect_view()}</ul>
                    {m.def().trained_on.map(|t| view! { <p class="hint">"Trained on "{t}"."</p> })}
                    <p class="hint">{match m.def().on_conv {
                        Ok(f) => format!("On the conv layer: {f}."),
                        Err(why) => format!("No conv form here: {why}."),
                    }}</p>
                </details>
            </li>
        }
    };
    view! {
        <details class="methods" open>
            <summary>"Add methods and controls"</summary>
            <ul>{Method::ALL.into_iter().map(item).collect_view()}</ul>
            <p class="group-head">"The essay's Part 4: proposals that replace a requirement"</p>
            <ul data-testid="part4-methods">{Method::part4_and_reference().map(item).collect_view()}</ul>
        </details>
    }
}

#[component]
pub(crate) fn Settings(app: RwSignal<AppState>) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let choosing = RwSignal::new(false);
    let field = move |key: &'static str, label: &'static str| {
        key_field(app, problem, key, label, format!("lab-{key}"))
    };
    view! {
        <div class="settings">
            {field("lr", "learning rate")}
            <p class="hint">"“best”: each method at its own best rate from the grid (the table's, once it has run here). A number trains every method at that rate."</p>
            {field("seed", "seed")}
            {field("steps", "steps")}
            <label class="setting">
                <span>"task"</span>
                <select data-testid="lab-task" on:change=move |e| {
                    let v = event_target_value(&e);
                    // a file is chosen in the panel below (a kept one is used at once)
                    choosing.set(v == "file");
                    if v != "file" || crate::lab::data::registry::last_file().is_some() {
                        app.update(|a| { let _ = a.set("task", &v); });
                    }
                }>
                    <option value="teacher" selected=move || app.with(|a| a.lab.base.teacher.data == Data::Teacher)>"the teacher network (regression)"</option>
                    <option value="digits" selected=move || app.with(|a| a.lab.base.teacher.data == Data::Digits)>"digits: 8×8 images, 10 classes"</option>
                    <option value="file" selected=move || choosing.get() || app.with(|a| matches!(a.lab.base.teacher.data, Data::File { .. }))>"your CSV file…"</option>
                </select>
            </label>
            <OwnData app=app choosing=choosing/>
            <label class="setting" class:hidden=move || !app.with(|a| a.lab.base.teacher.data.is_image())>
                <span>"first layer"</span>
                <select data-testid="lab-arch" on:change=move |e| {
                    let v = event_target_value(&e);
                    app.update(|a| { let _ = a.set("arch", &v); });
                }>
                    <option value="dense" selected=move || app.with(|a| a.lab.base.arch == Arch::Dense)>"dense (as the rest)"</option>
                    <option value="conv" selected=move || app.with(|a| a.lab.base.arch == Arch::Conv)>"convolutional: 3×3 kernels, 8 channels"</option>
                </select>
            </label>
            {move || (app.with(|a| a.lab.base.arch) == Arch::Conv).then(|| view! {
                <p class="hint" data-testid="conv-note">"The conv layer's 288 units (8 channels × 6 × 6 positions) replace the first dense hidden layer; each rule moves a kernel weight by the sum of its update over the positions the weight is used at (each rule's form is under “its update”). Predictive coding, equilibrium propagation and forward-forward have no conv form here and train the dense student."</p>
            })}
            {move || (app.with(|a| a.lab.base.teacher.data) == Data::Digits).then(|| view! {
                <p class="hint" data-testid="digits-credit">{"The digits: 1,797 handwritten 8×8 images (pixels 0–16, scaled to 0–1), 1,397 to train on and 400 to test, by the task draw's seeded split. Every rule learns them by the softmax cross-entropy and is scored by its test error rate. "}{DIGITS_CREDIT}</p>
            })}
            // the teacher's settings mean nothing for a dataset
            <div class:hidden=move || app.with(|a| a.lab.base.teacher.data != Data::Teacher)>
                {field("gain", "teacher gain")}
                {field("tdepth", "teacher layers")}
                <p class="hint">"The teacher is tanh(G·x·W₁)·W₂; G = 1 is the specified teacher, a larger G a more nonlinear one; more layers repeat tanh(G·h·Wₖ)."</p>
            </div>
            <label class="setting">
                <span>"arithmetic"</span>
                <select data-testid="lab-prec" on:change=move |e| {
                    let v = event_target_value(&e);
                    app.update(|a| { let _ = a.set("prec", &v); });
                }>
                    {Precision::ALL.map(|p| view! {
                        <option value=p.id() selected=move || app.with(|a| a.lab.base.precision == p)>{p.id()}</option>
                    }).collect_view()}
                </select>
            </label>
            <p class="hint">"f32 is faster (each step about 2×, the whole grid about 1.6×). On the full grid (3,000 steps) its table matched f64's to three decimals, with the same best rates and the same runs diverging."</p>
            {move || problem.get().map(|p| view! { <p class="error small" role="alert">{p}</p> })}
        </div>
    }
}
