//! The tour on the page: the first-visit offer, the entry button, and the
//! card for the current stop with its prediction. The stops and the
//! student's progress are plain types (`crate::page::tour`); this file applies
//! a stop's setup to the page and draws the card. Progress is kept in
//! localStorage.

use crate::page::tour::{At, Setup, Tour, STOPS, WORKED};
use crate::page::url::{AppState, View};
use crate::ui::shell::graph_state::GraphState;
use crate::ui::shell::storage;
use crate::ui::shell::widgets::RunRequest;
use leptos::prelude::*;

const KEY: &str = "creditflow.tour.v1";

/// A sweep index past any graph's end (the graph view clamps it).
const END: usize = 100_000;

/// The tour as the page shares it: the student's progress, and how many
/// times a stop was asked for from outside the card (the header's entry,
/// the first-visit offer). The card, which may be in the rooms' wasm
/// (`ui::shell::rooms`), applies that stop's setup each time the count
/// grows.
#[derive(Clone, Copy)]
pub struct TourSlot {
    pub tour: RwSignal<Tour>,
    pub asked: RwSignal<u32>,
}

impl TourSlot {
    /// A tour with no progress (the rooms' copy, until the page's arrives).
    pub fn new() -> Self {
        Self {
            tour: RwSignal::new(Tour::default()),
            asked: RwSignal::new(0),
        }
    }

    /// Opens the card at `stop` and has its setup applied.
    fn ask(self, stop: usize) {
        self.tour.update(|t| t.go(stop));
        self.asked.update(|n| *n += 1);
    }
}

impl Default for TourSlot {
    fn default() -> Self {
        Self::new()
    }
}

/// The tour's saved progress, opened at the link's stop if it names one.
pub fn load(app: RwSignal<AppState>) -> TourSlot {
    let saved = storage::get(KEY);
    let mut t = saved.map(|s| Tour::from_json(&s)).unwrap_or_default();
    if let Some(stop) = app.with_untracked(|a| a.tour) {
        t.go(stop - 1);
    }
    let tour = RwSignal::new(t);
    Effect::new(move |_| {
        let text = tour.with(Tour::to_json);
        let _ = storage::set(KEY, &text);
    });
    // the URL names the open stop, so a teacher's link can start there
    Effect::new(move |_| {
        let stop = tour.with(|t| t.open.then_some(t.stop + 1));
        if app.with_untracked(|a| a.tour != stop) {
            app.update(|a| a.tour = stop);
        }
    });
    TourSlot {
        tour,
        asked: RwSignal::new(0),
    }
}

/// Puts the page into a stop's state, then scrolls to what it is about.
pub(crate) fn apply(s: &Setup, app: RwSignal<AppState>, g: GraphState, run: RunRequest) {
    app.update(|a| {
        a.view = s.page;
        if let Some(k) = s.kept {
            a.kept = k;
        }
        if let Some(m) = s.r3 {
            a.r3 = m;
        }
        if let Some(m) = s.r4 {
            a.r4 = m;
        }
    });
    if let Some((src, vals)) = s.expr {
        g.load(src, vals);
    }
    match s.step {
        At::Start => g.step.set(0),
        At::End => g.step.set(END),
        At::Keep => {}
    }
    if s.run {
        run.0.update(|n| *n += 1);
    }
    focus(s.focus);
}

/// After the last stop: back to the worked example as a fresh visit
/// shows it (its expression, every requirement kept, the sweep at 0).
pub(crate) fn finish(app: RwSignal<AppState>, g: GraphState) {
    app.update(|a| {
        a.view = View::Graph;
        a.kept = [true; 5];
    });
    g.load(WORKED.0, WORKED.1);
    g.step.set(0);
}

/// Outlines the element with `data-testid=id` and scrolls it into view
/// (once it is there: a room may still be loading).
fn focus(id: &'static str) {
    thread_local!(static LATEST: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    let me = LATEST.with(|l| l.get() + 1);
    LATEST.with(|l| l.set(me));
    set_timeout(
        move || {
            let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
                return;
            };
            if let Ok(old) = doc.query_selector_all(".tour-focus") {
                for i in 0..old.length() {
                    if let Some(e) = old.item(i).and_then(|n| {
                        use leptos::wasm_bindgen::JsCast;
                        n.dyn_into::<web_sys::Element>().ok()
                    }) {
                        let _ = e.class_list().remove_1("tour-focus");
                    }
                }
            }
            let outline = move || {
                let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
                    return true;
                };
                let Ok(Some(el)) = doc.query_selector(&format!("[data-testid={id}]")) else {
                    return false;
                };
                let _ = el.class_list().add_1("tour-focus");
                // to the top of the screen: the card sits at the bottom
                let opts = web_sys::ScrollIntoViewOptions::new();
                opts.set_block(web_sys::ScrollLogicalPosition::Start);
                el.scroll_into_view_with_scroll_into_view_options(&opts);
                // a graph wider than its frame: show the output, on the right
                if let Some(frame) = el
                    .parent_element()
                    .filter(|p| p.class_list().contains("graph-wrap"))
                {
                    frame.set_scroll_left(frame.scroll_width());
                }
                true
            };
            crate::ui::shell::widgets::until_found(outline, move || LATEST.with(|l| l.get()) == me);
        },
        std::time::Duration::from_millis(80),
    );
}

/// The entry in the header: start, or resume where the student left.
#[component]
pub fn TourEntry(tour: TourSlot) -> impl IntoView {
    let slot = tour;
    let tour = slot.tour;
    let label = move || {
        tour.with(|t| {
            if t.started() {
                format!("Resume the tour (stop {})", t.stop + 1)
            } else {
                "Start the tour".to_string()
            }
        })
    };
    let app = expect_context::<RwSignal<AppState>>();
    view! {
        // while the first-visit offer shows, its button is the entry
        <button data-testid="tour-start" class="tour-entry" on:click=move |_| slot.ask(tour.with_untracked(|t| t.stop))
            class:hidden=move || !app.with(|a| a.proj) && tour.with(|t| !t.open && !t.dismissed && !t.started())
            aria-expanded=move || tour.with(|t| t.open).to_string()>{label}</button>
    }
}

/// The first-visit offer, until it is taken or dismissed.
#[component]
pub fn TourOffer(tour: TourSlot) -> impl IntoView {
    let slot = tour;
    let tour = slot.tour;
    let shown = move || tour.with(|t| !t.open && !t.dismissed && !t.started());
    view! {
        <Show when=shown>
            <div class="tour-offer" data-testid="tour-offer" role="region" aria-label="The tour">
                <span>{format!("New here? {} short stops walk through the essay's argument in this page, with a few predictions to make on the way.", STOPS.len())}</span>
                <button data-testid="tour-offer-start" on:click=move |_| slot.ask(0)>"Start the tour"</button>
                <button data-testid="tour-offer-dismiss" on:click=move |_| tour.update(|t| t.dismissed = true)>"Not now"</button>
            </div>
        </Show>
    }
}
