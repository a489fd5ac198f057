//! One training run as a pure function of its configuration, steppable in
//! chunks: `Trainer::new(config, task)`, then `step()` as often as wanted,
//! and `evaluate()` at any point. The native grid and the browser call
//! the same code. Each method's update is picked in `update.rs`; its
//! arithmetic is in `rules.rs` and the rule's own file.

use crate::lab::kernel::Real;
use crate::lab::method::energy::settled_output;
use crate::lab::method::Method;
use crate::lab::train::config::{Arch, Protocol, TAIL_EVERY};
use crate::lab::train::conv::Conv;
use crate::lab::train::net::{angle_degrees, layer_sizes, Acts, Net};
use crate::lab::train::rng::{normal_matrix, permutation, stream, LabRng, Stream};
use crate::lab::train::state::RuleState;
use crate::lab::train::task::{nmse, Task};
use ndarray::{Array1, Array2};
use std::sync::Arc;

/// A minibatch normalised MSE above this counts as divergence.
pub const DIVERGENCE_NMSE: f64 = 1e4;
/// The alignment angle is measured every this many steps (and at the
/// last step).
pub const ANGLE_EVERY: usize = 100;

pub use crate::lab::train::config::{Angles, RunConfig, RunResult};
pub use crate::lab::train::net::batch_loss;

/// Fixed random matrices and permutations a method may use in place of
/// the true backward pathway, one per hidden layer l = 1 … L (index l−1).
#[derive(Clone, Debug)]
pub(crate) struct Feedback<F: Real> {
    /// FA: `b[l−1]` replaces W_{l+1}ᵀ (h×h, or out×h for the top layer).
    pub(crate) b: Vec<Array2<F>>,
    /// DFA: the output error straight to hidden layer l (out×h).
    pub(crate) d: Vec<Array2<F>>,
    /// Scrambled: unit j of layer l receives the delta of unit P_l(j).
    pub(crate) p: Vec<Vec<usize>>,
}

impl<F: Real> Feedback<F> {
    /// Drawn in the order B₁…B_L, D₁…D_L, P₁…P_L (for two layers the
    /// order the two-layer student drew them in).
    fn draw(f: &mut LabRng, sizes: &[usize]) -> Self {
        let hidden = &sizes[1..sizes.len() - 1];
        let b = (0..hidden.len())
            .map(|l| normal_matrix(f, sizes[l + 2], hidden[l], (1.0 / hidden[l] as f64).sqrt()))
            .collect();
        let out = sizes[sizes.len() - 1];
        let d = hidden
            .iter()
            .map(|&h| normal_matrix(f, out, h, (1.0 / h as f64).sqrt()))
            .collect();
        let p = hidden.iter().map(|&h| permutation(f, h)).collect();
        Self { b, d, p }
    }
}

/// One run in precision `F` (f64 unless the configuration asks for f32;
/// see `Training` for the choice made at run time).
#[derive(Clone, Debug)]
pub struct Trainer<F: Real = f64> {
    pub cfg: RunConfig,
    pub(crate) task: Arc<Task>,
    pub net: Net<F>,
    pub(crate) order: LabRng,
    pub(crate) noise: LabRng,
    pub(crate) perm: Vec<usize>,
    pub(crate) cursor: usize,
    /// Shuffled-labels control: training row i is labelled with row
    /// `labels[i]`'s target.
    pub(crate) labels: Option<Vec<usize>>,
    pub(crate) fb: Feedback<F>,
    pub(crate) acts: Acts<F>,
    pub(crate) prev: Acts<F>,
    pub(crate) t: Array2<F>,
    /// Each layer's delta as the update uses it: `d[l]` for the units of
    /// `acts.a[l+1]`; `d[L]` is the output error e.
    pub(crate) d: Vec<Array2<F>>,
    /// One buffer like each of `d` (the scrambled control's copy).
    pub(crate) scratch: Vec<Array2<F>>,
    /// Node perturbation: each example's loss change.
    pub(crate) dl: Array1<F>,
    pub(crate) g: Vec<Array2<F>>,
    pub(crate) aux: Net<F>,
    /// Node perturbation: noise on each layer's pre-activation.
    pub(crate) xi: Acts<F>,
    pub(crate) noisy: Acts<F>,
    /// The rule's own state and buffers (`state::RuleState`).
    pub(crate) local: RuleState<F>,
    pub(crate) step: usize,
    pub(crate) diverged_at: Option<usize>,
    /// The last minibatch loss.
    pub loss: f64,
    /// The exact gradient at the same weights, where the angles are measured.
    pub(crate) exact_g: Vec<Array2<F>>,
    /// The convolutional first layer (`Arch::Conv` on an image task): W₁
    /// is its dense form, and every update of W₁ goes through its kernels.
    pub conv: Option<Conv>,
    /// The test inputs in `F`, for `evaluate`.
    pub(crate) x_test: Array2<F>,
    /// The validation inputs in `F` (careful protocol; else empty).
    pub(crate) x_val: Array2<F>,
    /// Careful protocol: (test, validation) scores at the run's last
    /// `TAIL` evaluation points.
    pub(crate) tail: Vec<(f64, f64)>,
    /// Every `ANGLE_EVERY` steps: (step, degrees between this method's
    /// update of each W_l and the exact gradient at the same weights);
    /// NaN where the method leaves a layer unchanged.
    pub angles: Angles,
    /// FA and Kolen–Pollack, at the same steps: (step, degrees between each
    /// feedback matrix B_l and the W_{l+1}ᵀ it stands in for).
    pub feedback_log: Angles,
}

