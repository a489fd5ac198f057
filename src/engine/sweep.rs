//! The backward sweep as a replayable list of steps, with the five
//! requirements of backpropagation (R1–R5) as a configuration.
//!
//! With every requirement kept this is plain reverse mode: visit the nodes
//! in reverse creation order, multiply each node's adjoint by its local
//! derivatives at the stored inputs, and add the products into its inputs.
//! Removing a requirement changes exactly one ingredient of that recipe, as
//! the essay's Part 1 describes, so the finite-difference column can show
//! what breaks.

use super::graph::{Graph, NodeId, Op};

/// What replaces the signed, per-unit adjoint when R3 is removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ErrorSignal {
    /// Every node multiplies by one shared score (the output's value, the
    /// "how did it go" number) instead of its own adjoint.
    #[default]
    SharedScore,
    /// Every node keeps the magnitude of its adjoint but drops the sign.
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
}

impl Default for Requirements {
    fn default() -> Self {
        Self {
            kept: [true; 5],
            r3_off: ErrorSignal::SharedScore,
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

    /// One line each: what unticking requirement `r` removes.
    pub fn describe(r: usize) -> &'static str {
        match r {
            1 => "stored activity: local derivatives are taken at stale inputs from the previous sample",
            2 => "local derivatives: each node passes its adjoint through without its own slope",
            3 => "signed, per-node errors: every node uses one shared score (or |adjoint|, sign dropped)",
            4 => "weight transport: a product's backward multiplies by a fixed random number, not the forward operand",
            5 => "ordering: nodes are visited depth-first, so a node can send before all its contributions arrive",
            _ => "",
        }
    }

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
    /// The local derivative used (at the stored input, or its ablation).
    pub local: f64,
    /// `adjoint × local`.
    pub contribution: f64,
    /// The receiver's running sum before and after this contribution.
    pub before: f64,
    pub after: f64,
    /// True when the receiver had already been visited: the contribution
    /// arrives too late to count (only possible without R5).
    pub late: bool,
}

/// One visit in the backward sweep: the node, the adjoint it used, and
/// what it sent to each input.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub node: NodeId,
    pub adjoint: f64,
    pub sends: Vec<Sent>,
}

/// The result of a backward sweep, returned as a value.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub steps: Vec<Step>,
    /// Each node's credit: the adjoint it held when it was visited.
    pub adjoints: Vec<f64>,
    /// The gradient reported for each variable, in the graph's order.
    pub grads: Vec<f64>,
}

impl Sweep {
    /// Every node's running adjoint after the first `k` steps (the output
    /// starts at 1).
    pub fn running(&self, out: NodeId, n: usize, k: usize) -> Vec<f64> {
        let mut adj = vec![0.0; n];
        if n > 0 {
            adj[out.index()] = 1.0;
        }
        for s in self.steps.iter().take(k) {
            for send in &s.sends {
                adj[send.to.index()] = send.after;
            }
        }
        adj
    }
}

/// A fixed pseudo-random factor in [−2, 2) for operand `operand` of node
/// `node`: the stand-in for the forward operand when R4 is removed.
pub fn random_factor(node: NodeId, operand: usize) -> f64 {
    let mut z = (node.0 as u64) * 2 + operand as u64 + 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0
}

/// The backward sweep of `g` at node values `vals` (from `Graph::eval`).
/// `stale` holds node values from the previous sample; the sweep reads
/// them instead of `vals` when R1 is removed.
pub fn backward(g: &Graph, vals: &[f64], stale: &[f64], req: Requirements) -> Sweep {
    let n = g.len();
    let mut sw = Sweeper {
        g,
        stored: if req.keeps(1) { vals } else { stale },
        req,
        score: vals.get(g.output().index()).copied().unwrap_or(0.0),
        adj: vec![0.0; n],
        read: vec![0.0; n],
        visited: vec![false; n],
        steps: Vec::new(),
    };
    if n == 0 {
        return Sweep {
            steps: vec![],
            adjoints: vec![],
            grads: vec![],
        };
    }
    sw.adj[g.output().index()] = 1.0;
    if req.keeps(5) {
        for i in (0..n).rev() {
            let id = NodeId(i as u32);
            let a = sw.visit(id);
            let sends = (0..g.op(id).inputs().len())
                .map(|k| sw.send(id, a, k))
                .collect();
            sw.steps.push(Step {
                node: id,
                adjoint: a,
                sends,
            });
        }
    } else {
        sw.eager(g.output());
    }
    let grads = g.var_nodes().iter().map(|v| sw.read[v.index()]).collect();
    Sweep {
        steps: sw.steps,
        adjoints: sw.read,
        grads,
    }
}

