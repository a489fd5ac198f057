//! The page's depth and width studies as plain state: the study, its runs
//! as they come back from the workers (in any order), progress, and the
//! results so far: a depth's (or width's) rows appear as soon as all of
//! its runs are in.

pub mod findings;
pub mod resume;
pub mod tasks;

use crate::lab::study::depth::{study as depth_study, DepthStudy};
use crate::lab::study::width::{rows as width_rows, WidthRow};
use crate::lab::study::Study;
use crate::lab::train::precision::CurveRun;

#[derive(Clone, Debug)]
pub struct StudyState {
    pub study: Study,
    runs: Vec<Option<CurveRun>>,
    done: usize,
    /// Running (not finished or cancelled).
    pub on: bool,
    /// A change of plan while it ran ("the workers did not start: running here").
    pub note: Option<String>,
    /// The fraction done, counting the run under way on the page.
    pub fraction: f64,
    /// Where it ran, once finished ("2 workers").
    pub ran_on: Option<String>,
    started_ms: f64,
    /// Wall time once finished.
    pub seconds: Option<f64>,
    /// Finished on an earlier visit, read back from this browser's copy.
    pub from_before: bool,
    /// How many jobs each part (a depth, a width) has, in job order.
    part_sizes: Vec<usize>,
}

impl StudyState {
    pub fn new(study: Study, now_ms: f64) -> Self {
        let n = study.jobs().len();
        let part_sizes = match &study {
            Study::Depth(d) => d.depths.iter().map(|&x| d.at(x).jobs().len()).collect(),
            Study::Width(w) => w.widths.iter().map(|&x| w.at(x).jobs().len()).collect(),
            Study::Ablate(_) => vec![n],
        };
        Self {
            part_sizes,
            study,
            runs: vec![None; n],
            done: 0,
            on: true,
            note: None,
            fraction: 0.0,
            ran_on: None,
            started_ms: now_ms,
            seconds: None,
            from_before: false,
        }
    }

    /// A finished job; finishes the study with the last one.
    pub fn record(&mut self, index: usize, run: CurveRun, now_ms: f64) {
        if let Some(slot) = self.runs.get_mut(index).filter(|s| s.is_none()) {
            *slot = Some(run);
            self.done += 1;
            self.fraction = self.done as f64 / self.runs.len().max(1) as f64;
            if self.done == self.runs.len() {
                self.on = false;
                self.seconds = Some((now_ms - self.started_ms) / 1000.0);
            }
        }
    }

    pub fn note(&mut self, n: String) {
        self.note = Some(n);
    }

    pub fn cancel(&mut self) {
        self.on = false;
    }

    pub fn finished(&self) -> bool {
        self.done == self.runs.len()
    }

    /// (jobs done, jobs in all).
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.runs.len())
    }

    /// (when it started, how many parts have all their runs in): changes
    /// only when a part completes or a new study starts, so the page
    /// rebuilds its results then rather than after every run.
    pub fn parts_done(&self) -> (u64, usize) {
        let mut start = 0;
        let mut done = 0;
        for &n in &self.part_sizes {
            let end = (start + n).min(self.runs.len());
            done += self.runs[start..end].iter().all(Option::is_some) as usize;
            start = end;
        }
        (self.started_ms.to_bits(), done)
    }

    /// The runs in so far.
    pub fn runs(&self) -> Vec<CurveRun> {
        self.runs.iter().flatten().cloned().collect()
    }

    /// The depth study's rows and angles for the depths complete so far.
    pub fn depth(&self) -> Option<DepthStudy> {
        let Study::Depth(spec) = &self.study else {
            return None;
        };
        let runs: Vec<_> = self.runs.iter().flatten().map(|r| r.run.clone()).collect();
        Some(depth_study(spec, &runs))
    }

    /// The width study's rows for the widths complete so far.
    pub fn width(&self) -> Option<Vec<WidthRow>> {
        let Study::Width(spec) = &self.study else {
            return None;
        };
        Some(width_rows(spec, &spec.grid.shape(), &self.runs()))
    }
}
