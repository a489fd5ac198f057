//! A small `use` scanner over `src/`: which file of the crate each file
//! names, through `use` items and inline `crate::`/`super::` paths, with
//! `pub use` re-exports followed to the file that defines the name. The
//! architecture test reads its graph. It reads text, not the compiler's
//! resolution, so it knows only paths rooted at `crate`, `super`, `self`
//! or a child module; that is how this crate names its own items.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path below the crate root, e.g. `["lab", "method"]`.
pub type Module = Vec<String>;

/// The crate's files by module, and what each names.
pub struct Uses {
    /// module → its file's text, comments removed.
    pub files: BTreeMap<Module, String>,
    /// module → the modules of the other files it names.
    pub edges: BTreeMap<Module, BTreeSet<Module>>,
}

/// `src/lab/method/mod.rs` → `lab::method`, `src/lab/grid.rs` → `lab::grid`.
fn module_of(rel: &Path) -> Module {
    let mut m: Module = rel
        .with_extension("")
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if m.last().is_some_and(|s| s == "mod" || s == "lib") {
        m.pop();
    }
    m
}

/// The text without `//` comments (a `//` after a `:` is kept: a URL).
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|l| {
            let b = l.as_bytes();
            let cut = (0..b.len().saturating_sub(1))
                .find(|&i| b[i] == b'/' && b[i + 1] == b'/' && (i == 0 || b[i - 1] != b':'));
            &l[..cut.unwrap_or(l.len())]
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Expands a use tree (`a::{b, c::{d, e as f}}`) into its paths.
fn expand(tree: &str) -> Vec<Vec<String>> {
    // `x as y` keeps only x: mark the `as` before dropping whitespace
    let words: Vec<&str> = tree.split_whitespace().collect();
    let tree: String = words
        .iter()
        .map(|w| if *w == "as" { "@" } else { w })
        .collect();
    let mut out = Vec::new();
    expand_into(&tree, &mut Vec::new(), &mut out);
    out
}

fn expand_into(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree.find('{') {
        Some(open) if tree.ends_with('}') => {
            let head = &tree[..open];
            let n = prefix.len();
            prefix.extend(head.split("::").filter(|s| !s.is_empty()).map(String::from));
            let inner = &tree[open + 1..tree.len() - 1];
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand_into(&inner[start..i], prefix, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand_into(&inner[start..], prefix, out);
            prefix.truncate(n);
        }
        _ => {
            let path = tree.split('@').next().unwrap_or("");
            let mut p = prefix.clone();
            p.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
            if p.len() > prefix.len() || !p.is_empty() {
                out.push(p);
            }
        }
    }
}

/// Every `use` item of `text` (comments stripped), expanded, with whether
/// it is a `pub` re-export.
fn use_items(text: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let word_start = at == 0
            || !rest.as_bytes()[at - 1].is_ascii_alphanumeric() && rest.as_bytes()[at - 1] != b'_';
        let Some(end) = rest[at..].find(';') else {
            break;
        };
        let item = &rest[at + 4..at + end];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let lead = before[line_start..].trim();
        let is_item =
            word_start && (lead.is_empty() || lead.starts_with("pub") || lead.starts_with("#["));
        if is_item && !item.contains('"') && !item.contains('(') {
            let public = lead.starts_with("pub");
            for p in expand(item) {
                out.push((public, p));
            }
        }
        rest = &rest[at + 4..];
    }
    out
}

/// Inline paths rooted at `crate::` or `super::` outside `use` items.
fn inline_paths(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(root) {
            let at = from + i;
            from = at + root.len();
            if at > 0
                && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_' || b[at - 1] == b':')
            {
                continue;
            }
            let mut end = at;
            while end < b.len()
                && (b[end].is_ascii_alphanumeric() || b[end] == b'_' || b[end] == b':')
            {
                end += 1;
            }
            let p: Vec<String> = text[at..end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            out.push(p);
        }
    }
    out
}

impl Uses {
    pub fn scan(src: &Path) -> Uses {
        let mut files = BTreeMap::new();
        for f in crate::support::rust_files(src) {
            let rel = f.strip_prefix(src).unwrap();
            if rel.starts_with("bin") || rel == Path::new("main.rs") {
                continue;
            }
            let text = strip_comments(&std::fs::read_to_string(&f).unwrap());
            files.insert(module_of(rel), text);
        }
        let mut uses = Uses {
            files,
            edges: BTreeMap::new(),
        };
        let mods: Vec<Module> = uses.files.keys().cloned().collect();
        for m in mods {
            let text = uses.files[&m].clone();
            let mut to = BTreeSet::new();
            let paths = use_items(&text)
                .into_iter()
                .map(|(_, p)| p)
                .chain(inline_paths(&text));
            for p in paths {
                if let Some(target) = uses.resolve(&m, &p, 0) {
                    if target != m {
                        to.insert(target);
                    }
                }
            }
            uses.edges.insert(m, to);
        }
        uses
    }

    /// The file a path names from module `at`: the longest module prefix,
    /// then, for a name the module re-exports, the file it comes from.
    fn resolve(&self, at: &Module, path: &[String], hops: usize) -> Option<Module> {
        let (mut base, rest): (Module, &[String]) = match path.first().map(String::as_str) {
            Some("crate") => (Vec::new(), &path[1..]),
            Some("self") => (at.clone(), &path[1..]),
            Some("super") => {
                let mut b = at.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    b.pop();
                    rest = &rest[1..];
                }
                (b, rest)
            }
            Some(first) => {
                let mut child = at.clone();
                child.push(first.to_string());
                if !self.files.contains_key(&child) {
                    return None; // another crate
                }
                (at.clone(), path)
            }
            None => return None,
        };
        let mut used = 0;
        for seg in rest {
            let mut next = base.clone();
            next.push(seg.clone());
            if self.files.contains_key(&next) {
                base = next;
                used += 1;
            } else {
                break;
            }
        }
        let name = rest.get(used);
        if let (Some(name), true) = (name, hops < 6) {
            // a re-export: `pub use x::Name` in that module
            for (public, p) in use_items(&self.files[&base]) {
                if public && p.last() == Some(name) && p.len() > 1 {
                    if let Some(t) = self.resolve(&base, &p, hops + 1) {
                        return Some(t);
                    }
                }
            }
        }
        Some(base)
    }

    /// Groups of files that name each other, directly or round a circle
    /// (the strongly connected components with more than one file).
    pub fn cycles(&self) -> Vec<Vec<Module>> {
        // Kosaraju: finish order on the graph, then components on its reverse
        let nodes: Vec<&Module> = self.edges.keys().collect();
        let mut seen = BTreeSet::new();
        let mut order = Vec::new();
        for &n in &nodes {
            self.finish(n, &mut seen, &mut order);
        }
        let mut rev: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
        for (from, tos) in &self.edges {
            for to in tos {
                rev.entry(to).or_default().push(from);
            }
        }
        let mut done = BTreeSet::new();
        let mut out = Vec::new();
        for n in order.into_iter().rev() {
            if done.contains(n) {
                continue;
            }
            let mut comp = Vec::new();
            let mut stack = vec![n];
            done.insert(n);
            while let Some(x) = stack.pop() {
                comp.push(x.clone());
                for &y in rev.get(x).map(Vec::as_slice).unwrap_or(&[]) {
                    if done.insert(y) {
                        stack.push(y);
                    }
                }
            }
            if comp.len() > 1 {
                comp.sort();
                out.push(comp);
            }
        }
        out.sort();
        out
    }

    fn finish<'a>(
        &'a self,
        n: &'a Module,
        seen: &mut BTreeSet<&'a Module>,
        order: &mut Vec<&'a Module>,
    ) {
        // iterative depth-first search, pushing a node once its edges are done
        if !seen.insert(n) {
            return;
        }
        let mut stack: Vec<(&Module, Vec<&Module>)> = vec![(n, self.edges[n].iter().collect())];
        while let Some((node, pending)) = stack.last_mut() {
            match pending.pop() {
                Some(next) => {
                    if self.edges.contains_key(next) && seen.insert(next) {
                        let e = self.edges[next].iter().collect();
                        stack.push((next, e));
                    }
                }
                None => {
                    order.push(node);
                    stack.pop();
                }
            }
        }
    }
}

