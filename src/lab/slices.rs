//! Long work a little at a time: a list of jobs, each worked on until it
//! finishes or the caller's time is up, so a page can run them between
//! frames. A Web Worker runs the same job whole (`out_of_time` never
//! true), so both give the same result. `study::grid::JobSlices` is a
//! study's training runs; `page::agents::runner::UnitSlices` the Agents
//! view's units.

pub trait Slices {
    /// A finished job's result.
    type Done;

    /// Jobs in all.
    fn jobs(&self) -> usize;

    /// Works on job `i` until it finishes (its result) or `out_of_time()`
    /// says to stop (`None`: call again with the same `i` to go on).
    fn work_on(&mut self, i: usize, out_of_time: &mut dyn FnMut() -> bool) -> Option<Self::Done>;

    /// How far the job being worked on is, from 0 to 1.
    fn partial(&self) -> f64 {
        0.0
    }
}
