//! "Export as notebook": runs written out as a Jupyter notebook, or the
//! same cells as a plain Python file, that uses only NumPy. It embeds what
//! the instrument drew (the task's rows, the initial weights, the batch
//! order, a rule's fixed random matrices; `embed`), writes each rule's
//! update out (`MethodDef::numpy`), trains with the loop of `harness.py`
//! and prints its test score at the checkpoints beside the instrument's,
//! with their relative difference. NumPy's BLAS sums in another order than
//! `kernel::mm`, so the two agree to rounding, not to the bit.

pub mod embed;

use crate::lab::data::Data;
use crate::lab::method::Method;
use crate::lab::provenance::{COMMIT, VERSION};
use crate::lab::train::batch::labels_of;
use crate::lab::train::config::{Precision, RunConfig};
use crate::lab::train::task::Task;
use crate::lab::train::trainer::Trainer;
use embed::{py_float, Blobs};
use ndarray::Array2;
use std::sync::Arc;

/// The Python the notebook runs besides the rules, in named cells.
const HARNESS: &str = include_str!("harness.py");

/// A Jupyter notebook or a Python script (`# %%` cells, as Jupytext,
/// VS Code and Spyder read them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Ipynb,
    Py,
}

impl Format {
    /// The format a file name asks for, by its extension.
    pub fn of_path(path: &str) -> Option<Self> {
        let p = path.to_ascii_lowercase();
        if p.ends_with(".ipynb") {
            Some(Format::Ipynb)
        } else if p.ends_with(".py") {
            Some(Format::Py)
        } else {
            None
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Ipynb => "ipynb",
            Format::Py => "py",
        }
    }

    /// How to run the file `name` of this format (NumPy is all it needs).
    pub fn how_to_run(self, name: &str) -> String {
        match self {
            Format::Ipynb => format!(
                "Open it in Jupyter, or run it whole: jupyter nbconvert --to notebook --execute {name} (NumPy only)."
            ),
            Format::Py => format!("Run it: python3 {name} (NumPy only)."),
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Format::Ipynb => "application/x-ipynb+json",
            Format::Py => "text/x-python",
        }
    }
}

/// One run and what the instrument measured: its test score at the
/// checkpoints (+∞ where it diverged) and, where known, its final score
/// under its protocol.
#[derive(Clone, Debug)]
pub struct Entry {
    pub cfg: RunConfig,
    pub curve: Vec<(usize, f64)>,
    pub score: Option<f64>,
}

/// A written notebook.
#[derive(Clone, Debug)]
pub struct Export {
    pub text: String,
    /// The runs it reproduces.
    pub runs: usize,
    /// The runs it leaves out, each with why.
    pub left_out: Vec<(RunConfig, &'static str)>,
    /// The bytes of data embedded (before base64).
    pub embedded: usize,
}

impl Export {
    /// One line for a status bar or the command line: what is in it.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} run{} with {:.1} MB of embedded data",
            self.runs,
            if self.runs == 1 { "" } else { "s" },
            self.embedded as f64 / 1e6
        );
        let mut why: Vec<(Method, &str)> = Vec::new();
        for (cfg, reason) in &self.left_out {
            if !why.iter().any(|(m, _)| *m == cfg.method) {
                why.push((cfg.method, reason));
            }
        }
        for (m, reason) in why {
            s.push_str(&format!("; {} left out: {reason}", m.name()));
        }
        s
    }
}

/// Why `cfg` cannot be reproduced in NumPy, if it cannot.
pub fn refusal(cfg: &RunConfig) -> Option<&'static str> {
    if cfg.precision != Precision::F64 {
        return Some("the notebook computes in f64, and this run used f32 arithmetic");
    }
    cfg.method.def().numpy.err()
}

