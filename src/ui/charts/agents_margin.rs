//! The Agents view's margin map (`lab::agents::margin`): where the chain
//! stops winning. One panel per broadcast (down) and blur (across); in
//! each, the critic's fidelity ρ (down) against the depth K (across), each
//! cell coloured by the chain's margin over that broadcast at an equal
//! call budget, and grey with "≈" where the bands over the seeds overlap.

use crate::lab::agents::margin::{MarginAxes, MarginCell, AGAINST};
use crate::lab::agents::spread::Verdict;
use crate::lab::agents::Signal;
use crate::page::palette::signal_color;
use crate::ui::charts::pen::{Anchor, Ink, Pen, Rgb, TEXT};
use crate::ui::charts::plots::{chart_width, Table};
use plotters::prelude::DrawingBackend;

const CELL_H: f64 = 28.0;
const LABEL_W: f64 = 52.0;
const GAP: f64 = 14.0;
const TOP: f64 = 46.0;
/// A section's heading, a panel's heading and its K row.
const HEAD: f64 = 24.0 + 22.0 + 22.0;
const FOOT: f64 = 58.0;

/// The fill of a cell that separates: toward the winner's colour by the
/// size of the margin (a margin of 100 % or more is the full colour),
/// and whether its text should be white.
pub fn margin_fill(margin: f64, against: Signal) -> (Rgb, bool) {
    let to = if margin >= 0.0 {
        signal_color(Signal::Chain)
    } else {
        signal_color(against)
    };
    let t = 0.25 + 0.75 * margin.abs().min(1.0);
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
    ((mix(255, to.0), mix(255, to.1), mix(255, to.2)), t > 0.6)
}

const NOISE_FILL: Rgb = (226, 226, 226);

fn section_h(axes: &MarginAxes) -> f64 {
    HEAD + CELL_H * axes.fidelities.len().max(1) as f64 + GAP
}

/// The map's height.
pub fn height(axes: &MarginAxes) -> f64 {
    TOP + section_h(axes) * AGAINST.len() as f64 + FOOT
}

/// The map `h` high; returns how many panels hold a cell.
pub fn map<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    axes: &MarginAxes,
    cells: &[MarginCell],
) -> usize {
    let w = chart_width();
    crate::ui::charts::plots::title(
        pen,
        "Where the chain stops winning: its margin over each broadcast",
    );
    let text = |pen: &mut Pen<DB>, x: f64, y: f64, anchor: Anchor, ink: Ink, s: &str| {
        pen.text(x, y, TEXT, anchor, ink, s);
    };
    if cells.is_empty() {
        let note = "press “map it” to fill the map";
        text(pen, w / 2.0, h / 2.0, Anchor::Middle, Ink::Muted, note);
        return 0;
    }
    let n = axes.blurs.len().max(1) as f64;
    let pw = (w - 32.0 - GAP * (n - 1.0)) / n;
    let cw = (pw - LABEL_W) / axes.depths.len().max(1) as f64;
    let mut panels = 0;
    for (si, against) in AGAINST.into_iter().enumerate() {
        let top = TOP + si as f64 * section_h(axes);
        let head = format!("the chained critique against the {}", against.short());
        text(pen, 16.0, top + 16.0, Anchor::Start, Ink::Strong, &head);
        for (bi, &blur) in axes.blurs.iter().enumerate() {
            let x0 = 16.0 + bi as f64 * (pw + GAP);
            let ph = top + 24.0;
            let label = format!("blur {blur}");
            text(
                pen,
                x0 + LABEL_W + (pw - LABEL_W) / 2.0,
                ph + 16.0,
                Anchor::Middle,
                Ink::Axis,
                &label,
            );
            for (ki, d) in axes.depths.iter().enumerate() {
                let x = x0 + LABEL_W + (ki as f64 + 0.5) * cw;
                text(
                    pen,
                    x,
                    ph + 38.0,
                    Anchor::Middle,
                    Ink::Axis,
                    &format!("K={d}"),
                );
            }
            let mut any = false;
            // fidelity 1 at the top
            for (fi, &fid) in axes.fidelities.iter().rev().enumerate() {
                let y = top + HEAD + fi as f64 * CELL_H;
                let mid = y + CELL_H / 2.0 + 5.0;
                text(
                    pen,
                    x0 + LABEL_W - 6.0,
                    mid,
                    Anchor::End,
                    Ink::Axis,
                    &format!("ρ {fid}"),
                );
                for (ki, &d) in axes.depths.iter().enumerate() {
                    let x = x0 + LABEL_W + ki as f64 * cw;
                    let Some(c) = cells.iter().find(|c| {
                        c.against == against && c.blur == blur && c.fidelity == fid && c.depth == d
                    }) else {
                        pen.rect(x + 1.0, y + 1.0, cw - 2.0, CELL_H - 2.0, Ink::Grid, 1.0);
                        continue;
                    };
                    any = true;
                    let (fill, light) = match c.verdict {
                        Verdict::WithinNoise => (NOISE_FILL, false),
                        _ => margin_fill(c.margin, against),
                    };
                    pen.rect(
                        x + 1.0,
                        y + 1.0,
                        cw - 2.0,
                        CELL_H - 2.0,
                        Ink::Fixed(fill),
                        1.0,
                    );
                    let ink = Ink::Fixed(if light { (255, 255, 255) } else { (17, 17, 17) });
                    pen.text(x + cw / 2.0, mid, 13.0, Anchor::Middle, ink, &c.text());
                }
            }
            panels += usize::from(any);
        }
    }
    let foot = h - FOOT + 20.0;
    let lines = [
        "Each cell: how much lower the winner's median loss is, as a share of the other's, at the same calls",
        "(+ orange: the chain's is lower; − green or purple: the broadcast's). Grey “≈”: the middle halves overlap.",
    ];
    for (i, l) in lines.iter().enumerate() {
        pen.text(
            16.0,
            foot + i as f64 * 18.0,
            13.0,
            Anchor::Start,
            Ink::Muted,
            l,
        );
    }
    panels
}

/// The map's cells as a table, a row each.
pub fn table(cells: &[MarginCell]) -> Table {
    const HEAD: &[&str] = &[
        "against",
        "blur",
        "fidelity ρ",
        "steps K",
        "chain: median [middle half]",
        "broadcast",
        "margin",
    ];
    let rows = cells
        .iter()
        .map(|c| {
            vec![
                c.against.short().to_string(),
                c.blur.to_string(),
                c.fidelity.to_string(),
                c.depth.to_string(),
                c.chain.text(3),
                c.other.text(3),
                c.text(),
            ]
        })
        .collect();
    (HEAD, rows)
}
