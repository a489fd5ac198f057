//! The simulated agent pipeline (essay Part 5): the chained critique is
//! exact when its critic is, and carries nothing when the critic ignores
//! the local Jacobian; the gate never keeps a harmful update; the call
//! counter is the seed's formula; the independent vote matches its
//! binomial closed form; renaming a step changes its critique; and the
//! settings can make either signal win.

use creditflow::lab::agents::pipeline::Pipeline;
use creditflow::lab::agents::rounds::{calls_per_round, depth_study, run};
use creditflow::lab::agents::spread::Measure;
use creditflow::lab::agents::vote::{vote_probability, vote_study, VoteConfig};
use creditflow::lab::agents::{AgentsConfig, Signal};

fn exact_critic() -> AgentsConfig {
    AgentsConfig {
        fidelity: 1.0,
        noise: 0.0,
        blur: 0.0,
        ..AgentsConfig::default()
    }
}

#[test]
fn a_faithful_noiseless_critic_passes_back_the_exact_gradient() {
    for depth in [1, 2, 5] {
        let p = Pipeline::new(AgentsConfig {
            stages: depth,
            ..exact_critic()
        });
        let theta = p.teacher.iter().map(|t| t * 0.3).collect::<Vec<_>>();
        let f = p.forward(&theta, &p.x_train);
        let exact = p.exact_critiques(&f, &p.t_train);
        let chain = p.critiques(Signal::Chain, &f, &p.t_train, 3);
        for (k, (a, b)) in exact.iter().zip(&chain).enumerate() {
            let err = (a - b).mapv(f64::abs).fold(0.0, |m: f64, &v| m.max(v));
            assert!(err < 1e-12, "depth {depth}, step {}: {err}", k + 1);
        }
    }
}

#[test]
fn a_critic_that_ignores_the_local_jacobian_carries_no_derivative_information() {
    let cfg = AgentsConfig {
        stages: 4,
        fidelity: 0.0,
        rounds: 300,
        ..AgentsConfig::default()
    };
    let r = run(&Pipeline::new(cfg), Signal::Chain, cfg.rounds);
    println!("ρ = 0: mean angle per step {:.1?}", r.angles);
    for (k, a) in r.angles[..3].iter().enumerate() {
        assert!((a - 90.0).abs() < 6.0, "step {}: {a:.1}°", k + 1);
    }
    // the last step reads the evaluator's critique directly
    assert!(r.angles[3] < 1e-6);
}

#[test]
fn the_gate_never_keeps_an_update_that_raises_the_held_out_loss() {
    for fidelity in [0.0, 0.5, 1.0] {
        let cfg = AgentsConfig {
            gate: true,
            fidelity,
            lr: 2.0,
            rounds: 80,
            ..AgentsConfig::default()
        };
        let r = run(&Pipeline::new(cfg), Signal::Chain, cfg.rounds);
        for i in 0..cfg.rounds {
            if r.kept[i] {
                assert!(r.val[i + 1] < r.val[i], "round {i} kept a rise");
            } else {
                assert_eq!(r.val[i + 1], r.val[i], "round {i} rejected but moved");
            }
        }
        assert!(
            r.kept.iter().any(|k| !k),
            "fidelity {fidelity}: the gate refused something"
        );
    }
}

#[test]
fn the_call_counter_is_the_seeds_formula() {
    // K = 2 steps, 3 tasks, 2 held-out tasks, gated. Per round: each step on
    // each task (2·3), one critique per edge per task (chain: 2K = 4 edges;
    // broadcast: K + 1 = 3), one update per prompt (2), the evaluator per
    // task (3), and the gate's held-out forward pass and evaluation (2·2 + 2).
    let cfg = AgentsConfig {
        stages: 2,
        tasks: 3,
        val_tasks: 2,
        gate: true,
        ..AgentsConfig::default()
    };
    assert_eq!(calls_per_round(&cfg, Signal::Chain), 6 + 12 + 2 + 3 + 6);
    assert_eq!(calls_per_round(&cfg, Signal::Broadcast), 6 + 9 + 2 + 3 + 6);
    let r = run(&Pipeline::new(cfg), Signal::Chain, 3);
    assert_eq!(r.calls, vec![29, 58, 87]);
    let ungated = AgentsConfig { gate: false, ..cfg };
    assert_eq!(calls_per_round(&ungated, Signal::Chain), 23);
}

