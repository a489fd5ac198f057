//! A study that survives a reload: its finished runs are kept as they
//! come in (versioned, size-bounded, as JSON), and a study read back
//! resumes with only the missing runs to do. A run is a pure function of
//! its settings, so a resumed study ends with the numbers of one that ran
//! without a break; a kept run whose settings are not its job's is refused.

use crate::lab::study::Study;
use crate::lab::train::precision::RunRecord;
use crate::page::studies::StudyState;
use serde::{Deserialize, Serialize};

/// The kept form's version.
pub const VERSION: u32 = 1;
/// The most the kept study may weigh, in bytes (localStorage holds about 5 MB).
pub const MAX_BYTES: usize = 3_000_000;

#[derive(Serialize, Deserialize)]
struct Kept {
    version: u32,
    study: Study,
    /// (job index, its run).
    runs: Vec<(usize, RunRecord)>,
}

impl StudyState {
    /// The study and its finished runs as JSON, or why they are not kept.
    pub fn kept(&self) -> Result<String, String> {
        let kept = Kept {
            version: VERSION,
            study: self.study.clone(),
            runs: self
                .runs
                .iter()
                .enumerate()
                .filter_map(|(i, r)| r.as_ref().map(|r| (i, RunRecord::from(r))))
                .collect(),
        };
        let text = serde_json::to_string(&kept).map_err(|e| e.to_string())?;
        if text.len() > MAX_BYTES {
            return Err(format!(
                "the study's runs take {} MB, more than the {} MB kept: a reload would start it again",
                text.len() / 1_000_000,
                MAX_BYTES / 1_000_000
            ));
        }
        Ok(text)
    }

    /// A kept study, its runs back in place, ready to run the rest.
    pub fn resumed(text: &str, now_ms: f64) -> Result<Self, String> {
        let kept: Kept = serde_json::from_str(text)
            .map_err(|e| format!("the kept study cannot be read ({e})"))?;
        if kept.version != VERSION {
            return Err(format!(
                "the kept study is of version {}, this page reads {VERSION}",
                kept.version
            ));
        }
        if kept.study.jobs_bounded().is_none() {
            return Err("the kept study is larger than the page runs".into());
        }
        let jobs = kept.study.jobs();
        let mut s = StudyState::new(kept.study, now_ms);
        for (i, r) in kept.runs {
            if jobs.get(i) != Some(&r.cfg) {
                return Err(format!("the kept run {i} is not the study's job {i}"));
            }
            s.record(i, r.into_run(), now_ms);
        }
        s.on = !s.finished();
        Ok(s)
    }

    /// The jobs still to run, by index.
    pub fn missing(&self) -> Vec<usize> {
        (0..self.runs.len())
            .filter(|&i| self.runs[i].is_none())
            .collect()
    }
}
