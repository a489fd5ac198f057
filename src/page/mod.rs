//! Each view's plain state: what the page shows and keeps, as plain Rust
//! types with native tests, and no browser types (the architecture test
//! checks). `ui` wires these to signals and draws them.
//!
//! `glossary` is the plain words for every term on screen, `json` the
//! JSON the first view reads and writes, `palette` the
//! one colour code, `present` the lecture's slides. `settings` is the row every setting is (URL key, flag, parser,
//! printer). `url` is the shareable state every view reads (the link), `worked` the
//! worked example, `lab` the lab's runs and their scheduling, `studies` the
//! depth and width studies, `agents` the Agents view, `tour` the guided
//! tour.

pub mod agents;
pub mod glossary;
pub mod json;
pub mod kept;
pub mod lab;
pub mod palette;
pub mod present;
pub mod settings;
pub mod studies;
pub mod tour;
pub mod url;
pub mod view;
pub mod words;
pub mod worked;
