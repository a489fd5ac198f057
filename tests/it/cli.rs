//! The command line as a user runs it: the worked example's JSON, the
//! sweep step by step, and bad input answered with a caret and status 2.

use crate::support;
use support::run_cli as run;

#[test]
fn grad_json_gives_the_worked_example() {
    let (code, out, _) = run(&["grad", "(a*b+c)^2", "a=2", "b=-3", "c=10", "--json"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(r#"{"value":16,"grads":{"a":-24,"b":16,"c":8},"fd":{"a":-23.99999"#),
        "{out}"
    );
}

#[test]
fn grad_without_r2_and_steps_prints_the_broken_sweep() {
    let (code, out, _) = run(&[
        "grad",
        "(a*b+c)^2",
        "a=2",
        "b=-3",
        "c=10",
        "--without",
        "R2",
        "--steps",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("without R2 local derivatives"), "{out}");
    assert!(out.contains("backward sweep (6 steps)"), "{out}");
    assert!(out.contains("✗ wrong"), "{out}");
}

#[test]
fn bad_input_exits_2_with_a_caret_and_no_panic() {
    for (args, msg) in [
        (
            vec!["grad", "(a*b+c))^2", "a=2", "b=1", "c=1"],
            "unexpected ')' at 7",
        ),
        (
            vec!["grad", "(a*b+c)^2", "a=2", "c=1"],
            "missing value for b at 3",
        ),
        (vec!["grad", "tahn(x)", "x=1"], "unknown function 'tahn'"),
        (vec!["grad", "x", "x=abc"], "not a finite number"),
        (
            vec!["grad", "x", "x=1", "--without", "R9"],
            "--without takes one of",
        ),
        (
            vec!["ablate", "--methods", "bp,nope"],
            "could not read --methods",
        ),
        (
            vec!["ablate", "--teacher-gain", "99"],
            "it takes a teacher gain from 0.1 to 10",
        ),
        (vec!["frobnicate"], "unknown command"),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (_, _, err) = run(&["grad", "(a*b+c))^2", "a=2", "b=1", "c=1"]);
    assert!(err.contains("(a*b+c))^2\n       ^ unexpected"), "{err}");
}

#[test]
fn help_anywhere_is_the_usage_but_minus_h_after_grad_is_an_expression() {
    let (code, out, _) = run(&["agents", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("creditflow grad"), "{out}");
    let (code, out, err) = run(&["grad", "-h", "h=2", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(r#"{"value":-2,"grads":{"h":-1}"#), "{out}");
}

#[test]
fn ablate_writes_json_and_csv_in_the_documented_shape() {
    let dir = std::env::temp_dir().join(format!("creditflow-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (json, csv) = (dir.join("a.json"), dir.join("a.csv"));
    let (code, out, err) = run(&[
        "ablate",
        "--protocol",
        "essay",
        "--methods",
        "bp,fa,readout_only",
        "--lrs",
        "0.1",
        "--seeds",
        "0",
        "--steps",
        "120",
        "--json",
        json.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("exact backprop") && out.contains("0.017"),
        "{out}"
    );
    // stderr is not a terminal here: one progress line per finished part
    // (3 runs), each on its own line, no bar
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        ["1/3 runs", "2/3 runs", "3/3 runs"].map(|p| lines
            .iter()
            .find(|l| l.starts_with(p))
            .copied()
            .unwrap_or("missing"))
    );
    assert!(!err.contains('\r'), "{err:?}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for key in ["method", "lr", "seed", "nmse", "diverged", "steps_done"] {
        assert!(v["runs"][0].get(key).is_some(), "runs.{key}");
    }
    for key in [
        "method",
        "best_lr",
        "median",
        "seed_scores",
        "diverged_runs",
        "essay",
        "ratio_to_bp",
        "final_angles",
    ] {
        assert!(v["summary"][0].get(key).is_some(), "summary.{key}");
    }
    assert_eq!(v["angle"]["steps"][0], 0);
    assert_eq!(v["teacher_gain"], 1.0);
    // every method's angle per layer: bp exact, readout only with no hidden update
    let a = &v["angles"];
    assert_eq!(a["bp"]["steps"], serde_json::json!([0, 100, 119]));
    assert!(a["bp"]["W1"][1].as_f64().unwrap() < 1e-4);
    assert!(a["fa"]["W2"][0].as_f64().unwrap() > 45.0);
    assert!(a["readout_only"]["W1"][0].is_null() && a["readout_only"]["W3"][0].as_f64().is_some());
    assert!(std::fs::read_to_string(&csv)
        .unwrap()
        .starts_with("method,lr,task_seed,seed,validation,nmse,diverged,steps_done\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The careful protocol on a tiny grid: rates chosen on held-out data,
/// the grid extended past an edge until the chosen rate is inside, and
/// the file alone reruns it to the same numbers.
#[test]
fn careful_ablate_extends_its_grid_and_reruns_from_its_file() {
    let dir = std::env::temp_dir().join(format!("creditflow-careful-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    // bp's best rate on this short run is above 0.1 and 0.2
    let (code, out, err) = run(&[
        "ablate",
        "--methods",
        "bp",
        "--lrs",
        "0.1,0.2",
        "--seeds",
        "0,1",
        "--task-seeds",
        "0,1",
        "--steps",
        "150",
        "--json",
        a.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("careful protocol"), "{out}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let p = &v["provenance"];
    assert_eq!(p["protocol"], "careful");
    // the commit the binary was built from, as git says (when it can)
    let head = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    assert_eq!(p["commit"], creditflow::lab::provenance::COMMIT);
    if let Some(head) = head {
        assert_eq!(
            p["commit"],
            head.as_str(),
            "the stamp is this checkout's commit"
        );
    }
    assert_eq!(p["seeds"], serde_json::json!([0, 1]));
    assert_eq!(p["task_seeds"], serde_json::json!([0, 1]));
    let rates: Vec<f64> = p["rates_tried"]["bp"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    let best = v["summary"][0]["best_lr"].as_f64().unwrap();
    assert!(rates.len() > 2, "the grid grew: {rates:?}");
    assert!(
        rates[0] < best && best < *rates.last().unwrap(),
        "{best} inside {rates:?}"
    );
    assert!(v["summary"][0]["edge"].is_null());
    // every run has a validation score; 2 seeds × 2 draws at each rate
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), rates.len() * 4);
    for r in runs {
        // null once diverged, like the test score
        assert_eq!(r["validation"].is_null(), r["diverged"] == true, "{r}");
    }
    // the file alone gives the same numbers
    let (code, _, err) = run(&["rerun", a.to_str().unwrap(), "--json", b.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let w: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&b).unwrap()).unwrap();
    assert_eq!(v["runs"], w["runs"]);
    assert_eq!(v["summary"], w["summary"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grad_r3_variants_print_the_pages_numbers() {
    let base = [
        "grad",
        "(a*b+c)^2",
        "a=2",
        "b=-3",
        "c=10",
        "--json",
        "--without",
        "R3",
    ];
    let json = |extra: &[&str]| -> serde_json::Value {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).expect("JSON")
    };
    // sign dropped: |−24|, 16, 8
    let v = json(&["--r3", "sign"]);
    assert_eq!(v["grads"], serde_json::json!({"a": 24, "b": 16, "c": 8}));
    // the shared score: K draws, K + 1 forward runs, the page's numbers
    let v = json(&["--r3", "shared", "--draws", "2000", "--seed", "3"]);
    assert_eq!(v["draws"], 2000);
    assert_eq!(v["forward_runs"], 2001);
    assert!(v["cosine"].as_f64().unwrap() > 0.98, "{v}");
    let mut ws = creditflow::page::worked::Worksheet {
        seed: 3,
        ..Default::default()
    };
    ws.set_draws(2000);
    let c = ws.compute(
        [true, true, false, true, true],
        creditflow::engine::ErrorSignal::SharedScore,
    );
    assert_eq!(v["grads"]["a"].as_f64().unwrap(), c.sweep.grads[0]);
    // the previous sample can be given, as on the page
    let (_, out, _) = run(&[
        "grad",
        "(a*b+c)^2",
        "a=2",
        "b=-3",
        "c=10",
        "--json",
        "--without",
        "R1",
        "--prev",
        "a=3",
        "--prev",
        "b=-2",
        "--prev",
        "c=11",
    ]);
    assert!(out.contains(r#""grads":{"a":-20,"b":30,"c":10}"#), "{out}");
    // scrambled: each input is given another node's exact adjoint, one of
    // −24, 16, 8 (the adjoints of a, b and the three inner nodes)
    let v = json(&["--r3", "scrambled", "--seed", "5"]);
    let g: Vec<f64> = ["a", "b", "c"]
        .iter()
        .map(|n| v["grads"][n].as_f64().unwrap())
        .collect();
    assert!(g.iter().all(|x| [-24.0, 16.0, 8.0].contains(x)), "{v}");
    assert_ne!(g, vec![-24.0, 16.0, 8.0]);
    let (code, _, err) = run(&["grad", "x", "x=1", "--r3", "nope"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--r3 takes shared, scrambled or sign"),
        "{err}"
    );
}

#[test]
fn shards_merged_equal_one_run() {
    let dir = support::scratch("shard");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let grid = [
        "--protocol",
        "essay",
        "--methods",
        "bp,fa,sign_dropped",
        "--lrs",
        "0.05,0.2",
        "--seeds",
        "0,1",
        // two teacher draws: each shard's runs learn their own draw's task
        "--task-seeds",
        "0,3",
        "--steps",
        "150",
    ];
    let with = |extra: &[&str]| {
        let mut v = vec!["ablate"];
        v.extend(grid);
        v.extend(extra);
        let (code, out, err) = run(&v);
        assert_eq!(code, 0, "{out}{err}");
        out
    };
    with(&["--json", &p("one.json"), "--csv", &p("one.csv")]);
    for k in 1..=3 {
        let out = with(&[
            "--shard",
            &format!("{k}/3"),
            "--json",
            &p(&format!("s{k}.json")),
        ]);
        assert!(out.contains(&format!("shard {k}/3: 8 of 24 runs")), "{out}");
    }
    // given in any order
    let (code, out, err) = run(&[
        "merge",
        &p("s3.json"),
        &p("s1.json"),
        &p("s2.json"),
        "--json",
        &p("merged.json"),
        "--csv",
        &p("merged.csv"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("exact backprop") && out.contains("merged from 3 shard files"));
    let read = |f: &str| std::fs::read_to_string(p(f)).unwrap();
    assert_eq!(read("merged.json"), read("one.json"));
    assert_eq!(read("merged.csv"), read("one.csv"));
    // a missing or doubled shard, or one from another grid, is refused
    let (code, _, err) = run(&["merge", &p("s1.json"), &p("s2.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("shard 3/3 is missing"), "{err}");
    let (code, _, err) = run(&["merge", &p("s1.json"), &p("s1.json"), &p("s2.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("given twice"), "{err}");
    let (code, _, err) = run(&["ablate", "--shard", "4/3", "--json", &p("x.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("1 ≤ K ≤ N"), "{err}");
    // crafted shard files are refused with a message before anything is
    // allocated from them (a huge shard count used to abort)
    let text = read("s1.json");
    let crafted = [
        (
            "\"shard\":[1,3]",
            "\"shard\":[1,18446744073709551615]",
            "a shard is K/N",
        ),
        (
            "\"hidden\":64",
            "\"hidden\":1000000000",
            "its hidden size is 1000000000",
        ),
        (
            "\"depth\":2,",
            "\"depth\":100000000,",
            "its depth is 100000000",
        ),
        (
            "\"steps\":150",
            "\"steps\":99999999999",
            "its steps is 99999999999",
        ),
    ];
    for (from, to, want) in crafted {
        assert!(text.contains(from), "the shard file has {from}");
        std::fs::write(p("bad.json"), text.replacen(from, to, 1)).unwrap();
        let (code, _, err) = run(&["merge", &p("bad.json"), &p("s2.json"), &p("s3.json")]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(want), "{want}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn data_and_conv_flags_refuse_what_cannot_run_with_a_message() {
    // a conv student needs an image
    let (code, _, err) = run(&[
        "ablate",
        "--arch",
        "conv",
        "--methods",
        "bp",
        "--steps",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("conv needs an image task"), "{err}");
    // whatever the order of the flags
    let (code, out, err) = run(&[
        "ablate",
        "--arch",
        "conv",
        "--task",
        "digits",
        "--methods",
        "bp",
        "--lrs",
        "0.1",
        "--seeds",
        "0",
        "--steps",
        "5",
        "--protocol",
        "essay",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the UCI digits"), "{out}");
    // and a rule with a conv form
    let (code, _, err) = run(&[
        "ablate",
        "--task",
        "digits",
        "--arch",
        "conv",
        "--methods",
        "bp,forward_forward",
        "--steps",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "forward_forward has no convolutional form here (its first layer reads the label"
        ),
        "{err}"
    );
    // a bad file names its line, and nothing runs
    let dir = std::env::temp_dir().join("creditflow-cli-data");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("ragged.csv");
    std::fs::write(&f, "a,b,y\n1,2,3\n4,5\n").unwrap();
    let (code, out, err) = run(&["ablate", "--data", f.to_str().unwrap(), "--target", "y"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 3 has 2 fields, the header has 3"),
        "{err}"
    );
    assert!(!out.contains("runs on"), "{out}");
    let (code, _, err) = run(&["ablate", "--data", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--data needs --target NAME"), "{err}");
}

#[test]
fn a_digits_grid_on_the_conv_student_reports_error_rates() {
    let (code, out, err) = run(&[
        "ablate",
        "--task",
        "digits",
        "--arch",
        "conv",
        "--protocol",
        "essay",
        "--methods",
        "bp,fa,readout_only",
        "--lrs",
        "0.1",
        "--seeds",
        "0",
        "--steps",
        "60",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the task: the UCI digits"), "{out}");
    assert!(
        out.contains(
            "“median” is the test error rate: always guessing the commonest class errs 0.880"
        ),
        "{out}"
    );
}
