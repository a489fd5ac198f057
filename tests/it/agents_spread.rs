//! Issue 24's parts of the Agents simulation: bands over seeds and the
//! verdicts they allow, the run's score by its last rounds, the words for
//! what happened, the broadcast that reads, and the protocol card's file.

use creditflow::lab::agents::reading::influence;
use creditflow::lab::agents::rounds::{run, AgentRun};
use creditflow::lab::agents::spread::{Band, Measure, Verdict};
use creditflow::lab::agents::words::{over_seeds, Story};
use creditflow::lab::agents::{AgentsConfig, Signal};
use creditflow::page::agents::AgentsSettings;
use ndarray::Array2;

fn made_up(val: Vec<f64>, kept: Vec<bool>) -> AgentRun {
    AgentRun {
        signal: Signal::Chain,
        seed: 0,
        calls: (1..=kept.len() as u64).collect(),
        train: vec![0.0; kept.len()],
        angles: vec![0.0],
        val,
        kept,
    }
}

#[test]
fn a_band_is_the_median_and_the_middle_half_of_a_known_set() {
    let b = Band::of(&[5.0, 1.0, 4.0, 2.0, 3.0]).expect("a band");
    assert_eq!((b.median, b.band.lo, b.band.hi, b.n), (3.0, 2.0, 4.0, 5));
    // interpolated between ranks, a diverged run counting as the worst
    let b = Band::of(&[1.0, 2.0, 3.0, f64::INFINITY]).expect("a band");
    assert_eq!((b.median, b.band.lo), (2.5, 1.75));
    assert!(b.band.hi.is_infinite());
    assert!(Band::of(&[]).is_none() && Band::of(&[f64::NAN]).is_none());
}

#[test]
fn beats_only_where_the_bands_separate() {
    let low = Band::of(&[1.0, 1.1, 1.2, 1.3, 1.4]).unwrap();
    let high = Band::of(&[2.0, 2.1, 2.2, 2.3, 2.4]).unwrap();
    let near = Band::of(&[1.2, 1.3, 1.4, 1.5, 1.6]).unwrap();
    assert_eq!(Verdict::of(&low, &high), Verdict::FirstBeats);
    assert_eq!(Verdict::of(&high, &low), Verdict::SecondBeats);
    assert_eq!(Verdict::of(&low, &near), Verdict::WithinNoise);
    // one seed tells nothing apart
    let one = Band::of(&[0.1]).unwrap();
    assert_eq!(Verdict::of(&one, &high), Verdict::WithinNoise);
}

#[test]
fn a_run_is_scored_by_its_last_rounds_not_its_last_point() {
    // 30 rounds: the last tenth is 3 rounds (the minimum)
    let mut val: Vec<f64> = (0..=30).map(|i| 1.0 / (1 + i) as f64).collect();
    val[30] = 5.0; // one bad last round
    let last = Measure::LastRounds.of(&val);
    assert!((last - (1.0 / 29.0 + 1.0 / 30.0 + 5.0) / 3.0).abs() < 1e-12);
    assert_eq!(Measure::BestRound.of(&val), 1.0 / 30.0);
    let area = val.iter().sum::<f64>() / 31.0;
    assert!((Measure::Area.of(&val) - area).abs() < 1e-12);
    val[10] = f64::NAN;
    assert!(
        Measure::Area.of(&val).is_infinite(),
        "a diverged run scores +∞"
    );
    // 200 rounds: the last 20
    let val: Vec<f64> = (0..=200).map(|i| i as f64).collect();
    assert_eq!(
        Measure::LastRounds.of(&val),
        (181..=200).sum::<usize>() as f64 / 20.0
    );
}

#[test]
fn the_words_count_what_the_run_did() {
    // gated: two of five updates kept, the loss flat when one is refused
    let r = made_up(
        vec![3.0, 2.0, 2.0, 1.5, 1.5, 1.5],
        vec![true, false, true, false, false],
    );
    let s = Story::of(&r);
    assert_eq!(
        (s.accepted, s.rose, s.oscillating_from, s.diverged_at),
        (2, 0, None, None)
    );
    assert_eq!(
        s.text(true),
        "loss rose in 0 of 5 rounds; the gate accepted 2 of 5 updates"
    );
    // a gate that accepted nothing says so
    let none = made_up(vec![3.5562; 4], vec![false; 3]);
    assert!(Story::of(&none)
        .text(true)
        .contains("accepted none of 3 updates, so the loss stayed at its start"));
    // up and down in turn from round 3; then running away from the start
    let zig = made_up(
        vec![1.0, 0.9, 0.8, 0.9, 0.7, 0.95, 0.6, 1.0, 0.5, 20.0],
        vec![true; 9],
    );
    let z = Story::of(&zig);
    assert_eq!(z.oscillating_from, Some(2));
    assert_eq!(z.diverged_at, Some(9));
    assert_eq!(z.rose, 4);
    assert!(z
        .text(false)
        .contains("oscillating from round 2; diverged at round 9"));
    // over seeds: the median count with its range, and how many seeds did what
    let t = over_seeds(&[&r, &zig, &none], false);
    assert!(
        t.starts_with("over 3 seeds, loss rose in 0 (from 0 to 4)"),
        "{t}"
    );
    assert!(
        t.contains("diverged in 1 of 3 seeds (the first at round 9)"),
        "{t}"
    );
}

