//! The oracle and the comparison: central finite differences (one report
//! row per input, printed by the page, the CLI and the tests alike), and
//! forward mode with operation counts beside reverse mode.

use crate::engine::graph::Graph;
use crate::engine::parse::parse;
use crate::engine::sweep::LocalRule;

/// The relative step of the central difference: h = 1e−6·max(1, |x|), as
/// in the essay at the worked example and scaled for large inputs.
pub const FD_STEP: f64 = 1e-6;
/// `gradcheck`'s tolerances: an entry agrees when
/// `|analytic − numeric| ≤ ATOL + RTOL·|numeric| + rounding`, where
/// `rounding` is what f's own rounding can move the difference by
/// (`FdRow::rounding`).
pub const ATOL: f64 = 1e-5;
pub const RTOL: f64 = 1e-3;
/// The largest step, relative to max(1, |x|), that a step widened for f's
/// rounding may take (its truncation error is measured, not assumed).
pub const FD_STEP_MAX: f64 = 1.0;
/// How many times a step that has not settled may be halved.
const MAX_HALVINGS: usize = 64;

/// How the check works, in the words the page and the command line print.
pub const FD_RULE: &str = "Central difference (f(x+h) − f(x−h)) / 2h with h = 10⁻⁶·max(1, |x|), widened where f's own rounding at its scale (2⁻⁵²·Σ|v̄·v| over the nodes, over h) would move it by more than a tenth of the tolerance, and halved while the difference at h/2 still moves by more than that (a period or a pole within the step); where rounding alone moves f by more than 10⁻³ of f (f too sensitive at this x), no step can tell. A row agrees when the error is at most 10⁻⁵ + 10⁻³·|central diff.| + that rounding and truncation (the slack), and is called wrong only when the difference has settled; h and the slack are in each row's title.";

/// The step used at input value `x` before f's scale is taken into
/// account.
pub fn fd_step(x: f64) -> f64 {
    FD_STEP * x.abs().max(1.0)
}

/// How far rounding can move one evaluation of f, to first order: each
/// node's result is rounded by at most u·|v| (u = 2⁻⁵³), and that error
/// reaches f times the node's adjoint, so |Δf| ≤ u·Σ|v̄·v|; doubled for
/// the library functions, which are within an ulp rather than half of
/// one. `adjoints` are every node's exact adjoints at `vals`.
pub fn rounding_noise(vals: &[f64], adjoints: &[f64]) -> f64 {
    let sum: f64 = vals.iter().zip(adjoints).map(|(v, a)| (v * a).abs()).sum();
    let noise = f64::EPSILON * sum;
    if noise.is_finite() {
        noise
    } else {
        0.0
    }
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
    /// The step h used: `fd_step`, or wider where f's rounding at its
    /// scale would otherwise swamp the difference.
    pub step: f64,
    /// What f's rounding can move the central difference by at this step
    /// (`rounding_noise / h`) and its truncation error (4/3 of the change
    /// from h to h/2): part of the tolerance.
    pub slack: f64,
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
    /// The difference has not settled: f's rounding at its scale, or its
    /// curvature within the step (a period, a pole), moves it by more than
    /// the tolerance; the check cannot tell right from wrong within ± the
    /// row's `slack` (infinite: f itself is known to fewer digits than the
    /// tolerance asks).
    TooCoarse,
}

impl FdRow {
    /// The most `error` may be for the row to agree.
    pub fn tolerance(&self) -> f64 {
        ATOL + RTOL * self.numeric.abs() + self.slack
    }

    pub fn verdict(&self) -> Verdict {
        if !self.analytic.is_finite() || !self.numeric.is_finite() {
            Verdict::NotFinite
        } else if self.kink.is_some() {
            Verdict::NotDifferentiable
        } else if self.slack.is_infinite() {
            Verdict::TooCoarse
        } else if self.error > self.tolerance() {
            Verdict::Wrong
        } else if self.slack > ATOL + RTOL * self.numeric.abs() {
            Verdict::TooCoarse
        } else {
            Verdict::Agrees
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
            "d/d{}: adjoint {:.6}, central difference {:.6}, error {:.2e} (h = {:.1e}, slack {:.1e})",
            self.name, self.analytic, self.numeric, self.error, self.step, self.slack
        )
    }
}

/// Central differences `(f(x+h) − f(x−h)) / 2h` for every variable, set
/// against the `analytic` gradient (in the graph's variable order). The
/// step starts at `fd_step`; where f's rounding (`rounding_noise`) would
/// move that difference by more than a tenth of the relative tolerance, it
/// is widened until it does not, up to `FD_STEP_MAX`; the difference at
/// half the step measures the truncation error, and where that is more
/// than a tenth of the tolerance the step is halved until it settles.
/// Where f's own rounding is more than `RTOL` of its size, no step can
/// tell (an infinite slack).
/// Both go into the row's `slack`: a row is called wrong only where the
/// difference has settled.
pub fn finite_differences(g: &Graph, vars: &[f64], analytic: &[f64]) -> Vec<FdRow> {
    let vals = g.eval(vars);
    let adjoints = crate::engine::sweep::reverse(g, &LocalRule::exact(&vals)).credit;
    let noise = rounding_noise(&vals, &adjoints);
    let out = g.output().index();
    let mut x = vars.to_vec();
    // the difference at step h (as the input really moved), and the node
    // values on either side
    let mut central = |i: usize, h: f64| {
        x[i] = vars[i] + h;
        let (up_x, up) = (x[i], g.eval(&x));
        x[i] = vars[i] - h;
        let (down_x, down) = (x[i], g.eval(&x));
        x[i] = vars[i];
        let numeric = (up[out] - down[out]) / (up_x - down_x);
        (numeric, (up_x - down_x) / 2.0, down, up)
    };
    g.vars
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut d = central(i, fd_step(vars[i]));
            let wanted = |x: f64| 0.1 * (RTOL * x.abs() + ATOL);
            if noise / d.1 > wanted(d.0) {
                let widest = FD_STEP_MAX * vars[i].abs().max(1.0);
                d = central(i, (noise / wanted(d.0)).min(widest));
            }
            // the truncation at this step, measured: halved, the difference
            // moves by about 3/4 of its error. Where it moves by more than a
            // tenth of the tolerance (a period or a pole within the step),
            // the step is halved until it settles, or until f's rounding
            // would swamp a smaller one
            let mut truncation = f64::INFINITY;
            for _ in 0..MAX_HALVINGS {
                let half = central(i, d.1 / 2.0);
                truncation = 4.0 / 3.0 * (d.0 - half.0).abs();
                let settled = truncation <= wanted(half.0) || truncation.is_nan();
                if settled || noise / half.1 > wanted(half.0) {
                    break;
                }
                d = half;
            }
            let (numeric, step, down, up) = d;
            // f itself known to fewer digits than the tolerance asks (the
            // rounding of x alone moves sin(x) at 1e15 by ±0.1): no step
            // can tell, however settled its differences look
            let size = [vals[out], up[out], down[out]]
                .map(f64::abs)
                .into_iter()
                .fold(0.0, f64::max);
            let slack = if noise > RTOL * size {
                f64::INFINITY
            } else {
                noise / step + truncation
            };
            let a = analytic.get(i).copied().unwrap_or(f64::NAN);
            let error = (a - numeric).abs();
            FdRow {
                name: name.clone(),
                analytic: a,
                numeric,
                error,
                relative: error / numeric.abs().max(1.0),
                step,
                slack,
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
