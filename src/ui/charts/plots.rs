//! The lab's charts as SVG strings (through `svg_plot`): learning curves
//! and the perturbation scaling chart here, credit per layer and the cost
//! of each requirement in `charts_credit`. The page shows the strings; the
//! native tests read them. Text is at least the page's body size, legends
//! name the methods, and each method has one colour in every chart.

use crate::lab::study::scaling::ScalingRow;
use crate::lab::Method;
use crate::ui::charts::svg::{hex, legend_rows, Anchor, Axis, Plot, Rgb, Svg, TEXT};

/// A chart's data as a table: the column heads and the rows' cells.
pub type Table = (&'static [&'static str], Vec<Vec<String>>);

/// A table cell: a score to 4 decimals, or a dash for none.
pub fn cell(x: Option<f64>) -> String {
    x.filter(|v| v.is_finite())
        .map_or("—".into(), |v| format!("{v:.4}"))
}

/// The learning-curve chart's y range (normalised MSE, log scale).
pub const CURVE_Y: (f64, f64) = (3e-3, 10.0);

/// One line on the learning-curve chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub method: Method,
    /// (step, test normalised MSE); +∞ marks divergence.
    pub points: Vec<(usize, f64)>,
    pub diverged_at: Option<usize>,
}

/// A method's colour, the same in every chart (its row's).
pub fn method_color(m: Method) -> Rgb {
    m.def().colour
}

/// A tick label: whole numbers plainly, small ones to their digits.
pub fn tick(v: f64) -> String {
    let r = (v * 1e6).round() / 1e6;
    format!("{r}")
}

/// The width the charts are drawn at (they scale with the page).
pub const WIDTH: f64 = 680.0;
/// Legend columns below a chart.
pub const LEGEND_COLS: usize = 2;

/// A chart's title, centred at the top.
pub(crate) fn title(svg: &mut Svg, text: &str) {
    svg.text(
        WIDTH / 2.0,
        24.0,
        TEXT + 2.0,
        Anchor::Middle,
        "#111111",
        text,
    );
}

/// A chart's frame: its title, a plot rectangle leaving room for the axes
/// and for a legend of `rows` rows below, and the SVG.
pub(crate) fn frame(h: f64, title_text: &str, rows: usize, xa: Axis, ya: Axis) -> (Svg, Plot) {
    let mut svg = Svg::new(WIDTH, h);
    title(&mut svg, title_text);
    let below = 58.0 + 22.0 * rows as f64;
    let plot = Plot {
        x: 84.0,
        y: 42.0,
        w: WIDTH - 84.0 - 24.0,
        h: h - 42.0 - below,
        xa,
        ya,
    };
    (svg, plot)
}

/// A dashed horizontal reference line at `y`, labelled at its right end.
/// The label sits at the right end, or at the left with `left`.
pub(crate) fn reference(svg: &mut Svg, p: &Plot, y: f64, color: Rgb, label: &str, left: bool) {
    let (x0, yy) = p.at(p.xa.lo, y);
    let (x1, _) = p.at(p.xa.hi, y);
    svg.line((x0, yy), (x1, yy), &hex(color), 1.5, true);
    // left labels sit above their line, right ones below it, so two
    // nearby lines never run through each other's label
    let (x, y, anchor) = if left {
        (x0 + 6.0, yy - 5.0, Anchor::Start)
    } else {
        (x1 - 4.0, yy + TEXT, Anchor::End)
    };
    svg.text(x, y, TEXT, anchor, &hex(color), label);
}

