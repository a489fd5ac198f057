//! The tour as plain data and state: every stop's setup is usable, the
//! predictions reveal only after an answer, the core tour ends at its own
//! last stop, a teacher's stops and hidden views hold, progress survives
//! JSON, the exit ticket's codes round-trip, and the apūrva graph parses with its named nodes and has a
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
    assert_eq!(asked.len(), 4);
    assert!(asked[0].contains("If a grew a little"));
    assert!(asked[1].contains("R4 removed"));
    assert!(asked[2].contains("feedback alignment"));
    assert!(asked[3].contains("shared score"));
}

#[test]
fn the_core_tour_ends_at_its_own_last_stop_and_going_further_is_asked_for() {
    use creditflow::page::tour::CORE;
    use creditflow::page::url::View;
    let mut t = Tour::default();
    t.go(0);
    for _ in 0..20 {
        t.next();
    }
    assert_eq!(t.stop, CORE - 1, "next never runs past the core tour");
    assert!(t.is_last() && t.offers_further());
    assert_eq!(t.place(), (CORE, CORE));
    // every core stop stays in the worked example
    for s in &STOPS[..CORE] {
        assert_eq!(s.setup.page, View::Graph, "{}", s.title);
    }
    t.go_further();
    assert_eq!(t.stop, CORE);
    assert_eq!(t.place(), (CORE + 1, STOPS.len()));
    t.go(99);
    assert!(t.is_last() && !t.offers_further());
    // a teacher's stops 1-3: next, back and go stay in them
    let mut c = Tour {
        class: Some((0, 2)),
        ..Tour::default()
    };
    c.go(7);
    assert_eq!(c.stop, 2);
    c.next();
    assert_eq!((c.stop, c.is_last(), c.offers_further()), (2, true, false));
    c.back();
    c.back();
    c.back();
    assert!(c.is_first() && c.stop == 0);
    // a link that hides the view switch in the lab: only the lab's stops
    let mut lab = Tour {
        class: Some((0, STOPS.len() - 1)),
        only: Some(View::Lab),
        ..Tour::default()
    };
    lab.go(0);
    let mut seen = vec![lab.stop];
    while !lab.is_last() {
        lab.next();
        seen.push(lab.stop);
    }
    assert!(!seen.is_empty());
    for i in seen {
        assert_eq!(STOPS[i].setup.page, View::Lab, "{}", STOPS[i].title);
    }
    // no stop at all: the card stays closed
    let mut none = Tour {
        class: Some((0, CORE - 1)),
        only: Some(View::Agents),
        ..Tour::default()
    };
    none.go(0);
    assert!(!none.open);
}

#[test]
fn the_r4_stop_states_the_labs_cost_as_the_precomputed_grid_has_it() {
    // the learn path's one sentence on R4's cost: about 2× backprop against
    // 6 to 12× for removing R2 or R3, read from the grid the page ships
    use creditflow::lab::Method;
    use creditflow::page::lab::controller::LabController;
    let text = std::fs::read_to_string("assets/essay-grid.json").unwrap();
    let mut c = LabController::new(0);
    c.grid_precomputed(&text).expect("loads");
    let summary = c.grid.done.as_ref().unwrap().summary.clone();
    let ratio = |m: Method| {
        summary
            .iter()
            .find(|r| r.method == m)
            .and_then(|r| r.ratio_to_bp)
            .unwrap_or_else(|| panic!("{m:?} in the grid"))
    };
    assert_eq!(ratio(Method::Fa).round(), 2.0, "fa: {}", ratio(Method::Fa));
    let others: Vec<f64> = [
        Method::NoDeriv,
        Method::Scrambled,
        Method::NodePerturbation,
        Method::WeightPerturbation,
    ]
    .into_iter()
    .map(ratio)
    .collect();
    let lo = others.iter().copied().fold(f64::INFINITY, f64::min).floor();
    let hi = others.iter().copied().fold(0.0, f64::max).round();
    let said = format!("against {lo} to {hi} times for removing R2 or R3");
    let notice = STOPS
        .iter()
        .find(|s| s.title.starts_with("Removing R4"))
        .unwrap()
        .notice;
    assert!(notice.contains("about 2 times backprop's"), "{notice}");
    assert!(notice.contains(&said), "{notice} / {said}");
}

