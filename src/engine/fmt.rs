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
        format!("+{}", fmt_minus(x))
    } else {
        fmt_minus(x)
    }
}

/// A signed number to four significant figures, as it is spoken (the
/// tables keep the full value): `−24`, `+0.2742`, `+1235`.
pub fn fmt_four(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return fmt_signed(x);
    }
    let places = (3 - x.abs().log10().floor() as i32).max(0) as usize;
    let s = format!("{:.*}", places, x.abs());
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    format!("{}{s}", if x < 0.0 { "−" } else { "+" })
}

/// A number to about seven significant figures (the table's precision),
/// with a true minus sign.
pub fn fmt_sig(x: f64) -> String {
    sig_ascii(x).replace('-', "−")
}

fn sig_ascii(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return fmt_num(x);
    }
    let mag = x.abs().log10().floor() as i32;
    if (-3..6).contains(&mag) {
        let s = format!("{:.*}", (6 - mag).max(0) as usize, x);
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    } else {
        format!("{x:.6e}")
    }
}

/// A small or large number as a school writes it, to two figures:
/// `3.6 × 10⁻¹⁰`, `0.0042`, `0`.
pub fn fmt_power(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return fmt_minus(x);
    }
    let mag = x.abs().log10().floor() as i32;
    if (-3..4).contains(&mag) {
        return format!("{x:.*}", (1 - mag).max(0) as usize).replace('-', "−");
    }
    let m = x / 10f64.powi(mag);
    // 9.96 rounds to 10.0: one more power of ten
    let (m, mag) = if (m.abs() * 10.0).round() >= 100.0 {
        (m / 10.0, mag + 1)
    } else {
        (m, mag)
    };
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let power: String = mag
        .to_string()
        .chars()
        .map(|c| c.to_digit(10).map_or('⁻', |d| SUP[d as usize]))
        .collect();
    format!("{} × 10{power}", fmt_minus((m * 10.0).round() / 10.0))
}

/// `x̄`: the name with a bar over every character (`x5̄` would bar the 5
/// only).
pub fn bar(name: &str) -> String {
    // a bar over every letter of a long name is hard to read
    if name.chars().count() > 2 {
        return format!("adj({name})");
    }
    name.chars().flat_map(|c| [c, '\u{0304}']).collect()
}

/// A sum written with its signs: `+3 + 3`, `−2 − 1`.
pub fn fmt_sum(parts: &[String], values: &[f64]) -> String {
    let mut out = String::new();
    for (i, (p, v)) in parts.iter().zip(values).enumerate() {
        if i == 0 {
            out.push_str(p);
        } else if *v < 0.0 {
            out.push_str(&format!(" − {}", p.trim_start_matches('−')));
        } else {
            out.push_str(&format!(" + {}", p.trim_start_matches('+')));
        }
    }
    out
}

/// Equal up to rounding (and equal infinities are equal).
pub fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * (1.0 + b.abs())
}
