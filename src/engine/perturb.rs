//! One shared score (R3 removed) on the graph: node perturbation. Every
//! node's value is nudged by its own noise ξᵢ ~ N(0, σ²) on one forward
//! run; the one change in f is broadcast to every node, and each node
//! estimates its credit as Δf·ξᵢ/σ². For small σ, Δf ≈ Σⱼ f̄ⱼ ξⱼ, so the
//! estimate is right on average (E[Δf·ξᵢ]/σ² = f̄ᵢ) and noisy per draw,
//! with a variance that grows with every other perturbed node's credit.

use super::graph::{Graph, NodeId, Op};
use super::sweep::{Requirements, Step, Sweep};

/// The noise's standard deviation (the lab's weight perturbation uses the
/// same).
pub const SIGMA: f64 = 1e-3;
/// The most draws averaged at once.
pub const MAX_DRAWS: u32 = 10_000;

/// A small seeded generator (SplitMix64), so the page and the command
/// line draw the same numbers from the same seed with `std` only.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Standard normal (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let u = 1.0 - self.uniform();
        let v = self.uniform();
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
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

/// One draw: the perturbed forward run from the clean values `vals`.
fn draw(g: &Graph, vals: &[f64], rng: &mut SplitMix) -> (Vec<f64>, f64) {
    let mut xi = vec![0.0; g.len()];
    let mut pert: Vec<f64> = Vec::with_capacity(g.len());
    let mut x = Vec::with_capacity(2);
    for (i, node) in g.nodes.iter().enumerate() {
        let clean = match node.op {
            Op::Var(_) | Op::Const(_) => vals[i],
            op => {
                x.clear();
                x.extend(op.inputs().iter().map(|j| pert[j.index()]));
                op.value(&x, &[])
            }
        };
        if !matches!(node.op, Op::Const(_)) {
            xi[i] = SIGMA * rng.normal();
        }
        pert.push(clean + xi[i]);
    }
    let out = g.output().index();
    (xi, pert[out] - vals[out])
}

/// `draws` perturbed runs from seed `seed`, averaged.
pub fn node_perturbation(g: &Graph, vals: &[f64], draws: u32, seed: u64) -> Estimate {
    let draws = draws.clamp(1, MAX_DRAWS);
    let mut rng = SplitMix(seed ^ 0x0D0E_5EED);
    let mut sum = vec![0.0; g.len()];
    let mut last = (vec![0.0; g.len()], 0.0);
    for _ in 0..draws {
        last = draw(g, vals, &mut rng);
        let (xi, df) = &last;
        for (s, x) in sum.iter_mut().zip(xi) {
            *s += df * x / (SIGMA * SIGMA);
        }
    }
    let (xi, delta_f) = last;
    Estimate {
        last: xi.iter().map(|x| delta_f * x / (SIGMA * SIGMA)).collect(),
        mean: sum.iter().map(|s| s / draws as f64).collect(),
        xi,
        delta_f,
        draws,
        forward_runs: draws + 1,
    }
}

/// The estimate as a sweep: no messages travel backwards, so each step
/// only shows a node's estimate (the mean over the draws so far), from the
/// output back to the inputs.
pub fn as_sweep(g: &Graph, vals: &[f64], req: Requirements) -> Sweep {
    let est = node_perturbation(g, vals, req.draws, req.seed);
    let steps = (0..g.len())
        .rev()
        .filter(|&i| !matches!(g.nodes[i].op, Op::Const(_)))
        .map(|i| Step {
            node: NodeId(i as u32),
            adjoint: est.mean[i],
            credit: est.mean[i],
            from: None,
            sends: vec![],
        })
        .collect();
    let grads = g.var_nodes().iter().map(|v| est.mean[v.index()]).collect();
    Sweep {
        steps,
        credit: est.mean.clone(),
        grads,
        estimate: Some(est),
    }
}
