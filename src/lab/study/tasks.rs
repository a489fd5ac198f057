//! The essay's counterexample, measured (Part 2, "where feedback alignment
//! stops working"): the same rules, each at its best rate from its grid,
//! on the teacher, on the digits with the dense student, and on the digits
//! with a convolutional first layer; each rule's error as a multiple of
//! bp's, and its per-layer angles. Beside it, the published figures, which
//! are other people's numbers on other tasks (`PUBLISHED`).

use crate::lab::data::Data;
use crate::lab::method::Method;
use crate::lab::study::grid::GridSpec;
use crate::lab::study::summary::Summary;
use crate::lab::train::config::{Arch, Protocol};

/// The three settings, in the order the essay's argument climbs.
pub const SETTINGS: [Setting; 3] = [
    Setting {
        data: Data::Teacher,
        arch: Arch::Dense,
        name: "teacher (dense)",
    },
    Setting {
        data: Data::Digits,
        arch: Arch::Dense,
        name: "digits (dense)",
    },
    Setting {
        data: Data::Digits,
        arch: Arch::Conv,
        name: "digits (conv)",
    },
];

/// The rules compared: the signed-error routes of Parts 2 and 4 that have
/// a conv form, one shared score, and the floor.
pub const METHODS: [Method; 6] = [
    Method::Bp,
    Method::Fa,
    Method::Dfa,
    Method::SignSymmetry,
    Method::NodePerturbation,
    Method::ReadoutOnly,
];

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Setting {
    pub data: Data,
    pub arch: Arch,
    pub name: &'static str,
}

/// The study's settings: rules, steps, protocol, seeds.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TasksSpec {
    pub methods: Vec<Method>,
    pub steps: usize,
    pub protocol: Protocol,
    pub seeds: Vec<u64>,
}

impl Default for TasksSpec {
    /// Six rules, 3,000 steps, the careful protocol over 3 seeds of one
    /// draw (the teacher's draw, the digits' split).
    fn default() -> Self {
        Self {
            methods: METHODS.to_vec(),
            steps: 3000,
            protocol: Protocol::Careful,
            seeds: vec![0, 1, 2],
        }
    }
}

impl TasksSpec {
    /// The grid of one setting.
    pub fn grid(&self, s: Setting) -> GridSpec {
        let mut g = GridSpec {
            methods: self.methods.clone(),
            ..GridSpec::default()
        }
        .with_protocol(self.protocol);
        g.base.steps = self.steps;
        g.base.teacher.data = s.data;
        g.base.arch = s.arch;
        g.seeds = self.seeds.clone();
        g.task_seeds = vec![0];
        g
    }
}

/// A number as the study prints it (`—` when not finite).
pub fn cell(x: Option<f64>, digits: usize) -> String {
    x.filter(|v| v.is_finite())
        .map_or("—".into(), |v| format!("{v:.digits$}"))
}

/// Each rule's cells as printed, per setting: (score, × bp). The file
/// carries them, so the page shows the command line's digits exactly
/// (JSON's numbers, read back in the page, can differ in the last bit).
pub fn printed(
    tables: &[Vec<Summary>],
    methods: &[Method],
) -> Vec<(String, Vec<(String, String)>)> {
    methods
        .iter()
        .map(|&m| {
            let cells = tables
                .iter()
                .map(|t| {
                    let row = t.iter().find(|r| r.method == m);
                    (
                        cell(row.map(|r| r.median), 3),
                        cell(row.and_then(|r| r.ratio_to_bp), 1),
                    )
                })
                .collect();
            (m.id().to_string(), cells)
        })
        .collect()
}

/// A rule's ratio to bp in each setting, from the settings' tables.
pub fn ratios(tables: &[Vec<Summary>], m: Method) -> Vec<Option<f64>> {
    tables
        .iter()
        .map(|t| t.iter().find(|s| s.method == m).and_then(|s| s.ratio_to_bp))
        .collect()
}

/// Ratios to bp within this factor of each other count as the same
/// distance (the settings' intervals at three seeds are about this wide).
pub const SAME: f64 = 1.25;

/// What the study finds, in one sentence per rule, from its own numbers:
/// its ratio to bp in each setting, whether it falls behind (by more than
/// `SAME`), and its conv layer's angle to bp's update.
pub fn finding(tables: &[Vec<Summary>], methods: &[Method]) -> Vec<String> {
    methods
        .iter()
        .filter(|&&m| m != Method::Bp)
        .map(|&m| {
            let r = ratios(tables, m);
            let parts: Vec<String> = r
                .iter()
                .zip(SETTINGS)
                .map(|(x, s)| {
                    x.map_or(format!("no finite score on the {}", s.name), |x| {
                        format!("{x:.1}× on the {}", s.name)
                    })
                })
                .collect();
            // the digits' two students share a score (the error rate); the
            // teacher's is another (nMSE), so the trend is read on the digits
            let trend = match (r.get(1).copied().flatten(), r.get(2).copied().flatten()) {
                (Some(a), Some(b)) if b > SAME * a => "the conv layer puts it further behind bp",
                (Some(a), Some(b)) if b < a / SAME => "the conv layer brings it closer to bp",
                (Some(_), Some(_)) => "the conv layer leaves its distance from bp about the same",
                _ => "its two digits students cannot be compared",
            };
            let conv_angle = tables
                .last()
                .and_then(|t| t.iter().find(|s| s.method == m))
                .and_then(|s| s.final_angles.first().copied())
                .filter(|a| a.is_finite())
                .map_or(String::new(), |a| {
                    let none = if a >= 80.0 {
                        ", so the kernels get next to none of bp's direction"
                    } else {
                        ""
                    };
                    format!("; its update of the conv kernels ends {a:.0}° from bp's{none}")
                });
            format!(
                "{}: its error is {} that of bp; {trend}{conv_angle}.",
                m.name(),
                parts.join(", ")
            )
        })
        .collect()
}

/// What the floor says about the digits: where readout only (which trains
/// nothing below the readout) is itself near bp, every ratio is compressed.
pub fn floor_note(tables: &[Vec<Summary>]) -> Option<String> {
    let r = ratios(tables, Method::ReadoutOnly);
    let (teacher, digits) = (r.first().copied().flatten()?, r.get(1).copied().flatten()?);
    Some(format!(
        "The floor: readout only, which trains nothing below the readout, errs {digits:.1}× bp's rate on the digits \
         against {teacher:.1}× bp's nMSE on the teacher: the digits are an easy task in error rate, which \
         compresses every ratio there, and the teacher's nMSE (another score) cannot be set beside them. \
         The angles say more than the ratios on the conv layer."
    ))
}

/// Published reference points: other people's numbers, on other tasks
/// and networks, quoted only to set ours beside.
pub const PUBLISHED: [&str; 4] = [
    "BioTorch (Sanfiz & Akrout 2021), top-1 test error: MNIST BP 0.91 % vs FA 1.7 %; Fashion-MNIST 9.2 % vs 13.06 %; CIFAR-10 with ResNet-20 8.63 % vs 32.16 %.",
    "Sign-symmetric feedback within 1.4 points of BP on CIFAR-10 (as reported in BioTorch).",
    "Direct feedback alignment reported to fail to train convolutional layers (Launay et al. 2019; Refinetti et al. 2021, “Align, then memorise”).",
    "Feedback alignment and its relatives fall behind backprop on harder tasks and convolutional networks (Bartunov et al. 2018, the essay's Part 2).",
];
