//! The worked example's worksheet beyond the sweep: a learning step.

use creditflow::engine::ErrorSignal;
use creditflow::page::worked::Worksheet;

#[test]
fn a_learning_step_moves_each_input_against_its_credit_and_f_falls() {
    use creditflow::page::worked::LEARN_RATE;
    let mut ws = Worksheet::default();
    let c = ws.compute([true; 5], ErrorSignal::default());
    assert_eq!(c.sweep.grads, vec![-24.0, 16.0, 8.0]);
    let learned = ws.learn_step(&c.sweep.grads).expect("finite credits");
    // a = 2 + 0.24, b = −3 − 0.16, c = 10 − 0.08; f = ((2.24)(−3.16) + 9.92)²
    let want = [
        2.0 + 24.0 * LEARN_RATE,
        -3.0 - 16.0 * LEARN_RATE,
        10.0 - 8.0 * LEARN_RATE,
    ];
    for ((_, _, got), w) in learned.moves.iter().zip(want) {
        assert!((got - w).abs() < 1e-12, "{got} vs {w}");
    }
    let f = (want[0] * want[1] + want[2]).powi(2);
    assert_eq!(learned.f.0, 16.0);
    assert!((learned.f.1 - f).abs() < 1e-9 && learned.f.1 < 16.0);
    assert!(
        learned.words().starts_with("f fell from 16 to 8.07"),
        "{}",
        learned.words()
    );
    // the values before the step are the previous sample now
    assert_eq!(ws.previous_of("a"), 2.0);
    // a credit that is not a number moves nothing
    let before = ws.clone();
    assert!(ws.learn_step(&[f64::NAN, 0.0, 0.0]).is_err());
    assert_eq!(ws, before);
    // wrong credits can make f rise, and the words say so
    let mut w2 = Worksheet::default();
    let up = w2.learn_step(&[24.0, -16.0, -8.0]).unwrap();
    assert!(
        up.f.1 > 16.0 && up.words().starts_with("f rose"),
        "{}",
        up.words()
    );
}
