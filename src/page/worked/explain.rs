//! The words beside each step of the sweep: what the active node received,
//! the arithmetic it does with the numbers filled in (the formula of each
//! local derivative, then its value), and what every removed requirement
//! substituted. The page prints these lines; tests read them natively.
//! (`sends` words one contribution.)

use crate::engine::fmt::{bar, close, fmt_minus, fmt_sig, fmt_signed, fmt_sum};
use crate::engine::graph::{Graph, NodeId, Op};
use crate::engine::ops::Local;
use crate::engine::sweep::ablate::units;
use crate::engine::sweep::perturb::SIGMA;
use crate::engine::sweep::{ErrorSignal, Sent, Step};
use crate::page::worked::worksheet::Computed;

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
        if !matches!(g.op(step.node), Op::Const(_)) {
            out.extend(r3_lines(g, c, &names, step));
        }
        out.extend(sends(g, c, &names, step));
    }
    if k == c.sweep.steps.len() {
        out.push(verdict(g, c, &names));
    }
    out
}

fn before_sweep(g: &Graph, c: &Computed, names: &[String]) -> Vec<Line> {
    let out = &names[g.output().index()];
    if g.vars.is_empty() {
        return vec![line(Tone::Plain, format!("{out} has no inputs: there is nothing to give credit to. Type an expression with a variable, such as (a*b+c)^2."))];
    }
    if let Some(e) = &c.sweep.estimate {
        return vec![
            line(Tone::Ablated, format!(
                "R3 removed: one shared score, and no backward sweep. Every node's value was nudged by its own small random amount ξ (about σ = {SIGMA} in size), {out} was worked out once more, and the one change in {out}, Δ{out} = {}, is sent to every node. Each node guesses its credit as Δ{out}·ξ/σ²: the change in {out} times its own nudge, divided by the nudges' size squared.",
                fmt_sig(e.delta_f)
            )),
            line(Tone::Plain, format!(
                "The guess is right on average and noisy at each draw; the numbers shown are the average of {} draw(s) ({} runs of {out}). Press next to see each node's guess.",
                e.draws, e.forward_runs
            )),
        ];
    }
    vec![
        line(Tone::Plain, "The forward sweep has run: every node holds its value and the inputs it saw."),
        line(Tone::Plain, format!(
            "Each node's credit says how much {out} would change if that node's value grew a little, per unit of growth{BAR_NOTE}. The backward sweep starts at the output, whose credit is {} = 1 ({out} grows one-for-one with itself). Press next ▶ to start it.",
            bar(out)
        )),
    ]
}

fn received(g: &Graph, c: &Computed, names: &[String], k: usize, s: &Step) -> Vec<Line> {
    let me = &names[s.node.index()];
    if s.node == g.output() {
        return vec![line(
            Tone::Plain,
            format!("{} = 1: the output's credit for itself.", bar(me)),
        )];
    }
    let arrived: Vec<(NodeId, f64)> = c.sweep.steps[..k - 1]
        .iter()
        .flat_map(|st| {
            st.sends
                .iter()
                .filter(|t| t.to == s.node && !t.late)
                .map(|t| (st.node, t.contribution))
        })
        .collect();
    let text = if arrived.len() > 1 {
        let parts: Vec<String> = arrived
            .iter()
            .map(|(from, v)| format!("{} (from {})", fmt_signed(*v), names[from.index()]))
            .collect();
        let values: Vec<f64> = arrived.iter().map(|a| a.1).collect();
        let why = if arrived.iter().all(|(f, _)| *f == arrived[0].0) {
            format!(
                "{me} is fed twice into the same node, so both credits that came back are added"
            )
        } else {
            format!("{me} feeds several nodes, so the credits they sent back are added")
        };
        format!(
            "{} = {} = {}: {why}.",
            bar(me),
            fmt_sum(&parts, &values),
            fmt_signed(s.adjoint)
        )
    } else if g.consumers()[s.node.index()].len() > 1 {
        format!(
            "{} = {} so far: only one of the nodes it feeds has sent back yet (R5 removed: it is visited before the others).",
            bar(me),
            fmt_signed(s.adjoint)
        )
    } else if let [(from, _)] = arrived[..] {
        format!(
            "{} = {}, sent back by {}.",
            bar(me),
            fmt_signed(s.adjoint),
            names[from.index()]
        )
    } else {
        format!(
            "{} = {}: the credit that came back from the node it feeds.",
            bar(me),
            fmt_signed(s.adjoint)
        )
    };
    vec![line(Tone::Plain, text)]
}

