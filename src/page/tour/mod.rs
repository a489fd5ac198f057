//! The guided tour through the essay's argument, as plain data and state:
//! each stop says what the page should show (`Setup`) and, where a
//! student can guess, asks first and reveals after (`Predict`). `Tour`
//! is the student's progress (stop, answers, reveals), saved as JSON.
//! The page applies a stop's setup; nothing here names a browser type.

pub mod fit;
pub mod lesson;
pub mod retrieval;
mod stop;
mod stops;
pub mod ticket;

pub use stop::{lead, Acting, At, LabFacts, Myth, Predict, Seen, Setup, Stop, Try, Watch, WORKED};
pub use stops::{APURVA, CORE, STOPS};

use crate::page::url::View;

/// Which hideable control (`url::HIDEABLE`) each element a stop points
/// at or asks for belongs to.
const PART_OF: [(&str, &str); 4] = [
    ("step-next", "steps"),
    ("fd-table", "check"),
    ("fd-check", "check"),
    ("mode-costs", "costs"),
];

/// The hideable parts (`url::HIDEABLE` ids) a class's stops (1-based)
/// point at or ask for, each with the stop (0-based) that uses it.
pub(crate) fn uses(stops: (usize, usize)) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    let first = stops.0.saturating_sub(1);
    for (i, s) in STOPS.iter().enumerate().take(stops.1).skip(first) {
        let reveal = s.predict.map(|p| p.reveal.focus);
        let ids = std::iter::once(s.setup.focus)
            .chain(reveal)
            .chain(s.asks.iter().copied());
        for id in ids {
            if let Some(&(_, part)) = PART_OF.iter().find(|(el, _)| *el == id) {
                if !out.contains(&(i, part)) {
                    out.push((i, part));
                }
            }
        }
    }
    out
}

/// For a class's stops (1-based) and the controls a link hides: each stop
/// that points at or asks for a hidden one, in words.
pub fn hidden_needs(stops: (usize, usize), hide: &[&str]) -> Vec<String> {
    uses(stops)
        .into_iter()
        .filter(|(_, part)| hide.contains(part))
        .map(|(i, part)| {
            let what = crate::page::url::HIDEABLE
                .iter()
                .find(|(h, _)| *h == part)
                .map_or(part, |(_, w)| w);
            format!("stop {} uses {what}", i + 1)
        })
        .collect()
}

/// What the core tour showed, a line each from the stop that showed it
/// (0-based): the summary gives the lines of the stops a class took.
/// Said after a learning step on the tour: its numbers are not kept.
pub const PUT_BACK: &str =
    "The graph's numbers are now the new ones; the next stop puts the old ones back.";

pub const RECAP: [(usize, &str); 3] = [
    (1, "The backward sweep is local: each step needs only its own value, how fast its result moves, and the credit from the steps it feeds."),
    (3, "One sweep gives every input's credit, for about the cost of working f out a few times."),
    (5, "Remove one of the five requirements and credits go wrong: all but R5, which on this small graph changes nothing (no value there feeds two steps). R4, the other input on the way back, is the one a network copes best without."),
];

/// The student's progress, saved in the browser, and the path it may
/// take: the core tour, the stops past it once the student asks for
/// them ("going further"), or the stops a teacher's link chose; never a
/// stop in a view the link hid.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tour {
    /// The stop shown (0-based), and whether the card is open.
    pub stop: usize,
    pub open: bool,
    /// Set when the student put away the first-visit offer, or the line
    /// a closed tour leaves (until the tour opens again).
    pub dismissed: bool,
    /// Set once the card has opened: the lesson has begun, even before a
    /// guess (its summary and exit ticket are then there to come back to).
    pub opened: bool,
    /// Per stop: the choice made, and whether the answer was revealed.
    pub answers: Vec<Option<usize>>,
    pub revealed: Vec<bool>,
    /// The student asked for the stops past the core tour.
    pub further: bool,
    /// Not saved: the stops a teacher's link chose (0-based, first and
    /// last), and the one view a link that hides the view switch keeps.
    pub class: Option<(usize, usize)>,
    pub only: Option<View>,
}

/// Each stop's views: where it opens and where its reveal goes, a column
/// of `STOPS` of its own (as `CHOICES`).
const VIEWS: [(View, View); STOPS.len()] = {
    let mut out = [(View::Graph, View::Graph); STOPS.len()];
    let mut i = 0;
    while i < STOPS.len() {
        let at = STOPS[i].setup.page;
        out[i] = (
            at,
            match STOPS[i].predict {
                Some(p) => p.reveal.page,
                None => at,
            },
        );
        i += 1;
    }
    out
};

