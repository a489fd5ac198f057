//! The lab's Web Worker: in the browser it runs training jobs posted by
//! the page, off the main thread (one worker per core). Natively it does
//! nothing; the native grid uses threads.

fn main() {
    #[cfg(target_arch = "wasm32")]
    creditflow::ui::workers::worker::serve();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the worker binary only runs in a browser; natively use `creditflow ablate`");
}
