//! The tour's stops, in the essay's order. The words say what the
//! page shows at each stop; numbers the page computes are not written
//! here, only pointed at.

use crate::lab::Method;
use crate::page::tour::retrieval::Question;
use crate::page::tour::stop::{At, Myth, Predict, Seen, Setup, Stop, Watch};

const ALL: [bool; 5] = [true; 5];
pub const WORKED: (&str, &[(&str, f64)]) = ("(a*b+c)^2", &[("a", 2.0), ("b", -3.0), ("c", 10.0)]);

/// Part 6's hierarchy of apūrvas for the new- and full-moon sacrifices
/// (after Jha's summary), simplified to two subsidiary rites shared by the
/// six main offerings: subsidiaries → an utpattyapūrva per main offering
/// → two group apūrvas → the principal apūrva. The values are the traces
/// each act leaves.
pub const APURVA: (&str, &[(&str, f64)]) = (
    "principal{full_moon{ut_agneya1{agneya1*subs{prayaja+anuyaja}} + ut_upamsu{upamsu*(prayaja+anuyaja)} \
     + ut_agnisomiya{agnisomiya*(prayaja+anuyaja)}} + new_moon{ut_agneya2{agneya2*(prayaja+anuyaja)} \
     + ut_dadhi{dadhi*(prayaja+anuyaja)} + ut_payas{payas*(prayaja+anuyaja)}}}",
    &[
        ("agneya1", 1.0),
        ("prayaja", 0.5),
        ("anuyaja", 0.5),
        ("upamsu", 1.0),
        ("agnisomiya", 1.0),
        ("agneya2", 1.0),
        ("dadhi", 1.0),
        ("payas", 1.0),
    ],
);

const fn without(r: usize) -> [bool; 5] {
    let mut k = ALL;
    k[r] = false;
    k
}

/// What the student saw at the sweep's end: b's adjoint on the graph.
const SEEN_B: Question = Question {
    prompt: "What did you see? The sweep is at its end: read b's adjoint off the graph.",
    expr: "(a*b+c)^2",
    values: &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
    of: "b",
    idea: "b's adjoint is the product's credit times its other operand a: 8 × 2 = +16, positive while a's is negative.",
};

