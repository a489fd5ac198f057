//! The worked example's state, shared by the page (the graph view, the
//! tour, the teacher panel): the worksheet and the sweep's step. What it
//! opens with (the saved worksheet, or a link's with the saved one put
//! aside) is `page::worked::opening`. The URL mirrors both.

use crate::page::url::AppState;
use crate::page::worked::opening::{from_link, link_sheet, opening};
use crate::page::worked::Worksheet;
use crate::ui::shell::storage;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct GraphState {
    pub ws: RwSignal<Worksheet>,
    pub step: RwSignal<usize>,
    /// Why the saved state could not be used, if it could not.
    pub notice: RwSignal<Option<String>>,
    /// The saved worksheet a link put aside, offered back.
    pub aside: RwSignal<Option<Worksheet>>,
}

impl GraphState {
    /// Built once by the app from the parsed link and the query it came
    /// from, and what was saved; keeps `app.expr`, `app.vals` and
    /// `app.step` in step with it.
    pub fn new(app: RwSignal<AppState>, query: &str) -> Self {
        let o = opening(from_link(query), storage::load(), storage::load_aside());
        let mut notice = o.notice;
        if o.store_aside {
            if let Err(e) = storage::keep_aside(o.aside.as_ref()) {
                notice = Some(e.into());
            }
        }
        let g = Self {
            ws: RwSignal::new(o.ws),
            step: RwSignal::new(app.with_untracked(|a| a.step)),
            notice: RwSignal::new(notice),
            aside: RwSignal::new(o.aside),
        };
        Effect::new(move |_| {
            if let Err(e) = g.ws.with(storage::save) {
                if g.notice.with_untracked(Option::is_none) {
                    g.notice.set(Some(e.into()));
                }
            }
        });
        g.bind(app);
        g
    }

    /// The worked example as the link has it, with nothing saved: the
    /// rooms' copy (`ui::shell::rooms`), which the tour's card drives and
    /// which follows the page's through the shared state.
    pub fn follow(app: RwSignal<AppState>) -> Self {
        let (expr, vals, step) = app.with_untracked(|a| (a.expr.clone(), a.vals.clone(), a.step));
        let ws = link_sheet(&expr, &vals).unwrap_or_else(|_| {
            Worksheet::new(crate::page::tour::WORKED.0, crate::page::tour::WORKED.1)
                .expect("the worked example parses")
        });
        let g = Self {
            ws: RwSignal::new(ws),
            step: RwSignal::new(step),
            notice: RwSignal::new(None),
            aside: RwSignal::new(None),
        };
        g.bind(app);
        g
    }

    /// Keeps `app.expr`, `app.vals` and `app.step` and this state in step,
    /// both ways: this state's changes go to the link, and a change of the
    /// link from elsewhere (the tour's card in the rooms' wasm) comes back.
    fn bind(self, app: RwSignal<AppState>) {
        let g = self;
        Effect::new(move |_| {
            let (expr, vals) = g.ws.with(|w| (w.good_src.clone(), w.current_values()));
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
        // only when the link's worked example changed (not on the first
        // run: the opening worksheet is this state's; nor when something
        // else in the link did, which would undo a change of this state's
        // not yet written to the link)
        type Seen = (String, Vec<(String, f64)>, usize);
        Effect::new(move |seen: Option<Seen>| {
            let now: Seen = app.with(|a| (a.expr.clone(), a.vals.clone(), a.step));
            let Some(seen) = seen else { return now };
            let (expr, vals, step) = &now;
            if (&seen.0, &seen.1) != (expr, vals)
                && g.ws
                    .with_untracked(|w| w.good_src != *expr || w.current_values() != *vals)
            {
                if let Ok(w) = link_sheet(expr, vals) {
                    g.ws.set(w);
                }
            }
            if seen.2 != *step && g.step.get_untracked() != *step {
                g.step.set(*step);
            }
            now
        });
    }

    /// Brings back the worksheet a link put aside (and forgets it).
    pub fn restore_aside(&self) {
        if let Some(w) = self.aside.get_untracked() {
            self.ws.set(w);
            self.step.set(0);
        }
        self.forget_aside();
    }

    /// Forgets the worksheet a link put aside.
    pub fn forget_aside(&self) {
        self.aside.set(None);
        let _ = storage::keep_aside(None);
    }

    /// Loads an expression with its values (a tour stop, a saved session)
    /// and puts the sweep back at its start.
    /// Loads an expression and its values, the sweep at its start; the
    /// same expression at the same values changes nothing (a stop's reveal
    /// keeps the steps taken).
    pub fn load(&self, src: &str, values: &[(&str, f64)]) {
        let same = self.ws.with_untracked(|w| {
            w.src == src && values.iter().all(|&(n, v)| w.value_of(n) == Some(v))
        });
        if same {
            return;
        }
        if let Ok(w) = Worksheet::new(src, values) {
            self.ws.set(w);
            self.step.set(0);
        }
    }
}
