//! The Agents view (essay Part 5), a labelled simulation: settings bound
//! to URL keys, a run done by `ui::workers::runner` in slices with a progress bar, the
//! four charts with their data as JSON, the call counter, the findings,
//! and a rename that shows the critic's dependence on a step's
//! description. The model and its state are `lab::agents`.

use crate::page::agents::runner::{units, UnitDone};
use crate::page::agents::{AgentsResults, AgentsSettings};
use crate::page::url::AppState;
use crate::ui::charts::agents::AgentsChart;
use crate::ui::shell::chart::{canvas, exports};
use crate::ui::shell::download;
use crate::ui::shell::widgets::key_field;
use crate::ui::workers::runner::{AgentsWork, Events, Progress, Runner};
use leptos::prelude::*;

#[component]
pub fn AgentsView() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let results = RwSignal::new(None::<AgentsResults>);
    let problem = RwSignal::new(None::<String>);
    let progress = RwSignal::new(0.0f64);
    // the settings of the run the charts show, and whether it was stopped
    let ran = RwSignal::new(None::<AgentsSettings>);
    let stopped = RwSignal::new(false);
    let total = units().len();
    let runner = StoredValue::new_local(None::<Runner<AgentsWork>>);
    let run = move |_: ()| {
        let s = app.with_untracked(|a| a.agents.clone());
        if let Some(r) = runner.get_value() {
            r.cancel();
        }
        ran.set(Some(s.clone()));
        stopped.set(false);
        results.set(Some(AgentsResults::default()));
        progress.set(0.0);
        let events = Events::new(
            move |_, done: &UnitDone, p: Progress| {
                results.update(|r| {
                    if let Some(r) = r {
                        r.add(done.clone());
                    }
                });
                progress.set(p.fraction * p.total as f64);
            },
            move |p: Progress| progress.set(p.fraction * p.total as f64),
            move |_, _| runner.set_value(None),
            |_| {},
        );
        runner.set_value(Some(Runner::start(AgentsWork(s), 0, events)));
    };
    let running =
        move || !stopped.get() && results.with(|r| r.as_ref().is_some_and(|r| r.done < total));
    let stop = move |_| {
        if let Some(r) = runner.get_value() {
            r.cancel();
        }
        runner.set_value(None);
        stopped.set(true);
    };
    let stale = move || {
        results.with(Option::is_some) && ran.with(|r| app.with(|a| r.as_ref() != Some(&a.agents)))
    };
    let field = move |key: &'static str, label: &'static str| {
        key_field(app, problem, key, label, format!("agents-{key}"))
    };
    let name = RwSignal::new(String::new());
    let rename = move |_: ()| {
        let n = name.get_untracked().replace(',', " ");
        let n = n.trim().chars().take(40).collect::<String>();
        if n.is_empty() {
            problem.set(Some("a step's name cannot be empty".into()));
            return;
        }
        app.update(|a| {
            if a.agents.names.is_empty() {
                a.agents.names.push(String::new());
            }
            a.agents.names[0] = n;
        });
        problem.set(None);
    };
    let critique = move || {
        let s = app.with(|a| a.agents.clone());
        let v = s.first_critique();
        format!(
            "The chained critique “{}” receives in round 1 (one number per output unit, the mean over tasks): [{}]",
            s.name(1),
            v.iter()
                .map(|x| format!("{x:+.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let export = move |_| {
        let text = results.with_untracked(|r| {
            let out = crate::lab::provenance::stamp(serde_json::json!({
                "simulation": "no language model is called",
                "settings": ran.get_untracked(),
                "results": r,
            }));
            serde_json::to_string_pretty(&out).unwrap_or_default()
        });
        download::text(&text, "creditflow-agents.json", "application/json");
    };
    let csv = move |_| {
        let text =
            results.with_untracked(|r| r.as_ref().map(AgentsResults::csv).unwrap_or_default());
        download::text(&text, "creditflow-agents.csv", "text/csv");
    };
    let chart = move |id: &'static str,
                      label: &'static str,
                      of: fn(&AgentsResults) -> AgentsChart| {
        let c = Signal::derive(move || {
            results
                .with(|r| r.as_ref().map(of))
                .unwrap_or_else(|| of(&AgentsResults::default()))
        });
        view! {
            <figure class="chart">
                {canvas(id, label, c)}
                <figcaption><span class="pan-hint">"Swipe the chart sideways to see all of it. "</span>{label}" "{exports(id, c)}</figcaption>
            </figure>
        }
    };
    view! {
        <section class="agents-view" data-testid="agents-view">
            <p class="notice" data-testid="agents-simulation"><b>"A simulation: no language model is called."</b>
                " A pipeline of K steps, each with a “prompt” θ, learns a teacher pipeline from a critique of its final output. The critique reaches each prompt exactly (backprop), hop by hop through an imperfect critic (chained, as TextGrad does), or straight from the end through a fixed random map (broadcast, the DFA of pipelines). Every round's calls are counted in TextGrad's terms."</p>
            <div class="agents-settings">
                {field("ak", "steps K (the round chart's pipeline)")}
                {field("afid", "critic fidelity ρ")}
                <label class="setting"><span>"critic fidelity ρ, 0 … 1 (1: the true local message, before noise and blur; reruns)"</span>
                    <input type="range" min="0" max="1" step="0.05" data-testid="agents-fidelity-slider" aria-label="critic fidelity ρ"
                        prop:value=move || app.with(|a| a.agents.cfg.fidelity.to_string())
                        on:change=move |e| {
                            let v = event_target_value(&e);
                            app.update(|a| { let _ = a.set("afid", &v); });
                            run(());
                        }/></label>
                {field("anoise", "critic noise")}
                {field("ablur", "specificity lost per hop")}
                {field("arounds", "rounds")}
                {field("alr", "step size")}
                {field("amom", "momentum")}
                {field("aseed", "seed")}
                <label class="setting"><input type="checkbox" data-testid="agents-gate"
                    prop:checked=move || app.with(|a| a.agents.cfg.gate)
                    on:change=move |e| { let on = event_target_checked(&e); app.update(|a| a.agents.cfg.gate = on); }/>
                    " gate the depth chart's runs on held-out tasks (the round chart draws both, gated dashed)"</label>
            </div>
            <p class="hint">"The vote (the last chart), a separate multiple-choice task:"</p>
            <div class="agents-settings">
                {field("afix", "vote's critic fixes a wrong answer")}
                {field("abreak", "vote's critic breaks a right answer")}
                {field("aplo", "hardest question: P(one answer right)")}
                {field("aphi", "easiest question: P(one answer right)")}
            </div>
            <details class="agents-more">
                <summary>"More settings: the pipeline's size, the tasks, the vote's questions"</summary>
                <div class="agents-settings">
                    {field("awidth", "each step's output size")}
                    {field("atasks", "training tasks per round")}
                    {field("aval", "held-out tasks")}
                    {field("again", "steps' gain")}
                    {field("aq", "vote: questions")}
                </div>
            </details>
            {move || problem.get().map(|p| view! { <p class="notice" role="alert">{p}</p> })}
            {move || stale().then(|| view! { <p class="notice" data-testid="agents-stale">"The charts, findings and exports below are from the last run, at other settings: press run to see these."</p> })}
            <div class="lab-buttons">
                <button data-testid="agents-run" on:click=move |_| run(()) disabled=running>"▶ run the simulation"</button>
                <button class="small" data-testid="agents-stop" on:click=stop disabled=move || !running()>"■ stop"</button>
                <progress data-testid="agents-progress" max=total value=move || progress.get()></progress>
                <span class="hint" data-testid="agents-status">{move || match results.with(|r| r.as_ref().map(|r| (r.done, r.calls()))) {
                    None => "Press run: every signal's curves, the depth chart and the vote.".to_string(),
                    Some((d, calls)) if d < total && stopped.get() => format!("stopped after {d} of {total} parts (each signal's curve, each depth's point, the vote); {calls} simulated calls"),
                    Some((d, calls)) if d < total => format!("running: {d} of {total} parts (each signal's curve, each depth's point, the vote), {calls} simulated calls so far"),
                    Some((_, calls)) => format!("done: {calls} simulated calls to the model, summed over the round chart's six runs"),
                }}</span>
                <button class="small" data-testid="agents-export" on:click=export disabled=move || results.with(Option::is_none)>"JSON"</button>
                <button class="small" data-testid="agents-export-csv" on:click=csv disabled=move || results.with(Option::is_none)>"CSV"</button>
            </div>
            <div class="agents-rename">
                <label>"rename step 1: " <input type="text" data-testid="agents-name" maxlength="40"
                    prop:value=move || app.with(|a| a.agents.name(1))
                    on:input=move |e| name.set(event_target_value(&e))
                    on:keydown=move |e| if e.key() == "Enter" { rename(()) }/></label>
                <button class="small" data-testid="agents-rename" on:click=move |_| rename(())>"rename"</button>
                <p class="hint" data-testid="agents-critique">{critique}</p>
                <p class="hint">"The critic's noise depends on how a step is described: rename a step and the chained critique it receives changes, as the essay warns a prompt's name can change the backward messages."</p>
            </div>
            {chart("agents-curves", "Held-out loss against round for each signal at K steps, gated dashed (where the gate kept every update, the dashed line lies on the solid one)", |r| AgentsChart::Curves(r.curves.clone()))}
            {chart("agents-depth", "Final held-out loss against the number of steps K = 1, 2, 4, 8. At each K every signal spends the calls of the chained critique's rounds, so the broadcast, cheaper per round, gets more rounds.", |r| AgentsChart::Depth(r.rows.clone()))}
            {chart("agents-angles", "Angle of each step's update to the exact gradient (mean over rounds), step by step for each number of steps K, chained and broadcast; exact backprop is 0° everywhere. Darker is worse: 90° carries no information, above 90° the update points against the gradient. The last step reads the evaluator and is always exact, so the mean is over steps 1 … K−1.", |r| AgentsChart::Map(r.rows.clone()))}
            {chart("agents-vote", "Accuracy against calls: independent answers voted, and one answer refined and voted", |r| AgentsChart::Vote(r.vote.clone()))}
            <p class="hint" data-testid="agents-vote-finding">{move || results.with(|r| r.as_ref().and_then(AgentsResults::vote_finding)).unwrap_or_default()}</p>
            <p class="hint">"What the depth chart says, depth by depth (each signal at the chained critique's call budget):"</p>
            <ul class="findings" data-testid="agents-findings">
                {move || results.with(|r| r.as_ref().map(|r| r.findings()).unwrap_or_default()).into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
            </ul>
        </section>
    }
}
