//! The charts, drawn as SVG text by plain functions (native tests read them):
//! `svg` the drawing primitives, `plots` the shared colours, ticks and the
//! lab's curves, and one file per view's charts.

pub mod agents;
pub mod agents_map;
pub mod credit;
pub mod plots;
pub mod studies;
pub mod svg;
pub mod width;
