//! The whole app: the header with the view switch and the page's settings,
//! the tour, the R1–R5 strip and the four views, around one state that
//! lives in the URL. The lab, the studies, the Agents view, the lecturer's
//! panel and present mode are rooms (`ui::shell::rooms`).

use crate::page::url::{AppState, View};
use crate::ui::shell::drawn::{Drawn, Part};
use crate::ui::shell::graph_state::GraphState;
use crate::ui::shell::requirements::RequirementBoxes;
use crate::ui::shell::room::{Room, RoomFn, Rooms};
use crate::ui::shell::widgets::{self, RunRequest};
use crate::ui::shell::{prefs, terms};
use crate::ui::tour::card as tour_card;
use crate::ui::worked::view::GraphView;
use leptos::prelude::*;

fn current_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// Keeps the address bar in step with the state, without a new history
/// entry per tick.
fn replace_query(query: &str) {
    let Some(w) = web_sys::window() else { return };
    // the same address: nothing to do (a history update costs a task
    // milliseconds on a large page)
    if w.location().search().ok().as_deref() == Some(query) {
        return;
    }
    let path = w.location().pathname().unwrap_or_default();
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(
            &leptos::wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}")),
        );
    }
}

/// The header's views: which, its test id, its label and what it holds.
const NAV: [(View, &str, &str, &str); 4] = [
    (
        View::Graph,
        "nav-graph",
        "Worked example",
        "f = (a·b + c)², its backward sweep stepped node by node",
    ),
    (
        View::Lab,
        "nav-lab",
        "Lab",
        "a network learning with one requirement removed",
    ),
    (
        View::Studies,
        "nav-studies",
        "Studies",
        "the network's depth and width varied",
    ),
    (
        View::Agents,
        "nav-agents",
        "Agents",
        "a simulated agent pipeline passing critiques back",
    ),
];

/// The whole app: four views sharing one state, which lives in the URL,
/// with the tour, the teacher panel and the page's settings around them.
/// `rooms` draws the lab, the studies and the Agents view
/// (`ui::shell::rooms`: in place, or fetched when first opened). On load
/// it makes its state, then draws its parts in tasks of their own
/// (`ui::shell::drawn::Part`).
#[component]
pub fn App(rooms: RoomFn) -> impl IntoView {
    let query = current_query();
    let (state, notices) = AppState::from_query(&query);
    let app = RwSignal::new(state);
    let notices = RwSignal::new(notices);
    provide_context(crate::ui::shell::widgets::LinkNotices(notices));
    provide_context(app);
    let rooms = Rooms::new(rooms);
    provide_context(rooms);
    provide_context(GraphState::new(app, &query));
    provide_context(crate::ui::shell::datasets::Datasets::new());
    provide_context(RunRequest(RwSignal::new(0)));
    provide_context(crate::ui::shell::widgets::LabFactsSlot(RwSignal::new(
        Default::default(),
    )));
    let slot = tour_card::load(app);
    provide_context(slot);
    provide_context(crate::ui::shell::widgets::LearnPath(Signal::derive(
        move || slot.tour.with(crate::page::tour::Tour::plain_words),
    )));
    let tour = slot.tour;
    let f = Frame {
        app,
        slot,
        teacher: RwSignal::new(false),
        help: RwSignal::new(false),
        rooms,
    };
    Effect::new(move |_| replace_query(&app.with(AppState::to_query)));
    // the page's modes in `data-mode` on the root element, where CSS sets
    // the root's type size and scrolling from them: a `:root:has(.proj)`
    // rule instead is checked again for every node inserted anywhere
    // (the lab's redraws insert hundreds)
    Effect::new(move |_| {
        let (proj, present) = app.with(|a| (a.proj, a.present.is_some()));
        let mut on = String::new();
        for (m, name) in [
            (proj, "proj "),
            (tour.with(|t| t.open), "touring "),
            (
                tour.with(crate::page::tour::Tour::before_requirements),
                "early ",
            ),
            (present, "present "),
        ] {
            if m {
                on += name;
            }
        }
        prefs::root_attribute("data-mode", &on);
    });
    escape_closes_panels(f.help, f.teacher);
    // the window's title names the view (not on the first drawing: the
    // page's own title stands for the front page)
    Effect::new(move |before: Option<View>| {
        let v = app.with(|a| a.view);
        if before.is_some_and(|b| b != v) {
            if let Some(d) = web_sys::window().and_then(|w| w.document()) {
                d.set_title(&view_title(v));
            }
        }
        v
    });
    let (header_in, frame_in) = (Drawn::from(Part::Header), Drawn::from(Part::Frame));
    view! {
        <div class="app" style=crate::page::palette::css_vars()>
        <a class="skip" href="#main">"Skip to the page"</a>
        // (where the keyboard goes most: the sweep's next ▶, the lab's ▶ run)
        <SkipTo label="Skip to the step buttons" target="step-next" shown=Signal::derive(move || f.view_is(View::Graph) && !f.hides("steps"))/>
        <SkipTo label="Skip to ▶ run" target="lab-run" shown=Signal::derive(move || f.view_is(View::Lab))/>
        <SkipTo label="Skip to R1–R5" target="req-R1" shown=Signal::derive(move || (f.view_is(View::Graph) || f.view_is(View::Lab)) && !f.hides("req"))/>
        {move || header_in.get().then(|| header(f))}
        {move || frame_in.get().then(|| frame(f, notices))}
        </div>
    }
}