#[test]
fn the_independent_vote_matches_its_binomial_closed_form() {
    assert!((vote_probability(0.7, 1) - 0.7).abs() < 1e-15);
    // two votes: both right, or a split won by the coin
    assert!((vote_probability(0.7, 2) - (0.49 + 0.5 * 0.42)).abs() < 1e-15);
    assert!((vote_probability(0.7, 3) - (0.343 + 3.0 * 0.49 * 0.3)).abs() < 1e-15);
    let cfg = VoteConfig {
        questions: 20_000,
        ..VoteConfig::default()
    };
    let study = vote_study(&cfg, 8);
    assert_eq!(
        study[0].independent, study[0].refine,
        "one call is one answer either way"
    );
    for v in study {
        // four standard errors of a mean of 20,000 right-or-wrong answers
        assert!(
            (v.independent - v.independent_exact).abs() < 0.015,
            "{} calls: {} vs {}",
            v.calls,
            v.independent,
            v.independent_exact
        );
    }
}

#[test]
fn renaming_a_step_changes_its_chained_critique_and_nothing_else() {
    let cfg = AgentsConfig::default();
    let mut p = Pipeline::new(cfg);
    let theta = vec![ndarray::Array1::zeros(cfg.out_size); cfg.stages];
    let f = p.forward(&theta, &p.x_train);
    let before = p.critiques(Signal::Chain, &f, &p.t_train, 0);
    let exact = p.exact_critiques(&f, &p.t_train);
    p.rename(1, "retrieve the sources");
    let after = p.critiques(Signal::Chain, &f, &p.t_train, 0);
    assert_ne!(before[0], after[0], "step 1's critique changed");
    assert_eq!(before[1..], after[1..], "the other steps' did not");
    assert_eq!(exact, p.exact_critiques(&f, &p.t_train));
}

#[test]
fn the_settings_can_make_either_signal_win_at_an_equal_call_budget() {
    let at = |fidelity: f64, noise: f64| {
        let cfg = AgentsConfig {
            fidelity,
            noise,
            blur: 0.0,
            ..AgentsConfig::default()
        };
        let rows = depth_study(&cfg, &[], &[4], &[Signal::Chain, Signal::Broadcast]);
        (rows[0].final_val, rows[1].final_val)
    };
    let (chain, broadcast) = at(1.0, 0.0);
    println!("faithful critic: chain {chain:.4}, broadcast {broadcast:.4}");
    assert!(chain < broadcast);
    let (chain, broadcast) = at(0.0, 1.0);
    println!("blind critic: chain {chain:.4}, broadcast {broadcast:.4}");
    assert!(broadcast < chain);
}

use crate::support;

