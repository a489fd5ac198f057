//! Two charts about credit: each method's alignment angle
//! per layer (small multiples, one panel per weight matrix), and the cost
//! of removing each requirement as a ratio to backprop, grouped by
//! requirement.

use crate::lab::study::interval::Interval;
use crate::lab::train::trainer::Angles;
use crate::lab::Method;
use crate::ui::charts::pen::{legend_rows, Anchor, Axis, Chart, Ink, Look, Pen, Plot, TEXT};
use crate::ui::charts::plots::{
    chart_width, frame, legend_cols, method_color, method_look, tick, title,
};
use plotters::prelude::DrawingBackend;

/// Small multiples of an angle against step, one panel per entry of
/// `names` (entry l of each series in panel l), with 90° marked; it
/// counts the methods with a line in some panel.
#[derive(Clone, Debug, PartialEq)]
pub struct AnglePanels {
    pub lines: Vec<(Method, Angles)>,
    pub max_step: usize,
    pub heading: String,
    pub names: Vec<String>,
}

impl AnglePanels {
    /// One panel per layer (W₁, W₂, W₃): the angle between each method's
    /// update and the exact gradient against step.
    pub fn layers(lines: Vec<(Method, Angles)>, max_step: usize) -> Self {
        Self {
            lines,
            max_step,
            heading: "Angle between each method's update and the true gradient, per layer".into(),
            names: ["W₁", "W₂", "W₃"].map(String::from).to_vec(),
        }
    }
}

impl Chart for AnglePanels {
    /// Each method's angle in each panel, from its first measure to its
    /// last.
    fn says(&self) -> String {
        let parts: Vec<String> = self
            .lines
            .iter()
            .filter_map(|(m, a)| {
                let each: Vec<String> = self
                    .names
                    .iter()
                    .enumerate()
                    .filter_map(|(l, n)| {
                        let mut at = a
                            .iter()
                            .filter_map(|(_, d)| d.get(l).copied().filter(|d| d.is_finite()));
                        let first = at.next()?;
                        Some(match at.next_back() {
                            Some(last) => format!("{n} from {first:.0}° to {last:.0}°"),
                            None => format!("{n} {first:.0}°"),
                        })
                    })
                    .collect();
                (!each.is_empty()).then(|| format!("{}: {}", m.name(), each.join(", ")))
            })
            .collect();
        if parts.is_empty() {
            return "No angle measured yet.".into();
        }
        format!("The angles from the first measure to the last (0° is the true gradient's direction, 90° no help): {}.", parts.join("; "))
    }

    fn size(&self) -> (f64, f64) {
        let rows = legend_rows(self.lines.len() + 1, legend_cols());
        (chart_width(), 330.0 + 22.0 * rows as f64)
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let lines = &self.lines;
        let xmax = self.max_step.max(1) as f64;
        title(pen, &self.heading);
        let n = self.names.len().max(1) as f64;
        let (left, gap) = (70.0, 50.0);
        let w = (chart_width() - left - 16.0 - (n - 1.0) * gap) / n;
        let mut drawn = vec![false; lines.len()];
        let mut bottom = 0.0;
        for (l, name) in self.names.iter().enumerate() {
            let p = Plot {
                x: left + l as f64 * (w + gap),
                y: 60.0,
                w,
                h: 200.0,
                xa: Axis::linear(0.0, xmax),
                ya: Axis::linear(0.0, 120.0),
            };
            angle_panel(pen, &p, l, name, lines, &mut drawn);
            bottom = p.y + p.h;
        }
        let mut entries: Vec<_> = lines
            .iter()
            .map(|(m, _)| {
                (
                    m.name().to_string(),
                    Look {
                        dash: false,
                        ..method_look(*m)
                    },
                )
            })
            .collect();
        entries.push(("90°: no alignment".into(), Look::line((0, 0, 0), true)));
        let width = chart_width() - left - 16.0;
        pen.legend(left, bottom + 66.0, width, legend_cols(), &entries);
        drawn.iter().filter(|d| **d).count()
    }
}

