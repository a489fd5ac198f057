//! A browser benchmark, not a test: it asserts nothing about time. It
//! prints the lab's µs per training step and the cost of one test-set
//! evaluation in headless Chromium, to set beside `creditflow bench`:
//!
//! cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --nocapture
#![cfg(target_arch = "wasm32")]

use creditflow::lab::kernel::Isa;
use creditflow::lab::study::grid::time_step;
use creditflow::lab::{Method, Precision, RunConfig, Task, TaskShape, Trainer};
use std::sync::Arc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn print_step_times() {
    let task = Arc::new(Task::new(TaskShape::default()));
    web_sys::console::log_1(
        &format!(
            "kernels: {}; µs per step, best of 3 × 1000 steps",
            Isa::best().name()
        )
        .into(),
    );
    // the JIT's warm-up, so the first method listed is not timed cold
    time_step(
        RunConfig::default(),
        Method::Bp,
        Precision::F64,
        task.clone(),
        2000,
        js_sys::Date::now,
    );
    for m in Method::ALL {
        // best of three: the browser's timings swing with its JIT and GC
        let us = Precision::ALL.map(|p| {
            (0..3)
                .map(|_| {
                    time_step(
                        RunConfig::default(),
                        m,
                        p,
                        task.clone(),
                        1000,
                        js_sys::Date::now,
                    )
                })
                .fold(f64::INFINITY, f64::min)
        });
        let t = Trainer::<f64>::new(RunConfig::default(), task.clone());
        let t0 = js_sys::Date::now();
        for _ in 0..10 {
            t.evaluate();
        }
        let ev = (js_sys::Date::now() - t0) / 10.0;
        web_sys::console::log_1(
            &format!(
                "{:<20} f64 {:>7.1} µs/step  f32 {:>7.1} µs/step   evaluate {ev:.2} ms",
                m.id(),
                us[0],
                us[1]
            )
            .into(),
        );
    }
}

/// bp's step on the digits (dense and conv) beside the teacher's, the
/// page's arithmetic: the digits come from the site's asset, unpacked here
/// by the test (the page unpacks it with the browser's DecompressionStream).
#[wasm_bindgen_test]
fn print_digits_step_times() {
    use creditflow::lab::data::{registry, Data};
    use creditflow::lab::train::config::Arch;
    use std::io::Read;
    let mut text = String::new();
    flate2::read::GzDecoder::new(&include_bytes!("../../assets/digits.csv.gz")[..])
        .read_to_string(&mut text)
        .unwrap();
    registry::restore(registry::Source {
        data: Data::Digits,
        text,
        targets: vec![],
        kind: None,
    })
    .unwrap();
    let best = |base: RunConfig| {
        let task = Arc::new(Task::new(base.task_shape()));
        time_step(
            base,
            Method::Bp,
            Precision::F64,
            task.clone(),
            500,
            js_sys::Date::now,
        );
        (0..3)
            .map(|_| {
                time_step(
                    base,
                    Method::Bp,
                    Precision::F64,
                    task.clone(),
                    1000,
                    js_sys::Date::now,
                )
            })
            .fold(f64::INFINITY, f64::min)
    };
    let teacher = best(RunConfig::default());
    let mut digits = RunConfig::default();
    digits.teacher.data = Data::Digits;
    let dense = best(digits);
    let conv = best(RunConfig {
        arch: Arch::Conv,
        ..digits
    });
    web_sys::console::log_1(
        &format!(
            "bp f64 µs/step (batch 32): teacher {teacher:.1}, digits dense {dense:.1} ({:.2}× the teacher's), digits conv {conv:.1} ({:.2}×)",
            dense / teacher,
            conv / teacher
        )
        .into(),
    );
}
