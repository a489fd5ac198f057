//! The controller's half for the essay's grid: start it (the view hands its
//! jobs to workers, or it trains here in slices), follow its progress, and
//! keep the finished table, whose best rates the live runs then use (`lr_for`).

use crate::lab::method::Method;
use crate::lab::study::grid::default_best_lr;
use crate::lab::study::grid::{GridRunner, GridSpec};
use crate::lab::study::summary::summarise;
use crate::lab::train::config::Run;
use crate::lab::train::trainer::RunConfig;
use crate::page::lab::controller::{GridDone, LabController, Plan};

impl LabController {
    /// The essay's whole grid with the steps, arithmetic and teacher of
    /// `base` (its seeds and rates are the grid's own).
    pub fn grid_spec(base: &RunConfig) -> GridSpec {
        GridSpec {
            methods: Method::ALL.to_vec(),
            base: RunConfig {
                steps: base.steps,
                precision: base.precision,
                teacher: base.teacher,
                ..RunConfig::default()
            },
            ..GridSpec::default()
        }
    }

    /// Marks the grid started at `now_ms`; the caller runs its jobs in
    /// workers and reports back, or calls `grid_here`.
    pub fn grid_start(&mut self, spec: &GridSpec, now_ms: f64) {
        let g = &mut self.grid;
        g.progress = (0, spec.jobs().len(), 0.0);
        g.started_ms = now_ms;
        g.done = None;
        g.error = None;
        g.on = true;
        g.spec = Some(spec.clone());
        g.local = None;
    }

    /// Trains the started grid on this thread, in `tick`'s slices.
    pub fn grid_here(&mut self) {
        if let Some(spec) = self.grid.spec.clone() {
            let task = self.tasks.get(spec.base.teacher);
            self.grid.local = Some(GridRunner::new(spec, task));
        }
    }

    pub fn grid_progress(&mut self, done: usize, total: usize) {
        self.grid.progress = (done, total, done as f64 / total.max(1) as f64);
    }

    pub fn grid_failed(&mut self, e: String) {
        self.grid.error = Some(e);
        self.grid.on = false;
        self.grid.local = None;
    }

    pub fn grid_cancel(&mut self) {
        self.grid.on = false;
        self.grid.local = None;
        self.grid.spec = None;
    }

    /// The table from the grid's runs.
    pub fn grid_finished(&mut self, runs: Vec<Run>, on: String, now_ms: f64) {
        let Some(spec) = self.grid.spec.take() else {
            return;
        };
        let seconds = ((now_ms - self.grid.started_ms) / 1000.0).max(1e-9);
        let total_steps: usize = runs.iter().map(|r| r.result.steps_done).sum();
        self.grid.done = Some(GridDone {
            summary: summarise(&spec, &runs),
            runs,
            steps: spec.base.steps,
            precision: spec.base.precision,
            teacher: spec.base.teacher,
            seconds,
            steps_per_second: total_steps as f64 / seconds,
            on,
        });
        self.grid.on = false;
        self.grid.local = None;
        let total = self.grid.progress.1;
        self.grid.progress = (total, total, 1.0);
    }

    /// The main-thread fallback's slice of work.
    pub(super) fn grid_tick(&mut self, budget_ms: f64, now: &dyn Fn() -> f64) {
        let start = now();
        let Some(r) = &mut self.grid.local else {
            return;
        };
        while now() - start < budget_ms && !r.finished() {
            r.advance(200);
        }
        let (done, total) = r.counts();
        let frac = r.fraction();
        let finished = r.finished().then(|| std::mem::take(&mut r.runs));
        self.grid.progress = (done, total, frac);
        if let Some(runs) = finished {
            self.grid_finished(runs, "the main thread".into(), now());
        }
    }

    /// A method's rate under `s`: the override, else its best from this
    /// page's grid (when it ran with the same steps, arithmetic and teacher),
    /// else from the built-in table.
    pub fn lr_for(&self, m: Method, s: &Plan) -> f64 {
        if let Some(lr) = s.lr {
            return lr;
        }
        self.matching_grid(s)
            .and_then(|d| d.summary.iter().find(|r| r.method == m))
            .and_then(|r| r.best_lr)
            .unwrap_or_else(|| default_best_lr(m))
    }

    /// Where `lr_for` takes the rates from, in words.
    pub fn lr_source(&self, s: &Plan) -> String {
        match s.lr {
            Some(lr) => format!("every method at rate {lr}"),
            None if self.grid_matches(s) => {
                "each method at its best rate from the table run here".into()
            }
            None => {
                "each method at its best rate from the built-in table (3,000 steps, gain 1)".into()
            }
        }
    }

    /// Whether the finished grid ran with these steps, arithmetic and teacher.
    pub fn grid_matches(&self, s: &Plan) -> bool {
        self.matching_grid(s).is_some()
    }

    fn matching_grid(&self, s: &Plan) -> Option<&GridDone> {
        self.grid
            .done
            .as_ref()
            .filter(|d| {
            let b = &s.base;
            d.steps == b.steps && d.precision == b.precision && d.teacher == b.teacher
        })
    }
}
