//! A small SVG plotting kit for the lab's charts: axes (linear or log)
//! with ticks and titles, lines, bars, text and a legend strip, written
//! straight into a string. Plain Rust: no browser types, and no text
//! measuring (plotters measured every label by reflowing the page, which
//! made a chart cost tens of milliseconds in the browser).

use std::fmt::Write;

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

impl Axis {
    pub fn linear(lo: f64, hi: f64) -> Self {
        Self { lo, hi, log: false }
    }

    pub fn log(lo: f64, hi: f64) -> Self {
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

    /// Tick values: decades on a log axis, 1–2–5 steps on a linear one.
    pub fn ticks(&self) -> Vec<f64> {
        if self.log {
            let (a, b) = (
                self.lo.log10().ceil() as i32,
                self.hi.log10().floor() as i32,
            );
            return (a..=b).map(|e| 10f64.powi(e)).collect();
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
        (first..=last).map(|k| k as f64 * step).collect()
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

/// Text anchoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// An SVG document being written.
pub struct Svg {
    out: String,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl Svg {
    pub fn new(w: f64, h: f64) -> Self {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif"><rect width="{w}" height="{h}" fill="#FFFFFF"/>"##
        );
        Self { out }
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }

    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64, dash: bool) {
        let d = if dash {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        let _ = write!(
            self.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width}"{d}/>"#,
            a.0, a.1, b.0, b.1
        );
    }

    pub fn polyline(&mut self, pts: &[(f64, f64)], stroke: &str, width: f64, dash: bool) {
        if pts.is_empty() {
            return;
        }
        let d = if dash {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        let mut p = String::new();
        for (x, y) in pts {
            let _ = write!(p, "{x:.1},{y:.1} ");
        }
        let _ = write!(
            self.out,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"{d}/>"#,
            p.trim_end()
        );
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, opacity: f64) {
        let _ = write!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}" fill-opacity="{opacity}"/>"#,
            w.max(0.0),
            h.max(0.0)
        );
    }

    pub fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str) {
        let _ = write!(
            self.out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{fill}"/>"#
        );
    }

    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, fill: &str, s: &str) {
        let a = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = write!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{a}" fill="{fill}">{}</text>"#,
            esc(s)
        );
    }

    /// Text turned a quarter to the left, centred on (x, y).
    pub fn vtext(&mut self, x: f64, y: f64, size: f64, s: &str) {
        let _ = write!(
            self.out,
            r##"<text x="0" y="0" font-size="{size}" text-anchor="middle" fill="#333333" transform="translate({x:.1},{y:.1}) rotate(-90)">{}</text>"##,
            esc(s)
        );
    }

    /// Text ending at (x, y), turned 40° to the left (a bar's name below
    /// it when bars are narrow).
    pub fn slanted(&mut self, x: f64, y: f64, size: f64, s: &str) {
        let _ = write!(
            self.out,
            r##"<text x="0" y="0" font-size="{size}" text-anchor="end" fill="#111111" transform="translate({x:.1},{y:.1}) rotate(-40)">{}</text>"##,
            esc(s)
        );
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
        let grey = "#999999";
        self.line(
            (p.x, p.y + p.h),
            (p.x + p.w, p.y + p.h),
            "#333333",
            1.0,
            false,
        );
        self.line((p.x, p.y), (p.x, p.y + p.h), "#333333", 1.0, false);
        for t in p.xa.ticks() {
            let (x, y) = p.at(t, p.ya.lo);
            self.line((x, y), (x, y + 5.0), grey, 1.0, false);
            self.text(x, y + 20.0, TEXT, Anchor::Middle, "#333333", &xfmt(t));
        }
        for t in p.ya.ticks() {
            let (x, y) = p.at(p.xa.lo, t);
            self.line((x - 5.0, y), (x, y), grey, 1.0, false);
            self.line((x, y), (p.x + p.w, y), "#EEEEEE", 1.0, false);
            self.text(x - 8.0, y + 5.0, TEXT, Anchor::End, "#333333", &yfmt(t));
        }
        self.text(
            p.x + p.w / 2.0,
            p.y + p.h + 40.0,
            TEXT,
            Anchor::Middle,
            "#333333",
            xdesc,
        );
        if !ydesc.is_empty() {
            self.vtext(p.x - 58.0, p.y + p.h / 2.0, TEXT, ydesc);
        }
    }

    /// A legend in rows of `cols`: a short line (dashed or not) and a name.
    pub fn legend(&mut self, x: f64, y: f64, w: f64, cols: usize, entries: &[(String, Rgb, bool)]) {
        let col = w / cols.max(1) as f64;
        for (i, (name, c, dash)) in entries.iter().enumerate() {
            let (ex, ey) = (x + (i % cols) as f64 * col, y + (i / cols) as f64 * 22.0);
            self.line((ex, ey - 5.0), (ex + 22.0, ey - 5.0), &hex(*c), 3.0, *dash);
            self.text(ex + 28.0, ey, TEXT, Anchor::Start, "#222222", name);
        }
    }
}

/// Rows a legend of `n` entries takes in `cols` columns.
pub fn legend_rows(n: usize, cols: usize) -> usize {
    n.div_ceil(cols.max(1))
}
