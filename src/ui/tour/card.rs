//! The tour on the page: the first-visit offer, the entry button, and the
//! card for the current stop with its prediction. The stops and the
//! student's progress are plain types (`crate::page::tour`); this file applies
//! a stop's setup to the page and draws the card. Progress is kept in
//! localStorage.

use crate::page::tour::fit::{fit_below, opened, read_under, scroll_for, Fit};
use crate::page::tour::{At, Setup, Tour, WORKED};
use crate::page::url::{AppState, View};
use crate::ui::shell::graph_state::GraphState;
use crate::ui::shell::storage;
use crate::ui::shell::widgets::RunRequest;
use leptos::prelude::*;

pub(crate) const KEY: &str = "creditflow.tour.v1";
/// A class's link keeps its student's progress apart (`key`): a teacher
/// who tries the link in their own browser does not find the class's
/// tour open on their own page afterwards.
pub(crate) const CLASS_KEY: &str = "creditflow.tour.class.v1";

/// Where the page keeps the tour's progress: apart for a class's link
/// (one that chooses stops or hides anything).
fn key(app: RwSignal<AppState>) -> &'static str {
    if app.with_untracked(|a| a.stops.is_some() || !a.hide.is_empty()) {
        CLASS_KEY
    } else {
        KEY
    }
}

/// A sweep index past any graph's end (the graph view clamps it).
pub(crate) const END: usize = 100_000;

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
    let key = key(app);
    let saved = storage::get(key);
    let mut t = saved.map(|s| Tour::from_json(&s)).unwrap_or_default();
    // a teacher's link: its stops, and its one view if it hides the switch
    let (class, only, hidden) = app.with_untracked(|a| {
        (
            a.stops.map(|(f, l)| (f - 1, l - 1)),
            a.hides("nav").then_some(a.view),
            a.hides("tour"),
        )
    });
    t.class = class;
    t.only = only;
    if !t.path().contains(&t.stop) {
        t.stop = t.path().first().copied().unwrap_or(0);
    }
    if hidden {
        t.open = false;
    } else if let Some(stop) = app.with_untracked(|a| a.tour) {
        // a class's link opens at its first stop; a student coming back to
        // it resumes where they were
        let first = t.path().first().copied().unwrap_or(0);
        let back = stop - 1 == first && t.started() && t.path().contains(&t.stop);
        let at = if back { t.stop } else { stop - 1 };
        t.go(at);
    }
    let tour = RwSignal::new(t);
    Effect::new(move |_| {
        let text = tour.with(Tour::to_json);
        let _ = storage::set(key, &text);
    });
    // the URL names the open stop, so a teacher's link can start there
    Effect::new(move |_| {
        let stop = tour.with(|t| t.open.then_some(t.stop + 1));
        if app.with_untracked(|a| a.tour != stop) {
            app.update(|a| a.tour = stop);
        }
    });
    // a stop open on arrival (a link's, or a reload's) sets the page as
    // the stop does and shows its subject: a guess still to make starts
    // afresh (a reload must not show the answer the page had reached), a
    // revealed one as its reveal left it
    let open = tour.with_untracked(|t| t.open);
    TourSlot {
        tour,
        asked: RwSignal::new(u32::from(open)),
    }
}

/// The window's width and height in CSS pixels.
fn screen() -> (f64, f64) {
    let Some(w) = web_sys::window() else {
        return (0.0, 0.0);
    };
    let px = |v: Result<leptos::wasm_bindgen::JsValue, _>| {
        v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0)
    };
    (px(w.inner_width()), px(w.inner_height()))
}

/// How far the page is scrolled down, in CSS pixels.
fn scrolled() -> f64 {
    web_sys::window()
        .and_then(|w| w.scroll_y().ok())
        .unwrap_or(0.0)
}

/// Where the card goes as it opens on this screen (`fit::opened`).
pub(crate) fn opened_here() -> Fit {
    let (w, h) = screen();
    opened(w, h, scrolled())
}