struct Sweeper<'a> {
    g: &'a Graph,
    stored: &'a [f64],
    req: Requirements,
    score: f64,
    adj: Vec<f64>,
    read: Vec<f64>,
    visited: Vec<bool>,
    steps: Vec<Step>,
}

impl Sweeper<'_> {
    /// Marks `id` visited and returns the multiplier it sends with: its
    /// adjoint, or the R3 ablation of it. Inputs keep their running sum.
    fn visit(&mut self, id: NodeId) -> f64 {
        self.visited[id.index()] = true;
        let own = self.adj[id.index()];
        let leaf = matches!(self.g.op(id), Op::Var(_) | Op::Const(_));
        let a = match (self.req.keeps(3), self.req.r3_off) {
            (true, _) => own,
            (false, ErrorSignal::SharedScore) if !leaf => self.score,
            (false, ErrorSignal::SharedScore) => own,
            (false, ErrorSignal::SignDropped) => own.abs(),
        };
        self.read[id.index()] = a;
        a
    }

    /// Sends `a × local` from `id` to its operand `k`.
    fn send(&mut self, id: NodeId, a: f64, k: usize) -> Sent {
        let op = self.g.op(id);
        let inputs = op.inputs();
        let x: Vec<f64> = inputs.iter().map(|i| self.stored[i.index()]).collect();
        let local = match op {
            _ if !self.req.keeps(2) => 1.0,
            Op::Mul(..) if !self.req.keeps(4) => random_factor(id, k),
            _ => op.local_derivatives(&x)[k],
        };
        let to = inputs[k];
        let before = self.adj[to.index()];
        let contribution = a * local;
        self.adj[to.index()] += contribution;
        Sent {
            to,
            operand: k,
            local,
            contribution,
            before,
            after: self.adj[to.index()],
            late: self.visited[to.index()],
        }
    }

    /// The wrong order (R5 removed): depth-first from the output, each
    /// input visited the moment its first contribution arrives. On a tree
    /// this is still correct; with fan-out a node sends before all of its
    /// contributions are in, and the late ones are lost.
    fn eager(&mut self, root: NodeId) {
        // (node, multiplier, next operand)
        let mut stack = vec![(root, self.visit(root), 0usize)];
        let mut announced = vec![false; self.g.len()];
        while let Some(&(id, a, k)) = stack.last() {
            let n_in = self.g.op(id).inputs().len();
            if !announced[id.index()] && n_in == 0 {
                announced[id.index()] = true;
                self.steps.push(Step {
                    node: id,
                    adjoint: a,
                    sends: vec![],
                });
            }
            if k == n_in {
                stack.pop();
                continue;
            }
            stack.last_mut().unwrap().2 += 1;
            let s = self.send(id, a, k);
            let to = s.to;
            announced[id.index()] = true;
            self.steps.push(Step {
                node: id,
                adjoint: a,
                sends: vec![s],
            });
            if !self.visited[to.index()] {
                let b = self.visit(to);
                stack.push((to, b, 0));
            }
        }
    }
}

/// How far the "previous sample" sits from the current one when nothing
/// else is known (the command line; the page uses the values before the
/// last edit): every input shifted by this much.
pub const STALE_SHIFT: f64 = 1.0;

/// The inputs of the previous sample, the stale activity R1's ablation
/// reads, when there is no real previous sample.
pub fn previous_sample(vars: &[f64]) -> Vec<f64> {
    vars.iter().map(|v| v + STALE_SHIFT).collect()
}
