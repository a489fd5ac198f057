//! The expression parser: the usual notation in, a shared-node graph out.
//!
//! Grammar (lowest precedence first):
//!
//! ```text
//! expr   = term   (('+' | '-') term)*
//! term   = unary  (('*' | '/') unary)*
//! unary  = '-' unary | power
//! power  = atom ('^' unary)?              right-associative; -a^2 = -(a^2)
//! atom   = number | name | name '(' expr ')' | '(' expr ')'
//! ```
//!
//! Errors carry the byte position they point at. The parser never panics:
//! nesting depth and graph size are bounded, and every character is
//! handled, ASCII or not.

use super::graph::{Graph, NodeId, Op};

/// Deeper nesting than this is refused rather than risk the stack.
pub const MAX_DEPTH: usize = 200;
/// More nodes than this is refused: the page could not draw it anyway.
pub const MAX_NODES: usize = 2000;

pub const FUNCTIONS: [&str; 9] = [
    "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "sqrt", "abs",
];

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

    /// Consumes `c` (after blanks) if it is next.
    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
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
            if self.eat('+') {
                let rhs = self.term()?;
                lhs = self.add(Op::Add(lhs, rhs))?;
            } else if self.eat('-') {
                let rhs = self.term()?;
                let neg = self.negate(rhs)?;
                lhs = self.add(Op::Add(lhs, neg))?;
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(lhs)
    }

    fn term(&mut self) -> Result<NodeId, ParseError> {
        let mut lhs = self.unary()?;
        loop {
            if self.eat('*') {
                let rhs = self.unary()?;
                lhs = self.add(Op::Mul(lhs, rhs))?;
            } else if self.eat('/') {
                let rhs = self.unary()?;
                let r = self.add(Op::Recip(rhs))?;
                lhs = self.add(Op::Mul(lhs, r))?;
            } else {
                break;
            }
        }
        Ok(lhs)
    }

    fn negate(&mut self, x: NodeId) -> Result<NodeId, ParseError> {
        match self.g.op(x) {
            Op::Const(c) => self.add(Op::Const(-c)),
            _ => self.add(Op::Neg(x)),
        }
    }

    fn unary(&mut self) -> Result<NodeId, ParseError> {
        self.enter()?;
        let r = if self.eat('-') {
            let x = self.unary()?;
            self.negate(x)
        } else {
            self.power()
        };
        self.depth -= 1;
        r
    }

    fn power(&mut self) -> Result<NodeId, ParseError> {
        let base = self.atom()?;
        if !self.eat('^') {
            return Ok(base);
        }
        let exp = self.unary()?;
        match self.g.op(exp) {
            Op::Const(k) => self.add(Op::PowConst(base, k)),
            _ => self.add(Op::Pow(base, exp)),
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
        // an exponent only if digits follow: `2e3`, `1e-3`; `2e` is an error
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
        if self.peek() == Some('(') {
            if !FUNCTIONS.contains(&name) {
                let hint = closest_function(name)
                    .map(|f| format!(" (did you mean '{f}'?)"))
                    .unwrap_or_default();
                return Err(self.err(start, &format!("unknown function '{name}'{hint}")));
            }
            let open = self.pos;
            self.pos += 1;
            self.enter()?;
            let arg = self.expr()?;
            self.depth -= 1;
            if !self.eat(')') {
                return Err(self.expected_close(open));
            }
            return self.add(function(name, arg));
        }
        if FUNCTIONS.contains(&name) {
            return Err(self.err(self.pos, &format!("expected '(' after {name}")));
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
}

fn function(name: &str, x: NodeId) -> Op {
    match name {
        "exp" => Op::Exp(x),
        "log" => Op::Log(x),
        "sin" => Op::Sin(x),
        "cos" => Op::Cos(x),
        "tanh" => Op::Tanh(x),
        "sigmoid" => Op::Sigmoid(x),
        "relu" => Op::Relu(x),
        "sqrt" => Op::Sqrt(x),
        _ => Op::Abs(x),
    }
}

/// The known function a typo most likely meant: same letters, or one edit.
fn closest_function(name: &str) -> Option<&'static str> {
    let mut sorted: Vec<char> = name.chars().collect();
    sorted.sort_unstable();
    FUNCTIONS.iter().copied().find(|f| {
        let mut fs: Vec<char> = f.chars().collect();
        fs.sort_unstable();
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
