//! "Your own runs": a trace of a real (or simulated) pipeline's rounds
//! (docs/agents-trace.md) read in the browser, the file never leaving it,
//! and drawn as the simulation's runs are: the curves with their bands,
//! the depth chart, the verdicts and the words. A bad file is refused
//! with its line number and the last good trace stays. The format and its
//! checks are `lab::agents::trace`; the results, `page::agents::import`.

use crate::lab::agents::trace;
use crate::page::agents::import::Imported;
use crate::page::url::AppState;
use crate::ui::charts::agents::AgentsChart;
use crate::ui::shell::chart::figure;
use crate::ui::shell::download::{fetch_text, read_picked};
use leptos::prelude::*;

/// The shipped examples: (file under the site, button label).
const EXAMPLES: [(&str, &str); 2] = [
    ("traces/simulated-arms.jsonl", "four arms at K = 4"),
    (
        "traces/simulated-depths.jsonl",
        "two arms at K = 2 and 4, gated",
    ),
];

#[component]
pub fn TraceImport() -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let imported = RwSignal::new(None::<(String, Imported)>);
    let problem = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let take = move |name: String, text: Result<String, String>| {
        busy.set(false);
        match text.and_then(|t| trace::parse(&t)) {
            Ok(t) => {
                imported.set(Some((name, Imported::of(t))));
                problem.set(None);
            }
            Err(e) => problem.set(Some(format!("{name}: {e}. Nothing was changed."))),
        }
    };
    let pick = move |e: leptos::ev::Event| {
        busy.set(true);
        read_picked(&e, trace::MAX_BYTES, take);
    };
    let example = move |path: &'static str| {
        busy.set(true);
        leptos::task::spawn_local(async move {
            take(
                path.rsplit('/').next().unwrap_or(path).into(),
                fetch_text(path).await,
            );
        });
    };
    let measure = move || app.with(|a| a.agents.measure);
    let chart =
        move |id: &'static str,
              label: &'static str,
              of: fn(&Imported, crate::lab::agents::spread::Measure) -> AgentsChart| {
            let c = Signal::derive(move || {
                let m = measure();
                imported
                    .with(|i| i.as_ref().map(|(_, i)| of(i, m)))
                    .unwrap_or_else(|| AgentsChart::Depth(Vec::new()))
            });
            figure(id, label, c, None)
        };
    let words = move || {
        let m = measure();
        imported.with(|i| {
            i.as_ref()
                .map(|(_, i)| i.results.arm_words(m))
                .unwrap_or_default()
        })
    };
    let findings = move || {
        let m = measure();
        imported.with(|i| {
            i.as_ref()
                .map(|(_, i)| i.results.findings(m))
                .unwrap_or_default()
        })
    };
    view! {
        <section class="agents-import" data-testid="agents-import">
            <h2>"Your own runs"</h2>
            <p class="hint">"Log your pipeline's rounds as a trace (JSON Lines: a header line, then a record per round, step, arm and run with the step's input, output, critique, update, the held-out score and the calls so far; "
                <a href="agents-trace.md" data-testid="agents-trace-doc">"the format"</a>", "<a href="agents-trace.schema.json">"its JSON Schema"</a>", and "<a href="agents-trace-textgrad.py">"a script for a TextGrad or DSPy loop"</a>
                "). The file is read here, in your browser: it is not sent anywhere. Its runs are drawn as the simulation's are, over its repeated runs, scored as chosen above."</p>
            <div class="lab-buttons">
                <label class="file-pick">"open a trace (.jsonl) "
                    <input type="file" accept=".jsonl,.json,.txt,application/json,text/plain" data-testid="agents-trace-file" on:change=pick/></label>
                {EXAMPLES.map(|(path, label)| view! {
                    <button class="small" data-testid=format!("agents-trace-example-{}", if path.contains("arms") { "arms" } else { "depths" })
                        on:click=move |_| example(path)>{format!("simulated example: {label}")}</button>
                }).collect_view()}
                {move || busy.get().then(|| view! { <span class="hint">"reading…"</span> })}
            </div>
            {move || problem.get().map(|p| view! { <p class="notice" role="alert" data-testid="agents-trace-problem">{p}</p> })}
            <div class:hidden=move || imported.with(Option::is_none)>
                <p class="hint" data-testid="agents-trace-summary">{move || imported.with(|i| i.as_ref().map(|(n, i)| format!("{n}: {}", i.summary())).unwrap_or_default())}</p>
                {chart("agents-trace-curves", "The trace's held-out score against round for each arm at its most common K: the median over its runs, the middle half shaded, gated dashed", |i, m| AgentsChart::Curves(i.results.curve_bands(m)))}
                <ul class="findings" data-testid="agents-trace-words">
                    {move || words().into_iter().map(|(who, w)| view! { <li><b>{who}</b>": "{w}</li> }).collect_view()}
                </ul>
                {chart("agents-trace-depth", "The trace's score against its pipelines' number of steps K: the median over its runs, bars over the middle half (compute-matched only if the runs were given equal calls)", |i, m| AgentsChart::Depth(i.results.depth_points(m)))}
                <ul class="findings" data-testid="agents-trace-findings">
                    {move || findings().into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
                </ul>
            </div>
        </section>
    }
}
