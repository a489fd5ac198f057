//! One colour code for the whole page: what a colour (and the shape or
//! text beside it) means, in light and dark, and the words every legend
//! uses for it. Sign is never colour alone: positive is blue with "+" (a
//! circle in the network panel), negative orange with "−" (a square).
//! The sweep's states (sending now, receiving, handed over, wrong) have
//! colours no sign uses. The stylesheet's variables of these colours are
//! written from this table (`css_vars`), and the network panel's fills
//! and every legend read it; the methods' colours are their rows in
//! `lab::method::DEFS`. Blue and orange stay apart for red–green colour
//! blindness and at projector contrast.

/// One meaning and its colour.
pub struct Mark {
    pub id: &'static str,
    /// The stylesheet's variable.
    pub var: &'static str,
    /// The colour on a light and on a dark page.
    pub light: (u8, u8, u8),
    pub dark: (u8, u8, u8),
    /// What a legend says: the mark, then its meaning.
    pub legend: &'static str,
}

pub const POSITIVE: Mark = Mark {
    id: "positive",
    var: "--pos",
    light: (0x1f, 0x5f, 0xbf),
    dark: (0x8a, 0xb8, 0xff),
    legend: "+ blue: positive",
};
pub const NEGATIVE: Mark = Mark {
    id: "negative",
    var: "--neg",
    light: (0xa1, 0x5c, 0x00),
    dark: (0xf3, 0xa9, 0x5a),
    legend: "− orange: negative",
};
pub const SENDING: Mark = Mark {
    id: "sending",
    var: "--sending",
    light: (0x1c, 0x24, 0x30),
    dark: (0xf5, 0xf7, 0xfa),
    legend: "thick outline: this step's node",
};
pub const RECEIVING: Mark = Mark {
    id: "receiving",
    var: "--receiving",
    light: (0x1f, 0x7a, 0x70),
    dark: (0x5f, 0xd0, 0xc2),
    legend: "dashed: receiving credit now",
};
pub const HANDOFF: Mark = Mark {
    id: "handoff",
    var: "--hand",
    light: (0x7c, 0x3a, 0xed),
    dark: (0xc4, 0xb0, 0xff),
    legend: "dashed purple arc: whose adjoint a node is handed",
};
pub const WRONG: Mark = Mark {
    id: "wrong",
    var: "--wrong",
    light: (0xb4, 0x23, 0x18),
    dark: (0xff, 0x9b, 0x90),
    legend: "red ✗: wrong (differs from the true gradient)",
};

/// Every mark, in legend order.
pub const MARKS: [&Mark; 6] = [&POSITIVE, &NEGATIVE, &SENDING, &RECEIVING, &HANDOFF, &WRONG];

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The stylesheet's variables, e.g. `--pos: light-dark(#1f5fbf, #8ab8ff);`.
pub fn css_vars() -> String {
    MARKS
        .iter()
        .map(|m| format!("{}: light-dark({}, {});", m.var, hex(m.light), hex(m.dark)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A signed value's fill in the network panel (drawn on white): the
/// sign's colour, from pale at 0 to full at `scale`.
pub fn signed_fill(v: f64, scale: f64) -> String {
    let t = if scale > 0.0 && v.is_finite() {
        (v.abs() / scale).min(1.0)
    } else {
        0.0
    };
    let (r, g, b) = if v >= 0.0 {
        POSITIVE.light
    } else {
        NEGATIVE.light
    };
    let mix = |c: u8| (247.0 + (f64::from(c) - 247.0) * (0.25 + 0.75 * t)).round() as u8;
    format!("rgb({},{},{})", mix(r), mix(g), mix(b))
}

/// The network panel's legend of signs.
pub fn sign_legend() -> String {
    "Blue circle (+): positive; orange square (−): negative".into()
}

/// The charts' own colours, in light and dark: every chart is drawn on
/// its theme's background (no filter), its text and axes in ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartTheme {
    pub name: &'static str,
    pub background: (u8, u8, u8),
    /// Titles, data labels and a method drawn "black" (readout only, the
    /// reference lines): black is ink, light on a dark chart.
    pub ink: (u8, u8, u8),
    /// Axes, tick labels, axis titles.
    pub axis: (u8, u8, u8),
    /// Notes and tick marks.
    pub muted: (u8, u8, u8),
    /// Grid lines and empty cells.
    pub grid: (u8, u8, u8),
}

pub const CHART_LIGHT: ChartTheme = ChartTheme {
    name: "light",
    background: (0xff, 0xff, 0xff),
    ink: (0x11, 0x11, 0x11),
    axis: (0x33, 0x33, 0x33),
    muted: (0x6b, 0x6b, 0x6b),
    grid: (0xe6, 0xe6, 0xe6),
};

pub const CHART_DARK: ChartTheme = ChartTheme {
    name: "dark",
    background: (0x16, 0x1a, 0x20),
    ink: (0xf0, 0xf0, 0xf0),
    axis: (0xd0, 0xd4, 0xda),
    muted: (0xa8, 0xae, 0xb6),
    grid: (0x33, 0x3a, 0x44),
};

impl ChartTheme {
    pub fn of(dark: bool) -> &'static ChartTheme {
        if dark {
            &CHART_DARK
        } else {
            &CHART_LIGHT
        }
    }

    /// A data colour as drawn on this theme: a colour with less than 3:1
    /// contrast to the background (WCAG's floor for graphics) is moved
    /// toward the ink until it has it, so navy, maroon and readout only's
    /// black stay visible on a dark chart and light green on a light one.
    pub fn data(&self, c: (u8, u8, u8)) -> (u8, u8, u8) {
        let mix = |t: f64| {
            let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
            (m(c.0, self.ink.0), m(c.1, self.ink.1), m(c.2, self.ink.2))
        };
        (0..=20)
            .map(|k| mix(f64::from(k) / 20.0))
            .find(|&m| contrast(m, self.background) >= 3.0)
            .unwrap_or(self.ink)
    }
}

/// Relative luminance (WCAG): 0 for black, 1 for white.
pub fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG contrast ratio between two colours (1 to 21).
pub fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Each arm of the Agents view, its colour on every chart.
pub fn signal_color(s: crate::lab::agents::Signal) -> (u8, u8, u8) {
    use crate::lab::agents::Signal;
    match s {
        Signal::Exact => (31, 95, 191),
        Signal::Chain => (230, 97, 1),
        Signal::Broadcast => (44, 160, 44),
        Signal::Reading => (117, 112, 179),
        Signal::None => (120, 120, 120),
    }
}