fn r3_lines(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Vec<Line> {
    if c.req.keeps(3) {
        return vec![];
    }
    let me = &names[s.node.index()];
    let text = match (c.req.r3_off, s.from) {
        (ErrorSignal::Scrambled, None) if units(g).contains(&s.node) => format!(
            "R3 removed (scrambled): scrambling hands each unit another unit's credit, so it needs two or more units; this graph has {}, so {me} keeps its own.",
            units(g).len()
        ),
        (ErrorSignal::Scrambled, Some(j)) => format!(
            "R3 removed (scrambled): the sweep itself runs as usual, but when it is done {me} is handed {}'s credit instead of its own {}.",
            names[j.index()], fmt_signed(s.adjoint)
        ),
        (ErrorSignal::SignDropped, _) if s.adjoint < 0.0 => format!(
            "R3 removed (sign dropped): it sends {} on as usual, but it is given its credit without the sign: {} instead of {}.",
            fmt_signed(s.adjoint), fmt_signed(s.credit), fmt_signed(s.adjoint)
        ),
        _ => return vec![],
    };
    vec![line(Tone::Ablated, text)]
}

/// An input's last step: its credit against the gradient.
fn leaf(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Line {
    let me = &names[s.node.index()];
    if let Op::Const(_) = g.op(s.node) {
        return line(Tone::Plain, format!(
            "{me} is a fixed number, not an input: it receives {} but has nothing to pass it to, and no row in the table.",
            fmt_signed(s.credit)
        ));
    }
    let out = &names[g.output().index()];
    let v = c.var_nodes.iter().position(|n| *n == s.node).unwrap_or(0);
    let exact = c.exact.get(v).copied().unwrap_or(f64::NAN);
    if let Some(rule) = c.fd.get(v).and_then(|r| r.kink) {
        return line(Tone::Plain, format!(
            "{me} is an input: its credit is {}. {out} has a sharp corner (a kink) here (the sweep uses {rule}), so how fast {out} changes with {me} is not defined and the table cannot check it.",
            fmt_signed(s.adjoint)
        ));
    }
    if !exact.is_finite() {
        return line(Tone::Wrong, format!("{me} is an input, but how fast {out} changes with {me} (written ∂{out}/∂{me}) is not a finite number here: its credit means nothing."));
    }
    if !close(s.credit, s.adjoint) && close(s.adjoint, exact) {
        return line(Tone::Wrong, format!(
            "{me} is an input. The sweep found {}, the right credit (how much {out} changes per unit {me} grows, written ∂{out}/∂{me}), but {me} is given {} instead: wrong by {}.",
            fmt_signed(s.adjoint), fmt_signed(s.credit), fmt_minus((s.credit - exact).abs())
        ));
    }
    if close(s.adjoint, exact) {
        line(Tone::Plain, format!(
            "{me} is an input: its credit {} is how much {out} changes per unit {me} grows, for a small nudge (written ∂{out}/∂{me}); the table checks it.",
            fmt_signed(s.adjoint)
        ))
    } else {
        line(Tone::Wrong, format!(
            "{me} is an input: its credit is {}, but {out} really changes by {} per unit {me} grows (written ∂{out}/∂{me}): the credit is wrong by {}.",
            fmt_signed(s.adjoint), fmt_signed(exact), fmt_minus((s.adjoint - exact).abs())
        ))
    }
}

fn estimate_lines(g: &Graph, c: &Computed, names: &[String], s: &Step) -> Vec<Line> {
    let Some(e) = &c.sweep.estimate else {
        return vec![];
    };
    let i = s.node.index();
    let me = &names[i];
    let out = &names[g.output().index()];
    vec![
        line(
            Tone::Math,
            format!(
                "last draw: its nudge ξ = {}; its guess, the change in {out} times its nudge over the nudges' size squared, Δ{out}·ξ/σ² = {} × {} / {SIGMA}² = {}",
                fmt_sig(e.xi[i]),
                fmt_sig(e.delta_f),
                fmt_sig(e.xi[i]),
                fmt_sig(e.last[i])
            ),
        ),
        line(
            Tone::Plain,
            format!(
                "{me}'s guess, the average over {} draw(s): {} (its true credit is {})",
                e.draws,
                fmt_signed(e.mean[i]),
                fmt_signed(c.exact_credit[i])
            ),
        ),
    ]
}

fn verdict(g: &Graph, c: &Computed, names: &[String]) -> Line {
    let out = &names[g.output().index()];
    let what = if c.sweep.estimate.is_some() {
        "Every node has its guess"
    } else {
        "The sweep is done"
    };
    if c.sweep.grads.iter().chain(&c.exact).any(|x| !x.is_finite()) {
        return line(Tone::Wrong, format!("{what}, but {out} or its credits are not finite numbers here, so the credits mean nothing."));
    }
    if c.fd.iter().any(|r| r.kink.is_some()) {
        return line(
            Tone::Plain,
            format!("{what}. At a sharp corner (a kink) the credits of {out} are not defined, so the table cannot check every credit."),
        );
    }
    if c.grads_match() {
        return line(
            Tone::Plain,
            format!("{what}: every input has its exact credit (together, the gradient of {out}: the direction in which {out} grows fastest)."),
        );
    }
    let scale = norm(&c.sweep.grads) / norm(&c.exact);
    let how = if norm(&c.exact) == 0.0 {
        "the true credits are all zero here, so no direction can be compared; the credits are not zero"
            .to_string()
    } else if !c.cosine.is_finite() {
        "the credits are all zero, so they have no direction to compare".to_string()
    } else if c.cosine > 0.9999 {
        format!(
            "they point the same way as the true credits, but {} times as large",
            fmt_sig(scale)
        )
    } else {
        format!(
            "how well they point the same way as the true credits is {}, where 1 means the same way, 0 unrelated and −1 the opposite way",
            format!("{:.3}", c.cosine).replace('-', "−")
        )
    };
    line(
        Tone::Wrong,
        format!("{what}, but with a requirement removed the credits are not the true ones: {how}."),
    )
}

fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// What a node sends to each of its inputs, line by line.
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
    // the whole rule once, at the sweep's first node; after it, the short
    // form (a phone shows the step's words in a small box)
    let rule = if s.node == g.output() {
        format!("{me} = {shown} sends each input its credit times that input's local rate: how fast {me} grows when the input grows, at the values it stored.")
    } else {
        format!("{me} = {shown} sends each input its credit times that input's local rate:")
    };
    let mut out = vec![line(Tone::Plain, rule)];
    if !c.req.keeps(1) {
        out.push(stale_line(g, c, names, s.node));
    }
    for t in &s.sends {
        let to = &names[t.to.index()];
        if let Op::Const(_) = g.op(t.to) {
            out.push(line(
                Tone::Math,
                format!(
                    "to {to}, a fixed number: {} × {} = {} (it has nothing to pass on)",
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
        // a removed requirement's stand-in, said where it replaces the rate
        // (not a rate of −3 followed by × 1.674215)
        let instead = if close(t.used.value(), at_stored) {
            String::new()
        } else {
            format!(", but the sweep uses {} instead", fmt_sig(t.used.value()))
        };
        // a rate in numbers to check by hand, before its formula: a curve's,
        // and the first input's of a product or a sum (the second is the
        // same idea)
        let curve = def.arity == 1 && def.nonlinear;
        let first_of_two = def.arity == 2 && t.operand == 0;
        if (curve || first_of_two) && c.req.keeps(1) && c.req.keeps(2) && c.req.keeps(4) {
            out.push(nudged(
                c,
                def,
                op.inputs(),
                t.operand,
                k_param,
                &shown,
                to,
                &fmt_minus(at_stored),
            ));
        }
        out.push(line(
            Tone::Math,
            format!(
                "to {to}: local rate {formula} (written {d}({shown})/{d}{to}){instead}; {} × {} = {}",
                // seven figures, so the product shown checks by hand
                signed_sig(s.adjoint),
                fmt_sig(t.used.value()),
                signed_sig(t.contribution),
            ),
        ));
        out.extend(substitutions(g, c, names, s.node, t));
        if t.late {
            out.push(line(Tone::Wrong, format!(
                "R5 removed: {to} was already visited, its credit fixed at {}; this {} comes too late and is lost.",
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

/// A local rate in numbers a student can check by hand: "Nudge v from 4
/// to 4.001 and v² goes from 16 to 16.008, about 8 times the nudge:
/// that 8 is v's local rate."
#[allow(clippy::too_many_arguments)]
fn nudged(
    c: &Computed,
    def: &crate::engine::ops::OpDef,
    inputs: &[NodeId],
    operand: usize,
    k: f64,
    shown: &str,
    to: &str,
    rate: &str,
) -> Line {
    const H: f64 = 0.001;
    let mut at = [0.0; 2];
    for (slot, i) in at.iter_mut().zip(inputs) {
        *slot = c.node_values[i.index()];
    }
    let x = at[operand];
    let mut up = at;
    up[operand] += H;
    let (y0, y1) = ((def.value)(at, k), (def.value)(up, k));
    line(
        Tone::Plain,
        format!(
            "Nudge {to} from {} to {} and {shown} goes from {} to {}, about {rate} times the nudge: that {rate} is {to}'s local rate.",
            fmt_sig(x),
            fmt_sig(x + H),
            fmt_sig(y0),
            fmt_sig(y1)
        ),
    )
}

/// The local derivative's factors at the values the node stored (the
/// previous sample's without R1), before R2 and R4 change them.
fn stored_local(g: &Graph, c: &Computed, node: NodeId, t: &Sent) -> Local {
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
            "R1 removed: it uses the values kept from the previous example, {}.",
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
                "R1: worked out at the old values; with the current ones it would be {}.",
                fmt_minus(t.exact)
            ),
        ));
    }
    if !c.req.keeps(2) && before.slope != 1.0 {
        out.push(line(
            Tone::Ablated,
            format!(
                "R2 removed: the node's own slope is left out: ×{} instead of ×{} (its slope {} is replaced by 1).",
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
        out.push(line(
            Tone::Ablated,
            format!(
                "R4 removed: a fixed random number {} instead of the other input {other} = {}.",
                fmt_minus(t.used.linear),
                fmt_minus(before.linear)
            ),
        ));
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

/// A step's words without their calculus notation (" (written ∂f/∂a)",
/// " (written d(v²)/dv)"), for a class a teacher set up without it: the
/// words around each say the same thing plainly.
pub fn without_calculus(text: &str) -> String {
    without_figures(&without_bars(&without_written(text)))
}

/// The sweep's verdict without what needs more than school algebra: the
/// gradient's name, and how far a wrong sweep's credits point from the
/// true ones (the table's ✗ says which are wrong).
fn without_figures(text: &str) -> String {
    let mut t = text.to_string();
    if let Some(at) = t.find(" (together, the gradient of ") {
        if let Some(end) = t[at..].find(')') {
            t.replace_range(at..at + end + 1, "");
        }
    }
    const WRONG: &str = "the credits are not the true ones";
    if let Some(at) = t.find(WRONG) {
        t.replace_range(
            at + WRONG.len()..,
            ": the check table marks each wrong one ✗.",
        );
    }
    t
}

/// How step 0 introduces the bar notation (and the textbook's word for a
/// credit), said where it is written and where it is taken out.
const BAR_NOTE: &str = " (written x̄ for a node x, read “x bar”; books call it the adjoint)";

/// The bar notation said in words: "ā" becomes "a's credit", and the
/// note that introduces it (`BAR_NOTE`) goes.
fn without_bars(text: &str) -> String {
    say_bars(&text.replace(BAR_NOTE, ""), "'s credit")
}

/// Each barred name in `text` as the name and `then` ("'s credit", " bar").
/// (A barred name is each letter and a combining bar: `engine::fmt::bar`.)
fn say_bars(text: &str, then: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut name = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if chars.peek() == Some(&'\u{304}') {
            chars.next();
            name.push(c);
            continue;
        }
        if !name.is_empty() {
            out.push_str(&name);
            out.push_str(then);
            name.clear();
        }
        out.push(c);
    }
    if !name.is_empty() {
        out.push_str(&name);
        out.push_str(then);
    }
    out
}

/// The notation as a screen reader should say it: "ū" as "u bar" (as step
/// 0's note says to read it),
/// "∂(a·b)/∂a" as "the derivative of (a times b) with respect to a",
/// "×" and "·" as "times", "²" as "squared", σ, ξ and Δ by name. The page
/// shows the glyphs and hides them from the reader, which gets these
/// words (a label on a plain span would be ignored); a number longer
/// than four significant figures is said to four (the table beside it
/// has it in full); a shorter one stays whole (16.008 is not 16.01).
pub fn spoken(text: &str) -> String {
    four_figures(&words_for_glyphs(text))
}

/// Each decimal in `text` written to six or more significant figures (the
/// table's seven), to four: "−0.2741767" is said "−0.2742".
fn four_figures(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let len = rest[at..]
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len() - at);
        let token = rest[at..at + len].trim_end_matches('.');
        let in_name = rest[..at].ends_with(char::is_alphanumeric);
        let figures = token
            .trim_start_matches(['0', '.'])
            .chars()
            .filter(char::is_ascii_digit)
            .count();
        out.push_str(&rest[..at]);
        // (the page's own reader: `str::parse` links a 10 KB table)
        match crate::engine::decimal::read(token) {
            Some(x) if !in_name && token.contains('.') && figures >= 6 => {
                out.push_str(crate::engine::fmt::fmt_four(x).trim_start_matches('+'));
            }
            _ => out.push_str(token),
        }
        rest = &rest[at + token.len()..];
    }
    out.push_str(rest);
    out
}

fn words_for_glyphs(text: &str) -> String {
    let text = say_bars(text, " bar");
    let mut out = String::with_capacity(text.len() + 32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // ∂X/∂y: X a bracket or a name, y a name
            '∂' | 'd'
                if !out.ends_with(char::is_alphanumeric)
                    && derivative_at(&mut chars, c, &mut out) => {}
            '×' | '·' => out.push_str(if out.ends_with(' ') {
                "times"
            } else {
                " times "
            }),
            '²' => out.push_str(" squared"),
            'σ' => out.push_str("sigma"),
            'ξ' => out.push_str("xi"),
            'Δ' => out.push_str("change in "),
            _ => out.push(c),
        }
    }
    out
}

/// After a `d` (`∂` or `d`): a whole "X)/dy" or "X/dy" said as a derivative,
/// `true`; otherwise nothing is taken and `false`.
fn derivative_at(
    chars: &mut std::iter::Peekable<std::str::Chars>,
    d: char,
    out: &mut String,
) -> bool {
    let rest: String = chars.clone().collect();
    let top_len = if rest.starts_with('(') {
        let mut depth = 0;
        rest.char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i + 1)
        })
    } else {
        rest.find(|c: char| !c.is_alphanumeric()).filter(|&n| n > 0)
    };
    let Some(top_len) = top_len else { return false };
    let after = &rest[top_len..];
    let Some(tail) = after.strip_prefix('/').and_then(|t| t.strip_prefix(d)) else {
        return false;
    };
    let by_len = tail
        .find(|c: char| !c.is_alphanumeric())
        .unwrap_or(tail.len());
    if by_len == 0 {
        return false;
    }
    let top = words_for_glyphs(&rest[..top_len]);
    out.push_str(&format!(
        "the derivative of {top} with respect to {}",
        &tail[..by_len]
    ));
    let taken = rest[..top_len + 1 + d.len_utf8() + by_len].chars().count();
    for _ in 0..taken {
        chars.next();
    }
    true
}

fn without_written(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" (written ") {
        let after = &rest[at + " (written ".len()..];
        if !(after.starts_with('∂') || after.starts_with("d(")) {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        }
        // to the bracket that closes "(written"
        let mut depth = 1;
        let end = after.char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i + 1)
        });
        let Some(end) = end else { break };
        out.push_str(&rest[..at]);
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}
