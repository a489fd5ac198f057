//! The studies view: the essay's open questions answered by the
//! instrument. The depth study (does the ordering of the requirements
//! survive in deeper students?) and the width study (does a shared score
//! scale?), each run by `ui::workers::runner` (in Web Workers, or here in
//! slices) with progress and cancel, drawn as
//! each depth or width finishes. The state is `lab::studies::StudyState`;
//! this file only wires and draws.

use crate::lab::data::Data;
use crate::lab::study::depth::DepthSpec;
use crate::lab::study::width::{WidthSpec, TARGET_TIMES_BP};
use crate::lab::study::Study;
use crate::lab::train::config::MAX_DEPTH;
use crate::lab::train::precision::CurveRun;
use crate::page::kept::Pace;
use crate::page::studies::findings::{depth_findings, width_findings};
use crate::page::studies::StudyState;
use crate::page::url::AppState;
use crate::ui::charts::studies::{depth_table, DepthChart, DepthKind};
use crate::ui::charts::width::{width_table, WidthChart, WidthKind};
use crate::ui::shell::chart::canvas;
use crate::ui::shell::download;
use crate::ui::shell::drawn::turns;
use crate::ui::shell::storage;
use crate::ui::shell::widgets::data_table;
use crate::ui::shell::widgets::now;
use crate::ui::shell::widgets::{key_field, ProgressLine};
use crate::ui::workers::env::{kernels_label, worker_count};
use crate::ui::workers::runner::{Events, Progress, Runner, StudyWork};
use leptos::prelude::*;
use serde_json::json;

/// One study's state and the workers running it.
#[derive(Clone, Copy)]
struct Handle {
    state: RwSignal<Option<StudyState>>,
    runner: StoredValue<Option<Runner<StudyWork>>, LocalStorage>,
    /// Where the browser keeps the study's runs as they come in.
    key: &'static str,
    /// An interrupted study to offer back ((runs done, in all)), or why
    /// the kept one could not be used.
    offer: RwSignal<Option<Result<(usize, usize), String>>>,
    /// When the runs were last kept (at most every `kept::KEEP_MS`: the
    /// kept copy is rewritten whole, which at every run made the page's
    /// work grow with the square of the runs).
    pace: StoredValue<Pace>,
    /// Whether the view is to be told of the runs come in since it last
    /// drew (`show_soon`).
    showing: StoredValue<bool>,
}

/// A run coming in is shown within this many milliseconds, with the
/// others of that time: a study's page then draws a few frames a second,
/// not one a run (each frame's style, layout, paint and commit took the
/// main thread's time from the workers it shares two cores with).
const SHOW_MS: u64 = 250;

impl Handle {
    /// `asked`: the study the settings name now; a finished study kept
    /// for other settings is not shown as if it were theirs.
    fn new(key: &'static str, asked: Study) -> Self {
        let h = Self {
            state: RwSignal::new(None),
            runner: StoredValue::new_local(None),
            key,
            offer: RwSignal::new(None),
            pace: StoredValue::new(Pace::default()),
            showing: StoredValue::new(false),
        };
        // a finished study of these settings comes back as it was; an
        // interrupted one is offered
        match storage::get(key).map(|t| StudyState::resumed(&t, now())) {
            Some(Ok(mut s)) if s.finished() => {
                if s.is_of(&asked) {
                    s.from_before = true;
                    h.state.set(Some(s));
                }
            }
            _ => h.offer.set(h.kept().map(Ok)),
        }
        // the runs since the last keep, when the page may be going away
        storage::on_leaving(move || h.keep(true));
        h
    }

    fn on(&self) -> bool {
        self.state.with(|s| s.as_ref().is_some_and(|s| s.on))
    }

    fn start(self, study: Study) {
        if !crate::lab::data::registry::ready(study.grid().base.teacher.data) {
            return;
        }
        self.stop();
        storage::remove(self.key);
        self.offer.set(None);
        let s = StudyState::new(study, now());
        let all = (0..s.progress().1).collect();
        self.run(s, all);
    }

