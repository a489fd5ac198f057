//! The engine: scalar reverse-mode autodiff on a small arena graph.
//!
//! Everything the worked example needs lives here: the table of
//! operations (`ops`), the graph (`graph`), the expression parser
//! (`parse`), the backward sweep as a replayable list of steps (`sweep`)
//! with its variations when a requirement is removed (`ablate`, and
//! `perturb` for one shared score), finite differences, forward mode and
//! operation counts (`check`), and the layered layout the page draws
//! (`layout`). It depends on `std` only; a native test keeps UI crates out
//! of it.

pub mod check;
pub mod decimal;
pub mod fmt;
pub mod graph;
mod graph_names;
pub mod layout;
pub mod ops;
mod ops_math;
pub mod order;
pub mod parse;

pub mod presets;
mod print;
pub mod sweep;

pub use check::{
    cosine, cost_family, finite_differences, forward_mode, has_fan_out, op_counts, FdRow, OpCounts,
    Verdict,
};
pub use graph::{Graph, Node, NodeId, Op};
pub use layout::{geometry, layout, Geometry, Layout};
pub use parse::{parse, ParseError};
pub use sweep::{backward, ErrorSignal, Requirements, Sent, Shown, Step, Sweep};
