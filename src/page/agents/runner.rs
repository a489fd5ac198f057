//! A run of the Agents view as a list of units (each signal's curve gated
//! and not, each depth's point for each signal, the vote), worked through
//! round by round (`Slices`) so the page can stop after a few milliseconds and draw
//! (a slice ends after the round that passes its time; at the largest
//! settings one round, or the vote, is a task of tens of milliseconds).

use crate::lab::agents::margin::{MapJob, MarginAxes};
use crate::lab::agents::rounds::{depth_unit, AgentRun, PipelineRow, Rounds};
use crate::lab::agents::vote::{vote_study, VotePoint};
use crate::lab::agents::{AgentsConfig, Signal};
use crate::lab::slices::Slices;
use crate::page::agents::{AgentsResults, AgentsSettings, PAGE_DEPTHS, VOTE_CALLS};

/// One piece of a run.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Unit {
    /// A signal's curve at the settings' depth, gated or not, at a seed.
    Curve(bool, Signal, u64),
    /// A signal's point of the depth chart at one depth and seed.
    Depth(usize, Signal, u64),
    Vote,
    /// A run of the margin map (`lab::agents::margin`).
    Map(MapJob),
}

/// Every unit of a run at `s`'s seeds, in the order the results list
/// them: every part at the first seed, then at the next, … (so the charts
/// fill in early), then the vote.
pub fn units(s: &AgentsSettings) -> Vec<Unit> {
    let mut u = Vec::new();
    for seed in s.seed_list() {
        for gate in [false, true] {
            u.extend(Signal::ALL.map(|sig| Unit::Curve(gate, sig, seed)));
        }
        for d in PAGE_DEPTHS {
            u.extend(Signal::ALL.map(|sig| Unit::Depth(d, sig, seed)));
        }
    }
    u.push(Unit::Vote);
    u
}

/// Every unit of the margin map at `s`'s settings and seeds.
pub fn map_units(s: &AgentsSettings, axes: &MarginAxes) -> Vec<Unit> {
    axes.jobs(&s.seed_list())
        .into_iter()
        .map(Unit::Map)
        .collect()
}

/// A finished unit's result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum UnitDone {
    Curve(bool, AgentRun),
    Row(PipelineRow),
    Vote(Vec<VotePoint>),
    Map(MapJob, PipelineRow),
}

/// A run's units, worked through round by round (`Slices`).
#[derive(Clone, Debug)]
pub struct UnitSlices {
    s: AgentsSettings,
    units: Vec<Unit>,
    /// The unit being worked on, with its rounds.
    current: Option<(usize, Rounds)>,
}

impl UnitSlices {
    /// A whole run (`units`).
    pub fn new(s: AgentsSettings) -> Self {
        Self::of(units(&s), s)
    }

    /// These units at `s`.
    pub fn of(units: Vec<Unit>, s: AgentsSettings) -> Self {
        Self {
            units,
            s,
            current: None,
        }
    }
}

impl Slices for UnitSlices {
    type Done = UnitDone;

    fn jobs(&self) -> usize {
        self.units.len()
    }

    fn work_on(&mut self, i: usize, out_of_time: &mut dyn FnMut() -> bool) -> Option<UnitDone> {
        let u = *self.units.get(i)?;
        if self.current.as_ref().is_none_or(|(j, _)| *j != i) {
            let rounds = match u {
                Unit::Curve(gate, sig, seed) => {
                    Rounds::new(self.s.pipeline_at(gate, seed), sig, self.s.cfg.rounds)
                }
                Unit::Depth(d, sig, seed) => {
                    let cfg = AgentsConfig { seed, ..self.s.cfg };
                    let (p, n) = depth_unit(&cfg, &self.s.names, d, sig);
                    Rounds::new(p, sig, n)
                }
                Unit::Map(job) => {
                    let (p, n) = depth_unit(
                        &job.config(&self.s.cfg),
                        &self.s.names,
                        job.depth,
                        job.signal,
                    );
                    Rounds::new(p, job.signal, n)
                }
                Unit::Vote => return Some(UnitDone::Vote(vote_study(&self.s.vote, VOTE_CALLS))),
            };
            self.current = Some((i, rounds));
        }
        loop {
            let (_, r) = self.current.as_mut()?;
            r.round();
            if r.finished() {
                let (_, r) = self.current.take()?;
                let rounds = r.progress().1;
                let run = r.finish();
                return Some(match u {
                    Unit::Curve(gate, ..) => UnitDone::Curve(gate, run),
                    Unit::Depth(d, ..) => UnitDone::Row(PipelineRow::of(d, rounds, run)),
                    Unit::Map(job) => UnitDone::Map(job, PipelineRow::of(job.depth, rounds, run)),
                    Unit::Vote => UnitDone::Vote(Vec::new()),
                });
            }
            if out_of_time() {
                return None;
            }
        }
    }

    fn partial(&self) -> f64 {
        self.current.as_ref().map_or(0.0, |(_, r)| {
            let (d, t) = r.progress();
            d as f64 / t.max(1) as f64
        })
    }
}

impl AgentsResults {
    /// Adds a finished unit (units arrive in their order).
    pub fn add(&mut self, done: UnitDone) {
        match done {
            UnitDone::Curve(gate, run) => self.curves.push((gate, run)),
            UnitDone::Row(row) => self.rows.push(row),
            UnitDone::Vote(v) => self.vote = v,
            UnitDone::Map(job, row) => self.map.push((job, row)),
        }
        self.done += 1;
    }

    /// The whole run at once (tests, the command line's equivalent).
    pub fn compute(s: &AgentsSettings) -> Self {
        let mut r = Self::default();
        let mut units = UnitSlices::new(s.clone());
        for i in 0..units.jobs() {
            if let Some(d) = units.work_on(i, &mut || false) {
                r.add(d);
            }
        }
        r
    }
}