/// Opens the card from its bar, fitted round the stop's subject `focus`
/// and the controls in `asks`, outlined again (what the student did since
/// may have redrawn them; on a phone the card is in the page under them).
pub(crate) fn reopen(focus: &'static str, asks: &'static [&'static str], fit: RwSignal<Fit>) {
    fit.set(opened_here());
    show(focus, asks, fit, None);
}

/// What applying a stop touches: the page's state, the worked example,
/// the lab's run requests and the card's fit.
#[derive(Clone, Copy)]
pub(crate) struct Stage {
    pub app: RwSignal<AppState>,
    pub g: GraphState,
    pub run: RunRequest,
    pub fit: RwSignal<Fit>,
}

/// Puts the page into a stop's state, then scrolls to what it is about
/// (`s.focus` and the controls in `asks`), fits the card around it and
/// gives the keyboard's focus to `then` in the card (a reveal's answer)
/// once the card is in its place.
pub(crate) fn apply(
    s: &Setup,
    asks: &'static [&'static str],
    st: Stage,
    then: Option<&'static str>,
) {
    let Stage { app, g, run, fit } = st;
    app.update(|a| {
        // a link that hides the view switch keeps its view
        if !a.hides("nav") {
            a.view = s.page;
        }
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
        // the link says it too: this wasm's copy of the worksheet can
        // miss an edit the page made (a preset tried at stop 5), and
        // then `load` sees nothing to change while the page keeps it
        let vals: Vec<(String, f64)> = vals.iter().map(|&(n, v)| (n.to_string(), v)).collect();
        if app.with_untracked(|a| a.expr != src || a.vals != vals) {
            app.update(|a| {
                a.expr = src.to_string();
                a.vals = vals;
            });
        }
    }
    // and again on the next frame, once the page has redrawn its sweep
    // for the new ticks (a sweep with more steps, a late echo of the old
    // step from the page's copy of the worked example)
    let at = match s.step {
        At::Start => Some(0),
        At::End => Some(END),
        At::Keep => None,
    };
    if let Some(k) = at {
        g.step.set(k);
        request_animation_frame(move || g.step.set(k));
    }
    if s.run {
        run.0.update(|n| *n += 1);
    }
    show(s.focus, asks, fit, then);
}

/// After the last stop: back to the worked example, whole (its
/// expression, every requirement kept, the sweep at its end with every
/// credit), unless the link keeps another view; no outline is left.
pub(crate) fn finish(app: RwSignal<AppState>, g: GraphState) {
    app.update(|a| {
        if !a.hides("nav") {
            a.view = View::Graph;
        }
        a.kept = [true; 5];
    });
    g.load(WORKED.0, WORKED.1);
    g.step.set(END);
    unmark();
}

/// Scrolls the stop's subject `focus` and the controls in `asks` to the
/// top of the screen again (the card put away to a bar: what loaded or
/// was redrawn since may have moved them).
pub(crate) fn to_subject(focus: &str, asks: &[&str]) {
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let top = subject(&doc, focus, asks)
        .iter()
        .map(|r| r.top())
        .fold(f64::INFINITY, f64::min);
    if top.is_finite() && (top - 8.0).abs() > 2.0 {
        w.scroll_by_with_x_and_y(0.0, top - 8.0);
    }
}

/// The boxes on screen of a stop's subject `focus` and of the controls in
/// `asks`, found by their names (a redrawn graph loses its outline).
fn subject(doc: &web_sys::Document, focus: &str, asks: &[&str]) -> Vec<web_sys::DomRect> {
    std::iter::once(focus)
        .chain(asks.iter().copied())
        .filter_map(|a| element(doc, a))
        .map(|e| e.get_bounding_client_rect())
        .filter(|r| r.height() > 0.0)
        .collect()
}

/// Tells the stylesheet how tall the tour's bar is (`--tour-bar-h` on the
/// root; 0 when the card is not a bar), so that what sticks to the
/// screen's foot stays above it.
pub(crate) fn note_bar_height(bar: bool) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let h = bar
        .then(|| element(&doc, "tour-card"))
        .flatten()
        .map_or(0.0, |c| c.get_bounding_client_rect().height());
    set_root_px("--tour-bar-h", h);
}

/// Sets a length the stylesheet reads from the root (`name`, in px).
fn set_root_px(name: &str, px: f64) {
    use leptos::wasm_bindgen::JsCast;
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = root.style().set_property(name, &format!("{}px", px.ceil()));
    }
}

/// Takes the tour's outlines off the page.
pub(crate) fn unmark() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for class in ["tour-focus", "tour-ask"] {
        if let Ok(old) = doc.query_selector_all(&format!(".{class}")) {
            for i in 0..old.length() {
                if let Some(e) = old.item(i).and_then(|n| {
                    use leptos::wasm_bindgen::JsCast;
                    n.dyn_into::<web_sys::Element>().ok()
                }) {
                    let _ = e.class_list().remove_1(class);
                }
            }
        }
    }
}

