//! The notebook export (`lab::notebook`, `creditflow export --notebook`):
//! its encodings, which runs it refuses and why, and, run with Python and
//! NumPy, that the exported code reproduces the command's scores at every
//! checkpoint to 1e-6 relative. Python comes from `CREDITFLOW_PYTHON`
//! (`.ci/test` makes a venv with NumPy and sets it), else
//! `target/pyenv/bin/python`; without either the Python checks are skipped
//! with a message, and with `CREDITFLOW_PYTHON` set they must run.

use crate::support::{run_cli, scratch};
use creditflow::lab::method::Method;
use creditflow::lab::notebook::embed::{base64, Blobs};
use creditflow::lab::notebook::{export, refusal, Entry, Format};
use creditflow::lab::{Precision, RunConfig};
use std::path::{Path, PathBuf};

#[test]
fn base64_matches_the_rfc_examples() {
    for (plain, coded) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64(plain.as_bytes()), coded);
    }
}

#[test]
fn sixteenths_go_as_bytes_other_values_as_f64_and_repeats_once() {
    let mut b = Blobs::default();
    assert_eq!(b.vector(&[0.0, 0.0625, 1.0]), "A[0]");
    assert!(b.cell().contains("\"u1\", (3,), 16.0)"));
    assert_eq!(b.vector(&[0.1, 2.0]), "A[1]");
    assert!(b.cell().contains("\"<f8\", (2,))"));
    assert_eq!(b.indices(&[3, 70_000]), "A[2]");
    assert!(b.cell().contains("\"<u4\", (2,))"));
    assert_eq!(b.vector(&[0.0, 0.0625, 1.0]), "A[0]", "stored once");
    assert_eq!(b.bytes, 3 + 16 + 8);
}

#[test]
fn the_format_follows_the_file_name() {
    assert_eq!(Format::of_path("run.ipynb"), Some(Format::Ipynb));
    assert_eq!(Format::of_path("RUN.PY"), Some(Format::Py));
    assert_eq!(Format::of_path("run.txt"), None);
}

#[test]
fn noise_rules_and_f32_runs_are_refused_with_a_reason_and_listed() {
    for m in [
        Method::NodePerturbation,
        Method::WeightPerturbation,
        Method::RandomDirection,
        Method::ThreeFactor,
    ] {
        let cfg = RunConfig {
            method: m,
            ..RunConfig::default()
        };
        assert!(refusal(&cfg).is_some_and(|r| r.contains("noise")), "{m:?}");
    }
    let f32 = RunConfig {
        precision: Precision::F32,
        ..RunConfig::default()
    };
    assert!(refusal(&f32).is_some_and(|r| r.contains("f32")));
    assert!(refusal(&RunConfig::default()).is_none());
    // nothing exportable is an error, not an empty notebook
    let only = [Entry {
        cfg: f32,
        curve: vec![],
        score: None,
    }];
    let e = export(&only, Format::Py, 50, |_| unreachable!()).expect_err("nothing to export");
    assert!(e.contains("f32"), "{e}");
    // a refused run beside a good one is left out, and the summary says why
    let cfg = RunConfig {
        steps: 20,
        ..RunConfig::default()
    };
    let np = RunConfig {
        method: Method::NodePerturbation,
        ..cfg
    };
    let entries = [
        Entry {
            cfg,
            curve: vec![],
            score: None,
        },
        Entry {
            cfg: np,
            curve: vec![],
            score: None,
        },
    ];
    let got = export(&entries, Format::Ipynb, 50, |c| {
        Ok(std::sync::Arc::new(creditflow::lab::Task::new(
            c.task_shape(),
        )))
    })
    .expect("a notebook");
    assert_eq!((got.runs, got.left_out.len()), (1, 1));
    assert!(
        got.summary().contains("node perturbation left out"),
        "{}",
        got.summary()
    );
    let nb: serde_json::Value = serde_json::from_str(&got.text).expect("the notebook is JSON");
    assert_eq!(nb["nbformat"], 4);
    assert!(got.text.contains("def update_bp(W, h, e, t, run)"));
    assert!(!got.text.contains("def update_node_perturbation"));
}

#[test]
fn every_rule_with_a_numpy_form_says_so_and_the_rest_say_why_not() {
    for m in Method::every() {
        match m.def().numpy {
            Ok(body) => assert!(body.contains("return"), "{m:?} returns its update"),
            Err(why) => assert!(why.len() > 20, "{m:?} says why it has no notebook"),
        }
    }
}

/// The Python to run a notebook with, if there is one with NumPy.
fn python() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("CREDITFLOW_PYTHON") {
        return Some(PathBuf::from(p));
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pyenv/bin/python");
    if venv.exists() {
        return Some(venv);
    }
    eprintln!(
        "skipped: no Python with NumPy (set CREDITFLOW_PYTHON, or make target/pyenv: \
         python3 -m venv target/pyenv && target/pyenv/bin/pip install numpy)"
    );
    None
}

