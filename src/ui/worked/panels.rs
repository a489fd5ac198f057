//! The worked example's panels: the step text, the finite-difference
//! table, the R3 variant with its perturbation draws, and one note per
//! removed requirement. The words come from `engine::explain` and the
//! numbers from `Computed`; these components only draw them.

use crate::engine::check::{has_nonlinearity, has_weights};
use crate::engine::fmt::{fmt_power, fmt_sig};
use crate::engine::sweep::perturb::{MAX_DRAWS, SIGMA};
use crate::engine::{cosine, has_fan_out, ErrorSignal, Verdict};
use crate::lab::method::select::{graph_signal, r3_for_signal};
use crate::lab::Method;
use crate::page::url::{AppState, View};
use crate::page::worked::explain::{explain, Tone};
use crate::page::worked::worksheet::FAN_OUT_PRESET;
use crate::page::worked::{Computed, Worksheet};
use crate::ui::shell::terms::with_terms;
use leptos::prelude::*;

/// The active step's words, with the numbers filled in.
#[component]
pub fn Arithmetic(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    #[prop(into)] k: Signal<usize>,
) -> impl IntoView {
    let plain_words = crate::ui::shell::widgets::plain_words();
    move || {
        let lines = ws.with(|w| computed.with(|c| explain(&w.graph, c, k.get())));
        // a teacher's class without calculus, and the core tour (the learn
        // path, for a student without calculus): the words, not the notation
        let plain = plain_words();
        let body = lines
            .into_iter()
            .map(|mut l| {
                if plain {
                    l.text = crate::page::worked::explain::without_calculus(&l.text);
                }
                let class = match l.tone {
                    Tone::Heading => "step-heading",
                    Tone::Math => "step-math",
                    Tone::Ablated => "step-ablated",
                    Tone::Wrong => "step-wrong",
                    Tone::Plain => "step-plain",
                };
                let mark = match l.tone {
                    Tone::Ablated => "⚠ ",
                    Tone::Wrong => "✗ ",
                    _ => "",
                };
                // plain lines explain their terms; formulas stay as they
                // are, and a screen reader hears their notation in words
                let said = crate::page::worked::explain::spoken(&l.text);
                let text = if said != l.text && (l.tone == Tone::Math || crate::page::glossary::find_terms(&l.text).is_empty()) {
                    view! { <span aria-hidden="true">{l.text}</span><span class="sr-only">{said}</span> }.into_any()
                } else if l.tone == Tone::Math {
                    l.text.into_any()
                } else {
                    with_terms(&l.text)
                };
                view! { <p class=class>{mark}{text}</p> }
            })
            .collect_view();
        view! { <div class="arith" data-testid="arith" aria-live="polite">{body}</div> }
    }
}

/// What the last learning step did: f after it, its words, and the
/// worksheet before it (to take it back).
#[derive(Clone)]
pub struct Said {
    pub f: f64,
    pub words: String,
    pub before: Option<Worksheet>,
}

/// At the sweep's end, beside the step buttons: one learning step with
/// the credits the sweep gave (wrong ones too, with a requirement
/// removed); what it did to f goes to `said`, with f after it.
#[component]
pub fn LearnStep(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    #[prop(into)] k: Signal<usize>,
    said: RwSignal<Option<Said>>,
) -> impl IntoView {
    let at_end = move || computed.with(|c| k.get() >= c.sweep.steps.len());
    let learn = move |_| {
        let credits = computed.with_untracked(|c| c.sweep.grads.clone());
        let before = ws.get_untracked();
        let mut r = Err(String::new());
        ws.update(|w| r = w.learn_step(&credits));
        said.set(Some(match r {
            Ok(l) => Said {
                f: l.f.1,
                words: l.words(),
                before: Some(before),
            },
            Err(e) => Said {
                f: f64::NAN,
                words: e,
                before: None,
            },
        }));
    };
    view! {
        <button data-testid="learn-step" class:hidden=move || !at_end() on:click=learn
            title="Move each input a little against its credit">"learn one step"</button>
    }
}

