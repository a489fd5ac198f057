//! `creditflow grad EXPR a=2 b=-3 …`: the worked example on the terminal.

use super::{fail, json_num};
use crate::engine::graph::fmt_num;
use crate::engine::{backward, finite_differences, parse, ErrorSignal, Requirements};
use serde_json::{json, Map};

pub fn run(args: &[String]) -> i32 {
    let mut expr = None;
    let mut values = Vec::new();
    let (mut as_json, mut steps, mut sign_dropped) = (false, false, false);
    let mut without = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => as_json = true,
            "--steps" => steps = true,
            "--sign-dropped" => sign_dropped = true,
            "--without" => match it.next().and_then(|r| requirement(r)) {
                Some(r) => without.push(r),
                None => return fail("--without takes one of R1, R2, R3, R4, R5"),
            },
            s if s.starts_with("--") => return fail(&format!("unknown option '{s}'")),
            s if expr.is_none() => expr = Some(s.to_string()),
            s => match s.split_once('=') {
                Some((name, v)) => match v.trim().parse::<f64>() {
                    Ok(x) if x.is_finite() => values.push((name.trim().to_string(), x)),
                    _ => return fail(&format!("'{v}' is not a finite number (in '{s}')")),
                },
                None => return fail(&format!("expected NAME=VALUE, got '{s}'")),
            },
        }
    }
    let Some(src) = expr else {
        return fail("grad needs an expression, e.g. '(a*b+c)^2'");
    };
    let g = match parse(&src) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{}", e.caret(&src));
            return 2;
        }
    };
    let vars = match g.bind(&values) {
        Ok(v) => v,
        Err((pos, msg)) => {
            let e = crate::engine::ParseError { pos, message: msg };
            eprintln!("{}", e.caret(&src));
            return 2;
        }
    };
    let mut req = Requirements::without(&without);
    if sign_dropped {
        req.r3_off = ErrorSignal::SignDropped;
    }
    let vals = g.eval(&vars);
    let stale = g.eval(&crate::engine::sweep::previous_sample(&vars));
    let sweep = backward(&g, &vals, &stale, req);
    let rows = finite_differences(&g, &vars, &sweep.grads);
    let f = vals[g.output().index()];

    if as_json {
        let grads: Map<_, _> = rows
            .iter()
            .map(|r| (r.name.clone(), json_num(r.analytic)))
            .collect();
        let fd: Map<_, _> = rows
            .iter()
            .map(|r| (r.name.clone(), json!(r.numeric)))
            .collect();
        // a struct, so the keys print in this order: value, grads, fd
        #[derive(serde::Serialize)]
        struct Out {
            value: serde_json::Value,
            grads: Map<String, serde_json::Value>,
            fd: Map<String, serde_json::Value>,
            #[serde(skip_serializing_if = "Vec::is_empty")]
            without: Vec<String>,
        }
        let without = without.iter().map(|r| format!("R{r}")).collect();
        let out = Out {
            value: json_num(f),
            grads,
            fd,
            without,
        };
        println!("{}", serde_json::to_string(&out).unwrap_or_default());
        return 0;
    }
    if !without.is_empty() {
        let names: Vec<String> = without
            .iter()
            .map(|&r| Requirements::NAMES[r - 1].to_string())
            .collect();
        println!("without {}", names.join(", "));
    }
    println!("f = {}", fmt_num(f));
    if steps {
        println!("backward sweep ({} steps):", sweep.steps.len());
        for (k, s) in sweep.steps.iter().enumerate() {
            let label = g.op(s.node).symbol(&g.vars);
            println!(
                "  {:>3}. node {} [{}] adjoint {}",
                k + 1,
                s.node.0,
                label,
                fmt_num(s.adjoint)
            );
            for t in &s.sends {
                let to = g.op(t.to).symbol(&g.vars);
                let late = if t.late {
                    "  (too late: already visited)"
                } else {
                    ""
                };
                println!(
                    "       → node {} [{}]: {} × {} = {}; sum {} → {}{}",
                    t.to.0,
                    to,
                    fmt_num(s.adjoint),
                    fmt_num(t.local),
                    fmt_num(t.contribution),
                    fmt_num(t.before),
                    fmt_num(t.after),
                    late
                );
            }
        }
    }
    println!(
        "{:<8} {:>14} {:>18} {:>10}",
        "input", "adjoint", "central diff", "error"
    );
    for r in &rows {
        let mark = if r.agrees() { "" } else { "  ✗ wrong" };
        println!(
            "{:<8} {:>14.6} {:>18.6} {:>10.2e}{}",
            r.name, r.analytic, r.numeric, r.error, mark
        );
    }
    0
}

/// `R1`..`R5` (any case) to 1..5.
fn requirement(s: &str) -> Option<usize> {
    let n: usize = s.strip_prefix(['R', 'r'])?.parse().ok()?;
    (1..=5).contains(&n).then_some(n)
}
