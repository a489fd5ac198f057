//! The Agents view's charts (one `AgentsChart`, four kinds): held-out
//! loss by round (each signal, gated dashed), final loss against depth at
//! an equal call budget, and the compute-matched vote; the credit-quality
//! map, step by step, is drawn in `agents_map`.

use crate::lab::agents::rounds::{AgentRun, PipelineRow};
use crate::lab::agents::vote::VotePoint;
use crate::lab::agents::Signal;
use crate::ui::charts::agents_map;
use crate::ui::charts::pen::{legend_rows, Axis, Chart, Ink, Look, Pen, Plot, Rgb};
use crate::ui::charts::plots::{frame, legend_below, tick, LEGEND_COLS, WIDTH};
use plotters::prelude::DrawingBackend;

/// One of the Agents view's charts, with its data.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentsChart {
    /// Held-out loss against round, one line per signal (gated or not).
    Curves(Vec<(bool, AgentRun)>),
    /// Final held-out loss against the number of steps K.
    Depth(Vec<PipelineRow>),
    /// The credit-quality map (`agents_map`).
    Map(Vec<PipelineRow>),
    /// Accuracy against calls.
    Vote(Vec<VotePoint>),
}

impl Chart for AgentsChart {
    fn size(&self) -> (f64, f64) {
        let h = match self {
            Self::Curves(c) => 420.0 + 22.0 * legend_rows(c.len(), LEGEND_COLS) as f64,
            Self::Depth(_) => 400.0,
            Self::Map(rows) => agents_map::height(rows),
            Self::Vote(_) => 420.0,
        };
        (WIDTH, h)
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let h = self.size().1;
        match self {
            Self::Curves(c) => curves(pen, h, c),
            Self::Depth(rows) => depth(pen, h, rows),
            Self::Map(rows) => agents_map::map(pen, h, rows),
            Self::Vote(points) => vote(pen, h, points),
        }
    }
}

pub fn signal_color(s: Signal) -> Rgb {
    match s {
        Signal::Exact => (31, 95, 191),
        Signal::Chain => (230, 97, 1),
        Signal::Broadcast => (44, 160, 44),
    }
}

fn line<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    p: &Plot,
    pts: &[(f64, f64)],
    color: Rgb,
    dash: bool,
    dots: bool,
) {
    let at: Vec<(f64, f64)> = pts
        .iter()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .map(|&(x, y)| p.at(x, y.clamp(p.ya.lo, p.ya.hi)))
        .collect();
    pen.series(&at, Look::line(color, dash));
    if dots {
        for &(x, y) in &at {
            pen.circle(x, y, 4.0, Ink::Data(color));
        }
    }
}

