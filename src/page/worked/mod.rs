//! The worked example's state (`worksheet`: the expression, its values,
//! the previous sample, and everything computed from them) and the words
//! beside each step of the sweep (`explain`).

pub mod explain;
pub mod opening;
pub mod worksheet;

pub use worksheet::{Computed, Worksheet};
