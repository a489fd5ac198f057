//! Issue 25's saved work: what the worked example opens with. A reload of
//! one's own page keeps the seed, draws and previous sample; someone's
//! link puts the saved worksheet aside, restorable; a bad link changes
//! nothing.

use creditflow::page::url::codec::print_values;
use creditflow::page::worked::opening::{from_link, opening};
use creditflow::page::worked::Worksheet;

fn mine() -> Worksheet {
    let mut w = Worksheet::new("tanh(w*x+b)", &[("w", 0.5), ("x", -1.25), ("b", 0.1)]).unwrap();
    w.seed = 7;
    w.set_draws(50);
    w.set_value("x", 2.0).unwrap();
    w
}

fn link_of(w: &Worksheet) -> String {
    format!(
        "?view=graph&expr={}&vals={}&r1=off",
        w.good_src.replace('+', "%2B").replace('*', "%2A"),
        print_values(&w.current_values())
    )
}

#[test]
fn a_reload_keeps_the_seed_the_draws_and_the_previous_sample() {
    let saved = mine();
    let o = opening(from_link(&link_of(&saved)), Ok(Some(saved.clone())), None);
    assert_eq!(o.ws, saved);
    assert_eq!((o.ws.seed, o.ws.draws), (7, 50));
    assert!(!o.ws.previous.is_empty());
    assert!(o.aside.is_none() && !o.store_aside && o.notice.is_none());
    // and with no worked-example keys in the link at all
    let o = opening(from_link("?view=lab"), Ok(Some(saved.clone())), None);
    assert_eq!(o.ws, saved);
}

#[test]
fn someones_link_puts_the_saved_worksheet_aside() {
    let saved = mine();
    let o = opening(
        from_link("?expr=a%2Bb&vals=a:1,b:2"),
        Ok(Some(saved.clone())),
        None,
    );
    assert_eq!(o.ws.good_src, "a+b");
    assert_eq!(o.aside.as_ref(), Some(&saved));
    assert!(o.store_aside);
    // after a reload on the link's worksheet, the one put aside is still offered
    let now = o.ws.clone();
    let o = opening(
        from_link(&link_of(&now)),
        Ok(Some(now.clone())),
        Some(saved.clone()),
    );
    assert_eq!(o.ws, now);
    assert_eq!(o.aside, Some(saved.clone()));
    assert!(!o.store_aside);
    // once restored (the saved worksheet is the one aside), nothing is offered
    let o = opening(None, Ok(Some(saved.clone())), Some(saved));
    assert!(o.aside.is_none());
}

#[test]
fn a_link_that_cannot_be_used_changes_nothing() {
    let saved = mine();
    for bad in ["?expr=((a", "?vals=a:banana", "?expr=a%2A%2A"] {
        let o = opening(from_link(bad), Ok(Some(saved.clone())), None);
        assert_eq!(o.ws, saved, "{bad}");
        assert!(!o.store_aside);
        let n = o.notice.expect("a notice");
        assert!(
            n.starts_with("The link's worked example could not be used"),
            "{n}"
        );
    }
    // nothing saved and a bad link: the worked example itself
    let o = opening(from_link("?expr=((a"), Ok(None), None);
    assert_eq!(o.ws, Worksheet::default());
    // a saved entry that cannot be read says so, and the link still opens
    let o = opening(from_link("?expr=a%2Bb"), Err("unreadable".into()), None);
    assert_eq!(
        (o.ws.good_src.as_str(), o.notice.as_deref()),
        ("a+b", Some("unreadable"))
    );
}

#[test]
fn a_study_kept_half_way_resumes_to_the_numbers_of_one_that_never_stopped() {
    use creditflow::lab::study::depth::DepthSpec;
    use creditflow::lab::study::Study;
    use creditflow::lab::train::precision::run_job;
    use creditflow::lab::train::task::Tasks;
    use creditflow::page::studies::StudyState;
    let mut spec = DepthSpec {
        depths: vec![1, 2],
        ..DepthSpec::default()
    };
    spec.grid.base.steps = 20;
    spec.grid.seeds = vec![0];
    let study = Study::Depth(spec);
    let jobs = study.jobs();
    let mut tasks = Tasks::default();
    let mut run = |i: usize| run_job(jobs[i], tasks.get(jobs[i].task_shape()), study.every());
    let mut whole = StudyState::new(study.clone(), 0.0);
    for i in 0..jobs.len() {
        whole.record(i, run(i), 0.0);
    }
    // half of the runs, kept, then read back after a "reload"
    let mut part = StudyState::new(study.clone(), 0.0);
    for i in (0..jobs.len()).step_by(2) {
        part.record(i, run(i), 0.0);
    }
    let text = part.kept().expect("kept");
    let mut back = StudyState::resumed(&text, 1.0).expect("resumed");
    assert_eq!(back.progress(), part.progress());
    assert!(back.on);
    let rest = back.missing();
    assert_eq!(rest.len(), jobs.len() / 2);
    for i in rest {
        back.record(i, run(i), 2.0);
    }
    assert!(back.finished());
    // (Debug text: the rows may hold NaN, which is never == itself)
    assert_eq!(
        format!("{:?}", back.depth()),
        format!("{:?}", whole.depth())
    );
    // a kept run that is not its job's, another version, or garbage: refused
    let other = text.replacen("\"steps\":20", "\"steps\":21", 2);
    assert!(StudyState::resumed(&other, 0.0)
        .unwrap_err()
        .contains("not the study's job"));
    let v2 = text.replacen("\"version\":1", "\"version\":2", 1);
    assert!(StudyState::resumed(&v2, 0.0)
        .unwrap_err()
        .contains("version 2"));
    assert!(StudyState::resumed("{", 0.0).is_err());
}
