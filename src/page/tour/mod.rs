//! The guided tour through the essay's argument, as plain data and state:
//! each stop says what the page should show (`Setup`) and, where a
//! student can guess, asks first and reveals after (`Predict`). `Tour`
//! is the student's progress (stop, answers, reveals), saved as JSON.
//! The page applies a stop's setup; nothing here names a browser type.

pub mod retrieval;
mod stop;
mod stops;

pub use stop::{At, LabFacts, Myth, Predict, Seen, Setup, Stop, Watch};
pub use stops::{APURVA, STOPS, WORKED};

/// The student's progress, saved in the browser.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tour {
    /// The stop shown (0-based), and whether the card is open.
    pub stop: usize,
    pub open: bool,
    /// Set when the student closed the first-visit offer.
    pub dismissed: bool,
    /// Per stop: the choice made, and whether the answer was revealed.
    pub answers: Vec<Option<usize>>,
    pub revealed: Vec<bool>,
}

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

/// One line of the end-of-tour summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub question: &'static str,
    pub chosen: Option<&'static str>,
    pub correct: &'static str,
    pub right: bool,
}

impl Tour {
    pub fn current(&self) -> &'static Stop {
        &STOPS[self.stop.min(STOPS.len() - 1)]
    }

    /// Opens at a stop (clamped to the tour).
    pub fn go(&mut self, stop: usize) {
        self.stop = stop.min(STOPS.len() - 1);
        self.open = true;
        self.fit();
    }

    pub fn next(&mut self) {
        self.go(self.stop + 1);
    }

    pub fn back(&mut self) {
        self.go(self.stop.saturating_sub(1));
    }

    pub fn is_last(&self) -> bool {
        self.stop + 1 >= STOPS.len()
    }

    /// Whether any progress was made (the entry then says "resume").
    pub fn started(&self) -> bool {
        self.stop > 0 || self.answers.iter().any(Option::is_some)
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

    /// Every question of the tour, with what the student chose.
    pub fn summary(&self) -> Vec<Outcome> {
        STOPS
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let p = s.predict?;
                let chosen = self.answers.get(i).copied().flatten();
                Some(Outcome {
                    question: p.question,
                    chosen: chosen.map(|c| p.choices[c]),
                    correct: p.choices[p.answer],
                    right: chosen == Some(p.answer),
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
            answers: list("answers")
                .iter()
                .map(|a| a.as_u64().map(|c| c as usize))
                .collect(),
            revealed: list("revealed")
                .iter()
                .map(|r| r.as_bool().unwrap_or(false))
                .collect(),
        })
    }
}