#[test]
fn the_exit_ticket_checks_its_credits_by_the_engine_and_its_codes_round_trip() {
    use creditflow::page::tour::retrieval::Question;
    use creditflow::page::tour::ticket::{clean_name, for_stops, Class, Pasted, Ticket, ITEMS};
    use creditflow::page::tour::CORE;
    for it in &ITEMS {
        assert!(it.answer < 4 && it.stop < STOPS.len(), "{}", it.question);
        if let Some((expr, values, of)) = it.graph {
            let q = Question {
                prompt: "",
                expr,
                values,
                of,
                idea: "",
            };
            let a = q.answer().unwrap();
            let said: f64 = it.choices[it.answer]
                .replace('−', "-")
                .replace(',', "")
                .parse()
                .unwrap();
            assert!(
                (a - said).abs() < 1e-12,
                "{}: engine {a}, key {said}",
                it.question
            );
        }
        // no calculus on the core path
        if it.stop < CORE {
            for w in ["tanh", "∂", "derivative", "f′"] {
                assert!(!it.question.contains(w), "{}", it.question);
            }
        }
    }
    let core = for_stops(0, CORE - 1);
    assert!(core.len() >= 6, "{core:?}");
    let t = Ticket {
        name: "Ada L.".into(),
        stops: (1, CORE),
        answers: core
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                if k == 1 {
                    None
                } else {
                    Some((ITEMS[i].answer + k) % 4)
                }
            })
            .collect(),
    };
    let code = t.code();
    assert!(code.starts_with("CF1.ADA-L.1-6."), "{code}");
    let back = Ticket::read(&code).unwrap();
    assert_eq!(back.answers, t.answers);
    assert_eq!(back.name, "ADA-L");
    // the teacher reads it as it would be written
    assert_eq!(back.shown_name(), "Ada L");
    // an apostrophe is kept (typed as ’ or '), and a teacher reads it back
    let oneill = Ticket {
        name: "Siobhan O’Neill".into(),
        ..t.clone()
    };
    let back_o = Ticket::read(&oneill.code()).unwrap();
    assert_eq!(back_o.name, "SIOBHAN-O'NEILL");
    assert_eq!(back_o.shown_name(), "Siobhan O'Neill");
    // a code whose apostrophe a word processor curled is read the same
    assert_eq!(
        Ticket::read(&oneill.code().replace('\'', "’")).unwrap(),
        back_o
    );
    assert_eq!(clean_name(" 'quoted' "), "QUOTED");
    // a name as typed (the student's own ticket) is shown as typed
    let typed = Ticket {
        name: " Ines  Duarte ".into(),
        ..t.clone()
    };
    assert_eq!(typed.shown_name(), "Ines Duarte");
    assert_eq!(
        Ticket {
            name: "Siobhan O'Neill".into(),
            ..t.clone()
        }
        .shown_name(),
        "Siobhan O'Neill"
    );
    // lower case and spaces around are read too
    assert_eq!(
        Ticket::read(&format!("  {}  ", code.to_lowercase())).unwrap(),
        back
    );
    // every single-character typo is refused, with the code named
    let chars: Vec<char> = code.chars().collect();
    let mut caught = 0;
    let mut tried = 0;
    for i in 0..chars.len() {
        for r in ['A', 'B', 'C', 'D', '_', '7', 'Q', '.'] {
            if chars[i].to_ascii_uppercase() == r {
                continue;
            }
            let mut c = chars.clone();
            c[i] = r;
            let typo: String = c.into_iter().collect();
            tried += 1;
            if let Err(e) = Ticket::read(&typo) {
                assert!(e.contains(&typo[..typo.len().min(20)]), "{e}");
                caught += 1;
            }
        }
    }
    assert!(
        caught as f64 >= 0.99 * tried as f64,
        "{caught} of {tried} typos caught"
    );
    // the class summary: a bad code changes nothing, a name counts once
    let mut class = Class::default();
    assert_eq!(class.paste(&code), Pasted::default());
    let before = class.clone();
    let refused = class
        .paste(
            "CF1.BOB.1-6.AB.XX
hello",
        )
        .refused;
    assert_eq!(refused.len(), 2);
    assert_eq!(
        class
            .clone()
            .paste("CF1.BOB.1-6.AB.XX\nhello")
            .refused_lines,
        vec!["CF1.BOB.1-6.AB.XX".to_string(), "hello".to_string()],
        "the refused lines come back as pasted, to mend"
    );
    assert!(refused[1].contains("“hello”"), "{refused:?}");
    assert_eq!(class, before);
    let all_right = Ticket {
        name: "Bo".into(),
        stops: (1, CORE),
        answers: core.iter().map(|&i| Some(ITEMS[i].answer)).collect(),
    };
    let wrong_a = Ticket {
        name: "Cy".into(),
        stops: (1, CORE),
        answers: core
            .iter()
            .map(|&i| Some((ITEMS[i].answer + 1) % 4))
            .collect(),
    };
    assert_eq!(
        class.paste(&format!(
            "{}

{}
{}",
            all_right.code(),
            wrong_a.code(),
            all_right.code()
        )),
        Pasted::default(),
        "the same code twice replaces nothing"
    );
    assert_eq!(class.tickets.len(), 3);
    // a different code under a name already in is said, not merged unseen
    let mut twice = class.clone();
    let other_bo = Ticket {
        answers: vec![None; all_right.answers.len()],
        ..all_right.clone()
    };
    let said = twice.paste(&other_bo.code());
    assert_eq!(said.replaced, vec!["Bo".to_string()], "{said:?}");
    assert_eq!(twice.tickets.len(), 3);
    // each student as a spreadsheet row
    let table = class.table();
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows[0], "name\tright\tof\tmissed");
    assert_eq!(rows.len(), 1 + class.tickets.len());
    assert!(
        rows.iter().any(|r| r.starts_with(&format!(
            "Bo\t{}\t{}\t",
            all_right.answers.len(),
            all_right.answers.len()
        ))),
        "{table}"
    );
    // each student's missed questions, numbered as their ticket shows them
    assert!(all_right.missed().is_empty());
    let missed = other_bo.missed();
    assert_eq!(missed.len(), other_bo.answers.len());
    assert_eq!(missed[0], (1, None));
    assert_eq!(
        wrong_a.missed()[1],
        (2, Some((ITEMS[core[1]].answer + 1) % 4))
    );
    let first = &class.tallies()[0];
    assert_eq!(first.item, core[0]);
    // Ada chose answer+0 for k = 0 (right), Bo right, Cy answer+1
    assert_eq!((first.answered, first.right), (3, 2));
    assert_eq!(
        first.commonest_wrong,
        Some((vec![(ITEMS[core[0]].answer + 1) % 4], 1))
    );
    let second = &class.tallies()[1];
    assert_eq!(second.answered, 2, "Ada skipped the second");
    // two wrong answers chosen as often: both are named
    let mut two = Class::default();
    let mk = |name: &str, k: usize| Ticket {
        name: name.into(),
        stops: (1, CORE),
        answers: core
            .iter()
            .map(|&i| Some((ITEMS[i].answer + k) % 4))
            .collect(),
    };
    two.paste(&format!("{}\n{}", mk("Ann", 1).code(), mk("Ben", 2).code()));
    let t0 = &two.tallies()[0];
    let a = ITEMS[core[0]].answer;
    // the question to go over first: every one is missed by both here,
    // so the first, and every other ties with it
    let (q, t) = two.most_missed().unwrap();
    assert_eq!((q[0], t.right, t.answered), (1, 0, 2));
    assert_eq!(q, (1..=core.len()).collect::<Vec<_>>());
    // in the first class, one the fewest got right of those who answered
    let (q, t) = class.most_missed().unwrap();
    let q = q[0];
    let worst = class
        .tallies()
        .iter()
        .filter(|t| t.answered > 0)
        .map(|t| t.right as f64 / t.answered as f64)
        .fold(f64::INFINITY, f64::min);
    assert_eq!(t.right as f64 / t.answered as f64, worst, "question {q}");
    let mut tied = vec![(a + 1) % 4, (a + 2) % 4];
    tied.sort_unstable();
    assert_eq!(t0.commonest_wrong, Some((tied, 1)));
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
    assert_eq!(s.len(), 2, "the core tour's two questions");
    assert!(s[0].right && s[0].chosen == Some("f would fall"));
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
        f.opened = false;
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
            // the page marks the answer ✓ and the others ✗; their words
            // say why, the others starting "Not"
            for (i, w) in p.why.iter().enumerate() {
                assert_eq!(w.starts_with("Not"), i != p.answer, "{}: {w}", s.title);
            }
        }
    }
    let myths: Vec<&str> = STOPS
        .iter()
        .filter_map(|s| s.myth.map(|m| m.claim))
        .collect();
    assert_eq!(myths.len(), 3, "{myths:?}");
    assert!(myths.iter().any(|m| m.contains("one way")));
    assert!(myths.iter().any(|m| m.contains("Random feedback")));
    assert!(myths.iter().any(|m| m.contains("chain of critiques")));
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
    // nothing typed: asked for, not called "not a number"
    assert!(q.check(" ").unwrap_err().starts_with("Type a number first"));
    assert!(q.check("sixteen").unwrap_err().contains("is not a number"));
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

