//! Equilibrium propagation's layered energy network: its settling, and its
//! prediction (the free settled output), on the student's weights used
//! both ways.

use crate::lab::kernel::{mm, tanh, Real, Then};
use crate::lab::train::net::{Acts, Net};
use ndarray::{Array2, ArrayView2, Zip};

/// Equilibrium propagation's settling: `steps` sweeps, from the input up,
/// each setting a hidden layer to tanh(h_{l−1}·W_l + h_{l+1}·W_{l+1}ᵀ) and
/// the output to (h_L·W + βt)/(1 + β) (β = 0: free). Each sweep maximises
/// the network's primitive function layer by layer, so it converges.
/// `s[l]` holds layer l+1's state; `scratch` is B × h.
pub(crate) fn settle<F: Real>(
    net: &Net<F>,
    x: ArrayView2<F>,
    s: &mut [Array2<F>],
    scratch: &mut Array2<F>,
    nudge: Option<(ArrayView2<F>, f64)>,
    steps: usize,
) {
    let top = net.depth();
    for _ in 0..steps {
        for i in 0..top {
            let (below, rest) = s.split_at_mut(i);
            let (here, above) = rest.split_at_mut(1);
            let input = if i == 0 { x } else { below[i - 1].view() };
            mm(above[0].view(), net.w[i + 1].t(), scratch, Then::Store);
            mm(input, net.w[i].view(), &mut here[0], Then::Store);
            Zip::from(&mut here[0])
                .and(&*scratch)
                .for_each(|h, &d| *h = tanh(*h + d));
        }
        let (below, out) = s.split_at_mut(top);
        mm(
            below[top - 1].view(),
            net.w[top].view(),
            &mut out[0],
            Then::Store,
        );
        if let Some((t, beta)) = nudge {
            let (b, k) = (F::of(beta), F::of(1.0 / (1.0 + beta)));
            Zip::from(&mut out[0])
                .and(t)
                .for_each(|y, &t| *y = (*y + b * t) * k);
        }
    }
}

/// Equilibrium propagation's prediction: the free settled output for
/// inputs `x` (allocates; for evaluation).
pub(crate) fn settled_output<F: Real>(net: &Net<F>, x: &Array2<F>, steps: usize) -> Array2<F> {
    let sizes = net.sizes();
    let mut acts = Acts::new(x.nrows(), &sizes);
    acts.a[0].assign(x);
    net.forward(&mut acts);
    let mut s = acts.a.split_off(1);
    let mut scratch = Array2::zeros((x.nrows(), sizes[1]));
    settle(net, x.view(), &mut s, &mut scratch, None, steps);
    s.pop().expect("an output layer")
}
