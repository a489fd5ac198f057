//! The L-layer student against its definitions at depth 1 and depth 4:
//! bp's gradient against finite differences, and each method's update
//! against a direct re-implementation, layer by layer (FA through each
//! layer's own B, DFA through each layer's own map, scrambled with each
//! layer's own permutation, node perturbation noise on every layer).

use creditflow::lab::train::net::batch_loss;
use creditflow::lab::train::net::{tanh, Net};
use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use ndarray::{Array2, Axis};
use std::sync::Arc;

fn task() -> Arc<Task> {
    Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }))
}

/// A tiny student of `depth` hidden layers of 6, batch 4.
fn tiny(method: Method, depth: usize, task: &Arc<Task>) -> Trainer {
    let cfg = RunConfig {
        method,
        depth,
        hidden: 6,
        batch: 4,
        lr: 0.1,
        ..RunConfig::default()
    };
    Trainer::new(cfg, task.clone())
}

/// Every layer's activity, the reference network of `support`.
fn forward(net: &Net, x: &Array2<f64>) -> Vec<Array2<f64>> {
    crate::support::forward(&net.w, x, None)
}

fn slope(h: &Array2<f64>) -> Array2<f64> {
    h.mapv(|v| 1.0 - v * v)
}

/// The weight gradients from activities and deltas (`d[l]` for `a[l+1]`).
fn grads(a: &[Array2<f64>], d: &[Array2<f64>]) -> Vec<Array2<f64>> {
    d.iter().enumerate().map(|(l, d)| a[l].t().dot(d)).collect()
}

/// The hidden deltas from the top down, each from the layer above (or,
/// `direct`, from the output error) through `through(l)`, times f′ when
/// `slope_on`.
fn deltas(
    a: &[Array2<f64>],
    e: &Array2<f64>,
    through: impl Fn(usize) -> Array2<f64>,
    direct: bool,
    slope_on: bool,
) -> Vec<Array2<f64>> {
    let top = a.len() - 2;
    let mut d = vec![Array2::zeros((0, 0)); top + 1];
    d[top] = e.clone();
    for l in (0..top).rev() {
        let from = if direct { e } else { &d[l + 1] };
        let z = from.dot(&through(l));
        d[l] = if slope_on { z * slope(&a[l + 1]) } else { z };
    }
    d
}

fn assert_close(a: &[Array2<f64>], b: &[Array2<f64>], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: layer count");
    for (l, (x, y)) in a.iter().zip(b).enumerate() {
        let diff = (x - y).mapv(f64::abs).fold(0.0f64, |m, &v| m.max(v));
        assert!(diff < 1e-12, "{what}: layer {} differs by {diff}", l + 1);
    }
}

/// The batch's activities and output error e = (y − t)/B after a probe.
fn parts(t: &Trainer) -> (Vec<Array2<f64>>, Array2<f64>) {
    let (x, y) = t.batch();
    let a = forward(&t.net, x);
    let e = (a.last().unwrap() - y) / x.nrows() as f64;
    (a, e)
}

#[test]
fn bp_gradient_matches_finite_differences_at_depth_1_and_4() {
    let task = task();
    for depth in [1, 4] {
        let mut t = tiny(Method::Bp, depth, &task);
        let g = t.probe_exact();
        assert_eq!(g.len(), depth + 1);
        let (x, y) = (t.batch().0.clone(), t.batch().1.clone());
        let mut net = t.net.clone();
        let h = 1e-6;
        for (l, g) in g.iter().enumerate() {
            for idx in [(0, 0), (3, 5), (5, 2)] {
                let idx = (idx.0 % net.w[l].nrows(), idx.1 % net.w[l].ncols());
                let w0 = net.w[l][idx];
                let loss = |net: &Net| batch_loss(forward(net, &x).last().unwrap(), &y);
                net.w[l][idx] = w0 + h;
                let up = loss(&net);
                net.w[l][idx] = w0 - h;
                let down = loss(&net);
                net.w[l][idx] = w0;
                let fd = (up - down) / (2.0 * h);
                let err = (fd - g[idx]).abs() / fd.abs().max(1e-6);
                assert!(
                    err < 1e-5,
                    "depth {depth} W{} {idx:?}: fd {fd} vs {}",
                    l + 1,
                    g[idx]
                );
            }
        }
    }
}

