//! An Agents run that survives a reload: its settings and units as asked
//! and each finished unit, kept as they come in (`page::kept`). Units run
//! in their order and each is a pure function of the settings, so a run
//! read back resumes at its first missing unit and ends with the results
//! of one that never stopped.

use crate::page::agents::runner::{Unit, UnitDone};
use crate::page::agents::{AgentsResults, AgentsSettings};
use crate::page::kept;

/// The kept form's version.
pub const VERSION: u32 = 1;
/// The most units a kept run may list (the default map has 255).
pub const MAX_UNITS: usize = 100_000;

/// A run under way: what it asked and its finished units, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptRun {
    pub settings: AgentsSettings,
    pub units: Vec<Unit>,
    pub done: Vec<UnitDone>,
}

impl KeptRun {
    pub fn new(settings: AgentsSettings, units: Vec<Unit>) -> Self {
        Self {
            settings,
            units,
            done: Vec::new(),
        }
    }

    /// As JSON, or why it is not kept.
    pub fn kept(&self) -> Result<String, String> {
        kept::write(
            "Agents run",
            VERSION,
            &(&self.settings, &self.units),
            &self.done,
        )
    }

    /// A kept run read back, each unit checked to be the one asked.
    pub fn resumed(text: &str) -> Result<Self, String> {
        let ((settings, units), done): ((AgentsSettings, Vec<Unit>), Vec<UnitDone>) =
            kept::read("Agents run", VERSION, text)?;
        if units.len() > MAX_UNITS || done.len() > units.len() {
            return Err("the kept Agents run is larger than the page runs".into());
        }
        for (i, (u, d)) in units.iter().zip(&done).enumerate() {
            let fits = match (u, d) {
                (Unit::Curve(g, sig, seed), UnitDone::Curve(h, run)) => {
                    g == h && run.signal == *sig && run.seed == *seed
                }
                (Unit::Depth(depth, sig, seed), UnitDone::Row(row)) => {
                    row.depth == *depth && row.signal == *sig && row.seed == *seed
                }
                (Unit::Vote, UnitDone::Vote(_)) => true,
                (Unit::Map(a), UnitDone::Map(b, _)) => a == b,
                _ => false,
            };
            if !fits {
                return Err(format!("the kept unit {i} is not the run's unit {i}"));
            }
        }
        Ok(Self {
            settings,
            units,
            done,
        })
    }

    /// Whether every unit is done.
    pub fn finished(&self) -> bool {
        self.done.len() == self.units.len()
    }

    /// The results of the units done.
    pub fn results(&self) -> AgentsResults {
        let mut r = AgentsResults::default();
        for d in &self.done {
            r.add(d.clone());
        }
        r
    }

    /// The units still to run.
    pub fn rest(&self) -> Vec<Unit> {
        self.units[self.done.len()..].to_vec()
    }
}
