//! The lab's wiring: one `LabController` (plain Rust) behind a handle the
//! components share. Actions go through `act`, which posts any commands
//! for the live-training workers, bumps `version` so the views redraw, and
//! keeps the animation-frame loop going while there is work. Charts redraw
//! at most every `REDRAW_MS` while training.

use crate::lab::train::precision::CurveRun;
use crate::lab::RunConfig;
use crate::page::lab::controller::{LabController, Plan};
use crate::page::lab::controller_grid::kept_grid;
use crate::page::lab::live::LiveReport;
use crate::page::url::{AppState, View};
use crate::ui::shell::storage;
use crate::ui::shell::widgets::now;
use crate::ui::workers::env::{kernels_label, live_worker_count, worker_count};
use crate::ui::workers::live::LiveWorkers;
use crate::ui::workers::runner::{Events, Progress, Runner, StudyWork};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// Milliseconds of main-thread work per animation frame (the live runs'
/// fallback and the scaling table): well under one frame's 16 ms.
const FRAME_BUDGET_MS: f64 = 8.0;
/// Charts redraw at most this often while training (≥ 10 per second).
const REDRAW_MS: f64 = 100.0;
/// Where the browser keeps the grid's runs as they come in.
const GRID_KEY: &str = "creditflow.grid.v1";

/// The heavy drawings, each redrawn in a frame of its own.
#[derive(Clone, Copy, Debug)]
pub enum Part {
    Curves,
    Angles,
    Ratio,
    Network,
}
const PARTS: usize = 4;
/// The bit of `due` for the text and tables (`version`), and all bits.
const TEXT: u32 = 1 << PARTS;
const EVERY: u32 = (1 << (PARTS + 1)) - 1;

#[derive(Clone, Copy)]
pub struct Lab {
    pub app: RwSignal<AppState>,
    ctl: StoredValue<LabController>,
    /// Bumped when the controller's data changed and the views should
    /// redraw: `version` for the text and tables, `parts[k]` for the k-th
    /// heavy drawing (see `Part`). While training, one of them per frame,
    /// so that no frame redraws everything.
    pub version: RwSignal<u64>,
    parts: [RwSignal<u64>; PARTS],
    /// Redraws still due, as a bit per part (bit PARTS: `version`).
    due: StoredValue<u32>,
    live: StoredValue<Option<Rc<RefCell<LiveWorkers>>>, LocalStorage>,
    runner: StoredValue<Option<Runner<StudyWork>>, LocalStorage>,
    looping: StoredValue<bool>,
    /// When the grid's runs were last kept.
    pace: StoredValue<crate::page::kept::Pace>,
    /// Redraws owed since the last (bits as `due`): every drawing after a
    /// run's report, only the text when just the scaling table grew.
    dirty: StoredValue<u32>,
    last_draw: StoredValue<f64>,
}

impl Lab {
    pub fn new(app: RwSignal<AppState>) -> Self {
        let mut ctl = LabController::new(live_worker_count());
        ctl.grid.offer = storage::get(GRID_KEY)
            .filter(|t| !t.is_empty())
            .map(|t| kept_grid(&t).map(|(_, runs)| runs.len()));
        let lab = Self {
            app,
            ctl: StoredValue::new(ctl),
            version: RwSignal::new(0),
            parts: std::array::from_fn(|_| RwSignal::new(0)),
            due: StoredValue::new(0),
            live: StoredValue::new_local(None),
            runner: StoredValue::new_local(None),
            looping: StoredValue::new(false),
            pace: StoredValue::new(Default::default()),
            dirty: StoredValue::new(0),
            last_draw: StoredValue::new(0.0),
        };
        // the grid's runs since the last keep, when the page may be going away
        storage::on_leaving(move || {
            if lab.ctl.try_with_value(|c| c.grid.on).unwrap_or(false) {
                lab.keep_grid(true);
            }
        });
        lab
    }

    pub fn plan(&self) -> Plan {
        self.app.with_untracked(AppState::plan)
    }

    /// Reads the controller, redrawing when it changes.
    pub fn read<R>(&self, f: impl FnOnce(&LabController) -> R) -> R {
        self.version.track();
        self.ctl.with_value(f)
    }

