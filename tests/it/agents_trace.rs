//! Issue 24's own runs: the trace format read back to the simulation's
//! numbers, the shipped examples current, the command line's import equal
//! to the page's, and malformed traces refused with their line.

use crate::support::{run_cli, scratch};
use creditflow::lab::agents::rounds::{depth_unit, run};
use creditflow::lab::agents::spread::Measure;
use creditflow::lab::agents::trace::{parse, simulate, SimRun};
use creditflow::lab::agents::{AgentsConfig, Signal};
use creditflow::page::agents::import::Imported;

/// The shipped examples and the flags that made them (docs/agents-trace.md).
const EXAMPLES: [(&str, &str); 2] = [
    (
        "docs/traces/simulated-arms.jsonl",
        "--depths 4 --signals chain,broadcast,reading,none --seeds 3 --rounds 8 --width 4 --tasks 50 --val-tasks 50",
    ),
    (
        "docs/traces/simulated-depths.jsonl",
        "--depths 2,4 --signals chain,reading --seeds 3 --rounds 8 --width 4 --tasks 50 --val-tasks 50 --gate on",
    ),
];

#[test]
fn the_shipped_examples_are_what_the_simulation_writes_now() {
    let dir = scratch("traces");
    for (file, flags) in EXAMPLES {
        let out = dir.join("t.jsonl");
        let mut args = vec!["agents", "--write-trace", out.to_str().unwrap()];
        args.extend(flags.split(' '));
        let (code, _, err) = run_cli(&args);
        assert_eq!(code, 0, "{err}");
        let made = std::fs::read_to_string(&out).unwrap();
        let shipped = std::fs::read_to_string(file).unwrap();
        assert!(
            made == shipped,
            "{file} is stale: remake it with `creditflow agents --write-trace {file} {flags}`"
        );
        assert!(shipped
            .lines()
            .next()
            .unwrap()
            .contains("\"simulated\":true"));
    }
}

#[test]
fn a_trace_reads_back_to_the_simulations_runs_and_charts() {
    let cfg = AgentsConfig {
        out_size: 4,
        tasks: 40,
        val_tasks: 30,
        rounds: 6,
        ..AgentsConfig::default()
    };
    let mut runs = Vec::new();
    for seed in 0..3 {
        for steps in [2, 3] {
            for arm in [Signal::Chain, Signal::Reading, Signal::None] {
                runs.push(SimRun {
                    arm,
                    steps,
                    seed,
                    gate: false,
                });
            }
        }
    }
    let text = simulate(&cfg, &[], &runs, "test");
    let t = parse(&text).expect("the simulation's trace reads");
    assert_eq!(t.runs.len(), runs.len());
    assert!(t.header.simulated);
    // each run is the simulation's, number for number
    for sr in &runs {
        let c = AgentsConfig {
            seed: sr.seed,
            ..cfg
        };
        let (p, rounds) = depth_unit(&c, &[], sr.steps, sr.arm);
        let want = run(&p, sr.arm, rounds);
        let got = t
            .runs
            .iter()
            .find(|r| r.steps == sr.steps && r.run.signal == sr.arm && r.run.seed == sr.seed)
            .expect("the run is in the trace");
        assert_eq!(got.run.val, want.val);
        assert_eq!(got.run.kept, want.kept);
        assert_eq!(got.run.calls, want.calls);
    }
    // and the depth chart's bands are the simulation's over the same runs
    let imported = Imported::of(t);
    assert_eq!(imported.curve_steps, 3);
    let m = Measure::default();
    for p in imported.results.depth_points(m) {
        let scores: Vec<f64> = (0..3)
            .map(|seed| {
                let c = AgentsConfig { seed, ..cfg };
                let (pl, rounds) = depth_unit(&c, &[], p.depth, p.signal);
                m.of(&run(&pl, p.signal, rounds).val)
            })
            .collect();
        let want = creditflow::lab::agents::spread::Band::of(&scores).unwrap();
        assert_eq!(p.score, want, "K = {} {}", p.depth, p.signal.id());
    }
    // the chain against no critique: a verdict the bands allow, in words
    let f = imported.results.findings(m);
    assert_eq!(f.len(), 2);
    assert!(f[0].contains("no-critique arm"), "{f:?}");
}

