//! Training off the main thread: the worker pool and the worker's side
//! (`worker`), live runs in a worker (`live`), starting a worker (`env`) and
//! the messages between them (`msg`).

pub mod env;
pub mod live;
mod msg;
pub mod worker;
