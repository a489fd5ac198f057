//! The width study's charts as SVG strings: final error and steps to a
//! target against the number of weights, and the essay's failure boundary.

use crate::lab::study::width::WidthRow;
use crate::lab::Method;
use crate::ui::charts::plots::{frame, tick, LEGEND_COLS};
use crate::ui::charts::studies::{empty_note, lines, log_axis, methods_in, per_method};
use crate::ui::charts::svg::{legend_rows, Anchor, Axis, Svg, TEXT};

fn weights_axis(rows: &[WidthRow]) -> Axis {
    log_axis(rows.iter().map(|r| r.weights as f64), 10.0)
}

/// Final test error against the number of weights, log–log.
pub fn draw_width_scores(rows: &[WidthRow]) -> String {
    let methods = methods_in(rows.iter().map(|r| r.method));
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
    let series = per_method(&methods, rows, |r| {
        let y = r.median;
        (r.method, y.is_finite().then_some((r.weights as f64, y)))
    });
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
/// cosine law predicts (steps ∝ 1/cos² ∝ N) from the first shared score's
/// point; "never" along the top. Steps are measured every `every`.
pub fn draw_width_steps(rows: &[WidthRow], steps: usize, target_times: f64) -> String {
    let methods = methods_in(rows.iter().map(|r| r.method));
    let n = methods.len() + 1;
    let top = steps.max(10) as f64;
    let ya = Axis::log(
        10f64.powf((top / 200.0).log10().floor()).max(1.0),
        top * 3.0,
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
    let (_, ytop) = p.at(p.xa.lo, top * 1.5);
    svg.text(
        p.x + 6.0,
        ytop - 6.0,
        TEXT,
        Anchor::Start,
        "#777777",
        &format!("never (within {steps} steps)"),
    );
    // "never" sits above the frame's top tick, each method a little apart
    let never = |m: Method| {
        let k = methods.iter().position(|&x| x == m).unwrap_or(0);
        top * 1.5 * 1.15f64.powi(k as i32)
    };
    let series = per_method(&methods, rows, |r| {
        let y = r
            .steps_to_target
            .map_or(never(r.method), |s| s.max(1) as f64);
        (r.method, Some((r.weights as f64, y)))
    });
    let mut legend = lines(&mut svg, &p, &series);
    // anchored at the first shared score that reached the target
    let anchor = [Method::WeightPerturbation, Method::NodePerturbation]
        .iter()
        .find_map(|&m| {
            rows.iter()
                .find(|r| r.method == m && r.steps_to_target.is_some())
        });
    let law = "∝ N: the cosine law √(2/(πN)) for one shared score";
    if let Some(r) = anchor {
        let (n0, s0) = (
            r.weights as f64,
            r.steps_to_target.unwrap_or(1).max(1) as f64,
        );
        let law: Vec<(f64, f64)> = [n0, p.xa.hi]
            .iter()
            .map(|&n| p.at(n, (s0 * n / n0).min(top)))
            .collect();
        svg.polyline(&law, "#000000", 1.5, true);
    }
    let law_entry = if anchor.is_some() {
        law.to_string()
    } else {
        format!("{law} (drawn once a shared score reaches the target)")
    };
    legend.push((law_entry, (0, 0, 0), true));
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

/// The verdict for a cell: learns (within 2× bp's final error), behind
/// (2–5×), stalls (more, or diverged).
pub fn verdict(ratio: Option<f64>) -> (&'static str, &'static str) {
    match ratio {
        Some(r) if r <= 2.0 => ("learns", "#B7E4C7"),
        Some(r) if r <= 5.0 => ("behind", "#FFE8A3"),
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
    let (w, h) = (crate::ui::charts::plots::WIDTH, 420.0);
    let mut svg = Svg::new(w, h);
    crate::ui::charts::plots::title(
        &mut svg,
        "The failure boundary: units needing credit × feedback specificity",
    );
    let (x0, y0, cell_h) = (210.0, 66.0, 58.0);
    svg.text(
        w / 2.0,
        50.0,
        TEXT,
        Anchor::Middle,
        "#333333",
        "each cell: final test error ÷ bp's at that width",
    );
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
            "↑ few units, one shared score: a songbird's few syrinx muscles",
        );
        svg.text(
            w - 16.0,
            yb + 90.0,
            TEXT,
            Anchor::End,
            "#555555",
            "many units, one shared score: a cortex ↑",
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

/// The width study's rows as a table.
pub fn width_table(rows: &[WidthRow]) -> crate::ui::charts::plots::Table {
    use crate::ui::charts::plots::cell;
    let rows = rows
        .iter()
        .map(|r| {
            vec![
                r.method.name().to_string(),
                r.width.to_string(),
                r.weights.to_string(),
                cell(r.best_lr),
                cell(Some(r.median)),
                r.steps_to_target.map_or("never".into(), |s| s.to_string()),
            ]
        })
        .collect();
    (
        &[
            "method",
            "width",
            "weights",
            "best rate",
            "median test nMSE",
            "steps to 2× bp",
        ],
        rows,
    )
}
