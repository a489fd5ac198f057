//! The five requirement checkboxes, shared by both views through the app
//! state (and so the URL).

use crate::engine::Requirements;
use crate::page::url::AppState;
use crate::ui::shell::terms::with_terms;
use leptos::prelude::*;

#[component]
pub fn RequirementBoxes(app: RwSignal<AppState>) -> impl IntoView {
    let plain = crate::ui::shell::widgets::plain_words();
    let boxes = (1..=5)
        .map(|r| {
            let id = format!("req-R{r}");
            // on a phone the description is one tap away
            let open = RwSignal::new(false);
            view! {
                <li class:open=move || open.get()>
                    <label>
                        // (its explanation is its description, folded or not)
                        <input type="checkbox" data-testid=id aria-describedby=format!("req-about-R{r}")
                            prop:checked=move || app.with(|a| a.kept[r - 1])
                            on:change=move |e| {
                                let on = event_target_checked(&e);
                                app.update(|a| a.kept[r - 1] = on);
                            }/>
                        // (the learn path names them as its tour does)
                        <b>{move || if plain() { format!("R{r}: {}", Requirements::PLAIN[r - 1]) } else { Requirements::NAMES[r - 1].to_string() }}</b>
                    </label>
                    <button type="button" class="req-info" data-testid=format!("req-info-R{r}")
                        aria-expanded=move || open.get().to_string()
                        aria-label=format!("what R{r} means")
                        on:click=move |_| open.update(|o| *o = !*o)>"?"</button>
                    // (the learn path: the names say it; the essay's words one tap away)
                    <span class="hint" id=format!("req-about-R{r}") class:hidden=move || plain() && !open.get()>{with_terms(&format!("Untick to remove (tick to put back) {}", Requirements::describe(r)))}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="reqs">{boxes}</ul> }
}
