//! Each of R1–R5 removed on the worked example and on `(a+b)*(b+1)`, with
//! the exact adjoints each variant gives, the maths in a comment; the
//! shared score's estimator against its definition; and the step text
//! telling what each ablation substituted.

use creditflow::engine::presets::PRESETS;
use creditflow::engine::sweep::ablate::{scramble, units};
use creditflow::engine::sweep::{identities, perturb, random_factor};
use creditflow::engine::*;
use creditflow::page::worked::explain::{explain, Tone};
use creditflow::page::worked::{Computed, Worksheet};

const WORKED: &str = "(a*b+c)^2";
const ABC: [(&str, f64); 3] = [("a", 2.0), ("b", -3.0), ("c", 10.0)];
const FAN: &str = "(a+b)*(b+1)";
const AB: [(&str, f64); 2] = [("a", 2.0), ("b", -3.0)];

/// The worksheet for `src` at `values` (previous sample: each input + 1).
fn sheet(src: &str, values: &[(&str, f64)]) -> Worksheet {
    Worksheet::new(src, values).unwrap()
}

/// The gradient delivered with requirements `off` removed (1–5) and R3
/// variant `r3`.
fn grads(src: &str, values: &[(&str, f64)], off: &[usize], r3: ErrorSignal) -> Vec<f64> {
    let mut kept = [true; 5];
    for &r in off {
        kept[r - 1] = false;
    }
    sheet(src, values).compute(kept, r3).sweep.grads
}

fn g(off: &[usize]) -> Vec<f64> {
    grads(WORKED, &ABC, off, ErrorSignal::SharedScore)
}

#[test]
fn all_kept_is_the_essays_gradient() {
    assert_eq!(g(&[]), vec![-24.0, 16.0, 8.0]);
    assert_eq!(
        grads(FAN, &AB, &[], ErrorSignal::SharedScore),
        vec![-2.0, -3.0]
    );
}

#[test]
fn r1_takes_local_derivatives_at_the_previous_sample() {
    // previous sample a=3, b=−2, c=11: u = −6, v = 5. f = v²: v̄ = 2·5 = 10;
    // ū = c̄ = 10; ā = ū·b_prev = 10·(−2) = −20; b̄ = ū·a_prev = 10·3 = 30
    assert_eq!(g(&[1]), vec![-20.0, 30.0, 10.0]);
    // (a+b)*(b+1) at the previous a=3, b=−2: s = 1, t = −1;
    // s̄ = t_prev = −1, t̄ = s_prev = 1; ā = −1, b̄ = −1 + 1 = 0
    assert_eq!(
        grads(FAN, &AB, &[1], ErrorSignal::SharedScore),
        vec![-1.0, 0.0]
    );
    // a new expression has a previous sample at once, and it can be edited
    let mut ws = sheet("x*y", &[("x", 1.0), ("y", 2.0)]);
    ws.set_expr("x*y*z");
    assert_eq!(ws.previous_of("z"), 2.0);
    ws.set_previous("x", 5.0).unwrap();
    // x̄ = y·z at the previous y=3, z=2 → 6; ȳ = x_prev·z_prev = 5·2
    let c = ws.compute([false, true, true, true, true], ErrorSignal::SharedScore);
    assert_eq!(c.sweep.grads, vec![6.0, 10.0, 15.0]);
    assert!(ws.set_previous("x", f64::NAN).is_err());
}

#[test]
fn r1_previous_sample_is_the_values_before_the_last_edit() {
    let mut ws = sheet(WORKED, &ABC);
    ws.set_value("a", 4.0).unwrap();
    assert_eq!(ws.previous_of("a"), 2.0);
    // a drag takes the previous sample once, at its start
    ws.set_live("b", -2.5).unwrap();
    ws.set_live("b", -2.0).unwrap();
    ws.set_value("b", -1.0).unwrap();
    assert_eq!(ws.previous_of("b"), -3.0);
    assert_eq!(ws.previous_of("a"), 4.0);
}

#[test]
fn r2_drops_the_slope_and_keeps_the_weights() {
    // f = v²: slope dropped, v̄ = 1 (not 8); ū = c̄ = 1; the product keeps
    // its operands: ā = ū·b = −3, b̄ = ū·a = 2
    assert_eq!(g(&[2]), vec![-3.0, 2.0, 1.0]);
    // no nonlinearity in (a+b)*(b+1): nothing changes
    assert_eq!(
        grads(FAN, &AB, &[2], ErrorSignal::SharedScore),
        vec![-2.0, -3.0]
    );
    // negation's −1 is a sign, not a slope: kept
    assert_eq!(
        grads("-x", &[("x", 1.0)], &[2], ErrorSignal::SharedScore),
        vec![-1.0]
    );
}

