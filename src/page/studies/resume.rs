//! A study that survives a reload: its finished runs are kept as they
//! come in (versioned, size-bounded, as JSON), and a study read back
//! resumes with only the missing runs to do. A run is a pure function of
//! its settings, so a resumed study ends with the numbers of one that ran
//! without a break; a kept run whose settings are not its job's is refused.

use crate::lab::study::Study;
use crate::lab::train::precision::RunRecord;
use crate::page::kept;
use crate::page::studies::StudyState;

/// The kept form's version.
pub const VERSION: u32 = 2;

impl StudyState {
    /// The study and its finished runs (job index, run) as JSON, or why
    /// they are not kept.
    pub fn kept(&self) -> Result<String, String> {
        let runs: Vec<(usize, RunRecord)> = self
            .runs
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().map(|r| (i, RunRecord::from(r))))
            .collect();
        kept::write("study", VERSION, &self.study, &runs)
    }

    /// A kept study, its runs back in place, ready to run the rest.
    pub fn resumed(text: &str, now_ms: f64) -> Result<Self, String> {
        let (study, runs): (Study, Vec<(usize, RunRecord)>) = kept::read("study", VERSION, text)?;
        if study.jobs_bounded().is_none() {
            return Err("the kept study is larger than the page runs".into());
        }
        let jobs = study.jobs();
        let mut s = StudyState::new(study, now_ms);
        for (i, r) in runs {
            if jobs.get(i) != Some(&r.cfg) {
                return Err(format!("the kept run {i} is not the study's job {i}"));
            }
            s.record(i, r.into_run(), now_ms);
        }
        s.on = !s.finished();
        Ok(s)
    }

    /// Whether this study, read back from its kept form, is `asked`: the
    /// two are compared as the kept form reads them (the page's JSON reader
    /// may read a number back one unit in the last place away from the one
    /// written, and reads a written number the same way every time).
    pub fn is_of(&self, asked: &Study) -> bool {
        let read_back = serde_json::to_string(asked)
            .ok()
            .and_then(|t| serde_json::from_str::<Study>(&t).ok());
        read_back.as_ref() == Some(&self.study)
    }

    /// The jobs still to run, by index.
    pub fn missing(&self) -> Vec<usize> {
        (0..self.runs.len())
            .filter(|&i| self.runs[i].is_none())
            .collect()
    }
}
