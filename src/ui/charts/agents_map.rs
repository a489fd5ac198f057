//! The Agents view's credit-quality map: for the chained and the
//! broadcast critique, the angle between each step's update and the exact
//! gradient, step by step (across) for each pipeline depth (down), with
//! the mean over the steps before the last beside each row.

use crate::lab::agents::rounds::PipelineRow;
use crate::lab::agents::Signal;
use crate::ui::charts::svg::{Anchor, Svg, TEXT};

/// The signals the map draws (exact is 0° everywhere by definition).
pub const MAP_SIGNALS: [Signal; 2] = [Signal::Chain, Signal::Broadcast];

/// A cell's fill for an angle: pale at 0°, deep red at 90° and beyond,
/// and whether its text should be white.
pub fn angle_fill(deg: f64) -> (String, bool) {
    let t = (deg / 90.0).clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    let c = (mix(255.0, 165.0), mix(247.0, 15.0), mix(236.0, 21.0));
    (crate::ui::charts::svg::hex(c), t > 0.55)
}

/// The map, and how many signals it drew.
pub fn draw_angle_map(rows: &[PipelineRow]) -> (String, usize) {
    let mut depths: Vec<usize> = rows.iter().map(|r| r.depth).collect();
    depths.sort_unstable();
    depths.dedup();
    let signals: Vec<Signal> = MAP_SIGNALS
        .into_iter()
        .filter(|s| rows.iter().any(|r| r.signal == *s))
        .collect();
    let cols = depths.iter().copied().max().unwrap_or(1);
    let (x0, cell_h, head) = (96.0, 34.0, 58.0);
    let panel_h = head + cell_h * depths.len().max(1) as f64;
    let w = crate::ui::charts::plots::WIDTH;
    let gap = 24.0;
    let h = 66.0 + (panel_h + gap) * signals.len().max(1) as f64 + 20.0;
    let mut svg = Svg::new(w, h);
    crate::ui::charts::plots::title(
        &mut svg,
        "Credit quality, step by step: angle of each update to the exact gradient",
    );
    // the step columns, then a gap and the mean column
    let mean_w = 92.0;
    let cell_w = (w - x0 - 16.0 - mean_w - 10.0) / cols as f64;
    let text = |svg: &mut Svg, x: f64, y: f64, anchor: Anchor, fill: &str, s: &str| {
        svg.text(x, y, TEXT, anchor, fill, s);
    };
    if signals.is_empty() {
        text(
            &mut svg,
            w / 2.0,
            h / 2.0,
            Anchor::Middle,
            "#777777",
            "run the simulation to fill the map",
        );
        return (svg.finish(), 0);
    }
    for (si, s) in signals.iter().enumerate() {
        let top = 52.0 + si as f64 * (panel_h + gap);
        let label = match s {
            Signal::Chain => "chained critique (hop by hop through the critic)",
            _ => "broadcast critique (the final critique through a fixed random map)",
        };
        text(&mut svg, 16.0, top + 14.0, Anchor::Start, "#111111", label);
        let yh = top + head - 8.0;
        for k in 1..=cols {
            let x = x0 + (k as f64 - 0.5) * cell_w;
            text(&mut svg, x, yh, Anchor::Middle, "#333333", &k.to_string());
        }
        let xm = w - 16.0 - mean_w / 2.0;
        text(&mut svg, xm, yh, Anchor::Middle, "#333333", "mean 1…K−1");
        text(&mut svg, x0 - 8.0, yh, Anchor::End, "#333333", "K \\ step");
        for (di, &d) in depths.iter().enumerate() {
            let y = top + head + di as f64 * cell_h;
            let mid = y + cell_h / 2.0 + 5.0;
            text(
                &mut svg,
                x0 - 8.0,
                mid,
                Anchor::End,
                "#333333",
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
                    svg.rect(x + 1.0, y + 1.0, cw - 2.0, cell_h - 2.0, "#EEEEEE", 1.0);
                    text(&mut svg, x + cw / 2.0, mid, Anchor::Middle, "#555555", "—");
                    continue;
                }
                let (fill, light) = angle_fill(a);
                svg.rect(x + 1.0, y + 1.0, cw - 2.0, cell_h - 2.0, &fill, 1.0);
                let ink = if light { "#FFFFFF" } else { "#111111" };
                text(
                    &mut svg,
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
        &mut svg,
        x0 + (w - x0 - 16.0 - mean_w) / 2.0,
        h - 16.0,
        Anchor::Middle,
        "#333333",
        "step k of the pipeline (1 reads the task; K reads the evaluator) →",
    );
    (svg.finish(), signals.len())
}
