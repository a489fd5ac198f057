//! The tour as plain data and state: every stop's setup is usable, the
//! predictions reveal only after an answer, progress survives JSON, and
//! the apūrva graph of stop 9 parses with its named nodes and has a
//! gradient that agrees with finite differences.

use creditflow::engine::{parse, ErrorSignal, Verdict};
use creditflow::lab::method::select::{R3_CHOICES, R4_CHOICES};
use creditflow::page::tour::{At, Tour, APURVA, STOPS};
use creditflow::page::worked::Worksheet;

#[test]
fn every_stop_can_be_applied() {
    for s in STOPS.iter() {
        let setups = std::iter::once(s.setup).chain(s.predict.map(|p| p.reveal));
        for setup in setups {
            if let Some((src, _)) = setup.expr {
                assert!(parse(src).is_ok(), "{}: {src}", s.title);
            }
            // the variants a stop sets are ones the page offers
            assert!(
                setup.r3.is_none_or(|m| R3_CHOICES.contains(&m)),
                "{}",
                s.title
            );
            assert!(
                setup.r4.is_none_or(|m| R4_CHOICES.contains(&m)),
                "{}",
                s.title
            );
            assert!(!setup.focus.is_empty());
        }
        if let Some(p) = s.predict {
            assert!(p.answer < p.choices.len(), "{}", s.title);
        }
    }
    // the three predictions the issue asks for are there, in order
    let asked: Vec<&str> = STOPS
        .iter()
        .filter_map(|s| s.predict)
        .map(|p| p.question)
        .collect();
    assert_eq!(asked.len(), 3);
    assert!(asked[0].contains("increasing a"));
    assert!(asked[1].contains("feedback alignment"));
    assert!(asked[2].contains("broadcast score"));
}

#[test]
fn a_prediction_is_recorded_then_revealed_and_summarised() {
    let mut t = Tour::default();
    assert!(!t.started());
    t.go(1);
    assert!(t.reveal().is_none(), "no reveal before an answer");
    t.answer(7); // out of range: ignored
    assert_eq!(t.chosen(), None);
    t.answer(0);
    t.answer(1);
    let shown = t.reveal().expect("revealed after an answer");
    assert_eq!(
        shown.step,
        At::Keep,
        "the student stepped the sweep: the reveal keeps it"
    );
    t.answer(2); // a revealed answer stands
    assert_eq!((t.chosen(), t.is_revealed()), (Some(1), true));
    t.go(99);
    assert!(t.is_last());
    let s = t.summary();
    assert_eq!(s.len(), 3);
    assert!(s[0].right && s[0].chosen == Some("lower f"));
    assert!(!s[1].right && s[1].chosen.is_none());
}

#[test]
fn progress_survives_json_and_bad_json_starts_afresh() {
    let mut t = Tour::default();
    t.go(5);
    t.answer(0);
    let back = Tour::from_json(&t.to_json());
    assert_eq!(back, t);
    assert_eq!(Tour::from_json("{not json"), {
        let mut f = Tour::default();
        f.go(0);
        f.open = false;
        f
    });
    // an out-of-range stop or choice from an older version is clamped
    let odd = Tour::from_json(
        r#"{"stop":40,"open":true,"dismissed":false,"answers":[null,9],"revealed":[]}"#,
    );
    assert_eq!((odd.stop, odd.answers[1]), (STOPS.len() - 1, None));
}

#[test]
fn the_apurva_graph_names_its_nodes_and_its_gradient_checks() {
    let (src, vals) = APURVA;
    let g = parse(src).expect("parses");
    let names = g.node_names();
    for n in [
        "principal",
        "full_moon",
        "new_moon",
        "ut_agneya1",
        "ut_payas",
        "subs",
    ] {
        assert!(names.iter().any(|x| x == n), "{n} missing from {names:?}");
    }
    // the shared subsidiaries are one node read by all six offerings
    assert_eq!(names.iter().filter(|n| *n == "subs").count(), 1);
    let ws = Worksheet::new(src, vals).unwrap();
    let c = ws.compute([true; 5], ErrorSignal::SharedScore);
    assert_eq!(c.value, 6.0);
    // the forward traces alone say nothing about which act to change; the
    // backward half does: ∂principal/∂prayaja is the sum of the six offerings
    let i = g.vars.iter().position(|v| v == "prayaja").unwrap();
    assert!((c.exact[i] - 6.0).abs() < 1e-12);
    assert!(
        c.fd.iter().all(|r| r.verdict() == Verdict::Agrees),
        "finite differences disagree"
    );
}

#[test]
fn labels_name_computed_nodes_only_and_bad_labels_have_messages() {
    let g = parse("y{a*b} + c").unwrap();
    assert!(g.node_names().contains(&"y".to_string()));
    for (src, msg) in [
        ("y{a}", "names a computed node"),
        ("y{a*b", "unclosed '{'"),
        ("y{a*b)", "expected '}'"),
        ("}", "unexpected '}'"),
    ] {
        let e = parse(src).expect_err(src);
        assert!(e.to_string().contains(msg), "{src}: {e}");
    }
}

