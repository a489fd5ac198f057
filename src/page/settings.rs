//! A setting as one row: its URL key, its command-line flag (where the
//! command line has the same setting), what a good value is, a parser that
//! is also the settings form's validator (false: refused, nothing changed)
//! and a printer. The lab's and studies' table (`page::lab::settings`) and
//! the Agents view's (`page::agents::settings`) are tables of these; the
//! URL's keys (`page::url`) and the command line's flags read them.

/// One setting of a settings struct `S`.
pub struct Setting<S: 'static> {
    pub key: &'static str,
    pub flag: Option<&'static str>,
    pub what: &'static str,
    pub set: fn(&mut S, &str) -> bool,
    pub get: fn(&S) -> String,
}

/// The row of `table` with this command-line flag.
pub fn by_flag<S>(table: &'static [Setting<S>], flag: &str) -> Option<&'static Setting<S>> {
    table.iter().find(|s| s.flag == Some(flag))
}

impl<S> Setting<S> {
    /// Sets the setting on `s` from a command-line value: on a bad value
    /// `s` is unchanged and the message names the flag and what it wants.
    pub fn apply_flag(&self, s: &mut S, v: Option<&String>) -> Result<(), String> {
        let flag = self.flag.unwrap_or(self.key);
        let v = v.ok_or_else(|| format!("{flag} needs a value: {}", self.what))?;
        if (self.set)(s, v) {
            Ok(())
        } else {
            Err(format!(
                "could not read {flag} '{v}': it takes {}",
                self.what
            ))
        }
    }
}

/// A finite number for which `ok` holds.
pub fn num(v: &str, ok: impl Fn(f64) -> bool) -> Option<f64> {
    crate::engine::decimal::read(v.trim()).filter(|x| x.is_finite() && ok(*x))
}

/// Puts `v` into `slot` if there is one; whether there was.
pub fn put<T>(slot: &mut T, v: Option<T>) -> bool {
    v.map(|x| *slot = x).is_some()
}

/// From 0 to 1.
pub fn unit(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

/// A whole number from `lo` to `hi` (written as a whole number or, say,
/// `4.0`).
pub fn count(v: &str, lo: usize, hi: usize) -> Option<usize> {
    num(v, |x| {
        x.fract() == 0.0 && (lo as f64..=hi as f64).contains(&x)
    })
    .map(|x| x as usize)
}

/// "best" → each method its own rate; a number in (0, 10] → that rate for
/// all. `None` if neither.
pub fn parse_lr(v: &str) -> Option<Option<f64>> {
    match v.trim() {
        "best" => Some(None),
        t => num(t, |x| x > 0.0 && x <= 10.0).map(Some),
    }
}

/// A comma-separated list of whole numbers, each in `range`, ascending
/// and without repeats once read; `None` if any is not.
pub fn parse_sizes(v: &str, range: std::ops::RangeInclusive<usize>) -> Option<Vec<usize>> {
    let mut out: Vec<usize> = v
        .split(',')
        .map(|p| p.trim().parse().ok().filter(|x| range.contains(x)))
        .collect::<Option<_>>()?;
    crate::engine::order::sort_by_key(&mut out, |x| *x);
    out.dedup();
    (!out.is_empty()).then_some(out)
}

pub fn print_sizes(v: &[usize]) -> String {
    v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}
