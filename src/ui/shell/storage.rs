//! The worked example survives a reload: its expression, values, previous
//! sample, seed and draws are kept in localStorage (the R1–R5 ticks and
//! the R3 variant live in the URL), as `page::worked::session` writes
//! them. A missing or malformed entry is ignored with a notice.

use crate::page::worked::session::{from_json, to_json};
use crate::page::worked::Worksheet;

const KEY: &str = "creditflow.graph.v1";
/// The saved worksheet a link put aside (`page::worked::opening`).
const ASIDE_KEY: &str = "creditflow.graph.aside.v1";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// One localStorage entry (the tour's progress, the theme), if any.
pub fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// What to say when the browser keeps nothing.
pub const NOT_KEPT: &str = "This browser is not keeping your work (its storage is full or turned off): it lives in this tab until you close it. “save session” downloads it.";

/// Keeps one localStorage entry; an error (no storage, storage full)
/// says the page works in memory only.
pub fn set(key: &str, text: &str) -> Result<(), &'static str> {
    storage()
        .and_then(|s| s.set_item(key, text).ok())
        .ok_or(NOT_KEPT)
}

/// Drops one entry.
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// The saved worksheet, if any, or why what was there cannot be used.
pub fn load() -> Result<Option<Worksheet>, String> {
    let Some(text) = get(KEY) else {
        return Ok(None);
    };
    from_json(&text)
        .map(Some)
        .map_err(|_| "The saved state could not be read; starting from the worked example.".into())
}

/// The worksheet a link put aside, if any.
pub fn load_aside() -> Option<Worksheet> {
    get(ASIDE_KEY).and_then(|t| from_json(&t).ok())
}

/// Keeps (or, with `None`, forgets) the worksheet a link put aside.
pub fn keep_aside(ws: Option<&Worksheet>) -> Result<(), &'static str> {
    match ws {
        Some(w) => set(ASIDE_KEY, &to_json(w)),
        None => {
            remove(ASIDE_KEY);
            Ok(())
        }
    }
}

pub fn save(ws: &Worksheet) -> Result<(), &'static str> {
    set(KEY, &to_json(ws))
}

/// Calls `f` when the page may be going away: hidden (a phone switching
/// apps, a tab left) or left (a reload, a closed tab). Long work kept at
/// a pace (`page::kept::Pace`) keeps its last parts there; the listeners
/// go with the calling view.
pub fn on_leaving(f: impl Fn() + Clone + 'static) {
    use leptos::prelude::{document, on_cleanup, window_event_listener};
    let g = f.clone();
    let hidden = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if document().hidden() {
            g();
        }
    });
    let gone = window_event_listener(leptos::ev::pagehide, move |_| f());
    on_cleanup(move || {
        hidden.remove();
        gone.remove();
    });
}
