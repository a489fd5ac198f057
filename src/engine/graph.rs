//! The arena graph: nodes in creation order, which is also a topological
//! order, so the backward sweep is a reverse loop with no search.

pub use crate::engine::fmt::{fmt_minus, fmt_num, fmt_signed};
use crate::engine::ops::{Local, OpDef, Prim};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A map keyed by small integers (node ids, op keys), hashed by one
/// multiply per word (FxHash's) rather than SipHash, whose code the page
/// would download for these two maps alone. No key comes from outside in
/// a way that could be chosen to collide badly: the nodes are capped.
pub type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

#[derive(Default)]
pub struct IntHasher(u64);

impl Hasher for IntHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Index of a node in its graph's arena. A node only names earlier ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A node's operation: an input, a constant, or a row of the op table
/// (`ops::OPS`) applied to earlier nodes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// The `i`-th variable of the graph.
    Var(usize),
    Const(f64),
    /// Row `prim` applied to `args[..arity]`, with the row's constant `k`
    /// (the exponent of `x^k`; 0 for the others).
    Apply {
        prim: Prim,
        args: [NodeId; 2],
        k: f64,
    },
}

impl Op {
    /// `prim` applied to `args` (one or two operands).
    pub fn apply(prim: Prim, args: &[NodeId], k: f64) -> Op {
        let a = args[0];
        let b = args.get(1).copied().unwrap_or(a);
        Op::Apply {
            prim,
            args: [a, b],
            k,
        }
    }

    /// The table row, for ops that have one.
    pub fn def(&self) -> Option<&'static OpDef> {
        match self {
            Op::Apply { prim, .. } => Some(prim.def()),
            _ => None,
        }
    }

    /// The nodes this op reads, in operand order.
    pub fn inputs(&self) -> &[NodeId] {
        match self {
            Op::Apply { prim, args, .. } => &args[..prim.def().arity],
            _ => &[],
        }
    }

    /// The forward rule: this op's value given its operands' values `x`
    /// (in the order of `inputs`).
    pub fn value(&self, x: &[f64], vars: &[f64]) -> f64 {
        match *self {
            Op::Var(i) => vars[i],
            Op::Const(c) => c,
            Op::Apply { prim, k, .. } => (prim.def().value)(pair(x), k),
        }
    }

    /// Each operand's local derivative as factors (see `Local`), at the
    /// stored operand values `x`.
    pub fn locals(&self, x: &[f64]) -> Vec<Local> {
        match *self {
            Op::Apply { prim, k, .. } => {
                let d = prim.def();
                (d.local)(pair(x), k)[..d.arity].to_vec()
            }
            _ => vec![],
        }
    }

    /// The local derivatives: ∂(this op)/∂(operand i) at the stored operand
    /// values `x`, in the same order as `value` and `inputs`.
    pub fn local_derivatives(&self, x: &[f64]) -> Vec<f64> {
        self.locals(x).into_iter().map(Local::value).collect()
    }

    /// A short label for drawing: the variable's name, the constant, or the
    /// operator symbol.
    pub fn symbol(&self, vars: &[String]) -> String {
        match *self {
            Op::Var(i) => vars[i].clone(),
            Op::Const(c) => fmt_num(c),
            Op::Apply { prim, k, .. } => (prim.def().symbol)(k),
        }
    }

    /// The same op reading `f(input)` for each input.
    pub fn map_inputs(&self, f: impl Fn(NodeId) -> NodeId) -> Op {
        match *self {
            Op::Apply { prim, args, k } => Op::Apply {
                prim,
                args: [f(args[0]), f(args[1])],
                k,
            },
            other => other,
        }
    }

    /// Hash-consing key: two ops with equal keys compute the same thing.
    fn key(&self) -> (u16, u32, u32, u64) {
        match *self {
            Op::Var(i) => (0, i as u32, 0, 0),
            Op::Const(c) => (1, 0, 0, c.to_bits()),
            Op::Apply { prim, args, k } => (2 + prim.0 as u16, args[0].0, args[1].0, k.to_bits()),
        }
    }
}

/// The first two operand values (a unary op's second is unused).
fn pair(x: &[f64]) -> [f64; 2] {
    [
        x.first().copied().unwrap_or(f64::NAN),
        x.get(1).copied().unwrap_or(0.0),
    ]
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub op: Op,
}

