//! The words beside each step of the sweep: what the active node received,
//! the arithmetic it does with the numbers filled in (the formula of each
//! local derivative, then its value), and what every removed requirement
//! substituted. The page prints these lines; tests read them natively.

use super::graph::{fmt_minus, fmt_signed, Graph, NodeId, Op};
use super::perturb::SIGMA;
use super::sweep::{ErrorSignal, Sent, Step};
use super::worksheet::Computed;

/// How a line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// One contribution's arithmetic.
    Math,
    /// What a removed requirement changed.
    Ablated,
    /// A credit that is wrong, or a contribution lost.
    Wrong,
    Heading,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub tone: Tone,
    pub text: String,
}

fn line(tone: Tone, text: impl Into<String>) -> Line {
    Line {
        tone,
        text: text.into(),
    }
}

/// The lines for the state after `k` steps of `c.sweep` on `g`.
pub fn explain(g: &Graph, c: &Computed, k: usize) -> Vec<Line> {
    let names = g.node_names();
    let Some(step) = k.checked_sub(1).and_then(|i| c.sweep.steps.get(i)) else {
        return before_sweep(g, c, &names);
    };
    let mut out = vec![line(
        Tone::Heading,
        format!("Step {k}: node {}", names[step.node.index()]),
    )];
    if c.sweep.estimate.is_some() {
        out.extend(estimate_lines(g, c, &names, step));
    } else {
        out.extend(received(g, c, &names, k, step));
        out.extend(r3_lines(c, &names, step));
        out.extend(sends(g, c, &names, step));
    }
    if k == c.sweep.steps.len() {
        out.push(verdict(g, c));
    }
    out
}

fn before_sweep(g: &Graph, c: &Computed, names: &[String]) -> Vec<Line> {
    let out = &names[g.output().index()];
    if let Some(e) = &c.sweep.estimate {
        return vec![
            line(Tone::Ablated, format!(
                "R3 removed: one shared score. There is no backward sweep. Every node's value was nudged by its own noise ξ ~ N(0, σ²) with σ = {SIGMA}, {out} was run forward once more, and the one change Δ{out} = {} is broadcast to every node. Each node estimates its credit as Δ{out}·ξ/σ².",
                fmt_signed(e.delta_f)
            )),
            line(Tone::Plain, format!(
                "The estimate is right on average and noisy per draw; the numbers shown are the mean of {} draw(s) ({} forward runs). Press next to see each node's estimate.",
                e.draws, e.forward_runs
            )),
        ];
    }
    vec![
        line(Tone::Plain, "The forward sweep has run: every node holds its value and the inputs it saw."),
        line(Tone::Plain, format!(
            "Each node's adjoint x̄ (read “x bar”) is ∂{out}/∂x: how much {out} changes per unit change of x. The backward sweep starts at the output, whose adjoint is {out}̄ = 1 ({out} changes one-for-one with itself). Press next to start it."
        )),
    ]
}

fn received(g: &Graph, c: &Computed, names: &[String], k: usize, s: &Step) -> Vec<Line> {
    let me = &names[s.node.index()];
    if s.node == g.output() {
        return vec![line(
            Tone::Plain,
            format!("{me}̄ = 1: the output's credit for itself."),
        )];
    }
    let arrived: Vec<(NodeId, f64)> = c.sweep.steps[..k - 1]
        .iter()
        .flat_map(|st| {
            st.sends
                .iter()
                .filter(|t| t.to == s.node)
                .map(|t| (st.node, t.contribution))
        })
        .collect();
    let text = if arrived.len() > 1 {
        let parts: Vec<String> = arrived
            .iter()
            .map(|(from, v)| format!("{} (from {})", fmt_signed(*v), names[from.index()]))
            .collect();
        let why = if arrived.iter().all(|(f, _)| *f == arrived[0].0) {
            format!("{me} is fed twice into the same node, so both contributions are summed")
        } else {
            format!("{me} feeds several nodes, so their contributions are summed")
        };
        format!(
            "{me}̄ = {} = {}: {why}.",
            parts.join(" + "),
            fmt_signed(s.adjoint)
        )
    } else {
        format!(
            "{me}̄ = {}, the contribution that arrived from its consumer.",
            fmt_signed(s.adjoint)
        )
    };
    vec![line(Tone::Plain, text)]
}

fn r3_lines(c: &Computed, names: &[String], s: &Step) -> Vec<Line> {
    if c.req.keeps(3) || s.credit == s.adjoint && s.from.is_none() {
        return vec![];
    }
    let me = &names[s.node.index()];
    let text = match (c.req.r3_off, s.from) {
        (ErrorSignal::Scrambled, Some(j)) if j == s.node => {
            format!("R3 removed (scrambled): {me} is the only node that could be scrambled, so it keeps its own adjoint.")
        }
        (ErrorSignal::Scrambled, Some(j)) => format!(
            "R3 removed (scrambled): its true adjoint is {}, but it is handed {}'s adjoint, {}, as its credit. It still sends its true adjoint on.",
            fmt_signed(s.adjoint), names[j.index()], fmt_signed(s.credit)
        ),
        _ => format!(
            "R3 removed (sign dropped): its credit is |{}| = {}; it still sends its true adjoint on.",
            fmt_signed(s.adjoint), fmt_signed(s.credit)
        ),
    };
    vec![line(Tone::Ablated, text)]
}

