//! The tour's card: the current stop's words, its buttons, its
//! prediction (asked, recorded, then revealed with the reason) and, at
//! the last stop, the summary of every prediction.

use crate::page::tour::fit::Fit;
use crate::page::tour::retrieval::Question;
use crate::page::tour::{Acting, Seen};
use crate::page::tour::{Tour, CORE, RECAP, STOPS};
use crate::page::url::AppState;
use crate::ui::shell::graph_state::GraphState;
use crate::ui::shell::terms::with_terms;
use crate::ui::shell::widgets::{LabFactsSlot, RunRequest};
use crate::ui::tour::card::{
    apply, finish, focus_in_card, opened_here, reopen, Stage, TourSlot, END,
};
use leptos::prelude::*;

#[component]
pub fn TourCard(tour: TourSlot) -> impl IntoView {
    let slot = tour;
    let tour = slot.tour;
    let g = expect_context::<GraphState>();
    let app = expect_context::<RwSignal<AppState>>();
    let run = expect_context::<RunRequest>();
    // as a stop opens on this screen (a link's stop is not applied again)
    let fit = RwSignal::new(opened_here());
    let stage = Stage { app, g, run, fit };
    let go = move |f: fn(&mut Tour)| {
        tour.update(f);
        let s = tour.with_untracked(Tour::current);
        apply(&s.setup, s.asks, stage, None);
    };
    // a stop asked for from outside the card (the header, the offer): its
    // setup, each time, and at once if it was asked before the card was
    // drawn (the rooms' wasm loading)
    Effect::new(move |done: Option<u32>| {
        let n = slot.asked.get();
        if n > done.unwrap_or(0) {
            let (s, revealed) = tour.with_untracked(|t| (t.current(), t.is_revealed()));
            match s.predict {
                Some(p) if revealed => apply(&p.reveal, &[], stage, None),
                // on arrival (a link's stop, a reload) the page keeps the
                // state the link carries and shows the stop's subject;
                // a guess still to make starts afresh
                None if done.is_none() => {
                    crate::ui::tour::card::show_subject(&s.setup, s.asks, fit)
                }
                _ => apply(&s.setup, s.asks, stage, None),
            }
        }
        n
    });
    let stop = Memo::new(move |_| tour.with(|t| t.stop));
    // leaving the stop's view (the header's buttons) closes the card
    Effect::new(move |prev: Option<crate::page::url::View>| {
        let v = app.with(|a| a.view);
        let left = prev.is_some_and(|p| p != v);
        if left && tour.with_untracked(|t| t.open && t.view() != v) {
            tour.update(|t| t.open = false);
        }
        v
    });
    // a new stop (or opening the card) starts at its top, with the
    // keyboard's focus on its title
    let open = Memo::new(move |_| tour.with(|t| t.open));
    Effect::new(move |_| {
        let _ = stop.get();
        if open.get() {
            request_animation_frame(|| focus_in_card("[data-testid=tour-title]", true));
        } else {
            crate::ui::tour::card::unmark();
        }
    });
    let facts = expect_context::<LabFactsSlot>().0;
    // where the student is at this stop: what the bar says while they act
    let acting = Memo::new(move |_| {
        let n = g.ws.with(|w| w.graph.len());
        let (chosen, revealed) = tour.with(|t| (t.chosen(), t.is_revealed()));
        Acting {
            chosen,
            revealed,
            stepped: g.step.get() >= n || app.with(|a| a.step) >= n,
            ran: facts.with(|f| f.fa.is_some() && f.floor.is_some()),
            kept: app.with(|a| a.kept),
        }
    });
    // the reveal waits in the card: once the student has stepped or run,
    // the bar's button says so (the card does not jump back over the
    // last step the student is reading)
    let ready = Memo::new(move |_| STOPS[stop.get()].ready(acting.get()));
    // the page's sticky controls (a phone's step buttons) sit above the bar
    Effect::new(move |_| {
        let bar = tour.with(|t| t.open) && fit.get() == Fit::Bar;
        acting.track();
        request_animation_frame(move || crate::ui::tour::card::note_bar_height(bar));
    });
    let waiting = move || STOPS[stop.get_untracked()].still_to_do(acting.get_untracked());
    // the card put away to a bar, its subject scrolled into view
    let put_away = move || {
        fit.set(Fit::Bar);
        let (focus, asks) = tour.with_untracked(Tour::subject);
        crate::ui::tour::card::to_subject(focus, asks);
    };
    let make_way = move |always: bool| {
        if fit.get_untracked().is_read() {
            set_timeout(
                move || {
                    if fit.get_untracked().is_read() && (always || waiting()) {
                        put_away();
                    }
                },
                std::time::Duration::from_millis(400),
            );
        }
    };
    // what the stop's learning step did (the card's and its bar's words)
    let learned = RwSignal::new(None::<String>);
    // and what the student read off the graph
    let observed = Typed::new();
    Effect::new(move |_| {
        stop.track();
        learned.set(None);
        observed.clear();
    });
    // the worked example before the stop's learning step (the bar puts it back)
    let undo_to = StoredValue::new(None::<crate::page::worked::Worksheet>);
    // a learning step (the card's button, or its bar's): a phone's card
    // then makes way for the graph, whose f has changed, and its bar says
    // what the step did
    let learn_step = move || {
        undo_to.set_value(Some(g.ws.get_untracked()));
        let mut r = Err(String::new());
        g.ws.update(|w| {
            let credits = w
                .compute([true; 5], crate::engine::ErrorSignal::default())
                .sweep
                .grads;
            r = w.learn_step(&credits);
        });
        learned.set(Some(r.map_or_else(
            |e| e,
            |l| format!("{} {}", l.words(), crate::page::tour::PUT_BACK),
        )));
        make_way(true);
    };
    let body = move || {
        let s = &STOPS[stop.get()];
        // a phone's short card: the first paragraph, the rest folded
        let (first, more) = s.text.split_first().map_or(("", &[][..]), |(f, m)| (*f, m));
        let text = view! { <Folded lead=first rest="" more=more class="tour-text"/> };
        let tries = (!s.tries.is_empty())
            .then(|| view! { <Tries tries=s.tries short=false then=move || make_way(true)/> });
        // a learning step from the card, once the credits are revealed
        // (offered under the prediction's verdict)
        let learn = s.learn.map(|ask| LearnStep {
            ask,
            step: Callback::new(move |()| learn_step()),
            said: learned,
        });
        let toggle = s.backward_toggle.then(|| {
            let shown = move || g.step.get() > 0;
            view! {
                <label class="tour-toggle">
                    <input type="checkbox" data-testid="tour-backward" prop:checked=shown
                        on:change=move |e| g.step.set(if event_target_checked(&e) { 100_000 } else { 0 })/>
                    " show the backward half (the credits)"
                </label>
            }
        });
        // closed at every stop: a box opened at one stop is not the next
        // stop's answer, open
        let myth = s.myth.map(|m| {
            view! {
                <details class="tour-myth" data-testid="tour-myth" prop:open=move || { let _ = stop.get(); false }>
                    <summary><b>"A common belief: "</b>{m.claim}" Is it right?"</summary>
                    <p>{with_terms(m.answer)}</p>
                </details>
            }
        });
        // what to notice: at once where there is nothing to guess, after
        // the reveal where there is
        let notice = move || {
            let shown = s.predict.is_none() || tour.with(|t| t.is_revealed());
            let (lead, rest) = s.notice_parts();
            shown.then(|| view! { <Folded lead=lead rest=rest more=&[] class="tour-notice" testid="tour-notice"/> })
        };
        view! {
            // on a phone's card, what to look at is the way to it
            <p class="tour-look" data-testid="tour-look">
                {move || if fit.get().is_read() {
                    view! { <button class="tour-look-go" data-testid="tour-look-go" on:click=move |_| {
                        put_away();
                    }>{s.look}" ▴"</button> }.into_any()
                } else {
                    s.look.into_any()
                }}
            </p>
            {text}{tries}{toggle}<Prediction tour=tour observed=observed stage=stage acting=acting chose=move || make_way(false) learn=learn/>{notice}{myth}
        }
    };
    // the tour's end: the card closes, the worked example is whole again
    // and the keyboard's focus goes on to the summary and the exit ticket
    let end_tour = move || {
        tour.update(|t| t.open = false);
        finish(app, g);
        crate::ui::shell::widgets::focus_at_top("tour-summary-title");
    };
    // at the path's last stop the card points to the summary, which sits
    // in the page below the views: long, and kept when the card closes
    let summary_note = move || {
        tour.with(|t| t.is_last()).then(|| view! {
            <p class="tour-to-summary">
                <b>"This is the last stop. "</b>"Your summary and the exit ticket are at the foot of the page: “finish” below takes you there."
            </p>
        })
    };
    let close = move || tour.update(|t| t.open = false);
    // a shared device: whose answers it keeps, said as the card opens
    let who = tour.with_untracked(|t| {
        let p = t.path();
        let (a, b) = (p.first().copied()? + 1, p.last().copied()? + 1);
        crate::ui::tour::ticket::remembered_name(a, b).map(|n| (n, a))
    });
    // words below the card's fold: a cue over its buttons says so
    let card = NodeRef::<leptos::html::Aside>::new();
    let more = RwSignal::new(false);
    // and the guess still to make among them: the cue names it
    let guess_below = RwSignal::new(false);
    // (a phone's card in the page: its foot below the screen's)
    let measure = move || {
        if let Some(c) = card.get_untracked() {
            let screen = web_sys::window()
                .and_then(|w| w.inner_height().ok())
                .and_then(|h| h.as_f64())
                .unwrap_or(0.0);
            // what shows of the card ends above its buttons
            let foot = if fit.get_untracked().is_read() {
                screen
            } else {
                c.get_bounding_client_rect().bottom().min(screen)
            } - 56.0;
            let below = |sel: &str, top: bool| {
                c.query_selector(sel).ok().flatten().is_some_and(|b| {
                    let r = b.get_bounding_client_rect();
                    (if top { r.top() } else { r.bottom() }) > foot
                })
            };
            more.set(if fit.get_untracked().is_read() {
                below(".tour-body", false)
            } else {
                c.scroll_top() + c.client_height() + 4 < c.scroll_height()
            });
            let unchosen =
                tour.with_untracked(|t| t.current().predict.is_some() && t.chosen().is_none());
            guess_below.set(unchosen && below(".tour-predict", true));
        }
    };
    Effect::new(move |_| {
        tour.track();
        fit.track();
        request_animation_frame(measure);
    });
    let on_page = window_event_listener(leptos::ev::scroll, move |_| {
        if fit.get_untracked().is_read() {
            measure();
        }
    });
    on_cleanup(move || on_page.remove());
    // J: from the card to what its stop asks for, and back
    let left = StoredValue::new(None::<String>);
    Effect::new(move |_| {
        stop.track();
        left.set_value(None);
    });
    let jump = window_event_listener(leptos::ev::keydown, move |e| {
        use leptos::wasm_bindgen::JsCast;
        let el = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let typing = el
            .as_ref()
            .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if !matches!(e.key().as_str(), "j" | "J")
            || typing
            || e.ctrl_key()
            || e.alt_key()
            || e.meta_key()
            || !tour.with_untracked(|t| t.open)
        {
            return;
        }
        e.prevent_default();
        let in_card = el
            .as_ref()
            .and_then(|t| t.closest("[data-testid=tour-card]").ok().flatten())
            .is_some();
        if !in_card {
            // back where it left the card (its title, if that is gone)
            let back = left.get_value().unwrap_or_else(|| "tour-title".into());
            focus_in_card(&format!("[data-testid={back}]"), false);
            if left.get_value().is_some() && !card_has_focus() {
                focus_in_card("[data-testid=tour-title]", false);
            }
            return;
        }
        left.set_value(el.and_then(|t| t.get_attribute("data-testid")));
        let s = &STOPS[stop.get_untracked()];
        let to = s.asks.iter().copied().chain([s.setup.focus, "graph-frame"]);
        crate::ui::shell::widgets::focus_first(to);
    });
    on_cleanup(move || jump.remove());
    view! {
        <Show when=move || tour.with(|t| t.open)>
            // revealed: a phone's card opens at the answer, under its subject
            // (the stop's words and question, read already, folded away)
            <aside class="tour-card" class:bar=move || fit.get() == Fit::Bar class:read=move || fit.get().is_read()
                class:revealed=move || tour.with(|t| t.current().predict.is_some() && t.is_revealed())
                node_ref=card class:more=move || more.get() && fit.get() != Fit::Bar
                on:scroll=move |_| measure()
                style:max-height=move || match fit.get() { Fit::Sheet(px) => Some(format!("{px}px")), _ => None }
                style:top=move || match fit.get() { Fit::Read(px) => Some(format!("{px}px")), _ => None }
                data-testid="tour-card" aria-labelledby="tour-title"
                on:keydown=move |e| if e.key() == "Escape" {
                    // (the card's Escape, not also a panel's)
                    e.prevent_default();
                    close();
                    crate::ui::shell::widgets::focus_shown(vec!["tour-resume", "tour-start", "menu-open"]);
                }>
                <p class="tour-act" data-testid="tour-act" aria-live="polite">
                    {move || (fit.get() == Fit::Bar).then(|| learned.get().unwrap_or_else(|| STOPS[stop.get()].act(acting.get())))}</p>
                // what to read off the graph, asked in the bar while the
                // graph is in view (the card asks it again after the reveal)
                {move || {
                    let q = STOPS[stop.get()].predict.and_then(|p| p.observe)?;
                    (fit.get() == Fit::Bar && ready.get()).then(|| view! {
                        <div class="tour-bar-observe"><Ask q=q id="bar-observe".to_string() answer=observed bare=true/></div>
                    })
                }}
                // after the reveal, the learning step in the bar, with the
                // graph (and f) in view
                // (and, once taken, the way to put the numbers back)
                {move || {
                    let shown = fit.get() == Fit::Bar && STOPS[stop.get()].learn.is_some()
                        && tour.with(|t| t.is_revealed());
                    shown.then(|| if learned.get().is_none() {
                        view! {
                            <button class="tour-bar-learn" data-testid="tour-bar-learn" on:click=move |_| learn_step()>"learn one step"</button>
                        }.into_any()
                    } else {
                        view! {
                            <button class="small" data-testid="tour-bar-undo" on:click=move |_| {
                                if let Some(before) = undo_to.get_value() {
                                    g.ws.set(before);
                                }
                                learned.set(None);
                            }>"↺ put the numbers back"</button>
                        }.into_any()
                    })
                }}
                // a stop of tries keeps them in the bar: one after another
                // with the page in view, the card put away
                {move || {
                    let tries = STOPS[stop.get()].tries;
                    (fit.get() == Fit::Bar && !tries.is_empty()).then(|| view! { <Tries tries=tries short=true then=|| ()/> })
                }}
                <p class="tour-count" data-testid="tour-count">{move || {
                    let (at, of) = tour.with(Tour::place);
                    let part = if stop.get() >= CORE { " (going further)" } else { "" };
                    format!("Tour: stop {at} of {of}{part}")
                }}</p>
                {who.clone().map(|(name, first)| view! {
                    <p class="tour-who" data-testid="tour-who">
                        {format!("This device remembers {name}'s answers. ")}
                        <button class="small" data-testid="tour-afresh" on:click=move |_| crate::ui::tour::ticket::start_afresh(first)>
                            {format!("not {name}? start afresh")}</button>
                    </p>
                })}
                <h2 id="tour-title" data-testid="tour-title" tabindex="-1">{move || STOPS[stop.get()].title}</h2>
                <p class="hint tour-keys">"Key J: to what this stop asks for, and back."</p>
                <div class="tour-body">{body}{summary_note}</div>
                <div class="tour-nav">
                    <span class="tour-more" aria-hidden="true">{move || if guess_below.get() { "your guess is below ▾" } else { "more below ▾" }}</span>
                    <button data-testid="tour-back" on:click=move |_| go(Tour::back)
                        disabled=move || tour.with(Tour::is_first) aria-label="previous stop">"◀"<span class="wide">" back"</span></button>
                    <button class="tour-min" data-testid="tour-minimise" aria-expanded=move || (fit.get() != Fit::Bar).to_string()
                        title=move || if fit.get() == Fit::Bar { "open the card again" } else { "fold the card to a one-line bar over the page" }
                        class:ready=move || fit.get() == Fit::Bar && ready.get()
                        on:click=move |_| {
                            if fit.get_untracked() == Fit::Bar && ready.get_untracked() {
                                // "▴ reveal": the card opens at the answer
                                reveal(tour, stage);
                            } else if fit.get_untracked() == Fit::Bar {
                                let (focus, asks) = tour.with_untracked(Tour::subject);
                                reopen(focus, asks, fit);
                                request_animation_frame(|| focus_in_card("[data-testid=tour-title]", true));
                            } else {
                                put_away();
                            }
                        }>{move || match fit.get() {
                            Fit::Bar if ready.get() => "▴ reveal",
                            Fit::Bar => "▴ the card",
                            Fit::Read(_) => "▾ hide card",
                            _ => "▾ smaller",
                        }}</button>
                    <Show when=move || !tour.with(|t| t.is_last())
                        fallback=move || view! {
                            <button data-testid="tour-finish" on:click=move |_| end_tour()>
                                {move || if app.with(|a| a.hides("nav") && a.view != crate::page::url::View::Graph) { "finish".into_any() } else { view! { "finish"<span class="wide">": to the summary"</span>" ↓" }.into_any() }}</button>
                        }>
                        // named by the stop it opens: "next ▶" is the sweep's step
                        <button data-testid="tour-next" on:click=move |_| go(Tour::next)>
                            {move || format!("to stop {} ▶", tour.with(|t| t.place().0) + 1)}</button>
                    </Show>
                    <button class="small" data-testid="tour-close" aria-label="close the tour" on:click=move |_| {
                        close();
                        crate::ui::shell::widgets::focus_shown(vec!["tour-resume", "tour-start", "menu-open"]);
                    } title="Close the tour (it resumes here)">"✕"<span class="wide">" close"</span></button>
                </div>
            </aside>
        </Show>
        <Summary tour=tour go_further=move || go(Tour::go_further)/>
    }
}

