//! The Agents view's charts (one `AgentsChart`, four kinds): held-out
//! loss by round (each signal's median over the seeds with its
//! interquartile band, gated dashed), the score against depth at an equal
//! call budget (median and band), and the compute-matched vote; the
//! credit-quality map, step by step, is drawn in `agents_map`.

use crate::lab::agents::margin::{MarginAxes, MarginCell};
use crate::lab::agents::rounds::PipelineRow;
use crate::lab::agents::vote::VotePoint;
use crate::lab::agents::Signal;
use crate::page::agents::results::{CurveBand, DepthPoint};
use crate::page::palette::signal_color;
use crate::ui::charts::pen::{legend_rows, Axis, Chart, Ink, Look, Pen, Plot, Rgb};
use crate::ui::charts::plots::{chart_width, frame, legend_below, legend_cols, tick};
use crate::ui::charts::{agents_map, agents_margin};
use plotters::prelude::DrawingBackend;

/// One of the Agents view's charts, with its data.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentsChart {
    /// Held-out loss against round, one median line and band per signal
    /// (gated or not).
    Curves(Vec<CurveBand>),
    /// The score against the number of steps K, median and band.
    Depth(Vec<DepthPoint>),
    /// The credit-quality map (`agents_map`), of the median rows.
    Map(Vec<PipelineRow>),
    /// Accuracy against calls.
    Vote(Vec<VotePoint>),
    /// Where the chain stops winning (`agents_margin`).
    Margin(MarginAxes, Vec<MarginCell>),
}

impl Chart for AgentsChart {
    fn size(&self) -> (f64, f64) {
        let h = match self {
            Self::Curves(c) => 420.0 + 22.0 * legend_rows(c.len(), legend_cols()) as f64,
            Self::Depth(_) => 400.0,
            Self::Map(rows) => agents_map::height(rows),
            Self::Vote(_) => 420.0,
            Self::Margin(axes, _) => agents_margin::height(axes),
        };
        (chart_width(), h)
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let h = self.size().1;
        match self {
            Self::Curves(c) => curves(pen, h, c),
            Self::Depth(points) => depth(pen, h, points),
            Self::Map(rows) => agents_map::map(pen, h, rows),
            Self::Vote(points) => vote(pen, h, points),
            Self::Margin(axes, cells) => agents_margin::map(pen, h, axes, cells),
        }
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

/// Held-out loss against round: each arm's median over the seeds, its
/// interquartile band shaded, gated dashed.
fn curves<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, bands: &[CurveBand]) -> usize {
    let rounds = bands
        .iter()
        .map(|b| b.median.len().saturating_sub(1))
        .max()
        .unwrap_or(1)
        .max(1);
    let ya = log_axis(bands.iter().flat_map(|b| b.lo.iter().chain(&b.hi).copied()));
    let entries: Vec<_> = bands
        .iter()
        .map(|b| {
            (
                format!("{}{}", b.signal.id(), if b.gate { ", gated" } else { "" }),
                Look::line(signal_color(b.signal), b.gate),
            )
        })
        .collect();
    let seeds = bands.iter().map(|b| b.seeds).max().unwrap_or(0);
    let p = frame(
        pen,
        h,
        &format!(
            "Held-out loss, round by round: median of {seeds} seed{}, the middle half shaded",
            if seeds == 1 { "" } else { "s" }
        ),
        legend_rows(entries.len(), legend_cols()),
        Axis::linear(0.0, rounds as f64),
        ya,
    );
    pen.axes(&p, "round", "held-out loss (log scale)", &whole, &tick);
    let clamp = |y: f64| y.clamp(p.ya.lo, p.ya.hi);
    for b in bands.iter().filter(|b| b.seeds > 1) {
        let upper = b.hi.iter().enumerate().map(|(i, &v)| (i as f64, v));
        let lower = b.lo.iter().enumerate().rev().map(|(i, &v)| (i as f64, v));
        let poly: Vec<(f64, f64)> = upper
            .chain(lower)
            .filter(|(_, y)| y.is_finite())
            .map(|(x, y)| p.at(x, clamp(y)))
            .collect();
        pen.area(
            &poly,
            Ink::Data(signal_color(b.signal)),
            if b.gate { 0.08 } else { 0.14 },
        );
    }
    for b in bands {
        let pts: Vec<(f64, f64)> = b
            .median
            .iter()
            .enumerate()
            .map(|(i, &v)| (i as f64, v))
            .collect();
        line(pen, &p, &pts, signal_color(b.signal), b.gate, false);
    }
    legend_below(pen, &p, legend_cols(), &entries);
    bands.len()
}

/// The score against depth, each signal at the chained critique's call
/// budget: the median over the seeds, a bar over the middle half.
fn depth<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, points: &[DepthPoint]) -> usize {
    let ya = log_axis(
        points
            .iter()
            .flat_map(|d| [d.score.band.lo, d.score.band.hi, d.row.start_val]),
    );
    let signals: Vec<Signal> = Signal::ARMS
        .into_iter()
        .filter(|s| points.iter().any(|r| r.signal == *s))
        .collect();
    let entries: Vec<_> = signals
        .iter()
        .map(|s| (s.id().to_string(), Look::line(signal_color(*s), false)))
        .collect();
    let p = frame(
        pen,
        h,
        "Score at an equal call budget (median over the seeds, bars: the middle half)",
        legend_rows(entries.len(), legend_cols()),
        Axis::linear(0.0, 8.0),
        ya,
    );
    pen.axes(
        &p,
        "steps in the pipeline K",
        "held-out loss (log)",
        &whole,
        &tick,
    );
    for (k, s) in signals.iter().enumerate() {
        let mine: Vec<&DepthPoint> = points.iter().filter(|r| r.signal == *s).collect();
        // side by side, so that bars at one depth do not hide each other
        let dx = (k as f64 - (signals.len() as f64 - 1.0) / 2.0) * 0.08;
        for d in &mine {
            let (lo, hi) = (d.score.band.lo, d.score.band.hi);
            if lo.is_finite() && hi.is_finite() && d.score.n > 1 {
                let x = d.depth as f64 + dx;
                let a = p.at(x, lo.clamp(p.ya.lo, p.ya.hi));
                let b = p.at(x, hi.clamp(p.ya.lo, p.ya.hi));
                pen.line(a, b, Ink::Data(signal_color(*s)), 2.0, false);
            }
        }
        let pts: Vec<(f64, f64)> = mine
            .iter()
            .map(|d| (d.depth as f64 + dx, d.score.median))
            .collect();
        line(pen, &p, &pts, signal_color(*s), false, true);
    }
    legend_below(pen, &p, legend_cols(), &entries);
    signals.len()
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
