//! The grid's table, as the essay reports it: per method, the learning
//! rate with the best median over seeds (a diverged run counts as +∞), the
//! ratio to bp, the final per-layer alignment angles, and a note where our
//! number differs from the essay's.

use crate::lab::data::Data;
use crate::lab::method::Method;
use crate::lab::study::grid::{edge, Edge, GridSpec};
use crate::lab::study::interval::{bootstrap, Interval};
use crate::lab::train::config::Protocol;
use crate::lab::train::config::Run;
use crate::lab::train::trainer::{Angles, DIVERGENCE_NMSE};
use serde::Serialize;

/// One method's line in the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub method: Method,
    /// `None` when every learning rate's median diverged.
    pub best_lr: Option<f64>,
    /// +∞ when diverged (printed as "diverged", `null` in JSON).
    #[serde(serialize_with = "finite_or_null")]
    pub median: f64,
    #[serde(serialize_with = "finite_or_null_vec")]
    pub seed_scores: Vec<f64>,
    pub diverged_runs: usize,
    pub essay: Option<f64>,
    /// The median over seeds divided by bp's (when bp is in the grid and
    /// both are finite).
    pub ratio_to_bp: Option<f64>,
    /// The angle in degrees between the update of W₁, W₂, W₃ and the exact
    /// gradient at the last measurement, median over seeds at the best rate
    /// (`null` where the method leaves a layer unchanged).
    #[serde(serialize_with = "finite_or_null_vec")]
    pub final_angles: Vec<f64>,
    /// The 95 % bootstrap interval of the median, over the runs at the
    /// best rate (`study::interval`).
    pub interval: Option<Interval>,
    /// The same for the ratio to bp, resampling the method's and its
    /// reference's runs in pairs (same seed and teacher draw).
    pub ratio_interval: Option<Interval>,
    /// Set when the chosen rate is the largest or smallest tried: the
    /// best rate may lie beyond the grid.
    pub edge: Option<Edge>,
    /// Runs at the chosen rate that diverged (a median can hide them).
    pub diverged_at_best: usize,
    /// Why the chosen rate is still at an edge, in words (`edge_reason`).
    pub edge_reason: Option<String>,
    /// What the runs learned: the essay's numbers compare only on its
    /// teacher, so a dataset's rows have no essay column or notes.
    pub task: Data,
}

pub(crate) fn finite_or_null<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() {
        s.serialize_some(x)
    } else {
        s.serialize_none()
    }
}

pub(crate) fn finite_or_null_vec<S: serde::Serializer>(v: &[f64], s: S) -> Result<S::Ok, S::Error> {
    let o: Vec<Option<f64>> = v.iter().map(|x| x.is_finite().then_some(*x)).collect();
    serde::Serialize::serialize(&o, s)
}

impl Summary {
    /// Says so where our result differs from the essay's by more than a
    /// factor of two, or diverges where the essay's did not (or the
    /// reverse), with the reason in words that stand on their own.
    /// `floor` is this grid's readout-only median, if it ran.
    pub fn note(&self, floor: Option<f64>, steps: usize) -> Option<String> {
        if self.task != Data::Teacher {
            return None;
        }
        let ours = self.median;
        let why = |ratio: f64| -> String {
            if steps != 3000 {
                return format!("; this table ran {steps} steps, the essay's 3,000");
            }
            if self.method == Method::WeightPerturbation {
                let lr = self.best_lr.map_or(String::new(), |l| format!(" ({l})"));
                return format!("; our weight perturbation's estimate is about √N times the gradient's length, so it trains only below the essay's grid{lr}, where every rate of that grid diverges");
            }
            match floor {
                // the teacher explains it only when the floor moved the same way
                Some(f) if (f / ESSAY_FLOOR - 1.0).abs() > 0.1 && (f < ESSAY_FLOOR) == (ratio < 1.0) => format!(
                    "; the teacher here is {} the essay's: readout only, the floor, scores {f:.3} here \
                     against the essay's {ESSAY_FLOOR} (the teacher gain setting scales it)",
                    if f < ESSAY_FLOOR { "easier than" } else { "harder than" }
                ),
                _ => String::new(),
            }
        };
        match (self.method.essay(), self.method) {
            (None, Method::SignDropped) if ours.is_finite() => {
                Some("differs: ours did not diverge at every rate".into())
            }
            (None, Method::SignDropped) => Some(format!(
                "as in the essay every run diverges, here by crossing the divergence cap ({}), \
                 not by overflowing",
                divergence_cap()
            )),
            (None, _) => None,
            (Some(_), _) if !ours.is_finite() => {
                Some("differs: ours diverged at every rate".into())
            }
            (Some(e), _) => {
                let ratio = ours / e;
                (!(0.5..=2.0).contains(&ratio))
                    .then(|| format!("differs: {ratio:.1}× the essay's{}", why(ratio)))
            }
        }
    }
}

