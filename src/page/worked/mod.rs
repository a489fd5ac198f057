//! The worked example's state (`worksheet`: the expression, its values,
//! the previous sample, and everything computed from them) and the words
//! beside each step of the sweep (`explain`), what it opens with
//! (`opening`) and its JSON (`session`).

pub mod explain;
pub mod opening;
pub mod session;
pub mod worksheet;

pub use worksheet::{Computed, Worksheet};