/// A view's name: the view switch's label, the view's hidden heading and
/// the window's title.
fn view_title(v: View) -> String {
    let label = NAV.iter().find(|n| n.0 == v).map_or("", |n| n.2);
    format!("{label} — Credit Flow")
}

/// A skip link to a control (`target`, a test id): the focus goes to the
/// control itself, scrolled into view.
#[component]
fn SkipTo(label: &'static str, target: &'static str, shown: Signal<bool>) -> impl IntoView {
    view! {
        <a class="skip" href=format!("#{target}") class:hidden=move || !shown.get()
            on:click=move |e| {
                e.prevent_default();
                widgets::focus_when_shown(target);
            }>{label}</a>
    }
}

/// What the app's parts share.
#[derive(Clone, Copy)]
struct Frame {
    app: RwSignal<AppState>,
    slot: tour_card::TourSlot,
    teacher: RwSignal<bool>,
    help: RwSignal<bool>,
    rooms: Rooms,
}

impl Frame {
    fn view_is(self, v: View) -> bool {
        self.app.with(|a| a.view == v)
    }

    fn hides(self, id: &str) -> bool {
        self.app.with(|a| a.hides(id))
    }
}

/// The header: the title, the view switch and the page's settings.
fn header(f: Frame) -> impl IntoView {
    let Frame {
        app,
        slot,
        teacher,
        help,
        ..
    } = f;
    // on a phone the views and settings sit behind one button (a
    // disclosure: Escape closes it and gives the button the focus back)
    let menu = RwSignal::new(false);
    let menu_btn = NodeRef::<leptos::html::Button>::new();
    let close_menu = move || {
        if menu.get_untracked() {
            menu.set(false);
            if let Some(b) = menu_btn.get_untracked() {
                let _ = b.focus();
            }
        }
    };
    // the new view's heading takes the focus (a screen reader reads it)
    let nav = move |v: View| {
        app.update(|a| a.view = v);
        menu.set(false);
        widgets::focus_when_shown("view-title");
    };
    view! {
        <header class="top">
            <div class="brand">
                <h1>"Credit Flow"</h1>
                <p class="tagline">"Backpropagation made visible: how much of the blame for a result belongs to each step that led to it."</p>
            </div>
            <button class="menu-btn" data-testid="menu-open" node_ref=menu_btn aria-controls="top-tools"
                aria-expanded=move || menu.get().to_string() on:click=move |_| menu.update(|m| *m = !*m)>
                {move || if menu.get() { "✕ close" } else { "☰ menu" }}
            </button>
            <div class="top-tools" id="top-tools" class:open=move || menu.get()
                on:keydown=move |e| if e.key() == "Escape" && menu.get_untracked() {
                    e.prevent_default();
                    close_menu();
                }>
                <nav aria-label="Views" class:hidden=move || f.hides("nav")>
                    {NAV.iter().map(|&(v, id, label, what)| view! {
                        <button data-testid=id title=what class:current=move || f.view_is(v)
                            aria-current=move || f.view_is(v).then_some("page") on:click=move |_| nav(v)>
                            {label}
                        </button>
                    }).collect_view()}
                </nav>
                // a button here opens something in the page: the menu makes way
                <div class="prefs" role="group" aria-label="Page settings" on:click=move |e| {
                    use leptos::wasm_bindgen::JsCast;
                    let on_button = e.target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|t| t.closest("button").ok().flatten().is_some());
                    if on_button {
                        menu.set(false);
                    }
                }>
                    <span class:hidden=move || f.hides("tour")><tour_card::TourEntry tour=slot/></span>
                    <button data-testid="help-open" class:hidden=move || f.hides("help") aria-expanded=move || help.get().to_string()
                        on:click=move |_| toggle_panel(help, "help-title")>"Help"</button>
                    <button data-testid="teacher-open" class:hidden=move || f.hides("teacher")
                        title="A link for your class: the tour stops they get, what they see; a lesson plan and a worksheet"
                        aria-expanded=move || teacher.get().to_string()
                        on:click=move |_| toggle_panel(teacher, "teacher-title")>"For teachers"</button>
                    <label class="proj-toggle">
                        <input type="checkbox" data-testid="proj-toggle" prop:checked=move || app.with(|a| a.proj)
                            on:change=move |e| { let on = event_target_checked(&e); app.update(|a| a.proj = on) }/>
                        " projector"
                    </label>
                    <button data-testid="present-start" title="One thing per screen, large; Page Down / Page Up (a clicker) to move"
                        on:click=move |_| app.update(|a| a.present = Some(1))>"Present"</button>
                    <prefs::ThemeToggle/>
                </div>
            </div>
        </header>
    }
}

