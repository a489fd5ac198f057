//! What a study found, in sentences built from its own numbers (the page
//! and the README say the same; nothing here expects an answer).

use super::depth::DepthStudy;
use super::method::Method;
use super::width::WidthRow;

fn ratio(x: Option<f64>) -> String {
    x.map_or("— (diverged)".into(), |r| format!("{r:.1}×"))
}

/// The depth study: the cost of removing R4 (FA, DFA) and R3 (node
/// perturbation, scrambled) at each depth, and whether R3 costs more than
/// R4 (node perturbation against FA, the essay's pair) at every depth.
pub fn depth_findings(s: &DepthStudy) -> Vec<String> {
    let depths = s.depths();
    let r = |m: Method, d: usize| s.row(m, d).and_then(|r| r.ratio_to_bp);
    let mut out: Vec<String> = depths
        .iter()
        .map(|&d| {
            format!(
                "{d} hidden layer{}: without R4, {} (FA) and {} (DFA) bp's error; without R3, {} (node perturbation) and {} (scrambled); readout only {}.",
                if d == 1 { "" } else { "s" },
                ratio(r(Method::Fa, d)),
                ratio(r(Method::Dfa, d)),
                ratio(r(Method::NodePerturbation, d)),
                ratio(r(Method::Scrambled, d)),
                ratio(r(Method::ReadoutOnly, d)),
            )
        })
        .collect();
    let pairs: Vec<(usize, f64, f64)> = depths
        .iter()
        .filter_map(|&d| Some((d, r(Method::NodePerturbation, d)?, r(Method::Fa, d)?)))
        .collect();
    if let (Some(first), Some(last)) = (pairs.first(), pairs.last()) {
        let fails: Vec<String> = pairs
            .iter()
            .filter(|(_, r3, r4)| r3 <= r4)
            .map(|(d, _, _)| d.to_string())
            .collect();
        out.push(if fails.is_empty() {
            format!(
                "The essay's ordering holds at every depth run: removing R3 (node perturbation) costs more than removing R4 (FA), {:.1}× against {:.1}× at depth {}, {:.1}× against {:.1}× at depth {}.",
                first.1, first.2, first.0, last.1, last.2, last.0
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
    let get = |m: Method, w: usize| rows.iter().find(|r| r.method == m && r.width == w);
    let ratio_at = |m: Method, w: usize| {
        let bp = get(Method::Bp, w)?.median;
        let x = get(m, w)?.median;
        (bp.is_finite() && bp > 0.0 && x.is_finite()).then(|| x / bp)
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
        out.push(format!(
            "{}: {} bp's error at width {lo}, {} at width {hi}; 2× bp's error reached at width {lo}: {}; at width {hi}: {}.",
            m.name(),
            ratio(ratio_at(m, lo)),
            ratio(ratio_at(m, hi)),
            steps(lo),
            steps(hi),
        ));
    }
    let shared = [Method::NodePerturbation, Method::WeightPerturbation];
    let within: Vec<String> = widths
        .iter()
        .flat_map(|&w| shared.iter().map(move |&m| (m, w)))
        .filter(|&(m, w)| ratio_at(m, w).is_some_and(|r| r <= 2.0))
        .map(|(m, w)| format!("{} at width {w}", m.short_name()))
        .collect();
    out.push(if within.is_empty() {
        "No shared score comes within 2× of bp at any width run: on this task a broadcast score does not scale.".into()
    } else {
        format!("A shared score comes within 2× of bp: {}.", within.join(", "))
    });
    out
}
