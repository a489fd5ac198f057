//! House rules the compiler does not check: every `unsafe` block says why
//! it is sound, in a `// SAFETY:` comment on its line or just above it.

use crate::support::rust_files;
use std::path::Path;

/// The lines (1-based) of `text` that open an `unsafe` block with no
/// `SAFETY:` comment on the line or in the three lines above it.
fn unexplained_unsafe(text: &str) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let mut bad = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        if !code.contains("unsafe {") {
            continue;
        }
        let from = i.saturating_sub(3);
        if !lines[from..=i].iter().any(|l| l.contains("SAFETY:")) {
            bad.push(i + 1);
        }
    }
    bad
}

#[test]
fn the_rule_catches_a_bare_block_and_accepts_an_explained_one() {
    assert_eq!(unexplained_unsafe("fn f() {\n    unsafe { g() }\n}"), [2]);
    assert!(unexplained_unsafe("// SAFETY: g has no preconditions\nunsafe { g() }").is_empty());
    assert!(unexplained_unsafe("unsafe fn f();\n// unsafe { in a comment }").is_empty());
}

#[test]
fn every_unsafe_block_has_a_safety_comment() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut blocks = 0;
    let mut bad = Vec::new();
    for f in rust_files(&src) {
        let text = std::fs::read_to_string(&f).unwrap();
        blocks += text.matches("unsafe {").count();
        for line in unexplained_unsafe(&text) {
            bad.push(format!(
                "{}:{line}",
                f.strip_prefix(&src).unwrap().display()
            ));
        }
    }
    assert!(
        blocks > 0,
        "no unsafe blocks found: is the scan reading src/?"
    );
    assert!(
        bad.is_empty(),
        "unsafe blocks without a `// SAFETY:` comment: {bad:?}"
    );
}
