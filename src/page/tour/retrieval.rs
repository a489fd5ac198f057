//! A question answered with a number read off the page, which the engine
//! checks (its own backward sweep on the question's graph gives the
//! answer): the tour's "what did you see?".

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
    /// when it is empty or not a number.
    pub fn check(&self, typed: &str) -> Result<bool, String> {
        if typed.trim().is_empty() {
            return Err("Type a number first (the credit you read off the graph).".into());
        }
        let x: f64 = typed
            .trim()
            .replace('−', "-")
            .parse()
            .map_err(|_| format!("“{typed}” is not a number"))?;
        let a = self.answer()?;
        Ok((x - a).abs() <= 1e-3 * a.abs().max(1.0))
    }
}
