//! The matrix kernels against the plain triple loop: every instruction set
//! this machine has (the scalar fallback always), both precisions, every
//! elementwise step, transposed operands, and odd sizes. Natively, and in
//! headless Chromium (`.ci/test` runs it there with and without the
//! `relaxed-simd` feature: SIMD128 with and without fused multiply-add).

use creditflow::lab::kernel::{mm_on, reference, tanh, Isa, Real, Then};
use ndarray::Array2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn random<F: Real>(rng: &mut Pcg64Mcg, r: usize, c: usize) -> Array2<F> {
    Array2::from_shape_simple_fn((r, c), || F::of(rng.random_range(-1.5..1.5)))
}

/// The largest entry-wise absolute difference.
fn max_err<F: Real>(a: &Array2<F>, b: &Array2<F>) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x.f64() - y.f64()).abs())
        .fold(0.0, f64::max)
}

fn check<F: Real>(tol: f64) {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut shapes = vec![
        (32, 20, 64),
        (32, 64, 64),
        (32, 64, 5),
        (20, 32, 64),
        (64, 32, 5),
        (1000, 20, 64),
    ];
    for _ in 0..40 {
        shapes.push((
            rng.random_range(1..40),
            rng.random_range(0..70),
            rng.random_range(1..70),
        ));
    }
    for isa in Isa::available() {
        for &(m, k, n) in &shapes {
            let a = random::<F>(&mut rng, m, k);
            let b = random::<F>(&mut rng, k, n);
            let bt = b.t().to_owned(); // n×k, used as bt.t()
            let at = a.t().to_owned(); // k×m, used as at.t()
            let h = random::<F>(&mut rng, m, n);
            for then in [Then::Store, Then::Tanh, Then::Slope(h.view())] {
                let mut want = Array2::from_elem((m, n), F::of(9.0));
                reference(a.view(), b.view(), &mut want, then);
                for (name, av, bv) in [
                    ("a·b", a.view(), b.view()),
                    ("a·(bᵀ)ᵀ", a.view(), bt.t()),
                    ("(aᵀ)ᵀ·b", at.t(), b.view()),
                ] {
                    let mut got = Array2::from_elem((m, n), F::of(f64::NAN));
                    mm_on(isa, av, bv, &mut got, then);
                    let err = max_err(&got, &want);
                    let scale = (k as f64).sqrt().max(1.0);
                    assert!(
                        err <= tol * scale,
                        "{} {isa:?} {name} {m}×{k}·{k}×{n} {then:?}: off by {err:e}",
                        F::NAME
                    );
                }
            }
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn every_kernel_equals_the_triple_loop_in_f64() {
    check::<f64>(1e-13);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn every_kernel_equals_the_triple_loop_in_f32() {
    check::<f32>(2e-5);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn every_kernels_tanh_is_libms_to_its_precision() {
    // x = a·1 (k = 1), then the Tanh epilogue: x from −25 to 25
    let xs: Vec<f64> = (0..=1000).map(|i| -25.0 + i as f64 * 0.05).collect();
    for isa in Isa::available() {
        let a = Array2::from_shape_fn((xs.len(), 1), |(i, _)| xs[i]);
        let mut c = Array2::zeros((xs.len(), 16));
        mm_on(
            isa,
            a.view(),
            Array2::from_elem((1, 16), 1.0).view(),
            &mut c,
            Then::Tanh,
        );
        let a32 = a.mapv(|x| x as f32);
        let mut c32 = Array2::<f32>::zeros((xs.len(), 16));
        let ones = Array2::<f32>::from_elem((1, 16), 1.0);
        mm_on(isa, a32.view(), ones.view(), &mut c32, Then::Tanh);
        for (i, &x) in xs.iter().enumerate() {
            let want = x.tanh();
            assert!((c[[i, 3]] - want).abs() < 1e-15, "{isa:?} f64 tanh({x})");
            let want32 = (x as f32 as f64).tanh();
            assert!(
                (c32[[i, 5]] as f64 - want32).abs() < 3e-7,
                "{isa:?} f32 tanh({x})"
            );
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn an_instruction_set_the_cpu_lacks_is_refused_and_empty_products_are_fine() {
    assert_eq!(Isa::available().last(), Some(&Isa::Scalar));
    for isa in [Isa::Avx512, Isa::Avx2, Isa::Simd128] {
        if !Isa::available().contains(&isa) {
            let refused = std::panic::catch_unwind(|| {
                let a = Array2::<f64>::zeros((2, 2));
                let mut c = Array2::zeros((2, 2));
                mm_on(isa, a.view(), a.view(), &mut c, Then::Store);
            });
            assert!(refused.is_err(), "{isa:?} ran on a CPU without it");
        }
    }
    for isa in Isa::available() {
        let mut c = Array2::<f64>::zeros((3, 0));
        mm_on(
            isa,
            Array2::zeros((3, 4)).view(),
            Array2::zeros((4, 0)).view(),
            &mut c,
            Then::Tanh,
        );
        let mut c = Array2::<f64>::zeros((0, 5));
        mm_on(
            isa,
            Array2::zeros((0, 4)).view(),
            Array2::zeros((4, 5)).view(),
            &mut c,
            Then::Store,
        );
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn tanh_is_tanh_to_each_precision_and_keeps_nan() {
    let mut worst64: f64 = 0.0;
    let mut worst32: f64 = 0.0;
    for i in -40_000..=40_000 {
        let x = i as f64 / 1000.0;
        worst64 = worst64.max((tanh(x) - x.tanh()).abs());
        worst32 = worst32.max((tanh(x as f32) as f64 - x.tanh()).abs());
    }
    assert!(worst64 < 1e-15, "f64 tanh off by {worst64:e}");
    assert!(worst32 < 3e-7, "f32 tanh off by {worst32:e}");
    assert!(tanh(f64::NAN).is_nan() && tanh(f32::NAN).is_nan());
    assert_eq!(tanh(f64::INFINITY), 1.0);
    assert_eq!(tanh(-1e300), -1.0);
    // the vector kernels' tanh is the same function
    for isa in Isa::available() {
        let a = Array2::from_shape_fn((3, 1), |(i, _)| [f64::NAN, 1e9, -0.3][i]);
        let b = Array2::from_elem((1, 16), 1.0);
        let mut c = Array2::zeros((3, 16));
        mm_on(isa, a.view(), b.view(), &mut c, Then::Tanh);
        assert!(c.row(0).iter().all(|v| v.is_nan()), "{isa:?} lost a NaN");
        assert!(c.row(1).iter().all(|&v| v == 1.0), "{isa:?}");
        assert!(
            c.row(2)
                .iter()
                .all(|&v| (v - (-0.3f64).tanh()).abs() < 1e-15),
            "{isa:?}"
        );
    }
}
