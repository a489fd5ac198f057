//! The shareable state: the view, the R1–R5 ticks, the lab's methods and
//! settings, the worked example's expression, values and step, the tour
//! stop, the controls a teacher hid and the studies' settings, in the URL's
//! query string, so a link reproduces a page. Every key is one row: of
//! `KEYS` (the page's own), or made from a settings table's row (`LAB_KEYS`,
//! `AGENT_KEYS`): its name, what it holds, its parser (which is also the
//! settings form's validator) and its printer. A bad or unknown value falls back to the default with a
//! notice. (Plain Rust: no browser types here.)

pub mod codec;

use crate::engine::presets::PRESETS;
use crate::lab::method::select::{R3_CHOICES, R4_CHOICES};
use crate::lab::Method;
use crate::page::lab::controller::Plan;
use crate::page::lab::settings::LabSettings;
use crate::page::url::codec::*;

pub use crate::page::view::View;

/// The controls a teacher can hide from students: id and what it is.
pub const HIDEABLE: [(&str, &str); 17] = [
    ("nav", "the switch between the views"),
    ("req", "the five requirement checkboxes"),
    ("expr", "the expression box and its presets"),
    ("inputs", "the input values and the previous sample"),
    ("zoom", "the graph's zoom buttons"),
    (
        "steps",
        "the step buttons (you step the sweep for the class)",
    ),
    (
        "notation",
        "the calculus notation in the step text (∂f/∂a, d(v²)/dv; the words say it too)",
    ),
    ("check", "the finite-difference check"),
    (
        "notes",
        "the notes on a removed requirement and the R3 choice",
    ),
    (
        "costs",
        "the cost of the gradient (forward against reverse)",
    ),
    ("export", "the graph's and session's export"),
    ("methods", "the lab's R3/R4 variants and method list"),
    (
        "settings",
        "the lab's learning rate, seed, steps, gain and arithmetic",
    ),
    ("grid", "the lab's grid (run the grid, its table)"),
    ("tour", "the tour"),
    ("teacher", "the teacher panel"),
    (
        "help",
        "Help and the links to the essay (the research behind the page)",
    ),
];

#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub view: View,
    pub kept: [bool; 5],
    pub r3: Method,
    pub r4: Method,
    /// The lab's and the studies' settings (keys in `LAB_KEYS`).
    pub lab: LabSettings,
    /// The worked example's expression and input values (mirrored from
    /// the page's worksheet) and the sweep's step.
    pub expr: String,
    pub vals: Vec<(String, f64)>,
    pub step: usize,
    /// The tour stop to open at (1-based), if any.
    pub tour: Option<usize>,
    /// The tour stops a teacher chose for the class (1-based, first and
    /// last), if any: the tour goes no further.
    pub stops: Option<(usize, usize)>,
    /// Ids from `HIDEABLE` hidden on this page.
    pub hide: Vec<&'static str>,
    /// Projector mode: larger type, compact banner.
    pub proj: bool,
    /// The worked example's graph zoom (`None`: fitted to its frame).
    pub zoom: Option<f64>,
    /// Present mode's slide (1-based; `None`: not presenting).
    pub present: Option<usize>,
    /// The Agents view's settings (keys in `AGENT_KEYS`).
    pub agents: crate::page::agents::AgentsSettings,
    /// The lab's, studies' and Agents view's keys as the link wrote them,
    /// where this wasm does not parse them (`parses_rooms`): the first
    /// view keeps their text, in `ROOM_KEY_NAMES` order, and the rooms'
    /// wasm reads it.
    pub rooms_text: Vec<(&'static str, String)>,
}

impl Default for AppState {
    fn default() -> Self {
        let (_, src, values) = PRESETS[0];
        Self {
            view: View::Graph,
            kept: [true; 5],
            r3: Method::NodePerturbation,
            r4: Method::Fa,
            lab: LabSettings::default(),
            expr: src.to_string(),
            vals: values.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
            step: 0,
            tour: None,
            stops: None,
            hide: Vec::new(),
            proj: false,
            zoom: None,
            present: None,
            agents: Default::default(),
            rooms_text: Vec::new(),
        }
    }
}

