//! The options the studies' commands share: the grid's flags over a
//! study's defaults (`parse_opts`; steps, teacher and arithmetic are rows
//! of the page's settings table, `page::lab::settings`), comma-separated
//! lists, `--shard K/N`, and the thread count.

use crate::lab::data::dataset::Kind;
use crate::lab::data::registry::load_file;
use crate::lab::data::Data;
use crate::lab::study::grid::GridSpec;
use crate::lab::train::config::Arch;
use crate::lab::train::config::Protocol;
use crate::lab::{Method, RunConfig};
use crate::page::lab::settings::{LabSettings, RUN_KEYS, SETTINGS};
use crate::page::settings::{by_flag, Setting};

pub(super) fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub(super) fn list<T>(
    s: Option<&String>,
    what: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, String> {
    let s = s.ok_or(format!("{what} needs a comma-separated list"))?;
    let v: Option<Vec<T>> = s
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| parse(p.trim()))
        .collect();
    match v {
        Some(v) if !v.is_empty() => Ok(v),
        _ => Err(format!("could not read {what} '{s}'")),
    }
}

/// Options shared by `ablate` and `bench`.
pub(super) struct Opts {
    pub(super) spec: GridSpec,
    pub(super) json: Option<String>,
    pub(super) csv: Option<String>,
    /// `--shard K/N`: run only the K-th of N slices (1-based).
    pub(super) shard: Option<(usize, usize)>,
}

/// Reads the grid's options over `spec`'s defaults. `--protocol` brings
/// its own seeds and teacher draws (`GridSpec::with_protocol`), which
/// `--seeds` and `--task-seeds` then override, in any order.
pub(super) fn parse_opts(args: &[String], spec: GridSpec) -> Result<Opts, String> {
    let mut o = Opts {
        spec,
        json: None,
        csv: None,
        shard: None,
    };
    let (mut protocol, mut seeds, mut draws) = (None, None, None);
    let (mut file, mut targets, mut kind) = (None, None, None);
    // read after the task, whatever the order (a conv layer needs an image)
    let mut arch = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--methods" => {
                o.spec.methods = list(it.next(), "--methods", Method::from_id).map_err(|e| {
                    let ids: Vec<&str> = Method::every().map(|m| m.id()).collect();
                    format!("{e}; methods are {}", ids.join(", "))
                })?
            }
            "--lrs" => {
                o.spec.lrs = list(it.next(), "--lrs", |p| {
                    p.parse::<f64>().ok().filter(|x| *x > 0.0 && x.is_finite())
                })?
            }
            "--seeds" => seeds = Some(list(it.next(), "--seeds", |p| p.parse().ok())?),
            "--task-seeds" => draws = Some(list(it.next(), "--task-seeds", |p| p.parse().ok())?),
            "--protocol" => {
                let v = it.next().ok_or("--protocol needs essay or careful")?;
                protocol = Some(Protocol::from_id(v.trim()).ok_or_else(|| {
                    format!("could not read --protocol '{v}'; write essay or careful")
                })?);
            }
            "--data" => file = Some(it.next().ok_or("--data needs a CSV file")?.clone()),
            "--target" => targets = Some(list(it.next(), "--target", |p| Some(p.to_string()))?),
            "--kind" => {
                let v = it
                    .next()
                    .ok_or("--kind needs classification or regression")?;
                kind = Some(match v.trim() {
                    "classification" => Kind::Classification,
                    "regression" => Kind::Regression,
                    _ => {
                        return Err(format!(
                            "could not read --kind '{v}'; write classification or regression"
                        ))
                    }
                });
            }
            "--rule" => {
                let kv = it.next().ok_or("--rule needs NAME=VALUE")?;
                let (k, v) = kv.split_once('=').ok_or("--rule needs NAME=VALUE")?;
                o.spec.base.rules.set(k.trim(), v)?;
            }
            "--json" => o.json = Some(it.next().ok_or("--json needs a file name")?.clone()),
            "--csv" => o.csv = Some(it.next().ok_or("--csv needs a file name")?.clone()),
            "--shard" => {
                let s = it.next().ok_or("--shard needs K/N")?;
                o.shard = Some(parse_shard(s)?);
            }
            "--arch" => arch = Some(it.next().cloned().unwrap_or_default()),
            flag => {
                // steps, the teacher and the arithmetic: rows of the page's table
                let row = by_flag(&SETTINGS, flag)
                    .filter(|r| RUN_KEYS.contains(&r.key))
                    .ok_or_else(|| format!("unknown option '{flag}'"))?;
                o.spec.base = on_base(row, o.spec.base, it.next())?;
            }
        }
    }
    match (file, targets) {
        (Some(f), Some(t)) => o.spec.base.teacher.data = read_data(&f, &t, kind)?,
        (Some(_), None) => {
            return Err(
                "--data needs --target NAME (the column to predict; several for a regression: a,b)"
                    .into(),
            )
        }
        (None, Some(_)) => return Err("--target names a column of the file --data brings".into()),
        (None, None) if kind.is_some() => {
            return Err("--kind goes with --data FILE --target NAME".into())
        }
        (None, None) => {}
    }
    if let Some(v) = arch {
        let row = by_flag(&SETTINGS, "--arch").ok_or("no --arch row")?;
        o.spec.base = on_base(row, o.spec.base, Some(&v))?;
    }
    if o.spec.base.arch == Arch::Conv {
        check_conv(&o.spec)?;
    }
    if let Some(p) = protocol {
        o.spec = o.spec.with_protocol(p);
    }
    if let Some(s) = seeds {
        o.spec.seeds = s;
    }
    if let Some(d) = draws {
        o.spec.task_seeds = d;
    }
    Ok(o)
}

