//! The two precisions the lab trains in, and what the kernels need to know
//! of each: its constants for `exp`, and which vector type runs it on each
//! instruction set.

use super::tile::{run, One, Problem};
use super::Isa;
use std::cell::RefCell;

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

thread_local! {
    static PACK64: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
    static PACK32: RefCell<Vec<f32>> = const { RefCell::new(Vec::new()) };
}

macro_rules! real {
    ($t:ty, $name:literal, $mant:literal, $bias:literal, $hi:literal, $lo:literal, $deg:literal,
     $pack:ident, $x512:ident, $x2:ident, $w:ident) => {
        impl Real for $t {
            const NAME: &'static str = $name;
            const MANTISSA: u32 = $mant;
            const BIAS: f64 = $bias;
            const LN2_HI: f64 = $hi;
            const LN2_LO: f64 = $lo;
            const EXP_DEGREE: usize = $deg;

            #[inline(always)]
            fn of(x: f64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn f64(self) -> f64 {
                self as f64
            }
            fn lanes(isa: Isa) -> usize {
                match isa {
                    #[cfg(target_arch = "x86_64")]
                    Isa::Avx512 => <super::x86::$x512 as super::tile::Lanes>::L,
                    #[cfg(target_arch = "x86_64")]
                    Isa::Avx2 => <super::x86::$x2 as super::tile::Lanes>::L,
                    #[cfg(target_arch = "wasm32")]
                    Isa::Simd128 => <super::wasm::$w as super::tile::Lanes>::L,
                    _ => 1,
                }
            }
            unsafe fn run(isa: Isa, p: &Problem<Self>) {
                // SAFETY: the caller vouches for `p` and for `isa`.
                unsafe {
                    match isa {
                        #[cfg(target_arch = "x86_64")]
                        Isa::Avx512 => super::x86::$x512::run(p),
                        #[cfg(target_arch = "x86_64")]
                        Isa::Avx2 => super::x86::$x2::run(p),
                        #[cfg(target_arch = "wasm32")]
                        Isa::Simd128 => super::wasm::$w::run(p),
                        _ => run::<One<$t>>(p),
                    }
                }
            }
            fn with_pack<R>(len: usize, f: impl FnOnce(&mut [Self]) -> R) -> R {
                super::with_scratch(&$pack, len, f)
            }
        }
    };
}

real!(
    f64,
    "f64",
    52,
    1023.0,
    6.931_457_519_531_25e-1,
    1.428_606_820_309_417_3e-6,
    13,
    PACK64,
    F64x8,
    F64x4,
    F64x2
);
real!(
    f32,
    "f32",
    23,
    127.0,
    0.693_359_375,
    -2.121_944_4e-4,
    7,
    PACK32,
    F32x16,
    F32x8,
    F32x4
);
