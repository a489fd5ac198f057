//! The bootstrap intervals on scores and ratios (`study::interval`):
//! exact where every resample can be listed, and a point where nothing
//! varies.

use creditflow::lab::study::interval::{bootstrap, percentile_interval, Interval};
use creditflow::lab::study::summary::median;

fn median_of(xs: &[f64]) -> impl Fn(&[usize]) -> f64 + '_ {
    move |ix| median(&ix.iter().map(|&i| xs[i]).collect::<Vec<_>>())
}

#[test]
fn a_constant_sample_has_a_point_interval() {
    let xs = [0.25; 5];
    let i = bootstrap(xs.len(), median_of(&xs)).unwrap();
    assert_eq!(i, Interval { lo: 0.25, hi: 0.25 });
}

/// Two values, 1 and 3: the four resamples (1,1) (1,3) (3,1) (3,3) have
/// medians 1, 2, 2, 3; the 2.5 % and 97.5 % points of those four are the
/// first and the fourth, 1 and 3.
#[test]
fn two_values_give_the_hand_computed_interval() {
    let xs = [1.0, 3.0];
    assert_eq!(
        bootstrap(2, median_of(&xs)),
        Some(Interval { lo: 1.0, hi: 3.0 })
    );
}

/// Three values: the median of a resample of three is the smallest value
/// when at least two draws are the smallest, 7 of the 27 resamples, well
/// over 2.5 %, so the interval spans the sample: three seeds cannot
/// narrow a median further than its range.
#[test]
fn three_seeds_span_their_range() {
    let xs = [0.5, 0.1, 0.3];
    let i = bootstrap(3, median_of(&xs)).unwrap();
    assert_eq!((i.lo, i.hi), (0.1, 0.5));
}

/// Forty values: the interval of the median is inside the sample's range,
/// narrower than it, and contains the median; the same call gives the same
/// interval (a fixed-seed sample of resamples).
#[test]
fn many_values_narrow_the_median_reproducibly() {
    let xs: Vec<f64> = (0..40).map(|i| ((i * 37) % 40) as f64).collect();
    let a = bootstrap(xs.len(), median_of(&xs)).unwrap();
    let b = bootstrap(xs.len(), median_of(&xs)).unwrap();
    assert_eq!(a, b);
    assert!(a.lo > 0.0 && a.hi < 39.0, "{a:?}");
    assert!(a.contains(median(&xs)));
}

#[test]
fn percentiles_of_a_known_list() {
    // 40 values 1..=40: ranks ⌈40·0.025⌉ = 1 and ⌈40·0.975⌉ = 39
    let v: Vec<f64> = (1..=40).map(f64::from).collect();
    assert_eq!(percentile_interval(v), Some(Interval { lo: 1.0, hi: 39.0 }));
    assert_eq!(percentile_interval(vec![]), None);
}

/// A diverged run is +∞: a resample of mostly diverged runs has an
/// unbounded median, and the interval says so.
#[test]
fn diverged_runs_leave_the_interval_open() {
    let xs = [0.1, f64::INFINITY, f64::INFINITY];
    let i = bootstrap(3, median_of(&xs)).unwrap();
    assert_eq!(i.lo, 0.1);
    assert!(i.hi.is_infinite());
    assert_eq!(i.text(2), "[0.10, ∞]");
}

#[test]
fn separation_is_strict() {
    let a = Interval { lo: 1.0, hi: 2.0 };
    assert!(a.separate(Interval { lo: 2.5, hi: 3.0 }));
    assert!(!a.separate(Interval { lo: 2.0, hi: 3.0 }));
    assert!(!a.separate(Interval { lo: 0.0, hi: 1.5 }));
}

/// The table's intervals come from the runs at the chosen rate: a method
/// whose three seeds score exactly twice bp's has a ratio interval of the
/// point 2, and its score's interval spans its seeds.
#[test]
fn the_tables_intervals_come_from_the_runs_at_the_chosen_rate() {
    use creditflow::lab::method::Method;
    use creditflow::lab::study::grid::GridSpec;
    use creditflow::lab::study::summary::summarise;
    use creditflow::lab::train::config::{Run, RunConfig};
    let spec = GridSpec {
        methods: vec![Method::Bp, Method::Fa],
        lrs: vec![0.1, 0.2],
        ..GridSpec::default()
    };
    let runs: Vec<Run> = spec
        .jobs()
        .into_iter()
        .map(|cfg: RunConfig| {
            let base = [0.01, 0.02, 0.04][cfg.seed as usize];
            let nmse = match (cfg.method, cfg.lr) {
                (Method::Bp, 0.2) => base,
                (Method::Fa, 0.2) => 2.0 * base,
                _ => 1.0,
            };
            crate::support::finished_run(cfg, nmse)
        })
        .collect();
    let table = summarise(&spec, &runs);
    let fa = &table[1];
    assert_eq!(fa.best_lr, Some(0.2));
    assert_eq!(fa.interval, Some(Interval { lo: 0.02, hi: 0.08 }));
    let r = fa.ratio_interval.unwrap();
    assert!(
        (r.lo - 2.0).abs() < 1e-12 && (r.hi - 2.0).abs() < 1e-12,
        "{r:?}"
    );
}