/// What the last learning step did, while f is where it left it, with a
/// button that takes the step back (the inputs as they were).
#[component]
pub fn LearnSaid(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    said: RwSignal<Option<Said>>,
) -> impl IntoView {
    let shown = move || {
        said.get()
            .filter(|s| s.f.is_nan() || computed.with(|c| c.value) == s.f)
    };
    view! {
        <p class="hint learn-said" data-testid="learn-said" role="status">{move || shown().map(|s| {
            let undo = s.before.map(|before| view! {
                " "<button class="small" data-testid="learn-undo" on:click=move |_| {
                    ws.set(before.clone());
                    said.set(None);
                }>"↺ undo this step"</button>
            });
            view! { {s.words}{undo} }
        })}</p>
    }
}

/// The table's numbers: seven significant figures, ASCII minus (so they
/// read back as numbers).
pub fn sig(x: f64) -> String {
    fmt_sig(x).replace('−', "-")
}

#[component]
pub fn FdTable(computed: Memo<Computed>, #[prop(into)] k: Signal<usize>) -> impl IntoView {
    let reveal = RwSignal::new(false);
    // a class without calculus and the learn path: the verdicts, without
    // the rule's formula and the columns of fine detail
    let app = expect_context::<RwSignal<AppState>>();
    let plain = crate::ui::shell::widgets::plain_words();
    view! {
        <h2>"Check by small nudges"</h2>
        <p class="hint">{crate::page::worked::FD_PLAIN}</p>
        <details class="hint fd-rule" class:hidden=plain><summary>"How the check decides (h, slack, verdicts)"</summary><p>{crate::engine::check::FD_RULE}</p></details>
        // (while the tour is open it decides when a credit is shown)
        <label class="reveal" class:hidden=move || app.with(|a| a.tour.is_some())><input type="checkbox" data-testid="fd-reveal"
            prop:checked=move || reveal.get() on:change=move |e| reveal.set(event_target_checked(&e))/>" reveal every row now"</label>
        // (a phone shows the verdicts without the two columns of fine detail)
        <table class="fd" class:plain=plain data-testid="fd-table">
            <caption class="sr-only">"Each credit beside what small nudges find"</caption>
            <thead><tr><th>"input"</th><th>"credit (sweep)"</th><th>"by nudges"</th><th class="fine">"difference"</th><th class="fine">"relative"</th><th>"check"</th></tr></thead>
            <tbody>
                {move || computed.with(|c| {
                    let nodes = c.var_nodes.clone();
                    c.fd.iter().zip(nodes).map(|(r, node)| {
                        // R3's scrambled and sign-dropped credits are handed out when the sweep is done
                        let done = k.get() >= c.sweep.steps.len();
                        let reached = c.req.keeps(3) && c.sweep.visit_of(node).is_some_and(|v| v <= k.get());
                        let shown = reveal.get() || done || reached;
                        if !shown {
                            return view! {
                                <tr class="pending"><th scope="row" data-label="input">{r.name.clone()}</th>
                                    <td data-label="credit (sweep)" data-testid=format!("grad-{}", r.name)>"…"</td><td data-label="by nudges">"…"</td><td class="fine" data-label="difference"></td><td class="fine" data-label="relative"></td>
                                    <td data-label="check">"not reached yet"</td></tr>
                            }.into_any();
                        }
                        let (class, verdict) = match r.verdict() {
                            Verdict::Agrees => ("ok", "✓ agrees".to_string()),
                            Verdict::Wrong => ("bad", "✗ wrong".to_string()),
                            Verdict::NotDifferentiable => ("kink", format!("∼ not differentiable here ({})", r.kink.unwrap_or(""))),
                            Verdict::NotFinite => ("bad", "⚠ not a finite number".to_string()),
                            Verdict::TooCoarse if r.slack.is_infinite() => ("kink", "∼ cannot tell: f too sensitive here".to_string()),
                            Verdict::TooCoarse => ("kink", format!("∼ cannot tell (±{})", fmt_power(r.slack))),
                        };
                        let h = r.step;
                        view! {
                            <tr class=class title=format!("h = {}, slack ±{} (rounding and truncation; infinite where rounding alone moves f by more than 10⁻³ of f)", fmt_power(h), fmt_power(r.slack))>
                                <th scope="row" data-label="input">{r.name.clone()}</th>
                                <td data-label="credit (sweep)" data-testid=format!("grad-{}", r.name)>{sig(r.analytic)}</td>
                                <td data-label="by nudges" data-testid=format!("fd-{}", r.name)>{sig(r.numeric)}</td>
                                <td class="fine" data-label="difference">{fmt_power(r.error)}</td>
                                <td class="fine" data-label="relative">{fmt_power(r.relative)}</td>
                                <td data-label="check">{verdict}</td>
                            </tr>
                        }.into_any()
                    }).collect_view()
                })}
            </tbody>
        </table>
        {move || computed.with(|c| {
            // (the learn path: the ✓ and ✗ say it, without the cosine)
            let done = (reveal.get() || k.get() >= c.sweep.steps.len()) && !plain();
            done.then(|| view! {
                <p data-testid="fd-cosine" class=if c.grads_match() { "hint" } else { "cosine-bad" }>
                    {format!(
                        "Same direction as the true credits? {} (1 = exactly, 0 = unrelated, −1 = opposite{}){}",
                        cos_text(c.cosine),
                        "; this measure is the cosine",
                        length_text(c)
                    )}
                </p>
            })
        })}
    }
}

