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
    // read back, it is still the study asked, and not another one
    assert!(back.is_of(&study));
    let Study::Depth(mut longer) = study.clone() else {
        unreachable!()
    };
    longer.grid.base.steps = 21;
    assert!(!back.is_of(&Study::Depth(longer)));
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
    let v2 = text.replacen("\"version\":2", "\"version\":3", 1);
    assert!(StudyState::resumed(&v2, 0.0)
        .unwrap_err()
        .contains("version 3"));
    assert!(StudyState::resumed("{", 0.0).is_err());
}

/// Runs the grid `spec` on `c` round by round (as the page's handle does),
/// stopping after `stop_after` runs: whether it finished.
fn drive_grid(
    c: &mut creditflow::page::lab::controller::LabController,
    spec: &creditflow::lab::study::grid::GridSpec,
    stop_after: Option<usize>,
) -> bool {
    use creditflow::lab::train::precision::run_job;
    use creditflow::lab::train::task::Tasks;
    let mut tasks = Tasks::default();
    let mut jobs = spec.jobs();
    let mut n = 0;
    loop {
        for j in c.grid_round_start(&jobs) {
            if Some(n) == stop_after {
                return false;
            }
            c.grid_record(run_job(j, tasks.get(j.task_shape()), None).run);
            n += 1;
        }
        match c.grid_round(&jobs, "here".into(), 0.0) {
            Some(more) => jobs = more,
            None => return true,
        }
    }
}

#[test]
fn a_grid_kept_part_way_resumes_to_the_numbers_of_one_that_never_stopped() {
    use creditflow::lab::train::config::Protocol;
    use creditflow::lab::Method;
    use creditflow::page::lab::controller::LabController;
    use creditflow::page::lab::controller_grid::kept_grid;
    let base = creditflow::lab::RunConfig {
        steps: 30,
        protocol: Protocol::Careful,
        ..Default::default()
    };
    let mut spec = LabController::grid_spec(&base);
    spec.methods = vec![Method::Bp, Method::Fa];
    let mut whole = LabController::new(1);
    whole.grid_start(&spec, 0.0);
    assert!(drive_grid(&mut whole, &spec, None));
    let whole = whole.grid.done.expect("the whole grid's table");
    let first_round = spec.jobs().len();
    assert!(
        whole.runs.len() > first_round,
        "the careful grid ran a second round"
    );
    // interrupted in the first round, and in the second
    for stop in [first_round / 3, first_round + 2] {
        let mut part = LabController::new(1);
        part.grid_start(&spec, 0.0);
        assert!(!drive_grid(&mut part, &spec, Some(stop)));
        let text = part.grid_kept().expect("a grid under way").expect("kept");
        let (asked, runs) = kept_grid(&text).expect("read back");
        assert_eq!(asked, spec, "the grid as asked, not as extended");
        assert_eq!(runs.len(), stop);
        let mut back = LabController::new(1);
        back.grid_resume(&asked, runs, 0.0);
        let missing = back.grid_round_start(&asked.jobs()).len();
        assert_eq!(missing, first_round.saturating_sub(stop));
        back.grid_start(&asked, 0.0);
        back.grid_resume(&asked, kept_grid(&text).unwrap().1, 0.0);
        assert!(drive_grid(&mut back, &asked, None));
        let back = back.grid.done.expect("the resumed grid's table");
        // (Debug text: scores may be NaN, never == themselves)
        assert_eq!(format!("{:?}", back.runs), format!("{:?}", whole.runs));
        assert_eq!(
            format!("{:?}", back.summary),
            format!("{:?}", whole.summary)
        );
    }
    // a run that is not the grid's, another version, garbage: refused
    let mut part = LabController::new(1);
    part.grid_start(&spec, 0.0);
    drive_grid(&mut part, &spec, Some(2));
    let text = part.grid_kept().unwrap().unwrap();
    let other = text.replacen("\"method\":\"bp\"", "\"method\":\"dfa\"", 2);
    assert_ne!(other, text);
    assert!(kept_grid(&other)
        .unwrap_err()
        .contains("not one of the grid's jobs"));
    let v2 = text.replacen("\"version\":1", "\"version\":2", 1);
    assert!(kept_grid(&v2).unwrap_err().contains("version 2"));
    assert!(kept_grid("{").is_err());
    // no grid under way: nothing to keep
    assert!(LabController::new(1).grid_kept().is_none());
}

#[test]
fn an_agents_run_kept_part_way_resumes_to_the_results_of_one_that_never_stopped() {
    use creditflow::lab::agents::margin::MarginAxes;
    use creditflow::lab::slices::Slices;
    use creditflow::page::agents::resume::KeptRun;
    use creditflow::page::agents::runner::{map_units, units, UnitSlices};
    use creditflow::page::agents::{AgentsResults, AgentsSettings};
    let s = AgentsSettings {
        seeds: 2,
        ..Default::default()
    };
    let small = MarginAxes {
        fidelities: vec![0.0, 1.0],
        depths: vec![2],
        blurs: vec![0.5],
    };
    for all in [units(&s), map_units(&s, &small)] {
        let whole = {
            let mut r = AgentsResults::default();
            let mut u = UnitSlices::of(all.clone(), s.clone());
            for i in 0..u.jobs() {
                r.add(u.work_on(i, &mut || false).expect("a unit"));
            }
            r
        };
        let stop = all.len() / 3;
        let mut part = KeptRun::new(s.clone(), all.clone());
        let mut u = UnitSlices::of(all.clone(), s.clone());
        for i in 0..stop {
            part.done.push(u.work_on(i, &mut || false).unwrap());
        }
        let back = KeptRun::resumed(&part.kept().expect("kept")).expect("read back");
        assert_eq!(back, part);
        assert!(!back.finished());
        let rest = back.rest();
        assert_eq!(rest.len(), all.len() - stop);
        let mut r = back.results();
        let mut u = UnitSlices::of(rest, back.settings.clone());
        for i in 0..u.jobs() {
            r.add(u.work_on(i, &mut || false).unwrap());
        }
        assert_eq!(format!("{r:?}"), format!("{whole:?}"));
        // a unit that is not the run's, another version, garbage: refused
        let mut wrong = part.clone();
        wrong.done.swap(0, 1);
        if wrong.done[0] != part.done[0] {
            let text = wrong.kept().unwrap();
            assert!(KeptRun::resumed(&text)
                .unwrap_err()
                .contains("not the run's unit"));
        }
        let v2 = part
            .kept()
            .unwrap()
            .replacen("\"version\":1", "\"version\":2", 1);
        assert!(KeptRun::resumed(&v2).unwrap_err().contains("version 2"));
        assert!(KeptRun::resumed("[").is_err());
    }
}

#[test]
fn long_work_is_kept_at_most_once_a_second_unless_asked_now() {
    use creditflow::page::kept::{Pace, KEEP_MS};
    let mut p = Pace::default();
    assert!(p.due(5.0, false), "the first part is kept");
    assert!(
        !p.due(5.0 + KEEP_MS - 1.0, false),
        "not again within KEEP_MS"
    );
    assert!(p.due(5.0 + KEEP_MS - 1.0, true), "a cancel keeps at once");
    assert!(!p.due(5.0 + KEEP_MS, false), "…and counts as kept");
    assert!(p.due(5.0 + 2.0 * KEEP_MS, false));
}
