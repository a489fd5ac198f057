//! One colour code: the legends read the palette, sign is never colour
//! alone, and no state shares a sign's colour.

use creditflow::page::palette::{signed_fill, MARKS, NEGATIVE, POSITIVE, SENDING};

#[test]
fn each_meaning_has_its_own_colour_and_sign_has_a_glyph_too() {
    for (i, a) in MARKS.iter().enumerate() {
        for b in &MARKS[i + 1..] {
            assert_ne!(a.light, b.light, "{} and {} share a colour", a.id, b.id);
            assert_ne!(a.dark, b.dark, "{} and {} share a dark colour", a.id, b.id);
        }
    }
    assert!(POSITIVE.legend.starts_with('+') && NEGATIVE.legend.starts_with('−'));
    assert!(
        !SENDING.legend.contains("orange"),
        "the sending node is not the negative's orange"
    );
}

#[test]
fn the_network_panels_fill_is_the_signs_colour() {
    // at full size the fill is the palette's colour itself
    let full = |(r, g, b): (u8, u8, u8)| format!("rgb({r},{g},{b})");
    assert_eq!(signed_fill(1.0, 1.0), full(POSITIVE.light));
    assert_eq!(signed_fill(-1.0, 1.0), full(NEGATIVE.light));
    let legend = creditflow::page::palette::sign_legend();
    assert!(legend.starts_with("Blue circle (+): positive; orange square (−): negative"));
}
