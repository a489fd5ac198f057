//! The lab view: its controls, live charts and tables, the network panel and
//! the Part 4 table, wired to `page::lab`.

pub mod charts;
pub mod controls;
pub mod handle;
pub mod network;
pub mod network_drawing;
pub mod own_data;
pub mod part4;
pub mod results;
pub mod view;
