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

use super::graph::{Graph, NodeId, Op};
use super::ops::{Prim, Syntax, SPELLINGS};
use super::parse_error::closest_function;
pub use super::parse_error::ParseError;

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
fn canonical(c: char) -> char {
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

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    depth: usize,
    g: Graph,
}

impl Parser<'_> {
    fn err(&self, pos: usize, message: &str) -> ParseError {
        ParseError {
            pos,
            message: message.to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if !c.is_whitespace() {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    /// Consumes `c` or one of its other spellings (after blanks) if next.
    fn eat(&mut self, c: char) -> bool {
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

    fn add(&mut self, op: Op) -> Result<NodeId, ParseError> {
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
    fn apply(
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

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err(
                self.pos,
                &format!("expression nested too deeply (over {MAX_DEPTH} levels)"),
            ));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<NodeId, ParseError> {
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

    fn expected_close(&mut self, open: usize) -> ParseError {
        self.skip_ws();
        match self.peek() {
            None => self.err(open, "unclosed '('"),
            Some(c) => self.err(self.pos, &format!("unexpected '{c}', expected ')'")),
        }
    }

    fn number(&mut self) -> Result<NodeId, ParseError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut end = start;
        while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
            end += 1;
        }
        // an exponent only if digits follow: `2e3`, `1e-3`; `2e` is `2·e`
        if end < bytes.len() && (bytes[end] == b'e' || bytes[end] == b'E') {
            let mut k = end + 1;
            if k < bytes.len() && (bytes[k] == b'+' || bytes[k] == b'-') {
                k += 1;
            }
            if k < bytes.len() && bytes[k].is_ascii_digit() {
                while k < bytes.len() && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                end = k;
            }
        }
        let text = &self.src[start..end];
        let v: f64 = text
            .parse()
            .map_err(|_| self.err(start, &format!("malformed number '{text}'")))?;
        if !v.is_finite() {
            return Err(self.err(start, &format!("number '{text}' is too large")));
        }
        // `2x` and `2(a+b)`: a product needs its `*`
        if let Some(c) = self.src[end..].chars().next() {
            if c.is_ascii_alphabetic() || c == '_' || c == '(' {
                let next: String = self.src[end..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let next = if next.is_empty() { "(".into() } else { next };
                return Err(self.err(end, &format!("write {text}*{next} for a product")));
            }
        }
        self.pos = end;
        self.add(Op::Const(v))
    }

    fn name(&mut self) -> Result<NodeId, ParseError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut end = start;
        while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
            end += 1;
        }
        let name = &self.src[start..end];
        self.pos = end;
        self.skip_ws();
        let func = Prim::find(name, Syntax::Call);
        if self.peek() == Some('{') {
            return self.labelled(name, start);
        }
        if self.peek() == Some('(') {
            let Some(prim) = func else {
                let hint = closest_function(name)
                    .map(|f| format!(" (did you mean '{f}'?)"))
                    .unwrap_or_default();
                return Err(self.err(start, &format!("unknown function '{name}'{hint}")));
            };
            let open = self.pos;
            self.pos += 1;
            self.enter()?;
            let arg = self.expr()?;
            self.depth -= 1;
            if !self.eat(')') {
                return Err(self.expected_close(open));
            }
            return self.apply(prim.def().name, Syntax::Call, &[arg], 0.0);
        }
        if func.is_some() {
            return Err(self.err(self.pos, &format!("expected '(' after {name}")));
        }
        if let Some(&(_, c)) = CONSTANTS.iter().find(|(n, _)| *n == name) {
            return self.add(Op::Const(c));
        }
        if self.g.vars.len() >= 26 && !self.g.vars.iter().any(|v| v == name) {
            return Err(self.err(start, "too many variables (at most 26)"));
        }
        if self.g.len() >= MAX_NODES {
            return Err(self.err(
                start,
                &format!("expression too large (over {MAX_NODES} nodes)"),
            ));
        }
        Ok(self.g.var(name, start))
    }

    /// `name{expr}`: the node `expr` computes, shown as `name`.
    fn labelled(&mut self, name: &str, start: usize) -> Result<NodeId, ParseError> {
        let open = self.pos;
        self.pos += 1;
        self.enter()?;
        let inner = self.expr()?;
        self.depth -= 1;
        self.skip_ws();
        if !self.eat('}') {
            return Err(match self.peek() {
                None => self.err(open, "unclosed '{'"),
                Some(c) => self.err(self.pos, &format!("unexpected '{c}', expected '}}'")),
            });
        }
        if matches!(self.g.op(inner), Op::Var(_) | Op::Const(_)) {
            return Err(self.err(
                start,
                &format!("{name}{{…}} names a computed node, not a single input or number"),
            ));
        }
        self.g.label(inner, name);
        Ok(inner)
    }
}