fn cos_text(c: f64) -> String {
    if c.is_finite() {
        format!("{c:.4}").replace('-', "−")
    } else {
        "undefined (a zero or non-finite gradient)".into()
    }
}

/// For a gradient in the right direction but of the wrong length.
fn length_text(c: &Computed) -> String {
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if c.cosine > 0.9999 && !c.grads_match() {
        format!(
            " (same direction, {} times the length)",
            sig(norm(&c.sweep.grads) / norm(&c.exact))
        )
    } else {
        String::new()
    }
}

/// The R3 variant (shared with the lab), and with one shared score, the
/// draws: one draw, the running mean, its cosine and the runs spent.
#[component]
pub fn R3Panel(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    app: RwSignal<AppState>,
) -> impl IntoView {
    let choice = |s: ErrorSignal, id: &'static str, label: &'static str| {
        view! {
            <label><input type="radio" name="r3off" data-testid=id
                prop:checked=move || app.with(|a| graph_signal(a.r3) == s)
                on:change=move |_| app.update(|a| a.r3 = r3_for_signal(a.r3, s))/>{label}</label>
        }
    };
    let add = move |n: u32| ws.update(|w| w.set_draws(w.draws.saturating_add(n)));
    view! {
        // shown once R3 is unticked: until then it is a choice about nothing
        <div class="r3-mode" role="radiogroup" aria-label="When R3 is unticked" class:hidden=move || app.with(|a| a.kept[2])>
            "When R3 is unticked: "
            {choice(ErrorSignal::SharedScore, "r3-shared", "one shared score")}
            {choice(ErrorSignal::Scrambled, "r3-scrambled", "scrambled")}
            {choice(ErrorSignal::SignDropped, "r3-sign", "sign dropped")}
        </div>
        {move || computed.with(|c| c.sweep.estimate.clone().map(|e| {
            let names = ws.with(|w| w.graph.vars.clone());
            let last: Vec<f64> = c.var_nodes.iter().map(|n| e.last[n.index()]).collect();
            let row = |v: &[f64]| names.iter().zip(v).map(|(n, x)| format!("{n}: {}", fmt_sig(*x))).collect::<Vec<_>>().join(", ");
            view! {
                <div class="draws" data-testid="np-panel">
                    <p><b>"One shared score"</b>{format!(" (σ = {SIGMA}): every node nudged at once, one forward run, the one Δf broadcast.")}</p>
                    <p data-testid="np-last">{format!("last draw (Δf = {}): {}; its cosine {}", fmt_sig(e.delta_f), row(&last), cos_text(cosine(&last, &c.exact)))}</p>
                    <p data-testid="np-mean">{format!("mean of {} draw(s): {}", e.draws, row(&c.sweep.grads))}</p>
                    <p><b data-testid="np-cosine">{format!("cosine with the true gradient: {}", cos_text(c.cosine))}</b>
                        " · " <span data-testid="np-runs">{format!("{} forward runs", e.forward_runs)}</span></p>
                    <div class="lab-buttons">
                        <button data-testid="np-draw" on:click=move |_| add(1)>"draw again"</button>
                        <button data-testid="np-draw10" on:click=move |_| add(10)>"+10 draws"</button>
                        <button data-testid="np-draw100" on:click=move |_| add(100)>"+100"</button>
                        <button data-testid="np-reset" on:click=move |_| ws.update(|w| w.set_draws(1))>"back to one draw"</button>
                    </div>
                    <p class="hint">{format!("Right on average, noisy per draw; the noise grows with the number of nodes (try the six-input neuron). At most {MAX_DRAWS} draws.")}</p>
                </div>
            }
        }))}
    }
}

