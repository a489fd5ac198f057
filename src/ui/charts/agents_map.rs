//! The Agents view's credit-quality map: for the chained critique and
//! both broadcasts, the angle between each step's update and the exact
//! gradient, step by step (across) for each pipeline depth (down), with
//! the mean over the steps before the last beside each row.

use crate::lab::agents::rounds::PipelineRow;
use crate::lab::agents::Signal;
use crate::ui::charts::pen::{Anchor, Ink, Pen, Rgb, TEXT};
use crate::ui::charts::plots::chart_width;
use plotters::prelude::DrawingBackend;

/// The signals the map draws (exact is 0° everywhere by definition).
pub const MAP_SIGNALS: [Signal; 3] = [Signal::Chain, Signal::Broadcast, Signal::Reading];

/// A cell's fill for an angle: pale at 0°, deep red at 90° and beyond,
/// and whether its text should be white.
pub fn angle_fill(deg: f64) -> (Rgb, bool) {
    let t = (deg / 90.0).clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    let c = (mix(255.0, 165.0), mix(247.0, 15.0), mix(236.0, 21.0));
    (c, t > 0.55)
}

fn depths_of(rows: &[PipelineRow]) -> Vec<usize> {
    let mut depths: Vec<usize> = rows.iter().map(|r| r.depth).collect();
    depths.sort_unstable();
    depths.dedup();
    depths
}

fn signals_of(rows: &[PipelineRow]) -> Vec<Signal> {
    MAP_SIGNALS
        .into_iter()
        .filter(|s| rows.iter().any(|r| r.signal == *s))
        .collect()
}

const CELL_H: f64 = 34.0;
const HEAD: f64 = 58.0;
const GAP: f64 = 24.0;

fn panel_h(rows: &[PipelineRow]) -> f64 {
    HEAD + CELL_H * depths_of(rows).len().max(1) as f64
}

/// The map's height for these rows.
pub fn height(rows: &[PipelineRow]) -> f64 {
    66.0 + (panel_h(rows) + GAP) * signals_of(rows).len().max(1) as f64 + 20.0
}

/// The map `h` high; returns how many signals it drew.
pub fn map<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, rows: &[PipelineRow]) -> usize {
    let depths = depths_of(rows);
    let signals = signals_of(rows);
    let cols = depths.iter().copied().max().unwrap_or(1);
    let (x0, cell_h, head) = (96.0, CELL_H, HEAD);
    let panel_h = panel_h(rows);
    let w = chart_width();
    let gap = GAP;
    crate::ui::charts::plots::title(
        pen,
        "Credit quality, step by step: angle of each update to the exact gradient",
    );
    // the step columns, then a gap and the mean column
    let mean_w = 92.0;
    let cell_w = (w - x0 - 16.0 - mean_w - 10.0) / cols as f64;
    let text = |pen: &mut Pen<DB>, x: f64, y: f64, anchor: Anchor, ink: Ink, s: &str| {
        pen.text(x, y, TEXT, anchor, ink, s);
    };
    if signals.is_empty() {
        let note = "run the simulation to fill the map";
        text(pen, w / 2.0, h / 2.0, Anchor::Middle, Ink::Muted, note);
        return 0;
    }
    for (si, s) in signals.iter().enumerate() {
        let top = 52.0 + si as f64 * (panel_h + gap);
        let label = match s {
            Signal::Chain => "chained critique (hop by hop through the critic)",
            Signal::Reading => "broadcast critique, read by each step with its own outputs",
            _ => "broadcast critique (the final critique through a fixed random map)",
        };
        text(pen, 16.0, top + 14.0, Anchor::Start, Ink::Strong, label);
        let yh = top + head - 8.0;
        for k in 1..=cols {
            let x = x0 + (k as f64 - 0.5) * cell_w;
            text(pen, x, yh, Anchor::Middle, Ink::Axis, &k.to_string());
        }
        let xm = w - 16.0 - mean_w / 2.0;
        text(pen, xm, yh, Anchor::Middle, Ink::Axis, "mean 1…K−1");
        text(pen, x0 - 8.0, yh, Anchor::End, Ink::Axis, "K \\ step");
        for (di, &d) in depths.iter().enumerate() {
            let y = top + head + di as f64 * cell_h;
            let mid = y + cell_h / 2.0 + 5.0;
            text(
                pen,
                x0 - 8.0,
                mid,
                Anchor::End,
                Ink::Axis,
                &format!("K = {d}"),
            );
            let Some(r) = rows.iter().find(|r| r.depth == d && r.signal == *s) else {
                continue;
            };
            let cells = r
                .angles
                .iter()
                .enumerate()
                .map(|(i, &a)| (x0 + i as f64 * cell_w, cell_w, a))
                .chain(std::iter::once((
                    w - 16.0 - mean_w,
                    mean_w,
                    r.mean_inner_angle(),
                )));
            for (x, cw, a) in cells {
                if !a.is_finite() {
                    pen.rect(x + 1.0, y + 1.0, cw - 2.0, cell_h - 2.0, Ink::Grid, 1.0);
                    text(pen, x + cw / 2.0, mid, Anchor::Middle, Ink::Muted, "—");
                    continue;
                }
                let (fill, light) = angle_fill(a);
                pen.rect(
                    x + 1.0,
                    y + 1.0,
                    cw - 2.0,
                    cell_h - 2.0,
                    Ink::Fixed(fill),
                    1.0,
                );
                let ink = Ink::Fixed(if light { (255, 255, 255) } else { (17, 17, 17) });
                text(
                    pen,
                    x + cw / 2.0,
                    mid,
                    Anchor::Middle,
                    ink,
                    &format!("{a:.0}°"),
                );
            }
        }
    }
    text(
        pen,
        x0 + (w - x0 - 16.0 - mean_w) / 2.0,
        h - 16.0,
        Anchor::Middle,
        Ink::Axis,
        "step k of the pipeline (1 reads the task; K reads the evaluator) →",
    );
    signals.len()
}
