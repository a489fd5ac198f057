//! What leaves the page and comes back: links (the URL state's round
//! trip, its one table of keys, fallbacks with notices, a teacher's link)
//! and session files.

use creditflow::lab::{Method, Precision, RunConfig, Teacher};
use creditflow::page::lab::settings::LabSettings;
use creditflow::page::url::{query_has, AppState, View};

#[test]
fn url_state_round_trips() {
    let s = AppState {
        view: View::Lab,
        kept: [true, false, true, false, true],
        r3: Method::WeightPerturbation,
        r4: Method::Dfa,
        lab: LabSettings {
            methods: vec![Method::ReadoutOnly, Method::ShuffledLabels],
            lr: Some(0.02),
            base: RunConfig {
                seed: 7,
                steps: 500,
                teacher: Teacher {
                    gain: 1.7,
                    depth: 1,
                    seed: 0,
                    ..Default::default()
                },
                precision: Precision::F32,
                ..RunConfig::default()
            },
            ..LabSettings::default()
        },
        ..AppState::default()
    };
    let q = s.to_query();
    assert_eq!(q, "?view=lab&req=10101&r3=weight_perturbation&r4=dfa&methods=readout_only,shuffled_labels&lr=0.02&seed=7&steps=500&gain=1.7&prec=f32");
    let (back, notices) = AppState::from_query(&q);
    assert_eq!(back, s);
    assert!(notices.is_empty());
    assert_eq!(AppState::default().to_query(), "");
    assert_eq!(AppState::from_query("").0, AppState::default());
}

#[test]
fn a_teachers_link_round_trips_the_worked_example_and_hidden_controls() {
    let s = AppState {
        expr: "tanh(w*x + b)^2 / 2".into(),
        vals: vec![("w".into(), 0.5), ("x".into(), -1.25), ("b".into(), 0.0)],
        step: 4,
        tour: Some(3),
        hide: vec!["expr", "req"],
        proj: true,
        ..AppState::default()
    };
    let q = s.to_query();
    // `+`, `/`, `^` and spaces are encoded; the rest stays readable
    assert_eq!(q, "?expr=tanh(w*x%20%2B%20b)%5E2%20%2F%202&vals=w:0.5,x:-1.25,b:0&step=4&tour=3&hide=expr,req&proj=1");
    let (back, notices) = AppState::from_query(&q);
    assert_eq!((back, notices), (s, vec![]));
    // a pinned key prints at its default too
    assert_eq!(
        AppState::default().query_with(&["expr"]),
        "?expr=(a*b%2Bc)%5E2"
    );
    assert!(query_has("?view=lab&expr=a", "expr") && !query_has("?vals2=1", "vals"));
    // one table validates for links and for the settings form alike
    let mut a = AppState::default();
    assert!(a.set("steps", "0").is_err() && a.set("expr", "(a*").is_err());
    assert!(a.set("hide", "expr,bogus").is_err() && a.hide.is_empty());
    assert!(a.set("vals", "a:1,b:inf").is_err() && a.set("vals", "a=1").is_err());
    assert_eq!(
        (a.set("steps", "40"), a.get("steps")),
        (Ok(()), "40".to_string())
    );
    assert_eq!(a.get("lr"), "best");
}

#[test]
fn bad_url_values_fall_back_with_a_notice() {
    let (s, notices) = AppState::from_query(
        "?view=nope&req=11x11&lr=-1&seed=abc&steps=999999&methods=bp,zzz&r3=fa&bogus=1&lr&prec=f16",
    );
    assert_eq!(s, AppState::default());
    assert_eq!(notices.len(), 10, "{notices:?}");
    assert!(notices
        .iter()
        .any(|n| n.contains("prec=f16 is not the lab's arithmetic, f64 or f32")));
    assert!(notices
        .iter()
        .any(|n| n.contains("unknown URL key 'bogus'")));
    // good keys survive beside bad ones
    let (s, notices) = AppState::from_query("view=lab&lr=oops&steps=40");
    assert_eq!((s.view, s.lab.lr, s.lab.base.steps), (View::Lab, None, 40));
    assert_eq!(notices.len(), 1);
    // percent-encoded commas decode
    let (s, _) = AppState::from_query("methods=bp%2Cfa");
    assert_eq!(s.lab.methods, vec![Method::Bp, Method::Fa]);
}

#[test]
fn training_lists_the_selected_method_first_without_duplicates() {
    let (s, _) = AppState::from_query("req=11101&methods=fa,readout_only");
    // bp and the readout-only floor stay beside the ablation as references
    assert_eq!(
        s.training(),
        vec![Method::Fa, Method::Bp, Method::ReadoutOnly]
    );
    let (s, _) = AppState::from_query("methods=dfa");
    assert_eq!(s.training(), vec![Method::Bp, Method::Dfa]);
    let (s, n) = AppState::from_query("lr=best&gain=1.5");
    assert_eq!((s.lab.lr, s.lab.base.teacher.gain, n.len()), (None, 1.5, 0));
    assert_eq!(s.to_query(), "?gain=1.5");
    let (s, n) = AppState::from_query("lr=0.01&gain=99");
    assert_eq!(
        (s.lab.lr, s.lab.base.teacher.gain, n.len()),
        (Some(0.01), 1.0, 1)
    );
}

