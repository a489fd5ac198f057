//! Every setting of the Agents simulation, one row each
//! (`page::settings::Setting`): the page's URL keys, its settings form and
//! the command line's flags (`cli::agents`) all read this table.

use crate::lab::agents::spread::Measure;
use crate::page::agents::AgentsSettings;
use crate::page::settings::{count, num, put, unit, Setting};

pub const SETTINGS: [Setting<AgentsSettings>; 21] = [
    Setting {
        key: "ak",
        flag: Some("--depth"),
        what: "the pipeline's number of steps, 1 to 8",
        set: |s, v| put(&mut s.cfg.stages, count(v, 1, 8)),
        get: |s| s.cfg.stages.to_string(),
    },
    Setting {
        key: "arounds",
        flag: Some("--rounds"),
        what: "rounds, a whole number from 1 to 2000",
        set: |s, v| put(&mut s.cfg.rounds, count(v, 1, 2000)),
        get: |s| s.cfg.rounds.to_string(),
    },
    Setting {
        key: "afid",
        flag: Some("--fidelity"),
        what: "the critic's fidelity, from 0 to 1",
        set: |s, v| put(&mut s.cfg.fidelity, num(v, unit)),
        get: |s| s.cfg.fidelity.to_string(),
    },
    Setting {
        key: "anoise",
        flag: Some("--noise"),
        what: "the critic's noise, from 0 to 10",
        set: |s, v| put(&mut s.cfg.noise, num(v, |x| (0.0..=10.0).contains(&x))),
        get: |s| s.cfg.noise.to_string(),
    },
    Setting {
        key: "ablur",
        flag: Some("--blur"),
        what: "the specificity lost per hop, from 0 to 1",
        set: |s, v| put(&mut s.cfg.blur, num(v, unit)),
        get: |s| s.cfg.blur.to_string(),
    },
    Setting {
        key: "agate",
        flag: Some("--gate"),
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
        flag: Some("--lr"),
        what: "a step size above 0, at most 100",
        set: |s, v| put(&mut s.cfg.lr, num(v, |x| x > 0.0 && x <= 100.0)),
        get: |s| s.cfg.lr.to_string(),
    },
    Setting {
        key: "amom",
        flag: Some("--momentum"),
        what: "a momentum from 0 to below 1",
        set: |s, v| put(&mut s.cfg.momentum, num(v, |x| (0.0..1.0).contains(&x))),
        get: |s| s.cfg.momentum.to_string(),
    },
    Setting {
        key: "aseed",
        flag: Some("--seed"),
        what: "a whole-number seed",
        set: |s, v| {
            let ok = put(&mut s.cfg.seed, v.trim().parse().ok());
            s.vote.seed = s.cfg.seed;
            ok
        },
        get: |s| s.cfg.seed.to_string(),
    },
    Setting {
        key: "aseeds",
        flag: Some("--seeds"),
        what: "the number of seeds each arm runs at, a whole number from 1 to 20",
        set: |s, v| put(&mut s.seeds, count(v, 1, 20)),
        get: |s| s.seeds.to_string(),
    },
    Setting {
        key: "ascore",
        flag: Some("--score"),
        what: "how a run is scored: last (the mean of its last rounds), best (its best round) or area (its mean over all rounds)",
        set: |s, v| put(&mut s.measure, Measure::from_id(v)),
        get: |s| s.measure.id().into(),
    },
    Setting {
        key: "afix",
        flag: Some("--fix"),
        what: "the critic's chance of fixing a wrong answer, from 0 to 1",
        set: |s, v| put(&mut s.vote.fix, num(v, unit)),
        get: |s| s.vote.fix.to_string(),
    },
    Setting {
        key: "abreak",
        flag: Some("--break"),
        what: "the critic's chance of breaking a right answer, from 0 to 1",
        set: |s, v| put(&mut s.vote.break_, num(v, unit)),
        get: |s| s.vote.break_.to_string(),
    },
    Setting {
        key: "aplo",
        flag: Some("--p-low"),
        what: "the hardest question's chance that one answer is right, from 0 to 1",
        set: |s, v| put(&mut s.vote.p_low, num(v, unit)),
        get: |s| s.vote.p_low.to_string(),
    },
    Setting {
        key: "aphi",
        flag: Some("--p-high"),
        what: "the easiest question's chance that one answer is right, from 0 to 1",
        set: |s, v| put(&mut s.vote.p_high, num(v, unit)),
        get: |s| s.vote.p_high.to_string(),
    },
    Setting {
        key: "aq",
        flag: Some("--questions"),
        what: "the vote's number of questions, a whole number from 1 to 20000",
        set: |s, v| put(&mut s.vote.questions, count(v, 1, 20000)),
        get: |s| s.vote.questions.to_string(),
    },
    Setting {
        key: "awidth",
        flag: Some("--width"),
        what: "each step's output size, a whole number from 1 to 32",
        set: |s, v| put(&mut s.cfg.out_size, count(v, 1, 32)),
        get: |s| s.cfg.out_size.to_string(),
    },
    Setting {
        key: "atasks",
        flag: Some("--tasks"),
        what: "the training tasks per round, a whole number from 1 to 2000",
        set: |s, v| put(&mut s.cfg.tasks, count(v, 1, 2000)),
        get: |s| s.cfg.tasks.to_string(),
    },
    Setting {
        key: "aval",
        flag: Some("--val-tasks"),
        what: "the held-out tasks, a whole number from 1 to 2000",
        set: |s, v| put(&mut s.cfg.val_tasks, count(v, 1, 2000)),
        get: |s| s.cfg.val_tasks.to_string(),
    },
    Setting {
        key: "again",
        flag: Some("--gain"),
        what: "the steps' gain (how strongly each passes on its input), above 0, at most 5",
        set: |s, v| put(&mut s.cfg.map_gain, num(v, |x| x > 0.0 && x <= 5.0)),
        get: |s| s.cfg.map_gain.to_string(),
    },
    Setting {
        key: "anames",
        flag: Some("--names"),
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