    /// Works with the controller where only its caches change (an export
    /// that builds a task), so nothing redraws.
    pub fn work<R>(&self, f: impl FnOnce(&mut LabController) -> R) -> Option<R> {
        self.ctl.try_update_value(f)
    }

    /// Reads the controller for one heavy drawing.
    pub fn read_part<R>(&self, part: Part, f: impl FnOnce(&LabController) -> R) -> R {
        self.parts[part as usize].track();
        self.ctl.with_value(f)
    }

    /// Everything redraws (after a user's action): the text now, each
    /// drawing in one of the next frames.
    fn redraw_all(&self) {
        self.version.update(|v| *v += 1);
        self.due.set_value((1 << PARTS) - 1);
    }

    /// Changes the controller, then posts its commands and redraws.
    pub fn act(&self, f: impl FnOnce(&mut LabController, &Plan)) {
        let s = self.plan();
        self.ctl.update_value(|c| f(c, &s));
        self.flush();
        self.redraw_all();
        self.start_loop();
    }

    /// Posts the controller's waiting commands to the live workers,
    /// starting them on first use; trains here if they cannot start.
    fn flush(&self) {
        let out = self
            .ctl
            .try_update_value(|c| std::mem::take(&mut c.outbox))
            .unwrap_or_default();
        if out.is_empty() {
            return;
        }
        if self.live.with_value(Option::is_none) {
            let lab = *self;
            let started = LiveWorkers::start(
                live_worker_count(),
                move |u| lab.on_update(u),
                move |e| lab.workers_failed(e),
            );
            match started {
                Ok(w) => self.live.set_value(Some(w)),
                Err(e) => return self.workers_failed(e),
            }
        }
        if let Some(w) = self.live.get_value() {
            let mut w = w.borrow_mut();
            for (i, cmd) in &out {
                w.send(*i, cmd);
            }
        }
    }

    fn workers_failed(&self, e: String) {
        leptos::logging::warn!("{e}: the live runs train on the main thread");
        if let Some(w) = self.live.get_value() {
            w.borrow_mut().stop();
        }
        if !self.ctl.with_value(LabController::on_workers) {
            return;
        }
        self.ctl.update_value(|c| c.train_here(e));
        self.redraw_all();
        self.start_loop();
    }

    fn on_update(&self, u: LiveReport) {
        self.ctl.update_value(|c| c.apply(u));
        self.dirty.set_value(EVERY);
        self.start_loop();
    }

    /// Starts the essay's grid (`runner`: in workers, or here in slices).
    pub fn start_grid(&self) {
        let spec = self
            .app
            .with_untracked(|a| LabController::grid_spec(&a.lab.base));
        if !crate::lab::data::registry::ready(spec.base.teacher.data) {
            return;
        }
        self.cancel_runner();
        storage::remove(GRID_KEY);
        self.ctl.update_value(|c| {
            c.grid.offer = None;
            c.grid_start(&spec, now())
        });
        self.grid_round(spec.jobs());
        self.redraw_all();
        self.start_loop();
    }

    /// Resumes the grid a reload interrupted: its kept runs stay, only the
    /// rest run.
    pub fn resume_grid(&self) {
        let kept = storage::get(GRID_KEY).map(|t| kept_grid(&t));
        let Some(Ok((spec, runs))) = kept else {
            storage::remove(GRID_KEY);
            let why = kept
                .and_then(Result::err)
                .unwrap_or_else(|| "it is gone".into());
            return self.act(|c, _| c.grid.offer = Some(Err(why)));
        };
        if !crate::lab::data::registry::ready(spec.base.teacher.data) {
            return;
        }
        self.cancel_runner();
        self.ctl.update_value(|c| {
            c.grid.offer = None;
            c.grid_resume(&spec, runs, now())
        });
        self.grid_round(spec.jobs());
        self.redraw_all();
        self.start_loop();
    }

