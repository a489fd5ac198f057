//! The network panel's stepping and words: a step of training walked layer
//! by layer, forward then backward, as the worked example walks node by
//! node, with one line per phase saying what the selected method does
//! there.

use super::method::Method;

/// The phases of one step: the batch, three forward layers, three layers
/// of errors (output first), and the update.
pub const PHASES: usize = 8;
pub const UPDATE_PHASE: usize = PHASES - 1;

/// What the panel shows at `phase` (`None`: everything at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Layers whose activity is shown: 0 = the inputs only … 3 = all.
    pub forward: usize,
    /// Error layers shown, from the output down: 0 … 3.
    pub backward: usize,
}

pub fn shown(phase: Option<usize>) -> Shown {
    match phase {
        None => Shown {
            forward: 3,
            backward: 3,
        },
        Some(p) => Shown {
            forward: p.min(3),
            backward: p.saturating_sub(3).min(3),
        },
    }
}

/// Panel layer `l` (0 = hidden 1, 1 = hidden 2, 2 = output) is shown with
/// its error once the backward walk has reached it.
pub fn error_shown(s: Shown, l: usize) -> bool {
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
    match m {
        Method::SignDropped => "each output unit gets |e|, the size of its error without the sign.",
        Method::NodePerturbation => {
            "noise ξ on every unit's input; the example's one loss change ΔL, shared by all its units, \
             gives each the estimate ΔL·ξ/σ²."
        }
        Method::WeightPerturbation => {
            "no unit gets an error of its own: every weight is nudged at random and one loss change scores them all."
        }
        Method::RandomDirection => "no unit gets an error: the update is a random direction with the gradient's length.",
        _ => "each output unit gets its own error e.",
    }
}

fn hidden_text(m: Method, k: usize) -> String {
    let (w, up) = if k == 2 {
        ("W₃", "e")
    } else {
        ("W₂", "δ₂")
    };
    let b = if k == 2 { "B₃" } else { "B₂" };
    match m {
        Method::Bp | Method::ShuffledLabels => format!(
            "δ{k} = ({up}·{w}ᵀ) ⊙ f′: the error comes back through the forward weights, times each unit's slope."
        ),
        Method::Fa => format!(
            "δ{k} = ({up}·{b}) ⊙ f′: back through a fixed random matrix {b} instead of {w}ᵀ (R4 removed)."
        ),
        Method::KolenPollack => format!(
            "δ{k} = ({up}·{b}) ⊙ f′: back through feedback weights {b} that learn {w}ᵀ from the forward updates (R4 relaxed by learning)."
        ),
        Method::Dfa => format!(
            "δ{k} = (e·D{k}) ⊙ f′: the output error sent straight here through a fixed random map (R4 removed)."
        ),
        Method::NoDeriv => format!(
            "δ{k} = {up}·{w}ᵀ with no f′: a saturated unit (f′ ≈ 0) still gets error it cannot use (R2 removed)."
        ),
        Method::Scrambled => format!(
            "the true δ{k}, handed to the wrong units: unit j gets another unit's error by a fixed permutation (R3 removed). \
             Hover a unit to see whose error it got."
        ),
        Method::SignDropped => format!(
            "|δ{k}|: each unit's error without its sign, so every unit is pushed the same way (R3 removed)."
        ),
        Method::Stale => format!(
            "the true δ{k}, but the update will pair it with the previous batch's activity (R1, R5 removed)."
        ),
        Method::NodePerturbation => format!(
            "ΔL·ξ/σ² for each unit of hidden {k}: its own noise times the example's one shared score (R3 removed)."
        ),
        Method::ReadoutOnly => format!("nothing: hidden {k} is frozen (control: credit for the last layer only)."),
        Method::ThreeFactor => format!(
            "each synapse into hidden {k} keeps a fading trace of (its input × its unit's noise); the example's one score gates the trace (R3 removed)."
        ),
        Method::PredictiveCoding => format!(
            "hidden {k}'s error units settle for T steps against the layer above's prediction errors, then hold its δ (no ordered sweep)."
        ),
        Method::EquilibriumProp => format!(
            "hidden {k} settles twice, nudged towards the target by +β and by −β; the difference of the two states is its error."
        ),
        Method::ForwardForward => format!(
            "nothing comes back: hidden {k} raises its goodness Σh² on the true label and lowers it on a wrong one, a goal of its own."
        ),
        Method::BpClassify => format!(
            "δ{k} = ({up}·{w}ᵀ) ⊙ f′, with e = softmax(y) − the label's one-hot code (cross-entropy)."
        ),
        Method::SyntheticGradients => format!(
            "hidden {k} does not wait: a learned linear module predicts its error from its activity and the target."
        ),
        Method::WeightPerturbation | Method::RandomDirection => "no per-unit error here either.".into(),
    }
}

fn update_text(m: Method) -> &'static str {
    match m {
        Method::WeightPerturbation => {
            "every weight moves by −lr·ΔL·ξ/σ², its own noise times the step's one score."
        }
        Method::RandomDirection => {
            "every weight moves along a random direction: motion without credit."
        }
        Method::ReadoutOnly => "only W₃ moves, by −lr·h₂ᵀe.",
        Method::Stale => {
            "each W moves by −lr·(the previous batch's activity)ᵀ·(this batch's error)."
        }
        _ => "each W moves by −lr·(activity into it)ᵀ·(error delivered to the units it feeds).",
    }
}

/// A diverging colour for `v` on a scale of ±`scale`: orange for positive,
/// blue for negative, paler towards zero (the sign is also drawn as a glyph).
pub fn colour(v: f64, scale: f64) -> String {
    let t = if scale > 0.0 && v.is_finite() {
        (v.abs() / scale).min(1.0)
    } else {
        0.0
    };
    let (r, g, b) = if v >= 0.0 {
        (230.0, 97.0, 1.0)
    } else {
        (33.0, 102.0, 172.0)
    };
    let mix = |c: f64| (247.0 + (c - 247.0) * (0.25 + 0.75 * t)).round() as u8;
    format!("rgb({},{},{})", mix(r), mix(g), mix(b))
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
