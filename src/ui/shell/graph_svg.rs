//! The computation graph as SVG: the geometry from `engine::layout`, each
//! node's value and what it shows after the current step (the same
//! `Sweep::shown` the step text reads), the contributions of the active
//! step animated along their edges (still when the user prefers reduced
//! motion; the stylesheet handles that), and, with scrambled errors, the
//! hand-offs as dashed arcs.

use crate::engine::fmt::close;
use crate::engine::graph::{fmt_minus, fmt_signed};
use crate::engine::layout::{Flow, Geometry};
use crate::engine::{Graph, NodeId, Shown};
use crate::page::worked::Computed;
use leptos::prelude::*;

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

fn quad(p: &[(f64, f64); 3]) -> String {
    format!(
        "M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}",
        p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1
    )
}

/// How a drawing of the graph looks: `zoom` scales its width (`None`
/// fits it to the frame's width), `flow` lays it out, `ids` goes before
/// its arrowheads' ids (a second drawing, the worksheet's, printed alone
/// while the page's is hidden, must not point at another's), and
/// `short` rounds its numbers to two decimals (the learn path's: a
/// learning step's −17.9589 would crowd its neighbours); `cursor` is the
/// node the keyboard is on (outlined while the frame has the focus).
#[derive(Clone, Copy)]
pub struct Look<'a> {
    pub zoom: Option<f64>,
    pub flow: Flow,
    pub ids: &'a str,
    pub short: bool,
    pub cursor: Option<usize>,
}

impl Look<'_> {
    /// `x` as this drawing writes it (before formatting).
    fn num(self, x: f64) -> f64 {
        if self.short && x.is_finite() {
            (x * 100.0).round() / 100.0
        } else {
            x
        }
    }
}

