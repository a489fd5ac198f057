//! Present mode for a lecture: one thing per screen at full size (the
//! worked example, the check table, a chart, a table), stepped with the
//! keyboard or a clicker (Page Down / Page Up). The slide is a URL key, so
//! a lecturer's link can open at it.

use crate::page::view::View;

/// One slide: the view it is on, the `data-testid` of what it shows (its
/// figure, if it is a chart), and its title.
pub struct Slide {
    pub view: View,
    pub target: &'static str,
    pub title: &'static str,
    /// What to do when the target is not on the page yet.
    pub missing: &'static str,
}

pub const SLIDES: [Slide; 6] = [
    Slide {
        view: View::Graph,
        target: "slide-graph",
        title: "The worked example: the backward sweep",
        missing: "",
    },
    Slide {
        view: View::Graph,
        target: "fd-table",
        title: "The check: finite differences",
        missing: "",
    },
    Slide {
        view: View::Lab,
        target: "curve-chart",
        title: "Learning curves: the selected method beside backprop and the floor",
        missing: "",
    },
    Slide {
        view: View::Lab,
        target: "live-table",
        title: "The live runs",
        missing: "",
    },
    Slide {
        view: View::Lab,
        target: "ratio-chart",
        title: "What each removal costs",
        missing: "",
    },
    Slide {
        view: View::Lab,
        target: "lab-table",
        title: "The essay's table",
        missing: "Show the precomputed table (or run it) in the lab first.",
    },
];

/// The slide after `n` (1-based), or `None` past the last.
pub fn next(n: usize) -> Option<usize> {
    (n < SLIDES.len()).then_some(n + 1)
}

/// The slide before `n`, or the first.
pub fn back(n: usize) -> usize {
    n.saturating_sub(1).max(1)
}
