//! Two charts about credit, as SVG strings: each method's alignment angle
//! per layer (small multiples, one panel per weight matrix), and the cost
//! of removing each requirement as a ratio to backprop, grouped by
//! requirement.

use crate::lab::train::trainer::Angles;
use crate::lab::Method;
use crate::ui::charts::plots::{frame, method_color, tick, title, LEGEND_COLS, WIDTH};
use crate::ui::charts::svg::{hex, legend_rows, Anchor, Axis, Plot, Svg, TEXT};

/// One panel per layer (W₁, W₂, W₃): the angle between each method's
/// update and the exact gradient against step, with 90° marked. Returns
/// the SVG and how many methods have a line in some panel.
pub fn draw_angles(lines: &[(Method, Angles)], max_step: usize) -> (String, usize) {
    let names = ["W₁", "W₂", "W₃"].map(String::from);
    draw_angle_panels(
        lines,
        max_step,
        "Angle between each method's update and the true gradient, per layer",
        &names,
    )
}

/// Small multiples of an angle against step, one panel per entry of
/// `names` (entry l of each series in panel l), with 90° marked.
pub fn draw_angle_panels(
    lines: &[(Method, Angles)],
    max_step: usize,
    heading: &str,
    names: &[String],
) -> (String, usize) {
    let xmax = max_step.max(1) as f64;
    let rows = legend_rows(lines.len() + 1, LEGEND_COLS);
    let h = 330.0 + 22.0 * rows as f64;
    let mut svg = Svg::new(WIDTH, h);
    title(&mut svg, heading);
    let n = names.len().max(1) as f64;
    let (left, gap) = (70.0, 50.0);
    let w = (WIDTH - left - 16.0 - (n - 1.0) * gap) / n;
    let mut drawn = vec![false; lines.len()];
    let mut bottom = 0.0;
    for (l, name) in names.iter().enumerate() {
        let p = Plot {
            x: left + l as f64 * (w + gap),
            y: 60.0,
            w,
            h: 200.0,
            xa: Axis::linear(0.0, xmax),
            ya: Axis::linear(0.0, 120.0),
        };
        angle_panel(&mut svg, &p, l, name, lines, &mut drawn);
        bottom = p.y + p.h;
    }
    let mut entries: Vec<_> = lines
        .iter()
        .map(|(m, _)| (m.name().to_string(), method_color(*m), false))
        .collect();
    entries.push(("90°: no alignment".into(), (0, 0, 0), true));
    svg.legend(
        left,
        bottom + 66.0,
        WIDTH - left - 16.0,
        LEGEND_COLS,
        &entries,
    );
    (svg.finish(), drawn.iter().filter(|d| **d).count())
}

/// Layer `l`'s panel: its axes, the 90° line, and a line per method with
/// a finite angle there (marked in `drawn`).
fn angle_panel(
    svg: &mut Svg,
    p: &Plot,
    l: usize,
    name: &str,
    lines: &[(Method, Angles)],
    drawn: &mut [bool],
) {
    svg.text(p.x + p.w / 2.0, 52.0, TEXT, Anchor::Middle, "#111111", name);
    let ydesc = if l == 0 { "angle (degrees)" } else { "" };
    // a narrow panel: step labels at the start, the middle and the end only
    let xmax = p.xa.hi;
    let xfmt = |v: f64| {
        let at = |x: f64| (v - x).abs() < 1e-6 * xmax.max(1.0);
        if at(0.0) || at(xmax / 2.0) || at(xmax) {
            format!("{v:.0}")
        } else {
            String::new()
        }
    };
    svg.axes(p, "training step", ydesc, &xfmt, &|v| format!("{v:.0}°"));
    let (a, y90) = p.at(0.0, 90.0);
    svg.line((a, y90), (p.x + p.w, y90), "#000000", 1.5, true);
    for (k, (m, series)) in lines.iter().enumerate() {
        // a gap where a layer was left unchanged (NaN)
        let pts: Vec<(f64, f64)> = series
            .iter()
            .filter_map(|(s, a)| a.get(l).filter(|d| d.is_finite()).map(|&d| (*s, d)))
            .map(|(s, d)| p.at(s as f64, d.min(120.0)))
            .collect();
        if !pts.is_empty() {
            drawn[k] = true;
            svg.polyline(&pts, &hex(method_color(*m)), 2.5, false);
        }
    }
}

/// One bar of the ratio chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub method: Method,
    /// The requirement group it is drawn under ("R2", "R3", …).
    pub group: &'static str,
    /// Its score over bp's (`None`: diverged).
    pub ratio: Option<f64>,
}

