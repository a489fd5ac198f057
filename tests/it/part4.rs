//! The essay's Part 4 proposals against their definitions. Kolen–Pollack:
//! one step moves each B_l by the transpose of W_{l+1}'s update (both with
//! decay λ), and on the default task B comes to within 30° of Wᵀ and
//! closer than FA's (whose B is fixed; its W moves towards B instead).

use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use ndarray::Array2;
use std::sync::Arc;

fn max_diff(a: &Array2<f64>, b: &Array2<f64>) -> f64 {
    (a - b).mapv(f64::abs).fold(0.0, |m: f64, &v| m.max(v))
}

#[test]
fn kolen_pollack_moves_b_by_the_transpose_of_the_forward_update() {
    let task = Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }));
    for depth in [2, 3] {
        let mut cfg = RunConfig {
            method: Method::KolenPollack,
            depth,
            hidden: 6,
            batch: 4,
            lr: 0.1,
            ..RunConfig::default()
        };
        cfg.rules.kp_decay = 0.05;
        let mut kp = Trainer::new(cfg, task.clone());
        let (w0, b0) = (kp.net.w.clone(), kp.fa_matrices().to_vec());
        // FA's gradient through the same B on the same first batch
        let mut fa = kp.clone();
        fa.probe_exact();
        let g = fa.probe_estimate(Method::Fa);
        kp.step();
        let (lr, lam) = (cfg.lr, cfg.rules.kp_decay);
        for l in 0..=depth {
            let want = &w0[l] - &((&g[l] + &(&w0[l] * lam)) * lr);
            assert!(
                max_diff(&kp.net.w[l], &want) < 1e-12,
                "depth {depth}: W{}",
                l + 1
            );
        }
        for l in 0..depth {
            let want = &b0[l] - &((&g[l + 1].t() + &(&b0[l] * lam)) * lr);
            assert!(
                max_diff(&kp.fa_matrices()[l], &want) < 1e-12,
                "depth {depth}: B{}",
                l + 1
            );
            // so W − Bᵀ shrank by exactly (1 − lr·λ)
            let before = &w0[l + 1] - &b0[l].t();
            let after = &kp.net.w[l + 1] - &kp.fa_matrices()[l].t();
            assert!(max_diff(&after, &(&before * (1.0 - lr * lam))) < 1e-12);
        }
    }
}

#[test]
fn kolen_pollack_feedback_comes_within_30_degrees_of_w_transpose() {
    let task = Arc::new(Task::new(TaskShape::default()));
    let run = |m: Method| {
        let cfg = RunConfig {
            method: m,
            lr: 0.2,
            ..RunConfig::default()
        };
        let mut t = Trainer::<f64>::new(cfg, task.clone());
        let (start, b0) = (t.feedback_angles(), t.fa_matrices().to_vec());
        let r = t.run();
        let fixed = b0 == t.fa_matrices();
        (start, t.feedback_angles(), r.nmse, fixed)
    };
    let (kp0, kp, kp_score, kp_fixed) = run(Method::KolenPollack);
    let (_, fa, _, fa_fixed) = run(Method::Fa);
    assert!(fa_fixed && !kp_fixed, "FA's B is fixed, KP's learned");
    println!("B vs Wᵀ after 3,000 steps: KP {kp:.1?}, FA {fa:.1?}");
    for l in 0..kp.len() {
        assert!(kp0[l] > 80.0, "B starts random: {kp0:?}");
        assert!(
            kp[l] < 30.0,
            "KP's B{} ends {:.1}° from Wᵀ: {kp:?}",
            l + 2,
            kp[l]
        );
        assert!(kp[l] < fa[l], "KP closer to Wᵀ than FA: {kp:?} vs {fa:?}");
    }
    assert!(kp_score.is_finite());
}

