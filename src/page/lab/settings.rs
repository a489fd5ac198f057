//! Every setting of the lab and the studies, one row each
//! (`page::settings::Setting`): its URL key, its command-line flag, what
//! a good value is, its parser (the settings form's validator too) and its
//! printer. `page::url` makes the URL's keys of these rows, the settings
//! forms are fields of them, and `creditflow ablate|depth|width` read the
//! rows that have a flag. A new setting is a field of `LabSettings`, a row
//! here and, if it is a run's, a field of `RunConfig`, which every live run
//! and every study's grid then copies.

use crate::lab::data::Data;
use crate::lab::method::Method;
use crate::lab::study::depth::DepthSpec;
use crate::lab::study::width::WidthSpec;
use crate::lab::train::config::{Arch, Precision, Protocol, MAX_DEPTH};
use crate::lab::train::task::GAIN_RANGE;
use crate::lab::train::trainer::RunConfig;
use crate::page::settings::{count, num, parse_lr, parse_sizes, print_sizes, put, Setting};

/// The most steps a run may take (page and command line).
pub const MAX_STEPS: usize = 20_000;
/// The widths the width study accepts.
pub const WIDTHS: std::ops::RangeInclusive<usize> = 2..=1024;

/// The lab's and the studies' settings.
#[derive(Clone, Debug, PartialEq)]
pub struct LabSettings {
    /// Methods added to the comparison beside the one the ticks select.
    pub methods: Vec<Method>,
    /// One rate for every method, or `None`: each method at its own best
    /// rate from the grid.
    pub lr: Option<f64>,
    /// What every live run shares: seed, steps, arithmetic and the teacher
    /// (its method and rate are set per run). The studies take its
    /// arithmetic and teacher.
    pub base: RunConfig,
    /// The depth study's depths and steps, the width study's widths and
    /// steps.
    pub depths: Vec<usize>,
    pub depth_steps: usize,
    pub widths: Vec<usize>,
    pub width_steps: usize,
}

impl Default for LabSettings {
    fn default() -> Self {
        Self {
            methods: Vec::new(),
            lr: None,
            base: RunConfig::default(),
            depths: DepthSpec::default().depths,
            depth_steps: DepthSpec::default().grid.base.steps,
            widths: WidthSpec::default().widths,
            width_steps: WidthSpec::default().grid.base.steps,
        }
    }
}

impl LabSettings {
    /// The depth study the page runs: these depths and steps, with the
    /// lab's arithmetic and teacher; the rest as `creditflow depth`.
    pub fn depth_spec(&self) -> DepthSpec {
        let mut s = DepthSpec {
            depths: self.depths.clone(),
            ..DepthSpec::default()
        };
        self.study_base(&mut s.grid.base, self.depth_steps);
        s
    }

    /// The width study the page runs, likewise.
    pub fn width_spec(&self) -> WidthSpec {
        let mut s = WidthSpec {
            widths: self.widths.clone(),
            ..WidthSpec::default()
        };
        self.study_base(&mut s.grid.base, self.width_steps);
        s
    }

    fn study_base(&self, base: &mut RunConfig, steps: usize) {
        base.steps = steps;
        base.precision = self.base.precision;
        base.teacher = self.base.teacher;
    }
}

/// The rows that set a run's shared settings (`base`): every study's
/// command takes their flags.
pub const RUN_KEYS: [&str; 6] = ["steps", "task", "arch", "gain", "tdepth", "prec"];

fn steps(v: &str) -> Option<usize> {
    count(v, 1, MAX_STEPS)
}

