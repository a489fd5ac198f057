//! Credit Flow: credit assignment made visible.
//!
//! Three layers with one direction of dependence, `ui → lab → engine`:
//! `engine` is scalar reverse-mode autodiff (std only), `lab` the ablation
//! instrument (ndarray and a seeded RNG), `ui` the Leptos front end, the
//! only layer that names a browser crate. `cli` is the native front end.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod engine;
pub mod lab;
pub mod tour;
pub mod ui;
