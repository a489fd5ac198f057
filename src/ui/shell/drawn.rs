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

/// How many parts are drawn, one more per task: the one mechanism behind
/// `Drawn` and `turns`.
#[derive(Clone, Copy)]
struct Count(RwSignal<u8>);

impl Count {
    /// Counts up to `last`, one part per task; `done` once it is there.
    /// (Stops if what it draws is gone.)
    fn step_to(self, last: u8, done: impl FnOnce() + 'static) {
        set_timeout(
            move || match self.0.try_get_untracked() {
                Some(n) if n >= last => done(),
                Some(_) => {
                    self.0.update(|n| *n += 1);
                    self.step_to(last, done);
                }
                None => {}
            },
            std::time::Duration::ZERO,
        );
    }

    /// Whether part `n` (from 1) is drawn, changing once.
    fn reached(self, n: u8) -> Memo<bool> {
        Memo::new(move |_| self.0.get() >= n)
    }
}

/// How much of the app is drawn. Drawn alone (a component test), a view
/// has every part at once.
#[derive(Clone, Copy)]
pub struct Drawn(Count);

impl Drawn {
    /// Whether `part` is drawn, changing once.
    pub fn from(part: Part) -> Memo<bool> {
        let d = use_context::<Drawn>().unwrap_or(Drawn(Count(RwSignal::new(Part::LAST as u8))));
        d.0.reached(part as u8)
    }

    /// Nothing drawn yet.
    pub fn start() -> Self {
        Drawn(Count(RwSignal::new(0)))
    }

    /// Draws the next part in a task of its own, and so on; `done` once
    /// the last is in.
    pub fn draw_rest(self, done: impl FnOnce() + 'static) {
        self.0.step_to(Part::LAST as u8, done);
    }
}

/// Said by a mount that draws a view's sections in turn (the rooms' wasm,
/// `ui::shell::rooms::serve`): without it (a component test) `turns`
/// draws at once.
#[derive(Clone, Copy)]
pub struct InTurn;

/// Whether each of a view's `K` later sections is drawn: the view itself
/// now, its section `i` `i + 1` tasks later, so that opening a room is
/// several short tasks rather than one long one (issue 26). A later
/// section must sit below every earlier one at any width, so nothing
/// drawn moves.
pub fn turns<const K: usize>() -> [Memo<bool>; K] {
    let in_turn = use_context::<InTurn>().is_some();
    let c = Count(RwSignal::new(if in_turn { 0 } else { K as u8 }));
    if in_turn {
        c.step_to(K as u8, || ());
    }
    std::array::from_fn(|i| c.reached(i as u8 + 1))
}