#[test]
fn every_choice_says_why_and_the_essays_misconceptions_have_cards() {
    use creditflow::page::tour::STOPS;
    for s in &STOPS {
        if let Some(p) = s.predict {
            assert_eq!(
                p.why.len(),
                p.choices.len(),
                "{}: a why per choice",
                s.title
            );
            assert!(
                p.why[p.answer].starts_with("Right"),
                "{}: the answer's why",
                s.title
            );
        }
    }
    let myths: Vec<&str> = STOPS
        .iter()
        .filter_map(|s| s.myth.map(|m| m.claim))
        .collect();
    assert_eq!(myths.len(), 3, "{myths:?}");
    assert!(myths.iter().any(|m| m.contains("axons")));
    assert!(myths.iter().any(|m| m.contains("Random feedback")));
    assert!(myths.iter().any(|m| m.contains("chain of critiques")));
}

#[test]
fn the_retrieval_questions_are_checked_by_the_engine() {
    use creditflow::page::tour::retrieval::RETRIEVAL;
    // by hand: (b+1) + (a+b) = 6; x·(1 − tanh(0)²) = 2; 2(a·b + c) = 4
    let by_hand = [6.0, 2.0, 4.0];
    for (q, want) in RETRIEVAL.iter().zip(by_hand) {
        let a = q.answer().expect("the engine answers");
        assert!((a - want).abs() < 1e-12, "{}: {a}", q.expr);
        assert_eq!(q.check(&want.to_string()), Ok(true));
        assert_eq!(q.check(&format!("{}", want + 1.0)), Ok(false));
        assert!(q.check("six").unwrap_err().contains("not a number"));
    }
    assert_eq!(
        RETRIEVAL[2].check(" 4.0004 "),
        Ok(true),
        "to 3 significant digits"
    );
}

#[test]
fn an_ablation_has_one_label_in_the_tour_and_the_table() {
    use creditflow::lab::Method;
    use creditflow::page::tour::STOPS;
    // wherever the tour names stale activity's requirements, it uses the row's
    let label = format!("stale activity ({}", Method::Stale.removes());
    let texts: Vec<&str> = STOPS.iter().flat_map(|s| s.text.iter().copied()).collect();
    assert!(texts.iter().any(|t| t.contains(&label)), "{label}");
    assert!(!texts.iter().any(|t| t.contains("stale activity (R1)")));
}

#[test]
fn what_did_you_see_is_read_off_the_page_and_checked_by_the_engine() {
    use creditflow::page::tour::STOPS;
    let q = STOPS[1]
        .predict
        .unwrap()
        .observe
        .expect("the sweep stop asks what was seen");
    assert_eq!(q.answer(), Ok(16.0), "b's adjoint on the worked example");
    assert_eq!(q.check("+16"), Ok(true));
    assert_eq!(q.check("-24"), Ok(false), "a's adjoint, misread for b's");
}

#[test]
fn what_a_lab_run_showed_is_checked_against_the_pages_numbers() {
    use creditflow::lab::study::scaling::{scaling_row, WIDTHS};
    use creditflow::lab::{Task, TaskShape};
    use creditflow::page::tour::{LabFacts, Watch, STOPS};
    use std::sync::Arc;
    let seen: Vec<_> = STOPS.iter().filter_map(|s| s.predict?.seen).collect();
    assert_eq!(seen.len(), 2, "both lab demonstrations ask what was seen");
    let fa = seen.iter().find(|s| s.of == Watch::FaAgainstFloor).unwrap();
    let width = seen
        .iter()
        .find(|s| s.of == Watch::CosineWithWidth)
        .unwrap();
    // nothing is known until the runs are in
    assert_eq!(fa.answer(&LabFacts::default()), None);
    let facts = |fa: f64, floor: f64| LabFacts {
        fa: Some(fa),
        floor: Some(floor),
        ..LabFacts::default()
    };
    assert_eq!(fa.answer(&facts(0.05, 0.12)), Some(0));
    assert_eq!(fa.answer(&facts(0.11, 0.12)), Some(1));
    assert_eq!(fa.answer(&facts(0.5, 0.12)), Some(2));
    assert_eq!(
        fa.answer(&facts(f64::INFINITY, 0.12)),
        None,
        "diverged: no claim"
    );
    // the widths, computed as the page does (fewer estimates): the cosine falls
    let task = Arc::new(Task::new(TaskShape {
        train: 64,
        test: 32,
        ..TaskShape::default()
    }));
    let rows: Vec<_> = WIDTHS
        .iter()
        .map(|&h| scaling_row(task.clone(), h, 8))
        .collect();
    let mut f = LabFacts {
        cosines: rows.iter().map(|r| r.wp_cosine).collect(),
        cosines_done: false,
        ..LabFacts::default()
    };
    assert_eq!(width.answer(&f), None, "still computing");
    f.cosines_done = true;
    assert_eq!(width.answer(&f), Some(0), "{:?}", f.cosines);
    assert_eq!(width.choices[0], "fell");
}