    /// Resumes the study a reload interrupted: its kept runs back in
    /// place, only the rest to run.
    fn resume(self) {
        self.offer.set(None);
        let Some(text) = storage::get(self.key) else {
            return;
        };
        match StudyState::resumed(&text, now()) {
            Ok(s) => {
                let rest = s.missing();
                self.run(s, rest);
            }
            Err(e) => {
                storage::remove(self.key);
                self.offer.set(Some(Err(e)));
            }
        }
    }

    /// What the browser kept of an interrupted study: (runs done, in all).
    fn kept(&self) -> Option<(usize, usize)> {
        let text = storage::get(self.key).filter(|t| !t.is_empty())?;
        let s = StudyState::resumed(&text, now()).ok()?;
        (!s.finished()).then(|| s.progress())
    }

    /// Runs the jobs `indices` of `s`'s study, keeping its runs as they
    /// come in.
    fn run(self, s: StudyState, indices: Vec<usize>) {
        let jobs = s.study.jobs();
        let work = StudyWork {
            jobs: indices
                .iter()
                .filter_map(|&i| jobs.get(i).copied())
                .collect(),
            every: s.study.every(),
        };
        self.state.set(Some(s));
        let update = move |f: &dyn Fn(&mut StudyState)| {
            self.state.update(|s| {
                if let Some(s) = s.as_mut().filter(|s| s.on) {
                    f(s);
                }
            })
        };
        let events = Events::new(
            move |index, run: &CurveRun, _| {
                let i = indices.get(index).copied().unwrap_or(index);
                // in the state at once (a keep sees it), in the view soon
                self.state.update_untracked(|s| {
                    if let Some(s) = s.as_mut().filter(|s| s.on) {
                        s.record(i, run.clone(), now());
                    }
                });
                self.show_soon();
                self.keep(false);
            },
            move |p: Progress| update(&|s| s.fraction = p.fraction),
            move |_, on| {
                self.state.update(|s| {
                    if let Some(s) = s {
                        s.ran_on = Some(on.clone());
                    }
                });
                if self
                    .state
                    .with_untracked(|s| s.as_ref().is_some_and(StudyState::finished))
                {
                    self.keep_finished();
                } else {
                    self.keep(true);
                }
                self.runner.set_value(None);
            },
            move |note| update(&|s| s.note(note.clone())),
        );
        self.runner
            .set_value(Some(Runner::start(work, worker_count(), events)));
    }

    /// Tells the view of the runs come in, within `SHOW_MS`. (A study's
    /// end, a cancel and a note update the state, which shows them all.)
    fn show_soon(self) {
        if self.showing.get_value() {
            return;
        }
        self.showing.set_value(true);
        set_timeout(
            move || {
                if self
                    .showing
                    .try_update_value(std::mem::take)
                    .unwrap_or(false)
                {
                    self.state.notify();
                }
            },
            std::time::Duration::from_millis(SHOW_MS),
        );
    }

    /// Keeps the study under way for a reload: at most every
    /// `kept::KEEP_MS` unless `now_too` (a cancel, an end with runs
    /// missing, the page going away). Called outside any view: it reads
    /// the state untracked.
    fn keep(self, now_too: bool) {
        let on = self
            .state
            .try_with_untracked(|s| s.as_ref().is_some_and(|s| s.on))
            .unwrap_or(false);
        if !on
            || !self
                .pace
                .try_update_value(|p| p.due(now(), now_too))
                .unwrap_or(false)
        {
            return;
        }
        let kept = self
            .state
            .with_untracked(|s| s.as_ref().map(StudyState::kept));
        let note = match kept {
            Some(Ok(text)) => storage::set(self.key, &text).err().map(String::from),
            Some(Err(e)) => Some(e),
            None => None,
        };
        if let Some(n) = note {
            self.state.update(|s| {
                if let Some(s) = s {
                    s.note(n);
                }
            });
        }
    }

    /// Finished, the study is kept whole, for a reload to show; where the
    /// browser has no room for it, not at all (a part kept earlier would
    /// offer to resume what is done).
    fn keep_finished(self) {
        let text = self
            .state
            .with_untracked(|s| s.as_ref().map(StudyState::kept));
        match text {
            Some(Ok(t)) if storage::set(self.key, &t).is_ok() => {}
            _ => storage::remove(self.key),
        }
    }