#[test]
fn a_teacher_is_told_when_the_tour_needs_what_the_link_hides() {
    use creditflow::page::tour::hidden_needs;
    assert!(hidden_needs((1, 6), &[]).is_empty());
    assert!(hidden_needs((1, 6), &["expr", "inputs"]).is_empty());
    let clash = hidden_needs((1, 6), &["steps", "check"]);
    assert!(
        clash
            .iter()
            .any(|c| c.starts_with("stop 2 uses the step buttons")),
        "{clash:?}"
    );
    assert!(
        clash
            .iter()
            .any(|c| c.starts_with("stop 3 uses the finite-difference check")),
        "{clash:?}"
    );
    // stops the class does not get need nothing
    assert!(hidden_needs((4, 5), &["steps", "check"]).is_empty());
}

#[test]
fn the_lesson_plan_fills_the_period_for_any_stops_and_its_arithmetic_holds() {
    use creditflow::page::tour::lesson::stops_for;
    assert_eq!(stops_for((1, 3)), (1, 3));
    assert_eq!(stops_for((2, 9)), (2, CORE));
    assert_eq!(
        stops_for((7, 11)),
        (1, CORE),
        "all past the core: the core's plan"
    );
    use creditflow::page::tour::lesson::{plan, PARTS, PERIOD};
    use creditflow::page::tour::CORE;
    let end = |p: &[(String, String)]| {
        p.last()
            .unwrap()
            .0
            .split('–')
            .nth(1)
            .unwrap()
            .parse::<u32>()
            .unwrap()
    };
    // the full plan is the parts as written
    let full = plan(1, CORE);
    assert_eq!(full.len(), PARTS.len());
    assert_eq!(end(&full), PERIOD);
    assert!(full[1].1.contains("stops 1–2") && full[2].1.contains("stop 3"));
    for a in 1..=CORE {
        for b in a..=CORE {
            let p = plan(a, b);
            assert_eq!(end(&p), PERIOD, "stops {a}–{b}");
            // consecutive: each part starts where the last ended
            let mut at = 0;
            for (when, what) in &p {
                let (s, e) = when.split_once('–').unwrap();
                assert_eq!(s.parse::<u32>().unwrap(), at, "{a}–{b}: {when}");
                at = e.parse().unwrap();
                assert!(at > s.parse().unwrap());
                // no stop outside the class's is named
                for n in (1..a).chain(b + 1..=CORE) {
                    for w in [format!("stop {n}"), format!("stops {n}–"), format!("–{n} ")] {
                        assert!(!what.contains(&w), "{a}–{b}: {what}");
                    }
                }
            }
        }
    }
    assert!(plan(1, 3)
        .iter()
        .all(|(_, w)| !w.contains("weight transport")));
    // the board's sums: f at a = 2.01 and 1.99, the nudge both ways as
    // the page's table takes it, giving the sweep's −24
    let f = |a: f64| (a * -3.0 + 10.0_f64).powi(2);
    assert!((f(2.01) - 15.7609).abs() < 1e-9 && (f(1.99) - 16.2409).abs() < 1e-9);
    assert!(
        (f(2.01) - f(1.99) + 0.48).abs() < 1e-9 && ((f(2.01) - f(1.99)) / 0.02 + 24.0).abs() < 1e-6
    );
    for said in ["15.7609", "16.2409", "−0.48", "0.02", "−24"] {
        assert!(full[2].1.contains(said), "{said}: {}", full[2].1);
    }
}

