//! Present mode on the page: the current slide's element fills the screen
//! in large type (`.presenting`), a bar says where the lecture is, and Page
//! Down / Page Up (what a clicker sends) move between slides; Escape ends
//! it. The slides are `page::present::SLIDES`; the slide is in the link.

use crate::page::present::{back, next, SLIDES};
use crate::page::url::AppState;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// Puts `.presenting` on the slide's element (a chart's whole figure),
/// and takes it off every other.
fn mark(target: &str) -> bool {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    if let Ok(old) = doc.query_selector_all(".presenting") {
        for i in 0..old.length() {
            if let Some(e) = old
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let _ = e.class_list().remove_1("presenting");
            }
        }
    }
    let Ok(Some(el)) = doc.query_selector(&format!("[data-testid={target}]")) else {
        return false;
    };
    let el = el.closest("figure").ok().flatten().unwrap_or(el);
    let _ = el.class_list().add_1("presenting");
    true
}

#[component]
pub fn PresentBar(app: RwSignal<AppState>) -> impl IntoView {
    let slide = Memo::new(move |_| app.with(|a| a.present));
    let found = RwSignal::new(true);
    // the slide's view, then its element (once drawn)
    Effect::new(move |_| {
        let Some(n) = slide.get() else {
            mark("");
            return;
        };
        let s = &SLIDES[n - 1];
        if app.with_untracked(|a| a.view != s.view) {
            app.update(|a| a.view = s.view);
        }
        let target = s.target;
        // once drawn (a room may still be loading); not past another slide
        request_animation_frame(move || {
            let shown = move || {
                let ok = mark(target);
                found.set(ok);
                ok
            };
            crate::ui::shell::widgets::until_found(shown, move || slide.get_untracked() == Some(n));
        });
    });
    let go = move |f: fn(usize) -> Option<usize>| {
        app.update(|a| {
            if let Some(n) = a.present {
                a.present = f(n).or(a.present);
            }
        })
    };
    let handle = window_event_listener(leptos::ev::keydown, move |e| {
        if slide.get_untracked().is_none() {
            return;
        }
        match e.key().as_str() {
            "PageDown" => go(next),
            "PageUp" => go(|n| Some(back(n))),
            "Escape" => app.update(|a| a.present = None),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || handle.remove());
    move || {
        slide.get().map(|n| {
            let s = &SLIDES[n - 1];
            view! {
                <div class="present-bar" data-testid="present-bar" role="group" aria-label="Present mode">
                    <button data-testid="present-back" on:click=move |_| go(|n| Some(back(n))) disabled=n == 1>"◀"</button>
                    <span data-testid="present-title"><b>{format!("{n} / {} ", SLIDES.len())}</b>{s.title}</span>
                    <button data-testid="present-next" on:click=move |_| go(next) disabled=n == SLIDES.len()>"▶"</button>
                    <button class="small" data-testid="present-exit" on:click=move |_| app.update(|a| a.present = None)>"exit (Esc)"</button>
                    {(!found.get() && !s.missing.is_empty()).then(|| view! { <span class="notice">{s.missing}</span> })}
                </div>
            }
        })
    }
}