#[test]
fn the_gate_count_equals_the_rounds_a_real_run_kept() {
    let cfg = AgentsConfig {
        gate: true,
        rounds: 20,
        lr: 3.0,
        ..AgentsConfig::default()
    };
    let s = AgentsSettings {
        cfg,
        ..AgentsSettings::default()
    };
    let r = run(&s.pipeline(true), Signal::Broadcast, 20);
    let kept = r.kept.iter().filter(|k| **k).count();
    assert_eq!(Story::of(&r).accepted, kept);
    assert!(
        Story::of(&r)
            .text(true)
            .contains(&format!("accepted {kept} of 20"))
            || kept == 0
    );
}

#[test]
fn a_step_that_reads_recovers_a_linear_influence_exactly() {
    // out = own · M exactly, over varied tasks: the fit finds M (up to the ridge)
    let own = Array2::from_shape_fn((200, 3), |(i, j)| {
        ((i * 7 + j * 13) % 17) as f64 / 17.0 - 0.5
    });
    let m = Array2::from_shape_vec((3, 2), vec![1.0, -2.0, 0.5, 0.0, 3.0, 1.0]).unwrap();
    let out = own.dot(&m) + 4.0; // an offset the centring removes
    let got = influence(&own, &out);
    for (a, b) in got.iter().zip(m.iter()) {
        assert!(
            (a - b).abs() < 0.06 * b.abs().max(0.1),
            "{got:?} against {m:?}"
        );
    }
}

#[test]
fn the_reading_broadcast_sends_the_last_step_the_exact_critique_and_trains() {
    let p = AgentsSettings::default().pipeline(false);
    let r = run(&p, Signal::Reading, 30);
    assert!(r.angles.last().is_some_and(|a| *a < 1e-6), "{:?}", r.angles);
    assert!(r.final_val() < r.val[0] / 2.0, "it learns: {:?}", r.val);
}

#[test]
fn the_protocol_cards_file_is_the_one_the_page_shows() {
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/agents-protocol.md"
    ))
    .expect("docs/agents-protocol.md");
    assert_eq!(
        file,
        creditflow::page::agents::protocol::markdown(),
        "regenerate it: creditflow agents --protocol-card > docs/agents-protocol.md"
    );
}

#[test]
fn a_margin_map_cell_equals_the_command_lines_figure() {
    use creditflow::lab::agents::margin::{MarginAxes, MarginCell};
    use creditflow::lab::slices::Slices;
    use creditflow::page::agents::runner::{map_units, UnitSlices};
    use creditflow::page::agents::AgentsResults;
    let axes = MarginAxes {
        fidelities: vec![0.0, 1.0],
        depths: vec![2, 4],
        blurs: vec![0.1],
    };
    let mut s = AgentsSettings {
        seeds: 3,
        ..AgentsSettings::default()
    };
    s.cfg.rounds = 12;
    // the page's way: the map's units in slices, then its cells
    let mut units = UnitSlices::of(map_units(&s, &axes), s.clone());
    let mut r = AgentsResults::default();
    for i in 0..units.jobs() {
        // out of time after every round, as on a busy page: resumed until done
        let done = loop {
            if let Some(d) = units.work_on(i, &mut || true) {
                break d;
            }
        };
        r.add(done);
    }
    // both broadcasts once per depth and seed, the chain at every cell
    assert_eq!(r.map.len(), 3 * 2 * (2 + 2));
    let page = axes.cells(&r.map, s.measure);
    assert_eq!(page.len(), 2 * 2 * 2);
    let dir = crate::support::scratch("margin");
    let file = dir.join("map.json");
    let (code, out, err) = crate::support::run_cli(&[
        "agents",
        "--seeds",
        "3",
        "--rounds",
        "12",
        "--depths",
        "2",
        "--signals",
        "chain",
        "--map",
        "--map-fidelities",
        "0,1",
        "--map-depths",
        "2,4",
        "--map-blurs",
        "0.1",
        "--json",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("where the chain stops winning"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let cli: Vec<MarginCell> = serde_json::from_value(json["map"]["cells"].clone()).unwrap();
    assert_eq!(cli, page);
    // a perfect critic at two steps beats the fixed broadcast by a clear
    // margin here; the map says so, and its sign runs the chain's way
    let best = page
        .iter()
        .find(|c| c.fidelity == 1.0 && c.depth == 2 && c.against == Signal::Broadcast)
        .unwrap();
    assert!(best.margin > 0.0 && best.chain.median < best.other.median);
    assert!(best.text().starts_with('+') || best.text().starts_with("≈ +"));
}
