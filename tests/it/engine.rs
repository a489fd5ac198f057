//! The engine against its oracle: every op and the essay's cases against
//! central finite differences, the parser's notation and errors, the edge
//! points, the operation counts and the layout. (R1–R5 are in
//! `requirements.rs`, the property tests in `engine_props.rs`.)

use creditflow::engine::presets::PRESETS;
use creditflow::engine::sweep::previous_sample;
use creditflow::engine::*;

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
        "x÷y",
        "softplus(x)",
        "x²",
        "x**y",
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
    let src = "a*b + b*c + c*d + d*k + k*m + m*g + g*h";
    let g = parse(src).unwrap();
    let vars: Vec<f64> = (0..g.vars.len()).map(|i| i as f64 * 0.3 - 1.0).collect();
    let fwd = forward_mode(&g, &vars);
    let vals = g.eval(&vars);
    let rev = backward(&g, &vals, &vals, Requirements::default());
    for (f, r) in fwd.iter().zip(&rev.grads) {
        assert!((f - r).abs() < 1e-12);
    }
    let c = op_counts(&g);
    // counting multiplications: 7 products and 6 free sums; each product
    // costs 1 forward and 2 backward, so reverse = 3 × evaluation exactly,
    // forward = evaluation + 8 inputs × 14
    assert_eq!((c.evaluation, c.reverse, c.forward), (7, 21, 7 + 8 * 14));
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
        ("2x", 1, "write 2*x for a product"),
        ("3(a+b)", 1, "write 3*( for a product"),
        ("e(x)", 0, "unknown function 'e'"),
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

/// The value of `src` at `values`.
fn value(src: &str, values: &[(&str, f64)]) -> f64 {
    let g = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let named: Vec<(String, f64)> = values.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    g.value(&g.bind(&named).expect("all values given"))
}

#[test]
fn parser_semantics_against_values() {
    let abc = [("a", 3.0), ("b", 2.0), ("c", 4.0)];
    // unary minus binds looser than ^: -a^2 = -(a^2)
    assert_eq!(value("-a^2", &abc), -9.0);
    // ^ is right-associative: 2^(3^2) = 2^9
    assert_eq!(value("2^3^2", &[]), 512.0);
    // - and / are left-associative
    assert_eq!(value("a-b-c", &abc), (3.0 - 2.0) - 4.0);
    assert_eq!(value("a/b/c", &abc), (3.0 / 2.0) / 4.0);
    // the essay's notation: − × · ÷ ** ² ³ and the constants
    assert_eq!(value("a−b", &abc), 1.0);
    assert_eq!(value("a×b·c", &abc), 24.0);
    assert_eq!(value("a÷b", &abc), 1.5);
    assert_eq!(value("a**2", &abc), 9.0);
    assert_eq!(value("a² + b³", &abc), 17.0);
    assert_eq!(value("−a**2", &abc), -9.0);
    assert_eq!(value("e", &[]), std::f64::consts::E);
    assert_eq!(value("2*pi", &[]), std::f64::consts::TAU);
    assert_eq!(value("π", &[]), std::f64::consts::PI);
    // e1 and pie are variables, not constants
    assert_eq!(value("e1 + pie", &[("e1", 1.0), ("pie", 2.0)]), 3.0);
}

#[test]
fn a_variable_named_f_does_not_clash_with_the_output() {
    let g = parse("f*g + 1").unwrap();
    let names = g.node_names();
    assert_eq!(names[g.output().index()], "out");
    assert_eq!(names.iter().filter(|n| *n == "f").count(), 1);
}

#[test]
fn division_is_one_node_drawn_as_division() {
    let g = parse("a/b").unwrap();
    assert_eq!(g.len(), 3);
    assert_eq!(g.op(g.output()).symbol(&g.vars), "÷");
}

