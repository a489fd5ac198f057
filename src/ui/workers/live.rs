//! The live side-by-side run in Web Workers. Inside a worker, `LiveLoop`
//! feeds commands to a `LiveEngine` and, while it runs, trains in slices
//! of `SLICE_MS` between messages, posting a `LiveReport` every
//! `REPORT_MS`. On the page, `LiveWorkers` starts the workers, queues
//! commands until each says it is ready, and hands updates back.

use crate::page::lab::live::{Command, LiveEngine, LiveReport};
use crate::ui::workers::env::new_worker;
use crate::ui::workers::msg::{live_message, ready_message, NEW_VERSION, READY};
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::{JsCast, JsValue};
use std::cell::RefCell;
use std::rc::Rc;

/// Training per slice inside a worker (between two looks at the inbox).
const SLICE_MS: f64 = 20.0;
/// Updates to the page while running, at most this often.
const REPORT_MS: f64 = 100.0;
/// While running, the network panel's preview goes with every this many
/// updates (twice a second): it changes every step.
const PREVIEW_EVERY: u32 = 5;

fn now() -> f64 {
    js_sys::Date::now()
}

fn post(scope: &web_sys::DedicatedWorkerGlobalScope, u: &LiveReport) {
    if let Ok(s) = serde_json::to_string(u) {
        let _ = scope.post_message(&JsValue::from_str(&s));
    }
}

struct LoopState {
    engine: LiveEngine,
    scheduled: bool,
    last_report: f64,
    reports: u32,
}

/// The worker's side.
#[derive(Clone)]
pub struct LiveLoop {
    scope: web_sys::DedicatedWorkerGlobalScope,
    state: Rc<RefCell<LoopState>>,
}

impl LiveLoop {
    pub fn new(scope: web_sys::DedicatedWorkerGlobalScope) -> Self {
        Self {
            scope,
            state: Rc::new(RefCell::new(LoopState {
                engine: LiveEngine::default(),
                scheduled: false,
                last_report: 0.0,
                reports: 0,
            })),
        }
    }

    pub fn handle(&self, cmd: Command) {
        let (u, running) = {
            let mut st = self.state.borrow_mut();
            let u = st.engine.handle(cmd);
            st.last_report = now();
            let running = u.running;
            (u, running)
        };
        post(&self.scope, &u);
        if running {
            self.schedule();
        }
    }

    fn schedule(&self) {
        if std::mem::replace(&mut self.state.borrow_mut().scheduled, true) {
            return;
        }
        let me = self.clone();
        let f = Closure::once_into_js(move || me.slice());
        let _ = self
            .scope
            .set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), 0);
    }

    fn slice(&self) {
        let (report, running) = {
            let mut st = self.state.borrow_mut();
            st.scheduled = false;
            let running = st.engine.work(SLICE_MS, &now);
            let due = now() - st.last_report >= REPORT_MS || !running;
            let report = due.then(|| {
                st.last_report = now();
                st.reports += 1;
                let preview = !running || st.reports.is_multiple_of(PREVIEW_EVERY);
                st.engine.report(preview)
            });
            (report, running)
        };
        if let Some(u) = report {
            post(&self.scope, &u);
        }
        if running {
            self.schedule();
        }
    }
}

/// The page's side: `n` workers for the live runs.
pub struct LiveWorkers {
    workers: Vec<web_sys::Worker>,
    ready: Vec<bool>,
    pending: Vec<Vec<String>>,
    /// How many of the datasets (`registry::sources`) each worker has had.
    sent: Vec<usize>,
    _handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _error_handlers: Vec<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
}

impl LiveWorkers {
    /// Starts `n` workers; `on_update` gets each update, `on_error` a
    /// message if a worker fails or not every worker says it is ready
    /// within `runner::READY_TIMEOUT` (as the grid's runner: its wasm may
    /// be blocked). `Err` if workers cannot start here.
    pub fn start(
        n: usize,
        on_update: impl Fn(LiveReport) + 'static,
        on_error: impl Fn(String) + 'static,
    ) -> Result<Rc<RefCell<LiveWorkers>>, String> {
        let workers = (0..n.max(1))
            .map(|_| new_worker())
            .collect::<Result<Vec<_>, _>>()?;
        let n = workers.len();
        let me = Rc::new(RefCell::new(LiveWorkers {
            workers,
            ready: vec![false; n],
            pending: vec![Vec::new(); n],
            sent: vec![0; n],
            _handlers: Vec::new(),
            _error_handlers: Vec::new(),
        }));
        let on_update = Rc::new(on_update);
        let on_error = Rc::new(on_error);
        for i in 0..n {
            let weak = Rc::downgrade(&me);
            let up = on_update.clone();
            let stale = on_error.clone();
            let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                move |e: web_sys::MessageEvent| {
                    let text = e.data().as_string().unwrap_or_default();
                    if text == ready_message() {
                        if let Some(w) = weak.upgrade() {
                            w.borrow_mut().flush(i);
                        }
                    } else if text.starts_with(READY) {
                        // a newer build's worker: send it nothing
                        stale(NEW_VERSION.to_string());
                    } else if let Ok(u) = serde_json::from_str::<LiveReport>(&text) {
                        up(u);
                    }
                },
            );
            let err = on_error.clone();
            let on_err =
                Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                    err(format!("a live-training worker failed: {}", e.message()));
                });
            let mut w = me.borrow_mut();
            w.workers[i].set_onmessage(Some(handler.as_ref().unchecked_ref()));
            w.workers[i].set_onerror(Some(on_err.as_ref().unchecked_ref()));
            w._handlers.push(handler);
            w._error_handlers.push(on_err);
        }
        let weak = Rc::downgrade(&me);
        leptos::prelude::set_timeout(
            move || {
                let late = weak
                    .upgrade()
                    .is_some_and(|w| w.borrow().ready.iter().any(|r| !r));
                if late {
                    on_error(crate::ui::workers::runner::LATE.to_string());
                }
            },
            crate::ui::workers::runner::READY_TIMEOUT,
        );
        Ok(me)
    }

    pub fn send(&mut self, worker: usize, cmd: &Command) {
        let Ok(text) = serde_json::to_string(&live_message(cmd)) else {
            return;
        };
        let i = worker.min(self.workers.len().saturating_sub(1));
        // the datasets its runs may name go first
        let data = crate::ui::workers::msg::catch_up(&mut self.sent[i]);
        self.pending[i].extend(data);
        self.pending[i].push(text);
        if self.ready[i] {
            self.flush(i);
        }
    }

    fn flush(&mut self, i: usize) {
        self.ready[i] = true;
        for text in std::mem::take(&mut self.pending[i]) {
            let _ = self.workers[i].post_message(&JsValue::from_str(&text));
        }
    }

    pub fn stop(&mut self) {
        for w in &self.workers {
            w.terminate();
        }
    }
}
