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
    legend: "thick dark outline: the node sending now (its edges move)",
};
pub const RECEIVING: Mark = Mark {
    id: "receiving",
    var: "--receiving",
    light: (0x1f, 0x7a, 0x70),
    dark: (0x5f, 0xd0, 0xc2),
    legend: "teal dashed outline: a node receiving credit now",
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
