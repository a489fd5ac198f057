//! The Agents view's charts as SVG strings: held-out loss by round (each
//! signal, gated dashed), final loss against depth at an equal call
//! budget, and the compute-matched vote (credit quality, step by step, is
//! `charts_agents_map`).

use crate::lab::agents::rounds::{AgentRun, PipelineRow};
use crate::lab::agents::vote::VotePoint;
use crate::lab::agents::Signal;
use crate::ui::charts::plots::{frame, tick, LEGEND_COLS};
use crate::ui::charts::svg::{hex, legend_rows, Axis, Plot, Rgb, Svg};

pub fn signal_color(s: Signal) -> Rgb {
    match s {
        Signal::Exact => (31, 95, 191),
        Signal::Chain => (230, 97, 1),
        Signal::Broadcast => (44, 160, 44),
    }
}

fn line(svg: &mut Svg, p: &Plot, pts: &[(f64, f64)], color: Rgb, dash: bool, dots: bool) {
    let at: Vec<(f64, f64)> = pts
        .iter()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .map(|&(x, y)| p.at(x, y.clamp(p.ya.lo, p.ya.hi)))
        .collect();
    svg.polyline(&at, &hex(color), 2.5, dash);
    if dots {
        for &(x, y) in &at {
            svg.circle(x, y, 4.0, &hex(color));
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
pub fn draw_curves(curves: &[(bool, AgentRun)]) -> (String, usize) {
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
                signal_color(r.signal),
                *g,
            )
        })
        .collect();
    let k = curves.first().map_or(0, |(_, r)| r.angles.len());
    let (mut svg, p) = frame(
        420.0 + 22.0 * legend_rows(entries.len(), LEGEND_COLS) as f64,
        &format!("Held-out loss, round by round (K = {k} steps)"),
        legend_rows(entries.len(), LEGEND_COLS),
        Axis::linear(0.0, rounds as f64),
        ya,
    );
    svg.axes(&p, "round", "held-out loss (log scale)", &whole, &tick);
    for (g, r) in curves {
        let pts: Vec<(f64, f64)> = r
            .val
            .iter()
            .enumerate()
            .map(|(i, &v)| (i as f64, v))
            .collect();
        line(&mut svg, &p, &pts, signal_color(r.signal), *g, false);
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, LEGEND_COLS, &entries);
    (svg.finish(), curves.len())
}

/// Per signal, `get` of each depth's row against depth.
fn by_depth(
    rows: &[PipelineRow],
    title: &str,
    ylabel: &str,
    ya: Axis,
    get: impl Fn(&PipelineRow) -> f64,
) -> (String, usize) {
    let signals: Vec<Signal> = Signal::ALL
        .into_iter()
        .filter(|s| rows.iter().any(|r| r.signal == *s))
        .collect();
    let entries: Vec<_> = signals
        .iter()
        .map(|s| (s.id().to_string(), signal_color(*s), false))
        .collect();
    let (mut svg, p) = frame(
        400.0,
        title,
        legend_rows(entries.len(), LEGEND_COLS),
        Axis::linear(0.0, 8.0),
        ya,
    );
    svg.axes(&p, "steps in the pipeline K", ylabel, &whole, &tick);
    for s in &signals {
        let pts: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| r.signal == *s)
            .map(|r| (r.depth as f64, get(r)))
            .collect();
        line(&mut svg, &p, &pts, signal_color(*s), false, true);
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, LEGEND_COLS, &entries);
    (svg.finish(), signals.len())
}

/// Final held-out loss against depth, each signal at the chained
/// critique's call budget.
pub fn draw_depth(rows: &[PipelineRow]) -> (String, usize) {
    let ya = log_axis(
        rows.iter()
            .map(|r| r.final_val)
            .chain(rows.iter().map(|r| r.start_val)),
    );
    by_depth(
        rows,
        "Final held-out loss at an equal call budget",
        "held-out loss (log)",
        ya,
        |r| r.final_val,
    )
}

/// Accuracy against calls: independent answers voted (with its closed
/// form, dashed) and one answer refined and voted over its versions.
pub fn draw_vote(points: &[VotePoint]) -> (String, usize) {
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
    let (mut svg, p) = frame(
        420.0,
        "The compute-matched baseline: accuracy against calls",
        legend_rows(series.len(), 1),
        Axis::linear(0.0, 8.0),
        Axis::linear(0.0, 1.0),
    );
    svg.axes(&p, "calls per question", "accuracy", &whole, &tick);
    for (_, color, dash, dots, get) in series {
        let pts: Vec<(f64, f64)> = points.iter().map(|v| (v.calls as f64, get(v))).collect();
        line(&mut svg, &p, &pts, color, dash, dots);
    }
    let entries: Vec<_> = series
        .iter()
        .map(|(name, c, dash, _, _)| (name.to_string(), *c, *dash))
        .collect();
    svg.legend(p.x, p.y + p.h + 66.0, p.w, 1, &entries);
    (svg.finish(), if points.is_empty() { 0 } else { 2 })
}
