//! The computation graph as SVG: the layered layout from `engine::layout`,
//! each node's value and running adjoint, and the contributions of the
//! active step animated along their edges (still when the user prefers
//! reduced motion; the stylesheet handles that).

use crate::engine::graph::fmt_num;
use crate::engine::{layout, Computed, Worksheet};
use leptos::prelude::*;

const COL: f64 = 170.0;
const ROW: f64 = 96.0;
const MARGIN: f64 = 70.0;
const NODE_W: f64 = 104.0;
const NODE_H: f64 = 46.0;

/// A signed number with its sign as a symbol: `+8`, `−24`, `0`.
pub fn signed(x: f64) -> String {
    if x > 0.0 {
        format!("+{}", fmt_num(x))
    } else {
        fmt_num(x).replace('-', "−")
    }
}

/// The CSS class for a number's sign.
pub fn sign_class(x: f64) -> &'static str {
    if x > 0.0 {
        "pos"
    } else if x < 0.0 {
        "neg"
    } else {
        "zero"
    }
}

#[component]
pub fn GraphSvg(
    ws: RwSignal<Worksheet>,
    computed: Memo<Computed>,
    #[prop(into)] k: Signal<usize>,
) -> impl IntoView {
    move || {
        let k = k.get();
        ws.with(|w| computed.with(|c| draw(w, c, k)))
    }
}

fn draw(w: &Worksheet, c: &Computed, k: usize) -> AnyView {
    let g = &w.graph;
    let names = g.node_names();
    let lay = layout(g);
    let at = |i: usize| {
        let (x, y) = lay.pos[i];
        (MARGIN + x * COL, MARGIN * 0.6 + y * ROW + NODE_H / 2.0)
    };
    let width = MARGIN * 2.0 + (lay.columns.max(1) - 1) as f64 * COL;
    let height = MARGIN * 1.2 + lay.rows.max(1) as f64 * ROW;
    let running = c.sweep.running(g.output(), g.len(), k);
    let active = k.checked_sub(1).and_then(|i| c.sweep.steps.get(i));
    // the latest contribution sent along each (consumer, operand) edge so far
    let mut sent = std::collections::HashMap::new();
    for s in c.sweep.steps.iter().take(k) {
        for t in &s.sends {
            sent.insert((s.node.index(), t.operand), t.contribution);
        }
    }

    let mut edges = Vec::new();
    for (i, node) in g.nodes.iter().enumerate() {
        let inputs = node.op.inputs();
        let twin = inputs.len() == 2 && inputs[0] == inputs[1];
        for (opnd, j) in inputs.iter().enumerate() {
            let (x2, y2) = at(i);
            let (x1, y1) = at(j.index());
            let bend = if twin {
                if opnd == 0 {
                    -18.0
                } else {
                    18.0
                }
            } else {
                0.0
            };
            let (sx, ex) = (x1 + NODE_W / 2.0, x2 - NODE_W / 2.0);
            let (mx, my) = ((sx + ex) / 2.0, (y1 + y2) / 2.0 + bend);
            // the label sits near the sender, where the contribution leaves
            let t = 0.18;
            let lx = (1.0 - t) * (1.0 - t) * ex + 2.0 * (1.0 - t) * t * mx + t * t * sx;
            let ly = (1.0 - t) * (1.0 - t) * y2 + 2.0 * (1.0 - t) * t * my + t * t * y1;
            // drawn from the consumer back to the input: the direction credit flows
            let d = format!("M {ex:.1} {y2:.1} Q {mx:.1} {my:.1} {sx:.1} {y1:.1}");
            let is_active = active
                .is_some_and(|s| s.node.index() == i && s.sends.iter().any(|t| t.operand == opnd));
            let label = sent.get(&(i, opnd)).copied();
            let class = if is_active {
                "edge flow"
            } else if label.is_some() {
                "edge done"
            } else {
                "edge"
            };
            edges.push(view! {
                <g>
                    <path class=class d=d marker-end="url(#arrow)"></path>
                    {label.map(|v| view! {
                        <text class=format!("edge-label {}", sign_class(v)) x=format!("{lx:.1}") y=format!("{:.1}", ly - 6.0) text-anchor="middle">
                            {signed(v)}
                        </text>
                    })}
                </g>
            });
        }
    }

    let nodes = (0..g.len())
        .map(|i| {
            let (x, y) = at(i);
            let sym = g.op(crate::engine::NodeId(i as u32)).symbol(&g.vars);
            let title = if names[i] == sym { names[i].clone() } else { format!("{} = {}", names[i], sym) };
            let adj = running[i];
            let is_active = active.is_some_and(|s| s.node.index() == i);
            let receiving = active.is_some_and(|s| s.sends.iter().any(|t| t.to.index() == i));
            let class = format!(
                "node{}{}",
                if is_active { " active" } else { "" },
                if receiving { " receiving" } else { "" }
            );
            let reached = adj != 0.0 || i == g.output().index();
            view! {
                <g class=class data-node=i>
                    <rect x=format!("{:.1}", x - NODE_W / 2.0) y=format!("{:.1}", y - NODE_H / 2.0)
                        width=NODE_W height=NODE_H rx="10"></rect>
                    <text class="node-title" x=format!("{x:.1}") y=format!("{:.1}", y - 5.0) text-anchor="middle">{title}</text>
                    <text class="node-value" x=format!("{x:.1}") y=format!("{:.1}", y + 13.0) text-anchor="middle">
                        {format!("value {}", fmt_num(c.node_values[i]).replace('-', "−"))}
                    </text>
                    {reached.then(|| view! {
                        <text class=format!("node-adj {}", sign_class(adj)) x=format!("{x:.1}") y=format!("{:.1}", y + NODE_H / 2.0 + 16.0) text-anchor="middle">
                            {format!("adjoint {}", signed(adj))}
                        </text>
                    })}
                </g>
            }
        })
        .collect_view();

    view! {
        <svg class="graph" data-testid="graph-svg" role="img"
            aria-label="The computation graph: inputs on the left, the output on the right"
            viewBox=format!("0 0 {width:.0} {height:.0}") width=format!("{width:.0}")>
            <defs>
                <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead"></path>
                </marker>
            </defs>
            {edges}
            {nodes}
        </svg>
    }
    .into_any()
}
