//! Forward-forward and its reference on the classification version of the
//! teacher task (label = the teacher's strongest output), against their
//! definitions recomputed here: bp_classify's update is the gradient of
//! the mean cross-entropy (finite differences); one forward-forward step
//! is the formula on its positive and negative inputs, and its prediction
//! is the label with the most goodness.

use creditflow::lab::train::batch::labels_of;
use creditflow::lab::train::net::tanh;
use creditflow::lab::{Method, Trainer};
use ndarray::{s, Array2};

use crate::support;
use support::{tiny, tiny_task as task};

/// Every layer's activity, the reference network of `support`.
fn forward(w: &[Array2<f64>], x: &Array2<f64>) -> Vec<Array2<f64>> {
    crate::support::forward(w, x, None)
}

/// The mean softmax cross-entropy of the outputs against `labels`.
fn cross_entropy(w: &[Array2<f64>], x: &Array2<f64>, labels: &[usize]) -> f64 {
    let y = forward(w, x).pop().unwrap();
    let mut total = 0.0;
    for (row, &c) in y.rows().into_iter().zip(labels) {
        let z: f64 = row.iter().map(|v| v.exp()).sum();
        total += z.ln() - row[c];
    }
    total / labels.len() as f64
}

#[test]
fn bp_on_the_classification_task_follows_the_cross_entropy_gradient() {
    for depth in [1, 2] {
        let mut t = Trainer::<f64>::new(tiny(Method::BpClassify, depth), task());
        let g = t.probe_exact();
        let (x, y) = (t.batch().0.clone(), t.batch().1.clone());
        let labels = labels_of(y.view());
        let h = 1e-6;
        for l in 0..=depth {
            for idx in [(0, 0), (1, 2), (3, 1)] {
                let mut w = t.net.w.clone();
                w[l][idx] += h;
                let up = cross_entropy(&w, &x, &labels);
                w[l][idx] -= 2.0 * h;
                let fd = (up - cross_entropy(&w, &x, &labels)) / (2.0 * h);
                assert!(
                    (g[l][idx] - fd).abs() < 1e-7,
                    "depth {depth}, W{} {idx:?}: {} vs {fd}",
                    l + 1,
                    g[l][idx]
                );
            }
        }
    }
}

/// Forward-forward's pass written out: hidden layers tanh(in·W), each
/// layer's input the layer below scaled to unit mean square.
fn ff_layers(w: &[Array2<f64>], input: &Array2<f64>) -> (Vec<Array2<f64>>, Vec<Array2<f64>>) {
    let top = w.len() - 1;
    let (mut ins, mut hs) = (vec![input.clone()], Vec::new());
    for l in 0..top {
        let h = ins[l].dot(&w[l]).mapv(tanh);
        if l + 1 < top {
            let mut next = h.clone();
            for mut r in next.rows_mut() {
                let rms = (r.iter().map(|v| v * v).sum::<f64>() / r.len() as f64).sqrt();
                r.mapv_inplace(|v| v / (rms + 1e-8));
            }
            ins.push(next);
        }
        hs.push(h);
    }
    (ins, hs)
}

#[test]
fn forward_forward_raises_goodness_on_the_true_label_and_lowers_it_on_a_wrong_one() {
    for depth in [1, 2, 3] {
        let cfg = tiny(Method::ForwardForward, depth);
        let mut t = Trainer::<f64>::new(cfg, task());
        for _ in 0..3 {
            let w0 = t.net.w.clone();
            t.step();
            let (x, y) = t.batch();
            let labels = labels_of(y.view());
            let (pos, neg) = (t.ff_inputs().0.clone(), t.ff_inputs().1.clone());
            assert_eq!(pos.ncols(), 25, "the input and the label's one-hot code");
            let data = task();
            for (i, &c) in labels.iter().enumerate() {
                // the first 20 columns are a training example, the same in both
                let row = pos.slice(s![i, ..20]);
                assert!(
                    data.x_train.rows().into_iter().any(|r| r == row),
                    "a training input"
                );
                assert_eq!(pos.slice(s![i, ..20]), x.slice(s![i, ..20]));
                assert_eq!(neg.slice(s![i, ..20]), x.slice(s![i, ..20]));
                let code = |m: &Array2<f64>| {
                    (0..5)
                        .filter(|&k| m[[i, 20 + k]] == 1.0)
                        .collect::<Vec<_>>()
                };
                assert_eq!(code(&pos), vec![c], "positive: the true label");
                let wrong = code(&neg);
                assert!(
                    wrong.len() == 1 && wrong[0] != c,
                    "negative: one wrong label"
                );
                assert_eq!((0..5).map(|k| neg[[i, 20 + k]]).sum::<f64>(), 1.0);
            }
            let theta = cfg.rules.ff_theta * cfg.hidden as f64;
            let b = pos.nrows() as f64;
            let (ip, hp) = ff_layers(&w0, &pos);
            let (im, hm) = ff_layers(&w0, &neg);
            let sigma = |v: f64| 1.0 / (1.0 + (-v).exp());
            let delta = |h: &Array2<f64>, positive: bool| {
                let mut d = h.clone();
                for (mut dr, hr) in d.rows_mut().into_iter().zip(h.rows()) {
                    let g: f64 = hr.iter().map(|v| v * v).sum();
                    let s = if positive {
                        -sigma(theta - g)
                    } else {
                        sigma(g - theta)
                    };
                    dr.assign(&hr.mapv(|h| s * 2.0 * h * (1.0 - h * h) / b));
                }
                d
            };
            for l in 0..depth {
                let g = ip[l].t().dot(&delta(&hp[l], true)) + im[l].t().dot(&delta(&hm[l], false));
                let want = &w0[l] - &(g * cfg.lr);
                let err = (&t.net.w[l] - &want)
                    .mapv(f64::abs)
                    .fold(0.0, |m: f64, &v| m.max(v));
                assert!(err < 1e-12, "depth {depth}, W{}: {err}", l + 1);
            }
            assert_eq!(t.net.w[depth], w0[depth], "the readout is not used");
        }
        // a test example's class: the label with the most goodness
        let task = task();
        let n = task.x_test.nrows();
        let mut best = vec![(f64::NEG_INFINITY, 0); n];
        for c in 0..5 {
            let mut input = Array2::zeros((n, 25));
            input.slice_mut(s![.., ..20]).assign(&task.x_test);
            input.column_mut(20 + c).fill(1.0);
            let (_, hs) = ff_layers(&t.net.w, &input);
            for (i, b) in best.iter_mut().enumerate() {
                let g: f64 = hs
                    .iter()
                    .map(|h| h.row(i).iter().map(|v| v * v).sum::<f64>())
                    .sum();
                if g > b.0 {
                    *b = (g, c);
                }
            }
        }
        let labels = labels_of(task.t_test.view());
        let wrong = best.iter().zip(&labels).filter(|(b, &l)| b.1 != l).count();
        assert_eq!(t.evaluate(), wrong as f64 / n as f64, "depth {depth}");
    }
}