/// One note per removed requirement: what it changes here, or why it
/// changes nothing on this graph.
#[component]
pub fn RequirementNotes(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    app: RwSignal<AppState>,
    step: RwSignal<usize>,
) -> impl IntoView {
    let open_fa = move |_| {
        app.update(|a| {
            a.view = View::Lab;
            a.r4 = Method::Fa;
        })
    };
    let plain = crate::ui::shell::widgets::plain_words();
    move || {
        let (kept, shared) = computed.with(|c| (c.req.kept, c.sweep.estimate.is_some()));
        let (fan, nonlinear, products) = ws.with(|w| {
            (
                has_fan_out(&w.graph),
                has_nonlinearity(&w.graph),
                has_weights(&w.graph),
            )
        });
        let mut notes = vec![view! {
            // (not on the learn path: its words are the tour's)
            <details class="hint" data-testid="why-r2-r4" class:hidden=plain>
                <summary>"Why is a product's factor a weight (R4), but a square's a slope (R2)?"</summary>
                <p>"A product a·b passes back to a its other input, b: a number that came forward through the graph, as a connection's strength does in a network, so carrying it backward is weight transport (R4). A square v² passes back 2v: how steeply the square itself rises at the value it stored, its own slope, or local derivative (R2). In a network the split is the same: the connection strengths (the weights) belong to R4, each unit's own slope to R2."</p>
            </details>
        }.into_any()];
        if shared && kept.iter().enumerate().any(|(i, k)| i != 2 && !k) {
            notes.push(view! { <p class="hint">"R1, R2, R4 and R5 act on the backward sweep; with one shared score there is none, so they change nothing here."</p> }.into_any());
        }
        if !kept[1] && !nonlinear {
            notes.push(view! { <p class="hint" data-testid="note-r2">"R2: no effect here: sums and products pass back weights (their operands), not slopes. To see R2 act on a square, write u^2 rather than u*u."</p> }.into_any());
        }
        if !kept[3] {
            let text = if products {
                "R4 removed: each product passes back a fixed random number instead of its other input. In a network the forward weights learn to align with fixed random feedback, so this graph shows only the first step of feedback alignment."
            } else {
                "R4: no effect here: this graph has no product, so no weight to transport."
            };
            notes.push(view! {
                <p class="hint" data-testid="note-r4">{text}" "
                    {(!app.with_untracked(|a| a.hides("nav"))).then(|| view! {
                        <button class="small" data-testid="open-fa" on:click=open_fa>"see feedback alignment in the lab"</button>
                    })}</p>
            }.into_any());
        }
        if !kept[4] && !fan {
            notes.push(view! {
                <p class="notice" data-testid="note-r5">"R5: no effect: every node has one consumer, so depth-first order is still a correct order. "
                    <button class="small" data-testid="try-fan-out" on:click=move |_| { ws.update(|w| w.load_preset(FAN_OUT_PRESET)); step.set(0); }>
                        "try (a+b)*(b+1), which has fan-out"</button></p>
            }.into_any());
        }
        notes.collect_view()
    }
}
