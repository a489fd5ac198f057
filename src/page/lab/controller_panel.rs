//! The controller's half for the network panel: which run it shows, for
//! which example, and the walk through one step, phase by phase.

use crate::lab::method::Method;
use crate::page::lab::controller::{Engine, LabController, Plan};
use crate::page::lab::live::Command;
use crate::page::lab::panel::{PHASES, UPDATE_PHASE};

impl LabController {
    /// Asks the engine holding the panel's method for its preview (and
    /// the others to stop sending theirs).
    pub(super) fn send_preview(&mut self) {
        let (m, ex) = (self.panel.method, self.panel.example);
        let holder = m.and_then(|m| self.owner.iter().find(|o| o.0 == m).map(|o| o.1));
        for w in 0..self.workers() {
            let mine = matches!(self.engine, Engine::Here(_)) || holder == Some(w);
            let method = if mine { m } else { None };
            self.send_to(
                w,
                Command::Preview {
                    method,
                    example: ex,
                },
            );
        }
    }

    pub fn set_panel(&mut self, method: Option<Method>, example: Option<usize>) {
        self.panel.method = method;
        self.panel.example = example;
        self.send_preview();
    }

    /// The next phase of the step being walked; past the update, the step
    /// is taken and the walk starts on the next batch. Pauses first.
    pub fn panel_next(&mut self, s: &Plan) {
        if self.board.is_empty() {
            self.start(s);
        }
        if self.running {
            self.pause();
        }
        self.panel.phase = match self.panel.phase {
            None => Some(0),
            Some(p) if p >= UPDATE_PHASE => {
                self.send_all(Command::StepOne);
                Some(0)
            }
            Some(p) => Some((p + 1).min(PHASES - 1)),
        };
    }

    pub fn panel_prev(&mut self) {
        // from the whole step, back to its last phase
        self.panel.phase = Some(self.panel.phase.map_or(PHASES - 1, |p| p.saturating_sub(1)));
    }

    /// Shows the whole step at once again.
    pub fn panel_whole(&mut self) {
        self.panel.phase = None;
    }
}