#[test]
fn the_verdict_names_the_rules_on_the_wrong_side_of_the_midpoint() {
    use creditflow::lab::study::part4::verdict;
    // bp 0.01, floor 0.09: the midpoint on a log scale is 3× bp
    let base = [(Method::Bp, 0.01), (Method::ReadoutOnly, 0.09)];
    let with = |p: &[(Method, f64)]| verdict(&[&base[..], p].concat());
    let good = [
        (Method::KolenPollack, 0.015),
        (Method::PredictiveCoding, 0.02),
        (Method::EquilibriumProp, 0.025),
        (Method::SyntheticGradients, 0.012),
        (Method::ThreeFactor, 0.07),
        (Method::SignSymmetry, 0.018),
    ];
    let v = with(&good).expect("every score in");
    assert!(v.contains("The prediction holds"), "{v}");
    assert!(v.contains("KP 1.5×") && v.contains("3-factor 7.0×"), "{v}");
    let mut bad = good;
    bad[2].1 = 0.05; // EqProp nearer the floor
    bad[4].1 = 0.02; // the shared score nearer bp
    let v = with(&bad).unwrap();
    assert!(v.contains("does not hold for EqProp, 3-factor"), "{v}");
    bad[3].1 = f64::INFINITY; // a diverged rule counts against
    assert!(with(&bad).unwrap().contains("synth. grad. diverged"));
    // until every rule and both references have a score, nothing is said
    assert!(with(&good[..5]).is_none());
    assert!(verdict(&good).is_none());
}

#[test]
fn in_a_reduced_sweep_kolen_pollack_and_predictive_coding_beat_readout_only() {
    let score = crate::support::reduced_grid(
        &[
            Method::ReadoutOnly,
            Method::KolenPollack,
            Method::PredictiveCoding,
        ],
        &[0.05, 0.2],
        1000,
    );
    let floor = score(Method::ReadoutOnly);
    for m in [Method::KolenPollack, Method::PredictiveCoding] {
        println!(
            "{}: {:.3} against readout only {floor:.3}",
            m.id(),
            score(m)
        );
        assert!(
            score(m) < 0.75 * floor,
            "{} {:.3} vs {floor:.3}",
            m.id(),
            score(m)
        );
    }
}

#[test]
fn a_probe_leaves_a_runs_learned_state_as_it_was() {
    let task = Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }));
    let cfg = |m| RunConfig {
        method: m,
        hidden: 6,
        batch: 4,
        lr: 0.1,
        ..RunConfig::default()
    };
    // rules with learned state and no noise: a probe, then a step, is the
    // step alone
    for m in [
        Method::KolenPollack,
        Method::SyntheticGradients,
        Method::PredictiveCoding,
        Method::EquilibriumProp,
    ] {
        let mut a = Trainer::<f64>::new(cfg(m), task.clone());
        for _ in 0..3 {
            a.step();
        }
        let mut b = a.clone();
        a.probe_exact();
        a.probe_estimate(m);
        b.probe_exact();
        a.step();
        b.step();
        assert_eq!(a.net.w, b.net.w, "{}", m.id());
    }
    // and any rule can be probed on another method's run
    let mut bp = Trainer::<f64>::new(cfg(Method::Bp), task);
    bp.probe_exact();
    for m in Method::PART4
        .into_iter()
        .filter(|&m| m != Method::ForwardForward)
    {
        let g = bp.probe_estimate(m);
        assert!(
            g.iter().all(|g| g.iter().all(|v| v.is_finite())),
            "{}",
            m.id()
        );
    }
}

#[test]
fn the_verdict_reports_forward_forward_beside_and_says_plainly_when_a_run_diverged() {
    use creditflow::lab::study::part4::verdict;
    let mut s = vec![
        (Method::Bp, 0.01),
        (Method::ReadoutOnly, 0.09),
        (Method::KolenPollack, 0.015),
        (Method::PredictiveCoding, 0.02),
        (Method::EquilibriumProp, 0.025),
        (Method::SyntheticGradients, 0.012),
        (Method::ThreeFactor, 0.07),
        (Method::SignSymmetry, 0.018),
        (Method::ForwardForward, 0.15),
        (Method::BpClassify, 0.1),
    ];
    assert!(verdict(&s)
        .unwrap()
        .contains("forward-forward's error rate is 1.5× backprop's"));
    s[9].1 = 0.0;
    assert!(verdict(&s)
        .unwrap()
        .contains("backprop made no test errors"));
    s[9].1 = f64::INFINITY;
    assert!(verdict(&s).unwrap().contains("backprop diverged"));
    s[8].1 = f64::INFINITY;
    assert!(verdict(&s).unwrap().contains("forward-forward diverged"));
}
