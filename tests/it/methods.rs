//! The method table (`lab::method::DEFS`): one row per rule, in `Method`'s
//! order, every id, name and colour its own; and sign-symmetric feedback,
//! the rule added to prove that a method is one row, against its formula.

use crate::support::{forward, max_diff, reduced_grid, stepped, tiny, tiny_task};
use creditflow::lab::method::{Family, DEFS};
use creditflow::lab::{Method, Trainer};
use ndarray::Array2;
use std::collections::HashSet;

/// A researcher can reimplement each rule from the page: every row writes
/// its update out, names where each of its settings came from, and says
/// what it trains on where that is not the teacher's regression; and an
/// essay quote is given only where the essay says it of that rule.
#[test]
fn every_rule_writes_out_its_update_and_what_it_trains_on() {
    let essay = std::fs::read_to_string("../shared/seeds/000_b576e19eb77eff44.txt").ok();
    for d in &DEFS {
        assert!(!d.update.is_empty(), "{}: no update written out", d.id);
        assert!(d.update.iter().all(|l| !l.trim().is_empty()), "{}", d.id);
        assert_eq!(
            d.trained_on.is_some(),
            d.classifies || d.method == Method::EquilibriumProp,
            "{}",
            d.id
        );
        if let (Some(t), Some(e)) = (d.tags, &essay) {
            if let Some(q) = t.essay {
                assert!(
                    e.to_lowercase().contains(&q.to_lowercase()),
                    "{}: “{q}” is not in the essay",
                    d.id
                );
            }
        }
    }
    let ep = Method::EquilibriumProp.def().trained_on.unwrap();
    assert!(ep.contains("not its objective"));
    // rules outside the essay carry no quote
    for m in [Method::KolenPollack, Method::SignSymmetry] {
        assert_eq!(m.def().tags.unwrap().essay, None, "{}", m.id());
    }
}

#[test]
fn every_method_has_one_row_in_its_place_with_its_own_id_name_and_colour() {
    for (i, d) in DEFS.iter().enumerate() {
        assert_eq!(d.method as usize, i, "{} is out of place", d.id);
        assert_eq!(Method::from_id(d.id), Some(d.method));
        assert!(d.best_lr > 0.0 && d.best_lr.is_finite(), "{}", d.id);
        assert_eq!(
            d.tags.is_some(),
            d.family == Family::Part4,
            "{}: Part 4 rows have tags",
            d.id
        );
    }
    let unique = |f: fn(&creditflow::lab::method::MethodDef) -> String| {
        DEFS.iter().map(f).collect::<HashSet<_>>().len() == DEFS.len()
    };
    assert!(unique(|d| d.id.into()), "two rows share an id");
    assert!(unique(|d| d.name.into()), "two rows share a name");
    assert!(
        unique(|d| d.short_name.into()),
        "two rows share a short name"
    );
    assert!(
        unique(|d| format!("{:?}", d.colour)),
        "two rows share a colour"
    );
    // the lists are the table's rows, each once
    let listed: Vec<Method> = Method::ALL
        .into_iter()
        .chain(Method::part4_and_reference())
        .collect();
    assert_eq!(listed, Method::every().collect::<Vec<_>>());
    assert!(Method::PART4.contains(&Method::SignSymmetry));
}

/// One step of sign-symmetric feedback, written out: δ_L = (y − t)/B, then
/// down the layers δ_l = (δ_{l+1}·sign(W_{l+1})ᵀ) ⊙ (1 − h_l²), and
/// g_l = (activity into l)ᵀ·δ_l.
fn sign_symmetry_step(
    w0: &[Array2<f64>],
    x: &Array2<f64>,
    t: &Array2<f64>,
    lr: f64,
) -> Vec<Array2<f64>> {
    let a = forward(w0, x, None);
    let top = w0.len() - 1;
    let mut d = vec![Array2::zeros((0, 0)); top + 1];
    d[top] = (&a[top + 1] - t) / x.nrows() as f64;
    for l in (0..top).rev() {
        let b = w0[l + 1].t().mapv(|w| {
            if w > 0.0 {
                1.0
            } else if w < 0.0 {
                -1.0
            } else {
                0.0
            }
        });
        d[l] = d[l + 1].dot(&b) * a[l + 1].mapv(|h| 1.0 - h * h);
    }
    let g: Vec<Array2<f64>> = (0..=top).map(|l| a[l].t().dot(&d[l])).collect();
    stepped(w0, &g, lr)
}

#[test]
fn sign_symmetry_steps_through_the_signs_of_w_transpose_recomputed_each_step() {
    let task = tiny_task();
    for depth in [2, 3] {
        let mut t = Trainer::<f64>::new(tiny(Method::SignSymmetry, depth), task.clone());
        for step in 0..3 {
            let w0 = t.net.w.clone();
            t.step();
            let (x, y) = t.batch();
            let want = sign_symmetry_step(&w0, x, y, t.cfg.lr);
            let off = max_diff(&t.net.w, &want);
            assert!(off < 1e-12, "depth {depth}, step {step}: off by {off:e}");
            // the feedback it used is sign(W₀ᵀ), of this step's weights
            for l in 0..depth {
                let signs = w0[l + 1].t().mapv(f64::signum);
                assert_eq!(
                    t.fa_matrices()[l],
                    signs,
                    "depth {depth}, step {step}: B{}",
                    l + 1
                );
            }
        }
    }
}

#[test]
fn in_a_reduced_grid_sign_symmetry_beats_the_readout_only_floor() {
    let score = reduced_grid(
        &[Method::ReadoutOnly, Method::SignSymmetry],
        &[0.02, 0.05],
        1000,
    );
    let (floor, ss) = (score(Method::ReadoutOnly), score(Method::SignSymmetry));
    println!("sign_symmetry {ss:.4} against readout only {floor:.4}");
    assert!(
        ss < 0.5 * floor,
        "sign symmetry {ss:.4} vs the floor {floor:.4}"
    );
}
