//! `creditflow agents`: the simulated agent pipeline (`lab::agents`) on
//! the terminal: the depth study at an equal call budget over the seeds
//! (median and interquartile band), the held-out curves of each signal
//! gated and ungated with what happened in words, the answers to Part 5's
//! questions, and the compute-matched vote; `--protocol-card` prints the
//! card for running the test on a real pipeline.

use crate::cli::opts::list;
use crate::cli::{fail, refuse, write};
use crate::lab::agents::margin::{self, MarginAxes, MarginCell};
use crate::lab::agents::rounds::{depth_study, run, AgentRun, PipelineRow};
use crate::lab::agents::trace::{self, SimRun};
use crate::lab::agents::vote::vote_study;
use crate::lab::agents::words::Story;
use crate::lab::agents::{AgentsConfig, Signal};
use crate::page::agents::import::Imported;
use crate::page::agents::protocol::markdown;
use crate::page::agents::settings::SETTINGS;
use crate::page::agents::{AgentsResults, AgentsSettings};
use crate::page::settings::by_flag;
use serde_json::json;

struct Opts {
    settings: AgentsSettings,
    depths: Vec<usize>,
    signals: Vec<Signal>,
    json: Option<String>,
    card: bool,
    /// The margin map's axes, when asked for (`--map`).
    map: Option<MarginAxes>,
    /// A trace to read instead of simulating (`--import`).
    import: Option<String>,
    /// Where to write the simulation as a trace (`--write-trace`).
    write_trace: Option<String>,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        settings: AgentsSettings::default(),
        depths: vec![1, 2, 4, 8],
        signals: Signal::ALL.to_vec(),
        json: None,
        card: false,
        map: None,
        import: None,
        write_trace: None,
    };
    let fraction = |p: &str| p.parse::<f64>().ok().filter(|x| (0.0..=1.0).contains(x));
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
                    .map_err(|e| format!("{e}; signals are exact, chain, broadcast, reading"))?
            }
            "--json" => o.json = Some(it.next().ok_or("--json needs a file name")?.clone()),
            "--protocol-card" => o.card = true,
            "--import" => {
                o.import = Some(
                    it.next()
                        .ok_or("--import needs a trace file (.jsonl)")?
                        .clone(),
                )
            }
            "--write-trace" => {
                o.write_trace = Some(it.next().ok_or("--write-trace needs a file name")?.clone())
            }
            "--map" => o.map = Some(o.map.take().unwrap_or_default()),
            "--map-fidelities" => {
                let v = list(it.next(), "--map-fidelities", fraction)
                    .map_err(|e| format!("{e}; a fidelity is from 0 to 1"))?;
                o.map.get_or_insert_with(MarginAxes::default).fidelities = v;
            }
            "--map-blurs" => {
                let v = list(it.next(), "--map-blurs", fraction)
                    .map_err(|e| format!("{e}; a blur is from 0 to 1"))?;
                o.map.get_or_insert_with(MarginAxes::default).blurs = v;
            }
            "--map-depths" => {
                let v = list(it.next(), "--map-depths", |p| {
                    p.parse().ok().filter(|d| (1..=8).contains(d))
                })
                .map_err(|e| format!("{e}; a depth is a whole number from 1 to 8"))?;
                o.map.get_or_insert_with(MarginAxes::default).depths = v;
            }
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
    json!({
        "signal": r.signal.id(), "gate": gate, "seed": r.seed, "val": r.val, "kept": r.kept,
        "calls": r.calls, "angles": r.angles, "words": Story::of(r).text(gate),
    })
}

/// The margin map as a table, a line per cell.
fn print_map(cells: &[MarginCell]) {
    println!(
        "where the chain stops winning (its margin over each broadcast at an equal call budget):"
    );
    println!(
        "  {:<18} {:>5} {:>5} {:>3}  {:<24} {:<24} {:>8}",
        "against", "blur", "ρ", "K", "chain", "broadcast", "margin"
    );
    for m in cells {
        println!(
            "  {:<18} {:>5} {:>5} {:>3}  {:<24} {:<24} {:>8}",
            m.against.short(),
            m.blur,
            m.fidelity,
            m.depth,
            m.chain.text(3),
            m.other.text(3),
            m.text()
        );
    }
}

pub fn agents(args: &[String]) -> i32 {
    let o = match parse(args) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    if o.card {
        print!("{}", markdown());
        return 0;
    }
    if let Some(path) = &o.import {
        return import(&o, path);
    }
    if let Some(path) = &o.write_trace {
        return write_trace(&o, path);
    }
    let (c, s) = (o.settings.cfg, &o.settings);
    let vote_cfg = o.settings.vote;
    println!(
        "A simulation: no language model is called. Fidelity {}, noise {}, specificity lost per hop {}, \
         {} rounds of the chained critique's calls, gate {}, {} seeds from {}; a run's score: {}.",
        c.fidelity,
        c.noise,
        c.blur,
        c.rounds,
        if c.gate { "on" } else { "off" },
        s.seeds,
        c.seed,
        s.measure.describe()
    );
    let mut results = AgentsResults::default();
    for seed in s.seed_list() {
        let cfg = AgentsConfig { seed, ..c };
        results
            .rows
            .extend(depth_study(&cfg, &s.names, &o.depths, &o.signals));
        for gate in [false, true] {
            let p = s.pipeline_at(gate, seed);
            for &sig in &o.signals {
                results.curves.push((gate, run(&p, sig, c.rounds)));
            }
        }
    }
    results.vote = vote_study(&vote_cfg, 8);
    report(&o, &results, true)
}

