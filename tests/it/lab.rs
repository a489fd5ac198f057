//! The instrument against its definitions: the network's gradient against
//! finite differences, each method's update against a direct
//! re-implementation on a tiny network, seeded determinism, and a reduced
//! sweep in which the essay's ranking must hold.

use creditflow::lab::study::grid::{run_parallel, GridSpec};
use creditflow::lab::study::summary::{angle_series, summarise};
use creditflow::lab::train::net::batch_loss;
use creditflow::lab::train::net::{cosine, tanh, Net};
use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use ndarray::Array2;
use std::sync::Arc;

fn small_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }))
}

/// A tiny student: hidden 6, batch 4.
fn tiny(method: Method, task: &Arc<Task>) -> Trainer {
    let cfg = RunConfig {
        method,
        hidden: 6,
        batch: 4,
        lr: 0.1,
        ..RunConfig::default()
    };
    Trainer::new(cfg, task.clone())
}

/// Forward activities of `net` on `x`: (h1, h2, y).
fn forward(net: &Net, x: &Array2<f64>) -> (Array2<f64>, Array2<f64>, Array2<f64>) {
    let h1 = x.dot(&net.w[0]).mapv(tanh);
    let h2 = h1.dot(&net.w[1]).mapv(tanh);
    let y = h2.dot(&net.w[2]);
    (h1, h2, y)
}

fn slope(h: &Array2<f64>) -> Array2<f64> {
    h.mapv(|v| 1.0 - v * v)
}

fn assert_close(a: &[Array2<f64>], b: &[Array2<f64>], what: &str) {
    for (l, (x, y)) in a.iter().zip(b).enumerate() {
        let diff = (x - y).mapv(f64::abs).fold(0.0f64, |m, &v| m.max(v));
        assert!(diff < 1e-12, "{what}: layer {} differs by {diff}", l + 1);
    }
}

#[test]
fn backprop_gradient_matches_finite_differences() {
    let task = small_task();
    let mut t = tiny(Method::Bp, &task);
    let g = t.probe_exact();
    let (x, y) = (t.batch().0.clone(), t.batch().1.clone());
    let mut net = t.net.clone();
    let h = 1e-6;
    for (l, gl) in g.iter().enumerate() {
        for idx in [(0, 0), (1, 2), (3, 4)] {
            let idx = (idx.0 % net.w[l].nrows(), idx.1 % net.w[l].ncols());
            let w0 = net.w[l][idx];
            net.w[l][idx] = w0 + h;
            let up = batch_loss(&forward(&net, &x).2, &y);
            net.w[l][idx] = w0 - h;
            let down = batch_loss(&forward(&net, &x).2, &y);
            net.w[l][idx] = w0;
            let fd = (up - down) / (2.0 * h);
            // gradcheck's tolerance: atol 1e-5 + rtol 1e-3
            assert!(
                (gl[idx] - fd).abs() < 1e-5 + 1e-3 * fd.abs(),
                "W{} {idx:?}: {} vs {fd}",
                l + 1,
                gl[idx]
            );
        }
    }
}

/// The exact deltas for the tiny net on its current batch: (x, h1, h2, e, d1, d2).
#[allow(clippy::type_complexity)]
fn exact_parts(
    t: &Trainer,
) -> (
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
    Array2<f64>,
) {
    let (x, y) = (t.batch().0.clone(), t.batch().1.clone());
    let (h1, h2, out) = forward(&t.net, &x);
    let e = (&out - &y) / x.nrows() as f64;
    let d2 = e.dot(&t.net.w[2].t()) * slope(&h2);
    let d1 = d2.dot(&t.net.w[1].t()) * slope(&h1);
    (x, h1, h2, e, d1, d2)
}

fn grads(
    x: &Array2<f64>,
    h1: &Array2<f64>,
    h2: &Array2<f64>,
    d1: &Array2<f64>,
    d2: &Array2<f64>,
    e: &Array2<f64>,
) -> Vec<Array2<f64>> {
    vec![x.t().dot(d1), h1.t().dot(d2), h2.t().dot(e)]
}

#[test]
fn feedback_alignment_uses_b_not_w_transpose() {
    let task = small_task();
    let mut t = tiny(Method::Fa, &task);
    let exact = t.probe_exact();
    let got = t.probe_estimate(Method::Fa);
    let (x, h1, h2, e, _, _) = exact_parts(&t);
    let (b2, b3) = (t.fa_matrices()[0].clone(), t.fa_matrices()[1].clone());
    let d2 = e.dot(&b3) * slope(&h2);
    let d1 = d2.dot(&b2) * slope(&h1);
    assert_close(&got, &grads(&x, &h1, &h2, &d1, &d2, &e), "fa");
    assert!(
        cosine(&got, &exact) < 0.999,
        "FA must differ from the exact gradient"
    );
}

