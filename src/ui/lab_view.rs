//! The lab: the essay's Parts 2–3 made live. The R1–R5 ticks (shared with
//! the worked example) pick the method that trains; any method can be
//! added beside it. Training runs in small time-boxed chunks per animation
//! frame, so the page never freezes; the charts redraw as it goes.

use super::charts::{draw_angle, draw_curves, draw_scaling, Series};
use super::download;
use super::url_state::{AppState, View, MAX_STEPS};
use super::worker::{worker_count, Pool};
use crate::lab::method::{select, select_note, R3_CHOICES, R4_CHOICES};
use crate::lab::scaling::{ScalingRow, ScalingRun, SAMPLES, WIDTHS};
use crate::lab::session::Session;
use crate::lab::grid::{GridRunner, GridSpec, ESSAY_LRS, ESSAY_SEEDS};
use crate::lab::summary::{angle_series, angle_summary, summarise, Summary};
use crate::lab::{Method, RunConfig, Task, TaskShape};
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// Milliseconds of training per animation frame: well under one frame's
/// 16 ms at 60 Hz, so the page stays responsive.
const FRAME_BUDGET_MS: f64 = 12.0;
/// Charts redraw at most this often while training (≥ 10 per second).
const REDRAW_MS: f64 = 50.0;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The finished sweep: its table, and FA's angle series.
#[derive(Clone, Debug, PartialEq)]
struct SweepDone {
    summary: Vec<Summary>,
    steps: usize,
    seconds: f64,
    steps_per_second: f64,
    angle: Option<(Vec<usize>, Vec<f64>)>,
    /// Where it ran: "2 workers" or "the main thread".
    on: String,
}

/// Everything the frame loop touches; all fields are `Copy` handles.
#[derive(Clone, Copy)]
struct Lab {
    app: RwSignal<AppState>,
    task: StoredValue<Option<Arc<Task>>>,
    session: StoredValue<Option<Session>>,
    running: RwSignal<bool>,
    sweep: StoredValue<Option<GridRunner>>,
    pool: StoredValue<Option<Rc<RefCell<Pool>>>, LocalStorage>,
    sweep_error: RwSignal<Option<String>>,
    sweep_on: RwSignal<bool>,
    sweep_progress: RwSignal<(f64, usize, usize)>,
    sweep_started: StoredValue<f64>,
    sweep_done: RwSignal<Option<SweepDone>>,
    /// The scaling table's rows so far, and the run computing them.
    scaling: RwSignal<Vec<ScalingRow>>,
    scaling_run: StoredValue<Option<ScalingRun>>,
    /// Bumped when the session's data changed and the charts should redraw.
    version: RwSignal<u64>,
    /// Training steps per second over the last frames, for the status line.
    rate: RwSignal<f64>,
    looping: StoredValue<bool>,
    last_draw: StoredValue<f64>,
}

impl Lab {
    fn task(&self) -> Arc<Task> {
        if let Some(t) = self.task.get_value() {
            return t;
        }
        let t = Arc::new(Task::new(TaskShape::default()));
        self.task.set_value(Some(t.clone()));
        t
    }

    fn config(&self) -> (Vec<Method>, RunConfig) {
        self.app.with_untracked(|a| {
            (
                a.training(),
                RunConfig {
                    lr: a.lr,
                    seed: a.seed,
                    steps: a.steps,
                    ..RunConfig::default()
                },
            )
        })
    }

    fn run(&self) {
        if self
            .session
            .with_value(|s| s.as_ref().is_none_or(Session::finished))
        {
            let (methods, base) = self.config();
            self.session
                .set_value(Some(Session::new(&methods, base, self.task())));
        }
        self.running.set(true);
        self.start_loop();
    }

    fn reset(&self) {
        self.running.set(false);
        self.session.set_value(None);
        self.version.update(|v| *v += 1);
    }