impl Summary {
    /// The essay's ratio to its own backprop (its median over its bp's
    /// 0.017), for rules in its table.
    pub fn essay_ratio(&self) -> Option<f64> {
        if self.task != Data::Teacher {
            return None;
        }
        let bp = self.method.reference().essay()?;
        Some(self.method.essay()? / bp)
    }

    /// Flagged: the essay's ratio lies outside our 95% interval.
    pub fn essay_outside(&self) -> bool {
        match (self.essay_ratio(), self.ratio_interval) {
            (Some(e), Some(i)) => !i.contains(e),
            _ => false,
        }
    }

    /// For a flagged row, one line on why ours differs (`floor`: this
    /// table's readout-only median). Where we know the mechanism we say
    /// it; otherwise we say what differs in the setup, not a guess.
    pub fn essay_reason(&self, floor: Option<f64>) -> Option<String> {
        if !self.essay_outside() {
            return None;
        }
        let e = self.essay_ratio()?;
        let e_bp = self.method.reference().essay()?;
        let ours = self.ratio_to_bp?;
        let dir = if ours > e { "costs more" } else { "costs less" };
        let w2 = self.final_angles.get(1).copied().filter(|a| a.is_finite());
        Some(match self.method {
            Method::WeightPerturbation => format!(
                "{dir} here ({ours:.1}× against {e:.1}×): our estimator is the one-shot ξ·ΔL/σ² over all N weights, whose \
                 length is about √N times the gradient's, so it trains only at rates about √N below the essay's grid; the \
                 essay's weight perturbation trained inside 0.01–0.2, so its estimator was scaled differently — a different \
                 estimator scale, not a different rate"
            ),
            Method::Stale => format!(
                "{dir} here ({ours:.1}× against {e:.1}×). Worse than the nothing-to-learn controls in both: its updates are \
                 full-sized and pair this batch's errors with the previous batch's activity, so every layer moves along \
                 directions that carry no credit, where the controls only waste their steps"
            ),
            Method::Fa | Method::Dfa => {
                let bp = self.median / ours;
                let bp_essay = e_bp;
                match w2 {
                    Some(a) if a > 50.0 => format!(
                        "{dir} here ({ours:.1}× against {e:.1}×): its feedback aligns less than the essay's ({a:.0}° on W₂ \
                         at the end, against 40–47°), so its updates carry less of the gradient"
                    ),
                    _ => format!(
                        "{dir} here ({ours:.1}× against {e:.1}×), at the essay's alignment ({} on W₂; the essay's 40–47°), so \
                         not for want of aligning: backprop does better on this task ({bp:.3} against the essay's {bp_essay}) \
                         and {} scores {:.3} against {}",
                        w2.map_or("—".into(), |a| format!("{a:.0}°")),
                        self.method.short_name(),
                        self.median,
                        self.method.essay().map_or("—".into(), |v| v.to_string()),
                    ),
                }
            }
            _ => match floor.filter(|f| f.is_finite()) {
                Some(f) => format!(
                    "{dir} here ({ours:.1}× against {e:.1}×); the task is not the essay's draw (readout only {f:.3} \
                     against {ESSAY_FLOOR}), and a rule's cost against bp moves with the teacher"
                ),
                None => format!("{dir} here ({ours:.1}× against {e:.1}×), outside our interval"),
            },
        })
    }
}

/// What "diverged" means here, in words.
pub fn divergence_cap() -> String {
    format!("a minibatch error above {DIVERGENCE_NMSE:e} times the target variance")
}

/// The essay's readout-only score.
pub const ESSAY_FLOOR: f64 = 0.169;

/// The readout-only median of a table, if it ran: the floor every method
/// that learns inside the network should beat.
pub fn readout_floor(summary: &[Summary]) -> Option<f64> {
    summary
        .iter()
        .find(|s| s.method == Method::ReadoutOnly)
        .map(|s| s.median)
}