#[test]
fn no_deriv_drops_the_slope() {
    let task = small_task();
    let mut t = tiny(Method::NoDeriv, &task);
    t.probe_exact();
    let got = t.probe_estimate(Method::NoDeriv);
    let (x, h1, h2, e, _, _) = exact_parts(&t);
    let d2 = e.dot(&t.net.w[2].t());
    let d1 = d2.dot(&t.net.w[1].t());
    assert_close(&got, &grads(&x, &h1, &h2, &d1, &d2, &e), "no_deriv");
}

#[test]
fn scrambled_hands_each_unit_another_units_delta() {
    let task = small_task();
    let mut t = tiny(Method::Scrambled, &task);
    t.probe_exact();
    let got = t.probe_estimate(Method::Scrambled);
    let (x, h1, h2, e, d1, d2) = exact_parts(&t);
    let (p1, p2) = (
        t.scramble_perms()[0].to_vec(),
        t.scramble_perms()[1].to_vec(),
    );
    assert_ne!(
        p1,
        (0..p1.len()).collect::<Vec<_>>(),
        "the permutation should move something"
    );
    let d1s = d1.select(ndarray::Axis(1), &p1);
    let d2s = d2.select(ndarray::Axis(1), &p2);
    assert_close(&got, &grads(&x, &h1, &h2, &d1s, &d2s, &e), "scrambled");
}

#[test]
fn sign_dropped_updates_with_magnitudes() {
    let task = small_task();
    let mut t = tiny(Method::SignDropped, &task);
    t.probe_exact();
    let got = t.probe_estimate(Method::SignDropped);
    let (x, h1, h2, e, d1, d2) = exact_parts(&t);
    let a = |m: &Array2<f64>| m.mapv(f64::abs);
    assert_close(
        &got,
        &grads(&x, &h1, &h2, &a(&d1), &a(&d2), &a(&e)),
        "sign_dropped",
    );
}

#[test]
fn stale_pairs_errors_with_the_previous_batch() {
    let task = small_task();
    let mut t = tiny(Method::Stale, &task);
    let w0 = t.net.clone();
    t.step();
    assert_eq!(t.net, w0, "step 0 makes no update");
    // the same seed visits the same batches: read batch 0 and 1 from a probe
    let mut r = tiny(Method::Bp, &task);
    r.probe_exact();
    let (x0, _) = (r.batch().0.clone(), r.batch().1.clone());
    r.probe_exact();
    let (_, h1_1, h2_1, e1, d1_1, d2_1) = exact_parts(&r);
    let _ = (h1_1, h2_1);
    let (h1_0, h2_0, _) = forward(&w0, &x0);
    let g = grads(&x0, &h1_0, &h2_0, &d1_1, &d2_1, &e1);
    t.step();
    let want: Vec<Array2<f64>> = (0..3).map(|l| &w0.w[l] - &(&g[l] * 0.1)).collect();
    assert_close(
        &t.net.w,
        &[want[0].clone(), want[1].clone(), want[2].clone()],
        "stale",
    );
}

#[test]
fn readout_only_leaves_hidden_layers_untouched() {
    let task = small_task();
    let mut t = tiny(Method::ReadoutOnly, &task);
    let w0 = t.net.clone();
    for _ in 0..5 {
        t.step();
    }
    assert_eq!(t.net.w[0], w0.w[0]);
    assert_eq!(t.net.w[1], w0.w[1]);
    assert_ne!(t.net.w[2], w0.w[2]);
}

#[test]
fn random_direction_has_the_true_gradients_norm() {
    let task = small_task();
    let mut t = tiny(Method::RandomDirection, &task);
    let exact = t.probe_exact();
    let got = t.probe_estimate(Method::RandomDirection);
    let norm = |g: &[Array2<f64>]| {
        g.iter()
            .map(|m| m.mapv(|v| v * v).sum())
            .sum::<f64>()
            .sqrt()
    };
    assert!((norm(&got) - norm(&exact)).abs() < 1e-12 * norm(&exact).max(1.0));
    assert!(cosine(&got, &exact).abs() < 0.9);
}

