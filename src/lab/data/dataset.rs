//! A dataset a student can learn: inputs and a target read from a table
//! (`csv`), checked, with the target's kind detected (a column of labels:
//! classification; numbers: regression) unless the user says. A dataset
//! becomes a `Task` by a seeded split (`split`), with its inputs scaled on
//! the training part only.

use crate::lab::data::csv::{Cells, Table};
use ndarray::Array2;
use std::fmt;

/// What the target is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Regression,
    Classification,
}

/// How inputs are scaled, from the training rows only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scaling {
    /// Divide by a fixed number (the digits' pixels by 16, onto [0, 1]).
    Divide(f64),
    /// Each column to mean 0 and standard deviation 1 on the training rows
    /// (a constant column is only centred), a numeric target too.
    Standardise,
}

/// The fewest rows a file may have (a fifth go to test, a fifth of the
/// rest to validation, and a batch is 32 rows).
pub const MIN_ROWS: usize = 60;

/// A numeric column with this many distinct whole values, or fewer, is
/// taken for labels unless the user says it is a regression target.
pub const MAX_DETECTED_CLASSES: usize = 20;

#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// One or more numeric columns (n × k).
    Values { names: Vec<String>, t: Array2<f64> },
    /// One column of labels: each row's class index, and the classes'
    /// names in index order.
    Classes {
        name: String,
        classes: Vec<String>,
        labels: Vec<usize>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    /// The inputs' column names, in order.
    pub inputs: Vec<String>,
    /// n × d, unscaled.
    pub x: Array2<f64>,
    pub target: Target,
    pub scaling: Scaling,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DataError {
    NoTarget,
    MissingTarget {
        name: String,
        columns: Vec<String>,
    },
    NoInputs,
    NotNumber {
        line: usize,
        column: String,
        cell: String,
    },
    TextTargets {
        column: String,
    },
    LabelsNotRegression {
        column: String,
        line: usize,
        cell: String,
    },
    Constant {
        column: String,
    },
    OneClass {
        column: String,
        class: String,
    },
    TooFewRows {
        rows: usize,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::NoTarget => write!(f, "name the target column (what the student should predict)"),
            DataError::MissingTarget { name, columns } => write!(
                f,
                "there is no column “{name}”; the columns are {}",
                list(columns)
            ),
            DataError::NoInputs => write!(f, "every column is a target: at least one must be left as an input"),
            DataError::NotNumber { line, column, cell } => write!(
                f,
                "line {line}, column “{column}”: “{cell}” is not a number (inputs must be numbers; only the target may hold labels)"
            ),
            DataError::TextTargets { column } => write!(
                f,
                "column “{column}” holds labels: a classification has one target column, so name it alone"
            ),
            DataError::LabelsNotRegression { column, line, cell } => write!(
                f,
                "line {line}, column “{column}”: “{cell}” is not a number, so “{column}” cannot be a regression target (leave the kind to detect it as labels)"
            ),
            DataError::Constant { column } => write!(
                f,
                "the target “{column}” has the same value on every row: there is nothing to learn"
            ),
            DataError::OneClass { column, class } => write!(
                f,
                "the target “{column}” has one class only (“{class}”): there is nothing to tell apart"
            ),
            DataError::TooFewRows { rows } => write!(
                f,
                "{rows} rows are too few: a task needs at least {MIN_ROWS}, so that its training rows fill a batch of 32 after the test and validation rows are set aside"
            ),
        }
    }
}

impl std::error::Error for DataError {}

fn list(names: &[String]) -> String {
    let shown: Vec<String> = names.iter().take(12).map(|n| format!("“{n}”")).collect();
    let more = names.len().saturating_sub(12);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// The classes of a column of cells, sorted (numerically when they are
/// numbers), and each row's index into them.
fn classes_of(cells: &[String]) -> (Vec<String>, Vec<usize>) {
    let order = |a: &String, b: &String| match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => x.total_cmp(&y),
        _ => a.cmp(b),
    };
    let mut classes: Vec<String> = cells.to_vec();
    classes.sort_by(order);
    classes.dedup();
    let labels = cells
        .iter()
        .map(|c| classes.binary_search_by(|k| order(k, c)).unwrap_or(0))
        .collect();
    (classes, labels)
}

/// Whether a numeric column looks like labels: whole numbers, at most
/// `MAX_DETECTED_CLASSES` distinct values.
fn looks_like_labels(v: &[f64]) -> bool {
    if v.iter().any(|x| x.fract() != 0.0) {
        return false;
    }
    let mut d: Vec<f64> = v.to_vec();
    d.sort_by(f64::total_cmp);
    d.dedup();
    d.len() <= MAX_DETECTED_CLASSES
}