/// One URL key: its name, what a good value is (the notice's words), a
/// parser that sets the state and says whether the value was good, and
/// a printer.
pub struct Key {
    pub name: &'static str,
    pub what: &'static str,
    pub parse: fn(&mut AppState, &str) -> bool,
    pub print: fn(&AppState) -> String,
}

/// "a-b" (or one number) with 1 ≤ a ≤ b: a range of tour stops.
fn parse_range(v: &str) -> Option<(usize, usize)> {
    let (a, b) = v.split_once('-').unwrap_or((v, v));
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (1 <= a && a <= b && b <= 1000).then_some((a, b))
}

fn set<T>(slot: &mut T, v: Option<T>) -> bool {
    v.map(|x| *slot = x).is_some()
}

/// Every URL key, in the order links print them.
pub const KEYS: [Key; 13] = [
    Key { name: "view", what: "a view (graph, lab, studies or agents)",
        parse: |s, v| set(&mut s.view, View::from_id(v)),
        print: |s| s.view.id().into() },
    Key { name: "req", what: "five 0/1 ticks for R1..R5, e.g. 11101",
        parse: |s, v| set(&mut s.kept, parse_ticks(v)),
        print: |s| print_ticks(s.kept) },
    Key { name: "r3", what: "an R3 ablation (node_perturbation, weight_perturbation, scrambled or sign_dropped)",
        parse: |s, v| set(&mut s.r3, Method::from_id(v).filter(|m| R3_CHOICES.contains(m))),
        print: |s| s.r3.id().into() },
    Key { name: "r4", what: "an R4 ablation (fa or dfa)",
        parse: |s, v| set(&mut s.r4, Method::from_id(v).filter(|m| R4_CHOICES.contains(m))),
        print: |s| s.r4.id().into() },
    Key { name: "expr", what: "an expression the worked example can read, e.g. (a*b+c)^2",
        parse: |s, v| set(&mut s.expr, crate::engine::parse(v).is_ok().then(|| v.to_string())),
        print: |s| s.expr.clone() },
    Key { name: "vals", what: "input values as name:number pairs, e.g. a:2,b:-3",
        parse: |s, v| set(&mut s.vals, parse_values(v)),
        print: |s| print_values(&s.vals) },
    Key { name: "step", what: "a step of the backward sweep, a whole number",
        parse: |s, v| set(&mut s.step, v.trim().parse().ok().filter(|x| *x <= 100_000)),
        print: |s| s.step.to_string() },
    Key { name: "tour", what: "a tour stop, a whole number from 1",
        parse: |s, v| set(&mut s.tour, v.trim().parse().ok().filter(|x| *x >= 1).map(Some)),
        print: |s| s.tour.map_or(String::new(), |t| t.to_string()) },
    Key { name: "stops", what: "the tour stops a class gets, first-last, e.g. 1-3",
        parse: |s, v| set(&mut s.stops, parse_range(v).map(Some)),
        print: |s| s.stops.map_or(String::new(), |(a, b)| format!("{a}-{b}")) },
    Key { name: "hide", what: "a comma-separated list of controls to hide (nav, req, expr, inputs, zoom, steps, notation, check, notes, costs, export, methods, settings, grid, tour, teacher, help)",
        parse: |s, v| set(&mut s.hide, v.split(',').filter(|p| !p.is_empty())
            .map(|p| HIDEABLE.iter().find(|(id, _)| *id == p).map(|(id, _)| *id)).collect()),
        print: |s| s.hide.join(",") },
    Key { name: "proj", what: "1 (projector mode) or 0",
        parse: |s, v| set(&mut s.proj, match v { "1" => Some(true), "0" => Some(false), _ => None }),
        print: |s| if s.proj { "1" } else { "0" }.into() },
    Key { name: "zoom", what: "the graph's zoom, 'fit' or a number from 0.3 to 4",
        parse: |s, v| set(&mut s.zoom, match v.trim() {
            "fit" => Some(None),
            t => crate::page::settings::num(t, |z| (0.3..=4.0).contains(&z)).map(|z| Some((z * 100.0).round() / 100.0)),
        }),
        print: |s| s.zoom.map_or("fit".into(), |z| z.to_string()) },
    Key { name: "present", what: "a slide of present mode, a whole number from 1",
        parse: |s, v| set(&mut s.present, crate::page::settings::count(v, 1, crate::page::present::SLIDES.len()).map(Some)),
        print: |s| s.present.map_or(String::new(), |n| n.to_string()) },
];

