//! Runs over seeds, summarised: each run's score (the mean of its last
//! rounds by default, so a run that diverges or oscillates is not ranked by
//! its last point; the best round and the area under the curve beside
//! it), the median and interquartile band of a set of runs, and a verdict
//! that says one arm beats another only where their bands separate.

use crate::lab::agents::rounds::AgentRun;
use crate::lab::study::interval::Interval;
use serde::{Deserialize, Serialize};

/// How a run's held-out curve becomes one number (lower is better).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// The mean of the last tenth of the rounds (at least 3).
    #[default]
    LastRounds,
    /// The lowest held-out loss of any round.
    BestRound,
    /// The mean over every round, the start included: the area under the
    /// curve per round.
    Area,
}

impl Measure {
    pub const ALL: [Measure; 3] = [Measure::LastRounds, Measure::BestRound, Measure::Area];

    pub fn id(self) -> &'static str {
        match self {
            Measure::LastRounds => "last",
            Measure::BestRound => "best",
            Measure::Area => "area",
        }
    }

    pub fn from_id(s: &str) -> Option<Self> {
        Measure::ALL.into_iter().find(|m| m.id() == s.trim())
    }

    /// A few words, for a choice in a form.
    pub fn name(self) -> &'static str {
        match self {
            Measure::LastRounds => "the last rounds' mean",
            Measure::BestRound => "the best round",
            Measure::Area => "the area under the curve",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Measure::LastRounds => "the mean held-out loss over the last tenth of the rounds",
            Measure::BestRound => "the best round's held-out loss",
            Measure::Area => "the mean held-out loss over all rounds (the area under the curve)",
        }
    }

    /// `val` (the held-out loss before the first round, then after each)
    /// as one number; +∞ if the run diverged.
    pub fn of(self, val: &[f64]) -> f64 {
        if val.is_empty() || val.iter().any(|v| !v.is_finite()) {
            return f64::INFINITY;
        }
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        match self {
            Measure::LastRounds => {
                let rounds = val.len() - 1;
                let tail = (rounds / 10).max(3).min(val.len());
                mean(&val[val.len() - tail..])
            }
            Measure::BestRound => val.iter().copied().fold(f64::INFINITY, f64::min),
            Measure::Area => mean(val),
        }
    }

    pub fn of_run(self, r: &AgentRun) -> f64 {
        self.of(&r.val)
    }
}

/// The median of a set of values and their interquartile band.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Band {
    pub median: f64,
    pub band: Interval,
    pub n: usize,
}

impl Band {
    /// Of `values` (+∞ counts as the worst; NaN is left out); `None` for
    /// none.
    pub fn of(values: &[f64]) -> Option<Self> {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| !x.is_nan()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        Some(Band {
            median: quantile(&v, 0.5),
            band: Interval {
                lo: quantile(&v, 0.25),
                hi: quantile(&v, 0.75),
            },
            n: v.len(),
        })
    }

    /// "0.087 [0.081–0.093]".
    pub fn text(&self, digits: usize) -> String {
        let f = |x: f64| {
            if x.is_finite() {
                format!("{x:.digits$}")
            } else {
                "diverged".into()
            }
        };
        if self.n == 1 {
            return f(self.median);
        }
        format!(
            "{} [{}–{}]",
            f(self.median),
            f(self.band.lo),
            f(self.band.hi)
        )
    }
}

/// The q-quantile of sorted `v`, interpolated linearly between ranks
/// (an infinite neighbour gives +∞).
fn quantile(v: &[f64], q: f64) -> f64 {
    let at = q * (v.len() - 1) as f64;
    let (i, frac) = (at.floor() as usize, at.fract());
    let j = (i + 1).min(v.len() - 1);
    if frac == 0.0 {
        v[i]
    } else {
        v[i] + (v[j] - v[i]) * frac
    }
}

/// What two arms' bands say (lower is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first arm's band lies wholly below the second's.
    FirstBeats,
    SecondBeats,
    /// The bands overlap: the seeds do not tell them apart.
    WithinNoise,
}

impl Verdict {
    pub fn of(a: &Band, b: &Band) -> Self {
        if a.n < 2 || b.n < 2 || !a.band.separate(b.band) {
            Verdict::WithinNoise
        } else if a.median < b.median {
            Verdict::FirstBeats
        } else {
            Verdict::SecondBeats
        }
    }
}
