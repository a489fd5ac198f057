//! The controller's half for the essay's grid: start it (the view hands its
//! jobs to the runner, in workers or in slices here), follow its progress, and
//! keep the finished table, whose best rates the live runs then use (`lr_for`).
//! Each finished run is kept as it comes in (`grid_kept`, `page::kept`), so
//! a grid a reload interrupted resumes with only its missing runs.

use crate::lab::method::Method;
use crate::lab::study::grid::default_best_lr;
use crate::lab::study::grid::GridSpec;
use crate::lab::study::summary::summarise;
use crate::lab::study::Study;
use crate::lab::train::config::{Protocol, Run};
use crate::lab::train::precision::{CurveRun, RunRecord};
use crate::lab::train::trainer::RunConfig;
use crate::page::kept;
use crate::page::lab::controller::{GridDone, LabController, Plan, PRECOMPUTED_COMMAND};

/// The kept grid's version.
pub const KEPT_VERSION: u32 = 1;

/// A kept grid read back: the grid as asked and its finished runs, each
/// checked to be one of its jobs (at any rate, as a careful grid adds
/// rates in later rounds).
pub fn kept_grid(text: &str) -> Result<(GridSpec, Vec<Run>), String> {
    let (spec, runs): (GridSpec, Vec<RunRecord>) = kept::read("grid", KEPT_VERSION, text)?;
    if Study::Ablate(spec.clone()).jobs_bounded().is_none() {
        return Err("the kept grid is larger than the page runs".into());
    }
    let at_no_rate = |mut c: RunConfig| {
        c.lr = 0.0;
        c
    };
    let jobs: Vec<RunConfig> = spec.jobs().into_iter().map(at_no_rate).collect();
    let runs: Vec<Run> = runs.into_iter().map(|r| r.into_run().run).collect();
    if let Some(r) = runs.iter().find(|r| !jobs.contains(&at_no_rate(r.cfg))) {
        return Err(format!(
            "the kept run of {} at rate {} is not one of the grid's jobs",
            r.cfg.method.id(),
            r.cfg.lr
        ));
    }
    Ok((spec, runs))
}

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
        g.asked = Some(spec.clone());
        g.runs.clear();
        g.pending.clear();
    }

    /// Starts a kept grid (`kept_grid`) again at `now_ms`: its runs are
    /// done, and `grid_round_start` leaves them out of the rounds.
    pub fn grid_resume(&mut self, spec: &GridSpec, runs: Vec<Run>, now_ms: f64) {
        self.grid_start(spec, now_ms);
        self.grid.pending = runs;
    }

    /// A round of `jobs` starts: the ones still to run (a resumed grid has
    /// the rest).
    pub fn grid_round_start(&mut self, jobs: &[RunConfig]) -> Vec<RunConfig> {
        let g = &mut self.grid;
        let missing: Vec<RunConfig> = jobs
            .iter()
            .filter(|j| !g.pending.iter().any(|r| r.cfg == **j))
            .copied()
            .collect();
        g.round_had = jobs.len() - missing.len();
        self.grid_progress(0, missing.len(), 0.0);
        missing
    }

    /// One of the round's runs finished.
    pub fn grid_record(&mut self, run: Run) {
        if self.grid.on {
            self.grid.pending.push(run);
        }
    }

    /// The grid under way and its finished runs as JSON, to keep for a
    /// reload (`None`: no grid under way), or why they are not kept.
    pub fn grid_kept(&self) -> Option<Result<String, String>> {
        let g = &self.grid;
        let asked = g.asked.as_ref().filter(|_| g.on)?;
        let runs: Vec<RunRecord> = g
            .runs
            .iter()
            .chain(&g.pending)
            .map(|r| {
                RunRecord::from(&CurveRun {
                    run: r.clone(),
                    curve: Vec::new(),
                })
            })
            .collect();
        Some(kept::write("grid", KEPT_VERSION, asked, &runs))
    }

    /// A round's progress (`done` of its `total` jobs), counted after the
    /// rounds before it.
    pub fn grid_progress(&mut self, done: usize, total: usize, fraction: f64) {
        let had = self.grid.round_had;
        let (done, total, fraction) = (
            had + done,
            had + total,
            (had as f64 + fraction * total as f64) / (had + total).max(1) as f64,
        );
        let before = self.grid.runs.len();
        let all = before + total;
        let frac = (before as f64 + fraction * total as f64) / all.max(1) as f64;
        self.grid.progress = (before + done, all, frac);
    }

    /// The round of `jobs` finished (each run recorded, `grid_record`).
    /// Under the careful protocol the next round's jobs come back (the
    /// rates added past an edge, `GridSpec::extend`); `None` when the grid
    /// is whole, and then the table is made (`grid_finished`) from every
    /// round's runs, in job order whatever order they finished in.
    pub fn grid_round(
        &mut self,
        jobs: &[RunConfig],
        on: String,
        now_ms: f64,
    ) -> Option<Vec<RunConfig>> {
        let g = &mut self.grid;
        for j in jobs {
            let Some(k) = g.pending.iter().position(|r| r.cfg == *j) else {
                g.note = Some(format!(
                    "the grid lost its run of {} at rate {}",
                    j.method.id(),
                    j.lr
                ));
                self.grid_cancel();
                return None;
            };
            let run = g.pending.swap_remove(k);
            g.runs.push(run);
        }
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
        self.grid.pending.clear();
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
