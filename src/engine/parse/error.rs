//! The parser's error (a message and the byte position it points at) and
//! its suggestion for a mistyped function name.

use crate::engine::ops::Prim;

/// A parse error: a message and the byte position it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub pos: usize,
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at {}", self.message, self.pos)
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    /// The source line with a caret under the position, for terminals.
    pub fn caret(&self, src: &str) -> String {
        let col = src
            .char_indices()
            .take_while(|&(i, _)| i < self.pos)
            .count();
        format!("{src}\n{}^ {}", " ".repeat(col), self)
    }
}

/// The known function a typo most likely meant: same letters, or one edit.
pub fn closest_function(name: &str) -> Option<&'static str> {
    let mut sorted: Vec<char> = name.chars().collect();
    crate::engine::order::sort_by_key(&mut sorted, |c| *c);
    Prim::functions().find(|f| {
        let mut fs: Vec<char> = f.chars().collect();
        crate::engine::order::sort_by_key(&mut fs, |c| *c);
        fs == sorted || edit_distance(f, name) == 1
    })
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
