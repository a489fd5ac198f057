//! The one way the page runs long work: the essay's grid, the depth and
//! width studies and the Agents view's runs. A `Work` is a list of jobs;
//! the `Runner` hands them to Web Workers (one per core) or, when workers
//! cannot start, do not say they are ready in time, or fail, works through
//! the rest on this page in slices of about 8 ms (`lab::slices`), with the
//! same code and so the same numbers. It reports each finished job with
//! the progress, can be cancelled, and ends with every result in job order.

use crate::lab::slices::Slices;
use crate::lab::study::grid::JobSlices;
use crate::lab::train::precision::CurveRun;
use crate::lab::{RunConfig, Task};
use crate::page::agents::runner::{Unit, UnitSlices};
use crate::page::agents::AgentsSettings;
use crate::ui::shell::widgets::now;
use crate::ui::workers::env::new_worker;
use crate::ui::workers::msg::{ready_message, Job, Reply, ToWorker, NEW_VERSION, READY};
use leptos::prelude::set_timeout;
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::{JsCast, JsValue};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// The page's work per slice, in milliseconds.
pub const SLICE_MS: f64 = 8.0;
/// How long workers have to say they are ready before the work runs here.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// What is said when they do not (a blocked or failed fetch of their wasm).
pub const LATE: &str = "the background workers did not start in time: running here instead, in the page, with the same numbers and more slowly (a network that blocks their download does this)";

/// Long work: its jobs, how a worker is asked for one and answers, and
/// the same jobs on this page.
pub trait Work: 'static {
    type Here: Slices + 'static;

    fn jobs(&self) -> usize;
    /// The message asking a worker for job `i` (`None`: this work runs on
    /// the page only).
    fn message(&self, i: usize) -> Option<ToWorker>;
    /// A worker's answer: the job and its result.
    fn answer(text: &str) -> Option<(usize, Done<Self>)>;
    /// The jobs on this page (made only when they run here).
    fn here(&self) -> Self::Here;
}

pub type Done<W> = <<W as Work>::Here as Slices>::Done;

/// A study's training runs: one `RunConfig` a job, with the test-error
/// curve every `every` steps if the study keeps one.
pub struct StudyWork {
    pub jobs: Vec<RunConfig>,
    pub every: Option<usize>,
}

impl Work for StudyWork {
    type Here = JobSlices;

    fn jobs(&self) -> usize {
        self.jobs.len()
    }

    fn message(&self, i: usize) -> Option<ToWorker> {
        let cfg = *self.jobs.get(i)?;
        Some(ToWorker::Job(Job {
            index: i,
            cfg,
            every: self.every,
        }))
    }

    fn answer(text: &str) -> Option<(usize, CurveRun)> {
        let r = serde_json::from_str::<Reply>(text).ok()?;
        Some((r.index, r.run.into_run()))
    }

    fn here(&self) -> JobSlices {
        let shape = self.jobs.first().copied().unwrap_or_default().task_shape();
        JobSlices::new(self.jobs.clone(), self.every, Arc::new(Task::new(shape)))
    }
}

/// The Agents view's run: its units (curves, depth points, the vote) run
/// on the page: each is a few to tens of milliseconds, and their angles
/// hold NaN, which JSON, the workers' wire, cannot carry.
pub struct AgentsWork(pub AgentsSettings, pub Vec<Unit>);

impl Work for AgentsWork {
    type Here = UnitSlices;

    fn jobs(&self) -> usize {
        self.1.len()
    }

    fn message(&self, _: usize) -> Option<ToWorker> {
        None
    }

    fn answer(_: &str) -> Option<(usize, Done<Self>)> {
        None
    }

    fn here(&self) -> UnitSlices {
        UnitSlices::of(self.1.clone(), self.0.clone())
    }
}

/// How far the work is: jobs done, jobs in all, and the fraction done
/// (counting the job under way on the page by its part done).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    pub fraction: f64,
}

type OnDone<D> = Box<dyn Fn(usize, &D, Progress)>;
type OnFinish<D> = Box<dyn FnOnce(Vec<D>, String)>;

/// What the runner tells its caller.
pub struct Events<D> {
    /// After each finished job: its index, its result, the progress.
    pub on_done: OnDone<D>,
    /// Between jobs on the page: the progress within the job under way.
    pub on_progress: Box<dyn Fn(Progress)>,
    /// Once, at the end: every result in job order, and where they ran.
    pub on_finish: RefCell<Option<OnFinish<D>>>,
    /// A change of plan in words ("the workers did not start: running here").
    pub on_note: Box<dyn Fn(String)>,
}

