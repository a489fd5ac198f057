//! The studies' charts: test error, cost and alignment against depth
//! here (one `DepthChart`, three kinds); the width study's charts and the
//! failure boundary in `width`.

use crate::lab::study::depth::DepthStudy;
use crate::lab::Method;
use crate::ui::charts::pen::{legend_rows, Anchor, Axis, Chart, Ink, Look, Pen, Plot, TEXT};
use crate::ui::charts::plots::{
    chart_width, frame, legend_below, legend_cols, method_color, method_look, reference, tick,
};
use plotters::prelude::DrawingBackend;

/// A line per method through `(x, y)` points, with a dot at each, and its
/// legend entries; a control is dashed.
pub(crate) fn lines<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    p: &Plot,
    series: &[(Method, Vec<(f64, f64)>)],
) -> Vec<(String, Look)> {
    let mut legend = Vec::new();
    for (m, pts) in series {
        let c = method_color(*m);
        let at: Vec<(f64, f64)> = pts.iter().map(|&(x, y)| p.at(x, y)).collect();
        pen.series(&at, method_look(*m));
        for &(x, y) in &at {
            pen.circle(x, y, 4.0, Ink::Data(c));
        }
        legend.push((m.name().to_string(), method_look(*m)));
    }
    legend
}

/// Each method once, in order of first appearance.
pub(crate) fn methods_in(ms: impl Iterator<Item = Method>) -> Vec<Method> {
    let mut out: Vec<Method> = Vec::new();
    for m in ms {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// For each of `methods`, the points `point` gives for the items of that
/// method (`None`: no point, e.g. a diverged score).
pub(crate) fn per_method<T>(
    methods: &[Method],
    items: &[T],
    point: impl Fn(&T) -> (Method, Option<(f64, f64)>),
) -> Vec<(Method, Vec<(f64, f64)>)> {
    methods
        .iter()
        .map(|&m| {
            let pts = items
                .iter()
                .map(&point)
                .filter(|(n, _)| *n == m)
                .filter_map(|(_, p)| p)
                .collect();
            (m, pts)
        })
        .collect()
}

/// A log axis around the finite positive values (at least a factor of 10).
pub(crate) fn log_axis(values: impl Iterator<Item = f64>, floor: f64) -> Axis {
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

/// Depth from 0 to one past the deepest, so the side-by-side dots of the
/// deepest students stay inside the frame.
fn depth_axis(max_depth: usize) -> Axis {
    Axis::linear(0.0, max_depth.max(2) as f64 + 1.0)
}

/// A depth tick: whole numbers only (depth 1.5 does not exist).
fn depth_tick(v: f64) -> String {
    if v.fract() == 0.0 && v >= 1.0 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

pub(crate) fn empty_note<DB: DrawingBackend>(pen: &mut Pen<DB>, p: &Plot, text: &str) {
    let (x, y) = (p.x + p.w / 2.0, p.y + p.h / 2.0);
    pen.text(x, y, TEXT, Anchor::Middle, Ink::Muted, text);
}

/// The depth study's three charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthKind {
    /// Test error against depth, one line per method.
    Scores,
    /// Each method's error over bp's at the same depth.
    Costs,
    /// FA's and DFA's alignment angle per layer.
    Angles,
}

/// One of the depth study's charts, up to depth `max_depth`.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthChart {
    pub study: DepthStudy,
    pub max_depth: usize,
    pub kind: DepthKind,
}

const EMPTY: &str = "run the study: each depth is drawn when it finishes";

impl Chart for DepthChart {
    fn size(&self) -> (f64, f64) {
        let methods = methods_in(self.study.rows.iter().map(|r| r.method)).len();
        let h = match self.kind {
            DepthKind::Scores => 340.0 + 22.0 * legend_rows(methods, legend_cols()) as f64,
            DepthKind::Costs => {
                340.0 + 22.0 * legend_rows(methods.saturating_sub(1), legend_cols()) as f64
            }
            DepthKind::Angles => 380.0,
        };
        (chart_width(), h)
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let h = self.size().1;
        match self.kind {
            DepthKind::Scores => depth_scores(pen, h, &self.study, self.max_depth),
            DepthKind::Costs => depth_costs(pen, h, &self.study, self.max_depth),
            DepthKind::Angles => depth_angles(pen, h, &self.study, self.max_depth),
        }
    }
}

/// Test error against depth, one line per method; readout only (dashed)
/// is the floor every other method must beat.
fn depth_scores<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    s: &DepthStudy,
    max_depth: usize,
) -> usize {
    let methods = methods_in(s.rows.iter().map(|r| r.method));
    let rows = legend_rows(methods.len(), legend_cols());
    let ya = log_axis(s.rows.iter().map(|r| r.median), 1e-4);
    let p = frame(
        pen,
        h,
        "Test error against depth",
        rows,
        depth_axis(max_depth),
        ya,
    );
    pen.axes(
        &p,
        "hidden layers (depth)",
        "test normalised MSE (log)",
        &depth_tick,
        &tick,
    );
    let series = per_method(&methods, &s.rows, |r| {
        let y = r.median;
        (r.method, y.is_finite().then_some((r.depth as f64, y)))
    });
    let legend = lines(pen, &p, &series);
    if s.rows.is_empty() {
        empty_note(pen, &p, EMPTY);
    }
    legend_below(pen, &p, legend_cols(), &legend);
    legend.len()
}

/// Each method's median over bp's at the same depth: the cost of removing
/// its requirement, as a function of depth.
fn depth_costs<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    s: &DepthStudy,
    max_depth: usize,
) -> usize {
    let methods: Vec<Method> = methods_in(s.rows.iter().map(|r| r.method))
        .into_iter()
        .filter(|&m| m != Method::Bp)
        .collect();
    let rows = legend_rows(methods.len(), legend_cols());
    let ratios: Vec<f64> = s.rows.iter().filter_map(|r| r.ratio_to_bp).collect();
    let hi = ratios.iter().copied().fold(2.0f64, f64::max);
    let lo = ratios.iter().copied().fold(1.0f64, f64::min).max(1e-3);
    // from 1× (bp) unless some method beats bp
    let bottom = if lo >= 1.0 {
        1.0
    } else {
        10f64.powf(lo.log10().floor())
    };
    let ya = Axis::log(bottom, 10f64.powf((hi * 1.2).log10().ceil()));
    let p = frame(
        pen,
        h,
        "Cost of removing each requirement against depth",
        rows,
        depth_axis(max_depth),
        ya,
    );
    pen.axes(
        &p,
        "hidden layers (depth)",
        "test error ÷ bp's (log)",
        &depth_tick,
        &|v| format!("{}×", tick(v)),
    );
    reference(pen, &p, 1.0, (31, 95, 191), "1× = exact backprop", true);
    let series = per_method(&methods, &s.rows, |r| {
        (r.method, r.ratio_to_bp.map(|x| (r.depth as f64, x)))
    });
    let mut legend = lines(pen, &p, &series);
    for (name, _) in &mut legend {
        if let Some(m) = Method::ALL.iter().find(|m| m.name() == name.as_str()) {
            if !m.is_control() {
                *name = format!("{} ({})", m.short_name(), m.removes());
            }
        }
    }
    if s.rows.is_empty() {
        empty_note(pen, &p, EMPTY);
    }
    legend_below(pen, &p, legend_cols(), &legend);
    legend.len()
}

