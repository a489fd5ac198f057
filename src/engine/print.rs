//! A graph written back as an expression the parser reads to the same
//! graph: every operation parenthesised, constants exact, names kept as
//! `name{…}`. Shared nodes are written out where each is used (the parser
//! shares them again), so the text can be longer than the one typed; past
//! `MAX_SOURCE` bytes it gives up.

use crate::engine::graph::{Graph, NodeId, Op};
use crate::engine::ops::Syntax;

/// The longest text `source` writes.
pub const MAX_SOURCE: usize = 200_000;

impl Graph {
    /// The expression of the output node, or `None` past `MAX_SOURCE`.
    pub fn source(&self) -> Option<String> {
        let mut out = String::new();
        self.write(self.output(), &mut out).then_some(out)
    }

    fn write(&self, id: NodeId, out: &mut String) -> bool {
        if out.len() > MAX_SOURCE {
            return false;
        }
        let label = self
            .labels
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.clone());
        if let Some(n) = &label {
            out.push_str(n);
            out.push('{');
        }
        let ok = match self.nodes[id.index()].op {
            Op::Var(v) => {
                out.push_str(&self.vars[v]);
                true
            }
            Op::Const(c) => {
                out.push_str(&constant(c));
                true
            }
            Op::Apply { prim, args, k } => {
                let d = prim.def();
                match d.syntax {
                    Syntax::Infix => {
                        out.push('(');
                        let a = self.write(args[0], out);
                        out.push_str(d.name);
                        let b = self.write(args[1], out);
                        out.push(')');
                        a && b
                    }
                    Syntax::Prefix => {
                        out.push('(');
                        out.push_str(d.name);
                        let a = self.write(args[0], out);
                        out.push(')');
                        a
                    }
                    Syntax::Call => {
                        out.push_str(d.name);
                        out.push('(');
                        let a = self.write(args[0], out);
                        out.push(')');
                        a
                    }
                    Syntax::ConstPower => {
                        out.push_str("((");
                        let a = self.write(args[0], out);
                        out.push_str(")^");
                        out.push_str(&constant(k));
                        out.push(')');
                        a
                    }
                }
            }
        };
        if label.is_some() {
            out.push('}');
        }
        ok
    }
}

/// A constant as text that parses (and folds) back to the same bits:
/// negative ones and the non-finite in parentheses.
fn constant(c: f64) -> String {
    if c.is_nan() {
        "(0/0)".into()
    } else if c.is_infinite() {
        if c > 0.0 { "(1/0)" } else { "(-1/0)" }.into()
    } else if c.is_sign_negative() {
        format!("(-{})", -c)
    } else {
        format!("{c}")
    }
}
