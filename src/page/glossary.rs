//! Plain words for every term on screen: one row per term (what the page
//! calls it, other spellings it matches, a plain definition of a sentence
//! or two, the essay's word, where it appears). The Glossary panel lists
//! the rows; `ui::shell::terms` finds the terms in a text and attaches the
//! definition to each (a button described by it, on tap, hover or focus).

use crate::engine::order::{sort_by, sort_by_key};

/// One term.
pub struct Term {
    /// Stable id (for links and tests).
    pub id: &'static str,
    /// The term as the page writes it.
    pub term: &'static str,
    /// Other spellings the page uses for the same thing (matched too).
    pub also: &'static [&'static str],
    /// What it means, in words a 16-year-old who knows algebra but no
    /// calculus has.
    pub plain: &'static str,
    /// The precise meaning, where the plain words leave it out ("" when
    /// the plain one is already exact).
    pub precise: &'static str,
    /// The essay's word for it (or "not in the essay").
    pub essay: &'static str,
    /// Where it appears.
    pub where_: &'static str,
}

pub const GLOSSARY: [Term; 36] = [
    Term { id: "credit-assignment", term: "credit assignment", also: &[],
        plain: "Working out how much each part of a system contributed to the result, so that each part knows how to change.",
        precise: "",
        essay: "credit assignment", where_: "everywhere" },
    Term { id: "graph", term: "computation graph", also: &["graph"],
        plain: "A drawing of a calculation: each box (node) is one step, and arrows show which results feed which.",
        precise: "",
        essay: "computation graph", where_: "the worked example" },
    Term { id: "node", term: "node", also: &["nodes"],
        plain: "One box in the graph: an input, a fixed number, or one step of the calculation such as × or +.",
        precise: "",
        essay: "node", where_: "the worked example" },
    Term { id: "adjoint", term: "adjoint", also: &["adjoints", "x̄"],
        plain: "A node's credit: how much f would change if this node's value grew a little, per unit of growth. Backprop works one out for every node; it is written x̄ for a node x.",
        precise: "∂f/∂x, the partial derivative of the output f with respect to the node's value x.",
        essay: "adjoint", where_: "the worked example, the tour" },
    Term { id: "sweep", term: "backward sweep", also: &["sweep", "reverse sweep"],
        plain: "The pass that starts at the output and sends credit back along the arrows, one node at a time, until every input has its credit.",
        precise: "Reverse-mode automatic differentiation: the nodes visited in reverse topological order, each adding its adjoint times its local derivatives to its inputs' adjoints.",
        essay: "reverse sweep", where_: "the worked example" },
    Term { id: "forward-sweep", term: "forward sweep", also: &["forward pass"],
        plain: "The ordinary calculation from the inputs to the output, which also keeps each node's value for the backward sweep.",
        precise: "",
        essay: "forward sweep", where_: "the worked example, the network panel" },
    Term { id: "local-derivative", term: "local derivative", also: &["local derivatives", "backward factor"],
        plain: "How fast one node's result grows when one of its inputs grows a little, the others held still: for a·b it is b for a (the rate), for v² it is 2v.",
        precise: "The partial derivative of a node's output with respect to one input, at the values it stored: ∂(a·b)/∂a = b.",
        essay: "local derivative", where_: "the worked example, R2 and R4" },
    Term { id: "fan-out", term: "fan-out", also: &[],
        plain: "When one value feeds several nodes. Its credit is the sum of what each of those nodes sends back.",
        precise: "",
        essay: "fan-out", where_: "the worked example, R5" },
    Term { id: "consumer", term: "consumer", also: &["consumers"],
        plain: "A node that uses another node's value as an input. Credit flows from it back to its inputs.",
        precise: "",
        essay: "not in the essay (the page's word)", where_: "the worked example's step text" },
    Term { id: "operand", term: "forward operand", also: &["operand"],
        plain: "The other input of a product: in a·b, the other input for a is b, the number that scales a's credit.",
        precise: "",
        essay: "not in the essay (the page's word)", where_: "the worked example, R4" },
    Term { id: "fd", term: "finite difference", also: &["finite-difference", "central difference"],
        plain: "A check of a credit by nudging an input a tiny step up and down and measuring how much f moves: the change in f divided by the size of the step.",
        precise: "The central difference (f(x+h) − f(x−h)) / 2h, whose error shrinks like h².",
        essay: "finite differences", where_: "the worked example's check table" },
    Term { id: "gradient", term: "gradient", also: &["gradients"],
        plain: "The list of every input's credit: which way, and how strongly, each input should move to raise f.",
        precise: "The vector of partial derivatives ∂f/∂x over the inputs x.",
        essay: "gradient", where_: "everywhere" },
    Term { id: "requirement", term: "requirement", also: &["requirements", "R1–R5"],
        plain: "One of the five things backprop needs (R1 stored activity, R2 local derivatives, R3 a signed error for each unit, R4 weight transport, R5 ordering). Untick one to see what breaks.",
        precise: "",
        essay: "the five requirements", where_: "the checkboxes, the lab" },
    Term { id: "stored-activity", term: "stored activity", also: &["stale activity"],
        plain: "R1: the values from this same forward sweep, kept until the backward sweep needs them. Without it, the sweep uses an older example's values.",
        precise: "",
        essay: "stored activity (R1)", where_: "the checkboxes, the lab" },
    Term { id: "signed-error", term: "signed per-unit error", also: &["per-unit error"],
        plain: "R3: each unit gets its own error with a sign (push up or push down), not one shared score for all.",
        precise: "",
        essay: "signed, unit-specific error (R3)", where_: "the checkboxes, the lab" },
    Term { id: "weight-transport", term: "weight transport", also: &[],
        plain: "R4: the backward sweep uses the same numbers as the forward one (in a network, the same connection strengths), which a brain's one-way nerve fibres cannot obviously do.",
        precise: "The backward pass multiplies by Wᵀ, the transpose of the forward weights.",
        essay: "weight transport (R4)", where_: "the checkboxes, the lab" },
    Term { id: "ordering", term: "ordering", also: &["depth-first"],
        plain: "R5: a node sends credit back only after every node it feeds has sent it theirs, so its credit is complete when used.",
        precise: "Visiting the nodes in reverse topological order.",
        essay: "ordering (R5)", where_: "the checkboxes, the worked example" },
    Term { id: "transpose", term: "Wᵀ", also: &["W^T", "transpose"],
        plain: "The forward connection strengths read backwards (rows and columns swapped): what exact backprop sends errors back through.",
        precise: "",
        essay: "the transpose of the forward weights", where_: "the lab, the network panel" },
    Term { id: "delta", term: "δ", also: &["delta", "error signal"],
        plain: "An inside unit's error: how much the network's error would fall if that unit's input grew a little. Backprop works it out exactly; the other rules guess it.",
        precise: "δ = ∂L/∂z, the derivative of the loss with respect to the unit's input z.",
        essay: "the error δ", where_: "the network panel" },
    Term { id: "backprop", term: "backprop", also: &["backpropagation", "bp"],
        plain: "The exact backward sweep through a network: every unit gets its true error, sent back through the forward connections. The one every other rule is compared with.",
        precise: "",
        essay: "backpropagation", where_: "the lab" },
    Term { id: "fa", term: "feedback alignment", also: &["FA"],
        plain: "Errors travel back through fixed random connections instead of the forward ones; the forward connections then learn to agree with them.",
        precise: "",
        essay: "feedback alignment", where_: "the lab" },
    Term { id: "dfa", term: "direct feedback alignment", also: &["DFA"],
        plain: "Like feedback alignment, but the output's error goes straight to every inside layer through its own fixed random connections.",
        precise: "",
        essay: "direct feedback alignment", where_: "the lab" },
    Term { id: "perturbation", term: "perturbation", also: &["node perturbation", "weight perturbation"],
        plain: "Learning from one shared score: nudge the units (or the connection strengths) at random, see whether the error went down, and move the way that helped.",
        precise: "",
        essay: "perturbation methods", where_: "the lab, the studies" },
    Term { id: "xi", term: "ξ", also: &["xi"],
        plain: "The random nudge a perturbation rule adds, drawn fresh each time.",
        precise: "",
        essay: "the perturbation ξ", where_: "the lab's update texts" },
    Term { id: "variance", term: "σ²", also: &["variance"],
        plain: "How spread out a set of numbers is (the average squared distance from their average); σ is its square root.",
        precise: "",
        essay: "variance", where_: "the lab's update texts, the scaling chart" },
    Term { id: "nmse", term: "nMSE", also: &["normalised MSE", "test normalised MSE"],
        plain: "The error on test examples the network never trained on, divided by the error of always guessing the average: 1 means it learned nothing, 0 is perfect.",
        precise: "Test mean squared error divided by the variance of the test targets.",
        essay: "normalised mean squared error", where_: "the lab's charts and tables" },
    Term { id: "readout-floor", term: "readout-only floor", also: &["readout only", "readout-only"],
        plain: "A network that trains only its last layer, with no credit inside the network: the score any rule must beat to show that credit reached the inside units.",
        precise: "",
        essay: "readout only", where_: "the lab, the studies" },
    Term { id: "learning-rate", term: "learning rate", also: &["learning rates"],
        plain: "How big a step each change to the connection strengths takes. Too small learns slowly; too large jumps past the best values and the error grows without end.",
        precise: "",
        essay: "learning rate", where_: "the lab's settings and tables" },
    Term { id: "seed", term: "seed", also: &["seeds"],
        plain: "The number that fixes every random draw, so a run can be repeated exactly.",
        precise: "",
        essay: "seed", where_: "the lab, the studies" },
    Term { id: "teacher", term: "teacher", also: &["teacher gain"],
        plain: "A fixed random network that gives the right answers; the student network learns to copy it. Its gain G makes the teacher's answers more or less curved.",
        precise: "",
        essay: "teacher–student task", where_: "the lab, the studies" },
    Term { id: "alignment-angle", term: "alignment angle", also: &["angle"],
        plain: "The angle between a rule's change to the connection strengths and backprop's: 0° is the same direction, 90° is no better than random.",
        precise: "",
        essay: "alignment angle", where_: "the lab's charts" },
    Term { id: "reverse-mode", term: "reverse mode", also: &["forward mode", "tangent passes"],
        plain: "Reverse mode gets every input's credit in one backward sweep; forward mode needs one pass per input.",
        precise: "Forward mode propagates one tangent (directional derivative) per pass; reverse mode propagates adjoints once.",
        essay: "forward and reverse mode", where_: "the worked example's costs" },
    Term { id: "cheap-gradient", term: "cheap gradient principle", also: &["Griewank"],
        plain: "Every input's credit together costs a few times the work of computing f once, however many inputs there are.",
        precise: "Griewank's cheap gradient principle: the gradient costs at most a small constant (about 3 for products) times one evaluation of f.",
        essay: "the cheap gradient principle (Griewank 2012)", where_: "the worked example's costs" },
    Term { id: "precision", term: "f64", also: &["f32", "arithmetic"],
        plain: "How many digits each number keeps: f64 about 16, f32 about 7. f32 is faster; the results barely differ here.",
        precise: "",
        essay: "not in the essay", where_: "the lab's settings" },
    Term { id: "simd", term: "SIMD128", also: &["relaxed SIMD"],
        plain: "The browser's instructions that do several multiplications at once; the page uses them to train fast.",
        precise: "",
        essay: "not in the essay", where_: "the lab's timings" },
    Term { id: "eligibility-trace", term: "eligibility trace", also: &["three-factor"],
        plain: "A fading memory, at each connection, of recent activity, so that a reward arriving later can still change the right connections.",
        precise: "",
        essay: "eligibility trace", where_: "the lab (Part 4)" },
];