/// Learning curves on a log scale, with reference lines at nMSE = 1
/// (predicting the mean) and at the untrained student; the controls
/// dashed; a diverged run leaves through the top with a label.
pub fn draw_curves(series: &[Series], max_step: usize) -> String {
    let (lo, hi) = CURVE_Y;
    let xmax = max_step.max(1) as f64;
    let (mut svg, p) = frame(
        300.0 + 22.0 * legend_rows(series.len(), LEGEND_COLS) as f64,
        "Test error while training",
        legend_rows(series.len(), LEGEND_COLS),
        Axis::linear(0.0, xmax),
        Axis::log(lo, hi),
    );
    svg.axes(
        &p,
        "training step",
        "test normalised MSE (log scale)",
        &|v| format!("{v:.0}"),
        &tick,
    );
    reference(
        &mut svg,
        &p,
        1.0,
        (120, 120, 120),
        "1 = predicting the mean",
        false,
    );
    if let Some(u) = series.first().and_then(|s| s.points.first()).map(|q| q.1) {
        if u.is_finite() {
            reference(
                &mut svg,
                &p,
                u,
                (190, 90, 90),
                &format!("{u:.2} = the untrained student"),
                true,
            );
        }
    }
    let mut diverged = 0;
    for s in series {
        curve(&mut svg, &p, s, &mut diverged);
    }
    if series.is_empty() {
        let (x, y) = p.at(xmax * 0.5, 0.05);
        svg.text(
            x,
            y,
            TEXT,
            Anchor::Middle,
            "#777777",
            "press run to train the selected methods",
        );
    }
    let entries: Vec<_> = series
        .iter()
        .map(|s| {
            (
                s.method.name().to_string(),
                method_color(s.method),
                s.method.is_control(),
            )
        })
        .collect();
    svg.legend(p.x, p.y + p.h + 66.0, p.w, LEGEND_COLS, &entries);
    svg.finish()
}

/// One learning curve; a diverged run leaves through the top, labelled.
fn curve(svg: &mut Svg, p: &Plot, s: &Series, diverged: &mut usize) {
    let (lo, hi) = CURVE_Y;
    let c = hex(method_color(s.method));
    let pts: Vec<(f64, f64)> = s
        .points
        .iter()
        .map(|&(x, y)| p.at(x as f64, if y.is_finite() { y.clamp(lo, hi) } else { hi }))
        .collect();
    svg.polyline(&pts, &c, 2.5, s.method.is_control());
    if let (Some(at), Some(&(x, _))) = (s.diverged_at, pts.last()) {
        let text = format!("{} diverged at step {at}", s.method.name());
        // inside the plot, one line per diverged run
        let (x, anchor) = if x < p.x + p.w / 2.0 {
            (x + 4.0, Anchor::Start)
        } else {
            (x.min(p.x + p.w - 4.0), Anchor::End)
        };
        let y = p.y + 16.0 + 18.0 * *diverged as f64;
        *diverged += 1;
        svg.text(x, y, TEXT, anchor, &c, &text);
    }
}

/// Weight and node perturbation's one-shot cosine against the number of
/// weights, log–log, with weight perturbation's expected √(2/(πN)).
pub fn draw_scaling(rows: &[ScalingRow]) -> String {
    let (mut svg, p) = frame(
        400.0,
        "One shared score scales badly",
        3,
        Axis::log(100.0, 200_000.0),
        Axis::log(1e-3, 1.0),
    );
    svg.axes(
        &p,
        "number of weights N (log scale)",
        "cosine with the true gradient (log)",
        &|v| format!("{v:.0}"),
        &tick,
    );
    let ideal: Vec<(f64, f64)> = [100.0f64, 200_000.0]
        .iter()
        .map(|&n| p.at(n, (2.0 / (std::f64::consts::PI * n)).sqrt()))
        .collect();
    svg.polyline(&ideal, "#000000", 1.5, true);
    type Get = fn(&ScalingRow) -> f64;
    let lines: [(Method, Get); 2] = [
        (Method::WeightPerturbation, |r| r.wp_cosine),
        (Method::NodePerturbation, |r| r.np_cosine),
    ];
    for (m, get) in lines {
        let c = hex(method_color(m));
        let pts: Vec<(f64, f64)> = rows
            .iter()
            .map(|r| p.at(r.weights as f64, get(r).clamp(1e-3, 1.0)))
            .collect();
        svg.polyline(&pts, &c, 2.5, false);
        for &(x, y) in &pts {
            svg.circle(x, y, 4.0, &c);
        }
    }
    let entries = [
        (
            "√(2/(πN)): weight perturbation's expected cosine".to_string(),
            (0, 0, 0),
            true,
        ),
        (
            Method::WeightPerturbation.name().to_string(),
            method_color(Method::WeightPerturbation),
            false,
        ),
        (
            Method::NodePerturbation.name().to_string(),
            method_color(Method::NodePerturbation),
            false,
        ),
    ];
    svg.legend(p.x, p.y + p.h + 66.0, p.w, 1, &entries);
    svg.finish()
}