/// A conv student needs rules that have a conv form (the `arch` row has
/// already refused a task that is not an image).
fn check_conv(spec: &GridSpec) -> Result<(), String> {
    match spec.methods.iter().find(|m| m.def().on_conv.is_err()) {
        Some(m) => Err(format!(
            "{} has no convolutional form here ({}): leave it out of --methods with --arch conv",
            m.id(),
            m.def().on_conv.err().unwrap_or_default()
        )),
        None => Ok(()),
    }
}

/// Reads and registers a user's CSV file (`.gz` too) with its target
/// columns: the task a `Data::File` names.
pub(super) fn read_data(
    path: &str,
    targets: &[String],
    kind: Option<Kind>,
) -> Result<Data, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("could not read {path}: {e}"))?;
    let text = if path.ends_with(".gz") {
        use std::io::Read;
        let mut t = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut t)
            .map_err(|e| format!("{path}: not a gzip of text: {e}"))?;
        t
    } else {
        String::from_utf8(bytes)
            .map_err(|_| format!("{path}: not UTF-8 text; save it as CSV (UTF-8)"))?
    };
    let (data, ds) = load_file(&text, targets, kind, false).map_err(|e| format!("{path}: {e}"))?;
    eprintln!(
        "{path}: {} rows, {} inputs, target {} ({})",
        ds.rows(),
        ds.inputs.len(),
        targets.join(", "),
        match ds.kind() {
            Kind::Classification => format!("classification, {} classes", ds.outputs()),
            Kind::Regression => "regression".into(),
        }
    );
    Ok(data)
}

/// Applies a row of the lab's settings table that sets a run's
/// shared settings to `base`.
pub(super) fn on_base(
    row: &Setting<LabSettings>,
    base: RunConfig,
    v: Option<&String>,
) -> Result<RunConfig, String> {
    let mut s = LabSettings {
        base,
        ..LabSettings::default()
    };
    row.apply_flag(&mut s, v)?;
    Ok(s.base)
}

/// The study settings a `--depths` or `--widths` flag gives (the page's
/// table's row, so the same values are good in both).
pub(super) fn study_list(flag: &str, v: Option<&String>) -> Result<LabSettings, String> {
    let row = by_flag(&SETTINGS, flag).ok_or_else(|| format!("unknown option '{flag}'"))?;
    let mut s = LabSettings::default();
    row.apply_flag(&mut s, v)?;
    Ok(s)
}

pub(super) fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("could not read --shard '{s}'; write K/N with 1 ≤ K ≤ N");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n) = (
        k.trim().parse::<usize>().map_err(|_| bad())?,
        n.trim().parse::<usize>().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}
