//! The kernel tests of `tests/it/kernel.rs`, in headless Chromium (`.ci/test`
//! runs them with and without the `relaxed-simd` feature: SIMD128 with and
//! without fused multiply-add). Natively they run in the `it` crate.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "../it/kernel.rs"]
mod kernel;
