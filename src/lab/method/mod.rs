//! The learning rules the instrument compares, one row each in `DEFS`:
//! the id used everywhere (command line, JSON, URL, page), the names, the
//! colour, what it removes, keeps and puts in its place, its Part 4 tags,
//! the essay's figure, its rate grid, the credit panel's texts and the
//! flags the trainer reads. Each rule's arithmetic is in its own file here
//! (`rules` holds the sweep's shared pieces: the exact gradient, and the
//! deltas through Wᵀ, B or a direct map), its
//! state in `train::state`; `train::update` picks the rule. `select` says
//! which rule the R1–R5 ticks pick.

pub(crate) mod energy;
mod equilibrium_prop;
mod forward_forward;
mod kolen_pollack;
mod numpy;
mod perturbation;
mod predictive_coding;
pub mod rules;
pub mod select;
mod sign_symmetry;
mod synthetic_gradients;
mod three_factor;

use serde::{Deserialize, Serialize};

/// A learning rule. Each doc comment says which of R1–R5 it removes and
/// which it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Exact backpropagation: keeps R1–R5.
    Bp,
    /// Feedback alignment: removes R4 (fixed random B in place of Wᵀ);
    /// keeps R1, R2, R3, R5.
    Fa,
    /// Direct feedback alignment: removes R4 (the output error goes to
    /// each hidden layer through its own fixed random matrix); keeps R1,
    /// R2, R3, R5.
    Dfa,
    /// No local derivatives: removes R2 (δ = e·Wᵀ with no f′); keeps R1,
    /// R3, R4, R5.
    NoDeriv,
    /// Scrambled per-unit errors: removes R3 (exact deltas handed to the
    /// wrong units by a fixed permutation); keeps R1, R2, R4, R5.
    Scrambled,
    /// Node perturbation: removes R3 (one shared score per example,
    /// correlated with noise on each unit's input); keeps R1, R5 and needs
    /// neither R2 nor R4.
    NodePerturbation,
    /// Weight perturbation: removes R3 (one shared score per step,
    /// correlated with noise on every weight); needs none of R2, R4.
    WeightPerturbation,
    /// Magnitude kept, sign dropped: removes R3's sign (every layer
    /// updates with |δ|); keeps R1, R2, R4, R5.
    SignDropped,
    /// Stale activity: removes R1 and R5 (errors paired with the previous
    /// batch's stored activity); keeps R2, R3, R4.
    Stale,
    /// Control: exact backprop on targets shuffled across examples; keeps
    /// R1–R5 but there is nothing to learn.
    ShuffledLabels,
    /// Control: a random direction with the true gradient's norm; keeps
    /// none of the credit.
    RandomDirection,
    /// Control: exact gradient for the readout W₃ only, hidden layers
    /// frozen; needs no backward pass into the hidden layers.
    ReadoutOnly,
    /// Kolen–Pollack (Kolen & Pollack 1994; Akrout et al. 2019): errors
    /// travel through feedback weights B, as in FA, but B is learned: it
    /// receives the transpose of the forward update, and both W and B decay
    /// at rate λ (`RunConfig::kp_decay`), so B → Wᵀ. Relaxes R4 by
    /// learning; keeps R1, R2, R3, R5. (Essay Part 4.)
    KolenPollack,
    /// Sign-symmetric feedback (Liao, Leibo & Poggio 2016; BioTorch's
    /// "uSF"): errors travel back through sign(Wᵀ), recomputed each step:
    /// the forward weights' signs without their sizes. Relaxes R4 to its
    /// signs; keeps R1, R2, R3, R5.
    SignSymmetry,
    /// Three-factor rule (Frémaux & Gerstner 2016; e-prop's trace, Bellec
    /// et al. 2020): node perturbation's pre × post-noise coincidences kept
    /// in a decaying eligibility trace, gated by a broadcast modulator.
    /// Removes R3 (one score per trial); a trace stands in for R1's stored
    /// activity. (Essay Part 4.)
    ThreeFactor,
    /// Predictive coding (Whittington & Bogacz 2017): error units settle
    /// for T steps with the output clamped to the target, then each weight
    /// changes with the error and activity on its two sides. Replaces R5's
    /// ordered sweep with settling; keeps R1–R4. (Essay Part 4.)
    PredictiveCoding,
    /// Equilibrium propagation (Scellier & Bengio 2017; the ±β form of
    /// Laborieux et al. 2021): a layered energy network with symmetric
    /// weights settles freely, then nudged towards the target; each weight
    /// changes with the difference of the two settled states. The two
    /// phases are R5 made explicit. (Essay Part 4.)
    EquilibriumProp,
    /// Synthetic gradients (Jaderberg et al. 2016): each hidden layer
    /// updates at once with an error predicted by a linear module from its
    /// activity and the target; the module learns from the error one layer
    /// up. Relaxes R5 (no waiting). (Essay Part 4.)
    SyntheticGradients,
    /// Forward-forward (Hinton 2022), on the classification task: the label
    /// joins the input; each layer raises its goodness (sum of squared
    /// activity) on the true label and lowers it on a wrong one. No
    /// backward sweep: relaxes R5 and needs no R3 from the output. (Essay
    /// Part 4.)
    ForwardForward,
    /// Reference for forward-forward: exact backprop of the softmax
    /// cross-entropy on the same classification task and student.
    BpClassify,
}

