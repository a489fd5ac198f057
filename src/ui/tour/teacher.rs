//! The teacher panel: makes a link to the page as it is now, with the
//! tour stops the class gets, the controls hidden from students and the
//! stop it opens at (as TensorFlow Playground does); beside it a lesson
//! plan, the printed worksheet and the class summary (`ui::tour::ticket`). The link is
//! the URL state of `url::KEYS`; nothing is stored elsewhere.

use crate::page::tour::{CORE, STOPS};
use crate::page::url::{AppState, HIDEABLE};
use leptos::prelude::*;

/// Which controls the link hides, its stops, where it opens and
/// projector mode.
#[derive(Clone, PartialEq)]
struct Choices {
    hide: Vec<&'static str>,
    /// The class's stops (1-based, first and last).
    stops: (usize, usize),
    tour: Option<usize>,
    proj: bool,
    /// Carry the ticks and the step the page has now (off: every
    /// requirement kept, the sweep at its start, whatever a tour left).
    carry: bool,
}

impl Default for Choices {
    /// A teacher's first visit: the first ready-made lesson (stops 1–3,
    /// for a class without calculus), chosen until another is.
    fn default() -> Self {
        Self {
            hide: Vec::new(),
            stops: (1, CORE),
            tour: None,
            proj: false,
            carry: false,
        }
        .lesson(Some(crate::page::tour::lesson::LESSONS[0]))
    }
}

const KEY: &str = "creditflow.teacher.v1";

impl Choices {
    /// These choices with a ready-made lesson's stops (opened at its
    /// first, the worked example only), or with none: the whole core tour,
    /// nothing hidden, students start it. Projector and carry are kept.
    fn lesson(self, l: Option<(usize, usize)>) -> Self {
        match l {
            Some(stops) => Self {
                hide: crate::page::tour::lesson::school_hides(stops),
                stops,
                tour: Some(stops.0),
                ..self
            },
            None => Self {
                hide: Vec::new(),
                stops: (1, CORE),
                tour: None,
                ..self
            },
        }
    }

    /// As kept in this browser: `stops=1-6;tour=0;proj=0;hide=a,b`.
    fn to_text(&self) -> String {
        format!(
            "stops={}-{};tour={};proj={};hide={}",
            self.stops.0,
            self.stops.1,
            self.tour.unwrap_or(0),
            u8::from(self.proj),
            self.hide.join(",")
        )
    }

    /// Reads what `to_text` wrote; anything unreadable keeps the default.
    fn from_text(text: &str) -> Self {
        let mut c = Self::default();
        let n = STOPS.len();
        for part in text.split(';') {
            match part.split_once('=') {
                Some(("stops", v)) => {
                    if let Some((a, b)) = v.split_once('-') {
                        if let (Ok(a), Ok(b)) = (a.parse::<usize>(), b.parse::<usize>()) {
                            if 1 <= a && a <= b && b <= n {
                                c.stops = (a, b);
                            }
                        }
                    }
                }
                Some(("tour", v)) => c.tour = v.parse().ok().filter(|t| (1..=n).contains(t)),
                Some(("proj", v)) => c.proj = v == "1",
                Some(("hide", v)) => {
                    c.hide = v
                        .split(',')
                        .filter_map(|h| HIDEABLE.iter().find(|(id, _)| *id == h).map(|(id, _)| *id))
                        .collect()
                }
                _ => {}
            }
        }
        c
    }
}

fn page_address() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default()
}

