//! The essay's Part 4 in the lab: the proposals' table grouped by what
//! each keeps (tags, citation, this page's scores), the verdict on the
//! essay's prediction from the live runs, the feedback-angle chart (FA's
//! fixed B against Kolen–Pollack's learned one), and predictive coding's
//! angle to backprop as its settling lengthens.

use crate::lab::study::part4::{members, pc_angles, tags, verdict, Group, PC_STEPS};
use crate::lab::{Method, Task};
use crate::page::lab::session::RunStatus;
use crate::page::lab::session::{part4_json, rank, times_reference};
use crate::page::url::AppState;
use crate::ui::lab::charts::FeedbackChart;
use crate::ui::lab::controls::swatch;
use crate::ui::lab::handle::Lab;
use crate::ui::shell::download;
use leptos::prelude::*;
use std::sync::Arc;

/// What the live runs say about `m`: its score (with the step when not
/// finished) and its ratio to bp's.
fn score_cells(board: &[RunStatus], m: Method) -> (String, String) {
    let Some(r) = board.iter().find(|r| r.method() == m) else {
        return ("not trained".into(), "—".into());
    };
    let s = r.score();
    let shown = match (r.diverged_at, s.is_finite()) {
        (Some(at), _) => format!("diverged at step {at}"),
        (None, true) if r.finished => format!("{s:.3}"),
        (None, true) => format!("{s:.3} (step {})", r.steps_done),
        _ => "—".into(),
    };
    (shown, times_reference(board, m, s))
}

/// A rule's row: drawn once, its score and ratio following the runs.
fn row(lab: Lab, m: Method) -> impl IntoView {
    let t = tags(m);
    let scores = Memo::new(move |_| lab.read(|c| score_cells(&c.board, m)));
    let cell = |f: fn(&crate::lab::study::part4::Tags) -> &'static str| t.map_or("—", |t| f(&t));
    view! {
        <tr data-testid=format!("part4-{}", m.id())>
            // (one box: stacked on a phone, the cell's label and this box
            // share the width, and the name must not be squeezed by the cite)
            <td data-label="rule"><div>{swatch(m)}{m.name()}
                <div class="hint">{cell(|t| t.cite)}</div></div></td>
            <td data-label="keeps">{match m {
                _ if t.is_some() => cell(|t| t.keeps),
                Method::ReadoutOnly => "R1–R5 for the readout only",
                _ => "R1–R5",
            }}</td>
            <td data-label="relaxes">{cell(|t| t.relaxes)}</td>
            <td data-label="replaced by">{cell(|t| t.replaced_by)}</td>
            <td data-label="the essay" class="essay-line">{t.map(|t| t.essay.map_or("not in the essay (a rule we added beside its proposals)".to_string(), |q| format!("“{q}”")))}</td>
            <td data-label="test nMSE (or error rate)">{move || scores.with(|s| s.0.clone())}</td>
            <td data-label="× bp">{move || scores.with(|s| s.1.clone())}</td>
        </tr>
    }
}

