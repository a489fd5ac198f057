//! Plain words: the glossary's rows, the terms found in a text, and one
//! plain sentence per method.

use creditflow::lab::Method;
use creditflow::page::glossary::{find_terms, GLOSSARY};

#[test]
fn every_word_a_student_met_undefined_has_a_row() {
    // the words a second-year student met on the page without a definition
    for word in [
        "Wᵀ",
        "δ",
        "nMSE",
        "readout-only floor",
        "ξ",
        "σ²",
        "depth-first",
        "fan-out",
        "consumer",
        "forward operand",
        "tangent passes",
        "Griewank",
        "f64",
        "f32",
        "SIMD128",
        "eligibility trace",
        "adjoint",
        "backward sweep",
        "weight transport",
        "feedback alignment",
    ] {
        let text = format!("here is {word} in a sentence");
        let found = find_terms(&text);
        assert_eq!(
            found.len(),
            1,
            "{word}: {:?}",
            found.iter().map(|f| f.2.id).collect::<Vec<_>>()
        );
        assert_eq!(&text[found[0].0..found[0].1], word);
    }
}

#[test]
fn rows_are_unique_and_plain() {
    let mut ids: Vec<&str> = GLOSSARY.iter().map(|t| t.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), GLOSSARY.len(), "an id twice");
    for t in &GLOSSARY {
        let sentences = t.plain.matches(". ").count() + 1;
        assert!(sentences <= 2, "{}: {sentences} sentences", t.id);
        assert!(
            t.plain.ends_with('.') && !t.essay.is_empty() && !t.where_.is_empty(),
            "{}",
            t.id
        );
    }
}

#[test]
fn a_term_is_found_once_as_a_whole_word_and_the_longest_spelling_wins() {
    let text = "The backward sweep sends the adjoint back; sweeps and adjoints again; unadjointed.";
    let found: Vec<(&str, &str)> = find_terms(text)
        .into_iter()
        .map(|(a, b, t)| (t.id, &text[a..b]))
        .collect();
    assert_eq!(found, [("sweep", "backward sweep"), ("adjoint", "adjoint")]);
    // a capital first letter counts; inside a word does not
    let found = find_terms("Adjoints flow; a readjoint does not");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].2.id, "adjoint");
    // a subscript does not join a word: δ₂ holds δ
    assert_eq!(find_terms("the error δ₂ of layer 2")[0].2.id, "delta");
    assert!(find_terms("no terms here at all").is_empty());
}

#[test]
fn every_method_has_one_plain_sentence() {
    for m in Method::every() {
        let p = m.plain();
        assert!(p.ends_with('.') && p.len() < 220, "{}: {p}", m.id());
        assert!(p.matches(". ").count() == 0, "{}: one sentence", m.id());
    }
}
