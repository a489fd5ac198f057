//! Tasks from data rather than from a teacher: the digits (the UCI
//! optical-recognition digits as scikit-learn ships them, `assets/
//! digits.csv.gz`, CC BY 4.0) and a user's own CSV file. `csv` reads a
//! file, `dataset` checks it and finds its target, `split` makes the
//! seeded train / validation / test rows a task learns from, and
//! `registry` keeps the datasets a run may name by its `Data`.

pub mod csv;
pub mod dataset;
pub mod registry;
pub mod split;

use serde::{Deserialize, Serialize};

/// Which data a run's student learns: the essay's teacher (gain, depth
/// and draw in `Teacher`), the digits, or a user's file. A file is named
/// by the fingerprint of its contents with its chosen target, so a run is
/// still a pure function of its config once the file is registered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Data {
    #[default]
    Teacher,
    Digits,
    File {
        /// `registry::fingerprint` of the file, its target and its kind
        /// (52 bits, so JavaScript reads it exactly).
        id: u64,
        classify: bool,
    },
}

impl Data {
    pub fn id(self) -> &'static str {
        match self {
            Data::Teacher => "teacher",
            Data::Digits => "digits",
            Data::File { .. } => "file",
        }
    }

    /// The tasks a link or `--task` can name (a file comes by `--data`).
    pub fn from_id(s: &str) -> Option<Self> {
        match s {
            "teacher" => Some(Data::Teacher),
            "digits" => Some(Data::Digits),
            _ => None,
        }
    }

    /// Whether the student classifies (softmax cross-entropy, scored by
    /// the test error rate) rather than regresses (squared error, scored
    /// by the normalised MSE).
    pub fn classifies(self) -> bool {
        match self {
            Data::Teacher => false,
            Data::Digits => true,
            Data::File { classify, .. } => classify,
        }
    }

    /// Whether the inputs are a square image a conv layer can read (the
    /// digits; a file's columns are not known to be one).
    pub fn is_image(self) -> bool {
        self == Data::Digits
    }

    /// The task in a few words, for tables and file headers.
    pub fn describe(self) -> String {
        match self {
            Data::Teacher => "the teacher network's outputs (regression)".into(),
            // DIGITS_ROWS − DIGITS_TEST and DIGITS_TEST, written as the page writes numbers
            Data::Digits => {
                "the UCI digits, 8×8 images in 10 classes (1,397 training and 400 test rows)".into()
            }
            Data::File { classify, .. } => format!(
                "your file ({})",
                if classify {
                    "classification"
                } else {
                    "regression"
                }
            ),
        }
    }
}

/// The digits: 1,797 rows; 400 of them held out as the test set.
pub const DIGITS_ROWS: usize = 1797;
pub const DIGITS_TEST: usize = 400;
/// The digits' target column in `assets/digits.csv.gz`.
pub const DIGITS_TARGET: &str = "digit";
/// The asset's name beside the page (loaded when the task is first chosen).
pub const DIGITS_ASSET: &str = "digits.csv.gz";
/// The credit a page or file shows with the digits.
pub const DIGITS_CREDIT: &str = "Digits: UCI ML Optical Recognition of Handwritten Digits (E. Alpaydin and C. Kaynak, 1998), https://archive.ics.uci.edu/dataset/80, CC BY 4.0, as shipped by scikit-learn 1.5.2.";
