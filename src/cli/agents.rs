//! `creditflow agents`: the simulated agent pipeline (`lab::agents`) on
//! the terminal: the depth study at an equal call budget, the held-out
//! curves of each signal gated and ungated, and the compute-matched vote.

use super::lab::list;
use super::{fail, write};
use crate::lab::agents::pipeline::Pipeline;
use crate::lab::agents::rounds::{depth_study, run, AgentRun, DepthRow};
use crate::lab::agents::vote::{vote_study, VoteConfig};
use crate::lab::agents::{AgentsConfig, Signal};
use serde_json::json;

struct Opts {
    cfg: AgentsConfig,
    depths: Vec<usize>,
    signals: Vec<Signal>,
    vote: VoteConfig,
    json: Option<String>,
}

fn number(
    s: Option<&String>,
    what: &str,
    ok: impl Fn(f64) -> bool,
    range: &str,
) -> Result<f64, String> {
    s.and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && ok(*v))
        .ok_or_else(|| format!("{what} needs {range}"))
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        cfg: AgentsConfig::default(),
        depths: vec![1, 2, 4, 8],
        signals: Signal::ALL.to_vec(),
        vote: VoteConfig::default(),
        json: None,
    };
    let unit = |v: f64| (0.0..=1.0).contains(&v);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let c = &mut o.cfg;
        match a.as_str() {
            "--depths" => {
                o.depths = list(it.next(), "--depths", |p| {
                    p.parse().ok().filter(|d| (1..=8).contains(d))
                })
                .map_err(|e| format!("{e}; a depth is a whole number from 1 to 8"))?
            }
            "--depth" => {
                c.depth = number(
                    it.next(),
                    "--depth",
                    |v| v.fract() == 0.0 && (1.0..=8.0).contains(&v),
                    "a whole number from 1 to 8",
                )? as usize
            }
            "--signals" => {
                o.signals = list(it.next(), "--signals", Signal::from_id)
                    .map_err(|e| format!("{e}; signals are exact, chain, broadcast"))?
            }
            "--rounds" => {
                c.rounds = number(
                    it.next(),
                    "--rounds",
                    |v| v.fract() == 0.0 && (1.0..=10_000.0).contains(&v),
                    "a whole number from 1 to 10,000",
                )? as usize
            }
            "--fidelity" => {
                c.fidelity = number(it.next(), "--fidelity", unit, "a number from 0 to 1")?
            }
            "--noise" => {
                c.noise = number(
                    it.next(),
                    "--noise",
                    |v| (0.0..=10.0).contains(&v),
                    "a number from 0 to 10",
                )?
            }
            "--blur" => c.blur = number(it.next(), "--blur", unit, "a number from 0 to 1")?,
            "--lr" => {
                c.lr = number(
                    it.next(),
                    "--lr",
                    |v| v > 0.0 && v <= 100.0,
                    "a number above 0, at most 100",
                )?
            }
            "--momentum" => {
                c.momentum = number(
                    it.next(),
                    "--momentum",
                    |v| (0.0..1.0).contains(&v),
                    "a number from 0 to below 1",
                )?
            }
            "--seed" => {
                c.seed = number(
                    it.next(),
                    "--seed",
                    |v| v.fract() == 0.0 && v >= 0.0,
                    "a whole number",
                )? as u64
            }
            "--gate" => {
                c.gate = match it.next().map(String::as_str) {
                    Some("on") => true,
                    Some("off") => false,
                    _ => return Err("--gate needs on or off".into()),
                }
            }
            "--fix" => o.vote.fix = number(it.next(), "--fix", unit, "a probability from 0 to 1")?,
            "--break" => {
                o.vote.break_ = number(it.next(), "--break", unit, "a probability from 0 to 1")?
            }
            "--json" => o.json = Some(it.next().ok_or("--json needs a file name")?.clone()),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    o.vote.seed = o.cfg.seed;
    Ok(o)
}

fn curve_json(r: &AgentRun, gate: bool) -> serde_json::Value {
    json!({ "signal": r.signal.id(), "gate": gate, "val": r.val, "kept": r.kept, "calls": r.calls, "angles": r.angles })
}

pub fn agents(args: &[String]) -> i32 {
    let o = match parse(args) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    let c = o.cfg;
    println!(
        "A simulation: no language model is called. Fidelity {}, noise {}, specificity lost per hop {}, \
         {} rounds of the chained critique's calls, gate {}.",
        c.fidelity,
        c.noise,
        c.blur,
        c.rounds,
        if c.gate { "on" } else { "off" }
    );
    let rows: Vec<DepthRow> = depth_study(&c, &o.depths, &o.signals);
    println!(
        "{:>5}  {:<40} {:>6} {:>9} {:>10} {:>10} {:>12}",
        "depth", "signal", "rounds", "calls", "start", "final", "mean angle"
    );
    for r in &rows {
        let inner: Vec<f64> = r.angles[..r.angles.len() - 1].to_vec();
        let mean = inner.iter().sum::<f64>() / inner.len().max(1) as f64;
        let mean = if inner.is_empty() {
            "—".to_string()
        } else {
            format!("{mean:.1}°")
        };
        println!(
            "{:>5}  {:<40} {:>6} {:>9} {:>10.4} {:>10.4} {:>12}",
            r.depth,
            r.signal.name(),
            r.rounds,
            r.calls,
            r.start_val,
            r.final_val,
            mean
        );
    }
    println!("(held-out loss; mean angle to the exact gradient over the steps before the last)");
    // the curves at --depth, each signal gated and ungated
    let mut curves = Vec::new();
    for gate in [false, true] {
        let p = Pipeline::new(AgentsConfig { gate, ..c });
        for &s in &o.signals {
            curves.push(curve_json(&run(&p, s, c.rounds), gate));
        }
    }
    let vote = vote_study(&o.vote, 8);
    println!(
        "compute-matched vote (fix {}, break {}): calls, independent + vote, refine + vote",
        o.vote.fix, o.vote.break_
    );
    for v in &vote {
        println!("{:>5} {:>8.3} {:>8.3}", v.calls, v.independent, v.refine);
    }
    if let Some(path) = &o.json {
        let out = json!({
            "simulation": "no language model is called",
            "settings": c,
            "depths": o.depths,
            "rows": rows,
            "curves": curves,
            "vote_settings": o.vote,
            "vote": vote,
        });
        return write(
            path,
            &serde_json::to_string_pretty(&out).unwrap_or_default(),
        );
    }
    0
}
