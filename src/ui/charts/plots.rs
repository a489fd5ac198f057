//! The lab's charts (each a `pen::Chart`): learning curves and the
//! perturbation scaling chart here, credit per layer and the cost of each
//! requirement in `credit`; and what every chart shares (its width,
//! title, frame, reference lines, a method's colour, tick labels). Text is
//! at least the page's body size, legends name the methods, and each
//! method has one colour in every chart.

use crate::lab::study::scaling::ScalingRow;
use crate::lab::Method;
use crate::ui::charts::pen::{legend_rows, Anchor, Axis, Chart, Ink, Look, Pen, Plot, Rgb, TEXT};
use plotters::prelude::DrawingBackend;

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

/// A method's line, the same in every chart: its row's colour and
/// marker, dashed for a control.
pub fn method_look(m: Method) -> Look {
    Look {
        colour: m.def().colour,
        dash: m.is_control(),
        marker: m.def().marker,
    }
}

/// A tick label: whole numbers plainly, small ones to their digits.
pub fn tick(v: f64) -> String {
    let r = (v * 1e6).round() / 1e6;
    format!("{r}")
}

/// The width the charts are drawn at where there is room (a wider frame
/// scales them up), and the narrowest (a 360 px phone's frame).
pub const FULL_WIDTH: f64 = 680.0;
pub const NARROW_WIDTH: f64 = 300.0;

thread_local!(static DRAW_WIDTH: std::cell::Cell<f64> = const { std::cell::Cell::new(FULL_WIDTH) });

/// The width the chart being drawn is laid out at: its frame's, between
/// `NARROW_WIDTH` and `FULL_WIDTH`, so that on a phone it fits its frame
/// with its text at its own size instead of shrinking or scrolling.
pub fn chart_width() -> f64 {
    DRAW_WIDTH.with(std::cell::Cell::get)
}

/// Lays the next drawings out at `w` CSS px (clamped); returns the last.
pub fn set_chart_width(w: f64) -> f64 {
    let w = if w.is_finite() {
        w.clamp(NARROW_WIDTH, FULL_WIDTH)
    } else {
        FULL_WIDTH
    };
    DRAW_WIDTH.with(|d| d.replace(w))
}

/// Legend columns below a chart: one where it is narrow.
pub fn legend_cols() -> usize {
    if chart_width() < 500.0 {
        1
    } else {
        2
    }
}

/// A chart's title, centred at the top.
pub(crate) fn title<DB: DrawingBackend>(pen: &mut Pen<DB>, text: &str) {
    pen.text(
        chart_width() / 2.0,
        24.0,
        TEXT + 2.0,
        Anchor::Middle,
        Ink::Strong,
        text,
    );
}

/// A chart `h` high: its title, and a plot rectangle leaving room for the
/// axes and for a legend of `rows` rows below.
pub(crate) fn frame<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    h: f64,
    title_text: &str,
    rows: usize,
    xa: Axis,
    ya: Axis,
) -> Plot {
    title(pen, title_text);
    let below = 58.0 + 22.0 * rows as f64;
    Plot {
        x: 84.0,
        y: 42.0,
        w: chart_width() - 84.0 - 24.0,
        h: h - 42.0 - below,
        xa,
        ya,
    }
}

/// The legend, in the room `frame` leaves below the plot for its rows.
pub(crate) fn legend_below<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    p: &Plot,
    cols: usize,
    entries: &[(String, Look)],
) {
    // narrow: the legend takes the whole width, from the left edge
    let (x, w) = if chart_width() < 500.0 {
        (12.0, chart_width() - 24.0)
    } else {
        (p.x, p.w)
    };
    pen.legend(x, p.y + p.h + 66.0, w, cols, entries);
}