impl Dataset {
    /// The dataset of `table` with `targets` as the target columns (the
    /// rest are inputs); `kind` overrides the detection.
    pub fn from_table(
        table: &Table,
        targets: &[String],
        kind: Option<Kind>,
        scaling: Scaling,
    ) -> Result<Self, DataError> {
        if targets.is_empty() {
            return Err(DataError::NoTarget);
        }
        let names: Vec<String> = table.columns.iter().map(|c| c.name.clone()).collect();
        let find = |n: &String| {
            table
                .columns
                .iter()
                .find(|c| c.name == n.trim())
                .ok_or_else(|| DataError::MissingTarget {
                    name: n.trim().to_string(),
                    columns: names.clone(),
                })
        };
        let target_cols = targets.iter().map(find).collect::<Result<Vec<_>, _>>()?;
        let inputs: Vec<_> = table
            .columns
            .iter()
            .filter(|c| !targets.iter().any(|t| t.trim() == c.name))
            .collect();
        if inputs.is_empty() {
            return Err(DataError::NoInputs);
        }
        if table.rows < MIN_ROWS {
            return Err(DataError::TooFewRows { rows: table.rows });
        }
        let n = table.rows;
        let mut x = Array2::zeros((n, inputs.len()));
        for (j, c) in inputs.iter().enumerate() {
            match &c.cells {
                Cells::Numbers(v) => x.column_mut(j).assign(&ndarray::ArrayView1::from(v)),
                Cells::Text { first, .. } => {
                    return Err(DataError::NotNumber {
                        line: first.0,
                        column: c.name.clone(),
                        cell: first.1.clone(),
                    })
                }
            }
        }
        // a constant number is nothing to learn, whatever its kind
        for c in &target_cols {
            if let Cells::Numbers(v) = &c.cells {
                if v.iter().all(|&a| a == v[0]) {
                    return Err(DataError::Constant {
                        column: c.name.clone(),
                    });
                }
            }
        }
        let detected = match (&target_cols[..], kind) {
            (_, Some(k)) => k,
            ([one], None) => match &one.cells {
                Cells::Text { .. } => Kind::Classification,
                Cells::Numbers(v) if looks_like_labels(v) => Kind::Classification,
                Cells::Numbers(_) => Kind::Regression,
            },
            (many, None) => match many.iter().find(|c| !c.cells.is_numeric()) {
                Some(text) => {
                    return Err(DataError::TextTargets {
                        column: text.name.clone(),
                    })
                }
                None => Kind::Regression,
            },
        };
        let target = match detected {
            Kind::Classification => {
                let [one] = &target_cols[..] else {
                    let text = target_cols
                        .iter()
                        .find(|c| !c.cells.is_numeric())
                        .unwrap_or(&target_cols[0]);
                    return Err(DataError::TextTargets {
                        column: text.name.clone(),
                    });
                };
                let cells: Vec<String> = match &one.cells {
                    Cells::Numbers(v) => v.iter().map(|x| x.to_string()).collect(),
                    Cells::Text { cells, .. } => cells.clone(),
                };
                let (classes, labels) = classes_of(&cells);
                if classes.len() < 2 {
                    return Err(DataError::OneClass {
                        column: one.name.clone(),
                        class: classes.first().cloned().unwrap_or_default(),
                    });
                }
                Target::Classes {
                    name: one.name.clone(),
                    classes,
                    labels,
                }
            }
            Kind::Regression => {
                let mut t = Array2::zeros((n, target_cols.len()));
                for (j, c) in target_cols.iter().enumerate() {
                    match &c.cells {
                        Cells::Numbers(v) => {
                            if v.iter().all(|&a| a == v[0]) {
                                return Err(DataError::Constant {
                                    column: c.name.clone(),
                                });
                            }
                            t.column_mut(j).assign(&ndarray::ArrayView1::from(v));
                        }
                        Cells::Text { first, .. } => {
                            return Err(DataError::LabelsNotRegression {
                                column: c.name.clone(),
                                line: first.0,
                                cell: first.1.clone(),
                            })
                        }
                    }
                }
                Target::Values {
                    names: target_cols.iter().map(|c| c.name.clone()).collect(),
                    t,
                }
            }
        };
        Ok(Self {
            inputs: inputs.iter().map(|c| c.name.clone()).collect(),
            x,
            target,
            scaling,
        })
    }

    pub fn rows(&self) -> usize {
        self.x.nrows()
    }

    pub fn kind(&self) -> Kind {
        match self.target {
            Target::Values { .. } => Kind::Regression,
            Target::Classes { .. } => Kind::Classification,
        }
    }

    /// The number of outputs the student needs: the classes, or the target
    /// columns.
    pub fn outputs(&self) -> usize {
        match &self.target {
            Target::Values { t, .. } => t.ncols(),
            Target::Classes { classes, .. } => classes.len(),
        }
    }

    /// The targets the student learns, n × outputs: the values, or each
    /// row's class one-hot.
    pub fn targets(&self) -> Array2<f64> {
        match &self.target {
            Target::Values { t, .. } => t.clone(),
            Target::Classes {
                classes, labels, ..
            } => {
                let mut t = Array2::zeros((labels.len(), classes.len()));
                for (i, &c) in labels.iter().enumerate() {
                    t[[i, c]] = 1.0;
                }
                t
            }
        }
    }
}
