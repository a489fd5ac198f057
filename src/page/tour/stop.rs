//! One stop of the tour as data: where it points (`At`), what the page
//! should show (`Setup`), and the question it asks first (`Predict`).

use crate::lab::Method;
use crate::page::url::View;

/// Where the worked example's sweep should stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// Leave it where it is.
    Keep,
    Start,
    End,
}

/// The worked example as the tour's words give it: f = (a·b + c)² at
/// a = 2, b = −3, c = 10.
pub const WORKED: (&str, &[(&str, f64)]) = ("(a*b+c)^2", &[("a", 2.0), ("b", -3.0), ("c", 10.0)]);

/// What the page shows at a stop (or after a reveal).
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The view the stop shows.
    pub page: View,
    /// An expression and its values to load, if the stop needs one.
    pub expr: Option<(&'static str, &'static [(&'static str, f64)])>,
    /// The five ticks, if the stop sets them.
    pub kept: Option<[bool; 5]>,
    /// The R3 and R4 variants, if the stop sets them.
    pub r3: Option<Method>,
    pub r4: Option<Method>,
    pub step: At,
    /// Start the lab's runs.
    pub run: bool,
    /// The `data-testid` of what to scroll to and outline.
    pub focus: &'static str,
}

impl Setup {
    /// A stop on the worked example, as the stop's words give it (a
    /// learning step or an edit since is put back).
    pub const fn graph(focus: &'static str) -> Self {
        Self {
            page: View::Graph,
            expr: Some(WORKED),
            kept: Some([true; 5]),
            r3: None,
            r4: None,
            step: At::Keep,
            run: false,
            focus,
        }
    }
    pub const fn lab(focus: &'static str) -> Self {
        Self {
            page: View::Lab,
            expr: None,
            ..Self::graph(focus)
        }
    }
    pub const fn agents(focus: &'static str) -> Self {
        Self {
            page: View::Agents,
            expr: None,
            kept: None,
            ..Self::graph(focus)
        }
    }
}

/// A question asked before the page shows its answer.
#[derive(Clone, Copy, Debug)]
pub struct Predict {
    pub question: &'static str,
    pub choices: &'static [&'static str],
    pub answer: usize,
    pub reason: &'static str,
    /// Per choice: why it is right or wrong, pointing at the screen.
    pub why: &'static [&'static str],
    /// What the page shows once the answer is revealed.
    pub reveal: Setup,
    /// The student steps the worked example's sweep to its end before the
    /// reveal (which then shows what they did, not a jump).
    pub step_first: bool,
    /// The student runs the lab before the reveal (which then reads the
    /// run's results).
    pub run_first: bool,
    /// After the reveal: "what did you see?", a number read off the page
    /// and checked by the engine (catches a misread demonstration).
    pub observe: Option<&'static crate::page::tour::retrieval::Question>,
    /// Or, after a run in the lab: what its charts showed, checked
    /// against the page's own numbers.
    pub seen: Option<Seen>,
}

/// "What did you see?" after a lab demonstration: a choice whose answer
/// is read from the run the page made, not written here.
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    pub prompt: &'static str,
    pub choices: &'static [&'static str; 3],
    pub of: Watch,
}

/// What a `Seen` question asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watch {
    /// Feedback alignment's final error against the readout-only floor's:
    /// well below, about the same, above.
    FaAgainstFloor,
    /// Weight perturbation's one-shot cosine from the narrowest to the
    /// widest network: fell, about the same, rose.
    CosineWithWidth,
}

/// The lab's numbers a `Seen` question is checked against (built by the
/// lab from its runs, see `LabFacts::of`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LabFacts {
    /// Feedback alignment's and readout only's final scores, once their
    /// runs have finished.
    pub fa: Option<f64>,
    pub floor: Option<f64>,
    /// Weight perturbation's cosine at each width computed so far, and
    /// whether every width is in.
    pub cosines: Vec<f64>,
    pub cosines_done: bool,
}

