//! The worked example: the graph, its inputs and panels, wired
//! to `page::worked`.

pub mod costs;
pub mod export;
pub mod inputs;
pub mod panels;
pub mod view;
