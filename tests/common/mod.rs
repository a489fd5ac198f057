//! What the lab's test files share: a small teacher task and a trainer on
//! it.
#![allow(dead_code)]

use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use std::sync::Arc;

pub fn small_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }))
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
