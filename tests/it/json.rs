//! The first view's JSON (`page::json`): what serde_json wrote for the
//! saved worksheet and the tour's progress still reads, to the same values;
//! what it writes serde_json reads; bad text is refused with its place.

use creditflow::page::json::{read, Json};
use creditflow::page::tour::Tour;
use creditflow::page::worked::session::{from_json, session_from_json, session_json, to_json};
use creditflow::page::worked::Worksheet;
use serde::{Deserialize, Serialize};

/// The saved worksheet as serde wrote it before (`ui::shell::storage`).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Saved {
    src: String,
    values: Vec<(String, f64)>,
    previous: Vec<(String, f64)>,
    seed: u64,
    draws: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    kept: Option<[bool; 5]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<usize>,
}

#[test]
fn what_serde_wrote_reads_and_what_is_written_serde_reads() {
    let old = Saved {
        src: "(a*b+c)^2 + tanh(\"x\")".replace("\"x\"", "x"),
        values: vec![
            ("a".into(), 0.1 + 0.2),
            ("b".into(), -3e-300),
            ("c".into(), 1e300),
            ("x".into(), 2.0),
        ],
        previous: vec![("a".into(), 5.5)],
        seed: u64::MAX - 7,
        draws: 12,
        kept: Some([true, false, true, true, false]),
        step: Some(4),
    };
    for text in [
        serde_json::to_string(&old).unwrap(),
        serde_json::to_string_pretty(&old).unwrap(),
    ] {
        let s = session_from_json(&text).unwrap();
        assert_eq!(s.ws.values, old.values);
        assert_eq!(s.ws.previous, old.previous);
        assert_eq!((s.ws.seed, s.ws.draws), (old.seed, old.draws));
        assert_eq!((s.kept, s.step), (old.kept, old.step));
        // and back: serde reads what is written now, to the same values
        let again: Saved = serde_json::from_str(&session_json(&s.ws, s.kept, s.step)).unwrap();
        assert_eq!(again, old);
    }
    // the browser's own copy: no ticks, no step
    let ws = Worksheet::new("x*y", &[("x", 2.0), ("y", -0.5)]).unwrap();
    assert_eq!(from_json(&to_json(&ws)).unwrap().values, ws.values);
    // the tour's progress, both ways
    let t = Tour {
        stop: 3,
        open: true,
        dismissed: false,
        opened: true,
        answers: vec![None, Some(1), None, Some(0)],
        revealed: vec![false, true, false, false],
        further: true,
        class: Some((0, 2)),
        only: Some(creditflow::page::url::View::Lab),
    };
    let text = r#"{"stop":3,"open":true,"dismissed":false,"opened":true,"further":true,"class":[0,2],"only":"lab","answers":[null,1,null,0],"revealed":[false,true,false,false]}"#;
    assert_eq!(t.to_json(), text);
    // what serde wrote before (no path fields) still reads
    let serde_text = r#"{"stop":3,"open":true,"dismissed":false,"answers":[null,1,null,0],"revealed":[false,true,false,false]}"#;
    assert_eq!(Tour::from_json(serde_text).stop, 3);
    assert_eq!(Tour::from_json(serde_text).answers[1], Some(1));
    let back = Tour::from_json(text);
    assert_eq!(
        (back.further, back.class, back.only),
        (t.further, t.class, t.only)
    );
}

#[test]
fn bad_json_is_refused_with_its_place_and_never_panics() {
    for (text, says) in [
        ("", "ends"),
        ("{\"src\": \"x\"", "expected"),
        (
            "{\"src\": \"x\", \"values\": [[\"x\", 1]]} x",
            "after the value",
        ),
        ("[1, 2,]", "unexpected"),
        ("\"\\q\"", "escape"),
        ("01e999999", "out of range"),
        ("1e", "malformed number"),
    ] {
        let e = read(text).unwrap_err();
        assert!(e.contains(says) && e.contains("at byte"), "{text:?}: {e}");
    }
    // deep nesting is refused, not a stack overflow
    assert!(read(&"[".repeat(100_000)).unwrap_err().contains("nested"));
    // a session missing its values, or with a seed that is not a whole number
    assert!(session_from_json(r#"{"src":"x"}"#)
        .unwrap_err()
        .contains("\"values\""));
    assert!(
        session_from_json(r#"{"src":"x","values":[["x",1]],"seed":-1}"#)
            .unwrap_err()
            .contains("\"seed\"")
    );
    assert!(session_from_json(r#"{"src":"x+","values":[]}"#)
        .unwrap_err()
        .contains("does not parse"));
    // strings: escapes and non-ASCII both ways
    let s = Json::Str("a\"b\\c\nd\u{1}é😀".into());
    assert_eq!(read(&s.write(false)).unwrap(), s);
    assert_eq!(read("\"\\ud83d\\ude00\"").unwrap(), Json::Str("😀".into()));
}
