//! The scalar functions behind the op table's rows, with their
//! conventions at the edges (no 0·∞, NaN kept, 0 at kinks).

pub fn sq(x: f64) -> f64 {
    x * x
}

/// `d(x^k)/dx = k·x^(k−1)`, with `x^0` constant (no 0·∞ at x = 0).
pub fn power_slope(x: f64, k: f64) -> f64 {
    if k == 0.0 {
        0.0
    } else {
        k * x.powf(k - 1.0)
    }
}

/// `d(x^y)/dy = x^y·ln x`, which is 0 at x = 0 for y > 0 (0^y is flat).
pub fn exponent_slope(x: f64, y: f64) -> f64 {
    if x == 0.0 && y > 0.0 {
        0.0
    } else {
        x.powf(y) * x.ln()
    }
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The sign, with 0 at 0 (abs′(0) = 0) and NaN kept.
pub fn sign0(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x * 0.0
    }
}

/// relu that lets NaN through (`f64::max` would turn it into 0).
pub fn relu(x: f64) -> f64 {
    if x > 0.0 || x.is_nan() {
        x
    } else {
        0.0
    }
}

/// relu′, with relu′(0) = 0 and NaN kept.
pub fn step(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x.is_nan() {
        x
    } else {
        0.0
    }
}
