//! The table of operations: one row per op, and every consumer reads it.
//! The parser finds operators and functions here by name, the help text
//! and the command line's usage list them from here, the graph prints them
//! from here, and the backward sweep takes each op's local derivatives
//! from the row's `local`, written beside its `value` (as micrograd does).
//! Adding a function is adding a row; an infix operator also needs its
//! precedence level in the parser's grammar.

use crate::engine::fmt::fmt_num;
pub use crate::engine::ops_math::sigmoid;
use crate::engine::ops_math::{exponent_slope, power_slope, relu, sign0, sq, step};

/// A local derivative split into the factors the requirements name:
/// `linear × slope`. `linear` is what a linear map would pass back (±1 for
/// sums and negation, the other operand for a product); when `weight` is
/// set it is a forward operand, the "weight" that R4's weight transport
/// carries. `slope` is the nonlinearity's own derivative f′ at the stored
/// input, which R2 is about (1 for linear ops).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Local {
    pub linear: f64,
    pub weight: bool,
    pub slope: f64,
}

impl Local {
    pub fn value(self) -> f64 {
        self.linear * self.slope
    }
    const fn linear(linear: f64) -> Self {
        Self {
            linear,
            weight: false,
            slope: 1.0,
        }
    }
    const fn weight(w: f64, slope: f64) -> Self {
        Self {
            linear: w,
            weight: true,
            slope,
        }
    }
    const fn slope(slope: f64) -> Self {
        Self {
            linear: 1.0,
            weight: false,
            slope,
        }
    }
    /// Filler for the second operand of a unary op.
    const NONE: Self = Self::linear(0.0);
}

/// How an op is written in an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `a + b`, typed with the row's name.
    Infix,
    /// `-a`.
    Prefix,
    /// `tanh(a)`.
    Call,
    /// `a^k` with a constant `k`, made by the parser from `^`.
    ConstPower,
}

/// One operation: everything the engine, the page and the command line
/// know about it.
pub struct OpDef {
    /// What the parser reads: `"+"` or `"tanh"`.
    pub name: &'static str,
    pub syntax: Syntax,
    /// 1 or 2 operands.
    pub arity: usize,
    /// The short label on the graph's node (`k` is the op's constant).
    pub symbol: fn(f64) -> String,
    /// The op as a formula of its operands' names: `a·b`, `v²`.
    pub show: fn(&[&str], f64) -> String,
    /// The forward rule, at operand values `x` (and the constant `k`).
    pub value: fn([f64; 2], f64) -> f64,
    /// The local derivative with respect to each operand, at the stored
    /// operand values, beside `value` on purpose.
    pub local: fn([f64; 2], f64) -> [Local; 2],
    /// Each local derivative as a formula of the operands' names.
    pub rule: fn(&[&str], f64) -> [String; 2],
    /// True for the ops whose slope R2 removes (everything but sums,
    /// differences, negation and products).
    pub nonlinear: bool,
    /// Where the derivative has a kink (the value of the operand) and the
    /// convention used there.
    pub kink: Option<(f64, &'static str)>,
    /// Multiplications (a function call counts as one) in one evaluation,
    /// and in the backward step of this node (each local derivative times
    /// the arriving adjoint).
    pub cost: (usize, usize),
}

/// Index of a row in `OPS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Prim(pub u8);

impl Prim {
    pub fn def(self) -> &'static OpDef {
        &OPS[self.0 as usize]
    }

    /// The row named `name` with the given syntax.
    pub fn find(name: &str, syntax: Syntax) -> Option<Prim> {
        OPS.iter()
            .position(|d| d.name == name && d.syntax == syntax)
            .map(|i| Prim(i as u8))
    }

    /// The known functions, `exp`, `log`, …, for the parser and the help.
    pub fn functions() -> impl Iterator<Item = &'static str> {
        OPS.iter()
            .filter(|d| d.syntax == Syntax::Call)
            .map(|d| d.name)
    }
}

/// Other spellings of the infix operators, read as the ASCII one.
pub const SPELLINGS: [(char, char); 7] = [
    ('−', '-'),
    ('–', '-'),
    ('×', '*'),
    ('·', '*'),
    ('⋅', '*'),
    ('∗', '*'),
    ('÷', '/'),
];

/// The help line the page and the command line print, from the table.
pub fn notation_help() -> String {
    let infix: Vec<&str> = OPS
        .iter()
        .filter(|d| d.syntax == Syntax::Infix)
        .map(|d| d.name)
        .collect();
    let funcs: Vec<&str> = Prim::functions().collect();
    let also: Vec<String> = SPELLINGS
        .iter()
        .filter(|(c, _)| !matches!(c, '–' | '⋅' | '∗'))
        .map(|(c, _)| c.to_string())
        .collect();
    format!(
        "{} (also {} ** ² ³), parentheses, unary minus, the constants e and pi, and {}",
        infix.join(" "),
        also.join(" "),
        funcs.join(" ")
    )
}

fn num(k: f64) -> String {
    fmt_num(k).replace('-', "−")
}

/// `name(x)` with derivative `f′` given as a formula of `x`.
macro_rules! func {
    ($name:literal, $value:expr, $slope:expr, $rule:literal) => {
        func!($name, $value, $slope, $rule, None)
    };
    ($name:literal, $value:expr, $slope:expr, $rule:literal, $kink:expr) => {
        OpDef {
            name: $name,
            syntax: Syntax::Call,
            arity: 1,
            symbol: |_| $name.into(),
            show: |n, _| format!("{}({})", $name, n[0]),
            value: |x, _| ($value)(x[0]),
            local: |x, _| [Local::slope(($slope)(x[0])), Local::NONE],
            rule: |n, _| [format!($rule, x = n[0]), String::new()],
            nonlinear: true,
            kink: $kink,
            cost: (1, 2),
        }
    };
}

