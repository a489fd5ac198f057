//! What a class carries out of the page: the exit ticket a student
//! answers at the end of their stops (no feedback until they finish, then
//! a code to paste into the school's form), and, in the teacher panel,
//! the printable worksheet and answer key of the same stops and
//! questions and the class summary read back from pasted codes
//! (`page::tour::ticket`).

use crate::page::tour::ticket::{for_stops, Class, Pasted, Ticket, ITEMS, LETTER};
use crate::page::tour::STOPS;
use leptos::prelude::*;

/// A finished ticket, kept in this browser: a reload keeps the code.
const KEPT: &str = "creditflow.ticket.v1";
/// A ticket being answered, until it is finished.
const DRAFT: &str = "creditflow.ticket-draft.v1";

/// The tickets this device keeps for stops `first..=last`: the finished
/// one and the one being answered.
fn saved(first: usize, last: usize) -> (Option<Ticket>, Option<Ticket>) {
    let n = for_stops(first - 1, last - 1).len();
    let kept = crate::ui::shell::storage::get(KEPT)
        .and_then(|c| Ticket::read(&c).ok())
        .filter(|t| t.stops == (first, last));
    let draft = crate::ui::shell::storage::get(DRAFT)
        .and_then(|d| Ticket::from_draft(&d, (first, last), n));
    (kept, draft)
}

/// The name on the ticket this device keeps for stops `first..=last`
/// (finished, or being answered), if any.
pub(crate) fn remembered_name(first: usize, last: usize) -> Option<String> {
    let (kept, draft) = saved(first, last);
    // the name as typed (kept beside the code, which carries it in capitals)
    draft
        .or(kept)
        .map(|t| t.name.trim().to_string())
        .filter(|n| !n.is_empty())
}

/// A shared device's next student: forgets this one's tour, guesses and
/// ticket (after asking) and opens the class's link at its first stop.
pub(crate) fn start_afresh(first: usize) {
    let Some(w) = web_sys::window() else { return };
    let sure = w
        .confirm_with_message("Start afresh for another student? This device forgets this student's guesses, answers and code (copy the code first).")
        .unwrap_or(false);
    if !sure {
        return;
    }
    for key in [
        KEPT,
        DRAFT,
        crate::ui::tour::card::KEY,
        crate::ui::tour::card::CLASS_KEY,
    ] {
        crate::ui::shell::storage::remove(key);
    }
    let l = w.location();
    let search = l.search().unwrap_or_default();
    let mut parts: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("tour=") && !p.starts_with("step="))
        .collect();
    let tour = format!("tour={first}");
    parts.push(&tour);
    let _ = l.set_href(&format!(
        "{}?{}",
        l.pathname().unwrap_or_default(),
        parts.join("&")
    ));
}

