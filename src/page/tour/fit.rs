//! Where the tour's card sits on a screen of a given size, and how far
//! the page scrolls to show a stop's subject beside or above it: plain
//! geometry, which the card (`ui::tour::card`) applies.

/// How the card sits beside what it talks about: docked beside the page
/// (a wide screen), a sheet below the subject no taller than the room
/// the subject leaves (`Sheet(px)`), on a phone a card to read in the
/// page itself, under its subject, from `top` px down the document
/// (`Read(top)`: one scroll, the page's, reads the subject and then the
/// card), or a one-line bar while the student looks and acts (the
/// phone's act, a room too small for a sheet, or asked for).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fit {
    Docked,
    Sheet(f64),
    Read(f64),
    Bar,
}

impl Fit {
    /// The phone's card to read.
    pub fn is_read(self) -> bool {
        matches!(self, Fit::Read(_))
    }
}

/// Below this width the card is read, then put away to act (`Fit::Read`,
/// then `Fit::Bar`): a phone has no room for the subject and the card at
/// once.
pub const PHONE: f64 = 700.0;

/// The room a phone keeps under a subject for the head of the card that
/// follows it (its count, title and what to look at, over its buttons at
/// the screen's foot), and the gap between them.
const HEAD: f64 = 240.0;
const GAP: f64 = 8.0;

/// Where the card goes when it opens (a new stop, the bar's "▴ card",
/// a reveal) on a screen `width` × `height` scrolled `scrolled` px down,
/// before its subject is measured: on a phone, under the screen's
/// middle until it is placed under the subject (`read_under`).
pub fn opened(width: f64, height: f64, scrolled: f64) -> Fit {
    if width >= 1100.0 {
        Fit::Docked
    } else if width < PHONE {
        Fit::Read((scrolled + 0.45 * height).floor())
    } else {
        Fit::Sheet((0.45 * height).floor())
    }
}

/// The card's room below a subject `height` px tall, on a screen
/// `screen` px tall: the rest of the screen (a margin above and between),
/// at most 45% of it; a bar where less than `MIN_SHEET` is left.
pub fn fit_below(height: f64, screen: f64) -> Fit {
    const MIN_SHEET: f64 = 150.0;
    let room = (screen - height - 24.0).min(0.45 * screen);
    if room < MIN_SHEET {
        Fit::Bar
    } else {
        Fit::Sheet(room.floor())
    }
}

/// A phone's card to read, in the page just under a subject whose foot is
/// `bottom` px from the screen's top, on a page scrolled `scrolled` px.
pub fn read_under(bottom: f64, scrolled: f64) -> Fit {
    Fit::Read((bottom + scrolled + GAP).round())
}

/// How far to scroll a subject from `top` to `bottom` (px from the
/// screen's top) on a screen `height` tall whose card sits as `fit`:
/// nothing where it already shows whole beside or above the card (a
/// class's first stop keeps the teacher's note above the graph in view;
/// a phone's card follows its subject, and the head of the card shows
/// under it), else to the screen's top.
pub fn scroll_for(top: f64, bottom: f64, fit: Fit, height: f64) -> Option<f64> {
    const MARGIN: f64 = 8.0;
    let room = match fit {
        Fit::Docked => height,
        Fit::Sheet(card) => height - card,
        Fit::Read(_) => height - HEAD,
        Fit::Bar => 0.0,
    };
    let shows = top >= MARGIN && bottom <= room - MARGIN;
    (!shows && (top - MARGIN).abs() > 2.0).then_some(top - MARGIN)
}
