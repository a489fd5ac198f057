//! The tour's stops, in the essay's order. The words say what the
//! page shows at each stop; numbers the page computes are not written
//! here, only pointed at.

use crate::lab::Method;
use crate::page::tour::retrieval::Question;
use crate::page::tour::stop::{At, Myth, Predict, Seen, Setup, Stop, Try, Watch, WORKED};

const ALL: [bool; 5] = [true; 5];

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
    prompt: "What did you see? The sweep is at its end: read b's credit off the graph.",
    expr: "(a*b+c)^2",
    values: &[("a", 2.0), ("b", -3.0), ("c", 10.0)],
    of: "b",
    idea: "b's credit is the product's credit times its other input a: 8 × 2 = +16, positive while a's is negative.",
};

/// How many stops the core tour has: the learn path every student meets
/// (the worked example only); the stops after it are "going further",
/// taken only when asked for.
pub const CORE: usize = 6;

pub const STOPS: [Stop; 11] = [
    Stop {
        title: "Who gets the credit for f?",
        look: "Look at the graph: each box, called a node, is one step of the calculation, with its value.",
        text: &[
            "f = (a·b + c)² with a = 2, b = −3, c = 10, worked out step by step: u = a·b, then v = u + c, then f = v². Credit assignment asks: if an input grew a little, how much would f change? That number is the input's credit.",
            "A machine learns by nudging each input a little against its credit, so that f, which measures its mistakes, falls.",
        ],
        notice: "What to notice: every node has a value, and only f has a credit so far (credit +1).",
        asks: &[],
        setup: Setup { expr: Some(WORKED), step: At::Start, ..Setup::graph("graph-svg") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
        learn: None,
    },
    Stop {
        title: "The backward sweep, step by step",
        look: "Look at the graph and the step buttons under it.",
        text: &[
            "The backward sweep starts at f, whose credit is 1, and walks back towards the inputs, one node at a time.",
            "Each node asks how many times as much its own result would grow if one of its inputs grew a little. That number is the input's local rate (the step text shows it with a small nudge). The node multiplies the credit it received by it and passes the product on. No node needs more than its own numbers.",
        ],
        notice: "What to notice: the signs. a and b meet in the same product, yet their credits have opposite signs.",
        asks: &["step-next"],
        setup: Setup { step: At::Start, ..Setup::graph("graph-svg") },
        predict: Some(Predict {
            question: "If a grew a little, would f rise or fall? Guess, then step the sweep to its end with next ▶ and reveal.",
            choices: &["f would rise", "f would fall", "f would stay the same"],
            answer: 1,
            why: &[
                "Not rise: a is multiplied by b = −3, so making a bigger makes u = a·b smaller, and u's credit (+8) says f falls when u falls: +8 × (−3) is negative.",
                "The sweep hands a the product's credit times its other input, 8 × (−3) = −24 (see the step text and a's credit on the graph).",
                "Not unchanged: f depends on a through u = a·b, and b is not 0, so nudging a moves f (the check by small nudges shows −24 too).",
            ],
            reason: "It lowers f: a's credit is −24. f handed 2·v = 8 to v, v passed 8 to u unchanged (a sum passes credit on as it is), and the product handed u's credit times its other input, 8 × (−3), to a.",
            reveal: Setup { step: At::Keep, ..Setup::graph("graph-svg") },
            step_first: true,
            run_first: false,
            observe: Some(&SEEN_B),
            seen: None,
        }),
        myth: None,
        tries: &[],
        backward_toggle: false,
        learn: Some("Now learn from the credits: press the button, and each input moves a little against its credit. Watch f (the next stop puts the numbers back)."),
    },
    Stop {
        title: "Checking it by small nudges",
        look: "Look at the table “Check by small nudges”.",
        text: &[
            "Another way to find a credit: nudge one input up a tiny step h and down by h, work f out both times, and divide the change by 2h. The table puts this beside the credit the sweep delivered, input by input.",
            "They agree: a ✓ in the table means the two agree to about seven figures. This is how any program that computes credits this way is tested; this one is, on thousands of random expressions.",
        ],
        notice: "What to notice: checking the input a alone needed two extra calculations of f; the sweep gave all three credits at once.",
        asks: &[],
        setup: Setup { step: At::End, ..Setup::graph("fd-check") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
        learn: None,
    },
    Stop {
        title: "Why going backwards is cheap",
        look: "Look at the costs: the table, then the chart under it.",
        text: &[
            "One backward sweep gives every input's credit at once, for at most about three times the work of calculating f.",
            "Why three: where calculating f did one multiplication, the way back does at most two (a product sends each of its two inputs the credit times the other input), so f once and then the way back cost at most three times f.",
            "Going forwards instead (forward mode) means one pass per input, and each pass carries a rate beside every value, so it costs more than calculating f once: the chart shows that cost growing with the number of inputs while the backward sweep's stays flat. A network with millions of connections could not learn without this.",
        ],
        notice: "What to notice: here, with 3 inputs, going forwards already costs 7 times one calculation of f, the backward sweep 3 times; each extra input adds to the cost of going forwards, never to the cost of the backward sweep.",
        asks: &["cost-chart"],
        setup: Setup { step: At::End, ..Setup::graph("mode-costs") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
        learn: None,
    },
    Stop {
        title: "The five requirements, one at a time",
        look: "Press a button below, then look at the step text under the graph and the check table below it.",
        text: &[
            "The sweep needed five things at every node, the requirements R1 to R5. Remove one at a time with the buttons below and see what breaks; R4 has the next stop to itself, with a guess first.",
        ],
        notice: "What to notice: each removal breaks the credits in its own way, and the table's ✗ marks a credit that no longer matches the nudges. R5 changes nothing here: it matters only where a value feeds two nodes, whose credit is the sum of what both send back, so it must wait for both.",
        asks: &[],
        setup: Setup { step: At::End, ..Setup::graph("arith") },
        predict: None,
        myth: None,
        tries: &[
            Try {
                label: "remove R1: this calculation's values",
                kept: without(0),
                r3: None,
                says: "R1 removed: each node works out its local rate from old values (an earlier calculation's) instead of the ones it just found, so the credits come out wrong.",
            },
            Try {
                label: "remove R2: each step's own rate",
                kept: without(1),
                r3: None,
                says: "R2 removed: the square v² passes its credit on without its own local rate, as if that rate were 1: it hands back 1 instead of 2·v = 8. (The product still multiplies by its other input: that is R4's part.)",
            },
            Try {
                label: "remove R3: a sign on each credit",
                kept: without(2),
                r3: Some(Method::SignDropped),
                says: "R3 removed: each credit loses its sign, so a node is told how much but not which way.",
            },
            Try {
                label: "remove R5: waiting for all the credit",
                kept: without(4),
                r3: None,
                says: "R5 removed: a node may pass its credit on before all of it has arrived. The sweep now follows one path all the way back to a first, then comes back for b, then c, one hand-off per step, so its step counter counts more steps; here every value feeds only one node, so nothing breaks. Where one value feeds two nodes, its credit is the sum of what both send back, so it must wait for both.",
            },
            Try { label: "keep all five", kept: ALL, r3: None, says: "All five kept: every credit matches the nudges." },
        ],
        backward_toggle: false,
        learn: None,
    },
    Stop {
        title: "Removing R4: a random number instead of the other input",
        look: "Look at the graph and the step buttons under it.",
        text: &[
            "R4 is now removed: on the way back, the product u = a·b multiplies u's credit by a fixed random number instead of the other input.",
            "With R4 it would multiply by the other input (b for a, a for b). The random numbers are one for a, another for b, the same ones every time.",
        ],
        notice: "What to notice: on this small graph a's and b's credits are simply wrong. Yet a real network copes without R4 better than without any other: when this page trains a small network without it, the error ends about 2 times backprop's (backprop: all five kept), against 6 to 12 times for removing R2 or R3. (The essay this page comes from measured 1.1 times, on another task.) “Going further”, offered with the summary, shows why.",
        asks: &["step-next"],
        setup: Setup { kept: Some(without(3)), step: At::Start, ..Setup::graph("graph-svg") },
        predict: Some(Predict {
            question: "With R4 removed, a's and b's credits come out wrong. What does c's credit do? Guess, then step the sweep to its end with next ▶ and reveal.",
            choices: &["it changes too", "it stays +8", "it becomes 0"],
            answer: 1,
            why: &[
                "Not a change: c reaches f through the sum v = u + c and the square, not through a product, so no random number stands in on its way back.",
                "c's credit is v's credit, 8, times the sum's rate, 1: there is no product on its way back, so removing R4 leaves it right (the check marks c ✓, a and b ✗).",
                "Not 0: c still gets credit; without R4 only what a product sends back changes.",
            ],
            reason: "It stays +8: R4 is about products. A product should send back its credit times its other input; without R4 it uses a fixed random number instead. c's way back to f has no product, so its credit is right while a's and b's are wrong.",
            reveal: Setup { kept: Some(without(3)), step: At::Keep, ..Setup::graph("arith") },
            step_first: true,
            run_first: false,
            observe: None,
            seen: None,
        }),
        myth: Some(Myth {
            claim: "The brain cannot do backprop, because nerve fibres carry signals one way.",
            answer: "The objection was never answered by showing that signals run backwards. It was answered by testing how much is lost without R4: a separate set of backward connections, fixed and random, can carry the signed teaching signal, and a network still learns (“Going further”, after the summary, shows it).",
        }),
        tries: &[],
        backward_toggle: false,
        learn: None,
    },
    // going further: taken only when asked for
    Stop {
        title: "Going further: remove a requirement from a network",
        look: "Look at the lab's run button, then its charts.",
        text: &[
            "The lab trains a small network (20 inputs, two hidden layers of 64 units, 5 outputs) to copy a fixed teacher network. R4 is removed: feedback alignment sends each error back through fixed random connections instead of the forward ones. Exact backprop and the readout-only floor (no credit inside the network at all) train beside it.",
        ],
        notice: "What to notice: the angle chart. The random feedback starts at 90° from backprop's direction and the network turns towards it.",
        asks: &["lab-run"],
        setup: Setup { kept: Some(without(3)), r4: Some(Method::Fa), ..Setup::lab("lab-run") },
        predict: Some(Predict {
            question: "Will feedback alignment learn? Choose, press ▶ run in the lab, and reveal when the runs are done.",
            choices: &[
                "yes: its error ends well below the readout-only floor",
                "barely: about as well as training the readout only",
                "no: its error does not fall",
            ],
            answer: 0,
            why: &[
                "Its curve falls well below the readout-only floor's, though not quite to backprop's (the live table's × bp column: its error divided by backprop's).",
                "Not barely: the readout-only floor gives no credit inside the network; random feedback does give the hidden layers usable credit once the forward weights align with it (the angle chart falls below 90°).",
                "Not flat: random feedback is not noise that changes each step; it is fixed, and the network adapts to it.",
            ],
            reason: "It learns: the forward weights come to align with the random feedback, so the random feedback becomes useful. Watch the angle between its updates and backprop's fall from about 90° (the angle chart), and compare the three curves and the live table.",
            reveal: Setup { kept: Some(without(3)), r4: Some(Method::Fa), ..Setup::lab("curve-chart") },
            step_first: false,
            run_first: true,
            observe: None,
            seen: Some(Seen {
                prompt: "What did you see? When the runs finish, where does feedback alignment's curve end, against the readout-only floor's (the dashed black line; the live table's test error)?",
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
        learn: None,
    },
    Stop {
        title: "Going further: one shared score",
        look: "Look at the network panel; the reveal shows the scaling chart.",
        text: &[
            "Without a signed error for each unit (R3), a network can still learn from one number shared by all: nudge the weights (or units) at random, see whether the error went down, and move along the nudges that helped.",
        ],
        notice: "What to notice: the falling cosine. The bigger the network, the less one shared number says about each weight.",
        asks: &[],
        setup: Setup { kept: Some(without(2)), r3: Some(Method::NodePerturbation), ..Setup::lab("network-panel") },
        predict: Some(Predict {
            question: "Does one shared score get better or worse as the network grows?",
            choices: &["better: more weights, more to learn from", "worse", "about the same"],
            answer: 1,
            why: &[
                "Not better: more weights share the same one number, so each weight's share of the credit gets noisier, not richer (the scaling chart's cosine falls with width).",
                "A single estimate's cosine with the true gradient falls like 1/√N (√(2/(πN)) for weight perturbation, the dashed line).",
                "Not the same: the chart measures the cosine at 8 to 256 hidden units, and it falls as the network grows.",
            ],
            reason: "Worse. One number must carry the credit of every weight, so a single estimate's cosine with the true gradient falls as the weights multiply: for weight perturbation like √(2/(πN)) with N weights (the dashed line). The chart measures it in this page, from 8 to 256 hidden units; learning then needs many more trials or a much smaller rate.",
            reveal: Setup { kept: Some(without(2)), r3: Some(Method::NodePerturbation), ..Setup::lab("scaling-chart") },
            step_first: false,
            run_first: false,
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
        learn: None,
    },
    Stop {
        title: "Going further: what the instrument found",
        look: "Look at the lab's table of every method.",
        text: &[
            "The essay's table trains every method at five learning rates and three seeds and keeps each method's best rate. “Show the precomputed table” reads that grid as the command line ran it (the command is printed under the table); “run it here” reruns it in this page (a few minutes on two cores). Each method's error is divided by backprop's.",
            "The essay's reading: removing weight transport (R4) costs least; removing the signed per-unit error (R3) or the local derivative (R2) costs several times more; stale activity (R1, R5: errors paired with the previous batch's activity) costs most. Check the “× bp” column against it.",
        ],
        notice: "What to notice: the order of the × bp column, and where this page's numbers differ from the essay's (the table says why).",
        asks: &[],
        setup: Setup { kept: Some(ALL), ..Setup::lab("lab-precomputed") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: false,
        learn: None,
    },
    Stop {
        title: "Going further: a critique passed back along a chain",
        look: "Look at the Agents view's run button; nothing runs until you press it.",
        text: &[
            "Part 5: an agent pipeline (TextGrad and its kind) chains a few model calls; when the final answer is criticised, the critique is passed back step by step and each step rewrites its own instructions. The essay's check: ordering (R5) and stored activity (R1) are kept; each step gets its own critique, but not a signed number (R3, partly); the backward critic need not resemble the step (R4 does not apply, as in feedback alignment); and no step has a local derivative (R2), which is where backprop's guarantee comes from.",
            "This view simulates such a pipeline (no language model is called): the critique passed back along the chain, against the final critique sent to every step, at the same number of calls and over several seeds. Press run to compare them; the protocol card says how to run the same test on a real pipeline.",
        ],
        notice: "What to notice: whether the chain beats the broadcast, by how much, and over how many seeds.",
        asks: &[],
        setup: Setup::agents("agents-run"),
        predict: None,
        myth: Some(Myth {
            claim: "A backward chain of critiques is a gradient.",
            answer: "Not without local derivatives (R2). Each critique may be sensible, but nothing makes a chain of them compose into a direction that lowers the loss, which is what the chain rule guarantees backprop.",
        }),
        tries: &[],
        backward_toggle: false,
        learn: None,
    },
    Stop {
        title: "Going further: traces without a correction (apūrva)",
        look: "Look at the graph of traces; the node below shows the backward half.",
        text: &[
            "From machines back to the oldest answer. Part 6: in Mīmāṃsā, each act of the new- and full-moon sacrifices leaves an unseen trace, apūrva. The subsidiary rites' traces combine into one for each main offering (ut_…), those into one per group of offerings (full_moon, new_moon), and those into the principal apūrva, which lasts until the result. The graph carries those traces forward.",
            "The tradition models this forward half with great precision, and has no backward half. Show it: the credits say how much each act contributed to the principal trace. Traces alone cannot say which act to change; a signed, per-act correction can.",
        ],
        notice: "What to notice: the forward half alone gives every act a value but no credit.",
        asks: &[],
        setup: Setup { expr: Some(APURVA), step: At::Start, ..Setup::graph("graph-frame") },
        predict: None,
        myth: None,
        tries: &[],
        backward_toggle: true,
        learn: None,
    },
];
