//! The datasets a task may name, loaded when a task first names them: the
//! digits come from the site's `digits.csv.gz` (not in the page's wasm),
//! unpacked by the browser and registered (`lab::data::registry`), from
//! where the workers are sent them before any run that needs them.

use crate::lab::data::registry::{self, Source};
use crate::lab::data::{Data, DIGITS_ASSET};
use leptos::prelude::*;

/// Where a dataset is: ready to train on, on its way, or failed to come.
#[derive(Clone, Debug, PartialEq)]
pub enum Load {
    Ready,
    Loading,
    Failed(String),
}

/// The page's datasets' states (the teacher's task is always ready).
#[derive(Clone, Copy)]
pub struct Datasets(RwSignal<Vec<(Data, Load)>>);

impl Datasets {
    pub fn new() -> Self {
        Self(RwSignal::new(Vec::new()))
    }

    /// The state of `data` (tracked).
    pub fn state(&self, data: Data) -> Load {
        if registry::ready(data) {
            return Load::Ready;
        }
        self.0.with(|v| {
            v.iter()
                .find(|p| p.0 == data)
                .map_or(Load::Loading, |p| p.1.clone())
        })
    }

    fn set(&self, data: Data, load: Load) {
        self.0.update(|v| {
            v.retain(|p| p.0 != data);
            v.push((data, load));
        });
    }

    /// Starts loading `data` unless it is ready or on its way.
    pub fn ensure(&self, data: Data) {
        let on_way = self
            .0
            .with_untracked(|v| v.iter().any(|p| p.0 == data && p.1 == Load::Loading));
        if registry::ready(data) || on_way || data != Data::Digits {
            return;
        }
        self.set(data, Load::Loading);
        let me = *self;
        leptos::task::spawn_local(async move {
            let got = crate::ui::shell::download::fetch_gunzip(DIGITS_ASSET)
                .await
                .and_then(|text| {
                    registry::restore(Source {
                        data,
                        text,
                        targets: Vec::new(),
                        kind: None,
                    })
                });
            me.set(
                data,
                match got {
                    Ok(_) => Load::Ready,
                    Err(e) => Load::Failed(e),
                },
            );
        });
    }

    /// What to tell the user while `data` is not ready (`None`: ready).
    pub fn notice(&self, data: Data) -> Option<String> {
        match self.state(data) {
            Load::Ready => None,
            Load::Loading => Some(match data {
                Data::Digits => "Loading the digits (about 54 KB, once)…".into(),
                _ => "Your file is not loaded: choose it again under “your CSV file…”.".into(),
            }),
            Load::Failed(e) => Some(format!(
                "The task's data did not load: {e}. Choose the task again to retry."
            )),
        }
    }
}

impl Default for Datasets {
    fn default() -> Self {
        Self::new()
    }
}