#[test]
fn the_command_lines_import_says_what_the_page_says() {
    let (file, _) = EXAMPLES[0];
    let dir = scratch("import");
    let json = dir.join("out.json");
    let (code, out, err) = run_cli(&["agents", "--import", file, "--json", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Simulated"));
    let cli: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let page = Imported::of(parse(&std::fs::read_to_string(file).unwrap()).unwrap());
    let findings: Vec<String> = serde_json::from_value(cli["findings"].clone()).unwrap();
    assert_eq!(findings, page.results.findings(Measure::default()));
    assert!(!findings.is_empty());
    let words: Vec<String> = cli["curves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["words"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(words.len(), page.results.curves.len());
}

#[test]
fn malformed_traces_are_refused_with_their_line() {
    let text = std::fs::read_to_string(EXAMPLES[0].0).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let with = |n: usize, new: &str| {
        let mut l = lines.clone();
        l[n - 1] = new;
        l.join("\n")
    };
    let edit = |n: usize, from: &str, to: &str| with(n, &lines[n - 1].replacen(from, to, 1));
    let without = |n: usize| {
        let mut l = lines.clone();
        l.remove(n - 1);
        l.join("\n")
    };
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "the file is empty"),
        (
            with(1, "{\"hello\": 1}"),
            "line 1: a trace starts with a header",
        ),
        (
            edit(1, "\"creditflow_trace\":1", "\"creditflow_trace\":2"),
            "line 1: this is a version 2 trace",
        ),
        (with(3, "{not json"), "line 3: not a record"),
        (
            edit(3, "\"held_out\"", "\"held\""),
            "line 3: not a record of the trace: missing field `held_out`",
        ),
        (
            edit(3, "\"arm\":\"chain\"", "\"arm\":\"critic\""),
            "line 3: arm \"critic\" is not one of",
        ),
        (
            edit(3, "\"step\":2", "\"step\":9"),
            "line 3: step 9 is outside",
        ),
        (
            with(4, lines[3 - 1]),
            "line 4: chain run 0 (K = 4) round 0 step 2 appears twice (first on line 3)",
        ),
        (
            without(7),
            "line 6: chain run 0 (K = 4) round 1 has no record for step 2",
        ),
        (
            edit(3, "\"held_out\":0.", "\"held_out\":1."),
            "line 3: chain run 0 (K = 4) round 0: held_out",
        ),
        (
            edit(2, "\"held_out\":0.", "\"held_out\":-0."),
            "line 2: held_out is -0.",
        ),
        (
            edit(3, "\"calls\":0", "\"calls\":7"),
            "line 3: chain run 0 (K = 4) round 0: calls and kept",
        ),
    ];
    for (bad, want) in cases {
        let e = parse(&bad).expect_err(want);
        assert!(e.starts_with(want), "expected “{want}”, got “{e}”");
    }
    // a run with a gap in its rounds: rounds 2's records removed
    let gap: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !(l.contains("\"arm\":\"chain\",\"run\":0,") && l.contains("\"round\":2,")))
        .collect();
    let e = parse(&gap.join("\n")).unwrap_err();
    assert!(
        e.contains("chain run 0 (K = 4) has no records for round 2"),
        "{e}"
    );
    // calls that fall: round 2 of chain run 0 says 1 call
    let fell: Vec<String> = lines
        .iter()
        .map(|l| {
            if l.contains("\"arm\":\"chain\",\"run\":0,") && l.contains("\"round\":2,") {
                let (head, tail) = l.split_once("\"calls\":").unwrap();
                let rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
                format!("{head}\"calls\":1{rest}")
            } else {
                l.to_string()
            }
        })
        .collect();
    let e = parse(&fell.join("\n")).unwrap_err();
    assert!(e.contains("round 2: calls fell from"), "{e}");
    // the command line refuses the same way, and writes nothing
    let dir = scratch("bad-trace");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, with(3, "{not json")).unwrap();
    let out = dir.join("out.json");
    let (code, _, err) = run_cli(&[
        "agents",
        "--import",
        bad.to_str().unwrap(),
        "--json",
        out.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("line 3: not a record"), "{err}");
    assert!(!out.exists());
}

#[test]
fn the_schema_files_required_fields_are_the_importers() {
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("docs/agents-trace.schema.json").unwrap())
            .unwrap();
    let record = &schema["$defs"]["record"];
    let required: Vec<&str> = record["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let text = std::fs::read_to_string(EXAMPLES[0].0).unwrap();
    let (head, first) = {
        let mut l = text.lines();
        (l.next().unwrap().to_string(), l.next().unwrap().to_string())
    };
    let line: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&first).unwrap();
    for field in record["properties"].as_object().unwrap().keys() {
        let mut cut = line.clone();
        cut.remove(field);
        let one = format!("{head}\n{}", serde_json::to_string(&cut).unwrap());
        let e = creditflow::lab::agents::trace::parse(&one).unwrap_err();
        let refused = e.contains(&format!("missing field `{field}`"));
        assert_eq!(refused, required.contains(&field.as_str()), "{field}: {e}");
    }
}

#[test]
fn arms_at_budgets_apart_are_said_to_be() {
    // two arms of a 2-step pipeline, 3 rounds, 3 seeds: the chain spends
    // 6 calls a round, the broadcast 2, and the chain's scores are lower
    let mut text = String::from(
        "{\"creditflow_trace\": 1, \"simulated\": false, \"metric\": \"held-out loss\", \"description\": \"budgets apart\"}\n",
    );
    for (arm, per_round, fall) in [("chain", 6, 0.2), ("broadcast", 2, 0.05)] {
        for run in 0..3 {
            for round in 0..=3 {
                for step in 1..=2 {
                    let held = 1.0 - fall * round as f64 - 0.01 * run as f64;
                    text += &format!(
                        "{{\"arm\": \"{arm}\", \"run\": {run}, \"steps\": 2, \"round\": {round}, \"step\": {step}, \"held_out\": {held}, \"calls\": {}}}\n",
                        per_round * round
                    );
                }
            }
        }
    }
    let imported = Imported::of(parse(&text).expect("the trace reads"));
    let f = imported.results.findings(Measure::default());
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].contains("beats the"), "{f:?}");
    assert!(
        f[0].contains("not at an equal call budget: the chained critique spent 18 calls, the fixed broadcast 6"),
        "{f:?}"
    );
    // the simulation's arms are within a round of each other: no such words
    let sim = Imported::of(parse(&std::fs::read_to_string(EXAMPLES[0].0).unwrap()).unwrap());
    let f = sim.results.findings(Measure::default());
    assert!(
        !f.is_empty() && f.iter().all(|s| !s.contains("equal call budget")),
        "{f:?}"
    );
}