/// Words a phone's short card folds (a wider screen shows them whole):
/// `lead` at once; `rest` (the same paragraph's) and the paragraphs in
/// `more` behind "read on".
#[component]
fn Folded(
    lead: &'static str,
    rest: &'static str,
    more: &'static [&'static str],
    class: &'static str,
    #[prop(optional)] testid: Option<&'static str>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let folds = !rest.is_empty() || !more.is_empty();
    view! {
        <p class=class data-testid=testid>{with_terms(lead)}
            {(!rest.is_empty()).then(|| view! { <span class="fold-rest" class:open=open>" "{with_terms(rest)}</span> })}
        </p>
        {more.iter().map(|p| view! { <p class=format!("{class} fold-rest") class:open=open>{with_terms(p)}</p> }).collect_view()}
        {folds.then(|| view! {
            <button class=format!("small fold-more {class}-more") aria-expanded=move || open.get().to_string()
                on:click=move |_| open.update(|o| *o = !*o)>
                {move || if open.get() { "less ▴" } else { "read on ▾" }}</button>
        })}
    }
}

/// A stop's tries (remove one requirement, then the next): full labels
/// in the card, the requirements' names alone in a phone's bar.
#[component]
fn Tries(
    tries: &'static [crate::page::tour::Try],
    short: bool,
    /// After a try (the card makes way for the page).
    then: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let app = expect_context::<RwSignal<AppState>>();
    let g = expect_context::<GraphState>();
    let (class, id) = if short {
        ("tour-tries tour-bar-tries", "tour-bar-try")
    } else {
        ("tour-tries", "tour-try")
    };
    view! {
        <div class=class role="group" aria-label="Try each">
            {tries.iter().enumerate().map(|(i, t)| {
                let (kept, r3) = (t.kept, t.r3);
                let on = move || app.with(|a| a.kept == kept);
                view! {
                    <button class="small" data-testid=format!("{id}-{i}") aria-label=short.then_some(t.label)
                        aria-pressed=move || on().to_string()
                        on:click=move |_| {
                            app.update(|a| {
                                a.kept = kept;
                                if let Some(m) = r3 {
                                    a.r3 = m;
                                }
                            });
                            // once the page has the new sweep (R5's is longer)
                            request_animation_frame(move || g.step.set(END));
                            then();
                        }>
                        <span aria-hidden="true">{move || if on() && !short { "● " } else { "" }}</span>
                        {if short { t.short() } else { t.label }}</button>
                }
            }).collect_view()}
        </div>
    }
}

