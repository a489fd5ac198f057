//! The engine against its oracle: every op and the essay's cases against
//! central finite differences, random expressions as property tests, the
//! parser's errors, and each of R1–R5 breaking the gradient where it must.

use creditflow::engine::sweep::previous_sample;
use creditflow::engine::*;
use proptest::prelude::*;

/// Parses `src`, binds `values`, runs the sweep with `req`, and returns the
/// finite-difference rows. Every test goes through here.
fn check(src: &str, values: &[(&str, f64)], req: Requirements) -> Vec<FdRow> {
    let g = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let named: Vec<(String, f64)> = values.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    let vars = g.bind(&named).expect("all values given");
    let vals = g.eval(&vars);
    let stale = g.eval(&previous_sample(&vars));
    let sweep = backward(&g, &vals, &stale, req);
    finite_differences(&g, &vars, &sweep.grads)
}

fn assert_agrees(src: &str, values: &[(&str, f64)]) {
    for row in check(src, values, Requirements::default()) {
        assert!(row.agrees(), "{src}: {row}");
    }
}

fn grads(rows: &[FdRow]) -> Vec<f64> {
    rows.iter().map(|r| r.analytic).collect()
}

#[test]
fn worked_example_matches_the_essay() {
    // u = a·b = −6, v = u + c = 4, f = v² = 16.
    // f̄ = 1; v̄ = 2v = 8; ū = c̄ = 8 (the sum passes its adjoint through);
    // ā = ū·b = 8·(−3) = −24; b̄ = ū·a = 8·2 = 16.
    let rows = check(
        "(a*b+c)^2",
        &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
        Requirements::default(),
    );
    assert_eq!(grads(&rows), vec![-24.0, 16.0, 8.0]);
    for (row, want) in rows.iter().zip([-24.0, 16.0, 8.0]) {
        assert!((row.numeric - want).abs() < 1e-6, "{row}");
        assert!(row.agrees(), "{row}");
    }
    let g = parse("(a*b+c)^2").unwrap();
    assert_eq!(g.value(&[2.0, -3.0, 10.0]), 16.0);
}

#[test]
fn every_op_derivative_matches_finite_difference() {
    let x = [("x", 0.7), ("y", 1.3)];
    for src in [
        "x+y",
        "x-y",
        "x*y",
        "x/y",
        "x^y",
        "x^3",
        "x^-1.5",
        "-x",
        "exp(x)",
        "log(x)",
        "sin(x)",
        "cos(x)",
        "tanh(x)",
        "sigmoid(x)",
        "relu(x)",
        "relu(-x)",
        "sqrt(x)",
        "abs(x)",
        "abs(-x)",
        "1/x",
        "2^x",
    ] {
        assert_agrees(src, &x);
    }
}

#[test]
fn essay_presets_match_finite_difference() {
    assert_agrees("(a+b)*(b+1)", &[("a", 2.0), ("b", -3.0)]);
    assert_agrees("(a*b+c)*(a*b+c)", &[("a", 2.0), ("b", -3.0), ("c", 10.0)]);
    assert_agrees("tanh(w*x+b)", &[("w", 0.5), ("x", 1.5), ("b", -0.2)]);
    assert_agrees("u*u", &[("u", 3.0)]);
}

#[test]
fn repeated_subexpression_is_one_node_with_fan_out() {
    let g = parse("(a*b+c)*(a*b+c)").unwrap();
    // a, b, a*b, c, +, ×: the sum is shared, not built twice
    assert_eq!(g.len(), 6);
    let consumers = g.consumers();
    let sum = g.op(g.output()).inputs()[0];
    assert_eq!(consumers[sum.index()].len(), 2);
    let g = parse("(a+b)*(b+1)").unwrap();
    let b = g.var_nodes()[1];
    assert_eq!(g.consumers()[b.index()].len(), 2);
}

