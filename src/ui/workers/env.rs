//! Where the workers run: which worker build this browser gets (relaxed
//! SIMD or plain SIMD128) and how many workers to start.

/// A worker: the `worker_fma` binary where the browser has relaxed SIMD
/// (its products fuse multiply and add), else the `worker` binary.
pub(crate) fn new_worker() -> Result<web_sys::Worker, String> {
    let script = if has_relaxed_simd() {
        "./worker_fma_loader.js"
    } else {
        "./worker_loader.js"
    };
    web_sys::Worker::new(script).map_err(|e| {
        use leptos::wasm_bindgen::JsCast;
        let why = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "the browser refused".into());
        format!("no worker: {why}")
    })
}

/// The kernels the workers run, in words.
pub fn kernels_label() -> &'static str {
    if has_relaxed_simd() {
        "SIMD128 with relaxed fused multiply-add"
    } else {
        "SIMD128"
    }
}

/// Whether this browser validates a module that uses relaxed SIMD (one
/// function: three splats and `f64x2.relaxed_madd`). Asked once.
pub fn has_relaxed_simd() -> bool {
    const MODULE: [u8; 40] = [
        0, 97, 115, 109, 1, 0, 0, 0, // magic, version
        1, 5, 1, 96, 0, 1, 123, // types: () -> v128
        3, 2, 1, 0, // one function of that type
        10, 19, 1, 17, 0, // code: one body of 17 bytes, no locals
        65, 1, 253, 15, 65, 1, 253, 15, 65, 1, 253, 15, // i8x16.splat(1) ×3
        253, 135, 2,  // f64x2.relaxed_madd
        11, // end
    ];
    thread_local! {
        static HAS: bool = js_sys::WebAssembly::validate(&js_sys::Uint8Array::from(&MODULE[..]).into())
            .unwrap_or(false);
    }
    HAS.with(|h| *h)
}

/// How many workers: one per core, at least one, at most eight.
pub fn worker_count() -> usize {
    web_sys::window()
        .map_or(1, |w| w.navigator().hardware_concurrency() as usize)
        .clamp(1, 8)
}

/// Workers for the live runs: one core is left to the page, which draws
/// their progress ten times a second (at least one worker).
pub fn live_worker_count() -> usize {
    worker_count().saturating_sub(1).max(1)
}
