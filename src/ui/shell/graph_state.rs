//! The worked example's state, shared by the page (the graph view, the
//! tour, the teacher panel): the worksheet and the sweep's step. A link
//! that names an expression or values starts from them; otherwise the
//! browser's saved worksheet does. The URL mirrors both.

use crate::page::url::{query_has, AppState};
use crate::page::worked::Worksheet;
use crate::ui::shell::storage;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct GraphState {
    pub ws: RwSignal<Worksheet>,
    pub step: RwSignal<usize>,
    /// Why the saved state could not be used, if it could not.
    pub notice: RwSignal<Option<String>>,
}

/// The inputs of the graph with their values, in the graph's order.
pub fn current_values(w: &Worksheet) -> Vec<(String, f64)> {
    w.graph
        .vars
        .iter()
        .map(|n| (n.clone(), w.value_of(n).unwrap_or(0.0)))
        .collect()
}

impl GraphState {
    /// Built once by the app from the parsed link and the query it came
    /// from; keeps `app.expr`, `app.vals` and `app.step` in step with it.
    pub fn new(app: RwSignal<AppState>, query: &str) -> Self {
        let (ws, notice) = if query_has(query, "expr") || query_has(query, "vals") {
            let a = app.get_untracked();
            let named: Vec<(&str, f64)> = a.vals.iter().map(|(n, v)| (n.as_str(), *v)).collect();
            (Worksheet::new(&a.expr, &named).ok(), None)
        } else {
            storage::load()
        };
        let g = Self {
            ws: RwSignal::new(ws.unwrap_or_default()),
            step: RwSignal::new(app.with_untracked(|a| a.step)),
            notice: RwSignal::new(notice),
        };
        Effect::new(move |_| g.ws.with(storage::save));
        Effect::new(move |_| {
            let (expr, vals) = g.ws.with(|w| (w.good_src.clone(), current_values(w)));
            if app.with_untracked(|a| a.expr != expr || a.vals != vals) {
                app.update(|a| {
                    a.expr = expr;
                    a.vals = vals;
                });
            }
        });
        Effect::new(move |_| {
            let k = g.step.get();
            if app.with_untracked(|a| a.step != k) {
                app.update(|a| a.step = k);
            }
        });
        g
    }

    /// Loads an expression with its values (a tour stop, a saved session)
    /// and puts the sweep back at its start.
    pub fn load(&self, src: &str, values: &[(&str, f64)]) {
        if let Ok(w) = Worksheet::new(src, values) {
            self.ws.set(w);
            self.step.set(0);
        }
    }
}
