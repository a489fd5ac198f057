//! The lab's own-data panel: a CSV file chosen here (it never leaves the
//! browser), its target column and kind, checked by the one CSV reader;
//! a bad file is named by line and column and changes nothing. A file up
//! to `KEEP_BYTES` is kept in this browser for the next visit (`restore`),
//! with a button to forget it.

use crate::lab::data::csv::{parse, MAX_COLUMNS, MAX_ROWS};
use crate::lab::data::dataset::{Kind, MIN_ROWS};
use crate::lab::data::registry::{self, Source};
use crate::lab::data::Data;
use crate::lab::train::config::Arch;
use crate::page::url::AppState;
use crate::ui::shell::download::read_picked;
use crate::ui::shell::storage;
use leptos::prelude::*;

/// Where the kept file lives, and the largest kept (localStorage holds
/// about 5 MB a site).
const KEY: &str = "creditflow-data-file";
pub const KEEP_BYTES: usize = 2_000_000;

/// A chosen file not yet in use: its name, text and columns.
#[derive(Clone, Debug, PartialEq)]
struct Draft {
    name: String,
    text: String,
    columns: Vec<String>,
}

/// At start-up, before the link is read: the file kept by an earlier
/// visit, registered again (so `task=file` finds it).
pub fn restore() {
    let Some(text) = storage::get(KEY) else {
        return;
    };
    if let Ok(src) = serde_json::from_str::<Source>(&text) {
        let _ = registry::keep_file(&src.text, &src.targets, src.kind);
    }
}

fn kind_of(v: &str) -> Option<Kind> {
    match v {
        "classification" => Some(Kind::Classification),
        "regression" => Some(Kind::Regression),
        _ => None,
    }
}