/// The exit ticket for stops `first..=last` (1-based).
#[component]
pub fn ExitTicket(first: usize, last: usize) -> impl IntoView {
    let items = for_stops(first - 1, last - 1);
    let n = items.len();
    let (kept, draft) = saved(first, last);
    let start = kept.clone().or(draft);
    let name = RwSignal::new(remembered_name(first, last).unwrap_or_default());
    let answers = RwSignal::new(
        start
            .as_ref()
            .map_or(vec![None::<usize>; n], |t| t.answers.clone()),
    );
    let done = RwSignal::new(kept);
    Effect::new(move |_| {
        let t = Ticket {
            name: name.get(),
            stops: (first, last),
            answers: answers.get(),
        };
        if done.with_untracked(Option::is_none) {
            let _ = crate::ui::shell::storage::set(DRAFT, &t.draft());
        }
    });
    Effect::new(move |_| {
        if let Some(code) = done.with(|d| d.as_ref().map(Ticket::code)) {
            let _ = crate::ui::shell::storage::set(KEPT, &code);
        }
    });
    let missing = RwSignal::new(false);
    // the questions left blank, said once before a "done" that leaves them
    let blank = RwSignal::new(Vec::<usize>::new());
    let finish = move |_| {
        if crate::page::tour::ticket::clean_name(&name.get_untracked()).is_empty() {
            missing.set(true);
            crate::ui::shell::widgets::focus_testid("ticket-name");
            return;
        }
        missing.set(false);
        let left: Vec<usize> = answers.with_untracked(|a| {
            a.iter()
                .enumerate()
                .filter(|(_, x)| x.is_none())
                .map(|(k, _)| k + 1)
                .collect()
        });
        if !left.is_empty() && blank.get_untracked() != left {
            blank.set(left);
            return;
        }
        done.set(Some(Ticket {
            name: name.get_untracked(),
            stops: (first, last),
            answers: answers.get_untracked(),
        }));
        crate::ui::shell::widgets::focus_at_top("ticket-result");
    };
    let questions = items
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let it = &ITEMS[i];
            view! {
                <li>
                    <div role="group" aria-labelledby=format!("ticket-q-{k}")>
                        <p id=format!("ticket-q-{k}")>{it.question}</p>
                        // a radio group: the arrows move, Space or Enter chooses;
                        // one Tab stop per question (the chosen, else the first)
                        <div class="tour-choices" role="radiogroup" aria-labelledby=format!("ticket-q-{k}")>
                            {it.choices.iter().enumerate().map(|(c, words)| {
                                let on = move || answers.with(|a| a[k] == Some(c));
                                let stop = move || answers.with(|a| a[k].unwrap_or(0) == c);
                                view! {
                                    <button class="tour-choice" data-testid=format!("ticket-{k}-{c}") role="radio" aria-checked=move || on().to_string()
                                        tabindex=move || if stop() { "0" } else { "-1" }
                                        on:keydown=|e| crate::ui::shell::widgets::radio_arrows(&e)
                                        disabled=move || done.with(Option::is_some)
                                        on:click=move |_| answers.update(|a| a[k] = Some(c))>
                                        <span aria-hidden="true">{move || if on() { "◉ " } else { "○ " }}</span>{format!("{}: {words}", LETTER[c])}
                                    </button>
                                }
                            }).collect_view()}
                        </div>
                    </div>
                </li>
            }
        })
        .collect_view();
    let result = move || {
        done.get().map(|t| {
            let code = t.code();
            let rows = t
                .items()
                .into_iter()
                .zip(t.answers.clone())
                .map(|(i, a)| {
                    let it = &ITEMS[i];
                    let right = a == Some(it.answer);
                    view! {
                        <li class:right=right>
                            {format!("{} {} ", if right { "✓" } else { "✗" }, it.question)}
                            <b>{format!("The answer: {}. ", it.choices[it.answer])}</b>{it.why}
                        </li>
                    }
                })
                .collect_view();
            let score = t.score();
            view! {
                <div class="ticket-result" data-testid="ticket-result" tabindex="-1" role="status">
                    <p><b>{format!("{score} of {n} right.")}</b>" Copy this code and paste it where your teacher asked (a form, a forum, an email):"</p>
                    <p><code class="ticket-code" data-testid="ticket-code">{code.clone()}</code>" "
                        <CopyButton text=code/></p>
                    <ol class="ticket-why">{rows}</ol>
                </div>
            }
        })
    };
    view! {
        <section class="ticket" data-testid="ticket" aria-labelledby="ticket-title">
            <h3 id="ticket-title">"Exit ticket"</h3>
            {(n == 0).then(|| view! { <p>"These stops have no exit-ticket questions."</p> })}
            <p class="hint">{format!("{n} questions on the stops you took. No answer is marked until you finish; then you get a code for your teacher (it carries your name and answers; nothing is sent anywhere).")}</p>
            <label class="block-label">"Your full name "
                <input type="text" data-testid="ticket-name" maxlength="24" autocomplete="off" prop:value=move || name.get()
                    prop:disabled=move || done.with(Option::is_some)
                    on:input=move |e| name.set(event_target_value(&e))/>
            </label>
            {move || missing.get().then(|| view! { <p class="notice" role="alert">"Type your full name first (letters and digits): initials can be shared by two students."</p> })}
            <ol class="ticket-list">{questions}</ol>
            {move || (!blank.with(Vec::is_empty) && done.with(Option::is_none)).then(|| {
                let left = blank.get();
                let list = left.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
                view! { <p class="notice" role="alert" data-testid="ticket-blank">{format!(
                    "{} {list} {} no answer yet. Answer {}, or press done again to finish without {}.",
                    if left.len() == 1 { "Question" } else { "Questions" },
                    if left.len() == 1 { "has" } else { "have" },
                    if left.len() == 1 { "it" } else { "them" },
                    if left.len() == 1 { "it" } else { "them" },
                )}</p> }
            })}
            <button data-testid="ticket-finish" disabled=move || done.with(Option::is_some) on:click=finish>"done: show my answers and my code"</button>
            {result}
            <p class="hint ticket-afresh">
                {move || done.with(|d| d.as_ref().map(|t| format!("Not {}? ", t.shown_name())))}
                "Another student on this device: "
                <button class="small" data-testid="ticket-afresh" on:click=move |_| start_afresh(first)>"start afresh"</button>
            </p>
        </section>
    }
}

