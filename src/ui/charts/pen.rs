//! The charts' pen: the few marks a chart is made of (lines, bars, dots,
//! text, axes with ticks, a legend strip) drawn through plotters onto any
//! of its backends — `plotters-canvas` on the page, the SVG backend for
//! the SVG export and the native tests. A chart is a `Chart`: its size and
//! one drawing function, generic over the backend.
//!
//! The pen works in CSS pixels and scales every coordinate by `k` (the
//! device pixel ratio on a canvas, so lines and text are crisp), and it
//! never asks plotters to measure text: labels are placed by their anchor
//! and the backend aligns them (canvas `textAlign`, SVG `text-anchor`).
//! Measuring was what made plotters slow in a browser: its web font
//! measures a label by appending a `<span>` to the page and reading its
//! size, a forced layout per label. `tests/it/ui_logic.rs` draws every
//! chart through a backend that counts measurements and asserts none.

pub use crate::lab::method::Marker;
use crate::page::palette::ChartTheme;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

pub fn hex(c: Rgb) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// The body text size the charts' text must not fall below.
pub const TEXT: f64 = 16.0;

/// One data axis.
#[derive(Clone, Copy, Debug)]
pub struct Axis {
    pub lo: f64,
    pub hi: f64,
    pub log: bool,
}

/// The most ticks an axis draws.
pub const MAX_TICKS: usize = 64;

impl Axis {
    /// From `lo` to `hi`; bounds that are not finite or equal become a
    /// usable range (0 … 1, or a unit around the value).
    pub fn linear(lo: f64, hi: f64) -> Self {
        let (lo, hi) = match (lo.is_finite(), hi.is_finite()) {
            (true, true) if lo != hi => (lo, hi),
            (true, true) => (lo - 0.5, hi + 0.5),
            (true, false) => (lo, lo + 1.0),
            (false, true) => (hi - 1.0, hi),
            (false, false) => (0.0, 1.0),
        };
        Self { lo, hi, log: false }
    }

    /// A log axis from `lo` to `hi`; a bound that is zero, negative or not
    /// finite, or equal bounds, become a usable range (three decades from
    /// the good bound, a decade either side, or 10⁻³ … 1).
    pub fn log(lo: f64, hi: f64) -> Self {
        let ok = |v: f64| v.is_finite() && v > 0.0;
        let (lo, hi) = match (ok(lo), ok(hi)) {
            (true, true) if lo != hi => (lo, hi),
            (true, true) => (lo / 10.0, hi * 10.0),
            (true, false) => (lo, lo * 1e3),
            (false, true) => (hi / 1e3, hi),
            (false, false) => (1e-3, 1.0),
        };
        Self { lo, hi, log: true }
    }

    /// Where `v` falls, 0 at `lo` and 1 at `hi` (clamped a little past).
    pub fn frac(&self, v: f64) -> f64 {
        let f = if self.log {
            (v.max(1e-300).ln() - self.lo.ln()) / (self.hi.ln() - self.lo.ln())
        } else {
            (v - self.lo) / (self.hi - self.lo)
        };
        if f.is_finite() {
            f.clamp(-0.05, 1.05)
        } else {
            0.0
        }
    }

    /// Tick values: decades on a log axis (every k-th one where there are
    /// more than [`MAX_TICKS`]; where fewer than three fall in it, the
    /// 1–2–5 steps of each decade inside it, then the linear steps: a
    /// narrow range still reads), 1–2–5 steps on a linear one.
    pub fn ticks(&self) -> Vec<f64> {
        if self.log {
            let (lo, hi) = (self.lo.min(self.hi), self.lo.max(self.hi));
            let (first, last) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
            let count = (last - first + 1).max(0) as usize;
            if count >= 3 {
                let k = count.div_ceil(MAX_TICKS);
                return (first..=last).step_by(k).map(|e| 10f64.powi(e)).collect();
            }
            // m × 10^e, written as m / 10^-e below 1 so 0.2 is 0.2
            let at = |m: f64, e: i32| {
                if e < 0 {
                    m / 10f64.powi(-e)
                } else {
                    m * 10f64.powi(e)
                }
            };
            let steps: Vec<f64> = (first - 1..=last)
                .flat_map(|e| [1.0, 2.0, 5.0].map(|m| at(m, e)))
                .filter(|v| (lo..=hi).contains(v))
                .collect();
            if steps.len() >= 2 {
                return steps;
            }
            let linear = Axis { lo, hi, log: false };
            return linear.ticks().into_iter().filter(|v| *v > 0.0).collect();
        }
        let span = (self.hi - self.lo).abs().max(1e-12);
        let raw = span / 5.0;
        let mag = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|m| m * mag)
            .find(|s| span / s <= 6.0)
            .unwrap_or(10.0 * mag);
        let first = (self.lo / step).ceil() as i64;
        let last = (self.hi / step).floor() as i64;
        (first..=last)
            .take(MAX_TICKS)
            .map(|k| k as f64 * step)
            .collect()
    }
}

