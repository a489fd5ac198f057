//! A 45-minute lesson on the stops a teacher chose, for students of about
//! 15 to 18 who know algebra but not calculus. Each part of the plan
//! names the stops it is about; a plan for fewer stops drops the parts
//! about the others and gives their minutes to the parts left, so it
//! still fills the period.

/// The period, in minutes.
pub const PERIOD: u32 = 45;

/// One part of the lesson: its length in the full plan, the core stops it
/// is about (1-based, first and last; `None`: every lesson has it) and
/// what the class does (`{stops}` is written as the stops the class has).
pub struct Part {
    pub minutes: u32,
    pub stops: Option<(usize, usize)>,
    pub what: &'static str,
}

pub const PARTS: [Part; 8] = [
    Part { minutes: 5, stops: None, what: "Show the worked example on the projector: f = (a·b + c)² at a = 2, b = −3, c = 10. Ask: if a grew a little, would f go up or down? Take a show of hands; do not answer yet." },
    Part { minutes: 10, stops: Some((1, 2)), what: "Students open the link and take tour {stops} alone or in pairs: they guess, step the backward sweep with next ▶, reveal, then press “learn one step” and watch f fall from 16 to about 8. Walk round; ask pairs to say in words why a's credit is negative, and why moving each input against its credit lowers f (f stands for the machine's mistakes)." },
    Part { minutes: 7, stops: Some((3, 3)), what: "Tour {stops} together: nudge a up and down by 0.01 on the board (the page's table does the same with a far smaller step, so its numbers agree to more figures): at a = 2.01, f = (2.01·(−3) + 10)² = 3.97² = 15.7609; at a = 1.99, f = 4.03² = 16.2409. f moved by 15.7609 − 16.2409 = −0.48 over a distance of 0.02: −0.48 ÷ 0.02 = −24, the sweep's credit for a." },
    Part { minutes: 4, stops: Some((4, 4)), what: "Tour {stops}: why one backward pass is cheap. On the cost chart, ask: how many passes would going forwards need for a network with a million inputs?" },
    Part { minutes: 4, stops: Some((5, 5)), what: "Tour {stops}: the five requirements. Each pair removes one requirement and tells the class what broke." },
    Part { minutes: 4, stops: Some((6, 6)), what: "Tour {stops} and its guess: weight transport (R4) removed on the small graph." },
    Part { minutes: 4, stops: None, what: "The exit ticket at the foot of the page: students answer alone and paste their code into the form you use." },
    Part { minutes: 7, stops: None, what: "Paste the codes into this panel's class summary and go over the question most got wrong, with its commonest wrong answer." },
];

/// "stop 3" or "stops 1–2".
fn stops_text(a: usize, b: usize) -> String {
    if a == b {
        format!("stop {a}")
    } else {
        format!("stops {a}–{b}")
    }
}

/// The plan for the class's stops `first..=last` (1-based): each part
/// kept with its minutes ("0–5") and words. The parts about stops the
/// class does not have are dropped and their minutes shared among the
/// parts about the stops it has, so the plan still ends at `PERIOD`.
pub fn plan(first: usize, last: usize) -> Vec<(String, String)> {
    let kept: Vec<(&Part, Option<(usize, usize)>)> = PARTS
        .iter()
        .filter_map(|p| match p.stops {
            None => Some((p, None)),
            Some((a, b)) => {
                let (a, b) = (a.max(first), b.min(last));
                (a <= b).then_some((p, Some((a, b))))
            }
        })
        .collect();
    let spare = PERIOD - kept.iter().map(|(p, _)| p.minutes).sum::<u32>();
    let on_stops: u32 = kept
        .iter()
        .filter(|(_, s)| s.is_some())
        .map(|(p, _)| p.minutes)
        .sum();
    let mut at = 0;
    let mut given = 0;
    let n_stop_parts = kept.iter().filter(|(_, s)| s.is_some()).count();
    let mut seen_stop_parts = 0;
    kept.iter()
        .map(|(p, s)| {
            let mut m = p.minutes;
            if s.is_some() && on_stops > 0 {
                seen_stop_parts += 1;
                // the last part about a stop takes what rounding left
                let extra = if seen_stop_parts == n_stop_parts {
                    spare - given
                } else {
                    spare * p.minutes / on_stops
                };
                given += extra;
                m += extra;
            }
            let when = format!("{at}–{}", at + m);
            at += m;
            let what = match s {
                Some((a, b)) => p.what.replace("{stops}", &stops_text(*a, *b)),
                None => p.what.to_string(),
            };
            (when, what)
        })
        .collect()
}

/// The stops a lesson plan covers for a class given stops `a..=b`: the
/// core tour's part of them (the core tour when they are all past it).
pub fn stops_for((a, b): (usize, usize)) -> (usize, usize) {
    use crate::page::tour::CORE;
    if a > CORE {
        (1, CORE)
    } else {
        (a, b.min(CORE))
    }
}

/// What a class without calculus does not see: everything but the worked
/// example's graph, its steps and its check (`url::HIDEABLE` ids).
pub const SCHOOL: [&str; 10] = [
    "nav", "req", "expr", "inputs", "notation", "notes", "costs", "export", "teacher", "help",
];

/// The ready-made lessons a teacher picks from: the core tour's first and
/// second halves, each a 45-minute period.
pub const LESSONS: [(usize, usize); 2] = [(1, 3), (4, 6)];

/// What a class without calculus does not see on stops `stops` (1-based):
/// `SCHOOL`, less what those stops point at or ask for.
pub fn school_hides(stops: (usize, usize)) -> Vec<&'static str> {
    let used = super::uses(stops);
    SCHOOL
        .iter()
        .copied()
        .filter(|p| !used.iter().any(|(_, u)| u == p))
        .collect()
}
