//! The lab's charts, generic over the plotters backend: the page draws
//! them on a canvas (at the screen's pixel ratio), the native tests into an
//! SVG string. Text is at least the page's body size; legends name the
//! methods; each method has one colour in every chart.

use crate::lab::scaling::ScalingRow;
use crate::lab::Method;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The learning-curve chart's y range (normalised MSE, log scale).
pub const CURVE_Y: (f64, f64) = (3e-3, 10.0);

/// How big to draw: `px` device pixels per CSS pixel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub px: f64,
}

impl Default for Look {
    fn default() -> Self {
        Self { px: 1.0 }
    }
}

impl Look {
    /// A font `size` CSS pixels high.
    pub fn font(&self, size: f64) -> FontDesc<'static> {
        ("sans-serif", size * self.px).into_font()
    }

    /// `v` CSS pixels in device pixels.
    pub fn px(&self, v: f64) -> u32 {
        (v * self.px).round() as u32
    }

    /// A chart with our margins, caption and label areas.
    pub fn chart<'a, DB: DrawingBackend>(
        &self,
        root: &'a DrawingArea<DB, Shift>,
        caption: &str,
    ) -> ChartBuilder<'a, 'a, DB> {
        let mut b = ChartBuilder::on(root);
        b.caption(caption, self.font(17.0))
            .margin(self.px(10.0))
            .margin_right(self.px(24.0))
            .x_label_area_size(self.px(48.0))
            .y_label_area_size(self.px(72.0));
        b
    }
}

/// One line on the learning-curve chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub method: Method,
    /// (step, test normalised MSE); +∞ marks divergence.
    pub points: Vec<(usize, f64)>,
    pub diverged_at: Option<usize>,
}

/// A colour per method, the same in every chart; weight and node
/// perturbation and the controls are told apart.
pub fn method_color(m: Method) -> RGBColor {
    const C: [RGBColor; 12] = [
        RGBColor(31, 95, 191),   // bp: blue
        RGBColor(42, 157, 143),  // fa: teal
        RGBColor(106, 76, 147),  // dfa: purple
        RGBColor(214, 96, 77),   // no_deriv: red-orange
        RGBColor(222, 150, 0),   // scrambled: amber
        RGBColor(44, 160, 44),   // node perturbation: green
        RGBColor(140, 86, 75),   // weight perturbation: brown
        RGBColor(227, 119, 194), // sign dropped: pink
        RGBColor(158, 160, 20),  // stale: olive
        RGBColor(100, 100, 100), // shuffled labels: grey
        RGBColor(23, 170, 190),  // random direction: cyan
        RGBColor(20, 20, 20),    // readout only: black
    ];
    C[Method::ALL.iter().position(|&x| x == m).unwrap_or(0)]
}

pub(super) fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("chart: {e:?}")
}

/// The legend box, the same on every chart.
pub(super) fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    at: SeriesLabelPosition,
    look: Look,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(at)
        .label_font(look.font(15.0))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)
}

/// A legend swatch: a short line in `color`.
pub(super) fn swatch(
    color: RGBColor,
    look: Look,
) -> impl Fn((i32, i32)) -> PathElement<(i32, i32)> {
    let w = look.px(18.0) as i32;
    move |(x, y)| PathElement::new(vec![(x, y), (x + w, y)], color.stroke_width(look.px(2.0)))
}

/// A horizontal dashed reference line at `y` with a legend entry.
pub(super) fn reference<
    'a,
    DB: DrawingBackend + 'a,
    Y: plotters::coord::ranged1d::Ranged<ValueType = f64>,
>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    y: f64,
    xmax: f64,
    color: RGBColor,
    label: String,
    look: Look,
) -> Result<(), String> {
    chart
        .draw_series(DashedLineSeries::new(
            vec![(0.0, y), (xmax, y)],
            look.px(6.0),
            look.px(4.0),
            color.stroke_width(look.px(1.0)),
        ))
        .map_err(err)?
        .label(label)
        .legend(swatch(color, look));
    Ok(())
}

