//! The names the page shows: node labels given with `name{…}`, the
//! display name of every node, and who reads each node.

use crate::engine::graph::{fmt_num, Graph, NodeId, Op};

impl Graph {
    /// Shows `id` as `name` (a later name for the same node wins).
    pub fn label(&mut self, id: NodeId, name: &str) {
        self.labels.retain(|(i, _)| *i != id);
        self.labels.push((id, name.to_string()));
    }

    /// A display name per node, as the essay writes them: variables by
    /// name, constants by value, the output `f`, and the intermediate nodes
    /// `u, v, w, …` in creation order (so the worked example reads u, v, f).
    pub fn node_names(&self) -> Vec<String> {
        const POOL: [&str; 10] = ["u", "v", "w", "p", "q", "r", "s", "t", "g", "h"];
        // `w` beside inputs w1…w6 would read as one of them
        let mut free = POOL
            .iter()
            .filter(|n| !self.vars.iter().any(|v| v.starts_with(*n)));
        let mut k = 0;
        let out = self.output().index();
        // the output is `f`, unless an input already has that name
        let out_name = ["f", "out", "F", "result"]
            .into_iter()
            .find(|n| !self.vars.iter().any(|v| v == n))
            .unwrap_or("output");
        (0..self.nodes.len())
            .map(|i| match self.nodes[i].op {
                _ if self.labels.iter().any(|(id, _)| id.index() == i) => self
                    .labels
                    .iter()
                    .find(|(id, _)| id.index() == i)
                    .map(|(_, n)| n.clone())
                    .unwrap_or_default(),
                Op::Var(v) => self.vars[v].clone(),
                Op::Const(c) => fmt_num(c),
                _ if i == out => out_name.into(),
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
