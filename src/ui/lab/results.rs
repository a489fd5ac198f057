//! The lab's tables: the live runs (rate, step, score, ratio to bp, the
//! latest per-layer angles) and the essay's table reproduced in the page,
//! with their exports. Every note here stands on its own.

use crate::lab::notebook::Format;
use crate::lab::study::grid::{Edge, CAREFUL_SEEDS, CAREFUL_TASK_SEEDS};
use crate::lab::study::summary::{
    angle_series, angle_summary, divergence_cap, ranked, readout_floor, summary_csv, teacher_gap,
    within_noise, Summary,
};
use crate::lab::train::config::Protocol;
use crate::lab::Method;
use crate::page::lab::controller::PRECOMPUTED_FILE;
use crate::page::lab::session::{curves_csv, curves_json, times_reference, RunStatus};
use crate::ui::charts::plots::Score;
use crate::ui::lab::controls::swatch;
use crate::ui::lab::handle::Lab;
use crate::ui::shell::download;
use crate::ui::shell::widgets::ProgressLine;
use leptos::prelude::*;
use serde_json::json;

fn score(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.3}")
    } else {
        "diverged".into()
    }
}

/// The task of `base` in a few words: the teacher with its gain, or the
/// dataset (with a conv first layer when it has one).
pub(crate) fn task_words(base: &crate::lab::RunConfig) -> String {
    use crate::lab::data::Data;
    use crate::lab::train::config::Arch;
    let data = base.teacher.data;
    let arch = if base.arch == Arch::Conv {
        ", a conv first layer"
    } else {
        ""
    };
    match data {
        Data::Teacher => format!("the teacher (gain {})", base.teacher.gain),
        Data::Digits => format!("the digits{arch}"),
        Data::File { .. } => "your file".into(),
    }
}

/// What the table's scores are, for its task.
fn scores_are(d: &crate::page::lab::controller::GridDone) -> String {
    match d.chance {
        Some(chance) => format!(
            "Scores are test error rates on {}: always guessing the commonest class errs {chance:.3}; lower is better.",
            d.spec.base.teacher.data.describe()
        ),
        None => "Scores are test normalised MSE: 1 is predicting the mean; lower is better.".into(),
    }
}

/// The chosen rate, marked ↑ or ↓ at the top or bottom of those tried.
fn best_rate(s: &Summary) -> String {
    let mark = match s.edge {
        Some(Edge::Top) => " ↑",
        Some(Edge::Bottom) => " ↓",
        None => "",
    };
    s.best_lr.map_or("—".into(), |l| format!("{l}{mark}"))
}

/// The layers whose update angles the tables show, a column each.
const LAYERS: [&str; 3] = ["W₁", "W₂", "W₃"];

/// The angle columns' headers: `which` angle ("final", "last measured").
fn angle_heads(which: &'static str) -> impl IntoView {
    LAYERS
        .map(|w| view! { <th title=format!("the angle of {w}'s update with the exact gradient, {which}")>{format!("angle {w}")}</th> })
}

/// A header with "× bp" in it, spoken "times backprop".
fn times_bp(head: &'static str) -> impl IntoView {
    view! {
        <span aria-hidden="true">{head}</span>
        <span class="sr-only">{head.replace("× bp", "times backprop")}</span>
    }
}

fn degrees(a: Option<f64>) -> String {
    a.map_or("—".into(), |d| format!("{d:.0}°"))
}

/// What a live row shows that changes as its run trains.
#[derive(Clone, PartialEq)]
struct LiveCells {
    rate: String,
    step: usize,
    score_label: &'static str,
    score: String,
    ratio: String,
    angles: Vec<String>,
}

impl LiveCells {
    /// Method `m`'s cells on the board (none if it is not there).
    fn of(board: &[RunStatus], m: Method) -> Option<Self> {
        let r = board.iter().find(|r| r.method() == m)?;
        let s = r.score();
        let a = r.angles.last().map(|a| a.1.clone()).unwrap_or_default();
        Some(Self {
            rate: r.cfg.lr.to_string(),
            step: r.steps_done,
            score_label: match Score::of(&r.cfg) {
                Score::Nmse => "test nMSE",
                Score::ErrorRate => "test error rate",
            },
            score: match r.diverged_at {
                Some(at) => format!("diverged at step {at}"),
                None => score(s),
            },
            ratio: times_reference(board, m, s),
            angles: a.into_iter().map(degrees).collect(),
        })
    }
}

