//! The URL's value syntax: percent-decoding and -encoding, and the small
//! parsers several keys share. (Plain Rust: no browser types here.)

pub fn parse_ticks(v: &str) -> Option<[bool; 5]> {
    let b = v.as_bytes();
    if b.len() != 5 || !b.iter().all(|c| *c == b'0' || *c == b'1') {
        return None;
    }
    let mut t = [true; 5];
    for (i, c) in b.iter().enumerate() {
        t[i] = *c == b'1';
    }
    Some(t)
}

pub fn print_ticks(t: [bool; 5]) -> String {
    t.iter().map(|&k| if k { '1' } else { '0' }).collect()
}

/// `a:2,b:-3` → named finite values; names are ASCII letters, digits and
/// `_`, as the expression's (`engine::parse`).
pub fn parse_values(v: &str) -> Option<Vec<(String, f64)>> {
    v.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (name, x) = p.split_once(':')?;
            let ok_name =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let x = crate::engine::decimal::read(x.trim()).filter(|x| x.is_finite())?;
            ok_name.then(|| (name.to_string(), x))
        })
        .collect()
}

pub fn print_values(vals: &[(String, f64)]) -> String {
    vals.iter()
        .map(|(n, x)| format!("{n}:{x}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Percent-decoding (UTF-8), `+` read as a space.
pub fn decode(s: &str) -> String {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                match std::str::from_utf8(&b[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    Some(c) => {
                        out.push(c);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encoding for a value: everything but letters, digits and
/// `-_.~*(),:` (so an expression stays readable in the address bar).
pub fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~*(),:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