/// A dashed horizontal reference line at `y`, labelled at its right end.
/// The label sits at the right end, or at the left with `left`.
pub(crate) fn reference<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    p: &Plot,
    y: f64,
    color: Rgb,
    label: &str,
    left: bool,
) {
    let (x0, yy) = p.at(p.xa.lo, y);
    let (x1, _) = p.at(p.xa.hi, y);
    pen.line((x0, yy), (x1, yy), Ink::Data(color), 1.5, true);
    // left labels sit above their line, right ones below it, so two
    // nearby lines never run through each other's label
    let (x, y, anchor) = if left {
        (x0 + 6.0, yy - 5.0, Anchor::Start)
    } else {
        (x1 - 4.0, yy + TEXT, Anchor::End)
    };
    pen.text(x, y, TEXT, anchor, Ink::Data(color), label);
}

/// Learning curves on a log scale, with reference lines at nMSE = 1
/// (predicting the mean) and at the untrained student; the controls
/// dashed; a diverged run leaves through the top with a label. The rules
/// that learn the classification task get a chart of their own, on an
/// error-rate axis (`Score::ErrorRate`).
#[derive(Clone, Debug, PartialEq)]
pub struct Curves {
    pub series: Vec<Series>,
    pub max_step: usize,
    pub score: Score,
}

/// What a learning curve's y axis measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Test normalised MSE, log scale (the teacher task).
    Nmse,
    /// Test error rate, 0 to 1 (the classification task).
    ErrorRate,
}

impl Score {
    /// The score a run is measured in: the error rate where it
    /// classifies (a classifying method, or a task of classes).
    pub fn of(cfg: &crate::lab::RunConfig) -> Score {
        if cfg.method.classifies() || cfg.teacher.data.classifies() {
            Score::ErrorRate
        } else {
            Score::Nmse
        }
    }

    /// The y range and scale.
    fn axis(self) -> (Axis, (f64, f64)) {
        match self {
            Score::Nmse => (Axis::log(CURVE_Y.0, CURVE_Y.1), CURVE_Y),
            Score::ErrorRate => (Axis::linear(0.0, 1.0), (0.0, 1.0)),
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Score::Nmse => "Test error while training",
            Score::ErrorRate => "Classification: test error rate while training",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Score::Nmse => "test normalised MSE (log scale)",
            Score::ErrorRate => "test error rate",
        }
    }
}

impl Chart for Curves {
    /// Where each method's curve ends, best first, against the reference
    /// method's (backprop's, when it runs; else the first).
    fn says(&self) -> String {
        let last = |s: &Series| s.points.last().map(|p| p.1).filter(|y| y.is_finite());
        let mut ends: Vec<(&Series, Option<f64>)> =
            self.series.iter().map(|s| (s, last(s))).collect();
        let Some(&first) = ends.first() else {
            return "No run yet.".into();
        };
        let base = *ends
            .iter()
            .find(|(s, _)| s.method == s.method.reference())
            .unwrap_or(&first);
        ends.sort_by(|a, b| {
            a.1.unwrap_or(f64::INFINITY)
                .total_cmp(&b.1.unwrap_or(f64::INFINITY))
        });
        let parts: Vec<String> = ends
            .iter()
            .map(|&(s, y)| match (s.diverged_at, y, base.1) {
                (Some(at), _, _) => format!("{} diverged at step {at}", s.method.name()),
                (None, Some(y), Some(b)) if s.method != base.0.method && b > 0.0 => {
                    format!(
                        "{} {y:.3} ({:.1} times {}'s)",
                        s.method.name(),
                        y / b,
                        base.0.method.name()
                    )
                }
                (None, Some(y), _) => format!("{} {y:.3}", s.method.name()),
                (None, None, _) => format!("{}: no score yet", s.method.name()),
            })
            .collect();
        format!(
            "Where each curve ends, lowest first (lower is better): {}.",
            parts.join("; ")
        )
    }

