//! The trace format for one's own pipeline runs (docs/agents-trace.md,
//! docs/agents-trace.schema.json): JSON Lines, a header line and then one
//! record per round × step × arm × run, read into the same runs the
//! simulation makes (`AgentRun`), so the same bands, verdicts and words
//! apply; and the simulation written out in that format (the shipped
//! examples). A bad file is refused whole, with the line it went wrong on.

use crate::lab::agents::rounds::{depth_unit, AgentRun, Rounds};
use crate::lab::agents::{AgentsConfig, Signal};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format's version, in the header.
pub const VERSION: u64 = 1;
/// The largest file the importer reads, in bytes.
pub const MAX_BYTES: usize = 50_000_000;
/// Limits a record must keep.
pub const MAX_STEPS: usize = 64;
pub const MAX_ROUNDS: usize = 100_000;
pub const MAX_RUNS: usize = 1_000;

/// The first line of a trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The format's version (1).
    pub creditflow_trace: u64,
    /// Whether the runs were made by the simulation.
    #[serde(default)]
    pub simulated: bool,
    /// What `held_out` measures ("lower is better").
    #[serde(default)]
    pub metric: String,
    #[serde(default)]
    pub description: String,
}

/// One step of one round of one run of one arm.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// exact, chain, broadcast, reading or none (`Signal::id`).
    pub arm: String,
    /// Which repeat of the arm (a seed, a sample order, …).
    pub run: u64,
    /// The pipeline's number of steps K.
    pub steps: usize,
    /// Whether this run keeps an update only if the held-out score falls.
    #[serde(default)]
    pub gate: bool,
    /// 0 is the start (before any update), then 1, 2, …
    pub round: usize,
    /// 1 … K.
    pub step: usize,
    #[serde(default)]
    pub step_description: String,
    #[serde(default)]
    pub input: String,
    #[serde(default)]
    pub output: String,
    #[serde(default)]
    pub critique: String,
    #[serde(default)]
    pub update: String,
    /// The pipeline's held-out loss after this round (lower is better;
    /// null: diverged), the same on every step's record of the round;
    /// required (null is written, not left out).
    #[serde(deserialize_with = "nullable")]
    pub held_out: Option<f64>,
    /// Calls spent by the end of this round, counted from the run's start.
    pub calls: u64,
    /// Whether the round's update was kept (the gate's decision).
    #[serde(default = "yes")]
    pub kept: bool,
}

fn yes() -> bool {
    true
}

/// A number or null, never absent (serde would read an absent `Option`
/// as `None`).
fn nullable<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Option::<f64>::deserialize(d)
}

/// One run read from a trace.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceRun {
    pub steps: usize,
    pub gate: bool,
    /// The run as the simulation records one (angles unknown: NaN).
    pub run: AgentRun,
    /// Each step's description, from its records.
    pub names: Vec<String>,
}

/// A whole trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub header: Header,
    pub runs: Vec<TraceRun>,
    pub records: usize,
}

/// The key of a run: arm, steps, gate, run.
type Key = (usize, usize, bool, u64);

/// A round of a run as read so far: its first line, what its records
/// must agree on, and the line of each step's record.
struct RoundSeen {
    line: usize,
    held: Option<f64>,
    calls: u64,
    kept: bool,
    steps: BTreeMap<usize, usize>,
}

/// A run as read so far: its first line, its rounds, its steps' names.
#[derive(Default)]
struct Building {
    first_line: usize,
    rounds: BTreeMap<usize, RoundSeen>,
    names: BTreeMap<usize, String>,
}

fn describe(arm: Signal, steps: usize, gate: bool, run: u64) -> String {
    format!(
        "{} run {run} (K = {steps}{})",
        arm.id(),
        if gate { ", gated" } else { "" }
    )
}

