//! The rooms: the lab, the studies and the Agents view, and the parts the
//! first view does not need (the tour's card, the lecturer's link,
//! present mode). In
//! the page they are a second wasm (`src/bin/rooms.rs`), fetched the first
//! time one of them opens (`assets/boot.js`, `creditflowRoom`); in the wasm
//! tests they are drawn in place (`here`).
//!
//! What the two wasms share crosses as plain text through one function on
//! `window` each way (`creditflowToRooms`, `creditflowToMain`): the state
//! as its link (`AppState::to_query`) and the tour's progress (`Tour`'s
//! JSON, after the count of stops asked for from the page); each side takes
//! the other's only when it differs from its own. What is told before the
//! other side listens waits for it (the last of each kind). The tour's card
//! drives the worked example through the state (`GraphState::follow`).

use crate::page::tour::Tour;
use crate::page::url::AppState;
use crate::ui::shell::graph_state::GraphState;
pub use crate::ui::shell::room::{Room, RoomFn, Sheet};
use crate::ui::shell::widgets::{LabFactsSlot, RunRequest};
use crate::ui::tour::card::TourSlot;
use leptos::prelude::*;
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::{JsCast, JsValue};

/// The rooms drawn in place, in this wasm (the wasm tests, and the rooms'
/// own wasm).
pub fn here(room: Room, _open: Signal<bool>) -> AnyView {
    thread_local!(static RESTORED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if !RESTORED.with(|r| r.replace(true)) {
        // a file kept by an earlier visit, before the link names it (task=file)
        crate::ui::lab::own_data::restore();
    }
    match room {
        Room::Lab => view! { <crate::ui::lab::view::LabView/> }.into_any(),
        Room::Studies => view! { <crate::ui::studies::view::StudiesView/> }.into_any(),
        Room::Agents => view! { <crate::ui::agents::view::AgentsView/> }.into_any(),
        Room::Teacher => view! { <crate::ui::tour::teacher::TeacherPanel/> }.into_any(),
        Room::Present => {
            let app = expect_context::<RwSignal<AppState>>();
            view! { <crate::ui::shell::present::PresentBar app=app/> }.into_any()
        }
        Room::Tour => {
            let slot = expect_context::<TourSlot>();
            view! { <crate::ui::tour::stop::TourCard tour=slot/> }.into_any()
        }
        Room::Costs => {
            let g = expect_context::<GraphState>();
            view! { <crate::ui::worked::costs::ModeCosts ws=g.ws/> }.into_any()
        }
        Room::Export => {
            // in place (the wasm tests) the page's own state is whole
            let g = expect_context::<GraphState>();
            let sheet =
                use_context::<Sheet>().map_or_else(|| RwSignal::new(String::new()), |s| s.0);
            view! { <crate::ui::worked::export::GraphExport g=g sheet=sheet/> }.into_any()
        }
        Room::Help => view! { <crate::ui::shell::terms::HelpBody/> }.into_any(),
        Room::Offline => view! { <crate::ui::shell::prefs::OfflineStatus/> }.into_any(),
    }
}

/// Calls `window[f](kind, text)`, or, if the other side is not there
/// yet, leaves it for it in `window[f + "Waiting"]` (the last of each kind).
fn tell(f: &str, kind: &str, text: &str) {
    let Some(w) = web_sys::window() else { return };
    let Ok(g) = js_sys::Reflect::get(&w, &JsValue::from_str(f)) else {
        return;
    };
    if let Some(g) = g.dyn_ref::<js_sys::Function>() {
        let _ = g.call2(&JsValue::NULL, &kind.into(), &text.into());
        return;
    }
    let key = JsValue::from_str(&format!("{f}Waiting"));
    let waiting = js_sys::Reflect::get(&w, &key)
        .ok()
        .filter(|v| v.is_object())
        .unwrap_or_else(|| {
            let o: JsValue = js_sys::Object::new().into();
            let _ = js_sys::Reflect::set(&w, &key, &o);
            o
        });
    let _ = js_sys::Reflect::set(&waiting, &kind.into(), &text.into());
}

/// Sets `window[f]` to a function of (kind, text), and hands it what was
/// told before.
fn listen(f: &str, on: impl Fn(String, String) + 'static) {
    let Some(w) = web_sys::window() else { return };
    let key = JsValue::from_str(&format!("{f}Waiting"));
    if let Ok(waiting) = js_sys::Reflect::get(&w, &key) {
        if waiting.is_object() {
            let _ = js_sys::Reflect::delete_property(&w, &key);
            let entries = js_sys::Object::entries(waiting.unchecked_ref());
            // the state first: the rest may refer to it
            let mut told: Vec<(String, String)> = entries
                .iter()
                .filter_map(|e| {
                    let e: js_sys::Array = e.dyn_into().ok()?;
                    Some((e.get(0).as_string()?, e.get(1).as_string()?))
                })
                .collect();
            crate::engine::order::sort_by_key(&mut told, |(k, _)| k != "state");
            for (k, t) in told {
                on(k, t);
            }
        }
    }
    let cb = Closure::<dyn Fn(String, String)>::new(on);
    let _ = js_sys::Reflect::set(&w, &JsValue::from_str(f), cb.as_ref());
    cb.forget();
}

/// Takes the other side's tour when it differs from `tour`'s.
fn take_tour(tour: RwSignal<Tour>, json: &str) {
    if tour.with_untracked(Tour::to_json) != json {
        tour.set(Tour::from_json(json));
    }
}

/// Takes a link's state when it differs from `app`'s own. A file of
/// one's own the main page has just kept (`task=file`) is taken from
/// storage (`own_data::restore`) only then. (The main page keeps the
/// rooms' keys as text, `task=file` among them, and reads no file.)
fn take(app: RwSignal<AppState>, query: &str) {
    if app.with_untracked(AppState::to_query) == query {
        return;
    }
    let (mut s, _) = AppState::from_query(query);
    if crate::page::url::parses_rooms()
        && query.contains("task=file")
        && !s.to_query().contains("task=file")
    {
        crate::ui::lab::own_data::restore();
        s = AppState::from_query(query).0;
    }
    app.set(s);
}

/// The main page's side: its state and its tour kept in step with the
/// rooms' wasm.
fn main_side() {
    thread_local!(static ON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if ON.with(|o| o.replace(true)) {
        return;
    }
    let (Some(app), Some(slot), Some(notices), Some(g)) = (
        use_context::<RwSignal<AppState>>(),
        use_context::<TourSlot>(),
        use_context::<crate::ui::shell::widgets::LinkNotices>(),
        use_context::<GraphState>(),
    ) else {
        return;
    };
    listen("creditflowToMain", move |kind, text| match kind.as_str() {
        "state" => take(app, &text),
        "tour" => take_tour(slot.tour, &text),
        "notices" => notices
            .0
            .update(|n| n.extend(text.lines().map(String::from))),
        // a session loaded in the rooms: the worksheet whole, its ticks
        // and its step
        "sheet" => {
            if let Ok(s) = crate::page::worked::session::session_from_json(&text) {
                g.ws.set(s.ws);
                if let Some(k) = s.kept {
                    app.update(|a| a.kept = k);
                }
                g.step.set(s.step.unwrap_or(0));
            }
        }
        _ => {}
    });
    Effect::new(move |_| {
        let text = g.ws.with(crate::page::worked::session::to_json);
        tell("creditflowToRooms", "sheet", &text);
    });
    Effect::new(move |_| tell("creditflowToRooms", "state", &app.with(AppState::to_query)));
    Effect::new(move |_| {
        let text = format!("{}\n{}", slot.asked.get(), slot.tour.with(Tour::to_json));
        tell("creditflowToRooms", "tour", &text);
    });
}

/// A room of the rooms' wasm: an empty frame it mounts into, fetched when
/// the room is first opened, with a note while it loads or if it fails.
pub fn remote(room: Room, open: Signal<bool>) -> AnyView {
    main_side();
    let frame = NodeRef::<leptos::html::Div>::new();
    // None: not asked for yet; Some(None): loading; Some(Some(Ok)): shown
    let status = RwSignal::new(None::<Option<Result<(), String>>>);
    Effect::new(move |_| {
        let Some(el) = frame.get() else { return };
        if !open.get() || status.get_untracked().is_some() {
            return;
        }
        status.set(Some(None));
        let load = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("creditflowRoom")).ok())
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let Some(load) = load else {
            status.set(Some(Some(Err(
                "the page's loader (boot.js) is missing".into()
            ))));
            return;
        };
        let promise = load.call2(&JsValue::NULL, &room.name().into(), &el.into());
        let Ok(promise) = promise.and_then(|p| p.dyn_into::<js_sys::Promise>()) else {
            status.set(Some(Some(Err("the rooms could not be asked for".into()))));
            return;
        };
        leptos::task::spawn_local(async move {
            let r = wasm_bindgen_futures::JsFuture::from(promise).await;
            status.set(Some(Some(r.map(|_| ()).map_err(|e| {
                e.as_string()
                    .or_else(|| {
                        js_sys::Reflect::get(&e, &"message".into())
                            .ok()
                            .and_then(|m| m.as_string())
                    })
                    .unwrap_or_else(|| "it did not load".into())
            }))));
        });
    });
    let what = room.what();
    view! {
        {move || match status.get() {
            Some(Some(Ok(()))) => None,
            Some(Some(Err(e))) => Some(view! {
                <p class="notice room-note" role="alert" data-testid=format!("room-failed-{}", room.name())>
                    {format!("{what} could not be loaded ({e}). Check the connection and reload the page.")}
                </p>
            }.into_any()),
            // not asked for yet, and not wanted: nothing to say
            None if !open.get() => None,
            _ => Some(view! {
                <p class="hint room-note" role="status" data-testid=format!("room-loading-{}", room.name())>{format!("Loading {what}…")}</p>
            }.into_any()),
        }}
        <div class="room" node_ref=frame data-room=room.name()></div>
    }
    .into_any()
}