pub const STOPS: [Stop; 10] = [
    Stop {
        title: "Who deserves the blame for f?",
        text: &[
            "f = (a·b + c)² with a = 2, b = −3, c = 10. The forward sweep has run: every node holds its value (u = a·b, v = u + c, f = v²).",
            "Credit assignment asks how much of f each input is responsible for: how much f changes per unit change of that input. That number is the input's adjoint, ∂f/∂x.",
        ],
        setup: Setup { expr: Some(WORKED), step: At::Start, ..Setup::graph("graph-svg") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "The backward sweep, node by node",
        text: &[
            "The sweep starts at f, whose adjoint is 1, and walks back: each node multiplies the adjoint it received by its local derivative and sends the product to its inputs. No node needs more than its own numbers.",
            "Guess first, then step the sweep to its end yourself (next ▶ under the graph, or →) and reveal: the reveal reads what you found.",
        ],
        setup: Setup { step: At::Start, ..Setup::graph("graph-svg") },
        predict: Some(Predict {
            question: "Will increasing a raise or lower f?",
            choices: &["raise f", "lower f", "leave f unchanged"],
            answer: 1,
            why: &[
                "Not raise: a meets b = −3 in the product, so a's credit is the credit of u = a·b times −3, and that credit (+8) is positive: +8 × (−3) is negative.",
                "Right: the sweep hands a the product's credit times its other operand, 8 × (−3) = −24 (see the step text and a's adjoint in the graph).",
                "Not unchanged: f depends on a through u = a·b, and b is not 0, so a nudge of a moves f (the finite-difference table shows −24 too).",
            ],
            reason: "It lowers f: a's adjoint is 2v·b = 2·4·(−3) = −24. f handed 2v = 8 to v, v passed 8 to u unchanged, and the product handed u's adjoint times its other operand, 8·(−3), to a. b's own adjoint is +16: the signs differ even though a and b meet in the same product.",
            reveal: Setup { step: At::Keep, ..Setup::graph("arith") },
            step_first: true,
            observe: Some(&SEEN_B),
            seen: None,
        }),
        myth: None,
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "Checking it: finite differences",
        text: &[
            "Nudge one input by a tiny h both ways and see how f moves: (f(x+h) − f(x−h)) / 2h. The table sets the gradient the sweep delivered beside that central difference, input by input.",
            "They agree to about seven figures. This is how any autodiff engine is tested; this one is, on random expressions.",
        ],
        setup: Setup { step: At::End, ..Setup::graph("fd-table") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "Why reverse order is cheap",
        text: &[
            "One backward sweep gives f's gradient with respect to every input at once, for at most about three times the multiplications of computing f.",
            "Forward mode needs one pass per input: the chart shows its cost growing with the number of inputs while reverse mode stays flat. With millions of weights, that is the whole difference.",
        ],
        setup: Setup { step: At::End, ..Setup::graph("mode-costs") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "The five requirements, one at a time",
        text: &[
            "The sweep needed five things at every node: R1 its activity stored from the forward pass; R2 its local derivative; R3 a signed error of its own; R4 the forward weights, carried backward; R5 to wait until every contribution has arrived.",
            "Remove one at a time with the buttons (or the boxes at the top) and watch the sweep's text and the table: each removal breaks the gradient in its own way. R5 matters only where a node feeds two others: the note offers a graph with fan-out.",
        ],
        setup: Setup { step: At::End, ..Setup::graph("arith") },
        predict: None,
        myth: Some(Myth {
            claim: "The brain cannot do backprop, because axons carry signals one way.",
            answer: "The objection was never answered by showing that axons run backwards. It was answered by testing how much is lost when the backward requirement, weight transport (R4), is removed: a separate set of feedback connections can carry the signed teaching signal. The lab's feedback alignment is that test.",
        }),
        tries: &[
            ("remove R1", without(0)),
            ("remove R2", without(1)),
            ("remove R3", without(2)),
            ("remove R4", without(3)),
            ("remove R5", without(4)),
            ("keep all", ALL),
        ],
        backward_toggle: false,
    },
    Stop {
        title: "The instrument: remove a requirement from a network",
        text: &[
            "The lab trains a small network (20 inputs, two hidden layers of 64, 5 outputs) to copy a fixed teacher network. R4 is unticked: feedback alignment sends each error backward through fixed random weights instead of the forward weights. Exact backprop and the readout-only floor (no credit inside the network at all) train beside it.",
        ],
        setup: Setup { kept: Some(without(3)), r4: Some(Method::Fa), ..Setup::lab("lab-run") },
        predict: Some(Predict {
            question: "Will feedback alignment learn?",
            choices: &[
                "yes: its error ends well below the readout-only floor",
                "barely: about as well as training the readout only",
                "no: its error does not fall",
            ],
            answer: 0,
            why: &[
                "Right: its curve falls well below the readout-only floor's, though not quite to backprop's (the live table's × bp column).",
                "Not barely: the readout-only floor gives no credit inside the network; random feedback does give the hidden layers usable credit once the forward weights align with it (the angle chart falls below 90°).",
                "Not flat: random feedback is not noise that changes each step; it is fixed, and the network adapts to it.",
            ],
            reason: "It learns: the forward weights come to align with the random feedback, so the random feedback becomes useful. Watch the angle between its updates and backprop's fall from about 90° (the angle chart), and compare the three curves and the live table: weight transport (R4) turns out to be the cheapest requirement to remove.",
            reveal: Setup { kept: Some(without(3)), r4: Some(Method::Fa), run: true, ..Setup::lab("curve-chart") },
            step_first: false,
            observe: None,
            seen: Some(Seen {
                prompt: "What did you see? When the runs finish, where does feedback alignment's curve end, against the readout-only floor's (the dashed black line; the live table's test nMSE)?",
                choices: &["well below the floor's", "about the same as the floor's", "above the floor's"],
                of: Watch::FaAgainstFloor,
            }),
        }),
        myth: Some(Myth {
            claim: "Random feedback cannot carry credit.",
            answer: "It can: fixed random feedback still sends each hidden unit a signed error of its own, and the forward weights learn to agree with it. The curve below the readout-only floor and the angle chart falling from 90° show it.",
        }),
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "Perturbation: one shared score",
        text: &[
            "Without signed per-unit errors (R3), a network can still learn from one broadcast number: nudge the weights (or units) at random, see whether the loss went down, and move along the nudges that helped.",
        ],
        setup: Setup { kept: Some(without(2)), r3: Some(Method::NodePerturbation), ..Setup::lab("network-panel") },
        predict: Some(Predict {
            question: "Does one broadcast score get better or worse as the network grows?",
            choices: &["better: more weights, more to learn from", "worse", "about the same"],
            answer: 1,
            why: &[
                "Not better: more weights share the same one number, so each weight's share of the credit gets noisier, not richer (the scaling chart's cosine falls with width).",
                "Right: a single estimate's cosine with the true gradient falls like 1/√N (√(2/(πN)) for weight perturbation, the dashed line).",
                "Not the same: the chart measures the cosine at 8 to 256 hidden units, and it falls as the network grows.",
            ],
            reason: "Worse. One number must carry the credit of every weight, so a single estimate's cosine with the true gradient falls as the weights multiply: for weight perturbation like √(2/(πN)) with N weights (the dashed line). The chart measures it in this page, from 8 to 256 hidden units; learning then needs many more trials or a much smaller rate.",
            reveal: Setup { kept: Some(without(2)), r3: Some(Method::NodePerturbation), ..Setup::lab("scaling-chart") },
            step_first: false,
            observe: None,
            seen: Some(Seen {
                prompt: "What did you see? On the scaling chart, from 8 to 256 hidden units, weight perturbation's cosine with the true gradient…",
                choices: &["fell", "stayed about the same", "rose"],
                of: Watch::CosineWithWidth,
            }),
        }),
        myth: None,
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "What the instrument found",
        text: &[
            "The essay's table trains every method at five learning rates and three seeds and keeps each method's best rate. “Show the precomputed table” reads that grid as the command line ran it (the command is printed under the table); “run it here” reruns it in this page (a few minutes on two cores). Each method's error is divided by backprop's.",
            "The essay's reading: removing weight transport (R4) costs least; removing the signed per-unit error (R3) or the local derivative (R2) costs several times more; stale activity (R1, R5: errors paired with the previous batch's activity) costs most. Check the “× bp” column against it.",
        ],
        setup: Setup { kept: Some(ALL), ..Setup::lab("lab-precomputed") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "Agents: a critique passed back along a chain",
        text: &[
            "Part 5: an agent pipeline (TextGrad and its kind) chains a few model calls; when the final answer is criticised, the critique is passed back step by step and each step rewrites its own instructions. The essay's check: ordering (R5) and stored activity (R1) are kept; each step gets its own critique, but not a signed number (R3, partly); the backward critic need not resemble the step (R4 does not apply, as in feedback alignment); and no step has a local derivative (R2), which is where backprop's guarantee comes from.",
            "This view simulates such a pipeline (no language model is called): the critique passed back along the chain, against the final critique sent to every step, through a fixed random map or read by each step with its own outputs, at the same number of calls and over several seeds. Its answers open the view, above: read whether the chain wins, by how much, and whether that survives a broadcast that can read. The protocol card below them says how to run the same test on a real pipeline; the run button reruns it at your settings.",
        ],
        setup: Setup::agents("agents-run"),
        predict: None,
        myth: Some(Myth {
            claim: "A backward chain of critiques is a gradient.",
            answer: "Not without local derivatives (R2). Each critique may be sensible, but nothing makes a chain of them compose into a direction that lowers the loss, which is what the chain rule guarantees backprop.",
        }),
        tries: &[],
        backward_toggle: false,
    },
    Stop {
        title: "Traces without a correction: apūrva",
        text: &[
            "From machines back to the oldest answer. Part 6: in Mīmāṃsā, each act of the new- and full-moon sacrifices leaves an unseen trace, apūrva. The subsidiary rites' traces combine into one for each main offering (ut_…), those into one per group of offerings (full_moon, new_moon), and those into the principal apūrva, which lasts until the result. The graph carries those traces forward.",
            "The tradition models this forward half with great precision, and has no backward half. Show it: the adjoints say how much each act contributed to the principal trace. Traces alone cannot say which act to change; a signed, per-act correction can.",
        ],
        setup: Setup { expr: Some(APURVA), step: At::Start, ..Setup::graph("graph-svg") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: true,
    },
];