/// The notebook that reproduces `entries` (the checkpoints every `every`
/// steps); `task_of` gives each run's task. An error if no run can be.
pub fn export(
    entries: &[Entry],
    format: Format,
    every: usize,
    mut task_of: impl FnMut(&RunConfig) -> Result<Arc<Task>, String>,
) -> Result<Export, String> {
    let (ok, left_out): (Vec<&Entry>, Vec<&Entry>) =
        entries.iter().partition(|e| refusal(&e.cfg).is_none());
    let left_out: Vec<(RunConfig, &'static str)> = left_out
        .iter()
        .map(|e| (e.cfg, refusal(&e.cfg).unwrap_or_default()))
        .collect();
    if ok.is_empty() {
        let why = left_out.first().map_or("there are no runs", |l| l.1);
        return Err(format!("nothing to export as a notebook: {why}"));
    }
    let mut blobs = Blobs::default();
    let mut data: Vec<(String, String)> = Vec::new();
    let mut runs = String::from("RUNS = [\n");
    let mut methods: Vec<Method> = Vec::new();
    let mut conv = false;
    for e in &ok {
        let task = task_of(&e.cfg)?;
        let t = Trainer::<f64>::new(e.cfg, task.clone());
        let key = data_name(&t, &mut blobs, &mut data);
        runs.push_str(&run_dict(e, &t, &key, every, &mut blobs));
        if !methods.contains(&e.cfg.method) {
            methods.push(e.cfg.method);
        }
        conv |= t.conv.is_some();
    }
    runs.push_str("]\n");
    let mut data_cell = String::from("DATA = {\n");
    for (key, fields) in &data {
        data_cell.push_str(&format!("    \"{key}\": dict({fields}),\n"));
    }
    data_cell.push_str("}\n");

    let mut cells = vec![
        Cell::Markdown(intro(&ok, &left_out, blobs.bytes, &task_of_words(&ok))),
        Cell::Code(section("helpers")),
    ];
    if conv {
        cells.push(Cell::Code(section("conv")));
    }
    for m in &methods {
        let d = m.def();
        let body = d.numpy.unwrap_or_default();
        cells.push(Cell::Markdown(format!(
            "## {}\n\n{} {}\n\nIn the page's notation:\n\n{}",
            d.name,
            capitalise(d.name),
            d.plain,
            d.update
                .iter()
                .map(|l| format!("- {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        )));
        let indented: Vec<String> = body.lines().map(|l| format!("    {l}")).collect();
        cells.push(Cell::Code(format!(
            "def update_{id}(W, h, e, t, run):\n{}\n\n\nRULES[\"{id}\"] = update_{id}\n",
            indented.join("\n"),
            id = d.id
        )));
    }
    cells.push(Cell::Markdown(
        "## Training\n\nThe instrument's loop: the next batch (in the embedded order), the \
         forward sweep, the output error, the rule's update g, then W −= lr·g. A conv \
         layer's update is made its kernels' (each weight's sum over its positions)."
            .into(),
    ));
    cells.push(Cell::Code(section("train")));
    cells.push(Cell::Code(section("compare")));
    cells.push(Cell::Markdown(format!(
        "## What the instrument drew\n\nThe rows, initial weights, batch order and fixed \
         random matrices, exactly ({:.1} MB before base64), then each run's settings and \
         the scores the instrument measured.",
        blobs.bytes as f64 / 1e6
    )));
    cells.push(Cell::Code(blobs.cell()));
    cells.push(Cell::Code(format!("{data_cell}\n{runs}")));
    cells.push(Cell::Code("worst = reproduce(RUNS)\n".into()));
    let text = match format {
        Format::Ipynb => ipynb(&cells),
        Format::Py => py(&cells),
    };
    Ok(Export {
        text,
        runs: ok.len(),
        left_out,
        embedded: blobs.bytes,
    })
}

/// The named cell of `harness.py`.
fn section(name: &str) -> String {
    let mark = format!("## cell: {name}\n");
    let start = HARNESS.find(&mark).map_or(0, |i| i + mark.len());
    let end = HARNESS[start..]
        .find("## cell: ")
        .map_or(HARNESS.len(), |i| start + i);
    HARNESS[start..end].trim_end().to_string() + "\n"
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The name of the run's data in `DATA`, embedding it the first time.
fn data_name(t: &Trainer<f64>, blobs: &mut Blobs, data: &mut Vec<(String, String)>) -> String {
    let task = &t.task;
    // a classifying rule on a regression task learns its targets' argmax
    let one_hot = t.classifies() && !task.classifies();
    let key = format!(
        "{}-{}{}{}",
        match task.shape.teacher.data {
            Data::Teacher => "teacher".to_string(),
            Data::Digits => "digits".to_string(),
            Data::File { id, .. } => format!("file{id:x}"),
        },
        task.shape.teacher.seed,
        if task.shape.validation > 0 {
            "-held-out"
        } else {
            ""
        },
        if one_hot { "-classes" } else { "" }
    );
    if !data.iter().any(|(k, _)| *k == key) {
        let targets = |m: &Array2<f64>| if one_hot { classes_of(m) } else { m.clone() };
        let fields = format!(
            "x_train={}, t_train={}, x_test={}, t_test={}",
            blobs.matrix(&task.x_train),
            blobs.matrix(&targets(&task.t_train)),
            blobs.matrix(&task.x_test),
            blobs.matrix(&targets(&task.t_test)),
        );
        data.push((key.clone(), fields));
    }
    key
}

/// One-hot rows of each row's largest entry.
fn classes_of(t: &Array2<f64>) -> Array2<f64> {
    let mut out = Array2::zeros(t.raw_dim());
    for (i, c) in labels_of(t.view()).into_iter().enumerate() {
        out[[i, c]] = 1.0;
    }
    out
}

/// One run's entry in `RUNS`: its settings, what it starts from, and the
/// instrument's scores.
fn run_dict(e: &Entry, t: &Trainer<f64>, data: &str, every: usize, blobs: &mut Blobs) -> String {
    let c = &e.cfg;
    let body = c.method.def().numpy.unwrap_or_default();
    let needs = |k: &str| body.contains(&format!("run[\"{k}\"]"));
    let list = |v: Vec<String>| format!("[{}]", v.join(", "));
    let mut f = vec![
        format!(
            "name=\"{} at lr {} (seed {})\"",
            c.method.name(),
            c.lr,
            c.seed
        ),
        format!("method=\"{}\"", c.method.id()),
        format!("data=\"{data}\""),
        format!("lr={}", py_float(c.lr)),
        format!("steps={}, batch={}, every={every}", c.steps, c.batch),
        format!("tail={}", c.protocol.tail()),
        format!(
            "classifies={}",
            if t.classifies() { "True" } else { "False" }
        ),
        format!(
            "W={}",
            list(t.net.w.iter().map(|w| blobs.matrix(w)).collect())
        ),
    ];
    if let Some(conv) = &t.conv {
        f.push(format!(
            "kernels={}, conv=({}, {}, {})",
            blobs.vector(&conv.kernels(&t.net.w[0])),
            conv.side,
            conv.k,
            conv.channels
        ));
    }
    if needs("B") {
        f.push(format!(
            "B={}",
            list(t.fb.b.iter().map(|m| blobs.matrix(m)).collect())
        ));
    }
    if needs("D") {
        f.push(format!(
            "D={}",
            list(t.fb.d.iter().map(|m| blobs.matrix(m)).collect())
        ));
    }
    if needs("P") {
        f.push(format!(
            "P={}",
            list(t.fb.p.iter().map(|p| blobs.indices(p)).collect())
        ));
    }
    if let Some(labels) = &t.labels {
        f.push(format!("labels={}", blobs.indices(labels)));
    }
    if needs("kp_decay") {
        f.push(format!("kp_decay={}", py_float(c.rules.kp_decay)));
    }
    if needs("pc_steps") {
        f.push(format!(
            "pc_steps={}, pc_rate={}",
            c.rules.pc_steps,
            py_float(c.rules.pc_rate)
        ));
    }
    f.push(format!("order={}", blobs.indices(&t.batch_rows(c.steps))));
    let curve: Vec<String> = e
        .curve
        .iter()
        .map(|&(s, v)| format!("({s}, {})", py_float(v)))
        .collect();
    f.push(format!("expected_curve=[{}]", curve.join(", ")));
    f.push(format!(
        "expected_score={}",
        e.score.map_or("None".into(), py_float)
    ));
    format!("    dict({}),\n", f.join(", "))
}

/// What the runs learn, in words (for the introduction).
fn task_of_words(ok: &[&Entry]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in ok {
        let w = e.cfg.teacher.data.describe();
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

fn intro(
    ok: &[&Entry],
    left_out: &[(RunConfig, &'static str)],
    bytes: usize,
    tasks: &[String],
) -> String {
    let mut s = format!(
        "# Credit Flow, reproduced in NumPy\n\n\
         Made by Credit Flow {VERSION} (commit {COMMIT}). This notebook uses only NumPy: it \
         rebuilds {} run{} of the instrument from what the instrument drew (embedded below, \
         {:.1} MB), writes each rule's update out, trains, and prints its test score at each \
         checkpoint beside the instrument's, with the relative difference.\n\n\
         NumPy's matrix products sum in another order than the instrument's kernels, so the \
         two agree to rounding, not to the bit: in f64 the target is 1e-6 relative at every \
         checkpoint (measured by `tests/it/notebook.rs`; an error rate, a count of wrong \
         answers, agrees exactly unless an example sits on a tie).\n\n\
         Learned here: {}.\n",
        ok.len(),
        if ok.len() == 1 { "" } else { "s" },
        bytes as f64 / 1e6,
        tasks.join("; ")
    );
    if tasks.iter().any(|t| t.contains("digits")) {
        s.push_str(&format!(
            "\nThe digits: {}\n",
            crate::lab::data::DIGITS_CREDIT
        ));
    }
    if !left_out.is_empty() {
        s.push_str(&format!(
            "\nLeft out ({} run{}):\n",
            left_out.len(),
            if left_out.len() == 1 { "" } else { "s" }
        ));
        let mut said: Vec<Method> = Vec::new();
        for (cfg, why) in left_out {
            if !said.contains(&cfg.method) {
                said.push(cfg.method);
                s.push_str(&format!("- {}: {why}\n", cfg.method.name()));
            }
        }
    }
    s
}

enum Cell {
    Markdown(String),
    Code(String),
}

/// nbformat 4.4 JSON.
fn ipynb(cells: &[Cell]) -> String {
    let lines = |s: &str| -> Vec<String> { s.split_inclusive('\n').map(str::to_string).collect() };
    let cells: Vec<serde_json::Value> = cells
        .iter()
        .map(|c| match c {
            Cell::Markdown(s) => serde_json::json!({
                "cell_type": "markdown", "metadata": {}, "source": lines(s),
            }),
            Cell::Code(s) => serde_json::json!({
                "cell_type": "code", "execution_count": null, "metadata": {},
                "outputs": [], "source": lines(s),
            }),
        })
        .collect();
    let nb = serde_json::json!({
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "creditflow": {"version": VERSION, "commit": COMMIT},
        },
        "nbformat": 4,
        "nbformat_minor": 4,
    });
    serde_json::to_string_pretty(&nb).unwrap_or_default() + "\n"
}

/// The cells as one Python file: `# %%` before each, markdown as comments.
fn py(cells: &[Cell]) -> String {
    let mut out = String::from("#!/usr/bin/env python3\n");
    for c in cells {
        match c {
            Cell::Markdown(s) => {
                out.push_str("\n# %% [markdown]\n");
                for l in s.lines() {
                    out.push_str(format!("# {l}").trim_end());
                    out.push('\n');
                }
            }
            Cell::Code(s) => {
                out.push_str("\n# %%\n");
                out.push_str(s);
            }
        }
    }
    out
}
