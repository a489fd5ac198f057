//! The simulated agent pipeline (essay Part 5; no language model is
//! called): K steps, step k computing y_k = tanh(y_{k−1}·A_kᵀ + θ_k) with a
//! fixed map A_k (the model) and a learnable vector θ_k (its "prompt"),
//! learning a teacher pipeline with the same maps and other prompts. The
//! credit each step's prompt receives: the exact gradient (the engine's
//! adjoints), a chained critique passed back hop by hop through an
//! imperfect critic, or the final critique broadcast to every step through
//! a fixed random map.

use crate::lab::agents::reading::influence;
use crate::lab::agents::{AgentsConfig, Signal};
use crate::lab::train::rng::{normal, normal_matrix, stream, LabRng, Stream};
use ndarray::{Array1, Array2, Axis};
use rand::SeedableRng;

/// The fixed parts of a simulation: maps, teacher prompts, tasks, the
/// broadcast maps and the steps' names.
#[derive(Clone, Debug)]
pub struct Pipeline {
    pub cfg: AgentsConfig,
    /// A_k, width × width, for k = 1 … K.
    pub maps: Vec<Array2<f64>>,
    pub teacher: Vec<Array1<f64>>,
    pub x_train: Array2<f64>,
    pub t_train: Array2<f64>,
    pub x_val: Array2<f64>,
    pub t_val: Array2<f64>,
    /// Broadcast: the final critique to step k through a fixed random map.
    pub broadcast: Vec<Array2<f64>>,
    /// Each step's description; the critic's noise depends on it.
    pub names: Vec<String>,
}

/// One forward pass over a set of tasks: the outputs y_0 (the input) …
/// y_K of every step.
pub struct Forward {
    pub y: Vec<Array2<f64>>,
}

impl Forward {
    pub fn output(&self) -> &Array2<f64> {
        self.y.last().expect("an output")
    }
}

impl Pipeline {
    pub fn new(cfg: AgentsConfig) -> Self {
        let (k, d) = (cfg.stages.max(1), cfg.out_size.max(1));
        let mut rng = stream(cfg.seed, Stream::Task);
        let sd = cfg.map_gain / (d as f64).sqrt();
        let maps: Vec<_> = (0..k).map(|_| normal_matrix(&mut rng, d, d, sd)).collect();
        let teacher: Vec<Array1<f64>> = (0..k)
            .map(|_| Array1::from_iter((0..d).map(|_| normal(&mut rng))))
            .collect();
        let x_train = normal_matrix(&mut rng, cfg.tasks.max(1), d, 1.0);
        let x_val = normal_matrix(&mut rng, cfg.val_tasks.max(1), d, 1.0);
        let mut fb = stream(cfg.seed, Stream::Feedback);
        let broadcast = (0..k)
            .map(|_| normal_matrix(&mut fb, d, d, 1.0 / (d as f64).sqrt()))
            .collect();
        let names = (1..=k).map(|i| format!("step {i}")).collect();
        let mut p = Self {
            cfg,
            maps,
            teacher: teacher.clone(),
            t_train: Array2::zeros((0, 0)),
            t_val: Array2::zeros((0, 0)),
            x_train,
            x_val,
            broadcast,
            names,
        };
        p.t_train = p.forward(&teacher, &p.x_train).output().clone();
        p.t_val = p.forward(&teacher, &p.x_val).output().clone();
        p
    }

    /// Every step's output for these prompts and inputs.
    pub fn forward(&self, theta: &[Array1<f64>], x: &Array2<f64>) -> Forward {
        let mut y = vec![x.clone()];
        for (a, th) in self.maps.iter().zip(theta) {
            let z = y.last().expect("an input").dot(&a.t()) + th;
            y.push(z.mapv(f64::tanh));
        }
        Forward { y }
    }

    /// Mean over tasks of ½‖y_K − t‖².
    pub fn loss(&self, f: &Forward, t: &Array2<f64>) -> f64 {
        let e = f.output() - t;
        0.5 * e.mapv(|v| v * v).sum() / t.nrows() as f64
    }

    /// The evaluator's critique of the last step's pre-activation, per
    /// task: (y_K − t) ⊙ f′. Every signal gives the last step this.
    fn final_critique(f: &Forward, t: &Array2<f64>) -> Array2<f64> {
        (f.output() - t) * slope(f.output())
    }

    /// The exact critique of each step's pre-activation, per task: c_K =
    /// (y_K − t) ⊙ f′, c_{k−1} = (c_k·A_k) ⊙ f′ (backprop's adjoints).
    pub fn exact_critiques(&self, f: &Forward, t: &Array2<f64>) -> Vec<Array2<f64>> {
        let k = self.maps.len();
        let mut c = vec![Array2::zeros((0, 0)); k];
        c[k - 1] = Self::final_critique(f, t);
        for i in (1..k).rev() {
            c[i - 1] = c[i].dot(&self.maps[i]) * slope(&f.y[i]);
        }
        c
    }

