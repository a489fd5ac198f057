//! The tour's last three questions: the ideas applied to graphs the tour
//! never showed, answered with a number that the engine checks (its own
//! backward sweep on the question's graph gives the answer).

use crate::engine::{backward, parse, Requirements};

/// One question: what to find, on which graph at which values.
#[derive(Debug)]
pub struct Question {
    pub prompt: &'static str,
    pub expr: &'static str,
    pub values: &'static [(&'static str, f64)],
    /// The input whose adjoint is asked for.
    pub of: &'static str,
    /// A hint pointing at the idea it uses.
    pub idea: &'static str,
}

pub const RETRIEVAL: [Question; 3] = [
    Question {
        prompt: "f = (a + b)·(b + 1) at a = 1, b = 2. What is b's adjoint, ∂f/∂b?",
        expr: "(a+b)*(b+1)",
        values: &[("a", 1.0), ("b", 2.0)],
        of: "b",
        idea: "b feeds two nodes (fan-out, R5): add what each sends back, (b + 1) from the first factor and (a + b) from the second.",
    },
    Question {
        prompt: "f = tanh(w·x + b) at w = 0.5, x = 2, b = −1. What is w's adjoint, ∂f/∂w?",
        expr: "tanh(w*x+b)",
        values: &[("w", 0.5), ("x", 2.0), ("b", -1.0)],
        of: "w",
        idea: "The slope of tanh at its input (R2: 1 − tanh(z)², here z = 0) times w's forward operand x (R4).",
    },
    Question {
        prompt: "f = (a·b + c)² at a = 1, b = 4, c = −2. What is c's adjoint, ∂f/∂c?",
        expr: "(a*b+c)^2",
        values: &[("a", 1.0), ("b", 4.0), ("c", -2.0)],
        of: "c",
        idea: "f = v² hands 2v to v = a·b + c, and a sum passes its adjoint on unchanged.",
    },
];

impl Question {
    /// The engine's answer: the exact adjoint of `of`.
    pub fn answer(&self) -> Result<f64, String> {
        let g = parse(self.expr).map_err(|e| e.to_string())?;
        let named: Vec<(String, f64)> = self
            .values
            .iter()
            .map(|(n, v)| (n.to_string(), *v))
            .collect();
        let vars = g.bind(&named).map_err(|(_, e)| e)?;
        let vals = g.eval(&vars);
        let sweep = backward(&g, &vals, &vals, Requirements::default());
        let i = g
            .vars
            .iter()
            .position(|v| v == self.of)
            .ok_or("no such input")?;
        Ok(sweep.grads[i])
    }

    /// Whether `typed` is the answer (to 3 significant digits); a message
    /// when it is not a number.
    pub fn check(&self, typed: &str) -> Result<bool, String> {
        let x: f64 = typed
            .trim()
            .replace('−', "-")
            .parse()
            .map_err(|_| format!("“{typed}” is not a number"))?;
        let a = self.answer()?;
        Ok((x - a).abs() <= 1e-3 * a.abs().max(1.0))
    }
}
