//! Sign-symmetric feedback (Liao, Leibo & Poggio 2016; BioTorch's "uSF"):
//! feedback alignment's sweep, with each feedback matrix set to the signs
//! of the forward weights it stands in for, B_l = sign(W_{l+1})ᵀ, anew
//! every step. The backward pathway needs the forward weights' signs, not
//! their sizes.

use crate::lab::kernel::Real;
use crate::lab::train::trainer::Trainer;
use ndarray::Zip;

impl<F: Real> Trainer<F> {
    /// B_l ← sign(W_{l+1})ᵀ for every hidden layer (in place: no
    /// allocation), then the hidden deltas through B and the weight
    /// gradients from the stored activity.
    pub(crate) fn sign_symmetry(&mut self) {
        for (l, b) in self.fb.b.iter_mut().enumerate() {
            Zip::from(b)
                .and(self.net.w[l + 1].t())
                .for_each(|b, &w| *b = sign(w));
        }
        self.feedback(false);
    }
}

/// +1, −1, or 0 for a zero weight (`signum` would give +1).
fn sign<F: Real>(w: F) -> F {
    if w > F::zero() {
        F::one()
    } else if w < F::zero() {
        -F::one()
    } else {
        F::zero()
    }
}
