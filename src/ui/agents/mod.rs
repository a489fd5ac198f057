//! The Agents view.

pub mod import;
pub mod margin;
pub mod run;
pub mod view;