#[test]
fn a_ticket_being_answered_survives_a_reload_and_a_spreadsheet_row_gives_its_code() {
    use creditflow::page::tour::ticket::{Class, Pasted, Ticket};
    let t = Ticket {
        name: "Jamie P".into(),
        stops: (1, 3),
        answers: vec![Some(0), None, Some(3), Some(1)],
    };
    assert_eq!(Ticket::from_draft(&t.draft(), (1, 3), 4), Some(t.clone()));
    // another lesson's draft, or another number of questions, is not this one
    assert_eq!(Ticket::from_draft(&t.draft(), (1, 6), 4), None);
    assert_eq!(Ticket::from_draft(&t.draft(), (1, 3), 5), None);
    assert_eq!(Ticket::from_draft("nonsense", (1, 3), 4), None);
    // a row copied from a form's spreadsheet: time, name, code
    let done = Ticket {
        name: "JAMIEP".into(),
        stops: (1, 3),
        answers: vec![Some(0), Some(2), Some(1), Some(2)],
    };
    let mut class = Class::default();
    let row = format!("2026/12/07 09:12:03\tJamie P\t{}", done.code());
    assert_eq!(class.paste(&row), Pasted::default());
    assert_eq!(class.tickets, vec![done.clone()]);
    // a row without a code is refused, by what it is
    assert_eq!(class.paste("2026/12/07\tSam\tno code").refused.len(), 1);
    assert_eq!(class.tickets.len(), 1);
}

