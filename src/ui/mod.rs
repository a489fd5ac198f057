//! The Leptos front end: the only room that names browser crates. Each
//! view's folder mirrors `page`: its components hold signals and wire them
//! to that view's plain state, where the logic lives (with native tests).
//! `shell` is the app's frame and the small widgets every view shares,
//! `charts` the charts as SVG text (plain Rust, native tests), `workers`
//! the Web Workers that train off the main thread. Views do not import
//! each other.

pub mod agents;
pub mod charts;
pub mod lab;
pub mod shell;
pub mod studies;
pub mod tour;
pub mod worked;
pub mod workers;

pub use shell::app::{mount, App};
