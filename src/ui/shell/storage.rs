//! The worked example survives a reload: its expression, values, previous
//! sample, seed and draws are kept in localStorage (the R1–R5 ticks and
//! the R3 variant live in the URL). A missing or malformed entry is
//! ignored with a notice. The same JSON is the session file the page
//! saves and loads.

use crate::page::worked::Worksheet;
use serde::{Deserialize, Serialize};

const KEY: &str = "creditflow.graph.v1";
/// The saved worksheet a link put aside (`page::worked::opening`).
const ASIDE_KEY: &str = "creditflow.graph.aside.v1";

#[derive(Serialize, Deserialize)]
struct Saved {
    src: String,
    values: Vec<(String, f64)>,
    #[serde(default)]
    previous: Vec<(String, f64)>,
    #[serde(default)]
    seed: u64,
    #[serde(default = "one")]
    draws: u32,
    /// The R1–R5 ticks and the sweep's step, in a saved session file
    /// (absent from the browser's own copy, which the link holds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kept: Option<[bool; 5]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    step: Option<usize>,
}

/// A session file: the worksheet, the ticks and the step.
pub struct Session {
    pub ws: Worksheet,
    pub kept: Option<[bool; 5]>,
    pub step: Option<usize>,
}

fn one() -> u32 {
    1
}

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

/// A session as JSON: the expression, values, previous sample, seed and
/// draws (what localStorage keeps, and what "save session" downloads).
pub fn to_json(ws: &Worksheet) -> String {
    session_json(ws, None, None)
}

/// The session as a file: the worksheet, and the ticks and step if given.
pub fn session_json(ws: &Worksheet, kept: Option<[bool; 5]>, step: Option<usize>) -> String {
    let saved = Saved {
        src: ws.good_src.clone(),
        values: ws.values.clone(),
        previous: ws.previous.clone(),
        seed: ws.seed,
        draws: ws.draws,
        kept,
        step,
    };
    serde_json::to_string_pretty(&saved).unwrap_or_default()
}

/// Reads a session; non-finite values are dropped, a bad expression or
/// malformed JSON is refused with the reason.
pub fn from_json(text: &str) -> Result<Worksheet, String> {
    session_from_json(text).map(|s| s.ws)
}

/// Reads a session file with its ticks and step (a step is bounded as
/// the URL's is).
pub fn session_from_json(text: &str) -> Result<Session, String> {
    let saved = serde_json::from_str::<Saved>(text)
        .map_err(|e| format!("not a Credit Flow session ({e})"))?;
    let finite = |v: &[(String, f64)]| -> Vec<(String, f64)> {
        v.iter().filter(|(_, x)| x.is_finite()).cloned().collect()
    };
    let values = finite(&saved.values);
    let named: Vec<(&str, f64)> = values.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let mut ws = Worksheet::new(&saved.src, &named)
        .map_err(|e| format!("its expression does not parse: {e}"))?;
    ws.previous = finite(&saved.previous);
    ws.seed = saved.seed;
    ws.set_draws(saved.draws);
    Ok(Session {
        ws,
        kept: saved.kept,
        step: saved.step.filter(|s| *s <= 100_000),
    })
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
