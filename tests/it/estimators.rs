//! The perturbation estimators pinned down statistically (unbiased, WP's
//! one-shot cosine √(2/(πN))), random direction's norm and distribution,
//! readout only's update, and the teacher's sizes and scales.

use creditflow::lab::train::net::cosine;
use creditflow::lab::{Method, Task, TaskShape};
use ndarray::Array2;

use crate::support;
use support::{small_task, trainer};

fn flat(g: &[Array2<f64>]) -> Vec<f64> {
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
        .mapv(creditflow::lab::train::net::tanh)
        .dot(&t.net.w[1])
        .mapv(creditflow::lab::train::net::tanh);
    let want = h2.t().dot(&t.errors()[2]);
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
        creditflow::lab::train::task::nmse(&x.dot(&w), &t.t_train, t.train_var)
    };
    let hard = Task::new(
        creditflow::lab::Teacher {
            gain: 3.0,
            depth: 1,
            seed: 0,
            ..Default::default()
        }
        .shape(),
    );
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
