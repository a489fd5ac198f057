//! The Agents view.

pub mod view;
