//! Every chart, drawn by plotters' SVG backend through a backend that
//! counts text measurements: none is asked for (measuring was what made
//! plotters slow on the page, a forced layout per label), every chart
//! follows the theme, and its data lines keep 3:1 contrast with the
//! background on both themes (WCAG's floor for graphics).

use crate::studies::{row, wrow};
use creditflow::lab::agents::Signal;
use creditflow::lab::study::depth::{DepthAngle, DepthStudy};
use creditflow::lab::study::scaling::scaling_row;
use creditflow::lab::study::width::WidthRow;
use creditflow::lab::{Method, Task, TaskShape};
use creditflow::page::agents::{AgentsResults, AgentsSettings};
use creditflow::page::palette::{contrast, ChartTheme, CHART_DARK, CHART_LIGHT};
use creditflow::ui::charts::agents::AgentsChart;
use creditflow::ui::charts::credit::{ratio_bars, AnglePanels, Ratio};
use creditflow::ui::charts::pen::{draw_on, Chart};
use creditflow::ui::charts::plots::{Curves, Scaling, Score, Series};
use creditflow::ui::charts::studies::{DepthChart, DepthKind};
use creditflow::ui::charts::width::{WidthChart, WidthKind};
use plotters::prelude::SVGBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use std::cell::Cell;
use std::sync::Arc;

/// The SVG backend, counting the text measurements asked of it.
struct Counting<'a> {
    inner: SVGBackend<'a>,
    measured: &'a Cell<usize>,
}

type Error<'a> = DrawingErrorKind<<SVGBackend<'a> as DrawingBackend>::ErrorType>;

impl<'a> DrawingBackend for Counting<'a> {
    type ErrorType = <SVGBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), Error<'a>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), Error<'a>> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, p: BackendCoord, c: BackendColor) -> Result<(), Error<'a>> {
        self.inner.draw_pixel(p, c)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        s: &S,
    ) -> Result<(), Error<'a>> {
        self.inner.draw_line(a, b, s)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        s: &S,
        fill: bool,
    ) -> Result<(), Error<'a>> {
        self.inner.draw_rect(a, b, s, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        s: &S,
    ) -> Result<(), Error<'a>> {
        self.inner.draw_path(path, s)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        c: BackendCoord,
        r: u32,
        s: &S,
        fill: bool,
    ) -> Result<(), Error<'a>> {
        self.inner.draw_circle(c, r, s, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        v: I,
        s: &S,
    ) -> Result<(), Error<'a>> {
        self.inner.fill_polygon(v, s)
    }
    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        s: &T,
        at: BackendCoord,
    ) -> Result<(), Error<'a>> {
        self.inner.draw_text(text, s, at)
    }
    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        s: &T,
    ) -> Result<(u32, u32), Error<'a>> {
        self.measured.set(self.measured.get() + 1);
        self.inner.estimate_text_size(text, s)
    }
}

/// Draws `chart` on `theme`: the SVG, and how many measurements it asked.
fn draw(chart: &impl Chart, theme: &ChartTheme) -> (String, usize) {
    let (w, h) = chart.size();
    let measured = Cell::new(0);
    let mut out = String::new();
    {
        let inner = SVGBackend::with_string(&mut out, (w.ceil() as u32, h.ceil() as u32));
        let drawn = draw_on(
            Counting {
                inner,
                measured: &measured,
            },
            1.0,
            chart,
            theme,
        );
        assert!(drawn.min_text >= 16.0, "text of {} px", drawn.min_text);
    }
    (out, measured.get())
}

fn hex(s: &str) -> (u8, u8, u8) {
    let v = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).unwrap();
    (v(1), v(3), v(5))
}

/// The strokes of the SVG's lines at least `min` px wide.
fn strokes(svg: &str, min: f64) -> Vec<(u8, u8, u8)> {
    let attr = |el: &str, k: &str| {
        el.split_once(&format!(" {k}=\""))
            .and_then(|(_, r)| r.split('"').next().map(String::from))
    };
    svg.split("<polyline")
        .skip(1)
        .filter_map(|el| {
            let width: f64 = attr(el, "stroke-width")?.parse().ok()?;
            let stroke = attr(el, "stroke")?;
            (width >= min).then(|| hex(&stroke))
        })
        .collect()
}

