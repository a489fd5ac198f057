//! `creditflow agents`: the simulated agent pipeline (`lab::agents`) on
//! the terminal: the depth study at an equal call budget, the held-out
//! curves of each signal gated and ungated, and the compute-matched vote.

use crate::cli::opts::list;
use crate::cli::{fail, write};
use crate::lab::agents::rounds::{depth_study, run, AgentRun, PipelineRow};
use crate::lab::agents::vote::vote_study;
use crate::lab::agents::Signal;
use crate::page::agents::settings::SETTINGS;
use crate::page::agents::AgentsSettings;
use crate::page::settings::by_flag;
use serde_json::json;

struct Opts {
    settings: AgentsSettings,
    depths: Vec<usize>,
    signals: Vec<Signal>,
    json: Option<String>,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        settings: AgentsSettings::default(),
        depths: vec![1, 2, 4, 8],
        signals: Signal::ALL.to_vec(),
        json: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depths" => {
                o.depths = list(it.next(), "--depths", |p| {
                    p.parse().ok().filter(|d| (1..=8).contains(d))
                })
                .map_err(|e| format!("{e}; a depth is a whole number from 1 to 8"))?
            }
            "--signals" => {
                o.signals = list(it.next(), "--signals", Signal::from_id)
                    .map_err(|e| format!("{e}; signals are exact, chain, broadcast"))?
            }
            "--json" => o.json = Some(it.next().ok_or("--json needs a file name")?.clone()),
            flag => {
                // every other flag is a setting of the page's table
                let s =
                    by_flag(&SETTINGS, flag).ok_or_else(|| format!("unknown option '{flag}'"))?;
                let v = it.next().map(String::as_str).unwrap_or("");
                if !(s.set)(&mut o.settings, v) {
                    return Err(format!("{flag} needs {}", s.what));
                }
            }
        }
    }
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
    let c = o.settings.cfg;
    let vote_cfg = o.settings.vote;
    println!(
        "A simulation: no language model is called. Fidelity {}, noise {}, specificity lost per hop {}, \
         {} rounds of the chained critique's calls, gate {}.",
        c.fidelity,
        c.noise,
        c.blur,
        c.rounds,
        if c.gate { "on" } else { "off" }
    );
    let rows: Vec<PipelineRow> = depth_study(&c, &o.settings.names, &o.depths, &o.signals);
    println!(
        "{:>5}  {:<40} {:>6} {:>9} {:>10} {:>10} {:>12}  angle per step",
        "depth", "signal", "rounds", "calls", "start", "final", "mean angle"
    );
    for r in &rows {
        let mean = r.mean_inner_angle();
        let mean = if mean.is_finite() {
            format!("{mean:.1}°")
        } else {
            "—".to_string()
        };
        let steps: Vec<String> = r
            .angles
            .iter()
            .map(|a| {
                if a.is_finite() {
                    format!("{a:.0}°")
                } else {
                    "—".into()
                }
            })
            .collect();
        println!(
            "{:>5}  {:<40} {:>6} {:>9} {:>10.4} {:>10.4} {:>12}  {}",
            r.depth,
            r.signal.name(),
            r.rounds,
            r.calls,
            r.start_val,
            r.final_val,
            mean,
            steps.join(" ")
        );
    }
    println!(
        "(held-out loss; each step's update's angle to the exact gradient, mean over rounds; \
         the mean is over the steps before the last)"
    );
    // the curves at --depth, each signal gated and ungated
    let mut curves = Vec::new();
    for gate in [false, true] {
        let p = o.settings.pipeline(gate);
        for &s in &o.signals {
            curves.push(curve_json(&run(&p, s, c.rounds), gate));
        }
    }
    let vote = vote_study(&vote_cfg, 8);
    println!(
        "compute-matched vote (fix {}, break {}): calls, independent + vote, refine + vote",
        vote_cfg.fix, vote_cfg.break_
    );
    for v in &vote {
        println!("{:>5} {:>8.3} {:>8.3}", v.calls, v.independent, v.refine);
    }
    if let Some(path) = &o.json {
        let out = crate::lab::provenance::stamp(json!({
            "simulation": "no language model is called",
            "settings": c,
            "depths": o.depths,
            "rows": rows,
            "curves": curves,
            "vote_settings": vote_cfg,
            "names": o.settings.names,
            "vote": vote,
        }));
        return write(
            path,
            &serde_json::to_string_pretty(&out).unwrap_or_default(),
        );
    }
    0
}
