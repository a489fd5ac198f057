//! A setting is one row: the lab's and studies' table drives the URL's
//! keys, the settings forms' validation and the command line's flags, and
//! the teacher travels inside every run's `RunConfig`.

use crate::support::run_cli;
use creditflow::lab::{Method, Teacher};
use creditflow::page::lab::controller::LabController;
use creditflow::page::lab::settings::{LabSettings, RUN_KEYS, SETTINGS};
use creditflow::page::url::{all_keys, AppState, LAB_KEYS};

#[test]
fn every_row_is_a_url_key_and_round_trips_its_default() {
    let names: Vec<&str> = LAB_KEYS.iter().map(|k| k.name).collect();
    let rows: Vec<&str> = SETTINGS.iter().map(|r| r.key).collect();
    assert_eq!(names, rows);
    let mut all: Vec<&str> = all_keys().map(|k| k.name).collect();
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), n, "a URL key is named twice");
    for r in &SETTINGS {
        let mut s = LabSettings::default();
        let v = (r.get)(&s);
        assert!(
            (r.set)(&mut s, &v),
            "{}: its own default {v:?} is refused",
            r.key
        );
        assert_eq!(s, LabSettings::default(), "{}", r.key);
        // a refused value changes nothing
        assert!(!(r.set)(&mut s, "not a value") || r.key == "methods");
        assert_eq!(s, LabSettings::default(), "{}", r.key);
    }
    for k in RUN_KEYS {
        let r = SETTINGS.iter().find(|r| r.key == k).expect("a row");
        assert!(
            r.flag.is_some(),
            "{k}: a run setting the command line lacks"
        );
    }
}

#[test]
fn the_teacher_reaches_every_live_run_the_grid_and_the_studies() {
    let (a, notices) = AppState::from_query("?gain=1.5&tdepth=2&methods=fa");
    assert!(notices.is_empty(), "{notices:?}");
    let want = Teacher {
        gain: 1.5,
        depth: 2,
        seed: 0,
        ..Default::default()
    };
    let plan = a.plan();
    assert_eq!(plan.methods, vec![Method::Bp, Method::Fa]);
    let c = LabController::new(0);
    let configs = c.configs(&plan);
    assert_eq!(configs.len(), 2);
    assert!(configs.iter().all(|r| r.teacher == want));
    let grid = LabController::grid_spec(&plan.base);
    assert!(grid.jobs().iter().all(|r| r.teacher == want));
    assert_eq!(grid.task().shape.teacher, want);
    assert!(a.lab.depth_spec().jobs().iter().all(|r| r.teacher == want));
    assert!(a
        .lab
        .width_spec()
        .grid
        .jobs()
        .iter()
        .all(|r| r.teacher == want));
    // a link carries it back
    assert_eq!(AppState::from_query(&a.to_query()).0, a);
}

#[test]
fn the_command_line_refuses_what_the_page_refuses_in_the_same_words() {
    for (flag, bad) in [
        ("--steps", "0"),
        ("--steps", "20001"),
        ("--teacher-gain", "99"),
        ("--teacher-depth", "9"),
        ("--precision", "f16"),
    ] {
        let row = SETTINGS
            .iter()
            .find(|r| r.flag == Some(flag))
            .expect("a row");
        let (code, _, err) = run_cli(&["ablate", flag, bad]);
        assert_eq!(code, 2, "{flag} {bad}");
        assert!(err.contains(row.what), "{flag} {bad}: {err}");
        let mut s = AppState::default();
        let e = s.set(row.key, bad).expect_err("the page refuses it too");
        assert!(e.contains(row.what), "{e}");
    }
    let (code, _, err) = run_cli(&["width", "--widths", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("whole numbers from 2 to 1024"), "{err}");
}