#[test]
fn the_reveal_is_ready_once_guessed_and_stepped_and_not_before() {
    use creditflow::page::tour::{Acting, STOPS};
    let sweep = &STOPS[1];
    let a = Acting::default();
    assert!(sweep.still_to_do(a) && !sweep.ready(a));
    let guessed = Acting {
        chosen: Some(1),
        ..a
    };
    assert!(sweep.still_to_do(guessed) && !sweep.ready(guessed));
    let stepped = Acting {
        stepped: true,
        ..guessed
    };
    assert!(!sweep.still_to_do(stepped) && sweep.ready(stepped));
    let unguessed = Acting {
        chosen: None,
        ..stepped
    };
    assert!(!sweep.ready(unguessed));
    assert!(!sweep.ready(Acting {
        revealed: true,
        ..stepped
    }));
    // a stop with nothing to guess is never waiting
    assert!(!STOPS[0].still_to_do(a) && !STOPS[0].ready(stepped));
    // revealed, the bar asks for the learning step the card offers
    let revealed = Acting {
        revealed: true,
        ..stepped
    };
    assert!(sweep.learn.is_some());
    assert!(
        sweep.act(revealed).contains("learn one step"),
        "{}",
        sweep.act(revealed)
    );
    assert!(!STOPS[2].act(revealed).contains("learn"));
    // the guess made is said back, then what the reveal waits for (at
    // the sweep's end, b's credit read off the graph, asked in the bar)
    assert_eq!(
        sweep.act(guessed),
        "Guess kept: “f would fall”. Next ▶ to the sweep's end, then ▴ reveal."
    );
    assert_eq!(
        sweep.act(stepped),
        "Guess kept: “f would fall”. Before the reveal, one look at the graph: what is b's credit? Type it here, then ▴ reveal."
    );
}

