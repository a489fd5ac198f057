//! The L-layer student at its default depth (two hidden layers) gives the
//! numbers the fixed two-layer student gave before it was generalised:
//! every method, two seeds, final test nMSE and last alignment angles,
//! pinned from the two-layer code (f64, to 1e−9 relative).

use creditflow::lab::{Method, RunConfig, Task, TaskShape, Trainer};
use std::sync::Arc;

const STEPS: usize = 300;

fn run(m: Method, seed: u64, task: &Arc<Task>) -> (f64, Vec<f64>) {
    let cfg = RunConfig {
        method: m,
        seed,
        steps: STEPS,
        lr: creditflow::lab::study::grid::default_best_lr(m),
        ..RunConfig::default()
    };
    let mut t = Trainer::<f64>::new(cfg, task.clone());
    let r = t.run();
    let angles = t.angles.last().map(|a| a.1.to_vec()).unwrap_or_default();
    (r.nmse, angles)
}

/// (method, seed, test nMSE, last angles W₁…W₃ in degrees), printed by
/// `print_pins` from the two-layer code before the generalisation.
#[rustfmt::skip]
const PINS: [(Method, u64, f64, [f64; 3]); 24] = [
    (Method::Bp, 0, 6.431217621780697e-2, [8.537736462515939e-7, 0.0, 8.537736462515939e-7]),
    (Method::Bp, 1, 6.8987248489687e-2, [1.2074182697257333e-6, 0.0, 0.0]),
    (Method::Fa, 0, 7.688314620611225e-2, [72.58893979268204, 69.42348992474045, 0.0]),
    (Method::Fa, 1, 8.275160515339818e-2, [78.3634284316415, 63.970655836807865, 0.0]),
    (Method::Dfa, 0, 7.830273359635684e-2, [70.62398253184824, 67.83789687444553, 0.0]),
    (Method::Dfa, 1, 8.032748079302181e-2, [74.62329682875324, 65.17624254848337, 0.0]),
    (Method::NoDeriv, 0, 9.355239722197634e-2, [33.0778602562341, 17.638724048785924, 1.2074182697257333e-6]),
    (Method::NoDeriv, 1, 9.220744690238618e-2, [35.93859722666087, 18.51786678261799, 0.0]),
    (Method::Scrambled, 0, 1.1245040736648518e-1, [84.63380739072608, 71.32025646245394, 0.0]),
    (Method::Scrambled, 1, 1.0260457477276184e-1, [83.25650794810308, 73.0699722009545, 1.2074182697257333e-6]),
    (Method::NodePerturbation, 0, 1.1953755436011505e-1, [88.36337053380208, 91.32725249533823, 81.198258244956]),
    (Method::NodePerturbation, 1, 1.1098912682128366e-1, [86.81379461842599, 87.96703828823325, 78.01774787455088]),
    (Method::WeightPerturbation, 0, 7.269018806451435e-1, [90.59488753379118, 89.61758467525196, 89.31028704955479]),
    (Method::WeightPerturbation, 1, 6.756984091798511e-1, [89.82199645161992, 90.53939011261164, 86.1914958797912]),
    (Method::SignDropped, 0, 1.9129126332018638e0, [89.57299551193634, 91.73461321182815, 98.3950475730725]),
    (Method::SignDropped, 1, 1.537751012157608e0, [88.88941373036477, 93.01634632361845, 79.25985078543623]),
    (Method::Stale, 0, 1.6481703214290306e0, [90.46012423338829, 92.63081821378633, 93.10638512432344]),
    (Method::Stale, 1, 1.4638659754696264e0, [85.31316564699144, 87.12040466727086, 89.21555012872919]),
    (Method::ShuffledLabels, 0, 1.0668654423964852e0, [1.2074182697257333e-6, 0.0, 8.537736462515939e-7]),
    (Method::ShuffledLabels, 1, 1.021362861554936e0, [0.0, 0.0, 0.0]),
    (Method::RandomDirection, 0, 1.4938412314836507e0, [91.50199735401195, 89.83370866282708, 89.34903806428659]),
    (Method::RandomDirection, 1, 1.4568408554080357e0, [91.70035665717441, 90.96546963853952, 94.88221101265086]),
    (Method::ReadoutOnly, 0, 1.283658532205703e-1, [f64::NAN, f64::NAN, 0.0]),
    (Method::ReadoutOnly, 1, 1.4403143067311738e-1, [f64::NAN, f64::NAN, 1.2074182697257333e-6]),
];

#[test]
fn default_depth_reproduces_the_two_layer_scores() {
    let task = Arc::new(Task::new(TaskShape::default()));
    for (m, seed, nmse, angles) in PINS {
        let (n, a) = run(m, seed, &task);
        let rel = ((n - nmse) / nmse).abs();
        assert!(
            rel < 1e-9,
            "{m:?} seed {seed}: nMSE {n} vs pinned {nmse} ({rel:e} relative)"
        );
        assert_eq!(a.len(), 3, "{m:?}: three layers measured");
        for (l, (&x, &y)) in a.iter().zip(&angles).enumerate() {
            // NaN where a layer is left unchanged; near-zero angles are
            // rounding, so compare in absolute degrees
            assert!(
                (x.is_nan() && y.is_nan()) || (x - y).abs() < 1e-6,
                "{m:?} seed {seed}: W{} angle {x} vs pinned {y}",
                l + 1
            );
        }
    }
}

#[test]
#[ignore = "a tool, not a check: prints the pins to paste after a deliberate change"]
fn print_pins() {
    let task = Arc::new(Task::new(TaskShape::default()));
    for m in Method::ALL {
        for seed in [0, 1] {
            let (n, a) = run(m, seed, &task);
            println!("    ({:?}, {seed}, {n:e}, {:?}),", m, a);
        }
    }
}
