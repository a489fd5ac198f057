//! The arena graph: nodes in creation order, which is also a topological
//! order, so the backward sweep is a reverse loop with no search.

use std::collections::HashMap;

/// Index of a node in its graph's arena. A node only names earlier ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The primitive operations. Subtraction is `a + neg(b)`, division is
/// `a * recip(b)`, and `x^k` with a constant `k` is `PowConst`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// The `i`-th variable of the graph.
    Var(usize),
    Const(f64),
    Add(NodeId, NodeId),
    Mul(NodeId, NodeId),
    /// `a ^ b` with a non-constant exponent.
    Pow(NodeId, NodeId),
    PowConst(NodeId, f64),
    Neg(NodeId),
    Recip(NodeId),
    Exp(NodeId),
    Log(NodeId),
    Sin(NodeId),
    Cos(NodeId),
    Tanh(NodeId),
    Sigmoid(NodeId),
    Relu(NodeId),
    Sqrt(NodeId),
    Abs(NodeId),
}

impl Op {
    /// The nodes this op reads, in operand order.
    pub fn inputs(&self) -> Vec<NodeId> {
        use Op::*;
        match *self {
            Var(_) | Const(_) => vec![],
            Add(a, b) | Mul(a, b) | Pow(a, b) => vec![a, b],
            PowConst(a, _)
            | Neg(a)
            | Recip(a)
            | Exp(a)
            | Log(a)
            | Sin(a)
            | Cos(a)
            | Tanh(a)
            | Sigmoid(a)
            | Relu(a)
            | Sqrt(a)
            | Abs(a) => vec![a],
        }
    }

    /// The forward rule: this op's value given its operands' values `x`
    /// (in the order of `inputs`).
    pub fn value(&self, x: &[f64], vars: &[f64]) -> f64 {
        use Op::*;
        match *self {
            Var(i) => vars[i],
            Const(c) => c,
            Add(..) => x[0] + x[1],
            Mul(..) => x[0] * x[1],
            Pow(..) => x[0].powf(x[1]),
            PowConst(_, k) => x[0].powf(k),
            Neg(_) => -x[0],
            Recip(_) => 1.0 / x[0],
            Exp(_) => x[0].exp(),
            Log(_) => x[0].ln(),
            Sin(_) => x[0].sin(),
            Cos(_) => x[0].cos(),
            Tanh(_) => x[0].tanh(),
            Sigmoid(_) => sigmoid(x[0]),
            Relu(_) => x[0].max(0.0),
            Sqrt(_) => x[0].sqrt(),
            Abs(_) => x[0].abs(),
        }
    }

    /// The local derivatives: ∂(this op)/∂(operand i) at the stored operand
    /// values `x`, in the same order as `value` and `inputs`.
    pub fn local_derivatives(&self, x: &[f64]) -> Vec<f64> {
        use Op::*;
        match *self {
            Var(_) | Const(_) => vec![],
            Add(..) => vec![1.0, 1.0],
            Mul(..) => vec![x[1], x[0]],
            Pow(..) => vec![x[1] * x[0].powf(x[1] - 1.0), x[0].powf(x[1]) * x[0].ln()],
            PowConst(_, k) => vec![k * x[0].powf(k - 1.0)],
            Neg(_) => vec![-1.0],
            Recip(_) => vec![-1.0 / (x[0] * x[0])],
            Exp(_) => vec![x[0].exp()],
            Log(_) => vec![1.0 / x[0]],
            Sin(_) => vec![x[0].cos()],
            Cos(_) => vec![-x[0].sin()],
            Tanh(_) => vec![1.0 - x[0].tanh().powi(2)],
            Sigmoid(_) => vec![sigmoid(x[0]) * (1.0 - sigmoid(x[0]))],
            Relu(_) => vec![if x[0] > 0.0 { 1.0 } else { 0.0 }],
            Sqrt(_) => vec![0.5 / x[0].sqrt()],
            Abs(_) => vec![x[0].signum()],
        }
    }

