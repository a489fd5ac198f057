//! The width study's charts (one `WidthChart`, three kinds): final error
//! and steps to a target against the number of weights, and the essay's
//! failure boundary.

use crate::lab::study::width::WidthRow;
use crate::lab::Method;
use crate::ui::charts::pen::{legend_rows, Anchor, Axis, Chart, Ink, Look, Pen, Rgb, TEXT};
use crate::ui::charts::plots::{chart_width, frame, legend_below, legend_cols, tick};
use crate::ui::charts::studies::{empty_note, lines, log_axis, methods_in, per_method};
use plotters::prelude::DrawingBackend;

/// The width study's three charts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WidthKind {
    /// Final test error against the number of weights.
    Scores,
    /// Steps to reach `target_times`× bp's final error within `steps`.
    Steps { steps: usize, target_times: f64 },
    /// The failure boundary map.
    Boundary,
}

/// One of the width study's charts.
#[derive(Clone, Debug, PartialEq)]
pub struct WidthChart {
    pub rows: Vec<WidthRow>,
    pub kind: WidthKind,
}

const EMPTY: &str = "run the study: each width is drawn when it finishes";

impl Chart for WidthChart {
    fn size(&self) -> (f64, f64) {
        let methods = methods_in(self.rows.iter().map(|r| r.method)).len();
        let h = match self.kind {
            WidthKind::Scores => 340.0 + 22.0 * legend_rows(methods, legend_cols()) as f64,
            WidthKind::Steps { .. } => 340.0 + 22.0 * (methods + 1) as f64,
            WidthKind::Boundary => 420.0,
        };
        (chart_width(), h)
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let h = self.size().1;
        match self.kind {
            WidthKind::Scores => width_scores(pen, h, &self.rows),
            WidthKind::Steps {
                steps,
                target_times,
            } => width_steps(pen, h, &self.rows, steps, target_times),
            WidthKind::Boundary => boundary(pen, &self.rows),
        }
    }
}

fn weights_axis(rows: &[WidthRow]) -> Axis {
    log_axis(rows.iter().map(|r| r.weights as f64), 10.0)
}