/// Reads a trace and reports it as a run of the simulation is reported.
fn import(o: &Opts, path: &str) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return refuse(&format!("cannot read {path}: {e}")),
    };
    let imported = match trace::parse(&text) {
        Ok(t) => Imported::of(t),
        Err(e) => return refuse(&format!("{path}: {e}")),
    };
    println!("{path}: {}", imported.summary());
    report(o, &imported.results, false)
}

/// Writes the simulation's runs as a trace: each arm at each depth and
/// seed, gated as the settings say.
fn write_trace(o: &Opts, path: &str) -> i32 {
    let s = &o.settings;
    let mut runs = Vec::new();
    for seed in s.seed_list() {
        for &steps in &o.depths {
            for &arm in &o.signals {
                runs.push(SimRun {
                    arm,
                    steps,
                    seed,
                    gate: s.cfg.gate,
                });
            }
        }
    }
    let what = format!(
        "made by `creditflow agents --write-trace` at fidelity {}, noise {}, blur {}, {} rounds of the chained critique's calls, {} tasks, message size {}",
        s.cfg.fidelity, s.cfg.noise, s.cfg.blur, s.cfg.rounds, s.cfg.tasks, s.cfg.out_size
    );
    write(path, &trace::simulate(&s.cfg, &s.names, &runs, &what))
}

/// The depth table, the findings, the words, the vote and the answers
/// (the last two for the simulation only), and the JSON file.
fn report(o: &Opts, results: &AgentsResults, simulated: bool) -> i32 {
    let (c, s) = (o.settings.cfg, &o.settings);
    let vote_cfg = o.settings.vote;
    let points = results.depth_points(s.measure);
    println!(
        "{:>5}  {:<40} {:>6} {:>9} {:>10}  {:<28} {:>10}  angle per step (median)",
        "depth", "signal", "rounds", "calls", "start", "score: median [middle half]", "mean angle"
    );
    for p in &points {
        let r = &p.row;
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
            "{:>5}  {:<40} {:>6} {:>9} {:>10.4}  {:<28} {:>10}  {}",
            r.depth,
            r.signal.name(),
            r.rounds,
            r.calls,
            r.start_val,
            p.score.text(4),
            mean,
            steps.join(" ")
        );
    }
    println!(
        "(held-out loss; each step's update's angle to the exact gradient, mean over rounds; \
         the mean is over the steps before the last)"
    );
    let findings = results.findings(s.measure);
    for f in &findings {
        println!("{f}");
    }
    let curve_k = results
        .curves
        .first()
        .map_or(c.stages, |(_, r)| r.angles.len());
    println!("at K = {curve_k}, round by round:");
    for (who, words) in results.arm_words(s.measure) {
        println!("  {who}: {words}");
    }
    if simulated {
        println!(
            "compute-matched vote (fix {}, break {}): calls, independent + vote, refine + vote",
            vote_cfg.fix, vote_cfg.break_
        );
    }
    for v in &results.vote {
        println!("{:>5} {:>8.3} {:>8.3}", v.calls, v.independent, v.refine);
    }
    let answers = if simulated {
        results.answers(s.measure, c.stages)
    } else {
        Vec::new()
    };
    for a in &answers {
        println!("{a}");
    }
    let map = o.map.as_ref().filter(|_| simulated).map(|axes| {
        let rows: Vec<_> = axes
            .jobs(&s.seed_list())
            .into_iter()
            .map(|j| (j, j.row(&c, &s.names)))
            .collect();
        let cells = axes.cells(&rows, s.measure);
        print_map(&cells);
        for f in margin::findings(&cells, axes) {
            println!("{f}");
        }
        json!({ "axes": axes, "cells": cells })
    });
    if let Some(path) = &o.json {
        let rows: Vec<&PipelineRow> = results.rows.iter().collect();
        let curves: Vec<serde_json::Value> = results
            .curves
            .iter()
            .map(|(g, r)| curve_json(r, *g))
            .collect();
        let out = crate::lab::provenance::stamp(json!({
            "simulation": if simulated { "no language model is called" } else { "imported from a trace" },
            "trace": o.import,
            "settings": c,
            "seeds": s.seed_list(),
            "score": s.measure,
            "depths": o.depths,
            "rows": rows,
            "curves": curves,
            "findings": findings,
            "answers": answers,
            "vote_settings": vote_cfg,
            "names": o.settings.names,
            "vote": results.vote,
            "map": map,
        }));
        return write(
            path,
            &serde_json::to_string_pretty(&out).unwrap_or_default(),
        );
    }
    0
}
