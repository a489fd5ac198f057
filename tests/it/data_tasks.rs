//! Tasks made from data (`lab::data`): the digits as the asset holds them,
//! their seeded split, the classification scores on a hand-computed case,
//! bp's update on a task of classes against the cross-entropy's finite
//! differences, and every kind of rule learning the digits.

use creditflow::lab::data::{registry, Data, DIGITS_ROWS, DIGITS_TEST};
use creditflow::lab::train::batch::{cross_entropy, error_rate, labels_of, majority_error};
use creditflow::lab::train::config::Protocol;
use creditflow::lab::{Method, RunConfig, Task, Teacher, Trainer};
use ndarray::{array, Array2};
use std::sync::Arc;

fn digits(seed: u64, protocol: Protocol) -> Task {
    let cfg = RunConfig {
        teacher: Teacher {
            data: Data::Digits,
            seed,
            ..Teacher::default()
        },
        protocol,
        ..RunConfig::default()
    };
    Task::new(cfg.task_shape())
}

#[test]
fn the_digits_are_the_uci_files_rows() {
    let ds = registry::get(Data::Digits).unwrap();
    assert_eq!(ds.rows(), DIGITS_ROWS);
    assert_eq!(ds.inputs.len(), 64);
    assert_eq!(ds.x.iter().cloned().fold(f64::NEG_INFINITY, f64::max), 16.0);
    assert_eq!(ds.x.iter().cloned().fold(f64::INFINITY, f64::min), 0.0);
    // the class counts of the UCI file (as tools/data/fetch_digits.py read them)
    let t = ds.targets();
    let counts: Vec<usize> = (0..10)
        .map(|c| t.column(c).iter().filter(|&&v| v == 1.0).count())
        .collect();
    assert_eq!(
        counts,
        vec![178, 182, 177, 183, 181, 182, 181, 179, 174, 180]
    );
    // the first image of the file, a zero
    assert_eq!(
        &ds.x.row(0).to_vec()[..8],
        &[0.0, 0.0, 5.0, 13.0, 9.0, 1.0, 0.0, 0.0]
    );
    assert_eq!(labels_of(t.view())[0], 0);
}

#[test]
fn the_digits_split_is_seeded_and_scaled_onto_the_unit_interval() {
    let a = digits(0, Protocol::Essay);
    assert_eq!(
        (a.x_train.nrows(), a.x_test.nrows(), a.x_val.nrows()),
        (DIGITS_ROWS - DIGITS_TEST, DIGITS_TEST, 0)
    );
    assert_eq!(a.x_train.ncols(), 64);
    assert_eq!((a.shape.inputs, a.shape.outputs), (64, 10));
    assert!(a.classifies());
    assert!(a
        .x_train
        .iter()
        .chain(a.x_test.iter())
        .all(|v| (0.0..=1.0).contains(v)));
    // the same seed, the same split; another seed, another
    let again = digits(0, Protocol::Essay);
    assert_eq!(a.x_test, again.x_test);
    let b = digits(1, Protocol::Essay);
    assert_ne!(a.x_test, b.x_test);
    // the careful protocol holds out a fifth of the training rows, from them
    let c = digits(0, Protocol::Careful);
    assert_eq!(c.x_val.nrows(), (DIGITS_ROWS - DIGITS_TEST) / 5);
    assert_eq!(
        c.x_train.nrows() + c.x_val.nrows(),
        DIGITS_ROWS - DIGITS_TEST
    );
    assert_eq!(c.x_test, a.x_test, "the test rows do not move");
    // and every row lands in exactly one part: the parts' row sums, sorted, are the file's
    let ds = registry::get(Data::Digits).unwrap();
    let sums = |m: &Array2<f64>| {
        m.rows()
            .into_iter()
            .map(|r| (r.sum() * 16.0).round() as i64)
            .collect::<Vec<_>>()
    };
    let mut parts = [sums(&c.x_train), sums(&c.x_val), sums(&c.x_test)].concat();
    let mut whole: Vec<i64> = ds.x.rows().into_iter().map(|r| r.sum() as i64).collect();
    parts.sort();
    whole.sort();
    assert_eq!(parts, whole);
}

#[test]
fn classification_scores_match_a_hand_computed_case() {
    // −log softmax: scores (0, 0) → ln 2; (ln 3, 0) for class 1 → ln 4
    let ce = |s: [f64; 2], c: usize| cross_entropy(s.iter().copied(), s[c]);
    assert!((ce([0.0, 0.0], 0) - 2f64.ln()).abs() < 1e-15);
    assert!((ce([3f64.ln(), 0.0], 1) - 4f64.ln()).abs() < 1e-15);
    assert!(
        (ce([1000.0, 0.0], 0)).abs() < 1e-12,
        "stable for large scores"
    );
    // 3 rows, the second wrong: error rate 1/3
    let scores = array![[2.0, 1.0, 0.0], [0.0, 1.0, 3.0], [0.0, 5.0, 1.0]];
    assert!((error_rate(&scores, &[0, 1, 1]) - 1.0 / 3.0).abs() < 1e-15);
    // one-hot targets: classes 0, 0, 2 → always guessing class 0 errs 1/3
    let t = array![[1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]];
    assert!((majority_error(&t) - 1.0 / 3.0).abs() < 1e-15);
}

/// The mean cross-entropy of a plain tanh network's outputs.
fn mean_ce(w: &[Array2<f64>], x: &Array2<f64>, labels: &[usize]) -> f64 {
    let y = crate::support::forward(w, x, None).pop().unwrap();
    y.rows()
        .into_iter()
        .zip(labels)
        .map(|(r, &c)| cross_entropy(r.iter().copied(), r[c]))
        .sum::<f64>()
        / labels.len() as f64
}

