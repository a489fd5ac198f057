//! The expression parser: the usual notation in, a shared-node graph out.
//! Operators and functions are found by name in the op table
//! (`ops::OPS`), so a new row is parsed without touching this file.
//!
//! Grammar (lowest precedence first; `−`, `×`, `·` and `÷` are read as
//! `-`, `*`, `*` and `/`):
//!
//! ```text
//! expr   = term   (('+' | '-') term)*
//! term   = unary  (('*' | '/') unary)*
//! unary  = '-' unary | power
//! power  = atom ('²' | '³')* (('^' | '**') unary)?   right-associative; -a^2 = -(a^2)
//! atom   = number | name | 'e' | 'pi' | 'π' | name '(' expr ')' | '(' expr ')'
//!        | name '{' expr '}'                      names the node expr computes
//! ```
//!
//! Operations on constants alone are folded (`-3`, `2^3^2` = 512). Errors
//! carry the byte position they point at. The parser never panics: nesting
//! depth and graph size are bounded, and every character is handled, ASCII
//! or not.

mod atoms;
pub mod error;

use crate::engine::graph::{Graph, NodeId, Op};
use crate::engine::ops::{Prim, Syntax, SPELLINGS};
pub use crate::engine::parse::error::ParseError;

/// Deeper nesting than this is refused rather than risk the stack.
pub const MAX_DEPTH: usize = 200;
/// More nodes than this is refused: the page could not draw it anyway.
pub const MAX_NODES: usize = 2000;

/// The named constants.
pub const CONSTANTS: [(&str, f64); 3] = [
    ("e", std::f64::consts::E),
    ("pi", std::f64::consts::PI),
    ("π", std::f64::consts::PI),
];

/// The notation's other spellings, read as the ASCII operator.
pub(super) fn canonical(c: char) -> char {
    SPELLINGS
        .iter()
        .find(|(s, _)| *s == c)
        .map_or(c, |&(_, ascii)| ascii)
}

/// Parses `src` into a graph whose output is the whole expression.
pub fn parse(src: &str) -> Result<Graph, ParseError> {
    let mut p = Parser {
        src,
        pos: 0,
        depth: 0,
        g: Graph::new(),
    };
    p.skip_ws();
    if p.pos == src.len() {
        return Err(p.err(0, "empty expression: type one, e.g. (a*b+c)^2"));
    }
    let out = p.expr()?;
    p.skip_ws();
    if let Some(c) = p.peek() {
        return Err(p.err(p.pos, &format!("unexpected '{c}'")));
    }
    p.g.output = Some(out);
    p.g.prune();
    Ok(p.g)
}

/// The parser's state; its atoms are in `atoms.rs`.
pub(super) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) pos: usize,
    pub(super) depth: usize,
    pub(super) g: Graph,
}

impl Parser<'_> {
    pub(super) fn err(&self, pos: usize, message: &str) -> ParseError {
        ParseError {
            pos,
            message: message.to_string(),
        }
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    pub(super) fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if !c.is_whitespace() {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    /// Consumes `c` or one of its other spellings (after blanks) if next.
    pub(super) fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        match self.peek() {
            Some(d) if canonical(d) == c => {
                self.pos += d.len_utf8();
                true
            }
            _ => false,
        }
    }

    /// Consumes the ASCII text `s` (after blanks) if next.
    fn eat_str(&mut self, s: &str) -> bool {
        self.skip_ws();
        let hit = self.src[self.pos..].starts_with(s);
        if hit {
            self.pos += s.len();
        }
        hit
    }

    pub(super) fn add(&mut self, op: Op) -> Result<NodeId, ParseError> {
        if self.g.len() >= MAX_NODES {
            return Err(self.err(
                self.pos,
                &format!("expression too large (over {MAX_NODES} nodes)"),
            ));
        }
        Ok(self.g.add(op))
    }

    /// The row `name` of the op table applied to `args`; folded to a
    /// constant when every operand is one.
    pub(super) fn apply(
        &mut self,
        name: &str,
        syntax: Syntax,
        args: &[NodeId],
        k: f64,
    ) -> Result<NodeId, ParseError> {
        let prim = Prim::find(name, syntax)
            .ok_or_else(|| self.err(self.pos, &format!("no operation '{name}'")))?;
        let op = Op::apply(prim, args, k);
        let consts: Option<Vec<f64>> = args
            .iter()
            .map(|a| match self.g.op(*a) {
                Op::Const(c) => Some(c),
                _ => None,
            })
            .collect();
        if let Some(x) = consts {
            let v = op.value(&x, &[]);
            if v.is_finite() {
                return self.add(Op::Const(v));
            }
        }
        self.add(op)
    }

    pub(super) fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err(
                self.pos,
                &format!("expression nested too deeply (over {MAX_DEPTH} levels)"),
            ));
        }
        Ok(())
    }

    pub(super) fn expr(&mut self) -> Result<NodeId, ParseError> {
        self.enter()?;
        let mut lhs = self.term()?;
        loop {
            let name = if self.eat('+') {
                "+"
            } else if self.eat('-') {
                "-"
            } else {
                break;
            };
            let rhs = self.term()?;
            lhs = self.apply(name, Syntax::Infix, &[lhs, rhs], 0.0)?;
        }
        self.depth -= 1;
        Ok(lhs)
    }

    fn term(&mut self) -> Result<NodeId, ParseError> {
        let mut lhs = self.unary()?;
        loop {
            let name = if self.eat('*') {
                "*"
            } else if self.eat('/') {
                "/"
            } else {
                break;
            };
            let rhs = self.unary()?;
            lhs = self.apply(name, Syntax::Infix, &[lhs, rhs], 0.0)?;
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<NodeId, ParseError> {
        self.enter()?;
        let r = if self.eat('-') {
            let x = self.unary()?;
            self.apply("-", Syntax::Prefix, &[x], 0.0)
        } else {
            self.power()
        };
        self.depth -= 1;
        r
    }

    fn power(&mut self) -> Result<NodeId, ParseError> {
        let mut base = self.atom()?;
        loop {
            let k = if self.eat('²') {
                2.0
            } else if self.eat('³') {
                3.0
            } else {
                break;
            };
            base = self.apply("^", Syntax::ConstPower, &[base], k)?;
        }
        if !self.eat_str("**") && !self.eat('^') {
            return Ok(base);
        }
        let exp = self.unary()?;
        match self.g.op(exp) {
            Op::Const(k) => self.apply("^", Syntax::ConstPower, &[base], k),
            _ => self.apply("^", Syntax::Infix, &[base, exp], 0.0),
        }
    }

    fn atom(&mut self) -> Result<NodeId, ParseError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            None => Err(self.err(start, "unexpected end of expression")),
            Some('(') => {
                self.pos += 1;
                let inner = self.expr()?;
                if !self.eat(')') {
                    return Err(self.expected_close(start));
                }
                Ok(inner)
            }
            Some('π') => {
                self.pos += 'π'.len_utf8();
                self.add(Op::Const(std::f64::consts::PI))
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => self.name(),
            Some(c) => Err(self.err(start, &format!("unexpected '{c}'"))),
        }
    }

    pub(super) fn expected_close(&mut self, open: usize) -> ParseError {
        self.skip_ws();
        match self.peek() {
            None => self.err(open, "unclosed '('"),
            Some(c) => self.err(self.pos, &format!("unexpected '{c}', expected ')'")),
        }
    }
}