/// Reads a trace; any problem is an error naming its line, and nothing
/// is read.
pub fn parse(text: &str) -> Result<Trace, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "the file is {} MB; the importer reads at most {} MB",
            text.len() / 1_000_000,
            MAX_BYTES / 1_000_000
        ));
    }
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let (n, first) = lines.next().ok_or(
        "the file is empty: a trace starts with a header line such as {\"creditflow_trace\": 1, \"metric\": \"held-out loss\"}",
    )?;
    let header: Header = serde_json::from_str(first).map_err(|e| {
        format!("line {n}: a trace starts with a header line such as {{\"creditflow_trace\": 1, \"metric\": \"held-out loss\"}} ({e})")
    })?;
    if header.creditflow_trace != VERSION {
        return Err(format!(
            "line {n}: this is a version {} trace; the importer reads version {VERSION}",
            header.creditflow_trace
        ));
    }
    let mut runs: BTreeMap<Key, Building> = BTreeMap::new();
    let mut records = 0;
    for (n, line) in lines {
        let r: Record = serde_json::from_str(line).map_err(|e| {
            let e = e.to_string();
            let e = e.split(" at line ").next().unwrap_or(&e).to_string();
            format!("line {n}: not a record of the trace: {e}")
        })?;
        let arm = Signal::from_id(&r.arm).ok_or_else(|| {
            format!(
                "line {n}: arm \"{}\" is not one of {}",
                r.arm,
                Signal::ARMS.map(Signal::id).join(", ")
            )
        })?;
        if !(1..=MAX_STEPS).contains(&r.steps) {
            return Err(format!(
                "line {n}: steps is {}; it must be from 1 to {MAX_STEPS}",
                r.steps
            ));
        }
        if !(1..=r.steps).contains(&r.step) {
            return Err(format!(
                "line {n}: step {} is outside the pipeline's steps 1 … {}",
                r.step, r.steps
            ));
        }
        if r.round > MAX_ROUNDS {
            return Err(format!(
                "line {n}: round {} is past the limit of {MAX_ROUNDS}",
                r.round
            ));
        }
        if let Some(v) = r.held_out {
            if !v.is_finite() || v < 0.0 {
                return Err(format!(
                    "line {n}: held_out is {v}; it is a loss, 0 or more (null for a diverged run)"
                ));
            }
        }
        let key = (
            Signal::ARMS.iter().position(|s| *s == arm).unwrap_or(0),
            r.steps,
            r.gate,
            r.run,
        );
        if !runs.contains_key(&key) && runs.len() >= MAX_RUNS {
            return Err(format!("line {n}: more than {MAX_RUNS} runs"));
        }
        let b = runs.entry(key).or_insert_with(|| Building {
            first_line: n,
            ..Building::default()
        });
        let who = describe(arm, r.steps, r.gate, r.run);
        let seen = b.rounds.entry(r.round).or_insert(RoundSeen {
            line: n,
            held: r.held_out,
            calls: r.calls,
            kept: r.kept,
            steps: BTreeMap::new(),
        });
        let at = seen.line;
        if seen.held != r.held_out {
            return Err(format!(
                "line {n}: {who} round {}: held_out {} differs from {} on line {at}; it is the pipeline's score after the round, the same on each step's record",
                r.round,
                shown(r.held_out),
                shown(seen.held)
            ));
        }
        if seen.calls != r.calls || seen.kept != r.kept {
            return Err(format!(
                "line {n}: {who} round {}: calls and kept must be the same on each step's record of a round (see line {at})",
                r.round
            ));
        }
        if let Some(first) = seen.steps.insert(r.step, n) {
            return Err(format!(
                "line {n}: {who} round {} step {} appears twice (first on line {first})",
                r.round, r.step
            ));
        }
        if !r.step_description.is_empty() {
            b.names.entry(r.step).or_insert(r.step_description);
        }
        records += 1;
    }
    if runs.is_empty() {
        return Err("the trace has a header but no records".into());
    }
    let mut out = Vec::new();
    for ((a, steps, gate, run), b) in runs {
        let arm = Signal::ARMS[a];
        let who = describe(arm, steps, gate, run);
        let last = *b.rounds.keys().last().unwrap_or(&0);
        if last == 0 {
            return Err(format!(
                "line {}: {who} has no round after round 0: a run needs its start and one round at least",
                b.first_line
            ));
        }
        let mut val = Vec::new();
        let (mut kept, mut calls) = (Vec::new(), Vec::new());
        for i in 0..=last {
            let Some(seen) = b.rounds.get(&i) else {
                return Err(format!(
                    "line {}: {who} has no records for round {i} (its rounds run 0 … {last} with no gap)",
                    b.first_line
                ));
            };
            let at = seen.line;
            if let Some(missing) = (1..=steps).find(|s| !seen.steps.contains_key(s)) {
                return Err(format!(
                    "line {at}: {who} round {i} has no record for step {missing}"
                ));
            }
            let before = calls.last().copied().unwrap_or(0);
            if i > 0 && seen.calls < before {
                return Err(format!(
                    "line {at}: {who} round {i}: calls fell from {before} to {}; they count from the run's start",
                    seen.calls
                ));
            }
            val.push(seen.held.unwrap_or(f64::INFINITY));
            if i > 0 {
                kept.push(seen.kept);
                calls.push(seen.calls);
            }
        }
        out.push(TraceRun {
            steps,
            gate,
            names: (1..=steps)
                .map(|s| {
                    b.names
                        .get(&s)
                        .cloned()
                        .unwrap_or_else(|| format!("step {s}"))
                })
                .collect(),
            run: AgentRun {
                signal: arm,
                seed: run,
                val,
                train: Vec::new(),
                kept,
                calls,
                angles: vec![f64::NAN; steps],
            },
        });
    }
    Ok(Trace {
        header,
        runs: out,
        records,
    })
}