    /// Cancelled, the study is kept with every run in (a reload offers it).
    fn cancel(&self) {
        self.keep(true);
        self.stop();
    }

    fn stop(&self) {
        if let Some(r) = self.runner.get_value() {
            r.cancel();
        }
        self.runner.set_value(None);
        self.state.update(|s| {
            if let Some(s) = s {
                s.cancel();
            }
        });
    }
}

#[component]
pub fn StudiesView() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let (depth_spec, width_spec) = app.with_untracked(|a| (a.lab.depth_spec(), a.lab.width_spec()));
    let depth = Handle::new("creditflow.study.depth.v1", Study::Depth(depth_spec));
    let width = Handle::new("creditflow.study.width.v1", Study::Width(width_spec));
    let start_depth = move |_| {
        let spec = app.with_untracked(|a| a.lab.depth_spec());
        depth.start(Study::Depth(spec));
    };
    let start_width = move |_| {
        let spec = app.with_untracked(|a| a.lab.width_spec());
        width.start(Study::Width(spec));
    };
    // the results are rebuilt when a depth (width) completes, not per run
    let depth_parts =
        Memo::new(move |_| depth.state.with(|s| s.as_ref().map(StudyState::parts_done)));
    let width_parts =
        Memo::new(move |_| width.state.with(|s| s.as_ref().map(StudyState::parts_done)));
    let depth_study = Memo::new(move |_| {
        let _ = depth_parts.get();
        depth
            .state
            .with_untracked(|s| s.as_ref().and_then(StudyState::depth))
            .unwrap_or_default()
    });
    let width_rows = Memo::new(move |_| {
        let _ = width_parts.get();
        width
            .state
            .with_untracked(|s| s.as_ref().and_then(StudyState::width))
            .unwrap_or_default()
    });
    // the axis of the study that ran (else of the settings); memos, so a
    // run coming in does not redraw the charts
    let max_depth = Memo::new(move |_| {
        let ran = depth.state.with(|s| match s.as_ref().map(|s| &s.study) {
            Some(Study::Depth(d)) => d.depths.iter().copied().max(),
            _ => None,
        });
        ran.or_else(|| app.with(|a| a.lab.depths.iter().copied().max()))
            .unwrap_or(MAX_DEPTH)
    });
    let wsteps = Memo::new(move |_| {
        width
            .state
            .with(|s| s.as_ref().map(|s| s.study.grid().base.steps))
            .unwrap_or_else(|| app.with(|a| a.lab.width_steps))
    });
    let depth_chart = move |kind| {
        Signal::derive(move || DepthChart {
            study: depth_study.get(),
            max_depth: max_depth.get(),
            kind,
        })
    };
    let width_chart = move |kind| {
        Signal::derive(move || WidthChart {
            rows: width_rows.get(),
            kind,
        })
    };
    let (depth_open, width_open) = (RwSignal::new(false), RwSignal::new(false));
    let depth_rows = Memo::new(move |_| depth_open.get().then(|| depth_table(&depth_study.get())));
    let width_rows_table =
        Memo::new(move |_| width_open.get().then(|| width_table(&width_rows.get())));
    // what ran, for the exports: the study's own settings (`Study` carries
    // them all) with the grid's provenance
    let study_of = move |h: &Handle| {
        h.state
            .with_untracked(|s| s.as_ref().map(|s| s.study.clone()))
    };
    let depth_json = move |_| {
        let s = depth_study.get();
        let study = study_of(&depth);
        let v = json!({
            "provenance": study.as_ref().map(|st| st.grid().provenance()),
            "study": study,
            "rows": s.rows,
            "angles": s.angles,
        });
        download::text(&v.to_string(), "creditflow-depth.json", "application/json");
    };
    let depth_csv = move |_| {
        download::text(
            &crate::lab::study::depth::rows_csv(&depth_study.get()),
            "creditflow-depth.csv",
            "text/csv",
        );
    };
    let width_json = move |_| {
        let study = study_of(&width);
        let v = json!({
            "provenance": study.as_ref().map(|st| st.grid().provenance()),
            "study": study,
            "target_times_bp": TARGET_TIMES_BP,
            "rows": width_rows.get(),
        });
        download::text(&v.to_string(), "creditflow-width.json", "application/json");
    };
    // opened in the page, the width study and the harder tasks come in tasks of their own
    let [width_in, harder_in] = turns();
    let task = Memo::new(move |_| app.with(|a| a.lab.base.teacher.data));
    view! {
        <section class="studies-view">
            <h2>"The essay's open questions, answered by the instrument"</h2>
            <p class="hint">
                "Each study is many independent training runs on the Lab's task, spread over this browser's cores. "
                "The charts fill in as each depth or width finishes. "
                "The same studies run natively with " <code>"creditflow depth"</code> " and " <code>"creditflow width"</code> "."
            </p>
            <p class=move || if task.get() == Data::Teacher { "hint" } else { "notice" } data-testid="studies-task">{move || match task.get() {
                Data::Teacher => "The task: the essay's teacher (20→30→5; its gain and the arithmetic from the Lab's settings).".to_string(),
                other => format!("The task: {}, chosen in the Lab, not the essay's teacher: the findings below are this task's, and the essay's numbers are not comparable to them.", other.describe()),
            }}</p>
            <h3 id="depth-study">"Depth: does the ordering of the requirements survive in deeper networks?"</h3>
            <p class="hint">{move || app.with(|a| format!(
                "Students of {} hidden layers of 64 units; bp, FA, DFA, no local derivatives, scrambled, node perturbation and readout only; the essay's 5 rates × 3 seeds, {} steps each, best rate per depth. The task stays the same at every depth.",
                a.get("depths").replace(',', ", "), a.lab.depth_steps
            ))}</p>
            <SizeFields app=app keys=["depths", "dsteps"] labels=["depths", "steps"]/>
            {move || app.with(|a| (a.lab.depth_steps < DepthSpec::default().grid.base.steps).then(|| view! {
                <p class="notice" data-testid="depth-reduced">{format!(
                    "{} steps, fewer than the command line's {}: the findings below come from shorter runs and may not hold at full length.",
                    a.lab.depth_steps, DepthSpec::default().grid.base.steps
                )}</p>
            }))}
            <StudyButtons handle=depth id="depth" start=start_depth label="run the depth study"/>
            <figure class="chart" data-testid="depth-figure" data-depths=move || depth_study.with(|s| s.depths().len())>
                <div class="chart-row">
                {canvas("depth-chart", "Test error against depth, one line per method", depth_chart(DepthKind::Scores))}
                {canvas("depth-cost-chart", "Each method's error over bp's at the same depth", depth_chart(DepthKind::Costs))}
                {canvas("depth-angle-chart", "FA's and DFA's alignment angle per layer against depth", depth_chart(DepthKind::Angles))}
                </div>
                <figcaption><span class="pan-hint">"Swipe each chart sideways to see all of it. "</span>"Test error, its ratio to bp at the same depth (the cost of removing each requirement), and FA's and DFA's final angle to the gradient per layer. "
                    <button class="small" data-testid="export-depth-csv" on:click=depth_csv>"CSV"</button>" "
                    <button class="small" data-testid="export-depth-json" on:click=depth_json>"JSON"</button>
                </figcaption>
            </figure>
            {data_table("depth", depth_open, depth_rows)}
            <ul class="findings" data-testid="depth-findings">
                {move || depth_findings(&depth_study.get()).into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
            </ul>
            {move || width_in.get().then(|| view! {
            <h3 id="width-study">"Width: does a shared score scale?"</h3>
            <p class="hint">{move || app.with(|a| format!(
                "Students of widths {} (two hidden layers); bp, FA, node and weight perturbation (weight perturbation's rates extended downward); 3 seeds, {} steps each. The target is {TARGET_TIMES_BP}× bp's final error at the same width.",
                a.get("widths").replace(',', ", "), a.lab.width_steps
            ))}</p>
            <SizeFields app=app keys=["widths", "wsteps"] labels=["widths", "steps"]/>
            {move || app.with(|a| (a.lab.width_steps < WidthSpec::default().grid.base.steps).then(|| view! {
                <p class="notice" data-testid="width-reduced">{format!(
                    "{} steps, fewer than the command line's {}: the findings below come from shorter runs and may not hold at full length.",
                    a.lab.width_steps, WidthSpec::default().grid.base.steps
                )}</p>
            }))}
            <p class="hint" data-testid="width-thresholds">"The failure boundary's bands, and why: “learns” is within 2× of bp's error, the essay's own test (a shared score that came within 2× of backprop at every width would refute its argument); “behind” is 2× to 5×, our choice: 5× is about the middle, on a log scale, between 2× and the readout-only floor (about 12× bp at width 64); beyond 5×, or diverged, “stalls”. Neither cut is a standard."</p>
            <StudyButtons handle=width id="width" start=start_width label="run the width study"/>
            <figure class="chart" data-testid="width-figure" data-widths=move || width_rows.with(|r| r.len())>
                <div class="chart-row">
                {canvas("width-chart", "Final test error against the number of weights", width_chart(WidthKind::Scores))}
                {canvas("width-steps-chart", "Steps to reach twice bp's error against the number of weights",
                    Signal::derive(move || WidthChart { rows: width_rows.get(), kind: WidthKind::Steps { steps: wsteps.get(), target_times: TARGET_TIMES_BP } }))}
                {canvas("boundary-map", "The failure boundary: width against how specific the feedback is", width_chart(WidthKind::Boundary))}
                </div>
                <figcaption><span class="pan-hint">"Swipe each chart sideways to see all of it. "</span>"The essay's falsification test: final error and steps to the target against the number of weights, and the failure boundary (each cell: the method's error over bp's at that width; learns ≤ 2×, behind ≤ 5×, else stalls; the steps to the target are measured every 50). "
                    <button class="small" data-testid="export-width-json" on:click=width_json>"JSON"</button>
                </figcaption>
            </figure>
            {data_table("width", width_open, width_rows_table)}
            <ul class="findings" data-testid="width-findings">
                {move || width_findings(&width_rows.get()).into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
            </ul>
            })}
            {move || harder_in.get().then(|| view! { <HarderTasks/> })}
        </section>
    }
}

/// Run and cancel, the progress bar, the time taken and any error.
#[component]
fn StudyButtons(
    handle: Handle,
    id: &'static str,
    start: impl Fn(web_sys::MouseEvent) + 'static,
    label: &'static str,
) -> impl IntoView {
    // memos: a run coming in changes the bar's value and the words only
    let on = Memo::new(move |_| handle.on());
    let shown = Memo::new(move |_| handle.state.with(Option::is_some));
    let fraction = Memo::new(move |_| {
        handle
            .state
            .with(|s| s.as_ref().map_or(0.0, |s| s.fraction))
    });
    let words = Memo::new(move |_| {
        handle.state.with(|s| {
            s.as_ref().map_or_else(String::new, |s| {
                let (done, total) = s.progress();
                match (s.on, s.seconds) {
                    (false, _) if s.from_before => format!(
                        "{total} runs, finished on an earlier visit and kept in this browser (run it again to time it here)"
                    ),
                    (true, _) => format!("{done} / {total} runs"),
                    (false, Some(t)) => format!(
                        "{total} runs in {t:.1} s on {}, {}",
                        s.ran_on.as_deref().unwrap_or("workers"),
                        kernels_label()
                    ),
                    (false, None) => format!("cancelled after {done} / {total} runs"),
                }
            })
        })
    });
    let note = Memo::new(move |_| {
        handle
            .state
            .with(|s| s.as_ref().and_then(|s| s.note.clone()))
    });
    view! {
        {move || handle.offer.get().map(|o| match o {
            Ok((done, total)) => view! {
                <p class="notice" role="status" data-testid=format!("{id}-resume-offer")>
                    {format!("This study was interrupted after {done} of {total} runs; they are kept in this browser. ")}
                    <button class="small" data-testid=format!("{id}-resume") on:click=move |_| handle.resume()>"resume it"</button>
                    " "
                    <button class="small" data-testid=format!("{id}-discard") on:click=move |_| { storage::remove(handle.key); handle.offer.set(None); }>"discard"</button>
                </p>
            }.into_any(),
            Err(e) => view! { <p class="notice" role="status">{format!("The interrupted study could not be resumed: {e}.")}</p> }.into_any(),
        })}
        <div class="lab-buttons">
            <button data-testid=format!("{id}-run") on:click=start disabled=on>{label}</button>
            <button data-testid=format!("{id}-cancel") on:click=move |_| handle.cancel() disabled=move || !on.get()>"cancel"</button>
        </div>
        {move || shown.get().then(|| view! { <ProgressLine id=id fraction=fraction words=words words_id=true/> })}
        {move || note.get().map(|n| view! { <p class="notice" data-testid=format!("{id}-note")>{n}</p> })}
    }
}

/// Text fields for a study's URL keys (see `key_field`).
#[component]
fn SizeFields(
    app: RwSignal<AppState>,
    keys: [&'static str; 2],
    labels: [&'static str; 2],
) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let field = move |key: &'static str, label: &'static str| {
        key_field(app, problem, key, label, format!("study-{key}"))
    };
    view! {
        <div class="settings study-settings">
            {field(keys[0], labels[0])}
            {field(keys[1], labels[1])}
            {move || problem.get().map(|p| view! { <p class="error small" role="alert">{p}</p> })}
        </div>
    }
}

/// The harder-tasks study, as the command line ran it (shipped with the
/// site: 270 runs of 3,000 steps are minutes even on a laptop's workers).
#[component]
fn HarderTasks() -> impl IntoView {
    use crate::page::studies::tasks::{TasksTable, TASKS_COMMAND, TASKS_FILE};
    let got = RwSignal::new(None::<Result<TasksTable, String>>);
    let load = move |_| {
        leptos::task::spawn_local(async move {
            let t = crate::ui::shell::download::fetch_text(TASKS_FILE)
                .await
                .and_then(|t| TasksTable::from_json(&t));
            got.set(Some(t));
        });
    };
    let shown = move || {
        got.get().map(|t| match t {
            Err(e) => view! { <p class="error" role="alert" data-testid="tasks-error">{e}</p> }.into_any(),
            Ok(t) => {
                let head = t.settings.iter().map(|s| view! { <th scope="col">{s.clone()}</th><th scope="col">"× bp"</th> }).collect_view();
                let rows = t.rows.iter().map(|r| {
                    let cells = r.cells.iter().zip(&t.settings).map(|((score, ratio), s)| view! {
                        <td data-label=s.clone()>{score.clone()}</td>
                        <td data-label=format!("{s}: × bp")>{ratio.clone()}</td>
                    }).collect_view();
                    view! { <tr><td data-label="method">{r.method.clone()}</td>{cells}<td data-label="conv kernels' angle to bp">{r.conv_angle.map_or("—".into(), |a| format!("{a:.0}°"))}</td></tr> }
                }).collect_view();
                view! {
                    <table class="results stack" data-testid="tasks-table">
                        <thead><tr><th scope="col">"method"</th>{head}<th scope="col">"conv kernels' angle to bp's update"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    <p class="hint">"Scores: test normalised MSE on the teacher, test error rate on the digits (always guessing the commonest class errs 0.880); lower is better. "{format!("Made by `{TASKS_COMMAND}`: {}.", t.made)}</p>
                    <ul class="findings" data-testid="tasks-findings">{t.finding.iter().map(|f| view! { <li>{f.clone()}</li> }).collect_view()}</ul>
                    {t.floor.clone().map(|f| view! { <p class="hint" data-testid="tasks-floor">{f}</p> })}
                    <h4>"Published figures: other people's numbers, on other tasks and networks"</h4>
                    <ul class="hint" data-testid="tasks-published">{t.published.iter().map(|p| view! { <li>{p.clone()}</li> }).collect_view()}</ul>
                }
                .into_any()
            }
        })
    };
    view! {
        <h3 id="tasks-study">"Harder tasks: does feedback alignment stop working on images and a convolutional layer?"</h3>
        <p class="hint">"The essay's counterexample (Part 2): the same rules, each at its best rate chosen on held-out rows, on the teacher, on the digits (1,797 handwritten 8×8 images, 10 classes) with the dense student, and on the digits with a convolutional first layer (3×3 kernels, 8 channels). "{crate::lab::data::DIGITS_CREDIT}</p>
        <button data-testid="tasks-load" on:click=load>"show the command line's run"</button>
        {shown}
    }
}
