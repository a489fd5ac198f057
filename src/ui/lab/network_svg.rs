//! The network panel's drawing, as one SVG string (one DOM write per
//! preview, not a thousand elements): the student as columns of units
//! (inputs, hidden 1, hidden 2, output), each drawn in three bands —
//! activity, the error the method delivers, backprop's true δ. Sign is
//! shape as well as colour (circle +, square −), size is magnitude. Every
//! delivered unit has a focusable target carrying `data-l`/`data-j`, so
//! the view can answer hover and focus by delegation; the target names
//! its unit, and the numbers go to the panel's live region on focus (a
//! description on each of ~130 targets doubled the drawing's size, and
//! its first drawing was the live run's one long task). Plain Rust.

use crate::lab::train::credit::{CreditView, LayerCredit};
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

/// One mark: a circle for ≥ 0, a square for < 0, with a sign glyph when
/// big enough; a dashed red ring where `ring` (a saturated unit).
fn mark(out: &mut String, (x, y): (f64, f64), v: f64, scale: f64, ring: bool) {
    let r = radius(v, scale, R_MAX);
    let fill = colour(v, scale);
    let _ = if v < 0.0 {
        write!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}" stroke="#555" stroke-width="0.5"/>"##,
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        )
    } else {
        write!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#555" stroke-width="0.5"/>"##
        )
    };
    if r >= 4.5 {
        let _ = write!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" class="glyph">{}</text>"#,
            y + 3.0,
            sign_glyph(v)
        );
    }
    if ring {
        let _ = write!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{}" fill="none" stroke="#b00" stroke-width="1" stroke-dasharray="2 1.5"/>"##,
            R_MAX + 0.5
        );
    }
}

/// A grid of marks; `None` draws empty cells.
fn grid(
    out: &mut String,
    (x, y): (f64, f64),
    values: Option<&[f64]>,
    n: usize,
    scale: f64,
    sat: Option<&[f64]>,
) {
    for j in 0..n {
        let at = cell(x, y, n, j);
        match values.and_then(|v| v.get(j)) {
            Some(&val) => {
                let ring = sat.is_some_and(|s| s.get(j).is_some_and(|f| *f < 0.1));
                mark(out, at, val, scale, ring);
            }
            None => {
                let _ = write!(
                    out,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="1.5" fill="#ccc"/>"##,
                    at.0, at.1
                );
            }
        }
    }
}

fn text(out: &mut String, x: f64, y: f64, class: &str, s: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" class="{class}">{s}</text>"#
    );
}

/// The whole panel at `phase` as SVG (without the outer `<svg>`), with a
/// focusable target over every delivered unit.
pub fn draw(v: &CreditView, phase: Option<usize>) -> String {
    let s = shown(phase);
    let scale = v.scale();
    let lay = layout(v);
    let mut out = String::with_capacity(64 * 1024);
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
    grid(
        &mut out,
        (lay.inputs_x, lay.bands[0]),
        Some(&v.inputs),
        v.inputs.len(),
        2.0,
        None,
    );
    for (l, (layer, &x)) in v.layers.iter().zip(&lay.xs).enumerate() {
        layer_grids(
            &mut out,
            layer,
            x,
            lay.bands,
            s.forward > l,
            error_shown(s, l),
            scale,
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
                r#"<rect class="unit-target" data-l="{l}" data-j="{j}" x="{:.1}" y="{:.1}" width="13" height="13" tabindex="0" role="img" aria-label="{} unit {}"/>"#,
                cx - 6.5,
                cy - 6.5,
                layer.name,
                j + 1
            );
        }
    }
    out
}

fn layer_grids(
    out: &mut String,
    layer: &LayerCredit,
    x: f64,
    bands: [f64; 3],
    fwd: bool,
    err: bool,
    scale: f64,
) {
    let n = layer.truth.len();
    let act = fwd.then_some(layer.activity.as_slice());
    let delivered = if err {
        layer.delivered.as_deref()
    } else {
        None
    };
    let truth = err.then_some(layer.truth.as_slice());
    let sat = (n > 5 && err).then_some(layer.slope.as_slice());
    text(
        out,
        x,
        bands[0] - 22.0,
        "layer-title",
        &format!("{} ({n})", layer.name),
    );
    grid(out, (x, bands[0]), act, n, 1.0, None);
    grid(out, (x, bands[1]), delivered, n, scale, sat);
    grid(out, (x, bands[2]), truth, n, scale, None);
    let cos = match (err, layer.cosine, layer.batch_cosine) {
        (true, Some(c), Some(b)) => format!("cos {c:.2} (batch {b:.2})"),
        (true, None, _) if layer.delivered.is_none() => "nothing delivered".into(),
        _ => String::new(),
    };
    let y = bands[2] + rows(n) * CELL + 16.0;
    let id = layer.name.replace(' ', "-");
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" class="cos" data-testid="cos-{id}">{cos}</text>"#
    );
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