    fn start_sweep(&self) {
        let steps = self.app.with_untracked(|a| a.steps);
        let spec = GridSpec {
            methods: Method::ALL.to_vec(),
            lrs: ESSAY_LRS.to_vec(),
            seeds: ESSAY_SEEDS.to_vec(),
            base: RunConfig {
                steps,
                ..RunConfig::default()
            },
            ..GridSpec::default()
        };
        self.sweep_progress.set((0.0, 0, spec.jobs().len()));
        self.sweep_started.set_value(now());
        self.sweep_done.set(None);
        self.sweep_error.set(None);
        self.sweep_on.set(true);
        // off the main thread, one worker per core; on it, in chunks, if
        // workers cannot start here
        let lab = *self;
        let n = worker_count();
        let spec2 = spec.clone();
        let pool = Pool::start(
            spec.jobs(),
            n,
            move |done, total| {
                lab.sweep_progress
                    .set((done as f64 / total.max(1) as f64, done, total))
            },
            move |runs| lab.finish_sweep(&spec2, &runs, format!("{n} workers")),
            move |e| {
                lab.sweep_error.set(Some(e));
                lab.sweep_on.set(false);
                lab.pool.set_value(None);
            },
        );
        match pool {
            Ok(p) => self.pool.set_value(Some(p)),
            Err(e) => {
                leptos::logging::warn!("{e}; training the sweep on the main thread");
                self.sweep
                    .set_value(Some(GridRunner::new(spec, self.task())));
                self.start_loop();
            }
        }
    }

    fn cancel_sweep(&self) {
        self.sweep_on.set(false);
        self.sweep.set_value(None);
        if let Some(p) = self.pool.get_value() {
            p.borrow_mut().stop();
        }
        self.pool.set_value(None);
    }

    fn finish_sweep(&self, spec: &GridSpec, runs: &[crate::lab::grid::Run], on: String) {
        let summary = summarise(spec, runs);
        let angle = angle_series(runs, &summary, Method::Fa, 1);
        let seconds = (now() - self.sweep_started.get_value()) / 1000.0;
        let total_steps: usize = runs.iter().map(|r| r.result.steps_done).sum();
        self.sweep_done.set(Some(SweepDone {
            summary,
            steps: spec.base.steps,
            seconds,
            steps_per_second: total_steps as f64 / seconds.max(1e-9),
            angle,
            on,
        }));
        self.sweep_on.set(false);
        self.pool.set_value(None);
    }

    fn start_loop(&self) {
        if !self.looping.get_value() {
            self.looping.set_value(true);
            let lab = *self;
            request_animation_frame(move || lab.frame());
        }
    }

    /// One animation frame: train until the budget is spent, then maybe
    /// redraw, and ask for another frame while anything is left to do.
    fn frame(self) {
        let start = now();
        let mut steps = 0usize;
        if self.running.get_untracked() {
            self.session.update_value(|s| {
                if let Some(s) = s {
                    while now() - start < FRAME_BUDGET_MS && s.step_one() {
                        steps += 1;
                    }
                    if s.finished() {
                        self.running.set(false);
                    }
                }
            });
        }
        if self.sweep.with_value(Option::is_some) {
            self.sweep_frame(start, &mut steps);
        }
        if self.scaling.with_untracked(|r| r.len() < WIDTHS.len())
            && self.app.with_untracked(|a| a.view == View::Lab)
        {
            // one estimate at a time, within what is left of the budget
            if self.scaling_run.with_value(Option::is_none) {
                self.scaling_run
                    .set_value(Some(ScalingRun::new(self.task(), &WIDTHS, SAMPLES)));
            }
            let mut rows = None;
            self.scaling_run.update_value(|r| {
                if let Some(r) = r {
                    let before = r.rows.len();
                    while now() - start < FRAME_BUDGET_MS && r.step_one() {}
                    if r.rows.len() > before {
                        rows = Some(r.rows.clone());
                    }
                }
            });
            if let Some(rows) = rows {
                self.scaling.set(rows);
            }
        }
        let elapsed = (now() - start).max(1e-3);
        if steps > 0 {
            self.rate.set(steps as f64 / elapsed * 1000.0);
        }
        let busy = self.running.get_untracked() || self.sweep.with_value(Option::is_some);
        if now() - self.last_draw.get_value() > REDRAW_MS || !busy {
            self.last_draw.set_value(now());
            self.version.update(|v| *v += 1);
        }
        let scaling_left = self.scaling.with_untracked(|r| r.len() < WIDTHS.len())
            && self.app.with_untracked(|a| a.view == View::Lab);
        if busy || scaling_left {
            request_animation_frame(move || self.frame());
        } else {
            self.looping.set_value(false);
        }
    }

