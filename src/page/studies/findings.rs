//! What a study found, in sentences built from its own numbers (the page
//! and the README say the same; nothing here expects an answer).

use crate::lab::method::Method;
use crate::lab::study::depth::DepthStudy;
use crate::lab::study::width::WidthRow;

fn ratio(x: Option<f64>) -> String {
    match x {
        Some(r) if r.is_finite() => format!("{r:.1}×"),
        Some(_) => "diverged at every rate, ∞×".into(),
        None => "—".into(),
    }
}

/// The depth study: the cost of removing R4 (FA, DFA) and R3 (node
/// perturbation, scrambled) at each depth, and whether R3 costs more than
/// R4 (node perturbation against FA, the essay's pair) at every depth.
pub fn depth_findings(s: &DepthStudy) -> Vec<String> {
    let bp_ok = |d: usize| s.row(Method::Bp, d).is_some_and(|r| r.median.is_finite());
    let (depths, bp_failed): (Vec<usize>, Vec<usize>) =
        s.depths().into_iter().partition(|&d| bp_ok(d));
    // a method that diverged at every rate costs +∞; one not run, nothing
    let r = |m: Method, d: usize| s.row(m, d).map(|r| r.ratio_to_bp.unwrap_or(f64::INFINITY));
    let mut out: Vec<String> = depths
        .iter()
        .map(|&d| {
            format!(
                "{d} hidden layer{}: without R4, {} (FA) and {} (DFA) bp's error; without R2, {} (no local derivatives); without R3, {} (node perturbation) and {} (scrambled); readout only {}.",
                if d == 1 { "" } else { "s" },
                ratio(r(Method::Fa, d)),
                ratio(r(Method::Dfa, d)),
                ratio(r(Method::NoDeriv, d)),
                ratio(r(Method::NodePerturbation, d)),
                ratio(r(Method::Scrambled, d)),
                ratio(r(Method::ReadoutOnly, d)),
            )
        })
        .collect();
    if !bp_failed.is_empty() {
        let d: Vec<String> = bp_failed.iter().map(usize::to_string).collect();
        out.push(format!(
            "bp itself diverged at depth {}, so no cost is measured there.",
            d.join(", ")
        ));
    }
    let pairs: Vec<(usize, f64, f64)> = depths
        .iter()
        .filter_map(|&d| Some((d, r(Method::NodePerturbation, d)?, r(Method::Fa, d)?)))
        .collect();
    if let (Some(first), Some(last)) = (pairs.first(), pairs.last()) {
        let fails: Vec<String> = pairs
            .iter()
            .filter(|(_, r3, r4)| r3.partial_cmp(r4) != Some(std::cmp::Ordering::Greater))
            .map(|(d, _, _)| d.to_string())
            .collect();
        let at =
            |p: &(usize, f64, f64)| format!("{:.1}× against {:.1}× at depth {}", p.1, p.2, p.0);
        let span = if pairs.len() > 1 {
            format!("{}, {}", at(first), at(last))
        } else {
            at(first)
        };
        out.push(if fails.is_empty() {
            format!(
                "The essay's ordering holds at every depth run: removing R3 (node perturbation) costs more than removing R4 (FA), {span}."
            )
        } else {
            format!(
                "The essay's ordering fails at depth {}: there, removing R4 (FA) costs as much as or more than removing R3 (node perturbation).",
                fails.join(", ")
            )
        });
        if pairs.len() > 1 {
            out.push(format!(
                "From depth {} to {}, R4's cost goes from {:.1}× to {:.1}× and R3's from {:.1}× to {:.1}×; R3 costs {:.1} times R4 at depth {} and {:.1} times at depth {}.",
                first.0, last.0, first.2, last.2, first.1, last.1,
                first.1 / first.2, first.0, last.1 / last.2, last.0
            ));
        }
    }
    out
}

/// The width study: each method's error over bp's at the narrowest and
/// widest students, and whether any shared score comes within 2× of bp.
pub fn width_findings(rows: &[WidthRow]) -> Vec<String> {
    let mut widths: Vec<usize> = rows.iter().map(|r| r.width).collect();
    widths.sort_unstable();
    widths.dedup();
    let (Some(&lo), Some(&hi)) = (widths.first(), widths.last()) else {
        return Vec::new();
    };
    let have = |m: Method| rows.iter().any(|r| r.method == m);
    let get = |m: Method, w: usize| rows.iter().find(|r| r.method == m && r.width == w);
    let ratio_at = |m: Method, w: usize| {
        let bp = get(Method::Bp, w)?.median;
        let x = get(m, w)?.median;
        // a method that diverged at every rate costs +∞
        (bp.is_finite() && bp > 0.0).then(|| if x.is_finite() { x / bp } else { f64::INFINITY })
    };
    let mut out = Vec::new();
    let mut methods: Vec<Method> = Vec::new();
    for r in rows {
        if r.method != Method::Bp && !methods.contains(&r.method) {
            methods.push(r.method);
        }
    }
    for &m in &methods {
        let steps = |w| {
            get(m, w)
                .and_then(|r| r.steps_to_target)
                .map_or("never".into(), |s: usize| format!("after {s} steps"))
        };
        out.push(if lo == hi {
            format!(
                "{}: {} bp's error at width {lo}; 2× bp's error reached: {}.",
                m.name(),
                ratio(ratio_at(m, lo)),
                steps(lo)
            )
        } else {
            format!(
                "{}: {} bp's error at width {lo}, {} at width {hi}; 2× bp's error reached at width {lo}: {}; at width {hi}: {}.",
                m.name(),
                ratio(ratio_at(m, lo)),
                ratio(ratio_at(m, hi)),
                steps(lo),
                steps(hi),
            )
        });
    }
    let shared = [Method::NodePerturbation, Method::WeightPerturbation];
    let within: Vec<String> = widths
        .iter()
        .flat_map(|&w| shared.iter().map(move |&m| (m, w)))
        .filter(|&(m, w)| ratio_at(m, w).is_some_and(|r| r <= 2.0))
        .map(|(m, w)| format!("{} at width {w}", m.short_name()))
        .collect();
    if !within.is_empty() {
        out.push(format!(
            "A shared score comes within 2× of bp: {}.",
            within.join(", ")
        ));
    } else if widths.len() > 1 && shared.iter().all(|&m| have(m)) {
        out.push(format!(
            "No shared score comes within 2× of bp at any width from {lo} to {hi}: in these runs a broadcast score does not scale."
        ));
    }
    out
}
