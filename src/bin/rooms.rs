//! The rooms' wasm: the lab, the studies and the Agents view, fetched by
//! the page the first time one of them opens (`ui::shell::rooms`).
//! Natively it does nothing.

fn main() {
    #[cfg(target_arch = "wasm32")]
    creditflow::ui::shell::rooms::serve();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the rooms binary only runs in a browser");
}
