//! Where each local derivative comes from (`LocalRule`: R1, R2 and R4
//! change it) and the running state of a sweep (`Recorder`), shared by
//! `reverse` and its variations.

use crate::engine::graph::{Graph, NodeId, Op};
use crate::engine::ops::Local;
use crate::engine::sweep::record::{times, Requirements, Sent, Step, Sweep};
use crate::engine::sweep::rng::SplitMix;

/// Where each local derivative comes from.
pub struct LocalRule<'a> {
    vals: &'a [f64],
    /// The values the derivative is taken at: `vals`, or the previous
    /// sample's without R1.
    stored: &'a [f64],
    /// Without R2: the slope f′ is replaced by 1.
    drop_slope: bool,
    /// Without R4: a product's forward operand is replaced by a fixed
    /// random number, drawn from the seed and the node's identity
    /// (`identities`); empty when R4 is kept.
    random_weights: Option<(u64, Vec<u64>)>,
}

impl<'a> LocalRule<'a> {
    pub fn new(g: &Graph, vals: &'a [f64], stale: &'a [f64], req: Requirements) -> Self {
        Self {
            vals,
            stored: if req.keeps(1) { vals } else { stale },
            drop_slope: !req.keeps(2),
            random_weights: (!req.keeps(4)).then(|| (req.seed, identities(g))),
        }
    }

    /// The exact rule: the true local derivatives.
    pub fn exact(vals: &'a [f64]) -> Self {
        Self {
            vals,
            stored: vals,
            drop_slope: false,
            random_weights: None,
        }
    }

    /// The local derivative used for operand `k` of `node`, as factors, and
    /// the exact one at the true stored values.
    pub fn local(&self, g: &Graph, node: NodeId, k: usize) -> (Local, f64) {
        let op = g.op(node);
        let at = |v: &[f64]| -> Vec<f64> { op.inputs().iter().map(|i| v[i.index()]).collect() };
        let exact = op.locals(&at(self.vals))[k].value();
        let mut used = op.locals(&at(self.stored))[k];
        if self.drop_slope {
            used.slope = 1.0;
        }
        if let Some((seed, ids)) = &self.random_weights {
            if used.weight {
                used.linear = random_factor(*seed, ids[node.index()], k);
            }
        }
        (used, exact)
    }
}

/// A fixed pseudo-random factor in [−2, 2) for operand `operand` of the
/// node whose identity is `id` (`identities`), from `seed`: the stand-in
/// for the forward operand when R4 is removed. An edit elsewhere in the
/// expression leaves it alone; another seed draws another.
pub fn random_factor(seed: u64, id: u64, operand: usize) -> f64 {
    let mut r = SplitMix(mix(mix(seed ^ 0x0A4F_EEDB, id), operand as u64));
    r.uniform() * 4.0 - 2.0
}

/// Each node's identity in the expression: a hash of what it computes
/// (its op, its constant or variable name, and its operands' identities),
/// not of where it sits in the arena, so renumbering the nodes, or adding a
/// term elsewhere, leaves it unchanged.
pub fn identities(g: &Graph) -> Vec<u64> {
    let mut ids: Vec<u64> = Vec::with_capacity(g.len());
    for n in &g.nodes {
        let id = match n.op {
            Op::Var(i) => g.vars[i].bytes().fold(1, |h, b| mix(h, u64::from(b))),
            Op::Const(c) => mix(2, c.to_bits()),
            Op::Apply { prim, k, .. } => {
                let name = prim.def().name.bytes().fold(3, |h, b| mix(h, u64::from(b)));
                n.op.inputs()
                    .iter()
                    .fold(mix(name, k.to_bits()), |h, j| mix(h, ids[j.index()]))
            }
        };
        ids.push(id);
    }
    ids
}

/// Two words into one (SplitMix's finaliser of their combination).
fn mix(h: u64, x: u64) -> u64 {
    SplitMix(h.rotate_left(23) ^ x).next_u64()
}

/// The running state of a sweep, shared by `reverse` and its variations.
pub(crate) struct Recorder<'a> {
    pub g: &'a Graph,
    /// Each node's adjoint so far: the plain sum, in the order they
    /// arrived, of what it received. Evaluation, forward mode and the
    /// sweep all add plainly, so the finite-difference check compares like
    /// with like: a sum that cancels (+1e70, 2.26, −1e70) rounds alike in
    /// all three, and the check's rounding allowance says so.
    pub adj: Vec<f64>,
    pub credit: Vec<f64>,
    pub visited: Vec<bool>,
    pub steps: Vec<Step>,
}

impl<'a> Recorder<'a> {
    pub fn new(g: &'a Graph) -> Self {
        let n = g.len();
        let mut adj = vec![0.0; n];
        if n > 0 {
            adj[g.output().index()] = 1.0;
        }
        Self {
            g,
            adj,
            credit: vec![0.0; n],
            visited: vec![false; n],
            steps: Vec::new(),
        }
    }

    /// Marks `node` visited; returns the adjoint it holds now.
    pub fn visit(&mut self, node: NodeId) -> f64 {
        self.visited[node.index()] = true;
        self.credit[node.index()] = self.adj[node.index()];
        self.adj[node.index()]
    }

    /// Sends `adjoint × local` from `node` to its operand `k`.
    pub fn send(&mut self, rule: &LocalRule, node: NodeId, adjoint: f64, k: usize) -> Sent {
        let (used, exact) = rule.local(self.g, node, k);
        let to = self.g.op(node).inputs()[k];
        let before = self.adj[to.index()];
        let contribution = times(adjoint, used.value());
        self.adj[to.index()] += contribution;
        Sent {
            to,
            operand: k,
            used,
            exact,
            contribution,
            before,
            after: self.adj[to.index()],
            late: self.visited[to.index()],
        }
    }

    pub fn record(&mut self, node: NodeId, adjoint: f64, sends: Vec<Sent>) {
        self.steps.push(Step {
            node,
            adjoint,
            credit: adjoint,
            from: None,
            sends,
        });
    }

    pub fn finish(self) -> Sweep {
        let grads = self
            .g
            .var_nodes()
            .iter()
            .map(|v| self.credit[v.index()])
            .collect();
        Sweep {
            steps: self.steps,
            credit: self.credit,
            grads,
            estimate: None,
        }
    }
}
