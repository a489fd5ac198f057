//! Sorting with one copy of its code. The standard library's sorts are
//! generic, so each element type and comparison the page sorts is another
//! copy of them in its wasm (seven, 27 KB, when this was written); the
//! page's lists are short, so one merge sort of positions, its comparison
//! passed by reference, serves them all. Stable, like `slice::sort_by`.

use std::cmp::Ordering;

/// The positions `0..n` in ascending order by `cmp`, equal ones in their
/// order.
pub fn order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut a: Vec<usize> = (0..n).collect();
    let mut b = vec![0; n];
    let mut width = 1;
    while width < n {
        for lo in (0..n).step_by(2 * width) {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j) = (lo, mid);
            for slot in &mut b[lo..hi] {
                if j >= hi || (i < mid && cmp(a[i], a[j]) != Ordering::Greater) {
                    *slot = a[i];
                    i += 1;
                } else {
                    *slot = a[j];
                    j += 1;
                }
            }
        }
        std::mem::swap(&mut a, &mut b);
        width *= 2;
    }
    a
}

/// Sorts `v` by `cmp`, keeping equal elements in their order.
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let at = order(v.len(), &|i, j| cmp(&v[i], &v[j]));
    let mut slots: Vec<Option<T>> = std::mem::take(v).into_iter().map(Some).collect();
    v.extend(at.into_iter().filter_map(|i| slots[i].take()));
}

/// Sorts `v` by a key, keeping equal elements in their order.
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}
