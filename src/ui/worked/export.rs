//! The worked example out of and into the page: the graph as SVG or PNG
//! (the page's own drawing, with the rules and colours it is drawn with
//! copied in; in the rooms' wasm, `Room::Export`, which the page fetches
//! when it is idle), and the session as a JSON file to save and load
//! again.

use crate::page::url::AppState;
use crate::page::worked::session;
use crate::ui::shell::download;
use crate::ui::shell::graph_state::GraphState;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;

/// The colours the graph's rules use (each `light-dark(…)`: the file
/// takes the light side, a figure for slides and print).
const VARS: [&str; 11] = [
    "--fg",
    "--muted",
    "--pos",
    "--neg",
    "--accent",
    "--card",
    "--node",
    "--edge",
    "--edge-done",
    "--active-bg",
    "--hand",
];

/// The graph as a standalone SVG document and its size, or `None` if
/// the page has no graph drawn.
fn graph_svg() -> Option<(String, (u32, u32))> {
    let w = web_sys::window()?;
    let doc = w.document()?;
    let svg = doc.query_selector("[data-testid=graph-svg]").ok()??;
    let clone = svg
        .clone_node_with_deep(true)
        .ok()?
        .dyn_into::<web_sys::Element>()
        .ok()?;
    let root = doc.document_element()?;
    let css = w.get_computed_style(&root).ok()??;
    let vars: String = VARS
        .iter()
        .map(|v| {
            format!(
                "{v}: {};",
                css.get_property_value(v).unwrap_or_default().trim()
            )
        })
        .collect();
    // the stylesheet rules that draw the graph
    let mut rules = String::new();
    let sheets = doc.style_sheets();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets
            .get(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let Ok(list) = sheet.css_rules() else {
            continue;
        };
        for j in 0..list.length() {
            if let Some(r) = list.get(j) {
                let text = r.css_text();
                if text.starts_with("svg.graph") {
                    rules.push_str(&text);
                    rules.push('\n');
                }
            }
        }
    }
    let rect = svg.get_bounding_client_rect();
    let size = (rect.width().max(1.0) as u32, rect.height().max(1.0) as u32);
    let _ = clone.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    let _ = clone.set_attribute("width", &size.0.to_string());
    let _ = clone.set_attribute("height", &size.1.to_string());
    let _ = clone.set_attribute(
        "style",
        &format!("{vars} color-scheme: light; background: var(--card); font-family: system-ui, sans-serif;"),
    );
    let body = clone.outer_html();
    let at = body.find('>')? + 1;
    let text = format!("{}<style>{rules}</style>{}", &body[..at], &body[at..]);
    Some((text, size))
}

/// The graph's SVG and PNG buttons.
#[component]
fn GraphImage() -> impl IntoView {
    let save_svg = move |_| {
        if let Some((svg, _)) = graph_svg() {
            download::text(&svg, "creditflow-graph.svg", "image/svg+xml");
        }
    };
    let save_png = move |_| {
        if let Some((svg, size)) = graph_svg() {
            download::svg_as_png(&svg, size, "creditflow-graph.png");
        }
    };
    view! {
        <span class="hint">"graph: "</span>
        <button class="small" data-testid="export-graph-svg" on:click=save_svg>"SVG"</button>
        <button class="small" data-testid="export-graph-png" on:click=save_png>"PNG"</button>
    }
}

/// The worked example's export: the graph's SVG and PNG, and the session
/// saved and loaded as JSON. Drawn in the rooms' wasm, where `g` follows
/// the page's worksheet (`GraphState::follow`, which the page's whole
/// worksheet reaches as JSON: `rooms::Shared::sheet`); a loaded session
/// goes back to the page the same way (`room::load_sheet`).
#[component]
pub fn GraphExport(g: GraphState, sheet: RwSignal<String>) -> impl IntoView {
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    // what the last load said: done, or why not
    let note = RwSignal::new(None::<Result<String, String>>);
    let save_json = move |_| {
        let kept = app.with_untracked(|a| a.kept);
        let step = Some(g.step.get_untracked());
        // the page's whole worksheet (seed, draws, previous sample), or,
        // before it has told, the one the link gives
        let ws = sheet
            .with_untracked(|t| session::from_json(t).ok())
            .unwrap_or_else(|| g.ws.get_untracked());
        let text = session::session_json(&ws, Some(kept), step);
        download::text(&text, "creditflow-session.json", "application/json");
    };
    let load_json = move |e: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&e);
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        let name = file.name();
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            match text.ok().and_then(|t| t.as_string()) {
                None => note.set(Some(Err("The file could not be read.".into()))),
                Some(t) => match session::session_from_json(&t) {
                    Ok(s) => {
                        // to the page whole (its worksheet, ticks and step),
                        // or, drawn in place, here
                        let whole = session::session_json(&s.ws, s.kept, s.step);
                        if !crate::ui::shell::room::load_sheet(&whole) {
                            g.ws.set(s.ws);
                            if let Some(k) = s.kept {
                                app.update(|a| a.kept = k);
                            }
                            g.step.set(s.step.unwrap_or(0));
                        }
                        note.set(Some(Ok(format!("Loaded {name}."))));
                    }
                    Err(why) => note.set(Some(Err(format!(
                        "That file was not loaded: {why}. The page keeps its state."
                    )))),
                },
            }
        });
    };
    view! {
        <div class="graph-export" role="group" aria-label="Save or load the worked example">
            <GraphImage/>
            <span class:hidden=move || app.with(|a| a.hides("expr"))>
            <span class="hint">" session: "</span>
            <button class="small" data-testid="session-save" on:click=save_json>"save JSON"</button>
            <label class="file small">
                <span>"load JSON"</span>
                <input type="file" accept=".json,application/json" data-testid="session-load" on:change=load_json/>
            </label>
            </span>
            {move || note.get().map(|n| match n {
                Ok(done) => view! { <p class="hint small" role="status" data-testid="session-loaded">{done}</p> }.into_any(),
                Err(p) => view! { <p class="error small" role="alert" data-testid="session-error">{p}</p> }.into_any(),
            })}
        </div>
    }
}