#[test]
fn the_op_table_is_consistent() {
    for (i, d) in ops::OPS.iter().enumerate() {
        let prim = ops::Prim(i as u8);
        assert_eq!(ops::Prim::find(d.name, d.syntax), Some(prim), "{}", d.name);
        assert!((1..=2).contains(&d.arity));
        // linear rows have no slope for R2 to remove
        let locals = (d.local)([0.7, 1.3], 2.0);
        if !d.nonlinear {
            assert!(
                locals[..d.arity].iter().all(|l| l.slope == 1.0),
                "{}",
                d.name
            );
        }
    }
    // every function is in the help text and is parsed
    let help = ops::notation_help();
    for f in ops::Prim::functions() {
        assert!(help.contains(f), "{f} missing from the help");
        assert!(parse(&format!("{f}(x)")).is_ok(), "{f}");
    }
}

#[test]
fn edge_points_give_the_stated_conventions() {
    // relu′(0) = 0 and abs′(0) = 0; the table says "not differentiable here"
    for src in ["relu(x)", "abs(x)"] {
        let rows = check(src, &[("x", 0.0)], Requirements::default());
        assert_eq!(rows[0].analytic, 0.0, "{src}");
        assert_eq!(rows[0].verdict(), Verdict::NotDifferentiable, "{src}");
    }
    // a kink within the essay's step but not at x: the step is halved
    // until the difference settles on this side of it, where it agrees
    let rows = check("abs(x)", &[("x", 1e-7)], Requirements::default());
    assert_eq!(rows[0].verdict(), Verdict::Agrees, "{}", rows[0]);
    assert!(rows[0].step < 1e-7, "{}", rows[0]);
    // away from the kink it agrees
    assert!(check("abs(x)", &[("x", -0.5)], Requirements::default())[0].agrees());
    // x^0 is constant: derivative 0 at x = 0, not 0·∞ = NaN
    assert_eq!(
        grads(&check("x^0", &[("x", 0.0)], Requirements::default())),
        vec![0.0]
    );
    // 0^y = 0 for y > 0: flat in y
    assert_eq!(
        grads(&check("0^y", &[("y", 2.0)], Requirements::default())),
        vec![0.0]
    );
    // x^y at x = 0, y = 2: ∂/∂x = y·x^(y−1) = 0, ∂/∂y = x^y·ln x → 0
    assert_eq!(
        grads(&check(
            "x^y",
            &[("x", 0.0), ("y", 2.0)],
            Requirements::default()
        )),
        vec![0.0, 0.0]
    );
    // relu propagates NaN (log(−1)), and a NaN never "agrees"
    let rows = check("relu(log(x))", &[("x", -1.0)], Requirements::default());
    assert!(rows[0].analytic.is_nan());
    assert_eq!(rows[0].verdict(), Verdict::NotFinite);
    // a kink in another input's path: a's row is exact (relu(0)·1 = 0)
    let rows = check(
        "relu(c)*a",
        &[("c", 0.0), ("a", 2.0)],
        Requirements::default(),
    );
    assert_eq!(rows[0].verdict(), Verdict::NotDifferentiable);
    assert_eq!(rows[1].verdict(), Verdict::Agrees);
    // no 0·∞ in the sweep: sqrt sends ∞ to a flat relu, which passes 0 on
    let rows = check("sqrt(relu(x))", &[("x", -1.0)], Requirements::default());
    assert_eq!(rows[0].analytic, 0.0);
    assert_eq!(rows[0].verdict(), Verdict::Agrees);
    // sqrt′(0) is infinite: not finite, not "agrees"
    let rows = check("sqrt(x)", &[("x", 0.0)], Requirements::default());
    assert_eq!(rows[0].verdict(), Verdict::NotFinite);
}

#[test]
fn finite_difference_step_scales_with_the_value() {
    assert_eq!(check::fd_step(0.5), 1e-6);
    assert_eq!(check::fd_step(-3e6), 3.0);
    // at x = 1e8 a fixed h = 1e-6 would lose every digit to rounding
    let rows = check("x^2", &[("x", 1e8)], Requirements::default());
    assert!(rows[0].agrees(), "{}", rows[0]);
    assert!(rows[0].relative < 1e-6, "{}", rows[0]);
}