fn sends(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Vec<Line> {
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
    for t in &s.sends {
        let to = &names[t.to.index()];
        let d = if def.arity == 1 { "d" } else { "∂" };
        out.push(line(
            Tone::Math,
            format!(
                "to {to}: {d}({shown})/{d}{to} = {} = {}; {} × {} = {}",
                rules[t.operand],
                fmt_minus(t.exact),
                fmt_signed(s.adjoint),
                fmt_minus(t.used.value()),
                fmt_signed(t.contribution),
            ),
        ));
        out.extend(substitutions(g, c, names, s.node, t));
        if t.before != 0.0 {
            out.push(line(
                Tone::Plain,
                format!(
                    "running sum at {to}: {} + {} = {}",
                    fmt_signed(t.before),
                    fmt_signed(t.contribution),
                    fmt_signed(t.after)
                ),
            ));
        }
        if t.late {
            out.push(line(Tone::Wrong, format!(
                "R5 removed: {to} was already visited and has sent its credit on, so this contribution arrives too late and is lost."
            )));
        }
    }
    out
}

/// What R1, R2 and R4 put in place of the exact local derivative.
fn substitutions(g: &Graph, c: &Computed, names: &[String], node: NodeId, t: &Sent) -> Vec<Line> {
    let op = g.op(node);
    let inputs = op.inputs();
    let at = |v: &[f64]| -> Vec<f64> { inputs.iter().map(|i| v[i.index()]).collect() };
    let mut out = Vec::new();
    let stored = if c.req.keeps(1) {
        &c.node_values
    } else {
        &c.stale_values
    };
    let before_r2 = op.locals(&at(stored))[t.operand];
    if !c.req.keeps(1) {
        let pairs: Vec<String> = inputs
            .iter()
            .map(|i| {
                format!(
                    "{} = {} (now {})",
                    names[i.index()],
                    fmt_minus(c.stale_values[i.index()]),
                    fmt_minus(c.node_values[i.index()])
                )
            })
            .collect();
        out.push(line(
            Tone::Ablated,
            format!(
                "R1 removed: taken at the previous sample's stored values, {}: {} instead of {}.",
                pairs.join(", "),
                fmt_minus(before_r2.value()),
                fmt_minus(t.exact)
            ),
        ));
    }
    if !c.req.keeps(2) && before_r2.slope != 1.0 {
        out.push(line(
            Tone::Ablated,
            format!(
                "R2 removed: slope dropped: ×1 instead of ×{}.",
                fmt_minus(before_r2.slope)
            ),
        ));
    }
    if !c.req.keeps(4) && t.used.weight {
        let other = &names[inputs[1 - t.operand.min(1)].index()];
        out.push(line(Tone::Ablated, format!(
            "R4 removed: random feedback {} instead of the forward weight {other} = {}. (In a network the forward weights learn to align with fixed random feedback: see the lab's feedback alignment and its angle.)",
            fmt_minus(t.used.linear), fmt_minus(before_r2.linear)
        )));
    }
    out
}

fn leaf(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Line {
    let me = &names[s.node.index()];
    if let Op::Const(_) = g.op(s.node) {
        return line(Tone::Plain, format!(
            "{me} is a constant, not an input: it receives {} but has nothing to pass it to, and no row in the table.",
            fmt_signed(s.credit)
        ));
    }
    let out = &names[g.output().index()];
    let v = g.var_nodes().iter().position(|n| *n == s.node).unwrap_or(0);
    let exact = c.exact.get(v).copied().unwrap_or(f64::NAN);
    if close(s.credit, exact) {
        line(Tone::Plain, format!(
            "{me} is an input: its credit {} is ∂{out}/∂{me}, the gradient (the table checks it by finite differences).",
            fmt_signed(s.credit)
        ))
    } else {
        line(
            Tone::Wrong,
            format!(
            "{me} is an input: its credit is {}, but ∂{out}/∂{me} = {}: the credit is wrong by {}.",
            fmt_signed(s.credit), fmt_signed(exact), fmt_minus((s.credit - exact).abs())
        ),
        )
    }
}

fn estimate_lines(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Vec<Line> {
    let Some(e) = &c.sweep.estimate else {
        return vec![];
    };
    let i = s.node.index();
    let me = &names[i];
    let out = &names[g.output().index()];
    let truth = c.exact_credit[i];
    vec![
        line(
            Tone::Math,
            format!(
                "last draw: ξ_{me} = {}; Δ{out}·ξ_{me}/σ² = {} × {} / {SIGMA}² = {}",
                fmt_signed(e.xi[i]),
                fmt_signed(e.delta_f),
                fmt_signed(e.xi[i]),
                fmt_signed(e.last[i])
            ),
        ),
        line(
            Tone::Plain,
            format!(
                "mean over {} draw(s): {} (the true adjoint is {})",
                e.draws,
                fmt_signed(e.mean[i]),
                fmt_signed(truth)
            ),
        ),
    ]
}

fn verdict(g: &Graph, c: &Computed) -> Line {
    let out = &names_out(g);
    if c.fd.iter().all(|r| r.agrees()) || c.grads_match() {
        line(
            Tone::Plain,
            format!("The sweep is done: the inputs' credits are the gradient of {out}."),
        )
    } else {
        line(Tone::Wrong, format!(
            "The sweep is done, but with a requirement removed the credits are not the gradient: their cosine with the true gradient is {:.3} (1 means the same direction).",
            c.cosine
        ))
    }
}

fn names_out(g: &Graph) -> String {
    g.node_names()
        .get(g.output().index())
        .cloned()
        .unwrap_or_else(|| "f".into())
}

/// Equal up to rounding.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + b.abs())
}
