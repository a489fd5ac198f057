//! The controller's half for the essay's grid: start it (the view hands its
//! jobs to the runner, in workers or in slices here), follow its progress, and
//! keep the finished table, whose best rates the live runs then use (`lr_for`).

use crate::lab::method::Method;
use crate::lab::study::grid::default_best_lr;
use crate::lab::study::grid::GridSpec;
use crate::lab::study::summary::summarise;
use crate::lab::train::config::{Protocol, Run};
use crate::lab::train::trainer::RunConfig;
use crate::page::lab::controller::{GridDone, LabController, Plan, PRECOMPUTED_COMMAND};

impl GridDone {
    /// The table of `spec`'s runs, which ran `on` (its timing left at 0).
    fn of(spec: &GridSpec, runs: Vec<Run>, on: String) -> Self {
        Self {
            spec: spec.clone(),
            summary: summarise(spec, &runs),
            runs,
            steps: spec.base.steps,
            precision: spec.base.precision,
            teacher: spec.base.teacher,
            seconds: 0.0,
            steps_per_second: 0.0,
            chance: spec
                .base
                .teacher
                .data
                .classifies()
                .then(|| crate::lab::Task::try_new(spec.base.task_shape()).ok())
                .flatten()
                .map(|t| crate::lab::train::batch::majority_error(&t.t_test)),
            on,
            precomputed: false,
        }
    }
}

impl LabController {
    /// The essay's whole grid with the steps, arithmetic, teacher and
    /// protocol of `base` (its seeds, teacher draws and rates are the
    /// protocol's own).
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
        .with_protocol(base.protocol)
    }

    /// Marks the grid started at `now_ms`; the caller runs its jobs
    /// (`ui::workers::runner`) and reports back.
    pub fn grid_start(&mut self, spec: &GridSpec, now_ms: f64) {
        let g = &mut self.grid;
        g.progress = (0, spec.jobs().len(), 0.0);
        g.started_ms = now_ms;
        g.done = None;
        g.note = None;
        g.on = true;
        g.spec = Some(spec.clone());
        g.runs.clear();
    }

    /// A round's progress (`done` of its `total` jobs), counted after the
    /// rounds before it.
    pub fn grid_progress(&mut self, done: usize, total: usize, fraction: f64) {
        let before = self.grid.runs.len();
        let all = before + total;
        let frac = (before as f64 + fraction * total as f64) / all.max(1) as f64;
        self.grid.progress = (before + done, all, frac);
    }

    /// A round of the grid's jobs finished. Under the careful protocol the
    /// next round's jobs come back (the rates added past an edge,
    /// `GridSpec::extend`); `None` when the grid is whole, and then the
    /// table is made (`grid_finished`) from every round's runs.
    pub fn grid_round(
        &mut self,
        runs: Vec<Run>,
        on: String,
        now_ms: f64,
    ) -> Option<Vec<RunConfig>> {
        self.grid.runs.extend(runs);
        let spec = self.grid.spec.as_mut()?;
        if spec.base.protocol == Protocol::Careful {
            let chosen: Vec<_> = summarise(spec, &self.grid.runs)
                .iter()
                .map(|s| (s.method, s.best_lr))
                .collect();
            let more = spec.extend(&chosen);
            if !more.is_empty() {
                return Some(more);
            }
        }
        let runs = std::mem::take(&mut self.grid.runs);
        self.grid_finished(runs, on, now_ms);
        None
    }

    pub fn grid_note(&mut self, note: String) {
        self.grid.note = Some(note);
    }

    pub fn grid_cancel(&mut self) {
        self.grid.on = false;
        self.grid.spec = None;
        self.grid.runs.clear();
    }

    /// The table from the grid's runs.
    pub fn grid_finished(&mut self, runs: Vec<Run>, on: String, now_ms: f64) {
        let Some(spec) = self.grid.spec.take() else {
            return;
        };
        let seconds = ((now_ms - self.grid.started_ms) / 1000.0).max(1e-9);
        let total_steps: usize = runs.iter().map(|r| r.result.steps_done).sum();
        self.grid.done = Some(GridDone {
            seconds,
            steps_per_second: total_steps as f64 / seconds,
            ..GridDone::of(&spec, runs, on)
        });
        self.grid.on = false;
        let total = self.grid.progress.1;
        self.grid.progress = (total, total, 1.0);
    }

    /// Shows the essay's table from a study file (the one the site ships,
    /// made by `PRECOMPUTED_COMMAND`): the whole default grid, every run.
    pub fn grid_precomputed(&mut self, text: &str) -> Result<(), String> {
        // only the runs are read (the study is known: the default grid, and
        // every run's config must be its job), which keeps the page small
        #[derive(serde::Deserialize)]
        struct Runs {
            shard: (usize, usize),
            runs: Vec<crate::lab::train::precision::RunRecord>,
        }
        let file: Runs = serde_json::from_str(text)
            .map_err(|e| format!("the precomputed table could not be read ({e})"))?;
        let spec = GridSpec::default();
        let jobs = spec.jobs();
        let whole = file.shard == (1, 1)
            && file.runs.len() == jobs.len()
            && file.runs.iter().zip(&jobs).all(|(r, j)| r.cfg == *j);
        if !whole {
            return Err("the precomputed file is not the whole default grid".into());
        }
        let runs: Vec<Run> = file.runs.into_iter().map(|r| r.into_run().run).collect();
        self.grid.done = Some(GridDone {
            precomputed: true,
            ..GridDone::of(&spec, runs, PRECOMPUTED_COMMAND.into())
        });
        self.grid.note = None;
        Ok(())
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
        self.grid.done.as_ref().filter(|d| {
            let b = &s.base;
            d.steps == b.steps
                && d.precision == b.precision
                && d.teacher == b.teacher
                && d.spec.base.protocol == b.protocol
        })
    }
}
