//! The layering rule, written as a test: `engine`, `lab` and `tour` name no UI
//! crate, so the instrument runs natively and in the browser alike.

use crate::support::rust_files;
use std::path::Path;

const UI_CRATES: [&str; 6] = [
    "leptos",
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "plotters_canvas",
    "gloo",
];

#[test]
fn engine_lab_and_tour_name_no_ui_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for layer in ["engine", "lab", "tour"] {
        let dir = root.join(layer);
        if !dir.exists() {
            continue;
        }
        for f in rust_files(&dir) {
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
    assert!(checked > 0, "no engine files found");
}

#[test]
fn engine_names_no_lab_either() {
    for f in rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")) {
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(
            !text.contains("crate::lab") && !text.contains("crate::ui"),
            "{}",
            f.display()
        );
    }
}

#[test]
fn print_rooms() {
    let u = crate::uses::Uses::scan(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut seen = std::collections::BTreeSet::new();
    for (a, tos) in &u.edges {
        for b in tos {
            let (ra, rb) = (a.first().cloned().unwrap_or_default(), b.first().cloned().unwrap_or_default());
            if ra != rb && seen.insert((ra.clone(), rb.clone())) {
                println!("ROOM {ra} -> {rb}  (e.g. {} -> {})", a.join("::"), b.join("::"));
            }
        }
    }
}

#[test]
fn print_into() {
    let u = crate::uses::Uses::scan(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let moving = ["engine::worksheet", "engine::explain", "lab::controller", "lab::controller_grid", "lab::controller_panel", "lab::session", "lab::live", "lab::panel", "lab::studies", "lab::findings", "lab::agents::page", "lab::agents::runner", "ui::url_state", "ui::url_codec", "tour", "tour::stop", "tour::stops"];
    for (a, tos) in &u.edges {
        let an = a.join("::");
        for b in tos {
            let bn = b.join("::");
            if moving.contains(&bn.as_str()) && !moving.contains(&an.as_str()) && !an.starts_with("ui") && !an.starts_with("cli") {
                println!("INTO {an} -> {bn}");
            }
        }
    }
}

#[test]
fn print_cycles() {
    let u = crate::uses::Uses::scan(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    for c in u.cycles() {
        println!(
            "CYCLE {}",
            c.iter()
                .map(|m| m.join("::"))
                .collect::<Vec<_>>()
                .join("  ")
        );
        for a in &c {
            for b in &u.edges[a] {
                if c.contains(b) {
                    println!("   {} -> {}", a.join("::"), b.join("::"));
                }
            }
        }
    }
}