    /// Keeps the grid's runs for a reload, at most every `kept::KEEP_MS`
    /// unless `now_too` (a round's end, the page going away); once it is
    /// whole, the kept copy goes.
    fn keep_grid(&self, now_too: bool) {
        if !self
            .pace
            .try_update_value(|p| p.due(now(), now_too))
            .unwrap_or(false)
        {
            return;
        }
        match self.ctl.with_value(LabController::grid_kept) {
            Some(Ok(text)) => {
                if let Err(e) = storage::set(GRID_KEY, &text) {
                    self.act(|c, _| c.grid_note(e.into()));
                }
            }
            Some(Err(e)) => self.act(|c, _| c.grid_note(e)),
            None => storage::remove(GRID_KEY),
        }
    }

    /// Runs one round of the grid's jobs (those not already done); when it
    /// ends, a careful grid's next round (the rates it adds past an edge)
    /// starts, or the table is made.
    fn grid_round(&self, jobs: Vec<RunConfig>) {
        let lab = *self;
        let missing = self
            .ctl
            .try_update_value(|c| c.grid_round_start(&jobs))
            .unwrap_or_default();
        let work = StudyWork {
            jobs: missing,
            every: None,
        };
        let progress =
            move |p: Progress| lab.act(|c, _| c.grid_progress(p.done, p.total, p.fraction));
        let events = Events::new(
            move |_, run: &CurveRun, p| {
                lab.ctl.update_value(|c| c.grid_record(run.run.clone()));
                progress(p);
                lab.keep_grid(false);
            },
            progress,
            move |_: Vec<CurveRun>, on| {
                let on = format!("{on}, {}", kernels_label());
                lab.runner.set_value(None);
                let mut more = None;
                lab.act(|c, _| more = c.grid_round(&jobs, on, now()));
                lab.keep_grid(true);
                if let Some(jobs) = more {
                    lab.grid_round(jobs);
                }
            },
            move |note| lab.act(|c, _| c.grid_note(note)),
        );
        self.runner
            .set_value(Some(Runner::start(work, worker_count(), events)));
    }

    fn cancel_runner(&self) {
        if let Some(r) = self.runner.get_value() {
            r.cancel();
        }
        self.runner.set_value(None);
    }

    pub fn cancel_grid(&self) {
        self.cancel_runner();
        storage::remove(GRID_KEY);
        self.act(|c, _| c.grid_cancel());
    }

    pub fn start_loop(&self) {
        if !self.looping.get_value() {
            self.looping.set_value(true);
            let lab = *self;
            request_animation_frame(move || lab.frame());
        }
    }

    /// One animation frame: main-thread work within the budget, a redraw
    /// when due, and another frame while anything is left to do.
    fn frame(self) {
        let scaling = self.app.with_untracked(|a| a.view == View::Lab);
        let now_fn = || now();
        let mut busy = false;
        self.ctl.update_value(|c| {
            let before = (c.board.len(), c.grid.progress, c.scaling.len());
            busy = c.tick(FRAME_BUDGET_MS, &now_fn, scaling) || c.running || c.grid.on;
            let owed = if (c.board.len(), c.grid.progress) != (before.0, before.1) || c.running {
                EVERY
            } else if c.scaling.len() != before.2 {
                // the scaling chart (drawn with the ratio chart) and its
                // status line: the other drawings have nothing new
                TEXT | 1 << Part::Ratio as u32
            } else {
                0
            };
            self.dirty.update_value(|d| *d |= owed);
        });
        let time = now() - self.last_draw.get_value() > REDRAW_MS;
        if self.dirty.get_value() != 0 && (time || !busy) && self.due.get_value() == 0 {
            self.due.set_value(self.dirty.get_value());
            self.dirty.set_value(0);
            self.last_draw.set_value(now());
        }
        // one redraw per frame: each drawing in turn (`Part` order), then
        // the text
        let due = self.due.get_value();
        if due != 0 {
            let k = due.trailing_zeros() as usize;
            self.due.set_value(due & !(1 << k));
            match self.parts.get(k) {
                Some(p) => p.update(|v| *v += 1),
                None => self.version.update(|v| *v += 1),
            }
        }
        if busy || self.dirty.get_value() != 0 || self.due.get_value() != 0 {
            request_animation_frame(move || self.frame());
        } else {
            self.looping.set_value(false);
        }
    }
}