#[component]
pub(crate) fn OwnData(app: RwSignal<AppState>, choosing: RwSignal<bool>) -> impl IntoView {
    let draft = RwSignal::new(None::<Draft>);
    let target = RwSignal::new(String::new());
    let kind = RwSignal::new(String::from("auto"));
    let problem = RwSignal::new(None::<String>);
    let note = RwSignal::new(None::<String>);
    let is_file = move || app.with(|a| matches!(a.lab.base.teacher.data, Data::File { .. }));
    // a file chosen and not learned, or none chosen yet, holds ▶ run (the
    // lab says why); choosing another task drops it
    Effect::new(move |_| {
        if !choosing.get() {
            draft.set(None);
        }
    });
    if let Some(lab) = use_context::<crate::ui::lab::handle::Lab>() {
        Effect::new(move |_| {
            use crate::page::lab::controller::PendingFile;
            let name = draft.with(|d| d.as_ref().map(|d| PendingFile::Unlearned(d.name.clone())));
            let waiting =
                name.or_else(|| (choosing.get() && !is_file()).then_some(PendingFile::None));
            if lab.read(|c| c.pending_file != waiting) {
                lab.act(|c, _| c.pending_file = waiting);
            }
        });
    }
    let pick = move |e: leptos::ev::Event| {
        read_picked(&e, usize::MAX, move |name, text| {
            let text = match text {
                Ok(t) => t,
                Err(_) => {
                    problem.set(Some(format!("{name} could not be read as text.")));
                    return;
                }
            };
            match parse(&text, true) {
                Ok(t) => {
                    let columns: Vec<String> = t.columns.iter().map(|c| c.name.clone()).collect();
                    target.set(columns.last().cloned().unwrap_or_default());
                    draft.set(Some(Draft {
                        name,
                        text,
                        columns,
                    }));
                    problem.set(None);
                }
                Err(e) => problem.set(Some(format!("{name}: {e}. Nothing was changed."))),
            }
        });
    };
    let use_it = move |_| {
        let Some(d) = draft.get_untracked() else {
            return;
        };
        let targets = vec![target.get_untracked()];
        let k = kind_of(&kind.get_untracked());
        match registry::keep_file(&d.text, &targets, k) {
            Ok(data) => {
                let src = Source {
                    data,
                    text: d.text.clone(),
                    targets,
                    kind: k,
                };
                let kept = d.text.len() <= KEEP_BYTES
                    && storage::set(KEY, &serde_json::to_string(&src).unwrap_or_default()).is_ok();
                if kept {
                    note.set(Some(format!(
                        "{} is kept in this browser for your next visit.",
                        d.name
                    )));
                } else if d.text.len() > KEEP_BYTES {
                    note.set(Some(format!(
                        "{} is larger than {} MB, so it is not kept: choose it again after a reload.",
                        d.name,
                        KEEP_BYTES / 1_000_000
                    )));
                } else {
                    note.set(Some(format!(
                        "{} is not kept: this browser's storage is full or turned off. Choose it again after a reload.",
                        d.name
                    )));
                }
                app.update(|a| {
                    a.lab.base.teacher.data = data;
                    a.lab.base.arch = Arch::Dense;
                });
                draft.set(None);
                choosing.set(false);
                problem.set(None);
            }
            Err(e) => problem.set(Some(format!("{}: {e}. Nothing was changed.", d.name))),
        }
    };
    let forget = move |_| {
        let _ = storage::set(KEY, "");
        note.set(Some(
            "The file is forgotten: this browser no longer keeps it.".into(),
        ));
        app.update(|a| a.lab.base.teacher.data = Data::Teacher);
    };
    let described = move || {
        let data = app.with(|a| a.lab.base.teacher.data);
        let src = registry::sources().into_iter().find(|s| s.data == data)?;
        let ds = registry::get(data).ok()?;
        Some(format!(
            "Learning your file: {} rows, {} inputs ({}), target “{}” ({}).",
            ds.rows(),
            ds.inputs.len(),
            ds.inputs
                .iter()
                .take(6)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
                + if ds.inputs.len() > 6 { ", …" } else { "" },
            src.targets.join(", "),
            match ds.kind() {
                Kind::Classification => format!(
                    "classification, {} classes, scored by the test error rate",
                    ds.outputs()
                ),
                Kind::Regression => "regression, scored by the test normalised MSE".into(),
            }
        ))
    };
    view! {
        <div class="own-data" data-testid="own-data" class:hidden=move || !(choosing.get() || is_file())>
            <p class="hint">{format!("Your own data: a CSV file with a header row of column names, numeric inputs, and a target column of numbers (regression) or labels (classification). It never leaves this browser. From {MIN_ROWS} to {MAX_ROWS} rows, at most {MAX_COLUMNS} columns; inputs and a numeric target are standardised on the training rows, and a fifth of the rows (by the task draw's seed) are the test set.")}</p>
            <label class="setting"><span>"file"</span>
                <input type="file" accept=".csv,text/csv,text/plain" data-testid="data-file" on:change=pick/>
            </label>
            {move || draft.get().map(|d| view! {
                <label class="setting"><span>"target"</span>
                    <select data-testid="data-target" on:change=move |e| target.set(event_target_value(&e))>
                        {d.columns.iter().map(|c| { let c2 = c.clone(); view! { <option value=c.clone() selected=move || target.get() == c2>{c.clone()}</option> } }).collect_view()}
                    </select>
                </label>
                <label class="setting"><span>"kind"</span>
                    <select data-testid="data-kind" on:change=move |e| kind.set(event_target_value(&e))>
                        <option value="auto">"detect (labels, or 20 or fewer whole numbers: classification)"</option>
                        <option value="classification">"classification"</option>
                        <option value="regression">"regression"</option>
                    </select>
                </label>
                <button data-testid="data-use" on:click=use_it>{format!("learn {}", d.name)}</button>
            })}
            {move || is_file().then(|| view! {
                <p class="hint" data-testid="data-kept">{described}</p>
                <button class="small" data-testid="data-forget" on:click=forget>"forget this file"</button>
            })}
            {move || note.get().map(|n| view! { <p class="hint" data-testid="data-note">{n}</p> })}
            {move || problem.get().map(|p| view! { <p class="error small" role="alert" data-testid="data-error">{p}</p> })}
        </div>
    }
}