/// The link to the essay (its public address, from its citation).
pub const ESSAY_URL: &str =
    "https://rajeshrmahapatra.com/papers/mind-frontier/U0379-backpropagation-as-local-credit-assignment.html";

/// Whether `c` would join a word (so a term must not touch it): the
/// letters of the scripts our texts use (Latin, accented Latin, Greek) and
/// ASCII digits, but not subscripts or superscripts (δ₂ holds δ). A range
/// check, not `char::is_alphabetic`, whose Unicode tables the page would
/// download for this alone.
fn joins(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || ('\u{c0}'..='\u{24f}').contains(&c)
        || ('\u{370}'..='\u{3ff}').contains(&c)
}

/// The glossary's terms in `text`: (byte start, byte end, row) for the
/// first place each term appears, whole words only, written as in the
/// table or with a capital first letter; the longest spelling wins where
/// two overlap. In text order.
pub fn find_terms(text: &str) -> Vec<(usize, usize, &'static Term)> {
    let mut found: Vec<(usize, usize, &'static Term)> = Vec::new();
    for t in &GLOSSARY {
        let best = places(t, text)
            .into_iter()
            .min_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)));
        if let Some((a, b)) = best {
            found.push((a, b, t));
        }
    }
    // longest first at a place, then keep those that overlap nothing kept
    sort_by(&mut found, |x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)));
    let mut kept: Vec<(usize, usize, &'static Term)> = Vec::new();
    for f in found {
        if kept.iter().all(|k| f.1 <= k.0 || f.0 >= k.1) {
            kept.push(f);
        }
    }
    sort_by_key(&mut kept, |k| k.0);
    kept
}

/// Every place (byte start, end) `t` appears in `text` as a whole word,
/// in any of its spellings, as written or with a capital first letter
/// (an ASCII capital only: δ's capital Δ is another symbol).
pub fn places(t: &Term, text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for s in std::iter::once(&t.term).chain(t.also.iter()) {
        let mut cap = s.to_string();
        if let Some(first) = cap.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        for spelling in [s.to_string(), cap] {
            let mut from = 0;
            while let Some(i) = text[from..].find(&spelling) {
                let (a, b) = (from + i, from + i + spelling.len());
                let before = text[..a].chars().next_back();
                let after = text[b..].chars().next();
                if !before.is_some_and(joins) && !after.is_some_and(joins) {
                    out.push((a, b));
                }
                from = b;
            }
        }
    }
    out
}

/// The row with this id.
pub fn term(id: &str) -> Option<&'static Term> {
    GLOSSARY.iter().find(|t| t.id == id)
}
