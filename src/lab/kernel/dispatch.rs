//! `Real` for f64 and f32: each type's constants, and which vector type
//! runs it on each instruction set (the per-thread pack buffers too).

use crate::lab::kernel::isa::Isa;
use crate::lab::kernel::real::{Problem, Real};
use crate::lab::kernel::tile::{run, One};
use std::cell::RefCell;

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
                    Isa::Avx512 => {
                        <crate::lab::kernel::x86::$x512 as crate::lab::kernel::tile::Lanes>::L
                    }
                    #[cfg(target_arch = "x86_64")]
                    Isa::Avx2 => {
                        <crate::lab::kernel::x86::$x2 as crate::lab::kernel::tile::Lanes>::L
                    }
                    #[cfg(target_arch = "wasm32")]
                    Isa::Simd128 => {
                        <crate::lab::kernel::wasm::$w as crate::lab::kernel::tile::Lanes>::L
                    }
                    _ => 1,
                }
            }
            unsafe fn run(isa: Isa, p: &Problem<Self>) {
                // SAFETY: the caller vouches for `p` and for `isa`.
                unsafe {
                    match isa {
                        #[cfg(target_arch = "x86_64")]
                        Isa::Avx512 => crate::lab::kernel::x86::$x512::run(p),
                        #[cfg(target_arch = "x86_64")]
                        Isa::Avx2 => crate::lab::kernel::x86::$x2::run(p),
                        #[cfg(target_arch = "wasm32")]
                        Isa::Simd128 => crate::lab::kernel::wasm::$w::run(p),
                        _ => run::<One<$t>>(p),
                    }
                }
            }
            fn with_pack<R>(len: usize, f: impl FnOnce(&mut [Self]) -> R) -> R {
                crate::lab::kernel::with_scratch(&$pack, len, f)
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
