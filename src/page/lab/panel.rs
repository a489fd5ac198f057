//! The network panel's stepping and words: a step of training walked layer
//! by layer, forward then backward, as the worked example walks node by
//! node, with one line per phase saying what the selected method does
//! there.

use crate::lab::method::Method;

/// The phases of one step: the batch, three forward layers, three layers
/// of errors (output first), and the update.
pub const PHASES: usize = 8;
pub const UPDATE_PHASE: usize = PHASES - 1;

/// What the panel shows at `phase` (`None`: everything at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visible {
    /// Layers whose activity is shown: 0 = the inputs only … 3 = all.
    pub forward: usize,
    /// Error layers shown, from the output down: 0 … 3.
    pub backward: usize,
}

pub fn shown(phase: Option<usize>) -> Visible {
    match phase {
        None => Visible {
            forward: 3,
            backward: 3,
        },
        Some(p) => Visible {
            forward: p.min(3),
            backward: p.saturating_sub(3).min(3),
        },
    }
}

/// Panel layer `l` (0 = hidden 1, 1 = hidden 2, 2 = output) is shown with
/// its error once the backward walk has reached it.
pub fn error_shown(s: Visible, l: usize) -> bool {
    s.backward > 2 - l.min(2)
}

/// One line for `phase` of a step of `m`.
pub fn phase_text(m: Method, phase: usize) -> String {
    let id = m.name();
    match phase {
        0 => "The batch: each example's 20 inputs (the mean over the batch unless one example is chosen).".into(),
        1 => "Forward: hidden 1 = tanh(x·W₁), and each unit stores its activity and its slope f′ = 1 − h².".into(),
        2 => "Forward: hidden 2 = tanh(h₁·W₂).".into(),
        3 => "Forward: the output y = h₂·W₃; its error against the teacher is e = y − t.".into(),
        4 => format!("Backward ({id}): {}", output_text(m)),
        5 => format!("Backward ({id}): {}", hidden_text(m, 2)),
        6 => format!("Backward ({id}): {}", hidden_text(m, 1)),
        _ => format!("Update ({id}): {}", update_text(m)),
    }
}

fn output_text(m: Method) -> &'static str {
    m.def().panel.output
}

/// Hidden layer `k`'s line (of two), from the row's template.
fn hidden_text(m: Method, k: usize) -> String {
    let (w, up, b) = if k == 2 {
        ("W₃", "e", "B₃")
    } else {
        ("W₂", "δ₂", "B₂")
    };
    m.def()
        .panel
        .hidden
        .replace("{k}", &k.to_string())
        .replace("{up}", up)
        .replace("{w}", w)
        .replace("{b}", b)
}

fn update_text(m: Method) -> &'static str {
    m.def().panel.update
}

/// A unit's fill: the palette's sign colour (`page::palette`).
pub fn colour(v: f64, scale: f64) -> String {
    crate::page::palette::signed_fill(v, scale)
}

/// A unit's radius in pixels: its area grows with |v| / scale.
pub fn radius(v: f64, scale: f64, max: f64) -> f64 {
    let t = if scale > 0.0 && v.is_finite() {
        (v.abs() / scale).min(1.0)
    } else {
        0.0
    };
    2.0 + (max - 2.0) * t.sqrt()
}

/// "+", "−" or "0".
pub fn sign_glyph(v: f64) -> &'static str {
    if v > 0.0 {
        "+"
    } else if v < 0.0 {
        "−"
    } else {
        "0"
    }
}