impl LabFacts {
    pub fn of(c: &crate::page::lab::controller::LabController) -> Self {
        let done = |m: Method| {
            c.board
                .iter()
                .find(|r| r.method() == m && r.finished)
                .map(|r| r.score())
        };
        Self {
            fa: done(Method::Fa),
            floor: done(Method::ReadoutOnly),
            cosines: c.scaling.iter().map(|r| r.wp_cosine).collect(),
            cosines_done: c.scaling.len() == crate::lab::study::scaling::WIDTHS.len(),
        }
    }
}

/// Which of three "lower / about the same / higher" a ratio is (a quarter
/// either way counts as the same).
fn compare(ratio: f64) -> Option<usize> {
    if !ratio.is_finite() {
        return None;
    }
    Some(if ratio < 0.8 {
        0
    } else if ratio <= 1.25 {
        1
    } else {
        2
    })
}

impl Seen {
    /// The choice the page's numbers make right (`None`: not yet known,
    /// e.g. the run is still going).
    pub fn answer(&self, f: &LabFacts) -> Option<usize> {
        match self.of {
            Watch::FaAgainstFloor => compare(f.fa? / f.floor?),
            Watch::CosineWithWidth => {
                let (first, last) = (f.cosines.first()?, f.cosines.last()?);
                if !f.cosines_done || f.cosines.len() < 2 {
                    return None;
                }
                compare(last / first)
            }
        }
    }

    /// What to say while the answer is not known.
    pub fn waiting(&self) -> &'static str {
        match self.of {
            Watch::FaAgainstFloor => {
                "The runs are still going: look again when the live table says they are done."
            }
            Watch::CosineWithWidth => {
                "The scaling chart is still computing its widths: look again in a moment."
            }
        }
    }
}

/// A misconception the essay refutes, and its refutation.
#[derive(Clone, Copy, Debug)]
pub struct Myth {
    pub claim: &'static str,
    pub answer: &'static str,
}

/// A button a stop offers: its label, the ticks it sets (and the R3
/// variant, where it sets one), and what that does, in a sentence the
/// card's bar shows while the student looks.
#[derive(Clone, Copy, Debug)]
pub struct Try {
    pub label: &'static str,
    pub kept: [bool; 5],
    pub r3: Option<Method>,
    pub says: &'static str,
}

impl Try {
    /// The label a phone's bar has room for: the requirement it removes
    /// ("R1"), or "keep all" for the try that keeps them all.
    pub fn short(&self) -> &'static str {
        self.label
            .strip_prefix("remove ")
            .and_then(|l| l.split(':').next())
            .unwrap_or("keep all")
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Stop {
    pub title: &'static str,
    /// What to look at, first, in one line.
    pub look: &'static str,
    /// The words, a paragraph each: a phone's short card shows the first
    /// and folds the rest behind "read on" (so its guess is near its subject).
    pub text: &'static [&'static str],
    /// What to notice once the stop has been done (a phone's short card
    /// shows its first sentence, `lead`, and folds the rest).
    pub notice: &'static str,
    /// The controls (`data-testid`s) the stop asks the student to use:
    /// the card keeps them on screen and clear of itself, as its subject.
    pub asks: &'static [&'static str],
    pub setup: Setup,
    pub predict: Option<Predict>,
    /// A misconception card, where the essay refutes one.
    pub myth: Option<Myth>,
    pub tries: &'static [Try],
    /// Offered as a toggle: show the backward half (the sweep's end).
    pub backward_toggle: bool,
    /// After the reveal, a learning step on the worked example from the
    /// card (each input moved against its credit), asked for in these words.
    pub learn: Option<&'static str>,
}

