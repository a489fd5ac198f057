//! The convolutional first layer (`Arch::Conv`): `channels` kernels of
//! k × k over a square image, stride 1, no padding, tanh, written as the
//! dense matrix it equals (image pixels × channels·positions, zero where a
//! pixel is outside a unit's window) so that every rule's arithmetic runs
//! on it unchanged. Weight sharing is kept by `project`: a rule's update
//! of that matrix becomes its update of the kernels (the sum over every
//! position a kernel weight is used at, as the chain rule gives), written
//! back at every position. Unit j = channel·positions + row·out_side + col.

use crate::lab::kernel::Real;
use crate::lab::train::rng::{normal, LabRng};
use ndarray::Array2;

/// Kernel size and channels (the 3×3, 8 channels).
pub const KERNEL: usize = 3;
pub const CHANNELS: usize = 8;

#[derive(Clone, Debug, PartialEq)]
pub struct Conv {
    pub side: usize,
    pub k: usize,
    pub channels: usize,
    /// Every used entry of the dense matrix: (row-major index, kernel weight).
    ties: Vec<(usize, usize)>,
    /// The kernels' sums, reused each step (so a step allocates nothing).
    sums: Vec<f64>,
}

impl Conv {
    /// The conv layer over `inputs` pixels, if they make a square image
    /// larger than a kernel.
    pub fn for_inputs(inputs: usize) -> Option<Self> {
        let side = (inputs as f64).sqrt().round() as usize;
        (side * side == inputs && side > KERNEL).then(|| Self::new(side, KERNEL, CHANNELS))
    }

    pub fn new(side: usize, k: usize, channels: usize) -> Self {
        let out = side - k + 1;
        let units = channels * out * out;
        let mut ties = Vec::with_capacity(units * k * k);
        for c in 0..channels {
            for r in 0..out {
                for col in 0..out {
                    let j = c * out * out + r * out + col;
                    for dr in 0..k {
                        for dc in 0..k {
                            let i = (r + dr) * side + col + dc;
                            ties.push((i * units + j, c * k * k + dr * k + dc));
                        }
                    }
                }
            }
        }
        Self {
            side,
            k,
            channels,
            ties,
            sums: vec![0.0; channels * k * k],
        }
    }

    /// Positions along a side of each channel's output.
    pub fn out_side(&self) -> usize {
        self.side - self.k + 1
    }

    /// The layer's units (channels × positions).
    pub fn units(&self) -> usize {
        self.channels * self.out_side() * self.out_side()
    }

    /// The number of kernel weights.
    pub fn n_kernel(&self) -> usize {
        self.sums.len()
    }

    /// The dense matrix of `kernels` (channel-major, then row, column).
    pub fn expand<F: Real>(&self, kernels: &[f64], into: &mut Array2<F>) {
        write(&self.ties, kernels, into);
    }

    /// The kernels a dense matrix in conv form holds (each tied entry's
    /// value; they are equal).
    pub fn kernels<F: Real>(&self, dense: &Array2<F>) -> Vec<f64> {
        let w = dense.as_slice().expect("weights in standard layout");
        let mut k = vec![0.0; self.n_kernel()];
        for &(at, kx) in &self.ties {
            k[kx] = w[at].f64();
        }
        k
    }

    /// Each kernel weight's gradient from the dense matrix's gradient `g`:
    /// the sum over its positions.
    pub fn tie<F: Real>(&mut self, g: &Array2<F>) -> &[f64] {
        let w = g.as_slice().expect("gradients in standard layout");
        self.sums.fill(0.0);
        for &(at, kx) in &self.ties {
            self.sums[kx] += w[at].f64();
        }
        &self.sums
    }

    /// Fills `into` with a perturbation of the kernels, each weight
    /// N(0, sd²), in dense form (weight perturbation's noise on this layer).
    pub fn noise<F: Real>(&mut self, rng: &mut LabRng, sd: f64, into: &mut Array2<F>) {
        for k in &mut self.sums {
            *k = sd * normal(rng);
        }
        write(&self.ties, &self.sums, into);
    }

    /// `g`, a rule's update of the dense matrix, made its update of the
    /// kernels, written back at every position (zero elsewhere).
    pub fn project<F: Real>(&mut self, g: &mut Array2<F>) {
        self.tie(g);
        write(&self.ties, &self.sums, g);
    }
}

/// `into` as the dense form of `kernels`: each tied entry its kernel
/// weight, zero elsewhere.
fn write<F: Real>(ties: &[(usize, usize)], kernels: &[f64], into: &mut Array2<F>) {
    let w = into.as_slice_mut().expect("weights in standard layout");
    w.fill(F::of(0.0));
    for &(at, kx) in ties {
        w[at] = F::of(kernels[kx]);
    }
}
