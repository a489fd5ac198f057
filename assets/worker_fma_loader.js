// Starts a Web Worker of the `worker_fma` build: wasm-bindgen's no-modules glue,
// then its wasm. (Our own, not trunk 0.21's data-loader-shim, which passes
// the wasm's path in the form wasm-bindgen 0.2.130 deprecates, with a
// warning in the console of every page that trains.)
importScripts('./worker_fma.js');
wasm_bindgen({ module_or_path: './worker_fma_bg.wasm' });
