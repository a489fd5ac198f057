//! WebAssembly SIMD128 vectors (2 f64 / 4 f32 lanes), on in every build
//! of the page (`.cargo/config.toml`). SIMD128 has no fused multiply-add,
//! so `fma` is a multiply then an add, except in the build with the
//! `relaxed-simd` feature (the second worker), where it is relaxed SIMD's
//! `madd`: fused where the CPU can.

use crate::lab::kernel::real::Problem;
use crate::lab::kernel::tile::{run, Lanes};
use std::arch::wasm32::*;

/// `a` where `m`'s bits are set, else `b`: one instruction (a blend) in
/// the relaxed build, three without. The relaxed select may read only
/// each lane's top bit, so its lane width must be the compare's.
macro_rules! select {
    ($sel:ident, $a:expr, $b:expr, $m:expr) => {{
        #[cfg(feature = "relaxed-simd")]
        let v = $sel($a, $b, $m);
        #[cfg(not(feature = "relaxed-simd"))]
        let v = v128_bitselect($a, $b, $m);
        v
    }};
}

macro_rules! lanes {
    ($name:ident, $f:ty, $l:literal, $splat:ident, $add:ident, $sub:ident, $mul:ident,
     $div:ident, $lt:ident, $sel:ident, $shl:ident, $mant:literal, $madd:ident) => {
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name(v128);

        impl $name {
            /// The kernel on this vector type.
            ///
            /// # Safety
            /// As `tile::run`.
            #[cfg_attr(feature = "relaxed-simd", target_feature(enable = "relaxed-simd"))]
            pub(crate) unsafe fn run(p: &Problem<$f>) {
                // SAFETY: the caller vouches for `p`; SIMD128 (and relaxed
                // SIMD in that build) is on at compile time.
                unsafe { run::<Self>(p) }
            }
        }

        // SAFETY (every method): SIMD128 is enabled at compile time; loads
        // and stores stay inside the buffers `Problem` describes.
        impl Lanes for $name {
            type F = $f;
            const L: usize = $l;
            #[inline(always)]
            unsafe fn splat(x: $f) -> Self {
                Self($splat(x))
            }
            #[inline(always)]
            unsafe fn load(p: *const $f) -> Self {
                // SAFETY: `p` is inside a buffer `Problem` describes
                // (unaligned access is allowed).
                unsafe { Self(v128_load(p as *const v128)) }
            }
            #[inline(always)]
            unsafe fn store(self, p: *mut $f) {
                // SAFETY: `p` is inside a buffer `Problem` describes
                // (unaligned access is allowed).
                unsafe { v128_store(p as *mut v128, self.0) }
            }
            #[inline(always)]
            unsafe fn add(self, o: Self) -> Self {
                Self($add(self.0, o.0))
            }
            #[inline(always)]
            unsafe fn sub(self, o: Self) -> Self {
                Self($sub(self.0, o.0))
            }
            #[inline(always)]
            unsafe fn mul(self, o: Self) -> Self {
                Self($mul(self.0, o.0))
            }
            #[inline(always)]
            unsafe fn div(self, o: Self) -> Self {
                Self($div(self.0, o.0))
            }
            #[inline(always)]
            unsafe fn fma(self, b: Self, c: Self) -> Self {
                #[cfg(feature = "relaxed-simd")]
                return Self($madd(self.0, b.0, c.0));
                #[cfg(not(feature = "relaxed-simd"))]
                Self($add($mul(self.0, b.0), c.0))
            }
            // A compare and a select: a NaN compares false, so it stays.
            // (Not max/min, which V8 makes NaN-exact in eight
            // instructions each; not pmax/pmin, which lost the NaN in
            // Chromium with relaxed SIMD enabled; tested.) The relaxed
            // lane select is exact here: a compare's lanes are all ones
            // or all zeros.
            #[inline(always)]
            unsafe fn at_least(self, lo: Self) -> Self {
                Self(select!($sel, lo.0, self.0, $lt(self.0, lo.0)))
            }
            #[inline(always)]
            unsafe fn at_most(self, hi: Self) -> Self {
                Self(select!($sel, hi.0, self.0, $lt(hi.0, self.0)))
            }
            #[inline(always)]
            unsafe fn to_exponent(self) -> Self {
                Self($shl(self.0, $mant))
            }
        }
    };
}

lanes!(
    F64x2,
    f64,
    2,
    f64x2_splat,
    f64x2_add,
    f64x2_sub,
    f64x2_mul,
    f64x2_div,
    f64x2_lt,
    i64x2_relaxed_laneselect,
    i64x2_shl,
    52,
    f64x2_relaxed_madd
);
lanes!(
    F32x4,
    f32,
    4,
    f32x4_splat,
    f32x4_add,
    f32x4_sub,
    f32x4_mul,
    f32x4_div,
    f32x4_lt,
    i32x4_relaxed_laneselect,
    i32x4_shl,
    23,
    f32x4_relaxed_madd
);
