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

/// Colour vision: the Machado, Oliveira & Fernandes (2009) matrices at
/// full severity, in linear RGB.
const VISION: [(&str, [[f64; 3]; 3]); 4] = [
    (
        "normal",
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    ),
    (
        "protanopia",
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    ),
];

fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// OKLab (Ottosson 2020) of a linear RGB colour.
fn oklab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b).cbrt();
    let m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b).cbrt();
    let s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b).cbrt();
    [
        0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
        1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
        0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
    ]
}

/// A colour as seen with `vision`, on a projector that washes `wash` of
/// white into every channel, in OKLab.
fn seen(c: (u8, u8, u8), vision: &[[f64; 3]; 3], wash: f64) -> [f64; 3] {
    let lin = [linear(c.0), linear(c.1), linear(c.2)];
    let v: [f64; 3] = std::array::from_fn(|i| {
        let x: f64 = (0..3).map(|j| vision[i][j] * lin[j]).sum();
        x.clamp(0.0, 1.0) * (1.0 - wash) + wash
    });
    oklab(v)
}

#[test]
fn method_lines_stay_apart_for_colour_blind_eyes_and_on_a_projector() {
    use creditflow::lab::Method;
    use creditflow::page::palette::{CHART_DARK, CHART_LIGHT};
    use creditflow::ui::charts::plots::method_look;
    // OKLab distance × 100; about 2 is just noticeable, 8 is apart at a
    // glance on a busy chart
    const APART: f64 = 8.0;
    // a lecture hall's projector: 30% of white in every channel
    const WASH: f64 = 0.3;
    let essay: Vec<Method> = Method::ALL.to_vec();
    let mut part4: Vec<Method> = Method::PART4.to_vec();
    part4.extend([Method::Bp, Method::BpClassify]);
    let mut closest = f64::INFINITY;
    for set in [&essay, &part4] {
        for (i, &a) in set.iter().enumerate() {
            for &b in &set[i + 1..] {
                let (la, lb) = (method_look(a), method_look(b));
                if (la.dash, la.marker) != (lb.dash, lb.marker) {
                    continue; // told apart by the line's dash or its marks
                }
                for theme in [&CHART_LIGHT, &CHART_DARK] {
                    let (ca, cb) = (theme.data(la.colour), theme.data(lb.colour));
                    for (vision, m) in &VISION {
                        for wash in [0.0, WASH] {
                            let (pa, pb) = (seen(ca, m, wash), seen(cb, m, wash));
                            let d =
                                100.0 * (0..3).map(|k| (pa[k] - pb[k]).powi(2)).sum::<f64>().sqrt();
                            closest = closest.min(d);
                            assert!(
                                d >= APART,
                                "{} and {} look alike ({d:.1}) to {vision} on {} (wash {wash})",
                                a.name(),
                                b.name(),
                                theme.name
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(
        closest.is_finite(),
        "some pair shares a line style, and was checked"
    );
}
