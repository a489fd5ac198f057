//! The two precisions the lab trains in, and what the kernels need to know
//! of each (`Real`: its constants for `exp`, its lanes and its entry point
//! on each instruction set), and the product a kernel is handed (`Problem`).
//! The impls for f32 and f64 are in `dispatch.rs`.

use crate::lab::kernel::isa::Isa;

/// f32 or f64.
pub trait Real:
    num_traits::Float
    + ndarray::LinalgScalar
    + ndarray::ScalarOperand
    + Default
    + std::ops::AddAssign
    + std::ops::SubAssign
    + std::ops::MulAssign
    + std::fmt::Debug
    + std::fmt::Display
    + Send
    + Sync
    + 'static
{
    /// "f32" or "f64".
    const NAME: &'static str;
    /// Bits of mantissa (52 or 23).
    const MANTISSA: u32;
    /// The exponent's bias (1023 or 127).
    const BIAS: f64;
    /// ln 2 split in two, the first part exact in a few bits (Cephes').
    const LN2_HI: f64;
    const LN2_LO: f64;
    /// Taylor terms of exp on |r| ≤ ln2/2: the degree that reaches this
    /// type's precision (13 for f64, 7 for f32).
    const EXP_DEGREE: usize;

    fn of(x: f64) -> Self;
    fn f64(self) -> f64;
    /// 1.5·2^MANTISSA: adding and subtracting it rounds to an integer.
    fn round_magic() -> Self {
        Self::of(1.5 * 2f64.powi(Self::MANTISSA as i32))
    }
    /// Lanes per vector on `isa`.
    fn lanes(isa: Isa) -> usize;
    /// Runs `p` on `isa`.
    ///
    /// # Safety
    /// `p` must describe valid buffers (see `Problem`), and `isa` must be
    /// available on this machine.
    unsafe fn run(isa: Isa, p: &Problem<Self>);
    /// A per-thread scratch buffer of `len` (the packed right operand).
    fn with_pack<R>(len: usize, f: impl FnOnce(&mut [Self]) -> R) -> R;
}

/// How the tile is finished before it is stored.
#[derive(Clone, Copy, Debug)]
pub enum Epi {
    Store,
    Tanh,
    Slope,
}

/// One product, as pointers: A is m×k at any (non-negative) strides; B is
/// k rows of at least n entries, `b_row` apart, readable up to n rounded
/// up to whole vectors (zero beyond n); C and H are m×n, rows `c_row`
/// apart, contiguous within a row.
pub struct Problem<F> {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub a: *const F,
    pub a_row: usize,
    pub a_col: usize,
    pub b: *const F,
    pub b_row: usize,
    pub c: *mut F,
    pub c_row: usize,
    pub then: Epi,
    pub h: *const F,
}