    /// The main-thread fallback: the sweep in time-boxed chunks.
    fn sweep_frame(&self, start: f64, steps: &mut usize) {
        let mut finished = None;
        self.sweep.update_value(|r| {
            if let Some(r) = r {
                while now() - start < FRAME_BUDGET_MS && !r.finished() {
                    *steps += r.advance(200);
                }
                let (done, total) = r.counts();
                self.sweep_progress.set((r.fraction(), done, total));
                if r.finished() {
                    finished = Some((r.spec.clone(), std::mem::take(&mut r.runs)));
                }
            }
        });
        if let Some((spec, runs)) = finished {
            self.sweep.set_value(None);
            self.finish_sweep(&spec, &runs, "the main thread".into());
        }
    }
}

#[component]
pub fn LabView() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let lab = Lab {
        app,
        task: StoredValue::new(None),
        session: StoredValue::new(None),
        running: RwSignal::new(false),
        sweep: StoredValue::new(None),
        pool: StoredValue::new_local(None),
        sweep_error: RwSignal::new(None),
        sweep_on: RwSignal::new(false),
        sweep_progress: RwSignal::new((0.0, 0, 0)),
        sweep_started: StoredValue::new(0.0),
        sweep_done: RwSignal::new(None),
        scaling: RwSignal::new(Vec::new()),
        scaling_run: StoredValue::new(None),
        version: RwSignal::new(0),
        rate: RwSignal::new(0.0),
        looping: StoredValue::new(false),
        last_draw: StoredValue::new(0.0),
    };
    // a change of configuration starts a fresh comparison
    let config = Memo::new(move |_| app.with(|a| (a.training(), a.lr, a.seed, a.steps)));
    Effect::new(move |prev: Option<()>| {
        config.track();
        if prev.is_some() {
            lab.reset();
        }
    });
    // the scaling table is computed in time-boxed slices when the lab is shown
    Effect::new(move |_| {
        if app.with(|a| a.view == View::Lab) {
            lab.start_loop();
        }
    });

    view! {
        <section class="lab-view">
            <div class="col controls">
                <h2>"What trains"</h2>
                <Variants app=app/>
                <Selected app=app/>
                <MethodList app=app/>
                <Settings app=app/>
            </div>
            <div class="col centre">
                <div class="lab-buttons" role="group" aria-label="Training">
                    <button data-testid="lab-run" on:click=move |_| lab.run() disabled=move || lab.running.get()>"▶ run"</button>
                    <button data-testid="lab-pause" on:click=move |_| lab.running.set(false) disabled=move || !lab.running.get()>"pause"</button>
                    <button data-testid="lab-reset" on:click=move |_| lab.reset()>"reset"</button>
                    <span class="hint" data-testid="lab-status">{move || status_line(&lab)}</span>
                </div>
                <CurveChart lab=lab/>
                <RunTable lab=lab/>
                <AngleChart lab=lab/>
                <ScalingChart lab=lab/>
            </div>
            <div class="col side">
                <Reproduce lab=lab/>
            </div>
        </section>
    }
}

fn status_line(lab: &Lab) -> String {
    lab.version.track();
    let running = lab.running.get();
    lab.session.with_value(|s| match s {
        None => "Press run to train the selected methods side by side.".into(),
        Some(s) => {
            let total = s.base.steps;
            let what = if running {
                format!(
                    "training: step {} / {total}, {:.0} steps/s",
                    s.step(),
                    lab.rate.get_untracked()
                )
            } else if s.finished() {
                format!("done: {total} steps")
            } else {
                format!("paused at step {} / {total}", s.step())
            };
            format!("{what} (learning rate {}, seed {})", s.base.lr, s.base.seed)
        }
    })
}

#[component]
fn Variants(app: RwSignal<AppState>) -> impl IntoView {
    let pick = move |list: &'static [Method],
                     get: fn(&AppState) -> Method,
                     set: fn(&mut AppState, Method),
                     id: &'static str| {
        view! {
            <select data-testid=id on:change=move |e| {
                if let Some(m) = Method::from_id(&event_target_value(&e)) {
                    app.update(|a| set(a, m));
                }
            }>
                {list.iter().map(|&m| view! {
                    <option value=m.id() selected=move || app.with(|a| get(a) == m)>{m.name()}</option>
                }).collect_view()}
            </select>
        }
    };
    view! {
        <div class="variants">
            <label>"R3 removed by: " {pick(&R3_CHOICES, |a| a.r3, |a, m| a.r3 = m, "lab-r3")}</label>
            <label>"R4 removed by: " {pick(&R4_CHOICES, |a| a.r4, |a, m| a.r4 = m, "lab-r4")}</label>
        </div>
    }
}