/// Layer `l`'s panel: its axes, the 90° line, and a line per method with
/// a finite angle there (marked in `drawn`).
fn angle_panel<DB: DrawingBackend>(
    pen: &mut Pen<DB>,
    p: &Plot,
    l: usize,
    name: &str,
    lines: &[(Method, Angles)],
    drawn: &mut [bool],
) {
    pen.text(
        p.x + p.w / 2.0,
        52.0,
        TEXT,
        Anchor::Middle,
        Ink::Strong,
        name,
    );
    let ydesc = if l == 0 { "angle (degrees)" } else { "" };
    // a narrow panel: step labels at the start, the middle and the end only
    let xmax = p.xa.hi;
    let xfmt = |v: f64| {
        let at = |x: f64| (v - x).abs() < 1e-6 * xmax.max(1.0);
        if at(0.0) || at(xmax / 2.0) || at(xmax) {
            format!("{v:.0}")
        } else {
            String::new()
        }
    };
    pen.axes(p, "training step", ydesc, &xfmt, &|v| format!("{v:.0}°"));
    let (a, y90) = p.at(0.0, 90.0);
    pen.line((a, y90), (p.x + p.w, y90), Ink::Data((0, 0, 0)), 1.5, true);
    for (k, (m, series)) in lines.iter().enumerate() {
        // a gap where a layer was left unchanged (NaN)
        let pts: Vec<(f64, f64)> = series
            .iter()
            .filter_map(|(s, a)| a.get(l).filter(|d| d.is_finite()).map(|&d| (*s, d)))
            .map(|(s, d)| p.at(s as f64, d.min(120.0)))
            .collect();
        if !pts.is_empty() {
            drawn[k] = true;
            pen.series(
                &pts,
                Look {
                    dash: false,
                    ..method_look(*m)
                },
            );
        }
    }
}

/// One bar of the ratio chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub method: Method,
    /// The requirement group it is drawn under ("R2", "R3", …).
    pub group: &'static str,
    /// Its score over bp's (`None`: diverged).
    pub ratio: Option<f64>,
    /// The ratio's 95% bootstrap interval, drawn as an error bar (from a
    /// table; live runs have one seed and none).
    pub interval: Option<Interval>,
}

/// The bars for a table: every method except bp, grouped by the
/// requirement it removes (a Part 4 rule joins its requirement's group:
/// "R4 (learned)" is R4), controls last.
pub fn ratio_bars(scores: &[(Method, f64)]) -> Vec<Bar> {
    let Some(bp) = scores.iter().find(|s| s.0 == Method::Bp).map(|s| s.1) else {
        return Vec::new();
    };
    let mut bars: Vec<Bar> = scores
        .iter()
        .filter(|s| s.0 != Method::Bp && !s.0.classifies())
        .map(|&(m, v)| Bar {
            method: m,
            group: if m.is_control() {
                "controls"
            } else {
                m.removes().split(" (").next().unwrap_or("—")
            },
            ratio: (bp.is_finite() && bp > 0.0 && v.is_finite()).then(|| v / bp),
            interval: None,
        })
        .collect();
    let order = ["R1, R5", "R2", "R3", "R4", "R5", "controls"];
    bars.sort_by_key(|b| order.iter().position(|g| *g == b.group).unwrap_or(9));
    bars
}

/// The cost of removing each requirement: score ÷ bp's, log scale, one
/// bar per method grouped by requirement; a diverged method's bar runs off
/// the top, pale, with a label. `source` says where the scores are from.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratio {
    pub bars: Vec<Bar>,
    pub source: String,
}

impl Ratio {
    /// More bars than two staggered rows of names can hold: names turned.
    fn turned(&self) -> bool {
        self.bars.len() > 12
    }

    /// Room below the plot for the names.
    fn below(&self) -> f64 {
        if !self.turned() {
            return 0.0;
        }
        let longest = self
            .bars
            .iter()
            .map(|b| b.method.short_name().chars().count());
        (longest.max().unwrap_or(0) as f64 * 0.56 * TEXT - 40.0).max(0.0)
    }
}