/// The plotting rectangle and its two axes.
#[derive(Clone, Copy, Debug)]
pub struct Plot {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub xa: Axis,
    pub ya: Axis,
}

impl Plot {
    pub fn at(&self, x: f64, y: f64) -> (f64, f64) {
        (
            self.x + self.xa.frac(x) * self.w,
            self.y + (1.0 - self.ya.frac(y)) * self.h,
        )
    }
}

/// Text anchoring along the line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// How a line looks: its colour, dashed or not, and the shape marked
/// along it (a method's are its row's in `lab::method::DEFS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub colour: Rgb,
    pub dash: bool,
    pub marker: Marker,
}

impl Look {
    /// A line with no marker.
    pub fn line(colour: Rgb, dash: bool) -> Self {
        Self {
            colour,
            dash,
            marker: Marker::None,
        }
    }
}

/// How far apart a line's markers are along it, CSS px.
const MARKER_EVERY: f64 = 90.0;

/// How a colour is used: data keeps its hue (moved toward the ink where
/// it would be faint on the theme), the rest are the theme's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Data(Rgb),
    /// Titles and data labels.
    Strong,
    /// Axes, tick labels and axis titles.
    Axis,
    /// Notes and ticks.
    Muted,
    /// Grid lines and empty cells.
    Grid,
    /// A colour drawn as it is on every theme (a map's cell and the text
    /// on it).
    Fixed(Rgb),
}

/// A chart: its size in CSS pixels and one drawing function, generic over
/// the backend. The drawing returns how many of its series have a line.
pub trait Chart {
    fn size(&self) -> (f64, f64);
    fn draw<DB: DrawingBackend>(&self, pen: &mut Pen<DB>) -> usize;
    /// What the chart shows now, in a sentence with its numbers: the start
    /// of its text alternative (empty: the caption alone says it).
    fn says(&self) -> String {
        String::new()
    }
}

/// A pen on a plotters drawing area.
pub struct Pen<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    /// Backend pixels per CSS pixel.
    k: f64,
    /// The backend's font size per CSS pixel of text (plotters' SVG
    /// backend writes a size of 1/1.24 of the one asked for).
    text_k: f64,
    pub theme: &'a ChartTheme,
    /// What was drawn (the page puts it on the chart, where the site
    /// tests read it).
    drawn: Drawn,
}

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

impl<'a, DB: DrawingBackend> Pen<'a, DB> {
    pub fn new(
        area: &'a DrawingArea<DB, Shift>,
        k: f64,
        text_k: f64,
        theme: &'a ChartTheme,
    ) -> Self {
        let _ = area.fill(&rgb(theme.background));
        Self {
            area,
            k,
            text_k,
            theme,
            drawn: Drawn::default(),
        }
    }

    /// The colour `ink` is on this theme.
    pub fn colour(&self, ink: Ink) -> Rgb {
        let t = self.theme;
        match ink {
            Ink::Data(c) => t.data(c),
            Ink::Strong => t.ink,
            Ink::Axis => t.axis,
            Ink::Muted => t.muted,
            Ink::Grid => t.grid,
            Ink::Fixed(c) => c,
        }
    }

    fn px(&self, (x, y): (f64, f64)) -> (i32, i32) {
        ((x * self.k).round() as i32, (y * self.k).round() as i32)
    }

