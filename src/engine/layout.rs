//! The layered layout the page draws: inputs on the left, the output on
//! the right, each node one column right of its furthest input.

use super::graph::{Graph, Op};

/// Node positions in abstract units: `x` is the column, `y` the row
/// within it, both from 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub pos: Vec<(f64, f64)>,
    pub columns: usize,
    pub rows: usize,
}

/// Columns by longest path from the leaves (variables in column 0, the
/// output alone in the last column); rows ordered by the mean row of each
/// node's inputs, so edges cross little.
pub fn layout(g: &Graph) -> Layout {
    let n = g.len();
    let mut col = vec![0usize; n];
    for (i, node) in g.nodes.iter().enumerate() {
        col[i] = node
            .op
            .inputs()
            .iter()
            .map(|j| col[j.index()] + 1)
            .max()
            .unwrap_or(0);
    }
    // constants sit just left of their first consumer, not among the inputs
    let consumers = g.consumers();
    for (i, node) in g.nodes.iter().enumerate() {
        if matches!(node.op, Op::Const(_)) {
            if let Some(c) = consumers[i].iter().map(|c| col[c.index()]).min() {
                col[i] = c.saturating_sub(1);
            }
        }
    }
    let columns = col.iter().max().map_or(0, |m| m + 1);
    let mut rows_in: Vec<Vec<usize>> = vec![Vec::new(); columns];
    let mut row = vec![0.0f64; n];
    for (i, &c) in col.iter().enumerate() {
        rows_in[c].push(i);
    }
    for members in rows_in.iter_mut() {
        let key = |i: usize| -> f64 {
            let ins = g.nodes[i].op.inputs();
            if ins.is_empty() {
                i as f64
            } else {
                ins.iter().map(|j| row[j.index()]).sum::<f64>() / ins.len() as f64
            }
        };
        members.sort_by(|&a, &b| key(a).total_cmp(&key(b)).then(a.cmp(&b)));
        for (r, &i) in members.iter().enumerate() {
            row[i] = r as f64;
        }
    }
    let rows = rows_in.iter().map(Vec::len).max().unwrap_or(0);
    // centre each column vertically
    let pos = (0..n)
        .map(|i| {
            let k = rows_in[col[i]].len() as f64;
            (col[i] as f64, row[i] + (rows as f64 - k) / 2.0)
        })
        .collect();
    Layout { pos, columns, rows }
}