/// The bars for a table: every method except bp, grouped by the
/// requirement it removes (a Part 4 rule joins its requirement's group:
/// "R4 (learned)" is R4), controls last.
pub fn ratio_bars(scores: &[(Method, f64)]) -> Vec<Bar> {
    let Some(bp) = scores.iter().find(|s| s.0 == Method::Bp).map(|s| s.1) else {
        return Vec::new();
    };
    let mut bars: Vec<Bar> = scores
        .iter()
        .filter(|s| s.0 != Method::Bp && !s.0.classifies())
        .map(|&(m, v)| Bar {
            method: m,
            group: if m.is_control() {
                "controls"
            } else {
                m.removes().split(" (").next().unwrap_or("—")
            },
            ratio: (bp.is_finite() && bp > 0.0 && v.is_finite()).then(|| v / bp),
        })
        .collect();
    let order = ["R1, R5", "R2", "R3", "R4", "R5", "controls"];
    bars.sort_by_key(|b| order.iter().position(|g| *g == b.group).unwrap_or(9));
    bars
}

/// The cost of removing each requirement: score ÷ bp's, log scale, one
/// bar per method grouped by requirement; a diverged method's bar runs off
/// the top, pale, with a label.
pub fn draw_ratio(bars: &[Bar], source: &str) -> String {
    let top = 1000.0;
    let n = bars.len().max(6) as f64;
    // more bars than two staggered rows of names can hold: names at a slant
    let slant = bars.len() > 12;
    let title = format!("Cost of removing each requirement: score ÷ bp's ({source})");
    let (h, rows) = if slant { (445.0, 3) } else { (400.0, 1) };
    let (mut svg, p) = frame(h, &title, rows, Axis::linear(0.0, n), Axis::log(0.5, top));
    svg.axes(
        &p,
        "",
        "× bp's test error (1× = as good as bp)",
        &|_| String::new(),
        &|v| format!("{}×", tick(v)),
    );
    let (x0, one) = p.at(0.0, 1.0);
    svg.line((x0, one), (p.x + p.w, one), "#000000", 1.5, true);
    for (i, b) in bars.iter().enumerate() {
        let c = hex(method_color(b.method));
        let h = b.ratio.unwrap_or(top).clamp(0.5, top);
        let (x0, y0) = p.at(i as f64 + 0.12, h);
        let (x1, base) = p.at(i as f64 + 0.88, 0.5);
        svg.rect(
            x0,
            y0,
            x1 - x0,
            base - y0,
            &c,
            if b.ratio.is_some() { 0.9 } else { 0.3 },
        );
        // narrow bars: the number alone (the axis says it is × bp's)
        let unit = if slant { "" } else { "×" };
        let label = b
            .ratio
            .map_or("diverged".into(), |r| format!("{r:.1}{unit}"));
        let mid = (x0 + x1) / 2.0;
        let y = y0.max(p.y + if slant { 58.0 } else { 40.0 });
        svg.text(mid, y - 6.0, TEXT, Anchor::Middle, "#111111", &label);
        if slant {
            svg.slanted(mid + 5.0, base + 14.0, TEXT, b.method.short_name());
        } else {
            // names on two staggered rows, so that neighbours never collide
            let row = if i % 2 == 0 { 18.0 } else { 36.0 };
            svg.text(
                mid,
                base + row,
                TEXT,
                Anchor::Middle,
                "#111111",
                b.method.short_name(),
            );
        }
    }
    groups(&mut svg, &p, bars, slant);
    svg.finish()
}

/// Each requirement's name above its bars, with a line between groups;
/// on two staggered rows when the bars are narrow.
fn groups(svg: &mut Svg, p: &Plot, bars: &[Bar], stagger: bool) {
    let (mut i, mut k) = (0, 0);
    while i < bars.len() {
        let g = bars[i].group;
        let j = bars[i..].iter().take_while(|b| b.group == g).count();
        let (x, _) = p.at(i as f64, 1.0);
        let (x2, _) = p.at((i + j) as f64, 1.0);
        let name = if g == "controls" {
            "controls".to_string()
        } else {
            g.replace(", ", "+")
        };
        let row = if stagger && k % 2 == 1 { 34.0 } else { 16.0 };
        svg.text(
            (x + x2) / 2.0,
            p.y + row,
            TEXT,
            Anchor::Middle,
            "#444444",
            &name,
        );
        if i > 0 {
            svg.line((x, p.y), (x, p.y + p.h), "#DDDDDD", 1.0, false);
        }
        i += j;
        k += 1;
    }
}
