//! WebAssembly SIMD128 vectors (2 f64 / 4 f32 lanes), on in every build
//! of the page (`.cargo/config.toml`). There is no fused multiply-add
//! without relaxed SIMD, so `fma` is a multiply then an add.

use super::tile::Lanes;
use std::arch::wasm32::*;

macro_rules! lanes {
    ($name:ident, $f:ty, $l:literal, $splat:ident, $add:ident, $sub:ident, $mul:ident,
     $div:ident, $pmax:ident, $pmin:ident, $shl:ident, $mant:literal) => {
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name(v128);

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
                unsafe { Self(v128_load(p as *const v128)) }
            }
            #[inline(always)]
            unsafe fn store(self, p: *mut $f) {
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
                Self($add($mul(self.0, b.0), c.0))
            }
            // pmax(a, b) = a < b ? b : a, so a NaN in `self` stays
            #[inline(always)]
            unsafe fn at_least(self, lo: Self) -> Self {
                Self($pmax(self.0, lo.0))
            }
            #[inline(always)]
            unsafe fn at_most(self, hi: Self) -> Self {
                Self($pmin(self.0, hi.0))
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
    f64x2_pmax,
    f64x2_pmin,
    i64x2_shl,
    52
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
    f32x4_pmax,
    f32x4_pmin,
    i32x4_shl,
    23
);
