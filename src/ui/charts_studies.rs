//! The studies' charts as SVG strings: test error, cost and alignment
//! against depth; test error and steps to a target against the number of
//! weights; and the failure boundary. Plain Rust: the native tests read
//! them.

use super::charts::{frame, method_color, reference, tick, LEGEND_COLS};
use super::svg_plot::{hex, legend_rows, Anchor, Axis, Plot, Svg, TEXT};
use crate::lab::depth::DepthStudy;
use crate::lab::width::WidthRow;
use crate::lab::Method;

/// A line per method through `(x, y)` points, with a dot at each, and its
/// legend entries; a control is dashed.
fn lines(
    svg: &mut Svg,
    p: &Plot,
    series: &[(Method, Vec<(f64, f64)>)],
) -> Vec<(String, super::svg_plot::Rgb, bool)> {
    let mut legend = Vec::new();
    for (m, pts) in series {
        let c = hex(method_color(*m));
        let at: Vec<(f64, f64)> = pts.iter().map(|&(x, y)| p.at(x, y)).collect();
        svg.polyline(&at, &c, 2.5, m.is_control());
        for &(x, y) in &at {
            svg.circle(x, y, 4.0, &c);
        }
        legend.push((m.name().to_string(), method_color(*m), m.is_control()));
    }
    legend
}

/// The methods of a depth study, in its rows' order.
fn depth_methods(s: &DepthStudy) -> Vec<Method> {
    let mut out: Vec<Method> = Vec::new();
    for r in &s.rows {
        if !out.contains(&r.method) {
            out.push(r.method);
        }
    }
    out
}

/// A log axis around the finite positive values (at least a factor of 10).
fn log_axis(values: impl Iterator<Item = f64>, floor: f64) -> Axis {
    let v: Vec<f64> = values.filter(|x| x.is_finite() && *x > 0.0).collect();
    let lo = v.iter().copied().fold(f64::INFINITY, f64::min).max(floor);
    let hi = v.iter().copied().fold(0.0, f64::max);
    if !lo.is_finite() || hi <= 0.0 {
        return Axis::log(floor.max(1e-3), floor.max(1e-3) * 100.0);
    }
    let lo = 10f64.powf((lo * 0.8).log10().floor());
    let hi = 10f64.powf((hi * 1.25).log10().ceil()).max(lo * 10.0);
    Axis::log(lo, hi)
}

fn depth_axis(max_depth: usize) -> Axis {
    Axis::linear(0.0, max_depth.max(2) as f64)
}

fn empty_note(svg: &mut Svg, p: &Plot, text: &str) {
    svg.text(
        p.x + p.w / 2.0,
        p.y + p.h / 2.0,
        TEXT,
        Anchor::Middle,
        "#777777",
        text,
    );
}

/// Test error against depth, one line per method; readout only (dashed)
/// is the floor every other method must beat.
pub fn draw_depth_scores(s: &DepthStudy, max_depth: usize) -> String {
    let methods = depth_methods(s);
    let rows = legend_rows(methods.len(), LEGEND_COLS);
    let ya = log_axis(s.rows.iter().map(|r| r.median), 1e-4);
    let (mut svg, p) = frame(
        340.0 + 22.0 * rows as f64,
        "Test error against depth",
        rows,
        depth_axis(max_depth),
        ya,
    );
    svg.axes(
        &p,
        "hidden layers (depth)",
        "test normalised MSE (log)",
        &|v| format!("{v:.0}"),
        &tick,
    );
    let series: Vec<(Method, Vec<(f64, f64)>)> = methods
        .iter()
        .map(|&m| {
            let pts = s
                .rows
                .iter()
                .filter(|r| r.method == m && r.median.is_finite())
                .map(|r| (r.depth as f64, r.median))
                .collect();
            (m, pts)
        })
        .collect();
    let legend = lines(&mut svg, &p, &series);
    if s.rows.is_empty() {
        empty_note(
            &mut svg,
            &p,
            "run the study: each depth is drawn when it finishes",
        );
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, LEGEND_COLS, &legend);
    svg.finish()
}

