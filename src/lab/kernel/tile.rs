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

/// The constants of `exp` and `tanh` as vectors. A product makes them
/// once (`kept`) and its tiles read them: left to itself the compiler
/// builds each constant again where it is used, which in the browser is
/// three instructions a constant per vector (V8 makes a 128-bit constant
/// from 64-bit immediates), more than the arithmetic around it.
pub(crate) struct Consts<V> {
    magic: V,
    log2e: V,
    ln2_hi: V,
    ln2_lo: V,
    bias: V,
    lo: V,
    hi: V,
    one: V,
    two: V,
    /// 1/k! for k = 0..=13.
    fact: [V; 14],
}

impl<V: Lanes> Consts<V> {
    /// The constants, for one call (the scalar `tanh`).
    #[inline(always)]
    pub(crate) unsafe fn new() -> Self {
        // SAFETY: splats of constants on lanes the caller's build has.
        let s = |c: f64| unsafe { V::splat(V::F::of(c)) };
        let magic = V::F::round_magic().f64();
        Consts {
            magic: s(magic),
            log2e: s(std::f64::consts::LOG2_E),
            ln2_hi: s(-V::F::LN2_HI),
            ln2_lo: s(-V::F::LN2_LO),
            bias: s(magic + V::F::BIAS),
            lo: s(-40.0),
            hi: s(40.0),
            one: s(1.0),
            two: s(2.0),
            fact: INV_FACT.map(s),
        }
    }

    /// The constants, made once and held in memory for a whole product,
    /// so that each use reads them rather than building them again.
    #[inline(always)]
    pub(crate) unsafe fn kept() -> Self {
        // SAFETY: as `new`.
        std::hint::black_box(unsafe { Self::new() })
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

/// tanh of each vector in `xs`, in place: tanh x = 1 − 2/(e^{2x} + 1),
/// with 2x clamped to ±40 (where tanh is ±1 to both precisions; a NaN
/// stays NaN), and e^y for y = n·ln2 + r, |r| ≤ ln2/2, as e^r's Taylor
/// series to the type's precision times 2^n put straight into the
/// exponent. Each step runs over all of `xs` before the next, so the
/// vectors' dependency chains overlap (a lone chain waits on each
/// multiply-add's latency); the arithmetic per lane is the same.
#[inline(always)]
pub(crate) unsafe fn tanh_all<V: Lanes>(xs: &mut [V], k: &Consts<V>) {
    const MAX: usize = MR * NV;
    debug_assert!(xs.len() <= MAX);
    let len = xs.len().min(MAX);
    let (mut n, mut r, mut p) = ([k.one; MAX], [k.one; MAX], [k.one; MAX]);
    let deg = V::F::EXP_DEGREE;
    // SAFETY: register arithmetic on lanes the caller's build has.
    unsafe {
        for i in 0..len {
            xs[i] = xs[i].add(xs[i]).at_least(k.lo).at_most(k.hi);
            n[i] = xs[i].fma(k.log2e, k.magic).sub(k.magic);
        }
        for i in 0..len {
            r[i] = n[i].fma(k.ln2_hi, xs[i]);
        }
        for i in 0..len {
            r[i] = n[i].fma(k.ln2_lo, r[i]);
            p[i] = k.fact[deg];
        }
        for c in k.fact[..deg].iter().rev() {
            for i in 0..len {
                p[i] = p[i].fma(r[i], *c);
            }
        }
        for i in 0..len {
            let e = p[i].mul(n[i].add(k.bias).to_exponent());
            xs[i] = k.one.sub(k.two.div(e.add(k.one)));
        }
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
    // SAFETY: splats on lanes the caller's machine runs.
    let k = unsafe { Consts::<V>::kept() };
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
                    (true, true) => tile::<V, MR, NV>(p, &k, i, v),
                    (true, false) => tile::<V, MR, 1>(p, &k, i, v),
                    (false, true) => tile::<V, 1, NV>(p, &k, i, v),
                    (false, false) => tile::<V, 1, 1>(p, &k, i, v),
                }
            }
            v += nv;
        }
        i += rows;
    }
}

/// Rows i..i+R, columns from vector v, R × N vectors.
#[inline(always)]
unsafe fn tile<V: Lanes, const R: usize, const N: usize>(
    p: &Problem<V::F>,
    k: &Consts<V>,
    i: usize,
    v: usize,
) {
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
        if matches!(p.then, Epi::Tanh) {
            tanh_all(acc.as_flattened_mut(), k);
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
                // (tanh is applied to the whole tile before, `tanh_all`)
                Epi::Store | Epi::Tanh => acc,
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