#[test]
fn r4_replaces_a_products_operand_with_fixed_random_feedback() {
    // nodes a, b, u = a·b (node 2), c, v, f. v̄ = 8, ū = c̄ = 8;
    // ā = 8·r(u, 0), b̄ = 8·r(u, 1), drawn from the seed (0) and u's
    // identity
    let id = |src: &str, n: u32| identities(&parse(src).unwrap())[n as usize];
    let (r0, r1) = (
        random_factor(0, id(WORKED, 2), 0),
        random_factor(0, id(WORKED, 2), 1),
    );
    assert_eq!(g(&[4]), vec![8.0 * r0, 8.0 * r1, 8.0]);
    // R2 and R4 off together: v̄ = 1, so ā = r0, b̄ = r1
    assert_eq!(g(&[2, 4]), vec![r0, r1, 1.0]);
    // (a+b)*(b+1): f = s·t is node 5; s̄ = r(f,0), t̄ = r(f,1)
    let (q0, q1) = (
        random_factor(0, id(FAN, 5), 0),
        random_factor(0, id(FAN, 5), 1),
    );
    assert_eq!(
        grads(FAN, &AB, &[4], ErrorSignal::SharedScore),
        vec![q0, q0 + q1]
    );
}

#[test]
fn r4_feedback_follows_the_seed_and_the_node_not_its_number() {
    let off4 = [true, true, true, false, true];
    let at = |src: &str, seed: u64| {
        let mut ws = sheet(src, &[("a", 2.0), ("b", -3.0), ("c", 10.0), ("d", 0.5)]);
        ws.seed = seed;
        ws.compute(off4, ErrorSignal::SharedScore).sweep.grads
    };
    // an unrelated term added first renumbers every node of a·b; a and b
    // are still given the same random feedback (their gradients are the
    // random factors times v̄ = 2·(a·b + c + …), so compare the ratio)
    let plain = at("(a*b+c)^2", 0);
    let edited = at("(d*d+a*b+c)^2", 0);
    assert_eq!(
        plain[0] / plain[1],
        edited[1] / edited[2],
        "{plain:?} {edited:?}"
    );
    // another seed draws other factors
    let other = at("(a*b+c)^2", 1);
    assert_ne!(plain[0] / plain[1], other[0] / other[1]);
    // identities: the same sub-expression has the same identity in both
    let (p, e) = (
        identities(&parse("(a*b+c)^2").unwrap()),
        identities(&parse("(d*d+a*b+c)^2").unwrap()),
    );
    assert_eq!(p[2], e[4], "a·b");
    assert_ne!(p[0], p[1]);
}

#[test]
fn r3_scrambled_needs_two_units_and_says_so() {
    // x·x: one unit (x) besides the output; scrambling would hand x its
    // own adjoint. It keeps it, and the step text says why.
    let ws = sheet("x*3", &[("x", 2.0)]);
    assert_eq!(units(&ws.graph).len(), 1);
    assert!(scramble(&ws.graph, 0).iter().all(Option::is_none));
    let c = ws.compute([true, true, false, true, true], ErrorSignal::Scrambled);
    assert_eq!(c.sweep.grads, vec![3.0]);
    let text: Vec<String> = (1..=c.sweep.steps.len())
        .flat_map(|k| explain(&ws.graph, &c, k))
        .map(|l| l.text)
        .collect();
    assert!(
        text.iter()
            .any(|t| t.contains("needs two or more units") && t.contains("has 1")),
        "{text:?}"
    );
    // with two units, nobody keeps their own
    let ws = sheet("x*y", &[("x", 2.0), ("y", 5.0)]);
    let handed = scramble(&ws.graph, 0);
    for u in units(&ws.graph) {
        assert!(handed[u.index()].is_some_and(|j| j != u));
    }
}

