//! The backward sweep as a value: what R1–R5 keep (`Requirements`), each
//! step's record (`Step`, `Sent`), the finished `Sweep` and what each node
//! shows after k steps (`Sweep::shown`, which the graph and the step text
//! both read), and one shared score's `Estimate`.

use crate::engine::graph::NodeId;
use crate::engine::ops::Local;

/// What replaces each node's own signed adjoint when R3 is removed: the
/// lab's three R3 methods, on the graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ErrorSignal {
    /// Node perturbation: every node's value is nudged by its own noise ξᵢ,
    /// one forward run gives one change in f that is broadcast to all, and
    /// each node estimates its credit as Δf·ξᵢ/σ².
    #[default]
    SharedScore,
    /// The true adjoints, handed to the wrong nodes (a fixed, seeded
    /// permutation among the non-output nodes).
    Scrambled,
    /// The true adjoints' magnitudes, sign dropped.
    SignDropped,
}

/// Which of R1–R5 the sweep keeps. `Requirements::default()` keeps all
/// five, which is exact reverse mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requirements {
    /// `kept[0]` is R1 … `kept[4]` is R5.
    pub kept: [bool; 5],
    /// The R3 ablation used when R3 is not kept.
    pub r3_off: ErrorSignal,
    /// Seeds the scrambling permutation and the perturbations.
    pub seed: u64,
    /// With one shared score: how many perturbed runs are averaged.
    pub draws: u32,
}

impl Default for Requirements {
    fn default() -> Self {
        Self {
            kept: [true; 5],
            r3_off: ErrorSignal::SharedScore,
            seed: 0,
            draws: 1,
        }
    }
}

impl Requirements {
    /// Requirement `r` (1–5) kept?
    pub fn keeps(&self, r: usize) -> bool {
        self.kept[r - 1]
    }

    /// All kept but the ones listed (1–5).
    pub fn without(rs: &[usize]) -> Self {
        let mut q = Self::default();
        for &r in rs {
            q.kept[r - 1] = false;
        }
        q
    }

    /// R3 removed with one shared score: there is no backward sweep at all.
    pub fn shared_score(&self) -> bool {
        !self.keeps(3) && self.r3_off == ErrorSignal::SharedScore
    }

    /// One line each: what unticking requirement `r` removes.
    pub fn describe(r: usize) -> &'static str {
        match r {
            1 => "stored activity: local derivatives are worked out at the previous example's values",
            2 => "local derivatives: a step whose rate changes with its input (such as a square) passes its credit on without its own slope",
            3 => "signed, per-unit errors: one shared score, credits handed to the wrong nodes, or only their size without the sign",
            4 => "weight transport: on the way back a product multiplies by a fixed random number, not by its other input",
            5 => "ordering: nodes are visited depth-first, so a node with fan-out can send its credit on before all of it has arrived",
            _ => "",
        }
    }

    /// In a few words, which requirements `kept` removes ("R4 removed",
    /// "R1 and R5 removed", "all five requirements kept").
    pub fn removed_words(kept: [bool; 5]) -> String {
        let gone: Vec<String> = (1..=5)
            .filter(|r| !kept[r - 1])
            .map(|r| format!("R{r}"))
            .collect();
        match gone.as_slice() {
            [] => "all five requirements kept".into(),
            [one] => format!("{one} removed"),
            [rest @ .., last] => format!("{} and {last} removed", rest.join(", ")),
        }
    }

    /// Each requirement in words a learner has (the learn path's names:
    /// its tries, its exit ticket and, there, the boxes at the page's top).
    pub const PLAIN: [&'static str; 5] = [
        "this calculation's values",
        "each step's own rate",
        "a sign on each credit",
        "the other input, on the way back",
        "waiting for all the credit",
    ];

    pub const NAMES: [&'static str; 5] = [
        "R1 stored activity",
        "R2 local derivatives",
        "R3 signed, per-unit errors",
        "R4 weight transport",
        "R5 ordering",
    ];
}