/// Where a rule sits in the instrument's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A row of the essay's Part 3 table (the essay's grid, `Method::ALL`).
    Essay,
    /// A control of the essay's table (also in `Method::ALL`).
    Control,
    /// A proposal beyond the essay's grid (essay Part 4, and its
    /// variants), `Method::PART4`.
    Part4,
    /// A reference a Part 4 rule is compared with on its own task.
    Reference,
}

/// The essay's reported median for a rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Essay {
    Median(f64),
    /// Every run diverged.
    Diverged,
    /// Not in the essay's table.
    Absent,
}

/// Which units a rule hands an error of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Every hidden and output unit.
    Every,
    /// Only the output units (readout only: nothing inside).
    Output,
    /// No unit: one score for all weights (weight perturbation), a random
    /// direction, or a goal of each layer's own.
    Nowhere,
}

/// What kind of error signal reaches each hidden unit (the Part 4 view's
/// grouping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    /// A signed error of its own, by a route other than Wᵀ in a sweep.
    SignedPerUnit,
    /// One score shared by every unit.
    SharedScore,
    /// No error from the output at all: a goal of each layer's own (on the
    /// classification task).
    LocalGoal,
}

impl Group {
    pub const ALL: [Group; 3] = [Group::SignedPerUnit, Group::SharedScore, Group::LocalGoal];

    pub fn heading(self) -> &'static str {
        match self {
            Group::SignedPerUnit => "keep a signed, per-unit error (by another route)",
            Group::SharedScore => "drop it: one shared score",
            Group::LocalGoal => "drop the backward pass: a local goal per layer (a different task: classification, error rate against backprop's)",
        }
    }
}

/// What a Part 4 rule keeps, relaxes and replaces, in the essay's words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tags {
    pub keeps: &'static str,
    pub relaxes: &'static str,
    pub replaced_by: &'static str,
    /// The essay's words about this rule, quoted only where the essay
    /// says them of it (`None`: the rule is not in the essay).
    pub essay: Option<&'static str>,
    pub cite: &'static str,
    pub group: Group,
}

/// The credit panel's lines for a step of the rule: what the output units
/// get, what hidden layer k gets (a template: `{k}` the layer, `{up}` the
/// error above, `{w}` the forward weights above, `{b}` the feedback matrix
/// in their place), and how the weights move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Panel {
    pub output: &'static str,
    pub hidden: &'static str,
    pub update: &'static str,
}

/// A shape marked along a line at intervals (and in its legend entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    None,
    Circle,
    Square,
    TriangleUp,
    TriangleDown,
    Diamond,
    Cross,
    Plus,
}

impl Marker {
    /// The marker as a character, for the page's swatches beside a name.
    pub fn glyph(self) -> &'static str {
        match self {
            Marker::None => "",
            Marker::Circle => "●",
            Marker::Square => "■",
            Marker::TriangleUp => "▲",
            Marker::TriangleDown => "▼",
            Marker::Diamond => "◆",
            Marker::Cross => "✕",
            Marker::Plus => "✚",
        }
    }
}

/// One learning rule: everything the instrument says and knows about it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MethodDef {
    pub method: Method,
    pub id: &'static str,
    pub name: &'static str,
    /// The name shortened to stand under a bar of a chart.
    pub short_name: &'static str,
    /// The requirement(s) removed, as the essay's table lists them.
    pub removes: &'static str,
    /// One line: which requirements it keeps, and what replaces the rest.
    pub keeps: &'static str,
    /// One plain sentence for a student: what travels back, and how
    /// (follows "name: ").
    pub plain: &'static str,
    /// Its update written out, a few lines in the page's notation (h_l a
    /// layer's activity, a_l its input, f = tanh, e = y − t, B examples a
    /// batch), with each setting, its value and where it came from.
    pub update: &'static [&'static str],
    /// What it trains on, where that is not the teacher task's regression.
    pub trained_on: Option<&'static str>,
    /// The rule on the convolutional first layer (`Arch::Conv`): its
    /// definition there, or why it has none.
    pub on_conv: Result<&'static str, &'static str>,
    /// Its update in NumPy (`numpy.rs`), for the notebook export, or why it
    /// has none.
    pub numpy: Result<&'static str, &'static str>,
    /// The same colour in every chart.
    pub colour: (u8, u8, u8),
    /// The shape marked along its line in every chart, so that lines of
    /// alike colours (to a colour-blind eye, or washed out on a
    /// projector) still differ; controls are dashed besides.
    pub marker: Marker,
    pub family: Family,
    /// Learns the classification version of the teacher task (the argmax
    /// of its outputs as the label), scored by test error rate.
    pub classifies: bool,
    pub essay: Essay,
    /// Rates tried besides the grid's own (`GridSpec::lrs_for`).
    pub extra_lrs: &'static [f64],
    /// The best rate on the grid at the defaults (3,000 steps, seeds 0–2,
    /// teacher gain 1), as `creditflow ablate` finds it; the live lab starts
    /// the rule at it until the page's own grid has run. A long-mode test
    /// re-derives it.
    pub best_lr: f64,
    pub reach: Reach,
    /// Logs the angle between its feedback matrices and the Wᵀ they stand
    /// in for (`Trainer::feedback_log`).
    pub feedback_angles: bool,
    /// Sets its own loss and has no gradient on the task to compare with
    /// (forward-forward).
    pub own_goal: bool,
    /// Part 4's tags (`None` for the essay's grid).
    pub tags: Option<Tags>,
    pub panel: Panel,
}