/// Under the table, when its floor is not the essay's (by more than 10%):
/// why every score sits higher or lower than the essay's, in words that
/// stand on their own. `gain` is the teacher gain the table ran with.
pub fn teacher_gap(floor: Option<f64>, gain: f64) -> Option<String> {
    let f = floor.filter(|f| f.is_finite() && (f / ESSAY_FLOOR - 1.0).abs() > 0.1)?;
    let (word, all) = if f < ESSAY_FLOOR {
        ("easier", "lower")
    } else {
        ("harder", "higher")
    };
    Some(format!(
        "The teacher here (gain {gain}) is {word} to learn than the essay's: readout only, the floor, \
         scores {f:.3} against the essay's {ESSAY_FLOOR}, so most scores sit {all} than the essay's. \
         The essay's teacher was more nonlinear or differently scaled than its recipe gives: over 40 \
         draws of that recipe at gain 1 the floor runs from 0.101 to 0.142. The ranking and the \
         ratios to backprop are what to compare; at teacher gain 1.7 the floor comes to the essay's."
    ))
}

/// The table as CSV, one row per method.
pub fn summary_csv(summary: &[Summary]) -> String {
    let mut s = String::from(
        "method,removes,best_lr,edge,median,median_lo,median_hi,ratio_to_bp,ratio_lo,ratio_hi,essay_ratio,seed_scores,diverged_runs,diverged_at_best,angle_w1,angle_w2,angle_w3,essay\n",
    );
    for r in summary {
        let f = |x: f64| {
            if x.is_finite() {
                x.to_string()
            } else {
                "diverged".into()
            }
        };
        let seeds: Vec<String> = r.seed_scores.iter().map(|&x| f(x)).collect();
        let opt = |x: Option<f64>| x.map_or(String::new(), |v| v.to_string());
        let angles: Vec<String> = r
            .final_angles
            .iter()
            .map(|&a| opt(a.is_finite().then_some(a)))
            .collect();
        let ends =
            |i: Option<Interval>| i.map_or(",".to_string(), |i| format!("{},{}", f(i.lo), f(i.hi)));
        let edge = match r.edge {
            Some(Edge::Top) => "top",
            Some(Edge::Bottom) => "bottom",
            None => "",
        };
        s += &format!(
            "{},{},{},{edge},{},{},{},{},{},{},{},{},{},{}\n",
            r.method.id(),
            r.method.removes().replace(", ", "+"),
            opt(r.best_lr),
            f(r.median),
            ends(r.interval),
            opt(r.ratio_to_bp),
            ends(r.ratio_interval),
            opt(r.essay_ratio()),
            seeds.join(";"),
            r.diverged_runs,
            r.diverged_at_best,
            angles.join(","),
            r.method.essay_text()
        );
    }
    s
}

/// The median, with +∞ for diverged runs; the mean of the middle two for
/// an even count.
pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Per method: the learning rate with the best median over seeds, its
/// ratio to bp's and its final per-layer angles.
pub fn summarise(spec: &GridSpec, runs: &[Run]) -> Vec<Summary> {
    let mut out: Vec<Summary> = spec
        .methods
        .iter()
        .map(|&method| summarise_one(spec, runs, method))
        .collect();
    // each against bp on its own task (the classification rules against
    // bp_classify)
    let medians: Vec<(Method, f64)> = out.iter().map(|s| (s.method, s.median)).collect();
    for s in &mut out {
        let bp = medians
            .iter()
            .find(|m| m.0 == s.method.reference())
            .map(|m| m.1);
        s.ratio_to_bp = bp
            .filter(|b| b.is_finite() && *b > 0.0 && s.median.is_finite())
            .map(|b| s.median / b);
    }
    let best: Vec<(Method, Option<f64>)> = out.iter().map(|s| (s.method, s.best_lr)).collect();
    let at_best = |m: Method| {
        let lr = best.iter().find(|b| b.0 == m).and_then(|b| b.1)?;
        Some(scores_by_seed(runs, m, lr))
    };
    for s in &mut out {
        let Some(mine) = at_best(s.method) else {
            continue;
        };
        s.interval = bootstrap(mine.len(), |ix| {
            median(&ix.iter().map(|&i| mine[i].1).collect::<Vec<_>>())
        });
        if s.ratio_to_bp.is_none() {
            continue;
        }
        let Some(theirs) = at_best(s.method.reference()) else {
            continue;
        };
        // pairs: the same seed for the method and its reference
        let pairs: Vec<(f64, f64)> = mine
            .iter()
            .filter_map(|(k, a)| theirs.iter().find(|t| t.0 == *k).map(|t| (*a, t.1)))
            .collect();
        s.ratio_interval = bootstrap(pairs.len(), |ix| {
            let a: Vec<f64> = ix.iter().map(|&i| pairs[i].0).collect();
            let b: Vec<f64> = ix.iter().map(|&i| pairs[i].1).collect();
            let (a, b) = (median(&a), median(&b));
            if b.is_finite() && b > 0.0 {
                a / b
            } else {
                f64::NAN
            }
        });
    }
    out
}

