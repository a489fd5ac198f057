//! Where each local derivative comes from (`LocalRule`: R1, R2 and R4
//! change it) and the running state of a sweep (`Recorder`), shared by
//! `reverse` and its variations.

use crate::engine::graph::{Graph, NodeId};
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
    /// random number.
    random_weights: bool,
}

impl<'a> LocalRule<'a> {
    pub fn new(vals: &'a [f64], stale: &'a [f64], req: Requirements) -> Self {
        Self {
            vals,
            stored: if req.keeps(1) { vals } else { stale },
            drop_slope: !req.keeps(2),
            random_weights: !req.keeps(4),
        }
    }

    /// The exact rule: the true local derivatives.
    pub fn exact(vals: &'a [f64]) -> Self {
        Self::new(vals, vals, Requirements::default())
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
        if self.random_weights && used.weight {
            used.linear = random_factor(node, k);
        }
        (used, exact)
    }
}

/// A fixed pseudo-random factor in [−2, 2) for operand `operand` of node
/// `node`: the stand-in for the forward operand when R4 is removed.
pub fn random_factor(node: NodeId, operand: usize) -> f64 {
    let mut r = SplitMix((node.0 as u64) * 2 + operand as u64);
    r.uniform() * 4.0 - 2.0
}

/// The running state of a sweep, shared by `reverse` and its variations.
pub(crate) struct Recorder<'a> {
    pub g: &'a Graph,
    /// Each node's adjoint so far: the sum of what it received, with its
    /// rounding errors added back (`sum` + `lost`).
    pub adj: Vec<f64>,
    /// The plain running sum and the rounding error it has lost
    /// (Neumaier's compensated sum): a small contribution among large ones
    /// that cancel (+1e70, 2.26, −1e70) is kept, not rounded away.
    sum: Vec<f64>,
    lost: Vec<f64>,
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
            sum: adj.clone(),
            lost: vec![0.0; n],
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
        self.accumulate(to.index(), contribution);
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

    /// Adds `x` to node `i`'s adjoint, keeping the rounding error.
    fn accumulate(&mut self, i: usize, x: f64) {
        let s = self.sum[i];
        let t = s + x;
        if t.is_finite() {
            self.lost[i] += if s.abs() >= x.abs() {
                (s - t) + x
            } else {
                (x - t) + s
            };
        }
        self.sum[i] = t;
        self.adj[i] = t + self.lost[i];
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
