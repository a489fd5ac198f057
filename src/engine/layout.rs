//! The layered layout the page draws: inputs on the left, the output on
//! the right, each node one column right of its furthest input; or, on a
//! narrow screen (`Flow::Down`), inputs at the top and the output at the
//! bottom, each node one level below its furthest input.

use crate::engine::graph::{Graph, Op};

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
        crate::engine::order::sort_by(members, |&a, &b| key(a).total_cmp(&key(b)).then(a.cmp(&b)));
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

/// Which way the graph runs: inputs left and output right (`Across`), or
/// inputs at the top and output at the bottom (`Down`, for a narrow
/// screen: a graph of up to three inputs side by side is 336 px wide, so
/// that on a 360 px phone it fits at full size).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flow {
    #[default]
    Across,
    Down,
}

/// The sizes of one flow, in SVG pixels: the pitch between the layers
/// (columns across, levels down) and between the nodes of one layer, the
/// node box and the margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    pub layer: f64,
    pub within: f64,
    pub node_w: f64,
    pub node_h: f64,
    pub margin: f64,
}

impl Flow {
    /// How many characters the credit line under a node may take (13 px
    /// monospace, about 8 px a character) without running into the next
    /// node's: across, the room to the next column; down, to the next node
    /// of the level.
    pub fn label_chars(self) -> usize {
        let z = self.sizes();
        let room = match self {
            Flow::Across => z.layer - 10.0,
            Flow::Down => z.within - 6.0,
        };
        (room / 8.0) as usize
    }

    pub fn sizes(self) -> Sizes {
        match self {
            Flow::Across => Sizes {
                layer: 190.0,
                within: 104.0,
                node_w: 124.0,
                node_h: 46.0,
                margin: 24.0,
            },
            Flow::Down => Sizes {
                layer: 124.0,
                within: 110.0,
                node_w: 104.0,
                node_h: 44.0,
                margin: 4.0,
            },
        }
    }
}

/// The adjoint line under each node belongs to the node's box.
const BELOW: f64 = 22.0;
/// An edge label's box (a signed number of up to about 7 characters).
const LABEL_W: f64 = 62.0;
const LABEL_H: f64 = 16.0;

/// One edge as drawn: a quadratic curve from the consumer back to the
/// input (the direction credit flows), and where its label sits.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeGeom {
    pub consumer: usize,
    pub operand: usize,
    pub input: usize,
    /// Start (consumer's left side), control point, end (input's right).
    pub path: [(f64, f64); 3],
    pub label: (f64, f64),
}

/// The graph in pixels: node centres, edges, and a size that holds them
/// all (nothing is clipped).
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub flow: Flow,
    /// The node box's width and height.
    pub node_w: f64,
    pub node_h: f64,
    pub nodes: Vec<(f64, f64)>,
    pub edges: Vec<EdgeGeom>,
    /// The drawing's box: top-left corner and size.
    pub x0: f64,
    pub y0: f64,
    pub width: f64,
    pub height: f64,
}

type Rect = (f64, f64, f64, f64);

fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn node_rect(z: &Sizes, (x, y): (f64, f64)) -> Rect {
    (
        x - z.node_w / 2.0,
        y - z.node_h / 2.0,
        x + z.node_w / 2.0,
        y + z.node_h / 2.0 + BELOW,
    )
}

fn at(p: &[(f64, f64); 3], t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    let w = [u * u, 2.0 * u * t, t * t];
    (
        w[0] * p[0].0 + w[1] * p[1].0 + w[2] * p[2].0,
        w[0] * p[0].1 + w[1] * p[1].1 + w[2] * p[2].1,
    )
}

/// Where the arrowhead at an edge's input end (`end`) is drawn: the
/// backward sweep's arrows point into the input, the head reaching about
/// 10 px back along the edge.
fn head_rect(flow: Flow, (x, y): (f64, f64)) -> Rect {
    match flow {
        Flow::Down => (x - 4.0, y, x + 4.0, y + 9.0),
        Flow::Across => (x - 1.0, y - 6.0, x + 11.0, y + 6.0),
    }
}

/// Places nodes, routes each edge around the nodes it would cross, and
/// puts each label near its sender where it overlaps no node and no other
/// label.
pub fn geometry(g: &Graph, flow: Flow) -> Geometry {
    let z = flow.sizes();
    // down (a phone), the layers sit closer where every label still finds
    // a free place
    if flow == Flow::Down {
        let close = Sizes {
            layer: CLOSE_DOWN,
            ..z
        };
        if let Some(geo) = placed(g, flow, &close, true) {
            return geo;
        }
    }
    placed(g, flow, &z, false).expect("placed without `strict` always gives a geometry")
}

/// The pitch between the levels down where the labels allow it (a 360 px
/// phone then shows the worked example's graph and the tour's card at once).
const CLOSE_DOWN: f64 = 100.0;

