//! Two charts about credit: each method's alignment angle per layer
//! (small multiples, one panel per weight matrix), and the cost of
//! removing each requirement as a ratio to backprop, grouped by
//! requirement.

use super::charts::{err, legend, method_color, reference, swatch, Look};
use crate::lab::trainer::Angles;
use crate::lab::Method;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One panel per layer (W₁, W₂, W₃): the angle between each method's
/// update and the exact gradient against step, with 90° marked.
pub fn draw_angles<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lines: &[(Method, Angles)],
    max_step: usize,
    look: Look,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let (title, panels) = root.split_vertically(look.px(30.0));
    title
        .draw_text(
            "Angle between each method's update and the true gradient, per layer",
            &look.font(17.0).into_text_style(&title),
            (look.px(10.0) as i32, look.px(6.0) as i32),
        )
        .map_err(err)?;
    let xmax = max_step.max(1) as f64;
    for (l, area) in panels.split_evenly((1, 3)).iter().enumerate() {
        let mut chart = ChartBuilder::on(area)
            .caption(format!("W{}", ['₁', '₂', '₃'][l]), look.font(16.0))
            .margin(look.px(6.0))
            .x_label_area_size(look.px(44.0))
            .y_label_area_size(look.px(if l == 0 { 60.0 } else { 40.0 }))
            .build_cartesian_2d(0f64..xmax, 0f64..120f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("training step")
            .x_labels(3)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| format!("{v:.0}°"))
            .y_desc(if l == 0 { "angle (degrees)" } else { "" })
            .label_style(look.font(14.0))
            .axis_desc_style(look.font(14.0))
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(err)?;
        reference(
            &mut chart,
            90.0,
            xmax,
            BLACK,
            "90°: no alignment".into(),
            look,
        )?;
        for (m, series) in lines {
            let color = method_color(*m);
            // a gap where a layer was left unchanged (NaN)
            let p: Vec<(f64, f64)> = series
                .iter()
                .filter(|(_, a)| a[l].is_finite())
                .map(|&(s, a)| (s as f64, a[l].min(120.0)))
                .collect();
            if p.is_empty() {
                continue;
            }
            let anno = chart
                .draw_series(LineSeries::new(p, color.stroke_width(look.px(2.0))))
                .map_err(err)?;
            if l == 0 {
                anno.label(m.name()).legend(swatch(color, look));
            }
        }
        if l == 0 {
            legend(&mut chart, SeriesLabelPosition::LowerLeft, look)?;
        }
    }
    Ok(())
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
/// requirement it removes, controls last.
pub fn ratio_bars(scores: &[(Method, f64)]) -> Vec<Bar> {
    let Some(bp) = scores.iter().find(|s| s.0 == Method::Bp).map(|s| s.1) else {
        return Vec::new();
    };
    let mut bars: Vec<Bar> = scores
        .iter()
        .filter(|s| s.0 != Method::Bp)
        .map(|&(m, v)| Bar {
            method: m,
            group: if m.is_control() {
                "controls"
            } else {
                m.removes()
            },
            ratio: (bp.is_finite() && bp > 0.0 && v.is_finite()).then(|| v / bp),
        })
        .collect();
    let order = ["R1, R5", "R2", "R3", "R4", "controls"];
    bars.sort_by_key(|b| order.iter().position(|g| *g == b.group).unwrap_or(9));
    bars
}

/// The cost of removing each requirement: score ÷ bp's, log scale, one
/// bar per method grouped by requirement; a diverged method's bar runs off
/// the top with a label.
pub fn draw_ratio<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    bars: &[Bar],
    source: &str,
    look: Look,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let n = bars.len().max(1);
    let top = 1000.0;
    let mut chart = look
        .chart(
            root,
            &format!("Cost of removing each requirement: score ÷ bp's ({source})"),
        )
        .build_cartesian_2d(0f64..n as f64, (0.5f64..top).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("× bp's test error (log scale)")
        .y_label_formatter(&|v| format!("{v}×"))
        .label_style(look.font(15.0))
        .axis_desc_style(look.font(15.0))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    reference(
        &mut chart,
        1.0,
        n as f64,
        BLACK,
        "1× = as good as bp".into(),
        look,
    )?;
    for (i, b) in bars.iter().enumerate() {
        let color = method_color(b.method);
        let h = b.ratio.unwrap_or(top).clamp(0.5, top);
        let (x0, x1) = (i as f64 + 0.15, i as f64 + 0.85);
        let rect = Rectangle::new(
            [(x0, 0.5), (x1, h)],
            color
                .mix(if b.ratio.is_some() { 0.9 } else { 0.35 })
                .filled(),
        );
        chart.draw_series(std::iter::once(rect)).map_err(err)?;
        let label = match b.ratio {
            Some(r) => format!("{r:.1}×"),
            None => "diverged".into(),
        };
        let font = look.font(13.0).color(&BLACK);
        let at = (x0, (h * 1.15).min(top * 0.8));
        chart
            .draw_series(std::iter::once(Text::new(label, at, font.clone())))
            .map_err(err)?;
        let name = Text::new(
            short(b.method),
            (x0, 0.62),
            font.transform(FontTransform::Rotate270),
        );
        chart.draw_series(std::iter::once(name)).map_err(err)?;
    }
    // group names above their bars
    let mut i = 0;
    while i < bars.len() {
        let g = bars[i].group;
        let j = bars[i..].iter().take_while(|b| b.group == g).count();
        let font = look.font(15.0).color(&BLACK.mix(0.75));
        let text = Text::new(g.to_string(), (i as f64 + 0.2, top * 0.45), font);
        chart.draw_series(std::iter::once(text)).map_err(err)?;
        i += j;
    }
    Ok(())
}

/// A bar's label: the id, short enough to stand on a bar.
fn short(m: Method) -> String {
    m.id().replace("_perturbation", " pert.").replace('_', " ")
}