/// Opens or closes a panel of the page; opened, the keyboard's focus goes
/// to its heading (where a screen reader starts reading it).
fn toggle_panel(open: RwSignal<bool>, heading: &'static str) {
    open.update(|o| *o = !*o);
    if open.get_untracked() {
        widgets::focus_when_shown(heading);
    }
}

/// Escape anywhere closes the open panel, Help first, then the teacher's,
/// and gives the focus back to the button that opened it (on a phone,
/// the menu's).
fn escape_closes_panels(help: RwSignal<bool>, teacher: RwSignal<bool>) {
    let handle = window_event_listener(leptos::ev::keydown, move |e| {
        if e.key() != "Escape" || e.default_prevented() {
            return;
        }
        let (open, button) = if help.get_untracked() {
            (help, "help-open")
        } else if teacher.get_untracked() {
            (teacher, "teacher-open")
        } else {
            return;
        };
        open.set(false);
        widgets::focus_shown(vec![button, "menu-open"]);
    });
    on_cleanup(move || handle.remove());
}

/// The rest of the frame: the lecturer's panel, Help, the tour's offer,
/// the link's notices, the R1–R5 strip, the views (the worked example
/// in a later part, the rooms' frames) and the footer.
fn frame(f: Frame, notices: RwSignal<Vec<String>>) -> impl IntoView {
    let Frame {
        app,
        slot,
        teacher,
        help,
        rooms,
    } = f;
    let tour = slot.tour;
    let worked_in = Drawn::from(Part::Worked);
    let reqs_open = RwSignal::new(false);
    view! {
        <div class:hidden=move || !teacher.get()>{(rooms.draw)(Room::Teacher, teacher.into())}</div>
        <terms::HelpPanel open=help/>
        <terms::Definitions/>
        <div class:hidden=move || f.hides("tour")><tour_card::TourOffer tour=slot teacher=teacher/></div>
        {move || (!notices.with(Vec::is_empty)).then(|| view! {
            <div class="notice url-notice" data-testid="url-notice" role="status">
                <b>"Some of the link's settings could not be used: "</b>
                {notices.get().join("; ")}
                <button class="small" on:click=move |_| notices.set(Vec::new())>"dismiss"</button>
            </div>
        })}
        // a teacher's link says how it set the page up, at the top
        // (what a student needs to know: a removed requirement, the stops;
        // not how many controls are hidden)
        {move || app.with(|a| (!a.hide.is_empty() || a.stops.is_some()).then(|| {
            let mut said = Vec::new();
            if a.kept.contains(&false) {
                said.push(crate::engine::Requirements::removed_words(a.kept));
            }
            if let Some((x, y)) = a.stops {
                said.push(format!("tour stops {x}–{y}"));
            }
            (!said.is_empty()).then(|| view! {
                <p class="notice teacher-setup" data-testid="teacher-setup" role="note">
                    <b>"Set up by your teacher: "</b>{said.join("; ")}"."
                </p>
            })
        }))}
        <section class="req-strip" data-testid="req-strip" aria-label="The five requirements of backpropagation"
            class:open=move || reqs_open.get()
            class:hidden=move || f.hides("req") || f.view_is(View::Studies) || f.view_is(View::Agents)>
            <h2>
                <span class="req-title">"The five requirements — untick one to remove it, in both views"</span>
                // on a phone the strip is one line until opened
                <button class="req-toggle" data-testid="req-toggle" aria-expanded=move || reqs_open.get().to_string()
                    on:click=move |_| reqs_open.update(|o| *o = !*o)>
                    {move || {
                        // which five, before which of them are kept
                        let kept = app.with(|a| a.kept);
                        let state = if kept == [true; 5] { "all kept".to_string() } else { crate::engine::Requirements::removed_words(kept) };
                        format!("Requirements R1–R5: {state} {}", if reqs_open.get() { "▴" } else { "▾" })
                    }}
                </button>
            </h2>
            <RequirementBoxes app=app/>
        </section>
        <main id="main">
            // each view named at its top, for a screen reader (and in the
            // window's title)
            <h2 class="sr-only" data-testid="view-title" tabindex="-1">{move || view_title(app.with(|a| a.view))}</h2>
            <div class:hidden=move || !f.view_is(View::Graph)>{move || worked_in.get().then(|| view! { <GraphView/> })}</div>
            {[View::Lab, View::Studies, View::Agents].into_iter().filter_map(|v| Room::of(v).map(|r| view! {
                <div class:hidden=move || !f.view_is(v)>{(rooms.draw)(r, Signal::derive(move || f.view_is(v)))}</div>
            })).collect_view()}
        </main>
        // (and under a started tour, open or not: its summary and the exit
        // ticket with the student's code are in the page after a reload too)
        {(rooms.draw)(Room::Tour, Signal::derive(move || tour.with(|t| t.open || t.begun())))}
        {(rooms.draw)(Room::Present, Signal::derive(move || app.with(|a| a.present.is_some())))}
        <footer>
            <span class:hidden=move || f.hides("help")>"After the essay “Backpropagation derived as local credit assignment through computation graphs”. "</span>
            "Everything runs in your browser. "
            {rooms.at_idle(Room::Offline)}
        </footer>
    }
}

/// Mounts the app on the page's body (the wasm entry point), in a task
/// after the one that starts the wasm and in parts (`Drawn`): what
/// index.html painted while the wasm loaded (the header, or the opening
/// worksheet) stays over it until the last part is in.
pub fn mount() {
    crate::ui::shell::failure::install();
    set_timeout(
        || {
            let boot = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("boot"));
            if let Some(b) = &boot {
                let _ = b.class_list().add_1("over");
            }
            let drawn = Drawn::start();
            leptos::mount::mount_to_body(move || {
                provide_context(drawn);
                view! { <App rooms=crate::ui::shell::rooms::remote/> }
            });
            drawn.draw_rest(move || {
                if let Some(b) = boot {
                    b.remove();
                }
            });
        },
        std::time::Duration::ZERO,
    );
}