#[test]
fn reverse_mode_costs_three_evaluations_on_the_worked_example() {
    // f = (a·b + c)²: two multiplications (a·b and the square); reverse adds
    // two per multiplication (the adjoint times each local derivative)
    let c = op_counts(&parse("(a*b+c)^2").unwrap());
    assert_eq!((c.evaluation, c.reverse), (2, 6));
    assert_eq!(c.forward, 2 + 3 * 4);
    // the family fₙ = (x1·…·xn + c)²: reverse stays at 3×, forward grows
    let fam = cost_family(8);
    for (n, k) in &fam {
        assert_eq!(k.reverse, 3 * k.evaluation, "n = {n}");
        assert_eq!(k.inputs, n + 1);
    }
    let ratio = |k: &OpCounts| k.forward as f64 / k.evaluation as f64;
    assert!(fam.windows(2).all(|w| ratio(&w[1].1) > ratio(&w[0].1)));
}

#[test]
fn geometry_keeps_labels_off_nodes_and_inside_the_drawing() {
    for (flow, (_, src, _)) in [layout::Flow::Across, layout::Flow::Down]
        .into_iter()
        .flat_map(|f| PRESETS.iter().map(move |p| (f, p)))
    {
        let g = parse(src).unwrap();
        let geo = geometry(&g, flow);
        // no two labels on top of each other (a label is about 60 × 16 px)
        for (i, e) in geo.edges.iter().enumerate() {
            for f in &geo.edges[i + 1..] {
                let apart =
                    (e.label.0 - f.label.0).abs() >= 60.0 || (e.label.1 - f.label.1).abs() >= 16.0;
                assert!(apart, "{src}: labels of two edges overlap");
            }
        }
        for e in &geo.edges {
            let (x, y) = e.label;
            assert!(x > geo.x0 && x < geo.x0 + geo.width, "{src}: label x {x}");
            assert!(y > geo.y0 && y < geo.y0 + geo.height, "{src}: label y {y}");
            for &(nx, ny) in &geo.nodes {
                let inside = (x - nx).abs() < geo.node_w / 2.0 && (y - ny).abs() < geo.node_h / 2.0;
                assert!(!inside, "{src} ({flow:?}): a label sits on a node");
            }
        }
    }
}

#[test]
fn down_the_essays_graph_fits_a_phone_at_full_size_inputs_on_top() {
    // a 360 px phone leaves the graph's frame 336 px: at full size, node
    // text keeps its 12.5 px and up
    for src in ["(a*b+c)^2", "tanh(w*x+b)^2/2", "(a+b)*(b+1)"] {
        let g = parse(src).unwrap();
        let geo = geometry(&g, layout::Flow::Down);
        assert!(geo.width <= 336.0, "{src}: {} px wide", geo.width);
        let out = geo.nodes[g.output().index()].1;
        for (i, node) in g.nodes.iter().enumerate() {
            if i != g.output().index() {
                assert!(
                    geo.nodes[i].1 < out,
                    "{src}: node {i} ({:?}) below f",
                    node.op
                );
            }
        }
        // across, the same graph is wider than the phone
        assert!(geometry(&g, layout::Flow::Across).width > 336.0);
    }
}

#[test]
fn evaluation_forward_and_reverse_mode_add_alike() {
    // a receives 1e70, then 2.26, then −1e70: one summation policy
    // (plain, in order) in evaluation, forward and reverse mode, so the
    // three agree; the check does not call the sweep's answer wrong, and
    // says the rounding at this scale swamps it
    use creditflow::engine::{backward, check, forward_mode, parse, Requirements};
    let g = parse("a*1e70 + a*2.26 - 1e70*a").unwrap();
    let vals = g.eval(&[1.0]);
    let s = backward(&g, &vals, &vals, Requirements::default());
    assert_eq!(s.grads, forward_mode(&g, &[1.0]));
    let rows = check::finite_differences(&g, &[1.0], &s.grads);
    assert!(
        matches!(rows[0].verdict(), Verdict::TooCoarse),
        "{}",
        rows[0]
    );
}