/// Every operation, in the order `Prim` indexes them.
pub static OPS: [OpDef; 17] = [
    OpDef {
        name: "+",
        syntax: Syntax::Infix,
        arity: 2,
        symbol: |_| "+".into(),
        show: |n, _| format!("{} + {}", n[0], n[1]),
        value: |x, _| x[0] + x[1],
        local: |_, _| [Local::linear(1.0), Local::linear(1.0)],
        rule: |_, _| ["1".into(), "1".into()],
        nonlinear: false,
        kink: None,
        cost: (0, 0),
    },
    OpDef {
        name: "-",
        syntax: Syntax::Infix,
        arity: 2,
        symbol: |_| "−".into(),
        show: |n, _| format!("{} − {}", n[0], n[1]),
        value: |x, _| x[0] - x[1],
        local: |_, _| [Local::linear(1.0), Local::linear(-1.0)],
        rule: |_, _| ["1".into(), "−1".into()],
        nonlinear: false,
        kink: None,
        cost: (0, 0),
    },
    OpDef {
        name: "*",
        syntax: Syntax::Infix,
        arity: 2,
        symbol: |_| "×".into(),
        show: |n, _| format!("{}·{}", n[0], n[1]),
        value: |x, _| x[0] * x[1],
        local: |x, _| [Local::weight(x[1], 1.0), Local::weight(x[0], 1.0)],
        rule: |n, _| [n[1].to_string(), n[0].to_string()],
        nonlinear: false,
        kink: None,
        cost: (1, 2),
    },
    OpDef {
        name: "/",
        syntax: Syntax::Infix,
        arity: 2,
        symbol: |_| "÷".into(),
        show: |n, _| format!("{}/{}", n[0], n[1]),
        value: |x, _| x[0] / x[1],
        // x/y = x·(1/y): the weights are 1/y and x; 1/y's slope is −1/y²
        local: |x, _| {
            [
                Local::weight(1.0 / x[1], 1.0),
                Local::weight(x[0], -1.0 / sq(x[1])),
            ]
        },
        rule: |n, _| [format!("1/{}", n[1]), format!("−{}/{}²", n[0], n[1])],
        nonlinear: true,
        kink: None,
        cost: (1, 3),
    },
    OpDef {
        name: "^",
        syntax: Syntax::Infix,
        arity: 2,
        symbol: |_| "^".into(),
        show: |n, _| format!("{}^{}", n[0], n[1]),
        value: |x, _| x[0].powf(x[1]),
        local: |x, _| {
            [
                Local::slope(power_slope(x[0], x[1])),
                Local::slope(exponent_slope(x[0], x[1])),
            ]
        },
        rule: |n, _| {
            [
                format!("{y}·{x}^({y}−1)", x = n[0], y = n[1]),
                format!("{x}^{y}·ln {x}", x = n[0], y = n[1]),
            ]
        },
        nonlinear: true,
        kink: None,
        cost: (1, 4),
    },
    OpDef {
        name: "^",
        syntax: Syntax::ConstPower,
        arity: 1,
        symbol: |k| format!("^{}", num(k)),
        show: |n, k| match k {
            2.0 => format!("{}²", n[0]),
            3.0 => format!("{}³", n[0]),
            _ => format!("{}^{}", n[0], num(k)),
        },
        value: |x, k| x[0].powf(k),
        local: |x, k| [Local::slope(power_slope(x[0], k)), Local::NONE],
        rule: |n, k| {
            let r = match k {
                0.0 => "0".into(),
                1.0 => "1".into(),
                2.0 => format!("2{}", n[0]),
                _ => format!("{}·{}^{}", num(k), n[0], num(k - 1.0)),
            };
            [r, String::new()]
        },
        nonlinear: true,
        kink: None,
        cost: (1, 2),
    },
    OpDef {
        name: "-",
        syntax: Syntax::Prefix,
        arity: 1,
        symbol: |_| "−".into(),
        show: |n, _| format!("−{}", n[0]),
        value: |x, _| -x[0],
        local: |_, _| [Local::linear(-1.0), Local::NONE],
        rule: |_, _| ["−1".into(), String::new()],
        nonlinear: false,
        kink: None,
        cost: (0, 0),
    },
    func!("exp", f64::exp, f64::exp, "exp({x})"),
    func!("log", f64::ln, |x: f64| 1.0 / x, "1/{x}"),
    func!("sin", f64::sin, f64::cos, "cos({x})"),
    func!("cos", f64::cos, |x: f64| -x.sin(), "−sin({x})"),
    func!(
        "tanh",
        f64::tanh,
        |x: f64| 1.0 - sq(x.tanh()),
        "1 − tanh²({x})"
    ),
    func!(
        "sigmoid",
        sigmoid,
        |x: f64| sigmoid(x) * (1.0 - sigmoid(x)),
        "σ({x})·(1 − σ({x}))"
    ),
    func!(
        "relu",
        relu,
        step,
        "1 if {x} > 0, else 0",
        Some((0.0, "relu′(0) = 0"))
    ),
    func!(
        "sqrt",
        f64::sqrt,
        |x: f64| 0.5 / x.sqrt(),
        "1/(2·sqrt({x}))"
    ),
    func!(
        "abs",
        f64::abs,
        sign0,
        "sign({x})",
        Some((0.0, "abs′(0) = 0"))
    ),
    func!(
        "softplus",
        |x: f64| if x > 30.0 { x } else { x.exp().ln_1p() },
        sigmoid,
        "σ({x})"
    ),
];
