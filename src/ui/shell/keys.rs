//! The stepping keys both views share: → next, ← previous, space
//! play/pause (run/pause in the lab), Home the start (the whole step in
//! the lab). Active only while `view` is shown, and never while typing in
//! a field or with a modifier held.

use crate::page::url::{AppState, View};
use leptos::ev;
use leptos::prelude::*;

/// What each key does.
pub struct StepKeys {
    pub next: Box<dyn Fn()>,
    pub prev: Box<dyn Fn()>,
    pub toggle: Box<dyn Fn()>,
    pub home: Box<dyn Fn()>,
}

/// Listens on the window while the component lives.
pub fn step_keys(app: RwSignal<AppState>, view: View, keys: StepKeys) {
    let handle = window_event_listener(ev::keydown, move |e| {
        if app.with_untracked(|a| a.view) != view {
            return;
        }
        use leptos::wasm_bindgen::JsCast;
        let tag = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|el| el.tag_name())
            .unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT")
            || e.alt_key()
            || e.ctrl_key()
            || e.meta_key()
        {
            return;
        }
        match e.key().as_str() {
            "ArrowRight" => (keys.next)(),
            "ArrowLeft" => (keys.prev)(),
            " " if tag != "BUTTON" => (keys.toggle)(),
            "Home" => (keys.home)(),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || handle.remove());
}
