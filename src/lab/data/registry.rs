//! The datasets a run may name: the digits (natively read from the binary,
//! in the page registered once its asset is fetched) and each file the
//! user brought, under its `Data::File` fingerprint. A run's task is made
//! from the registered dataset, so a run stays a pure function of its
//! config wherever the same file is registered.

use crate::lab::data::csv;
use crate::lab::data::dataset::{Dataset, Kind, Scaling};
use crate::lab::data::{Data, DIGITS_TARGET};
use std::sync::{Arc, Mutex};

static STORE: Mutex<Vec<(Data, Arc<Dataset>)>> = Mutex::new(Vec::new());
static SOURCES: Mutex<Vec<Source>> = Mutex::new(Vec::new());

/// What a dataset was made from, so another thread (a page's Web Worker)
/// can make the same one: the file's text, its targets and kind.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Source {
    pub data: Data,
    pub text: String,
    pub targets: Vec<String>,
    pub kind: Option<Kind>,
}

/// Makes and registers the dataset of `src` (checking that a file gives
/// the name it was sent under), and keeps `src` for `sources`.
pub fn restore(src: Source) -> Result<Arc<Dataset>, String> {
    let ds = match src.data {
        Data::Teacher => return Err("the teacher's task is not a dataset".into()),
        Data::Digits => {
            let ds = Arc::new(digits(&src.text)?);
            register(Data::Digits, ds.clone());
            ds
        }
        Data::File { .. } => {
            let (data, ds) = load_file(&src.text, &src.targets, src.kind, true)?;
            if data != src.data {
                return Err("the file does not match the one its runs named".into());
            }
            ds
        }
    };
    remember(src);
    Ok(ds)
}

/// Keeps `src` for `sources` (replacing one of the same name).
fn remember(src: Source) {
    let mut s = SOURCES.lock().unwrap_or_else(|e| e.into_inner());
    s.retain(|x| x.data != src.data);
    s.push(src);
}

/// Reads a user's file (`load_file`) and keeps its source, so the
/// workers can be sent it; returns its name for a `RunConfig`.
pub fn keep_file(text: &str, targets: &[String], kind: Option<Kind>) -> Result<Data, String> {
    let (data, _) = load_file(text, targets, kind, true)?;
    remember(Source {
        data,
        text: text.to_string(),
        targets: targets.to_vec(),
        kind,
    });
    Ok(data)
}

/// The user's file most recently kept, if any (a link's `task=file`).
pub fn last_file() -> Option<Source> {
    let s = SOURCES.lock().unwrap_or_else(|e| e.into_inner());
    s.iter()
        .rev()
        .find(|x| matches!(x.data, Data::File { .. }))
        .cloned()
}

/// Every source restored so far, in order (a worker is sent the ones it
/// has not had).
pub fn sources() -> Vec<Source> {
    SOURCES.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Keeps `ds` under `data` (replacing one of the same name).
pub fn register(data: Data, ds: Arc<Dataset>) {
    let mut s = STORE.lock().unwrap_or_else(|e| e.into_inner());
    s.retain(|(d, _)| *d != data);
    s.push((data, ds));
}

/// Whether `data` can be learned now (the teacher always can).
pub fn ready(data: Data) -> bool {
    data == Data::Teacher || get(data).is_ok()
}

/// The dataset of `data`, or why there is none.
pub fn get(data: Data) -> Result<Arc<Dataset>, String> {
    let found = {
        let s = STORE.lock().unwrap_or_else(|e| e.into_inner());
        s.iter().find(|(d, _)| *d == data).map(|p| p.1.clone())
    };
    if let Some(ds) = found {
        return Ok(ds);
    }
    match data {
        Data::Teacher => Err("the teacher's task is not a dataset".into()),
        #[cfg(not(target_arch = "wasm32"))]
        Data::Digits => {
            let ds = Arc::new(digits(&embedded_digits()?)?);
            register(Data::Digits, ds.clone());
            Ok(ds)
        }
        #[cfg(target_arch = "wasm32")]
        Data::Digits => Err("the digits are not loaded yet".into()),
        Data::File { .. } => Err("that file is not loaded: choose it again".into()),
    }
}

/// The digits from the asset's text (its header names the columns).
pub fn digits(text: &str) -> Result<Dataset, String> {
    let table = csv::parse(text, false).map_err(|e| format!("digits: {e}"))?;
    Dataset::from_table(
        &table,
        &[DIGITS_TARGET.to_string()],
        Some(Kind::Classification),
        Scaling::Divide(16.0),
    )
    .map_err(|e| format!("digits: {e}"))
}

#[cfg(not(target_arch = "wasm32"))]
fn embedded_digits() -> Result<String, String> {
    use std::io::Read;
    const GZ: &[u8] = include_bytes!("../../../assets/digits.csv.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(GZ)
        .read_to_string(&mut text)
        .map_err(|e| format!("digits: {e}"))?;
    Ok(text)
}

/// A 52-bit FNV-1a hash of a file's text, its targets and its kind: the
/// file's name in a `RunConfig` (`Data::File`).
pub fn fingerprint(text: &str, targets: &[String], kind: Option<Kind>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    eat(text.as_bytes());
    for t in targets {
        eat(b"\0");
        eat(t.trim().as_bytes());
    }
    eat(match kind {
        None => b"\0auto",
        Some(Kind::Regression) => b"\0regression",
        Some(Kind::Classification) => b"\0classification",
    });
    h & ((1 << 52) - 1)
}

/// Reads a user's file with `targets` (and `kind`, when given), checks
/// it, registers it and returns its name for a `RunConfig`. `limit`:
/// the page's size limits.
pub fn load_file(
    text: &str,
    targets: &[String],
    kind: Option<Kind>,
    limit: bool,
) -> Result<(Data, Arc<Dataset>), String> {
    let table = csv::parse(text, limit).map_err(|e| e.to_string())?;
    let ds = Dataset::from_table(&table, targets, kind, Scaling::Standardise)
        .map_err(|e| e.to_string())?;
    let data = Data::File {
        id: fingerprint(text, targets, kind),
        classify: ds.kind() == Kind::Classification,
    };
    let ds = Arc::new(ds);
    register(data, ds.clone());
    Ok((data, ds))
}
