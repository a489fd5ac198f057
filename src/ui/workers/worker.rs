//! The worker's side: `serve` runs inside a Web Worker: a message is one
//! job of a study (a `RunConfig` as JSON), answered with its result, or a
//! live-run command (`live`). The page's side is `runner`. Both run the
//! same `precision::run_job` the native command line runs.

use crate::lab::train::precision::{run_job, RunRecord};
use crate::lab::train::task::Tasks;
use crate::ui::workers::msg::{ready_message, Reply, ToWorker};
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
                    let task = tasks.borrow_mut().get(job.cfg.task_shape());
                    let reply = Reply {
                        index: job.index,
                        run: RunRecord::from(&run_job(job.cfg, task, job.every)),
                    };
                    if let Ok(s) = serde_json::to_string(&reply) {
                        let _ = reply_to.post_message(&JsValue::from_str(&s));
                    }
                }
                Ok(ToWorker::Live(cmd)) => live.handle(cmd),
                Ok(ToWorker::Data(src)) => {
                    // the page checked it before sending: a failure here is a bug
                    if let Err(e) = crate::lab::data::registry::restore(src) {
                        web_sys::console::error_1(&JsValue::from_str(&e));
                    }
                }
                Err(_) => {}
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // messages sent before this point were dropped: ask for work now
    let _ = scope.post_message(&JsValue::from_str(&ready_message()));
}
