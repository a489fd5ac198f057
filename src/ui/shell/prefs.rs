//! The page's own settings and services: the colour theme (following the
//! system, or chosen and remembered) and the service worker that keeps
//! the built files for offline use, with a line saying when it is ready.

use crate::ui::shell::storage;
use leptos::prelude::*;

const THEME_KEY: &str = "creditflow.theme";
/// The themes offered: stored value and label.
const THEMES: [(&str, &str); 3] = [
    ("auto", "theme: system"),
    ("light", "light"),
    ("dark", "dark"),
];

/// An attribute of the root element, where CSS reads the page's theme
/// and modes.
pub(crate) fn root_attribute(name: &str, value: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute(name, value);
    }
}

/// `data-theme` on the root element: "light" or "dark" chosen, "auto"
/// left to the system (CSS names only the first two).
fn set_theme(t: &str) {
    root_attribute("data-theme", t);
}

thread_local! {
    /// The theme chosen ("auto", "light" or "dark"), read from storage once.
    static CHOSEN: ArcRwSignal<String> = ArcRwSignal::new(
        storage::get(THEME_KEY)
            .filter(|t| THEMES.iter().any(|(v, _)| v == t))
            .unwrap_or_else(|| "auto".into()),
    );
    /// Whether the system asks for dark, kept up to date.
    static SYSTEM_DARK: ArcRwSignal<bool> =
        crate::ui::shell::widgets::media_query("(prefers-color-scheme: dark)");
}

/// Whether the page is dark now (chosen, or "auto" on a dark system): the
/// charts, drawn on canvases, follow it.
pub fn dark_theme() -> Signal<bool> {
    let (chosen, system) = (CHOSEN.with(Clone::clone), SYSTEM_DARK.with(Clone::clone));
    Signal::derive(move || match chosen.get().as_str() {
        "dark" => true,
        "light" => false,
        _ => system.get(),
    })
}

#[component]
pub fn ThemeToggle() -> impl IntoView {
    let theme: RwSignal<String> = CHOSEN.with(|c| c.clone().into());
    Effect::new(move |_| {
        let t = theme.get();
        set_theme(&t);
        let _ = storage::set(THEME_KEY, &t);
    });
    view! {
        <label class="theme">
            <span class="sr-only">"Colour theme"</span>
            <select data-testid="theme" on:change=move |e| theme.set(event_target_value(&e))>
                {THEMES.iter().map(|(v, l)| view! {
                    <option value=*v selected=move || theme.with(|t| t == v)>{*l}</option>
                }).collect_view()}
            </select>
        </label>
    }
}

/// Registers `sw.js` (beside the page, so it works under a sub-path) and
/// says when the page will load without a network. A room
/// (`Room::Offline`), opened when the page is idle: the worker's first act
/// is to fetch and keep every file of the build, which on a two-core
/// machine slowed the load's own tasks past 50 ms.
#[component]
pub fn OfflineStatus() -> impl IntoView {
    let status = RwSignal::new("");
    if crate::ui::shell::widgets::navigator_has("serviceWorker") {
        register(status);
    } else {
        status.set("offline use unavailable here (the page is not served over HTTPS)");
    }
    // (not a live region: nothing the student did says it)
    view! { <span class="offline hint" data-testid="offline-status">{move || status.get()}</span> }
}

fn register(status: RwSignal<&'static str>) {
    let Some(w) = web_sys::window() else { return };
    let sw = w.navigator().service_worker();
    let registered = sw.register("sw.js");
    let ready = sw.ready();
    leptos::task::spawn_local(async move {
        use wasm_bindgen_futures::JsFuture;
        if JsFuture::from(registered).await.is_err() {
            status.set("offline use unavailable here");
            return;
        }
        if let Ok(r) = ready {
            if JsFuture::from(r).await.is_ok() {
                status.set("offline-ready: this page now loads without a network");
            }
        }
    });
}
