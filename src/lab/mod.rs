//! The instrument: a student network learns to copy a fixed teacher, by
//! exact backprop or with one requirement removed at a time (essay Parts
//! 2–3). Pure Rust on `ndarray` and a seeded RNG; a run is a pure function
//! of its configuration, steppable in chunks, so the command line and the
//! browser run the same code.

//!
//! `train` is one run (the student, the task, the trainer and its
//! buffers), `method` the learning rules (one row each in `method::DEFS`,
//! and their arithmetic), `study` the grid and the depth, width and Part 4
//! studies built from runs, `kernel` the matrix products, `agents` the
//! simulated agent pipelines of Part 5, `slices` long work done a little
//! at a time.

pub mod agents;
pub mod data;
pub mod kernel;
pub mod method;
pub mod notebook;
pub mod provenance;
pub mod slices;
pub mod study;
pub mod train;

pub use method::Method;
pub use train::config::Precision;
pub use train::precision::Training;
pub use train::task::{Task, TaskShape, Teacher};
pub use train::trainer::{RunConfig, RunResult, Trainer};