    /// A short label for drawing: the variable's name, the constant, or the
    /// operator symbol.
    pub fn symbol(&self, vars: &[String]) -> String {
        use Op::*;
        match *self {
            Var(i) => vars[i].clone(),
            Const(c) => fmt_num(c),
            Add(..) => "+".into(),
            Mul(..) => "×".into(),
            Pow(..) => "^".into(),
            PowConst(_, k) => format!("^{}", fmt_num(k)),
            Neg(_) => "neg".into(),
            Recip(_) => "1/x".into(),
            Exp(_) => "exp".into(),
            Log(_) => "log".into(),
            Sin(_) => "sin".into(),
            Cos(_) => "cos".into(),
            Tanh(_) => "tanh".into(),
            Sigmoid(_) => "sigmoid".into(),
            Relu(_) => "relu".into(),
            Sqrt(_) => "sqrt".into(),
            Abs(_) => "abs".into(),
        }
    }

    /// The same op reading `f(input)` for each input.
    pub fn map_inputs(&self, f: impl Fn(NodeId) -> NodeId) -> Op {
        use Op::*;
        match *self {
            Var(_) | Const(_) => *self,
            Add(a, b) => Add(f(a), f(b)),
            Mul(a, b) => Mul(f(a), f(b)),
            Pow(a, b) => Pow(f(a), f(b)),
            PowConst(a, k) => PowConst(f(a), k),
            Neg(a) => Neg(f(a)),
            Recip(a) => Recip(f(a)),
            Exp(a) => Exp(f(a)),
            Log(a) => Log(f(a)),
            Sin(a) => Sin(f(a)),
            Cos(a) => Cos(f(a)),
            Tanh(a) => Tanh(f(a)),
            Sigmoid(a) => Sigmoid(f(a)),
            Relu(a) => Relu(f(a)),
            Sqrt(a) => Sqrt(f(a)),
            Abs(a) => Abs(f(a)),
        }
    }

    /// Hash-consing key: two ops with equal keys compute the same thing.
    fn key(&self) -> (u8, u32, u32, u64) {
        use Op::*;
        let ab = |t: u8, a: NodeId, b: NodeId| (t, a.0, b.0, 0);
        let un = |t: u8, a: NodeId| (t, a.0, 0, 0);
        match *self {
            Var(i) => (0, i as u32, 0, 0),
            Const(c) => (1, 0, 0, c.to_bits()),
            Add(a, b) => ab(2, a, b),
            Mul(a, b) => ab(3, a, b),
            Pow(a, b) => ab(4, a, b),
            PowConst(a, k) => (5, a.0, 0, k.to_bits()),
            Neg(a) => un(6, a),
            Recip(a) => un(7, a),
            Exp(a) => un(8, a),
            Log(a) => un(9, a),
            Sin(a) => un(10, a),
            Cos(a) => un(11, a),
            Tanh(a) => un(12, a),
            Sigmoid(a) => un(13, a),
            Relu(a) => un(14, a),
            Sqrt(a) => un(15, a),
            Abs(a) => un(16, a),
        }
    }
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Numbers as the page and the CLI print them: integers without a point,
/// others to four significant decimals, and a true minus sign is left to
/// the caller.
pub fn fmt_num(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "∞" } else { "−∞" }.into()
    } else if x == x.round() && x.abs() < 1e9 {
        format!("{}", x as i64)
    } else if x.abs() >= 1e4 || x.abs() < 1e-3 {
        format!("{x:.3e}")
    } else {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
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
    dedup: HashMap<(u8, u32, u32, u64), NodeId>,
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

    /// A display name per node, as the essay writes them: variables by
    /// name, constants by value, the output `f`, and the intermediate nodes
    /// `u, v, w, …` in creation order (so the worked example reads u, v, f).
    pub fn node_names(&self) -> Vec<String> {
        const POOL: [&str; 10] = ["u", "v", "w", "p", "q", "r", "s", "t", "g", "h"];
        let mut free = POOL.iter().filter(|n| !self.vars.iter().any(|v| v == *n));
        let mut k = 0;
        let out = self.output().index();
        (0..self.nodes.len())
            .map(|i| match self.nodes[i].op {
                Op::Var(v) => self.vars[v].clone(),
                Op::Const(c) => fmt_num(c),
                _ if i == out => "f".into(),
                _ => free.next().map_or_else(
                    || {
                        k += 1;
                        format!("n{k}")
                    },
                    |n| n.to_string(),
                ),
            })
            .collect()
    }

    /// For each node, the nodes that read it (one entry per edge, so `u*u`
    /// lists the product twice under `u`).
    pub fn consumers(&self) -> Vec<Vec<NodeId>> {
        let mut out = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            for inp in n.op.inputs() {
                out[inp.index()].push(NodeId(i as u32));
            }
        }
        out
    }
}
