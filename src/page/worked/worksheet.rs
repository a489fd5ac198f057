//! The worked-example page's state as a plain type: the expression, the
//! last good graph, the input values and the previous sample (which R1's
//! ablation reads), the seed and number of draws, and everything derived
//! from them. The page only wires signals to these methods.

use crate::engine::check::{cosine, finite_differences, op_counts, FdRow, OpCounts};
use crate::engine::graph::Graph;
use crate::engine::parse::{parse, ParseError};
use crate::engine::sweep::perturb::MAX_DRAWS;
use crate::engine::sweep::{backward, ErrorSignal, Requirements, Sweep, STALE_SHIFT};

pub use crate::engine::presets::{Preset, FAN_OUT_PRESET, PRESETS};

/// The value a variable gets when it first appears.
pub const DEFAULT_VALUE: f64 = 1.0;
/// How far a learning step moves each input: this times its credit
/// (small enough that f falls on the worked example, large enough to see).
pub const LEARN_RATE: f64 = 0.01;

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
    /// The "previous sample" whose stored values the sweep reads when R1
    /// is removed: the values before the last edit, or set by hand. A
    /// variable missing here is its current value plus `STALE_SHIFT`.
    pub previous: Vec<(String, f64)>,
    /// The variable being dragged on a slider: the previous sample is
    /// taken once, when the drag starts.
    pub dragging: Option<String>,
    /// Seeds the scrambling permutation and the perturbations.
    pub seed: u64,
    /// With one shared score: how many perturbed runs are averaged.
    pub draws: u32,
}

/// Everything the page shows, derived from a worksheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Computed {
    pub req: Requirements,
    pub vars: Vec<f64>,
    /// Each variable's node, in the graph's variable order.
    pub var_nodes: Vec<crate::engine::NodeId>,
    pub node_values: Vec<f64>,
    /// The previous sample's inputs and node values (R1's stale activity).
    pub previous: Vec<f64>,
    pub stale_values: Vec<f64>,
    pub value: f64,
    pub sweep: Sweep,
    /// The exact gradient, every node's exact adjoint, and the cosine of
    /// the swept gradient with the exact one.
    pub exact: Vec<f64>,
    pub exact_credit: Vec<f64>,
    pub cosine: f64,
    pub fd: Vec<FdRow>,
    pub counts: OpCounts,
}

/// What one learning step did: each input from → to, and f before and
/// after.
#[derive(Clone, Debug, PartialEq)]
pub struct Learned {
    pub moves: Vec<(String, f64, f64)>,
    pub f: (f64, f64),
}

