//! `creditflow tasks`: the harder-tasks study (`study::tasks`) on the
//! terminal: one careful grid per setting, each rule's error, its ratio to
//! bp and its final per-layer angles, what the numbers say, and the
//! published figures beside them, marked as other people's.

use crate::cli::opts::{list, threads};
use crate::cli::progress::Progress;
use crate::cli::{fail, write};
use crate::lab::method::Method;
use crate::lab::study::run::run_grid;
use crate::lab::study::summary::{summarise, Summary};
use crate::lab::study::tasks::{cell, finding, printed, TasksSpec, PUBLISHED, SETTINGS};
use crate::lab::train::config::Protocol;
use serde_json::json;
use std::time::Instant;

fn parse(args: &[String]) -> Result<(TasksSpec, Option<String>), String> {
    let mut spec = TasksSpec::default();
    let mut json = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--methods" => {
                spec.methods = list(it.next(), "--methods", Method::from_id)?;
                if let Some(m) = spec.methods.iter().find(|m| m.def().on_conv.is_err()) {
                    return Err(format!(
                        "{} has no convolutional form here ({})",
                        m.id(),
                        m.def().on_conv.err().unwrap_or_default()
                    ));
                }
                if !spec.methods.contains(&Method::Bp) {
                    spec.methods.insert(0, Method::Bp);
                }
            }
            "--steps" => {
                spec.steps = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&s| (1..=20_000).contains(&s))
                    .ok_or("--steps needs a step count from 1 to 20000")?
            }
            "--seeds" => spec.seeds = list(it.next(), "--seeds", |p| p.parse().ok())?,
            "--protocol" => {
                let v = it.next().ok_or("--protocol needs essay or careful")?;
                spec.protocol = Protocol::from_id(v.trim())
                    .ok_or_else(|| format!("could not read --protocol '{v}'"))?;
            }
            "--json" => json = Some(it.next().ok_or("--json needs a file name")?.clone()),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok((spec, json))
}

pub fn tasks(args: &[String]) -> i32 {
    let (spec, json) = match parse(args) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let start = Instant::now();
    let n = threads();
    let mut tables: Vec<Vec<Summary>> = Vec::new();
    let mut files = Vec::new();
    for s in SETTINGS {
        let mut g = spec.grid(s);
        let bar = Progress::new(g.jobs().len(), s.name);
        let runs = run_grid(&mut g, n, |d, t| bar.set(d, t));
        bar.finish();
        let table = summarise(&g, &runs);
        files.push(json!({ "setting": s, "provenance": g.provenance(), "summary": table }));
        tables.push(table);
    }
    println!(
        "the same rules on harder settings ({}; {} steps; score: test normalised MSE on the teacher, test error rate on the digits)",
        spec.protocol.describe(),
        spec.steps
    );
    print!("{:<27}", "method");
    for s in SETTINGS {
        print!(" {:>16} {:>6}", s.name, "× bp");
    }
    println!("   final angles to bp's update (W₁ W₂ W₃), per setting");
    let shown = printed(&tables, &spec.methods);
    for (&m, (_, cells)) in spec.methods.iter().zip(&shown) {
        print!("{:<27}", m.name());
        let mut angles = Vec::new();
        for (t, (score, ratio)) in tables.iter().zip(cells) {
            let row = t.iter().find(|r| r.method == m);
            print!(" {score:>16} {ratio:>6}");
            angles.push(row.map_or("—".into(), |r| {
                r.final_angles
                    .iter()
                    .map(|a| cell(Some(*a), 0))
                    .collect::<Vec<_>>()
                    .join(" ")
            }));
        }
        println!("   {}", angles.join(" | "));
    }
    println!("what it finds:");
    for f in finding(&tables, &spec.methods) {
        println!("  {f}");
    }
    if let Some(n) = crate::lab::study::tasks::floor_note(&tables) {
        println!("  {n}");
    }
    println!("published figures (other people's numbers, on other tasks and networks; not ours):");
    for p in PUBLISHED {
        println!("  {p}");
    }
    println!("{:.1} s on {n} threads", start.elapsed().as_secs_f64());
    if let Some(path) = json {
        let out = crate::lab::provenance::stamp(json!({
            "study": "tasks",
            "spec": spec,
            "settings": files,
            "printed": shown,
            "finding": finding(&tables, &spec.methods),
            "floor": crate::lab::study::tasks::floor_note(&tables),
            "published": PUBLISHED,
        }));
        return write(
            &path,
            &serde_json::to_string_pretty(&out).unwrap_or_default(),
        );
    }
    0
}
