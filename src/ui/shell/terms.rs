//! Plain words on screen: `with_terms(text)` draws a text with each
//! glossary term in it (`page::glossary::find_terms`) as a button described
//! by its definition, which shows on hover, on focus and on tap; the Help
//! panel lists the whole glossary, with how to use the page and the link
//! to the essay.

use crate::page::glossary::{find_terms, ESSAY_URL, GLOSSARY};
use crate::ui::shell::drawn::{Drawn, Part};
use leptos::prelude::*;

/// A text with its glossary terms explained: each term is a button
/// named by its word and described by its definition (`Definitions`
/// holds the text once; the stylesheet shows it from `data-def` on hover,
/// focus or tap), so the text itself reads as before; pressed, it says
/// the definition (a screen reader's Enter).
pub fn with_terms(text: &str) -> AnyView {
    let mut parts: Vec<AnyView> = Vec::new();
    let mut at = 0;
    for (a, b, t) in find_terms(text) {
        if a > at {
            parts.push(text[at..a].to_string().into_any());
        }
        let word = text[a..b].to_string();
        parts.push(
            view! {
                // (not a Tab stop: a sentence's terms would stand between the
                // keyboard and the controls; a reader's browse mode and a tap
                // still reach it, and Help lists every definition)
                <button type="button" class="term" tabindex="-1" data-term=t.id data-def=t.plain
                    aria-describedby=format!("def-{}", t.id) on:click=move |_| say_term(t.plain)>{word}</button>
            }
            .into_any(),
        );
        at = b;
    }
    if at < text.len() {
        parts.push(text[at..].to_string().into_any());
    }
    view! { <span data-terms="">{parts}</span> }.into_any()
}

/// Puts a term's definition in `Definitions`' live region (emptied first:
/// the same term pressed twice is said twice).
fn say_term(plain: &'static str) {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("term-said"))
    else {
        return;
    };
    el.set_text_content(None);
    request_animation_frame(move || el.set_text_content(Some(plain)));
}

/// Every definition once, for the terms' `aria-describedby` (not shown;
/// drawn with the last part on load, `Drawn`), and the live region a
/// pressed term speaks in.
#[component]
pub fn Definitions() -> impl IntoView {
    let drawn = Drawn::from(Part::Panels);
    view! {
        <p id="term-said" class="sr-only" role="status"></p>
        <div hidden>
            {move || drawn.get().then(|| GLOSSARY.iter().map(|t| view! { <span id=format!("def-{}", t.id)>{t.plain}</span> }).collect_view())}
        </div>
    }
}

/// The Help panel: what the page is for and how to use it, the
/// glossary, and where the essay and the documentation are. Its body
/// (`HelpBody`, a third of the page's elements) is a room, drawn when
/// first opened.
#[component]
pub fn HelpPanel(open: RwSignal<bool>) -> impl IntoView {
    let rooms = expect_context::<crate::ui::shell::room::Rooms>().draw;
    // closed by its button, the focus goes back to what opened it
    let close = move || {
        open.set(false);
        crate::ui::shell::widgets::focus_shown(vec!["help-open", "menu-open"]);
    };
    view! {
        // (Escape anywhere closes it: `app::escape_closes_panels`)
        <section class="help" data-testid="help-panel" class:hidden=move || !open.get() aria-label="Help">
            <div class="help-head">
                <h2 data-testid="help-title" tabindex="-1">"Help"</h2>
                <button class="small" data-testid="help-close" on:click=move |_| close()>"close"</button>
            </div>
            {rooms(crate::ui::shell::room::Room::Help, open.into())}
        </section>
    }
}

/// Help's words and the glossary: in the rooms' wasm (`Room::Help`),
/// drawn when Help first opens.
#[component]
pub fn HelpBody() -> impl IntoView {
    view! {
            <ul class="help-how">
                <li>{format!("New here? Start the guided tour: {} short stops on the worked example, with a guess at some before the page shows; {} more go further, when you ask for them.", crate::page::tour::CORE, crate::page::tour::STOPS.len() - crate::page::tour::CORE)}</li>
                <li>"The worked example steps backpropagation through f = (a·b + c)² one node at a time: press “next ▶” (or →) and watch the credit flow back along the arrows."</li>
                <li>"Untick a requirement (R1–R5) to remove it: the worked example and the lab both show what breaks."</li>
                <li>"Any word with a dotted underline is explained: hover, tap or focus it."</li>
            </ul>
            <p>
                "The essay this page is built from: "
                <a href=ESSAY_URL target="_blank" rel="noopener" data-testid="essay-link">"Backpropagation derived as local credit assignment through computation graphs"</a>
                ". How to use the page and the command line: "
                <a href="guide.md" target="_blank" rel="noopener" data-testid="guide-link">"the guide"</a>" (Markdown)."
            </p>
            <h3>"Glossary"</h3>
            <table class="glossary stack" data-testid="glossary">
                <thead><tr><th scope="col">"term"</th><th scope="col">"in plain words"</th><th scope="col">"precisely"</th><th scope="col">"the essay's word"</th><th scope="col">"where"</th></tr></thead>
                <tbody>
                    {GLOSSARY.iter().map(|t| view! {
                        <tr id=format!("glossary-{}", t.id) data-testid=format!("glossary-{}", t.id)>
                            <td data-label="term"><b>{t.term}</b></td>
                            <td data-label="in plain words">{t.plain}</td>
                            <td data-label="precisely">{if t.precise.is_empty() { "(as the plain words)" } else { t.precise }}</td>
                            <td data-label="the essay's word">{t.essay}</td>
                            <td data-label="where">{t.where_}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
    }
}