#[component]
fn Selected(app: RwSignal<AppState>) -> impl IntoView {
    move || {
        app.with(|a| {
            let m = select(a.kept, a.r3, a.r4);
            view! {
                <p class="selected" data-testid="lab-selected">
                    "The ticks select " <b>{m.name()}</b> <code>{format!(" {}", m.id())}</code> ": " {m.keeps()} "."
                </p>
                {select_note(a.kept).map(|n| view! { <p class="notice">{n}</p> })}
            }
        })
    }
}

#[component]
fn MethodList(app: RwSignal<AppState>) -> impl IntoView {
    view! {
        <details class="methods" open>
            <summary>"Add methods and controls"</summary>
            <ul>
                {Method::ALL.iter().map(|&m| {
                    let id = format!("method-{}", m.id());
                    view! {
                        <li>
                            <label>
                                <input type="checkbox" data-testid=id
                                    prop:checked=move || app.with(|a| a.training().contains(&m))
                                    disabled=move || app.with(|a| select(a.kept, a.r3, a.r4) == m)
                                    on:change=move |e| {
                                        let on = event_target_checked(&e);
                                        app.update(|a| {
                                            a.methods.retain(|x| *x != m);
                                            if on {
                                                a.methods.push(m);
                                            }
                                        });
                                    }/>
                                <span class="swatch" style=format!("background: {}", css_color(m))></span>
                                {m.name()}
                            </label>
                            <span class="hint">{m.keeps()}</span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </details>
    }
}

fn css_color(m: Method) -> String {
    let c = super::charts::method_color(m);
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// A number field that only accepts values `parse` accepts, with a message
/// otherwise; the last good value stays in force.
#[component]
fn Settings(app: RwSignal<AppState>) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let field = move |id: &'static str,
                      label: &'static str,
                      get: fn(&AppState) -> String,
                      set: fn(&mut AppState, &str) -> bool,
                      hint: &'static str| {
        view! {
            <label class="setting">
                <span>{label}</span>
                <input type="text" inputmode="decimal" data-testid=id prop:value=move || app.with(get)
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        let mut ok = false;
                        app.update(|a| ok = set(a, v.trim()));
                        let good = app.with_untracked(get);
                        problem.set((!ok).then(|| format!("“{v}” is not {hint}; keeping {good}")));
                        if !ok {
                            // the field shows the value in force again
                            event_target::<web_sys::HtmlInputElement>(&e).set_value(&good);
                        }
                    }/>
            </label>
        }
    };
    view! {
        <div class="settings">
            {field("lab-lr", "learning rate", |a| a.lr.to_string(), |a, v| match v.parse::<f64>() {
                Ok(x) if x > 0.0 && x <= 10.0 => { a.lr = x; true }
                _ => false,
            }, "a learning rate in (0, 10]")}
            {field("lab-seed", "seed", |a| a.seed.to_string(), |a, v| match v.parse::<u64>() {
                Ok(x) => { a.seed = x; true }
                _ => false,
            }, "a whole-number seed")}
            {field("lab-steps", "steps", |a| a.steps.to_string(), |a, v| match v.parse::<usize>() {
                Ok(x) if (1..=MAX_STEPS).contains(&x) => { a.steps = x; true }
                _ => false,
            }, "a step count from 1 to 20000")}
            {move || problem.get().map(|p| view! { <p class="error small" role="alert">{p}</p> })}
        </div>
    }
}

/// A canvas redrawn by `draw` whenever the lab's data version changes.
fn chart_canvas(
    lab: Lab,
    id: &'static str,
    label: &'static str,
    draw: impl Fn(
            &Lab,
            plotters::drawing::DrawingArea<CanvasBackend, plotters::coord::Shift>,
        ) -> Result<(), String>
        + 'static,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let failed = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        lab.version.track();
        lab.scaling.track();
        let Some(el) = canvas.get() else { return };
        let Some(backend) = CanvasBackend::with_canvas_object(el) else {
            return;
        };
        let root = backend.into_drawing_area();
        let r = draw(&lab, root.clone()).and_then(|_| root.present().map_err(|e| format!("{e:?}")));
        failed.set(r.err());
    });
    let png = move |_| {
        if let Some(el) = canvas.get_untracked() {
            if let Ok(url) = el.to_data_url() {
                download::url(&url, &format!("creditflow-{id}.png"));
            }
        }
    };
    view! {
        <figure class="chart">
            <canvas node_ref=canvas data-testid=id width="760" height="340" role="img" aria-label=label></canvas>
            <figcaption>
                {label}
                " " <button class="small" data-testid=format!("export-png-{id}") on:click=png>"PNG"</button>
                {move || failed.get().map(|e| view! { <span class="error small">{e}</span> })}
            </figcaption>
        </figure>
    }
}