/// Per method: its rate, step, score, ratio to bp, and latest angles.
/// A row is drawn once per run; its cells follow the run's reports.
#[component]
pub(crate) fn RunTable(lab: Lab) -> impl IntoView {
    let methods =
        Memo::new(move |_| lab.read(|c| c.board.iter().map(|r| r.method()).collect::<Vec<_>>()));
    let rows = move || {
        methods
            .get()
            .into_iter()
            .map(|m| {
                let cells = Memo::new(move |_| lab.read(|c| LiveCells::of(&c.board, m)));
                let cell = move |f: fn(&LiveCells) -> String| move || cells.with(|c| c.as_ref().map(f).unwrap_or_default());
                view! {
                    <tr data-testid=format!("live-{}", m.id())>
                        <td data-label="method">{swatch(m)}{m.name()}</td>
                        <td data-label="removes">{m.removes()}</td>
                        <td data-label="rate">{cell(|c| c.rate.clone())}</td>
                        <td data-label="step">{cell(|c| c.step.to_string())}</td>
                        <td data-label=move || cells.with(|c| c.as_ref().map_or("test score", |c| c.score_label))>{cell(|c| c.score.clone())}</td>
                        <td data-label="× bp">{cell(|c| c.ratio.clone())}</td>
                        {LAYERS.iter().enumerate().map(|(i, w)| view! {
                            <td data-label=format!("angle {w}") class="angles">{move || cells.with(|c| c.as_ref().and_then(|c| c.angles.get(i).cloned()).unwrap_or_default())}</td>
                        }).collect_view()}
                    </tr>
                }
            })
            .collect_view()
    };
    let csv = move |_| {
        let text = lab.read(|c| curves_csv(&c.board));
        download::text(&text, "creditflow-curves.csv", "text/csv");
    };
    let json = move |_| {
        let v = lab.read(|c| curves_json(&c.board));
        download::text(&v.to_string(), "creditflow-curves.json", "application/json");
    };
    view! {
        <div class="slide">
        <table class="live stack" data-testid="live-table">
            <caption class="sr-only">"Each method's run so far: its test score (lower is better), that score divided by backprop's, and the angle of each layer's update with the exact gradient"</caption>
            <thead><tr>
                <th>"method"</th><th>"removes"</th><th>"rate"</th><th>"step"</th><th title="normalised MSE; the error rate where the run classifies">"test score (lower is better)"</th>
                <th title="the score divided by exact backprop's on the same task">{times_bp("× bp")}</th>
                {angle_heads("last measured")}
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
        {move || lab.read(|c| c.board.iter().any(|r| r.diverged_at.is_some())).then(|| view! {
            <p class="hint" data-testid="divergence-rule">{format!(
                "A run “diverges” when it crosses the cap, {}, and stops there; sign dropped does so \
                 at every rate (the essay describes it overflowing).",
                divergence_cap()
            )}</p>
        })}
        <p class="exports">"Export the curves and angles: "
            <button class="small" data-testid="export-curves-csv" on:click=csv>"CSV"</button>
            <button class="small" data-testid="export-curves-json" on:click=json>"JSON"</button>
        </p>
        <NotebookExport lab=lab grid=false note=RwSignal::new(None)/>
    }
}

