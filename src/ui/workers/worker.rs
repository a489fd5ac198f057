//! Training off the main thread. `serve` runs inside a Web Worker: a
//! message is one job of a study (a `RunConfig` as JSON), answered with its
//! result, or a live-run command (`live_worker`). `Pool` runs on the page:
//! it starts one worker per core, hands out the jobs of a study (the
//! essay's grid, the depth or the width study), and collects the runs.
//! Both ends run the same `precision::run_job` the native command line runs.

use crate::lab::train::precision::{run_job, CurveRun, RunRecord};
use crate::lab::RunConfig;
use crate::page::lab::live::Tasks;
use crate::ui::workers::env::new_worker;
use crate::ui::workers::msg::{Job, Reply, ToWorker, READY};
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::{JsCast, JsValue};
use std::cell::RefCell;
use std::rc::Rc;

/// The worker's side: answer every grid job with its run, and every live
/// command with an update (and, while running, an update every
/// `LIVE_REPORT_MS`).
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let tasks = Rc::new(RefCell::new(Tasks::default()));
    let live = crate::ui::workers::live::LiveLoop::new(scope.clone());
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            match serde_json::from_str::<ToWorker>(&text) {
                Ok(ToWorker::Job(job)) => {
                    let task = tasks.borrow_mut().get(job.cfg.teacher);
                    let reply = Reply {
                        index: job.index,
                        run: RunRecord::from(&run_job(job.cfg, task, job.every)),
                    };
                    if let Ok(s) = serde_json::to_string(&reply) {
                        let _ = reply_to.post_message(&JsValue::from_str(&s));
                    }
                }
                Ok(ToWorker::Live(cmd)) => live.handle(cmd),
                Err(_) => {}
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // messages sent before this point were dropped: ask for work now
    let _ = scope.post_message(&JsValue::from_str(READY));
}

/// A study's jobs for a `Pool`: every run (each with its teacher), and
/// whether to keep each run's test-error curve (every so many steps).
pub struct Jobs {
    pub jobs: Vec<RunConfig>,
    pub every: Option<usize>,
}

/// Called after every finished job with (its index, the run, done, total).
type OnRun = Box<dyn Fn(usize, &CurveRun, usize, usize)>;

/// The page's side: a study's jobs spread over workers.
pub struct Pool {
    workers: Vec<web_sys::Worker>,
    jobs: Jobs,
    next: usize,
    runs: Vec<Option<CurveRun>>,
    done: usize,
    /// Called after every finished job with (its index, the run, done, total).
    on_progress: OnRun,
    /// Called once with all runs, in job order.
    on_finish: Option<Box<dyn FnOnce(Vec<CurveRun>)>>,
    on_error: Box<dyn Fn(String)>,
    _handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _error_handlers: Vec<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
}

impl Pool {
    /// Starts `n` workers and the jobs; `Err` if workers cannot be made
    /// here (the caller then trains on the main thread).
    pub fn start(
        jobs: Jobs,
        n: usize,
        on_progress: impl Fn(usize, &CurveRun, usize, usize) + 'static,
        on_finish: impl FnOnce(Vec<CurveRun>) + 'static,
        on_error: impl Fn(String) + 'static,
    ) -> Result<Rc<RefCell<Pool>>, String> {
        let mut workers = Vec::new();
        for _ in 0..n.max(1) {
            workers.push(new_worker()?);
        }
        let total = jobs.jobs.len();
        let pool = Rc::new(RefCell::new(Pool {
            workers,
            jobs,
            next: 0,
            runs: vec![None; total],
            done: 0,
            on_progress: Box::new(on_progress),
            on_finish: Some(Box::new(on_finish)),
            on_error: Box::new(on_error),
            _handlers: Vec::new(),
            _error_handlers: Vec::new(),
        }));
        let n = pool.borrow().workers.len();
        for i in 0..n {
            let weak = Rc::downgrade(&pool);
            let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                move |e: web_sys::MessageEvent| {
                    if let Some(p) = weak.upgrade() {
                        Pool::on_reply(&p, i, e.data().as_string().unwrap_or_default());
                    }
                },
            );
            let weak = Rc::downgrade(&pool);
            let on_err =
                Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                    if let Some(p) = weak.upgrade() {
                        let msg = format!("a training worker failed: {}", e.message());
                        p.borrow_mut().stop();
                        (p.borrow().on_error)(msg);
                    }
                });
            let mut p = pool.borrow_mut();
            p.workers[i].set_onmessage(Some(handler.as_ref().unchecked_ref()));
            p.workers[i].set_onerror(Some(on_err.as_ref().unchecked_ref()));
            p._handlers.push(handler);
            p._error_handlers.push(on_err);
        }
        // each worker gets its first job when it says it is ready
        Ok(pool)
    }

    fn dispatch(&mut self, worker: usize) {
        let Some(&cfg) = self.jobs.jobs.get(self.next) else {
            return;
        };
        let job = ToWorker::Job(Job {
            index: self.next,
            cfg,
            every: self.jobs.every,
        });
        self.next += 1;
        if let Ok(s) = serde_json::to_string(&job) {
            let _ = self.workers[worker].post_message(&JsValue::from_str(&s));
        }
    }

    fn on_reply(pool: &Rc<RefCell<Pool>>, worker: usize, text: String) {
        if text == READY {
            pool.borrow_mut().dispatch(worker);
            return;
        }
        let Ok(r) = serde_json::from_str::<Reply>(&text) else {
            return;
        };
        let finished = {
            let mut p = pool.borrow_mut();
            let run = r.run.into_run();
            p.dispatch(worker);
            let total = p.jobs.jobs.len();
            if p.runs.get(r.index).is_some_and(Option::is_none) {
                p.done += 1;
                (p.on_progress)(r.index, &run, p.done, total);
                p.runs[r.index] = Some(run);
            }
            p.done == total
        };
        if finished {
            let mut p = pool.borrow_mut();
            p.stop();
            let runs: Vec<CurveRun> = std::mem::take(&mut p.runs).into_iter().flatten().collect();
            if let Some(f) = p.on_finish.take() {
                drop(p);
                f(runs);
            }
        }
    }

    /// Ends every worker (cancel, or after the last job).
    pub fn stop(&mut self) {
        for w in &self.workers {
            w.terminate();
        }
    }
}
