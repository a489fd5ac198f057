//! Bootstrap intervals: how far a score or a ratio could move had other
//! seeds (and teacher draws) been run. The unit resampled is a run's
//! (teacher draw, seed) pair, the same pairs for a method and its
//! reference, so a ratio keeps the pairing the runs share (the same
//! initial weights' stream, the same data order). With few pairs every
//! resample is enumerated, so the interval is exact for that sample and
//! needs no random numbers; beyond that a fixed-seed sample of resamples.

use rand::Rng;

/// The interval's coverage.
pub const LEVEL: f64 = 0.95;
/// Resamples drawn when enumerating them all would cost more.
pub const RESAMPLES: usize = 4000;
/// Enumerate every resample up to this many (n^n ≤ it).
const EXACT_UP_TO: usize = 50_000;

/// A two-sided interval; `hi` may be +∞ (a resample whose runs all diverged).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    /// Whether the two intervals share no value: the only case in which
    /// the page says one beats the other.
    pub fn separate(self, other: Interval) -> bool {
        self.hi < other.lo || other.hi < self.lo
    }

    pub fn contains(self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    /// "[0.012, 0.019]", with "∞" for an unbounded end.
    pub fn text(self, digits: usize) -> String {
        let f = |x: f64| {
            if x.is_finite() {
                format!("{x:.digits$}")
            } else {
                "∞".into()
            }
        };
        format!("[{}, {}]", f(self.lo), f(self.hi))
    }
}

/// The percentile bootstrap interval of `stat` over resamples of `n`
/// items: `stat` gets the resample as indices (with repeats). `None` for
/// no items or a statistic that is NaN on the sample.
pub fn bootstrap(n: usize, stat: impl Fn(&[usize]) -> f64) -> Option<Interval> {
    if n == 0 {
        return None;
    }
    let all: Vec<usize> = (0..n).collect();
    if stat(&all).is_nan() {
        return None;
    }
    let exact = (n as f64).powi(n as i32) <= EXACT_UP_TO as f64;
    let mut values = Vec::new();
    let mut idx = vec![0usize; n];
    if exact {
        // every resample once: idx counts in base n
        loop {
            values.push(stat(&idx));
            let mut k = 0;
            while k < n {
                idx[k] += 1;
                if idx[k] < n {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
            if k == n {
                break;
            }
        }
    } else {
        let mut rng = crate::lab::train::rng::stream(0, crate::lab::train::rng::Stream::Bootstrap);
        for _ in 0..RESAMPLES {
            for i in idx.iter_mut() {
                *i = rng.random_range(0..n);
            }
            values.push(stat(&idx));
        }
    }
    values.retain(|v| !v.is_nan());
    percentile_interval(values)
}

/// The values at ranks ⌈m·α/2⌉ and ⌈m·(1 − α/2)⌉ of m sorted values
/// (1-based; α = 1 − `LEVEL`).
pub fn percentile_interval(mut values: Vec<f64>) -> Option<Interval> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let m = values.len() as f64;
    let tail = (1.0 - LEVEL) / 2.0;
    let at = |q: f64| values[((m * q - 1e-9).ceil() as usize).clamp(1, values.len()) - 1];
    Some(Interval {
        lo: at(tail),
        hi: at(1.0 - tail),
    })
}
