//! The app drawn in parts on load (issue 26), each part in a task of its
//! own, so that no one task holds the main thread long: most of a part's
//! time is the browser compiling the code it runs for the first time.
//! (`ui::shell::app::mount` starts it; what index.html painted stays over
//! the app until the last part is in.)

use leptos::prelude::*;

/// The parts, in the order they are drawn. Before the first, the app has
/// made its state (parsed the link, opened the worksheet) and drawn
/// nothing.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The header: the view switch and the page's settings.
    Header = 1,
    /// The rest of the frame: the R1–R5 strip, the notices, the rooms'
    /// frames, the footer.
    Frame,
    /// The worked example's inputs and stepper.
    Worked,
    /// Its graph.
    Graph,
    /// Its panels, and the terms' definitions.
    Panels,
}

impl Part {
    pub const LAST: Part = Part::Panels;
}

/// How much of the app is drawn. Drawn alone (a component test), a view
/// has every part at once.
#[derive(Clone, Copy)]
pub struct Drawn(RwSignal<u8>);

impl Drawn {
    /// Whether `part` is drawn, changing once.
    pub fn from(part: Part) -> Memo<bool> {
        let d = use_context::<Drawn>().unwrap_or(Drawn(RwSignal::new(Part::LAST as u8)));
        Memo::new(move |_| d.0.get() >= part as u8)
    }

    /// Nothing drawn yet.
    pub fn start() -> Self {
        Drawn(RwSignal::new(0))
    }

    /// Draws the next part in a task of its own, and so on; `done` once
    /// the last is in.
    pub fn draw_rest(self, done: impl FnOnce() + 'static) {
        set_timeout(
            move || {
                if self.0.get_untracked() >= Part::LAST as u8 {
                    done();
                } else {
                    self.0.update(|n| *n += 1);
                    self.draw_rest(done);
                }
            },
            std::time::Duration::ZERO,
        );
    }
}

/// Said by a mount that draws a view's sections in turn (the rooms' wasm,
/// `ui::shell::rooms::serve`): without it (a component test) `turn`
/// draws at once.
#[derive(Clone, Copy)]
pub struct InTurn;

/// Whether a view's section `n` is drawn: section 0 with the view, section
/// `n` `n` tasks after it, so that opening a room is several short tasks
/// rather than one long one (issue 26). What comes later should sit below
/// what comes earlier, so nothing drawn moves.
pub fn turn(n: u8) -> Signal<bool> {
    let on = RwSignal::new(n == 0 || use_context::<InTurn>().is_none());
    fn after(n: u8, on: RwSignal<bool>) {
        set_timeout(
            move || {
                if n <= 1 {
                    on.try_set(true);
                } else {
                    after(n - 1, on);
                }
            },
            std::time::Duration::ZERO,
        );
    }
    if !on.get_untracked() {
        after(n, on);
    }
    on.into()
}
