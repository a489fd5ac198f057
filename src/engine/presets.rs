//! The expressions the worked example offers in one click.

/// A preset: its label, its expression, and its starting values.
pub type Preset = (&'static str, &'static str, &'static [(&'static str, f64)]);

/// The expressions offered as presets, with their starting values.
pub const PRESETS: [Preset; 6] = [
    (
        "worked example",
        "(a*b+c)^2",
        &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
    ),
    (
        "fan-out at an input",
        "(a+b)*(b+1)",
        &[("a", 2.0), ("b", -3.0)],
    ),
    (
        "repeated sub-expression",
        "(a*b+c)*(a*b+c)",
        &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
    ),
    (
        "one neuron",
        "tanh(w*x+b)",
        &[("w", 0.5), ("x", 1.5), ("b", -0.2)],
    ),
    ("one node fed twice", "u*u", &[("u", 3.0)]),
    (
        "many nodes: a neuron with six inputs",
        "tanh(w1*x1 + w2*x2 + w3*x3 + w4*x4 + w5*x5 + w6*x6)",
        &[
            ("w1", 0.5),
            ("x1", 1.0),
            ("w2", -0.3),
            ("x2", 0.8),
            ("w3", 0.2),
            ("x3", -1.5),
            ("w4", -0.6),
            ("x4", 0.4),
            ("w5", 0.1),
            ("x5", 2.0),
            ("w6", 0.7),
            ("x6", -0.5),
        ],
    ),
];

/// The index of the first preset with fan-out, offered when R5 is
/// unticked on a tree.
pub const FAN_OUT_PRESET: usize = 1;

/// The index of the one-neuron preset (tanh: a step whose rate comes
/// from its own value).
pub const NEURON_PRESET: usize = 3;