impl Learned {
    /// The step in a learner's words.
    pub fn words(&self) -> String {
        use crate::engine::fmt::fmt_minus as fmt_sig;
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|(n, a, b)| format!("{n}: {} → {}", fmt_sig(*a), fmt_sig(*b)))
            .collect();
        let (b, a) = self.f;
        let (how, then) = if a < b {
            ("f fell", "A credit says which way makes f grow, so a step the other way makes f fall. This is how a machine learns: when f measures its mistakes, steps like this make them smaller.")
        } else if a > b {
            ("f rose", "These credits point the wrong way, so a step against them makes f worse: a machine learns only with the right credits.")
        } else {
            ("f stayed", "These credits did not move f.")
        };
        format!(
            "{how} from {} to {}. Each input moved against its credit by {LEARN_RATE} times it ({}). {then}",
            fmt_sig(b),
            fmt_sig(a),
            moves.join(", ")
        )
    }
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
            dragging: None,
            values,
            seed: 0,
            draws: 1,
        };
        ws.fill_missing();
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

    /// Loads a preset: its expression and its starting values; the
    /// previous sample goes back to its default.
    pub fn load_preset(&mut self, i: usize) {
        let (_, src, values) = PRESETS[i.min(PRESETS.len() - 1)];
        for &(n, v) in values {
            self.put(n, v);
        }
        self.set_expr(src);
        self.previous.clear();
        self.draws = 1;
    }

    /// Sets one input (a typed value, or a slider let go). The values
    /// before the edit become the previous sample. Non-finite values are
    /// refused with a message and the old value is kept.
    pub fn set_value(&mut self, name: &str, v: f64) -> Result<(), String> {
        self.set_live(name, v)?;
        self.dragging = None;
        Ok(())
    }

    /// Sets one input while a slider is dragged: the previous sample is
    /// taken once, at the start of the drag.
    pub fn set_live(&mut self, name: &str, v: f64) -> Result<(), String> {
        if !v.is_finite() {
            return Err(format!("{name} must be a finite number"));
        }
        if self.value_of(name) != Some(v) {
            if self.dragging.as_deref() != Some(name) {
                self.previous = self.current_as_previous();
            }
            self.put(name, v);
        }
        self.dragging = Some(name.to_string());
        Ok(())
    }

    /// One learning step: each input moves against the credit it was
    /// given, by `LEARN_RATE` times that credit (the values before become
    /// the previous sample). Returns f before and after, or why not (a
    /// credit or a new value that is not a finite number).
    pub fn learn_step(&mut self, credits: &[f64]) -> Result<Learned, String> {
        let names = self.graph.vars.clone();
        let moved: Vec<(String, f64)> = names
            .iter()
            .zip(credits)
            .map(|(n, g)| {
                (
                    n.clone(),
                    self.value_of(n).unwrap_or(DEFAULT_VALUE) - LEARN_RATE * g,
                )
            })
            .collect();
        if moved.len() != names.len() || moved.iter().any(|(_, v)| !v.is_finite()) {
            return Err("no learning step: a credit is not a finite number".into());
        }
        let before = self.compute([true; 5], ErrorSignal::default()).value;
        self.previous = self.current_as_previous();
        let mut moves = Vec::new();
        for (n, v) in &moved {
            moves.push((n.clone(), self.value_of(n).unwrap_or(DEFAULT_VALUE), *v));
            self.put(n, *v);
        }
        self.dragging = None;
        let after = self.compute([true; 5], ErrorSignal::default()).value;
        Ok(Learned {
            moves,
            f: (before, after),
        })
    }

    /// Sets one input of the previous sample by hand.
    pub fn set_previous(&mut self, name: &str, v: f64) -> Result<(), String> {
        if !v.is_finite() {
            return Err(format!("the previous {name} must be a finite number"));
        }
        let mut prev = self.current_as_previous_of(&self.previous);
        match prev.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => prev.push((name.to_string(), v)),
        }
        self.previous = prev;
        Ok(())
    }

    /// Sets the number of draws averaged (1 to `MAX_DRAWS`).
    pub fn set_draws(&mut self, draws: u32) {
        self.draws = draws.clamp(1, MAX_DRAWS);
    }

    pub fn value_of(&self, name: &str) -> Option<f64> {
        self.values.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }

    /// The previous sample's value of `name`: as set, or the current value
    /// shifted by `STALE_SHIFT`.
    pub fn previous_of(&self, name: &str) -> f64 {
        self.previous
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
            .unwrap_or_else(|| self.value_of(name).unwrap_or(DEFAULT_VALUE) + STALE_SHIFT)
    }

    /// The current graph's inputs with their values, in its order.
    pub fn current_values(&self) -> Vec<(String, f64)> {
        self.graph
            .vars
            .iter()
            .map(|n| (n.clone(), self.value_of(n).unwrap_or(DEFAULT_VALUE)))
            .collect()
    }

    /// The current graph's inputs, in its variable order.
    pub fn vars(&self) -> Vec<f64> {
        self.graph
            .vars
            .iter()
            .map(|n| self.value_of(n).unwrap_or(DEFAULT_VALUE))
            .collect()
    }

    /// The previous sample's inputs, in the graph's variable order.
    pub fn previous_vars(&self) -> Vec<f64> {
        self.graph
            .vars
            .iter()
            .map(|n| self.previous_of(n))
            .collect()
    }

    /// The requirements in force: the ticks `kept` (R1..R5), the R3
    /// variant, and this worksheet's seed and draws.
    pub fn requirements(&self, kept: [bool; 5], r3_off: ErrorSignal) -> Requirements {
        Requirements {
            kept,
            r3_off,
            seed: self.seed,
            draws: self.draws,
        }
    }

    /// Everything the page shows, with R1..R5 ticked as `kept`.
    pub fn compute(&self, kept: [bool; 5], r3_off: ErrorSignal) -> Computed {
        let req = self.requirements(kept, r3_off);
        let g = &self.graph;
        let vars = self.vars();
        let node_values = g.eval(&vars);
        let previous = self.previous_vars();
        let stale_values = g.eval(&previous);
        let sweep = backward(g, &node_values, &stale_values, req);
        let exact = backward(g, &node_values, &node_values, Requirements::default());
        Computed {
            req,
            value: node_values
                .get(g.output().index())
                .copied()
                .unwrap_or(f64::NAN),
            fd: finite_differences(g, &vars, &sweep.grads),
            cosine: cosine(&sweep.grads, &exact.grads),
            counts: op_counts(g),
            exact: exact.grads,
            exact_credit: exact.credit,
            var_nodes: g.var_nodes(),
            vars,
            node_values,
            previous,
            stale_values,
            sweep,
        }
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

    /// The current values as a previous sample: what an edit leaves behind.
    fn current_as_previous(&self) -> Vec<(String, f64)> {
        self.values.clone()
    }

    /// `prev` completed for every current variable, so that setting one
    /// previous value by hand keeps the others where they were shown.
    fn current_as_previous_of(&self, prev: &[(String, f64)]) -> Vec<(String, f64)> {
        let mut out = prev.to_vec();
        for (n, _) in &self.values {
            if !out.iter().any(|(m, _)| m == n) {
                out.push((n.clone(), self.previous_of(n)));
            }
        }
        out
    }
}

