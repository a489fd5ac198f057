//! The lab's Web Worker built with the `relaxed-simd` feature: the same
//! worker as `worker.rs`, its products using relaxed SIMD's fused
//! multiply-add. The page starts it only where the browser validates a
//! relaxed-SIMD module, and `worker` everywhere else.

fn main() {
    #[cfg(target_arch = "wasm32")]
    creditflow::ui::workers::worker::serve();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the worker binary only runs in a browser; natively use `creditflow ablate`");
}
