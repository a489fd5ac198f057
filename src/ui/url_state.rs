//! The shareable state: which view, the R1–R5 ticks, the lab's methods,
//! learning rate, seed and steps, in the URL's query string, so a link
//! reproduces a run. Every key is listed once in `KEYS`; parse and print
//! are pure and round-trip; a bad or unknown value falls back to the
//! default with a notice. (Plain Rust: no browser types here.)

use crate::lab::method::{R3_CHOICES, R4_CHOICES};
use crate::lab::Method;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Graph,
    Lab,
}

/// Every URL key, with what it holds.
pub const KEYS: [(&str, &str); 9] = [
    ("view", "graph or lab"),
    ("req", "five 0/1 ticks for R1..R5, e.g. 11101"),
    (
        "r3",
        "the R3 ablation: node_perturbation, weight_perturbation, scrambled or sign_dropped",
    ),
    ("r4", "the R4 ablation: fa or dfa"),
    ("methods", "comma-separated method ids added to the lab"),
    (
        "lr",
        "learning rate for every method, 0 < lr ≤ 10; absent or 'best': each method its own best rate",
    ),
    ("seed", "seed, a whole number"),
    ("steps", "training steps, 1 to 20000"),
    ("gain", "the teacher gain G, 0.1 to 10 (1 is SPEC's teacher)"),
];

pub const MAX_STEPS: usize = 20_000;

#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub view: View,
    pub kept: [bool; 5],
    pub r3: Method,
    pub r4: Method,
    /// Methods added to the comparison beside the one the ticks select.
    pub methods: Vec<Method>,
    /// One rate for every method, or `None`: each method at its own best
    /// rate from the grid.
    pub lr: Option<f64>,
    pub seed: u64,
    pub steps: usize,
    /// The teacher gain (1 is SPEC's teacher).
    pub gain: f64,
}

impl Default for AppState {
    fn default() -> Self {
        Self {
            view: View::Graph,
            kept: [true; 5],
            r3: Method::NodePerturbation,
            r4: Method::Fa,
            methods: Vec::new(),
            lr: None,
            seed: 0,
            steps: 3000,
            gain: 1.0,
        }
    }
}

impl AppState {
    /// Parses a query string (with or without the leading `?`). Returns the
    /// state and one notice per key that could not be used.
    pub fn from_query(query: &str) -> (Self, Vec<String>) {
        let mut s = Self::default();
        let mut notices = Vec::new();
        let q = query.strip_prefix('?').unwrap_or(query);
        for pair in q.split('&').filter(|p| !p.is_empty()) {
            let (k, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let v = decode(raw);
            let mut bad =
                |what: &str| notices.push(format!("{k}={v} is not {what}; using the default"));
            match k {
                "view" => match v.as_str() {
                    "graph" => s.view = View::Graph,
                    "lab" => s.view = View::Lab,
                    _ => bad("a view (graph or lab)"),
                },
                "req" => match parse_ticks(&v) {
                    Some(t) => s.kept = t,
                    None => bad("five 0/1 ticks"),
                },
                "r3" => match Method::from_id(&v).filter(|m| R3_CHOICES.contains(m)) {
                    Some(m) => s.r3 = m,
                    None => bad("an R3 ablation"),
                },
                "r4" => match Method::from_id(&v).filter(|m| R4_CHOICES.contains(m)) {
                    Some(m) => s.r4 = m,
                    None => bad("an R4 ablation"),
                },
                "methods" => {
                    let parsed: Option<Vec<Method>> = v
                        .split(',')
                        .filter(|p| !p.is_empty())
                        .map(Method::from_id)
                        .collect();
                    match parsed {
                        Some(ms) => s.methods = ms,
                        None => bad("a list of method ids"),
                    }
                }
                "lr" => match parse_lr(&v) {
                    Some(x) => s.lr = x,
                    None => bad("a learning rate in (0, 10] or 'best'"),
                },
                "gain" => match parse_gain(&v) {
                    Some(g) => s.gain = g,
                    None => bad("a teacher gain from 0.1 to 10"),
                },
                "seed" => match v.parse::<u64>() {
                    Ok(x) => s.seed = x,
                    _ => bad("a whole-number seed"),
                },
                "steps" => match v.parse::<usize>() {
                    Ok(x) if (1..=MAX_STEPS).contains(&x) => s.steps = x,
                    _ => bad("a step count from 1 to 20000"),
                },
                _ => notices.push(format!("unknown URL key '{k}' ignored")),
            }
        }
        (s, notices)
    }

    /// The query string, keys in `KEYS` order, defaults left out.
    pub fn to_query(&self) -> String {
        let d = Self::default();
        let mut parts = Vec::new();
        if self.view != d.view {
            parts.push("view=lab".to_string());
        }
        if self.kept != d.kept {
            parts.push(format!(
                "req={}",
                self.kept
                    .iter()
                    .map(|&k| if k { '1' } else { '0' })
                    .collect::<String>()
            ));
        }
        if self.r3 != d.r3 {
            parts.push(format!("r3={}", self.r3.id()));
        }
        if self.r4 != d.r4 {
            parts.push(format!("r4={}", self.r4.id()));
        }
        if !self.methods.is_empty() {
            let ids: Vec<&str> = self.methods.iter().map(|m| m.id()).collect();
            parts.push(format!("methods={}", ids.join(",")));
        }
        if let Some(lr) = self.lr {
            parts.push(format!("lr={lr}"));
        }
        if self.seed != d.seed {
            parts.push(format!("seed={}", self.seed));
        }
        if self.steps != d.steps {
            parts.push(format!("steps={}", self.steps));
        }
        if self.gain != d.gain {
            parts.push(format!("gain={}", self.gain));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    /// The methods that train: the one the ticks select; beside an
    /// ablation, bp and the readout-only floor as references; then the added.
    pub fn training(&self) -> Vec<Method> {
        let selected = crate::lab::method::select(self.kept, self.r3, self.r4);
        let mut out = vec![selected];
        if selected != Method::Bp {
            out.extend(REFERENCES);
        }
        for &m in &self.methods {
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }
}

/// Trained beside any ablation the ticks select, for comparison.
pub const REFERENCES: [Method; 2] = [Method::Bp, Method::ReadoutOnly];

/// "best" → each method its own rate; a number in (0, 10] → that
/// rate for all. `None` if neither.
pub fn parse_lr(v: &str) -> Option<Option<f64>> {
    match v.trim() {
        "best" => Some(None),
        t => t
            .parse::<f64>()
            .ok()
            .filter(|x| *x > 0.0 && *x <= 10.0)
            .map(Some),
    }
}

pub fn parse_gain(v: &str) -> Option<f64> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|g| crate::lab::task::GAIN_RANGE.contains(g))
}

fn parse_ticks(v: &str) -> Option<[bool; 5]> {
    let b = v.as_bytes();
    if b.len() != 5 || !b.iter().all(|c| *c == b'0' || *c == b'1') {
        return None;
    }
    let mut t = [true; 5];
    for (i, c) in b.iter().enumerate() {
        t[i] = *c == b'1';
    }
    Some(t)
}

/// Percent-decoding for the few characters our values can carry.
fn decode(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                match u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16)
                {
                    Ok(c) => {
                        out.push(c);
                        i += 3;
                        continue;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
