//! The floor plan, written as tests: the rooms of `src/` and the direction
//! of dependence between them (`ui` → `page` → `lab` → `engine`, `cli`
//! beside `ui`), the views of `ui` apart from each other, no two files
//! naming each other round a circle, and no UI crate below `ui`. The
//! `use` scanner is `tests/it/uses.rs`.

use crate::support::rust_files;
use crate::uses::{Module, Uses};
use std::path::Path;

const UI_CRATES: [&str; 6] = [
    "leptos",
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "plotters_canvas",
    "gloo",
];

/// Each room and the rooms it may name.
const ROOMS: [(&str, &[&str]); 5] = [
    ("engine", &[]),
    ("lab", &["engine"]),
    ("page", &["lab", "engine"]),
    ("ui", &["page", "lab", "engine"]),
    ("cli", &["page", "lab", "engine"]),
];

/// The views of `ui`: none names another (the app's frame, `shell::app`,
/// puts them side by side).
const VIEWS: [&str; 5] = ["worked", "lab", "studies", "agents", "tour"];

fn scan() -> Uses {
    Uses::scan(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

fn name(m: &Module) -> String {
    m.join("::")
}

/// The room-to-room edges that break the direction (or leave the rooms).
fn wrong_way(u: &Uses) -> Vec<String> {
    let mut bad = Vec::new();
    for (from, tos) in &u.edges {
        let Some(room) = from.first() else { continue }; // lib.rs
        let Some((_, may)) = ROOMS.iter().find(|(r, _)| r == room) else {
            bad.push(format!("{} is in no room", name(from)));
            continue;
        };
        for to in tos {
            let there = to.first().map(String::as_str).unwrap_or("");
            if there != room && !may.contains(&there) {
                bad.push(format!("{} → {}", name(from), name(to)));
            }
        }
    }
    bad
}

#[test]
fn every_file_is_in_a_room_and_names_only_the_rooms_below_it() {
    let u = scan();
    assert!(
        u.files.len() > 100,
        "the scan found {} files",
        u.files.len()
    );
    let bad = wrong_way(&u);
    assert!(
        bad.is_empty(),
        "against the direction ui → page → lab → engine: {bad:#?}"
    );
}

#[test]
fn the_views_do_not_name_each_other() {
    let u = scan();
    let view_of = |m: &Module| {
        (m.first().is_some_and(|r| r == "ui") && m.len() > 1 && VIEWS.contains(&m[1].as_str()))
            .then(|| m[1].clone())
    };
    let mut bad = Vec::new();
    for (from, tos) in &u.edges {
        for to in tos {
            if let (Some(a), Some(b)) = (view_of(from), view_of(to)) {
                if a != b {
                    bad.push(format!("{} → {}", name(from), name(to)));
                }
            }
            // nothing but the frame (the app, and the rooms that draw the
            // views it fetches later) names a view from outside the views
            let frame = ["ui::shell::app", "ui::shell::rooms"].contains(&name(from).as_str());
            if view_of(to).is_some()
                && view_of(from).is_none()
                && from.first().is_some_and(|r| r == "ui")
                && !frame
            {
                bad.push(format!("{} → {}", name(from), name(to)));
            }
        }
    }
    assert!(bad.is_empty(), "a view names another: {bad:#?}");
}

#[test]
fn no_files_name_each_other_round_a_circle() {
    let cycles: Vec<String> = scan()
        .cycles()
        .iter()
        .map(|c| c.iter().map(name).collect::<Vec<_>>().join(" ⇄ "))
        .collect();
    assert!(
        cycles.is_empty(),
        "import cycles between files: {cycles:#?}"
    );
}

#[test]
fn the_direction_check_catches_an_upward_name() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Module>();
    let mut u = Uses {
        files: Default::default(),
        edges: Default::default(),
    };
    u.edges.insert(m("lab::grid"), [m("page::lab")].into());
    u.edges.insert(m("page::lab"), [m("lab::grid")].into());
    assert_eq!(wrong_way(&u), ["lab::grid → page::lab"]);
    assert_eq!(u.cycles().len(), 1);
}

#[test]
fn engine_lab_and_page_name_no_ui_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for layer in ["engine", "lab", "page"] {
        for f in rust_files(&root.join(layer)) {
            let text = std::fs::read_to_string(&f).unwrap();
            for krate in UI_CRATES {
                assert!(
                    !text.contains(&format!("{krate}::")),
                    "{} names {krate}",
                    f.display()
                );
                assert!(
                    !text.contains(&format!("use {krate}")),
                    "{} uses {krate}",
                    f.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} files checked");
}