#[component]
fn CurveChart(lab: Lab) -> impl IntoView {
    chart_canvas(
        lab,
        "curve-chart",
        "Learning curves: test normalised MSE against training step; controls dashed.",
        |lab, root| {
            let (series, steps) = lab.session.with_value(|s| match s {
                Some(s) => (
                    s.runs
                        .iter()
                        .map(|r| Series {
                            method: r.trainer.cfg.method,
                            points: r.curve.clone(),
                            diverged_at: r.trainer.diverged_at(),
                        })
                        .collect(),
                    s.base.steps,
                ),
                None => (Vec::new(), lab.app.with_untracked(|a| a.steps)),
            });
            draw_curves(&root, &series, steps)
        },
    )
}

#[component]
fn AngleChart(lab: Lab) -> impl IntoView {
    chart_canvas(lab, "angle-chart", "Feedback alignment: angle between the W₂ update and the true gradient, every 100 steps (add fa or dfa to see it).", |lab, root| {
        let (lines, steps) = lab.session.with_value(|s| match s {
            Some(s) => (
                s.runs
                    .iter()
                    .filter(|r| matches!(r.trainer.cfg.method, Method::Fa | Method::Dfa))
                    .map(|r| (r.trainer.cfg.method, r.trainer.angles.iter().map(|&(s, a)| (s, a[1])).collect()))
                    .collect::<Vec<_>>(),
                s.base.steps,
            ),
            None => (Vec::new(), lab.app.with_untracked(|a| a.steps)),
        });
        draw_angle(&root, &lines, steps)
    })
}

#[component]
fn ScalingChart(lab: Lab) -> impl IntoView {
    view! {
        {chart_canvas(lab, "scaling-chart", "One-shot perturbation estimates: mean cosine of 40 with the true gradient, against the number of weights (hidden 8 to 256), computed in this page.", |lab, root| {
            lab.scaling.with_untracked(|rows| draw_scaling(&root, rows))
        })}
        <p class="hint" data-testid="scaling-status">{move || {
            let n = lab.scaling.with(Vec::len);
            if n < WIDTHS.len() { format!("computing: {n} of {} widths", WIDTHS.len()) } else { "computed in this page: seed 0, first minibatch, 40 estimates per width".into() }
        }}</p>
    }
}

