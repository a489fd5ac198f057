//! The worked example's state (`worksheet`: the expression, its values,
//! the previous sample, and everything computed from them) and the words
//! beside each step of the sweep (`explain`), what it opens with
//! (`opening`) and its JSON (`session`).

pub mod explain;
pub mod opening;
pub mod session;
pub mod worksheet;

pub use worksheet::{Computed, Learned, Worksheet, LEARN_RATE};

/// The check by finite differences, in the learner's words (the exact
/// rule is `engine::check::FD_RULE`, one click away).
pub const FD_PLAIN: &str = "Nudge one input a tiny step up and the same step down, see how much f moves, and divide by the whole distance moved (twice the step). Each row sets that beside the credit the sweep delivered, once the sweep reaches the input.";
