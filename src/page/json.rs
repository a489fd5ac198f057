//! The JSON the first view reads and writes (the saved worksheet, a
//! session file, the tour's progress), in a few hundred bytes of code:
//! serde_json's reader and writer, monomorphised for each type, were
//! 23 KB of the first view's 250 KB. A value is read whole, then taken
//! apart by name; numbers keep their text, so a u64 seed comes back
//! exactly and a float is read by `engine::decimal`. It reads what
//! serde_json wrote for the same types (`tests/it/json.rs` holds the two
//! to each other); nothing here knows a browser.

use std::fmt::Write;

/// A JSON value. Objects keep their keys in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A number as written.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// The deepest nesting read (a hostile file cannot overflow the stack).
const MAX_DEPTH: usize = 64;

impl Json {
    /// A finite f64 as JSON (written so that it reads back exactly).
    pub fn num(x: f64) -> Json {
        if x.is_finite() {
            Json::Num(x.to_string())
        } else {
            Json::Null
        }
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Num(t) => crate::engine::decimal::read(t),
            _ => None,
        }
    }

    /// A whole number that fits (`1`, not `1.0` or `-1`).
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Num(t) => t.parse().ok(),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_arr(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }

    /// The text: compact, or indented by two spaces as serde_json's
    /// `to_string_pretty` writes it.
    pub fn write(&self, pretty: bool) -> String {
        let mut out = String::new();
        self.write_to(&mut out, pretty, 0);
        out
    }

    fn write_to(&self, out: &mut String, pretty: bool, depth: usize) {
        let (open, close, items): (char, char, Vec<(Option<&str>, &Json)>) = match self {
            Json::Null => return out.push_str("null"),
            Json::Bool(b) => return out.push_str(if *b { "true" } else { "false" }),
            Json::Num(t) => return out.push_str(t),
            Json::Str(s) => return write_str(out, s),
            Json::Arr(a) => ('[', ']', a.iter().map(|v| (None, v)).collect()),
            Json::Obj(m) => (
                '{',
                '}',
                m.iter().map(|(k, v)| (Some(k.as_str()), v)).collect(),
            ),
        };
        out.push(open);
        let indent = |out: &mut String, d: usize| {
            if pretty {
                out.push('\n');
                out.extend(std::iter::repeat_n("  ", d));
            }
        };
        for (i, (key, v)) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            indent(out, depth + 1);
            if let Some(k) = key {
                write_str(out, k);
                out.push_str(if pretty { ": " } else { ":" });
            }
            v.write_to(out, pretty, depth + 1);
        }
        if !items.is_empty() {
            indent(out, depth);
        }
        out.push(close);
    }
}

fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Reads one JSON value (with nothing but white space after it), or says
/// what is wrong and at which byte.
pub fn read(text: &str) -> Result<Json, String> {
    let mut r = Reader {
        b: text.as_bytes(),
        i: 0,
    };
    let v = r.value(0)?;
    r.ws();
    if r.i < r.b.len() {
        return Err(r.err("text after the value"));
    }
    Ok(v)
}

struct Reader<'a> {
    b: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn err(&self, what: &str) -> String {
        format!("{what} at byte {}", self.i)
    }

    fn ws(&mut self) {
        while self.b.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        let hit = self.b.get(self.i) == Some(&c);
        if hit {
            self.i += 1;
        }
        hit
    }

    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.b[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err("an unknown word"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        self.ws();
        match self.b.get(self.i) {
            None => Err(self.err("the text ends where a value should be")),
            Some(b'n') => self.word("null", Json::Null),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'"') => self.string().map(Json::Str),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.err("expected , or ]"));
                        }
                    }
                }
                Ok(Json::Arr(items))
            }
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        self.ws();
                        if self.b.get(self.i) != Some(&b'"') {
                            return Err(self.err("expected a name in quotes"));
                        }
                        let k = self.string()?;
                        if !self.eat(b':') {
                            return Err(self.err("expected :"));
                        }
                        members.push((k, self.value(depth + 1)?));
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.err("expected , or }"));
                        }
                    }
                }
                Ok(Json::Obj(members))
            }
            Some(c) if *c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while self
                    .b
                    .get(self.i)
                    .is_some_and(|c| c.is_ascii_digit() || b"+-.eE".contains(c))
                {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.b[start..self.i]).unwrap_or_default();
                // a number as the engine reads it, and within its length
                match crate::engine::decimal::read(t) {
                    Some(x) if x.is_finite() => Ok(Json::Num(t.to_string())),
                    Some(_) => Err(self.err("a number out of range")),
                    None => Err(self.err("a malformed number")),
                }
            }
            Some(_) => Err(self.err("an unexpected character")),
        }
    }

    /// A string (the reader is at its opening quote).
    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.err("a string that never closes"));
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.b.get(self.i).copied();
                    self.i += 1;
                    let ch = match e {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'u') => self.unicode()?,
                        _ => return Err(self.err("an unknown escape")),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                c if c < 0x20 => return Err(self.err("a control character in a string")),
                c => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| self.err("a string that is not UTF-8"))
    }

    /// `\uXXXX`, or a surrogate pair of two.
    fn unicode(&mut self) -> Result<char, String> {
        let hex = |r: &mut Self| -> Result<u32, String> {
            let t =
                r.b.get(r.i..r.i + 4)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .ok_or_else(|| r.err("a bad \\u escape"))?;
            r.i += 4;
            Ok(t)
        };
        let hi = hex(self)?;
        let code = if (0xD800..0xDC00).contains(&hi) && self.b[self.i..].starts_with(b"\\u") {
            self.i += 2;
            let lo = hex(self)?;
            0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF)
        } else {
            hi
        };
        char::from_u32(code).ok_or_else(|| self.err("a bad \\u escape"))
    }
}
