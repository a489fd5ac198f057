//! Seeded randomness: one PCG stream per purpose and seed, so that (for
//! example) the data order depends only on the seed, the same for every
//! method and learning rate. No OS entropy anywhere.

use crate::lab::kernel::Real;
use ndarray::Array2;
use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;
use rand_pcg::Pcg64Mcg;

pub type LabRng = Pcg64Mcg;

/// What a random stream is for.
#[derive(Clone, Copy, Debug)]
pub enum Stream {
    Task = 1,
    Init = 2,
    Order = 3,
    Feedback = 4,
    Noise = 5,
    Labels = 6,
    /// The resamples of `study::interval` (not a run's stream).
    Bootstrap = 7,
    /// A dataset's train / test split (`lab::data::split`).
    Split = 8,
}

pub fn stream(seed: u64, which: Stream) -> LabRng {
    Pcg64Mcg::seed_from_u64(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (which as u64) << 56 ^ which as u64,
    )
}

pub fn normal(rng: &mut LabRng) -> f64 {
    rng.sample(StandardNormal)
}

/// A `rows × cols` matrix of N(0, std²) entries (drawn in f64, then
/// rounded to `F`: the same draws in both precisions).
pub fn normal_matrix<F: Real>(rng: &mut LabRng, rows: usize, cols: usize, std: f64) -> Array2<F> {
    Array2::from_shape_simple_fn((rows, cols), || F::of(std * normal(rng)))
}

/// Fills `a` with N(0, std²) entries, in place.
pub fn fill_normal<F: Real>(rng: &mut LabRng, a: &mut Array2<F>, std: f64) {
    a.mapv_inplace(|_| F::of(std * normal(rng)));
}

/// A uniformly random permutation of `0..n` (Fisher–Yates).
pub fn permutation(rng: &mut LabRng, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = rng.random_range(0..=i);
        p.swap(i, j);
    }
    p
}