#[component]
pub(crate) fn Reproduce(lab: Lab) -> impl IntoView {
    let table_csv = move |_| {
        if let Some(text) = lab.read(|c| c.grid.done.as_ref().map(|d| summary_csv(&d.summary))) {
            download::text(&text, "creditflow-table.csv", "text/csv");
        }
    };
    let table_json = move |_| {
        let v = lab.read(|c| {
            c.grid
                .done
                .as_ref()
                .map(|d| json!({
                    "provenance": d.spec.provenance(),
                    "spec": d.spec,
                    "made": if d.precomputed { d.on.clone() } else { format!("run in the page, on {}", d.on) },
                    "steps": d.steps, "teacher": d.teacher, "precision": d.precision,
                    "summary": d.summary,
                    "runs": d.runs.iter().map(|r| json!({
                        "method": r.cfg.method.id(), "lr": r.cfg.lr, "seed": r.cfg.seed, "task_seed": r.cfg.teacher.seed,
                        "nmse": r.result.nmse.is_finite().then_some(r.result.nmse), "diverged": r.result.diverged,
                        "steps_done": r.result.steps_done,
                    })).collect::<Vec<_>>(),
                }))
        });
        if let Some(v) = v {
            download::text(&v.to_string(), "creditflow-table.json", "application/json");
        }
    };
    let on = move || lab.read(|c| c.grid.on);
    // the bar drawn once, its value and words following the grid (a
    // precomputed table ran nothing here: no progress to show)
    let grid_shown = Memo::new(move |_| {
        lab.read(|c| c.grid.on || c.grid.done.as_ref().is_some_and(|d| !d.precomputed))
    });
    let grid_fraction = Memo::new(move |_| lab.read(|c| c.grid.progress.2));
    let grid_words = Memo::new(move |_| {
        lab.read(|c| {
            let (done, total, frac) = c.grid.progress;
            format!("{done} / {total} runs ({:.0}%)", frac * 100.0)
        })
    });
    // best first, as read from the back of a room; the essay's order a click away
    let by_score = RwSignal::new(true);
    // the notebook's note outlives the table's redraws (a table holding
    // NaN never compares equal to itself, so it is rebuilt on every redraw)
    let grid_note = RwSignal::new(None::<Result<String, String>>);
    let show_precomputed = |lab: Lab| {
        leptos::task::spawn_local(async move {
            let got = download::fetch_text(PRECOMPUTED_FILE).await;
            lab.act(|c, _| {
                if let Err(e) = got.and_then(|t| c.grid_precomputed(&t)) {
                    c.grid_note(e);
                }
            });
        });
    };
    // the table re-renders only when a grid finishes
    let done = Memo::new(move |_| lab.read(|c| c.grid.done.clone()));
    view! {
        <h2 id="reproduce">"Reproduce the essay"</h2>
        <p class="hint">{move || lab.app.with(|a| {
            let b = &a.lab.base;
            let how = match b.protocol {
                Protocol::Essay => "All 12 methods × 5 learning rates × 3 seeds (weight perturbation also at 5 smaller rates), the rate chosen on the test set as the essay did".to_string(),
                Protocol::Careful => format!(
                    "All 12 methods × 5 learning rates × {} seeds × {} teacher draws, each rate chosen on 800 held-out training examples, the grid extended past an edge (about 1,150 runs, a few minutes)",
                    CAREFUL_SEEDS.len(), CAREFUL_TASK_SEEDS.len()
                ),
            };
            format!(
                "{how}, {} steps each, on {}, in {} arithmetic, in this page (3,000 steps is the essay's; a smaller “steps” in the settings shortens it).",
                b.steps, task_words(b), b.precision.id()
            )
        })}</p>
        <p class="protocol-choice">
            <label>"protocol: "
                <select data-testid="grid-protocol-choice" on:change=move |e| {
                    if let Some(p) = Protocol::from_id(&event_target_value(&e)) {
                        lab.app.update(|a| a.lab.base.protocol = p);
                    }
                }>
                    <option value="essay" selected=move || lab.app.with(|a| a.lab.base.protocol == Protocol::Essay)>"the essay's (to compare with its table)"</option>
                    <option value="careful" selected=move || lab.app.with(|a| a.lab.base.protocol == Protocol::Careful)>"careful (held-out rates, intervals over 15 runs)"</option>
                </select>
            </label>
        </p>
        <div class="lab-buttons">
            <button data-testid="lab-precomputed" on:click=move |_| show_precomputed(lab) disabled=on>"show the precomputed table"</button>
            <button data-testid="lab-grid" on:click=move |_| lab.start_grid() disabled=on>"run it here"</button>
            <button data-testid="lab-cancel" on:click=move |_| lab.cancel_grid() disabled=move || !on()>"cancel"</button>
        </div>
        {move || lab.read(|c| c.grid.offer.clone()).map(|offer| match offer {
            Ok(runs) => view! {
                <p class="notice" role="status" data-testid="grid-resume-offer">
                    {format!("The grid was interrupted after {runs} runs; they are kept in this browser. ")}
                    <button class="small" data-testid="grid-resume" on:click=move |_| lab.resume_grid() disabled=on>"resume it"</button>
                </p>
            }.into_any(),
            Err(e) => view! { <p class="notice" role="status">{format!("The interrupted grid could not be resumed: {e}.")}</p> }.into_any(),
        })}
        {move || grid_shown.get().then(|| view! { <ProgressLine id="lab" fraction=grid_fraction words=grid_words/> })}
        {move || lab.read(|c| c.grid.note.clone()).map(|e| view! { <p class="notice" role="status" data-testid="grid-note">{e}</p> })}
        {move || done.get().map(|d| {
            let floor = readout_floor(&d.summary);
            let angle = angle_series(&d.runs, &d.summary, Method::Fa, 1).map(|(s, deg)| angle_summary(&s, &deg, d.spec.base.teacher.data));
            view! {
                <p class="hint" data-testid="grid-time">{if d.precomputed {
                    format!("{} runs of {} steps, precomputed by the command line: {} (the site's file; “run it here” reruns it in this page).", d.runs.len(), d.steps, d.on)
                } else {
                    format!("{} runs of {} steps in {:.1} s ({:.0} steps/s, on {}).", d.runs.len(), d.steps, d.seconds, d.steps_per_second, d.on)
                }}</p>
                {(d.steps != 3000).then(|| view! { <p class="notice">"Fewer steps than the essay's 3,000: the numbers are not comparable to its table."</p> })}
                <p class="table-order">
                    <button class="small" data-testid="table-order" aria-pressed=move || by_score.get().to_string()
                        on:click=move |_| by_score.update(|b| *b = !*b)>
                        {move || if by_score.get() { "ordered by score (best first): show the essay's order" } else { "in the essay's order: order by score" }}
                    </button>
                </p>
                <p class="hint" data-testid="grid-protocol">{format!("Run under {}, on {}.", d.spec.base.protocol.describe(), task_words(&d.spec.base))}</p>
                {move || lab.app.with(|a| a.lab.base.teacher.data != d.spec.base.teacher.data).then(|| view! {
                    <p class="notice" data-testid="grid-other-task">"This table is not of the task chosen in the settings above: “run it here” runs that one."</p>
                })}
                <div class="slide">
                <table class="results stack" data-testid="lab-table">
                    <caption class="sr-only">"Each method at its best rate over the seeds: the median test score (lower is better) with its 95% interval, divided by backprop's, beside the essay's ratio"</caption>
                    <thead><tr><th>"method"</th><th>"removes"</th><th title="↑ / ↓: the largest / smallest rate tried, so the best may lie beyond the grid">"best rate"</th><th title="the median over seeds, with its 95% bootstrap interval">"median [95%]"</th><th title="our median over bp's, with its 95% bootstrap interval (seeds resampled in pairs)">{times_bp("× bp [95%]")}</th><th title="the essay's median over its bp's 0.017; ⚑ where it lies outside our interval">{times_bp("essay × bp")}</th><th>"seeds"</th>{angle_heads("final")}<th>"essay"</th></tr></thead>
                    <tbody>
                        {let by = by_score.get();
                        let rows = if by { ranked(&d.summary) } else { d.summary.iter().collect() };
                        rows.iter().enumerate().map(|(i, &s)| {
                            // ranked: say where a row cannot be told from the one above
                            let above = i.checked_sub(1).filter(|_| by).map(|j| rows[j]);
                            let noise = above.filter(|above| s.median.is_finite() && within_noise(s, above)).map(|above| view! {
                                <span class="hint noise" data-testid=format!("noise-{}", s.method.id()) title=format!("its 95% interval overlaps {}'s: the two are not ranked", above.method.name())>" ≈ above"</span>
                            });
                            let seeds: Vec<String> = s.seed_scores.iter().map(|&x| score(x)).collect();
                            let a = |i: usize| s.final_angles.get(i).map_or(String::new(), |&x| degrees(x.is_finite().then_some(x)));
                            view! {
                                <tr data-testid=format!("row-{}", s.method.id())>
                                    <td data-label="method">{s.method.name()}{noise}</td>
                                    <td data-label="removes">{s.method.removes()}</td>
                                    <td data-label="best rate">{best_rate(s)}</td>
                                    <td data-label="median [95%]"><span><b>{score(s.median)}</b>" "<span class="interval">{s.interval.map(|i| i.text(3))}</span></span></td>
                                    <td data-label="× bp [95%]"><span>{s.ratio_to_bp.map_or("—".into(), |r| format!("{r:.1}×"))}" "<span class="interval">{s.ratio_interval.map(|i| i.text(1))}</span></span></td>
                                    <td data-label="essay × bp" data-testid=format!("essay-ratio-{}", s.method.id())>
                                        <span>{s.essay_ratio().map_or("—".into(), |e| format!("{e:.1}×"))}
                                        {s.essay_outside().then(|| view! { " "<span class="flag" data-testid="essay-flag" title="the essay's ratio lies outside our 95% interval">"⚑"</span> })}</span>
                                    </td>
                                    <td data-label="seeds" class="seeds">{seeds.join(" ")}{(s.diverged_at_best > 0).then(|| format!(" ({} diverged at this rate)", s.diverged_at_best))}</td>
                                    {LAYERS.iter().enumerate().map(|(i, w)| view! { <td data-label=format!("final angle {w}") class="angles">{a(i)}</td> }).collect_view()}
                                    <td data-label="essay">{s.method.essay_text()}</td>
                                </tr>
                                {s.note(floor, d.steps).map(|n| view! { <tr class="note"><td colspan="11">{n}</td></tr> })}
                                {s.essay_reason(floor).map(|n| view! { <tr class="note" data-testid=format!("essay-reason-{}", s.method.id())><td colspan="11">"⚑ "{n}</td></tr> })}
                                {s.edge_reason.clone().map(|n| view! { <tr class="note edge" data-testid=format!("edge-reason-{}", s.method.id())><td colspan="11">{best_rate(s).rsplit(' ').next().unwrap_or_default().to_string()}" "{n}</td></tr> })}
                            }
                        }).collect_view()}
                    </tbody>
                </table>
                </div>
                <p class="hint" data-testid="why-stale">"Why stale activity scores worse than the controls that have nothing to learn: its updates are full-sized and pair this batch's errors with the previous batch's activity, which is unrelated to them, so every layer, the readout too, is pushed along directions of real activity that carry no credit. Shuffled labels and a random direction waste their steps; readout only at least trains its last layer correctly. (Our reading of the mechanism, not a measured decomposition.)"</p>
                <p class="hint">{scores_are(&d)}" A diverged run counts as +∞ in the median. “× bp” divides by exact backprop's median. In brackets: a 95% bootstrap interval over the seeds at the chosen rate (with three seeds it spans their range); a ranking between two rows means something only where their intervals do not overlap, and “≈ above” marks a row that cannot be told from the one above it. ↑ / ↓ on a rate: the largest / smallest tried, so the best may lie beyond the grid (the careful protocol extends it), with the reason under the row. ⚑: the essay's ratio lies outside our interval, with the reason under the row."</p>
                {teacher_gap(floor, d.teacher.gain).map(|g| view! { <p class="hint" data-testid="teacher-gap">{g}</p> })}
                {angle.map(|a| view! { <p class="hint" data-testid="grid-angle">{a}</p> })}
                <p class="exports">"Export the table: "
                    <button class="small" data-testid="export-table-csv" on:click=table_csv>"CSV"</button>
                    <button class="small" data-testid="export-table-json" on:click=table_json>"JSON"</button>
                </p>
                <NotebookExport lab=lab grid=true note=grid_note/>
            }
        })}
    }
}