/// Gives the keyboard's focus to `selector` in the card: the title with
/// the card at its top, anything else scrolled no further than shows it.
pub(crate) fn focus_in_card(selector: &str, top: bool) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if top {
        if let Ok(Some(card)) = doc.query_selector("[data-testid=tour-card]") {
            card.set_scroll_top(0);
        }
    }
    if let Ok(Some(el)) = doc.query_selector(selector) {
        use leptos::wasm_bindgen::JsCast;
        if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
            let opts = web_sys::FocusOptions::new();
            opts.set_prevent_scroll(true);
            let _ = h.focus_with_options(&opts);
            if top {
                // the card's top (its "stop N of M" line) stays in view
                return;
            }
            // no further than shows it whole (a phone's answer stays under
            // the subject it speaks of)
            let at = web_sys::ScrollIntoViewOptions::new();
            at.set_block(web_sys::ScrollLogicalPosition::Nearest);
            h.scroll_into_view_with_scroll_into_view_options(&at);
        }
    }
}

fn element(doc: &web_sys::Document, id: &str) -> Option<web_sys::Element> {
    doc.query_selector(&format!("[data-testid={id}]"))
        .ok()
        .flatten()
}

/// Fits the card in the room the subject (`id` and `asks`) leaves (on a
/// phone, in the page under it) and scrolls the subject to the screen's
/// top unless it already shows whole (`scroll_for`); `refit`: the first
/// time at a stop (later, as what loads around the subject moves it, the
/// student's choice of a bar or a card is kept, and a phone's card being
/// read is moved with its subject but the page is not scrolled from
/// under it).
fn place(id: &str, asks: &[&str], fit: RwSignal<Fit>, refit: bool) {
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let boxes = subject(&doc, id, asks);
    if boxes.is_empty() {
        return;
    }
    let top = boxes.iter().map(|r| r.top()).fold(f64::INFINITY, f64::min);
    let bottom = boxes
        .iter()
        .map(|r| r.bottom())
        .fold(f64::NEG_INFINITY, f64::max);
    let (width, height) = screen();
    // beside the page at 1100 px and wider (the stylesheet's rule); on a
    // phone in the page under the subject; between, below the subject
    let was = fit.get_untracked();
    let mut now = match opened(width, height, 0.0) {
        Fit::Sheet(_) => fit_below(bottom - top, height),
        Fit::Read(_) => read_under(bottom, scrolled()),
        f => f,
    };
    if !refit && was == Fit::Bar {
        now = was;
    }
    if now != was {
        fit.set(now);
    }
    if let Fit::Read(at) = now {
        // the page ends with a phone's card: what lies under its top is
        // clipped (no leftovers of the page peeking out under a short
        // card, no empty ground under a long one)
        let app_top = doc
            .query_selector(".app")
            .ok()
            .flatten()
            .map_or(0.0, |a| a.get_bounding_client_rect().top() + scrolled());
        set_root_px("--read-clip", (at - app_top).max(0.0));
    }
    if refit || !now.is_read() {
        if let Some(by) = scroll_for(top, bottom, now, height) {
            if now.is_read() {
                // once the card is in its new place: the page ends with
                // it, and it is what gives the page room to scroll
                // (to where the subject is now: the page may have been
                // cut short under a scrolled screen meanwhile)
                let to = scrolled() + by;
                request_animation_frame(move || w.scroll_to_with_x_and_y(0.0, to));
            } else {
                w.scroll_by_with_x_and_y(0.0, by);
            }
        }
    }
}

/// Shows a stop's subject (outlined, scrolled to, the card fitted round
/// it) without setting the page as the stop would.
pub(crate) fn show_subject(s: &Setup, asks: &'static [&'static str], fit: RwSignal<Fit>) {
    show(s.focus, asks, fit, None);
}

