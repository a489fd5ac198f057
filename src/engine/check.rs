//! The oracle and the comparison: central finite differences (one report
//! row per input, printed by the page, the CLI and the tests alike), and
//! forward mode with operation counts beside reverse mode.

use crate::engine::graph::Graph;
use crate::engine::parse::parse;

/// The relative step of the central difference: h = 1e−6·max(1, |x|), as
/// in the essay at the worked example and scaled for large inputs.
pub const FD_STEP: f64 = 1e-6;
/// `gradcheck`'s tolerances: an entry agrees when
/// `|analytic − numeric| ≤ ATOL + RTOL·|numeric|`.
pub const ATOL: f64 = 1e-5;
pub const RTOL: f64 = 1e-3;

/// The step used at input value `x`.
pub fn fd_step(x: f64) -> f64 {
    FD_STEP * x.abs().max(1.0)
}

/// One input's row in the finite-difference table.
#[derive(Clone, Debug, PartialEq)]
pub struct FdRow {
    pub name: String,
    pub analytic: f64,
    pub numeric: f64,
    /// |analytic − numeric| and that over |numeric| (over 1 near 0).
    pub error: f64,
    pub relative: f64,
    /// Set when a kink (relu, abs at 0) lies within ±h of this input's
    /// value: the convention named here applies, and the difference
    /// straddles the kink.
    pub kink: Option<&'static str>,
}

/// What a row says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Agrees,
    Wrong,
    /// A kink within the step: neither number is "the" derivative.
    NotDifferentiable,
    /// The value or a derivative is NaN or infinite.
    NotFinite,
}

impl FdRow {
    pub fn verdict(&self) -> Verdict {
        if !self.analytic.is_finite() || !self.numeric.is_finite() {
            Verdict::NotFinite
        } else if self.kink.is_some() {
            Verdict::NotDifferentiable
        } else if self.error <= ATOL + RTOL * self.numeric.abs() {
            Verdict::Agrees
        } else {
            Verdict::Wrong
        }
    }

    /// Within `gradcheck`'s tolerance, finite and away from kinks.
    pub fn agrees(&self) -> bool {
        self.verdict() == Verdict::Agrees
    }
}

impl std::fmt::Display for FdRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "d/d{}: adjoint {:.6}, central difference {:.6}, error {:.2e}",
            self.name, self.analytic, self.numeric, self.error
        )
    }
}

/// Central differences `(f(x+h) − f(x−h)) / 2h` for every variable, set
/// against the `analytic` gradient (in the graph's variable order).
pub fn finite_differences(g: &Graph, vars: &[f64], analytic: &[f64]) -> Vec<FdRow> {
    let mut x = vars.to_vec();
    let out = g.output().index();
    g.vars
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let h = fd_step(vars[i]);
            x[i] = vars[i] + h;
            let up = g.eval(&x);
            x[i] = vars[i] - h;
            let down = g.eval(&x);
            x[i] = vars[i];
            let numeric = (up[out] - down[out]) / (2.0 * h);
            let a = analytic.get(i).copied().unwrap_or(f64::NAN);
            let error = (a - numeric).abs();
            FdRow {
                name: name.clone(),
                analytic: a,
                numeric,
                error,
                relative: error / numeric.abs().max(1.0),
                kink: kink_between(g, &down, &up),
            }
        })
        .collect()
}

/// The convention of the first kink whose operand moves across (or sits
/// on) the kink between the two sets of node values.
fn kink_between(g: &Graph, down: &[f64], up: &[f64]) -> Option<&'static str> {
    g.nodes.iter().find_map(|n| {
        let (at, rule) = n.op.def()?.kink?;
        let arg = n.op.inputs()[0].index();
        let (a, b) = (down[arg] - at, up[arg] - at);
        (a * b <= 0.0 && down[arg] != up[arg]).then_some(rule)
    })
}

/// The cosine between two vectors (NaN when either is zero).
pub fn cosine(a: &[f64], b: &[f64]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na: f64 = a.iter().map(|x| x * x).sum::<f64>().sqrt();
    let nb: f64 = b.iter().map(|x| x * x).sum::<f64>().sqrt();
    dot / (na * nb)
}

/// The full gradient by forward mode: one pass per input, pushing a
/// tangent through every node.
pub fn forward_mode(g: &Graph, vars: &[f64]) -> Vec<f64> {
    let vals = g.eval(vars);
    g.var_nodes()
        .iter()
        .map(|seed| {
            let mut tangent = vec![0.0; g.len()];
            tangent[seed.index()] = 1.0;
            for (i, node) in g.nodes.iter().enumerate() {
                let inputs = node.op.inputs();
                if inputs.is_empty() {
                    continue;
                }
                let x: Vec<f64> = inputs.iter().map(|j| vals[j.index()]).collect();
                let d = node.op.local_derivatives(&x);
                tangent[i] = inputs
                    .iter()
                    .zip(&d)
                    .map(|(j, dj)| crate::engine::sweep::times(tangent[j.index()], *dj))
                    .sum();
            }
            tangent[g.output().index()]
        })
        .collect()
}

/// The cost of the full gradient by each mode, counting multiplications
/// (a function call counts as one; sums and negations are free), from the
/// op table's `cost`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpCounts {
    pub inputs: usize,
    /// One evaluation of the expression.
    pub evaluation: usize,
    /// Forward mode: one evaluation plus one tangent pass per input (each
    /// pass multiplies every local derivative by a tangent).
    pub forward: usize,
    /// Reverse mode: one evaluation plus one backward sweep (each node
    /// multiplies every local derivative by its adjoint).
    pub reverse: usize,
}

pub fn op_counts(g: &Graph) -> OpCounts {
    let (mut eval, mut back) = (0, 0);
    for n in &g.nodes {
        if let Some(d) = n.op.def() {
            eval += d.cost.0;
            back += d.cost.1;
        }
    }
    OpCounts {
        inputs: g.vars.len(),
        evaluation: eval,
        forward: eval + g.vars.len() * back,
        reverse: eval + back,
    }
}

/// The family fₙ = (x1·x2·…·xn + c)² that the cost chart draws.
pub fn family_expr(n: usize) -> String {
    let prod: Vec<String> = (1..=n.max(1)).map(|i| format!("x{i}")).collect();
    format!("({} + c)^2", prod.join("*"))
}

/// Operation counts of fₙ for n = 1..=n_max.
pub fn cost_family(n_max: usize) -> Vec<(usize, OpCounts)> {
    (1..=n_max)
        .filter_map(|n| Some((n, op_counts(&parse(&family_expr(n)).ok()?))))
        .collect()
}

/// True when some node has more than one consumer (or reads the same
/// input twice): only then can the order of the sweep matter (R5).
pub fn has_fan_out(g: &Graph) -> bool {
    g.consumers().iter().any(|c| c.len() > 1)
}

/// True when some op has a slope for R2 to remove.
pub fn has_nonlinearity(g: &Graph) -> bool {
    g.nodes
        .iter()
        .any(|n| n.op.def().is_some_and(|d| d.nonlinear))
}

/// True when some op passes back a forward operand (a weight, which R4's
/// ablation replaces).
pub fn has_weights(g: &Graph) -> bool {
    g.nodes.iter().any(|n| {
        let x = vec![1.0; n.op.inputs().len()];
        n.op.locals(&x).iter().any(|l| l.weight)
    })
}
