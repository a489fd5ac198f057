//! Numbers as the page and the command line print them.

/// Numbers as the page and the CLI print them: integers without a point,
/// others to four significant decimals, and a true minus sign is left to
/// the caller.
pub fn fmt_num(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "∞" } else { "−∞" }.into()
    } else if x == x.round() && x.abs() < 1e9 {
        format!("{}", x as i64)
    } else if x.abs() >= 1e4 || x.abs() < 1e-3 {
        format!("{x:.3e}")
    } else {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A number with a true minus sign: `−24`.
pub fn fmt_minus(x: f64) -> String {
    fmt_num(x).replace('-', "−")
}

/// A signed number with its sign as a symbol: `+8`, `−24`, `0`.
pub fn fmt_signed(x: f64) -> String {
    if x > 0.0 {
        format!("+{}", fmt_num(x))
    } else {
        fmt_minus(x)
    }
}