/// What the tour showed, the student's guesses and the exit ticket, in
/// the page at the path's last stop (drawn once and hidden otherwise, so
/// a half-answered ticket survives closing the card).
#[component]
fn Summary(
    tour: RwSignal<Tour>,
    go_further: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let app = expect_context::<RwSignal<AppState>>();
    let ends = Memo::new(move |_| {
        tour.with(|t| {
            let p = t.path();
            p.first().zip(p.last()).map(|(&a, &b)| (a + 1, b + 1))
        })
    });
    let guesses = move || {
        let rows = tour.with(Tour::summary);
        let right = rows.iter().filter(|o| o.right).count();
        let n = rows.len();
        view! {
            <h3>{if rows.iter().any(|o| o.chosen.is_some()) {
                format!("Your guesses: {right} of {n} matched the page")
            } else {
                format!("Your guesses: none made yet ({n} to make on the tour)")
            }}</h3>
            <ul>
                {rows.into_iter().map(|o| view! {
                    <li class:right=o.right>
                        <b>{o.question}</b>" "
                        {match (o.chosen, o.revealed) {
                            (Some(c), true) => format!("You said: {c}. The page showed: {}.", o.correct),
                            (Some(c), false) => format!("You said: {c}; not revealed yet."),
                            (None, _) => "Not answered yet.".to_string(),
                        }}
                    </li>
                }).collect_view()}
            </ul>
        }
    };
    let further = move || {
        tour.with(|t| t.offers_further()).then(|| view! {
            <p class="tour-further">
                {format!("Going further ({} more stops, for older students and researchers): a network learning with R4 or R3 removed, the essay's table, agents passing critiques back, and the apūrva of Mīmāṃsā. ", STOPS.len() - CORE)}
                <button data-testid="tour-further" on:click=move |_| go_further()>"going further ▶"</button>
            </p>
        })
    };
    view! {
        <section class="tour-summary" data-testid="tour-summary" aria-labelledby="tour-summary-title"
            // at the last stop, or under a closed tour (the exit ticket is
            // at the page's foot whenever the lesson ends)
            class:hidden=move || !tour.with(|t| t.begun() && (t.is_last() || !t.open))>
            <h2 id="tour-summary-title" data-testid="tour-summary-title" tabindex="-1">
                {move || if tour.with(Tour::is_last) { "What the tour showed" } else { "Your tour so far, and the exit ticket" }}</h2>
            <ul class="tour-recap">
                {move || {
                    let last = ends.get().map_or(0, |(_, b)| b);
                    let seen = tour.with(|t| if t.is_last() { last } else { t.stop + 1 });
                    RECAP.iter().filter(|(s, _)| *s < seen.min(last)).map(|(_, r)| view! { <li>{*r}</li> }).collect_view()
                }}
            </ul>
            {guesses}
            {move || ends.get().map(|(a, b)| view! { <crate::ui::tour::ticket::ExitTicket first=a last=b/> })}
            <OwnGraphs tour=tour/>
            {further}
            <p class:hidden=move || app.with(|a| a.hides("help"))>"Read the whole argument in "<a href=crate::page::glossary::ESSAY_URL target="_blank" rel="noopener" data-testid="tour-essay-link">"the essay"</a>"."</p>
        </section>
    }
}