#[test]
fn forward_mode_agrees_with_reverse_and_costs_more_with_many_inputs() {
    let src = "a*b + b*c + c*d + d*e + e*f + f*g + g*h";
    let g = parse(src).unwrap();
    let vars: Vec<f64> = (0..g.vars.len()).map(|i| i as f64 * 0.3 - 1.0).collect();
    let (fwd, _) = forward_mode(&g, &vars);
    let vals = g.eval(&vars);
    let rev = backward(&g, &vals, &vals, Requirements::default());
    for (f, r) in fwd.iter().zip(&rev.grads) {
        assert!((f - r).abs() < 1e-12);
    }
    let c = op_counts(&g, &vars);
    // reverse: a small constant times one evaluation (at most two inputs per
    // op, three operations per edge: 1 + 2·3 = 7); forward: one pass per input
    assert!(c.reverse <= 7 * c.evaluation, "{c:?}");
    assert!(c.forward > 3 * c.reverse, "{c:?}");
}

#[test]
fn parser_reports_error_positions() {
    let cases = [
        ("(a*b+c))^2", 7, "unexpected ')'"),
        ("tahn(x)", 0, "unknown function 'tahn'"),
        ("a+", 2, "unexpected end of expression"),
        ("(a+b", 0, "unclosed '('"),
        ("", 0, "empty expression"),
        ("a $ b", 2, "unexpected '$'"),
        ("2*é", 2, "unexpected 'é'"),
        ("exp x", 4, "expected '(' after exp"),
        ("1.2.3", 0, "malformed number"),
        ("1e999", 0, "too large"),
    ];
    for (src, pos, msg) in cases {
        let e = parse(src).expect_err(src);
        assert_eq!(e.pos, pos, "{src}: {e}");
        assert!(e.message.contains(msg), "{src}: {e}");
    }
    assert_eq!(
        parse("(a*b+c))^2").unwrap_err().to_string(),
        "unexpected ')' at 7"
    );
}

#[test]
fn missing_value_names_the_variable_and_its_position() {
    let g = parse("(a*b+c)^2").unwrap();
    let err = g.bind(&[("a".into(), 2.0), ("c".into(), 1.0)]).unwrap_err();
    assert_eq!(err, (3, "missing value for b".to_string()));
}

#[test]
fn parser_survives_deep_huge_and_strange_input() {
    let deep = "(".repeat(100_000) + "x" + &")".repeat(100_000);
    assert!(parse(&deep)
        .unwrap_err()
        .message
        .contains("nested too deeply"));
    let huge = vec!["x"; 50_000].join("+");
    assert!(parse(&huge).unwrap_err().message.contains("too large"));
    let minus = "-".repeat(100_000) + "x";
    assert!(parse(&minus).is_err());
    for s in [
        "\u{0}", "🙂", "(((", ")))", "^^", "e", "1e", ".", "a b", "sin()", "٣",
    ] {
        let _ = parse(s);
    }
    assert!(parse("1e").is_err());
    assert!(parse("1e-3 * x").is_ok());
}

#[test]
fn r1_stale_activity_breaks_the_worked_example() {
    let v = [("a", 2.0), ("b", -3.0), ("c", 10.0)];
    let rows = check("(a*b+c)^2", &v, Requirements::without(&[1]));
    assert!(rows.iter().any(|r| !r.agrees()));
    // a linear graph has no stored input to go stale
    assert!(check(
        "a+b",
        &[("a", 1.0), ("b", 2.0)],
        Requirements::without(&[1])
    )
    .iter()
    .all(|r| r.agrees()));
}

#[test]
fn r2_without_local_derivatives_passes_adjoints_straight_through() {
    let rows = check(
        "(a*b+c)^2",
        &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
        Requirements::without(&[2]),
    );
    // every local derivative becomes 1, so every adjoint stays 1
    assert_eq!(grads(&rows), vec![1.0, 1.0, 1.0]);
}

#[test]
fn r3_shared_score_and_sign_dropped_are_both_wrong() {
    let v = [("a", 2.0), ("b", -3.0), ("c", 10.0)];
    // shared score: every node multiplies by f = 16 instead of its adjoint
    let rows = check("(a*b+c)^2", &v, Requirements::without(&[3]));
    assert_eq!(grads(&rows), vec![16.0 * -3.0, 16.0 * 2.0, 16.0]);
    let mut req = Requirements::without(&[3]);
    req.r3_off = ErrorSignal::SignDropped;
    let rows = check("(a*b+c)^2", &v, req);
    assert_eq!(grads(&rows), vec![24.0, 16.0, 8.0]);
    assert!(!rows[0].agrees());
}

