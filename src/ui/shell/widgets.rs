//! The small pieces every view shares: a settings field checked by its URL
//! key's own parser, whether the screen is narrow, the page's clock, the
//! data table behind a chart, and the tour's request that the lab start its
//! runs.

use crate::page::url::{all_keys, AppState};
use crate::ui::charts::plots::Table;
use leptos::prelude::*;

/// A text field for URL key `key`, checked by the key's own parser; a bad
/// value leaves the last good one in force and `problem` says why.
pub(crate) fn key_field(
    app: RwSignal<AppState>,
    problem: RwSignal<Option<String>>,
    key: &'static str,
    label: &'static str,
    testid: String,
) -> impl IntoView {
    view! {
        <label class="setting">
            <span>{label}</span>
            <input type="text" data-testid=testid prop:value=move || app.with(|a| a.get(key))
                on:change=move |e| {
                    let v = event_target_value(&e);
                    let mut result = Ok(());
                    app.update(|a| result = a.set(key, v.trim()));
                    let good = app.with_untracked(|a| a.get(key));
                    problem.set(result.err().map(|_| {
                        let what = all_keys().find(|k| k.name == key).map_or("", |k| k.what);
                        format!("“{v}” is not {what}; keeping {good}")
                    }));
                    // the field shows the value in force
                    event_target::<web_sys::HtmlInputElement>(&e).set_value(&good);
                }/>
        </label>
    }
}

/// The widest screen that counts as narrow (a phone held upright): the
/// graph then runs top to bottom.
pub const NARROW_PX: u32 = 600;

/// Whether the window is at most `NARROW_PX` wide, kept up to date as it
/// changes (a phone turned, a window resized).
pub(crate) fn narrow_screen() -> Signal<bool> {
    media_query(&format!("(max-width: {NARROW_PX}px)")).into()
}

/// Whether a CSS media query matches, kept up to date as it changes
/// (false where there is no window).
pub(crate) fn media_query(query: &str) -> ArcRwSignal<bool> {
    let Some(mq) = web_sys::window().and_then(|w| w.match_media(query).ok().flatten()) else {
        return ArcRwSignal::new(false);
    };
    let matches = ArcRwSignal::new(mq.matches());
    let (set, watch) = (matches.clone(), mq.clone());
    let on_change = leptos::wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
        set.set(watch.matches());
    });
    use leptos::wasm_bindgen::JsCast;
    let _ = mq.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
    on_change.forget();
    matches
}

