//! The teacher panel: makes a link to the page as it is now, optionally
//! hiding chosen controls from students and opening at a tour stop (as
//! TensorFlow Playground does). The link is the URL state of
//! `url_state::KEYS`; nothing is stored elsewhere.

use crate::page::tour::STOPS;
use crate::page::url::{AppState, HIDEABLE};
use leptos::prelude::*;

/// Which controls the link hides, its tour stop and projector mode.
#[derive(Clone, Default, PartialEq)]
struct Choices {
    hide: Vec<&'static str>,
    tour: Option<usize>,
    proj: bool,
}

fn page_address() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default()
}

/// The panel, always drawn: the header's "For lecturers" shows and hides
/// its frame (in the rooms' wasm, `ui::shell::rooms`).
#[component]
pub fn TeacherPanel() -> impl IntoView {
    let app = expect_context::<RwSignal<AppState>>();
    let choices = RwSignal::new(Choices::default());
    let link = Memo::new(move |_| {
        let c = choices.get();
        let mut a = app.get();
        a.hide = c.hide;
        a.tour = c.tour;
        a.proj = c.proj;
        // the worked example is pinned, whatever a student's browser saved
        format!(
            "{}{}",
            page_address(),
            a.query_with(&["view", "expr", "vals"])
        )
    });
    let copied = RwSignal::new(None::<&'static str>);
    let copy = move |_| {
        match web_sys::window() {
            Some(w) if crate::ui::shell::widgets::navigator_has("clipboard") => {
                let _ = w.navigator().clipboard().write_text(&link.get_untracked());
                copied.set(Some(" copied"));
            }
            _ => copied.set(Some(
                " this browser keeps the clipboard closed here (the page is not served over HTTPS): select the link and copy it by hand",
            )),
        }
    };
    view! {
            <section class="teacher" data-testid="teacher-panel" aria-labelledby="teacher-title">
                <h2 id="teacher-title">"A link for your students"</h2>
                <p class="hint">"The link opens this page as it is now: the view, the expression, values and step, the ticks, the lab's methods and settings. Choose what students should not see or change."</p>
                <fieldset>
                    <legend>"Hide from students"</legend>
                    {HIDEABLE.iter().map(|&(id, what)| view! {
                        <label class="teacher-hide">
                            <input type="checkbox" data-testid=format!("teacher-hide-{id}")
                                on:change=move |e| {
                                    let on = event_target_checked(&e);
                                    choices.update(|c| {
                                        c.hide.retain(|h| *h != id);
                                        if on {
                                            c.hide.push(id);
                                        }
                                    });
                                }/>
                            " " {what}
                        </label>
                    }).collect_view()}
                </fieldset>
                <label>"Open at tour stop "
                    <select data-testid="teacher-tour" on:change=move |e| {
                        let v = event_target_value(&e).parse::<usize>().ok().filter(|v| *v > 0);
                        choices.update(|c| c.tour = v);
                    }>
                        <option value="0">"none"</option>
                        {STOPS.iter().enumerate().map(|(i, s)| view! {
                            <option value=(i + 1).to_string()>{format!("{}. {}", i + 1, s.title)}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="teacher-hide">
                    <input type="checkbox" data-testid="teacher-proj"
                        on:change=move |e| choices.update(|c| c.proj = event_target_checked(&e))/>
                    " projector mode (larger type, compact banner)"
                </label>
                <label class="block-label" for="teacher-link">"The link"</label>
                <input id="teacher-link" type="text" class="expr" data-testid="teacher-link" readonly prop:value=move || link.get()/>
                <p>
                    <button data-testid="teacher-copy" on:click=copy>"copy"</button>
                    " " <a data-testid="teacher-open-link" href=move || link.get() target="_blank" rel="noopener">"open it"</a>
                    {move || copied.get()}
                </p>
            </section>
    }
}
