//! `creditflow grad EXPR a=2 b=-3 …`: the worked example on the terminal,
//! with the same numbers as the page for the same settings.

use crate::cli::{fail, json_num};
use crate::engine::fmt::{fmt_num, fmt_sig};
use crate::engine::sweep::previous_sample;
use crate::engine::{backward, cosine, finite_differences, parse, ErrorSignal, Requirements};
use crate::engine::{Graph, ParseError, Sweep};
use serde_json::{json, Map};

/// What the command line asked for.
#[derive(Default)]
struct Args {
    expr: Option<String>,
    values: Vec<(String, f64)>,
    previous: Vec<(String, f64)>,
    json: bool,
    steps: bool,
    req: Requirements,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut it = args.iter();
    let next = |it: &mut std::slice::Iter<String>, what: &str| {
        it.next().cloned().ok_or(format!("{what} needs a value"))
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--json" => a.json = true,
            "--steps" => a.steps = true,
            "--without" => {
                let r = next(&mut it, "--without")?;
                let r = requirement(&r).ok_or("--without takes one of R1, R2, R3, R4, R5")?;
                a.req.kept[r - 1] = false;
            }
            "--r3" => {
                a.req.r3_off = match next(&mut it, "--r3")?.as_str() {
                    "shared" => ErrorSignal::SharedScore,
                    "scrambled" => ErrorSignal::Scrambled,
                    "sign" => ErrorSignal::SignDropped,
                    other => {
                        return Err(format!(
                            "--r3 takes shared, scrambled or sign, not '{other}'"
                        ))
                    }
                }
            }
            "--draws" => {
                let v = next(&mut it, "--draws")?;
                a.req.draws = v
                    .parse()
                    .ok()
                    .filter(|d| (1..=crate::engine::sweep::perturb::MAX_DRAWS).contains(d))
                    .ok_or(format!(
                        "--draws takes a whole number from 1 to 10000, not '{v}'"
                    ))?;
            }
            "--seed" => {
                let v = next(&mut it, "--seed")?;
                a.req.seed = v
                    .parse()
                    .map_err(|_| format!("--seed takes a whole number, not '{v}'"))?;
            }
            "--prev" => a.previous.push(name_value(&next(&mut it, "--prev")?)?),
            s if s.starts_with("--") => return Err(format!("unknown option '{s}'")),
            s if a.expr.is_none() => a.expr = Some(s.to_string()),
            s => a.values.push(name_value(s)?),
        }
    }
    Ok(a)
}

fn name_value(s: &str) -> Result<(String, f64), String> {
    let (name, v) = s
        .split_once('=')
        .ok_or(format!("expected NAME=VALUE, got '{s}'"))?;
    match v.trim().replace('−', "-").parse::<f64>() {
        Ok(x) if x.is_finite() => Ok((name.trim().to_string(), x)),
        _ => Err(format!("'{v}' is not a finite number (in '{s}')")),
    }
}

pub fn run(args: &[String]) -> i32 {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let Some(src) = a.expr.clone() else {
        return fail("grad needs an expression, e.g. '(a*b+c)^2'");
    };
    let caret = |pos, message: String| {
        eprintln!("{}", ParseError { pos, message }.caret(&src));
        2
    };
    let g = match parse(&src) {
        Ok(g) => g,
        Err(e) => return caret(e.pos, e.message),
    };
    let vars = match g.bind(&a.values) {
        Ok(v) => v,
        Err((pos, msg)) => return caret(pos, msg),
    };
    // the previous sample: as given, else each input shifted (as the page)
    let shifted = previous_sample(&vars);
    let prev: Vec<f64> = g
        .vars
        .iter()
        .zip(&shifted)
        .map(|(n, &d)| {
            a.previous
                .iter()
                .rev()
                .find(|(m, _)| m == n)
                .map_or(d, |p| p.1)
        })
        .collect();
    let vals = g.eval(&vars);
    let sweep = backward(&g, &vals, &g.eval(&prev), a.req);
    let exact = backward(&g, &vals, &vals, Requirements::default()).grads;
    if a.json {
        print_json(&g, &a, &vals, &sweep, &exact, &vars);
    } else {
        print_text(&g, &a, &vals, &sweep, &exact, &vars, &prev);
    }
    0
}

fn without(req: &Requirements) -> Vec<String> {
    (1..=5)
        .filter(|&r| !req.keeps(r))
        .map(|r| format!("R{r}"))
        .collect()
}