#[test]
fn a_saved_session_loads_back_and_a_bad_file_is_refused_with_its_reason() {
    use creditflow::page::worked::session::{from_json, to_json};
    use creditflow::page::worked::Worksheet;
    let mut ws = Worksheet::new("tanh(w*x+b)", &[("w", 0.5), ("x", -2.0), ("b", 0.1)]).unwrap();
    ws.seed = 9;
    ws.set_draws(10);
    ws.previous = vec![("w".into(), 0.25)];
    let back = from_json(&to_json(&ws)).expect("round trip");
    assert_eq!(
        (
            &back.good_src,
            &back.values,
            &back.previous,
            back.seed,
            back.draws
        ),
        (&ws.good_src, &ws.values, &ws.previous, ws.seed, ws.draws)
    );
    assert!(from_json("{")
        .unwrap_err()
        .contains("not a Credit Flow session"));
    let bad = r#"{"src":"(a*","values":[]}"#;
    assert!(from_json(bad).unwrap_err().contains("does not parse"));
    // an out-of-range number in a hand-edited file is refused, not used
    let odd = r#"{"src":"a*b","values":[["a",1e999],["b",2]]}"#;
    assert!(from_json(odd).unwrap_err().contains("out of range"));
    // a value missing from the file starts at the default
    let w = from_json(r#"{"src":"a*b","values":[["b",2]]}"#).unwrap();
    assert_eq!((w.value_of("a"), w.value_of("b")), (Some(1.0), Some(2.0)));
}

#[test]
fn a_saved_session_file_keeps_the_ticks_and_the_step() {
    use creditflow::page::worked::session::{session_from_json, session_json};
    use creditflow::page::worked::Worksheet;
    let ws = Worksheet::new("(a*b+c)^2", &[("a", 2.0), ("b", -3.0), ("c", 10.0)]).unwrap();
    let kept = [true, false, true, true, false];
    let back = session_from_json(&session_json(&ws, Some(kept), Some(4))).unwrap();
    assert_eq!((back.kept, back.step), (Some(kept), Some(4)));
    // an older file (no ticks, no step) still loads
    let old = session_from_json(r#"{"src":"a*b","values":[["a",1],["b",2]]}"#).unwrap();
    assert_eq!((old.kept, old.step), (None, None));
    // a crafted step is refused, not used
    let big = r#"{"src":"a*b","values":[["a",1],["b",2]],"step":99999999}"#;
    assert_eq!(session_from_json(big).unwrap().step, None);
}

#[test]
fn the_graphs_zoom_travels_in_a_link() {
    let (s, n) = AppState::from_query("zoom=1.5");
    assert_eq!((s.zoom, n.len()), (Some(1.5), 0));
    assert_eq!(s.to_query(), "?zoom=1.5");
    let (s, n) = AppState::from_query("zoom=9");
    assert_eq!((s.zoom, n.len()), (None, 1));
    assert_eq!(AppState::from_query("zoom=fit").0.zoom, None);
}

#[test]
fn the_first_view_keeps_the_rooms_keys_as_text_and_the_rooms_read_them() {
    use creditflow::page::url::{
        keep_rooms_as_text, parse_rooms, rooms_notices, AGENT_KEYS, LAB_KEYS, ROOM_KEY_NAMES,
    };
    // one list of names, the tables' own
    let names: Vec<&str> = LAB_KEYS.iter().chain(&AGENT_KEYS).map(|k| k.name).collect();
    assert_eq!(names, ROOM_KEY_NAMES.to_vec());
    let link = "?view=lab&expr=a*b&lr=0.05&methods=fa,dfa&afid=0.7&seed=abc";
    keep_rooms_as_text();
    let (page, notices) = AppState::from_query(link);
    // the page's own keys are read; the rooms' kept as written, even a bad
    // one, which the rooms' wasm reports when it reads them
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(page.expr, "a*b");
    assert_eq!(page.lab, AppState::default().lab);
    assert_eq!(page.get("lr"), "0.05");
    assert_eq!(
        page.to_query(),
        "?view=lab&expr=a*b&methods=fa,dfa&lr=0.05&seed=abc&afid=0.7"
    );
    parse_rooms();
    let (rooms, notices) = AppState::from_query(&page.to_query());
    assert_eq!(rooms.lab.lr, Some(0.05));
    assert_eq!(rooms.agents.cfg.fidelity, 0.7);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(rooms_notices(&page.to_query()), notices);
    // the page takes the rooms' link back as text and prints it alike
    keep_rooms_as_text();
    let (again, _) = AppState::from_query(&rooms.to_query());
    assert_eq!(again.to_query(), rooms.to_query());
}

#[test]
fn the_hide_keys_words_name_every_hideable_control() {
    use creditflow::page::url::{HIDEABLE, KEYS};
    let hide = KEYS.iter().find(|k| k.name == "hide").expect("a hide key");
    for (id, _) in HIDEABLE {
        assert!(
            hide.what.split(['(', ',', ')', ' ']).any(|w| w == id),
            "the hide key's words do not name {id}: {}",
            hide.what
        );
    }
}