    /// The critiques `signal` gives each step in round `round` (per task,
    /// for each step's pre-activation).
    pub fn critiques(
        &self,
        signal: Signal,
        f: &Forward,
        t: &Array2<f64>,
        round: usize,
    ) -> Vec<Array2<f64>> {
        let k = self.maps.len();
        match signal {
            Signal::Exact => self.exact_critiques(f, t),
            Signal::None => (0..k)
                .map(|_| Array2::zeros((t.nrows(), self.cfg.out_size.max(1))))
                .collect(),
            Signal::Broadcast => {
                let last = Self::final_critique(f, t);
                (0..k)
                    .map(|i| {
                        if i + 1 == k {
                            last.clone()
                        } else {
                            last.dot(&self.broadcast[i]) * slope(&f.y[i + 1])
                        }
                    })
                    .collect()
            }
            Signal::Reading => {
                let out = f.output() - t;
                (0..k)
                    .map(|i| {
                        if i + 1 == k {
                            Self::final_critique(f, t)
                        } else {
                            let m = influence(&f.y[i + 1], f.output());
                            out.dot(&m.t()) * slope(&f.y[i + 1])
                        }
                    })
                    .collect()
            }
            Signal::Chain => {
                let mut c = vec![Array2::zeros((0, 0)); k];
                c[k - 1] = Self::final_critique(f, t);
                for i in (1..k).rev() {
                    c[i - 1] = self.critic(&c[i], i, f, round);
                }
                c
            }
        }
    }

    /// The critic of hop i (from step i+1's critique to step i's): with
    /// fidelity ρ, ρ·(the true local Jacobian's message) + (1 − ρ)·(a guess
    /// through a random map drawn this round, as long as the true one),
    /// plus noise seeded by the step's description and the round, then
    /// blurred toward each task's mean by the specificity loss.
    fn critic(&self, c: &Array2<f64>, i: usize, f: &Forward, round: usize) -> Array2<f64> {
        let cfg = &self.cfg;
        let exact = c.dot(&self.maps[i]) * slope(&f.y[i]);
        let scale = (exact.mapv(|v| v * v).sum() / exact.len().max(1) as f64).sqrt();
        let mut rng = self.critic_rng(i, round);
        let d = cfg.out_size.max(1);
        let r = normal_matrix::<f64>(&mut rng, d, d, 1.0 / (d as f64).sqrt());
        let guess = c.dot(&r);
        let gscale = (guess.mapv(|v| v * v).sum() / guess.len().max(1) as f64).sqrt();
        let guess = if gscale > 0.0 {
            guess * (scale / gscale)
        } else {
            guess
        };
        let mut m = exact * cfg.fidelity + guess * (1.0 - cfg.fidelity);
        if cfg.noise > 0.0 {
            m.mapv_inplace(|v| v + cfg.noise * scale * normal(&mut rng));
        }
        if cfg.blur > 0.0 {
            let mean = m.mean_axis(Axis(1)).expect("a width").insert_axis(Axis(1));
            m = &m * (1.0 - cfg.blur) + &(mean * cfg.blur);
        }
        m
    }

    /// The critic's randomness for hop `i` in `round`: seeded by the
    /// description of the step it writes about, so renaming that step
    /// changes its critique.
    fn critic_rng(&self, i: usize, round: usize) -> LabRng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ self.cfg.seed;
        for b in self.names[i - 1]
            .bytes()
            .chain((round as u64).to_le_bytes())
        {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
        LabRng::seed_from_u64(h)
    }

    /// Renames step `k` (1-based): its critic's noise changes.
    pub fn rename(&mut self, k: usize, name: &str) {
        if let Some(n) = self.names.get_mut(k.wrapping_sub(1)) {
            *n = name.to_string();
        }
    }
}

/// tanh's slope at its outputs: 1 − y².
fn slope(y: &Array2<f64>) -> Array2<f64> {
    y.mapv(|v| 1.0 - v * v)
}

/// Each step's update direction from its per-task critiques: their mean.
pub fn directions(c: &[Array2<f64>]) -> Vec<Array1<f64>> {
    c.iter()
        .map(|c| {
            c.mean_axis(Axis(0))
                .unwrap_or_else(|| Array1::zeros(c.ncols()))
        })
        .collect()
}

/// The angle in degrees between two vectors (NaN if either is zero).
pub fn angle(a: &Array1<f64>, b: &Array1<f64>) -> f64 {
    let c = a.dot(b) / (a.dot(a).sqrt() * b.dot(b).sqrt());
    c.clamp(-1.0, 1.0).acos().to_degrees()
}
