//! Which method the R1–R5 ticks select, and the R3/R4 variants the page
//! offers in their place.

use crate::lab::method::Method;

/// The R3 ablations the page offers when R3 is unticked.
pub const R3_CHOICES: [Method; 4] = [
    Method::NodePerturbation,
    Method::WeightPerturbation,
    Method::Scrambled,
    Method::SignDropped,
];
/// The worked example's form of an R3 method: weight and node
/// perturbation are both one shared score on the graph (whose nodes are
/// its weights and units at once).
pub fn graph_signal(r3: Method) -> crate::engine::ErrorSignal {
    use crate::engine::ErrorSignal;
    match r3 {
        Method::Scrambled => ErrorSignal::Scrambled,
        Method::SignDropped => ErrorSignal::SignDropped,
        _ => ErrorSignal::SharedScore,
    }
}

/// The R3 method that a choice on the worked example stands for, keeping
/// the lab's current one when it already matches.
pub fn r3_for_signal(current: Method, s: crate::engine::ErrorSignal) -> Method {
    use crate::engine::ErrorSignal;
    match s {
        _ if graph_signal(current) == s => current,
        ErrorSignal::Scrambled => Method::Scrambled,
        ErrorSignal::SignDropped => Method::SignDropped,
        ErrorSignal::SharedScore => Method::NodePerturbation,
    }
}

/// The R4 ablations the page offers when R4 is unticked.
pub const R4_CHOICES: [Method; 2] = [Method::Fa, Method::Dfa];

/// The method that trains when requirements R1..R5 are ticked as `kept`:
/// all kept → `bp`; otherwise the lowest-numbered unticked requirement
/// decides (R1 or R5 → `stale`, R2 → `no_deriv`, R3 → `r3`, R4 → `r4`).
/// The essay removes one requirement at a time, so with several unticked
/// only the first is removed; `select_note` says so.
pub fn select(kept: [bool; 5], r3: Method, r4: Method) -> Method {
    let r3 = if R3_CHOICES.contains(&r3) {
        r3
    } else {
        Method::NodePerturbation
    };
    let r4 = if R4_CHOICES.contains(&r4) {
        r4
    } else {
        Method::Fa
    };
    match kept.iter().position(|k| !k) {
        None => Method::Bp,
        Some(0) | Some(4) => Method::Stale,
        Some(1) => Method::NoDeriv,
        Some(2) => r3,
        _ => r4,
    }
}

/// A note when the ticks remove more than the selected method does.
pub fn select_note(kept: [bool; 5]) -> Option<String> {
    let off: Vec<String> = (0..5)
        .filter(|&i| !kept[i])
        .map(|i| format!("R{}", i + 1))
        .collect();
    let stale_pair = off == ["R1", "R5"];
    (off.len() > 1 && !stale_pair).then(|| {
        format!(
            "{} are unticked; the essay removes one requirement at a time, so the lab removes {} only.",
            off.join(", "),
            off[0]
        )
    })
}
