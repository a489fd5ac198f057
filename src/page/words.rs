//! The learn path's words. Everything a student meets on the core tour,
//! in the worked example's step text, on the requirement boxes and in the
//! core exit ticket is written in the words and symbols listed here, or in
//! a glossary term (which the page defines where it appears, in words
//! from this list: `tests/it/words.rs` checks both). A word joins the
//! list only for a reader of about 16 who knows algebra but no calculus;
//! a symbol, only where the sentence that uses it says what it means
//! (noted beside it).

/// Everyday and school-algebra words, lower case. Single letters are
/// always allowed: they name the example's values (a, b, c, u, v, f, h).
#[rustfmt::skip]
pub const WORDS: &[&str] = &[
    "a", "about", "above", "add", "added", "after", "again", "against", "algebra", "align", "all", "along",
    "also", "always", "amount", "an", "and", "another", "answer", "any", "are", "arrived", "arrows", "as",
    "ask", "asks", "at", "average", "away", "back", "backwards", "be", "because", "been", "before", "beside",
    "best", "between", "bigger", "both", "brain", "breaks", "but", "button", "buttons", "by", "calculation", "called",
    "came", "can", "cannot", "card", "change", "changed", "changes", "check", "checks", "choose", "comes", "come", "complete", "computes",
    "connection", "connections", "copes", "corner", "cost", "costs", "could", "credit", "credits", "current",
    "defined", "depends", "did", "different", "direction", "divide", "divided", "does", "done", "down", "draw",
    "draws", "each", "earlier", "end", "ends", "every", "exact", "exactly", "example", "extra", "f", "false", "feed", "feeds",
    "fed", "few", "fibres", "figures", "finite", "first", "fixed", "for", "forward", "forwards", "found",
    "from", "full", "gets", "give", "given", "gives", "go", "goes", "going", "gone", "graph", "grew", "grow", "grows",
    "growth", "guess", "had", "half", "handed", "hands", "has", "have", "held", "how", "idea", "if", "in",
    "input", "inputs", "instead", "into", "is", "it", "its", "itself", "just", "kept", "kink", "known", "large",
    "last", "least", "left", "less", "lets", "listed", "little", "local", "look", "lost", "loses", "lower", "made", "make",
    "making", "many", "marks", "matches", "matter", "matters", "may", "means", "measured", "measures", "meet", "millions", "mistakes",
    "more", "most", "moves", "much", "multiplication", "multiplied", "multiplies", "multiply", "multiplying", "must", "needed", "needs",
    "negative", "nerve", "network", "new", "next", "no", "not", "nothing", "notice", "now", "nudge", "nudged",
    "nudges", "nudging", "number", "numbers", "of", "old", "on", "once", "one", "ones", "only", "open", "opposite",
    "or", "order", "other", "others", "out", "output", "own", "pass", "passed", "passes", "past", "per",
    "point", "positive", "press", "previous", "product", "products", "program", "put", "puts", "random", "rate", "rates",
    "raise", "read", "real", "really", "received", "remove", "removed", "removing", "replaced", "result",
    "results", "reveal", "right", "rise", "run", "runs", "same", "score", "second", "see", "sees", "send", "sends",
    "sent", "shared", "sharp", "show", "shows", "sign", "signals", "signs", "simply", "size", "slope", "slowly",
    "small", "so", "some", "squared", "start", "starts", "stay", "stays", "step", "stepped", "steps", "still", "stored",
    "strengths", "subtraction", "sum", "table", "takes", "task", "tested", "than", "that", "the", "their",
    "them", "then", "there", "these", "they", "things", "thinking", "this", "those", "thousands", "three",
    "through", "time", "times", "tiny", "to", "together", "told", "too", "tour", "true", "turns", "twice", "two", "type", "uses",
    "unchanged", "under", "unit", "units", "unrelated", "until", "up", "use", "used", "using", "value",
    "values", "visited", "wait", "walks", "watch", "way", "ways", "we", "were", "what", "when", "where",
    "whether", "which", "while", "whose", "why", "will", "with", "without", "work", "worked", "working",
    "would", "wrong", "you", "your", "yes", "zero", "guesses", "guessing", "written", "writes", "calls", "box",
    "boxes", "example's", "sample", "common", "belief", "objection", "answered", "showing", "separate", "set",
    "carry", "teaching", "signal", "test", "lab", "lab's", "requirement", "requirements", "sweep", "sweep's",
    "agree", "agrees", "agreement", "learn", "learns", "connected", "five", "four", "six", "seven", "eight",
    "nine", "ten", "twelve", "further", "older", "cheap", "cheaper", "blame", "deserves", "who", "step-by-step",
    "checking", "calculating", "option", "items", "largest", "flat", "growing", "difference", "differences",
    "feeding", "inputs'", "nodes'", "sums", "holding", "rest", "think", "people", "mark", "marked", "count",
    "counts", "leave", "leaves", "unit's", "kind", "machine", "machines", "cosine", "tells", "tell", "copy",
    "form", "name", "initials", "teacher", "class",
    // more everyday words
    "page", "holds", "far", "towards", "fast", "yet", "lowers", "makes", "smaller", "says", "falls", "text",
    "off", "find", "delivered", "expressions", "calculations", "gave", "chart", "below", "removal", "longer",
    "keep", "should", "error", "errors", "essay", "becomes", "carried", "stands", "do", "was", "never",
    "testing", "backward", "signed", "sweeps", "take", "waits", "passing", "get", "untick", "taken",
    "contributions", "arrive", "row", "rows", "sets", "reaches", "part", "system", "contributed", "knows",
    "drawing", "such", "works", "ordinary", "keeps", "several", "flows", "scales", "measuring", "list",
    "strongly", "move", "push", "obviously", "theirs", "saw", "bar", "well", "noisy", "shown", "over", "like",
    "compared", "rule", "rules", "travel", "straight", "learning", "went", "helped", "adds", "drawn", "fresh",
    "spread", "distance", "square", "root", "examples", "student", "trained", "learned", "perfect", "trains",
    "inside", "beat", "reached", "big", "fixes", "repeated", "better", "computing", "however", "digits",
    "faster", "barely", "differ", "here", "instructions", "multiplications", "train", "fading", "memory",
    "recent", "activity", "reward", "arriving", "later", "layer", "columns", "swapped", "fall", "moved",
    "curved", "answers", "angle", "gain", "doing", "browser's", "jumps", "already", "named", "top", "waiting", "strength", "dv", "δf", "books", "call", "whole", "fell", "rose", "worse", "stop", "alone", "fastest", "carries", "offered", "summary",
    "follows", "path", "hand", "counter", "tick",
    // ξ, σ, Δ (read as letters): the sentence that uses each names it (a
    // nudge, the nudges' size, the change in f)
    "ξ", "σ", "δ",
];