#[test]
fn a_right_gradient_at_a_large_scale_is_not_called_wrong() {
    // f's rounding grows with |f|: at x + 1e8 the step 1e-6 moved the
    // difference by 1.6e-3, past the tolerance; a wider step and the
    // rounding allowance agree, and a wrong gradient is still caught
    use creditflow::engine::check::finite_differences;
    let cases: [(&str, f64, f64); 6] = [
        ("x + 1e8", 1.0, 1.0),
        ("x + 1e12", 3.0, 1.0),
        ("(x + 1e8)^2", 1.0, 2.0 * (1.0 + 1e8)),
        ("x*1e8 + 1e16", 0.5, 1e8),
        ("x*y*1e9 + 1e15", 1.5, 2e9),
        ("sin(x) + 1e10", 0.3, 0.3f64.cos()),
    ];
    for (src, x, truth) in cases {
        let g = parse(src).unwrap();
        let mut vars = vec![x; g.vars.len()];
        if g.vars.len() == 2 {
            vars[1] = 2.0;
        }
        let row = &finite_differences(&g, &vars, &[truth, 1.5e9])[0];
        assert_eq!(row.verdict(), Verdict::Agrees, "{src}: {row}");
        for wrong in [truth * 1.01, truth * 0.99, -truth, 0.0] {
            let row = &finite_differences(&g, &vars, &[wrong, 1.5e9])[0];
            assert_eq!(row.verdict(), Verdict::Wrong, "{src} with {wrong}: {row}");
        }
    }
    // where the difference cannot settle (a period far smaller than the
    // step, a pole within it) a right gradient is not called wrong either
    for (src, x, truth) in [
        ("cos(x)", 1e8, -(1e8f64).sin()),
        ("sin(x*1e8)", 1.0, 1e8 * (1e8f64).cos()),
        ("1/x", 1e-8, -1e16),
        ("sin(x)", 1e15, (1e15f64).cos()),
    ] {
        let g = parse(src).unwrap();
        let row = &finite_differences(&g, &[x], &[truth])[0];
        assert_ne!(row.verdict(), Verdict::Wrong, "{src}: {row}");
    }
    // the worked example keeps the essay's step
    let g = parse("(a*b+c)^2").unwrap();
    let xs = [2.0, -3.0, 10.0];
    for (r, x) in finite_differences(&g, &xs, &[-24.0, 16.0, 8.0])
        .iter()
        .zip(xs)
    {
        assert!((r.step / check::fd_step(x) - 1.0).abs() < 1e-9, "{r}");
        assert!(r.agrees(), "{r}");
    }
}

#[test]
fn small_and_large_numbers_are_written_in_powers_of_ten() {
    use creditflow::engine::fmt::fmt_power;
    assert_eq!(fmt_power(3.6e-10), "3.6 × 10⁻¹⁰");
    assert_eq!(fmt_power(-2.5e7), "−2.5 × 10⁷");
    assert_eq!(fmt_power(9.96e-5), "1 × 10⁻⁴");
    assert_eq!(fmt_power(0.0042), "0.0042");
    assert_eq!(fmt_power(12.34), "12");
    assert_eq!(fmt_power(0.0), "0");
    assert_eq!(fmt_power(f64::INFINITY), "∞");
}

#[test]
fn down_the_worked_example_sits_close_and_a_crowded_graph_keeps_its_room() {
    let pitch = |src: &str| {
        let geo = geometry(&parse(src).unwrap(), layout::Flow::Down);
        let mut ys: Vec<f64> = geo.nodes.iter().map(|p| p.1).collect();
        ys.sort_by(f64::total_cmp);
        ys.dedup();
        ys[1] - ys[0]
    };
    assert_eq!(pitch("(a*b+c)^2"), 100.0);
    assert_eq!(pitch("(a+b)*(b+1)"), layout::Flow::Down.sizes().layer);
}

#[test]
fn a_credit_line_fits_the_room_to_its_neighbour() {
    use layout::Flow;
    // "credit −17.9589" after a learning step: whole across, too long down
    assert!(Flow::Across.label_chars() >= "credit −17.9589".chars().count());
    assert!(Flow::Down.label_chars() < "credit −17.9589".chars().count());
    assert!(Flow::Down.label_chars() >= "credit −24".chars().count());
    assert!(Flow::Down.label_chars() as f64 * 8.0 <= Flow::Down.sizes().within);
}
