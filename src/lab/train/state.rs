//! What a rule keeps between steps, and its buffers: one struct per rule
//! that needs any, with fields named for what they hold. The trainer owns
//! one `RuleState`; the rule's own file reads its variant.

use crate::lab::kernel::Real;
use crate::lab::method::Method;
use ndarray::{Array1, Array2};

/// The state of the run's rule (`None` for the rules that keep nothing
/// beyond the trainer's own buffers).
#[derive(Clone, Debug)]
pub(crate) enum RuleState<F: Real> {
    None,
    ThreeFactor(Traces<F>),
    SyntheticGradients(Modules<F>),
    PredictiveCoding(Relaxation<F>),
    EquilibriumProp(Phases<F>),
    ForwardForward(Passes<F>),
}

/// The three-factor rule: each synapse's eligibility trace (shaped like
/// W), each trial's modulator summed down the trace (`gate`), and the
/// weight γ^{B−1−j} trial j's coincidence keeps at the batch's end (`tail`).
#[derive(Clone, Debug)]
pub(crate) struct Traces<F: Real> {
    pub(crate) trace: Vec<Array2<F>>,
    pub(crate) gate: Array1<F>,
    pub(crate) tail: Array1<F>,
}

/// Synthetic gradients: per hidden layer l, the modules M_l (h×h) and C_l
/// (out×h) that predict its error from its activity and the target, each
/// module's step, and the batch's predictions and module targets (B × h).
#[derive(Clone, Debug)]
pub(crate) struct Modules<F: Real> {
    pub(crate) m: Vec<Array2<F>>,
    pub(crate) c: Vec<Array2<F>>,
    pub(crate) step_m: Vec<Array2<F>>,
    pub(crate) step_c: Vec<Array2<F>>,
    pub(crate) prediction: Vec<Array2<F>>,
    pub(crate) target: Vec<Array2<F>>,
}

/// Predictive coding, per layer 1 … L+1 (B × units): the value nodes v,
/// their activity f(v), the error units ε; and B × h scratch.
#[derive(Clone, Debug)]
pub(crate) struct Relaxation<F: Real> {
    pub(crate) value: Vec<Array2<F>>,
    pub(crate) activity: Vec<Array2<F>>,
    pub(crate) error: Vec<Array2<F>>,
    pub(crate) scratch: Array2<F>,
}

/// Equilibrium propagation, per layer 1 … L+1 (B × units): the free
/// settled state and the states nudged by +β and −β; B × h scratch.
#[derive(Clone, Debug)]
pub(crate) struct Phases<F: Real> {
    pub(crate) free: Vec<Array2<F>>,
    pub(crate) plus: Vec<Array2<F>>,
    pub(crate) minus: Vec<Array2<F>>,
    pub(crate) scratch: Array2<F>,
}

/// Forward-forward: each hidden layer's input and activity on the
/// positive pass (the true label) and the negative pass (a wrong one);
/// B × h scratch for the negative deltas.
#[derive(Clone, Debug)]
pub(crate) struct Passes<F: Real> {
    pub(crate) pos_in: Vec<Array2<F>>,
    pub(crate) neg_in: Vec<Array2<F>>,
    pub(crate) pos_act: Vec<Array2<F>>,
    pub(crate) neg_act: Vec<Array2<F>>,
    pub(crate) scratch: Array2<F>,
}

impl<F: Real> RuleState<F> {
    /// The state `method` starts with on a student of layer `sizes`
    /// trained in batches of `batch`.
    pub(crate) fn new(method: Method, sizes: &[usize], batch: usize) -> Self {
        let rows = |s: &[usize]| -> Vec<Array2<F>> {
            s.iter().map(|&n| Array2::zeros((batch, n))).collect()
        };
        let layers = &sizes[1..];
        let hidden = &sizes[1..sizes.len() - 1];
        let out = sizes[sizes.len() - 1];
        let scratch = || Array2::zeros((batch, hidden[0]));
        match method {
            Method::ThreeFactor => RuleState::ThreeFactor(Traces {
                trace: sizes
                    .windows(2)
                    .map(|io| Array2::zeros((io[0], io[1])))
                    .collect(),
                gate: Array1::zeros(batch),
                tail: Array1::zeros(batch),
            }),
            Method::SyntheticGradients => {
                let m: Vec<Array2<F>> = hidden.iter().map(|&h| Array2::zeros((h, h))).collect();
                let c: Vec<Array2<F>> = hidden.iter().map(|&h| Array2::zeros((out, h))).collect();
                RuleState::SyntheticGradients(Modules {
                    step_m: m.clone(),
                    step_c: c.clone(),
                    m,
                    c,
                    prediction: rows(hidden),
                    target: rows(hidden),
                })
            }
            Method::PredictiveCoding => RuleState::PredictiveCoding(Relaxation {
                value: rows(layers),
                activity: rows(layers),
                error: rows(layers),
                scratch: scratch(),
            }),
            Method::EquilibriumProp => RuleState::EquilibriumProp(Phases {
                free: rows(layers),
                plus: rows(layers),
                minus: rows(layers),
                scratch: scratch(),
            }),
            Method::ForwardForward => {
                let inputs = &sizes[..sizes.len() - 2];
                RuleState::ForwardForward(Passes {
                    pos_in: rows(inputs),
                    neg_in: rows(inputs),
                    pos_act: rows(hidden),
                    neg_act: rows(hidden),
                    scratch: scratch(),
                })
            }
            _ => RuleState::None,
        }
    }
}
