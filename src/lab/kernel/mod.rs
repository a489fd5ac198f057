//! The lab's matrix products, written for its small shapes (32×20·20×64,
//! 32×64·64×64, 32×64·64×5 and their transposes) in f32 or f64, with the
//! elementwise work that follows a product fused into it: `tanh` on the
//! forward sweep, `× f′ = 1 − h²` on the backward one.
//!
//! One generic kernel (`tile.rs`) over a vector type (`Lanes`); the vector
//! types are AVX-512 and AVX2/FMA, chosen at run time (`x86.rs`), SIMD128
//! in the browser (`wasm.rs`), and one lane as the fallback. `reference`
//! is the plain triple loop the tests hold every kernel to.

mod dispatch;
mod isa;
mod real;
#[doc(hidden)]
pub mod tile;
#[cfg(target_arch = "wasm32")]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use isa::Isa;
use ndarray::{Array2, ArrayView2};
pub use real::Real;
#[doc(hidden)]
pub use real::{Epi, Problem};
use std::cell::RefCell;

/// What happens to each entry of a product before it is stored.
#[derive(Clone, Copy, Debug)]
pub enum Then<'a, F> {
    /// c = a·b
    Store,
    /// c = tanh(a·b)
    Tanh,
    /// c = (a·b) ⊙ (1 − h²), h shaped like c: a tanh unit's slope
    Slope(ArrayView2<'a, F>),
}

/// `c = then(a · b)` on the fastest instruction set here. Any strides for
/// `a` and `b`; `c` (and `h`) in standard layout, as every lab buffer is.
#[inline]
pub fn mm<F: Real>(a: ArrayView2<F>, b: ArrayView2<F>, c: &mut Array2<F>, then: Then<F>) {
    mm_on(Isa::best(), a, b, c, then);
}

/// `mm` on a chosen instruction set (it must be one of `Isa::available`).
pub fn mm_on<F: Real>(
    isa: Isa,
    a: ArrayView2<F>,
    b: ArrayView2<F>,
    c: &mut Array2<F>,
    then: Then<F>,
) {
    let ((m, k), (k2, n)) = (a.dim(), b.dim());
    assert!(
        k == k2 && c.dim() == (m, n),
        "mm: shapes {:?} · {:?} → {:?}",
        a.dim(),
        b.dim(),
        c.dim()
    );
    assert!(
        isa == Isa::best() || Isa::available().contains(&isa),
        "mm: {isa:?} is not available here"
    );
    let h = match then {
        Then::Slope(h) => {
            assert_eq!(h.dim(), (m, n), "mm: the slope's activity has c's shape");
            Some(h)
        }
        _ => None,
    };
    let plain = |s: &[isize]| s.iter().all(|&x| x >= 0);
    if m == 0
        || n == 0
        || !c.is_standard_layout()
        || h.is_some_and(|h| !h.is_standard_layout())
        || !plain(a.strides())
        || !plain(b.strides())
    {
        reference(a, b, c, then);
        return;
    }
    let lanes = F::lanes(isa);
    let direct = b.strides()[1] == 1 && n % lanes == 0;
    let width = n.div_ceil(lanes) * lanes;
    F::with_pack(if direct { 0 } else { k * width }, |pack| {
        let (b_ptr, b_row) = if direct {
            (b.as_ptr(), b.strides()[0] as usize)
        } else {
            let (rs, cs) = (b.strides()[0] as usize, b.strides()[1] as usize);
            let src = b.as_ptr();
            for (p, row) in pack.chunks_exact_mut(width).enumerate() {
                let (valid, pad) = row.split_at_mut(n);
                for (j, x) in valid.iter_mut().enumerate() {
                    // SAFETY: (p, j) is inside b's k×n at its own strides
                    *x = unsafe { *src.add(p * rs + j * cs) };
                }
                pad.fill(F::zero());
            }
            (pack.as_ptr(), width)
        };
        let p = Problem {
            m,
            n,
            k,
            a: a.as_ptr(),
            a_row: a.strides()[0] as usize,
            a_col: a.strides()[1] as usize,
            b: b_ptr,
            b_row,
            c: c.as_mut_ptr(),
            c_row: n,
            then: match then {
                Then::Store => Epi::Store,
                Then::Tanh => Epi::Tanh,
                Then::Slope(_) => Epi::Slope,
            },
            h: h.map_or(std::ptr::null(), |h| h.as_ptr()),
        };
        // SAFETY: `p` describes `a`, `b` (or the pack, `width` wide and
        // zero-padded), `c` and `h` exactly as checked above; `isa` runs here.
        unsafe { F::run(isa, &p) }
    });
}

/// The plain triple loop, then the elementwise step: what every kernel
/// must equal up to rounding.
pub fn reference<F: Real>(a: ArrayView2<F>, b: ArrayView2<F>, c: &mut Array2<F>, then: Then<F>) {
    let ((m, k), n) = (a.dim(), b.ncols());
    for i in 0..m {
        for j in 0..n {
            let mut s = F::zero();
            for p in 0..k {
                s += a[[i, p]] * b[[p, j]];
            }
            c[[i, j]] = match then {
                Then::Store => s,
                Then::Tanh => tanh(s),
                Then::Slope(h) => s * (F::one() - h[[i, j]] * h[[i, j]]),
            };
        }
    }
}

/// Scalar tanh through the same arithmetic as the kernels' (one lane).
pub fn tanh<F: Real>(x: F) -> F {
    let mut x = [tile::One(x)];
    // SAFETY: one lane of plain arithmetic needs no instruction set.
    unsafe { tile::tanh_all(&mut x, &tile::Consts::new()) };
    x[0].0
}

/// A zeroed scratch buffer of at least `len`, kept per thread so that a
/// training step allocates nothing after its first.
pub(crate) fn with_scratch<F: Copy + Default, R>(
    cell: &'static std::thread::LocalKey<RefCell<Vec<F>>>,
    len: usize,
    f: impl FnOnce(&mut [F]) -> R,
) -> R {
    cell.with(|v| {
        let mut v = v.borrow_mut();
        if v.len() < len {
            v.resize(len, F::default());
        }
        f(&mut v[..len])
    })
}
