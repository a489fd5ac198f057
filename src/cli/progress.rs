//! Progress of a long command: a bar on a terminal (`indicatif`); when
//! stderr is not a terminal (a log, a batch job), one line per tenth done.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Instant;

pub(super) struct Progress {
    bar: Option<ProgressBar>,
    what: &'static str,
    start: Instant,
    /// The last tenth reported, when there is no bar.
    tenth: Mutex<usize>,
}

impl Progress {
    /// `what` names the parts ("runs").
    pub(super) fn new(total: usize, what: &'static str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let style = ProgressStyle::with_template(&format!(
                "{{bar:40}} {{pos}}/{{len}} {what} ({{elapsed}}, about {{eta}} left)"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            ProgressBar::new(total as u64).with_style(style)
        });
        Self {
            bar,
            what,
            start: Instant::now(),
            tenth: Mutex::new(0),
        }
    }

    /// `done` of `total` parts are finished.
    pub(super) fn set(&self, done: usize, total: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
            return;
        }
        let tenth = (done * 10).checked_div(total).unwrap_or(10);
        let mut last = self.tenth.lock().unwrap_or_else(|e| e.into_inner());
        if tenth > *last {
            *last = tenth;
            eprintln!(
                "{done}/{total} {} ({:.1} s)",
                self.what,
                self.start.elapsed().as_secs_f64()
            );
        }
    }

    pub(super) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