/// Every setting of the lab and the studies, in the order links print them.
pub const SETTINGS: [Setting<LabSettings>; 14] = [
    Setting {
        key: "methods",
        flag: None,
        what: "a comma-separated list of method ids",
        set: |s, v| {
            let m = v
                .split(',')
                .filter(|p| !p.is_empty())
                .map(Method::from_id)
                .collect();
            put(&mut s.methods, m)
        },
        get: |s| {
            s.methods
                .iter()
                .map(|m| m.id())
                .collect::<Vec<_>>()
                .join(",")
        },
    },
    Setting {
        key: "lr",
        flag: None,
        what: "a learning rate in (0, 10] or 'best' (each method its own best rate)",
        set: |s, v| put(&mut s.lr, parse_lr(v)),
        get: |s| s.lr.map_or("best".into(), |l| l.to_string()),
    },
    Setting {
        key: "seed",
        flag: None,
        what: "a whole-number seed",
        set: |s, v| put(&mut s.base.seed, v.trim().parse().ok()),
        get: |s| s.base.seed.to_string(),
    },
    Setting {
        key: "steps",
        flag: Some("--steps"),
        what: "a step count from 1 to 20000",
        set: |s, v| put(&mut s.base.steps, steps(v)),
        get: |s| s.base.steps.to_string(),
    },
    Setting {
        // a file comes by --data (the command line) or the page's file
        // chooser, not by a word
        key: "task",
        flag: Some("--task"),
        what: "the task, teacher, digits or file (a CSV file chosen in this browser)",
        set: |s, v| {
            // "file": the file this browser keeps (`registry::last_file`)
            let data = match v.trim() {
                "file" => crate::lab::data::registry::last_file().map(|f| f.data),
                v => Data::from_id(v),
            };
            let ok = put(&mut s.base.teacher.data, data);
            // the conv layer needs an image
            if !s.base.teacher.data.is_image() {
                s.base.arch = Arch::Dense;
            }
            ok
        },
        get: |s| s.base.teacher.data.id().into(),
    },
    Setting {
        // after "task": a conv layer needs an image task
        key: "arch",
        flag: Some("--arch"),
        what: "the student's first layer, dense or conv (conv needs an image task: task=digits)",
        set: |s, v| {
            let image = s.base.teacher.data.is_image();
            put(
                &mut s.base.arch,
                Arch::from_id(v.trim()).filter(|a| *a == Arch::Dense || image),
            )
        },
        get: |s| s.base.arch.id().into(),
    },
    Setting {
        key: "gain",
        flag: Some("--teacher-gain"),
        what: "a teacher gain from 0.1 to 10",
        set: |s, v| {
            put(
                &mut s.base.teacher.gain,
                num(v, |g| GAIN_RANGE.contains(&g)),
            )
        },
        get: |s| s.base.teacher.gain.to_string(),
    },
    Setting {
        key: "tdepth",
        flag: Some("--teacher-depth"),
        what: "the teacher's hidden layers, a whole number from 1 to 8",
        set: |s, v| put(&mut s.base.teacher.depth, count(v, 1, MAX_DEPTH)),
        get: |s| s.base.teacher.depth.to_string(),
    },
    Setting {
        key: "prec",
        flag: Some("--precision"),
        what: "the lab's arithmetic, f64 or f32",
        set: |s, v| put(&mut s.base.precision, Precision::from_id(v.trim())),
        get: |s| s.base.precision.id().into(),
    },
    Setting {
        // the command line reads --protocol itself (it brings its own
        // seeds and teacher draws: `GridSpec::with_protocol`)
        key: "proto",
        flag: None,
        what: "the protocol, essay or careful",
        set: |s, v| put(&mut s.base.protocol, Protocol::from_id(v.trim())),
        get: |s| s.base.protocol.id().into(),
    },
    Setting {
        key: "depths",
        flag: Some("--depths"),
        what: "the depth study's depths, whole numbers from 1 to 8, e.g. 1,2,4",
        set: |s, v| put(&mut s.depths, parse_sizes(v, 1..=MAX_DEPTH)),
        get: |s| print_sizes(&s.depths),
    },
    Setting {
        key: "dsteps",
        flag: None,
        what: "the depth study's steps, from 1 to 20000",
        set: |s, v| put(&mut s.depth_steps, steps(v)),
        get: |s| s.depth_steps.to_string(),
    },
    Setting {
        key: "widths",
        flag: Some("--widths"),
        what: "the width study's widths, whole numbers from 2 to 1024, e.g. 16,64",
        set: |s, v| put(&mut s.widths, parse_sizes(v, WIDTHS)),
        get: |s| print_sizes(&s.widths),
    },
    Setting {
        key: "wsteps",
        flag: None,
        what: "the width study's steps, from 1 to 20000",
        set: |s, v| put(&mut s.width_steps, steps(v)),
        get: |s| s.width_steps.to_string(),
    },
];