/// An expression as a graph. Creation order is topological order; equal
/// sub-expressions are shared, so a repeated sub-expression or a reused
/// variable becomes one node with fan-out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    pub nodes: Vec<Node>,
    /// Variable names, in order of first appearance.
    pub vars: Vec<String>,
    /// Byte position of each variable's first appearance in the source.
    pub var_pos: Vec<usize>,
    pub output: Option<NodeId>,
    /// Names given in the source with `name{…}`, shown instead of u, v, ….
    pub labels: Vec<(NodeId, String)>,
    dedup: IntMap<(u16, u32, u32, u64), NodeId>,
}

impl Graph {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node, or returns the existing node that computes the same op.
    pub fn add(&mut self, op: Op) -> NodeId {
        let key = op.key();
        if let Some(&id) = self.dedup.get(&key) {
            return id;
        }
        debug_assert!(op.inputs().iter().all(|i| i.index() < self.nodes.len()));
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node { op });
        self.dedup.insert(key, id);
        id
    }

    /// Drops nodes the output does not read (the parser leaves a few
    /// behind when it folds `-3` or `x^2`), keeping creation order.
    pub fn prune(&mut self) {
        let out = self.output();
        let mut live = vec![false; self.nodes.len()];
        if let Some(l) = live.get_mut(out.index()) {
            *l = true;
        }
        for i in (0..self.nodes.len()).rev() {
            if live[i] {
                for j in self.nodes[i].op.inputs() {
                    live[j.index()] = true;
                }
            }
        }
        let old = std::mem::take(&mut self.nodes);
        self.dedup.clear();
        let mut remap = vec![NodeId(0); old.len()];
        for (i, node) in old.into_iter().enumerate() {
            if live[i] {
                let m = |id: NodeId| remap[id.index()];
                remap[i] = self.add(node.op.map_inputs(m));
            }
        }
        self.output = Some(remap[out.index()]);
        let labels = std::mem::take(&mut self.labels);
        self.labels = labels
            .into_iter()
            .filter(|(id, _)| live[id.index()])
            .map(|(id, n)| (remap[id.index()], n))
            .collect();
    }

    /// The node for variable `name`, created on first use.
    pub fn var(&mut self, name: &str, pos: usize) -> NodeId {
        let i = match self.vars.iter().position(|v| v == name) {
            Some(i) => i,
            None => {
                self.vars.push(name.to_string());
                self.var_pos.push(pos);
                self.vars.len() - 1
            }
        };
        self.add(Op::Var(i))
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn output(&self) -> NodeId {
        self.output
            .unwrap_or(NodeId(self.nodes.len().saturating_sub(1) as u32))
    }

    pub fn op(&self, id: NodeId) -> Op {
        self.nodes[id.index()].op
    }

    /// The node id of each variable (`None` if it is never used, which the
    /// parser never produces).
    pub fn var_nodes(&self) -> Vec<NodeId> {
        let mut out = vec![NodeId(0); self.vars.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if let Op::Var(v) = n.op {
                out[v] = NodeId(i as u32);
            }
        }
        out
    }

    /// The forward sweep: every node's value, in creation order.
    pub fn eval(&self, vars: &[f64]) -> Vec<f64> {
        let mut vals: Vec<f64> = Vec::with_capacity(self.nodes.len());
        let mut x = Vec::with_capacity(2);
        for n in &self.nodes {
            x.clear();
            x.extend(n.op.inputs().iter().map(|i| vals[i.index()]));
            vals.push(n.op.value(&x, vars));
        }
        vals
    }

    /// The output value at `vars`.
    pub fn value(&self, vars: &[f64]) -> f64 {
        self.eval(vars)
            .get(self.output().index())
            .copied()
            .unwrap_or(f64::NAN)
    }

    /// Binds named values to the variables, in the graph's variable order.
    /// A variable with no value gives `missing value for <name>` and the
    /// byte position of its first use.
    pub fn bind(&self, values: &[(String, f64)]) -> Result<Vec<f64>, (usize, String)> {
        self.vars
            .iter()
            .zip(&self.var_pos)
            .map(|(name, &pos)| {
                values
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .map(|&(_, v)| v)
                    .ok_or((pos, format!("missing value for {name}")))
            })
            .collect()
    }
}
