//! The lab's charts, generic over the plotters backend: the page draws
//! them on a canvas, the native tests into an SVG string.

use crate::lab::scaling::ScalingRow;
use crate::lab::Method;
use plotters::coord::Shift;
use plotters::prelude::*;

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

/// A colour per method, the same in every chart.
pub fn method_color(m: Method) -> RGBColor {
    const C: [RGBColor; 12] = [
        RGBColor(31, 95, 191),
        RGBColor(42, 157, 143),
        RGBColor(106, 76, 147),
        RGBColor(214, 96, 77),
        RGBColor(233, 161, 0),
        RGBColor(194, 65, 12),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(90, 90, 90),
        RGBColor(120, 120, 120),
        RGBColor(160, 160, 160),
        RGBColor(60, 60, 60),
    ];
    C[Method::ALL.iter().position(|&x| x == m).unwrap_or(0)]
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("chart: {e:?}")
}

/// The legend box, the same on every chart.
fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    at: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(at)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)
}

/// Learning curves on a log scale; the controls dashed as reference
/// curves; a diverged run leaves through the top with a label.
pub fn draw_curves<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    series: &[Series],
    max_step: usize,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let (lo, hi) = CURVE_Y;
    let mut chart = ChartBuilder::on(root)
        .caption("Test error while training", ("sans-serif", 16))
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..max_step.max(1) as f64, (lo..hi).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("training step")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_desc("test normalised MSE (log scale)")
        .y_label_formatter(&|v| format!("{v}"))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    for s in series {
        let color = method_color(s.method);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .map(|&(x, y)| (x as f64, if y.is_finite() { y.clamp(lo, hi) } else { hi }))
            .collect();
        let style = color.stroke_width(2);
        let anno = if s.method.is_control() {
            chart
                .draw_series(DashedLineSeries::new(pts.clone(), 6, 4, style))
                .map_err(err)?
        } else {
            chart
                .draw_series(LineSeries::new(pts.clone(), style))
                .map_err(err)?
        };
        let label = if s.method.is_control() {
            format!("{} (reference)", s.method.id())
        } else {
            s.method.id().to_string()
        };
        anno.label(label).legend(move |(x, y)| {
            PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
        });
        if let (Some(at), Some(&(x, _))) = (s.diverged_at, pts.last()) {
            let text = format!("{} diverged at step {at}", s.method.id());
            let font = ("sans-serif", 13).into_font().color(&color);
            chart
                .draw_series(std::iter::once(Text::new(text, (x, hi * 0.75), font)))
                .map_err(err)?;
        }
    }
    if series.is_empty() {
        let font = ("sans-serif", 15).into_font().color(&BLACK.mix(0.6));
        let at = (max_step.max(1) as f64 * 0.3, 0.05);
        chart
            .draw_series(std::iter::once(Text::new(
                "press run to train the selected methods",
                at,
                font,
            )))
            .map_err(err)?;
    } else {
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    }
    Ok(())
}

/// The feedback-alignment angle against step, with the 90° line (no
/// alignment) and the essay's 40–47° band from step 1,200.
pub fn draw_angle<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lines: &[(Method, Vec<(usize, f64)>)],
    max_step: usize,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let xmax = max_step.max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(
            "Alignment angle of the W₂ update with the true gradient",
            ("sans-serif", 16),
        )
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..xmax, 0f64..120f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("training step")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}°"))
        .y_desc("angle (degrees)")
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    if xmax > 1200.0 {
        let band = Rectangle::new(
            [(1200.0, 40.0), (xmax, 47.0)],
            RGBColor(200, 200, 200).mix(0.5).filled(),
        );
        chart
            .draw_series(std::iter::once(band))
            .map_err(err)?
            .label("essay: 40–47° from step 1,200")
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 4), (x + 18, y + 4)],
                    RGBColor(200, 200, 200).filled(),
                )
            });
    }
    chart
        .draw_series(DashedLineSeries::new(
            vec![(0.0, 90.0), (xmax, 90.0)],
            6,
            4,
            BLACK.stroke_width(1),
        ))
        .map_err(err)?
        .label("90°: no alignment")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK));
    for (m, pts) in lines {
        let color = method_color(*m);
        let p: Vec<(f64, f64)> = pts.iter().map(|&(s, d)| (s as f64, d)).collect();
        chart
            .draw_series(LineSeries::new(p.clone(), color.stroke_width(2)))
            .map_err(err)?
            .label(m.id())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
            });
        chart
            .draw_series(p.iter().map(|&q| Circle::new(q, 3, color.filled())))
            .map_err(err)?;
    }
    legend(&mut chart, SeriesLabelPosition::LowerLeft)?;
    Ok(())
}

/// Weight and node perturbation's one-shot cosine against the number of
/// weights, log–log, with the 1/√N line.
pub fn draw_scaling<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    rows: &[ScalingRow],
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(root)
        .caption("One shared score scales badly", ("sans-serif", 16))
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d((100f64..200_000f64).log_scale(), (1e-3f64..1.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("number of weights (log scale)")
        .y_desc("cosine with the true gradient (log)")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v}"))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    let n = |r: &ScalingRow| r.weights as f64;
    let ideal: Vec<(f64, f64)> = [100.0, 200_000.0]
        .iter()
        .map(|&w: &f64| (w, 1.0 / w.sqrt()))
        .collect();
    chart
        .draw_series(DashedLineSeries::new(ideal, 6, 4, BLACK.stroke_width(1)))
        .map_err(err)?
        .label("1/√N")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK));
    let clamp = |c: f64| c.clamp(1e-3, 1.0);
    for (m, get) in [
        (
            Method::WeightPerturbation,
            (|r: &ScalingRow| r.wp_cosine) as fn(&ScalingRow) -> f64,
        ),
        (Method::NodePerturbation, |r: &ScalingRow| r.np_cosine),
    ] {
        let color = method_color(m);
        let p: Vec<(f64, f64)> = rows.iter().map(|r| (n(r), clamp(get(r)))).collect();
        chart
            .draw_series(LineSeries::new(p.clone(), color.stroke_width(2)))
            .map_err(err)?
            .label(m.name())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
            });
        chart
            .draw_series(p.iter().map(|&q| Circle::new(q, 4, color.filled())))
            .map_err(err)?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    Ok(())
}
