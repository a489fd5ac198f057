//! The learn path's words: every word and symbol a student meets on the
//! core tour, in the worked example's step text (every step, with each
//! requirement removed in turn), on the requirement boxes, in the core
//! exit ticket and in the glossary's plain definitions is on the lists of
//! `page::words` or a glossary term, which the page defines where it
//! appears.

use creditflow::engine::{ErrorSignal, Requirements};
use creditflow::page::glossary::GLOSSARY;
use creditflow::page::tour::ticket::{for_stops, ITEMS};
use creditflow::page::tour::{Acting, CORE, RECAP, STOPS, WORKED};
use creditflow::page::words::unknown;
use creditflow::page::worked::explain::explain;
use creditflow::page::worked::{Worksheet, FD_PLAIN};

/// Every text on the learn path, with where it is.
fn learn_path() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |at: String, text: &str| out.push((at, text.to_string()));
    for (i, s) in STOPS[..CORE].iter().enumerate() {
        let at = |what: &str| format!("stop {} {what}", i + 1);
        add(at("title"), s.title);
        add(at("look"), s.look);
        for t in s.text {
            add(at("text"), t);
        }
        add(at("notice"), s.notice);
        for t in s.tries {
            add(at("button"), t.label);
            add(at("button's line"), t.says);
        }
        if let Some(p) = s.predict {
            add(at("question"), p.question);
            add(at("reason"), p.reason);
            for c in p.choices.iter().chain(p.why) {
                add(at("choice"), c);
            }
            if let Some(q) = p.observe {
                add(at("what did you see"), q.prompt);
                add(at("what did you see"), q.idea);
            }
        }
        // the bar's line while the student acts, in every state
        for bits in 0..16u8 {
            let b = |i: u8| bits & (1 << i) != 0;
            let mut kept = [true; 5];
            kept[usize::from(bits % 5)] = !b(3);
            let a = Acting {
                chosen: b(0).then_some(0),
                revealed: b(1),
                stepped: b(2),
                ran: b(3),
                kept,
            };
            add(at("bar"), &s.act(a));
        }
        if let Some(l) = s.learn {
            add(at("learn"), l);
        }
        if let Some(m) = s.myth {
            add(at("belief"), m.claim);
            add(at("belief"), m.answer);
        }
    }
    for (_, r) in RECAP {
        add("the summary".into(), r);
    }
    add(
        "after a learning step".into(),
        creditflow::page::tour::PUT_BACK,
    );
    for i in for_stops(0, CORE - 1) {
        let it = &ITEMS[i];
        add(format!("ticket {i}"), it.question);
        add(format!("ticket {i}"), it.why);
        for c in it.choices {
            add(format!("ticket {i}"), c);
        }
    }
    for r in 1..=5 {
        add(format!("R{r} box"), Requirements::NAMES[r - 1]);
        add(
            format!("R{r} box"),
            &format!(
                "Untick to remove (tick to put back) {}",
                Requirements::describe(r)
            ),
        );
    }
    add("the check's words".into(), FD_PLAIN);
    let mut ws = Worksheet::default();
    let learned = ws.learn_step(&[-24.0, 16.0, 8.0]).unwrap().words();
    add("a learning step".into(), &learned);
    let wrong = Worksheet::default()
        .learn_step(&[24.0, -16.0, -8.0])
        .unwrap()
        .words();
    add("a learning step that went wrong".into(), &wrong);
    add(
        "the learning step's button".into(),
        "learn: move each input a little against its credit",
    );
    for t in &GLOSSARY {
        add(format!("glossary {}", t.id), t.plain);
    }
    let ws = Worksheet::new(WORKED.0, WORKED.1).unwrap();
    for r in 0..=5 {
        let mut kept = [true; 5];
        if r > 0 {
            kept[r - 1] = false;
        }
        let c = ws.compute(kept, ErrorSignal::SharedScore);
        for k in 0..=c.sweep.steps.len() {
            for l in explain(&ws.graph, &c, k) {
                add(format!("step {k} without R{r}"), &l.text);
            }
        }
    }
    out
}

