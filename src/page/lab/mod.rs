//! The lab's state and scheduling as plain Rust: the controller (`LabController`,
//! with the grid and the credit panel's parts in `controller_grid` and
//! `controller_panel`), the live session's runs and curves (`session`), the
//! live engine the workers and the fallback both run (`live`), and the
//! network panel's phases and words (`panel`), and every setting of the lab
//! and the studies, one row each (`settings`).

pub mod controller;
pub mod controller_grid;
mod controller_panel;
pub mod live;
mod notebook;
pub mod panel;
pub mod session;
pub mod settings;
