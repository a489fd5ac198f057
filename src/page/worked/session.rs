//! The worked example as JSON: what the browser keeps for a reload (the
//! expression, values, previous sample, seed and draws) and, with the
//! R1–R5 ticks and the sweep's step, the session file the page saves and
//! loads. Read and written by `page::json`, in the form serde_json wrote
//! for the same fields, so what an earlier visit kept still opens.

use crate::page::json::{self, Json};
use crate::page::worked::Worksheet;

/// A session file: the worksheet, the ticks and the step.
#[derive(Debug)]
pub struct Session {
    pub ws: Worksheet,
    pub kept: Option<[bool; 5]>,
    pub step: Option<usize>,
}

fn pairs(v: &[(String, f64)]) -> Json {
    Json::Arr(
        v.iter()
            .map(|(n, x)| Json::Arr(vec![Json::Str(n.clone()), Json::num(*x)]))
            .collect(),
    )
}

/// The session as JSON: the worksheet, and the ticks and step if given
/// (the browser's own copy leaves them to the link).
pub fn session_json(ws: &Worksheet, kept: Option<[bool; 5]>, step: Option<usize>) -> String {
    let mut m = vec![
        ("src".to_string(), Json::Str(ws.good_src.clone())),
        ("values".into(), pairs(&ws.values)),
        ("previous".into(), pairs(&ws.previous)),
        ("seed".into(), Json::Num(ws.seed.to_string())),
        ("draws".into(), Json::Num(ws.draws.to_string())),
    ];
    if let Some(k) = kept {
        m.push(("kept".into(), Json::Arr(k.map(Json::Bool).to_vec())));
    }
    if let Some(s) = step {
        m.push(("step".into(), Json::Num(s.to_string())));
    }
    Json::Obj(m).write(true)
}

/// The worksheet alone as JSON (what the browser keeps).
pub fn to_json(ws: &Worksheet) -> String {
    session_json(ws, None, None)
}

/// Reads a session; a value that is not a finite number is dropped, a bad
/// expression or malformed JSON is refused with the reason.
pub fn from_json(text: &str) -> Result<Worksheet, String> {
    session_from_json(text).map(|s| s.ws)
}

/// Named numbers: `[["a", 2.0], …]`; `None` if it is not a list of pairs
/// (a pair whose number is not finite is left out).
fn read_pairs(v: &Json) -> Option<Vec<(String, f64)>> {
    let mut out = Vec::new();
    for p in v.as_arr()? {
        match p.as_arr()? {
            [n, x] => {
                let n = n.as_str()?;
                if let Some(x) = x.as_f64().filter(|x| x.is_finite()) {
                    out.push((n.to_string(), x));
                } else if *x != Json::Null {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(out)
}

/// An optional member: its default when absent, `None` when present and
/// not readable.
fn opt<T>(v: Option<&Json>, default: T, read: impl Fn(&Json) -> Option<T>) -> Option<T> {
    v.map_or(Some(default), read)
}

/// Reads a session file with its ticks and step (a step is bounded as
/// the URL's is). Only `src` and `values` are required.
pub fn session_from_json(text: &str) -> Result<Session, String> {
    let v = json::read(text).map_err(|e| format!("not a Credit Flow session ({e})"))?;
    let field = |k: &str| v.get(k).filter(|x| **x != Json::Null);
    let wrong = |k: &str| {
        format!("not a Credit Flow session (\"{k}\" is missing or not what it should be)")
    };
    let src = field("src")
        .and_then(Json::as_str)
        .ok_or_else(|| wrong("src"))?;
    let values = field("values")
        .and_then(read_pairs)
        .ok_or_else(|| wrong("values"))?;
    let previous =
        opt(field("previous"), Vec::new(), read_pairs).ok_or_else(|| wrong("previous"))?;
    let seed = opt(field("seed"), 0, Json::as_u64).ok_or_else(|| wrong("seed"))?;
    let draws = opt(field("draws"), 1, |d| u32::try_from(d.as_u64()?).ok())
        .ok_or_else(|| wrong("draws"))?;
    let kept = opt(field("kept"), None, |k| {
        let t: Vec<bool> = k
            .as_arr()?
            .iter()
            .map(Json::as_bool)
            .collect::<Option<_>>()?;
        <[bool; 5]>::try_from(t).ok().map(Some)
    })
    .ok_or_else(|| wrong("kept"))?;
    let step = opt(field("step"), None, |s| Some(Some(s.as_u64()? as usize)))
        .ok_or_else(|| wrong("step"))?;
    let named: Vec<(&str, f64)> = values.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let mut ws =
        Worksheet::new(src, &named).map_err(|e| format!("its expression does not parse: {e}"))?;
    ws.previous = previous;
    ws.seed = seed;
    ws.set_draws(draws);
    Ok(Session {
        ws,
        kept,
        step: step.filter(|s| *s <= 100_000),
    })
}
