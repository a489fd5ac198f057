//! Every setting of the Agents simulation, parsed and printed in one
//! place: the page's URL keys (`ui::url_agents`) and the command line's
//! flags (`cli::agents`) both read this table.

use crate::page::agents::AgentsSettings;

/// One setting: its URL key, its command-line flag, what a good value is,
/// a parser (false: refused, nothing changed) and a printer.
pub struct Setting {
    pub key: &'static str,
    pub flag: &'static str,
    pub what: &'static str,
    pub set: fn(&mut AgentsSettings, &str) -> bool,
    pub get: fn(&AgentsSettings) -> String,
}

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

/// A whole number from `lo` to `hi`.
fn count(v: &str, lo: f64, hi: f64) -> Option<usize> {
    num(v, |x| whole(x) && (lo..=hi).contains(&x)).map(|x| x as usize)
}

pub const SETTINGS: [Setting; 19] = [
    Setting {
        key: "ak",
        flag: "--depth",
        what: "the pipeline's number of steps, 1 to 8",
        set: |s, v| put(&mut s.cfg.depth, count(v, 1.0, 8.0)),
        get: |s| s.cfg.depth.to_string(),
    },
    Setting {
        key: "arounds",
        flag: "--rounds",
        what: "rounds, a whole number from 1 to 2000",
        set: |s, v| put(&mut s.cfg.rounds, count(v, 1.0, 2000.0)),
        get: |s| s.cfg.rounds.to_string(),
    },
    Setting {
        key: "afid",
        flag: "--fidelity",
        what: "the critic's fidelity, from 0 to 1",
        set: |s, v| put(&mut s.cfg.fidelity, num(v, unit)),
        get: |s| s.cfg.fidelity.to_string(),
    },
    Setting {
        key: "anoise",
        flag: "--noise",
        what: "the critic's noise, from 0 to 10",
        set: |s, v| put(&mut s.cfg.noise, num(v, |x| (0.0..=10.0).contains(&x))),
        get: |s| s.cfg.noise.to_string(),
    },
    Setting {
        key: "ablur",
        flag: "--blur",
        what: "the specificity lost per hop, from 0 to 1",
        set: |s, v| put(&mut s.cfg.blur, num(v, unit)),
        get: |s| s.cfg.blur.to_string(),
    },
    Setting {
        key: "agate",
        flag: "--gate",
        what: "on or off (1 or 0): gate each update on held-out tasks",
        set: |s, v| {
            put(
                &mut s.cfg.gate,
                match v.trim() {
                    "1" | "on" => Some(true),
                    "0" | "off" => Some(false),
                    _ => None,
                },
            )
        },
        get: |s| if s.cfg.gate { "1" } else { "0" }.into(),
    },
    Setting {
        key: "alr",
        flag: "--lr",
        what: "a step size above 0, at most 100",
        set: |s, v| put(&mut s.cfg.lr, num(v, |x| x > 0.0 && x <= 100.0)),
        get: |s| s.cfg.lr.to_string(),
    },
    Setting {
        key: "amom",
        flag: "--momentum",
        what: "a momentum from 0 to below 1",
        set: |s, v| put(&mut s.cfg.momentum, num(v, |x| (0.0..1.0).contains(&x))),
        get: |s| s.cfg.momentum.to_string(),
    },
    Setting {
        key: "aseed",
        flag: "--seed",
        what: "a whole-number seed",
        set: |s, v| {
            let ok = put(&mut s.cfg.seed, v.trim().parse().ok());
            s.vote.seed = s.cfg.seed;
            ok
        },
        get: |s| s.cfg.seed.to_string(),
    },
    Setting {
        key: "afix",
        flag: "--fix",
        what: "the critic's chance of fixing a wrong answer, from 0 to 1",
        set: |s, v| put(&mut s.vote.fix, num(v, unit)),
        get: |s| s.vote.fix.to_string(),
    },
    Setting {
        key: "abreak",
        flag: "--break",
        what: "the critic's chance of breaking a right answer, from 0 to 1",
        set: |s, v| put(&mut s.vote.break_, num(v, unit)),
        get: |s| s.vote.break_.to_string(),
    },
    Setting {
        key: "aplo",
        flag: "--p-low",
        what: "the hardest question's chance that one answer is right, from 0 to 1",
        set: |s, v| put(&mut s.vote.p_low, num(v, unit)),
        get: |s| s.vote.p_low.to_string(),
    },
    Setting {
        key: "aphi",
        flag: "--p-high",
        what: "the easiest question's chance that one answer is right, from 0 to 1",
        set: |s, v| put(&mut s.vote.p_high, num(v, unit)),
        get: |s| s.vote.p_high.to_string(),
    },
    Setting {
        key: "aq",
        flag: "--questions",
        what: "the vote's number of questions, a whole number from 1 to 20000",
        set: |s, v| put(&mut s.vote.questions, count(v, 1.0, 20000.0)),
        get: |s| s.vote.questions.to_string(),
    },
    Setting {
        key: "awidth",
        flag: "--width",
        what: "each step's output size, a whole number from 1 to 32",
        set: |s, v| put(&mut s.cfg.width, count(v, 1.0, 32.0)),
        get: |s| s.cfg.width.to_string(),
    },
    Setting {
        key: "atasks",
        flag: "--tasks",
        what: "the training tasks per round, a whole number from 1 to 2000",
        set: |s, v| put(&mut s.cfg.tasks, count(v, 1.0, 2000.0)),
        get: |s| s.cfg.tasks.to_string(),
    },
    Setting {
        key: "aval",
        flag: "--val-tasks",
        what: "the held-out tasks, a whole number from 1 to 2000",
        set: |s, v| put(&mut s.cfg.val_tasks, count(v, 1.0, 2000.0)),
        get: |s| s.cfg.val_tasks.to_string(),
    },
    Setting {
        key: "again",
        flag: "--gain",
        what: "the steps' gain (how strongly each passes on its input), above 0, at most 5",
        set: |s, v| put(&mut s.cfg.gain, num(v, |x| x > 0.0 && x <= 5.0)),
        get: |s| s.cfg.gain.to_string(),
    },
    Setting {
        key: "anames",
        flag: "--names",
        what: "the steps' names, comma-separated, up to 8 of up to 40 characters",
        set: |s, v| {
            let names: Vec<String> = v.split(',').map(|n| n.trim().to_string()).collect();
            let ok = names.len() <= 8 && names.iter().all(|n| n.chars().count() <= 40);
            put(&mut s.names, ok.then_some(names))
        },
        get: |s| {
            let mut n = s.names.clone();
            while n.last().is_some_and(|x| x.is_empty()) {
                n.pop();
            }
            n.join(",")
        },
    },
];

/// The setting with this command-line flag.
pub fn by_flag(flag: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.flag == flag)
}