/// Symbols, with where the page says what each means.
pub const SYMBOLS: &[&str] = &[
    // arithmetic a 16-year-old writes
    "+", "−", "-", "×", "·", "/", "÷", "=", "(", ")", "²", "%", "…", "≈", "<", ">", "±", "°",
    // punctuation and the page's marks
    ".", ",", ":", ";", "!", "?", "'", "’", "“", "”", "—", "–", "✓", "✗", "▶", "◀", "▴", "▾", "→",
    "↓", // x̄ (read "x bar", the credit of x): step 0's text says so
    "\u{304}",
    // d(v²)/dv and ∂f/∂a: each follows "how fast … grows" or "how much … changes" in the same sentence
    "∂",
];

/// The parts of `text` outside the glossary's terms, which the page
/// defines where they appear (each place blanked out).
fn without_terms(text: &str) -> String {
    let mut out = text.to_string();
    for t in &crate::page::glossary::GLOSSARY {
        for (a, b) in crate::page::glossary::places(t, text) {
            out.replace_range(a..b, &" ".repeat(b - a));
        }
    }
    out
}

/// The words and symbols of `text` on neither list (nor in a glossary
/// term), each once, in order.
pub fn unknown(text: &str) -> Vec<String> {
    let rest = without_terms(text);
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    let push = |w: String, out: &mut Vec<String>| {
        let known = w.chars().count() == 1 && w.chars().all(|c| c.is_ascii_alphabetic())
            || WORDS.contains(&w.as_str())
            || w.strip_suffix("'s")
                .is_some_and(|b| WORDS.contains(&b) || b.len() == 1);
        if !known && !out.contains(&w) {
            out.push(w);
        }
    };
    for c in rest.chars().chain(std::iter::once(' ')) {
        if c.is_alphabetic() || (c == '\'' && !word.is_empty()) || (c == '-' && !word.is_empty()) {
            word.extend(c.to_lowercase());
            continue;
        }
        if !word.is_empty() {
            let w = std::mem::take(&mut word);
            let w = w.trim_end_matches(['\'', '-']).to_string();
            // a hyphenated word is its parts
            for part in w.split('-').filter(|p| !p.is_empty()) {
                push(part.to_string(), &mut out);
            }
        }
        if c.is_whitespace() || c.is_ascii_digit() {
            continue;
        }
        let sym = c.to_string();
        if !SYMBOLS.contains(&sym.as_str()) && !out.contains(&sym) {
            out.push(sym);
        }
    }
    out
}
