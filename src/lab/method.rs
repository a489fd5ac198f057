//! The learning rules the instrument compares, with the ids used
//! everywhere (command line, JSON, URL, page), the requirement each
//! removes, and the essay's result for it.

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

impl Method {
    pub const ALL: [Method; 12] = [
        Method::Bp,
        Method::Fa,
        Method::Dfa,
        Method::NoDeriv,
        Method::Scrambled,
        Method::NodePerturbation,
        Method::WeightPerturbation,
        Method::SignDropped,
        Method::Stale,
        Method::ShuffledLabels,
        Method::RandomDirection,
        Method::ReadoutOnly,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Method::Bp => "bp",
            Method::Fa => "fa",
            Method::Dfa => "dfa",
            Method::NoDeriv => "no_deriv",
            Method::Scrambled => "scrambled",
            Method::NodePerturbation => "node_perturbation",
            Method::WeightPerturbation => "weight_perturbation",
            Method::SignDropped => "sign_dropped",
            Method::Stale => "stale",
            Method::ShuffledLabels => "shuffled_labels",
            Method::RandomDirection => "random_direction",
            Method::ReadoutOnly => "readout_only",
            Method::KolenPollack => "kolen_pollack",
            Method::ThreeFactor => "three_factor",
            Method::PredictiveCoding => "predictive_coding",
            Method::EquilibriumProp => "equilibrium_prop",
            Method::SyntheticGradients => "synthetic_gradients",
            Method::ForwardForward => "forward_forward",
            Method::BpClassify => "bp_classify",
        }
    }

    /// The essay's Part 4 proposals implemented so far (not in the
    /// essay's grid, `ALL`).
    pub const PART4: [Method; 6] = [
        Method::KolenPollack,
        Method::ThreeFactor,
        Method::PredictiveCoding,
        Method::EquilibriumProp,
        Method::SyntheticGradients,
        Method::ForwardForward,
    ];

    /// The Part 4 rules and forward-forward's reference, bp on the
    /// classification task.
    pub fn part4_and_reference() -> impl Iterator<Item = Method> {
        Method::PART4.into_iter().chain([Method::BpClassify])
    }

    /// Learns the classification version of the teacher task (the argmax
    /// of its outputs as the label), scored by test error rate.
    pub fn classifies(self) -> bool {
        matches!(self, Method::ForwardForward | Method::BpClassify)
    }

    /// The method its score is compared with: bp on the same task.
    pub fn reference(self) -> Method {
        if self.classifies() {
            Method::BpClassify
        } else {
            Method::Bp
        }
    }

    /// Every method: the essay's table, then the Part 4 proposals.
    pub fn every() -> impl Iterator<Item = Method> {
        Method::ALL.into_iter().chain(Method::part4_and_reference())
    }

    pub fn from_id(id: &str) -> Option<Method> {
        Method::every().find(|m| m.id() == id.trim())
    }

    /// A readable name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Bp => "exact backprop",
            Method::Fa => "feedback alignment",
            Method::Dfa => "direct feedback alignment",
            Method::NoDeriv => "no local derivatives",
            Method::Scrambled => "scrambled per-unit errors",
            Method::NodePerturbation => "node perturbation",
            Method::WeightPerturbation => "weight perturbation",
            Method::SignDropped => "sign dropped",
            Method::Stale => "stale activity",
            Method::ShuffledLabels => "control: shuffled labels",
            Method::RandomDirection => "control: random direction",
            Method::ReadoutOnly => "control: readout only",
            Method::KolenPollack => "Kolen–Pollack (learned feedback)",
            Method::ThreeFactor => "three-factor rule (eligibility trace)",
            Method::PredictiveCoding => "predictive coding",
            Method::EquilibriumProp => "equilibrium propagation",
            Method::SyntheticGradients => "synthetic gradients",
            Method::ForwardForward => "forward-forward (classification: error rate)",
            Method::BpClassify => "backprop, classification (error rate)",
        }
    }

    /// The name shortened to stand under a bar of a chart (FA and DFA as
    /// the essay abbreviates them).
    pub fn short_name(self) -> &'static str {
        match self {
            Method::Bp => "backprop",
            Method::Fa => "FA",
            Method::Dfa => "DFA",
            Method::NoDeriv => "no f′",
            Method::Scrambled => "scrambled",
            Method::NodePerturbation => "node pert.",
            Method::WeightPerturbation => "weight pert.",
            Method::SignDropped => "sign dropped",
            Method::Stale => "stale",
            Method::ShuffledLabels => "shuffled",
            Method::RandomDirection => "random dir.",
            Method::ReadoutOnly => "readout only",
            Method::KolenPollack => "KP",
            Method::ThreeFactor => "3-factor",
            Method::PredictiveCoding => "pred. coding",
            Method::EquilibriumProp => "EqProp",
            Method::SyntheticGradients => "synth. grad.",
            Method::ForwardForward => "FF",
            Method::BpClassify => "bp (classify)",
        }
    }

    /// The requirement(s) removed, as the essay's table lists them.
    pub fn removes(self) -> &'static str {
        match self {
            Method::Fa | Method::Dfa => "R4",
            Method::KolenPollack => "R4 (learned)",
            Method::NoDeriv => "R2",
            Method::Scrambled
            | Method::NodePerturbation
            | Method::WeightPerturbation
            | Method::SignDropped => "R3",
            Method::Stale => "R1, R5",
            Method::ThreeFactor => "R3 (trace for R1)",
            Method::PredictiveCoding => "R5 (settling)",
            Method::EquilibriumProp => "R5 (two phases)",
            Method::SyntheticGradients => "R5 (predicted)",
            Method::ForwardForward => "R5 (no backward sweep)",
            _ => "—",
        }
    }

    /// One line: which requirements it keeps.
    pub fn keeps(self) -> &'static str {
        match self {
            Method::Bp => "keeps R1–R5",
            Method::Fa | Method::Dfa => "keeps R1, R2, R3, R5; random feedback instead of Wᵀ",
            Method::NoDeriv => "keeps R1, R3, R4, R5; no f′",
            Method::Scrambled | Method::SignDropped => {
                "keeps R1, R2, R4, R5; per-unit errors corrupted"
            }
            Method::NodePerturbation => "keeps R1, R5; one shared score per example",
            Method::WeightPerturbation => "needs no backward pass; one shared score per step",
            Method::Stale => "keeps R2, R3, R4; activity from the previous batch",
            Method::ShuffledLabels => "control: keeps R1–R5, nothing to learn",
            Method::RandomDirection => "control: motion without credit",
            Method::ReadoutOnly => "control: credit for the last layer only",
            Method::KolenPollack => "keeps R1, R2, R3, R5; feedback B learns Wᵀ",
            Method::ThreeFactor => "one broadcast score gates each synapse's eligibility trace",
            Method::PredictiveCoding => "keeps R1–R4; error units settle instead of a sweep",
            Method::EquilibriumProp => "symmetric weights; a free and a nudged settling",
            Method::SyntheticGradients => "keeps R1–R4; each layer's error predicted, no waiting",
            Method::ForwardForward => {
                "a different task: classes; each layer's own goal, no backward sweep"
            }
            Method::BpClassify => {
                "keeps R1–R5 on the classification task (forward-forward's reference)"
            }
        }
    }

    pub fn is_control(self) -> bool {
        matches!(
            self,
            Method::ShuffledLabels | Method::RandomDirection | Method::ReadoutOnly
        )
    }

    /// The essay's reported median (`None`: every run diverged; DFA has no
    /// number in the essay's table, so it is `Some(NAN)`-free: see
    /// `essay_text`).
    pub fn essay(self) -> Option<f64> {
        match self {
            Method::Bp => Some(0.017),
            Method::Fa => Some(0.019),
            Method::NoDeriv => Some(0.134),
            Method::Scrambled => Some(0.153),
            Method::NodePerturbation => Some(0.151),
            Method::WeightPerturbation => Some(0.502),
            Method::Stale => Some(3.23),
            Method::ShuffledLabels => Some(1.03),
            Method::RandomDirection => Some(1.88),
            Method::ReadoutOnly => Some(0.169),
            _ => None,
        }
    }

    /// The essay's result as text.
    pub fn essay_text(self) -> String {
        match self {
            Method::SignDropped => "every run diverges".into(),
            m if m.essay().is_none() => "not in the table".into(),
            m => format!("{}", m.essay().unwrap_or(f64::NAN)),
        }
    }
}

pub use super::select::{graph_signal, r3_for_signal, select, select_note, R3_CHOICES, R4_CHOICES};