impl<D> Events<D> {
    pub fn new(
        on_done: impl Fn(usize, &D, Progress) + 'static,
        on_progress: impl Fn(Progress) + 'static,
        on_finish: impl FnOnce(Vec<D>, String) + 'static,
        on_note: impl Fn(String) + 'static,
    ) -> Self {
        Self {
            on_done: Box::new(on_done),
            on_progress: Box::new(on_progress),
            on_finish: RefCell::new(Some(Box::new(on_finish))),
            on_note: Box::new(on_note),
        }
    }
}

struct State<W: Work> {
    work: W,
    results: Vec<Option<Done<W>>>,
    done: usize,
    workers: Vec<web_sys::Worker>,
    ready: bool,
    next: usize,
    /// How many of the datasets (`registry::sources`) each worker has had.
    sent: Vec<usize>,
    here: Option<W::Here>,
    stopped: bool,
    /// Where the work ran, in words.
    on: String,
    _handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _error_handlers: Vec<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
}

/// Long work under way; clones share it.
pub struct Runner<W: Work> {
    state: Rc<RefCell<State<W>>>,
    events: Rc<Events<Done<W>>>,
}

impl<W: Work> Clone for Runner<W> {
    fn clone(&self) -> Self {
        Self {
            state: self.state.clone(),
            events: self.events.clone(),
        }
    }
}