/// After the exit ticket: the sweep on other graphs, two presets in one
/// click each (one where R5 matters), and the expression box for the
/// student's own (none where the lesson hides the expression box).
#[component]
fn OwnGraphs(tour: RwSignal<Tour>) -> impl IntoView {
    use crate::engine::presets::{FAN_OUT_PRESET, NEURON_PRESET, PRESETS};
    let app = expect_context::<RwSignal<AppState>>();
    let g = expect_context::<GraphState>();
    let load = move |i: usize| {
        tour.update(|t| t.open = false);
        app.update(|a| {
            if !a.hides("nav") {
                a.view = crate::page::url::View::Graph;
            }
        });
        let (_, src, vals) = PRESETS[i];
        g.load(src, vals);
        g.step.set(0);
        request_animation_frame(|| crate::ui::tour::card::to_subject("graph-svg", &[]));
    };
    let shown = |i: usize| PRESETS[i].1.replace('*', "·");
    view! {
        <div class="tour-own" data-testid="tour-own" class:hidden=move || app.with(|a| a.hides("expr"))>
            <h3>"Your own graphs"</h3>
            <p>"The sweep works on any formula. Two to start with, one click each (the page goes back up to the graph):"</p>
            <ul>
                <li><button data-testid="tour-own-fan" on:click=move |_| load(FAN_OUT_PRESET)><code>{shown(FAN_OUT_PRESET)}</code></button>
                    " b feeds two nodes, so its credit arrives in two parts. Step the sweep to its end; then open “Requirements R1–R5” at the top of the page (a phone folds it to one line: tap it), untick R5 and step again: b's credit comes out wrong, because b no longer waits for both parts."</li>
                <li><button data-testid="tour-own-neuron" on:click=move |_| load(NEURON_PRESET)><code>{shown(NEURON_PRESET)}</code></button>
                    " one neuron: tanh's local rate, 1 − tanh², is worked out from the value tanh just found (R1 and R2 at work)."</li>
            </ul>
            <p>"Or type your own in the Expression box under the graph; its first button brings the worked example back."</p>
        </div>
    }
}

