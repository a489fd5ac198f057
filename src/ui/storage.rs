//! The worked example survives a reload: its expression, values and R3
//! variant are kept in localStorage (the R1–R5 ticks live in the URL). A missing or malformed entry is ignored.

use crate::engine::{ErrorSignal, Worksheet};
use serde::{Deserialize, Serialize};

const KEY: &str = "creditflow.graph.v1";

#[derive(Serialize, Deserialize)]
struct Saved {
    src: String,
    values: Vec<(String, f64)>,
    sign_dropped: bool,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The saved worksheet, or `None` (and why, if something was there but
/// could not be used).
pub fn load() -> (Option<Worksheet>, Option<String>) {
    let Some(text) = storage().and_then(|s| s.get_item(KEY).ok().flatten()) else {
        return (None, None);
    };
    let bad = || {
        (
            None,
            Some(
                "The saved state could not be read; starting from the worked example.".to_string(),
            ),
        )
    };
    let Ok(saved) = serde_json::from_str::<Saved>(&text) else {
        return bad();
    };
    let values: Vec<(&str, f64)> = saved
        .values
        .iter()
        .filter(|(_, v)| v.is_finite())
        .map(|(n, v)| (n.as_str(), *v))
        .collect();
    let mut ws = match Worksheet::new(&saved.src, &values) {
        Ok(ws) => ws,
        Err(_) => return bad(),
    };
    if saved.sign_dropped {
        ws.r3_off = ErrorSignal::SignDropped;
    }
    (Some(ws), None)
}

pub fn save(ws: &Worksheet) {
    let saved = Saved {
        src: ws.good_src.clone(),
        values: ws.values.clone(),
        sign_dropped: ws.r3_off == ErrorSignal::SignDropped,
    };
    if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(&saved)) {
        let _ = s.set_item(KEY, &text);
    }
}
