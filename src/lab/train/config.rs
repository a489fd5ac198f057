//! What a training run depends on (`RunConfig`, with its `Precision`), how
//! it ended (`RunResult`) and the record of a finished run (`Run`): plain
//! data that crosses to Web Workers as JSON and into shard files.

use crate::lab::method::Method;
use crate::lab::train::task::{TaskShape, Teacher};
use serde::{Deserialize, Serialize};

/// f64 (the default) or f32. The data, the initial weights and every
/// random draw are the same in both; only the arithmetic differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    #[default]
    F64,
    F32,
}

impl Precision {
    pub const ALL: [Precision; 2] = [Precision::F64, Precision::F32];

    pub fn id(self) -> &'static str {
        match self {
            Precision::F64 => "f64",
            Precision::F32 => "f32",
        }
    }

    pub fn from_id(s: &str) -> Option<Precision> {
        Precision::ALL.into_iter().find(|p| p.id() == s)
    }
}

/// The student's first layer (`--arch`): dense like the rest (the essay's),
/// or convolutional over an image task (`train::conv`: 3×3 kernels, 8
/// channels, stride 1, tanh), in place of the first dense hidden layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arch {
    #[default]
    Dense,
    Conv,
}

impl Arch {
    pub fn id(self) -> &'static str {
        match self {
            Arch::Dense => "dense",
            Arch::Conv => "conv",
        }
    }

    pub fn from_id(s: &str) -> Option<Self> {
        match s {
            "dense" => Some(Arch::Dense),
            "conv" => Some(Arch::Conv),
            _ => None,
        }
    }
}

/// How a study chooses each rule's rate and scores a run (`--protocol`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// The essay's own rule, kept to compare with its table like for
    /// like: train on all 4,000 examples, choose the rate with the best
    /// median *test* score over the seeds, score the final weights.
    #[default]
    Essay,
    /// A validation split (`VALIDATION` of the training examples, held
    /// out) chooses the rate; the grid extends until the chosen rate is
    /// inside it; the score is the mean of the last `TAIL` test
    /// evaluations, `TAIL_EVERY` steps apart; more seeds and teacher draws.
    Careful,
}

/// Training examples a careful protocol holds out to choose rates on
/// (a fifth of the 4,000).
pub const VALIDATION: usize = 800;
/// Evaluations a careful score averages, and the steps between them: the
/// last 400 steps of a run, so that one noisy evaluation (forward-forward,
/// predictive coding) does not decide a rule's score.
pub const TAIL: usize = 5;
pub const TAIL_EVERY: usize = 100;

impl Protocol {
    pub const ALL: [Protocol; 2] = [Protocol::Essay, Protocol::Careful];

    pub fn id(self) -> &'static str {
        match self {
            Protocol::Essay => "essay",
            Protocol::Careful => "careful",
        }
    }

    pub fn from_id(s: &str) -> Option<Protocol> {
        Protocol::ALL.into_iter().find(|p| p.id() == s)
    }

    /// Training examples held out.
    pub fn validation(self) -> usize {
        match self {
            Protocol::Essay => 0,
            Protocol::Careful => VALIDATION,
        }
    }

    /// Evaluations averaged into the score.
    pub fn tail(self) -> usize {
        match self {
            Protocol::Essay => 1,
            Protocol::Careful => TAIL,
        }
    }

    /// In words, for a table's heading and an export.
    pub fn describe(self) -> &'static str {
        match self {
            Protocol::Essay => "the essay's protocol: the rate with the best median test score over the seeds, trained on every training example, the final weights scored (kept to compare with the essay like for like; the test set chose the rate, so scores are optimistic)",
            Protocol::Careful => "careful protocol: 800 training examples (a fifth of a dataset's, if fewer) held out choose the rate (median validation score over every seed and teacher draw), the grid extends until each chosen rate is inside it, the score is the mean of the last 5 test evaluations (every 100 steps)",
        }
    }
}

/// The essay's student: two hidden layers.
pub const DEFAULT_DEPTH: usize = 2;
/// The deepest student the instrument builds.
pub const MAX_DEPTH: usize = 8;

fn default_depth() -> usize {
    DEFAULT_DEPTH
}

/// Everything a run depends on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunConfig {
    pub method: Method,
    pub lr: f64,
    pub seed: u64,
    pub steps: usize,
    pub batch: usize,
    pub hidden: usize,
    /// The number of hidden layers, each `hidden` wide (the essay's 2).
    #[serde(default = "default_depth")]
    pub depth: usize,
    /// Perturbation size for weight and node perturbation.
    pub sigma: f64,
    /// The Part 4 rules' own settings.
    #[serde(default)]
    pub rules: RuleParams,
    /// The arithmetic's precision (f64 unless asked).
    #[serde(default)]
    pub precision: Precision,
    /// The teacher the run learns from (the task is `teacher.shape()`).
    #[serde(default)]
    pub teacher: Teacher,
    /// How the run is scored and what it trains on (the essay's unless asked).
    #[serde(default)]
    pub protocol: Protocol,
    /// The first layer: dense, or convolutional on an image task.
    #[serde(default)]
    pub arch: Arch,
}