/// What the rooms share, made in the first room's mount (where the
/// reactive executor runs), which is never unmounted.
#[derive(Clone)]
struct Shared {
    app: RwSignal<AppState>,
    run: RunRequest,
    facts: LabFactsSlot,
    datasets: crate::ui::shell::datasets::Datasets,
    tour: TourSlot,
    graph: GraphState,
    sheet: Sheet,
}

fn shared() -> Shared {
    thread_local!(static SHARED: std::cell::RefCell<Option<Shared>> = const { std::cell::RefCell::new(None) });
    if let Some(s) = SHARED.with(|s| s.borrow().clone()) {
        return s;
    }
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    // a file kept by an earlier visit, before the link names it (task=file)
    crate::ui::lab::own_data::restore();
    let (state, _) = AppState::from_query(&query);
    // the first view kept the rooms' keys as text: what of them could not
    // be used is said now, in the page's notices
    let notices = crate::page::url::rooms_notices(&query);
    if !notices.is_empty() {
        tell("creditflowToMain", "notices", &notices.join("\n"));
    }
    let app = RwSignal::new(state);
    let tour = TourSlot::new();
    let sheet = Sheet(RwSignal::new(String::new()));
    listen("creditflowToRooms", move |kind, text| match kind.as_str() {
        "state" => take(app, &text),
        "sheet" => sheet.0.set(text),
        "tour" => {
            let (asked, json) = text.split_once('\n').unwrap_or(("0", &text));
            take_tour(tour.tour, json);
            if let Ok(n) = asked.parse::<u32>() {
                if n != tour.asked.get_untracked() {
                    tour.asked.set(n);
                }
            }
        }
        _ => {}
    });
    Effect::new(move |_| tell("creditflowToMain", "state", &app.with(AppState::to_query)));
    Effect::new(move |_| tell("creditflowToMain", "tour", &tour.tour.with(Tour::to_json)));
    let s = Shared {
        app,
        run: RunRequest(RwSignal::new(0)),
        facts: LabFactsSlot(RwSignal::new(Default::default())),
        datasets: crate::ui::shell::datasets::Datasets::new(),
        tour,
        graph: GraphState::follow(app),
        sheet,
    };
    SHARED.with(|c| *c.borrow_mut() = Some(s.clone()));
    s
}

/// The rooms' wasm, started: it says it is there (`creditflowMountRoom`,
/// which `boot.js` calls with a room's name and frame); the first room
/// mounted keeps the rooms' state in step with the main page's.
pub fn serve() {
    crate::ui::shell::failure::install();
    crate::page::url::parse_rooms();
    let mount = move |room: String, el: JsValue| {
        let (Some(room), Ok(el)) = (Room::named(&room), el.dyn_into::<web_sys::HtmlElement>())
        else {
            return;
        };
        leptos::mount::mount_to(el, move || {
            let s = shared();
            provide_context(s.app);
            provide_context(s.run);
            provide_context(s.facts);
            provide_context(s.datasets);
            provide_context(s.tour);
            provide_context(s.graph);
            provide_context(s.sheet);
            provide_context(crate::ui::shell::drawn::InTurn);
            here(room, Signal::stored(true))
        })
        .forget();
    };
    let cb = Closure::<dyn Fn(String, JsValue)>::new(mount);
    if let Some(w) = web_sys::window() {
        let _ = js_sys::Reflect::set(&w, &JsValue::from_str("creditflowMountRoom"), cb.as_ref());
    }
    cb.forget();
}