/// A stop's learning step: what the card asks, the step, and what it
/// did (shared with the bar).
#[derive(Clone, Copy)]
struct LearnStep {
    ask: &'static str,
    step: Callback<()>,
    said: RwSignal<Option<String>>,
}

/// Predict, then reveal: the choices, the reveal button, and the answer
/// with its reason once revealed.
#[component]
fn Prediction(
    tour: RwSignal<Tour>,
    /// The stop's "what did you see?" answer, shared with the bar.
    observed: Typed,
    stage: Stage,
    /// Where the student is at the stop (the card's, shared with its bar).
    acting: Memo<Acting>,
    /// After a choice the student must still step or run for (a phone's
    /// card makes way for the page).
    chose: impl Fn() + Copy + Send + Sync + 'static,
    /// The stop's learning step, offered under the verdict and what to
    /// read off the graph (before the reasons: a student who stops
    /// reading there still meets it).
    learn: Option<LearnStep>,
) -> impl IntoView {
    // what a choice and the reveal say (a region that outlives the
    // choices, which are drawn anew at each)
    let said = RwSignal::new(String::new());
    let drawn = move || {
        let (stop, chosen, revealed) = tour.with(|t| (t.stop, t.chosen(), t.is_revealed()));
        let p = STOPS[stop].predict?;
        // a stop that asks the student to step first waits for the sweep's
        // end; one that asks for a run, for the run's results
        // (the page's own step, in the link, too: the card may be in the
        // rooms' wasm, whose copy of the worked example follows the page's)
        let stepped = move || !p.step_first || acting.with(|a| a.stepped);
        let ran = move || !p.run_first || acting.with(|a| a.ran);
        // a radio group: the arrow keys move between the answers (and no
        // longer step the sweep), Space or Enter chooses; only the chosen
        // one (else the first) is a Tab stop
        let choices = p.choices.iter().enumerate().map(|(i, c)| view! {
            <button class="tour-choice" data-testid=format!("tour-choice-{i}") role="radio"
                aria-checked=(chosen == Some(i)).to_string() disabled=revealed
                tabindex=if chosen.unwrap_or(0) == i { "0" } else { "-1" }
                on:keydown=|e| crate::ui::shell::widgets::radio_arrows(&e)
                on:click=move |_| {
                    tour.update(|t| t.answer(i));
                    said.set(format!("Your guess: “{c}”. {}", sentence(p.waits_for(Acting { chosen: Some(i), ..acting.get_untracked() }))));
                    chose();
                    // (the choices are drawn anew: the focus stays on this one)
                    request_animation_frame(move || focus_in_card(&format!("[data-testid=tour-choice-{i}]"), false));
                }>
                <span aria-hidden="true">{if chosen == Some(i) { "◉ " } else { "○ " }}</span>{*c}
            </button>
        }).collect_view();
        let answer = revealed.then(|| {
            let right = chosen == Some(p.answer);
            let verdict = p.verdict(right);
            // why each choice is right or wrong, the chosen one first
            let mut order: Vec<usize> = (0..p.choices.len()).collect();
            order.sort_by_key(|&i| chosen != Some(i));
            let why_open = RwSignal::new(false);
            view! {
                <p class="tour-answer" class:right=right data-testid="tour-answer" tabindex="-1">
                    <b>{verdict}</b>{p.reason}
                </p>
                // what to read off the graph, before a learning step
                // changes it (answered right in the bar already: done)
                {p.observe.filter(|_| !observed.right()).map(|q| view! { <div class="tour-observe" data-testid="tour-observe"><Ask q=q id="observe".to_string() answer=observed/></div> })}
                {p.seen.map(|s| view! { <div class="tour-observe" data-testid="tour-seen"><SeenAsk seen=s stop=stop/></div> })}
                {learn.map(|l| view! {
                    <div class="tour-learn" data-testid="tour-learn-box">
                        <p>{l.ask}</p>
                        <button data-testid="tour-learn" on:click=move |_| l.step.run(())>"learn one step"</button>
                        <p role="status" data-testid="tour-learn-said">{move || l.said.get()}</p>
                    </div>
                })}
                // (a phone's short card: behind a button, after the verdict's why)
                <button class="small fold-more" aria-expanded=move || why_open.get().to_string()
                    on:click=move |_| why_open.update(|o| *o = !*o)>
                    {move || if why_open.get() { "less ▴" } else { "why each answer is right or wrong ▾" }}</button>
                <ul class="tour-why fold-rest" class:open=why_open data-testid="tour-why">
                    {order.into_iter().map(|i| view! {
                        <li class:right=i == p.answer>
                            <b>{format!("{} “{}”: ", if i == p.answer { "✓" } else { "✗" }, p.choices[i])}</b>
                            {p.why.get(i).copied().unwrap_or("")}
                        </li>
                    }).collect_view()}
                </ul>
            }
        });
        let waiting = move || chosen.is_none() || revealed || !stepped() || !ran();
        Some(view! {
            <div class="tour-predict" data-testid="tour-predict" role="group" aria-labelledby=format!("predict-{stop}")>
                <p class="tour-question" id=format!("predict-{stop}")><b>"Your guess: "</b>{p.question}
                    <span class="sr-only">" (the arrows move between the answers, Space chooses)"</span></p>
                <div class="tour-choices" role="radiogroup" aria-labelledby=format!("predict-{stop}")>{choices}</div>
                <button data-testid="tour-reveal" aria-disabled=move || waiting().to_string() class:waiting=waiting
                    on:click=move |_| {
                        if waiting() {
                            // (said too: the button's words are heard only on focus)
                            said.set(sentence(p.waits_for(Acting { chosen, ..acting.get_untracked() })));
                            show_what_waits(chosen.is_some() && !revealed, stop, stage);
                            return;
                        }
                        // (the verdict is read from the answer, which takes the focus)
                        reveal(tour, stage);
                    }>
                    {move || if revealed { "revealed" } else { p.waits_for(Acting { chosen, ..acting.get() }) }}
                </button>
            </div>
            {answer}
        })
    };
    view! {
        <p class="sr-only" role="status" data-testid="tour-said">{said}</p>
        {drawn}
    }
}

