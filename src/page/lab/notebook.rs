//! The lab's "export as notebook": the live runs (their curves) or the
//! grid (each run's score) handed to `lab::notebook` with their tasks.

use crate::lab::notebook::{export, Entry, Export, Format};
use crate::page::lab::controller::LabController;
use crate::page::lab::session::EVAL_EVERY;

impl LabController {
    /// The live runs as a notebook: each one's checkpoints so far.
    pub fn live_notebook(&mut self, format: Format) -> Result<Export, String> {
        let entries: Vec<Entry> = self
            .board
            .iter()
            .map(|r| Entry {
                cfg: r.cfg,
                curve: r.points(),
                score: None,
            })
            .collect();
        if entries.is_empty() {
            return Err("start a comparison first: the notebook reproduces its runs".into());
        }
        self.notebook(&entries, format)
    }

    /// The finished grid as a notebook: each run's score.
    pub fn grid_notebook(&mut self, format: Format) -> Result<Export, String> {
        let entries: Vec<Entry> = match &self.grid.done {
            Some(d) => d
                .runs
                .iter()
                .map(|r| Entry {
                    cfg: r.cfg,
                    curve: Vec::new(),
                    score: Some(r.result.nmse),
                })
                .collect(),
            None => return Err("run the grid first: the notebook reproduces its runs".into()),
        };
        self.notebook(&entries, format)
    }

    fn notebook(&mut self, entries: &[Entry], format: Format) -> Result<Export, String> {
        let tasks = &mut self.tasks;
        export(entries, format, EVAL_EVERY, |c| {
            if crate::lab::data::registry::ready(c.teacher.data) {
                Ok(tasks.get(c.task_shape()))
            } else {
                Err("the run's data is not loaded in this page: choose its task again".into())
            }
        })
    }
}