/// The rooms' keys (the lab's and studies', then the Agents view's), by
/// name, a column of their settings tables made at compile time (so the
/// first view's wasm links their names and none of their parsers): where
/// this wasm does not parse them, their text is kept as it came
/// (`AppState::rooms_text`).
pub const ROOM_KEY_NAMES: [&str; LAB_KEYS.len() + AGENT_KEYS.len()] = {
    use crate::page::agents::settings::SETTINGS as AGENTS;
    use crate::page::lab::settings::SETTINGS as LAB;
    let mut out = [""; LAB.len() + AGENTS.len()];
    let mut i = 0;
    while i < LAB.len() {
        out[i] = LAB[i].key;
        i += 1;
    }
    while i < out.len() {
        out[i] = AGENTS[i - LAB.len()].key;
        i += 1;
    }
    out
};

/// The rooms' keys where this wasm parses them: always natively (the
/// command line, the tests); in the browser once `parse_rooms` is called,
/// which the rooms' wasm does and the first view's never does, so that it
/// links none of their parsers.
type RoomKeys = Option<[&'static [Key]; 2]>;

thread_local!(static ROOM_KEYS: std::cell::Cell<RoomKeys> = const {
    std::cell::Cell::new(if cfg!(target_arch = "wasm32") { None } else { Some([&LAB_KEYS, &AGENT_KEYS]) })
});

fn room_keys() -> RoomKeys {
    ROOM_KEYS.with(std::cell::Cell::get)
}

/// From now on this wasm parses the rooms' keys (in the browser: the
/// rooms' wasm, and the wasm tests that draw the rooms in place).
pub fn parse_rooms() {
    ROOM_KEYS.with(|k| k.set(Some([&LAB_KEYS, &AGENT_KEYS])));
}

/// From now on this thread keeps the rooms' keys as text, as the first
/// view's wasm does (for tests of that behaviour natively).
pub fn keep_rooms_as_text() {
    ROOM_KEYS.with(|k| k.set(None));
}

/// Whether this wasm parses the rooms' keys (`parse_rooms`).
pub fn parses_rooms() -> bool {
    room_keys().is_some()
}

/// Every URL key this wasm parses: the page's, then (where it parses
/// them) the lab's and studies', then the Agents view's.
pub fn all_keys() -> impl Iterator<Item = &'static Key> {
    let [lab, agents] = room_keys().unwrap_or([&[], &[]]);
    KEYS.iter().chain(lab.iter()).chain(agents.iter())
}

