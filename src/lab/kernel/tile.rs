//! The one kernel, generic over a vector type: C = A·B in tiles of
//! `MR` rows × `NV` vectors, each held in registers while k runs, with A's
//! entries broadcast and B's rows loaded a vector at a time; the
//! elementwise step is applied to the tile before it is stored. Everything
//! here is `#[inline(always)]`, so it compiles into each instruction set's
//! entry point with that set's features.

use crate::lab::kernel::real::{Epi, Problem, Real};

/// A vector of `L` lanes of `F`, with the operations the kernel uses.
/// Every method is plain arithmetic on the lanes; `unsafe` because the
/// caller must run on a machine with the instruction set.
pub(crate) trait Lanes: Copy {
    type F: Real;
    const L: usize;
    unsafe fn splat(x: Self::F) -> Self;
    unsafe fn load(p: *const Self::F) -> Self;
    unsafe fn store(self, p: *mut Self::F);
    unsafe fn add(self, o: Self) -> Self;
    unsafe fn sub(self, o: Self) -> Self;
    unsafe fn mul(self, o: Self) -> Self;
    unsafe fn div(self, o: Self) -> Self;
    /// self·b + c (fused where the instruction set has it).
    unsafe fn fma(self, b: Self, c: Self) -> Self;
    /// max(self, lo) and min(self, hi), keeping a NaN in `self`.
    unsafe fn at_least(self, lo: Self) -> Self;
    unsafe fn at_most(self, hi: Self) -> Self;
    /// The bits of each lane shifted left by `F::MANTISSA`: an integer in
    /// the low bits becomes the exponent field.
    unsafe fn to_exponent(self) -> Self;
}

/// One lane: the fallback, and the scalar `tanh`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct One<F>(pub F);

impl<F: Real> Lanes for One<F> {
    type F = F;
    const L: usize = 1;
    #[inline(always)]
    unsafe fn splat(x: F) -> Self {
        One(x)
    }
    #[inline(always)]
    unsafe fn load(p: *const F) -> Self {
        // SAFETY: the caller passes a pointer inside a `Problem` buffer.
        One(unsafe { *p })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut F) {
        // SAFETY: the caller passes a pointer inside a `Problem` buffer.
        unsafe { *p = self.0 }
    }
    #[inline(always)]
    unsafe fn add(self, o: Self) -> Self {
        One(self.0 + o.0)
    }
    #[inline(always)]
    unsafe fn sub(self, o: Self) -> Self {
        One(self.0 - o.0)
    }
    #[inline(always)]
    unsafe fn mul(self, o: Self) -> Self {
        One(self.0 * o.0)
    }
    #[inline(always)]
    unsafe fn div(self, o: Self) -> Self {
        One(self.0 / o.0)
    }
    #[inline(always)]
    unsafe fn fma(self, b: Self, c: Self) -> Self {
        One(self.0 * b.0 + c.0)
    }
    #[inline(always)]
    unsafe fn at_least(self, lo: Self) -> Self {
        One(if self.0 < lo.0 { lo.0 } else { self.0 })
    }
    #[inline(always)]
    unsafe fn at_most(self, hi: Self) -> Self {
        One(if self.0 > hi.0 { hi.0 } else { self.0 })
    }
    #[inline(always)]
    unsafe fn to_exponent(self) -> Self {
        let x = self.0.f64();
        One(F::of(if F::MANTISSA == 52 {
            f64::from_bits(x.to_bits() << 52)
        } else {
            f32::from_bits((x as f32).to_bits() << 23) as f64
        }))
    }
}

/// e^x: x = n·ln2 + r with |r| ≤ ln2/2, e^r by its Taylor series to the
/// type's precision, 2^n put straight into the exponent. Valid for
/// |x| ≤ 80 (the caller clamps).
#[inline(always)]
pub(crate) unsafe fn exp<V: Lanes>(x: V) -> V {
    // SAFETY: register arithmetic on lanes the caller's build has.
    let s = |c: f64| unsafe { V::splat(V::F::of(c)) };
    // SAFETY: as above; no memory is touched.
    unsafe {
        let magic = V::splat(V::F::round_magic());
        let n = x.fma(s(std::f64::consts::LOG2_E), magic).sub(magic);
        let r = n.fma(s(-V::F::LN2_HI), x);
        let r = n.fma(s(-V::F::LN2_LO), r);
        let mut p = s(INV_FACT[V::F::EXP_DEGREE]);
        for &c in INV_FACT[..V::F::EXP_DEGREE].iter().rev() {
            p = p.fma(r, s(c));
        }
        let two_n = n
            .add(s(V::F::round_magic().f64() + V::F::BIAS))
            .to_exponent();
        p.mul(two_n)
    }
}

/// 1/k! for k = 0..=13.
const INV_FACT: [f64; 14] = {
    let mut t = [1.0; 14];
    let mut k = 1;
    while k < 14 {
        t[k] = t[k - 1] / k as f64;
        k += 1;
    }
    t
};

