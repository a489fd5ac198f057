//! The seed's compute-matched baseline, simulated: a multiple-choice task
//! whose questions differ in difficulty (question i answered right with
//! probability p_i). With n calls: n independent answers, voted; or one
//! answer (the first of those) refined n − 1 times (a critic fixes a wrong answer with
//! probability `fix` and breaks a right one with probability `break_`),
//! voting over the n versions. At n = 4 the two spend the same calls: the
//! seed's "refine three times and vote over four versions" against "four
//! independent answers, voted". Votes are right or wrong (ties broken by a
//! fair coin), so the independent vote has a binomial closed form.

use crate::lab::train::rng::{stream, Stream};
use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoteConfig {
    pub questions: usize,
    /// p_i is uniform between these (per-question difficulty; either may
    /// be the larger).
    pub p_low: f64,
    pub p_high: f64,
    /// The critic: P(fixes a wrong answer), P(breaks a right one).
    pub fix: f64,
    pub break_: f64,
    pub seed: u64,
}

impl Default for VoteConfig {
    fn default() -> Self {
        Self {
            questions: 2000,
            p_low: 0.2,
            p_high: 0.9,
            fix: 0.3,
            break_: 0.1,
            seed: 0,
        }
    }
}

/// Accuracy after `calls` calls, both ways, and the closed form of the
/// independent vote.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct VotePoint {
    pub calls: usize,
    pub independent: f64,
    pub refine: f64,
    pub independent_exact: f64,
}

/// P(a vote of n independent answers is right) when each is right with
/// probability p: a strict majority, or a tie won by the coin.
pub fn vote_probability(p: f64, n: usize) -> f64 {
    let choose = |n: usize, j: usize| (0..j).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64);
    let term = |j: usize| choose(n, j) * p.powi(j as i32) * (1.0 - p).powi((n - j) as i32);
    let majority: f64 = (n / 2 + 1..=n).map(term).sum();
    let tie = if n.is_multiple_of(2) {
        0.5 * term(n / 2)
    } else {
        0.0
    };
    majority + tie
}

fn vote(right: usize, n: usize, coin: bool) -> bool {
    2 * right > n || (2 * right == n && coin)
}

/// Accuracy for 1 … `max_calls` calls.
pub fn vote_study(cfg: &VoteConfig, max_calls: usize) -> Vec<VotePoint> {
    let mut rng = stream(cfg.seed, Stream::Noise);
    let (lo, hi) = (cfg.p_low.min(cfg.p_high), cfg.p_low.max(cfg.p_high));
    let ps: Vec<f64> = (0..cfg.questions.max(1))
        .map(|_| lo + (hi - lo) * rng.random::<f64>())
        .collect();
    (1..=max_calls.max(1))
        .map(|n| {
            let (mut ind, mut refine) = (0usize, 0usize);
            for &p in &ps {
                let first = rng.random::<f64>() < p;
                let right = first as usize + (1..n).filter(|_| rng.random::<f64>() < p).count();
                ind += vote(right, n, rng.random()) as usize;
                // refinement starts from the same first answer, so one
                // call is one answer either way
                let mut now = first;
                let mut versions = now as usize;
                for _ in 1..n {
                    let u: f64 = rng.random();
                    now = if now { u >= cfg.break_ } else { u < cfg.fix };
                    versions += now as usize;
                }
                refine += vote(versions, n, rng.random()) as usize;
            }
            let q = ps.len() as f64;
            VotePoint {
                calls: n,
                independent: ind as f64 / q,
                refine: refine as f64 / q,
                independent_exact: ps.iter().map(|&p| vote_probability(p, n)).sum::<f64>() / q,
            }
        })
        .collect()
}