#[test]
fn the_command_line_writes_the_study_and_refuses_bad_settings() {
    let path = std::env::temp_dir().join(format!("agents-{}.json", std::process::id()));
    let file = path.to_string_lossy().to_string();
    let (code, out, _) = support::run_cli(&[
        "agents", "--depths", "1,3", "--rounds", "5", "--gate", "on", "--json", &file,
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("no language model is called"));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        v["rows"].as_array().unwrap().len(),
        2 * 4 * 5,
        "a row per depth, signal and seed (5 by default)"
    );
    assert_eq!(
        v["curves"].as_array().unwrap().len(),
        2 * 4 * 5,
        "each signal gated and ungated, at each seed"
    );
    assert_eq!(v["seeds"], serde_json::json!([0, 1, 2, 3, 4]));
    assert!(v["answers"].as_array().is_some_and(|a| !a.is_empty()));
    assert_eq!(v["vote"].as_array().unwrap().len(), 8);
    // the page's numbers come from the same functions: a row is a run
    let cfg: AgentsConfig = serde_json::from_value(v["settings"].clone()).unwrap();
    let rows = depth_study(&cfg, &[], &[3], &[Signal::Broadcast]);
    let row = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["depth"] == 3 && r["signal"] == "broadcast" && r["seed"] == 0)
        .unwrap();
    assert_eq!(row["final_val"].as_f64().unwrap(), rows[0].final_val);
    for bad in [
        ["--fidelity", "1.5"],
        ["--gate", "maybe"],
        ["--signals", "telepathy"],
        ["--depths", "0"],
    ] {
        let (code, _, err) = support::run_cli(&["agents", bad[0], bad[1]]);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("error:") && !err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_views_settings_live_in_the_url_and_a_run_fills_every_chart() {
    use creditflow::page::agents::{AgentsResults, PAGE_DEPTHS};
    use creditflow::page::url::AppState;
    let (s, notices) = AppState::from_query(
        "view=agents&ak=3&afid=0.5&agate=1&arounds=12&aseed=7&afix=0.2&anames=retrieve,draft\
         &aplo=0.4&aphi=0.6&aq=500&awidth=6&atasks=50&aval=40&again=1.2&aseeds=2&ascore=best",
    );
    assert!(notices.is_empty(), "{notices:?}");
    let a = &s.agents;
    assert_eq!(
        (
            a.cfg.stages,
            a.cfg.fidelity,
            a.cfg.gate,
            a.cfg.rounds,
            a.cfg.seed
        ),
        (3, 0.5, true, 12, 7)
    );
    assert_eq!(
        (a.vote.fix, a.vote.seed),
        (0.2, 7),
        "the vote runs on the simulation's seed"
    );
    assert_eq!(
        (a.vote.p_low, a.vote.p_high, a.vote.questions),
        (0.4, 0.6, 500)
    );
    assert_eq!(
        (a.cfg.out_size, a.cfg.tasks, a.cfg.val_tasks, a.cfg.map_gain),
        (6, 50, 40, 1.2)
    );
    assert_eq!((a.seeds, a.measure), (2, Measure::BestRound));
    assert_eq!(a.seed_list(), vec![7, 8]);
    assert_eq!(a.name(1), "retrieve");
    assert_eq!(a.name(3), "step 3");
    let back = AppState::from_query(&s.to_query()).0;
    assert_eq!(back.agents, s.agents);
    // bad values keep the last good state and say why
    let (bad, notices) = AppState::from_query(
        "ak=9&anoise=-1&anames=a,b,c,d,e,f,g,h,i&aplo=1.5&aq=0&awidth=40&again=0",
    );
    assert_eq!(bad.agents, AppState::default().agents);
    assert_eq!(notices.len(), 7);
    let r = AgentsResults::compute(a);
    assert_eq!(
        r.curves.len(),
        8 * 2,
        "each signal, gated and not, at 2 seeds"
    );
    assert!(r.curves.iter().all(|(_, c)| c.val.len() == 13));
    assert_eq!(r.rows.len(), 4 * PAGE_DEPTHS.len() * 2);
    assert_eq!(r.seeds_done(), 2);
    assert_eq!(r.vote.len(), 8);
    let f = r.findings(a.measure);
    assert_eq!(f.len(), PAGE_DEPTHS.len());
    assert!(f[0].contains("every signal is exact"), "{f:?}");
    assert_eq!(r.curve_bands(a.measure).len(), 8);
    assert!(r.curve_bands(a.measure).iter().all(|b| b.seeds == 2));
    // every chart's numbers as CSV: 16 curves × 13 points, 32 depth rows, 16 vote rows
    assert_eq!(r.csv().lines().count(), 1 + 16 * 13 + 32 + 16);
    // the renamed step's curve differs from the same run under default names
    let mut plain = a.clone();
    plain.names.clear();
    let other = AgentsResults::compute(&plain);
    let chain = |r: &AgentsResults| {
        r.curves
            .iter()
            .find(|(g, c)| !g && c.signal == Signal::Chain)
            .unwrap()
            .1
            .val
            .clone()
    };
    assert_ne!(chain(&r), chain(&other));
    // and the depth chart's chained runs (the name reaches every depth's step 1)
    let at = |r: &AgentsResults, d: usize| {
        r.rows
            .iter()
            .find(|x| x.depth == d && x.signal == Signal::Chain)
            .unwrap()
            .final_val
    };
    assert_ne!(at(&r, 4), at(&other, 4));
    assert_eq!(
        r.rows.iter().find(|x| x.depth == 1).map(|x| x.final_val),
        other
            .rows
            .iter()
            .find(|x| x.depth == 1)
            .map(|x| x.final_val),
        "one step: no hop, no critic"
    );
}

#[test]
fn the_votes_difficulty_range_sets_each_questions_chance() {
    // one difficulty for every question: the closed form is that p's
    let one = VoteConfig {
        p_low: 0.6,
        p_high: 0.6,
        questions: 300,
        ..VoteConfig::default()
    };
    for v in vote_study(&one, 5) {
        assert!((v.independent_exact - vote_probability(0.6, v.calls)).abs() < 1e-12);
    }
    // the ends may come in either order; an easier range is answered better
    let swapped = VoteConfig {
        p_low: 0.9,
        p_high: 0.2,
        ..VoteConfig::default()
    };
    assert_eq!(
        vote_study(&swapped, 4),
        vote_study(&VoteConfig::default(), 4)
    );
    let easy = VoteConfig {
        p_low: 0.7,
        p_high: 0.95,
        ..VoteConfig::default()
    };
    let (e, d) = (
        vote_study(&easy, 1)[0],
        vote_study(&VoteConfig::default(), 1)[0],
    );
    assert!(e.independent > d.independent + 0.1, "{e:?} {d:?}");
}

#[test]
fn the_angle_map_draws_every_steps_angle_for_each_depth() {
    use creditflow::page::palette::CHART_LIGHT;
    use creditflow::ui::charts::agents::AgentsChart;
    use creditflow::ui::charts::agents_map::angle_fill;
    use creditflow::ui::charts::pen::svg_drawn;
    let rows = depth_study(&AgentsConfig::default(), &[], &[1, 3], &Signal::ALL);
    let (_, drawn) = svg_drawn(&AgentsChart::Map(rows.clone()), &CHART_LIGHT);
    let has = |t: &str| drawn.texts.iter().any(|x| x == t);
    assert_eq!(
        drawn.count, 3,
        "chained and both broadcasts; exact is 0° by definition"
    );
    // every step's angle of every chained and broadcast row, as printed
    for r in rows.iter().filter(|r| r.signal != Signal::Exact) {
        for a in &r.angles {
            assert!(has(&format!("{a:.0}°")), "{a} missing");
        }
        if r.depth == 3 {
            let m = r.mean_inner_angle();
            assert!((m - (r.angles[0] + r.angles[1]) / 2.0).abs() < 1e-12);
            assert!(has(&format!("{m:.0}°")));
        }
    }
    // one step has no step before the last: its mean is a dash
    assert!(rows[0].mean_inner_angle().is_nan() && has("—"));
    // darker for a worse angle, white text on the dark end
    assert_ne!(angle_fill(0.0).0, angle_fill(90.0).0);
    assert!(!angle_fill(10.0).1 && angle_fill(85.0).1);
    assert_eq!(
        svg_drawn(&AgentsChart::Map(vec![]), &CHART_LIGHT).1.count,
        0
    );
}

#[test]
fn a_run_in_slices_of_one_round_equals_the_run_at_once_and_the_command_lines_study() {
    use creditflow::page::agents::runner::{units, UnitSlices};
    use creditflow::page::agents::{AgentsResults, AgentsSettings, PAGE_DEPTHS};
    let mut s = AgentsSettings::default();
    s.cfg.rounds = 7;
    s.names = vec!["draft".into()];
    let whole = AgentsResults::compute(&s);
    // out of time after every round: each call still makes a round of progress
    let (units_done, calls) = crate::support::in_slices(UnitSlices::new(s.clone()));
    let mut sliced = AgentsResults::default();
    for d in units_done {
        sliced.add(d);
    }
    assert_eq!(sliced, whole);
    assert_eq!(sliced.done, units(&s).len());
    assert!(calls > 6 * 7, "one round per call: {calls}");
    // the curves are the command line's runs, the depth rows its study, seed by seed
    for (gate, c) in &whole.curves {
        assert_eq!(*c, run(&s.pipeline_at(*gate, c.seed), c.signal, 7));
    }
    let rows: Vec<_> = s
        .seed_list()
        .into_iter()
        .flat_map(|seed| {
            let cfg = AgentsConfig { seed, ..s.cfg };
            depth_study(&cfg, &s.names, &PAGE_DEPTHS, &Signal::ALL)
        })
        .collect();
    assert_eq!(whole.rows, rows);
}
