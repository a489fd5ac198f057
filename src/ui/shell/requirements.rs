//! The five requirement checkboxes, shared by both views through the app
//! state (and so the URL).

use crate::engine::Requirements;
use crate::page::url::AppState;
use leptos::prelude::*;

#[component]
pub fn RequirementBoxes(app: RwSignal<AppState>) -> impl IntoView {
    let boxes = (1..=5)
        .map(|r| {
            let id = format!("req-R{r}");
            view! {
                <li>
                    <label>
                        <input type="checkbox" data-testid=id
                            prop:checked=move || app.with(|a| a.kept[r - 1])
                            on:change=move |e| {
                                let on = event_target_checked(&e);
                                app.update(|a| a.kept[r - 1] = on);
                            }/>
                        <b>{Requirements::NAMES[r - 1]}</b>
                    </label>
                    <span class="hint">{format!("Untick to remove {}", Requirements::describe(r))}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="reqs">{boxes}</ul> }
}