#[component]
fn CopyButton(text: String) -> impl IntoView {
    let said = RwSignal::new("");
    let copy = move |_| {
        said.set(if crate::ui::shell::widgets::copy_text(&text) {
            " copied"
        } else {
            " (select the code and copy it by hand)"
        })
    };
    view! { <button class="small" data-testid="ticket-copy" on:click=copy>"copy"</button><span role="status">{move || said.get()}</span> }
}

/// The teacher's tools for the stops a link gives (1-based): the
/// printable worksheet and answer key, and the class summary.
#[component]
pub fn ClassTools(
    #[prop(into)] stops: Signal<(usize, usize)>,
    /// The class's link, printed on the worksheet.
    #[prop(into)]
    link: Signal<String>,
) -> impl IntoView {
    let sheet = RwSignal::new(None::<bool>);
    let print = move |key: bool| {
        sheet.set(Some(key));
        request_animation_frame(|| {
            if let Some(w) = web_sys::window() {
                let _ = w.print();
            }
        });
    };
    // the class's codes are kept in this browser for the next visit
    const CODES: &str = "creditflow.class-codes.v1";
    let mut first = Class::default();
    if let Some(text) = crate::ui::shell::storage::get(CODES) {
        first.paste(&text);
    }
    let class = RwSignal::new(first);
    Effect::new(move |_| {
        let codes: Vec<String> = class.with(|c| c.tickets.iter().map(Ticket::code).collect());
        let _ = crate::ui::shell::storage::set(CODES, &codes.join("\n"));
    });
    let pasted = RwSignal::new(String::new());
    let outcome = RwSignal::new(Pasted::default());
    let read = move |_| {
        let mut c = class.get_untracked();
        let said = c.paste(&pasted.get_untracked());
        class.set(c);
        // what was added leaves the box; what was refused stays, to mend
        pasted.set(said.refused_lines.join("\n"));
        outcome.set(said);
    };
    let table_said = RwSignal::new("");
    let copy_table = move |_| {
        table_said.set(
            if crate::ui::shell::widgets::copy_text(&class.with_untracked(Class::table)) {
                " copied: paste it into a spreadsheet or your markbook"
            } else {
                " this browser keeps the clipboard closed here (the page is not served over HTTPS)"
            },
        )
    };
    view! {
        <section class="class-tools" aria-label="the worksheet and the class summary">
            <p>
                <button data-testid="print-worksheet" on:click=move |_| print(false)>"print the worksheet"</button>" "
                <button data-testid="print-key" on:click=move |_| print(true)>"print the answer key"</button>
                " "<span class="hint">"(of the lesson's stops: a ready-made lesson's worksheet fits one page; the answer key adds the lesson plan; the browser's print dialog can also save a PDF)"</span>
            </p>
            // a preview here, and the copy the printer gets, alone at the
            // top of the document (the stylesheet prints nothing else)
            {move || sheet.get().map(|key| {
                let (a, b) = stops.get();
                let l = link.get();
                view! {
                    <p><button class="small" data-testid="sheet-close" on:click=move |_| sheet.set(None)>"close the preview"</button></p>
                    <Sheet first=a last=b key=key shown=true link=l.clone()/>
                    <leptos::portal::Portal>
                        <div class="print-root"><Sheet first=a last=b key=key shown=false link=l.clone()/></div>
                    </leptos::portal::Portal>
                }
            })}
            <h3>"4. At the lesson's end: the exit-ticket codes"</h3>
            <p class="hint">"Students copy their code into whatever you already use: a question in a Google or Microsoft form, a message on your class's learning platform, or a slip of paper. Paste the codes here, one per line. Each code carries two check letters against typos; it is not a lock, since anyone can make a code. A name pasted twice counts once, the later code (the page says so when the two codes differ)."</p>
            <textarea data-testid="class-codes" rows="6" wrap="off" aria-label="exit-ticket codes, one per line"
                prop:value=move || pasted.get()
                on:input=move |e| pasted.set(event_target_value(&e))></textarea>
            <p><button data-testid="class-read" on:click=read>"add to the summary"</button>" "
                <button class="small" data-testid="class-clear" on:click=move |_| {
                    let sure = web_sys::window()
                        .and_then(|w| w.confirm_with_message("Clear the class summary? This device forgets the codes; paste them again to bring them back.").ok())
                        .unwrap_or(true);
                    if sure {
                        class.set(Class::default());
                        outcome.set(Pasted::default());
                    }
                }>"clear the summary"</button></p>
            {move || (!outcome.with(|o| o.refused.is_empty())).then(|| view! {
                <div class="notice" role="alert" data-testid="class-refused">
                    <b>"These lines were not added (every other code was, and nothing already in the summary was lost):"</b>
                    <ul>{outcome.get().refused.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
                </div>
            })}
            {move || (!outcome.with(|o| o.replaced.is_empty())).then(|| view! {
                <p class="notice" role="status" data-testid="class-replaced">
                    {format!(
                        "A later code replaced an earlier, different one for: {}. A name counts once; if two students share a name, ask them to add an initial and paste both codes again.",
                        outcome.get().replaced.join(", ")
                    )}
                </p>
            })}
            {move || {
                let c = class.get();
                (!c.tickets.is_empty()).then(|| {
                    // numbered as the tickets number them (both in ITEMS order)
                    let rows = c.tallies().into_iter().enumerate().map(|(q, t)| {
                        let it = &ITEMS[t.item];
                        let wrong = t.commonest_wrong.as_ref().map_or("—".to_string(), |(w, k)| {
                            let each = if w.len() > 1 { " each" } else { "" };
                            let named: Vec<String> = w.iter().map(|&w| format!("{}: {}", LETTER[w], it.choices[w])).collect();
                            format!("{} ({k}{each})", named.join(" and "))
                        });
                        view! { <tr><td>{format!("{}. {}", q + 1, it.question)}</td><td>{format!("{} of {}", t.right, t.answered)}</td><td>{wrong}</td></tr> }
                    }).collect_view();
                    let students = c.tickets.iter().map(|t| {
                        let missed = t.missed();
                        let said = if missed.is_empty() {
                            "none".to_string()
                        } else {
                            let items = t.items();
                            missed.iter().map(|(q, a)| match a {
                                // the letter and what it said, as the question table names it
                                Some(x) => format!("{q} (chose {}: {})", LETTER[(*x).min(3)], ITEMS[items[q - 1]].choices[(*x).min(3)]),
                                None => format!("{q} (blank)"),
                            }).collect::<Vec<_>>().join(", ")
                        };
                        view! { <tr><th scope="row">{t.shown_name()}</th><td>{format!("{} of {}", t.score(), t.answers.len())}</td><td>{said}</td></tr> }
                    }).collect_view();
                    let first = c.most_missed().map(|(q, t)| {
                        let (one, also) = (q[0], &q[1..]);
                        let ties = match also {
                            [] => String::new(),
                            [x] => format!(" Question {x} ties with it."),
                            more => format!(" Questions {} tie with it.", more.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
                        };
                        view! {
                            <p class="class-most-missed" data-testid="class-most-missed">
                                <b>{format!("Go over first: question {one}")}</b>
                                {format!(", {} of {} right.{ties}", t.right, t.answered)}
                            </p>
                        }
                    });
                    view! {
                        {first}
                        <p><button class="small" data-testid="class-copy-table" on:click=copy_table>"copy each student's results for a spreadsheet"</button>
                            <span role="status">{move || table_said.get()}</span></p>
                        <table class="class-summary" data-testid="class-students">
                            <caption>"Each student"</caption>
                            <thead><tr><th scope="col">"name"</th><th scope="col">"right"</th><th scope="col">"questions missed (the ticket's numbers)"</th></tr></thead>
                            <tbody>{students}</tbody>
                        </table>
                        <table class="class-summary" data-testid="class-summary">
                            <caption>{format!("{} {}: {}", c.tickets.len(), if c.tickets.len() == 1 { "student" } else { "students" }, c.tickets.iter().map(|t| format!("{} {}/{}", t.shown_name(), t.score(), t.answers.len())).collect::<Vec<_>>().join(", "))}</caption>
                            <thead><tr><th scope="col">"question"</th><th scope="col">"right, of those who answered"</th><th scope="col">"commonest wrong answer (how many)"</th></tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    }
                })
            }}
        </section>
    }
}

/// The printed sheet: each stop's question, then the exit ticket's; the
/// answer key marks the answers and says why.
#[component]
fn Sheet(first: usize, last: usize, key: bool, shown: bool, link: String) -> impl IntoView {
    let stops = (first - 1..last.min(STOPS.len())).map(|i| {
        let s = &STOPS[i];
        let q = s.predict.map(|p| view! {
            <p><b>{p.question}</b></p>
            <ul class="sheet-choices">
                {p.choices.iter().enumerate().map(|(c, w)| view! {
                    <li>{if key && c == p.answer { "☑ " } else { "☐ " }}{*w}</li>
                }).collect_view()}
            </ul>
            {key.then(|| view! { <p class="sheet-why">{p.reason}</p> })}
        });
        // the student writes what they saw before the page says what to
        // notice; the key gives it
        view! {
            <li>
                <h3>{s.title}</h3>
                <p>{s.look}</p>
                {q}
                {if key {
                    view! { <p>{s.notice}</p> }.into_any()
                } else {
                    view! { <p class="sheet-lines">"What I saw: ____________________________________________"</p> }.into_any()
                }}
            </li>
        }
    }).collect_view();
    let items = for_stops(first - 1, last - 1).into_iter().map(|i| {
        let it = &ITEMS[i];
        view! {
            <li>
                <p>{it.question}</p>
                <ul class="sheet-choices">
                    {it.choices.iter().enumerate().map(|(c, w)| view! {
                        <li>{format!("{}{}: {w}", if key && c == it.answer { "☑ " } else { "☐ " }, LETTER[c])}</li>
                    }).collect_view()}
                </ul>
                {key.then(|| view! { <p class="sheet-why">{it.why}</p> })}
            </li>
        }
    }).collect_view();
    view! {
        <div class="print-sheet" data-testid=shown.then_some(if key { "answer-key" } else { "worksheet" })>
            <h2>{if key { format!("Credit Flow: answer key, tour stops {first}–{last}") } else { format!("Credit Flow: worksheet, tour stops {first}–{last}") }}</h2>
            {(!key).then(|| view! {
                <p>"Name: ______________________"</p>
                <p class="sheet-link">"Open: "<span>{link}</span></p>
            })}
            {key.then(|| {
                let (a, b) = crate::page::tour::lesson::stops_for((first, last));
                view! {
                    <table class="sheet-plan">
                        <caption>{format!("The 45-minute lesson plan, stops {a}–{b}")}</caption>
                        <thead><tr><th scope="col">"minutes"</th><th scope="col">"what happens"</th></tr></thead>
                        <tbody>{crate::page::tour::lesson::plan(a, b).into_iter().map(|(m, what)| view! { <tr><td>{m}</td><td>{what}</td></tr> }).collect_view()}</tbody>
                    </table>
                }
            })}
            <SheetGraph key=key ids=if shown { "sheet-shown-" } else { "sheet-print-" }/>
            <ol>{stops}</ol>
            <h2>"Exit ticket"</h2>
            <ol>{items}</ol>
        </div>
    }
}

/// The worked example's graph on paper: each node's value, and its credit
/// written in on the key (left for the student to fill in on the sheet).
#[component]
fn SheetGraph(key: bool, ids: &'static str) -> impl IntoView {
    use crate::engine::layout::{geometry, Flow};
    let ws = crate::page::worked::Worksheet::default();
    let c = ws.compute([true; 5], crate::engine::ErrorSignal::default());
    let geo = geometry(&ws.graph, Flow::Down);
    let k = if key { c.sweep.steps.len() } else { 0 };
    let look = crate::ui::shell::graph_svg::Look {
        zoom: None,
        flow: Flow::Down,
        ids,
        short: false,
        cursor: None,
    };
    let drawn = crate::ui::shell::graph_svg::draw(&ws.graph, &geo, &c, k, look);
    view! {
        <figure class="sheet-graph">
            {drawn}
            <figcaption>{if key {
                "The worked example with every node's credit, as the sweep leaves it."
            } else {
                "The worked example. As you step the sweep, write each node's credit beside it."
            }}</figcaption>
        </figure>
    }
}