impl<F: Real> Trainer<F> {
    pub fn new(cfg: RunConfig, task: Arc<Task>) -> Self {
        debug_assert_eq!(
            task.shape.teacher, cfg.teacher,
            "a run learns its own teacher"
        );
        let s = task.shape;
        let (b, h, depth) = (cfg.batch.max(1), cfg.hidden.max(1), cfg.depth.max(1));
        // forward-forward's input carries the label too
        let label_in = if cfg.method == Method::ForwardForward {
            s.outputs
        } else {
            0
        };
        // (a rule with no conv form, `MethodDef::on_conv`, keeps the dense
        // layer; the command line refuses to ask for it)
        let conv = (cfg.arch == Arch::Conv && cfg.method.def().on_conv.is_ok() && label_in == 0)
            .then(|| Conv::for_inputs(s.inputs))
            .flatten();
        let mut sizes = layer_sizes(s.inputs + label_in, h, depth, s.outputs);
        if let Some(c) = &conv {
            sizes[1] = c.units();
        }
        let mut init = stream(cfg.seed, Stream::Init);
        let mut net = Net::init(&mut init, &sizes);
        if let Some(c) = &conv {
            // kernels N(0, 1/k²), drawn after the dense layers
            let sd = 1.0 / c.k as f64;
            let kernels: Vec<f64> = (0..c.n_kernel())
                .map(|_| sd * crate::lab::train::rng::normal(&mut init))
                .collect();
            c.expand(&kernels, &mut net.w[0]);
        }
        let mut order = stream(cfg.seed, Stream::Order);
        let rows = task.x_train.nrows();
        let perm = permutation(&mut order, rows);
        let fb = Feedback::draw(&mut stream(cfg.seed, Stream::Feedback), &sizes);
        let labels = (cfg.method == Method::ShuffledLabels)
            .then(|| permutation(&mut stream(cfg.seed, Stream::Labels), rows));
        Self {
            aux: net.zeros_like(),
            g: net.zeros_like().w,
            exact_g: net.zeros_like().w,
            net,
            order,
            noise: stream(cfg.seed, Stream::Noise),
            perm,
            cursor: 0,
            labels,
            fb,
            acts: Acts::new(b, &sizes),
            prev: Acts::new(b, &sizes),
            xi: Acts::new(b, &sizes),
            noisy: Acts::new(b, &sizes),
            local: RuleState::new(cfg.method, &sizes, b),
            t: Array2::zeros((b, s.outputs)),
            d: sizes[1..].iter().map(|&n| Array2::zeros((b, n))).collect(),
            scratch: sizes[1..].iter().map(|&n| Array2::zeros((b, n))).collect(),
            dl: Array1::zeros(b),
            x_test: task.x_test.mapv(F::of),
            x_val: task.x_val.mapv(F::of),
            tail: Vec::new(),
            step: 0,
            diverged_at: None,
            loss: f64::NAN,
            angles: Vec::new(),
            feedback_log: Vec::new(),
            conv,
            task,
            cfg,
        }
    }

    /// The number of hidden layers.
    pub fn depth(&self) -> usize {
        self.net.depth()
    }

    pub fn steps_done(&self) -> usize {
        self.step
    }

    pub fn diverged_at(&self) -> Option<usize> {
        self.diverged_at
    }

    /// Finished: all steps done, or diverged.
    pub fn finished(&self) -> bool {
        self.diverged_at.is_some() || self.step >= self.cfg.steps
    }

