//! `creditflow export --notebook FILE.ipynb|FILE.py`: runs of the grid's
//! flags trained here, then written out as a NumPy notebook that rebuilds
//! them and checks its scores against these (`lab::notebook`).

use crate::cli::opts::parse_opts;
use crate::cli::{fail, score, write};
use crate::lab::method::Method;
use crate::lab::notebook::{export as notebook, refusal, Entry, Format};
use crate::lab::study::grid::GridSpec;
use crate::lab::train::precision::run_job;
use crate::lab::train::task::Tasks;
use crate::lab::RunConfig;
use crate::page::lab::session::EVAL_EVERY;

/// What the command exports unless asked: bp at its best rate, seed 0,
/// on the essay's teacher (`--lrs` absent: each rule at its `best_lr`).
fn default_spec() -> GridSpec {
    GridSpec {
        methods: vec![Method::Bp],
        lrs: Vec::new(),
        seeds: vec![0],
        wp_extra_lrs: Vec::new(),
        ..GridSpec::default()
    }
}

pub fn export(args: &[String]) -> i32 {
    let mut path = None;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--notebook" => match it.next() {
                Some(p) => path = Some(p.clone()),
                None => return fail("--notebook needs a file name ending .ipynb or .py"),
            },
            "--json" | "--csv" | "--shard" => {
                return fail(&format!("export writes a notebook; {a} belongs to ablate"))
            }
            _ => rest.push(a.clone()),
        }
    }
    let Some(path) = path else {
        return fail("export needs --notebook FILE.ipynb (or FILE.py)");
    };
    let Some(format) = Format::of_path(&path) else {
        return fail(&format!(
            "--notebook {path}: the name must end .ipynb (a Jupyter notebook) or .py"
        ));
    };
    let o = match parse_opts(&rest, default_spec()) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    let jobs = jobs(&o.spec);
    if let Some(why) = jobs
        .iter()
        .find_map(|c| refusal(c).filter(|_| jobs.len() == 1))
    {
        return fail(&format!(
            "{} cannot be exported: {why}",
            jobs[0].method.id()
        ));
    }
    let mut tasks = Tasks::default();
    let mut entries = Vec::new();
    for cfg in jobs {
        if refusal(&cfg).is_some() {
            entries.push(Entry {
                cfg,
                curve: Vec::new(),
                score: None,
            });
            continue;
        }
        if !crate::lab::data::registry::ready(cfg.teacher.data) {
            return fail("this run learns a CSV file: give it with --data FILE.csv --target NAME");
        }
        let task = tasks.get(cfg.task_shape());
        let run = run_job(cfg, task, Some(EVAL_EVERY));
        println!(
            "{} at lr {} (seed {}, draw {}): {} after {} steps",
            cfg.method.id(),
            cfg.lr,
            cfg.seed,
            cfg.teacher.seed,
            score(run.run.result.nmse),
            run.run.result.steps_done
        );
        entries.push(Entry {
            cfg,
            curve: run.curve,
            score: Some(run.run.result.nmse),
        });
    }
    match notebook(&entries, format, EVAL_EVERY, |c| {
        Ok(tasks.get(c.task_shape()))
    }) {
        Ok(e) => {
            let status = write(&path, &e.text);
            if status == 0 {
                println!("wrote {path}: {}", e.summary());
                println!("run it with: python3 {path}  (NumPy only)");
            }
            status
        }
        Err(e) => fail(&e),
    }
}

/// The runs of `spec`: its rules × rates (each rule's best rate when none
/// were given) × teacher draws × seeds.
fn jobs(spec: &GridSpec) -> Vec<RunConfig> {
    spec.jobs_of(&spec.methods, |m| {
        if spec.lrs.is_empty() {
            vec![m.def().best_lr]
        } else {
            spec.lrs.clone()
        }
    })
}
