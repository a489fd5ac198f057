//! What an Agents run has found, over its seeds: every arm's curve as a
//! median with its interquartile band and the words for what happened,
//! every depth point's score band, the verdicts ("beats" only where the
//! bands separate), the answers to the essay's Part 5 questions in plain
//! sentences, and the exports.

use crate::lab::agents::margin::MapJob;
use crate::lab::agents::rounds::{AgentRun, PipelineRow};
use crate::lab::agents::spread::{Band, Measure, Verdict};
use crate::lab::agents::vote::VotePoint;
use crate::lab::agents::words::over_seeds;
use crate::lab::agents::Signal;
use serde::{Deserialize, Serialize};

/// What a run has found so far: every finished run, each seed apart.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentsResults {
    /// (gated, the run) for each signal and seed.
    pub curves: Vec<(bool, AgentRun)>,
    /// Each depth's point for each signal and seed.
    pub rows: Vec<PipelineRow>,
    pub vote: Vec<VotePoint>,
    /// The margin map's runs (`lab::agents::margin`), when it was run.
    #[serde(default)]
    pub map: Vec<(MapJob, PipelineRow)>,
    /// Units finished (`runner::units`).
    pub done: usize,
}

/// One arm's curve over its seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct CurveBand {
    pub gate: bool,
    pub signal: Signal,
    /// Per round (0 is the start): the median held-out loss over the
    /// seeds and its interquartile band.
    pub median: Vec<f64>,
    pub lo: Vec<f64>,
    pub hi: Vec<f64>,
    pub seeds: usize,
    /// The score's band over the seeds.
    pub score: Option<Band>,
    /// What happened, in words (`lab::agents::words`).
    pub words: String,
}

/// One depth's point for one signal, over its seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthPoint {
    pub depth: usize,
    pub signal: Signal,
    pub score: Band,
    /// The median row: the rounds and calls (the same at every seed), the
    /// median start and score, and each step's median angle.
    pub row: PipelineRow,
}

fn median(v: &mut [f64]) -> f64 {
    Band::of(v).map_or(f64::NAN, |b| b.median)
}

impl AgentsResults {
    /// The seeds' runs of one arm.
    pub fn runs_of(&self, gate: bool, signal: Signal) -> Vec<&AgentRun> {
        self.curves
            .iter()
            .filter(|(g, r)| *g == gate && r.signal == signal)
            .map(|(_, r)| r)
            .collect()
    }

    /// Every arm's curve band, in the order the arms first finished.
    pub fn curve_bands(&self, measure: Measure) -> Vec<CurveBand> {
        let mut arms: Vec<(bool, Signal)> = Vec::new();
        for (g, r) in &self.curves {
            if !arms.contains(&(*g, r.signal)) {
                arms.push((*g, r.signal));
            }
        }
        arms.into_iter()
            .map(|(gate, signal)| {
                let runs = self.runs_of(gate, signal);
                let len = runs.iter().map(|r| r.val.len()).min().unwrap_or(0);
                let at = |i: usize| Band::of(&runs.iter().map(|r| r.val[i]).collect::<Vec<_>>());
                let bands: Vec<Band> = (0..len).filter_map(at).collect();
                let scores: Vec<f64> = runs.iter().map(|r| measure.of_run(r)).collect();
                CurveBand {
                    gate,
                    signal,
                    median: bands.iter().map(|b| b.median).collect(),
                    lo: bands.iter().map(|b| b.band.lo).collect(),
                    hi: bands.iter().map(|b| b.band.hi).collect(),
                    seeds: runs.len(),
                    score: Band::of(&scores),
                    words: over_seeds(&runs, gate),
                }
            })
            .collect()
    }

    /// What each arm did over its seeds, in words, beside its name as the
    /// page and the command line give it ("reading broadcast, gated").
    pub fn arm_words(&self, measure: Measure) -> Vec<(String, String)> {
        self.curve_bands(measure)
            .into_iter()
            .map(|b| {
                let gated = if b.gate { ", gated" } else { "" };
                (format!("{}{gated}", b.signal.short()), b.words)
            })
            .collect()
    }