/// The SVG for graph `g`, laid out as `geo` (`engine::layout::geometry`,
/// made once per graph and flow, not per step), after `k` steps, drawn
/// as `look` says.
pub fn draw(g: &Graph, geo: &Geometry, c: &Computed, k: usize, look: Look) -> AnyView {
    let Look {
        zoom, flow, ids, ..
    } = look;
    let (arrow, hand) = (format!("{ids}arrow"), format!("{ids}hand"));
    let (arrow_url, hand_url) = (format!("url(#{arrow})"), format!("url(#{hand})"));
    let names = g.node_names();
    let (node_w, node_h) = (geo.node_w, geo.node_h);
    let shown = c.sweep.shown(g.output(), g.len(), k);
    let active = k.checked_sub(1).and_then(|i| c.sweep.steps.get(i));
    // before the backward sweep's first step the arrows show the forward
    // sweep (inputs to output); from it on, the way credit flows
    let forward = k == 0;
    // the latest contribution sent along each (consumer, operand) edge so far
    let mut sent = crate::engine::graph::IntMap::default();
    for s in c.sweep.steps.iter().take(k) {
        for t in &s.sends {
            sent.insert((s.node.index(), t.operand), t.contribution);
        }
    }
    let edges = geo
        .edges
        .iter()
        .map(|e| {
            let is_active = active.is_some_and(|s| {
                s.node.index() == e.consumer && s.sends.iter().any(|t| t.operand == e.operand)
            });
            let label = sent.get(&(e.consumer, e.operand)).copied();
            let class = match (is_active, label.is_some()) {
                (true, _) => "edge flow",
                (false, true) => "edge done",
                _ => "edge",
            };
            view! {
                <g>
                    <path class=class d=quad(&e.path) marker-start=forward.then(|| arrow_url.clone())
                        marker-end=(!forward).then(|| arrow_url.clone())></path>
                    {label.map(|v| view! {
                        <text class=format!("edge-label {}", sign_class(v)) x=format!("{:.1}", e.label.0)
                            y=format!("{:.1}", e.label.1) text-anchor="middle">{fmt_signed(look.num(v))}</text>
                    })}
                </g>
            }
        })
        .collect_view();
    // scrambled: a dashed arc from the node whose adjoint is handed over
    let mut arcs: Vec<_> = c
        .sweep
        .steps
        .iter()
        .filter(|s| k >= c.sweep.steps.len() || active.is_some_and(|a| a.node == s.node))
        .filter_map(|s| s.from.filter(|j| *j != s.node).map(|j| (j, s.node)))
        .collect();
    crate::engine::order::sort_by_key(&mut arcs, |a| *a);
    arcs.dedup();
    let handoffs = arcs
        .into_iter()
        .map(|(j, i)| {
            let (a, b) = (geo.nodes[j.index()], geo.nodes[i.index()]);
            let lift = -node_h * 0.9 - 0.12 * (a.0 - b.0).abs();
            let p = [
                (a.0, a.1 - node_h / 2.0),
                ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 + lift),
                (b.0, b.1 - node_h / 2.0),
            ];
            let hot = active.is_some_and(|s| s.node == i);
            view! { <path class=if hot { "handoff hot" } else { "handoff" } d=quad(&p) marker-end=hand_url.clone()></path> }
        })
        .collect_view();
    // for the screen reader: what has arrived at each node so far
    let mut arrived = vec![Vec::new(); g.len()];
    for s in c.sweep.steps.iter().take(k) {
        for t in &s.sends {
            arrived[t.to.index()].push(format!(
                "{} from {}",
                fmt_signed(look.num(t.contribution)),
                names[s.node.index()]
            ));
        }
    }
    // the nodes the active step's node sends to
    let mut receiving = vec![false; g.len()];
    let sending = active.map(|a| a.node);
    let sends = c.sweep.steps.iter().filter(|s| Some(s.node) == sending);
    for t in sends.flat_map(|s| &s.sends) {
        if let Some(r) = receiving.get_mut(t.to.index()) {
            *r = true;
        }
    }
    let nodes = (0..g.len())
        .map(|i| {
            node(
                g,
                c,
                &names,
                (&shown, &arrived[i]),
                (active.map(|s| s.node), receiving[i]),
                i,
                (geo.nodes[i], (node_w, node_h), geo.flow.label_chars(), look),
            )
        })
        .collect_view();
    // fitted: the frame's width, never wider than the drawing's own size
    // (`max-width` in the stylesheet); zoomed: that many times its size
    let width = match zoom {
        Some(z) => format!("{:.0}", geo.width * z),
        None => "100%".into(),
    };
    let down = flow == Flow::Down;
    let across = if down {
        "inputs at the top, the output at the bottom"
    } else {
        "inputs on the left, the output on the right"
    };
    view! {
        <svg class="graph" class:fit=zoom.is_none() class:down=down data-testid="graph-svg" role="list"
            aria-label=format!("{across}; {}", arrows_say(k))
            viewBox=format!("{:.0} {:.0} {:.0} {:.0}", geo.x0, geo.y0, geo.width, geo.height) width=width
            style=fit_style(geo.width, zoom)>
            <defs>
                <marker id=arrow viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead"></path>
                </marker>
                <marker id=hand viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="handhead"></path>
                </marker>
            </defs>
            {edges}
            {handoffs}
            {nodes}
        </svg>
    }
    .into_any()
}

/// The drawing's size limits: its own size (times the zoom); fitted,
/// never narrower than that, so no text is drawn under its 13 px and the
/// frame scrolls instead.
fn fit_style(width: f64, zoom: Option<f64>) -> String {
    let w = width * zoom.unwrap_or(1.0);
    match zoom {
        None => format!("max-width: {w:.0}px; min-width: {w:.0}px"),
        Some(_) => format!("max-width: {w:.0}px"),
    }
}

