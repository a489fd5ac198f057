//! The parser's atoms that carry text: numbers, and names (a variable, a
//! constant, a function call, or `name{…}` naming a node).

use crate::engine::graph::{NodeId, Op};
use crate::engine::ops::{Prim, Syntax};
use crate::engine::parse::error::closest_function;
use crate::engine::parse::{ParseError, Parser, CONSTANTS, MAX_NODES};

impl Parser<'_> {
    /// Where the run of bytes from the cursor that `keep` accepts ends.
    fn scan(&self, keep: impl Fn(u8) -> bool) -> usize {
        let b = self.src.as_bytes();
        self.pos + b[self.pos..].iter().take_while(|&&c| keep(c)).count()
    }

    pub(super) fn number(&mut self) -> Result<NodeId, ParseError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut end = self.scan(|b| b.is_ascii_digit() || b == b'.');
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
        if crate::engine::decimal::too_long(text) {
            return Err(self.err(start, &crate::engine::decimal::too_long_message(text)));
        }
        let v = crate::engine::decimal::read(text)
            .ok_or_else(|| self.err(start, &format!("malformed number '{text}'")))?;
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

    pub(super) fn name(&mut self) -> Result<NodeId, ParseError> {
        let start = self.pos;
        let end = self.scan(|b| b.is_ascii_alphanumeric() || b == b'_');
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
