//! The app drawn in parts on load (issue 26), each part in a task of its
//! own, so that no one task holds the main thread long: most of a part's
//! time is the browser compiling the code it runs for the first time.
//! (`ui::shell::app::mount` starts it; what index.html painted stays over
//! the app until the last part is in.)

use leptos::prelude::*;

/// How much of the app is drawn: the frame (0), then the worked example's
/// inputs and stepper (1), its graph (2), and its panels and the terms'
/// definitions (3). Drawn alone (a component test), a view has every part
/// at once.
#[derive(Clone, Copy)]
pub struct Drawn(RwSignal<u8>);

impl Drawn {
    /// The parts after the first.
    const PARTS: u8 = 3;

    /// Whether part `n` (from 1) is drawn, changing once.
    pub fn from(n: u8) -> Memo<bool> {
        let d = use_context::<Drawn>().unwrap_or(Drawn(RwSignal::new(Self::PARTS)));
        Memo::new(move |_| d.0.get() >= n)
    }

    /// Nothing drawn yet but the frame.
    pub fn start() -> Self {
        Drawn(RwSignal::new(0))
    }

    /// Draws the next part in a task of its own, and so on; `done` once
    /// the last is in.
    pub fn draw_rest(self, done: impl FnOnce() + 'static) {
        set_timeout(
            move || {
                if self.0.get_untracked() >= Self::PARTS {
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
