//! What the worked example opens with, given the link, the browser's
//! saved worksheet and the one kept aside when a link replaced it. A
//! reload of one's own page (the link says what is saved) keeps the saved
//! worksheet whole, with its seed, draws and previous sample; someone
//! else's link opens its worksheet and keeps the saved one aside,
//! restorable in one click; a link that cannot be used changes nothing.

use crate::page::url::AppState;
use crate::page::worked::Worksheet;

/// The worked example's keys in a link.
pub const LINK_KEYS: [&str; 2] = ["expr", "vals"];

/// The link's worksheet: `None` when the query names neither key, else
/// the worksheet or why it cannot be used.
pub fn from_link(query: &str) -> Option<Result<Worksheet, String>> {
    let q = query.strip_prefix('?').unwrap_or(query);
    let mine: Vec<&str> = q
        .split('&')
        .filter(|p| LINK_KEYS.contains(&p.split_once('=').map_or(*p, |(k, _)| k)))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let (a, notices) = AppState::from_query(&mine.join("&"));
    if !notices.is_empty() {
        return Some(Err(notices.join("; ")));
    }
    Some(link_sheet(&a.expr, &a.vals).map_err(|e| e.to_string()))
}

/// The worksheet of a link's expression and values (`AppState::expr`,
/// `AppState::vals`).
pub fn link_sheet(
    expr: &str,
    vals: &[(String, f64)],
) -> Result<Worksheet, crate::engine::parse::ParseError> {
    let named: Vec<(&str, f64)> = vals.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    Worksheet::new(expr, &named)
}

/// What the page opens with.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub ws: Worksheet,
    /// The saved worksheet a link put aside, to offer back.
    pub aside: Option<Worksheet>,
    /// Whether `aside` is new (to be stored) rather than one kept earlier.
    pub store_aside: bool,
    pub notice: Option<String>,
}

/// `link` from `from_link`, `saved` the browser's worksheet (or why it
/// could not be read), `kept` the one a link put aside earlier.
pub fn opening(
    link: Option<Result<Worksheet, String>>,
    saved: Result<Option<Worksheet>, String>,
    kept: Option<Worksheet>,
) -> Opening {
    let (saved, saved_notice) = match saved {
        Ok(s) => (s, None),
        Err(e) => (None, Some(e)),
    };
    let same = |a: &Worksheet, b: &Worksheet| {
        a.good_src == b.good_src && a.current_values() == b.current_values()
    };
    let keep = |ws: &Worksheet| kept.clone().filter(|k| !same(k, ws));
    match link {
        None => {
            let ws = saved.unwrap_or_default();
            Opening {
                aside: keep(&ws),
                ws,
                store_aside: false,
                notice: saved_notice,
            }
        }
        Some(Err(e)) => {
            let ws = saved.unwrap_or_default();
            Opening {
                aside: keep(&ws),
                ws,
                store_aside: false,
                notice: Some(format!(
                    "The link's worked example could not be used ({e}); your own worksheet is shown, and nothing saved was changed."
                )),
            }
        }
        Some(Ok(l)) => match saved {
            // a reload of this page: the saved worksheet, whole
            Some(s) if same(&s, &l) => Opening {
                aside: keep(&s),
                ws: s,
                store_aside: false,
                notice: saved_notice,
            },
            // someone's link: theirs on screen, the saved one put aside
            Some(s) => Opening {
                ws: l,
                aside: Some(s),
                store_aside: true,
                notice: saved_notice,
            },
            None => Opening {
                aside: keep(&l),
                ws: l,
                store_aside: false,
                notice: saved_notice,
            },
        },
    }
}