/// Each method's median over bp's at the same depth: the cost of removing
/// its requirement, as a function of depth.
pub fn draw_depth_costs(s: &DepthStudy, max_depth: usize) -> String {
    let methods: Vec<Method> = depth_methods(s)
        .into_iter()
        .filter(|&m| m != Method::Bp)
        .collect();
    let rows = legend_rows(methods.len(), LEGEND_COLS);
    let ratios = s.rows.iter().filter_map(|r| r.ratio_to_bp);
    let hi = ratios.fold(2.0f64, f64::max);
    let ya = Axis::log(1.0, 10f64.powf((hi * 1.2).log10().ceil()));
    let (mut svg, p) = frame(
        340.0 + 22.0 * rows as f64,
        "Cost of removing each requirement against depth",
        rows,
        depth_axis(max_depth),
        ya,
    );
    svg.axes(
        &p,
        "hidden layers (depth)",
        "test error ÷ bp's (log)",
        &|v| format!("{v:.0}"),
        &|v| format!("{}×", tick(v)),
    );
    reference(
        &mut svg,
        &p,
        1.0,
        (31, 95, 191),
        "1× = exact backprop",
        true,
    );
    let series: Vec<(Method, Vec<(f64, f64)>)> = methods
        .iter()
        .map(|&m| {
            let pts = s
                .rows
                .iter()
                .filter(|r| r.method == m)
                .filter_map(|r| r.ratio_to_bp.map(|x| (r.depth as f64, x)))
                .collect();
            (m, pts)
        })
        .collect();
    let mut legend = lines(&mut svg, &p, &series);
    for (name, _, _) in &mut legend {
        if let Some(m) = Method::ALL.iter().find(|m| m.name() == name.as_str()) {
            if !m.is_control() {
                *name = format!("{} ({})", m.short_name(), m.removes());
            }
        }
    }
    if s.rows.is_empty() {
        empty_note(
            &mut svg,
            &p,
            "run the study: each depth is drawn when it finishes",
        );
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, LEGEND_COLS, &legend);
    svg.finish()
}

/// FA's and DFA's final alignment angle against depth: a dot per hidden
/// layer's weights (the readout's update is exact), a line through their
/// mean.
pub fn draw_depth_angles(s: &DepthStudy, max_depth: usize) -> String {
    let (mut svg, p) = frame(
        380.0,
        "Alignment of FA and DFA with the gradient, per layer",
        2,
        depth_axis(max_depth),
        Axis::linear(0.0, 100.0),
    );
    svg.axes(
        &p,
        "hidden layers (depth)",
        "angle to the gradient (degrees)",
        &|v| format!("{v:.0}"),
        &|v| format!("{v:.0}°"),
    );
    let (_, y90) = p.at(0.0, 90.0);
    svg.line((p.x, y90), (p.x + p.w, y90), "#000000", 1.5, true);
    svg.text(
        p.x + p.w - 4.0,
        y90 - 6.0,
        TEXT,
        Anchor::End,
        "#000000",
        "90°: no alignment",
    );
    let mut legend = Vec::new();
    for (k, m) in [Method::Fa, Method::Dfa].into_iter().enumerate() {
        let c = hex(method_color(m));
        let mut mean = Vec::new();
        for d in s.depths() {
            // W₁ … W_d: the hidden layers' weights (W_{d+1} is the readout)
            let a: Vec<f64> = s
                .angles
                .iter()
                .filter(|a| a.method == m && a.depth == d && a.layer <= d)
                .map(|a| a.degrees)
                .collect();
            for &deg in &a {
                // the two methods side by side at each depth
                let (x, y) = p.at(d as f64 + if k == 0 { -0.12 } else { 0.12 }, deg.min(100.0));
                svg.circle(x, y, 3.0, &c);
            }
            if !a.is_empty() {
                mean.push(p.at(d as f64, a.iter().sum::<f64>() / a.len() as f64));
            }
        }
        svg.polyline(&mean, &c, 2.5, false);
        legend.push((
            format!(
                "{}: mean over hidden layers (dots: each layer)",
                m.short_name()
            ),
            method_color(m),
            false,
        ));
    }
    if s.rows.is_empty() {
        empty_note(
            &mut svg,
            &p,
            "run the study: each depth is drawn when it finishes",
        );
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, 1, &legend);
    svg.finish()
}

/// The methods of a width study, in its rows' order.
fn width_methods(rows: &[WidthRow]) -> Vec<Method> {
    let mut out: Vec<Method> = Vec::new();
    for r in rows {
        if !out.contains(&r.method) {
            out.push(r.method);
        }
    }
    out
}