/// FA's and DFA's final alignment angle against depth: a dot per hidden
/// layer's weights (the readout's update is exact), a line through their
/// mean.
fn depth_angles<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    s: &DepthStudy,
    max_depth: usize,
) -> usize {
    let p = frame(
        pen,
        h,
        "Alignment of FA and DFA with the gradient, per layer",
        2,
        depth_axis(max_depth),
        Axis::linear(0.0, 100.0),
    );
    pen.axes(
        &p,
        "hidden layers (depth)",
        "angle to the gradient (°; lower: aligned)",
        &depth_tick,
        &|v| format!("{v:.0}°"),
    );
    let (_, y90) = p.at(0.0, 90.0);
    let black = Ink::Data((0, 0, 0));
    pen.line((p.x, y90), (p.x + p.w, y90), black, 1.5, true);
    let label = "90°: no alignment";
    pen.text(p.x + p.w - 4.0, y90 - 6.0, TEXT, Anchor::End, black, label);
    let mut legend = Vec::new();
    let mut drawn = 0;
    for (k, m) in [Method::Fa, Method::Dfa].into_iter().enumerate() {
        let c = method_color(m);
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
                pen.circle(x, y, 3.0, Ink::Data(c));
            }
            if !a.is_empty() {
                mean.push(p.at(d as f64, a.iter().sum::<f64>() / a.len() as f64));
            }
        }
        drawn += usize::from(!mean.is_empty());
        pen.series(&mean, Look::line(c, false));
        legend.push((
            format!(
                "{}: mean over hidden layers (dots: each layer)",
                m.short_name()
            ),
            Look::line(c, false),
        ));
    }
    if s.rows.is_empty() {
        empty_note(pen, &p, EMPTY);
    }
    legend_below(pen, &p, 1, &legend);
    drawn
}

/// The depth study's rows as a table.
pub fn depth_table(s: &DepthStudy) -> crate::ui::charts::plots::Table {
    use crate::ui::charts::plots::cell;
    let rows = s
        .rows
        .iter()
        .map(|r| {
            vec![
                r.method.name().to_string(),
                r.depth.to_string(),
                cell(r.best_lr),
                cell(Some(r.median)),
                cell(r.ratio_to_bp),
                format!("{}", r.diverged_runs),
            ]
        })
        .collect();
    (
        &[
            "method",
            "depth",
            "best rate",
            "median test nMSE",
            "× bp",
            "diverged runs",
        ],
        rows,
    )
}
