//! Where the chain stops winning: the chained critique's margin over each
//! compute-matched broadcast on a map of the critic's fidelity ρ × the
//! pipeline's depth K × the specificity lost per hop (blur), over seeds.
//! The broadcasts never consult the critic, so they run once per depth and
//! seed; the chain runs at every cell. A cell whose two bands over the
//! seeds overlap is within noise and is marked so.

use crate::lab::agents::rounds::{depth_unit, run, PipelineRow};
use crate::lab::agents::spread::{Band, Measure, Verdict};
use crate::lab::agents::{AgentsConfig, Signal};
use serde::{Deserialize, Serialize};

/// The broadcasts the chain is measured against.
pub const AGAINST: [Signal; 2] = [Signal::Broadcast, Signal::Reading];

/// The map's three axes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarginAxes {
    pub fidelities: Vec<f64>,
    pub depths: Vec<usize>,
    pub blurs: Vec<f64>,
}

impl Default for MarginAxes {
    fn default() -> Self {
        Self {
            fidelities: vec![0.0, 0.25, 0.5, 0.75, 1.0],
            depths: vec![2, 4, 8],
            blurs: vec![0.1, 0.5, 0.9],
        }
    }
}

/// One run of the map: an arm at a depth and seed; the chain also at a
/// critic (fidelity, blur), the broadcasts at none (they do not read it).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapJob {
    pub depth: usize,
    pub signal: Signal,
    pub seed: u64,
    pub critic: Option<(f64, f64)>,
}

impl MapJob {
    /// The simulation's settings for this job, from `base`.
    pub fn config(&self, base: &AgentsConfig) -> AgentsConfig {
        let (fidelity, blur) = self.critic.unwrap_or((base.fidelity, base.blur));
        AgentsConfig {
            seed: self.seed,
            fidelity,
            blur,
            ..*base
        }
    }

    /// The job run to its end at the chained critique's call budget.
    pub fn row(&self, base: &AgentsConfig, names: &[String]) -> PipelineRow {
        let (p, rounds) = depth_unit(&self.config(base), names, self.depth, self.signal);
        PipelineRow::of(self.depth, rounds, run(&p, self.signal, rounds))
    }
}

impl MarginAxes {
    /// Every job at `seeds`: for each seed and depth, both broadcasts,
    /// then the chain at each fidelity and blur.
    pub fn jobs(&self, seeds: &[u64]) -> Vec<MapJob> {
        let mut out = Vec::new();
        for &seed in seeds {
            for &depth in &self.depths {
                out.extend(AGAINST.map(|signal| MapJob {
                    depth,
                    signal,
                    seed,
                    critic: None,
                }));
                for &b in &self.blurs {
                    for &f in &self.fidelities {
                        out.push(MapJob {
                            depth,
                            signal: Signal::Chain,
                            seed,
                            critic: Some((f, b)),
                        });
                    }
                }
            }
        }
        out
    }

    /// Every cell the finished `rows` fill (a cell needs the chain and the
    /// broadcast at one seed at least), for each broadcast.
    pub fn cells(&self, rows: &[(MapJob, PipelineRow)], measure: Measure) -> Vec<MarginCell> {
        let scores = |keep: &dyn Fn(&MapJob) -> bool| {
            let v: Vec<f64> = rows
                .iter()
                .filter(|(j, _)| keep(j))
                .map(|(_, r)| measure.of(&r.val))
                .collect();
            Band::of(&v)
        };
        let mut out = Vec::new();
        for against in AGAINST {
            for &blur in &self.blurs {
                for &fidelity in &self.fidelities {
                    for &depth in &self.depths {
                        let chain =
                            scores(&|j| j.depth == depth && j.critic == Some((fidelity, blur)));
                        let other = scores(&|j| j.depth == depth && j.signal == against);
                        if let (Some(chain), Some(other)) = (chain, other) {
                            out.push(MarginCell::of(fidelity, blur, depth, against, chain, other));
                        }
                    }
                }
            }
        }
        out
    }
}