/// The page's clock in milliseconds (0 where there is none).
pub(crate) fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The data table behind a chart; `rows` is built only while `open`.
pub(crate) fn data_table(
    id: &'static str,
    open: RwSignal<bool>,
    rows: Memo<Option<Table>>,
) -> impl IntoView {
    view! {
        <details class="data-table" data-testid=format!("table-{id}")
            on:toggle=move |e| open.set(event_target::<web_sys::HtmlDetailsElement>(&e).open())>
            <summary>"the data as a table"</summary>
            {move || rows.get().map(|(head, rows)| view! {
                <table>
                    <thead><tr>{head.iter().map(|h| view! { <th scope="col">{*h}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows.into_iter().map(|r| view! {
                        <tr>{r.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr>
                    }).collect_view()}</tbody>
                </table>
            })}
        </details>
    }
}

/// The link's notices: what of it could not be used (the rooms' wasm adds
/// its keys' when it reads them).
#[derive(Clone, Copy)]
pub struct LinkNotices(pub RwSignal<Vec<String>>);

/// Asks the lab to start its runs (the lab view listens).
#[derive(Clone, Copy)]
pub struct RunRequest(pub RwSignal<u32>);

/// The lab's numbers the tour's "what did you see?" questions are checked
/// against (the lab view keeps them up to date).
#[derive(Clone, Copy)]
pub struct LabFactsSlot(pub RwSignal<crate::page::tour::LabFacts>);

/// Whether the browser offers `navigator.<name>` (a service worker, the
/// clipboard: both are missing outside a secure context, where calling
/// them would throw).
pub(crate) fn navigator_has(name: &str) -> bool {
    web_sys::window().is_some_and(|w| {
        js_sys::Reflect::get(
            &w.navigator(),
            &leptos::wasm_bindgen::JsValue::from_str(name),
        )
        .is_ok_and(|v| !v.is_undefined() && !v.is_null())
    })
}

/// Copies `text` to the clipboard; false where the browser keeps it
/// closed (a page not served over HTTPS), for the caller to say so.
pub(crate) fn copy_text(text: &str) -> bool {
    match web_sys::window() {
        Some(w) if navigator_has("clipboard") => {
            let _ = w.navigator().clipboard().write_text(text);
            true
        }
        _ => false,
    }
}

/// Runs `f` now and, while it says the element it wants is not there yet
/// (a room still loading, `ui::shell::rooms`), again every 100 ms for up
/// to 30 s, unless `still()` says it is no longer wanted.
pub fn until_found(f: impl Fn() -> bool + 'static, still: impl Fn() -> bool + 'static) {
    fn again(f: std::rc::Rc<dyn Fn() -> bool>, still: std::rc::Rc<dyn Fn() -> bool>, left: u32) {
        if !still() || f() || left == 0 {
            return;
        }
        leptos::prelude::set_timeout(
            move || again(f, still, left - 1),
            std::time::Duration::from_millis(100),
        );
    }
    again(std::rc::Rc::new(f), std::rc::Rc::new(still), 300);
}

/// A long job's progress bar and its words (`{id}-progress`, and the words
/// `{id}-status` where `words_id`), drawn once: the bar's value and the
/// words follow the job (a redrawn bar, at every run of a study, rewrote
/// its attributes and restyled the page).
#[component]
pub(crate) fn ProgressLine(
    id: &'static str,
    #[prop(into)] fraction: Signal<f64>,
    #[prop(into)] words: Signal<String>,
    #[prop(optional)] words_id: bool,
) -> impl IntoView {
    view! {
        <div class="progress">
            <progress data-testid=format!("{id}-progress") max="1" value=move || fraction.get().to_string()></progress>
            <span data-testid=words_id.then(|| format!("{id}-status")) role=words_id.then_some("status")>{words}</span>
        </div>
    }
}

/// Gives the keyboard's focus to the element with `data-testid=id` on
/// the next frame (after the change that called for it is drawn), so
/// that it never falls to the document.
pub fn focus_testid(id: &'static str) {
    focus_shown(vec![id]);
}

/// Gives the keyboard's focus, on the next frame, to the first of `ids`
/// that is shown (a header button may sit in the phone's closed menu:
/// then the menu's button).
pub fn focus_shown(ids: Vec<&'static str>) {
    request_animation_frame(move || {
        if let Some(e) = ids.iter().find_map(|id| shown_by_test_id(id)) {
            let _ = e.focus();
        }
    });
}

/// The arrow keys in a radio group (`role=radiogroup` around buttons with
/// `role=radio`): the focus moves to the next or previous answer, around
/// the ends, without choosing it (Space or Enter does) and without the
/// page's step keys seeing the key.
pub fn radio_arrows(e: &leptos::ev::KeyboardEvent) {
    use leptos::wasm_bindgen::JsCast;
    let step: i32 = match e.key().as_str() {
        "ArrowDown" | "ArrowRight" => 1,
        "ArrowUp" | "ArrowLeft" => -1,
        _ => return,
    };
    e.prevent_default();
    e.stop_propagation();
    let Some(me) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let Some(Ok(all)) = me
        .closest("[role=radiogroup]")
        .ok()
        .flatten()
        .map(|g| g.query_selector_all("[role=radio]"))
    else {
        return;
    };
    let n = all.length() as i32;
    let at = (0..n)
        .find(|&i| all.get(i as u32).is_some_and(|x| x.is_same_node(Some(&me))))
        .unwrap_or(0);
    let to = all
        .get(((at + step).rem_euclid(n.max(1))) as u32)
        .and_then(|x| x.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(to) = to {
        let _ = to.focus();
    }
}

/// Gives the keyboard's focus to the first of `ids` that is shown and
/// takes it (a table or a section does not).
pub fn focus_first(ids: impl IntoIterator<Item = &'static str>) {
    let focused = |e: &web_sys::HtmlElement| {
        let _ = e.focus();
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element())
            .is_some_and(|a| a == **e)
    };
    let _ = ids
        .into_iter()
        .filter_map(shown_by_test_id)
        .find(|e| focused(e));
}

/// The element whose `data-testid` is `id`, if it is drawn.
fn by_test_id(id: &str) -> Option<web_sys::HtmlElement> {
    use leptos::wasm_bindgen::JsCast;
    web_sys::window()?
        .document()?
        .query_selector(&format!("[data-testid={id}]"))
        .ok()
        .flatten()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// `by_test_id`, if it is also shown (it has a width).
fn shown_by_test_id(id: &str) -> Option<web_sys::HtmlElement> {
    by_test_id(id).filter(|e| e.get_bounding_client_rect().width() > 0.0)
}

/// Gives the keyboard's focus to `id` once it is drawn and shown (a
/// panel in the rooms' wasm is drawn when that wasm has come), trying
/// every 50 ms for up to 5 s.
pub fn focus_when_shown(id: &'static str) {
    fn attempt(id: &'static str, left: u32) {
        match shown_by_test_id(id) {
            Some(e) => {
                let _ = e.focus();
            }
            None if left > 0 => {
                set_timeout(
                    move || attempt(id, left - 1),
                    std::time::Duration::from_millis(50),
                );
            }
            None => {}
        }
    }
    request_animation_frame(move || attempt(id, 100));
}

/// Gives the keyboard's focus to `id` on the next frame and puts its top
/// at the screen's top (a long result read from its start, not its foot).
pub fn focus_at_top(id: &'static str) {
    request_animation_frame(move || {
        let Some(e) = by_test_id(id) else {
            return;
        };
        let opts = web_sys::FocusOptions::new();
        opts.set_prevent_scroll(true);
        let _ = e.focus_with_options(&opts);
        let at = web_sys::ScrollIntoViewOptions::new();
        at.set_block(web_sys::ScrollLogicalPosition::Start);
        e.scroll_into_view_with_scroll_into_view_options(&at);
    });
}

/// The window's height in CSS pixels (0 outside a browser).
pub fn screen_height() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
}

/// Whether the student is on the learn path (`Tour::plain_words`): the
/// step's words then say it without calculus notation.
#[derive(Clone, Copy)]
pub struct LearnPath(pub Signal<bool>);

/// Whether the worked example speaks without calculus notation: in a
/// teacher's class that hides it, and on the learn path.
pub fn plain_words() -> impl Fn() -> bool + Copy + 'static {
    let app = expect_context::<RwSignal<AppState>>();
    let learning = use_context::<LearnPath>();
    move || app.with(|a| a.hides("notation")) || learning.is_some_and(|l| l.0.get())
}