impl<W: Work> Runner<W>
where
    Done<W>: Clone,
{
    /// Starts `work` in `workers` Web Workers (0: on the page).
    pub fn start(work: W, workers: usize, events: Events<Done<W>>) -> Self {
        let total = work.jobs();
        let in_workers = workers > 0 && total > 0 && work.message(0).is_some();
        let r = Self {
            state: Rc::new(RefCell::new(State {
                work,
                results: vec![None; total],
                done: 0,
                workers: Vec::new(),
                ready: false,
                next: 0,
                sent: Vec::new(),
                here: None,
                stopped: false,
                on: String::new(),
                _handlers: Vec::new(),
                _error_handlers: Vec::new(),
            })),
            events: Rc::new(events),
        };
        if total == 0 {
            r.finish();
        } else if !in_workers {
            r.go_here(None);
        } else {
            match (0..workers.min(total))
                .map(|_| new_worker())
                .collect::<Result<Vec<_>, _>>()
            {
                Ok(ws) => r.listen(ws),
                Err(e) => r.go_here(Some(format!(
                    "the workers could not start ({e}): running here instead"
                ))),
            }
        }
        r
    }

    /// Stops the work; nothing more is reported.
    pub fn cancel(&self) {
        let mut s = self.state.borrow_mut();
        s.stopped = true;
        s.here = None;
        for w in s.workers.drain(..) {
            w.terminate();
        }
    }

    fn listen(&self, workers: Vec<web_sys::Worker>) {
        let n = workers.len();
        self.state.borrow_mut().on = format!("{n} worker{}", if n == 1 { "" } else { "s" });
        for (i, w) in workers.iter().enumerate() {
            let me = self.weak();
            let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                move |e: web_sys::MessageEvent| {
                    if let Some(r) = me() {
                        r.on_message(i, e.data().as_string().unwrap_or_default());
                    }
                },
            );
            let me = self.weak();
            let on_error =
                Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                    if let Some(r) = me() {
                        r.go_here(Some(format!(
                            "a worker failed ({}): running the rest here",
                            e.message()
                        )));
                    }
                });
            w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            let mut s = self.state.borrow_mut();
            s._handlers.push(on_message);
            s._error_handlers.push(on_error);
        }
        self.state.borrow_mut().workers = workers;
        // each worker gets its first job when it says it is ready
        let me = self.weak();
        set_timeout(
            move || {
                if let Some(r) = me() {
                    let late = { !r.state.borrow().ready };
                    if late {
                        r.go_here(Some(LATE.into()));
                    }
                }
            },
            READY_TIMEOUT,
        );
    }

    /// A handle that does not keep the work alive.
    fn weak(&self) -> impl Fn() -> Option<Self> + 'static {
        let state = Rc::downgrade(&self.state);
        let events = Rc::downgrade(&self.events);
        move || {
            Some(Self {
                state: state.upgrade()?,
                events: events.upgrade()?,
            })
        }
    }

    fn on_message(&self, worker: usize, text: String) {
        if self.state.borrow().stopped || self.state.borrow().here.is_some() {
            return;
        }
        if text == ready_message() {
            self.state.borrow_mut().ready = true;
            self.dispatch(worker);
            return;
        }
        if text.starts_with(READY) {
            // a worker of another build (a deploy since this tab opened):
            // none of its answers can be trusted, so the work runs here
            self.go_here(Some(NEW_VERSION.into()));
            return;
        }
        if let Some((i, d)) = W::answer(&text) {
            self.dispatch(worker);
            self.record(i, d);
        }
    }

    /// Sends `worker` the next job not yet handed out.
    fn dispatch(&self, worker: usize) {
        let mut s = self.state.borrow_mut();
        let i = s.next;
        let (Some(msg), Some(w)) = (s.work.message(i), s.workers.get(worker).cloned()) else {
            return;
        };
        // the datasets its jobs may name go first
        let n = s.workers.len();
        if s.sent.len() < n {
            s.sent.resize(n, 0);
        }
        for text in crate::ui::workers::msg::catch_up(&mut s.sent[worker]) {
            let _ = w.post_message(&JsValue::from_str(&text));
        }
        if let Ok(text) = serde_json::to_string(&msg) {
            let _ = w.post_message(&JsValue::from_str(&text));
        }
        s.next += 1;
    }

    fn progress(&self, partial: f64) -> Progress {
        let s = self.state.borrow();
        let total = s.results.len();
        Progress {
            done: s.done,
            total,
            fraction: ((s.done as f64 + partial) / total.max(1) as f64).min(1.0),
        }
    }

    fn record(&self, i: usize, d: Done<W>) {
        let fresh = {
            let mut s = self.state.borrow_mut();
            let free = !s.stopped && s.results.get(i).is_some_and(Option::is_none);
            if free {
                s.results[i] = Some(d.clone());
                s.done += 1;
            }
            free
        };
        if !fresh {
            return;
        }
        (self.events.on_done)(i, &d, self.progress(0.0));
        let all = {
            let s = self.state.borrow();
            s.done == s.results.len()
        };
        if all {
            self.finish();
        }
    }

    fn finish(&self) {
        let (results, on) = {
            let mut s = self.state.borrow_mut();
            s.stopped = true;
            s.here = None;
            for w in s.workers.drain(..) {
                w.terminate();
            }
            let results: Vec<Done<W>> = std::mem::take(&mut s.results)
                .into_iter()
                .flatten()
                .collect();
            (results, std::mem::take(&mut s.on))
        };
        let f = self.events.on_finish.borrow_mut().take();
        if let Some(f) = f {
            f(results, on);
        }
    }

    /// Runs the jobs not yet done on this page, saying why (`note`).
    fn go_here(&self, note: Option<String>) {
        {
            let mut s = self.state.borrow_mut();
            if s.stopped || s.here.is_some() {
                return;
            }
            for w in s.workers.drain(..) {
                w.terminate();
            }
            s.here = Some(s.work.here());
            s.on = "the main thread".into();
        }
        if let Some(n) = note {
            (self.events.on_note)(n);
        }
        self.slice();
    }

    /// One slice of the page's work, then the next one soon after.
    fn slice(&self) {
        let t0 = now();
        loop {
            let next = {
                let s = self.state.borrow();
                if s.stopped {
                    return;
                }
                s.results.iter().position(Option::is_none)
            };
            let Some(i) = next else { return };
            let done = {
                let mut s = self.state.borrow_mut();
                let Some(h) = s.here.as_mut() else { return };
                h.work_on(i, &mut || now() - t0 > SLICE_MS)
            };
            match done {
                Some(d) => self.record(i, d),
                None => break,
            }
            if now() - t0 > SLICE_MS {
                break;
            }
        }
        let partial = self
            .state
            .borrow()
            .here
            .as_ref()
            .map_or(0.0, |h| h.partial());
        if self.state.borrow().stopped {
            return;
        }
        (self.events.on_progress)(self.progress(partial));
        let me = self.weak();
        set_timeout(
            move || {
                if let Some(r) = me() {
                    r.slice();
                }
            },
            Duration::ZERO,
        );
    }
}