/// The geometry with sizes `z`; `strict`: none as soon as a label finds
/// no free place (a large graph is not laid out twice in full).
fn placed(g: &Graph, flow: Flow, z: &Sizes, strict: bool) -> Option<Geometry> {
    let lay = layout(g);
    let (w, h, m) = (z.node_w, z.node_h, z.margin);
    let nodes: Vec<(f64, f64)> = lay
        .pos
        .iter()
        .map(|&(c, r)| match flow {
            Flow::Across => (m + w / 2.0 + c * z.layer, m + h / 2.0 + r * z.within),
            Flow::Down => (m + w / 2.0 + r * z.within, m + h / 2.0 + c * z.layer),
        })
        .collect();
    let rects: Vec<Rect> = nodes.iter().map(|&p| node_rect(z, p)).collect();
    // first every edge's route, then the labels, which keep clear of the
    // nodes, of each other and of every arrowhead
    let mut routes = Vec::new();
    for (i, node) in g.nodes.iter().enumerate() {
        let inputs = node.op.inputs();
        let twin = inputs.len() == 2 && inputs[0] == inputs[1];
        for (operand, j) in inputs.iter().enumerate() {
            let j = j.index();
            let (x2, y2) = nodes[i];
            let (x1, y1) = nodes[j];
            // from the consumer's side facing its input to the input's far side
            let (start, end) = match flow {
                Flow::Across => ((x2 - w / 2.0, y2), (x1 + w / 2.0, y1)),
                Flow::Down => ((x2, y2 - h / 2.0), (x1, y1 + h / 2.0 + BELOW)),
            };
            let clear = |p: &[(f64, f64); 3]| {
                (1..20).all(|s| {
                    let (x, y) = at(p, s as f64 / 20.0);
                    rects.iter().enumerate().all(|(n, r)| {
                        n == i || n == j || !overlaps(*r, (x - 1.0, y - 1.0, x + 1.0, y + 1.0))
                    })
                })
            };
            let bends: Vec<f64> = if twin {
                vec![if operand == 0 { -22.0 } else { 22.0 }]
            } else {
                let tries: &[f64] = match flow {
                    Flow::Across => &[0.0, 0.6, -0.6, 1.2, -1.2, 1.8, -1.8],
                    Flow::Down => &[0.0, 0.3, -0.3, 0.6, -0.6, 0.9, -0.9, 1.2, -1.2],
                };
                tries.iter().map(|b| b * z.within).collect()
            };
            let mid = ((start.0 + end.0) / 2.0, (start.1 + end.1) / 2.0);
            let curve = |b: f64| {
                let bent = match flow {
                    Flow::Across => (mid.0, mid.1 + b),
                    Flow::Down => (mid.0 + b, mid.1),
                };
                [start, bent, end]
            };
            let path = bends
                .iter()
                .map(|&b| curve(b))
                .find(|p| clear(p))
                .unwrap_or_else(|| curve(bends[0]));
            routes.push((i, operand, j, path));
        }
    }
    let heads: Vec<Rect> = routes.iter().map(|r| head_rect(flow, r.3[2])).collect();
    let mut labels: Vec<Rect> = Vec::new();
    let mut edges = Vec::new();
    for (i, operand, j, path) in routes {
        // the label near the sender (the consumer), where the
        // contribution leaves, moving along the edge until it is free
        let boxed = |(x, y): (f64, f64)| (x - LABEL_W / 2.0, y - LABEL_H, x + LABEL_W / 2.0, y);
        // down, the inputs of one node sit side by side: their labels
        // go near the inputs, where the edges have spread apart
        let near: &[f64] = match flow {
            Flow::Across => &[0.2, 0.35, 0.5, 0.65, 0.8, 0.12],
            Flow::Down => &[0.7, 0.55, 0.85, 0.4, 0.25, 0.95, 0.1],
        };
        // (down, the layers are close: beside the edge, too, either side)
        let aside: &[f64] = match flow {
            Flow::Across => &[0.0],
            Flow::Down => &[0.0, LABEL_W / 2.0 + 4.0, -LABEL_W / 2.0 - 4.0],
        };
        let found = near
            .iter()
            .flat_map(|&t| {
                let (x, y) = at(&path, t);
                aside.iter().map(move |dx| (x + dx, y - 4.0))
            })
            .find(|&p| {
                let b = boxed(p);
                rects.iter().all(|r| !overlaps(*r, b))
                    && labels.iter().all(|l| !overlaps(*l, b))
                    && heads.iter().all(|h| !overlaps(*h, b))
            });
        let label = match found {
            Some(p) => p,
            None if strict => return None,
            None => {
                let (x, y) = at(&path, 0.35);
                (x, y - 4.0)
            }
        };
        labels.push(boxed(label));
        edges.push(EdgeGeom {
            consumer: i,
            operand,
            input: j,
            path,
            label,
        });
    }
    let (mut lo, mut hi) = ((0.0f64, 0.0f64), (0.0f64, 0.0f64));
    let curve_ys = edges.iter().map(|e| at(&e.path, 0.5).1);
    for r in rects.iter().chain(&labels) {
        lo = (lo.0.min(r.0), lo.1.min(r.1));
        hi = (hi.0.max(r.2), hi.1.max(r.3));
    }
    for y in curve_ys {
        lo.1 = lo.1.min(y);
        hi.1 = hi.1.max(y);
    }
    let curve_xs = edges.iter().map(|e| at(&e.path, 0.5).0);
    for x in curve_xs {
        lo.0 = lo.0.min(x);
        hi.0 = hi.0.max(x);
    }
    Some(Geometry {
        flow,
        node_w: w,
        node_h: h,
        nodes,
        edges,
        x0: lo.0 - m,
        y0: lo.1 - m,
        width: hi.0 - lo.0 + 2.0 * m,
        height: hi.1 - lo.1 + 2.0 * m,
    })
}