#[test]
fn bp_on_a_task_of_classes_follows_the_cross_entropy_gradient() {
    let task = Arc::new(digits(0, Protocol::Essay));
    let cfg = RunConfig {
        teacher: task.shape.teacher,
        ..crate::support::tiny(Method::Bp, 2)
    };
    let mut t = Trainer::<f64>::new(cfg, task);
    let g = t.probe_exact();
    let (x, y) = (t.batch().0.clone(), t.batch().1.clone());
    let labels = labels_of(y.view());
    let h = 1e-6;
    for l in 0..=2 {
        for idx in [(0, 0), (1, 2), (3, 1)] {
            let idx = if l == 0 { (idx.0 + 20, idx.1) } else { idx };
            let mut w = t.net.w.clone();
            w[l][idx] += h;
            let up = mean_ce(&w, &x, &labels);
            w[l][idx] -= 2.0 * h;
            let fd = (up - mean_ce(&w, &x, &labels)) / (2.0 * h);
            assert!(
                (g[l][idx] - fd).abs() < 1e-7,
                "W{} {idx:?}: {} vs {fd}",
                l + 1,
                g[l][idx]
            );
        }
    }
}

#[test]
fn every_kind_of_rule_learns_the_digits() {
    let task = Arc::new(digits(0, Protocol::Essay));
    let floor = majority_error(&task.t_test);
    assert!(floor > 0.85, "ten classes of about equal size: {floor}");
    // a signed error by the true route, by a random one, one shared
    // score, and the readout alone
    for (m, lr, below) in [
        (Method::Bp, 0.1, 0.15),
        (Method::Fa, 0.1, 0.2),
        (Method::NodePerturbation, 0.02, 0.4),
        (Method::ReadoutOnly, 0.1, 0.4),
    ] {
        let cfg = RunConfig {
            method: m,
            lr,
            steps: 400,
            teacher: task.shape.teacher,
            ..RunConfig::default()
        };
        let mut t = Trainer::<f64>::new(cfg, task.clone());
        let r = t.run();
        assert!(
            r.nmse < below,
            "{}: test error {} after 400 steps",
            m.id(),
            r.nmse
        );
    }
}

#[test]
fn the_harder_tasks_study_climbs_from_the_teacher_to_conv_digits() {
    use creditflow::lab::study::grid::run_each;
    use creditflow::lab::study::summary::summarise;
    use creditflow::lab::study::tasks::{finding, TasksSpec, SETTINGS};
    use creditflow::lab::train::config::Arch;
    let spec = TasksSpec {
        methods: vec![Method::Bp, Method::Fa, Method::ReadoutOnly],
        steps: 40,
        protocol: Protocol::Essay,
        seeds: vec![0],
    };
    let mut tables = Vec::new();
    for (s, (data, arch)) in SETTINGS.iter().zip([
        (Data::Teacher, Arch::Dense),
        (Data::Digits, Arch::Dense),
        (Data::Digits, Arch::Conv),
    ]) {
        let mut g = spec.grid(*s);
        g.lrs = vec![0.1];
        assert_eq!(
            (g.base.teacher.data, g.base.arch, g.base.steps),
            (data, arch, 40)
        );
        let task_of = g.task_of();
        let runs = run_each(
            &g.jobs(),
            2,
            |_, _| {},
            |cfg| creditflow::lab::study::grid::run_one(cfg, task_of(&cfg)),
        );
        tables.push(summarise(&g, &runs));
    }
    let f = finding(&tables, &spec.methods);
    assert_eq!(f.len(), 2, "one sentence per rule but bp");
    assert!(
        f[0].starts_with("feedback alignment: its error is "),
        "{}",
        f[0]
    );
    assert!(
        f[0].contains("on the digits (conv)") && f[0].contains("conv kernels ends"),
        "{}",
        f[0]
    );
    // the conv layer's angles are measured; readout only leaves it unchanged
    let conv = &tables[2];
    assert!(conv[1].final_angles[0].is_finite());
    assert!(conv[2].final_angles[0].is_nan());
}

#[test]
fn the_shipped_harder_tasks_file_is_the_studys_own() {
    use creditflow::lab::study::tasks::{TasksSpec, METHODS, PUBLISHED, SETTINGS};
    use creditflow::page::studies::tasks::TasksTable;
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tasks.json")).unwrap();
    let t = TasksTable::from_json(&text).unwrap();
    assert_eq!(
        t.settings,
        SETTINGS
            .iter()
            .map(|s| s.name.to_string())
            .collect::<Vec<_>>()
    );
    assert_eq!(t.rows.len(), METHODS.len());
    assert_eq!(t.finding.len(), METHODS.len() - 1);
    assert_eq!(
        t.published,
        PUBLISHED.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    );
    // made by the default study (regenerate: creditflow tasks --json assets/tasks.json)
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        v["spec"],
        serde_json::to_value(TasksSpec::default()).unwrap()
    );
    assert!(t.made.contains("3000 steps"), "{}", t.made);
    // bp is its own reference everywhere
    assert_eq!(t.rows[0].cells.len(), 3);
    assert!(
        t.rows[0].cells.iter().all(|c| c.1 == "1.0"),
        "{:?}",
        t.rows[0]
    );
    // a file that is not one says so
    assert!(TasksTable::from_json("{}")
        .unwrap_err()
        .contains("not a file of `creditflow tasks --json`"));
    assert!(TasksTable::from_json("nope").is_err());
}
