//! The exit ticket: a few questions on the stops a class took, answered
//! without feedback until the student finishes, then carried to the
//! teacher as a short code the student pastes into the school's form.
//! The code names the student, the stops and the answers, and ends in two
//! check letters against typos (not a lock: anyone can write a code); the
//! teacher's panel reads a list of codes back into a class summary.
//! Nothing here leaves the browser unless the student copies it.

/// One question: the stop whose idea it tests (0-based), the words, the
/// choices, and the right one. Where the answer is a credit on a small
/// graph, `graph` names it, and a test checks the choice against the
/// engine's own backward sweep.
#[derive(Debug)]
pub struct Item {
    pub stop: usize,
    pub question: &'static str,
    pub choices: [&'static str; 4],
    pub answer: usize,
    /// Why, for the answer key and the student's result.
    pub why: &'static str,
    /// (expression, values, input): the credit the right choice is.
    pub graph: Option<Credit>,
}

/// A credit on a small graph: its expression, the values, the input.
pub type Credit = (&'static str, &'static [(&'static str, f64)], &'static str);

/// Every question, in the order of the stops. A class's ticket is those
/// whose stop is in its range (`for_stops`).
/// The letters the ticket gives its choices.
pub const LETTER: [&str; 4] = ["A", "B", "C", "D"];

pub const ITEMS: [Item; 12] = [
    Item {
        stop: 1,
        question: "f = a·b with a = 3 and b = 5. What is a's credit: how much does f change for each unit a grows?",
        choices: ["5", "3", "15", "8"],
        answer: 0,
        why: "A product passes back its credit (1) times the other input, b = 5.",
        graph: Some(("a*b", &[("a", 3.0), ("b", 5.0)], "a")),
    },
    Item {
        stop: 1,
        question: "f = (a + b)·c with a = 1, b = 2 and c = 4. What is b's credit?",
        choices: ["3", "4", "12", "1"],
        answer: 1,
        why: "The product gives the sum (a + b) the credit c = 4, and a sum passes its credit on unchanged.",
        graph: Some(("(a+b)*c", &[("a", 1.0), ("b", 2.0), ("c", 4.0)], "b")),
    },
    Item {
        stop: 1,
        question: "f = a·b − c with a = 2, b = −4 and c = 1. What is a's credit?",
        choices: ["4", "−4", "−8", "2"],
        answer: 1,
        why: "The subtraction passes +1 to a·b, and the product hands a that credit times b = −4: making a bigger makes f smaller.",
        graph: Some(("a*b-c", &[("a", 2.0), ("b", -4.0), ("c", 1.0)], "a")),
    },
    Item {
        stop: 2,
        question: "Nudging a from 2 to 2.1 moves f from 10 to 10.5. About what is a's credit?",
        choices: ["0.5", "10.5", "5", "50"],
        answer: 2,
        why: "The change in f divided by the nudge: 0.5 ÷ 0.1 = 5.",
        graph: Some(("5*a", &[("a", 2.0)], "a")),
    },
    Item {
        stop: 3,
        question: "f has 1,000 inputs. How many backward sweeps give the credit of every one of them?",
        choices: ["1", "3", "500", "1,000"],
        answer: 0,
        why: "One backward sweep hands every input its credit at once; going forwards would take one pass per input.",
        graph: None,
    },
    Item {
        stop: 4,
        question: "f = a·b + a·c with a = 2, b = 3 and c = 4: a feeds two nodes. What is a's credit?",
        choices: ["3", "4", "7", "12"],
        answer: 2,
        why: "a gets b = 3 from one product and c = 4 from the other; its credit is their sum, which is why it must wait for both (R5).",
        graph: Some(("a*b+a*c", &[("a", 2.0), ("b", 3.0), ("c", 4.0)], "a")),
    },
    Item {
        stop: 4,
        question: "On the tour's graph, removing which requirement left every credit as it was?",
        choices: ["R1: this calculation's values", "R2: each step's own rate", "R3: a sign on each credit", "R5: waiting for all the credit"],
        answer: 3,
        why: "R5: there every value feeds only one node, so all of its credit comes at once. Where a value feeds two nodes, it must wait for both.",
        graph: None,
    },
    Item {
        stop: 5,
        question: "f = a·b with a = 3 and b = 5, and R4 removed: the product sends back a fixed random number, 0.5, instead of b. What credit does a get?",
        choices: ["5", "0.5", "2.5", "0"],
        answer: 1,
        why: "f's credit, 1, times the random number 0.5 instead of times b: the wrong amount.",
        graph: None,
    },
    Item {
        stop: 6,
        question: "With R4 removed, feedback alignment sends each error back through…",
        choices: ["fixed random connections", "the forward connections", "nothing at all", "the teacher network"],
        answer: 0,
        why: "Fixed random connections; the forward connections then learn to agree with them.",
        graph: None,
    },
    Item {
        stop: 7,
        question: "As a network grows, one score shared by every weight tells each weight…",
        choices: ["more", "about the same", "less", "exactly its credit"],
        answer: 2,
        why: "Less: its cosine with the true gradient falls like 1/√N.",
        graph: None,
    },
    Item {
        stop: 8,
        question: "In the essay's table, removing which requirement costs the least?",
        choices: ["R4 weight transport", "R3 signed, per-unit errors", "R2 local derivatives", "R1 and R5 (stale activity)"],
        answer: 0,
        why: "R4: feedback alignment ends closest to backprop.",
        graph: None,
    },
    Item {
        stop: 9,
        question: "What does a chain of critiques passed back through an agent pipeline lack, to be a gradient?",
        choices: ["ordering (R5)", "local derivatives (R2)", "stored activity (R1)", "a final critique"],
        answer: 1,
        why: "Local derivatives: without them nothing makes the critiques compose into a direction that lowers the loss.",
        graph: None,
    },
];

/// The questions of a ticket for stops `first..=last` (0-based), by
/// their index in `ITEMS`.
pub fn for_stops(first: usize, last: usize) -> Vec<usize> {
    (0..ITEMS.len())
        .filter(|&i| (first..=last).contains(&ITEMS[i].stop))
        .collect()
}

/// What the code starts with (and its version: a later set of questions
/// would be CF2).
const PREFIX: &str = "CF1";
const LETTERS: &[u8; 4] = b"ABCD";
/// An unanswered question.
const SKIPPED: u8 = b'_';
const CHECK: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A student's finished ticket.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket {
    /// As typed while answering; in a code read back, `clean_name`'s form.
    pub name: String,
    /// The stops it covers (1-based, first and last).
    pub stops: (usize, usize),
    /// Per question of `for_stops`: the choice, if any.
    pub answers: Vec<Option<usize>>,
}

impl Ticket {
    /// A ticket still being answered, as this browser keeps it until the
    /// student finishes (a reload must not lose it): the stops, the
    /// answers as letters (`-` for none) and the name as typed, one per
    /// line.
    pub fn draft(&self) -> String {
        let answers: String = self
            .answers
            .iter()
            .map(|a| a.map_or('-', |c| char::from(b'A' + c.min(3) as u8)))
            .collect();
        format!(
            "{}-{}\n{answers}\n{}",
            self.stops.0, self.stops.1, self.name
        )
    }

    /// Reads what `draft` wrote, for the stops `stops` with `n` questions
    /// (`None` for another lesson's draft or anything unreadable).
    pub fn from_draft(text: &str, stops: (usize, usize), n: usize) -> Option<Self> {
        let mut lines = text.splitn(3, '\n');
        let (a, b) = lines.next()?.split_once('-')?;
        if (a.parse().ok()?, b.parse().ok()?) != stops {
            return None;
        }
        let answers: Vec<Option<usize>> = lines
            .next()?
            .chars()
            .map(|c| ('A'..='D').contains(&c).then(|| c as usize - 'A' as usize))
            .collect();
        (answers.len() == n).then(|| Self {
            name: lines.next().unwrap_or("").chars().take(64).collect(),
            stops,
            answers,
        })
    }
}

/// A name as the code carries it: letters (of any script), digits and
/// the apostrophes inside a word ("O'Neill"; a typographic ’ as '), its
/// words joined by "-", at most 16 characters, upper case where the
/// script has it.
pub fn clean_name(name: &str) -> String {
    let name = name.replace('’', "'");
    let words: Vec<&str> = name
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .collect();
    let joined: String = words.join("-").chars().take(16).collect();
    joined.trim_end_matches(['-', '\'']).to_uppercase()
}

/// Two letters from the rest of the code (FNV-1a, 10 bits): a changed or
/// swapped character changes them with odds of about 1,000 to 1.
fn check(body: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in body.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    let h = (h ^ (h >> 16)) & 0x3ff;
    let c = |i: u32| CHECK[i as usize] as char;
    format!("{}{}", c(h >> 5), c(h & 31))
}

impl Ticket {
    /// The name as a teacher reads it: as typed where the ticket has it
    /// so ("Ines Duarte", "McKay"); the code's "AMIRA-KHAN" as "Amira
    /// Khan", "O'NEILL" as "O'Neill" (a capital after a one-letter prefix's
    /// apostrophe; a script without case as it is).
    pub fn shown_name(&self) -> String {
        if self.name != self.name.to_uppercase() {
            return self.name.split_whitespace().collect::<Vec<_>>().join(" ");
        }
        let title = |w: &str| {
            let mut c = w.chars();
            c.next().map_or_else(String::new, |f| {
                f.to_uppercase()
                    .chain(c.flat_map(char::to_lowercase))
                    .collect::<String>()
            })
        };
        self.name
            .split('-')
            .map(|w| match w.split_once('\'') {
                Some((pre, rest)) if pre.chars().count() == 1 => {
                    format!("{}'{}", title(pre), title(rest))
                }
                _ => title(w),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The questions this ticket answers.
    pub fn items(&self) -> Vec<usize> {
        for_stops(self.stops.0 - 1, self.stops.1 - 1)
    }

    /// The code: CF1.NAME.FIRST-LAST.ANSWERS.CK (answers A–D, _ skipped).
    pub fn code(&self) -> String {
        let answers: String = self
            .answers
            .iter()
            .map(|a| a.map_or(SKIPPED, |c| LETTERS[c.min(3)]) as char)
            .collect();
        let body = format!(
            "{PREFIX}.{}.{}-{}.{answers}",
            clean_name(&self.name),
            self.stops.0,
            self.stops.1
        );
        let ck = check(&body);
        format!("{body}.{ck}")
    }

    /// Reads a code; a message naming it when it is not one.
    pub fn read(code: &str) -> Result<Ticket, String> {
        // (a word processor or a phone may have curled the apostrophe)
        let code = code.trim().replace('’', "'");
        let code = code.as_str();
        let shown = if code.chars().count() > 40 {
            format!("{}…", code.chars().take(40).collect::<String>())
        } else {
            code.to_string()
        };
        let bad = |why: &str| Err(format!("“{shown}” {why}"));
        let parts: Vec<&str> = code.split('.').collect();
        let [prefix, name, stops, answers, ck] = parts.as_slice() else {
            return bad("is not an exit-ticket code (one looks like CF1.NAME.1-6.ABCA.K7)");
        };
        if !prefix.eq_ignore_ascii_case(PREFIX) {
            return bad("is not an exit-ticket code of this page (it should start CF1.)");
        }
        let body = format!(
            "{PREFIX}.{}.{}.{}",
            name.to_uppercase(),
            stops,
            answers.to_uppercase()
        );
        if check(&body) != ck.to_uppercase() {
            return bad("has check letters that do not match: a character was mistyped or lost");
        }
        if name.is_empty() || clean_name(name) != name.to_uppercase() {
            return bad(
                "has no name, or a name with characters other than letters, digits and apostrophes",
            );
        }
        let range = stops
            .split_once('-')
            .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
            .filter(|&(a, b)| 1 <= a && a <= b && b <= crate::page::tour::STOPS.len());
        let Some(range) = range else {
            return bad("names tour stops this page does not have");
        };
        let t = Ticket {
            name: name.to_uppercase(),
            stops: range,
            answers: Vec::new(),
        };
        let want = t.items().len();
        let mut out = Vec::with_capacity(want);
        for b in answers.to_uppercase().bytes() {
            out.push(match b {
                SKIPPED => None,
                _ => match LETTERS.iter().position(|l| *l == b) {
                    Some(i) => Some(i),
                    None => return bad("has an answer that is not A, B, C, D or _"),
                },
            });
        }
        if out.len() != want {
            return bad(&format!(
                "has {} answers, but the ticket for stops {}–{} has {want} questions",
                out.len(),
                range.0,
                range.1
            ));
        }
        Ok(Ticket { answers: out, ..t })
    }

    /// The questions missed, numbered from 1 as the ticket shows them,
    /// each with the choice made (`None`: left blank).
    pub fn missed(&self) -> Vec<(usize, Option<usize>)> {
        self.items()
            .iter()
            .zip(&self.answers)
            .enumerate()
            .filter(|(_, (&i, a))| **a != Some(ITEMS[i].answer))
            .map(|(k, (_, a))| (k + 1, *a))
            .collect()
    }

    /// How many answers are right.
    pub fn score(&self) -> usize {
        self.items()
            .iter()
            .zip(&self.answers)
            .filter(|(&i, a)| **a == Some(ITEMS[i].answer))
            .count()
    }
}

/// One question's line in the class summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    pub item: usize,
    pub answered: usize,
    pub right: usize,
    /// The commonest wrong choices (all of them, where tied, in order)
    /// and how many chose each.
    pub commonest_wrong: Option<(Vec<usize>, usize)>,
}

/// The class: each student's latest ticket (a name pasted twice counts
/// once, the later code).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Class {
    pub tickets: Vec<Ticket>,
}

/// What a paste did besides adding codes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pasted {
    /// Each refused line's message.
    pub refused: Vec<String>,
    /// The refused lines as they were pasted, to mend and add again.
    pub refused_lines: Vec<String>,
    /// Names whose earlier, different code a later one replaced (so that
    /// two students who typed the same name are not merged unseen).
    pub replaced: Vec<String>,
}

impl Class {
    /// Reads pasted codes, one per line (blank lines skipped): the good
    /// ones join the class, each bad one is refused with its message, and
    /// nothing already in the class is lost.
    pub fn paste(&mut self, text: &str) -> Pasted {
        let mut out = Pasted::default();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            // a row copied from a form's spreadsheet (time, name, code):
            // its code is the cell that starts "CF1."
            let line = line
                .split(['\t', ',', ';', ' '])
                .find(|cell| cell.trim().to_uppercase().starts_with("CF1."))
                .filter(|_| !line.to_uppercase().starts_with("CF1."))
                .unwrap_or(line)
                .trim();
            match Ticket::read(line) {
                Ok(t) => {
                    let before = self.tickets.len();
                    let differs = self.tickets.iter().any(|o| o.name == t.name && *o != t);
                    self.tickets.retain(|o| o.name != t.name);
                    if differs
                        && self.tickets.len() < before
                        && !out.replaced.contains(&t.shown_name())
                    {
                        out.replaced.push(t.shown_name());
                    }
                    self.tickets.push(t);
                }
                Err(e) => {
                    out.refused.push(e);
                    out.refused_lines.push(line.to_string());
                }
            }
        }
        out
    }

    /// Each student as a spreadsheet row (tab-separated, a header first):
    /// name, right, of, the questions missed.
    pub fn table(&self) -> String {
        let mut out = String::from("name\tright\tof\tmissed\n");
        for t in &self.tickets {
            let missed: Vec<String> = t
                .missed()
                .iter()
                .map(|(q, a)| match a {
                    Some(x) => format!("{q} ({})", LETTER[(*x).min(3)]),
                    None => format!("{q} (blank)"),
                })
                .collect();
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\n",
                t.shown_name(),
                t.score(),
                t.answers.len(),
                missed.join(", ")
            ));
        }
        out
    }

    /// Per question anyone answered, in `ITEMS` order.
    /// The question to go over first: the one the fewest got right, as a
    /// share of those who answered it, with its number in `tallies`
    /// (1-based), and the numbers of any it ties with (the same share);
    /// none while nobody got one wrong.
    pub fn most_missed(&self) -> Option<(Vec<usize>, Tally)> {
        let missed: Vec<(usize, Tally)> = self
            .tallies()
            .into_iter()
            .enumerate()
            .filter(|(_, t)| t.answered > t.right)
            .map(|(i, t)| (i + 1, t))
            .collect();
        // a.right / a.answered against b.right / b.answered
        let share = |a: &Tally, b: &Tally| (a.right * b.answered).cmp(&(b.right * a.answered));
        let (_, worst) = missed.iter().min_by(|(_, a), (_, b)| share(a, b))?.clone();
        let tied = missed
            .iter()
            .filter(|(_, t)| share(t, &worst).is_eq())
            .map(|(q, _)| *q)
            .collect();
        Some((tied, worst))
    }

    pub fn tallies(&self) -> Vec<Tally> {
        let mut out: Vec<Tally> = Vec::new();
        for (item, it) in ITEMS.iter().enumerate() {
            let mut counts = [0usize; 4];
            let mut answered = 0;
            let mut asked = false;
            for t in &self.tickets {
                for (&i, a) in t.items().iter().zip(&t.answers) {
                    if i != item {
                        continue;
                    }
                    asked = true;
                    if let Some(c) = a {
                        answered += 1;
                        counts[(*c).min(3)] += 1;
                    }
                }
            }
            if !asked {
                continue;
            }
            let answer = it.answer;
            let most = (0..4)
                .filter(|&c| c != answer)
                .map(|c| counts[c])
                .max()
                .unwrap_or(0);
            let commonest_wrong = (most > 0).then(|| {
                let tied = (0..4)
                    .filter(|&c| c != answer && counts[c] == most)
                    .collect();
                (tied, most)
            });
            out.push(Tally {
                item,
                answered,
                right: counts[answer],
                commonest_wrong,
            });
        }
        out
    }
}