fn node(
    g: &Graph,
    c: &Computed,
    names: &[String],
    (shown, arrived): (&[Shown], &[String]),
    (active, receiving): (Option<NodeId>, bool),
    i: usize,
    ((x, y), (node_w, node_h), room, look): ((f64, f64), (f64, f64), usize, Look),
) -> impl IntoView {
    let n = |x: f64| look.num(x);
    let id = NodeId(i as u32);
    let sym = g.op(id).symbol(&g.vars);
    let title = if names[i] == sym {
        names[i].clone()
    } else {
        format!("{} = {}", names[i], sym)
    };
    let is_active = active == Some(id);
    let stale = !c.req.keeps(1)
        && c.sweep.estimate.is_none()
        && !close(c.stale_values[i], c.node_values[i]);
    let value = if stale {
        format!(
            "{}, old {}",
            fmt_minus(n(c.node_values[i])),
            fmt_minus(n(c.stale_values[i]))
        )
    } else {
        format!("value {}", fmt_minus(n(c.node_values[i])))
    };
    let what = if c.sweep.estimate.is_some() {
        "estimate"
    } else {
        "credit"
    };
    let (label, num) = match shown[i] {
        Shown::Nothing => (None, 0.0),
        Shown::Running(v) if id == g.output() => (Some(format!("{what} {}", fmt_signed(n(v)))), v),
        Shown::Running(v) => (Some(format!("so far {}", fmt_signed(n(v)))), v),
        Shown::Credit(v) if !close(v, c.sweep_adjoint(id)) => (
            Some(format!(
                "{} (not {})",
                fmt_signed(n(v)),
                fmt_signed(n(c.sweep_adjoint(id)))
            )),
            v,
        ),
        Shown::Credit(v) => (Some(format!("{what} {}", fmt_signed(n(v)))), v),
    };
    let class = format!(
        "node{}{}{}",
        if is_active { " active" } else { "" },
        if receiving { " receiving" } else { "" },
        if look.cursor == Some(i) {
            " cursor"
        } else {
            ""
        }
    );
    let alt = format!(
        "{title}, {value}{}; {}{}",
        if is_active { ", sending now" } else { "" },
        label.as_deref().unwrap_or("no credit has reached it yet"),
        if arrived.is_empty() {
            String::new()
        } else {
            format!("; arrived: {}", arrived.join(", "))
        }
    );
    view! {
        <g class=class data-node=i id=format!("{}node-{i}", look.ids) role="listitem" aria-label=alt>
            <rect x=format!("{:.1}", x - node_w / 2.0) y=format!("{:.1}", y - node_h / 2.0)
                width=node_w height=node_h rx="10"></rect>
            <text class="node-title" x=format!("{x:.1}") y=format!("{:.1}", y - 5.0) text-anchor="middle">{title}</text>
            <text class="node-value" x=format!("{x:.1}") y=format!("{:.1}", y + 13.0) text-anchor="middle">{value}</text>
            // a credit longer than its room drops its word (the screen
            // reader's label keeps it): neighbours' labels would run together
            {label.map(|l| fitted(l, room)).map(|l| view! {
                <text class=format!("node-adj {}", sign_class(num)) x=format!("{x:.1}") y=format!("{:.1}", y + node_h / 2.0 + 16.0) text-anchor="middle">{l}</text>
            })}
        </g>
    }
}

/// A node's credit line in `room` characters: without its word ("credit",
/// "so far", "estimate") where it is longer.
fn fitted(line: String, room: usize) -> String {
    if line.chars().count() <= room {
        return line;
    }
    ["credit ", "so far ", "estimate "]
        .iter()
        .find_map(|w| line.strip_prefix(w))
        .map_or_else(|| line.clone(), str::to_string)
}

/// What the graph's arrows show at step `k` (the key's words and the
/// graph's name for a screen reader).
pub fn arrows_say(k: usize) -> &'static str {
    if k == 0 {
        "arrows: the forward sweep, from the inputs to f"
    } else {
        "arrows: the way credit flows, from f back to the inputs"
    }
}