#[test]
fn r4_random_factor_replaces_the_forward_operand() {
    let v = [("a", 2.0), ("b", -3.0), ("c", 10.0)];
    let rows = check("(a*b+c)^2", &v, Requirements::without(&[4]));
    assert!(!rows[0].agrees() && !rows[1].agrees());
    assert!(rows[2].agrees(), "c's path has no product");
}

#[test]
fn r5_wrong_order_loses_contributions_only_with_fan_out() {
    let v = [("a", 2.0), ("b", -3.0), ("c", 10.0)];
    // a tree: depth-first order is still a valid order
    assert!(check("(a*b+c)^2", &v, Requirements::without(&[5]))
        .iter()
        .all(|r| r.agrees()));
    // u = a·b + c feeds the product twice: it sends after the first half
    let rows = check("(a*b+c)*(a*b+c)", &v, Requirements::without(&[5]));
    assert_eq!(grads(&rows), vec![-12.0, 8.0, 4.0]);
    let rows = check(
        "(a+b)*(b+1)",
        &[("a", 2.0), ("b", -3.0)],
        Requirements::without(&[5]),
    );
    assert!(rows[0].agrees() && !rows[1].agrees(), "{rows:?}");
}

#[test]
fn sweep_steps_replay_to_the_final_adjoints() {
    let g = parse("(a+b)*(b+1)").unwrap();
    let vars = [2.0, -3.0];
    let vals = g.eval(&vars);
    let s = backward(&g, &vals, &vals, Requirements::default());
    let last = s.running(g.output(), g.len(), s.steps.len());
    for (v, node) in g.var_nodes().iter().enumerate() {
        assert_eq!(last[node.index()], s.grads[v]);
    }
    // b receives two contributions and their running sum is recorded
    let b = g.var_nodes()[1];
    let into_b: Vec<&Sent> = s
        .steps
        .iter()
        .flat_map(|st| &st.sends)
        .filter(|t| t.to == b)
        .collect();
    assert_eq!(into_b.len(), 2);
    assert_eq!(into_b[1].before, into_b[0].after);
}

#[test]
fn layout_puts_inputs_left_and_output_right() {
    let g = parse("(a*b+c)^2").unwrap();
    let l = layout(&g);
    let out = l.pos[g.output().index()].0;
    for v in g.var_nodes() {
        assert!(l.pos[v.index()].0 < out);
    }
    assert_eq!(out as usize, l.columns - 1);
    for (i, n) in g.nodes.iter().enumerate() {
        for j in n.op.inputs() {
            assert!(l.pos[j.index()].0 < l.pos[i].0);
        }
    }
}

/// A random expression over x, y, z that stays in each op's smooth domain.
fn arb_expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("x".to_string()),
        Just("y".to_string()),
        Just("z".to_string()),
        (1u32..5).prop_map(|k| format!("{}.5", k)),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}+{b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}-{b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}*{b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}/(1+({b})^2))")),
            inner.clone().prop_map(|a| format!("tanh({a})")),
            inner.clone().prop_map(|a| format!("sin({a})")),
            inner.clone().prop_map(|a| format!("sigmoid({a})")),
            inner.clone().prop_map(|a| format!("log(1+({a})^2)")),
            inner.clone().prop_map(|a| format!("sqrt(2+cos({a}))")),
            inner.prop_map(|a| format!("exp(tanh({a}))")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_expressions_match_finite_differences(
        src in arb_expr(), x in -2.0f64..2.0, y in -2.0f64..2.0, z in -2.0f64..2.0,
    ) {
        let g = parse(&src).unwrap();
        let named = [("x".to_string(), x), ("y".to_string(), y), ("z".to_string(), z)];
        let vars = g.bind(&named).unwrap();
        let vals = g.eval(&vars);
        let s = backward(&g, &vals, &vals, Requirements::default());
        for row in finite_differences(&g, &vars, &s.grads) {
            // the loose bound allows for FD's own rounding on large values
            let tol = 1e-4 + 1e-3 * row.numeric.abs();
            prop_assert!(row.error <= tol, "{}: {}", src, row);
        }
    }

    #[test]
    fn parser_never_panics(s in "\\PC{0,64}") {
        let _ = parse(&s);
    }

    #[test]
    fn parser_never_panics_on_operator_soup(s in "[-+*/^()a-c0-9. e]{0,64}") {
        let _ = parse(&s);
    }
}
