//! Reading a decimal number, correctly rounded, in a few hundred bytes of
//! code. `str::parse::<f64>` is exact too, but its fast algorithm links a
//! 10 KB table of powers of five that the page would download for the few
//! short numbers it reads (an expression's constants, a link's values, a
//! form field). This reads the same text with exact integer arithmetic
//! instead: the number as a ratio of two big integers, divided to 56 bits
//! and rounded half to even. Slower, which short numbers do not notice.
//! The result is `str::parse`'s, bit for bit (`tests/it/decimal.rs`
//! compares them over edge cases and random strings).

/// The longest number text read: every f64 written out exactly, digit by
/// digit, fits (the smallest, 2⁻¹⁰⁷⁴, has 1,074 digits after the point).
/// The reading takes time quadratic in the digits, so a longer text (a
/// link or a pasted cell can carry a million digits) is refused at once.
pub const MAX_LEN: usize = 1_100;

/// Whether `s` is longer than any number needs (`MAX_LEN`).
pub fn too_long(s: &str) -> bool {
    s.len() > MAX_LEN
}

/// What is said where a too-long number is typed, linked or read.
pub fn too_long_message(s: &str) -> String {
    format!(
        "a number of {} characters is longer than any f64 needs (at most {MAX_LEN})",
        s.len()
    )
}

/// `s` as `str::parse::<f64>` reads it: an optional sign, then digits with
/// an optional point and exponent (`1.5`, `.5`, `2.`, `1e-3`), or `inf`,
/// `infinity` or `nan` in any case; `None` for anything else (spaces too),
/// and for a text longer than `MAX_LEN`.
pub fn read(s: &str) -> Option<f64> {
    if too_long(s) {
        return None;
    }
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let sign = |x: f64| if neg { -x } else { x };
    match rest.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => return Some(sign(f64::INFINITY)),
        "nan" => return Some(f64::NAN),
        _ => {}
    }
    let b = rest.as_bytes();
    let mut i = 0;
    let mut digits: Vec<u8> = Vec::new();
    let mut e10: i64 = 0;
    let mut seen = false;
    let mut point = false;
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                seen = true;
                if !(digits.is_empty() && c == b'0') {
                    digits.push(c - b'0');
                }
                if point {
                    e10 -= 1;
                }
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if !seen {
        return None;
    }
    if i < b.len() {
        if b[i] != b'e' && b[i] != b'E' {
            return None;
        }
        i += 1;
        let minus = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        if i == b.len() || !b[i..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let e = b[i..]
            .iter()
            .fold(0i64, |e, d| (e * 10 + i64::from(d - b'0')).min(1 << 40));
        e10 += if minus { -e } else { e };
    }
    while digits.last() == Some(&0) {
        digits.pop();
        e10 += 1;
    }
    if digits.is_empty() {
        return Some(sign(0.0));
    }
    // the value lies in [10^(top-1), 10^top)
    let top = e10 + digits.len() as i64;
    if top > 310 {
        return Some(sign(f64::INFINITY));
    }
    if top < -324 {
        return Some(sign(0.0));
    }
    let mut num = Big::from_digits(&digits);
    let mut den = Big(vec![1]);
    if e10 >= 0 {
        num.mul_pow10(e10 as u32);
    } else {
        den.mul_pow10((-e10) as u32);
    }
    Some(sign(ratio_to_f64(num, den)))
}

/// The nearest f64 to `num / den` (both above zero), ties to even.
fn ratio_to_f64(mut num: Big, mut den: Big) -> f64 {
    // num / den lies in (2^(k-1), 2^(k+1)); scaled by 2^-t it lies in
    // (2^54, 2^56), so its whole part q has 55 or 56 bits
    let k = num.bits() as i64 - den.bits() as i64;
    let t = k - 55;
    if t >= 0 {
        den.shl(t as usize);
    } else {
        num.shl((-t) as usize);
    }
    let mut q: u64 = 0;
    den.shl(57);
    for i in (0..=57).rev() {
        if num.ge(&den) {
            num.sub(&den);
            q |= 1 << i;
        }
        den.shr1();
    }
    let sticky = !num.is_zero();
    // keep 53 bits, or fewer below the smallest normal exponent
    let mut r = 64 - q.leading_zeros() as i64 - 53;
    let mut e2 = t + r;
    if e2 < -1074 {
        r += -1074 - e2;
        e2 = -1074;
    }
    if r > 60 {
        return 0.0;
    }
    let r = r as u32;
    let mut m = q >> r;
    let rem = q & ((1u64 << r) - 1);
    let half = 1u64 << (r - 1);
    if rem > half || (rem == half && (sticky || m & 1 == 1)) {
        m += 1;
    }
    if m == 1 << 53 {
        m >>= 1;
        e2 += 1;
    }
    // m·2^e2: the exponent field counts from 2^-1074, the leading bit of a
    // normal m adds one to it
    let field = e2 + 1074;
    if field >= 2046 {
        return f64::INFINITY;
    }
    f64::from_bits(((field as u64) << 52) + m)
}

/// An unsigned big integer: base-2^32 limbs, least significant first.
struct Big(Vec<u32>);

impl Big {
    fn from_digits(digits: &[u8]) -> Self {
        let mut n = Big(vec![0]);
        for chunk in digits.chunks(9) {
            let scale = 10u32.pow(chunk.len() as u32);
            let add = chunk.iter().fold(0u32, |a, d| a * 10 + u32::from(*d));
            n.mul_add(scale, add);
        }
        n
    }

    fn mul_add(&mut self, by: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let x = u64::from(*limb) * u64::from(by) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut e: u32) {
        while e > 0 {
            let step = e.min(9);
            self.mul_add(10u32.pow(step), 0);
            e -= step;
        }
    }

    fn bits(&self) -> usize {
        let top = self.0.iter().rposition(|l| *l != 0).unwrap_or(0);
        32 * top + (32 - self.0[top].leading_zeros() as usize)
    }

    fn shl(&mut self, by: usize) {
        let (limbs, bits) = (by / 32, by % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let next = *limb >> (32 - bits);
                *limb = (*limb << bits) | carry;
                carry = next;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let next = *limb << 31;
            *limb = (*limb >> 1) | carry;
            carry = next;
        }
    }

    fn ge(&self, other: &Big) -> bool {
        let n = self.0.len().max(other.0.len());
        for i in (0..n).rev() {
            let (a, b) = (self.limb(i), other.limb(i));
            if a != b {
                return a > b;
            }
        }
        true
    }

    fn limb(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }

    /// `self - other`, where `self >= other`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let x = i64::from(self.0[i]) - i64::from(other.limb(i)) - borrow;
            borrow = i64::from(x < 0);
            self.0[i] = (x + (borrow << 32)) as u32;
        }
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|l| *l == 0)
    }
}
