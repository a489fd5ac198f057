//! The Agents view (essay Part 5), a labelled simulation: the answers to
//! Part 5's questions first (computed when the view first opens, over
//! several seeds), the model and the protocol card, the settings in
//! groups bound to URL keys, a run done by `ui::workers::runner` in slices
//! with a progress bar, the four charts with their data, the words for
//! what each arm did, the call counter, and a rename that shows the
//! critic's dependence on a step's description. The model and its state
//! are `lab::agents`; the results' analysis is `page::agents::results`.

use crate::lab::agents::spread::Measure;
use crate::page::agents::protocol::{CARD, MODEL};
use crate::page::agents::runner::units;
use crate::page::agents::AgentsResults;
use crate::page::url::AppState;
use crate::page::view::View;
use crate::ui::agents::import::TraceImport;
use crate::ui::agents::margin::MarginMap;
use crate::ui::agents::run::UnitRun;
use crate::ui::charts::agents::AgentsChart;
use crate::ui::shell::chart::figure;
use crate::ui::shell::download;
use crate::ui::shell::drawn::turns;
use crate::ui::shell::widgets::key_field;
use leptos::prelude::*;

#[component]
pub fn AgentsView() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let unit_run = UnitRun::new("creditflow.agents.run.v1");
    let UnitRun {
        results,
        progress,
        ran,
        stopped,
        ..
    } = unit_run;
    let problem = RwSignal::new(None::<String>);
    let total = move || ran.with(|r| r.as_ref().map_or(0, |s| units(s).len()));
    let measure = move || {
        ran.with(|r| r.as_ref().map(|s| s.measure))
            .unwrap_or_default()
    };
    let run = move |_: ()| {
        let s = app.with_untracked(|a| a.agents.clone());
        let u = units(&s);
        unit_run.start(s, u);
    };
    let running =
        move || !stopped.get() && results.with(|r| r.as_ref().is_some_and(|r| r.done < total()));
    // nothing heavy starts by itself: the run waits for its button, but
    // a run the student started and a reload interrupted, at these
    // settings, goes on when the view is opened
    Effect::new(move |_| {
        if app.with(|a| a.view == View::Agents)
            && results.with_untracked(Option::is_none)
            && unit_run.kept_settings() == Some(app.with_untracked(|a| a.agents.clone()))
        {
            unit_run.resume();
        }
    });
    let stop = move |_| unit_run.stop();
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
                      of: fn(&AgentsResults, Measure) -> AgentsChart| {
        let c = Signal::derive(move || {
            let m = measure();
            results
                .with(|r| r.as_ref().map(|r| of(r, m)))
                .unwrap_or_else(|| of(&AgentsResults::default(), m))
        });
        figure(id, label, c, None)
    };
    let answers = move || {
        let m = measure();
        let k = ran.with(|r| r.as_ref().map_or(4, |s| s.cfg.stages));
        results.with(|r| r.as_ref().map(|r| r.answers(m, k)).unwrap_or_default())
    };
    let words = move || {
        let m = measure();
        results.with(|r| r.as_ref().map(|r| r.arm_words(m)).unwrap_or_default())
    };
    let has = move || results.with(|r| r.as_ref().is_some_and(|r| r.done > 0));
    let group = move |title: &'static str, fields: Vec<(&'static str, &'static str)>| {
        view! {
            <fieldset class="agents-group">
                <legend>{title}</legend>
                <div class="agents-settings">
                    {fields.into_iter().map(|(k, l)| field(k, l)).collect_view()}
                </div>
            </fieldset>
        }
    };
    // opened in the page, the charts and the tools below them come in tasks of their own
    let [charts_in, rest_in] = turns();
    view! {
        <section class="agents-view" data-testid="agents-view">
            <p class="notice" data-testid="agents-simulation"><b>"A simulation: no language model is called."</b>
                " A pipeline of K steps, each with a “prompt” (here 8 numbers), learns to copy a teacher pipeline from a critique of its final output. The critique reaches each step's prompt in one of four ways: exactly (backprop, a reference), passed back step by step through an imperfect critic (chained, as TextGrad does), sent from the end to every step through a fixed random map (a broadcast no step can relate to its own output), or sent to every step and read by each with its own outputs (a broadcast that reads). Every arm is given the same number of calls to the model."</p>
            <h2 id="agents-answers">"What the simulation answers"</h2>
            <p class="hint" data-testid="agents-answers-status">{move || match results.with(|r| r.as_ref().map(|r| (r.done, r.seeds_done()))) {
                None => "The answers are computed when this view opens.".to_string(),
                Some((d, _)) if d < total() && stopped.get() => format!("Stopped after {d} of {} parts; the answers below are from the seeds finished.", total()),
                Some((d, 0)) if d < total() => format!("Computing the answers at these settings: {d} of {} parts…", total()),
                Some((d, n)) if d < total() => format!("{n} seed{} done, still running ({d} of {} parts): the answers sharpen as seeds finish.", if n == 1 { "" } else { "s" }, total()),
                Some((_, n)) => format!("At the settings below, over {n} seeds; scored by {}; “beats” only where the two arms' middle halves over the seeds do not overlap.", measure().describe()),
            }}</p>
            <ol class="answers" data-testid="agents-answers">
                {move || answers().into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}
            </ol>
            <details class="agents-more" data-testid="agents-model">
                <summary>"The model and what it assumes"</summary>
                <ul>{MODEL.iter().map(|m| view! { <li>{*m}</li> }).collect_view()}</ul>
            </details>
            <details class="agents-more" data-testid="agents-protocol">
                <summary>"Run this test on your own pipeline: the protocol card"</summary>
                {CARD.iter().enumerate().map(|(i, (head, points))| view! {
                    <h3>{format!("{}. {head}", i + 1)}</h3>
                    <ul>{points.iter().map(|p| view! { <li>{*p}</li> }).collect_view()}</ul>
                }).collect_view()}
                <p class="hint">"The same card as a file: "<a href="agents-protocol.md" data-testid="agents-protocol-file">"agents-protocol.md"</a>". The chained critique is TextGrad's backward pass (Yuksekgonul et al. 2024, “TextGrad: automatic differentiation via text”, "<a href="https://arxiv.org/abs/2406.07496" rel="noopener">"arXiv:2406.07496"</a>"); the question is the essay's Part 5."</p>
            </details>
            <h2>"Settings"</h2>
            {group("The pipeline", vec![
                ("ak", "steps K: how many steps the pipeline has (the round chart's)"),
                ("awidth", "message size: the numbers each step passes on"),
                ("again", "map gain: how strongly a step passes on its input"),
                ("atasks", "training tasks: examples each round learns from"),
                ("aval", "held-out tasks: examples the score and the gate use"),
            ])}
            <fieldset class="agents-group">
                <legend>"The critic"</legend>
                <div class="agents-settings">
                    {field("afid", "fidelity ρ: 1 passes the true message on, 0 only a guess")}
                    <label class="setting"><span>"fidelity ρ (drag to rerun)"</span>
                        <input type="range" min="0" max="1" step="0.05" data-testid="agents-fidelity-slider" aria-label="critic fidelity ρ"
                            prop:value=move || app.with(|a| a.agents.cfg.fidelity.to_string())
                            on:change=move |e| {
                                let v = event_target_value(&e);
                                app.update(|a| { let _ = a.set("afid", &v); });
                                run(());
                            }/></label>
                    {field("anoise", "noise: random error, relative to the message's size")}
                    {field("ablur", "blur: how much each hop smears the message across its parts")}
                </div>
            </fieldset>
            <fieldset class="agents-group">
                <legend>"Learning"</legend>
                <div class="agents-settings">
                    {field("arounds", "rounds: updates at the chained critique's call budget")}
                    {field("alr", "step size: how far a prompt moves per round")}
                    {field("amom", "momentum: how much of the last move is kept")}
                    <label class="setting"><input type="checkbox" data-testid="agents-gate"
                        prop:checked=move || app.with(|a| a.agents.cfg.gate)
                        on:change=move |e| { let on = event_target_checked(&e); app.update(|a| a.agents.cfg.gate = on); }/>
                        " gate the depth chart's runs: keep an update only if the held-out loss falls (the round chart draws both, gated dashed)"</label>
                </div>
            </fieldset>
            <fieldset class="agents-group">
                <legend>"The study"</legend>
                <div class="agents-settings">
                    {field("aseeds", "seeds: each arm runs at this many")}
                    {field("aseed", "first seed")}
                    <label class="setting"><span>"score a run by"</span>
                        <select data-testid="agents-score" on:change=move |e| {
                            let v = event_target_value(&e);
                            app.update(|a| { let _ = a.set("ascore", &v); });
                            ran.update(|r| if let Some(r) = r { r.measure = Measure::from_id(&v).unwrap_or_default(); });
                        }>
                            {Measure::ALL.map(|m| view! { <option value=m.id() selected=move || app.with(|a| a.agents.measure == m)>{m.name()}</option> }).collect_view()}
                        </select></label>
                </div>
            </fieldset>
            {group("The vote (the last chart: a separate multiple-choice task)", vec![
                ("afix", "the critic fixes a wrong answer with this chance"),
                ("abreak", "the critic breaks a right answer with this chance"),
                ("aplo", "hardest question: chance one answer is right"),
                ("aphi", "easiest question: chance one answer is right"),
                ("aq", "questions"),
            ])}
            {move || problem.get().map(|p| view! { <p class="notice" role="alert">{p}</p> })}
            {move || stale().then(|| view! { <p class="notice" data-testid="agents-stale">"The answers, charts and exports are from the last run, at other settings: press run to see these."</p> })}
            <div class="lab-buttons">
                <button data-testid="agents-run" on:click=move |_| run(()) disabled=running>"▶ run the simulation"</button>
                <button class="small" data-testid="agents-stop" on:click=stop disabled=move || !running()>"■ stop"</button>
                <progress data-testid="agents-progress" max=total value=move || progress.get()></progress>
                <span class="hint" data-testid="agents-status">{move || match results.with(|r| r.as_ref().map(|r| (r.done, r.calls()))) {
                    None => "Press run: every arm's curves, the depth chart and the vote, at every seed.".to_string(),
                    Some((d, calls)) if d < total() && stopped.get() => format!("stopped after {d} of {} parts (each arm's curve and depth point at each seed, the vote); {calls} simulated calls", total()),
                    Some((d, calls)) if d < total() => format!("running: {d} of {} parts (each arm's curve and depth point at each seed, the vote), {calls} simulated calls so far", total()),
                    Some((_, calls)) => format!("done: {calls} simulated calls to the model, summed over the round chart's runs"),
                }}</span>
                {move || unit_run.resumed.get().map(|n| view! {
                    <span class="hint" data-testid="agents-resumed">{format!("(resumed after a reload: {n} parts were kept in this browser, not run again)")}</span>
                })}
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
                <p class="hint">"Renaming a step reseeds its critic's noise (and nothing else): the chained critique it receives changes, as the essay warns a prompt's name can change the backward messages."</p>
            </div>
            {move || charts_in.get().then(|| view! {
            <div class="agents-charts" class:hidden=move || !has()>
                {chart("agents-curves", "Held-out loss against round for each arm at K steps: the median over the seeds, its middle half shaded, gated dashed (where the gate kept every update, the dashed line lies on the solid one)", |r, m| AgentsChart::Curves(r.curve_bands(m)))}
                <ul class="findings" data-testid="agents-words">
                    {move || words().into_iter().map(|(who, w)| view! { <li><b>{who}</b>": "{w}</li> }).collect_view()}
                </ul>
                {chart("agents-depth", "The score against the number of steps K = 1, 2, 4, 8, median over the seeds with bars over the middle half. At each K every arm spends the calls of the chained critique's rounds, so the broadcasts, cheaper per round, get more rounds.", |r, m| AgentsChart::Depth(r.depth_points(m)))}
                {chart("agents-angles", "Angle of each step's update to the exact gradient (mean over rounds, median over seeds), step by step for each number of steps K, for the chained critique and both broadcasts; exact backprop is 0° everywhere. Darker is worse: 90° carries no information, above 90° the update points against the gradient. The last step reads the evaluator and is always exact, so the mean is over steps 1 … K−1.", |r, m| AgentsChart::Map(r.median_rows(m)))}
                {chart("agents-vote", "Accuracy against calls: independent answers voted, and one answer refined and voted", |r, _| AgentsChart::Vote(r.vote.clone()))}
                <p class="hint" data-testid="agents-vote-finding">{move || results.with(|r| r.as_ref().and_then(AgentsResults::vote_finding)).unwrap_or_default()}</p>
                <p class="hint">"What the depth chart says, depth by depth (each arm at the chained critique's call budget):"</p>
                <ul class="findings" data-testid="agents-findings">
                    {move || { let m = measure(); results.with(|r| r.as_ref().map(|r| r.findings(m)).unwrap_or_default()) }.into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
                </ul>
            </div>
            })}
            {move || rest_in.get().then(|| view! { <MarginMap/> <TraceImport/> })}
        </section>
    }
}
