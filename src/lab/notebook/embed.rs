//! Arrays written into a notebook as Python: each one line,
//! `A[k] = unpack("…", dtype, shape[, scale])`, its little-endian bytes in
//! base64. Whole-number data (the digits' pixels, one-hot targets, row
//! indices) goes as one or two bytes a value; everything else as f64, so
//! NumPy reads back exactly the instrument's numbers. An array written
//! twice (a seed's batches shared by every rule) is stored once.

use ndarray::Array2;

/// The arrays of one notebook, in the order first written.
#[derive(Default)]
pub struct Blobs {
    lines: Vec<String>,
    /// The embedded bytes (before base64).
    pub bytes: usize,
}

impl Blobs {
    /// `a` by the name the notebook reads it as (`A[k]`).
    pub fn matrix(&mut self, a: &Array2<f64>) -> String {
        let shape = format!("({}, {})", a.nrows(), a.ncols());
        let values: Vec<f64> = a.iter().copied().collect();
        self.values(&values, &shape)
    }

    /// A vector of values.
    pub fn vector(&mut self, v: &[f64]) -> String {
        self.values(v, &format!("({},)", v.len()))
    }

    /// Row indices (or any whole numbers below 2³²), as integers.
    pub fn indices(&mut self, v: &[usize]) -> String {
        let max = v.iter().copied().max().unwrap_or(0);
        let shape = format!("({},)", v.len());
        let (bytes, dtype): (Vec<u8>, _) = if max <= u16::MAX as usize {
            (
                v.iter().flat_map(|&i| (i as u16).to_le_bytes()).collect(),
                "<u2",
            )
        } else {
            (
                v.iter().flat_map(|&i| (i as u32).to_le_bytes()).collect(),
                "<u4",
            )
        };
        self.add(&bytes, dtype, &shape, None)
    }

    fn values(&mut self, v: &[f64], shape: &str) -> String {
        // whole numbers of sixteenths 0 … 255/16 (the digits' pixels) or
        // 0 … 255 (one-hot targets) go as one byte: c / scale is exactly v
        for scale in [1.0, 16.0] {
            let code = |x: f64| x * scale;
            if v.iter().all(|&x| {
                let c = code(x);
                c.fract() == 0.0 && (0.0..=255.0).contains(&c)
            }) {
                let bytes: Vec<u8> = v.iter().map(|&x| code(x) as u8).collect();
                return self.add(&bytes, "u1", shape, Some(scale));
            }
        }
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.add(&bytes, "<f8", shape, None)
    }

    fn add(&mut self, bytes: &[u8], dtype: &str, shape: &str, scale: Option<f64>) -> String {
        let scale = scale.map_or(String::new(), |s| format!(", {s:?}"));
        let call = format!("unpack(\"{}\", \"{dtype}\", {shape}{scale})", base64(bytes));
        let k = match self.lines.iter().position(|l| *l == call) {
            Some(k) => k,
            None => {
                self.bytes += bytes.len();
                self.lines.push(call);
                self.lines.len() - 1
            }
        };
        format!("A[{k}]")
    }

    /// The notebook's cell that defines every array.
    pub fn cell(&self) -> String {
        let mut s = String::from("A = {}\n");
        for (k, l) in self.lines.iter().enumerate() {
            s.push_str(&format!("A[{k}] = {l}\n"));
        }
        s
    }
}

/// A number as Python reads it back exactly (`math.inf` for +∞).
pub fn py_float(x: f64) -> String {
    if x.is_nan() {
        "math.nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "math.inf" } else { "-math.inf" }.into()
    } else {
        format!("{x:?}")
    }
}

/// Standard base64 with padding (RFC 4648).
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.len();
        let word = (chunk[0] as u32) << 16
            | (*chunk.get(1).unwrap_or(&0) as u32) << 8
            | *chunk.get(2).unwrap_or(&0) as u32;
        for i in 0..4 {
            if i <= n {
                out.push(ABC[(word >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
