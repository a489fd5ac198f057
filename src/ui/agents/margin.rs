//! The Agents view's margin map, run on demand (it is the view's longest
//! work): a button, progress, the map (`ui::charts::agents_margin`), what
//! it says in sentences, its numbers as a table and as JSON. The study is
//! `lab::agents::margin`; it runs at the view's other settings and seeds.

use crate::lab::agents::margin::{findings, MarginAxes};
use crate::page::agents::runner::map_units;
use crate::page::url::AppState;
use crate::ui::agents::run::UnitRun;
use crate::ui::charts::agents::AgentsChart;
use crate::ui::charts::agents_margin;
use crate::ui::shell::chart::figure;
use crate::ui::shell::download;
use leptos::prelude::*;

#[component]
pub fn MarginMap() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let axes = MarginAxes::default();
    let unit_run = UnitRun::new("creditflow.agents.map.v1");
    let UnitRun {
        results,
        progress,
        ran,
        stopped,
        ..
    } = unit_run;
    let total = {
        let axes = axes.clone();
        move || {
            ran.with(|r| r.as_ref().map(|s| axes.jobs(&s.seed_list()).len()))
                .unwrap_or_else(|| app.with(|a| axes.jobs(&a.agents.seed_list()).len()))
        }
    };
    let run = {
        let axes = axes.clone();
        move |_| {
            let s = app.with_untracked(|a| a.agents.clone());
            let units = map_units(&s, &axes);
            unit_run.start(s, units);
        }
    };
    let stop = move |_| unit_run.stop();
    let cells = {
        let axes = axes.clone();
        Memo::new(move |_| {
            let m = ran
                .with(|r| r.as_ref().map(|s| s.measure))
                .unwrap_or_default();
            results.with(|r| {
                r.as_ref()
                    .map(|r| axes.cells(&r.map, m))
                    .unwrap_or_default()
            })
        })
    };
    let done = move || results.with(|r| r.as_ref().map_or(0, |r| r.done));
    let running = {
        let total = total.clone();
        move || !stopped.get() && results.with(Option::is_some) && done() < total()
    };
    let chart = {
        let axes = axes.clone();
        Signal::derive(move || AgentsChart::Margin(axes.clone(), cells.get()))
    };
    let said = {
        let axes = axes.clone();
        move || findings(&cells.get(), &axes)
    };
    let export = {
        let axes = axes.clone();
        move |_| {
            let out = crate::lab::provenance::stamp(serde_json::json!({
                "simulation": "no language model is called",
                "settings": ran.get_untracked(),
                "axes": axes,
                "cells": cells.get_untracked(),
            }));
            let text = serde_json::to_string_pretty(&out).unwrap_or_default();
            download::text(&text, "creditflow-agents-map.json", "application/json");
        }
    };
    let status = {
        let total = total.clone();
        move || {
            let n = total();
            match results.with(|r| r.as_ref().map(|r| r.done)) {
                None => format!("{n} runs at the settings above (each broadcast once per depth and seed: it does not read the critic), a few seconds to a minute."),
                Some(d) if d < n && stopped.get() => format!("stopped after {d} of {n} runs: the cells shown are from the seeds finished"),
                Some(d) if d < n => format!("running: {d} of {n} runs"),
                Some(_) => format!("done: {n} runs"),
            }
        }
    };
    let label = "The chained critique's margin over the fixed broadcast (top) and the broadcast that reads (bottom), for each fidelity ρ (down) and number of steps K (across), at three amounts of blur (specificity lost per hop), at an equal call budget, over the seeds. Grey cells marked ≈ are within noise.";
    view! {
        <section class="agents-margin" data-testid="agents-map">
            <h2>"Where the chain stops winning"</h2>
            <p class="hint">"The chained critique against each broadcast as the critic gets worse (fidelity ρ from 1 to 0), the pipeline longer (K) and each hop vaguer (blur), every other setting as above. Each cell says by what share the winner's loss is lower than the other's at the same number of calls (+ the chain's, − the broadcast's); where the two arms' middle halves over the seeds overlap the cell is grey: the seeds cannot tell them apart."</p>
            <div class="lab-buttons">
                <button data-testid="agents-map-run" on:click=run disabled=running.clone()>"▶ map it"</button>
                <button class="small" data-testid="agents-map-stop" on:click=stop disabled={let r = running.clone(); move || !r()}>"■ stop"</button>
                <progress data-testid="agents-map-progress" max=total.clone() value=move || progress.get() aria-label="the map's progress"></progress>
                <span class="hint" data-testid="agents-map-status">{status}</span>
                <button class="small" data-testid="agents-map-export" on:click=export disabled=move || results.with(Option::is_none)>"JSON"</button>
            </div>
            {move || unit_run.offer.get().map(|offer| match offer {
                Ok((done, all)) => view! {
                    <p class="notice" role="status" data-testid="agents-map-resume-offer">
                        {format!("The map was interrupted after {done} of {all} runs; they are kept in this browser. ")}
                        <button class="small" data-testid="agents-map-resume" on:click=move |_| unit_run.resume()>"resume it"</button>
                    </p>
                }.into_any(),
                Err(e) => view! { <p class="notice" role="status">{format!("The interrupted map could not be resumed: {e}.")}</p> }.into_any(),
            })}
            {move || unit_run.resumed.get().map(|n| view! {
                <p class="hint" data-testid="agents-map-resumed">{format!("Resumed after a reload: {n} runs were kept in this browser, not run again.")}</p>
            })}
            <div class:hidden=move || cells.with(Vec::is_empty)>
                {figure("agents-margin", label, chart, Some(Box::new(|c: &AgentsChart| match c {
                    AgentsChart::Margin(_, cells) => agents_margin::table(cells),
                    _ => (&[], Vec::new()),
                })))}
                <ul class="findings" data-testid="agents-map-findings">
                    {move || said().into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
                </ul>
            </div>
        </section>
    }
}
