//! The native tests, one crate with a module per room (linking the crate
//! once, not once a file). `support` holds the reference network, the
//! tasks and the helpers the modules share. The browser's own tests are in
//! `tests/wasm/`, the site's in `tests/e2e/`.
#![allow(dead_code)]

mod support;

mod agents;
mod agents_spread;
mod agents_trace;
mod architecture;
mod charts;
mod cli;
mod conv;
mod credit;
mod data;
mod data_tasks;
mod decimal;
mod depth;
mod depth_default;
mod engine;
mod engine_props;
mod estimators;
mod fuzz;
mod glossary;
mod intervals;
mod json;
mod kernel;
mod lab;
mod lab_controller;
mod links;
mod methods;
mod notebook;
mod palette;
mod part4;
mod part4_classify;
mod part4_rules;
mod precision;
mod protocol;
mod requirements;
mod saved_work;
mod settings;
mod studies;
mod studies_cli;
mod tidy;
mod tour;
mod ui_logic;
mod uses;
mod width;
mod words;
mod worked;
