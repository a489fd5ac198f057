//! The network panel's drawing, plain Rust: the student as columns of
//! units (inputs, hidden 1, hidden 2, output), each drawn in three bands —
//! activity, the error the method delivers, backprop's true δ. Sign is
//! shape as well as colour (circle +, square −), size is magnitude.
//!
//! It comes in three layers, so that a run's report redraws only what
//! changed (issue 26: rebuilding ~600 SVG elements a report was the
//! training's longest task on a slow machine): the marks, painted on a
//! canvas (`marks`); the frame, as SVG drawn once per shape of network
//! (`frame`: the titles, and a focusable target over every delivered
//! unit, carrying `data-l`/`data-j` so the view answers hover and focus
//! by delegation; the target names its unit, and its numbers go to the
//! panel's live region on focus); and each layer's cosine (`cosines`).

use crate::lab::train::credit::CreditView;
use crate::page::lab::panel::{colour, error_shown, radius, shown, sign_glyph};
use std::fmt::Write;

/// Cell pitch and the largest radius, in SVG units.
const CELL: f64 = 13.0;
const R_MAX: f64 = 6.0;
pub const TOP: f64 = 40.0;
const LEFT: f64 = 78.0;

/// Grid columns for a layer of `n` units.
fn cols(n: usize) -> usize {
    match n {
        0..=5 => 1,
        6..=20 => 4,
        _ => 8,
    }
}

fn rows(n: usize) -> f64 {
    n.div_ceil(cols(n)) as f64
}

/// Where unit `j` of a grid starting at (x, y) sits.
pub fn cell(x: f64, y: f64, n: usize, j: usize) -> (f64, f64) {
    let c = cols(n);
    (
        x + (j % c) as f64 * CELL + CELL / 2.0,
        y + (j / c) as f64 * CELL + CELL / 2.0,
    )
}

fn grid_width(n: usize) -> f64 {
    cols(n) as f64 * CELL
}

/// Where things go: the x of the inputs' and each layer's column, the y
/// of the three bands (activity, delivered, true δ), and the size.
pub struct Layout {
    pub inputs_x: f64,
    pub xs: Vec<f64>,
    pub bands: [f64; 3],
    pub width: f64,
    pub height: f64,
}

pub fn layout(v: &CreditView) -> Layout {
    let tallest = v
        .layers
        .iter()
        .map(|l| rows(l.truth.len()))
        .fold(rows(v.inputs.len()), f64::max);
    let band = tallest * CELL + 40.0;
    let mut x = LEFT + grid_width(v.inputs.len()) + 40.0;
    let xs = v
        .layers
        .iter()
        .map(|l| {
            let here = x;
            x += grid_width(l.truth.len()).max(60.0) + 40.0;
            here
        })
        .collect();
    Layout {
        inputs_x: LEFT,
        xs,
        bands: [TOP, TOP + band, TOP + 2.0 * band],
        width: x + 40.0,
        height: TOP + 3.0 * band,
    }
}

/// One mark of the drawing, in the drawing's units (CSS pixels at full
/// size).
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A cell with nothing to show yet: a small grey dot.
    Empty { x: f64, y: f64 },
    /// A value: a circle for ≥ 0, a square for < 0 (half-side `r`), its
    /// sign glyph inside when big enough, a dashed red ring around a
    /// saturated unit (f′ < 0.1).
    Value {
        x: f64,
        y: f64,
        r: f64,
        fill: String,
        square: bool,
        glyph: Option<&'static str>,
        ring: bool,
    },
}

/// The radius of a saturated unit's ring.
pub const RING: f64 = R_MAX + 0.5;

/// A grid of marks; `None` draws empty cells.
fn grid(
    out: &mut Vec<Mark>,
    (x, y): (f64, f64),
    values: Option<&[f64]>,
    n: usize,
    scale: f64,
    sat: Option<&[f64]>,
) {
    for j in 0..n {
        let (x, y) = cell(x, y, n, j);
        out.push(match values.and_then(|v| v.get(j)) {
            Some(&v) => {
                let r = radius(v, scale, R_MAX);
                Mark::Value {
                    x,
                    y,
                    r,
                    fill: colour(v, scale),
                    square: v < 0.0,
                    glyph: (r >= 4.5).then(|| sign_glyph(v)),
                    ring: sat.is_some_and(|s| s.get(j).is_some_and(|f| *f < 0.1)),
                }
            }
            None => Mark::Empty { x, y },
        });
    }
}

