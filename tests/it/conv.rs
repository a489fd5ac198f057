//! The convolutional first layer (`train::conv`, `--arch conv`): its
//! dense form is a convolution, bp's kernel gradient is the cross-
//! entropy's finite difference, every rule's update keeps the kernels
//! shared, and a rule's kernel update is its dense update summed over the
//! positions each weight is used at.

use creditflow::lab::data::Data;
use creditflow::lab::train::batch::{cross_entropy, labels_of};
use creditflow::lab::train::config::Arch;
use creditflow::lab::train::conv::Conv;
use creditflow::lab::{Method, RunConfig, Task, Trainer};
use ndarray::Array2;
use std::sync::Arc;

fn conv_cfg(method: Method) -> RunConfig {
    let mut c = RunConfig {
        method,
        arch: Arch::Conv,
        batch: 8,
        hidden: 16,
        lr: 0.05,
        ..RunConfig::default()
    };
    c.teacher.data = Data::Digits;
    c
}

fn task() -> Arc<Task> {
    Arc::new(Task::new(conv_cfg(Method::Bp).task_shape()))
}

/// Whether a dense matrix is the dense form of its own kernels.
fn in_conv_form(c: &Conv, w: &Array2<f64>) -> bool {
    let mut again = Array2::<f64>::zeros(w.raw_dim());
    c.expand(&c.kernels(w), &mut again);
    again == *w
}

#[test]
fn the_dense_form_is_a_valid_3x3_convolution() {
    let c = Conv::new(8, 3, 2);
    assert_eq!((c.out_side(), c.units(), c.n_kernel()), (6, 72, 18));
    let kernels: Vec<f64> = (0..18).map(|i| i as f64 + 1.0).collect();
    let mut w = Array2::<f64>::zeros((64, 72));
    c.expand(&kernels, &mut w);
    // an image of one lit pixel at (row 2, col 3) lights, in channel 1, the
    // units whose window holds it, each through the kernel weight at its offset
    let mut x = Array2::<f64>::zeros((1, 64));
    x[[0, 2 * 8 + 3]] = 1.0;
    let y = x.dot(&w);
    for r in 0..6 {
        for col in 0..6 {
            let (dr, dc) = (2_i64 - r as i64, 3_i64 - col as i64);
            let want = if (0..3).contains(&dr) && (0..3).contains(&dc) {
                kernels[9 + dr as usize * 3 + dc as usize]
            } else {
                0.0
            };
            assert_eq!(y[[0, 36 + r * 6 + col]], want, "unit ({r}, {col})");
        }
    }
    assert_eq!(c.kernels(&w), kernels);
}

#[test]
fn bps_kernel_gradient_is_the_cross_entropys_finite_difference() {
    let mut t = Trainer::<f64>::new(conv_cfg(Method::Bp), task());
    let mut c = t.conv.clone().expect("a conv student on the digits");
    assert!(in_conv_form(&c, &t.net.w[0]));
    let g = t.probe_exact();
    let (x, y) = (t.batch().0.clone(), t.batch().1.clone());
    let labels = labels_of(y.view());
    let kernel_grad = c.tie(&g[0]).to_vec();
    let loss = |w1: &Array2<f64>| {
        let mut w = t.net.w.clone();
        w[0] = w1.clone();
        let out = crate::support::forward(&w, &x, None).pop().unwrap();
        out.rows()
            .into_iter()
            .zip(&labels)
            .map(|(r, &l)| cross_entropy(r.iter().copied(), r[l]))
            .sum::<f64>()
            / labels.len() as f64
    };
    let k0 = c.kernels(&t.net.w[0]);
    let h = 1e-6;
    for kx in [0, 4, 13, 40, 71] {
        let at = |d: f64| {
            let mut k = k0.clone();
            k[kx] += d;
            let mut w = Array2::zeros(t.net.w[0].raw_dim());
            c.expand(&k, &mut w);
            loss(&w)
        };
        let fd = (at(h) - at(-h)) / (2.0 * h);
        assert!(
            (kernel_grad[kx] - fd).abs() < 1e-7,
            "kernel weight {kx}: {} vs {fd}",
            kernel_grad[kx]
        );
    }
}

#[test]
fn every_rule_with_a_conv_form_keeps_its_kernels_shared() {
    let task = task();
    for m in Method::every().filter(|m| m.def().on_conv.is_ok()) {
        let mut t = Trainer::<f64>::new(
            RunConfig {
                lr: m.def().best_lr.min(0.05),
                ..conv_cfg(m)
            },
            task.clone(),
        );
        let c = t
            .conv
            .clone()
            .unwrap_or_else(|| panic!("{}: a conv layer", m.id()));
        let before = t.net.w[0].clone();
        for _ in 0..3 {
            t.step();
        }
        assert!(
            in_conv_form(&c, &t.net.w[0]),
            "{}: W₁ left its conv form",
            m.id()
        );
        if m == Method::ReadoutOnly {
            assert_eq!(t.net.w[0], before, "readout only freezes the conv layer");
        } else {
            assert_ne!(t.net.w[0], before, "{}: the kernels moved", m.id());
        }
    }
    // the rules without one say why, and stay dense
    for m in Method::every().filter(|m| m.def().on_conv.is_err()) {
        assert!(m.def().on_conv.unwrap_err().len() > 20, "{}", m.id());
        assert!(Trainer::<f64>::new(conv_cfg(m), task.clone())
            .conv
            .is_none());
    }
}

#[test]
fn a_rules_kernel_update_is_its_dense_update_summed_over_positions() {
    let task = task();
    for m in [
        Method::Bp,
        Method::Fa,
        Method::Dfa,
        Method::SignSymmetry,
        Method::NodePerturbation,
    ] {
        let cfg = conv_cfg(m);
        let mut probe = Trainer::<f64>::new(cfg, task.clone());
        let mut run = probe.clone();
        let mut c = probe.conv.clone().unwrap();
        let k0 = c.kernels(&probe.net.w[0]);
        probe.probe_exact();
        let dense = probe.probe_estimate(m);
        let want: Vec<f64> = k0
            .iter()
            .zip(c.tie(&dense[0]))
            .map(|(k, g)| k - cfg.lr * g)
            .collect();
        run.step();
        let got = c.kernels(&run.net.w[0]);
        for (kx, (a, b)) in got.iter().zip(&want).enumerate() {
            assert!(
                (a - b).abs() < 1e-12,
                "{}: kernel weight {kx}: {a} vs {b}",
                m.id()
            );
        }
    }
}
