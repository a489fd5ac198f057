//! The words of the Agents view that are not numbers: the protocol card
//! for running the test on one's own pipeline, and the simulation's model
//! with its assumptions. The page shows them, and `docs/agents-protocol.md`
//! is `markdown()` (a test checks the file is current; `creditflow agents
//! --protocol-card` prints it).

/// One section: a heading and its points.
pub type Section = (&'static str, &'static [&'static str]);

/// The protocol card.
pub const CARD: [Section; 7] = [
    (
        "The arms to run, on the same tasks and seeds",
        &[
            "Chained critique (TextGrad's backward pass): the evaluator critiques the final output, and each step's critique is written from the critique of the step after it.",
            "Final critique to every step: every step's optimizer gets the evaluator's critique of the final output, beside its own prompt, input and output.",
            "No critique: the prompts as they start, the floor every arm must beat.",
            "A compute-matched independent vote: as many independent answers as the refinement's calls would buy, voted.",
            "(The simulation adds two references a real pipeline cannot have: exact gradients, and a broadcast through a fixed random map that no step can relate to its own output.)",
        ],
    ),
    (
        "Count the calls of a round (K steps, n training tasks, m held-out tasks)",
        &[
            "Forward: K·n, every step on every task.",
            "Critique: one call per edge of the backward graph per task. Chained: 2K (the evaluator's edge, K − 1 hops, K edges into the prompts). Final critique to every step: K + 1.",
            "Update: K, one optimizer call per prompt.",
            "Evaluator: n.",
            "Gate: K·m + m (a forward pass and an evaluation of the held-out tasks).",
            "Give every arm the same total: the cheaper arm runs more rounds.",
        ],
    ),
    (
        "Rounds and seeds",
        &[
            "At least 5 seeds: other samples of the tasks, other sampling temperatures or orders.",
            "Enough rounds that the best arm's held-out score has stopped improving (the simulation's default is 60).",
            "Vary the length K (1, 2, 4, 8 steps): the claim is about how credit fades along the chain.",
        ],
    ),
    (
        "The metric and its interval",
        &[
            "The held-out score averaged over the last tenth of the rounds, not the last round alone, so that a run that oscillates or diverges is not ranked by one point; report the best round and the area under the curve beside it.",
            "Over the seeds: the median and the interquartile range (or a bootstrap 95 % interval).",
            "Say that one arm beats another only where their intervals do not overlap; otherwise say \"within noise\".",
        ],
    ),
    (
        "Watch for",
        &[
            "Oscillation: the held-out score rising and falling in turn for 6 rounds or more (lower the step size or the momentum).",
            "Divergence: the score running away from its start.",
            "A gate that accepts nothing: the score stays at its start, which is not a result about credit.",
        ],
    ),
    (
        "Gate on held-out data",
        &[
            "Keep an update only if the score on m held-out tasks, never the training tasks, improves; count those calls as above.",
        ],
    ),
    (
        "Estimate your critic's fidelity ρ",
        &[
            "Plant a fault whose right fix is known (a wrong instruction in one step's prompt) and run the pipeline on tasks that expose it.",
            "ρ is the share of the critiques reaching that step that point to the planted fault.",
            "Plant it at several positions along the chain to see how ρ falls per hop, then set the simulation's fidelity to it to see whether chaining pays at that ρ.",
        ],
    ),
];

/// The simulation's model and what it assumes.
pub const MODEL: [&str; 7] = [
    "Step k computes y_k = tanh(y_{k−1}·A_kᵀ + θ_k): a fixed random map A_k (the model, of gain g/√d) and a “prompt” θ_k of d numbers (8 by default), the only thing that learns.",
    "A teacher pipeline with the same maps and other prompts makes the targets; the loss is ½‖y_K − t‖², averaged over tasks, and the score is on held-out tasks.",
    "Exact: backprop's adjoints through the pipeline. Chained critique: at each hop the critic sends ρ·(the true message) + (1 − ρ)·(the critique through a random map drawn each round, scaled to the same size), plus noise of the message's size times the noise setting, then blurred toward each task's mean by the specificity lost per hop.",
    "Fixed broadcast: the final critique to step k through a fixed random map. Reading broadcast: through the step's own least-squares estimate of how its output moves the final output, fitted on the round's tasks from the outputs alone (no Jacobian, no extra call).",
    "An update: θ_k ← θ_k − step size·(the mean over tasks of its critique), with momentum if set; gated, it is kept only if the held-out loss falls.",
    "Renaming a step reseeds its critic's noise, and nothing else: it shows, by construction, that how a step is described can change the messages it receives.",
    "Left out: language (critiques are vectors here), a critic whose errors depend on what it reads rather than on a seed, and prompts that are words rather than numbers.",
];

/// The card as Markdown: `docs/agents-protocol.md`.
pub fn markdown() -> String {
    let mut s = String::from(
        "# The agents test on your own pipeline: a protocol card\n\n\
         How to run the essay's Part 5 test (does passing a critique back step by step beat \
         sending the final critique to every step?) on a real prompt pipeline. The Agents view \
         of Credit Flow shows this card, and runs the same test on a simulated pipeline (no \
         language model is called). Generated by `creditflow agents --protocol-card`.\n",
    );
    for (i, (head, points)) in CARD.iter().enumerate() {
        s.push_str(&format!("\n## {}. {head}\n\n", i + 1));
        for p in *points {
            s.push_str(&format!("- {p}\n"));
        }
    }
    s.push_str("\n## The simulation's model and its assumptions\n\n");
    for p in MODEL {
        s.push_str(&format!("- {p}\n"));
    }
    s
}