/// Per method: the current score and where it stands.
#[component]
fn RunTable(lab: Lab) -> impl IntoView {
    let rows = move || {
        lab.version.track();
        lab.session.with_value(|s| {
            s.as_ref().map(|s| {
                s.runs
                    .iter()
                    .map(|r| {
                        let m = r.trainer.cfg.method;
                        let last = r.curve.last().map_or(f64::NAN, |p| p.1);
                        let score = match r.trainer.diverged_at() {
                            Some(at) => format!("diverged at step {at}"),
                            None => format!("{last:.4}"),
                        };
                        view! {
                            <tr data-testid=format!("live-{}", m.id())>
                                <td><span class="swatch" style=format!("background: {}", css_color(m))></span>{m.id()}</td>
                                <td>{m.removes()}</td>
                                <td>{r.trainer.steps_done()}</td>
                                <td>{score}</td>
                            </tr>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let csv = move |_| {
        if let Some(text) = lab
            .session
            .with_value(|s| s.as_ref().map(Session::curves_csv))
        {
            download::text(&text, "creditflow-curves.csv", "text/csv");
        }
    };
    let json = move |_| {
        if let Some(v) = lab
            .session
            .with_value(|s| s.as_ref().map(Session::curves_json))
        {
            download::text(&v.to_string(), "creditflow-curves.json", "application/json");
        }
    };
    view! {
        <table class="live" data-testid="live-table">
            <thead><tr><th>"method"</th><th>"removes"</th><th>"step"</th><th>"test nMSE"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
        <p class="exports">"Export the curves: "
            <button class="small" data-testid="export-curves-csv" on:click=csv>"CSV"</button>
            <button class="small" data-testid="export-curves-json" on:click=json>"JSON"</button>
        </p>
    }
}

#[component]
fn Reproduce(lab: Lab) -> impl IntoView {
    let table_csv = move |_| {
        if let Some(d) = lab.sweep_done.get_untracked() {
            download::text(
                &crate::lab::summary::summary_csv(&d.summary),
                "creditflow-table.csv",
                "text/csv",
            );
        }
    };
    let table_json = move |_| {
        if let Some(d) = lab.sweep_done.get_untracked() {
            let v = json!({ "steps": d.steps, "summary": d.summary });
            download::text(&v.to_string(), "creditflow-table.json", "application/json");
        }
    };
    view! {
        <h2>"Reproduce the essay"</h2>
        <p class="hint">{move || format!(
            "All 12 methods × 5 learning rates × 3 seeds, {} steps each, in this page (3,000 is the essay's; set steps to shorten it).",
            lab.app.with(|a| a.steps)
        )}</p>
        <div class="lab-buttons">
            <button data-testid="lab-sweep" on:click=move |_| lab.start_sweep() disabled=move || lab.sweep_on.get()>"reproduce the table"</button>
            <button data-testid="lab-cancel" on:click=move |_| lab.cancel_sweep() disabled=move || !lab.sweep_on.get()>"cancel"</button>
        </div>
        {move || {
            let (frac, done, total) = lab.sweep_progress.get();
            (lab.sweep_on.get() || lab.sweep_done.with(Option::is_some)).then(|| view! {
                <div class="progress">
                    <progress data-testid="lab-progress" max="1" value=frac.to_string()></progress>
                    <span>{format!("{done} / {total} runs ({:.0}%)", frac * 100.0)}</span>
                </div>
            })
        }}
        {move || lab.sweep_error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        {move || lab.sweep_done.get().map(|d| view! {
            <p class="hint" data-testid="sweep-time">{format!(
                "{} runs of {} steps in {:.1} s ({:.0} steps/s, on {}).",
                d.summary.len() * 15, d.steps, d.seconds, d.steps_per_second, d.on
            )}</p>
            {(d.steps != 3000).then(|| view! { <p class="notice">"Fewer steps than the essay's 3,000: the numbers are not comparable to its table."</p> })}
            <table class="results" data-testid="lab-table">
                <thead><tr><th>"method"</th><th>"removes"</th><th>"best lr"</th><th>"median"</th><th>"seeds"</th><th>"essay"</th></tr></thead>
                <tbody>
                    {d.summary.iter().map(|s| {
                        let score = |x: f64| if x.is_finite() { format!("{x:.3}") } else { "diverged".into() };
                        let seeds: Vec<String> = s.seed_scores.iter().map(|&x| score(x)).collect();
                        view! {
                            <tr data-testid=format!("row-{}", s.method.id())>
                                <td>{s.method.name()}</td>
                                <td>{s.method.removes()}</td>
                                <td>{s.best_lr.map_or("—".into(), |l| l.to_string())}</td>
                                <td><b>{score(s.median)}</b></td>
                                <td class="seeds">{seeds.join(" ")}</td>
                                <td>{s.method.essay_text()}</td>
                            </tr>
                            {s.note(None).map(|n| view! { <tr class="note"><td colspan="6">{n}</td></tr> })}
                        }
                    }).collect_view()}
                </tbody>
            </table>
            {angle_note(&d)}
            <p class="exports">"Export the table: "
                <button class="small" data-testid="export-table-csv" on:click=table_csv>"CSV"</button>
                <button class="small" data-testid="export-table-json" on:click=table_json>"JSON"</button>
            </p>
        })}
    }
}

fn angle_note(d: &SweepDone) -> impl IntoView {
    let angle = d
        .angle
        .as_ref()
        .map(|(steps, deg)| angle_summary(steps, deg));
    view! {
        <p class="hint">"Scores are test normalised MSE: 1 is predicting the mean; lower is better. A diverged run counts as +∞ in the median."</p>
        {angle.map(|a| view! { <p class="hint" data-testid="sweep-angle">{a}</p> })}
    }
}
