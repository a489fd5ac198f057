//! The oracle and the comparison: central finite differences (one report
//! row per input, printed by the page, the CLI and the tests alike), and
//! forward mode with operation counts beside reverse mode.

use super::graph::Graph;
use super::sweep::{backward, Requirements};

/// The step of the central difference, as in the essay and in PyTorch's
/// `gradcheck`.
pub const FD_STEP: f64 = 1e-6;
/// `gradcheck`'s tolerances: an entry agrees when
/// `|analytic − numeric| ≤ ATOL + RTOL·|numeric|`.
pub const ATOL: f64 = 1e-5;
pub const RTOL: f64 = 1e-3;

/// One input's row in the finite-difference table.
#[derive(Clone, Debug, PartialEq)]
pub struct FdRow {
    pub name: String,
    pub analytic: f64,
    pub numeric: f64,
    pub error: f64,
}

impl FdRow {
    /// Within `gradcheck`'s tolerance (NaN never agrees).
    pub fn agrees(&self) -> bool {
        self.error <= ATOL + RTOL * self.numeric.abs()
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
    g.vars
        .iter()
        .enumerate()
        .map(|(i, name)| {
            x[i] = vars[i] + FD_STEP;
            let up = g.value(&x);
            x[i] = vars[i] - FD_STEP;
            let down = g.value(&x);
            x[i] = vars[i];
            let numeric = (up - down) / (2.0 * FD_STEP);
            let a = analytic.get(i).copied().unwrap_or(f64::NAN);
            FdRow {
                name: name.clone(),
                analytic: a,
                numeric,
                error: (a - numeric).abs(),
            }
        })
        .collect()
}

/// The full gradient by forward mode: one pass per input, pushing a
/// tangent through every node. Returns the gradient and the number of
/// arithmetic operations it took.
pub fn forward_mode(g: &Graph, vars: &[f64]) -> (Vec<f64>, usize) {
    let vals = g.eval(vars);
    let mut ops = count_eval(g);
    let var_nodes = g.var_nodes();
    let mut grad = Vec::with_capacity(vars.len());
    for seed in &var_nodes {
        let mut tangent = vec![0.0; g.len()];
        tangent[seed.index()] = 1.0;
        for (i, node) in g.nodes.iter().enumerate() {
            let inputs = node.op.inputs();
            if inputs.is_empty() {
                continue;
            }
            let x: Vec<f64> = inputs.iter().map(|j| vals[j.index()]).collect();
            let d = node.op.local_derivatives(&x);
            // one local derivative and one product per edge, one add between
            ops += 3 * inputs.len() - 1;
            tangent[i] = inputs
                .iter()
                .zip(&d)
                .map(|(j, dj)| tangent[j.index()] * dj)
                .sum();
        }
        grad.push(tangent[g.output().index()]);
    }
    (grad, ops)
}

/// Arithmetic operations in one evaluation: one per non-leaf node.
fn count_eval(g: &Graph) -> usize {
    g.nodes.iter().filter(|n| !n.op.inputs().is_empty()).count()
}

/// The cost of the full gradient by each mode, in arithmetic operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpCounts {
    pub inputs: usize,
    /// One evaluation of the expression.
    pub evaluation: usize,
    /// Forward mode: one evaluation plus one tangent pass per input.
    pub forward: usize,
    /// Reverse mode: one evaluation plus one backward sweep.
    pub reverse: usize,
}

/// Counts both modes on `g` by running them.
pub fn op_counts(g: &Graph, vars: &[f64]) -> OpCounts {
    let (_, forward) = forward_mode(g, vars);
    let vals = g.eval(vars);
    let sweep = backward(g, &vals, &vals, Requirements::default());
    // per edge: one local derivative, one product, one add into the input
    let backward_ops: usize = sweep.steps.iter().map(|s| 3 * s.sends.len()).sum();
    OpCounts {
        inputs: g.vars.len(),
        evaluation: count_eval(g),
        forward,
        reverse: count_eval(g) + backward_ops,
    }
}