#[test]
fn the_learn_path_uses_only_words_a_student_has_or_is_given() {
    let mut bad = Vec::new();
    for (at, text) in learn_path() {
        let u = unknown(&text);
        if !u.is_empty() {
            bad.push(format!("{at}: {u:?} in “{text}”"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} texts with words outside the list:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_word_check_can_fail() {
    assert_eq!(unknown("the Jacobian of f"), vec!["jacobian".to_string()]);
    assert_eq!(unknown("f′ is"), vec!["′".to_string()]);
    // a glossary term is defined where it appears
    assert!(unknown("its adjoint and the backward sweep").is_empty());
}

#[test]
fn a_class_without_calculus_reads_the_steps_without_its_notation() {
    use creditflow::page::worked::explain::without_calculus;
    let ws = Worksheet::new(WORKED.0, WORKED.1).unwrap();
    let c = ws.compute([true; 5], ErrorSignal::SharedScore);
    let mut cut = 0;
    for k in 0..=c.sweep.steps.len() {
        for l in explain(&ws.graph, &c, k) {
            let plain = without_calculus(&l.text);
            assert!(
                !plain.contains('∂') && !plain.contains("d(v²)") && !plain.contains('\u{304}'),
                "{plain}"
            );
            cut += usize::from(plain != l.text);
            // nothing but the notation goes: the sentence reads on
            assert!(!plain.contains("  ") && !plain.contains("( "), "{plain}");
        }
    }
    assert!(cut >= 4, "{cut} lines had notation");
    assert_eq!(
        without_calculus("to v: local rate 2·v = 8 (written d(v²)/dv); +1 × 8 = +8"),
        "to v: local rate 2·v = 8; +1 × 8 = +8"
    );
    // the bar notation in words, its introduction gone
    assert_eq!(
        without_calculus("a\u{304} = −24: the credit that came back"),
        "a's credit = −24: the credit that came back"
    );
    assert_eq!(
        without_calculus("per unit of growth (written x\u{304} for a node x, read “x bar”; books call it the adjoint). The sweep, x\u{304}1\u{304}"),
        "per unit of growth. The sweep, x1's credit"
    );
}

#[test]
fn a_screen_reader_hears_the_notation_in_words() {
    use creditflow::page::worked::explain::spoken;
    assert_eq!(
        spoken("to a: local rate b (written ∂(a·b)/∂a); +8 × −3 = −24"),
        "to a: local rate b (written the derivative of (a times b) with respect to a); +8 times −3 = −24"
    );
    assert_eq!(
        spoken("to v: local rate 2·v = 8 (written d(v²)/dv)"),
        "to v: local rate 2 times v = 8 (written the derivative of (v squared) with respect to v)"
    );
    assert_eq!(
        spoken("u\u{304} = +8, x\u{304}1\u{304}"),
        "u bar = +8, x1 bar"
    );
    assert_eq!(spoken("∂f/∂a"), "the derivative of f with respect to a");
    // seven figures said as four; names and short numbers as they are
    assert_eq!(
        spoken("−0.2741767 × 1.674215 = x12.345678, 16.008, 2026."),
        "−0.2742 times 1.674 = x12.345678, 16.008, 2026."
    );
    // words with a d in them, and a lone slash, stay as they are
    assert_eq!(spoken("and d/ dx, add/dv"), "and d/ dx, add/dv");
    // every step of the worked example: no glyph left for the reader to spell out
    let ws = Worksheet::new(WORKED.0, WORKED.1).unwrap();
    let c = ws.compute([true; 5], ErrorSignal::SharedScore);
    for k in 0..=c.sweep.steps.len() {
        for l in explain(&ws.graph, &c, k) {
            let s = spoken(&l.text);
            assert!(!s.contains(['∂', '\u{304}', '×', '·', '²']), "{s}");
        }
    }
}
