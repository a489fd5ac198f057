//! The Agents view's URL keys: every setting of the simulation, the vote
//! and the steps' names, each parsed and printed in one place (the page's
//! fields use the same parsers through `AppState::set`).

use super::url_state::{AppState, Key};

fn num(v: &str, ok: impl Fn(f64) -> bool) -> Option<f64> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && ok(*x))
}

fn put<T>(slot: &mut T, v: Option<T>) -> bool {
    v.map(|x| *slot = x).is_some()
}

fn unit(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

fn whole(x: f64) -> bool {
    x.fract() == 0.0 && x >= 0.0
}

/// The Agents view's keys, in the order links print them.
pub const AGENT_KEYS: [Key; 12] = [
    Key {
        name: "ak",
        what: "the pipeline's number of steps, 1 to 8",
        parse: |s, v| {
            put(
                &mut s.agents.cfg.depth,
                num(v, |x| whole(x) && (1.0..=8.0).contains(&x)).map(|x| x as usize),
            )
        },
        print: |s| s.agents.cfg.depth.to_string(),
    },
    Key {
        name: "arounds",
        what: "rounds, a whole number from 1 to 2000",
        parse: |s, v| {
            put(
                &mut s.agents.cfg.rounds,
                num(v, |x| whole(x) && (1.0..=2000.0).contains(&x)).map(|x| x as usize),
            )
        },
        print: |s| s.agents.cfg.rounds.to_string(),
    },
    Key {
        name: "afid",
        what: "the critic's fidelity, from 0 to 1",
        parse: |s, v| put(&mut s.agents.cfg.fidelity, num(v, unit)),
        print: |s| s.agents.cfg.fidelity.to_string(),
    },
    Key {
        name: "anoise",
        what: "the critic's noise, from 0 to 10",
        parse: |s, v| {
            put(
                &mut s.agents.cfg.noise,
                num(v, |x| (0.0..=10.0).contains(&x)),
            )
        },
        print: |s| s.agents.cfg.noise.to_string(),
    },
    Key {
        name: "ablur",
        what: "the specificity lost per hop, from 0 to 1",
        parse: |s, v| put(&mut s.agents.cfg.blur, num(v, unit)),
        print: |s| s.agents.cfg.blur.to_string(),
    },
    Key {
        name: "agate",
        what: "1 (gate on held-out tasks) or 0",
        parse: |s, v| {
            put(
                &mut s.agents.cfg.gate,
                match v.trim() {
                    "1" => Some(true),
                    "0" => Some(false),
                    _ => None,
                },
            )
        },
        print: |s| if s.agents.cfg.gate { "1" } else { "0" }.into(),
    },
    Key {
        name: "alr",
        what: "a step size above 0, at most 100",
        parse: |s, v| put(&mut s.agents.cfg.lr, num(v, |x| x > 0.0 && x <= 100.0)),
        print: |s| s.agents.cfg.lr.to_string(),
    },
    Key {
        name: "amom",
        what: "a momentum from 0 to below 1",
        parse: |s, v| {
            put(
                &mut s.agents.cfg.momentum,
                num(v, |x| (0.0..1.0).contains(&x)),
            )
        },
        print: |s| s.agents.cfg.momentum.to_string(),
    },
    Key {
        name: "aseed",
        what: "a whole-number seed",
        parse: |s, v| put(&mut s.agents.cfg.seed, v.trim().parse().ok()),
        print: |s| s.agents.cfg.seed.to_string(),
    },
    Key {
        name: "afix",
        what: "the critic's chance of fixing a wrong answer, from 0 to 1",
        parse: |s, v| put(&mut s.agents.vote.fix, num(v, unit)),
        print: |s| s.agents.vote.fix.to_string(),
    },
    Key {
        name: "abreak",
        what: "the critic's chance of breaking a right answer, from 0 to 1",
        parse: |s, v| put(&mut s.agents.vote.break_, num(v, unit)),
        print: |s| s.agents.vote.break_.to_string(),
    },
    Key {
        name: "anames",
        what: "the steps' names, comma-separated, up to 8 of up to 40 characters",
        parse: |s, v| {
            let names: Vec<String> = v.split(',').map(|n| n.trim().to_string()).collect();
            let ok = names.len() <= 8 && names.iter().all(|n| n.chars().count() <= 40);
            put(&mut s.agents.names, ok.then_some(names))
        },
        print: |s| {
            let mut n = s.agents.names.clone();
            while n.last().is_some_and(|x| x.is_empty()) {
                n.pop();
            }
            n.join(",")
        },
    },
];

/// The value of `AppState` fields read by these keys, for the seed: the
/// vote runs on the simulation's seed.
pub fn sync_seed(s: &mut AppState) {
    s.agents.vote.seed = s.agents.cfg.seed;
}