/// Where the student is at a stop, for the line the card's bar shows
/// while they act (`Stop::act`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Acting {
    /// The choice the student made, if any.
    pub chosen: Option<usize>,
    pub revealed: bool,
    /// The sweep is at its end; the lab's runs are in.
    pub stepped: bool,
    pub ran: bool,
    /// The ticks the page has (a stop with buttons that set them).
    pub kept: [bool; 5],
}

impl Predict {
    /// What the reveal waits for, as its button says it (and the card says
    /// it when a guess is chosen, or the reveal pressed too soon).
    pub fn waits_for(&self, a: Acting) -> &'static str {
        if a.chosen.is_none() {
            "choose an answer first, then reveal"
        } else if self.step_first && !a.stepped {
            "now step the sweep to its end (next ▶ under the graph), then reveal"
        } else if self.run_first && !a.ran {
            "now press ▶ run in the lab and wait for it to finish, then reveal"
        } else {
            "reveal the answer"
        }
    }

    /// The revealed answer's first words: right, or not and the answer.
    pub fn verdict(&self, right: bool) -> String {
        if right {
            "Right. ".to_string()
        } else {
            format!(
                "Not this time (the answer: {}). ",
                self.choices[self.answer]
            )
        }
    }
}

impl Stop {
    /// The reveal still waits for the student to step the sweep or run
    /// the lab (whether or not a guess is made).
    pub fn still_to_do(&self, a: Acting) -> bool {
        self.predict.is_some_and(|p| {
            !a.revealed && ((p.step_first && !a.stepped) || (p.run_first && !a.ran))
        })
    }

    /// Guessed, stepped or run: the reveal is ready.
    pub fn ready(&self, a: Acting) -> bool {
        self.predict.is_some() && a.chosen.is_some() && !a.revealed && !self.still_to_do(a)
    }

    /// The bar's one line while the card is put away: what to look at,
    /// the guess made (said back: it is kept) and what the reveal still
    /// waits for.
    pub fn act(&self, a: Acting) -> String {
        let look = self.look;
        if let Some(t) = self.tries.iter().find(|t| t.kept == a.kept) {
            return format!(
                "{} Read the step text and the check table (✓ or ✗); remove the next one with the buttons here.",
                t.says
            );
        }
        if a.revealed && self.learn.is_some() {
            return "Now press “learn one step” here: each input moves a little against its credit. Watch f.".into();
        }
        let Some(p) = self.predict.filter(|_| !a.revealed) else {
            return look.to_string();
        };
        let Some(c) = a.chosen else {
            return format!("{look} Your guess waits in the card.");
        };
        let then = if p.step_first && !a.stepped {
            "Next ▶ to the sweep's end, then ▴ reveal.".to_string()
        } else if p.run_first && !a.ran {
            "▶ run, wait for it to finish, then ▴ reveal.".to_string()
        } else if let Some(q) = p.observe {
            format!(
                "Before the reveal, one look at the graph: what is {}'s credit? Type it here, then ▴ reveal.",
                q.of
            )
        } else {
            "Done: read the page, then ▴ reveal.".to_string()
        };
        format!("Guess kept: “{}”. {then}", p.choices[c])
    }

    /// What to notice as a phone's short card shows it: a long notice's
    /// first sentence, and the rest behind "read on" (`lead`); a short
    /// one whole.
    pub fn notice_parts(&self) -> (&'static str, &'static str) {
        if self.notice.chars().count() > 320 {
            lead(self.notice)
        } else {
            (self.notice, "")
        }
    }
}

/// Words split for a phone's short card: the first sentence, to read at
/// once, and the rest, behind "read on" (`""` when there is none). A
/// sentence ends at ". " before a capital, a bracket or a quote.
pub fn lead(text: &str) -> (&str, &str) {
    for (i, _) in text.match_indices(". ") {
        let next = text[i + 2..].chars().next();
        if next.is_some_and(|c| c.is_uppercase() || c == '(' || c == '“') {
            return (&text[..=i], &text[i + 2..]);
        }
    }
    (text, "")
}