/// tanh x = 1 − 2/(e^{2x} + 1), with 2x clamped to ±40 (where tanh is ±1
/// to both precisions); a NaN stays NaN.
#[inline(always)]
pub(crate) unsafe fn tanh<V: Lanes>(x: V) -> V {
    // SAFETY: register arithmetic on lanes the caller's build has.
    let s = |c: f64| unsafe { V::splat(V::F::of(c)) };
    // SAFETY: as above; no memory is touched.
    unsafe {
        let two_x = x.add(x).at_least(s(-40.0)).at_most(s(40.0));
        let e = exp(two_x);
        s(1.0).sub(s(2.0).div(e.add(s(1.0))))
    }
}

const MR: usize = 4;
const NV: usize = 2;
/// The largest tile: MR rows × NV vectors of up to 16 lanes.
const MAX_TILE: usize = MR * NV * 16;

/// Runs the whole product.
///
/// # Safety
/// `p` must be valid as `Problem` describes; the machine must run `V`.
#[inline(always)]
pub(crate) unsafe fn run<V: Lanes>(p: &Problem<V::F>) {
    let vectors = p.n.div_ceil(V::L);
    let mut i = 0;
    while i < p.m {
        // whole tiles of MR rows, then single rows (every lab shape has
        // a multiple of 4 rows: 32, 20, 64, 1000)
        let rows = if p.m - i >= MR { MR } else { 1 };
        let mut v = 0;
        while v < vectors {
            let nv = NV.min(vectors - v);
            // SAFETY: (i, v) is inside the problem; each arm's sizes fit.
            unsafe {
                match (rows == MR, nv == NV) {
                    (true, true) => tile::<V, MR, NV>(p, i, v),
                    (true, false) => tile::<V, MR, 1>(p, i, v),
                    (false, true) => tile::<V, 1, NV>(p, i, v),
                    (false, false) => tile::<V, 1, 1>(p, i, v),
                }
            }
            v += nv;
        }
        i += rows;
    }
}

/// Rows i..i+R, columns from vector v, R × N vectors.
#[inline(always)]
unsafe fn tile<V: Lanes, const R: usize, const N: usize>(p: &Problem<V::F>, i: usize, v: usize) {
    // SAFETY: rows i..i+R and vectors v..v+N are inside the problem (the
    // caller's loop); a short last tile goes through padded copies.
    unsafe {
        let zero = V::splat(V::F::of(0.0));
        let mut acc = [[zero; N]; R];
        let j = v * V::L;
        for q in 0..p.k {
            let brow = p.b.add(q * p.b_row + j);
            let mut b = [zero; N];
            for (x, bx) in b.iter_mut().enumerate() {
                *bx = V::load(brow.add(x * V::L));
            }
            for (r, row) in acc.iter_mut().enumerate() {
                let a = V::splat(*p.a.add((i + r) * p.a_row + q * p.a_col));
                for (x, c) in row.iter_mut().enumerate() {
                    *c = a.fma(b[x], *c);
                }
            }
        }
        let width = N * V::L;
        let valid = width.min(p.n - j);
        if valid == width {
            for (r, row) in acc.iter().enumerate() {
                let at = (i + r) * p.c_row + j;
                finish(p, row, p.c.add(at), p.h.wrapping_add(at));
            }
        } else {
            // the last columns: through a padded copy, so nothing past the
            // row is read or written
            let mut c = [V::F::of(0.0); MAX_TILE];
            let mut h = [V::F::of(0.0); MAX_TILE];
            for (r, row) in acc.iter().enumerate() {
                let at = (i + r) * p.c_row + j;
                if matches!(p.then, Epi::Slope) {
                    std::ptr::copy_nonoverlapping(p.h.add(at), h.as_mut_ptr(), valid);
                }
                finish(p, row, c.as_mut_ptr(), h.as_ptr());
                std::ptr::copy_nonoverlapping(c.as_ptr(), p.c.add(at), valid);
            }
        }
    }
}

/// Applies the elementwise step to one row of the tile and stores it at
/// `c` (reading the activity at `h` for a slope).
#[inline(always)]
unsafe fn finish<V: Lanes, const N: usize>(
    p: &Problem<V::F>,
    row: &[V; N],
    c: *mut V::F,
    h: *const V::F,
) {
    // SAFETY: `c` and `h` point at N vectors of one row (or its padded
    // copy), as `tile` passes them.
    unsafe {
        for (x, &acc) in row.iter().enumerate() {
            let out = match p.then {
                Epi::Store => acc,
                Epi::Tanh => tanh(acc),
                Epi::Slope => {
                    let hv = V::load(h.add(x * V::L));
                    let one = V::splat(V::F::of(1.0));
                    acc.mul(one.sub(hv.mul(hv)))
                }
            };
            out.store(c.add(x * V::L));
        }
    }
}
