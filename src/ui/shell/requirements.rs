//! The five requirement checkboxes, shared by both views through the app
//! state (and so the URL).

use crate::engine::Requirements;
use crate::page::url::AppState;
use crate::ui::shell::terms::with_terms;
use leptos::prelude::*;

#[component]
pub fn RequirementBoxes(app: RwSignal<AppState>) -> impl IntoView {
    let boxes = (1..=5)
        .map(|r| {
            let id = format!("req-R{r}");
            // on a phone the description is one tap away
            let open = RwSignal::new(false);
            view! {
                <li class:open=move || open.get()>
                    <label>
                        <input type="checkbox" data-testid=id
                            prop:checked=move || app.with(|a| a.kept[r - 1])
                            on:change=move |e| {
                                let on = event_target_checked(&e);
                                app.update(|a| a.kept[r - 1] = on);
                            }/>
                        <b>{Requirements::NAMES[r - 1]}</b>
                    </label>
                    <button type="button" class="req-info" data-testid=format!("req-info-R{r}")
                        aria-expanded=move || open.get().to_string()
                        aria-label=format!("what R{r} means")
                        on:click=move |_| open.update(|o| *o = !*o)>"?"</button>
                    <span class="hint">{with_terms(&format!("Untick to remove {}", Requirements::describe(r)))}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="reqs">{boxes}</ul> }
}