/// Every unit's marks at `phase`: what a report redraws.
pub fn marks(v: &CreditView, phase: Option<usize>) -> Vec<Mark> {
    let s = shown(phase);
    let scale = v.scale();
    let lay = layout(v);
    let mut out = Vec::with_capacity(
        v.inputs.len() + 3 * v.layers.iter().map(|l| l.truth.len()).sum::<usize>(),
    );
    grid(
        &mut out,
        (lay.inputs_x, lay.bands[0]),
        Some(&v.inputs),
        v.inputs.len(),
        2.0,
        None,
    );
    for (l, (layer, &x)) in v.layers.iter().zip(&lay.xs).enumerate() {
        let n = layer.truth.len();
        let err = error_shown(s, l);
        let act = (s.forward > l).then_some(layer.activity.as_slice());
        let delivered = if err {
            layer.delivered.as_deref()
        } else {
            None
        };
        let sat = (n > 5 && err).then_some(layer.slope.as_slice());
        grid(&mut out, (x, lay.bands[0]), act, n, 1.0, None);
        grid(&mut out, (x, lay.bands[1]), delivered, n, scale, sat);
        grid(
            &mut out,
            (x, lay.bands[2]),
            err.then_some(layer.truth.as_slice()),
            n,
            scale,
            None,
        );
    }
    out
}

fn text(out: &mut String, x: f64, y: f64, class: &str, s: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" class="{class}">{s}</text>"#
    );
}

/// The frame as SVG (without the outer `<svg>`): the bands' and layers'
/// titles and a focusable target over every delivered unit. It depends
/// only on the network's shape, so it is drawn once per shape.
pub fn frame(v: &CreditView) -> String {
    let lay = layout(v);
    let mut out = String::with_capacity(16 * 1024);
    for (t, y) in ["activity", "delivered", "true δ"].iter().zip(lay.bands) {
        text(&mut out, 4.0, y + 10.0, "band-title", t);
    }
    text(
        &mut out,
        lay.inputs_x,
        lay.bands[0] - 22.0,
        "layer-title",
        "inputs x",
    );
    for (layer, &x) in v.layers.iter().zip(&lay.xs) {
        let n = layer.truth.len();
        text(
            &mut out,
            x,
            lay.bands[0] - 22.0,
            "layer-title",
            &format!("{} ({n})", layer.name),
        );
    }
    for (l, (layer, &x)) in v.layers.iter().zip(&lay.xs).enumerate() {
        let n = layer.truth.len();
        for j in 0..n {
            let (cx, cy) = cell(x, lay.bands[1], n, j);
            let _ = write!(
                out,
                // a short name; focus puts its numbers (`describe`) in
                // the panel's live region, read out from there
                // (one Tab stop, the first unit: the arrow keys move from it)
                r#"<rect class="unit-target" data-l="{l}" data-j="{j}" x="{:.1}" y="{:.1}" width="13" height="13" tabindex="{}" role="img" aria-label="{} unit {}"/>"#,
                cx - 6.5,
                cy - 6.5,
                if l + j == 0 { 0 } else { -1 },
                layer.name,
                j + 1
            );
        }
    }
    out
}

/// A layer's cosine of the delivered errors with its true δ, under its
/// grids: where (`x`, `y`), its test id, and its words (empty before the
/// backward sweep reaches the layer).
#[derive(Clone, Debug, PartialEq)]
pub struct Cosine {
    pub x: f64,
    pub y: f64,
    pub id: String,
    pub words: String,
}

/// Each layer's cosine at `phase`.
pub fn cosines(v: &CreditView, phase: Option<usize>) -> Vec<Cosine> {
    let s = shown(phase);
    let lay = layout(v);
    v.layers
        .iter()
        .zip(&lay.xs)
        .enumerate()
        .map(|(l, (layer, &x))| {
            let err = error_shown(s, l);
            let words = match (err, layer.cosine, layer.batch_cosine) {
                (true, Some(c), Some(b)) => format!("cos {c:.2} (batch {b:.2})"),
                (true, None, _) if layer.delivered.is_none() => "nothing delivered".into(),
                _ => String::new(),
            };
            Cosine {
                x,
                y: lay.bands[2] + rows(layer.truth.len()) * CELL + 16.0,
                id: format!("cos-{}", layer.name.replace(' ', "-")),
                words,
            }
        })
        .collect()
}

/// The numbers of unit `j` of layer `l`, for hover, focus and screen readers.
pub fn describe(v: &CreditView, l: usize, j: usize) -> String {
    let layer = &v.layers[l];
    let f = |x: Option<&f64>| x.map_or("—".to_string(), |x| format!("{x:+.4}"));
    let delivered = layer
        .delivered
        .as_ref()
        .map_or("nothing".into(), |d| f(d.get(j)));
    let from = layer
        .source
        .as_ref()
        .and_then(|p| p.get(j))
        .map_or(String::new(), |src| format!(" (unit {}'s true δ)", src + 1));
    let mut s = format!(
        "{} unit {}: activity {}, slope f′ {}; delivered {delivered}{from}; its own true δ {}",
        layer.name,
        j + 1,
        f(layer.activity.get(j)),
        f(layer.slope.get(j)),
        f(layer.truth.get(j)),
    );
    if let Some(p) = layer.paired_activity.as_ref().and_then(|p| p.get(j)) {
        s += &format!("; the update pairs it with the previous batch's activity {p:+.4}");
    }
    s
}
