//! A run of the Agents simulation's units on the page (the view's run and
//! the margin map share it): its results and progress as signals, started
//! at some settings with some units, stoppable.

use crate::page::agents::runner::{Unit, UnitDone};
use crate::page::agents::{AgentsResults, AgentsSettings};
use crate::ui::workers::runner::{AgentsWork, Events, Progress, Runner};
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct UnitRun {
    /// The results so far (`None` before the first run).
    pub results: RwSignal<Option<AgentsResults>>,
    /// Units done, counting the one under way by its part.
    pub progress: RwSignal<f64>,
    /// The settings of the run the results are from.
    pub ran: RwSignal<Option<AgentsSettings>>,
    /// Whether the last run was stopped.
    pub stopped: RwSignal<bool>,
    runner: StoredValue<Option<Runner<AgentsWork>>, LocalStorage>,
}

impl Default for UnitRun {
    fn default() -> Self {
        Self::new()
    }
}

impl UnitRun {
    pub fn new() -> Self {
        Self {
            results: RwSignal::new(None),
            progress: RwSignal::new(0.0),
            ran: RwSignal::new(None),
            stopped: RwSignal::new(false),
            runner: StoredValue::new_local(None),
        }
    }

    /// Starts `units` at `s` (stopping a run under way).
    pub fn start(self, s: AgentsSettings, units: Vec<Unit>) {
        self.cancel();
        self.ran.set(Some(s.clone()));
        self.stopped.set(false);
        self.results.set(Some(AgentsResults::default()));
        self.progress.set(0.0);
        let (results, progress, runner) = (self.results, self.progress, self.runner);
        let events = Events::new(
            move |_, done: &UnitDone, p: Progress| {
                results.update(|r| {
                    if let Some(r) = r {
                        r.add(done.clone());
                    }
                });
                progress.set(p.fraction * p.total as f64);
            },
            move |p: Progress| progress.set(p.fraction * p.total as f64),
            move |_, _| runner.set_value(None),
            |_| {},
        );
        runner.set_value(Some(Runner::start(AgentsWork(s, units), 0, events)));
    }

    /// Stops the run under way; its results so far stay.
    pub fn stop(self) {
        self.cancel();
        self.stopped.set(true);
    }

    fn cancel(self) {
        if let Some(r) = self.runner.get_value() {
            r.cancel();
        }
        self.runner.set_value(None);
    }
}
