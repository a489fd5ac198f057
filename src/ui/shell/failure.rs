//! A failure the user can see: a panic in the page writes a banner with
//! what happened and a reload link (the console gets it too), drawn with
//! plain DOM calls, since the app that panicked may not draw again.

use std::fmt::Write;

/// The banner's element id.
pub const BANNER_ID: &str = "failure-banner";

/// Shows the banner with `what` (a panic's message), once.
pub fn show(what: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if doc.get_element_by_id(BANNER_ID).is_some() {
        return;
    }
    let Ok(el) = doc.create_element("div") else {
        return;
    };
    el.set_id(BANNER_ID);
    let _ = el.set_attribute("role", "alert");
    let _ = el.set_attribute("data-testid", "failure-banner");
    let _ = el.set_attribute("class", "failure-banner");
    let mut text = String::new();
    let _ = write!(
        text,
        "Credit Flow stopped working: {}. What is on screen may be stale. ",
        escape(what.lines().next().unwrap_or(what))
    );
    el.set_inner_html(&format!(
        "{text}<a href=\"\" data-testid=\"failure-reload\">Reload the page</a> (your worked example is kept in this browser)."
    ));
    if let Some(body) = doc.body() {
        let _ = body.prepend_with_node_1(&el);
    }
    // a failure while the app draws: what index.html painted would stay
    // over the banner (`ui::shell::drawn`)
    if let Some(boot) = doc.get_element_by_id("boot") {
        boot.remove();
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The panic hook: the console's message, then the banner.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let what = match info.payload().downcast_ref::<&str>() {
            Some(s) => s.to_string(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "an internal error".into()),
        };
        let at = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        show(&format!("{what}{at}"));
    }));
}