/// "As a NumPy notebook": the live runs (`grid` false) or the grid's runs
/// written out as code that reproduces them (`lab::notebook`), with a line
/// saying what went in, what was left out and why.
#[component]
fn NotebookExport(
    lab: Lab,
    grid: bool,
    note: RwSignal<Option<Result<String, String>>>,
) -> impl IntoView {
    let save = move |format: Format| {
        let got = lab
            .work(|c| {
                if grid {
                    c.grid_notebook(format)
                } else {
                    c.live_notebook(format)
                }
            })
            .unwrap_or_else(|| Err("the lab is not ready".into()));
        note.set(Some(got.map(|e| {
            let name = format!(
                "creditflow-{}.{}",
                if grid { "grid" } else { "runs" },
                format.extension()
            );
            download::text(&e.text, &name, format.mime());
            format!("{name}: {}. {}", e.summary(), format.how_to_run(&name))
        })));
    };
    let id = if grid { "grid" } else { "live" };
    view! {
        <p class="exports">"Reproduce in Python (NumPy only, the data and draws embedded): "
            <button class="small" data-testid=format!("notebook-{id}-ipynb") on:click=move |_| save(Format::Ipynb)>"notebook (.ipynb)"</button>
            <button class="small" data-testid=format!("notebook-{id}-py") on:click=move |_| save(Format::Py)>"script (.py)"</button>
        </p>
        {move || note.get().map(|n| match n {
            Ok(s) => view! { <p class="hint" data-testid=format!("notebook-{id}-note")>{s}</p> }.into_any(),
            Err(e) => view! { <p class="hint error" role="alert" data-testid=format!("notebook-{id}-note")>{e}</p> }.into_any(),
        })}
    }
}