/// A tick label for whole-number axes (rounds, steps, calls): none
/// between whole numbers.
fn whole(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

/// A log axis around the positive values of `v`.
fn log_axis(v: impl Iterator<Item = f64>) -> Axis {
    let (lo, hi) = v
        .filter(|x| x.is_finite() && *x > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
    if hi > 0.0 {
        // three decades at most: a loss of ~0 (one step, all exact) sits on the floor
        Axis::log((lo * 0.8).max(hi * 1e-3), hi * 1.25)
    } else {
        Axis::log(1e-3, 1.0)
    }
}

/// Held-out loss against round, one line per signal, gated dashed.
fn curves<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, curves: &[(bool, AgentRun)]) -> usize {
    let rounds = curves
        .iter()
        .map(|(_, r)| r.kept.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let ya = log_axis(curves.iter().flat_map(|(_, r)| r.val.iter().copied()));
    let entries: Vec<_> = curves
        .iter()
        .map(|(g, r)| {
            (
                format!("{}{}", r.signal.id(), if *g { ", gated" } else { "" }),
                Look::line(signal_color(r.signal), *g),
            )
        })
        .collect();
    let k = curves.first().map_or(0, |(_, r)| r.angles.len());
    let p = frame(
        pen,
        h,
        &format!("Held-out loss, round by round (K = {k} steps)"),
        legend_rows(entries.len(), LEGEND_COLS),
        Axis::linear(0.0, rounds as f64),
        ya,
    );
    pen.axes(&p, "round", "held-out loss (log scale)", &whole, &tick);
    for (g, r) in curves {
        let pts: Vec<(f64, f64)> = r
            .val
            .iter()
            .enumerate()
            .map(|(i, &v)| (i as f64, v))
            .collect();
        line(pen, &p, &pts, signal_color(r.signal), *g, false);
    }
    legend_below(pen, &p, LEGEND_COLS, &entries);
    curves.len()
}

/// Per signal, `get` of each depth's row against depth.
fn by_depth<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    rows: &[PipelineRow],
    title: &str,
    ylabel: &str,
    ya: Axis,
    get: impl Fn(&PipelineRow) -> f64,
) -> usize {
    let signals: Vec<Signal> = Signal::ALL
        .into_iter()
        .filter(|s| rows.iter().any(|r| r.signal == *s))
        .collect();
    let entries: Vec<_> = signals
        .iter()
        .map(|s| (s.id().to_string(), Look::line(signal_color(*s), false)))
        .collect();
    let p = frame(
        pen,
        h,
        title,
        legend_rows(entries.len(), LEGEND_COLS),
        Axis::linear(0.0, 8.0),
        ya,
    );
    pen.axes(&p, "steps in the pipeline K", ylabel, &whole, &tick);
    for s in &signals {
        let pts: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| r.signal == *s)
            .map(|r| (r.depth as f64, get(r)))
            .collect();
        line(pen, &p, &pts, signal_color(*s), false, true);
    }
    legend_below(pen, &p, LEGEND_COLS, &entries);
    signals.len()
}

/// Final held-out loss against depth, each signal at the chained
/// critique's call budget.
fn depth<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, rows: &[PipelineRow]) -> usize {
    let ya = log_axis(
        rows.iter()
            .map(|r| r.final_val)
            .chain(rows.iter().map(|r| r.start_val)),
    );
    by_depth(
        pen,
        h,
        rows,
        "Final held-out loss at an equal call budget",
        "held-out loss (log)",
        ya,
        |r| r.final_val,
    )
}

/// Accuracy against calls: independent answers voted (with its closed
/// form, dashed) and one answer refined and voted over its versions.
fn vote<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, points: &[VotePoint]) -> usize {
    type Get = fn(&VotePoint) -> f64;
    // (name, colour, dashed, dots, value)
    let series: [(&str, Rgb, bool, bool, Get); 3] = [
        (
            "independent answers, voted",
            (106, 76, 147),
            false,
            true,
            |v| v.independent,
        ),
        (
            "closed form of the independent vote",
            (0, 0, 0),
            true,
            false,
            |v| v.independent_exact,
        ),
        (
            "one answer refined, voted over its versions",
            (140, 86, 75),
            false,
            true,
            |v| v.refine,
        ),
    ];
    let p = frame(
        pen,
        h,
        "The compute-matched baseline: accuracy against calls",
        legend_rows(series.len(), 1),
        Axis::linear(0.0, 8.0),
        Axis::linear(0.0, 1.0),
    );
    pen.axes(&p, "calls per question", "accuracy", &whole, &tick);
    for (_, color, dash, dots, get) in series {
        let pts: Vec<(f64, f64)> = points.iter().map(|v| (v.calls as f64, get(v))).collect();
        line(pen, &p, &pts, color, dash, dots);
    }
    let entries: Vec<_> = series
        .iter()
        .map(|(name, c, dash, _, _)| (name.to_string(), Look::line(*c, *dash)))
        .collect();
    legend_below(pen, &p, 1, &entries);
    if points.is_empty() {
        0
    } else {
        2
    }
}