/// Learning curves on a log scale, with reference lines at nMSE = 1
/// (predicting the mean) and at the untrained student; the controls
/// dashed; a diverged run leaves through the top with a label.
pub fn draw_curves<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    series: &[Series],
    max_step: usize,
    look: Look,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let (lo, hi) = CURVE_Y;
    let xmax = max_step.max(1) as f64;
    let mut chart = look
        .chart(root, "Test error while training")
        .build_cartesian_2d(0f64..xmax, (lo..hi).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("training step")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_desc("test normalised MSE (log scale)")
        .y_label_formatter(&|v| format!("{v}"))
        .label_style(look.font(15.0))
        .axis_desc_style(look.font(15.0))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    let grey = RGBColor(150, 150, 150);
    reference(
        &mut chart,
        1.0,
        xmax,
        grey,
        "1 = predicting the mean".into(),
        look,
    )?;
    if let Some(untrained) = series.first().and_then(|s| s.points.first()).map(|p| p.1) {
        if untrained.is_finite() {
            let label = format!("{untrained:.2} = the untrained student");
            reference(
                &mut chart,
                untrained,
                xmax,
                RGBColor(200, 120, 120),
                label,
                look,
            )?;
        }
    }
    for s in series {
        draw_one_curve(&mut chart, s, hi, look)?;
    }
    if series.is_empty() {
        let font = look.font(16.0).color(&BLACK.mix(0.6));
        let text = Text::new(
            "press run to train the selected methods",
            (xmax * 0.2, 0.05),
            font,
        );
        chart.draw_series(std::iter::once(text)).map_err(err)?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight, look)
}

fn draw_one_curve<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<
        'a,
        DB,
        Cartesian2d<
            plotters::coord::types::RangedCoordf64,
            plotters::coord::combinators::LogCoord<f64>,
        >,
    >,
    s: &Series,
    hi: f64,
    look: Look,
) -> Result<(), String> {
    let color = method_color(s.method);
    let lo = CURVE_Y.0;
    let pts: Vec<(f64, f64)> = s
        .points
        .iter()
        .map(|&(x, y)| (x as f64, if y.is_finite() { y.clamp(lo, hi) } else { hi }))
        .collect();
    let style = color.stroke_width(look.px(2.0));
    let anno = if s.method.is_control() {
        let dashed = DashedLineSeries::new(pts.clone(), look.px(6.0), look.px(4.0), style);
        chart.draw_series(dashed).map_err(err)?
    } else {
        chart
            .draw_series(LineSeries::new(pts.clone(), style))
            .map_err(err)?
    };
    anno.label(s.method.name()).legend(swatch(color, look));
    if let (Some(at), Some(&(x, _))) = (s.diverged_at, pts.last()) {
        let text = format!("{} diverged at step {at}", s.method.name());
        let font = look.font(15.0).color(&color);
        chart
            .draw_series(std::iter::once(Text::new(text, (x, hi * 0.6), font)))
            .map_err(err)?;
    }
    Ok(())
}

/// Weight and node perturbation's one-shot cosine against the number of
/// weights, log–log, with weight perturbation's expected √(2/(πN)).
pub fn draw_scaling<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    rows: &[ScalingRow],
    look: Look,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let mut chart = look
        .chart(root, "One shared score scales badly")
        .build_cartesian_2d((100f64..200_000f64).log_scale(), (1e-3f64..1.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("number of weights N (log scale)")
        .y_desc("cosine with the true gradient (log)")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v}"))
        .label_style(look.font(15.0))
        .axis_desc_style(look.font(15.0))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    let ideal: Vec<(f64, f64)> = [100.0, 200_000.0]
        .iter()
        .map(|&w: &f64| (w, (2.0 / (std::f64::consts::PI * w)).sqrt()))
        .collect();
    chart
        .draw_series(DashedLineSeries::new(
            ideal,
            look.px(6.0),
            look.px(4.0),
            BLACK.stroke_width(look.px(1.0)),
        ))
        .map_err(err)?
        .label("√(2/(πN)): weight perturbation's expected cosine")
        .legend(swatch(BLACK, look));
    let clamp = |c: f64| c.clamp(1e-3, 1.0);
    let lines: [(Method, fn(&ScalingRow) -> f64); 2] = [
        (Method::WeightPerturbation, |r| r.wp_cosine),
        (Method::NodePerturbation, |r| r.np_cosine),
    ];
    for (m, get) in lines {
        let color = method_color(m);
        let p: Vec<(f64, f64)> = rows
            .iter()
            .map(|r| (r.weights as f64, clamp(get(r))))
            .collect();
        chart
            .draw_series(LineSeries::new(p.clone(), color.stroke_width(look.px(2.0))))
            .map_err(err)?
            .label(m.name())
            .legend(swatch(color, look));
        let r = look.px(4.0);
        chart
            .draw_series(p.iter().map(|&q| Circle::new(q, r, color.filled())))
            .map_err(err)?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight, look)
}
