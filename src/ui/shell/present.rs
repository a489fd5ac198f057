//! Present mode on the page: the current slide's element fills the screen
//! in large type (`.presenting`), a bar says where the lecture is, and Page
//! Down / Page Up (what a clicker sends) move between slides; Escape ends
//! it. The slides are `page::present::SLIDES`; the slide is in the link.

use crate::page::present::{back, has_slides, next, start, within, SLIDES};
use crate::page::url::{AppState, View};
use crate::ui::shell::widgets::RunRequest;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// Puts `.presenting` on the slide's element (its figure, `.slide` or
/// column), and takes it off every other.
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
    // a chart's whole figure; a table with its heading and notes (its
    // `.slide`, or its column, where the stylesheet shows only the table's
    // part): a table itself would not stretch to the screen
    let el = match el.closest("figure, .slide").ok().flatten() {
        Some(e) => e,
        None if el.tag_name() == "TABLE" => el.parent_element().unwrap_or(el),
        None => el,
    };
    let _ = el.class_list().add_1("presenting");
    true
}

#[component]
pub fn PresentBar(app: RwSignal<AppState>) -> impl IntoView {
    let slide = Memo::new(move |_| app.with(|a| a.present));
    let found = RwSignal::new(true);
    // a teacher's link that hides the view switch keeps the lecture in its view
    let only = move || app.with_untracked(|a| a.hides("nav").then_some(a.view));
    // the view Present started from, where Escape goes back to
    let origin = StoredValue::new(None::<View>);
    let run = use_context::<RunRequest>();
    // a view kept to itself that has no slides (the studies, the Agents view)
    let none_here = RwSignal::new(false);
    // the slide's view, then its element (once drawn)
    Effect::new(move |_| {
        let Some(n) = slide.get() else {
            none_here.set(false);
            mark("");
            if let Some(v) = origin.get_value() {
                origin.set_value(None);
                if app.with_untracked(|a| a.view != v) {
                    app.update(|a| a.view = v);
                }
            }
            return;
        };
        if origin.get_value().is_none() {
            let from = app.with_untracked(|a| a.view);
            origin.set_value(Some(from));
            // the header's button asks for the first slide: from a view
            // with slides of its own, that view's first
            if n == 1 && has_slides(from) && start(from) != 1 {
                app.update(|a| a.present = Some(start(from)));
                return;
            }
        }
        let shown = within(n, only());
        none_here.set(shown.is_none());
        if shown.is_none() {
            mark("");
            return;
        }
        if shown != Some(n) {
            app.update(|a| a.present = shown);
            return;
        }
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
    let go = move |f: fn(usize, Option<View>) -> Option<usize>| {
        let only = only();
        app.update(|a| {
            if let Some(n) = a.present {
                a.present = f(n, only).or(a.present);
            }
        })
    };
    let back = |n, only| Some(back(n, only));
    let handle = window_event_listener(leptos::ev::keydown, move |e| {
        if slide.get_untracked().is_none() {
            return;
        }
        match e.key().as_str() {
            "PageDown" => go(next),
            "PageUp" => go(back),
            "Escape" => app.update(|a| a.present = None),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || handle.remove());
    let exit = move |_| app.update(|a| a.present = None);
    move || {
        if none_here.get() {
            return Some(view! {
                <div class="present-bar" data-testid="present-bar" role="group" aria-label="Present mode">
                    <span data-testid="present-title">"This view has no slides, and this link keeps to it."</span>
                    <button class="small" data-testid="present-exit" on:click=exit>"exit (Esc)"</button>
                </div>
            }
            .into_any());
        }
        slide.get().map(|n| {
            let s = &SLIDES[n - 1];
            let only = only();
            // the count and the title of the slides this lecture may show
            let shown: Vec<usize> = (1..=SLIDES.len()).filter(|&m| within(m, only) == Some(m)).collect();
            let at = shown.iter().position(|&m| m == n).map_or(n, |i| i + 1);
            view! {
                <div class="present-bar" data-testid="present-bar" role="group" aria-label="Present mode">
                    <button data-testid="present-back" on:click=move |_| go(back) disabled=at == 1>"◀"</button>
                    <span data-testid="present-title"><b>{format!("{at} / {} ", shown.len())}</b>{s.title}</span>
                    <button data-testid="present-next" on:click=move |_| go(next) disabled=at == shown.len()>"▶"</button>
                    {(s.runs && run.is_some()).then(|| view! {
                        <button data-testid="present-run" title="Train the lab's selected methods (again), live on this slide"
                            on:click=move |_| if let Some(r) = run { r.0.update(|k| *k += 1) }>"run the lab"</button>
                    })}
                    <button class="small" data-testid="present-exit" on:click=exit>"exit (Esc)"</button>
                    {(!found.get() && !s.missing.is_empty()).then(|| view! { <span class="notice">{s.missing}</span> })}
                </div>
            }
            .into_any()
        })
    }
}