impl AppState {
    /// Parses a query string (with or without the leading `?`). Returns the
    /// state and one notice per key that could not be used.
    pub fn from_query(query: &str) -> (Self, Vec<String>) {
        let mut s = Self::default();
        let mut notices = Vec::new();
        let q = query.strip_prefix('?').unwrap_or(query);
        for pair in q.split('&').filter(|p| !p.is_empty()) {
            let (k, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let v = decode(raw);
            if let Err(n) = s.set(k, &v) {
                notices.push(n);
            }
        }
        (s, notices)
    }

    /// Sets one key from text, as a link or a form field would. On a bad
    /// value the state is unchanged and the message says what is wanted.
    pub fn set(&mut self, key: &str, v: &str) -> Result<(), String> {
        let Some(k) = all_keys().find(|k| k.name == key) else {
            if let Some(name) = ROOM_KEY_NAMES.into_iter().find(|n| *n == key) {
                // kept as written, for the rooms' wasm to read
                self.rooms_text.retain(|(n, _)| *n != name);
                self.rooms_text.push((name, v.to_string()));
                crate::engine::order::sort_by_key(&mut self.rooms_text, |(n, _)| {
                    ROOM_KEY_NAMES.iter().position(|m| m == n)
                });
                return Ok(());
            }
            return Err(format!("unknown URL key '{key}' ignored"));
        };
        let mut next = self.clone();
        if (k.parse)(&mut next, v) {
            *self = next;
            Ok(())
        } else {
            Err(format!(
                "{key}={} is not {}; using the default{}",
                shorten(v),
                k.what,
                why_not(v)
            ))
        }
    }

    /// One key's value as text.
    pub fn get(&self, key: &str) -> String {
        match all_keys().find(|k| k.name == key) {
            Some(k) => (k.print)(self),
            None => self
                .rooms_text
                .iter()
                .find(|(n, _)| *n == key)
                .map_or(String::new(), |(_, v)| v.clone()),
        }
    }

    /// The query string, keys in `KEYS` order, defaults left out.
    pub fn to_query(&self) -> String {
        self.query_with(&[])
    }

    /// The query string with `always` printed even at their defaults (a
    /// teacher's link pins the expression, whatever a student saved).
    pub fn query_with(&self, always: &[&str]) -> String {
        let d = Self::default();
        let parts: Vec<String> = all_keys()
            .map(|k| (k, (k.print)(self)))
            .filter(|(k, v)| always.contains(&k.name) || *v != (k.print)(&d))
            .map(|(k, v)| format!("{}={}", k.name, encode(&v)))
            .chain(
                self.rooms_text
                    .iter()
                    .map(|(n, v)| format!("{n}={}", encode(v))),
            )
            .collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    pub fn hides(&self, id: &str) -> bool {
        self.hide.contains(&id)
    }

    /// What the lab trains: the methods, the rate and every run's shared
    /// settings.
    pub fn plan(&self) -> Plan {
        Plan {
            methods: self.training(),
            lr: self.lab.lr,
            base: self.lab.base,
        }
    }

    /// The methods that train: the one the ticks select; beside an
    /// ablation, bp and the readout-only floor as references; then the added.
    pub fn training(&self) -> Vec<Method> {
        let selected = crate::lab::method::select::select(self.kept, self.r3, self.r4);
        let mut out = vec![selected];
        if selected != Method::Bp {
            out.extend(REFERENCES);
        }
        for &m in &self.lab.methods {
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }
}

/// A value as a notice quotes it: at most 60 characters.
fn shorten(v: &str) -> String {
    match v.char_indices().nth(60) {
        Some((i, _)) => format!("{}… ({} characters)", &v[..i], v.len()),
        None => v.to_string(),
    }
}

/// The reason a value was refused, where there is one to add: a number in
/// it longer than any f64 needs.
fn why_not(v: &str) -> String {
    v.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-')))
        .find(|run| crate::engine::decimal::too_long(run))
        .map_or(String::new(), |run| {
            format!(" ({})", crate::engine::decimal::too_long_message(run))
        })
}

/// The notices for the rooms' keys of a query string alone (where the
/// first view kept them as text, the rooms' wasm says what it could not
/// use).
pub fn rooms_notices(query: &str) -> Vec<String> {
    let q = query.strip_prefix('?').unwrap_or(query);
    let rooms: Vec<&str> = q
        .split('&')
        .filter(|p| ROOM_KEY_NAMES.contains(&p.split_once('=').map_or(*p, |(k, _)| k)))
        .collect();
    AppState::from_query(&rooms.join("&")).1
}

/// Whether a query string names `key` (a link's expression overrides the
/// one saved in the browser only when it names one).
pub fn query_has(query: &str, key: &str) -> bool {
    let q = query.strip_prefix('?').unwrap_or(query);
    q.split('&')
        .any(|p| p.split_once('=').map_or(p, |(k, _)| k) == key)
}

/// Trained beside any ablation the ticks select, for comparison.
pub const REFERENCES: [Method; 2] = [Method::Bp, Method::ReadoutOnly];

// A settings table's rows as URL keys: `$table[i]` acts on `$field` of
// the state (the command line's flags read the same rows).
macro_rules! keys_of {
    ($table:path, $field:ident; $($i:literal),*) => {
        [$(Key {
            name: $table[$i].key,
            what: $table[$i].what,
            parse: |s, v| ($table[$i].set)(&mut s.$field, v),
            print: |s| ($table[$i].get)(&s.$field),
        }),*]
    };
}

/// The lab's and the studies' keys (`page::lab::settings::SETTINGS`).
pub const LAB_KEYS: [Key; crate::page::lab::settings::SETTINGS.len()] = keys_of!(crate::page::lab::settings::SETTINGS, lab; 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);

/// The Agents view's keys (`page::agents::settings::SETTINGS`).
pub const AGENT_KEYS: [Key; crate::page::agents::settings::SETTINGS.len()] = keys_of!(
    crate::page::agents::settings::SETTINGS, agents;
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20
);
