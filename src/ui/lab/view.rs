//! The lab: the essay's Parts 2–3 made live. The R1–R5 ticks (shared with
//! the worked example) pick the method that trains, with bp and the
//! readout-only floor beside any ablation; any method can be added. The
//! live runs train in Web Workers; the view only wires the controls to the
//! `LabController` (through `Lab`) and draws what it holds.

use crate::page::lab::controller::LabController;
use crate::page::url::{AppState, View};
use crate::ui::lab::charts::{AngleChart, CurveChart, RatioChart, ScalingChart};
use crate::ui::lab::controls::{MethodList, Selected, Settings, Variants};
use crate::ui::lab::handle::Lab;
use crate::ui::lab::network::NetworkPanel;
use crate::ui::lab::part4::Proposals;
use crate::ui::lab::results::{Reproduce, RunTable};
use crate::ui::shell::datasets::Datasets;
use crate::ui::shell::drawn::turns;
use leptos::prelude::*;

#[component]
pub fn LabView() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let lab = Lab::new(app);
    provide_context(lab);
    // a change of what trains starts a fresh comparison
    let config = Memo::new(move |_| app.with(AppState::plan));
    Effect::new(move |prev: Option<()>| {
        config.track();
        if prev.is_some() {
            lab.act(|c, _| c.reset());
        }
    });
    // opened in the page, the method lists, the settings, the buttons and
    // the results come in tasks of their own (`turns`), each below what
    // came before at any width (on a phone the controls' column is above
    // the buttons), and the scaling table's work after the last
    let sections = turns::<8>();
    // the scaling table is computed in time-boxed slices when the lab is shown
    Effect::new(move |_| {
        if sections[7].get() && app.with(|a| a.view == View::Lab) {
            lab.start_loop();
        }
    });
    // the tour's "what did you see?" reads the runs' numbers
    if let Some(slot) = use_context::<crate::ui::shell::widgets::LabFactsSlot>() {
        Effect::new(move |_| {
            let facts = lab.read(crate::page::tour::LabFacts::of);
            if slot.0.with_untracked(|f| *f != facts) {
                slot.0.set(facts);
            }
        });
    }
    // the tour asks for a run when it reveals one
    if let Some(req) = use_context::<crate::ui::shell::widgets::RunRequest>() {
        Effect::new(move |prev: Option<()>| {
            req.0.track();
            if prev.is_some() {
                lab.act(|c, s| c.run(s));
            }
        });
    }
    // a task of data loads its dataset when first chosen
    let datasets = use_context::<Datasets>().unwrap_or_default();
    let data = Memo::new(move |_| app.with(|a| a.lab.base.teacher.data));
    Effect::new(move |_| datasets.ensure(data.get()));
    let waiting = move || {
        datasets
            .notice(data.get())
            .or_else(|| lab.read(LabController::held))
    };
    let running = move || lab.read(|c| c.running) || waiting().is_some();
    // a change of R1–R5 here says what ▶ run will now train (until a run
    // starts and speaks for itself)
    let ticks_said = RwSignal::new(None::<String>);
    Effect::new(move |before: Option<Vec<crate::lab::Method>>| {
        let now = app.with(crate::page::url::AppState::training);
        if before.is_some_and(|b| b != now) {
            let names: Vec<&str> = now.iter().map(|m| m.name()).collect();
            let removed =
                crate::engine::Requirements::removed_words(app.with_untracked(|a| a.kept));
            ticks_said.set(Some(format!(
                "{removed}: ▶ run now trains {}.",
                names.join(", ")
            )));
        }
        now
    });
    Effect::new(move |_| {
        if lab.read(|c| c.running) {
            ticks_said.set(None);
        }
    });
    view! {
        <section class="lab-view">
            <div class="col controls">
                <h2>"What trains"</h2>
                <div class:hidden=move || app.with(|a| a.hides("methods"))>
                    {move || sections[0].get().then(|| view! { <Variants app=app/> <Selected app=app/> <MethodList app=app/> })}
                </div>
                <div class:hidden=move || app.with(|a| a.hides("settings"))>{move || sections[1].get().then(|| view! { <Settings app=app/> })}</div>
            </div>
            <div class="col centre">
                {move || sections[2].get().then(|| view! {
                <div class="lab-buttons" role="group" aria-label="Training">
                    // aria-disabled, not disabled: a button that cannot act
                    // now keeps the focus (a disabled one drops it to the page)
                    <button data-testid="lab-run" id="lab-run" aria-disabled=move || running().to_string()
                        on:click=move |_| if !running() { lab.act(|c, s| c.run(s)) }>"▶ run"</button>
                    <button data-testid="lab-pause" aria-disabled=move || (!running()).to_string()
                        on:click=move |_| if running() { lab.act(|c, _| c.pause()) }>"pause"</button>
                    <button data-testid="lab-reset" on:click=move |_| lab.act(|c, _| c.reset())>"reset"</button>
                    <a class="jump" href="#reproduce" data-testid="jump-reproduce" class:hidden=move || app.with(|a| a.hides("grid"))>"the essay's table ↓"</a>
                    <span class="hint" data-testid="lab-status">{move || waiting().unwrap_or_else(|| status_line(&lab))}</span>
                    {move || lab.read(|c| c.live_note.clone()).map(|e| view! { <p class="notice" role="status" data-testid="live-note">{e}</p> })}
                    <span class="sr-only" role="status" data-testid="lab-announce">{move || ticks_said.get().unwrap_or_else(|| lab.read(|c| {
                        if c.running { "training".into() } else if c.finished() { crate::page::lab::session::said_when_done(&c.board) } else if c.started.is_some() { "paused".into() } else { String::new() }
                    }))}</span>
                </div>
                })}
                {move || sections[3].get().then(|| view! { <CurveChart lab=lab/> <RunTable lab=lab/> })}
                {move || sections[4].get().then(|| view! { <NetworkPanel lab=lab/> <AngleChart lab=lab/> })}
                {move || sections[5].get().then(|| view! { <RatioChart lab=lab/> <ScalingChart lab=lab/> })}
                {move || sections[6].get().then(|| view! { <Proposals lab=lab app=app/> })}
            </div>
            <div class="col side" class:hidden=move || app.with(|a| a.hides("grid"))>
                {move || sections[7].get().then(|| view! { <Reproduce lab=lab/> })}
            </div>
        </section>
    }
}

fn status_line(lab: &Lab) -> String {
    lab.read(|c| {
        let Some(s) = &c.started else {
            return "Press run to train the selected methods side by side.".into();
        };
        let step = c.board.iter().map(|r| r.steps_done).max().unwrap_or(0);
        let total = s.base.steps;
        let what = if c.running && c.on_workers() && step == 0 {
            format!("training: starting the Web Workers (step 0 / {total})")
        } else if c.running {
            let rate = if c.on_workers() {
                "in Web Workers".to_string()
            } else {
                format!("{:.0} steps/s on the main thread", c.rate)
            };
            format!("training: step {step} / {total}, {rate}")
        } else if c.finished() {
            let diverged = c.board.iter().filter(|r| r.diverged_at.is_some()).count();
            match diverged {
                0 => format!("done: {total} steps"),
                d if d == c.board.len() => "done: every run diverged".to_string(),
                d => format!(
                    "done: {total} steps ({d} of {} runs diverged)",
                    c.board.len()
                ),
            }
        } else {
            format!("paused at step {step} / {total}")
        };
        let lr = c.lr_source(s);
        format!(
            "{what} ({lr}, seed {}, {})",
            s.base.seed,
            crate::ui::lab::results::task_words(&s.base)
        )
    })
}
