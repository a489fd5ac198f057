//! The charts, drawn through plotters: `pen` the marks a chart is made of
//! and the backends it is drawn on (a canvas on the page, SVG for exports
//! and the native tests), `plots` what the charts share and the lab's
//! curves, and one file per view's charts. Each chart is a plain value
//! that implements `pen::Chart`; `ui::shell::chart` shows one on the page.

pub mod agents;
pub mod agents_map;
pub mod agents_margin;
pub mod credit;
pub mod pen;
pub mod plots;
pub mod studies;
pub mod width;