/// Final test error against the number of weights, log–log.
fn width_scores<DB: DrawingBackend>(pen: &mut Pen<DB>, h: f64, rows: &[WidthRow]) -> usize {
    let methods = methods_in(rows.iter().map(|r| r.method));
    let n = legend_rows(methods.len(), legend_cols());
    let p = frame(
        pen,
        h,
        "Final test error against the number of weights",
        n,
        weights_axis(rows),
        log_axis(rows.iter().map(|r| r.median), 1e-4),
    );
    pen.axes(
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
    let legend = lines(pen, &p, &series);
    if rows.is_empty() {
        empty_note(pen, &p, EMPTY);
    }
    legend_below(pen, &p, legend_cols(), &legend);
    legend.len()
}

/// Steps each method needs to reach `target_times`× bp's final score,
/// against the number of weights, with the slope one shared score's
/// cosine law predicts (steps ∝ 1/cos² ∝ N) from the first shared score's
/// point; "never" along the top. Steps are measured every `every`.
fn width_steps<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    rows: &[WidthRow],
    steps: usize,
    target_times: f64,
) -> usize {
    let methods = methods_in(rows.iter().map(|r| r.method));
    let n = methods.len() + 1;
    let top = steps.max(10) as f64;
    let ya = Axis::log(
        10f64.powf((top / 200.0).log10().floor()).max(1.0),
        top * 3.0,
    );
    let p = frame(
        pen,
        h,
        &format!("Steps to reach {target_times}× bp's final error"),
        n,
        weights_axis(rows),
        ya,
    );
    pen.axes(
        &p,
        "weights in the student (log)",
        "steps (log)",
        &|v| format!("{v:.0}"),
        &tick,
    );
    let (_, ytop) = p.at(p.xa.lo, top * 1.5);
    let never_label = format!("never (within {steps} steps)");
    pen.text(
        p.x + 6.0,
        ytop - 6.0,
        TEXT,
        Anchor::Start,
        Ink::Muted,
        &never_label,
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
    let mut legend = lines(pen, &p, &series);
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
        pen.polyline(&law, Ink::Data((0, 0, 0)), 1.5, true);
    }
    let law_entry = if anchor.is_some() {
        law.to_string()
    } else {
        format!("{law} (drawn once a shared score reaches the target)")
    };
    let drawn = legend.len();
    legend.push((law_entry, Look::line((0, 0, 0), true)));
    if rows.is_empty() {
        empty_note(pen, &p, EMPTY);
    }
    legend_below(pen, &p, 1, &legend);
    drawn
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
pub fn verdict(ratio: Option<f64>) -> (&'static str, Rgb) {
    match ratio {
        Some(r) if r <= 2.0 => ("learns", (0xB7, 0xE4, 0xC7)),
        Some(r) if r <= 5.0 => ("behind", (0xFF, 0xE8, 0xA3)),
        _ => ("stalls", (0xF4, 0xB6, 0xB6)),
    }
}

/// The failure boundary: how many units need credit (width, across)
/// against how specific the feedback is (down), each cell the method's
/// final error over bp's at that width, coloured by verdict; the essay's
/// corners named.
fn boundary<DB: DrawingBackend>(pen: &mut Pen<DB>, rows: &[WidthRow]) -> usize {
    let mut widths: Vec<usize> = rows.iter().map(|r| r.width).collect();
    widths.sort_unstable();
    widths.dedup();
    let w = chart_width();
    let heading = "The failure boundary: units needing credit × feedback specificity";
    crate::ui::charts::plots::title(pen, heading);
    let (x0, y0, cell_h) = (210.0, 66.0, 58.0);
    let note = "each cell: final test error ÷ bp's at that width";
    pen.text(w / 2.0, 50.0, TEXT, Anchor::Middle, Ink::Axis, note);
    let cell_w = (w - x0 - 16.0) / widths.len().max(1) as f64;
    let bp = |width: usize| {
        rows.iter()
            .find(|r| r.method == Method::Bp && r.width == width)
            .map(|r| r.median)
    };
    // the cells' text is dark on their pale fills on either theme
    let (dark, mid) = (
        Ink::Fixed((0x11, 0x11, 0x11)),
        Ink::Fixed((0x33, 0x33, 0x33)),
    );
    let mut cells = 0;
    for (i, (m, label)) in SPECIFICITY.iter().enumerate() {
        let y = y0 + i as f64 * cell_h;
        let ym = y + cell_h / 2.0;
        pen.text(x0 - 8.0, ym + 5.0, TEXT, Anchor::End, Ink::Strong, label);
        for (j, &width) in widths.iter().enumerate() {
            let x = x0 + j as f64 * cell_w;
            let row = rows.iter().find(|r| r.method == *m && r.width == width);
            let (cw, ch) = (cell_w - 2.0, cell_h - 2.0);
            let Some(r) = row else {
                pen.rect(x + 1.0, y + 1.0, cw, ch, Ink::Grid, 1.0);
                continue;
            };
            let ratio = bp(width)
                .filter(|b| b.is_finite() && *b > 0.0 && r.median.is_finite())
                .map(|b| r.median / b);
            let (word, fill) = verdict(ratio);
            pen.rect(x + 1.0, y + 1.0, cw, ch, Ink::Fixed(fill), 1.0);
            cells += 1;
            let shown = ratio.map_or("diverged".into(), |q| format!("{q:.1}×"));
            let xm = x + cell_w / 2.0;
            pen.text(xm, ym - 2.0, TEXT, Anchor::Middle, dark, &shown);
            pen.text(xm, ym + 17.0, TEXT, Anchor::Middle, mid, word);
        }
    }
    let yb = y0 + SPECIFICITY.len() as f64 * cell_h;
    for (j, &width) in widths.iter().enumerate() {
        let x = x0 + (j as f64 + 0.5) * cell_w;
        pen.text(
            x,
            yb + 20.0,
            TEXT,
            Anchor::Middle,
            Ink::Axis,
            &width.to_string(),
        );
    }
    let across = "hidden units per layer: how many units need credit →";
    pen.text(
        x0 + (w - x0 - 16.0) / 2.0,
        yb + 42.0,
        TEXT,
        Anchor::Middle,
        Ink::Axis,
        across,
    );
    if !widths.is_empty() {
        let few = "↑ few units, one shared score: a songbird's few syrinx muscles";
        pen.text(16.0, yb + 68.0, TEXT, Anchor::Start, Ink::Axis, few);
        let many = "many units, one shared score: a cortex ↑";
        pen.text(w - 16.0, yb + 90.0, TEXT, Anchor::End, Ink::Axis, many);
    } else {
        let note = "run the width study to fill the map";
        pen.text(
            w / 2.0,
            y0 + 2.0 * cell_h,
            TEXT,
            Anchor::Middle,
            Ink::Muted,
            note,
        );
    }
    cells
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