/// A method's scores at one rate, keyed by (teacher draw, seed), in that
/// order (+∞ for a diverged run).
fn scores_by_seed(runs: &[Run], method: Method, lr: f64) -> Vec<((u64, u64), f64)> {
    let mut v: Vec<((u64, u64), f64)> = runs
        .iter()
        .filter(|r| r.cfg.method == method && r.cfg.lr == lr)
        .map(|r| ((r.cfg.teacher.seed, r.cfg.seed), r.result.nmse))
        .collect();
    v.sort_by_key(|p| p.0);
    v
}

fn summarise_one(spec: &GridSpec, runs: &[Run], method: Method) -> Summary {
    let mine: Vec<&Run> = runs.iter().filter(|r| r.cfg.method == method).collect();
    let at = |lr: f64| mine.iter().filter(move |r| r.cfg.lr == lr);
    let scores_at = |lr: f64| -> Vec<f64> { at(lr).map(|r| r.result.nmse).collect() };
    // the careful protocol chooses on the validation set, the essay's on
    // the test set it reports
    let chooser = |r: &Run| match spec.base.protocol {
        Protocol::Careful => r.result.validation.unwrap_or(f64::INFINITY),
        Protocol::Essay => r.result.nmse,
    };
    let tried = spec.lrs_for(method);
    let best = tried
        .iter()
        .map(|&lr| (lr, median(&at(lr).map(|r| chooser(r)).collect::<Vec<_>>())))
        .filter(|(_, m)| m.is_finite())
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let (best_lr, med, seed_scores) = match best {
        Some((lr, _)) => (Some(lr), median(&scores_at(lr)), scores_at(lr)),
        None => (None, f64::INFINITY, vec![f64::INFINITY; spec.seeds.len()]),
    };
    let edge = best_lr.and_then(|lr| edge(&tried, lr));
    let chosen_by: Vec<(f64, f64)> = tried
        .iter()
        .map(|&lr| (lr, median(&at(lr).map(|r| chooser(r)).collect::<Vec<_>>())))
        .collect();
    let edge_reason = best_lr
        .zip(edge)
        .map(|(lr, e)| edge_reason(spec, method, &chosen_by, lr, e));
    let final_angles = (0..=spec.base.depth.max(1))
        .map(|l| {
            let Some(lr) = best_lr else { return f64::NAN };
            let last: Vec<f64> = at(lr)
                .filter_map(|r| r.angles.last().and_then(|a| a.1.get(l).copied()))
                .filter(|d| d.is_finite())
                .collect();
            if last.is_empty() {
                f64::NAN
            } else {
                median(&last)
            }
        })
        .collect();
    Summary {
        method,
        best_lr,
        median: med,
        seed_scores,
        diverged_runs: mine.iter().filter(|r| r.result.diverged).count(),
        essay: method
            .essay()
            .filter(|_| spec.base.teacher.data == Data::Teacher),
        ratio_to_bp: None,
        final_angles,
        interval: None,
        ratio_interval: None,
        edge,
        diverged_at_best: best_lr.map_or(0, |lr| at(lr).filter(|r| r.result.diverged).count()),
        edge_reason,
        task: spec.base.teacher.data,
    }
}

