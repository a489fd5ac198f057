//! The landing view: the worked example. This file wires the signals and
//! lays out the three columns; the inputs, the panels and the SVG live in
//! `graph_inputs`, `graph_panels` and `graph_svg`.

use crate::engine::graph::fmt_minus;
use crate::engine::layout::Flow;
use crate::lab::method::select::graph_signal;
use crate::page::palette::{HANDOFF, NEGATIVE, POSITIVE, RECEIVING, SENDING};
use crate::page::url::{AppState, View};
use crate::ui::shell::drawn::{Drawn, Part};
use crate::ui::shell::graph_state::GraphState;
use crate::ui::shell::graph_svg::{draw, Look};
use crate::ui::shell::keys::{step_keys, StepKeys};
use crate::ui::shell::room::{Room, Rooms};
use crate::ui::shell::widgets::narrow_screen;
use crate::ui::worked::inputs::{ExpressionBox, VarInputs};
use crate::ui::worked::panels::{
    Arithmetic, FdTable, LearnSaid, LearnStep, R3Panel, RequirementNotes, Said,
};
use leptos::prelude::*;
use std::time::Duration;

/// Scrolls the `node` (a selector: the sending node, the keyboard's) into view: inside the graph's frame (to its
/// middle when the graph is larger than the frame) and, if the frame is
/// partly off screen, the page as little as needed.
fn follow(wrap: NodeRef<leptos::html::Div>, node: &str) {
    let Some(frame) = wrap.get_untracked() else {
        return;
    };
    let Ok(Some(node)) = frame.query_selector(node) else {
        return;
    };
    // the frame scrolls, never the page: a page that moved under the
    // student's finger would move the step buttons between two taps
    let (f, n) = (
        frame.get_bounding_client_rect(),
        node.get_bounding_client_rect(),
    );
    let dx = if n.left() < f.left() || n.right() > f.right() {
        (n.left() + n.right()) / 2.0 - (f.left() + f.right()) / 2.0
    } else {
        0.0
    };
    let dy = if n.top() < f.top() {
        n.top() - f.top() - 8.0
    } else if n.bottom() > f.bottom() {
        n.bottom() - f.bottom() + 8.0
    } else {
        0.0
    };
    if dx != 0.0 || dy != 0.0 {
        frame.set_scroll_left(frame.scroll_left() + dx as i32);
        frame.set_scroll_top(frame.scroll_top() + dy as i32);
    }
}

/// Two-finger zoom on the graph's frame: the distance between the
/// fingers at the start, and the zoom then.
#[derive(Clone, Copy, Default)]
struct Pinch(StoredValue<Option<(f64, f64)>>);

fn spread(e: &web_sys::TouchEvent) -> Option<f64> {
    let t = e.touches();
    let (a, b) = (t.get(0)?, t.get(1)?);
    let (dx, dy) = (a.client_x() - b.client_x(), a.client_y() - b.client_y());
    Some(f64::from(dx).hypot(f64::from(dy)).max(1.0))
}

impl Pinch {
    fn start(&self, e: &web_sys::TouchEvent, zoom: f64) {
        self.0.set_value(spread(e).map(|d| (d, zoom)));
    }
    /// The zoom the fingers ask for, while two are down.
    fn factor(&self, e: &web_sys::TouchEvent) -> Option<f64> {
        let (d0, z0) = self.0.get_value()?;
        Some((z0 * spread(e)? / d0).clamp(0.3, 4.0))
    }
}

/// The play speeds offered: label and milliseconds per step.
const SPEEDS: [(&str, u64); 3] = [("slow", 2200), ("normal", 1300), ("fast", 600)];

