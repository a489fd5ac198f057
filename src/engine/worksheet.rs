//! The worked-example page's state as a plain type: the expression, the
//! last good graph, the input values (and the previous ones, which R1's
//! ablation reads), the requirements, and everything derived from them.
//! The page only wires signals to these methods.

use super::check::{finite_differences, op_counts, FdRow, OpCounts};
use super::graph::Graph;
use super::parse::{parse, ParseError};
use super::sweep::{backward, previous_sample, ErrorSignal, Requirements, Sweep};

/// A preset: its label, its expression, and its starting values.
pub type Preset = (&'static str, &'static str, &'static [(&'static str, f64)]);

/// The expressions offered as presets, with their starting values.
pub const PRESETS: [Preset; 4] = [
    (
        "worked example",
        "(a*b+c)^2",
        &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
    ),
    (
        "fan-out at an input",
        "(a+b)*(b+1)",
        &[("a", 2.0), ("b", -3.0)],
    ),
    (
        "repeated sub-expression",
        "(a*b+c)*(a*b+c)",
        &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
    ),
    (
        "one neuron",
        "tanh(w*x+b)",
        &[("w", 0.5), ("x", 1.5), ("b", -0.2)],
    ),
];

/// The value a variable gets when it first appears.
pub const DEFAULT_VALUE: f64 = 1.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Worksheet {
    /// The text in the expression box, good or bad.
    pub src: String,
    /// The graph of the last expression that parsed.
    pub graph: Graph,
    /// The last good expression's text.
    pub good_src: String,
    pub error: Option<ParseError>,
    /// Every variable value the user has set, current expression or not.
    pub values: Vec<(String, f64)>,
    /// The values before the last edit: the "previous sample" whose stale
    /// activity the sweep reads when R1 is removed.
    pub previous: Vec<(String, f64)>,
    /// What replaces the per-node adjoint when R3 is unticked. (The ticks
    /// themselves belong to the app, which shares them with the lab.)
    pub r3_off: ErrorSignal,
}

/// Everything the page shows, derived from a worksheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Computed {
    pub vars: Vec<f64>,
    pub node_values: Vec<f64>,
    pub value: f64,
    pub sweep: Sweep,
    pub fd: Vec<FdRow>,
    pub counts: OpCounts,
}

impl Default for Worksheet {
    fn default() -> Self {
        let (_, src, values) = PRESETS[0];
        Self::new(src, values).expect("the worked example parses")
    }
}

impl Worksheet {
    pub fn new(src: &str, values: &[(&str, f64)]) -> Result<Self, ParseError> {
        let graph = parse(src)?;
        let values: Vec<(String, f64)> = values.iter().map(|&(n, v)| (n.to_string(), v)).collect();
        let mut ws = Self {
            src: src.to_string(),
            good_src: src.to_string(),
            graph,
            error: None,
            previous: Vec::new(),
            values,
            r3_off: ErrorSignal::default(),
        };
        ws.fill_missing();
        ws.previous = ws.shifted();
        Ok(ws)
    }

    /// Takes new expression text. A good one replaces the graph; a bad one
    /// sets `error` and keeps the last good graph on screen.
    pub fn set_expr(&mut self, src: &str) {
        self.src = src.to_string();
        match parse(src) {
            Ok(g) => {
                self.graph = g;
                self.good_src = src.to_string();
                self.error = None;
                self.fill_missing();
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Loads a preset: its expression and its starting values.
    pub fn load_preset(&mut self, i: usize) {
        let (_, src, values) = PRESETS[i.min(PRESETS.len() - 1)];
        for &(n, v) in values {
            self.put(n, v);
        }
        self.set_expr(src);
        self.previous = self.shifted();
    }

    /// Sets one input. Non-finite values are refused with a message and the
    /// old value is kept.
    pub fn set_value(&mut self, name: &str, v: f64) -> Result<(), String> {
        if !v.is_finite() {
            return Err(format!("{name} must be a finite number"));
        }
        if self.value_of(name) != Some(v) {
            self.previous = self.values.clone();
            self.put(name, v);
        }
        Ok(())
    }

    pub fn value_of(&self, name: &str) -> Option<f64> {
        self.values.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }

    /// The current graph's inputs, in its variable order.
    pub fn vars(&self) -> Vec<f64> {
        self.bound(&self.values)
    }

    /// The requirements in force: the ticks `kept` (R1..R5) and this
    /// worksheet's R3 variant.
    pub fn requirements(&self, kept: [bool; 5]) -> Requirements {
        Requirements {
            kept,
            r3_off: self.r3_off,
        }
    }

    /// Everything the page shows, with R1..R5 ticked as `kept`.
    pub fn compute(&self, kept: [bool; 5]) -> Computed {
        let req = self.requirements(kept);
        let g = &self.graph;
        let vars = self.vars();
        let node_values = g.eval(&vars);
        let stale = g.eval(&self.bound(&self.previous));
        let sweep = backward(g, &node_values, &stale, req);
        let fd = finite_differences(g, &vars, &sweep.grads);
        Computed {
            value: node_values
                .get(g.output().index())
                .copied()
                .unwrap_or(f64::NAN),
            counts: op_counts(g, &vars),
            vars,
            node_values,
            sweep,
            fd,
        }
    }

    fn bound(&self, values: &[(String, f64)]) -> Vec<f64> {
        self.graph
            .vars
            .iter()
            .map(|n| {
                values
                    .iter()
                    .find(|(m, _)| m == n)
                    .map_or(DEFAULT_VALUE, |&(_, v)| v)
            })
            .collect()
    }

    fn put(&mut self, name: &str, v: f64) {
        match self.values.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.values.push((name.to_string(), v)),
        }
    }

    fn fill_missing(&mut self) {
        for name in self.graph.vars.clone() {
            if self.value_of(&name).is_none() {
                self.put(&name, DEFAULT_VALUE);
            }
        }
    }

    /// The default previous sample: every current input shifted.
    fn shifted(&self) -> Vec<(String, f64)> {
        let names: Vec<String> = self.values.iter().map(|(n, _)| n.clone()).collect();
        let vals: Vec<f64> = self.values.iter().map(|&(_, v)| v).collect();
        names.into_iter().zip(previous_sample(&vals)).collect()
    }
}