/// Why a rule's chosen rate `lr` sits at `edge` of the rates it tried,
/// from what the grid measured: `by_rate` is each rate's median of the
/// score the protocol chooses by (validation, or the essay's test score).
fn edge_reason(
    spec: &GridSpec,
    method: Method,
    by_rate: &[(f64, f64)],
    lr: f64,
    edge: Edge,
) -> String {
    let chosen = by_rate.iter().find(|p| p.0 == lr).map_or(f64::NAN, |p| p.1);
    let finite: Vec<f64> = by_rate
        .iter()
        .map(|p| p.1)
        .filter(|m| m.is_finite())
        .collect();
    // worse the further from the edge: the rule wants to move less (or more)
    let ordered = match edge {
        Edge::Bottom => finite.windows(2).all(|w| w[0] <= w[1]),
        Edge::Top => finite.windows(2).all(|w| w[0] >= w[1]),
    };
    let (end, way) = match edge {
        Edge::Top => ("largest", "larger"),
        Edge::Bottom => ("smallest", "smaller"),
    };
    let grid = match spec.base.protocol {
        Protocol::Essay => format!(
            "{lr} is the {end} rate of the essay's grid, which the essay's protocol does not extend (the careful protocol does)"
        ),
        Protocol::Careful => {
            let had = spec.added_lrs.iter().filter(|a| a.0 == method).count();
            let max = crate::lab::study::grid::MAX_EXTENSIONS;
            if had >= max {
                format!("{lr} is still the {end} rate after {had} added rates, the most the careful protocol adds")
            } else {
                format!("{lr} is the {end} rate so far ({had} of up to {max} rates added)")
            }
        }
    };
    let trend = if ordered && finite.len() > 2 {
        format!("; each rate nearer it scored better, so the best rate may be {way} still")
    } else {
        String::new()
    };
    // nMSE 1 is always answering the targets' mean
    let classifies = method.classifies() || spec.base.teacher.data.classifies();
    let harm = if edge == Edge::Bottom && ordered && !classifies && chosen >= 1.0 {
        format!(
            ". Even there it scores {chosen:.2}, worse than always answering the targets' mean (1): \
             the less this rule moves the student the better it scores, so no rate of it learns \
             the task"
        )
    } else {
        String::new()
    };
    format!("{grid}{trend}{harm}.")
}

/// The angle series in one line, at the steps the essay reports, beside
/// the essay's numbers.
pub fn angle_summary(steps: &[usize], degrees: &[f64], data: Data) -> String {
    let at: Vec<String> = steps
        .iter()
        .zip(degrees)
        .filter(|(s, _)| [0, 300, 1200, 2000, 2900].contains(*s))
        .map(|(s, d)| format!("{d:.1}° at step {s}"))
        .collect();
    let essay = if data == Data::Teacher {
        " Essay: 90.5° at 0, 56° at 300, 40–47° from 1,200."
    } else {
        ""
    };
    format!(
        "FA alignment angle (W₂, median over seeds at the selected rate): {}.{essay}",
        at.join(", ")
    )
}

/// The alignment-angle series of `method` for weight layer `layer` (0 = W₁)
/// at its selected learning rate: the median over seeds at each measured
/// step.
pub fn angle_series(
    runs: &[Run],
    summary: &[Summary],
    method: Method,
    layer: usize,
) -> Option<(Vec<usize>, Vec<f64>)> {
    let lr = summary.iter().find(|s| s.method == method)?.best_lr?;
    let series: Vec<&Angles> = runs
        .iter()
        .filter(|r| r.cfg.method == method && r.cfg.lr == lr)
        .map(|r| &r.angles)
        .collect();
    // the longest series gives the steps; a run that diverged early
    // leaves the later medians to the runs still going
    let longest = series.iter().max_by_key(|s| s.len())?;
    let steps = longest.iter().map(|a| a.0).collect();
    let degrees = (0..longest.len())
        .map(|i| {
            let at: Vec<f64> = series
                .iter()
                .filter_map(|s| s.get(i))
                .map(|a| a.1.get(layer).copied().unwrap_or(f64::NAN))
                .collect();
            median(&at)
        })
        .collect();
    Some((steps, degrees))
}

/// Whether two rows cannot be ranked: their 95% intervals overlap (or
/// one has none). A "beats" is said only where this is false.
pub fn within_noise(a: &Summary, b: &Summary) -> bool {
    match (a.interval, b.interval) {
        (Some(x), Some(y)) => !x.separate(y),
        _ => true,
    }
}

/// The table's rows best first (lowest median; diverged last), for a
/// table read from the back of a room.
pub fn ranked(summary: &[Summary]) -> Vec<&Summary> {
    let mut rows: Vec<&Summary> = summary.iter().collect();
    rows.sort_by(|a, b| a.median.total_cmp(&b.median));
    rows
}