/// Whether the keyboard's focus is in the tour's card.
fn card_has_focus() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|a| a.closest("[data-testid=tour-card]").ok().flatten())
        .is_some()
}

/// A button's words said as a sentence: "Now step …, then reveal."
fn sentence(words: &str) -> String {
    let mut c = words.chars();
    c.next().map_or_else(String::new, |f| {
        format!("{}{}.", f.to_uppercase(), c.as_str())
    })
}

/// A reveal pressed too soon: to the choices, or (chosen) the card
/// makes way for what the stop still asks (the sweep's steps, a run).
fn show_what_waits(chosen: bool, stop: usize, stage: Stage) {
    if !chosen {
        request_animation_frame(|| focus_in_card("[data-testid=tour-choice-0]", false));
        return;
    }
    if stage.fit.get_untracked().is_read() {
        stage.fit.set(Fit::Bar);
    }
    crate::ui::tour::card::to_subject(STOPS[stop].setup.focus, STOPS[stop].asks);
}

/// Reveals the stop's answer: the page as the reveal sets it, the card
/// open at the answer, with the keyboard's focus.
fn reveal(tour: RwSignal<Tour>, stage: Stage) {
    let mut shown = None;
    tour.update(|t| shown = t.reveal());
    if stage.fit.get_untracked() == Fit::Bar {
        stage.fit.set(opened_here());
    }
    const ANSWER: &str = "[data-testid=tour-answer]";
    match shown {
        // the answer once the card is in its place (a phone's, under the
        // reveal's subject)
        Some(s) => apply(&s, &[], stage, Some(ANSWER)),
        None => request_animation_frame(|| focus_in_card(ANSWER, false)),
    }
}

