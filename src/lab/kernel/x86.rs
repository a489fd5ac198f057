//! x86-64 vectors: AVX2 with FMA (4 f64 / 8 f32 lanes) and AVX-512F
//! (8 f64 / 16 f32 lanes). Each type's `run` is the kernel compiled with
//! that type's features; `Isa::available` checks the CPU before any is
//! called.

use crate::lab::kernel::real::Problem;
use crate::lab::kernel::tile::{run, Lanes};
use std::arch::x86_64::*;

macro_rules! lanes {
    ($name:ident, $f:ty, $v:ty, $l:literal, $features:literal,
     $set1:ident, $load:ident, $store:ident, $add:ident, $sub:ident, $mul:ident, $div:ident,
     $fma:ident, $max:ident, $min:ident, $to_int:ident, $from_int:ident, $shl:ident, $mant:literal) => {
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name($v);

        impl $name {
            /// The kernel on this vector type.
            ///
            /// # Safety
            /// As `tile::run`; the CPU must have the features.
            #[target_feature(enable = $features)]
            pub(crate) unsafe fn run(p: &Problem<$f>) {
                // SAFETY: this function has `$features`; the caller
                // vouches for `p` and checked the CPU.
                unsafe { run::<Self>(p) }
            }
        }

        // SAFETY (every method): only called from `run`, compiled with
        // `$features`, which `Isa::available` checked; loads and stores
        // are unaligned and stay inside the buffers `Problem` describes.
        impl Lanes for $name {
            type F = $f;
            const L: usize = $l;
            #[inline(always)]
            unsafe fn splat(x: $f) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($set1(x)) }
            }
            #[inline(always)]
            unsafe fn load(p: *const $f) -> Self {
                // SAFETY: `p` is inside a buffer `Problem` describes; the
                // features are on (see the impl).
                unsafe { Self($load(p)) }
            }
            #[inline(always)]
            unsafe fn store(self, p: *mut $f) {
                // SAFETY: `p` is inside a buffer `Problem` describes; the
                // features are on (see the impl).
                unsafe { $store(p, self.0) }
            }
            #[inline(always)]
            unsafe fn add(self, o: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($add(self.0, o.0)) }
            }
            #[inline(always)]
            unsafe fn sub(self, o: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($sub(self.0, o.0)) }
            }
            #[inline(always)]
            unsafe fn mul(self, o: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($mul(self.0, o.0)) }
            }
            #[inline(always)]
            unsafe fn div(self, o: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($div(self.0, o.0)) }
            }
            #[inline(always)]
            unsafe fn fma(self, b: Self, c: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($fma(self.0, b.0, c.0)) }
            }
            // max/min return their second operand when either is NaN
            #[inline(always)]
            unsafe fn at_least(self, lo: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($max(lo.0, self.0)) }
            }
            #[inline(always)]
            unsafe fn at_most(self, hi: Self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($min(hi.0, self.0)) }
            }
            #[inline(always)]
            unsafe fn to_exponent(self) -> Self {
                // SAFETY: register arithmetic; the features are on (see the impl).
                unsafe { Self($from_int($shl::<$mant>($to_int(self.0)))) }
            }
        }
    };
}

lanes!(
    F64x4,
    f64,
    __m256d,
    4,
    "avx2,fma",
    _mm256_set1_pd,
    _mm256_loadu_pd,
    _mm256_storeu_pd,
    _mm256_add_pd,
    _mm256_sub_pd,
    _mm256_mul_pd,
    _mm256_div_pd,
    _mm256_fmadd_pd,
    _mm256_max_pd,
    _mm256_min_pd,
    _mm256_castpd_si256,
    _mm256_castsi256_pd,
    _mm256_slli_epi64,
    52
);
lanes!(
    F32x8,
    f32,
    __m256,
    8,
    "avx2,fma",
    _mm256_set1_ps,
    _mm256_loadu_ps,
    _mm256_storeu_ps,
    _mm256_add_ps,
    _mm256_sub_ps,
    _mm256_mul_ps,
    _mm256_div_ps,
    _mm256_fmadd_ps,
    _mm256_max_ps,
    _mm256_min_ps,
    _mm256_castps_si256,
    _mm256_castsi256_ps,
    _mm256_slli_epi32,
    23
);
lanes!(
    F64x8,
    f64,
    __m512d,
    8,
    "avx512f",
    _mm512_set1_pd,
    _mm512_loadu_pd,
    _mm512_storeu_pd,
    _mm512_add_pd,
    _mm512_sub_pd,
    _mm512_mul_pd,
    _mm512_div_pd,
    _mm512_fmadd_pd,
    _mm512_max_pd,
    _mm512_min_pd,
    _mm512_castpd_si512,
    _mm512_castsi512_pd,
    _mm512_slli_epi64,
    52
);
lanes!(
    F32x16,
    f32,
    __m512,
    16,
    "avx512f",
    _mm512_set1_ps,
    _mm512_loadu_ps,
    _mm512_storeu_ps,
    _mm512_add_ps,
    _mm512_sub_ps,
    _mm512_mul_ps,
    _mm512_div_ps,
    _mm512_fmadd_ps,
    _mm512_max_ps,
    _mm512_min_ps,
    _mm512_castps_si512,
    _mm512_castsi512_ps,
    _mm512_slli_epi32,
    23
);
