//! The instrument: a student network learns to copy a fixed teacher, by
//! exact backprop or with one requirement removed at a time (essay Parts
//! 2–3). Pure Rust on `ndarray` and a seeded RNG; a run is a pure function
//! of its configuration, steppable in chunks, so the command line and the
//! browser run the same code.

pub mod agents;
pub mod batch;
pub mod config;
pub mod credit;
pub mod depth;
mod energy;
mod forward_forward;
pub mod grid;
pub mod kernel;
pub mod method;
pub mod net;
pub mod part4;
pub mod precision;
mod probe;
pub mod rng;
mod rules;
mod rules_local;
pub mod scaling;

mod settle;
mod state;
pub mod study;
pub mod summary;
pub mod task;
pub mod trainer;
mod update;
pub mod width;

pub use config::Precision;
pub use method::Method;
pub use precision::Training;
pub use task::{Task, TaskShape};
pub use trainer::{RunConfig, RunResult, Trainer};
