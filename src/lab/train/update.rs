//! Which update each method makes: `compute_update` picks, per method, the
//! arithmetic in `rules.rs` that fills the trainer's `g`.

use crate::lab::kernel::{mm, Real, Then};
use crate::lab::method::rules::{scramble, Pathway};
use crate::lab::method::Method;
use crate::lab::train::net::dot_all;
use crate::lab::train::rng::fill_normal;
use crate::lab::train::trainer::Trainer;

impl<F: Real> Trainer<F> {
    /// Fills `g` with this method's update direction (the step is
    /// `−lr·g`). Returns false when no update is to be applied.
    pub(crate) fn compute_update(&mut self) -> bool {
        match self.cfg.method {
            Method::Bp | Method::ShuffledLabels | Method::BpClassify => self.exact(),
            Method::Fa => self.feedback(false),
            Method::KolenPollack => {
                self.feedback(false);
                self.kolen_pollack();
            }
            Method::Dfa => self.feedback(true),
            Method::SignSymmetry => self.sign_symmetry(),
            Method::NoDeriv => {
                self.deltas(Pathway::Transpose, false);
                self.weight_grads(false);
            }
            Method::Scrambled => {
                self.deltas(Pathway::Transpose, true);
                for ((d, p), s) in self.d.iter_mut().zip(&self.fb.p).zip(&mut self.scratch) {
                    scramble(d, s, p);
                }
                self.weight_grads(false);
            }
            Method::SignDropped => {
                self.deltas(Pathway::Transpose, true);
                for d in &mut self.d {
                    d.mapv_inplace(F::abs);
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
                    *g *= F::of(norm / z);
                }
            }
            Method::ReadoutOnly => {
                let top = self.depth();
                mm(
                    self.acts.a[top].t(),
                    self.d[top].view(),
                    &mut self.g[top],
                    Then::Store,
                );
                for g in &mut self.g[..top] {
                    g.fill(F::zero());
                }
            }
            Method::WeightPerturbation => self.weight_perturbation(),
            Method::NodePerturbation => self.node_perturbation(),
            Method::ThreeFactor => self.three_factor(),
            Method::SyntheticGradients => self.synthetic_gradients(),
            Method::PredictiveCoding => self.predictive_coding(),
            Method::EquilibriumProp => self.equilibrium_prop(),
            Method::ForwardForward => self.forward_forward(),
        }
        true
    }
}
