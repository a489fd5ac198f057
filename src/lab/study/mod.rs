//! A study is a list of independent runs and a way to read them: the
//! essay's grid (`ablate`), the depth study or the width study. The
//! command line's shards and the page's workers run any study's jobs the
//! same way (`precision::run_job`), keeping a test-error curve where the
//! study needs one.
//!
//! `grid` is the essay's grid, `run` runs it under its protocol (the
//! careful one extends it), `depth` and `width` the studies over the
//! student's size, `summary` reads a grid into the essay's table with
//! `interval`'s bootstrap intervals, `scaling` measures one shared score
//! against width, `part4` the Part 4 verdict.

pub mod depth;
pub mod grid;
pub mod interval;
pub mod part4;
pub mod run;
pub mod scaling;
pub mod summary;
pub mod tasks;
pub mod width;

use crate::lab::study::depth::DepthSpec;
use crate::lab::study::grid::GridSpec;
use crate::lab::study::width::WidthSpec;
use crate::lab::train::config::RunConfig;
use crate::lab::train::task::Task;
use serde::{Deserialize, Serialize};

/// A study's runs as a file: a slice K of N of its jobs (`creditflow …
/// --shard K/N --json F`; 1/1 is the whole study), every run whole. The
/// site ships one (the essay's grid, precomputed); the page reads only its
/// runs (`LabController::grid_precomputed`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StudyFile {
    /// (K, N), 1-based.
    pub shard: (usize, usize),
    pub study: Study,
    pub runs: Vec<crate::lab::train::precision::RunRecord>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "study", rename_all = "snake_case")]
pub enum Study {
    Ablate(GridSpec),
    Depth(DepthSpec),
    Width(WidthSpec),
}

impl Study {
    /// Every run, in the study's fixed order.
    pub fn jobs(&self) -> Vec<RunConfig> {
        match self {
            Study::Ablate(g) => g.jobs(),
            Study::Depth(d) => d.jobs(),
            Study::Width(w) => w.jobs(),
        }
    }

    /// The rates, seeds, teacher and base run every part shares.
    pub fn grid(&self) -> &GridSpec {
        match self {
            Study::Ablate(g) => g,
            Study::Depth(d) => &d.grid,
            Study::Width(w) => &w.grid,
        }
    }

    /// Every how many steps a run's test error is kept (`None`: only the
    /// final score).
    pub fn every(&self) -> Option<usize> {
        match self {
            Study::Width(w) => Some(w.every),
            _ => None,
        }
    }

    pub fn task(&self) -> Task {
        self.grid().task()
    }
}

/// The most runs a study read from a file may have.
pub const MAX_JOBS: usize = 1_000_000;

impl Study {
    /// An upper bound on the number of jobs, if it is at most `MAX_JOBS`
    /// (so that a crafted file cannot make a reader allocate without
    /// bound); computed without making them.
    pub fn jobs_bounded(&self) -> Option<usize> {
        let g = self.grid();
        let sizes = match self {
            Study::Ablate(_) => 1,
            Study::Depth(d) => d.depths.len(),
            Study::Width(w) => w.widths.len(),
        };
        let n = [
            g.methods.len(),
            g.lrs.len() + g.wp_extra_lrs.len() + g.added_lrs.len(),
            g.seeds.len(),
            g.task_seeds.len(),
            sizes,
        ]
        .iter()
        .try_fold(1usize, |a, &b| a.checked_mul(b.max(1)))?;
        (n <= MAX_JOBS).then_some(n)
    }
}