fn weights_axis(rows: &[WidthRow]) -> Axis {
    log_axis(rows.iter().map(|r| r.weights as f64), 10.0)
}

/// Final test error against the number of weights, log–log.
pub fn draw_width_scores(rows: &[WidthRow]) -> String {
    let methods = width_methods(rows);
    let n = legend_rows(methods.len(), LEGEND_COLS);
    let (mut svg, p) = frame(
        340.0 + 22.0 * n as f64,
        "Final test error against the number of weights",
        n,
        weights_axis(rows),
        log_axis(rows.iter().map(|r| r.median), 1e-4),
    );
    svg.axes(
        &p,
        "weights in the student (log)",
        "test normalised MSE (log)",
        &|v| format!("{v:.0}"),
        &tick,
    );
    let series: Vec<(Method, Vec<(f64, f64)>)> = methods
        .iter()
        .map(|&m| {
            let pts = rows
                .iter()
                .filter(|r| r.method == m && r.median.is_finite())
                .map(|r| (r.weights as f64, r.median))
                .collect();
            (m, pts)
        })
        .collect();
    let legend = lines(&mut svg, &p, &series);
    if rows.is_empty() {
        empty_note(
            &mut svg,
            &p,
            "run the study: each width is drawn when it finishes",
        );
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, LEGEND_COLS, &legend);
    svg.finish()
}

/// Steps each method needs to reach `target_times`× bp's final score,
/// against the number of weights, with the slope one shared score's
/// cosine law predicts (steps ∝ 1/cos² ∝ N) from the first weight
/// perturbation point; "never" along the top.
pub fn draw_width_steps(rows: &[WidthRow], steps: usize, target_times: f64) -> String {
    let methods = width_methods(rows);
    let n = methods.len() + 1;
    let top = steps.max(10) as f64;
    let ya = Axis::log(
        10f64.powf((top / 200.0).log10().floor()).max(1.0),
        top * 2.0,
    );
    let (mut svg, p) = frame(
        340.0 + 22.0 * n as f64,
        &format!("Steps to reach {target_times}× bp's final error"),
        n,
        weights_axis(rows),
        ya,
    );
    svg.axes(
        &p,
        "weights in the student (log)",
        "steps (log)",
        &|v| format!("{v:.0}"),
        &tick,
    );
    let (_, ytop) = p.at(p.xa.lo, top * 1.6);
    svg.text(
        p.x + 6.0,
        ytop - 6.0,
        TEXT,
        Anchor::Start,
        "#777777",
        &format!("never (within {steps} steps)"),
    );
    let series: Vec<(Method, Vec<(f64, f64)>)> = methods
        .iter()
        .map(|&m| {
            let pts = rows
                .iter()
                .filter(|r| r.method == m)
                .map(|r| {
                    (
                        r.weights as f64,
                        r.steps_to_target.map_or(top * 1.6, |s| (s.max(1)) as f64),
                    )
                })
                .collect();
            (m, pts)
        })
        .collect();
    let mut legend = lines(&mut svg, &p, &series);
    let wp = rows
        .iter()
        .find(|r| r.method == Method::WeightPerturbation && r.steps_to_target.is_some());
    if let Some(r) = wp {
        let (n0, s0) = (
            r.weights as f64,
            r.steps_to_target.unwrap_or(1).max(1) as f64,
        );
        let law: Vec<(f64, f64)> = [n0, p.xa.hi]
            .iter()
            .map(|&n| p.at(n, (s0 * n / n0).min(top * 1.6)))
            .collect();
        svg.polyline(&law, "#000000", 1.5, true);
    }
    legend.push((
        "∝ N: the cosine law √(2/(πN)) for one shared score".into(),
        (0, 0, 0),
        true,
    ));
    if rows.is_empty() {
        empty_note(
            &mut svg,
            &p,
            "run the study: each width is drawn when it finishes",
        );
    }
    svg.legend(p.x, p.y + p.h + 66.0, p.w, 1, &legend);
    svg.finish()
}