#[test]
fn each_method_uses_its_own_matrix_or_permutation_per_layer() {
    let task = task();
    for depth in [1, 4] {
        let probe = |m: Method| {
            let mut t = tiny(m, depth, &task);
            t.probe_exact();
            let got = t.probe_estimate(m);
            (t, got)
        };
        let (t, got) = probe(Method::Fa);
        let (a, e) = parts(&t);
        assert_eq!(t.fa_matrices().len(), depth, "one B per hidden layer");
        let b = t.fa_matrices().to_vec();
        let want = grads(&a, &deltas(&a, &e, |l| b[l].clone(), false, true));
        assert_close(&got, &want, &format!("fa at depth {depth}"));

        let (t, got) = probe(Method::Dfa);
        let (a, e) = parts(&t);
        assert_eq!(t.dfa_matrices().len(), depth, "one map per hidden layer");
        let m = t.dfa_matrices().to_vec();
        let want = grads(&a, &deltas(&a, &e, |l| m[l].clone(), true, true));
        assert_close(&got, &want, &format!("dfa at depth {depth}"));

        let (t, got) = probe(Method::NoDeriv);
        let (a, e) = parts(&t);
        let w = t.net.w.clone();
        let want = grads(
            &a,
            &deltas(&a, &e, |l| w[l + 1].t().to_owned(), false, false),
        );
        assert_close(&got, &want, &format!("no_deriv at depth {depth}"));

        let (t, got) = probe(Method::Scrambled);
        let (a, e) = parts(&t);
        let p = t.scramble_perms().to_vec();
        assert_eq!(p.len(), depth, "one permutation per hidden layer");
        let w = t.net.w.clone();
        let mut d = deltas(&a, &e, |l| w[l + 1].t().to_owned(), false, true);
        for (l, p) in p.iter().enumerate() {
            d[l] = d[l].select(Axis(1), p);
        }
        assert_close(&got, &grads(&a, &d), &format!("scrambled at depth {depth}"));
        if depth > 1 {
            assert_ne!(p[0], p[1], "each layer draws its own permutation");
        }
    }
}

#[test]
fn node_perturbation_reaches_every_layer_and_readout_only_the_last() {
    let task = task();
    for depth in [1, 4] {
        let mut t = tiny(Method::NodePerturbation, depth, &task);
        t.probe_exact();
        let g = t.probe_estimate(Method::NodePerturbation);
        for (l, g) in g.iter().enumerate() {
            assert!(
                g.iter().any(|v| *v != 0.0),
                "depth {depth}: W{} updated",
                l + 1
            );
        }
        // recomputed here: the noisy forward pass with ξ on every layer's
        // pre-activation, each example's loss change ΔLᵢ, and the deltas
        // ΔLᵢ·ξ/σ² at every layer
        let (a, _) = parts(&t);
        let xi = t.node_noise().to_vec();
        assert_eq!(
            xi.len(),
            depth + 1,
            "noise on every hidden layer and the output"
        );
        let (x, y) = t.batch();
        let mut h = x.clone();
        for (l, w) in t.net.w.iter().enumerate() {
            let z = h.dot(w) + &xi[l];
            h = if l < depth { z.mapv(tanh) } else { z };
        }
        let b = x.nrows() as f64;
        let clean = a.last().unwrap();
        let dl: Vec<f64> = (0..x.nrows())
            .map(|i| {
                let sq = |o: &Array2<f64>| (&o.row(i) - &y.row(i)).mapv(|v| v * v).sum();
                0.5 * (sq(&h) - sq(clean)) / b
            })
            .collect();
        let s2 = t.cfg.sigma * t.cfg.sigma;
        let d: Vec<Array2<f64>> = xi
            .iter()
            .map(|n| {
                let mut d = n.clone();
                for (i, mut row) in d.rows_mut().into_iter().enumerate() {
                    row *= dl[i] / s2;
                }
                d
            })
            .collect();
        let want = grads(&a, &d);
        for (l, (x, y)) in g.iter().zip(&want).enumerate() {
            let scale = y.mapv(f64::abs).fold(0.0f64, |m, &v| m.max(v));
            let diff = (x - y).mapv(f64::abs).fold(0.0f64, |m, &v| m.max(v));
            assert!(
                diff <= 1e-6 * scale,
                "depth {depth} W{}: {diff} of {scale}",
                l + 1
            );
        }

        let mut t = tiny(Method::ReadoutOnly, depth, &task);
        t.probe_exact();
        let g = t.probe_estimate(Method::ReadoutOnly);
        for (l, g) in g.iter().enumerate() {
            let moved = g.iter().any(|v| *v != 0.0);
            assert_eq!(
                moved,
                l == depth,
                "depth {depth}: readout only moves W{} = {moved}",
                l + 1
            );
        }
    }
}

#[test]
fn angles_have_one_entry_per_layer_and_deeper_students_train() {
    let task = task();
    for depth in [1, 4] {
        let cfg = RunConfig {
            method: Method::Bp,
            depth,
            hidden: 16,
            steps: 150,
            lr: 0.05,
            ..RunConfig::default()
        };
        let mut t = Trainer::<f64>::new(cfg, task.clone());
        let before = t.evaluate();
        let r = t.run();
        assert!(r.nmse < before, "depth {depth}: {before} → {}", r.nmse);
        assert!(t.angles.iter().all(|a| a.1.len() == depth + 1));
    }
}