/// A number question's state at a stop: what was typed, and the verdict.
#[derive(Clone, Copy)]
struct Typed {
    typed: RwSignal<String>,
    verdict: RwSignal<Option<Result<bool, String>>>,
}

impl Typed {
    fn new() -> Self {
        Self {
            typed: RwSignal::new(String::new()),
            verdict: RwSignal::new(None),
        }
    }

    /// Answered, and right.
    fn right(self) -> bool {
        self.verdict.with_untracked(|v| matches!(v, Some(Ok(true))))
    }

    fn clear(self) {
        self.typed.set(String::new());
        self.verdict.set(None);
    }
}

/// A question answered with a number, which the engine checks.
#[component]
fn Ask(
    q: &'static Question,
    id: String,
    /// What the student typed and the page's verdict, shared by the card
    /// and its bar (the same question, asked where the graph is in view).
    answer: Typed,
    /// In the bar: no prompt (the bar's line asks it).
    #[prop(optional)]
    bare: bool,
) -> impl IntoView {
    let Typed { typed, verdict } = answer;
    let verdict_at = StoredValue::new(format!("[data-testid={id}-verdict]"));
    // the verdict, scrolled into the card's view (it may sit below it)
    let check = move || {
        verdict.set(Some(q.check(&typed.get_untracked())));
        let at = verdict_at.get_value();
        request_animation_frame(move || {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(&at).ok().flatten())
            {
                let o = web_sys::ScrollIntoViewOptions::new();
                o.set_block(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&o);
            }
        });
    };
    view! {
        {(!bare).then(|| view! { <p>{q.prompt}</p> })}
        <label class="retrieval">
            <span class="sr-only">{format!("answer: {}", q.prompt)}</span>
            <input type="text" inputmode="text" data-testid=id.clone() prop:value=move || typed.get()
                on:input=move |e| typed.set(event_target_value(&e))
                on:keydown=move |e| if e.key() == "Enter" { check() }/>
        </label>
        <button class="small" data-testid=format!("{id}-check") on:click=move |_| check()>"check"</button>
        {move || verdict.get().map(|v| {
            let (class, words) = match v {
                Ok(true) => ("right", format!("Right. {}", q.idea)),
                Ok(false) => ("wrong", format!(
                    "Not quite: the page's sweep gives {}. {}",
                    crate::engine::graph::fmt_minus(q.answer().unwrap_or(f64::NAN)),
                    q.idea
                )),
                Err(e) => ("wrong", e),
            };
            view! { <p class=format!("retrieval-verdict {class}") data-testid=format!("{id}-verdict") role="status">{words}</p> }
        })}
    }
}