fn shown(v: Option<f64>) -> String {
    v.map_or("null".into(), |x| x.to_string())
}

/// Numbers as a short text: "[+0.120, −0.031, …]".
fn numbers(v: &ndarray::Array1<f64>) -> String {
    let parts: Vec<String> = v.iter().map(|x| format!("{x:+.3}")).collect();
    format!("[{}]", parts.join(", "))
}

/// One simulated run of the trace: an arm at a depth and seed, at the
/// chained critique's call budget (`depth_unit`), gated or not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimRun {
    pub arm: Signal,
    pub steps: usize,
    pub seed: u64,
    pub gate: bool,
}

/// The simulation's runs written as a trace (labelled simulated): every
/// record's input and output are the step's message averaged over the
/// round's tasks, its critique the direction it was given, its update
/// the change to its prompt.
pub fn simulate(
    cfg: &AgentsConfig,
    names: &[String],
    runs: &[SimRun],
    description: &str,
) -> String {
    let header = Header {
        creditflow_trace: VERSION,
        simulated: true,
        metric: "held-out loss: the mean over held-out tasks of ½‖y_K − t‖² (lower is better)"
            .into(),
        description: description.into(),
    };
    let mut out = serde_json::to_string(&header).unwrap_or_default() + "\n";
    for sr in runs {
        let c = AgentsConfig {
            gate: sr.gate,
            seed: sr.seed,
            ..*cfg
        };
        let (p, rounds) = depth_unit(&c, names, sr.steps, sr.arm);
        let names = p.names.clone();
        let mut r = Rounds::new(p, sr.arm, rounds);
        let mut record = |round: usize, r: &Rounds, held: f64, calls: u64, kept: bool| {
            let f = r.pipeline().forward(r.prompts(), &r.pipeline().x_train);
            let mean = |y: &ndarray::Array2<f64>| {
                y.mean_axis(ndarray::Axis(0))
                    .map(|m| numbers(&m))
                    .unwrap_or_default()
            };
            for (k, name) in names.iter().enumerate().take(sr.steps) {
                let (critique, update) = match r.last_round() {
                    Some(l) if round > 0 => (numbers(&l.given[k]), numbers(&l.moved[k])),
                    _ => (String::new(), String::new()),
                };
                let rec = Record {
                    arm: sr.arm.id().into(),
                    run: sr.seed,
                    steps: sr.steps,
                    gate: sr.gate,
                    round,
                    step: k + 1,
                    step_description: name.clone(),
                    input: mean(&f.y[k]),
                    output: mean(&f.y[k + 1]),
                    critique,
                    update,
                    held_out: held.is_finite().then_some(held),
                    calls,
                    kept,
                };
                out += &(serde_json::to_string(&rec).unwrap_or_default() + "\n");
            }
        };
        record(0, &r, r.record().val[0], 0, true);
        while !r.finished() {
            r.round();
            let rec = r.record();
            let i = rec.kept.len();
            record(i, &r, rec.val[i], rec.calls[i - 1], rec.kept[i - 1]);
        }
    }
    out
}
