//! Long work off the main thread: the one runner of the page's long work
//! (`runner`: in workers, or here in slices), the worker's side
//! (`worker`), live runs in a worker (`live`), starting a worker (`env`)
//! and the messages between them (`msg`).

pub mod env;
pub mod live;
pub mod msg;
pub mod runner;
pub mod worker;
