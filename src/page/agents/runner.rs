//! A run of the Agents view as a list of units (each signal's curve gated
//! and not, each depth's point for each signal, the vote), worked through
//! round by round so the page can stop after a few milliseconds and draw
//! (a slice ends after the round that passes its time; at the largest
//! settings one round, or the vote, is a task of tens of milliseconds).

use crate::lab::agents::rounds::{depth_unit, PipelineRow, Rounds};
use crate::lab::agents::vote::vote_study;
use crate::lab::agents::Signal;
use crate::page::agents::{AgentsResults, AgentsSettings, PAGE_DEPTHS, VOTE_CALLS};

/// One piece of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unit {
    /// A signal's curve at the settings' depth, gated or not.
    Curve(bool, Signal),
    /// A signal's point of the depth chart at one depth.
    Depth(usize, Signal),
    Vote,
}

/// Every unit of a run, in the order the results list them.
pub fn units() -> Vec<Unit> {
    let mut u = Vec::new();
    for gate in [false, true] {
        u.extend(Signal::ALL.map(|s| Unit::Curve(gate, s)));
    }
    for d in PAGE_DEPTHS {
        u.extend(Signal::ALL.map(|s| Unit::Depth(d, s)));
    }
    u.push(Unit::Vote);
    u
}

/// A run in progress: the settings, the next unit, and the one begun.
#[derive(Clone, Debug)]
pub struct Runner {
    s: AgentsSettings,
    units: Vec<Unit>,
    next: usize,
    /// The unit being worked on, with its depth-chart rounds if any.
    current: Option<(Unit, Rounds)>,
}

impl Runner {
    pub fn new(s: AgentsSettings) -> Self {
        Self {
            s,
            units: units(),
            next: 0,
            current: None,
        }
    }

    pub fn finished(&self) -> bool {
        self.next >= self.units.len() && self.current.is_none()
    }

    /// Units done, counting the one begun by its rounds done, out of all.
    pub fn progress(&self) -> (f64, usize) {
        let begun = self.current.as_ref().map_or(0.0, |(_, r)| {
            let (d, t) = r.progress();
            d as f64 / t.max(1) as f64
        });
        let done = self.next - self.current.is_some() as usize;
        (done as f64 + begun, self.units.len())
    }

    /// Works round by round until a unit finishes (it is added to
    /// `results`, and `true` returned) or `out_of_time()` says to stop.
    pub fn work(
        &mut self,
        results: &mut AgentsResults,
        mut out_of_time: impl FnMut() -> bool,
    ) -> bool {
        loop {
            if self.current.is_none() {
                let Some(&u) = self.units.get(self.next) else {
                    return false;
                };
                self.next += 1;
                let rounds = match u {
                    Unit::Curve(gate, sig) => {
                        Rounds::new(self.s.pipeline(gate), sig, self.s.cfg.rounds)
                    }
                    Unit::Depth(d, sig) => {
                        let (p, n) = depth_unit(&self.s.cfg, &self.s.names, d, sig);
                        Rounds::new(p, sig, n)
                    }
                    Unit::Vote => {
                        results.vote = vote_study(&self.s.vote, VOTE_CALLS);
                        results.done += 1;
                        return true;
                    }
                };
                self.current = Some((u, rounds));
            }
            let (u, r) = self.current.as_mut().expect("a unit begun");
            if !r.finished() {
                r.round();
            }
            if r.finished() {
                let u = *u;
                let (_, r) = self.current.take().expect("a unit begun");
                let rounds = r.progress().1;
                let run = r.finish();
                match u {
                    Unit::Curve(gate, _) => results.curves.push((gate, run)),
                    Unit::Depth(d, _) => results.rows.push(PipelineRow::of(d, rounds, run)),
                    Unit::Vote => {}
                }
                results.done += 1;
                return true;
            }
            if out_of_time() {
                return false;
            }
        }
    }
}

impl AgentsResults {
    /// The whole run at once (tests, the command line's equivalent).
    pub fn compute(s: &AgentsSettings) -> Self {
        let mut r = Self::default();
        let mut runner = Runner::new(s.clone());
        while !runner.finished() {
            runner.work(&mut r, || false);
        }
        r
    }
}