impl Chart for Ratio {
    fn size(&self) -> (f64, f64) {
        (chart_width(), 400.0 + self.below())
    }

    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize {
        let bars = &self.bars;
        let top = 1000.0;
        let n = bars.len().max(6) as f64;
        let turned = self.turned();
        let title = format!(
            "Cost of removing each requirement: score ÷ bp's ({})",
            self.source
        );
        let xa = Axis::linear(0.0, n);
        let p = frame(pen, 400.0, &title, 1, xa, Axis::log(0.5, top));
        pen.axes(
            &p,
            "",
            "× bp's test error (1× = as good as bp)",
            &|_| String::new(),
            &|v| format!("{}×", tick(v)),
        );
        let (x0, one) = p.at(0.0, 1.0);
        pen.line((x0, one), (p.x + p.w, one), Ink::Data((0, 0, 0)), 1.5, true);
        for (i, b) in bars.iter().enumerate() {
            let c = method_color(b.method);
            let h = b.ratio.unwrap_or(top).clamp(0.5, top);
            let (x0, y0) = p.at(i as f64 + 0.12, h);
            let (x1, base) = p.at(i as f64 + 0.88, 0.5);
            let opacity = if b.ratio.is_some() { 0.9 } else { 0.3 };
            pen.rect(x0, y0, x1 - x0, base - y0, Ink::Data(c), opacity);
            if let (Some(iv), Some(_)) = (b.interval, b.ratio) {
                // the 95% interval: a line with caps at the bar's middle
                let mid = (x0 + x1) / 2.0;
                let (_, ylo) = p.at(0.0, iv.lo.clamp(0.5, top));
                let (_, yhi) = p.at(0.0, iv.hi.clamp(0.5, top));
                let cap = ((x1 - x0) * 0.25).min(8.0);
                pen.line((mid, ylo), (mid, yhi), Ink::Strong, 2.0, false);
                pen.line((mid - cap, ylo), (mid + cap, ylo), Ink::Strong, 2.0, false);
                pen.line((mid - cap, yhi), (mid + cap, yhi), Ink::Strong, 2.0, false);
            }
            // narrow bars: the number alone (the axis says it is × bp's)
            let unit = if turned { "" } else { "×" };
            let label = b
                .ratio
                .map_or("diverged".into(), |r| format!("{r:.1}{unit}"));
            let mid = (x0 + x1) / 2.0;
            // above the bar, or above its error bar
            let over = b
                .interval
                .filter(|_| b.ratio.is_some())
                .map_or(y0, |iv| p.at(0.0, iv.hi.clamp(0.5, top)).1.min(y0));
            let y = over.max(p.y + if turned { 58.0 } else { 40.0 });
            pen.text(mid, y - 6.0, TEXT, Anchor::Middle, Ink::Strong, &label);
            let name = b.method.short_name();
            if turned {
                pen.hanging(mid, base + 8.0, TEXT, name);
            } else {
                // names on two staggered rows, so that neighbours never collide
                let row = if i % 2 == 0 { 18.0 } else { 36.0 };
                pen.text(mid, base + row, TEXT, Anchor::Middle, Ink::Strong, name);
            }
        }
        groups(pen, &p, bars, turned);
        bars.len()
    }
}
/// Each requirement's name above its bars, with a line between groups;
/// on two staggered rows when the bars are narrow.
fn groups<DB: DrawingBackend>(pen: &mut Pen<DB>, p: &Plot, bars: &[Bar], stagger: bool) {
    let (mut i, mut k) = (0, 0);
    while i < bars.len() {
        let g = bars[i].group;
        let j = bars[i..].iter().take_while(|b| b.group == g).count();
        let (x, _) = p.at(i as f64, 1.0);
        let (x2, _) = p.at((i + j) as f64, 1.0);
        let name = if g == "controls" {
            "controls".to_string()
        } else {
            g.replace(", ", "+")
        };
        let row = if stagger && k % 2 == 1 { 34.0 } else { 16.0 };
        pen.text(
            (x + x2) / 2.0,
            p.y + row,
            TEXT,
            Anchor::Middle,
            Ink::Axis,
            &name,
        );
        if i > 0 {
            pen.line((x, p.y), (x, p.y + p.h), Ink::Grid, 1.0, false);
        }
        i += j;
        k += 1;
    }
}
