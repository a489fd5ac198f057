//! The words for what one node sends back: each local derivative's formula
//! and value at the values it stored, what R1, R2 and R4 put in its place,
//! the product sent, the running sum, and a contribution lost without R5.

use super::explain::{close, leaf, line, Line, Tone};
use super::fmt::{fmt_minus, fmt_sig, fmt_signed};
use super::graph::{Graph, NodeId, Op};
use super::sweep::{Sent, Step};
use super::worksheet::Computed;

pub(crate) fn sends(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Vec<Line> {
    let me = &names[s.node.index()];
    let op = g.op(s.node);
    let Some(def) = op.def() else {
        return vec![leaf(g, c, names, s)];
    };
    let ops: Vec<&str> = op
        .inputs()
        .iter()
        .map(|i| names[i.index()].as_str())
        .collect();
    let k_param = match op {
        Op::Apply { k, .. } => k,
        _ => 0.0,
    };
    let shown = (def.show)(&ops, k_param);
    let rules = (def.rule)(&ops, k_param);
    let mut out = vec![line(Tone::Plain, format!(
        "{me} = {shown}. It multiplies its adjoint by the local derivative for each input, at the input values it stored, and sends the product back:"
    ))];
    if !c.req.keeps(1) {
        out.push(stale_line(g, c, names, s.node));
    }
    for t in &s.sends {
        let to = &names[t.to.index()];
        if let Op::Const(_) = g.op(t.to) {
            out.push(line(
                Tone::Math,
                format!(
                    "to {to}, a constant: {} × {} = {} (it has nothing to pass on)",
                    fmt_signed(s.adjoint),
                    fmt_minus(t.used.value()),
                    fmt_signed(t.contribution)
                ),
            ));
            continue;
        }
        let d = if def.arity == 1 { "d" } else { "∂" };
        let at_stored = stored_local(g, c, s.node, t).value();
        let value = fmt_minus(at_stored);
        let formula = if rules[t.operand] == value {
            value
        } else {
            format!("{} = {value}", rules[t.operand])
        };
        out.push(line(
            Tone::Math,
            format!(
                "to {to}: {d}({shown})/{d}{to} = {formula}; {} × {} = {}",
                // seven figures, so the product shown checks by hand
                signed_sig(s.adjoint),
                fmt_sig(t.used.value()),
                signed_sig(t.contribution),
            ),
        ));
        out.extend(substitutions(g, c, names, s.node, t));
        if t.late {
            out.push(line(Tone::Wrong, format!(
                "R5 removed: {to} was already visited, its credit fixed at {}; this {} arrives too late and is lost.",
                fmt_signed(t.before), fmt_signed(t.contribution)
            )));
        } else if t.before != 0.0 {
            out.push(line(
                Tone::Plain,
                format!(
                    "running sum at {to}: {} + {} = {}",
                    fmt_signed(t.before),
                    fmt_signed(t.contribution),
                    fmt_signed(t.after)
                )
                .replace("+ −", "− ")
                .replace("+ +", "+ "),
            ));
        }
    }
    out
}

/// The local derivative's factors at the values the node stored (the
/// previous sample's without R1), before R2 and R4 change them.
fn stored_local(g: &Graph, c: &Computed, node: NodeId, t: &Sent) -> super::ops::Local {
    let op = g.op(node);
    let stored = if c.req.keeps(1) {
        &c.node_values
    } else {
        &c.stale_values
    };
    let x: Vec<f64> = op.inputs().iter().map(|i| stored[i.index()]).collect();
    op.locals(&x)[t.operand]
}

/// R1 removed: the stored values the node reads, beside the true ones.
fn stale_line(g: &Graph, c: &Computed, names: &[String], node: NodeId) -> Line {
    let mut inputs = g.op(node).inputs().to_vec();
    inputs.dedup();
    let pairs: Vec<String> = inputs
        .iter()
        .map(|i| {
            let (was, now) = (c.stale_values[i.index()], c.node_values[i.index()]);
            format!(
                "{} = {} (now {})",
                names[i.index()],
                fmt_minus(was),
                fmt_minus(now)
            )
        })
        .collect();
    line(
        Tone::Ablated,
        format!(
            "R1 removed: it reads the previous sample's stored values, {}.",
            pairs.join(", ")
        ),
    )
}

/// What R1, R2 and R4 put in place of the exact local derivative.
fn substitutions(g: &Graph, c: &Computed, names: &[String], node: NodeId, t: &Sent) -> Vec<Line> {
    let op = g.op(node);
    let inputs = op.inputs();
    let before = stored_local(g, c, node, t);
    let mut out = Vec::new();
    if !c.req.keeps(1) && !close(before.value(), t.exact) {
        out.push(line(
            Tone::Ablated,
            format!(
                "R1: at the stale values; with the current ones it would be {}.",
                fmt_minus(t.exact)
            ),
        ));
    }
    if !c.req.keeps(2) && before.slope != 1.0 {
        out.push(line(
            Tone::Ablated,
            format!(
                "R2 removed: slope dropped: ×{} instead of ×{} (the slope {} is replaced by 1).",
                fmt_minus(before.linear),
                fmt_minus(before.value()),
                fmt_minus(before.slope)
            ),
        ));
    }
    if !c.req.keeps(4) && t.used.weight {
        let other = &names[inputs[1 - t.operand.min(1)].index()];
        // x/y = x·(1/y): the first operand's weight is 1/y
        let other = match op.def() {
            Some(d) if d.name == "/" && t.operand == 0 => format!("1/{other}"),
            _ => other.to_string(),
        };
        out.push(line(Tone::Ablated, format!(
            "R4 removed: random feedback {} instead of the forward weight {other} = {}. (In a network the forward weights learn to align with fixed random feedback: see the lab's feedback alignment and its angle.)",
            fmt_minus(t.used.linear), fmt_minus(before.linear)
        )));
    }
    out
}

/// `fmt_sig` with a `+` on positive numbers.
fn signed_sig(x: f64) -> String {
    if x > 0.0 {
        format!("+{}", fmt_sig(x))
    } else {
        fmt_sig(x)
    }
}