    /// Every depth's point for every signal, over the seeds run so far.
    pub fn depth_points(&self, measure: Measure) -> Vec<DepthPoint> {
        let mut out = Vec::new();
        for d in self.depths() {
            for signal in Signal::ARMS {
                let rows: Vec<&PipelineRow> = self
                    .rows
                    .iter()
                    .filter(|r| r.depth == d && r.signal == signal)
                    .collect();
                let Some(first) = rows.first() else { continue };
                let scores: Vec<f64> = rows.iter().map(|r| measure.of(&r.val)).collect();
                let Some(score) = Band::of(&scores) else {
                    continue;
                };
                let angles = (0..first.angles.len())
                    .map(|k| median(&mut rows.iter().map(|r| r.angles[k]).collect::<Vec<_>>()))
                    .collect();
                let row = PipelineRow {
                    final_val: score.median,
                    start_val: median(&mut rows.iter().map(|r| r.start_val).collect::<Vec<_>>()),
                    angles,
                    val: Vec::new(),
                    ..(*first).clone()
                };
                out.push(DepthPoint {
                    depth: d,
                    signal,
                    score,
                    row,
                });
            }
        }
        out
    }

    /// The depth points' median rows (for the credit-quality map).
    pub fn median_rows(&self, measure: Measure) -> Vec<PipelineRow> {
        self.depth_points(measure)
            .into_iter()
            .map(|p| p.row)
            .collect()
    }

    /// The depths the rows hold, in order.
    pub fn depths(&self) -> Vec<usize> {
        let mut d: Vec<usize> = self.rows.iter().map(|r| r.depth).collect();
        d.sort_unstable();
        d.dedup();
        d
    }

    /// Seeds whose depth points have all finished (as many as any seed
    /// has; a run finishes each seed's points before the next seed's).
    pub fn seeds_done(&self) -> usize {
        let mut counts: Vec<(u64, usize)> = Vec::new();
        for r in &self.rows {
            match counts.iter_mut().find(|c| c.0 == r.seed) {
                Some(c) => c.1 += 1,
                None => counts.push((r.seed, 1)),
            }
        }
        let most = counts.iter().map(|c| c.1).max().unwrap_or(0);
        counts.iter().filter(|c| c.1 == most).count()
    }

    /// The verdict of `a` against `b` at depth `d` among `points`, in
    /// words, with both bands; `None` until both have run.
    fn compare(points: &[DepthPoint], d: usize, a: Signal, b: Signal) -> Option<String> {
        let get = |s: Signal| points.iter().find(|p| p.depth == d && p.signal == s);
        let (pa, pb) = (get(a)?, get(b)?);
        let (x, y) = (&pa.score, &pb.score);
        let both = format!("{} {}, {} {}", a.short(), x.text(3), b.short(), y.text(3));
        // an imported trace may give the two arms budgets apart
        let both = if pa.row.budget_apart(&pb.row) {
            format!(
                "{both}; not at an equal call budget: the {} spent {} calls, the {} {}",
                a.short(),
                pa.row.calls,
                b.short(),
                pb.row.calls
            )
        } else {
            both
        };
        Some(match Verdict::of(x, y) {
            Verdict::FirstBeats => format!("the {} beats the {} ({both})", a.short(), b.short()),
            Verdict::SecondBeats => format!("the {} beats the {} ({both})", b.short(), a.short()),
            Verdict::WithinNoise if d == 1 => {
                format!("a one-step pipeline has no hop to pass a critique through: every signal is exact ({both})")
            }
            Verdict::WithinNoise => format!(
                "the {} and the {} are within noise: their bands over the seeds overlap ({both})",
                a.short(),
                b.short()
            ),
        })
    }

    /// What the depth chart says, depth by depth: the chain against the
    /// fixed broadcast and against the broadcast that reads.
    pub fn findings(&self, measure: Measure) -> Vec<String> {
        let points = self.depth_points(measure);
        let mut out = Vec::new();
        for d in self.depths() {
            let vs: Vec<String> = [Signal::Broadcast, Signal::Reading, Signal::None]
                .into_iter()
                .filter_map(|b| Self::compare(&points, d, Signal::Chain, b))
                .collect();
            if !vs.is_empty() {
                let steps = if d == 1 { "step" } else { "steps" };
                out.push(format!("{d} {steps}: {}", dedup(vs).join("; ")));
            }
        }
        out
    }