/// Checks one chart on both themes.
fn check(name: &str, chart: &impl Chart) {
    for theme in [&CHART_LIGHT, &CHART_DARK] {
        let (svg, measured) = draw(chart, theme);
        assert_eq!(
            measured, 0,
            "{name} on {}: plotters measured text",
            theme.name
        );
        let bg = format!(
            "fill=\"#{:02X}{:02X}{:02X}\"",
            theme.background.0, theme.background.1, theme.background.2
        );
        assert!(
            svg.contains(&bg),
            "{name}: not drawn on the {} background",
            theme.name
        );
        let lines = strokes(&svg, 2.0);
        if name == "curves" {
            assert!(
                lines.len() >= 12,
                "{name}: {} lines found in its SVG",
                lines.len()
            );
        }
        for c in lines {
            let k = contrast(c, theme.background);
            assert!(
                k >= 3.0,
                "{name} on {}: a line in {c:?} has contrast {k:.2}",
                theme.name
            );
        }
    }
}

#[test]
fn every_chart_draws_on_both_themes_without_measuring_text() {
    // the lab's, with every method's colour
    let all: Vec<Method> = Method::ALL
        .iter()
        .chain(Method::PART4.iter())
        .copied()
        .collect();
    let series = all
        .iter()
        .enumerate()
        .map(|(i, &method)| Series {
            method,
            points: vec![
                (0, 1.6),
                (50, 0.5 / (i + 1) as f64),
                (100, 0.1 / (i + 1) as f64),
            ],
            diverged_at: None,
        })
        .collect();
    check(
        "curves",
        &Curves {
            series,
            max_step: 100,
            score: Score::Nmse,
        },
    );
    let lines = all
        .iter()
        .map(|&m| {
            (
                m,
                vec![(0, vec![80.0, 70.0, 10.0]), (100, vec![60.0, 50.0, 5.0])],
            )
        })
        .collect();
    check("angles", &AnglePanels::layers(lines, 100));
    let scores: Vec<(Method, f64)> = all.iter().map(|&m| (m, 0.05)).collect();
    check(
        "ratio",
        &Ratio {
            bars: ratio_bars(&scores),
            source: "test".into(),
        },
    );
    let task = Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }));
    check(
        "scaling",
        &Scaling(vec![
            scaling_row(task.clone(), 8, 3),
            scaling_row(task, 16, 3),
        ]),
    );
    // the studies'
    let methods = [
        Method::Bp,
        Method::Fa,
        Method::Dfa,
        Method::NoDeriv,
        Method::Scrambled,
        Method::NodePerturbation,
        Method::ReadoutOnly,
    ];
    let mut study = DepthStudy::default();
    for d in [1, 3] {
        for (i, &m) in methods.iter().enumerate() {
            study
                .rows
                .push(row(m, d, 0.01 * (i + 1) as f64, (i + 1) as f64));
        }
        for m in [Method::Fa, Method::Dfa] {
            for layer in 1..=d + 1 {
                study.angles.push(DepthAngle {
                    method: m,
                    depth: d,
                    layer,
                    degrees: 40.0 + layer as f64,
                });
            }
        }
    }
    for kind in [DepthKind::Scores, DepthKind::Costs, DepthKind::Angles] {
        check(
            &format!("{kind:?}"),
            &DepthChart {
                study: study.clone(),
                max_depth: 3,
                kind,
            },
        );
    }
    let widths = [
        Method::Bp,
        Method::Fa,
        Method::NodePerturbation,
        Method::WeightPerturbation,
    ];
    let rows: Vec<WidthRow> = [8, 16]
        .iter()
        .flat_map(|&w| {
            widths.iter().enumerate().map(move |(i, &m)| WidthRow {
                steps_to_target: Some(100),
                ..wrow(m, w, 0.01 * (i + 1) as f64)
            })
        })
        .collect();
    for kind in [
        WidthKind::Scores,
        WidthKind::Steps {
            steps: 200,
            target_times: 2.0,
        },
        WidthKind::Boundary,
    ] {
        check(
            &format!("{kind:?}"),
            &WidthChart {
                rows: rows.clone(),
                kind,
            },
        );
    }
    // the Agents view's, from a short run of the page's own computation
    let mut s = AgentsSettings::default();
    s.cfg.rounds = 5;
    let r = AgentsResults::compute(&s);
    assert!(r.curves.iter().any(|(_, c)| c.signal == Signal::Broadcast));
    let m = s.measure;
    check("agents curves", &AgentsChart::Curves(r.curve_bands(m)));
    check("agents depth", &AgentsChart::Depth(r.depth_points(m)));
    check("agents map", &AgentsChart::Map(r.median_rows(m)));
    check("agents vote", &AgentsChart::Vote(r.vote.clone()));
    // and every chart empty, before a run
    check(
        "empty curves",
        &Curves {
            series: vec![],
            max_step: 3000,
            score: Score::Nmse,
        },
    );
    check("empty map", &AgentsChart::Map(vec![]));
    check(
        "empty boundary",
        &WidthChart {
            rows: vec![],
            kind: WidthKind::Boundary,
        },
    );
}