#[test]
fn r5_depth_first_loses_late_contributions_only_with_fan_out() {
    // a tree: depth-first is still a correct order
    assert_eq!(g(&[5]), vec![-24.0, 16.0, 8.0]);
    // f = s·t, s = a+b, t = b+1: depth-first visits f, s, a, b (b̄ = s̄ = −2
    // so far), then t; t's contribution to b (t̄·1 = −1) arrives too late
    assert_eq!(
        grads(FAN, &AB, &[5], ErrorSignal::SharedScore),
        vec![-2.0, -2.0]
    );
    // the shared sum of (a*b+c)*(a*b+c) sends after the first half: halved
    assert_eq!(
        grads("(a*b+c)*(a*b+c)", &ABC, &[5], ErrorSignal::SharedScore),
        vec![-12.0, 8.0, 4.0]
    );
}

/// The summary's "your own graphs" offers the fan-out preset as the graph
/// where unticking R5 makes b's credit wrong (and a's right), and the
/// neuron preset as tanh's.
#[test]
fn the_summarys_presets_show_what_it_says() {
    use creditflow::engine::presets::{FAN_OUT_PRESET, NEURON_PRESET};
    let (_, src, vals) = PRESETS[FAN_OUT_PRESET];
    let kept = grads(src, vals, &[], ErrorSignal::SharedScore);
    let off = grads(src, vals, &[5], ErrorSignal::SharedScore);
    assert_eq!(kept[0], off[0], "a's credit stays right");
    assert_ne!(kept[1], off[1], "b's credit changes without R5");
    assert!(PRESETS[NEURON_PRESET].1.starts_with("tanh("));
}

/// What a removal did, said in one sentence: the wrong credits beside
/// the nudges' (four significant figures), the right ones, the cosine.
#[test]
fn a_removal_is_said_with_its_numbers() {
    let ws = sheet(WORKED, &ABC);
    let kept = ws.compute([true; 5], ErrorSignal::SharedScore);
    assert_eq!(
        kept.consequence("all five requirements kept"),
        "All five requirements kept: every credit matches the nudges: a's −24, b's +16, c's +8."
    );
    // (−24·24 + 16·16 + 8·8) / (24² + 16² + 8²) = −256 / 896
    let r3 = ws.compute([true, true, false, true, true], ErrorSignal::SignDropped);
    assert_eq!(
        r3.consequence("R3 removed"),
        "R3 removed: 1 credit wrong: a's is +24 instead of −24; still right: b's +16, c's +8. Same direction as the true credits: −0.2857 (1 = exactly)."
    );
    // the check by nudges at the sweep's end, in one sentence
    assert_eq!(
        r3.check_said(),
        "Checked by small nudges: a's credit +24 is wrong: the nudges find −24; b's credit +16 agrees with the nudges' +16; c's credit +8 agrees with the nudges' +8."
    );
}

#[test]
fn r3_sign_dropped_gives_magnitudes() {
    assert_eq!(g_r3(ErrorSignal::SignDropped), vec![24.0, 16.0, 8.0]);
    assert_eq!(
        grads(FAN, &AB, &[3], ErrorSignal::SignDropped),
        vec![2.0, 3.0]
    );
}

fn g_r3(r3: ErrorSignal) -> Vec<f64> {
    grads(WORKED, &ABC, &[3], r3)
}

#[test]
fn r3_scrambled_hands_true_adjoints_to_the_wrong_nodes() {
    let ws = sheet(WORKED, &ABC);
    let c = ws.compute([true, true, false, true, true], ErrorSignal::Scrambled);
    let handed = scramble(&ws.graph, 0);
    let us = units(&ws.graph);
    // a permutation of the non-output nodes with no fixed point
    let mut images: Vec<NodeId> = us.iter().map(|u| handed[u.index()].unwrap()).collect();
    assert!(us.iter().all(|u| handed[u.index()] != Some(*u)));
    images.sort();
    assert_eq!(images, us);
    // each input is given the exact adjoint of the node it is handed
    for (v, node) in ws.graph.var_nodes().iter().enumerate() {
        let from = handed[node.index()].unwrap();
        assert_eq!(c.sweep.grads[v], c.exact_credit[from.index()]);
    }
    // the same numbers, at the wrong places: the credits are a permutation
    let mut got: Vec<f64> = us.iter().map(|u| c.sweep.credit[u.index()]).collect();
    let mut want: Vec<f64> = us.iter().map(|u| c.exact_credit[u.index()]).collect();
    got.sort_by(f64::total_cmp);
    want.sort_by(f64::total_cmp);
    assert_eq!(got, want);
    // fixed: the same seed gives the same permutation
    assert_eq!(scramble(&ws.graph, 0), handed);
}

