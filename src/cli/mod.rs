//! The native command line: `creditflow grad …` for the worked example
//! (and the lab's subcommands). Every error is a message and exit status
//! 2; nothing here panics on user input.

mod agents;
mod bench;
mod depth;
mod export;
mod grad;
pub mod lab;
mod merge;
mod opts;
mod progress;
mod shard;
mod tasks;
mod width;

/// The usage text; the notation line comes from the op table.
pub fn usage() -> String {
    format!(
        "usage:
  creditflow grad EXPR NAME=VALUE... [--json] [--steps] [--without R1..R5]...
                  [--r3 shared|scrambled|sign] [--draws K] [--seed S] [--prev NAME=VALUE]...

  grad   f, each input's gradient, its central difference (h = 1e-6·max(1,|x|)),
         the error, and the cosine with the true gradient.
         EXPR uses {}
         --without Rk   remove requirement Rk (repeatable)
         --prev N=V     R1's previous sample (default: every input + 1)
         --r3 V         with --without R3: one shared score (node perturbation,
                        the default), scrambled adjoints, or the sign dropped
         --draws K      one shared score: the mean of K draws (1 to 10000)
         --seed S       seeds the perturbations and the scrambling (default 0)
         --steps        print the backward sweep step by step
         --json         print {{\"value\",\"grads\",\"fd\",\"cosine\",…}} as JSON

  creditflow ablate [--protocol careful|essay] [--methods bp,fa,…] [--lrs 0.01,…]
                    [--seeds 0,1,2,3,4] [--task-seeds 0,1,2] [--steps 3000]
                    [--precision f64|f32] [--json FILE] [--csv FILE] [--shard K/N]
         the essay's ablation table: every method × learning rate × teacher draw × seed
         on all cores, in f64 (the default) or f32 arithmetic, with 95% bootstrap
         intervals on every score and ratio.
         --protocol careful (the default): 800 training examples held out choose each
                        rate, the grid extends (×2, ÷2) until each chosen rate is
                        inside it, the score is the mean of the last 5 test
                        evaluations; 5 seeds × 3 teacher draws
         --protocol essay: the essay's rule, to compare like for like: 3 seeds, one
                        draw, the rate chosen on the test set it reports
         --shard K/N --json F (essay protocol) runs only the K-th of N disjoint slices
                        of the runs and writes them whole
         --task teacher|digits  what the student learns: the essay's teacher (the
                        default) or the UCI digits (1,797 8×8 images, 10 classes,
                        CC BY 4.0; 1,397 train / 400 test rows by --task-seeds'
                        split), scored by the test error rate
         --arch dense|conv  the student's first layer: dense (the default) or 3×3
                        convolutions, 8 channels, stride 1, tanh (an image task:
                        --task digits); each rule's form on it is in the README
         --data FILE.csv --target NAME[,NAME…] [--kind classification|regression]
                        your own data: a header row, numeric inputs, the target a
                        numeric column (regression) or labels (classification,
                        detected: text, or at most 20 whole values); inputs
                        standardised on the training rows, a fifth held out as test
  creditflow rerun FILE.json [--json FILE] [--data FILE.csv --target NAME]
         reruns the study an `ablate --json` file describes (its settings, seeds, teacher
         draws and rates are in the file) and prints its table: the same numbers
         --rule NAME=VALUE  a Part 4 rule's setting (repeatable; also for depth and
                        width): kp_decay, trace_decay, pc_steps, pc_rate, ep_beta,
                        ep_free, ep_nudged (defaults and origins in the README)
  creditflow merge FILE... [--json FILE] [--csv FILE]
         the shards' runs combined: the same table and files as one ablate, depth or width
  creditflow width [--widths 16,32,64,128,256,512] [--methods bp,fa,…] [--steps 1000]
                   [--lrs …] [--seeds …] [--teacher-gain G] [--precision f64|f32] [--json FILE]
                   [--shard K/N]
         the width study: final test nMSE and the steps to reach 2× bp's score, per
         method and width (default bp, fa, node and weight perturbation)
  creditflow depth [--depths 1,2,4,6,8] [--width 64] [--methods bp,fa,…] [--lrs …] [--seeds …]
                   [--steps 3000] [--teacher-depth 1] [--precision f64|f32] [--json FILE]
                   [--csv FILE] [--shard K/N]
         the depth study: final test nMSE per method and depth (1 to 8 hidden layers),
         its ratio to bp at that depth, and each layer's final alignment angle; the
         teacher is the essay's 20→30→5 unless --teacher-depth gives it more layers
  creditflow agents [--depths 1,2,4,8] [--signals exact,chain,broadcast,reading] [--rounds R]
                    [--fidelity F] [--noise S] [--blur B] [--gate on|off] [--lr L]
                    [--momentum M] [--depth K] [--seed S] [--seeds N] [--score last|best|area]
                    [--fix P] [--break P] [--names A,B,…] [--p-low P] [--p-high P]
                    [--questions N] [--width W] [--tasks N] [--val-tasks N] [--gain G]
                    [--map] [--map-fidelities 0,0.25,…] [--map-depths 2,4,8] [--map-blurs 0.1,…]
                    [--json FILE] [--protocol-card] [--import FILE.jsonl] [--write-trace FILE.jsonl]
         essay Part 5, simulated (no language model is called): a K-step pipeline's
         held-out loss by credit signal at the chained critique's call budget over
         seeds (median and middle half), the curves at --depth gated and ungated,
         refine + vote against independent answers voted at equal calls; --map adds
         the chain's margin over each broadcast on fidelity × depth × blur
         --import F     your own pipeline's trace (JSON lines, docs/agents-trace.md)
                        reported as the simulation's runs are, the same as the page
         --write-trace F  the simulation's runs written as such a trace
  creditflow tasks [--methods bp,fa,…] [--steps 3000] [--seeds 0,1,2] [--protocol careful|essay]
                   [--json FILE]
         the essay's counterexample measured: the same rules (bp, fa, dfa, sign symmetry,
         node perturbation, readout only) at their best rates on the teacher, the digits
         with the dense student and the digits with a 3×3, 8-channel conv first layer;
         each rule's error as a multiple of bp's and its per-layer angles, beside the
         published figures (other people's, on other tasks)
  creditflow export --notebook FILE.ipynb|FILE.py [--methods bp,fa,…] [--lrs …] [--seeds …]
                    [--task-seeds …] [--steps N] [--task …] [--arch …] [--protocol …] [--data …]
         the runs trained here, then written out as a Jupyter notebook (or a Python file)
         that uses only NumPy: the data, initial weights and batch order embedded, each
         rule's update written out, the test score printed at every checkpoint beside
         this command's, with their relative difference (each rule at its best rate and
         seed 0 unless asked; rules that draw noise every step are left out, and say why)
  creditflow scaling [--json FILE]
         one-shot WP and NP cosine with the true gradient for hidden sizes 8…256
  creditflow bench [--methods …] [--lrs …] [--seeds …] [--steps …] [--precision f64|f32]
         µs per training step for each method in f64 and f32 (one thread), then the
         full grid's wall time in the chosen precision
  methods: bp fa dfa no_deriv scrambled node_perturbation weight_perturbation
           sign_dropped stale shuffled_labels random_direction readout_only
           (essay Part 4, not in the default grid:) kolen_pollack three_factor
           predictive_coding equilibrium_prop synthetic_gradients forward_forward
           (forward-forward's reference on its classification task:) bp_classify",
        crate::engine::ops::notation_help()
    )
}

