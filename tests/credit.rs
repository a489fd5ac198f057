//! Credit inside the network: the panel's per-unit errors against the
//! trainer's own, each method's per-layer alignment angle, DFA against its
//! definition, and the perturbation estimators pinned down statistically.

use creditflow::lab::credit::{reach, Reach};
use creditflow::lab::net::{cosine, Net};
use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use ndarray::Array2;
use std::sync::Arc;

fn small_task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 256,
        test: 64,
        ..TaskShape::default()
    }))
}

fn trainer(method: Method, hidden: usize, batch: usize, task: &Arc<Task>) -> Trainer {
    let cfg = RunConfig {
        method,
        hidden,
        batch,
        lr: 0.05,
        ..RunConfig::default()
    };
    Trainer::new(cfg, task.clone())
}

fn close(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: lengths");
    for (j, (x, y)) in a.iter().zip(b).enumerate() {
        assert!(
            (x - y).abs() < 1e-12 * (1.0 + y.abs()),
            "{what}: unit {j}: {x} vs {y}"
        );
    }
}

/// Row `i` of the trainer's own error for layer `l`, per example (× B).
fn own(t: &Trainer, l: usize, i: usize) -> Vec<f64> {
    let b = t.cfg.batch as f64;
    t.errors()[l].row(i).iter().map(|v| v * b).collect()
}