/// How many choices each stop's prediction offers (0: none), a column of
/// `STOPS` of its own: reading saved progress needs only this, so the
/// page's first wasm carries none of the stops' words.
const CHOICES: [usize; STOPS.len()] = {
    let mut out = [0; STOPS.len()];
    let mut i = 0;
    while i < STOPS.len() {
        if let Some(p) = STOPS[i].predict {
            out[i] = p.choices.len();
        }
        i += 1;
    }
    out
};

/// The first stop with tries (the requirements come up there), a number
/// of its own as `CHOICES`: the first view asks it of every tour.
const FIRST_TRIES: usize = {
    let mut i = 0;
    while i < STOPS.len() && STOPS[i].tries.is_empty() {
        i += 1;
    }
    i
};

/// One line of the end-of-tour summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub question: &'static str,
    pub chosen: Option<&'static str>,
    pub correct: &'static str,
    pub right: bool,
    /// Whether its answer has been shown (the summary gives it only then).
    pub revealed: bool,
}

impl Tour {
    pub fn current(&self) -> &'static Stop {
        &STOPS[self.stop.min(STOPS.len() - 1)]
    }

    /// The stops this student may reach, in order: the teacher's, or the
    /// core tour (and past it once asked for), without any stop whose
    /// view the link hid.
    pub fn path(&self) -> Vec<usize> {
        let last = STOPS.len() - 1;
        let (lo, hi) = match self.class {
            Some((a, b)) => (a.min(last), b.min(last)),
            None if self.further => (0, last),
            None => (0, CORE - 1),
        };
        (lo..=hi)
            .filter(|&i| self.only.is_none_or(|v| VIEWS[i].0 == v && VIEWS[i].1 == v))
            .collect()
    }

    /// Opens at a stop: the first stop of the path at or after it (the
    /// path's last if none); with no stop to show, stays closed.
    pub fn go(&mut self, stop: usize) {
        let path = self.path();
        let Some(&last) = path.last() else {
            self.open = false;
            return;
        };
        self.stop = path.iter().copied().find(|&i| i >= stop).unwrap_or(last);
        self.open = true;
        self.opened = true;
        // a line put away while the tour was closed comes back when it closes again
        self.dismissed = false;
        self.fit();
    }

    pub fn next(&mut self) {
        self.go(self.stop + 1);
    }

    pub fn back(&mut self) {
        let path = self.path();
        let before = path.iter().copied().rev().find(|&i| i < self.stop);
        self.go(before.or(path.first().copied()).unwrap_or(0));
    }

    /// The current stop's place on the path (1-based) and the path's length.
    pub fn place(&self) -> (usize, usize) {
        let path = self.path();
        let at = path.iter().position(|&i| i == self.stop).unwrap_or(0);
        (at + 1, path.len())
    }

    pub fn is_first(&self) -> bool {
        self.path().first().is_none_or(|&f| self.stop <= f)
    }

    pub fn is_last(&self) -> bool {
        self.path().last().is_none_or(|&l| self.stop >= l)
    }

    /// At the core tour's end: the stops past it may be offered.
    pub fn offers_further(&self) -> bool {
        self.class.is_none() && self.only.is_none() && !self.further && self.stop + 1 == CORE
    }

    /// Takes the stops past the core tour, from its first.
    pub fn go_further(&mut self) {
        self.further = true;
        self.go(CORE);
    }

    /// Whether any progress was made (the entry then says "resume").
    pub fn started(&self) -> bool {
        self.stop > 0 || self.answers.iter().any(Option::is_some)
    }

    /// Started, or opened at all: the tour has a place to come back to,
    /// and its summary and exit ticket are kept at the page's foot.
    pub fn begun(&self) -> bool {
        self.started() || self.opened
    }

    /// Before the requirements have come up: the first-visit offer shows,
    /// or the card is open at a stop before the first with tries (a
    /// phone's first screens then leave the R1–R5 line out).
    pub fn before_requirements(&self) -> bool {
        let offered = !self.open && !self.dismissed && !self.begun();
        offered || (self.open && self.stop < FIRST_TRIES)
    }

    /// Whether the worked example speaks without calculus notation: for a
    /// student who has begun the tour (the learn path), closed or open,
    /// unless a stop that goes further is open; a visitor who never opens
    /// the tour reads the notation.
    pub fn plain_words(&self) -> bool {
        self.begun() && !(self.open && self.stop >= CORE)
    }

    fn fit(&mut self) {
        self.answers.resize(STOPS.len(), None);
        self.revealed.resize(STOPS.len(), false);
    }

    /// Records a prediction for the current stop; once revealed it stands.
    pub fn answer(&mut self, choice: usize) {
        self.fit();
        let Some(p) = self.current().predict else {
            return;
        };
        if !self.revealed[self.stop] && choice < p.choices.len() {
            self.answers[self.stop] = Some(choice);
        }
    }

    /// Reveals the current stop's answer: only after a prediction.
    pub fn reveal(&mut self) -> Option<Setup> {
        self.fit();
        let p = self.current().predict?;
        self.answers[self.stop]?;
        self.revealed[self.stop] = true;
        Some(p.reveal)
    }

    /// The view the open stop shows (its reveal's, once revealed).
    pub fn view(&self) -> crate::page::url::View {
        let s = self.current();
        match s.predict {
            Some(p) if self.is_revealed() => p.reveal.page,
            _ => s.setup.page,
        }
    }

    pub fn chosen(&self) -> Option<usize> {
        self.answers.get(self.stop).copied().flatten()
    }

    pub fn is_revealed(&self) -> bool {
        self.revealed.get(self.stop).copied().unwrap_or(false)
    }

    /// What the card talks about now, and the controls it asks for: the
    /// stop's, or once its guess is revealed, the reveal's.
    pub fn subject(&self) -> (&'static str, &'static [&'static str]) {
        let s = self.current();
        match s.predict {
            Some(p) if self.is_revealed() => (p.reveal.focus, &[]),
            _ => (s.setup.focus, s.asks),
        }
    }

    /// Every question on the student's path, with what they chose.
    pub fn summary(&self) -> Vec<Outcome> {
        let path = self.path();
        STOPS
            .iter()
            .enumerate()
            .filter(|(i, _)| path.contains(i))
            .filter_map(|(i, s)| {
                let p = s.predict?;
                let chosen = self.answers.get(i).copied().flatten();
                Some(Outcome {
                    question: p.question,
                    chosen: chosen.map(|c| p.choices[c]),
                    correct: p.choices[p.answer],
                    right: chosen == Some(p.answer),
                    revealed: self.revealed.get(i).copied().unwrap_or(false),
                })
            })
            .collect()
    }

    /// The progress as JSON (`page::json`; the form serde_json wrote).
    pub fn to_json(&self) -> String {
        use crate::page::json::Json;
        let n = |x: usize| Json::Num(x.to_string());
        Json::Obj(vec![
            ("stop".into(), n(self.stop)),
            ("open".into(), Json::Bool(self.open)),
            ("dismissed".into(), Json::Bool(self.dismissed)),
            ("opened".into(), Json::Bool(self.opened)),
            ("further".into(), Json::Bool(self.further)),
            (
                "class".into(),
                self.class
                    .map_or(Json::Null, |(a, b)| Json::Arr(vec![n(a), n(b)])),
            ),
            (
                "only".into(),
                self.only.map_or(Json::Null, |v| Json::Str(v.id().into())),
            ),
            (
                "answers".into(),
                Json::Arr(
                    self.answers
                        .iter()
                        .map(|a| a.map_or(Json::Null, n))
                        .collect(),
                ),
            ),
            (
                "revealed".into(),
                Json::Arr(self.revealed.iter().map(|r| Json::Bool(*r)).collect()),
            ),
        ])
        .write(false)
    }

    /// Reads saved progress; anything unreadable starts afresh.
    pub fn from_json(text: &str) -> Self {
        let mut t = Self::read(text).unwrap_or_default();
        t.stop = t.stop.min(STOPS.len() - 1);
        let n = STOPS.len();
        t.answers.truncate(n);
        for (i, a) in t.answers.iter_mut().enumerate() {
            let k = CHOICES[i];
            if a.is_some_and(|c| c >= k) {
                *a = None;
            }
        }
        t.fit();
        t
    }

    fn read(text: &str) -> Option<Self> {
        use crate::page::json::Json;
        let v = crate::page::json::read(text).ok()?;
        let list = |k: &str| v.get(k).and_then(Json::as_arr).unwrap_or(&[]);
        Some(Self {
            stop: v.get("stop")?.as_u64()? as usize,
            open: v.get("open")?.as_bool()?,
            dismissed: v.get("dismissed")?.as_bool()?,
            opened: v.get("opened").and_then(Json::as_bool).unwrap_or(false),
            further: v.get("further").and_then(Json::as_bool).unwrap_or(false),
            answers: list("answers")
                .iter()
                .map(|a| a.as_u64().map(|c| c as usize))
                .collect(),
            revealed: list("revealed")
                .iter()
                .map(|r| r.as_bool().unwrap_or(false))
                .collect(),
            class: v.get("class").and_then(Json::as_arr).and_then(|r| match r {
                [a, b] => Some((a.as_u64()? as usize, b.as_u64()? as usize)),
                _ => None,
            }),
            only: v.get("only").and_then(Json::as_str).and_then(View::from_id),
        })
    }
}
