//! A run of the Agents simulation's units on the page (the view's run and
//! the margin map share it): its results and progress as signals, started
//! at some settings with some units, stoppable. Each finished unit is kept
//! in the browser (`page::agents::resume`), so a run a reload interrupted
//! resumes with only the units left.

use crate::page::agents::resume::KeptRun;
use crate::page::agents::runner::{Unit, UnitDone};
use crate::page::agents::{AgentsResults, AgentsSettings};
use crate::page::kept::Pace;
use crate::ui::shell::storage;
use crate::ui::shell::widgets::now;
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
    /// A run a reload interrupted: (units done, in all), or why it cannot
    /// be resumed.
    pub offer: RwSignal<Option<Result<(usize, usize), String>>>,
    /// Units kept from before a reload, when this run resumed one.
    pub resumed: RwSignal<Option<usize>>,
    /// Where the browser keeps the run's units.
    key: &'static str,
    kept: StoredValue<Option<KeptRun>, LocalStorage>,
    pace: StoredValue<Pace>,
    runner: StoredValue<Option<Runner<AgentsWork>>, LocalStorage>,
}

impl UnitRun {
    /// A run kept under `key` in the browser.
    pub fn new(key: &'static str) -> Self {
        let r = Self {
            results: RwSignal::new(None),
            progress: RwSignal::new(0.0),
            ran: RwSignal::new(None),
            stopped: RwSignal::new(false),
            offer: RwSignal::new(None),
            resumed: RwSignal::new(None),
            key,
            kept: StoredValue::new_local(None),
            pace: StoredValue::new(Pace::default()),
            runner: StoredValue::new_local(None),
        };
        // the units since the last keep, when the page may be going away
        storage::on_leaving(move || {
            if r.runner.try_with_value(Option::is_some).unwrap_or(false) {
                r.keep(true);
            }
        });
        r.offer.set(
            r.read_kept()
                .map(|k| k.map(|k| (k.done.len(), k.units.len()))),
        );
        r
    }

    /// The unfinished run the browser kept, if any.
    fn read_kept(&self) -> Option<Result<KeptRun, String>> {
        let text = storage::get(self.key).filter(|t| !t.is_empty())?;
        Some(KeptRun::resumed(&text)).filter(|k| !k.as_ref().is_ok_and(KeptRun::finished))
    }

    /// The settings of the unfinished run the browser kept.
    pub fn kept_settings(&self) -> Option<AgentsSettings> {
        self.read_kept()?.ok().map(|k| k.settings)
    }

    /// Starts `units` at `s` (stopping a run under way).
    pub fn start(self, s: AgentsSettings, units: Vec<Unit>) {
        storage::remove(self.key);
        self.resumed.set(None);
        self.run(KeptRun::new(s, units));
    }

    /// Resumes the run a reload interrupted: its units done stay, the
    /// rest run.
    pub fn resume(self) {
        match self.read_kept() {
            Some(Ok(k)) => {
                self.resumed.set(Some(k.done.len()));
                self.run(k);
            }
            Some(Err(e)) => {
                storage::remove(self.key);
                self.offer.set(Some(Err(e)));
            }
            None => self.offer.set(None),
        }
    }

    /// Keeps the run's units for a reload, at most every `kept::KEEP_MS`
    /// unless `now_too` (the run's end, the page going away); a finished
    /// run's copy goes.
    fn keep(self, now_too: bool) {
        if !self
            .pace
            .try_update_value(|p| p.due(now(), now_too))
            .unwrap_or(false)
        {
            return;
        }
        let text = self
            .kept
            .with_value(|k| k.as_ref().filter(|k| !k.finished()).map(KeptRun::kept));
        match text {
            Some(Ok(text)) => {
                if storage::set(self.key, &text).is_err() {
                    leptos::logging::warn!("{}", storage::NOT_KEPT);
                }
            }
            Some(Err(e)) => leptos::logging::warn!("{e}"),
            None => storage::remove(self.key),
        }
    }

    fn run(self, k: KeptRun) {
        self.cancel();
        self.offer.set(None);
        self.ran.set(Some(k.settings.clone()));
        self.stopped.set(false);
        self.results.set(Some(k.results()));
        self.progress.set(k.done.len() as f64);
        let (had, rest, s) = (k.done.len(), k.rest(), k.settings.clone());
        self.kept.set_value(Some(k));
        let (results, progress, runner, kept) =
            (self.results, self.progress, self.runner, self.kept);
        let events = Events::new(
            move |_, done: &UnitDone, p: Progress| {
                results.update(|r| {
                    if let Some(r) = r {
                        r.add(done.clone());
                    }
                });
                kept.update_value(|k| {
                    if let Some(k) = k {
                        k.done.push(done.clone());
                    }
                });
                self.keep(false);
                progress.set(had as f64 + p.fraction * p.total as f64);
            },
            move |p: Progress| progress.set(had as f64 + p.fraction * p.total as f64),
            move |_, _| {
                self.keep(true);
                runner.set_value(None);
            },
            |_| {},
        );
        runner.set_value(Some(Runner::start(AgentsWork(s, rest), 0, events)));
    }

    /// Stops the run under way; its results so far stay (and the kept
    /// copy goes: the stop was asked for).
    pub fn stop(self) {
        self.cancel();
        storage::remove(self.key);
        self.stopped.set(true);
    }

    fn cancel(self) {
        if let Some(r) = self.runner.get_value() {
            r.cancel();
        }
        self.runner.set_value(None);
    }
}
