//! The backward sweep as a replayable list of steps. `reverse` is plain
//! reverse mode, the recipe of the essay's Part 1; `backward` runs it, or
//! one of its variations in `ablate` and `perturb`, depending on which of
//! R1–R5 (`Requirements`) are kept.

pub mod ablate;
pub mod perturb;
mod record;
pub mod rng;
mod rule;

pub use record::{
    previous_sample, times, ErrorSignal, Estimate, Requirements, Sent, Shown, Step, Sweep,
    STALE_SHIFT,
};
pub(crate) use rule::Recorder;
pub use rule::{identities, random_factor, LocalRule};

use crate::engine::graph::{Graph, NodeId};
use ablate::{deliver, depth_first};

/// The backward sweep of `g` at node values `vals` (from `Graph::eval`),
/// keeping the requirements in `req`. `stale` holds the previous sample's
/// node values, which the sweep reads instead of `vals` without R1.
pub fn backward(g: &Graph, vals: &[f64], stale: &[f64], req: Requirements) -> Sweep {
    if req.shared_score() {
        return perturb::as_sweep(g, vals, req);
    }
    let rule = LocalRule::new(g, vals, stale, req);
    let sweep = if req.keeps(5) {
        reverse(g, &rule)
    } else {
        depth_first(g, &rule)
    };
    if req.keeps(3) {
        sweep
    } else {
        deliver(g, sweep, req)
    }
}

/// Plain reverse mode: the output's adjoint is 1; visit the nodes in
/// reverse creation order (every consumer before its inputs); each node
/// multiplies its adjoint by the local derivative for each input and adds
/// the product into that input's adjoint.
pub fn reverse(g: &Graph, rule: &LocalRule) -> Sweep {
    let mut rec = Recorder::new(g);
    for i in (0..g.len()).rev() {
        let node = NodeId(i as u32);
        let adjoint = rec.visit(node);
        let sends = (0..g.op(node).inputs().len())
            .map(|k| rec.send(rule, node, adjoint, k))
            .collect();
        rec.record(node, adjoint, sends);
    }
    rec.finish()
}
