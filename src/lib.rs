//! Credit Flow: credit assignment made visible.
//!
//! Four rooms with one direction of dependence, `ui → page → lab →
//! engine`: `engine` is scalar reverse-mode autodiff (std only), `lab` the
//! ablation instrument (ndarray and a seeded RNG), `page` each view's
//! plain state (no browser types, native tests), `ui` the Leptos front end,
//! the only room that names a browser crate. `cli`, the native front end,
//! stands beside `ui`.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod engine;
pub mod lab;
pub mod page;
pub mod ui;
