//! The network panel's drawing: the student as columns of units, each
//! hidden and output layer drawn three times side by side (activity, the
//! error the method delivers, backprop's true δ) as small grids. Sign is
//! shape as well as colour (circle +, square −), size is magnitude.

use crate::lab::credit::{CreditView, LayerCredit};
use crate::lab::panel::{colour, error_shown, radius, shown, sign_glyph, Shown};
use leptos::prelude::*;

/// Cell pitch and the largest radius, in SVG units.
const CELL: f64 = 13.0;
const R_MAX: f64 = 6.0;
/// Grid columns for a layer of `n` units.
fn cols(n: usize) -> usize {
    match n {
        0..=5 => 1,
        6..=20 => 4,
        _ => 8,
    }
}

/// Where unit `j` of a grid starting at (x, y) sits.
pub(super) fn cell(x: f64, y: f64, n: usize, j: usize) -> (f64, f64) {
    let c = cols(n);
    (
        x + (j % c) as f64 * CELL + CELL / 2.0,
        y + (j / c) as f64 * CELL + CELL / 2.0,
    )
}

fn grid_width(n: usize) -> f64 {
    cols(n) as f64 * CELL
}

/// One mark: a circle for ≥ 0, a square for < 0; a hatched ring where the
/// unit is saturated (f′ < 0.1) and `ring`.
fn mark(x: f64, y: f64, v: f64, scale: f64, ring: bool) -> impl IntoView {
    let r = radius(v, scale, R_MAX);
    let fill = colour(v, scale);
    let shape = if v < 0.0 {
        view! { <rect x=x - r y=y - r width=2.0 * r height=2.0 * r fill=fill.clone() stroke="#555" stroke-width="0.5"></rect> }.into_any()
    } else {
        view! { <circle cx=x cy=y r=r fill=fill.clone() stroke="#555" stroke-width="0.5"></circle> }
            .into_any()
    };
    view! {
        {shape}
        {(r >= 4.5).then(|| view! { <text x=x y=y + 3.0 class="glyph">{sign_glyph(v)}</text> })}
        {ring.then(|| view! { <circle cx=x cy=y r=R_MAX + 0.5 fill="none" stroke="#b00" stroke-width="1" stroke-dasharray="2 1.5"></circle> })}
    }
}

/// A grid of marks with a title; `None` values draw as empty cells.
fn grid(
    x: f64,
    y: f64,
    title: &str,
    values: Option<&[f64]>,
    n: usize,
    scale: f64,
    saturated: Option<&[f64]>,
) -> impl IntoView {
    let marks = values.map(|v| {
        v.iter()
            .enumerate()
            .map(|(j, &val)| {
                let (cx, cy) = cell(x, y, n, j);
                let ring = saturated.is_some_and(|s| s.get(j).is_some_and(|f| *f < 0.1));
                mark(cx, cy, val, scale, ring)
            })
            .collect_view()
    });
    let empty = values.is_none().then(|| {
        (0..n)
            .map(|j| {
                let (cx, cy) = cell(x, y, n, j);
                view! { <circle cx=cx cy=cy r="1.5" fill="#ccc"></circle> }
            })
            .collect_view()
    });
    view! {
        <text x=x y=y - 6.0 class="grid-title">{title.to_string()}</text>
        {marks}
        {empty}
    }
}

/// The x of each layer's three grids (activity, delivered, true) and the
/// whole drawing's width.
pub(super) fn layout(v: &CreditView) -> (Vec<[f64; 3]>, f64) {
    let mut x = 20.0 + grid_width(v.inputs.len()) + 34.0;
    let mut out = Vec::new();
    for l in &v.layers {
        let w = grid_width(l.truth.len());
        let gap = if w < 20.0 { 46.0 } else { 14.0 };
        out.push([x, x + w + gap, x + 2.0 * (w + gap)]);
        x += 3.0 * (w + gap) + 24.0;
    }
    (out, x)
}

pub(super) const TOP: f64 = 46.0;

/// The whole panel at `phase`.
pub(super) fn draw(v: &CreditView, phase: Option<usize>) -> impl IntoView {
    let s: Shown = shown(phase);
    let scale = v.scale();
    let act_scale = 1.0;
    let (xs, _) = layout(v);
    let inputs = grid(
        20.0,
        TOP,
        "inputs x",
        Some(&v.inputs),
        v.inputs.len(),
        2.0,
        None,
    );
    let layers = v
        .layers
        .iter()
        .zip(&xs)
        .enumerate()
        .map(|(l, (layer, x))| {
            let fwd = s.forward > l;
            let err = error_shown(s, l);
            layer_grids(layer, *x, fwd, err, scale, act_scale)
        })
        .collect_view();
    view! { {inputs} {layers} }
}

fn layer_grids(
    layer: &LayerCredit,
    x: [f64; 3],
    fwd: bool,
    err: bool,
    scale: f64,
    act_scale: f64,
) -> impl IntoView {
    let n = layer.truth.len();
    let act = fwd.then_some(layer.activity.as_slice());
    let delivered = if err {
        layer.delivered.as_deref()
    } else {
        None
    };
    let truth = err.then_some(layer.truth.as_slice());
    let sat = (n > 5).then_some(layer.slope.as_slice());
    let name = &layer.name;
    let cos = match (err, layer.cosine, layer.batch_cosine) {
        (true, Some(c), Some(b)) => format!("cos {c:.2} (batch {b:.2})"),
        (true, None, _) if layer.delivered.is_none() => "no error delivered".into(),
        _ => String::new(),
    };
    let rows = n.div_ceil(cols(n)) as f64;
    view! {
        <text x=x[0] y=TOP - 22.0 class="layer-title">{format!("{name} ({n})")}</text>
        {grid(x[0], TOP, "activity", act, n, act_scale, None)}
        {grid(x[1], TOP, "delivered", delivered, n, scale, if err { sat } else { None })}
        {grid(x[2], TOP, "true δ", truth, n, scale, None)}
        <text x=x[1] y=TOP + rows * CELL + 16.0 class="cos" data-testid=format!("cos-{}", name.replace(' ', "-"))>{cos}</text>
    }
}