impl Computed {
    /// What the requirements kept (`removed`: "R4 removed", "all five
    /// requirements kept") did to the sweep's credits, in one sentence
    /// for a screen reader: each wrong credit beside the true one, the
    /// right ones, and how far their direction turned, numbers at four
    /// significant figures (the table has them in full).
    pub fn consequence(&self, removed: &str) -> String {
        let four = crate::engine::fmt::fmt_four;
        let (mut wrong, mut right) = (Vec::new(), Vec::new());
        // (as the check table marks them: ✗ where the credit given is not
        // what the nudges find)
        for r in &self.fd {
            if r.verdict() == crate::engine::check::Verdict::Wrong {
                wrong.push(format!(
                    "{}'s is {} instead of {}",
                    r.name,
                    four(r.analytic),
                    four(r.numeric)
                ));
            } else {
                right.push(format!("{}'s {}", r.name, four(r.analytic)));
            }
        }
        let mut removed = removed.to_string();
        if let Some(c) = removed.get_mut(..1) {
            c.make_ascii_uppercase();
        }
        if wrong.is_empty() {
            return format!(
                "{removed}: every credit matches the nudges: {}.",
                right.join(", ")
            );
        }
        let still = if right.is_empty() {
            String::new()
        } else {
            format!("; still right: {}", right.join(", "))
        };
        let cos = if self.cosine.is_finite() {
            format!(
                " Same direction as the true credits: {} (1 = exactly).",
                four(self.cosine).trim_start_matches('+')
            )
        } else {
            String::new()
        };
        format!(
            "{removed}: {} credit{} wrong: {}{still}.{cos}",
            wrong.len(),
            if wrong.len() == 1 { "" } else { "s" },
            wrong.join(", ")
        )
    }

    /// The check by small nudges in one sentence, as the sweep's end says
    /// it: each input's credit, what the nudges found and the verdict,
    /// at four significant figures (the table has them in full).
    pub fn check_said(&self) -> String {
        use crate::engine::check::Verdict;
        use crate::engine::fmt::fmt_four as four;
        let rows: Vec<String> = self
            .fd
            .iter()
            .map(|r| {
                let (a, n) = (four(r.analytic), four(r.numeric));
                match r.verdict() {
                    Verdict::Agrees => {
                        format!("{}'s credit {a} agrees with the nudges' {n}", r.name)
                    }
                    Verdict::Wrong => {
                        format!("{}'s credit {a} is wrong: the nudges find {n}", r.name)
                    }
                    Verdict::NotDifferentiable => format!(
                        "{}'s credit {a}: f has a kink here, the nudges cannot check it",
                        r.name
                    ),
                    Verdict::NotFinite => format!("{}'s credit is not a finite number", r.name),
                    Verdict::TooCoarse => {
                        format!("{}'s credit {a}: the nudges ({n}) cannot tell here", r.name)
                    }
                }
            })
            .collect();
        format!("Checked by small nudges: {}.", rows.join("; "))
    }

    /// The swept gradient equals the exact one (up to rounding).
    pub fn grads_match(&self) -> bool {
        self.sweep
            .grads
            .iter()
            .zip(&self.exact)
            .all(|(a, b)| crate::engine::fmt::close(*a, *b))
    }
}

impl Computed {
    /// `node`'s own adjoint in the sweep (before R3's ablation replaced
    /// its credit), or 0 if it was never visited.
    pub fn sweep_adjoint(&self, node: crate::engine::NodeId) -> f64 {
        self.sweep
            .steps
            .iter()
            .find(|s| s.node == node)
            .map_or(0.0, |s| s.adjoint)
    }
}
