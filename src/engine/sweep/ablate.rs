//! The variations of the plain sweep, one per removed requirement, each
//! changing exactly one ingredient of `sweep::reverse`:
//!
//! - R1, R2, R4 change the local derivative (`LocalRule`): taken at the
//!   previous sample's values, without the slope, or with a fixed random
//!   number in place of a product's forward operand;
//! - R5 changes the order (`depth_first`);
//! - R3 changes the credit each node is given (`deliver`: scrambled or
//!   sign dropped; one shared score lives in `perturb`).

use crate::engine::graph::{Graph, NodeId, Op};
use crate::engine::sweep::record::{ErrorSignal, Requirements, Sweep};
use crate::engine::sweep::rng::SplitMix;
use crate::engine::sweep::rule::{LocalRule, Recorder};

/// The wrong order (R5 removed): depth-first from the output, each input
/// visited the moment its first contribution arrives. On a tree this is
/// still correct; with fan-out a node sends before all of its
/// contributions are in, and the late ones are lost. Each send is its own
/// step, because the visits interleave.
pub fn depth_first(g: &Graph, rule: &LocalRule) -> Sweep {
    let mut rec = Recorder::new(g);
    if g.is_empty() {
        return rec.finish();
    }
    let root = g.output();
    // (node, its adjoint at the visit, next operand)
    let mut stack = vec![(root, rec.visit(root), 0usize)];
    let mut announced = vec![false; g.len()];
    while let Some(&(node, a, k)) = stack.last() {
        let n_in = g.op(node).inputs().len();
        if n_in == 0 && !announced[node.index()] {
            announced[node.index()] = true;
            rec.record(node, a, vec![]);
        }
        if k == n_in {
            stack.pop();
            continue;
        }
        if let Some(top) = stack.last_mut() {
            top.2 += 1;
        }
        let s = rec.send(rule, node, a, k);
        let to = s.to;
        announced[node.index()] = true;
        rec.record(node, a, vec![s]);
        if !rec.visited[to.index()] {
            let b = rec.visit(to);
            stack.push((to, b, 0));
        }
    }
    rec.finish()
}

/// The nodes that can be given another's credit: not the output, not a
/// constant.
pub fn units(g: &Graph) -> Vec<NodeId> {
    (0..g.len() as u32)
        .map(NodeId)
        .filter(|&id| id != g.output() && !matches!(g.op(id), Op::Const(_)))
        .collect()
}

/// A fixed, seeded permutation with no fixed point (Sattolo's algorithm):
/// `handed[i] = Some(j)` means node i is given node j's adjoint. Only
/// among two or more units: with fewer there is no other unit to hand an
/// adjoint to, and every node keeps its own (`None`).
pub fn scramble(g: &Graph, seed: u64) -> Vec<Option<NodeId>> {
    let units = units(g);
    if units.len() < 2 {
        return vec![None; g.len()];
    }
    let mut order = units.clone();
    let mut r = SplitMix(seed ^ 0x5C4A_4B1E);
    for i in (1..order.len()).rev() {
        let j = (r.uniform() * i as f64) as usize;
        order.swap(i, j.min(i - 1));
    }
    let mut handed = vec![None; g.len()];
    for (u, v) in units.iter().zip(&order) {
        handed[u.index()] = Some(*v);
    }
    handed
}

/// R3 removed, scrambled or sign dropped: the sweep itself runs as before
/// (as in the network, where the deltas are exact and only the update
/// uses the wrong ones), then each node is given the wrong credit.
pub fn deliver(g: &Graph, mut sweep: Sweep, req: Requirements) -> Sweep {
    let adjoint = sweep.credit.clone();
    let handed = scramble(g, req.seed);
    for i in 0..g.len() {
        sweep.credit[i] = match req.r3_off {
            ErrorSignal::SignDropped => adjoint[i].abs(),
            ErrorSignal::Scrambled => handed[i].map_or(adjoint[i], |j| adjoint[j.index()]),
            ErrorSignal::SharedScore => adjoint[i],
        };
    }
    for st in &mut sweep.steps {
        st.credit = sweep.credit[st.node.index()];
        if req.r3_off == ErrorSignal::Scrambled {
            st.from = handed[st.node.index()];
        }
    }
    sweep.grads = g
        .var_nodes()
        .iter()
        .map(|v| sweep.credit[v.index()])
        .collect();
    sweep
}
