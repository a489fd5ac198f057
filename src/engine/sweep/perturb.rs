//! One shared score (R3 removed) on the graph: node perturbation. Every
//! node's value is nudged by its own noise ξᵢ ~ N(0, σ²) on one forward
//! run; the one change in f is broadcast to every node, and each node
//! estimates its credit as Δf·ξᵢ/σ². For small σ, Δf ≈ Σⱼ f̄ⱼ ξⱼ, so the
//! estimate is right on average (E[Δf·ξᵢ]/σ² = f̄ᵢ) and noisy per draw,
//! with a variance that grows with every other perturbed node's credit.

use crate::engine::graph::{Graph, NodeId, Op};
use crate::engine::sweep::record::{Estimate, Requirements, Step, Sweep};
use crate::engine::sweep::rng::SplitMix;

/// The noise's standard deviation (the lab's weight perturbation uses the
/// same).
pub const SIGMA: f64 = 1e-3;
/// The most draws averaged at once.
pub const MAX_DRAWS: u32 = 10_000;

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
