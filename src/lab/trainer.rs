//! One training run as a pure function of its configuration, steppable in
//! chunks: `Trainer::new(config, task)`, then `step()` as often as wanted,
//! and `evaluate()` at any point. The native sweep and the browser call
//! the same code.

use super::method::Method;
use super::net::{angle_degrees, dot_all, mm, tanh, Acts, Net};
use super::rng::{fill_normal, normal_matrix, permutation, stream, LabRng, Stream};
use super::task::{nmse, Task};
use ndarray::{Array1, Array2, Zip};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A minibatch normalised MSE above this counts as divergence.
pub const DIVERGENCE_NMSE: f64 = 1e4;
/// The alignment angle is measured every this many steps.
pub const ANGLE_EVERY: usize = 100;

/// Everything a run depends on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunConfig {
    pub method: Method,
    pub lr: f64,
    pub seed: u64,
    pub steps: usize,
    pub batch: usize,
    pub hidden: usize,
    /// Perturbation size for weight and node perturbation.
    pub sigma: f64,
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
            sigma: 1e-3,
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// Test normalised MSE of the final weights (+∞ when diverged).
    pub nmse: f64,
    pub diverged: bool,
    pub steps_done: usize,
}

/// Fixed random matrices and permutations a method may use in place of
/// the true backward pathway.
#[derive(Clone, Debug)]
struct Feedback {
    /// FA: B₂ replaces W₂ᵀ (h×h), B₃ replaces W₃ᵀ (out×h).
    b2: Array2<f64>,
    b3: Array2<f64>,
    /// DFA: the output error to hidden layer 1 and 2 (out×h each).
    d1: Array2<f64>,
    d2: Array2<f64>,
    /// Scrambled: unit j of layer l receives the delta of unit P_l(j).
    p1: Vec<usize>,
    p2: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct Trainer {
    pub cfg: RunConfig,
    task: Arc<Task>,
    pub net: Net,
    order: LabRng,
    noise: LabRng,
    perm: Vec<usize>,
    cursor: usize,
    /// Shuffled-labels control: training row i is labelled with row
    /// `labels[i]`'s target.
    labels: Option<Vec<usize>>,
    fb: Feedback,
    acts: Acts,
    prev: Acts,
    t: Array2<f64>,
    e: Array2<f64>,
    d1: Array2<f64>,
    d2: Array2<f64>,
    scratch: Array2<f64>,
    /// Node perturbation: each example's loss change.
    dl: Array1<f64>,
    g: [Array2<f64>; 3],
    aux: Net,
    /// Node perturbation: noise on each layer's pre-activation.
    xi: Acts,
    noisy: Acts,
    step: usize,
    diverged_at: Option<usize>,
    /// The last minibatch loss.
    pub loss: f64,
    /// (step, degrees) between this method's W₂ update and the exact one,
    /// every `ANGLE_EVERY` steps (FA and DFA).
    pub angles: Vec<(usize, f64)>,
}

impl Trainer {
    pub fn new(cfg: RunConfig, task: Arc<Task>) -> Self {
        let s = task.shape;
        let (b, h) = (cfg.batch.max(1), cfg.hidden.max(1));
        let net = Net::init(&mut stream(cfg.seed, Stream::Init), s.inputs, h, s.outputs);
        let mut order = stream(cfg.seed, Stream::Order);
        let perm = permutation(&mut order, s.train);
        let mut f = stream(cfg.seed, Stream::Feedback);
        let sd = (1.0 / h as f64).sqrt();
        let fb = Feedback {
            b2: normal_matrix(&mut f, h, h, sd),
            b3: normal_matrix(&mut f, s.outputs, h, sd),
            d1: normal_matrix(&mut f, s.outputs, h, sd),
            d2: normal_matrix(&mut f, s.outputs, h, sd),
            p1: permutation(&mut f, h),
            p2: permutation(&mut f, h),
        };
        let labels = (cfg.method == Method::ShuffledLabels)
            .then(|| permutation(&mut stream(cfg.seed, Stream::Labels), s.train));
        Self {
            aux: net.zeros_like(),
            g: net.zeros_like().w,
            net,
            order,
            noise: stream(cfg.seed, Stream::Noise),
            perm,
            cursor: 0,
            labels,
            fb,
            acts: Acts::new(b, s.inputs, h, s.outputs),
            prev: Acts::new(b, s.inputs, h, s.outputs),
            xi: Acts::new(b, s.inputs, h, s.outputs),
            noisy: Acts::new(b, s.inputs, h, s.outputs),
            t: Array2::zeros((b, s.outputs)),
            e: Array2::zeros((b, s.outputs)),
            d1: Array2::zeros((b, h)),
            d2: Array2::zeros((b, h)),
            scratch: Array2::zeros((b, h)),
            dl: Array1::zeros(b),
            step: 0,
            diverged_at: None,
            loss: f64::NAN,
            angles: Vec::new(),
            task,
            cfg,
        }
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
        if self.diverged_at.is_some() {
            return f64::INFINITY;
        }
        let y = self.net.predict(&self.task.x_test);
        let v = nmse(&y, &self.task.t_test, self.task.test_var);
        if v.is_finite() {
            v
        } else {
            f64::INFINITY
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
        let nmse = self.evaluate();
        RunResult {
            nmse,
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
        // e = (y − t)/B is ∂L/∂y for L = (1/B) Σ ½‖y − t‖²
        let inv_b = 1.0 / self.cfg.batch as f64;
        let mut sq = 0.0;
        Zip::from(&mut self.e)
            .and(&self.acts.y)
            .and(&self.t)
            .for_each(|e, &y, &t| {
                sq += (y - t) * (y - t);
                *e = (y - t) * inv_b;
            });
        self.loss = 0.5 * sq * inv_b;
        let batch_nmse = sq / self.e.len() as f64 / self.task.train_var;
        if !self.loss.is_finite() || batch_nmse > DIVERGENCE_NMSE {
            self.diverged_at = Some(self.step);
            return;
        }
        let apply = self.compute_update();
        if apply {
            let lr = self.cfg.lr;
            for (w, g) in self.net.w.iter_mut().zip(&self.g) {
                w.scaled_add(-lr, g);
            }
        }
        self.step += 1;
    }

    /// Copies the next minibatch into `acts.x` and `t`; a fresh
    /// permutation each epoch, from the seed's order stream.
    fn load_batch(&mut self) {
        let b = self.cfg.batch;
        if self.cursor + b > self.perm.len() {
            self.perm = permutation(&mut self.order, self.perm.len());
            self.cursor = 0;
        }
        for i in 0..b {
            let row = self.perm[self.cursor + i];
            let label = self.labels.as_ref().map_or(row, |l| l[row]);
            self.acts.x.row_mut(i).assign(&self.task.x_train.row(row));
            self.t.row_mut(i).assign(&self.task.t_train.row(label));
        }
        self.cursor += b;
    }

    /// Fills `g` with this method's update direction (the step is
    /// `−lr·g`). Returns false when no update is to be applied.
    fn compute_update(&mut self) -> bool {
        match self.cfg.method {
            Method::Bp | Method::ShuffledLabels => self.exact(),
            Method::Fa => self.feedback(false),
            Method::Dfa => self.feedback(true),
            Method::NoDeriv => {
                self.deltas(Pathway::Transpose, false);
                self.weight_grads(false);
            }
            Method::Scrambled => {
                self.deltas(Pathway::Transpose, true);
                scramble(&mut self.d1, &mut self.scratch, &self.fb.p1);
                scramble(&mut self.d2, &mut self.scratch, &self.fb.p2);
                self.weight_grads(false);
            }
            Method::SignDropped => {
                self.deltas(Pathway::Transpose, true);
                for d in [&mut self.e, &mut self.d1, &mut self.d2] {
                    d.mapv_inplace(f64::abs);
                }
                self.weight_grads(false);
            }
            Method::Stale => {
                self.deltas(Pathway::Transpose, true);
                let had_prev = self.step > 0;
                if had_prev {
                    self.weight_grads(true);
                }
                std::mem::swap(&mut self.acts, &mut self.prev);
                return had_prev;
            }
            Method::RandomDirection => {
                self.exact();
                let norm = dot_all(&self.g, &self.g).sqrt();
                for g in &mut self.g {
                    fill_normal(&mut self.noise, g, 1.0);
                }
                let z = dot_all(&self.g, &self.g).sqrt();
                for g in &mut self.g {
                    *g *= norm / z;
                }
            }
            Method::ReadoutOnly => {
                mm(self.acts.h2.t(), self.e.view(), &mut self.g[2]);
                self.g[0].fill(0.0);
                self.g[1].fill(0.0);
            }
            Method::WeightPerturbation => self.weight_perturbation(),
            Method::NodePerturbation => self.node_perturbation(),
        }
        true
    }

    /// The exact gradient of the minibatch loss into `g`.
    pub(crate) fn exact(&mut self) {
        self.deltas(Pathway::Transpose, true);
        self.weight_grads(false);
    }

    fn feedback(&mut self, direct: bool) {
        let measure = self.step.is_multiple_of(ANGLE_EVERY);
        if measure {
            // the exact W₂ gradient on this batch, before the update
            self.exact();
            std::mem::swap(&mut self.g[1], &mut self.aux.w[1]);
        }
        self.deltas(
            if direct {
                Pathway::Direct
            } else {
                Pathway::Random
            },
            true,
        );
        self.weight_grads(false);
        if measure {
            self.angles
                .push((self.step, angle_degrees(&self.g[1], &self.aux.w[1])));
        }
    }

    /// Hidden-layer deltas from `e`: through Wᵀ, through the fixed random
    /// B (FA), or straight from the output (DFA); times f′ = 1 − h² at the
    /// stored activity when `slope`.
    fn deltas(&mut self, path: Pathway, slope: bool) {
        let (w2, w3) = (&self.net.w[1], &self.net.w[2]);
        match path {
            Pathway::Transpose => mm(self.e.view(), w3.t(), &mut self.d2),
            Pathway::Random => mm(self.e.view(), self.fb.b3.view(), &mut self.d2),
            Pathway::Direct => mm(self.e.view(), self.fb.d2.view(), &mut self.d2),
        }
        if slope {
            Zip::from(&mut self.d2)
                .and(&self.acts.h2)
                .for_each(|d, &h| *d *= 1.0 - h * h);
        }
        match path {
            Pathway::Transpose => mm(self.d2.view(), w2.t(), &mut self.d1),
            Pathway::Random => mm(self.d2.view(), self.fb.b2.view(), &mut self.d1),
            Pathway::Direct => mm(self.e.view(), self.fb.d1.view(), &mut self.d1),
        }
        if slope {
            Zip::from(&mut self.d1)
                .and(&self.acts.h1)
                .for_each(|d, &h| *d *= 1.0 - h * h);
        }
    }

    /// g_l = (activity into layer l)ᵀ · delta_l, from this batch's stored
    /// activity or (`stale`) the previous batch's.
    fn weight_grads(&mut self, stale: bool) {
        let a = if stale { &self.prev } else { &self.acts };
        mm(a.x.t(), self.d1.view(), &mut self.g[0]);
        mm(a.h1.t(), self.d2.view(), &mut self.g[1]);
        mm(a.h2.t(), self.e.view(), &mut self.g[2]);
    }

    /// One perturbation ξ ~ N(0, σ²) of every weight; the estimate is
    /// ΔL·ξ/σ² with ΔL = L(W + ξ) − L(W) on this batch.
    fn weight_perturbation(&mut self) {
        let s = self.cfg.sigma;
        for (l, g) in self.g.iter_mut().enumerate() {
            fill_normal(&mut self.noise, g, s);
            self.aux.w[l].assign(&self.net.w[l]);
            self.aux.w[l] += &*g;
        }
        self.noisy.x.assign(&self.acts.x);
        self.aux.forward(&mut self.noisy);
        let dl = batch_loss(&self.noisy.y, &self.t) - self.loss;
        for g in &mut self.g {
            *g *= dl / (s * s);
        }
    }

    /// Each example its own ξ ~ N(0, σ²) on every hidden and output unit's
    /// pre-activation; that example's loss change is the one score its units
    /// share; the update uses the clean activities.
    fn node_perturbation(&mut self) {
        let s = self.cfg.sigma;
        for m in [&mut self.xi.h1, &mut self.xi.h2, &mut self.xi.y] {
            fill_normal(&mut self.noise, m, s);
        }
        let (n, w) = (&mut self.noisy, &self.net.w);
        mm(self.acts.x.view(), w[0].view(), &mut n.h1);
        Zip::from(&mut n.h1)
            .and(&self.xi.h1)
            .for_each(|a, &z| *a = tanh(*a + z));
        mm(n.h1.view(), w[1].view(), &mut n.h2);
        Zip::from(&mut n.h2)
            .and(&self.xi.h2)
            .for_each(|a, &z| *a = tanh(*a + z));
        mm(n.h2.view(), w[2].view(), &mut n.y);
        n.y += &self.xi.y;
        // each example's share of the loss, noisy minus clean, into a buffer
        let half_inv_b = 0.5 / self.cfg.batch as f64;
        Zip::from(&mut self.dl)
            .and(n.y.rows())
            .and(self.acts.y.rows())
            .and(self.t.rows())
            .for_each(|dl, noisy, clean, t| {
                let mut diff = 0.0;
                Zip::from(&noisy)
                    .and(&clean)
                    .and(&t)
                    .for_each(|&a, &b, &c| {
                        diff += (a - c) * (a - c) - (b - c) * (b - c);
                    });
                *dl = diff * half_inv_b;
            });
        let dl = &self.dl;
        let k = 1.0 / (s * s);
        let scale = |d: &mut Array2<f64>, xi: &Array2<f64>| {
            Zip::from(d.rows_mut())
                .and(xi.rows())
                .and(dl)
                .for_each(|mut dr, xr, &l| {
                    Zip::from(&mut dr).and(&xr).for_each(|d, &z| *d = l * z * k);
                });
        };
        scale(&mut self.d1, &self.xi.h1);
        scale(&mut self.d2, &self.xi.h2);
        scale(&mut self.e, &self.xi.y);
        self.weight_grads(false);
    }

    /// For tests and the scaling table: the exact gradient and the
    /// current minibatch, without updating.
    pub fn probe_exact(&mut self) -> [Array2<f64>; 3] {
        self.prepare_batch();
        self.exact();
        self.g.clone()
    }

    /// One-shot estimate by `method` on the current batch, without
    /// updating (the batch must have been prepared by `probe_exact`).
    pub fn probe_estimate(&mut self, method: Method) -> [Array2<f64>; 3] {
        match method {
            Method::WeightPerturbation => self.weight_perturbation(),
            Method::NodePerturbation => self.node_perturbation(),
            _ => {
                let m = self.cfg.method;
                self.cfg.method = method;
                self.compute_update();
                self.cfg.method = m;
            }
        }
        self.g.clone()
    }

    /// Loads the next batch and runs the forward sweep and the error,
    /// as `step` does, without updating.
    fn prepare_batch(&mut self) {
        self.load_batch();
        self.net.forward(&mut self.acts);
        let inv_b = 1.0 / self.cfg.batch as f64;
        Zip::from(&mut self.e)
            .and(&self.acts.y)
            .and(&self.t)
            .for_each(|e, &y, &t| *e = (y - t) * inv_b);
        self.loss = batch_loss(&self.acts.y, &self.t);
    }

    /// The current minibatch's inputs and targets (after a probe or step).
    pub fn batch(&self) -> (&Array2<f64>, &Array2<f64>) {
        (&self.acts.x, &self.t)
    }

    /// The fixed random matrices FA uses for W₂ᵀ and W₃ᵀ.
    pub fn fa_matrices(&self) -> (&Array2<f64>, &Array2<f64>) {
        (&self.fb.b2, &self.fb.b3)
    }

    pub fn scramble_perms(&self) -> (&[usize], &[usize]) {
        (&self.fb.p1, &self.fb.p2)
    }
}

#[derive(Clone, Copy)]
enum Pathway {
    Transpose,
    Random,
    Direct,
}

/// (1/B) Σ ½‖y − t‖².
pub fn batch_loss(y: &Array2<f64>, t: &Array2<f64>) -> f64 {
    let mut sq = 0.0;
    Zip::from(y)
        .and(t)
        .for_each(|&a, &b| sq += (a - b) * (a - b));
    0.5 * sq / y.nrows() as f64
}

/// Column j of `d` becomes column `p[j]` of the old `d`.
fn scramble(d: &mut Array2<f64>, scratch: &mut Array2<f64>, p: &[usize]) {
    scratch.assign(d);
    for (j, &pj) in p.iter().enumerate() {
        d.column_mut(j).assign(&scratch.column(pj));
    }
}