    /// Test normalised MSE of the current weights; +∞ once diverged or if
    /// the weights no longer give finite outputs.
    pub fn evaluate(&self) -> f64 {
        self.score_on(&self.x_test, &self.task.t_test, self.task.test_var)
    }

    /// The same on the held-out validation examples (careful protocol).
    pub fn evaluate_validation(&self) -> f64 {
        self.score_on(&self.x_val, &self.task.t_val, self.task.val_var)
    }

    /// The run's score on inputs `x` with targets `t` (variance `var`):
    /// normalised MSE, or the error rate on the classification task.
    fn score_on(&self, x: &Array2<F>, t: &Array2<f64>, var: f64) -> f64 {
        if self.diverged_at.is_some() || x.nrows() == 0 {
            return f64::INFINITY;
        }
        if self.classifies() {
            return self.classification_error(x, t);
        }
        let y = if self.cfg.method == Method::EquilibriumProp {
            settled_output(&self.net, x, self.cfg.rules.ep_free)
        } else {
            self.net.predict(x)
        };
        let y = y.mapv(F::f64);
        let v = nmse(&y, t, var);
        if v.is_finite() {
            v
        } else {
            f64::INFINITY
        }
    }

    /// Careful protocol: after the steps at which the last `TAIL`
    /// evaluations fall (`TAIL_EVERY` apart, the last at the final step),
    /// both scores are kept.
    fn keep_tail(&mut self) {
        let (tail, steps) = (self.cfg.protocol.tail(), self.cfg.steps);
        if tail <= 1 || self.step > steps {
            return;
        }
        let left = steps - self.step;
        if left.is_multiple_of(TAIL_EVERY) && left / TAIL_EVERY < tail {
            self.tail
                .push((self.evaluate(), self.evaluate_validation()));
        }
    }

    /// Runs the remaining steps and scores the result.
    pub fn run(&mut self) -> RunResult {
        while !self.finished() {
            self.step();
        }
        self.result()
    }

    pub fn result(&self) -> RunResult {
        let careful = self.cfg.protocol == Protocol::Careful;
        let mean = |f: fn(&(f64, f64)) -> f64| {
            self.tail.iter().map(f).sum::<f64>() / self.tail.len() as f64
        };
        let (nmse, validation) = if self.diverged_at.is_some() {
            (f64::INFINITY, careful.then_some(f64::INFINITY))
        } else if careful && !self.tail.is_empty() {
            (mean(|p| p.0), Some(mean(|p| p.1)))
        } else {
            (self.evaluate(), careful.then(|| self.evaluate_validation()))
        };
        RunResult {
            nmse,
            validation,
            diverged: !nmse.is_finite(),
            steps_done: self.step,
        }
    }

    /// One step of 32 examples: forward, the method's update, and the
    /// divergence check. Does nothing once finished.
    pub fn step(&mut self) {
        if self.finished() {
            return;
        }
        self.load_batch();
        self.net.forward(&mut self.acts);
        if !self.output_error() {
            self.diverged_at = Some(self.step);
            return;
        }
        // every ANGLE_EVERY steps, and the last update
        // (forward-forward has no gradient on this task to compare with)
        let measure = (self.step.is_multiple_of(ANGLE_EVERY) || self.step + 1 == self.cfg.steps)
            && !self.cfg.method.def().own_goal;
        if measure {
            // the exact gradient on this batch, before the update (no
            // randomness drawn, so the run is the same with or without)
            self.exact();
            for (x, g) in self.exact_g.iter_mut().zip(&self.g) {
                x.assign(g);
            }
        }
        let apply = self.compute_update();
        // a conv layer's update is its kernels' (weight perturbation
        // perturbs the kernels themselves: its estimate is already theirs)
        if let Some(c) = &mut self.conv {
            if self.cfg.method != Method::WeightPerturbation {
                c.project(&mut self.g[0]);
            }
            if measure {
                c.project(&mut self.exact_g[0]);
            }
        }
        if !self.loss.is_finite() {
            // forward-forward's loss is known only now
            self.diverged_at = Some(self.step);
            return;
        }
        if measure {
            let a = (self.g.iter().zip(&self.exact_g))
                .map(|(g, x)| if apply { angle_degrees(g, x) } else { f64::NAN })
                .collect();
            self.angles.push((self.step, a));
            if self.cfg.method.def().feedback_angles {
                self.feedback_log.push((self.step, self.feedback_angles()));
            }
        }
        if apply {
            let lr = F::of(self.cfg.lr);
            for (w, g) in self.net.w.iter_mut().zip(&self.g) {
                w.scaled_add(-lr, g);
            }
        }
        self.step += 1;
        self.keep_tail();
    }
}
