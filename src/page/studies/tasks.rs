//! The harder-tasks study as the page shows it: read from the file the
//! command line wrote (`creditflow tasks --json tasks.json`, shipped with
//! the site), each setting's rules with their error, ratio to bp and
//! conv-kernel angle, the finding and the published figures beside it.

use serde_json::Value;

/// The file the site ships, and the command that made it.
pub const TASKS_FILE: &str = "tasks.json";
pub const TASKS_COMMAND: &str = "creditflow tasks --json tasks.json";

/// One rule's line: its name, and per setting (score, × bp) as the
/// command line printed them; its conv kernels' final angle to bp's update.
#[derive(Clone, Debug, PartialEq)]
pub struct TasksRow {
    pub method: String,
    pub cells: Vec<(String, String)>,
    pub conv_angle: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TasksTable {
    pub settings: Vec<String>,
    pub rows: Vec<TasksRow>,
    pub finding: Vec<String>,
    pub floor: Option<String>,
    pub published: Vec<String>,
    /// Steps, seeds and the commit that made the file, in words.
    pub made: String,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl TasksTable {
    /// The table of a `creditflow tasks --json` file, or what is wrong
    /// with it.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("{TASKS_FILE}: {e}"))?;
        let bad = || format!("{TASKS_FILE} is not a file of `creditflow tasks --json`");
        let settings = v["settings"].as_array().ok_or_else(bad)?;
        let names: Vec<String> = settings
            .iter()
            .map(|s| s["setting"]["name"].as_str().unwrap_or("?").to_string())
            .collect();
        let first = settings.first().ok_or_else(bad)?["summary"]
            .as_array()
            .ok_or_else(bad)?;
        let rows = first
            .iter()
            .map(|r| {
                let id = r["method"].as_str().unwrap_or("?");
                let line = |s: &Value| {
                    s["summary"]
                        .as_array()
                        .and_then(|t| t.iter().find(|x| x["method"] == id))
                        .cloned()
                };
                // the command line's printed cells (its digits exactly)
                let text = |p: &Value| p.as_str().unwrap_or("—").to_string();
                let cells = v["printed"]
                    .as_array()
                    .and_then(|p| p.iter().find(|r| r[0] == id))
                    .and_then(|r| r[1].as_array())
                    .map(|c| c.iter().map(|p| (text(&p[0]), text(&p[1]))).collect())
                    .unwrap_or_default();
                let conv_angle = settings
                    .last()
                    .and_then(line)
                    .and_then(|x| x["final_angles"][0].as_f64());
                let method = crate::lab::Method::from_id(id)
                    .map_or(id.to_string(), |m| m.name().to_string());
                TasksRow {
                    method,
                    cells,
                    conv_angle,
                }
            })
            .collect();
        let spec = &v["spec"];
        Ok(Self {
            settings: names,
            rows,
            finding: strings(&v["finding"]),
            floor: v["floor"].as_str().map(str::to_string),
            published: strings(&v["published"]),
            made: format!(
                "{} steps, seeds {}, the {} protocol; crate {} at commit {}",
                spec["steps"],
                spec["seeds"].as_array().map_or("?".into(), |s| s
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")),
                spec["protocol"].as_str().unwrap_or("?"),
                v["creditflow"].as_str().unwrap_or("?"),
                v["commit"].as_str().unwrap_or("?"),
            ),
        })
    }
}