#[test]
fn a_phones_bar_names_each_try_by_its_requirement_and_each_once() {
    use creditflow::page::tour::STOPS;
    for s in STOPS.iter().filter(|s| !s.tries.is_empty()) {
        let shorts: Vec<&str> = s.tries.iter().map(|t| t.short()).collect();
        // each one short enough for six in a row on a 360 px phone
        assert!(shorts.iter().all(|x| x.chars().count() <= 8), "{shorts:?}");
        for (i, t) in s.tries.iter().enumerate() {
            assert!(t.label.contains(shorts[i]), "{}", t.label);
            assert!(!shorts[..i].contains(&shorts[i]), "{shorts:?}");
        }
        // a removal's short name is the requirement it removes, and its
        // label the learn path's one name for it
        for t in s.tries {
            if let Some(r) = t.kept.iter().position(|k| !k) {
                assert_eq!(t.short(), format!("R{}", r + 1));
                let plain = creditflow::engine::Requirements::PLAIN[r];
                assert_eq!(t.label, format!("remove R{}: {plain}", r + 1));
            }
        }
    }
}

#[test]
fn a_ready_made_lesson_hides_nothing_its_stops_use() {
    use creditflow::page::tour::hidden_needs;
    use creditflow::page::tour::lesson::{school_hides, LESSONS, SCHOOL};
    for l in LESSONS {
        let hide = school_hides(l);
        assert!(
            hidden_needs(l, &hide).is_empty(),
            "{l:?}: {:?}",
            hidden_needs(l, &hide)
        );
        // the view switch, the expression and the teacher panel stay hidden
        for p in ["nav", "expr", "teacher"] {
            assert!(hide.contains(&p), "{l:?} shows {p}");
        }
    }
    // the second lesson's cost chart (stop 4) is shown; the first hides it
    assert!(school_hides((1, 3)).contains(&"costs"));
    assert!(!school_hides((4, 6)).contains(&"costs"));
    assert_eq!(school_hides((1, 3)).len(), SCHOOL.len());
}

#[test]
fn a_stops_subject_is_scrolled_only_when_it_does_not_already_show_beside_or_above_the_card_and_a_phones_card_follows_it(
) {
    use creditflow::page::tour::fit::{fit_below, opened, read_under, scroll_for, Fit};
    // a class's first stop at 1366×768: the graph shows whole under the
    // teacher's note, so the page keeps the note in view
    assert_eq!(
        scroll_for(226.0, 583.0, opened(1366.0, 768.0, 0.0), 768.0),
        None
    );
    // below the fold, or under a sheet: to the screen's top
    assert_eq!(scroll_for(700.0, 1000.0, Fit::Docked, 768.0), Some(692.0));
    let sheet = fit_below(300.0, 768.0);
    assert_eq!(sheet, Fit::Sheet(345.0));
    assert_eq!(scroll_for(200.0, 500.0, sheet, 768.0), Some(192.0));
    assert_eq!(scroll_for(20.0, 400.0, sheet, 768.0), None);
    // above the screen: back down to it
    assert_eq!(scroll_for(-300.0, 100.0, Fit::Docked, 768.0), Some(-308.0));
    // a phone reads its card in the page, just under its subject (the
    // graph and its step buttons, 8–442 px on a 740 px screen scrolled
    // 300 px down), which already shows with room for the card's head
    let card = read_under(442.0, 300.0);
    assert_eq!(card, Fit::Read(750.0));
    assert_eq!(scroll_for(8.0, 442.0, card, 740.0), None);
    // a subject that leaves no room for the card's head (the graph under
    // the page's header), or starts below the screen's top: to the top
    assert_eq!(scroll_for(225.0, 603.0, card, 740.0), Some(217.0));
    assert_eq!(scroll_for(-200.0, 100.0, card, 740.0), Some(-208.0));
    // opened before it is placed: under the screen's middle
    assert_eq!(opened(360.0, 740.0, 1000.0), Fit::Read(1333.0));
    assert_eq!(scroll_for(9.0, 400.0, Fit::Bar, 740.0), None);
}