    fn stroke(&self, ink: Ink, width: f64) -> ShapeStyle {
        ShapeStyle {
            color: rgb(self.colour(ink)).to_rgba(),
            filled: false,
            stroke_width: (width * self.k).round().max(1.0) as u32,
        }
    }

    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), ink: Ink, width: f64, dash: bool) {
        self.polyline(&[a, b], ink, width, dash);
    }

    pub fn polyline(&mut self, pts: &[(f64, f64)], ink: Ink, width: f64, dash: bool) {
        if pts.is_empty() {
            return;
        }
        let at: Vec<(i32, i32)> = pts.iter().map(|&p| self.px(p)).collect();
        let style = self.stroke(ink, width);
        let _ = if dash {
            let (on, off) = ((6.0 * self.k) as i32, (4.0 * self.k) as i32);
            self.area.draw(&DashedPathElement::new(at, on, off, style))
        } else {
            self.area.draw(&PathElement::new(at, style))
        };
    }

    /// A data series' line, recorded in `lines`, with its marker every
    /// `MARKER_EVERY` px along it (each marker kind starting at its own
    /// offset, so that lines lying together show all their marks).
    pub fn series(&mut self, pts: &[(f64, f64)], look: Look) {
        if pts.is_empty() {
            return;
        }
        self.drawn.lines.push(look.colour);
        let ink = Ink::Data(look.colour);
        self.polyline(pts, ink, 2.5, look.dash);
        if look.marker == Marker::None {
            return;
        }
        let mut next = 20.0 + 10.0 * look.marker as usize as f64;
        let mut run = 0.0;
        for w in pts.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = (b.0 - a.0).hypot(b.1 - a.1);
            while len > 0.0 && run + len >= next {
                let t = (next - run) / len;
                self.marker(
                    a.0 + t * (b.0 - a.0),
                    a.1 + t * (b.1 - a.1),
                    look.marker,
                    ink,
                );
                next += MARKER_EVERY;
            }
            run += len;
        }
    }

    /// A marker centred on (x, y).
    pub fn marker(&mut self, x: f64, y: f64, m: Marker, ink: Ink) {
        // large enough to tell two lines of one colour (to a colour-blind eye) apart
        let r = 6.5;
        let fill = rgb(self.colour(ink)).filled();
        let poly = |pts: &[(f64, f64)]| -> Vec<(i32, i32)> {
            pts.iter()
                .map(|&(dx, dy)| self.px((x + dx, y + dy)))
                .collect()
        };
        let _ = match m {
            Marker::None => Ok(()),
            Marker::Circle => self.area.draw(&Circle::new(
                self.px((x, y)),
                (r * self.k).round() as i32,
                fill,
            )),
            Marker::Square => {
                let s = 0.85 * r;
                self.area.draw(&Rectangle::new(
                    [self.px((x - s, y - s)), self.px((x + s, y + s))],
                    fill,
                ))
            }
            Marker::TriangleUp => self.area.draw(&Polygon::new(
                poly(&[(0.0, -r), (r, 0.8 * r), (-r, 0.8 * r)]),
                fill,
            )),
            Marker::TriangleDown => self.area.draw(&Polygon::new(
                poly(&[(0.0, r), (r, -0.8 * r), (-r, -0.8 * r)]),
                fill,
            )),
            Marker::Diamond => self.area.draw(&Polygon::new(
                poly(&[(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]),
                fill,
            )),
            Marker::Cross | Marker::Plus => {
                let arms = if m == Marker::Cross {
                    [((-r, -r), (r, r)), ((-r, r), (r, -r))]
                } else {
                    [((-r, 0.0), (r, 0.0)), ((0.0, -r), (0.0, r))]
                };
                for (a, b) in arms {
                    self.polyline(&[(x + a.0, y + a.1), (x + b.0, y + b.1)], ink, 2.5, false);
                }
                Ok(())
            }
        };
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, ink: Ink, opacity: f64) {
        self.drawn.rects += 1;
        let c = rgb(self.colour(ink)).mix(opacity).filled();
        let r = Rectangle::new(
            [self.px((x, y)), self.px((x + w.max(0.0), y + h.max(0.0)))],
            c,
        );
        let _ = self.area.draw(&r);
    }

    /// A filled area (a band between two lines: the upper line's points,
    /// then the lower's backwards), counted with the rects.
    pub fn area(&mut self, pts: &[(f64, f64)], ink: Ink, opacity: f64) {
        if pts.len() < 3 {
            return;
        }
        self.drawn.rects += 1;
        let c = rgb(self.colour(ink)).mix(opacity).filled();
        let at: Vec<(i32, i32)> = pts.iter().map(|&p| self.px(p)).collect();
        let _ = self.area.draw(&Polygon::new(at, c));
    }

    pub fn circle(&mut self, x: f64, y: f64, r: f64, ink: Ink) {
        self.drawn.dots += 1;
        let c = rgb(self.colour(ink)).filled();
        let _ = self.area.draw(&Circle::new(
            self.px((x, y)),
            (r * self.k).round() as i32,
            c,
        ));
    }

    fn font(&mut self, size: f64, ink: Ink, h: HPos, turn: FontTransform) -> TextStyle<'static> {
        self.drawn.min_text = self.drawn.min_text.min(size);
        // a hair over, so that the SVG backend's division gives the size back
        let px = (size * self.k * self.text_k).next_up();
        TextStyle {
            font: ("sans-serif", px).into_font().transform(turn),
            color: rgb(self.colour(ink)).to_backend_color(),
            pos: Pos::new(h, VPos::Center),
        }
    }

    /// Text whose baseline is at `y`, anchored at `x`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, ink: Ink, s: &str) {
        let h = match anchor {
            Anchor::Start => HPos::Left,
            Anchor::Middle => HPos::Center,
            Anchor::End => HPos::Right,
        };
        // the backends align on the text's middle: 0.35 em above the baseline
        let style = self.font(size, ink, h, FontTransform::None);
        let at = self.px((x, y - 0.35 * size));
        self.drawn.texts.push(s.to_string());
        let _ = self.area.draw(&Text::new(s.to_string(), at, style));
    }

    /// Text turned a quarter to the left, centred on (x, y).
    pub fn vtext(&mut self, x: f64, y: f64, size: f64, s: &str) {
        let style = self.font(size, Ink::Axis, HPos::Center, FontTransform::Rotate270);
        let at = self.px((x, y));
        self.drawn.texts.push(s.to_string());
        let _ = self.area.draw(&Text::new(s.to_string(), at, style));
    }

    /// Text turned a quarter to the left, ending at (x, y) and running
    /// down from it (a bar's name below its bar when bars are narrow).
    pub fn hanging(&mut self, x: f64, y: f64, size: f64, s: &str) {
        let style = self.font(size, Ink::Strong, HPos::Right, FontTransform::Rotate270);
        let at = self.px((x, y));
        self.drawn.texts.push(s.to_string());
        let _ = self.area.draw(&Text::new(s.to_string(), at, style));
    }

    /// The plot's frame, ticks and tick labels, and the axis titles.
    pub fn axes(
        &mut self,
        p: &Plot,
        xdesc: &str,
        ydesc: &str,
        xfmt: &dyn Fn(f64) -> String,
        yfmt: &dyn Fn(f64) -> String,
    ) {
        for t in p.ya.ticks() {
            let (x, y) = p.at(p.xa.lo, t);
            self.line((x, y), (p.x + p.w, y), Ink::Grid, 1.0, false);
        }
        self.line(
            (p.x, p.y + p.h),
            (p.x + p.w, p.y + p.h),
            Ink::Axis,
            1.0,
            false,
        );
        self.line((p.x, p.y), (p.x, p.y + p.h), Ink::Axis, 1.0, false);
        for t in p.xa.ticks() {
            let (x, y) = p.at(t, p.ya.lo);
            self.line((x, y), (x, y + 5.0), Ink::Muted, 1.0, false);
            self.text(x, y + 20.0, TEXT, Anchor::Middle, Ink::Axis, &xfmt(t));
        }
        for t in p.ya.ticks() {
            let (x, y) = p.at(p.xa.lo, t);
            self.line((x - 5.0, y), (x, y), Ink::Muted, 1.0, false);
            self.text(x - 8.0, y + 5.0, TEXT, Anchor::End, Ink::Axis, &yfmt(t));
        }
        self.text(
            p.x + p.w / 2.0,
            p.y + p.h + 40.0,
            TEXT,
            Anchor::Middle,
            Ink::Axis,
            xdesc,
        );
        if !ydesc.is_empty() {
            self.vtext(p.x - 58.0, p.y + p.h / 2.0, TEXT, ydesc);
        }
    }

    /// A legend in rows of `cols`: a short line as the chart draws it
    /// (dashed or not, its marker in the middle) and a name.
    pub fn legend(&mut self, x: f64, y: f64, w: f64, cols: usize, entries: &[(String, Look)]) {
        let col = w / cols.max(1) as f64;
        for (i, (name, look)) in entries.iter().enumerate() {
            let (ex, ey) = (x + (i % cols) as f64 * col, y + (i / cols) as f64 * 22.0);
            let ink = Ink::Data(look.colour);
            self.line((ex, ey - 5.0), (ex + 22.0, ey - 5.0), ink, 3.0, look.dash);
            self.marker(ex + 11.0, ey - 5.0, look.marker, ink);
            // a name wider than its column is cut, with an ellipsis (an
            // average glyph is about 0.56 of the font size)
            let fits = ((col - 32.0) / (0.56 * TEXT)).max(4.0) as usize;
            let shown = if name.chars().count() > fits {
                format!(
                    "{}…",
                    name.chars().take(fits - 1).collect::<String>().trim_end()
                )
            } else {
                name.clone()
            };
            self.text(ex + 28.0, ey, TEXT, Anchor::Start, Ink::Strong, &shown);
        }
    }
}