#[test]
fn r3_shared_score_is_right_on_average_and_noisy_per_draw() {
    let mut ws = sheet(WORKED, &ABC);
    let off3 = [true, true, false, true, true];
    let one = ws.compute(off3, ErrorSignal::SharedScore);
    let e = one.sweep.estimate.clone().unwrap();
    assert_eq!((e.draws, e.forward_runs), (1, 2));
    // one draw is the definition: Δf·ξᵢ/σ² at every node
    for i in 0..ws.graph.len() {
        let want = e.delta_f * e.xi[i] / (perturb::SIGMA * perturb::SIGMA);
        assert!((e.last[i] - want).abs() <= 1e-9 * want.abs().max(1.0));
    }
    // 4000 draws: per draw the estimate of ā has variance about
    // 2·24² + 16² + 3·8² = 1600 (sd 40), so the mean's sd is 40/√4000 ≈ 0.63
    ws.set_draws(4000);
    let many = ws.compute(off3, ErrorSignal::SharedScore);
    for (got, want) in many.sweep.grads.iter().zip(&many.exact) {
        assert!((got - want).abs() < 4.0 * 0.7, "{got} vs {want}");
    }
    assert!(
        many.cosine > 0.99 && many.cosine > one.cosine,
        "{} {}",
        many.cosine,
        one.cosine
    );
    // and one draw is far off: its error is many times the mean's
    let err = |c: &Computed| -> f64 {
        c.sweep
            .grads
            .iter()
            .zip(&c.exact)
            .map(|(a, b)| (a - b).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    assert!(
        err(&one) > 5.0 * err(&many),
        "{} vs {}",
        err(&one),
        err(&many)
    );
    assert_eq!(many.sweep.estimate.unwrap().forward_runs, 4001);
}

/// The mean one-draw cosine of the shared score over 300 seeds.
fn one_draw_cosine(src: &str, values: &[(&str, f64)]) -> f64 {
    let mut ws = sheet(src, values);
    let n = 300;
    (0..n)
        .map(|s| {
            ws.seed = s;
            ws.compute([true, true, false, true, true], ErrorSignal::SharedScore)
                .cosine
        })
        .sum::<f64>()
        / n as f64
}

#[test]
fn r3_shared_score_gets_noisier_with_more_nodes() {
    let (_, big, vals) = PRESETS[5];
    let small = one_draw_cosine(WORKED, &ABC);
    let large = one_draw_cosine(big, vals);
    assert!(
        small > large + 0.1,
        "worked {small:.3}, six-input neuron {large:.3}"
    );
}

/// The text lines of step `k` with requirements `kept` and R3 as `r3`.
fn text(kept: [bool; 5], r3: ErrorSignal, k: usize) -> Vec<(Tone, String)> {
    let ws = sheet(WORKED, &ABC);
    let c = ws.compute(kept, r3);
    explain(&ws.graph, &c, k)
        .into_iter()
        .map(|l| (l.tone, l.text))
        .collect()
}

fn joined(lines: &[(Tone, String)]) -> String {
    lines
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn step_text_teaches_the_arithmetic_and_names_each_substitution() {
    let all = [true; 5];
    // step 1 is the output: its local rate 2v = 8, then the formula's name
    assert!(joined(&text(all, ErrorSignal::SharedScore, 1))
        .contains("local rate 2v = 8 (written d(v²)/dv)"));
    // step 3 is the product u = a·b: its rate for a is b = −3
    let s3 = joined(&text(all, ErrorSignal::SharedScore, 4));
    assert!(s3.contains("local rate b = −3 (written ∂(a·b)/∂a)"), "{s3}");
    // kept, the rate is what the sweep uses: no stand-in is named
    assert!(!s3.contains("instead;"), "{s3}");
    // a rate is shown with a nudge before its formula: the square's, the
    // product's and the sum's (the sum's rate is 1)
    for (k, to, nudge) in [
        (1, "v", "Nudge v from 4 to 4.001 and v² goes from 16 to 16.008, about 8 times the nudge: that 8 is v's local rate."),
        (4, "a", "Nudge a from 2 to 2.001 and a·b goes from −6 to −6.003"),
        (2, "u", "Nudge u from −6 to −5.999 and u + c goes from 4 to 4.001, about 1 times the nudge"),
    ] {
        let lines = text(all, ErrorSignal::SharedScore, k);
        let at = |p: &str| lines.iter().position(|(_, l)| l.starts_with(p));
        let n = at(nudge).unwrap_or_else(|| panic!("{}", joined(&lines)));
        let rate = at(&format!("to {to}: local rate")).unwrap();
        assert_eq!(n + 1, rate, "{}", joined(&lines));
    }
    // without R4 the stand-in is said where it replaces the rate, so the
    // line does not read as a rate of −3 times another number
    let no_r4 = joined(&text(
        [true, true, true, false, true],
        ErrorSignal::SharedScore,
        4,
    ));
    let to_a = no_r4
        .lines()
        .find(|l| l.starts_with("to a: local rate b = −3"))
        .unwrap_or_else(|| panic!("{no_r4}"));
    let used = to_a
        .split(", but the sweep uses ")
        .nth(1)
        .and_then(|r| r.split(" instead; ").next())
        .unwrap_or_else(|| panic!("{to_a}"));
    assert!(to_a.contains(&format!("× {used} =")), "{to_a}");
    let no_r2 = joined(&text(
        [true, false, true, true, true],
        ErrorSignal::SharedScore,
        1,
    ));
    assert!(
        no_r2.contains("slope is left out: ×1 instead of ×8"),
        "{no_r2}"
    );
    let no_r4 = joined(&text(
        [true, true, true, false, true],
        ErrorSignal::SharedScore,
        4,
    ));
    assert!(
        no_r4.contains("a fixed random number")
            && no_r4.contains("instead of the other input b = −3"),
        "{no_r4}"
    );
    let no_r1 = joined(&text(
        [false, true, true, true, true],
        ErrorSignal::SharedScore,
        1,
    ));
    assert!(no_r1.contains("v = 5 (now 4)"), "{no_r1}");
    // the last step says the credit is wrong, and by how much
    let ws = sheet(WORKED, &ABC);
    let n = ws
        .compute([true, false, true, true, true], ErrorSignal::SharedScore)
        .sweep
        .steps
        .len();
    let last = text([true, false, true, true, true], ErrorSignal::SharedScore, n);
    // R2 off scales the worked example's gradient by 1/8: same direction
    let says = |lines: &[(Tone, String)], what: &str| {
        lines
            .iter()
            .any(|(t, s)| *t == Tone::Wrong && s.contains(what))
    };
    assert!(says(&last, "0.125 times as large"), "{last:?}");
    let no_r4 = [true, true, true, false, true];
    let n4 = sheet(WORKED, &ABC)
        .compute(no_r4, ErrorSignal::SharedScore)
        .sweep
        .steps
        .len();
    let last = text(no_r4, ErrorSignal::SharedScore, n4);
    assert!(says(&last, "point the same way"), "{last:?}");
    let a_step = joined(&text(
        [true, false, true, true, true],
        ErrorSignal::SharedScore,
        n - 1,
    ));
    assert!(a_step.contains("wrong by"), "{a_step}");
}

#[test]
fn constants_are_not_inputs_and_a_node_fed_twice_says_so() {
    let ws = sheet(FAN, &AB);
    let c = ws.compute([true; 5], ErrorSignal::SharedScore);
    let all: Vec<String> = (1..=c.sweep.steps.len())
        .map(|k| {
            explain(&ws.graph, &c, k)
                .iter()
                .map(|l| l.text.clone())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert!(all
        .iter()
        .any(|t| t.contains("1 is a fixed number, not an input")));
    assert!(!all.iter().any(|t| t.contains("∂f/∂1")));
    let ws = sheet("u*u", &[("u", 3.0)]);
    let c = ws.compute([true; 5], ErrorSignal::SharedScore);
    let t: Vec<String> = explain(&ws.graph, &c, 2)
        .iter()
        .map(|l| l.text.clone())
        .collect();
    assert!(
        t.join(" ").contains("fed twice into the same node"),
        "{t:?}"
    );
}

#[test]
fn a_zero_true_gradient_is_said_in_words_not_as_nan() {
    // f = x² at x = 0: the true gradient is 0; without R1 the sweep reads
    // the previous sample's x and gives a credit that is not
    let ws = sheet("x^2", &[("x", 0.0)]);
    let c = ws.compute([false, true, true, true, true], ErrorSignal::default());
    assert!(c.exact.iter().all(|g| *g == 0.0) && c.sweep.grads.iter().any(|g| *g != 0.0));
    let all = joined(
        &explain(&ws.graph, &c, c.sweep.steps.len())
            .into_iter()
            .map(|l| (l.tone, l.text))
            .collect::<Vec<_>>(),
    );
    assert!(all.contains("the true credits are all zero here"), "{all}");
    assert!(!all.contains("NaN"), "{all}");
}