#[component]
pub(crate) fn Proposals(lab: Lab, app: RwSignal<AppState>) -> impl IntoView {
    let train = move |_| {
        app.update(|a| {
            for m in Method::part4_and_reference().chain([Method::ReadoutOnly]) {
                if !a.lab.methods.contains(&m) {
                    a.lab.methods.push(m);
                }
            }
        });
        // after the change of methods has reset the comparison
        set_timeout(move || lab.act(|c, s| c.run(s)), std::time::Duration::ZERO);
    };
    // the rows are drawn again only when their order changes (a run
    // finishes), not with every report of a run
    let order = Memo::new(move |_| {
        lab.read(|c| {
            Group::ALL
                .into_iter()
                .map(|g| (g, rank(&c.board, &members(g))))
                .collect::<Vec<_>>()
        })
    });
    let table =
        move || {
            order.with(|groups| {
            let groups = groups.iter().map(|(g, ranked)| {
                let g = *g;
                view! {
                    <tr class="group"><th colspan="7" scope="rowgroup">{g.heading()}</th></tr>
                    {ranked.iter().map(|&m| row(lab, m)).collect_view()}
                    {(g == Group::LocalGoal).then(|| row(lab, Method::BpClassify))}
                }
            }).collect_view();
            view! {
                {groups}
                <tr class="group"><th colspan="7" scope="rowgroup">"references"</th></tr>
                {[Method::Bp, Method::ReadoutOnly].into_iter().map(|m| row(lab, m)).collect_view()}
            }
        })
        };
    let said = move || {
        lab.read(|c| {
            let all = Method::part4_and_reference().chain([Method::Bp, Method::ReadoutOnly]);
            let done: Option<Vec<(Method, f64)>> = all
                .map(|m| c.board.iter().find(|r| r.method() == m && r.finished).map(|r| (m, r.score())))
                .collect();
            let prediction = "The essay predicts that the proposals that keep a signed, per-unit error come close to backprop and those that drop it fall back towards the readout-only floor.";
            let steps = c.board.iter().map(|r| r.cfg.steps).max().unwrap_or(0);
            let short = if steps > 0 && steps < 3000 {
                format!(" These runs are {steps} steps; each rule's rate was chosen for 3,000, so a short run can put a slow rule on the wrong side.")
            } else {
                String::new()
            };
            match done.and_then(|s| verdict(&s)) {
                Some(v) => format!("{prediction} {v}{short}"),
                None => format!("{prediction} Train the proposals (with backprop and the floor) to test it on this task."),
            }
        })
    };
    let export = move |_| {
        let verdict = said();
        let text = lab.read(|c| part4_json(&c.board, &verdict));
        download::text(
            &serde_json::to_string_pretty(&text).unwrap_or_default(),
            "creditflow-part4.json",
            "application/json",
        );
    };
    let pc = RwSignal::new(Vec::<(usize, f64)>::new());
    let measure = move |_| {
        let base = app.with_untracked(|a| a.lab.base);
        let (task, seed) = (Arc::new(Task::new(base.task_shape())), base.seed);
        pc.set(pc_angles(task, seed, 0, &PC_STEPS));
    };
    view! {
        <section class="part4" id="part4" data-testid="part4">
            <h3>"The essay's Part 4: proposals that replace a requirement"</h3>
            <p class="hint">"Each rule learns the same teacher task on the same student; each is tagged with the requirements it keeps and the one it relaxes or replaces, in the essay's words. Scores are this page's live runs: one seed, each rule at its best rate on the command line's grid."</p>
            <button data-testid="part4-train" on:click=train disabled=move || lab.read(|c| c.running)>"▶ train the proposals"</button>
            <table class="live part4-table stack" data-testid="part4-table">
                <thead><tr>
                    <th scope="col">"rule"</th><th scope="col">"keeps"</th><th scope="col">"relaxes"</th>
                    <th scope="col">"replaced by"</th><th scope="col">"the essay"</th>
                    <th scope="col">"test nMSE (or error rate)"</th><th scope="col" title="test nMSE divided by exact backprop's (error rate by backprop's on the classification task)">"× bp"</th>
                </tr></thead>
                <tbody>{table}</tbody>
            </table>
            <p class="verdict" data-testid="part4-verdict" aria-live="polite">{said}</p>
            <p class="exports">"Export this table, its verdict and each run's settings: "
                <button class="small" data-testid="part4-export" on:click=export>"JSON"</button></p>
            <FeedbackChart lab=lab/>
            <h4>"Predictive coding: how close its update comes to backprop's as it settles longer"</h4>
            <button class="small" data-testid="pc-angles-run" on:click=measure>"measure at T = 1 … 100"</button>
            {move || (!pc.with(Vec::is_empty)).then(|| view! {
                <table class="live" data-testid="pc-angles">
                    <thead><tr><th scope="col">"relaxation steps T"</th><th scope="col">"angle to backprop's update"</th></tr></thead>
                    <tbody>{pc.get().into_iter().map(|(t, d)| view! { <tr><td>{t}</td><td>{format!("{d:.1}°")}</td></tr> }).collect_view()}</tbody>
                </table>
                <p class="hint">"On the first batch of the untrained student, seed and teacher gain as set: the angle falls while the error units settle, then levels off about 20° from it: with the output clamped to the target, the settled errors approximate backprop's adjoints rather than equal them."</p>
            })}
        </section>
    }
}