    /// The answers to Part 5's questions at these results, in sentences
    /// with numbers (empty until the depth points have run).
    pub fn answers(&self, measure: Measure, stages: usize) -> Vec<String> {
        let mut out = Vec::new();
        let n = self.seeds_done();
        if n == 0 {
            return out;
        }
        let points = self.depth_points(measure);
        let word = |d: usize, b: Signal| {
            Self::compare(&points, d, Signal::Chain, b).map(|s| format!("at K = {d}, {s}"))
        };
        let at: Vec<String> = [2, 4, 8]
            .into_iter()
            .filter_map(|d| word(d, Signal::Broadcast))
            .collect();
        if !at.is_empty() {
            out.push(format!(
                "Does passing the critique back step by step beat sending the final critique to every step? Against a fixed random broadcast, over {n} seed{}: {}.",
                if n == 1 { "" } else { "s" },
                at.join("; ")
            ));
        }
        let read: Vec<String> = [2, 4, 8]
            .into_iter()
            .filter_map(|d| word(d, Signal::Reading))
            .collect();
        if !read.is_empty() {
            out.push(format!(
                "Is that won by construction? Against a broadcast each step reads with its own outputs (no backward chain, the same calls as the broadcast): {}.",
                read.join("; ")
            ));
        }
        let bands = self.curve_bands(measure);
        let gate: Vec<String> = [Signal::Chain, Signal::Broadcast, Signal::Reading]
            .into_iter()
            .filter_map(|s| {
                let get = |g: bool| bands.iter().find(|b| b.gate == g && b.signal == s)?.score;
                let (off, on) = (get(false)?, get(true)?);
                let v = match Verdict::of(&on, &off) {
                    Verdict::FirstBeats => "helps",
                    Verdict::SecondBeats => "hurts",
                    Verdict::WithinNoise => "is within noise",
                };
                Some(format!(
                    "for the {} it {v} ({} gated, {} not)",
                    s.short(),
                    on.text(3),
                    off.text(3)
                ))
            })
            .collect();
        if !gate.is_empty() {
            out.push(format!(
                "Does keeping an update only when the held-out loss falls help, at K = {stages}? {}.",
                gate.join("; ")
            ));
        }
        if let Some(v) = self.vote_finding() {
            out.push(format!(
                "Is refining one answer worth its calls against voting independent answers? {v}"
            ));
        }
        out
    }

    /// Every chart's numbers as one CSV: a `chart` column says which
    /// (curves, depth, vote), the rest of each row is that chart's data.
    pub fn csv(&self) -> String {
        let mut out = String::from("chart,signal,gated,seed,x,y,calls,detail\n");
        for (g, r) in &self.curves {
            let words = crate::lab::agents::words::Story::of(r).text(*g);
            for (i, v) in r.val.iter().enumerate() {
                let calls = if i == 0 { 0 } else { r.calls[i - 1] };
                let detail = if i == 0 {
                    words.replace(',', " ")
                } else {
                    "held-out loss after round x".into()
                };
                out += &format!(
                    "curves,{},{g},{},{i},{v},{calls},{detail}\n",
                    r.signal.id(),
                    r.seed
                );
            }
        }
        for r in &self.rows {
            let angles: Vec<String> = r.angles.iter().map(|a| format!("{a:.2}")).collect();
            out += &format!(
                "depth,{},false,{},{},{},{},rounds {}; start {}; angle per step {}\n",
                r.signal.id(),
                r.seed,
                r.depth,
                r.final_val,
                r.calls,
                r.rounds,
                r.start_val,
                angles.join(" ")
            );
        }
        for v in &self.vote {
            out += &format!(
                "vote,independent,false,,{},{},{},closed form {}\n",
                v.calls, v.independent, v.calls, v.independent_exact
            );
            out += &format!("vote,refine,false,,{},{},{},\n", v.calls, v.refine, v.calls);
        }
        out
    }

    /// The vote chart's finding: one answer, and both ways at four calls.
    pub fn vote_finding(&self) -> Option<String> {
        let one = self.vote.first()?;
        let four = self.vote.get(3)?;
        Some(format!(
            "One answer is right {:.2} of the time. For the same four calls, four independent answers voted are right {:.2}, and one answer refined three times and voted over its four versions {:.2}: {}",
            one.independent,
            four.independent,
            four.refine,
            if four.refine > four.independent {
                "here refinement pays, because the critic fixes more than it breaks."
            } else {
                "here the independent answers win: the critic breaks about as much as it fixes, or more."
            }
        ))
    }

    /// Calls spent by every curve of the run.
    pub fn calls(&self) -> u64 {
        self.curves.iter().filter_map(|(_, r)| r.calls.last()).sum()
    }
}

/// The sentences with repeats dropped (a one-step pipeline says the same
/// of every pair).
fn dedup(v: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in v {
        if !out
            .iter()
            .any(|o| o.split(" (").next() == s.split(" (").next())
        {
            out.push(s);
        }
    }
    out
}