/// One cell of the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarginCell {
    pub fidelity: f64,
    pub blur: f64,
    pub depth: usize,
    pub against: Signal,
    pub chain: Band,
    pub other: Band,
    /// How much lower the winner's median loss is, as a share of the
    /// loser's, signed for the chain: +0.5, the chain's loss is half the
    /// broadcast's; −0.5, the broadcast's is half the chain's (so the
    /// scale runs from −1 to +1 whoever wins).
    pub margin: f64,
    /// Whether the bands separate.
    #[serde(with = "verdict_id")]
    pub verdict: Verdict,
}

impl MarginCell {
    fn of(
        fidelity: f64,
        blur: f64,
        depth: usize,
        against: Signal,
        chain: Band,
        other: Band,
    ) -> Self {
        let worse = other.median.max(chain.median);
        let margin = if worse.is_finite() && worse > 0.0 {
            (other.median - chain.median) / worse
        } else {
            f64::NAN
        };
        MarginCell {
            fidelity,
            blur,
            depth,
            against,
            verdict: Verdict::of(&chain, &other),
            chain,
            other,
            margin,
        }
    }

    /// "+62%", "≈ +12%" within noise, "—" when undefined.
    pub fn text(&self) -> String {
        if !self.margin.is_finite() {
            return "—".into();
        }
        let pct = format!("{:+.0}%", self.margin * 100.0).replace('-', "−");
        let pct = if pct == "+0%" || pct == "−0%" {
            "0%".into()
        } else {
            pct
        };
        match self.verdict {
            Verdict::WithinNoise => format!("≈ {pct}"),
            _ => pct,
        }
    }
}

/// Where the chain stops winning, in sentences: for each broadcast and
/// blur, the fidelities at which the chain's win is clear at every depth,
/// and the cells the broadcast wins.
pub fn findings(cells: &[MarginCell], axes: &MarginAxes) -> Vec<String> {
    let mut out = Vec::new();
    for against in AGAINST {
        for &blur in &axes.blurs {
            let mine: Vec<&MarginCell> = cells
                .iter()
                .filter(|c| c.against == against && c.blur == blur)
                .collect();
            if mine.is_empty() {
                continue;
            }
            // the cells a side wins, grouped by depth: "K = 2 (ρ 0.5, 1)"
            let wins = |v: Verdict| -> String {
                let by_depth: Vec<String> = axes
                    .depths
                    .iter()
                    .filter_map(|&d| {
                        let f: Vec<String> = mine
                            .iter()
                            .filter(|c| c.verdict == v && c.depth == d)
                            .map(|c| c.fidelity.to_string())
                            .collect();
                        (!f.is_empty()).then(|| format!("K = {d} (ρ {})", f.join(", ")))
                    })
                    .collect();
                if by_depth.is_empty() {
                    "nowhere".into()
                } else {
                    format!("at {}", by_depth.join(" and "))
                }
            };
            let noise = mine
                .iter()
                .filter(|c| c.verdict == Verdict::WithinNoise)
                .count();
            out.push(format!(
                "Against the {}, blur {blur}: the chain wins clearly {}; the broadcast {}; {noise} of {} cells are within noise.",
                against.short(),
                wins(Verdict::FirstBeats),
                wins(Verdict::SecondBeats),
                mine.len()
            ));
        }
    }
    out
}

/// A verdict as a word in JSON ("chain", "broadcast", "within_noise").
mod verdict_id {
    use crate::lab::agents::spread::Verdict;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match v {
            Verdict::FirstBeats => "chain",
            Verdict::SecondBeats => "broadcast",
            Verdict::WithinNoise => "within_noise",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Verdict, D::Error> {
        Ok(match String::deserialize(d)?.as_str() {
            "chain" => Verdict::FirstBeats,
            "broadcast" => Verdict::SecondBeats,
            _ => Verdict::WithinNoise,
        })
    }
}
