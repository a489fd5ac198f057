//! The app's frame (`app`) and what every view shares: the page's settings
//! (`prefs`), storage, downloads, the R1–R5 boxes, the computation graph
//! as SVG (`graph_svg`: the worked example and the worksheet draw it), and
//! the plain words for every term (`terms`, with the Help panel).

pub mod app;
pub mod chart;
pub mod datasets;
pub mod download;
pub mod drawn;
pub mod failure;
pub mod graph_state;
pub mod graph_svg;
pub mod keys;
pub mod prefs;
pub mod present;
pub mod requirements;
pub mod room;
pub mod rooms;
pub mod storage;
pub mod terms;
pub mod widgets;