/// Rows a legend of `n` entries takes in `cols` columns.
pub fn legend_rows(n: usize, cols: usize) -> usize {
    n.div_ceil(cols.max(1))
}

/// What a drawing drew: the count its chart returns (how many of its
/// series have a line), the colours of its data lines in order, its dots
/// and rectangles, its texts and the smallest text size (CSS px).
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    pub count: usize,
    pub lines: Vec<Rgb>,
    pub dots: usize,
    pub rects: usize,
    pub texts: Vec<String>,
    pub min_text: f64,
}

impl Default for Drawn {
    fn default() -> Self {
        Self {
            count: 0,
            lines: Vec::new(),
            dots: 0,
            rects: 0,
            texts: Vec::new(),
            min_text: f64::INFINITY,
        }
    }
}

impl Drawn {
    /// The line colours as `#RRGGBB` words, for the page's `data-lines`.
    pub fn words(&self) -> String {
        self.lines
            .iter()
            .map(|&c| hex(c))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// plotters' SVG backend writes a font size of 1/1.24 of the one given.
const SVG_TEXT: f64 = 1.24;

/// A chart as an SVG document, drawn on `theme`.
pub fn svg(chart: &impl Chart, theme: &ChartTheme) -> String {
    svg_drawn(chart, theme).0
}

/// A chart as an SVG document, and what it drew.
pub fn svg_drawn(chart: &impl Chart, theme: &ChartTheme) -> (String, Drawn) {
    let (w, h) = chart.size();
    let mut out = String::new();
    let drawn = {
        let backend = SVGBackend::with_string(&mut out, (w.ceil() as u32, h.ceil() as u32));
        draw_with(backend, 1.0, SVG_TEXT, chart, theme)
    };
    (out, drawn)
}

/// Draws a chart on any backend at `k` backend pixels per CSS pixel.
pub fn draw_on<DB: DrawingBackend>(
    backend: DB,
    k: f64,
    chart: &impl Chart,
    theme: &ChartTheme,
) -> Drawn {
    draw_with(backend, k, 1.0, chart, theme)
}

fn draw_with<DB: DrawingBackend>(
    backend: DB,
    k: f64,
    text_k: f64,
    chart: &impl Chart,
    theme: &ChartTheme,
) -> Drawn {
    let root = backend.into_drawing_area();
    let mut pen = Pen::new(&root, k, text_k, theme);
    let count = chart.draw(&mut pen);
    let drawn = Drawn {
        count,
        ..std::mem::take(&mut pen.drawn)
    };
    drop(pen);
    let _ = root.present();
    drawn
}