fn print_json(g: &Graph, a: &Args, vals: &[f64], sweep: &Sweep, exact: &[f64], vars: &[f64]) {
    let rows = finite_differences(g, vars, &sweep.grads);
    let grads: Map<_, _> = rows
        .iter()
        .map(|r| (r.name.clone(), json_num(r.analytic)))
        .collect();
    let fd: Map<_, _> = rows
        .iter()
        .map(|r| (r.name.clone(), json!(r.numeric)))
        .collect();
    // a struct, so the keys print in this order
    #[derive(serde::Serialize)]
    struct Out {
        value: serde_json::Value,
        grads: Map<String, serde_json::Value>,
        fd: Map<String, serde_json::Value>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        without: Vec<String>,
        cosine: serde_json::Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        draws: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        forward_runs: Option<u32>,
    }
    let est = sweep.estimate.as_ref();
    let out = Out {
        value: json_num(vals[g.output().index()]),
        grads,
        fd,
        without: without(&a.req),
        cosine: json_num(cosine(&sweep.grads, exact)),
        draws: est.map(|e| e.draws),
        forward_runs: est.map(|e| e.forward_runs),
    };
    println!("{}", serde_json::to_string(&out).unwrap_or_default());
}

fn print_text(
    g: &Graph,
    a: &Args,
    vals: &[f64],
    sweep: &Sweep,
    exact: &[f64],
    vars: &[f64],
    prev: &[f64],
) {
    let req = &a.req;
    if req.kept != [true; 5] {
        let names: Vec<&str> = (1..=5)
            .filter(|&r| !req.keeps(r))
            .map(|r| Requirements::NAMES[r - 1])
            .collect();
        println!("without {}", names.join(", "));
    }
    if !req.keeps(1) {
        let p: Vec<String> = g
            .vars
            .iter()
            .zip(prev)
            .map(|(n, v)| format!("{n}={}", fmt_num(*v)))
            .collect();
        println!("previous sample (R1's stale values): {}", p.join(" "));
    }
    println!("f = {}", fmt_num(vals[g.output().index()]));
    if let Some(e) = &sweep.estimate {
        println!(
            "one shared score: mean of {} draw(s) of node perturbation (σ = {}), {} forward runs",
            e.draws,
            crate::engine::sweep::perturb::SIGMA,
            e.forward_runs
        );
    }
    if a.steps {
        print_steps(g, sweep);
    }
    println!(
        "{:<8} {:>14} {:>14} {:>9} {:>9}",
        "input", "gradient", "central diff", "error", "rel."
    );
    for r in finite_differences(g, vars, &sweep.grads) {
        let mark = match r.verdict() {
            crate::engine::Verdict::Agrees => String::new(),
            crate::engine::Verdict::Wrong => "  ✗ wrong".into(),
            crate::engine::Verdict::NotDifferentiable => "  (not differentiable here)".into(),
            crate::engine::Verdict::NotFinite => "  (not a finite number)".into(),
            crate::engine::Verdict::TooCoarse if r.slack.is_infinite() => {
                "  (cannot tell: f is too sensitive here; rounding alone moves f by more than 1e-3 of f)".into()
            }
            crate::engine::Verdict::TooCoarse => {
                format!("  (cannot tell: the central difference is unsettled here, ±{:.1e})", r.slack)
            }
        };
        // the page's table: seven significant figures, errors to .1e
        println!(
            "{:<8} {:>14} {:>14} {:>9.1e} {:>9.1e}{}",
            r.name,
            fmt_sig(r.analytic),
            fmt_sig(r.numeric),
            r.error,
            r.relative,
            mark
        );
    }
    println!("{}", crate::engine::check::FD_RULE);
    println!(
        "cosine with the true gradient: {:.4}",
        cosine(&sweep.grads, exact)
    );
}

fn print_steps(g: &Graph, sweep: &Sweep) {
    println!("backward sweep ({} steps):", sweep.steps.len());
    for (k, s) in sweep.steps.iter().enumerate() {
        let label = g.op(s.node).symbol(&g.vars);
        let handed = s
            .from
            .map(|j| format!(" (handed node {}'s)", j.0))
            .unwrap_or_default();
        println!(
            "  {:>3}. node {} [{}] adjoint {} credit {}{}",
            k + 1,
            s.node.0,
            label,
            fmt_num(s.adjoint),
            fmt_num(s.credit),
            handed
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
                fmt_num(t.used.value()),
                fmt_num(t.contribution),
                fmt_num(t.before),
                fmt_num(t.after),
                late
            );
        }
    }
}

/// `R1`..`R5` (any case) to 1..5.
fn requirement(s: &str) -> Option<usize> {
    let n: usize = s.strip_prefix(['R', 'r'])?.parse().ok()?;
    (1..=5).contains(&n).then_some(n)
}