#[test]
fn the_scanner_expands_use_trees_and_follows_re_exports() {
    let paths = expand("super::{a::{B, c as d}, e}");
    assert_eq!(
        paths,
        [
            vec!["super", "a", "B"],
            vec!["super", "a", "c"],
            vec!["super", "e"]
        ]
    );
    let mut files = BTreeMap::new();
    let m = |s: &str| {
        s.split("::")
            .filter(|x| !x.is_empty())
            .map(String::from)
            .collect::<Module>()
    };
    files.insert(m("lab"), "pub use method::Method;\n".to_string());
    files.insert(m("lab::method"), "pub enum Method {}\n".to_string());
    files.insert(
        m("lab::grid"),
        "use super::Method;\nfn f() { crate::lab::method::x(); }\n".to_string(),
    );
    files.insert(
        m("lab::trainer"),
        "use super::grid::Spec; // super::method in a comment\n".to_string(),
    );
    let mut u = Uses {
        files,
        edges: BTreeMap::new(),
    };
    let grid = u.resolve(&m("lab::grid"), &["super".into(), "Method".into()], 0);
    assert_eq!(
        grid,
        Some(m("lab::method")),
        "through the re-export to the defining file"
    );
    u.edges.insert(m("lab::grid"), [m("lab::trainer")].into());
    u.edges.insert(m("lab::trainer"), [m("lab::grid")].into());
    u.edges.insert(m("lab::method"), BTreeSet::new());
    assert_eq!(u.cycles(), [vec![m("lab::grid"), m("lab::trainer")]]);
    assert!(strip_comments("use a; // super::b\nlet u = \"https://x\";").contains("https://x"));
}