    fn size(&self) -> (f64, f64) {
        (
            chart_width(),
            300.0 + 22.0 * legend_rows(self.series.len(), legend_cols()) as f64,
        )
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let series = &self.series;
        let (ya, range) = self.score.axis();
        let xmax = self.max_step.max(1) as f64;
        let p = frame(
            pen,
            self.size().1,
            self.score.title(),
            legend_rows(series.len(), legend_cols()),
            Axis::linear(0.0, xmax),
            ya,
        );
        pen.axes(
            &p,
            "training step",
            self.score.label(),
            &|v| format!("{v:.0}"),
            &tick,
        );
        if self.score == Score::Nmse {
            reference(
                pen,
                &p,
                1.0,
                (120, 120, 120),
                "1 = predicting the mean",
                false,
            );
        }
        if let Some(u) = series.first().and_then(|s| s.points.first()).map(|q| q.1) {
            if u.is_finite() {
                let label = format!("{u:.2} = the untrained student");
                reference(pen, &p, u, (190, 90, 90), &label, true);
            }
        }
        let mut diverged = 0;
        for s in series {
            curve(pen, &p, s, range, &mut diverged);
        }
        if series.is_empty() {
            let mid = match self.score {
                Score::Nmse => 0.05,
                Score::ErrorRate => 0.5,
            };
            let (x, y) = p.at(xmax * 0.5, mid);
            let note = "press run to train the selected methods";
            pen.text(x, y, TEXT, Anchor::Middle, Ink::Muted, note);
        }
        let entries: Vec<_> = series
            .iter()
            .map(|s| (s.method.name().to_string(), method_look(s.method)))
            .collect();
        legend_below(pen, &p, legend_cols(), &entries);
        series.len()
    }
}

/// One learning curve; a diverged run leaves through the top, labelled.
fn curve<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    p: &Plot,
    s: &Series,
    (lo, hi): (f64, f64),
    diverged: &mut usize,
) {
    let c = method_color(s.method);
    let pts: Vec<(f64, f64)> = s
        .points
        .iter()
        .map(|&(x, y)| p.at(x as f64, if y.is_finite() { y.clamp(lo, hi) } else { hi }))
        .collect();
    pen.series(&pts, method_look(s.method));
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
        pen.text(x, y, TEXT, anchor, Ink::Data(c), &text);
    }
}

/// Weight and node perturbation's one-shot cosine against the number of
/// weights, log–log, with weight perturbation's expected √(2/(πN)).
#[derive(Clone, Debug, PartialEq)]
pub struct Scaling(pub Vec<ScalingRow>);

impl Chart for Scaling {
    fn size(&self) -> (f64, f64) {
        (chart_width(), 400.0)
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let p = frame(
            pen,
            self.size().1,
            "One shared score scales badly",
            3,
            Axis::log(100.0, 200_000.0),
            Axis::log(1e-3, 1.0),
        );
        pen.axes(
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
        pen.polyline(&ideal, Ink::Data((0, 0, 0)), 1.5, true);
        type Get = fn(&ScalingRow) -> f64;
        let lines: [(Method, Get); 2] = [
            (Method::WeightPerturbation, |r| r.wp_cosine),
            (Method::NodePerturbation, |r| r.np_cosine),
        ];
        for (m, get) in lines {
            let c = method_color(m);
            let pts: Vec<(f64, f64)> = self
                .0
                .iter()
                .map(|r| p.at(r.weights as f64, get(r).clamp(1e-3, 1.0)))
                .collect();
            pen.series(&pts, Look::line(c, false));
            for &(x, y) in &pts {
                pen.circle(x, y, 4.0, Ink::Data(c));
            }
        }
        let entries = [
            (
                "√(2/(πN)): weight perturbation's expected cosine".to_string(),
                Look::line((0, 0, 0), true),
            ),
            (
                Method::WeightPerturbation.name().to_string(),
                Look::line(method_color(Method::WeightPerturbation), false),
            ),
            (
                Method::NodePerturbation.name().to_string(),
                Look::line(method_color(Method::NodePerturbation), false),
            ),
        ];
        legend_below(pen, &p, 1, &entries);
        self.0.len()
    }
}