/// Runs the command line; returns the process exit status.
pub fn run(args: Vec<String>) -> i32 {
    // `creditflow agents --help` and the like: the usage, not an error.
    // `-h` counts only as the first word: `grad -h h=2` is an expression.
    if args.iter().any(|a| a == "--help") {
        println!("{}", usage());
        return 0;
    }
    match args.first().map(String::as_str) {
        Some("grad") => grad::run(&args[1..]),
        Some("ablate") => lab::ablate(&args[1..]),
        Some("rerun") => lab::rerun(&args[1..]),
        Some("scaling") => bench::scaling(&args[1..]),
        Some("bench") => bench::bench(&args[1..]),
        Some("width") => width::width(&args[1..]),
        Some("depth") => depth::depth(&args[1..]),
        Some("merge") => merge::merge(&args[1..]),
        Some("agents") => agents::agents(&args[1..]),
        Some("tasks") => tasks::tasks(&args[1..]),
        Some("export") => export::export(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{}", usage());
            0
        }
        Some(other) => fail(&format!("unknown command '{other}'")),
        None => fail("no command given"),
    }
}

/// Prints `message` and the usage to stderr; returns exit status 2.
pub(crate) fn fail(message: &str) -> i32 {
    eprintln!("error: {message}\n\n{}", usage());
    2
}

/// Prints `message` alone (a file that cannot be used: the command was
/// right, so the usage would only bury the reason); exit status 2.
pub(crate) fn refuse(message: &str) -> i32 {
    eprintln!("error: {message}");
    2
}

/// A number for JSON: integral values print without a fractional part,
/// non-finite ones as null.
pub(crate) fn json_num(x: f64) -> serde_json::Value {
    if !x.is_finite() {
        serde_json::Value::Null
    } else if x == x.trunc() && x.abs() < 9e15 {
        serde_json::Value::from(x as i64)
    } else {
        serde_json::Value::from(x)
    }
}

/// Writes `text` to `path`; exit status 1 with a message if it cannot.
pub(crate) fn write(path: &str, text: &str) -> i32 {
    match std::fs::write(path, text) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: could not write {path}: {e}");
            1
        }
    }
}

/// A median for a table: three decimals, or "diverged".
pub(crate) fn score(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.3}")
    } else {
        "diverged".into()
    }
}
