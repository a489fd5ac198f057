//! One training run: what it depends on (`config`), the teacher and its
//! data (`task`), the student (`net`), the seeded streams (`rng`), the
//! trainer (`trainer`, with its batches in `batch`, its probes in `probe`,
//! the credit panel's preview in `credit` and each rule's state in
//! `state`), which rule updates (`update`), and a run in either precision
//! (`precision`).

pub mod batch;
pub mod config;
pub mod conv;
pub mod credit;
pub mod net;
pub mod precision;
pub mod probe;
pub mod rng;
pub(crate) mod state;
pub mod task;
pub mod trainer;
mod update;