#[test]
fn perturbation_estimates_point_along_the_gradient_on_average() {
    let task = small_task();
    for m in [Method::WeightPerturbation, Method::NodePerturbation] {
        let mut t = tiny(m, &task);
        let exact = t.probe_exact();
        let n = 400;
        let cs: Vec<f64> = (0..n)
            .map(|_| cosine(&t.probe_estimate(m), &exact))
            .collect();
        let mean = cs.iter().sum::<f64>() / n as f64;
        let sd = (cs.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
        // positive, and by more than four standard errors
        assert!(
            mean > 4.0 * sd / (n as f64).sqrt(),
            "{}: mean cosine {mean}, sd {sd}",
            m.id()
        );
    }
}

#[test]
fn same_config_gives_identical_scores() {
    let task = small_task();
    for m in [
        Method::Bp,
        Method::Fa,
        Method::NodePerturbation,
        Method::WeightPerturbation,
        Method::RandomDirection,
    ] {
        let cfg = RunConfig {
            method: m,
            steps: 50,
            hidden: 8,
            lr: 0.01,
            ..RunConfig::default()
        };
        let a = Trainer::<f64>::new(cfg, task.clone()).run();
        let b = Trainer::<f64>::new(cfg, task.clone()).run();
        assert_eq!(a, b, "{}", m.id());
        let c = Trainer::<f64>::new(RunConfig { seed: 1, ..cfg }, task.clone()).run();
        assert_ne!(a.nmse, c.nmse, "{}: another seed should differ", m.id());
    }
}

#[test]
fn untrained_student_scores_about_1_6_and_the_mean_about_1() {
    let task = Arc::new(Task::new(TaskShape::default()));
    let t = Trainer::<f64>::new(RunConfig::default(), task.clone());
    let s = t.evaluate();
    // the essay: about 1.61 untrained (random outputs add noise to the mean)
    assert!((1.2..2.2).contains(&s), "untrained nMSE {s}");
    let mean = task.t_train.mean_axis(ndarray::Axis(0)).unwrap();
    let pred = Array2::from_shape_fn(task.t_test.raw_dim(), |(_, j)| mean[j]);
    let m = creditflow::lab::train::task::nmse(&pred, &task.t_test, task.test_var);
    assert!((0.95..1.1).contains(&m), "predicting the mean: {m}");
}

#[test]
fn reduced_sweep_keeps_the_essays_ranking() {
    let spec = GridSpec {
        lrs: vec![0.05, 0.2],
        seeds: vec![0],
        base: RunConfig {
            steps: 1000,
            ..RunConfig::default()
        },
        ..GridSpec::default()
    };
    let task = Arc::new(Task::new(TaskShape::default()));
    let runs = run_parallel(&spec, task, 2, |_, _| {});
    let sum = summarise(&spec, &runs);
    let score = |m: Method| sum.iter().find(|s| s.method == m).unwrap().median;
    let table: Vec<String> = sum
        .iter()
        .map(|s| format!("{} {:.3}", s.method.id(), s.median))
        .collect();
    let table = table.join(", ");
    let best = score(Method::Bp).max(score(Method::Fa));
    let middle = [
        Method::NoDeriv,
        Method::Scrambled,
        Method::NodePerturbation,
        Method::ReadoutOnly,
    ];
    for m in middle {
        assert!(
            best < 0.75 * score(m),
            "bp, fa should be well below {}: {table}",
            m.id()
        );
        assert!(
            score(m) < 0.5,
            "{} should be well below the shuffled control: {table}",
            m.id()
        );
    }
    let shuffled = score(Method::ShuffledLabels);
    assert!(
        (0.9..1.2).contains(&shuffled),
        "shuffled labels ≈ 1: {table}"
    );
    assert!(score(Method::RandomDirection) > shuffled, "{table}");
    assert!(
        score(Method::SignDropped).is_infinite(),
        "sign_dropped diverges: {table}"
    );
    let (_, deg) = angle_series(&runs, &sum, Method::Fa, 1).expect("fa ran");
    assert!(deg[0] > 80.0, "the angle starts near 90°: {deg:?}");
    assert!(
        *deg.last().unwrap() < 75.0,
        "the FA angle falls well below 90°: {deg:?}"
    );
}

#[test]
fn fast_tanh_matches_libm() {
    let mut worst = 0.0f64;
    for i in -400_000..=400_000 {
        let x = i as f64 * 1e-4;
        worst = worst.max((tanh(x) - x.tanh()).abs());
    }
    assert!(worst < 1e-15, "worst error {worst:e}");
    assert_eq!(tanh(1e300), 1.0);
    assert_eq!(tanh(-1e300), -1.0);
    assert!(tanh(f64::NAN).is_nan());
    assert_eq!(tanh(0.0), 0.0);
}

/// Long mode (`cargo test --release --test it -- --ignored --nocapture`):
/// the grid at the defaults, over every rule (the essay's, Part 4's and
/// their references), re-derives the live lab's table of best rates,
/// `default_best_lr`.
#[test]
#[ignore = "long mode: the full grid of every rule, minutes even in release"]
fn default_best_rates_are_the_grids() {
    let spec = GridSpec {
        methods: creditflow::lab::method::DEFS
            .iter()
            .map(|d| d.method)
            .collect(),
        ..GridSpec::default()
    };
    let runs = run_parallel(&spec, Arc::new(spec.task()), 2, |_, _| {});
    for s in summarise(&spec, &runs) {
        let want = creditflow::lab::study::grid::default_best_lr(s.method);
        match s.best_lr {
            Some(lr) => assert_eq!(lr, want, "{}", s.method.id()),
            // every rate diverged: the table gives the smallest
            None => assert_eq!(want, spec.lrs[0], "{}", s.method.id()),
        }
        println!("{}: {:?}", s.method.id(), s.best_lr);
    }
}