#[test]
fn the_learn_path_speaks_plainly_from_the_tours_opening_on_but_not_at_a_stop_that_goes_further() {
    use creditflow::page::tour::CORE;
    let mut t = Tour::default();
    assert!(
        !t.plain_words(),
        "a visitor who never opens the tour reads the notation"
    );
    t.go(0);
    assert!(t.plain_words());
    t.open = false;
    assert!(t.plain_words(), "closed, the learn path's words stay");
    t.go_further();
    assert_eq!(t.stop, CORE);
    assert!(!t.plain_words(), "going further, the notation");
}

#[test]
fn the_cards_subject_is_the_stops_until_its_guess_is_revealed_then_the_reveals() {
    let mut t = Tour::default();
    t.go(5);
    assert_eq!(t.subject(), ("graph-svg", &["step-next"][..]));
    t.answer(1);
    assert_eq!(t.subject(), ("graph-svg", &["step-next"][..]));
    assert!(t.reveal().is_some());
    assert_eq!(t.subject(), ("arith", &[][..]));
    // a stop with nothing to guess: its own subject throughout
    t.go(2);
    assert_eq!(t.subject(), ("fd-check", &[][..]));
}

#[test]
fn a_closed_tours_line_put_away_comes_back_once_the_tour_has_opened_and_closed_again() {
    let mut t = Tour::default();
    t.go(1);
    t.open = false;
    t.dismissed = true;
    let back = Tour::from_json(&t.to_json());
    assert!(back.dismissed && !back.open && back.begun());
    t.go(t.stop);
    assert!(!t.dismissed && t.open);
}

#[test]
fn the_exit_ticket_names_each_requirement_as_the_tours_removals_do() {
    use creditflow::page::tour::ticket::ITEMS;
    use creditflow::page::tour::STOPS;
    let names: Vec<&str> = STOPS
        .iter()
        .flat_map(|s| s.tries)
        .filter_map(|t| t.label.strip_prefix("remove "))
        .collect();
    let mut seen = 0;
    for it in ITEMS
        .iter()
        .filter(|it| it.stop < creditflow::page::tour::CORE)
    {
        for c in it.choices {
            let r = c.as_bytes();
            if r.len() > 2 && r[0] == b'R' && r[1].is_ascii_digit() {
                assert!(names.contains(&c), "“{c}” is not a name the tour gives");
                seen += 1;
            }
        }
    }
    assert!(seen >= 4, "{seen}");
}

#[test]
fn a_phones_short_card_leads_with_a_sentence_and_folds_the_rest() {
    use creditflow::page::tour::{lead, CORE};
    assert_eq!(
        lead("What to notice: one. Yet (two) more. Three."),
        ("What to notice: one.", "Yet (two) more. Three.")
    );
    // a dot inside a number or a product is not a sentence's end
    assert_eq!(lead("a·b = 2.5 here."), ("a·b = 2.5 here.", ""));
    // the R4 stop's network sentence is behind the fold, its lead plain
    let r4 = STOPS
        .iter()
        .find(|s| s.title.starts_with("Removing R4"))
        .unwrap();
    let (first, rest) = r4.notice_parts();
    assert!(!first.contains("times"), "{first}");
    assert!(rest.contains("about 2 times backprop's"), "{rest}");
    // a short notice is whole (the R5 exception stays in view at stop 5)
    let tries = STOPS.iter().find(|s| !s.tries.is_empty()).unwrap();
    assert_eq!(tries.notice_parts().1, "", "{}", tries.notice);
    // every core stop's first paragraph is short enough to read at once
    for s in &STOPS[..CORE] {
        let n = s.text[0].chars().count();
        assert!(n <= 260, "{}: {n} characters", s.title);
    }
}

#[test]
fn a_phone_leaves_the_requirements_line_out_until_the_tour_comes_to_them() {
    let mut t = Tour::default();
    assert!(t.before_requirements(), "the first visit's offer");
    let tries = STOPS.iter().position(|s| !s.tries.is_empty()).unwrap();
    t.go(0);
    assert!(t.before_requirements());
    t.go(tries);
    assert!(!t.before_requirements(), "the stop of tries shows them");
    t.open = false;
    assert!(!t.before_requirements(), "a closed tour shows them");
    let put_away = Tour {
        dismissed: true,
        ..Tour::default()
    };
    assert!(!put_away.before_requirements(), "nor after “not now”");
}
