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
    /// Whether it shows the lab's live runs (the bar offers to run them).
    pub runs: bool,
}

pub const SLIDES: [Slide; 6] = [
    Slide {
        view: View::Graph,
        target: "slide-graph",
        title: "The worked example: the backward sweep",
        missing: "",
        runs: false,
    },
    Slide {
        view: View::Graph,
        target: "fd-table",
        title: "The check: finite differences",
        missing: "",
        runs: false,
    },
    Slide {
        view: View::Lab,
        target: "curve-chart",
        title: "Learning curves: the selected method beside backprop and the floor",
        missing: "",
        runs: true,
    },
    Slide {
        view: View::Lab,
        target: "live-table",
        title: "The live runs",
        missing: "",
        runs: true,
    },
    Slide {
        view: View::Lab,
        target: "ratio-chart",
        title: "What each removal costs",
        missing: "",
        runs: true,
    },
    Slide {
        view: View::Lab,
        target: "lab-table",
        title: "The essay's table",
        missing: "Show the precomputed table (or run it) in the lab first.",
        runs: false,
    },
];

/// Whether slide `n` (1-based) may be shown: every one may, unless the
/// lecture is kept in one view (`only`: a teacher's link that hides the
/// view switch keeps its students there).
fn allowed(n: usize, only: Option<View>) -> bool {
    SLIDES
        .get(n.wrapping_sub(1))
        .is_some_and(|s| only.is_none_or(|v| s.view == v))
}

/// Whether `view` has slides of its own.
pub fn has_slides(view: View) -> bool {
    SLIDES.iter().any(|s| s.view == view)
}

/// Where Present starts from `view`: its first slide, or the first of all
/// (the studies and the Agents view have none).
pub fn start(view: View) -> usize {
    (1..=SLIDES.len())
        .find(|&n| allowed(n, Some(view)))
        .unwrap_or(1)
}

/// The slide after `n` that may be shown, or `None` past the last.
pub fn next(n: usize, only: Option<View>) -> Option<usize> {
    (n + 1..=SLIDES.len()).find(|&m| allowed(m, only))
}

/// The slide before `n` that may be shown, or `n` at the first.
pub fn back(n: usize, only: Option<View>) -> usize {
    (1..n).rev().find(|&m| allowed(m, only)).unwrap_or(n)
}

/// Slide `n` where it may be shown; else the first that may; `None`
/// where none may (a view kept to itself that has no slides).
pub fn within(n: usize, only: Option<View>) -> Option<usize> {
    if allowed(n, only) {
        return Some(n);
    }
    (1..=SLIDES.len()).find(|&m| allowed(m, only))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lecture_steps_through_every_slide() {
        let order: Vec<usize> = std::iter::successors(Some(1), |&n| next(n, None)).collect();
        assert_eq!(order, (1..=SLIDES.len()).collect::<Vec<_>>());
        assert_eq!(back(1, None), 1);
        assert_eq!(back(4, None), 3);
    }

    #[test]
    fn a_lecture_kept_in_one_view_never_leaves_it() {
        for view in [View::Graph, View::Lab] {
            let only = Some(view);
            let first = start(view);
            assert_eq!(SLIDES[first - 1].view, view);
            let order: Vec<usize> =
                std::iter::successors(Some(first), |&n| next(n, only)).collect();
            assert!(order.len() >= 2, "{view:?} has slides");
            assert!(order.iter().all(|&n| SLIDES[n - 1].view == view));
            assert_eq!(back(first, only), first, "back from the first stays");
            // a link that asks for another view's slide is brought back
            let other = (1..=SLIDES.len())
                .find(|&n| SLIDES[n - 1].view != view)
                .unwrap();
            assert_eq!(within(other, only), Some(first));
            assert_eq!(within(other, None), Some(other));
        }
        // a view without slides starts at the first, and has none of its own
        assert_eq!(start(View::Studies), 1);
        assert_eq!(within(1, Some(View::Studies)), None);
        assert!(has_slides(View::Graph) && has_slides(View::Lab) && !has_slides(View::Agents));
    }
}