#[test]
fn an_axis_refuses_bounds_it_cannot_draw() {
    use creditflow::ui::charts::pen::{Axis, MAX_TICKS};
    let bad = [
        0.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1e-320,
    ];
    for &lo in &bad {
        for hi in [1.0, 0.0, f64::NAN, f64::INFINITY] {
            for a in [Axis::log(lo, hi), Axis::linear(lo, hi), Axis::log(hi, lo)] {
                assert!(
                    a.lo.is_finite() && a.hi.is_finite() && a.lo != a.hi,
                    "{lo} {hi}: {a:?}"
                );
                if a.log {
                    assert!(a.lo > 0.0 && a.hi > 0.0, "{a:?}");
                }
                let t = a.ticks();
                assert!(t.len() <= MAX_TICKS && t.iter().all(|v| v.is_finite()));
                assert!(a.frac(0.5).is_finite());
            }
        }
    }
    // a good log axis is left as it is
    let a = Axis::log(1e-3, 10.0);
    assert_eq!((a.lo, a.hi, a.ticks().len()), (1e-3, 10.0, 5));
}

#[test]
fn a_narrow_log_axis_still_has_ticks() {
    use creditflow::ui::charts::pen::Axis;
    // decades where two or more fall in the range
    assert_eq!(Axis::log(0.005, 2.0).ticks(), vec![0.01, 0.1, 1.0]);
    // a range over more decades than an axis draws: every k-th (here 10th)
    let t = Axis::log(1e-300, 1e300).ticks();
    assert!(
        t.len() <= creditflow::ui::charts::pen::MAX_TICKS,
        "{}",
        t.len()
    );
    let near = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-9;
    assert!(near(t[0], 1e-300) && near(t[t.len() - 1], 1e300), "{t:?}");
    // two decades or fewer: the 1–2–5 steps inside the range
    assert_eq!(Axis::log(1.0, 10.0).ticks(), vec![1.0, 2.0, 5.0, 10.0]);
    assert_eq!(Axis::log(0.15, 0.6).ticks(), vec![0.2, 0.5]);
    assert_eq!(Axis::log(3.0, 60.0).ticks(), vec![5.0, 10.0, 20.0, 50.0]);
    // an error rate from 0.24 to 0.6 holds one 1–2–5 step: linear steps then
    let t = Axis::log(0.24, 0.6).ticks();
    assert!(t.len() >= 3, "{t:?}");
    assert!(t.iter().all(|v| (0.24..=0.6).contains(v)), "{t:?}");
    // a very narrow range: finer linear steps, still inside and positive
    let t = Axis::log(0.41, 0.43).ticks();
    assert!(
        t.len() >= 2 && t.iter().all(|v| (0.41..=0.43).contains(v) && *v > 0.0),
        "{t:?}"
    );
}