const OWN_ERROR: &str = "each output unit gets its own error e.";
const STORED_UPDATE: &str =
    "each W moves by −lr·(activity into it)ᵀ·(error delivered to the units it feeds).";
const EXACT_HIDDEN: &str =
    "δ{k} = ({up}·{w}ᵀ) ⊙ f′: the error comes back through the forward weights, times each unit's slope.";

/// The essay's learning-rate grid.
pub const ESSAY_LRS: [f64; 5] = [0.01, 0.02, 0.05, 0.1, 0.2];
/// Weight perturbation's grid goes further down: its one-shot estimate is
/// about √N times longer than the gradient (N weights), so every rate of
/// the essay's grid diverges.
pub const WP_EXTRA_LRS: [f64; 5] = [0.0002, 0.0005, 0.001, 0.002, 0.005];
/// Predictive coding's grid goes further up: in T steps its hidden errors
/// settle only part of the way to backprop's adjoints, so its update is
/// shorter than the gradient and the essay's largest rate was its best.
pub const PC_EXTRA_LRS: [f64; 3] = [0.5, 1.0, 2.0];

/// Every rule, in `Method`'s order (a test checks `DEFS[m as usize].method
/// == m`).
pub const DEFS: [MethodDef; 20] = [
    MethodDef {
        method: Method::Bp,
        id: "bp",
        name: "exact backprop",
        short_name: "backprop",
        removes: "—",
        keeps: "keeps R1–R5",
        plain: "errors travel back through the same connections the signal came forward on, and each unit gets its exact share of the blame.",
        update: &["e = y − t (each output's error)", "δ_l = (δ_{l+1} W_{l+1}ᵀ) ⊙ f′(a_l), from the top layer down", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("δ₁ = (δ₂ W₂ᵀ) ⊙ f′ on the 288 conv units: each kernel gets its exact gradient, the sum over the 36 positions it is used at"),
        numpy: Ok(numpy::EXACT),
        colour: (31, 95, 191), // blue
        marker: Marker::None,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(0.017),
        extra_lrs: &[],
        best_lr: 0.2,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel { output: OWN_ERROR, hidden: EXACT_HIDDEN, update: STORED_UPDATE },
    },
    MethodDef {
        method: Method::Fa,
        id: "fa",
        name: "feedback alignment",
        short_name: "FA",
        removes: "R4",
        keeps: "keeps R1, R2, R3, R5; random feedback instead of Wᵀ",
        plain: "errors travel back through fixed random connections instead of the forward ones; the forward weights come to agree with them.",
        update: &["δ_l = (δ_{l+1} B_l) ⊙ f′(a_l), with B_l a fixed random matrix drawn once (N(0, 1/n)) in place of W_{l+1}ᵀ", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("δ₁ = (δ₂ B₁) ⊙ f′: the error reaches the conv units through a fixed random B₁ in place of W₂ᵀ (the conv layer is first, so no backward convolution is needed); each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::FA),
        colour: (42, 157, 143), // teal
        marker: Marker::Circle,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(0.019),
        extra_lrs: &[],
        best_lr: 0.2,
        reach: Reach::Every,
        feedback_angles: true,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "δ{k} = ({up}·{b}) ⊙ f′: back through a fixed random matrix {b} instead of {w}ᵀ (R4 removed).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::Dfa,
        id: "dfa",
        name: "direct feedback alignment",
        short_name: "DFA",
        removes: "R4",
        keeps: "keeps R1, R2, R3, R5; random feedback instead of Wᵀ",
        plain: "the output's error goes straight to every hidden layer through a fixed random map of its own, with no layer-by-layer chain.",
        update: &["δ_l = (e D_l) ⊙ f′(a_l), with D_l a fixed random matrix from the output straight to layer l", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("δ₁ = (e D₁) ⊙ f′: a fixed random map from the output error straight to the conv layer's 288 units; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::DFA),
        colour: (106, 76, 147), // purple
        marker: Marker::Square,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.2,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "δ{k} = (e·D{k}) ⊙ f′: the output error sent straight here through a fixed random map (R4 removed).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::NoDeriv,
        id: "no_deriv",
        name: "no local derivatives",
        short_name: "no f′",
        removes: "R2",
        keeps: "keeps R1, R3, R4, R5; no f′",
        plain: "errors travel back as in backprop, but no unit scales them by its own slope, so the nonlinearity is ignored.",
        update: &["δ_l = δ_{l+1} W_{l+1}ᵀ (no f′: the slope is dropped)", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("as bp on the conv units without the factor f′; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::NO_DERIV),
        colour: (214, 96, 77), // red-orange
        marker: Marker::TriangleUp,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(0.134),
        extra_lrs: &[],
        best_lr: 0.05,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "δ{k} = {up}·{w}ᵀ with no f′: a saturated unit (f′ ≈ 0) still gets error it cannot use (R2 removed).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::Scrambled,
        id: "scrambled",
        name: "scrambled per-unit errors",
        short_name: "scrambled",
        removes: "R3",
        keeps: "keeps R1, R2, R4, R5; per-unit errors corrupted",
        plain: "each unit gets a real error, but the one meant for a different unit.",
        update: &["δ_l[j] = exact δ_l[π_l(j)]: each unit gets another unit's true error, π_l a fixed random permutation", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("the conv units' exact errors permuted among them; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::SCRAMBLED),
        colour: (222, 150, 0), // amber
        marker: Marker::None,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(0.153),
        extra_lrs: &[],
        best_lr: 0.05,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "the true δ{k}, handed to the wrong units: unit j gets another unit's error by a fixed permutation (R3 removed). \
                     Hover a unit to see whose error it got.",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::NodePerturbation,
        id: "node_perturbation",
        name: "node perturbation",
        short_name: "node pert.",
        removes: "R3",
        keeps: "keeps R1, R5; one shared score per example",
        plain: "each unit's activity is wiggled at random; one shared score (did the loss fall?) says whether to keep the wiggle's direction.",
        update: &["ξ_l ~ N(0, σ²) added to every unit's input a_l, σ = 10⁻³", "ΔL = L(with noise) − L(without), one number per example", "δ_l = ΔL · ξ_l / σ²;  W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("noise on each of the conv layer's 288 units, the example's loss change times a unit's noise as its error; each kernel moves by the sum over its positions"),
        numpy: Err(numpy::FRESH_NOISE),
        colour: (44, 160, 44), // green
        marker: Marker::TriangleDown,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(0.151),
        extra_lrs: &[],
        best_lr: 0.02,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: "noise ξ on every unit's input; the example's one loss change ΔL, shared by all its units, \
                     gives each the estimate ΔL·ξ/σ².",
            hidden: "ΔL·ξ/σ² for each unit of hidden {k}: its own noise times the example's one shared score (R3 removed).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::WeightPerturbation,
        id: "weight_perturbation",
        name: "weight perturbation",
        short_name: "weight pert.",
        removes: "R3",
        keeps: "needs no backward pass; one shared score per step",
        plain: "every weight is wiggled at random at once; one shared score says whether to move them that way.",
        update: &["Ξ ~ N(0, σ²) added to every weight at once, σ = 10⁻³", "ΔL = L(W + Ξ) − L(W) on the batch: one number per step", "W ← W − lr · ΔL · Ξ / σ² (its length is about √N times the gradient's)"],
        trained_on: None,
        on_conv: Ok("one noise draw on each of the 72 kernel weights (not on the dense form's entries): ΔL·ξ/σ² is the kernels' estimate"),
        numpy: Err(numpy::FRESH_NOISE),
        colour: (140, 86, 75), // brown
        marker: Marker::Diamond,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(0.502),
        extra_lrs: &WP_EXTRA_LRS,
        best_lr: 0.001,
        reach: Reach::Nowhere,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: "no unit gets an error of its own: every weight is nudged at random and one loss change scores them all.",
            hidden: "no per-unit error here either.",
            update: "every weight moves by −lr·ΔL·ξ/σ², its own noise times the step's one score.",
        },
    },
    MethodDef {
        method: Method::SignDropped,
        id: "sign_dropped",
        name: "sign dropped",
        short_name: "sign dropped",
        removes: "R3",
        keeps: "keeps R1, R2, R4, R5; per-unit errors corrupted",
        plain: "each unit gets only the size of its error, not whether to go up or down.",
        update: &["δ_l = |exact δ_l|: each unit's error with its sign removed", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("bp's conv-unit errors with the sign dropped; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::SIGN_DROPPED),
        colour: (227, 119, 194), // pink
        marker: Marker::Cross,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Diverged,
        extra_lrs: &[],
        // diverges at every rate: the smallest
        best_lr: 0.01,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: "each output unit gets |e|, the size of its error without the sign.",
            hidden: "|δ{k}|: each unit's error without its sign, so every unit is pushed the same way (R3 removed).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::Stale,
        id: "stale",
        name: "stale activity",
        short_name: "stale",
        removes: "R1, R5",
        keeps: "keeps R2, R3, R4; activity from the previous batch",
        plain: "errors are right, but they are paired with the activity of the previous batch instead of this one's.",
        update: &["δ_l exact, as in backprop", "W_l ← W_l − lr · h′_{l−1}ᵀ δ_l / B, with h′ the previous batch's stored activity"],
        trained_on: None,
        on_conv: Ok("bp's conv-unit errors paired with the previous batch's activity; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::STALE),
        colour: (158, 160, 20), // olive
        marker: Marker::Plus,
        family: Family::Essay,
        classifies: false,
        essay: Essay::Median(3.23),
        extra_lrs: &[],
        best_lr: 0.01,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "the true δ{k}, but the update will pair it with the previous batch's activity (R1, R5 removed).",
            update: "each W moves by −lr·(the previous batch's activity)ᵀ·(this batch's error).",
        },
    },
    MethodDef {
        method: Method::ShuffledLabels,
        id: "shuffled_labels",
        name: "control: shuffled labels",
        short_name: "shuffled",
        removes: "—",
        keeps: "control: keeps R1–R5, nothing to learn",
        plain: "a control: backprop, but on targets shuffled between examples, so there is nothing real to learn.",
        update: &["exact backprop on targets shuffled across the training examples (a fixed permutation): nothing to learn"],
        trained_on: None,
        on_conv: Ok("bp on the conv student with the labels shuffled; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::EXACT),
        colour: (100, 100, 100), // grey
        marker: Marker::Circle,
        family: Family::Control,
        classifies: false,
        essay: Essay::Median(1.03),
        extra_lrs: &[],
        best_lr: 0.02,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel { output: OWN_ERROR, hidden: EXACT_HIDDEN, update: STORED_UPDATE },
    },
    MethodDef {
        method: Method::RandomDirection,
        id: "random_direction",
        name: "control: random direction",
        short_name: "random dir.",
        removes: "—",
        keeps: "control: motion without credit",
        plain: "a control: each step moves the weights in a random direction as long as backprop's update, so there is motion without credit.",
        update: &["g = |∇L| · r / |r|, r ~ N(0, I) drawn fresh each step: the true gradient's length, a random direction", "W ← W − lr · g"],
        trained_on: None,
        on_conv: Ok("a random direction of the kernels' update's length, drawn on the dense form and summed into the kernels"),
        numpy: Err(numpy::FRESH_NOISE),
        colour: (23, 170, 190), // cyan
        marker: Marker::Square,
        family: Family::Control,
        classifies: false,
        essay: Essay::Median(1.88),
        extra_lrs: &[],
        best_lr: 0.02,
        reach: Reach::Nowhere,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: "no unit gets an error: the update is a random direction with the gradient's length.",
            hidden: "no per-unit error here either.",
            update: "every weight moves along a random direction: motion without credit.",
        },
    },
    MethodDef {
        method: Method::ReadoutOnly,
        id: "readout_only",
        name: "control: readout only",
        short_name: "readout only",
        removes: "—",
        keeps: "control: credit for the last layer only",
        plain: "a control: only the last layer learns; nothing inside the network gets any credit.",
        update: &["W_{L+1} ← W_{L+1} − lr · h_Lᵀ e / B", "W_1 … W_L stay at their initial values"],
        trained_on: None,
        on_conv: Ok("the conv layer is frozen at its random kernels, like every hidden layer"),
        numpy: Ok(numpy::READOUT_ONLY),
        colour: (20, 20, 20), // black
        marker: Marker::None,
        family: Family::Control,
        classifies: false,
        essay: Essay::Median(0.169),
        extra_lrs: &[],
        best_lr: 0.05,
        reach: Reach::Output,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "nothing: hidden {k} is frozen (control: credit for the last layer only).",
            update: "only W₃ moves, by −lr·h₂ᵀe.",
        },
    },
    MethodDef {
        method: Method::KolenPollack,
        id: "kolen_pollack",
        name: "Kolen–Pollack (learned feedback)",
        short_name: "KP",
        removes: "R4 (learned)",
        keeps: "keeps R1, R2, R3, R5; feedback B learns Wᵀ",
        plain: "errors travel back through separate connections that learn, with the same updates and decay as the forward ones, until they match them.",
        update: &["δ_l = (δ_{l+1} B_l) ⊙ f′(a_l), as in feedback alignment", "W_l ← W_l − lr · (g_l + λ W_l),  B_l ← B_l − lr · (g_{l+1}ᵀ + λ B_l), so W_{l+1} − B_lᵀ shrinks by (1 − lr·λ) a step", "λ = 0.005 (our choice: at lr 0.2 the initial difference falls to e⁻³ in 3,000 steps; --rule kp_decay)"],
        trained_on: None,
        on_conv: Ok("δ₁ = (δ₂ B₁) ⊙ f′ with B₁ learned beside W₂ as on the dense student; each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::KOLEN_POLLACK),
        colour: (197, 27, 125), // deep magenta
        marker: Marker::Circle,
        family: Family::Part4,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.2,
        reach: Reach::Every,
        feedback_angles: true,
        own_goal: false,
        tags: Some(Tags {
            keeps: "R1, R2, R3, R5",
            relaxes: "R4",
            replaced_by: "feedback weights that learn Wᵀ from the forward updates",
            // not in the essay (its "learned rather than copied" is said of
            // predictive coding's backward weights)
            essay: None,
            cite: "Kolen & Pollack 1994; Akrout et al. 2019",
            group: Group::SignedPerUnit,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "δ{k} = ({up}·{b}) ⊙ f′: back through feedback weights {b} that learn {w}ᵀ from the forward updates (R4 relaxed by learning).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::SignSymmetry,
        id: "sign_symmetry",
        name: "sign-symmetric feedback",
        short_name: "sign sym.",
        removes: "R4 (signs kept)",
        keeps: "keeps R1, R2, R3, R5; feedback sign(Wᵀ): the signs of Wᵀ without their sizes",
        plain: "errors travel back through connections that have the forward weights' signs but all the same size.",
        update: &["δ_l = (δ_{l+1} sign(W_{l+1})ᵀ) ⊙ f′(a_l), the signs recomputed before every step", "W_l ← W_l − lr · h_{l−1}ᵀ δ_l / B"],
        trained_on: None,
        on_conv: Ok("δ₁ = (δ₂ sign(W₂)ᵀ) ⊙ f′: the sign of the dense weights above (the conv layer is first, so no kernel's sign is sent back); each kernel moves by the sum over its positions"),
        numpy: Ok(numpy::SIGN_SYMMETRY),
        colour: (175, 110, 220), // lavender
        marker: Marker::Square,
        family: Family::Part4,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &[],
        // the grid's best at the defaults (3,000 steps, seeds 0–2); its score
        // beats bp's there, for the reason `docs/results.md` gives
        best_lr: 0.02,
        reach: Reach::Every,
        feedback_angles: true,
        own_goal: false,
        tags: Some(Tags {
            keeps: "R1, R2, R3, R5; R4's signs",
            relaxes: "R4 (the sizes of the weights)",
            replaced_by: "feedback sign(Wᵀ), recomputed every step",
            // not in the essay (the "separate set of feedback connections" is
            // said of feedback alignment)
            essay: None,
            cite: "Liao, Leibo & Poggio 2016; Moskovitz et al. 2018 (BioTorch's uSF)",
            group: Group::SignedPerUnit,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "δ{k} = ({up}·sign({w}ᵀ)) ⊙ f′: back through the signs of {w}ᵀ, every entry ±1 (R4's sizes removed, its signs kept).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::ThreeFactor,
        id: "three_factor",
        name: "three-factor rule (eligibility trace)",
        short_name: "3-factor",
        removes: "R3 (trace for R1)",
        keeps: "one broadcast score gates each synapse's eligibility trace",
        plain: "each connection keeps a fading trace of recent activity; one broadcast reward later decides which traces become changes.",
        update: &["node perturbation's noise ξ on every unit; each example k is a trial", "eligibility trace e(k) = γ · e(k−1) + h_{l−1,k}ᵀ ξ_{l,k} / σ²,  γ = 0.5 (our choice; --rule trace_decay; γ = 0 is node perturbation)", "modulator M_k = the example's loss change against the same example without noise", "W_l ← W_l − lr · Σ_k M_k e(k) / B"],
        trained_on: None,
        on_conv: Ok("node perturbation's noise on the conv units, with its eligibility trace; each kernel moves by the sum over its positions"),
        numpy: Err(numpy::FRESH_NOISE),
        colour: (128, 0, 0), // maroon
        marker: Marker::TriangleUp,
        family: Family::Part4,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.01,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: Some(Tags {
            keeps: "R5; R1 as a trace",
            relaxes: "R3 (and R2, R4: none needed)",
            replaced_by: "eligibility traces gated by one broadcast modulator",
            essay: Some("the third factor is broadcast"),
            cite: "Frémaux & Gerstner 2016; Bellec et al. 2020",
            group: Group::SharedScore,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "each synapse into hidden {k} keeps a fading trace of (its input × its unit's noise); the example's one score gates the trace (R3 removed).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::PredictiveCoding,
        id: "predictive_coding",
        name: "predictive coding",
        short_name: "pred. coding",
        removes: "R5 (settling)",
        keeps: "keeps R1–R4; error units settle instead of a sweep",
        plain: "each layer predicts the one below; error units settle over a few steps and then hold roughly backprop's errors, with no ordered sweep.",
        update: &["value nodes v_l start at the forward pass's a_l; the output is clamped to t", "prediction errors ε_l = v_l − f(v_{l−1}) W_l; the v_l relax T = 20 times at rate γ = 0.1 to lower E = ½ Σ_l |ε_l|² (after Whittington & Bogacz; --rule pc_steps, pc_rate)", "W_l ← W_l + lr · f(v_{l−1})ᵀ ε_l / B"],
        trained_on: None,
        on_conv: Err("its settling here assumes hidden layers of one width, and the conv layer's 288 units are wider than the 64 above them"),
        numpy: Ok(numpy::PREDICTIVE_CODING),
        colour: (255, 127, 14), // orange
        marker: Marker::TriangleDown,
        family: Family::Part4,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &PC_EXTRA_LRS,
        best_lr: 1.0,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: Some(Tags {
            keeps: "R1, R2, R3, R4",
            relaxes: "R5",
            replaced_by: "settling: error units relax for T steps",
            essay: Some("it replaces R5 with a settling process"),
            cite: "Whittington & Bogacz 2017",
            group: Group::SignedPerUnit,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "hidden {k}'s error units settle for T steps against the layer above's prediction errors, then hold its δ (no ordered sweep).",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::EquilibriumProp,
        id: "equilibrium_prop",
        name: "equilibrium propagation",
        short_name: "EqProp",
        removes: "R5 (two phases)",
        keeps: "symmetric weights; a free and a nudged settling",
        plain: "the network settles once freely and once nudged towards the target; the difference between the two settled states is the update.",
        update: &["an energy network with the student's weights used both ways: hidden h_l settles to tanh(h_{l−1} W_l + h_{l+1} W_{l+1}ᵀ), the output to (h_L W + β t)/(1 + β)", "settle freely (20 sweeps from the forward pass), then nudged by +β and by −β (10 sweeps each), β = 0.1 (our choice; --rule ep_beta, ep_free, ep_nudged)", "W_l ← W_l + lr · (h_{l−1}ᵀ h_l at +β − at −β) / (2β B)"],
        trained_on: Some("its own energy network: the settled network's outputs are its predictions, and its angle to backprop compares with bp's gradient of the feedforward network, which is not its objective"),
        on_conv: Err("its settling here assumes hidden layers of one width, and the conv layer's 288 units are wider than the 64 above them"),
        numpy: Err("its free and nudged settling phases are not written out for NumPy yet"),
        colour: (0, 60, 120), // navy
        marker: Marker::Diamond,
        family: Family::Part4,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.05,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: Some(Tags {
            keeps: "R1, R2, R3; R4 as symmetric weights",
            relaxes: "R5",
            replaced_by: "a free and a nudged settling",
            essay: Some("the two phases are an explicit version of R5"),
            cite: "Scellier & Bengio 2017; Laborieux et al. 2021",
            group: Group::SignedPerUnit,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "hidden {k} settles twice, nudged towards the target by +β and by −β; the difference of the two states is its error.",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::SyntheticGradients,
        id: "synthetic_gradients",
        name: "synthetic gradients",
        short_name: "synth. grad.",
        removes: "R5 (predicted)",
        keeps: "keeps R1–R4; each layer's error predicted, no waiting",
        plain: "each layer has a small model that predicts its error at once, so it need not wait for the backward pass; the models are trained on the true errors later.",
        update: &["each hidden layer's error predicted at once by a linear module: ĝ_l = h_l M_l + t C_l (zero at the start)", "W_l ← W_l − lr · h_{l−1}ᵀ ĝ_l / B, with no waiting for the layers above", "M_l, C_l learn at the same rate toward the error one layer up: (y − t) W_{L+1}ᵀ for the top layer, the layer above's own prediction through its weights below"],
        trained_on: None,
        on_conv: Ok("a synthetic-gradient module predicts the conv units' error from their activity and the target; each kernel moves by the sum over its positions"),
        numpy: Err("its learned error modules are not written out for NumPy yet"),
        colour: (152, 200, 80), // light green
        marker: Marker::Cross,
        family: Family::Part4,
        classifies: false,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.2,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: Some(Tags {
            keeps: "R1, R2, R3, R4 (to train the modules)",
            relaxes: "R5",
            replaced_by: "a learned prediction of each layer's error",
            essay: Some("so that layers can update without waiting"),
            cite: "Jaderberg et al. 2016",
            group: Group::SignedPerUnit,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "hidden {k} does not wait: a learned linear module predicts its error from its activity and the target.",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::ForwardForward,
        id: "forward_forward",
        name: "forward-forward (classification: error rate)",
        short_name: "FF",
        removes: "R5 (no backward sweep)",
        keeps: "a different task: classes; each layer's own goal, no backward sweep",
        plain: "each layer learns on its own to respond strongly to real examples and weakly to fake ones; nothing is sent backwards.",
        update: &["the label's one-hot code joins the input; goodness G_l = Σ h_l² per layer", "each layer lowers softplus(θ − G_l) on the true label and softplus(G_l − θ) on a wrong one drawn at random, θ = 0.5 × units (our choice; --rule ff_theta)", "a layer's input is the layer below scaled to unit mean square; the predicted class is the label with the most goodness summed over the layers"],
        trained_on: Some("the classification task: the class is the teacher's strongest output (5 classes), scored by test error rate"),
        on_conv: Err("its first layer reads the label beside the image, and that layer has no convolutional form here"),
        numpy: Err("its negative examples are drawn at every step from the instrument's own generator, which NumPy does not have"),
        colour: (0, 150, 255), // sky blue
        marker: Marker::Plus,
        family: Family::Part4,
        classifies: true,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.1,
        // its layers have goals of their own: no error from the output
        // reaches them
        reach: Reach::Nowhere,
        feedback_angles: false,
        own_goal: true,
        tags: Some(Tags {
            keeps: "R1 within a layer",
            relaxes: "R5 (and R2–R4 between layers)",
            replaced_by: "two forward passes: real and negative data",
            essay: Some("replaces the backward pass with two forward passes"),
            cite: "Hinton 2022",
            group: Group::LocalGoal,
        }),
        panel: Panel {
            output: OWN_ERROR,
            hidden: "nothing comes back: hidden {k} raises its goodness Σh² on the true label and lowers it on a wrong one, a goal of its own.",
            update: STORED_UPDATE,
        },
    },
    MethodDef {
        method: Method::BpClassify,
        id: "bp_classify",
        name: "backprop, classification (error rate)",
        short_name: "bp (classify)",
        removes: "—",
        keeps: "keeps R1–R5 on the classification task (forward-forward's reference)",
        plain: "exact backprop on the classification task, the reference forward-forward is compared with.",
        update: &["softmax cross-entropy on the class: e = softmax(y) − onehot(class)", "then backprop's δ recursion and update"],
        trained_on: Some("the classification task, as forward-forward's reference"),
        on_conv: Ok("as bp: the exact kernel gradient, the sum over the 36 positions each weight is used at"),
        numpy: Ok(numpy::EXACT),
        colour: (80, 80, 160), // slate: bp on another task
        marker: Marker::TriangleDown,
        family: Family::Reference,
        classifies: true,
        essay: Essay::Absent,
        extra_lrs: &[],
        best_lr: 0.02,
        reach: Reach::Every,
        feedback_angles: false,
        own_goal: false,
        tags: None,
        panel: Panel {
            output: OWN_ERROR,
            hidden: "δ{k} = ({up}·{w}ᵀ) ⊙ f′, with e = softmax(y) − the label's one-hot code (cross-entropy).",
            update: STORED_UPDATE,
        },
    },
];

/// The rules of `DEFS` in `family`, in table order.
const fn members<const N: usize>(family: Family) -> [Method; N] {
    let mut out = [Method::Bp; N];
    let (mut i, mut n) = (0, 0);
    while i < DEFS.len() {
        if same_family(DEFS[i].family, family) {
            out[n] = DEFS[i].method;
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "a list's length is not its family's size");
    out
}

const fn count(family: Family) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < DEFS.len() {
        if same_family(DEFS[i].family, family) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// Essay and control rows together are the essay's grid.
const fn same_family(row: Family, want: Family) -> bool {
    matches!(
        (row, want),
        (Family::Essay | Family::Control, Family::Essay)
            | (Family::Part4, Family::Part4)
            | (Family::Reference, Family::Reference)
    )
}

/// One column of `DEFS` as a constant of its own. A function that reads
/// only a column links only that column: the page's first wasm names
/// rules and reads their ids, but carries none of their long texts.
macro_rules! column {
    ($field:ident: $t:ty) => {{
        let mut out: [$t; DEFS.len()] = [DEFS[0].$field; DEFS.len()];
        let mut i = 0;
        while i < DEFS.len() {
            out[i] = DEFS[i].$field;
            i += 1;
        }
        out
    }};
}

const METHODS: [Method; DEFS.len()] = column!(method: Method);
const IDS: [&str; DEFS.len()] = column!(id: &'static str);
const NAMES: [&str; DEFS.len()] = column!(name: &'static str);
const SHORT_NAMES: [&str; DEFS.len()] = column!(short_name: &'static str);
const FAMILIES: [Family; DEFS.len()] = column!(family: Family);
const CLASSIFIES: [bool; DEFS.len()] = column!(classifies: bool);

impl Method {
    /// The essay's grid: its table's rows and controls.
    pub const ALL: [Method; count(Family::Essay)] = members(Family::Essay);
    /// The proposals beyond the essay's grid (its Part 4, and variants).
    pub const PART4: [Method; count(Family::Part4)] = members(Family::Part4);

    /// This rule's row.
    pub fn def(self) -> &'static MethodDef {
        &DEFS[self as usize]
    }

    pub fn id(self) -> &'static str {
        IDS[self as usize]
    }

    /// The Part 4 rules and forward-forward's reference, bp on the
    /// classification task.
    pub fn part4_and_reference() -> impl Iterator<Item = Method> {
        let reference: [Method; count(Family::Reference)] = members(Family::Reference);
        Method::PART4.into_iter().chain(reference)
    }

    /// Learns the classification version of the teacher task, scored by
    /// test error rate.
    pub fn classifies(self) -> bool {
        CLASSIFIES[self as usize]
    }

    /// The method its score is compared with: bp on the same task.
    pub fn reference(self) -> Method {
        if self.classifies() {
            Method::BpClassify
        } else {
            Method::Bp
        }
    }

    /// Every method, in table order: the essay's table, then the rest.
    pub fn every() -> impl Iterator<Item = Method> {
        METHODS.into_iter()
    }

    pub fn from_id(id: &str) -> Option<Method> {
        let id = id.trim();
        IDS.iter().position(|&d| d == id).map(|i| METHODS[i])
    }

    /// A readable name.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The name shortened to stand under a bar of a chart (FA and DFA as
    /// the essay abbreviates them).
    pub fn short_name(self) -> &'static str {
        SHORT_NAMES[self as usize]
    }

    /// The requirement(s) removed, as the essay's table lists them.
    pub fn removes(self) -> &'static str {
        self.def().removes
    }

    /// One line: which requirements it keeps.
    pub fn keeps(self) -> &'static str {
        self.def().keeps
    }

    /// One plain sentence: what travels back, and how.
    pub fn plain(self) -> &'static str {
        self.def().plain
    }

    pub fn is_control(self) -> bool {
        FAMILIES[self as usize] == Family::Control
    }

    /// The essay's reported median (`None`: not in the table, or every run
    /// diverged).
    pub fn essay(self) -> Option<f64> {
        match self.def().essay {
            Essay::Median(v) => Some(v),
            Essay::Diverged | Essay::Absent => None,
        }
    }

    /// The essay's result as text.
    pub fn essay_text(self) -> String {
        match self.def().essay {
            Essay::Median(v) => format!("{v}"),
            Essay::Diverged => "every run diverges".into(),
            Essay::Absent => "not in the table".into(),
        }
    }
}