/// The panel, always drawn: the header's "For teachers" shows and hides
/// its frame (in the rooms' wasm, `ui::shell::rooms`).
#[component]
pub fn TeacherPanel() -> impl IntoView {
    let app = expect_context::<RwSignal<AppState>>();
    // the teacher's choices are kept in this browser for the next visit
    let saved = crate::ui::shell::storage::get(KEY).map(|t| Choices::from_text(&t));
    let choices = RwSignal::new(saved.unwrap_or_default());
    Effect::new(move |_| {
        let _ = crate::ui::shell::storage::set(KEY, &choices.with(Choices::to_text));
    });
    let link = Memo::new(move |_| {
        let c = choices.get();
        let mut a = app.get();
        a.hide = c.hide;
        a.tour = c.tour;
        a.proj = c.proj;
        a.stops = (c.stops != (1, CORE)).then_some(c.stops);
        if !c.carry {
            a.kept = [true; 5];
            a.step = 0;
        }
        // the class's lesson is on the worked example, whichever view
        // the teacher looked at last
        a.view = crate::page::url::View::Graph;
        // a variant says something only while its requirement is removed
        // (the teacher's own tour may have left one chosen)
        let d = AppState::default();
        if a.kept[2] {
            a.r3 = d.r3;
        }
        if a.kept[3] {
            a.r4 = d.r4;
        }
        // the worked example is pinned, whatever a student's browser saved
        format!(
            "{}{}",
            page_address(),
            a.query_with(&["view", "expr", "vals"])
        )
    });
    let copied = RwSignal::new(None::<&'static str>);
    let copy = move |_| {
        copied.set(Some(if crate::ui::shell::widgets::copy_text(&link.get_untracked()) {
            " copied"
        } else {
            " this browser keeps the clipboard closed here (the page is not served over HTTPS): select the link and copy it by hand"
        }))
    };
    let stop_options = move |selected: fn(&Choices) -> usize| {
        STOPS
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let n = i + 1;
                view! {
                    <option value=n.to_string() selected=move || choices.with(selected) == n>
                        {format!("{n}. {}", s.title)}
                    </option>
                }
            })
            .collect_view()
    };
    let set_stop = move |first: bool, v: String| {
        let Ok(n) = v.parse::<usize>() else { return };
        choices.update(|c| {
            if first {
                c.stops = (n, c.stops.1.max(n));
            } else {
                c.stops = (c.stops.0.min(n), n);
            }
        });
    };
    // a ready-made lesson: its stops, from the first, for a class without
    // calculus (none: the whole core tour with nothing hidden)
    let pick = move |l: Option<(usize, usize)>| choices.update(|c| *c = c.clone().lesson(l));
    let picked = move |l: Option<(usize, usize)>| choices.with(|c| *c == c.clone().lesson(l));
    let lesson_button = move |l: Option<(usize, usize)>, id: &'static str, words: String| {
        view! {
            <button data-testid=id aria-pressed=move || picked(l).to_string() on:click=move |_| pick(l)>{words}</button>
        }
    };
    // what the link gives, in one line (the hidden controls are ticked in
    // the choices below)
    let chosen = move || {
        let c = choices.get();
        let seen = if c.hide.is_empty() {
            "students see everything".to_string()
        } else if c.hide == crate::page::tour::lesson::school_hides(c.stops) {
            "students see the worked example only".to_string()
        } else if let [one] = c.hide.as_slice() {
            let what = HIDEABLE
                .iter()
                .find(|(id, _)| id == one)
                .map_or(*one, |(_, w)| w);
            format!("hidden: {what}")
        } else {
            format!("{} controls hidden (ticked below)", c.hide.len())
        };
        format!(
            "The link gives tour stops {}–{}{}; {seen}.",
            c.stops.0,
            c.stops.1,
            c.tour.map_or(
                ", which students start themselves".to_string(),
                |t| format!(", open at stop {t}")
            ),
        )
    };
    let [one, two] = crate::page::tour::lesson::LESSONS;
    view! {
            <section class="teacher" data-testid="teacher-panel" aria-labelledby="teacher-title">
                <h2 id="teacher-title" data-testid="teacher-title" tabindex="-1">"For teachers and lecturers: a lesson in four steps"</h2>
                <p class="notice" data-testid="teacher-not-a-lock">"A link guides students; it cannot lock them: deleting the part of the address after “?” brings everything back. Nothing is sent anywhere: the page runs in each student's browser."</p>
                <h3>"1. Choose the lesson"</h3>
                <p class="teacher-lessons">
                    {lesson_button(Some(one), "teacher-school", format!("lesson 1: stops {}–{}, no calculus", one.0, one.1))}
                    {lesson_button(Some(two), "teacher-second", format!("lesson 2: stops {}–{}", two.0, two.1))}
                    {lesson_button(None, "teacher-everything", format!("all {CORE} stops, nothing hidden"))}
                </p>
                <p class="hint">{format!(
                    "Each lesson fits a 45-minute period, for ages 15–18 who know algebra but no calculus. Lesson 1: {}; {}; {}. Lesson 2: {}; {}; {}. A ready-made lesson shows students the worked example only: its graph, its step buttons and what its stops use.",
                    STOPS[0].title, STOPS[1].title, STOPS[2].title, STOPS[3].title, STOPS[4].title, STOPS[5].title
                )}</p>
                <p class="teacher-chosen" data-testid="teacher-chosen" role="status">{chosen}</p>
                {move || {
                    let c = choices.get();
                    let clash = crate::page::tour::hidden_needs(c.stops, &c.hide);
                    (!clash.is_empty()).then(|| view! {
                        <p class="notice" role="status" data-testid="teacher-clash">
                            <b>"The tour needs what you hid: "</b>{clash.join("; ")}". Show it again, or choose other stops."
                        </p>
                    })
                }}
                <details class="teacher-custom" data-testid="teacher-custom">
                    <summary>"Change the stops, what students see, or where the link opens"</summary>
                <fieldset>
                    <legend>"Tour stops the class gets"</legend>
                    <label>"from "
                        <select data-testid="teacher-stops-first" on:change=move |e| set_stop(true, event_target_value(&e))>
                            {stop_options(|c| c.stops.0)}
                        </select>
                    </label>
                    <label>"to "
                        <select data-testid="teacher-stops-last" on:change=move |e| set_stop(false, event_target_value(&e))>
                            {stop_options(|c| c.stops.1)}
                        </select>
                    </label>
                    <p class="hint">{format!("Stops 1–{CORE} are the core tour (no calculus needed); {}–{} go further (a network, the essay's table, agents, apūrva).", CORE + 1, STOPS.len())}</p>
                </fieldset>
                <fieldset>
                    <legend>"Hide from students"</legend>
                    {HIDEABLE.iter().map(|&(id, what)| view! {
                        <label class="teacher-hide">
                            <input type="checkbox" data-testid=format!("teacher-hide-{id}")
                                prop:checked=move || choices.with(|c| c.hide.contains(&id))
                                on:change=move |e| {
                                    let on = event_target_checked(&e);
                                    choices.update(|c| {
                                        c.hide.retain(|h| *h != id);
                                        if on {
                                            c.hide.push(id);
                                        }
                                    });
                                }/>
                            " " {what}
                        </label>
                    }).collect_view()}
                </fieldset>
                <label>"Open at tour stop "
                    <select data-testid="teacher-tour" on:change=move |e| {
                        let v = event_target_value(&e).parse::<usize>().ok().filter(|v| *v > 0);
                        choices.update(|c| c.tour = v);
                    }>
                        <option value="0" selected=move || choices.with(|c| c.tour.is_none())>"none (students start it)"</option>
                        {STOPS.iter().enumerate().map(|(i, s)| view! {
                            <option value=(i + 1).to_string() selected=move || choices.with(|c| c.tour == Some(i + 1))>{format!("{}. {}", i + 1, s.title)}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="teacher-hide">
                    <input type="checkbox" data-testid="teacher-proj" prop:checked=move || choices.with(|c| c.proj)
                        on:change=move |e| choices.update(|c| c.proj = event_target_checked(&e))/>
                    " projector mode (larger type, compact banner)"
                </label>
                <label class="teacher-hide">
                    <input type="checkbox" data-testid="teacher-carry" prop:checked=move || choices.with(|c| c.carry)
                        on:change=move |e| choices.update(|c| c.carry = event_target_checked(&e))/>
                    {move || format!(" carry the page's state as it is now ({}, step {}); unticked, the link starts with every requirement kept and the sweep at its start", crate::engine::Requirements::removed_words(app.with(|a| a.kept)), app.with(|a| a.step))}
                </label>
                </details>
                <h3><label for="teacher-link">"2. Share the link"</label></h3>
                <p class="hint">"It opens the worked example with your choices. It is long: share it through your class's page or a message rather than the board."</p>
                <input id="teacher-link" type="text" class="expr" data-testid="teacher-link" readonly prop:value=move || link.get()/>
                <p>
                    <button data-testid="teacher-copy" on:click=copy>"copy"</button>
                    " " <a data-testid="teacher-open-link" href=move || link.get() target="_blank" rel="noopener">"open it"</a>
                    {move || copied.get()}
                </p>
                <h3>"3. Plan and print"</h3>
                <details class="lesson" data-testid="teacher-lesson">
                    <summary>"A 45-minute lesson plan (ages 15–18, algebra, no calculus)"</summary>
                    <table>
                        <caption>{move || {
                            let (a, b) = crate::page::tour::lesson::stops_for(choices.with(|c| c.stops));
                            format!("What the class does, minute by minute, on tour stops {a}–{b} (one device per student or pair; the plan follows the stops you choose above)")
                        }}</caption>
                        <thead><tr><th scope="col">"minutes"</th><th scope="col">"what happens"</th></tr></thead>
                        <tbody>
                            {move || {
                                let (a, b) = crate::page::tour::lesson::stops_for(choices.with(|c| c.stops));
                                crate::page::tour::lesson::plan(a, b).into_iter().map(|(m, what)| view! { <tr><td>{m}</td><td>{what}</td></tr> }).collect_view()
                            }}
                        </tbody>
                    </table>
                </details>
                <crate::ui::tour::ticket::ClassTools stops=Signal::derive(move || choices.with(|c| c.stops)) link=link/>
            </section>
    }
}