#[component]
pub fn GraphView() -> impl IntoView {
    // R1–R5 and the R3 variant are shared with the lab (and the URL)
    let app =
        use_context::<RwSignal<AppState>>().unwrap_or_else(|| RwSignal::new(AppState::default()));
    let g = use_context::<GraphState>().unwrap_or_else(|| GraphState::new(app, ""));
    let (ws, step, notice) = (g.ws, g.step, g.notice);
    let kept = Memo::new(move |_| app.with(|a| a.kept));
    let signal = Memo::new(move |_| app.with(|a| graph_signal(a.r3)));
    let computed = Memo::new(move |_| ws.with(|w| w.compute(kept.get(), signal.get())));
    // the graph and its layout change only when the expression does, not
    // on every keystroke, value or step
    let graph = Memo::new(move |_| ws.with(|w| w.graph.clone()));
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(1usize);
    // the zoom is the link's (a lecturer's link keeps it)
    let zoom = Memo::new(move |_| app.with(|a| a.zoom));
    let set_zoom =
        move |z: Option<f64>| app.update(|a| a.zoom = z.map(|z| (z * 100.0).round() / 100.0));
    // on a phone the graph runs top to bottom and fits the screen's width
    let narrow = narrow_screen();
    let flow = Signal::derive(move || {
        if narrow.get() {
            Flow::Down
        } else {
            Flow::Across
        }
    });
    let geo = Memo::new(move |_| graph.with(|g| crate::engine::layout::geometry(g, flow.get())));
    // the learn path's graph: numbers to two decimals
    let plain = crate::ui::shell::widgets::plain_words();
    let n_steps = Signal::derive(move || computed.with(|c| c.sweep.steps.len()));
    let learned = RwSignal::new(None::<Said>);
    // what a change of R1–R5 (or R3's variant) did, said once for a
    // screen reader (not on the first drawing)
    let reqs_said = RwSignal::new(String::new());
    // (a tour stop that sets them is not the student's change: its card
    // speaks, and a stop's question must not hear its answer first)
    Effect::new(move |before: Option<([bool; 5], _, _)>| {
        let now = (kept.get(), signal.get(), app.with(|a| a.tour));
        if before.is_some_and(|b| (b.0, b.1) != (now.0, now.1) && b.2 == now.2) {
            let removed = crate::engine::Requirements::removed_words(now.0);
            reqs_said.set(computed.with_untracked(|c| c.consequence(&removed)));
        }
        now
    });
    let k = Signal::derive(move || step.get().min(n_steps.get()));
    // the sweep stepped to its end: the check by nudges, said in the same
    // region (a sweep drawn whole at once, by a link or the tour, is not)
    Effect::new(move |before: Option<usize>| {
        let (now, n) = (k.get(), n_steps.get_untracked());
        if before.is_some_and(|b| b + 1 == now) && now == n {
            reqs_said.set(computed.with_untracked(crate::page::worked::Computed::check_said));
        }
        now
    });
    // a step past the end (a tour's "show it all", a link) is the end
    Effect::new(move |_| {
        let n = n_steps.get();
        if step.get() > n {
            step.set(n);
        }
    });

    // when the graph is wider or taller than its frame, keep the sending
    // node in view as the sweep moves and the zoom changes
    let wrap = NodeRef::<leptos::html::Div>::new();
    // on load the graph and the panels come in tasks of their own (the
    // view itself is drawn before them, `ui::shell::drawn::Part`)
    let (graph_in, panels_in) = (Drawn::from(Part::Graph), Drawn::from(Part::Panels));
    // the cost panel and the graph's export are in the rooms' wasm, fetched
    // when the page is idle (at once if the rooms are already here)
    let rooms = expect_context::<Rooms>();
    Effect::new(move |_| {
        let _ = (k.get(), zoom.get(), graph_in.get());
        request_animation_frame(move || follow(wrap, ".node.active"));
    });

    let pinch = Pinch::default();
    let next = move || {
        let n = n_steps.get_untracked();
        step.update(|s| *s = (*s).min(n).saturating_add(1).min(n));
    };
    let prev = move || step.update(|s| *s = (*s).min(n_steps.get_untracked()).saturating_sub(1));
    let reset = move || {
        playing.set(false);
        step.set(0);
    };
    let toggle_play = move || {
        if !playing.get_untracked() && step.get_untracked() >= n_steps.get_untracked() {
            step.set(0);
        }
        playing.update(|p| *p = !*p);
    };

    // While playing, one step per tick; stop at the end.
    Effect::new(move |prev_handle: Option<Option<IntervalHandle>>| {
        if let Some(Some(h)) = prev_handle {
            h.clear();
        }
        if !playing.get() {
            return None;
        }
        let ms = SPEEDS[speed.get().min(SPEEDS.len() - 1)].1;
        set_interval_with_handle(
            move || {
                if step.get_untracked() < n_steps.get_untracked() {
                    next();
                }
                // the last step shown, the button says "▶ play" at once
                if step.get_untracked() >= n_steps.get_untracked() {
                    playing.set(false);
                }
            },
            Duration::from_millis(ms),
        )
        .ok()
    });

    // the graph is one Tab stop (its frame, which a step never redraws):
    // ↑ ↓ move a cursor over its nodes, read out as the frame's active
    // descendant; ← → still step the sweep (`ui::shell::keys`)
    let cursor = RwSignal::new(None::<usize>);
    let move_cursor = move |e: leptos::ev::KeyboardEvent| {
        let n = graph.with_untracked(|g| g.len());
        let to = match (e.key().as_str(), cursor.get_untracked()) {
            ("ArrowDown", Some(i)) => (i + 1).min(n - 1),
            ("ArrowUp", Some(i)) => i.saturating_sub(1),
            ("ArrowDown", None) | ("PageUp", _) => 0,
            ("ArrowUp", None) | ("End", _) | ("PageDown", _) => n - 1,
            _ => return,
        };
        e.prevent_default();
        e.stop_propagation();
        cursor.set(Some(to));
        request_animation_frame(move || follow(wrap, ".node.cursor"));
    };
    // a new graph: the cursor starts again
    Effect::new(move |_| {
        graph.track();
        cursor.set(None);
    });

    step_keys(
        app,
        View::Graph,
        StepKeys {
            next: Box::new(next),
            prev: Box::new(prev),
            toggle: Box::new(toggle_play),
            home: Box::new(reset),
        },
    );

    view! {
        <section class="graph-view">
            <div class="col controls">
                {move || notice.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
                {move || g.aside.get().filter(|_| !app.with(|a| a.hides("expr"))).map(|w| view! {
                    <p class="notice" role="status" data-testid="saved-aside">
                        "This link opened its own example. Your saved worksheet, f = " <code>{w.good_src.clone()}</code> ", is kept: "
                        <button class="small" data-testid="saved-restore" on:click=move |_| g.restore_aside()>"restore it"</button>
                        " "
                        <button class="small" data-testid="saved-forget" on:click=move |_| g.forget_aside()>"forget it"</button>
                    </p>
                })}
                <div class="expr-edit" class:hidden=move || app.with(|a| a.hides("expr"))><ExpressionBox ws=ws step=step/></div>
                <div class="expr-edit" class:hidden=move || app.with(|a| a.hides("inputs"))>
                    <VarInputs ws=ws show_previous=Signal::derive(move || !kept.get()[0])/>
                </div>
            </div>
            <div class="col centre" data-testid="slide-graph">
                <p class="value-f">
                    <span data-testid="value-f">{move || format!("f = {}", fmt_minus(computed.with(|c| c.value)))}</span>
                    <span class="hint">" — "{move || crate::ui::shell::graph_svg::arrows_say(k.get())}</span>
                </p>
                {move || computed.with(|c| {
                    let f_bad = !c.value.is_finite();
                    let g_bad = c.exact.iter().any(|x| !x.is_finite());
                    (f_bad || g_bad).then(|| view! {
                        <p class="error" role="alert" data-testid="not-finite">
                            {if f_bad {
                                "f is not a finite number at these inputs (log or sqrt of a negative, or a division by zero?): its gradient means nothing here."
                            } else {
                                "f's gradient is not a finite number at these inputs (sqrt or log at 0, or a division by zero?): the credits mean nothing here."
                            }}
                        </p>
                    })
                })}
                <div class="graph-tools" role="group" aria-label="Zoom the graph">
                    <span class="zoom" class:hidden=move || app.with(|a| a.hides("zoom"))>
                    <button class="small" data-testid="zoom-out" on:click=move |_| set_zoom(Some((zoom.get_untracked().unwrap_or(1.0) / 1.25).max(0.3)))>"−"</button>
                    <button class="small" data-testid="zoom-fit" on:click=move |_| set_zoom(None)>"fit"</button>
                    <button class="small" data-testid="zoom-in" on:click=move |_| set_zoom(Some((zoom.get_untracked().unwrap_or(1.0) * 1.25).min(4.0)))>"+"</button>
                    </span>
                    <span class="key">
                        <span class="pos">{POSITIVE.legend}</span>
                        <span class="neg">{NEGATIVE.legend}</span>
                        <span class="key-active">{SENDING.legend}</span>
                        <span class="key-receiving">{RECEIVING.legend}</span>
                        <span class="key-arrows">{move || crate::ui::shell::graph_svg::arrows_say(k.get())}</span>
                        {move || (signal.get() == crate::engine::ErrorSignal::Scrambled && !kept.get()[2])
                            .then(|| view! { <span class="key-hand">{HANDOFF.legend}</span> })}
                    </span>
                </div>
                <div class="graph-wrap" data-testid="graph-frame" tabindex="0" role="group" node_ref=wrap
                    aria-label=move || format!("The computation graph, {} nodes: ↑ ↓ move between them, ← → step the sweep", graph.with(|g| g.len()))
                    aria-activedescendant=move || cursor.get().map(|i| format!("node-{i}"))
                    on:keydown=move_cursor
                    on:touchstart=move |e| pinch.start(&e, zoom.get_untracked().unwrap_or(1.0))
                    on:touchmove=move |e| if let Some(z) = pinch.factor(&e) { e.prevent_default(); set_zoom(Some(z)) }>
                    {move || graph_in.get().then(|| graph.with(|g| geo.with(|geo| computed.with(|c| draw(g, geo, c, k.get(), Look { zoom: zoom.get(), flow: flow.get(), ids: "", short: plain(), cursor: cursor.get() })))))}
                </div>
                <div class="stepper" role="group" aria-label="Step the backward sweep" class:hidden=move || app.with(|a| a.hides("steps"))>
                    <button data-testid="step-reset" on:click=move |_| reset() title="Reset (Home)">"reset"</button>
                    // (aria-disabled, not disabled: a button that cannot act keeps the
                    // keyboard's focus instead of dropping it to the page)
                    <button data-testid="step-prev" on:click=move |_| prev() title="Previous step (←)" aria-label="previous step" aria-disabled=move || (k.get() == 0).to_string()>"◀"<span class="wide">" previous"</span></button>
                    <button data-testid="step-play" on:click=move |_| toggle_play() title="Play or pause (space)"
                        aria-pressed=move || playing.get().to_string()>
                        {move || if playing.get() { "pause" } else { "▶ play" }}
                    </button>
                    <button data-testid="step-next" on:click=move |_| next() title="Next step (→)" aria-disabled=move || (k.get() >= n_steps.get()).to_string()>"next ▶"</button>
                    <LearnStep ws=ws computed=computed k=k said=learned/>
                    <label class="speed">"speed "
                        <select data-testid="play-speed" on:change=move |e| {
                            if let Ok(i) = event_target_value(&e).parse::<usize>() { speed.set(i) }
                        }>
                            {SPEEDS.iter().enumerate().map(|(i, (l, _))| view! {
                                <option value=i.to_string() selected=i == 1>{*l}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    // (not a live region: the step's words, which change with it, say "Step k")
                    <span data-testid="step-index" class="step-index">
                        // (a phone's one row shows the numbers; a screen reader hears the word)
                        <span class="step-word">"sweep "</span>{move || format!("{} / {}", k.get(), n_steps.get())}
                    </span>
                    <span class="hint">"keys: ← → step, space play, Home reset"</span>
                </div>
                // what the last learning step did, while f is where it left it
                <LearnSaid ws=ws computed=computed said=learned/>
                <p class="sr-only" role="status" data-testid="reqs-said">{reqs_said}</p>
                {move || panels_in.get().then(|| view! {
                    <Arithmetic ws=ws computed=computed k=k/>

                    <div class:hidden=move || app.with(|a| a.hides("export"))>{rooms.at_idle(Room::Export)}</div>
                })}
            </div>
            <div class="col side">
                {move || panels_in.get().then(|| view! {
                    <div class:hidden=move || app.with(|a| a.hides("check"))
                        data-testid="fd-check"><FdTable computed=computed k=k/></div>
                    <div class:hidden=move || app.with(|a| a.hides("notes"))>
                        <R3Panel ws=ws computed=computed app=app/>
                        <RequirementNotes ws=ws computed=computed app=app step=step/>
                    </div>
                    <div class:hidden=move || app.with(|a| a.hides("costs"))>{rooms.at_idle(Room::Costs)}</div>
                })}
            </div>
        </section>
    }
}