/// "What did you see?" after a lab run: a choice checked against the
/// page's own numbers once they are in.
#[component]
fn SeenAsk(seen: Seen, stop: usize) -> impl IntoView {
    let facts = expect_context::<LabFactsSlot>().0;
    let picked = RwSignal::new(None::<usize>);
    let choices = seen.choices.iter().enumerate().map(|(i, c)| view! {
        <label class="tour-choice">
            <input type="radio" name=format!("seen-{stop}") data-testid=format!("seen-choice-{i}")
                on:change=move |_| picked.set(Some(i))/>
            " " {*c}
        </label>
    }).collect_view();
    let verdict = move || {
        let i = picked.get()?;
        let (class, words) = match facts.with(|f| seen.answer(f)) {
            None => ("", seen.waiting().to_string()),
            Some(a) if a == i => (
                "right",
                "Right: that is what the page's run shows.".to_string(),
            ),
            Some(a) => (
                "wrong",
                format!("Look again: the page's run shows “{}”.", seen.choices[a]),
            ),
        };
        Some(
            view! { <p class=format!("retrieval-verdict {class}") data-testid="seen-verdict" role="status">{words}</p> },
        )
    };
    view! {
        <fieldset class="tour-predict">
            <legend>{seen.prompt}</legend>
            {choices}
        </fieldset>
        {verdict}
    }
}