#[test]
fn the_panel_shows_the_trainers_own_errors() {
    let task = small_task();
    for m in [
        Method::Bp,
        Method::Fa,
        Method::Dfa,
        Method::NoDeriv,
        Method::Scrambled,
        Method::SignDropped,
        Method::NodePerturbation,
    ] {
        let mut t = trainer(m, 8, 4, &task);
        for _ in 0..3 {
            t.step();
        }
        let view = t.credit(Some(2));
        let truth_view = {
            let mut bp = t.clone();
            bp.cfg.method = Method::Bp;
            bp.credit(Some(2))
        };
        t.step();
        for l in 0..3 {
            let shown = &view.layers[l];
            let delivered = shown.delivered.as_ref().expect("every unit hears");
            close(delivered, &own(&t, l, 2), &format!("{} layer {l}", m.id()));
            close(
                &shown.truth,
                &truth_view.layers[l].truth,
                &format!("{} truth {l}", m.id()),
            );
        }
        if m == Method::Bp {
            for l in &view.layers {
                close(l.delivered.as_ref().unwrap(), &l.truth, "bp delivers δ");
                assert!((l.cosine.unwrap() - 1.0).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn scrambled_delivers_the_true_errors_to_the_wrong_units() {
    let task = small_task();
    let mut t = trainer(Method::Scrambled, 8, 4, &task);
    let before = t.credit(None);
    for l in 0..2 {
        let layer = &before.layers[l];
        let src = layer.source.as_ref().expect("a permutation");
        let d = layer.delivered.as_ref().unwrap();
        let mut sorted = src.clone();
        sorted.sort();
        assert_eq!(sorted, (0..8).collect::<Vec<_>>(), "a permutation");
        assert!(
            src.iter().enumerate().any(|(j, &p)| j != p),
            "not the identity"
        );
        for (j, &p) in src.iter().enumerate() {
            assert_eq!(d[j], layer.truth[p], "unit {j} gets unit {p}'s δ");
        }
    }
    // the output keeps its own error; the permutations stay fixed
    close(
        before.layers[2].delivered.as_ref().unwrap(),
        &before.layers[2].truth,
        "output",
    );
    let perms = (t.scramble_perms().0.to_vec(), t.scramble_perms().1.to_vec());
    for _ in 0..10 {
        t.step();
    }
    assert_eq!(perms.0, t.scramble_perms().0);
    assert_eq!(perms.1, t.scramble_perms().1);
    assert_eq!(t.credit(None).layers[0].source.as_ref(), Some(&perms.0));
}

#[test]
fn sign_dropped_delivers_magnitudes_and_readout_only_nothing_inside() {
    let task = small_task();
    let t = trainer(Method::SignDropped, 8, 4, &task);
    for l in t.credit(Some(1)).layers {
        let abs: Vec<f64> = l.truth.iter().map(|v| v.abs()).collect();
        close(l.delivered.as_ref().unwrap(), &abs, "|δ|");
    }
    let t = trainer(Method::ReadoutOnly, 8, 4, &task);
    let v = t.credit(None);
    assert!(v.layers[0].delivered.is_none() && v.layers[1].delivered.is_none());
    close(
        v.layers[2].delivered.as_ref().unwrap(),
        &v.layers[2].truth,
        "output error",
    );
    assert_eq!(reach(Method::WeightPerturbation), Reach::Nowhere);
    let t = trainer(Method::WeightPerturbation, 8, 4, &task);
    assert!(t.credit(None).layers.iter().all(|l| l.delivered.is_none()));
}

#[test]
fn the_batch_mean_is_the_mean_of_the_examples() {
    let task = small_task();
    let t = trainer(Method::Fa, 8, 4, &task);
    let mean = t.credit(None);
    let rows: Vec<_> = (0..4).map(|i| t.credit(Some(i))).collect();
    for l in 0..3 {
        let avg: Vec<f64> = (0..mean.layers[l].truth.len())
            .map(|j| rows.iter().map(|r| r.layers[l].truth[j]).sum::<f64>() / 4.0)
            .collect();
        close(&mean.layers[l].truth, &avg, "mean of δ");
    }
    // a preview does not move the run
    let mut a = t.clone();
    let mut b = t.clone();
    let _ = a.credit(Some(0));
    a.step();
    b.step();
    assert_eq!(a.net, b.net);
}

fn last_angles(m: Method, steps: usize, task: &Arc<Task>) -> [f64; 3] {
    let cfg = RunConfig {
        method: m,
        steps,
        hidden: 32,
        lr: 0.05,
        ..RunConfig::default()
    };
    let mut t = Trainer::<f64>::new(cfg, task.clone());
    t.run();
    t.angles.last().expect("measured").1
}

#[test]
fn per_layer_angles_for_every_method() {
    let task = small_task();
    for a in last_angles(Method::Bp, 301, &task) {
        assert!(a < 1e-4, "bp's update is the gradient: {a}°");
    }
    let fa = last_angles(Method::Fa, 801, &task);
    for a in &fa[..2] {
        assert!(*a > 1.0 && *a < 85.0, "fa aligns, but not exactly: {fa:?}");
    }
    assert!(fa[2] < 1e-4, "fa's readout gradient is exact: {fa:?}");
    let rd = last_angles(Method::RandomDirection, 101, &task);
    for a in rd {
        assert!(
            (75.0..105.0).contains(&a),
            "a random direction is ≈ 90° off: {rd:?}"
        );
    }
    let ro = last_angles(Method::ReadoutOnly, 101, &task);
    assert!(ro[0].is_nan() && ro[1].is_nan() && ro[2] < 1e-4, "{ro:?}");
}

#[test]
fn dfa_sends_the_output_error_through_fixed_random_maps() {
    let task = small_task();
    let mut t = trainer(Method::Dfa, 8, 4, &task);
    t.probe_exact();
    let got = t.probe_estimate(Method::Dfa);
    let (x, _) = t.batch();
    let (d1m, d2m) = (t.dfa_matrices().0.clone(), t.dfa_matrices().1.clone());
    let net: &Net = &t.net;
    let h1 = x.dot(&net.w[0]).mapv(creditflow::lab::net::tanh);
    let h2 = h1.dot(&net.w[1]).mapv(creditflow::lab::net::tanh);
    let e = t.errors()[2].clone();
    let d2 = e.dot(&d2m) * h2.mapv(|h| 1.0 - h * h);
    let d1 = e.dot(&d1m) * h1.mapv(|h| 1.0 - h * h);
    let want = [x.t().dot(&d1), h1.t().dot(&d2), h2.t().dot(&e)];
    for l in 0..3 {
        let diff = (&got[l] - &want[l])
            .mapv(f64::abs)
            .fold(0.0f64, |m, &v| m.max(v));
        assert!(diff < 1e-12, "layer {}: {diff}", l + 1);
    }
}

fn flat(g: &[Array2<f64>; 3]) -> Vec<f64> {
    g.iter().flat_map(|m| m.iter().copied()).collect()
}

/// ‖mean − g‖² of n one-shot estimates against the sampling error the
/// estimates' own spread predicts (trace of the covariance / n).
fn bias_ratio(m: Method, n: usize) -> f64 {
    let task = small_task();
    let mut t = trainer(m, 6, 4, &task);
    let g = flat(&t.probe_exact());
    let mut sum = vec![0.0; g.len()];
    let mut sq = vec![0.0; g.len()];
    for _ in 0..n {
        for (k, v) in flat(&t.probe_estimate(m)).into_iter().enumerate() {
            sum[k] += v;
            sq[k] += v * v;
        }
    }
    let nf = n as f64;
    let err: f64 = sum.iter().zip(&g).map(|(s, g)| (s / nf - g).powi(2)).sum();
    let trace: f64 = sum
        .iter()
        .zip(&sq)
        .map(|(s, q)| q / nf - (s / nf).powi(2))
        .sum();
    err / (trace / nf)
}

#[test]
fn perturbation_estimates_are_unbiased() {
    for m in [Method::WeightPerturbation, Method::NodePerturbation] {
        let r = bias_ratio(m, 4000);
        // ≈ 1 when the mean misses the gradient by sampling error alone
        assert!(
            (0.5..1.6).contains(&r),
            "{}: error² / expected = {r}",
            m.id()
        );
    }
}

#[test]
fn weight_perturbations_one_shot_cosine_is_sqrt_2_over_pi_n() {
    let task = small_task();
    for hidden in [4, 16] {
        let mut t = trainer(Method::WeightPerturbation, hidden, 4, &task);
        let exact = t.probe_exact();
        let n = t.net.n_weights() as f64;
        let k = 1500;
        let mean = (0..k)
            .map(|_| cosine(&t.probe_estimate(Method::WeightPerturbation), &exact))
            .sum::<f64>()
            / k as f64;
        let want = (2.0 / (std::f64::consts::PI * n)).sqrt();
        assert!(
            (mean / want - 1.0).abs() < 0.08,
            "N = {n}: {mean} vs √(2/(πN)) = {want}"
        );
    }
}

#[test]
fn random_direction_is_gaussian_with_the_gradients_norm() {
    let task = small_task();
    let mut t = trainer(Method::RandomDirection, 32, 4, &task);
    let g = flat(&t.probe_exact());
    let r = flat(&t.probe_estimate(Method::RandomDirection));
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    assert!((norm(&r) / norm(&g) - 1.0).abs() < 1e-12);
    // scaled to unit variance, the entries look like N(0, 1)
    let z: Vec<f64> = r
        .iter()
        .map(|v| v / norm(&r) * (r.len() as f64).sqrt())
        .collect();
    let n = z.len() as f64;
    let mean = z.iter().sum::<f64>() / n;
    let within_1 = z.iter().filter(|v| v.abs() < 1.0).count() as f64 / n;
    let within_2 = z.iter().filter(|v| v.abs() < 2.0).count() as f64 / n;
    assert!(mean.abs() < 4.0 / n.sqrt(), "mean {mean}");
    assert!((within_1 - 0.6827).abs() < 0.03, "within 1 sd: {within_1}");
    assert!((within_2 - 0.9545).abs() < 0.015, "within 2 sd: {within_2}");
}

#[test]
fn readout_only_updates_w3_with_h2_transpose_e() {
    let task = small_task();
    let mut t = trainer(Method::ReadoutOnly, 8, 4, &task);
    t.probe_exact();
    let got = t.probe_estimate(Method::ReadoutOnly);
    let (x, _) = t.batch();
    let h2 = x
        .dot(&t.net.w[0])
        .mapv(creditflow::lab::net::tanh)
        .dot(&t.net.w[1])
        .mapv(creditflow::lab::net::tanh);
    let want = h2.t().dot(t.errors()[2]);
    assert!((&got[2] - &want).mapv(f64::abs).sum() < 1e-12);
    assert_eq!(got[0].sum(), 0.0);
    assert_eq!(got[1].sum(), 0.0);
}

#[test]
fn the_teacher_has_the_specified_sizes_scales_and_gain() {
    let task = Task::new(TaskShape::default());
    assert_eq!(task.x_train.dim(), (4000, 20));
    assert_eq!(task.t_train.dim(), (4000, 5));
    assert_eq!(task.x_test.dim(), (1000, 20));
    let xm = task.x_train.mean().unwrap();
    let xv = task.x_train.mapv(|v| v * v).mean().unwrap() - xm * xm;
    assert!(
        xm.abs() < 0.02 && (xv - 1.0).abs() < 0.03,
        "x ~ N(0,1): {xm}, {xv}"
    );
    // targets: 30 tanh units of variance < 1 through N(0, 1/30) weights
    assert!(
        (0.2..0.8).contains(&task.test_var),
        "target variance {}",
        task.test_var
    );
    // a higher gain: the same inputs, a more nonlinear teacher
    let linear_misfit = |t: &Task| {
        let x = &t.x_train;
        let xtx = x.t().dot(x);
        let xty = x.t().dot(&t.t_train);
        let w = solve(&xtx, &xty);
        creditflow::lab::task::nmse(&x.dot(&w), &t.t_train, t.train_var)
    };
    let hard = Task::new(TaskShape {
        gain: 3.0,
        ..TaskShape::default()
    });
    assert_eq!(hard.x_train, task.x_train);
    let (a, b) = (linear_misfit(&task), linear_misfit(&hard));
    assert!(b > a + 0.1, "gain 3 is less linear: misfit {a} → {b}");
}

/// Solves A X = B for a small symmetric positive definite A (Gauss–Jordan).
fn solve(a: &Array2<f64>, b: &Array2<f64>) -> Array2<f64> {
    let n = a.nrows();
    let (mut a, mut b) = (a.clone(), b.clone());
    for i in 0..n {
        let p = a[[i, i]];
        for j in 0..n {
            a[[i, j]] /= p;
        }
        for j in 0..b.ncols() {
            b[[i, j]] /= p;
        }
        for r in 0..n {
            if r != i {
                let f = a[[r, i]];
                for j in 0..n {
                    a[[r, j]] -= f * a[[i, j]];
                }
                for j in 0..b.ncols() {
                    b[[r, j]] -= f * b[[i, j]];
                }
            }
        }
    }
    b
}
