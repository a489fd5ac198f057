//! Long work kept as it comes in, so a reload can resume it: what was
//! asked (a study, a grid, an Agents run's settings) and the parts
//! finished so far, as versioned, size-bounded JSON. Every long job of the
//! page (a depth or width study, the essay's grid, the Agents units) keeps
//! itself through this one form; each reads its parts back and checks
//! them against what it asked (`page::studies::resume`,
//! `page::lab::controller_grid`, `page::agents::resume`).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A job's parts are kept at most this often (keeping a large job after
/// every part cost more than the parts); the page keeps the rest when it
/// is hidden or left (`ui::shell::storage::on_leaving`), so only a crash
/// loses the parts since the last keep.
pub const KEEP_MS: f64 = 1000.0;

/// When a job last kept itself, to keep it at most every `KEEP_MS`.
#[derive(Clone, Copy, Debug)]
pub struct Pace(f64);

impl Default for Pace {
    fn default() -> Self {
        Self(f64::NEG_INFINITY)
    }
}

impl Pace {
    /// Whether to keep the job at `now_ms`: always if `now_too` (a round's
    /// end, a cancel), else once `KEEP_MS` have passed; a yes counts as kept.
    pub fn due(&mut self, now_ms: f64, now_too: bool) -> bool {
        let due = now_too || now_ms - self.0 >= KEEP_MS;
        if due {
            self.0 = now_ms;
        }
        due
    }
}

/// The most one kept job may weigh, in bytes (localStorage holds about
/// 5 MB for the whole site).
pub const MAX_BYTES: usize = 3_000_000;

#[derive(Serialize, Deserialize)]
struct Kept<A, P> {
    version: u32,
    asked: A,
    parts: Vec<P>,
}

/// `asked` and its finished `parts` as JSON (of `version`), or why they
/// are not kept (`what` names the job: "study").
pub fn write<A: Serialize, P: Serialize>(
    what: &str,
    version: u32,
    asked: &A,
    parts: &[P],
) -> Result<String, String> {
    #[derive(Serialize)]
    struct Out<'a, A, P> {
        version: u32,
        asked: &'a A,
        parts: &'a [P],
    }
    let text = serde_json::to_string(&Out {
        version,
        asked,
        parts,
    })
    .map_err(|e| e.to_string())?;
    if text.len() > MAX_BYTES {
        return Err(format!(
            "the {what}'s runs take {} MB, more than the {} MB kept: a reload would start it again",
            text.len() / 1_000_000,
            MAX_BYTES / 1_000_000
        ));
    }
    Ok(text)
}

/// What was asked and the parts kept, read back from `write`'s JSON of
/// `version`, or why they cannot be used.
pub fn read<A: DeserializeOwned, P: DeserializeOwned>(
    what: &str,
    version: u32,
    text: &str,
) -> Result<(A, Vec<P>), String> {
    if text.len() > MAX_BYTES {
        return Err(format!("the kept {what} is larger than the page keeps"));
    }
    #[derive(Deserialize)]
    struct Version {
        version: u32,
    }
    let v: Version =
        serde_json::from_str(text).map_err(|e| format!("the kept {what} cannot be read ({e})"))?;
    if v.version != version {
        return Err(format!(
            "the kept {what} is of version {}, this page reads {version}",
            v.version
        ));
    }
    let kept: Kept<A, P> =
        serde_json::from_str(text).map_err(|e| format!("the kept {what} cannot be read ({e})"))?;
    Ok((kept.asked, kept.parts))
}
