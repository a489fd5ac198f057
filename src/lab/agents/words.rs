//! What happened in a run, in words: how often the loss rose, how many
//! updates the gate accepted, whether and from when it oscillated, and
//! whether it diverged; for one run and for the same arm over seeds.

use crate::lab::agents::rounds::AgentRun;

/// A held-out loss this many times the start counts as diverged.
pub const DIVERGED: f64 = 10.0;
/// Rounds in a row whose changes alternate in sign (up, down, up, …)
/// before a run is said to oscillate.
pub const OSCILLATION: usize = 6;

/// The facts of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Story {
    pub rounds: usize,
    /// Rounds after which the held-out loss was higher than before.
    pub rose: usize,
    /// Updates kept (all of them when ungated).
    pub accepted: usize,
    /// The first round of the first stretch of `OSCILLATION` alternating
    /// changes (1-based), if any.
    pub oscillating_from: Option<usize>,
    /// The first round after which the loss was not finite or above
    /// `DIVERGED` times its start (1-based), if any.
    pub diverged_at: Option<usize>,
}

impl Story {
    pub fn of(r: &AgentRun) -> Self {
        let v = &r.val;
        let start = v.first().copied().unwrap_or(f64::NAN);
        let change: Vec<f64> = v.windows(2).map(|w| w[1] - w[0]).collect();
        let rose = change.iter().filter(|d| **d > 0.0).count();
        let mut oscillating_from = None;
        let mut run = 0;
        for i in 1..change.len() {
            let flips = change[i] * change[i - 1] < 0.0;
            run = if flips { run + 1 } else { 0 };
            if run + 1 >= OSCILLATION {
                oscillating_from = Some(i + 2 - OSCILLATION);
                break;
            }
        }
        let diverged_at = v
            .iter()
            .skip(1)
            .position(|x| !x.is_finite() || *x > DIVERGED * start)
            .map(|i| i + 1);
        Story {
            rounds: r.kept.len(),
            rose,
            accepted: r.kept.iter().filter(|k| **k).count(),
            oscillating_from,
            diverged_at,
        }
    }

    /// The sentence for one run; `gated` adds what the gate did.
    pub fn text(&self, gated: bool) -> String {
        let mut s = vec![format!(
            "loss rose in {} of {} rounds",
            self.rose, self.rounds
        )];
        if gated {
            s.push(if self.accepted == 0 {
                format!(
                    "the gate accepted none of {} updates, so the loss stayed at its start",
                    self.rounds
                )
            } else {
                format!(
                    "the gate accepted {} of {} updates",
                    self.accepted, self.rounds
                )
            });
        }
        if let Some(r) = self.oscillating_from {
            s.push(format!("oscillating from round {r}"));
        }
        if let Some(r) = self.diverged_at {
            s.push(format!("diverged at round {r}"));
        }
        s.join("; ")
    }
}

/// The same arm over seeds, in one sentence: the median counts with their
/// range, and how many seeds oscillated or diverged.
pub fn over_seeds(runs: &[&AgentRun], gated: bool) -> String {
    if runs.is_empty() {
        return String::new();
    }
    if runs.len() == 1 {
        return Story::of(runs[0]).text(gated);
    }
    let stories: Vec<Story> = runs.iter().map(|r| Story::of(r)).collect();
    let n = stories.len();
    let spread = |f: fn(&Story) -> usize| {
        let mut v: Vec<usize> = stories.iter().map(f).collect();
        v.sort_unstable();
        let (lo, hi, mid) = (v[0], v[n - 1], v[n / 2]);
        if lo == hi {
            format!("{mid}")
        } else {
            format!("{mid} (from {lo} to {hi})")
        }
    };
    let rounds = stories[0].rounds;
    let mut s = vec![format!(
        "over {n} seeds, loss rose in {} of {rounds} rounds",
        spread(|s| s.rose)
    )];
    if gated {
        let none = stories.iter().filter(|s| s.accepted == 0).count();
        let mut g = format!(
            "the gate accepted {} of {rounds} updates",
            spread(|s| s.accepted)
        );
        if none > 0 {
            g.push_str(&format!(
                " (none in {none} seed{}, whose loss stayed at its start)",
                if none == 1 { "" } else { "s" }
            ));
        }
        s.push(g);
    }
    let count = |f: fn(&Story) -> Option<usize>| {
        let at: Vec<usize> = stories.iter().filter_map(f).collect();
        (!at.is_empty()).then(|| (at.len(), at.iter().copied().min().unwrap_or(0)))
    };
    if let Some((k, first)) = count(|s| s.oscillating_from) {
        s.push(format!(
            "oscillating in {k} of {n} seeds (the first from round {first})"
        ));
    }
    if let Some((k, first)) = count(|s| s.diverged_at) {
        s.push(format!(
            "diverged in {k} of {n} seeds (the first at round {first})"
        ));
    }
    s.join("; ")
}