/// One contribution sent backwards along one edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Sent {
    /// The input that receives it.
    pub to: NodeId,
    /// Which operand of the sending node that input is.
    pub operand: usize,
    /// The local derivative used, as factors (after R1, R2 and R4's
    /// ablations; `used.value()` is the multiplier).
    pub used: Local,
    /// The exact local derivative at the true stored inputs.
    pub exact: f64,
    /// `adjoint × used.value()`.
    pub contribution: f64,
    /// The receiver's running sum before and after this contribution.
    pub before: f64,
    pub after: f64,
    /// True when the receiver had already been visited: the contribution
    /// arrives too late to count (only possible without R5).
    pub late: bool,
}

/// One visit in the backward sweep: the node, the adjoint it holds, the
/// credit it is given, and what it sent to each input.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub node: NodeId,
    /// The sum of the contributions that reached it (1 at the output):
    /// what it sends on with.
    pub adjoint: f64,
    /// Its credit: the adjoint, unless R3's ablation replaced it.
    pub credit: f64,
    /// With scrambled errors: the node whose adjoint it was handed.
    pub from: Option<NodeId>,
    pub sends: Vec<Sent>,
}

/// The result of a backward sweep, returned as a value.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub steps: Vec<Step>,
    /// Each node's credit (0 for nodes never visited).
    pub credit: Vec<f64>,
    /// The gradient reported for each variable, in the graph's order.
    pub grads: Vec<f64>,
    /// With one shared score: the perturbation estimate behind the credit.
    pub estimate: Option<Estimate>,
}

/// What a node shows after some steps: nothing yet, a running sum of the
/// contributions so far, or its credit once visited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shown {
    Nothing,
    Running(f64),
    Credit(f64),
}

impl Sweep {
    /// What every node shows after the first `k` steps (the output starts
    /// at 1): the adjoint it held when visited, and once the sweep is done,
    /// its credit (which R3's ablation may have replaced, after the sweep,
    /// as in the network). The graph and the step text both read this.
    pub fn shown(&self, out: NodeId, n: usize, k: usize) -> Vec<Shown> {
        let mut s = vec![Shown::Nothing; n];
        if self.estimate.is_none() && n > 0 {
            s[out.index()] = Shown::Running(1.0);
        }
        let done = k >= self.steps.len();
        for st in self.steps.iter().take(k) {
            s[st.node.index()] = Shown::Credit(if done { st.credit } else { st.adjoint });
            for t in &st.sends {
                if !matches!(s[t.to.index()], Shown::Credit(_)) {
                    s[t.to.index()] = Shown::Running(t.after);
                }
            }
        }
        s
    }

    /// The step at which `node` is first visited, counting from 1.
    pub fn visit_of(&self, node: NodeId) -> Option<usize> {
        self.steps
            .iter()
            .position(|s| s.node == node)
            .map(|i| i + 1)
    }
}

/// The estimate after some draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The last draw: each node's noise ξᵢ (0 for constants) …
    pub xi: Vec<f64>,
    /// … the one change in f it caused …
    pub delta_f: f64,
    /// … and each node's one-draw estimate Δf·ξᵢ/σ².
    pub last: Vec<f64>,
    /// The mean estimate over all draws, per node.
    pub mean: Vec<f64>,
    pub draws: u32,
    /// Forward runs spent: one clean run and one per draw.
    pub forward_runs: u32,
}

/// `a × b`, with 0 × ∞ = 0: a node with no credit sends none, and a flat
/// op passes nothing back, even through an infinite slope elsewhere.
pub fn times(a: f64, b: f64) -> f64 {
    if a == 0.0 || b == 0.0 {
        0.0
    } else {
        a * b
    }
}

/// How far the default "previous sample" sits from the current one (the
/// command line without `--prev`, and a new expression on the page): every
/// input shifted by this much.
pub const STALE_SHIFT: f64 = 1.0;

/// The default previous sample, the stale activity R1's ablation reads.
pub fn previous_sample(vars: &[f64]) -> Vec<f64> {
    vars.iter().map(|v| v + STALE_SHIFT).collect()
}
