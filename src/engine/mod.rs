//! The engine: scalar reverse-mode autodiff on a small arena graph.
//!
//! Everything the worked example needs lives here: the graph and its ops
//! (`graph`), the expression parser (`parse`), the backward sweep as a
//! replayable list of steps with the five requirements R1–R5 as a
//! configuration (`sweep`), finite differences and forward mode (`check`),
//! and the layered layout the page draws (`layout`). It depends on `std`
//! only; a native test keeps UI crates out of it.

pub mod check;
pub mod graph;
pub mod layout;
pub mod parse;
pub mod sweep;
pub mod worksheet;

pub use check::{finite_differences, forward_mode, op_counts, FdRow, OpCounts};
pub use graph::{Graph, Node, NodeId, Op};
pub use layout::{layout, Layout};
pub use parse::{parse, ParseError};
pub use sweep::{backward, ErrorSignal, Requirements, Sent, Step, Sweep};
pub use worksheet::{Computed, Worksheet, PRESETS};