impl Default for RunConfig {
    /// The essay's setup: 3,000 steps of 32, hidden layers of 64.
    fn default() -> Self {
        Self {
            method: Method::Bp,
            lr: 0.05,
            seed: 0,
            steps: 3000,
            batch: 32,
            hidden: 64,
            depth: DEFAULT_DEPTH,
            sigma: 1e-3,
            rules: RuleParams::default(),
            precision: Precision::F64,
            teacher: Teacher::default(),
            protocol: Protocol::Essay,
            arch: Arch::Dense,
        }
    }
}

impl RunConfig {
    /// The task this run learns: the essay's, with this run's teacher and
    /// its protocol's validation split.
    pub fn task_shape(&self) -> TaskShape {
        TaskShape {
            validation: self.protocol.validation(),
            ..self.teacher.shape()
        }
    }
}

/// The settings of the essay's Part 4 rules (README: where each came from).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleParams {
    /// Kolen–Pollack's decay λ of W and B: W − Bᵀ shrinks by (1 − lr·λ) a
    /// step, so at the best FA rate (0.2) the initial difference falls to
    /// e⁻³ in 3,000 steps.
    pub kp_decay: f64,
    /// Three-factor rule: the eligibility trace's decay per trial (0 is
    /// node perturbation).
    pub trace_decay: f64,
    /// Predictive coding: relaxation steps T and rate γ.
    pub pc_steps: usize,
    pub pc_rate: f64,
    /// Equilibrium propagation: the nudge β and the settling steps of the
    /// free and of each nudged phase.
    pub ep_beta: f64,
    pub ep_free: usize,
    pub ep_nudged: usize,
    /// Forward-forward: the goodness threshold θ per hidden unit (θ·n for a
    /// layer of n).
    pub ff_theta: f64,
}

impl Default for RuleParams {
    fn default() -> Self {
        Self {
            kp_decay: 0.005,
            trace_decay: 0.5,
            pc_steps: 20,
            pc_rate: 0.1,
            ep_beta: 0.1,
            ep_free: 20,
            ep_nudged: 10,
            ff_theta: 0.5,
        }
    }
}

impl RuleParams {
    /// Sets the setting called `name` (a field above) from text: a number
    /// ≥ 0 (a whole number up to 10,000 for step counts; β above 0 and
    /// below 1, since the −β phase divides by 1 − β).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut fields = serde_json::to_value(*self).map_err(|e| e.to_string())?;
        let names: Vec<String> = fields
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        let slot = fields.get_mut(name).ok_or_else(|| {
            format!(
                "no rule setting '{name}'; the settings are {}",
                names.join(", ")
            )
        })?;
        let v: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("{name}={value}: not a number ≥ 0"))?;
        *slot = if slot.is_u64() {
            if v.fract() != 0.0 || v > 10_000.0 {
                return Err(format!(
                    "{name}={value}: a whole number of steps up to 10,000"
                ));
            }
            serde_json::json!(v as u64)
        } else {
            serde_json::json!(v)
        };
        let next: RuleParams = serde_json::from_value(fields).map_err(|e| e.to_string())?;
        if !(next.ep_beta > 0.0 && next.ep_beta < 1.0) {
            return Err(format!("{name}={value}: β must be above 0 and below 1"));
        }
        if next.trace_decay > 1.0 {
            return Err(format!("{name}={value}: the trace's decay is at most 1"));
        }
        *self = next;
        Ok(())
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// Test normalised MSE of the final weights (+∞ when diverged); under
    /// the careful protocol the mean of the last `TAIL` evaluations.
    pub nmse: f64,
    /// The same on the validation set (careful protocol only).
    #[serde(default)]
    pub validation: Option<f64>,
    pub diverged: bool,
    pub steps_done: usize,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub cfg: RunConfig,
    pub result: RunResult,
    pub angles: Angles,
}

/// (step, degrees for W₁ … W_{L+1}), NaN where a layer was left unchanged.
pub type Angles = Vec<(usize, Vec<f64>)>;

/// Angles as JSON carries them: `None` for NaN (a layer left unchanged).
pub type AnglesJson = Vec<(usize, Vec<Option<f64>>)>;

pub fn angles_to_json(a: &Angles) -> AnglesJson {
    a.iter()
        .map(|(s, d)| (*s, d.iter().map(|&v| v.is_finite().then_some(v)).collect()))
        .collect()
}

pub fn angles_from_json(a: &AnglesJson) -> Angles {
    a.iter()
        .map(|(s, d)| (*s, d.iter().map(|v| v.unwrap_or(f64::NAN)).collect()))
        .collect()
}
