//! What a room is, for the views that ask for one: the parts of the page
//! in the rooms' wasm (`Room`), how the app draws one (`RoomFn`, `Rooms`,
//! in the views' context, with the page's idle moment), and what crosses
//! with a room of the worked example (`Sheet`, `load_sheet`). The rooms
//! themselves, and the two wasms' wiring, are `ui::shell::rooms`; a view
//! names this file only, so no view names another through it.

use crate::page::url::View;
use leptos::prelude::*;
use leptos::wasm_bindgen::{JsCast, JsValue};

/// A part of the page in the rooms' wasm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    Lab,
    Studies,
    Agents,
    /// The lecturer's panel: a link to the page as it is, with controls hidden.
    Teacher,
    /// Present mode's bar (the slides, Page Down / Page Up).
    Present,
    /// The tour's card: a stop's words, its prediction, its buttons.
    Tour,
    /// The worked example's cost panel (forward against reverse mode).
    Costs,
    /// The worked example's export: the graph as SVG or PNG, the session
    /// as JSON.
    Export,
    /// Help's words and the glossary.
    Help,
    /// The footer's offline status, and the service worker it registers.
    Offline,
}

impl Room {
    const ALL: [Room; 10] = [
        Room::Lab,
        Room::Studies,
        Room::Agents,
        Room::Teacher,
        Room::Present,
        Room::Tour,
        Room::Costs,
        Room::Export,
        Room::Help,
        Room::Offline,
    ];

    /// Its name in the messages and in `data-room`.
    pub fn name(self) -> &'static str {
        match self {
            Room::Lab => "lab",
            Room::Studies => "studies",
            Room::Agents => "agents",
            Room::Teacher => "teacher",
            Room::Present => "present",
            Room::Tour => "tour",
            Room::Costs => "costs",
            Room::Export => "export",
            Room::Help => "help",
            Room::Offline => "offline",
        }
    }

    pub fn named(n: &str) -> Option<Room> {
        Room::ALL.into_iter().find(|r| r.name() == n)
    }

    /// What the loading note calls it.
    pub fn what(self) -> &'static str {
        match self {
            Room::Lab => "the lab",
            Room::Studies => "the studies",
            Room::Agents => "the Agents view",
            Room::Teacher => "the lecturer's panel",
            Room::Present => "present mode",
            Room::Tour => "the tour",
            Room::Costs => "the cost of each mode",
            Room::Export => "the graph's export",
            Room::Help => "Help",
            Room::Offline => "offline use",
        }
    }

    /// The view's room, for the three views in the rooms.
    pub fn of(v: View) -> Option<Room> {
        match v {
            View::Lab => Some(Room::Lab),
            View::Studies => Some(Room::Studies),
            View::Agents => Some(Room::Agents),
            View::Graph => None,
        }
    }
}

/// How the app draws a room: given when it is first wanted (`open`).
pub type RoomFn = fn(Room, Signal<bool>) -> AnyView;

/// The page's whole worksheet as JSON (`page::worked::session`), as it
/// last told the rooms: the link carries only its expression and values,
/// and a saved session needs its seed, draws and previous sample too.
#[derive(Clone, Copy)]
pub struct Sheet(pub RwSignal<String>);

/// Hands a loaded session (as JSON: the worksheet, ticks and step) to the
/// page; `false` when there is no page to hand it to (the rooms drawn in
/// place, where the caller sets its own).
pub fn load_sheet(json: &str) -> bool {
    let f = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("creditflowToMain")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    f.is_some_and(|f| {
        f.call2(&JsValue::NULL, &"sheet".into(), &json.into())
            .is_ok()
    })
}

/// How a view draws a room (`App`'s `rooms`, in its context), and when
/// the page is idle (`idle`): a while after its last part is drawn, when
/// the rooms' wasm is fetched for the worked example's cost panel and
/// export and the footer's offline status, which open then.
#[derive(Clone, Copy)]
pub struct Rooms {
    pub draw: RoomFn,
    pub idle: Signal<bool>,
}

/// How long after the page's last part is drawn it counts as idle.
pub const IDLE_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

impl Rooms {
    /// `draw`, with `idle` set `IDLE_AFTER` the page's last part.
    pub fn new(draw: RoomFn) -> Self {
        let idle = RwSignal::new(false);
        let drawn = crate::ui::shell::drawn::Drawn::from(crate::ui::shell::drawn::Part::LAST);
        Effect::new(move |done: Option<bool>| {
            if done == Some(true) || !drawn.get() {
                return done.unwrap_or(false);
            }
            set_timeout(move || idle.set(true), IDLE_AFTER);
            true
        });
        Self {
            draw,
            idle: idle.into(),
        }
    }

    /// A room that opens when the page is idle.
    pub fn at_idle(self, room: Room) -> AnyView {
        (self.draw)(room, self.idle)
    }
}