/// Outlines the element with `data-testid=id` and those in `asks`, and
/// places them and the card (`place`) once the subject is there (a room
/// may still be loading); then the keyboard's focus goes to `then`.
fn show(
    id: &'static str,
    asks: &'static [&'static str],
    fit: RwSignal<Fit>,
    then: Option<&'static str>,
) {
    thread_local!(static LATEST: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    let me = LATEST.with(|l| l.get() + 1);
    LATEST.with(|l| l.set(me));
    set_timeout(
        move || {
            unmark();
            let outline = move || {
                let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
                    return true;
                };
                let Some(el) = element(&doc, id) else {
                    return false;
                };
                let _ = el.class_list().add_1("tour-focus");
                // a graph wider than its frame: show the output, on the right
                let wrap = |e: &web_sys::Element| e.class_list().contains("graph-wrap");
                let frame = if wrap(&el) {
                    Some(el.clone())
                } else {
                    el.parent_element().filter(wrap)
                };
                if let Some(frame) = frame {
                    frame.set_scroll_left(frame.scroll_width());
                }
                for a in asks {
                    if let Some(e) = element(&doc, a) {
                        let _ = e.class_list().add_1("tour-ask");
                    }
                }
                place(id, asks, fit, true);
                if let Some(then) = then {
                    request_animation_frame(move || focus_in_card(then, false));
                }
                // and again once what loads around it (a room's charts) is in
                for ms in [500, 1500] {
                    set_timeout(
                        move || {
                            if LATEST.with(|l| l.get()) == me {
                                place(id, asks, fit, false);
                            }
                        },
                        std::time::Duration::from_millis(ms),
                    );
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
            if t.open {
                format!("The tour: stop {} (open)", t.stop + 1)
            } else if t.is_last() && !t.open {
                format!("Tour done ✓ (see stop {} again)", t.stop + 1)
            } else if t.begun() {
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
            class:hidden=move || !app.with(|a| a.proj) && tour.with(|t| !t.open && !t.dismissed && !t.begun())
            aria-expanded=move || tour.with(|t| t.open).to_string()>{label}</button>
    }
}

/// The first-visit offer, until it is taken or dismissed (with a way in
/// for a teacher); once the tour has begun and its card is closed, where
/// it stopped and the ways back: the tour, and the exit ticket below.
#[component]
pub fn TourOffer(tour: TourSlot, teacher: RwSignal<bool>) -> impl IntoView {
    let slot = tour;
    let tour = slot.tour;
    let app = expect_context::<RwSignal<AppState>>();
    let shown = move || tour.with(|t| !t.open && !t.dismissed && !t.begun());
    let paused = move || tour.with(|t| !t.open && t.begun() && !t.dismissed);
    view! {
        <Show when=shown>
            <div class="tour-offer" data-testid="tour-offer" role="region" aria-label="The tour">
                <span>"New here? This page shows how a learning machine works out which of its numbers to blame for a result. A short tour walks you through it on this example, with a few guesses on the way."</span>
                <button data-testid="tour-offer-start" on:click=move |_| slot.ask(0)>{move || format!("Start the tour ({} stops)", tour.with(|t| t.path().len()))}</button>
                <button data-testid="tour-offer-dismiss" on:click=move |_| tour.update(|t| t.dismissed = true)>"Not now"</button>
                <button data-testid="tour-offer-teacher" class:hidden=move || app.with(|a| a.hides("teacher"))
                    on:click=move |_| {
                        teacher.set(true);
                        crate::ui::shell::widgets::focus_at_top("teacher-panel");
                    }>"Teaching a class? A ready-made lesson ▸"</button>
            </div>
        </Show>
        <Show when=paused>
            <p class="tour-paused" data-testid="tour-paused" role="status">
                {move || tour.with(|t| {
                    let (at, of) = t.place();
                    if t.is_last() { "The tour is done. ".to_string() } else { format!("The tour is closed at stop {at} of {of}. ") }
                })}
                <button class="small" data-testid="tour-resume" on:click=move |_| slot.ask(tour.with_untracked(|t| t.stop))>
                    {move || if tour.with(|t| t.is_last()) { "see the last stop again" } else { "resume the tour" }}</button>" "
                <button class="small" data-testid="tour-to-ticket" on:click=move |_| crate::ui::shell::widgets::focus_at_top("tour-summary-title")>
                    "your summary and the exit ticket ↓"</button>" "
                <button class="small" data-testid="tour-paused-hide" aria-label="hide this line" title="Hide this line (the header's tour button resumes)"
                    on:click=move |_| {
                        tour.update(|t| t.dismissed = true);
                        crate::ui::shell::widgets::focus_shown(vec!["tour-start", "menu-open"]);
                    }>"✕"</button>
            </p>
        </Show>
    }
}
