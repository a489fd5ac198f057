//! The Leptos front end: the only layer that names browser crates. Each
//! component holds signals and wires them to the plain types of `engine`
//! (and, later, `lab`); the logic lives there, with native tests.

mod graph_svg;
mod graph_view;
mod storage;

pub use graph_view::GraphView;

use leptos::prelude::*;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <header class="top">
            <h1>"Credit Flow"</h1>
            <p class="tagline">
                "How much of the blame for a result belongs to each step that led to it: "
                "backpropagation, stepped node by node."
            </p>
        </header>
        <main>
            <GraphView/>
        </main>
        <footer>
            "After the essay “Backpropagation derived as local credit assignment through computation graphs”. "
            "Everything runs in your browser."
        </footer>
    }
}

/// Mounts the app on the page's body (the wasm entry point).
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
