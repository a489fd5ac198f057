//! The depth and width studies as a user runs them: a reduced depth study
//! whose JSON has one row per (method, depth) and in which bp at depth 4
//! beats the readout-only floor, and both studies split into shards that
//! merge into exactly one run's files.

use crate::support;
use serde_json::Value;
use support::{run_cli as run, scratch};

const DEPTH: [&str; 10] = [
    "depth",
    "--depths",
    "1,4",
    "--methods",
    "bp,fa,readout_only",
    "--lrs",
    "0.05,0.1",
    "--seeds",
    "0,1",
    "--steps",
];

fn depth(steps: &str, extra: &[&str]) -> String {
    let mut v = DEPTH.to_vec();
    v.push(steps);
    v.extend(extra);
    let (code, out, err) = run(&v);
    assert_eq!(code, 0, "{out}{err}");
    out
}

#[test]
fn a_reduced_depth_study_has_a_row_per_method_and_depth() {
    let dir = scratch("depth");
    let p = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let out = depth("300", &["--width", "32", "--json", &p("d.json")]);
    assert!(out.contains("teacher 20→30→5"), "{out}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(p("d.json")).unwrap()).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3 * 2, "one row per (method, depth)");
    let median = |m: &str, d: u64| {
        rows.iter()
            .find(|r| r["method"] == m && r["depth"] == d)
            .and_then(|r| r["median"].as_f64())
            .unwrap_or_else(|| panic!("a finite row for {m} at depth {d}"))
    };
    assert!(median("bp", 4) < median("readout_only", 4), "{out}");
    // FA at depth 4: one angle per layer, five layers
    let fa4 = v["angles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["method"] == "fa" && a["depth"] == 4)
        .count();
    assert_eq!(fa4, 5);
    assert_eq!(v["width"], 32);
    // a depth outside 1 … 8 is refused with a message
    let (code, _, err) = run(&["depth", "--depths", "0,9"]);
    assert_eq!(code, 2);
    assert!(err.contains("from 1 to 8"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `args` whole and as three shards, merges them, and compares the
/// merged files with the whole run's.
fn shards_match(args: &[&str], files: &[&str], name: &str) {
    let dir = scratch(name);
    let p = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let with = |extra: &[String]| {
        let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        v.extend(extra.iter().cloned());
        let v: Vec<&str> = v.iter().map(String::as_str).collect();
        let (code, out, err) = run(&v);
        assert_eq!(code, 0, "{out}{err}");
    };
    let outputs = |prefix: &str| -> Vec<String> {
        files
            .iter()
            .flat_map(|f| [format!("--{f}"), p(&format!("{prefix}.{f}"))])
            .collect()
    };
    with(&outputs("one"));
    for k in 1..=3 {
        with(&[
            "--shard".into(),
            format!("{k}/3"),
            "--json".into(),
            p(&format!("s{k}.json")),
        ]);
    }
    let mut merge = vec![
        "merge".to_string(),
        p("s2.json"),
        p("s1.json"),
        p("s3.json"),
    ];
    merge.extend(outputs("merged"));
    let merge: Vec<&str> = merge.iter().map(String::as_str).collect();
    let (code, out, err) = run(&merge);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("merged from 3 shard files"), "{out}");
    for f in files {
        let read = |n: &str| std::fs::read_to_string(p(&format!("{n}.{f}"))).unwrap();
        assert_eq!(read("merged"), read("one"), "{name} {f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn depth_and_width_shards_merge_into_one_run() {
    let mut d = DEPTH.to_vec();
    d.push("60");
    shards_match(&d, &["json", "csv"], "depth-shards");
    let w = [
        "width",
        "--widths",
        "8,16",
        "--methods",
        "bp,node_perturbation",
        "--lrs",
        "0.05",
        "--seeds",
        "0,1",
        "--steps",
        "60",
    ];
    shards_match(&w, &["json"], "width-shards");
}

#[test]
fn shards_of_different_studies_are_refused() {
    let dir = scratch("mixed");
    let p = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let mut d = DEPTH.to_vec();
    d.extend(["40", "--shard", "1/2", "--json"]);
    let a = p("a.json");
    d.push(&a);
    assert_eq!(run(&d).0, 0);
    let b = p("b.json");
    let (code, out, err) = run(&[
        "width",
        "--widths",
        "8",
        "--methods",
        "bp",
        "--lrs",
        "0.05",
        "--seeds",
        "0",
        "--steps",
        "40",
        "--shard",
        "2/2",
        "--json",
        &b,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = run(&["merge", &a, &b]);
    assert_eq!(code, 2);
    assert!(err.contains("another study"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
