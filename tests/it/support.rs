//! What the lab's test files share: a small teacher task and a trainer on
//! it.

use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use std::sync::Arc;

pub fn small_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }))
}

/// A tiny task for the definition tests (64 training, 40 test examples).
pub fn tiny_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 64,
        test: 40,
        ..TaskShape::default()
    }))
}

/// A tiny student for the definition tests: `depth` hidden layers of 6,
/// batches of 4, rate 0.1, 50 steps.
pub fn tiny(method: Method, depth: usize) -> RunConfig {
    RunConfig {
        method,
        depth,
        hidden: 6,
        batch: 4,
        lr: 0.1,
        steps: 50,
        ..RunConfig::default()
    }
}

pub fn trainer(method: Method, hidden: usize, batch: usize, task: &Arc<Task>) -> Trainer {
    let cfg = RunConfig {
        method,
        hidden,
        batch,
        lr: 0.05,
        ..RunConfig::default()
    };
    Trainer::new(cfg, task.clone())
}

/// Runs the command line: (exit status, stdout, stderr).
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_creditflow"))
        .args(args)
        .output()
        .expect("runs");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

/// A fresh scratch directory for one test's files.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("creditflow-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
