//! Property tests of the engine: on random expressions (with relu, abs,
//! exp, cos, unary minus and powers), reverse mode = forward mode = finite
//! differences away from kinks; and the parser under random input never
//! panics.
//!
//! The default run is sized for the test command (1,000 expressions,
//! 20,000 parser inputs); the long mode runs 10,000 and 1,000,000:
//!
//! ```sh
//! CREDITFLOW_LONG=1 cargo test --release --test it engine_props -- --nocapture
//! ```

use creditflow::engine::sweep::rng::SplitMix;
use creditflow::engine::*;
use proptest::prelude::*;

fn long() -> bool {
    std::env::var_os("CREDITFLOW_LONG").is_some()
}

/// A random expression over x, y, z.
fn arb_expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("x".to_string()),
        Just("y".to_string()),
        Just("z".to_string()),
        (1u32..5).prop_map(|k| format!("{k}.5")),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}+{b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}-{b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}*{b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}/(1+({b})^2))")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a})/(2+cos({b}))")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(1+({a})^2)^tanh({b})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            inner.clone().prop_map(|a| format!("({a})^2")),
            inner.clone().prop_map(|a| format!("({a})^3")),
            inner.clone().prop_map(|a| format!("abs({a})^1.5")),
            inner.clone().prop_map(|a| format!("tanh({a})")),
            inner.clone().prop_map(|a| format!("cos({a})")),
            inner.clone().prop_map(|a| format!("relu({a})")),
            inner.clone().prop_map(|a| format!("abs({a})")),
            inner.clone().prop_map(|a| format!("exp(sin({a}))")),
            inner.clone().prop_map(|a| format!("log(1+({a})^2)")),
            inner.prop_map(|a| format!("sqrt(2+cos({a}))")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if long() { 10_000 } else { 1_000 }))]

    #[test]
    fn reverse_equals_forward_equals_finite_differences(
        src in arb_expr(), x in -2.0f64..2.0, y in -2.0f64..2.0, z in -2.0f64..2.0,
    ) {
        let g = parse(&src).unwrap();
        let named = [("x".to_string(), x), ("y".to_string(), y), ("z".to_string(), z)];
        let vars = g.bind(&named).unwrap();
        let vals = g.eval(&vars);
        let f = vals[g.output().index()];
        prop_assume!(f.is_finite() && f.abs() < 1e6);
        let s = backward(&g, &vals, &vals, Requirements::default());
        let fwd = forward_mode(&g, &vars);
        for (r, fw) in s.grads.iter().zip(&fwd) {
            prop_assert!((r - fw).abs() <= 1e-9 * (1.0 + r.abs()), "{}: reverse {} forward {}", src, r, fw);
        }
        for row in finite_differences(&g, &vars, &s.grads) {
            if row.kink.is_some() {
                continue; // away from kinks only
            }
            // the loose bound allows for FD's own rounding on large values
            let tol = 1e-4 + 1e-3 * row.numeric.abs();
            prop_assert!(row.error <= tol, "{}: {}", src, row);
        }
    }
}

/// Random text from the characters the parser has to handle: operators,
/// digits, letters, blanks, the Unicode notation, and some it must refuse.
fn random_input(r: &mut SplitMix) -> String {
    const CHARS: &[char] = &[
        '(', ')', '+', '-', '*', '/', '^', '.', ' ', 'a', 'b', 'e', 'x', 'p', 'i', '1', '2', '0',
        '9', '−', '×', '·', '÷', '²', '³', 'π', 'é', '🙂', '\0', 't', 'n', 'h', 's', 'q', 'r',
    ];
    let len = (r.uniform() * 40.0) as usize;
    (0..len)
        .map(|_| CHARS[(r.uniform() * CHARS.len() as f64) as usize % CHARS.len()])
        .collect()
}

#[test]
fn parser_never_panics_on_random_input() {
    let n = if long() { 1_000_000 } else { 20_000 };
    let mut r = SplitMix(7);
    let mut parsed = 0usize;
    for _ in 0..n {
        let s = random_input(&mut r);
        if parse(&s).is_ok() {
            parsed += 1;
        }
    }
    // some of them must be real expressions, or this tests only the errors
    assert!(parsed > n / 100, "{parsed} of {n} parsed");
    println!("parser: {n} random inputs, {parsed} parsed, no panic");
}

proptest! {
    #[test]
    fn parser_never_panics(s in "\\PC{0,64}") {
        let _ = parse(&s);
    }
}