/// Exports `args`' runs, runs the file with Python (a notebook's code
/// cells in order) and returns (checkpoints compared, largest relative
/// difference, the output).
fn reproduce(python: &Path, name: &str, args: &[&str]) -> (usize, f64, String) {
    let dir = scratch("notebook");
    let path = dir.join(name);
    let path_s = path.to_string_lossy().into_owned();
    let mut all = vec!["export", "--notebook", &path_s];
    all.extend_from_slice(args);
    let (code, out, err) = run_cli(&all);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("wrote"), "{out}");
    run_python(python, &path)
}

fn run_python(python: &Path, path: &Path) -> (usize, f64, String) {
    let script = if path.extension().is_some_and(|e| e == "ipynb") {
        "import json, sys\nnb = json.load(open(sys.argv[1]))\n\
         exec(compile('\\n'.join(''.join(c['source']) for c in nb['cells'] \
         if c['cell_type'] == 'code'), sys.argv[1], 'exec'))\n"
    } else {
        "import runpy, sys\nrunpy.run_path(sys.argv[1], run_name='__main__')\n"
    };
    let out = std::process::Command::new(python)
        .env("OPENBLAS_NUM_THREADS", "1")
        .args(["-c", script])
        .arg(path)
        .output()
        .expect("Python runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = text.lines().last().unwrap_or_default();
    let compared = last
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let worst = last
        .rsplit(": ")
        .next()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(f64::INFINITY);
    (compared, worst, text)
}

#[test]
fn the_exported_code_reproduces_every_rule_on_the_teacher() {
    let Some(py) = python() else { return };
    let methods = "bp,fa,dfa,no_deriv,scrambled,sign_dropped,stale,shuffled_labels,readout_only,\
                   kolen_pollack,sign_symmetry,predictive_coding,bp_classify";
    let (n, worst, out) = reproduce(&py, "teacher.py", &["--methods", methods, "--steps", "200"]);
    // 13 rules × (step 0, every 50 to 200, and the score)
    assert_eq!(n, 13 * 6, "{out}");
    assert!(
        worst <= 1e-6,
        "largest relative difference {worst:e}\n{out}"
    );
    eprintln!("teacher, 13 rules, 200 steps: largest relative difference {worst:.1e}");
}

#[test]
fn the_exported_notebook_reproduces_the_conv_student_on_the_digits_under_the_careful_protocol() {
    let Some(py) = python() else { return };
    let args = [
        "--methods",
        "bp,fa,dfa,sign_symmetry,readout_only",
        "--task",
        "digits",
        "--arch",
        "conv",
        "--protocol",
        "careful",
        "--seeds",
        "0",
        "--task-seeds",
        "1",
        "--steps",
        "450",
    ];
    let (n, worst, out) = reproduce(&py, "digits.ipynb", &args);
    assert_eq!(n, 5 * 11, "{out}");
    assert!(
        worst <= 1e-6,
        "largest relative difference {worst:e}\n{out}"
    );
}

#[test]
fn the_comparison_can_fail() {
    let Some(py) = python() else { return };
    let dir = scratch("notebook-tampered");
    let path = dir.join("tampered.py");
    let p = path.to_string_lossy().into_owned();
    let (code, out, err) = run_cli(&[
        "export",
        "--notebook",
        &p,
        "--methods",
        "bp",
        "--steps",
        "100",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // the instrument's final score nudged by one part in a thousand
    let text = std::fs::read_to_string(&path).expect("the file");
    let at = text.find("expected_score=").expect("a score") + "expected_score=".len();
    let end = at + text[at..].find(')').expect("the entry's end");
    let v: f64 = text[at..end].parse().expect("a number");
    let tampered = format!("{}{:?}{}", &text[..at], v * 1.001, &text[end..]);
    std::fs::write(&path, tampered).expect("written");
    let (_, worst, out) = run_python(&py, &path);
    assert!((worst - 1e-3).abs() < 1e-4, "{worst:e}\n{out}");
}

#[test]
fn the_command_refuses_a_lone_noise_rule_and_a_bad_file_name() {
    let dir = scratch("notebook-refused");
    let p = dir.join("x.py").to_string_lossy().into_owned();
    let (code, _, err) = run_cli(&["export", "--notebook", &p, "--methods", "node_perturbation"]);
    assert_eq!(code, 2);
    assert!(err.contains("noise"), "{err}");
    let (code, _, err) = run_cli(&["export", "--notebook", "x.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains(".ipynb"), "{err}");
    let (code, _, err) = run_cli(&["export"]);
    assert_eq!(code, 2);
    assert!(err.contains("--notebook"), "{err}");
}