/// How specific each method's feedback is, most specific first, and its
/// row label on the failure boundary.
pub const SPECIFICITY: [(Method, &str); 4] = [
    (Method::Bp, "exact, per unit (bp)"),
    (Method::Fa, "per unit, inexact (FA)"),
    (Method::NodePerturbation, "a score per example (NP)"),
    (Method::WeightPerturbation, "a score per trial (WP)"),
];

/// The verdict for a cell: works (within 2× bp), slow (2–5×), stalls.
pub fn verdict(ratio: Option<f64>) -> (&'static str, &'static str) {
    match ratio {
        Some(r) if r <= 2.0 => ("learns", "#B7E4C7"),
        Some(r) if r <= 5.0 => ("slow", "#FFE8A3"),
        _ => ("stalls", "#F4B6B6"),
    }
}

/// The failure boundary: how many units need credit (width, across)
/// against how specific the feedback is (down), each cell the method's
/// final error over bp's at that width, coloured by verdict; the essay's
/// corners named.
pub fn draw_boundary(rows: &[WidthRow]) -> String {
    let mut widths: Vec<usize> = rows.iter().map(|r| r.width).collect();
    widths.sort_unstable();
    widths.dedup();
    let (w, h) = (super::charts::WIDTH, 420.0);
    let mut svg = Svg::new(w, h);
    super::charts::title(
        &mut svg,
        "The failure boundary: units needing credit × feedback specificity",
    );
    let (x0, y0, cell_h) = (210.0, 56.0, 58.0);
    let cell_w = (w - x0 - 16.0) / widths.len().max(1) as f64;
    let bp = |width: usize| {
        rows.iter()
            .find(|r| r.method == Method::Bp && r.width == width)
            .map(|r| r.median)
    };
    for (i, (m, label)) in SPECIFICITY.iter().enumerate() {
        let y = y0 + i as f64 * cell_h;
        svg.text(
            x0 - 8.0,
            y + cell_h / 2.0 + 5.0,
            TEXT,
            Anchor::End,
            "#222222",
            label,
        );
        for (j, &width) in widths.iter().enumerate() {
            let x = x0 + j as f64 * cell_w;
            let row = rows.iter().find(|r| r.method == *m && r.width == width);
            let Some(r) = row else {
                svg.rect(x + 1.0, y + 1.0, cell_w - 2.0, cell_h - 2.0, "#EEEEEE", 1.0);
                continue;
            };
            let ratio = bp(width)
                .filter(|b| b.is_finite() && *b > 0.0 && r.median.is_finite())
                .map(|b| r.median / b);
            let (word, fill) = verdict(ratio);
            svg.rect(x + 1.0, y + 1.0, cell_w - 2.0, cell_h - 2.0, fill, 1.0);
            let shown = ratio.map_or("diverged".into(), |q| format!("{q:.1}×"));
            svg.text(
                x + cell_w / 2.0,
                y + cell_h / 2.0 - 2.0,
                TEXT,
                Anchor::Middle,
                "#111111",
                &shown,
            );
            svg.text(
                x + cell_w / 2.0,
                y + cell_h / 2.0 + 17.0,
                TEXT,
                Anchor::Middle,
                "#333333",
                word,
            );
        }
    }
    let yb = y0 + SPECIFICITY.len() as f64 * cell_h;
    for (j, &width) in widths.iter().enumerate() {
        let x = x0 + (j as f64 + 0.5) * cell_w;
        svg.text(
            x,
            yb + 20.0,
            TEXT,
            Anchor::Middle,
            "#333333",
            &width.to_string(),
        );
    }
    svg.text(
        x0 + (w - x0 - 16.0) / 2.0,
        yb + 42.0,
        TEXT,
        Anchor::Middle,
        "#333333",
        "hidden units per layer: how many units need credit →",
    );
    if !widths.is_empty() {
        svg.text(
            16.0,
            yb + 68.0,
            TEXT,
            Anchor::Start,
            "#555555",
            "↖ few units, one shared score: a songbird's few syrinx muscles",
        );
        svg.text(
            w - 16.0,
            yb + 90.0,
            TEXT,
            Anchor::End,
            "#555555",
            "many units, one shared score: a cortex ↗",
        );
    } else {
        svg.text(
            w / 2.0,
            y0 + 2.0 * cell_h,
            TEXT,
            Anchor::Middle,
            "#777777",
            "run the width study to fill the map",
        );
    }
    svg.finish()
}
