//! Credit inside the network: the panel's per-unit errors against the
//! trainer's own, each method's per-layer alignment angle, DFA against its
//! definition. The estimators and the teacher are in `estimators.rs`.

use creditflow::lab::train::credit::{reach, Reach};
use creditflow::lab::train::net::Net;
use creditflow::lab::{Method, RunConfig, Task, Trainer};
use std::sync::Arc;

use crate::support;
use support::{small_task, trainer};

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
        Method::Stale,
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
fn stale_pairs_the_errors_with_the_previous_batchs_activity() {
    let task = small_task();
    let mut t = trainer(Method::Stale, 8, 4, &task);
    let first = t.credit(Some(1));
    assert!(
        first.layers.iter().all(|l| l.paired_activity.is_none()),
        "no previous batch before the first step"
    );
    t.step();
    let second = t.credit(Some(1));
    for l in 0..3 {
        let paired = second.layers[l].paired_activity.as_ref().expect("paired");
        close(
            paired,
            &first.layers[l].activity,
            &format!("stale layer {l}"),
        );
        assert_ne!(paired, &second.layers[l].activity, "not this batch's");
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
    let perms = (
        t.scramble_perms()[0].to_vec(),
        t.scramble_perms()[1].to_vec(),
    );
    for _ in 0..10 {
        t.step();
    }
    assert_eq!(perms.0, t.scramble_perms()[0]);
    assert_eq!(perms.1, t.scramble_perms()[1]);
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

fn last_angles(m: Method, steps: usize, task: &Arc<Task>) -> Vec<f64> {
    let cfg = RunConfig {
        method: m,
        steps,
        hidden: 32,
        lr: 0.05,
        ..RunConfig::default()
    };
    let mut t = Trainer::<f64>::new(cfg, task.clone());
    t.run();
    t.angles.last().expect("measured").1.clone()
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
    for &a in &rd {
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
    let (d1m, d2m) = (t.dfa_matrices()[0].clone(), t.dfa_matrices()[1].clone());
    let net: &Net = &t.net;
    let h1 = x.dot(&net.w[0]).mapv(creditflow::lab::train::net::tanh);
    let h2 = h1.dot(&net.w[1]).mapv(creditflow::lab::train::net::tanh);
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
