//! The task: a fixed teacher network and the data it labels.
//!
//! Teacher 20 → 30 → 5, tanh hidden layer, linear output, no biases,
//! weights N(0, 1/fan_in); inputs x ~ N(0, 1); targets = teacher(x) =
//! tanh(G·x·W₁)·W₂ with the teacher gain G (1 is SPEC's teacher; a larger
//! G makes it more nonlinear). A deeper teacher (`Teacher::depth` > 1, for
//! the depth study) repeats the hidden layer: tanh(G·h·Wₖ) for each. The
//! task is the same for every method and seed (drawn from `Teacher::seed`,
//! `TASK_SEED` unless a study asks for other draws), so methods differ only
//! in how they learn. A careful protocol holds the last
//! `TaskShape::validation` training examples out as a validation set (the
//! draws are the same; only their use differs), to choose rates on.

use crate::lab::data::split::{split, test_rows};
use crate::lab::data::{registry, Data, DIGITS_TEST};
use crate::lab::train::rng::{normal_matrix, stream, Stream};
use ndarray::{Array1, Array2, Axis};

pub const TASK_SEED: u64 = 0;

/// The teacher's settings: a task setting every `RunConfig` carries, so
/// that a run is a pure function of its config.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Teacher {
    /// The teacher gain G: 1 is SPEC's teacher.
    pub gain: f64,
    /// The teacher's hidden layers (the essay's teacher has one).
    pub depth: usize,
    /// Which draw of the teacher and its data (`TASK_SEED`, 0, is the
    /// essay's; `--task-seeds` asks for others); for a dataset, which
    /// train / test split.
    pub seed: u64,
    /// What the student learns: this teacher's outputs (the default), or
    /// a dataset's targets (`lab::data`), where gain and depth mean nothing.
    pub data: Data,
}

impl Default for Teacher {
    /// SPEC's teacher: gain 1, one hidden layer.
    fn default() -> Self {
        Self {
            gain: 1.0,
            depth: 1,
            seed: TASK_SEED,
            data: Data::Teacher,
        }
    }
}

impl Teacher {
    /// The essay's task shape with this teacher.
    pub fn shape(self) -> TaskShape {
        TaskShape {
            teacher: self,
            ..TaskShape::default()
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TaskShape {
    pub inputs: usize,
    pub teacher_hidden: usize,
    pub outputs: usize,
    /// Examples drawn for training, of which the last `validation` are
    /// held out to choose rates on (0: none, the essay's protocol).
    pub train: usize,
    pub validation: usize,
    pub test: usize,
    pub teacher: Teacher,
}

/// The teacher gains a page or command line accepts.
pub const GAIN_RANGE: std::ops::RangeInclusive<f64> = 0.1..=10.0;

impl Default for TaskShape {
    /// The essay's: 20 → 30 → 5, 4,000 training and 1,000 test examples,
    /// gain 1.
    fn default() -> Self {
        Self {
            inputs: 20,
            teacher_hidden: 30,
            outputs: 5,
            train: 4000,
            validation: 0,
            test: 1000,
            teacher: Teacher::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Task {
    pub shape: TaskShape,
    pub x_train: Array2<f64>,
    pub t_train: Array2<f64>,
    pub x_test: Array2<f64>,
    pub t_test: Array2<f64>,
    /// The held-out examples (none under the essay's protocol).
    pub x_val: Array2<f64>,
    pub t_val: Array2<f64>,
    pub val_var: f64,
    /// Mean over outputs of the per-output variance of the test targets:
    /// the denominator of the normalised MSE.
    pub test_var: f64,
    /// The same for the training targets (for the minibatch divergence
    /// check).
    pub train_var: f64,
    /// A classification's classes, in the order of the one-hot targets
    /// (`None`: a regression).
    pub classes: Option<Vec<String>>,
}

impl Task {
    /// The task of `shape`. A dataset's must be registered
    /// (`data::registry`): the page loads it before any run starts.
    pub fn new(shape: TaskShape) -> Self {
        Self::try_new(shape).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The task of `shape`, or why its dataset cannot be had.
    pub fn try_new(shape: TaskShape) -> Result<Self, String> {
        if shape.teacher.data == Data::Teacher {
            return Ok(Self::of_teacher(shape));
        }
        let ds = registry::get(shape.teacher.data)?;
        let test = match shape.teacher.data {
            Data::Digits => DIGITS_TEST,
            _ => test_rows(ds.rows()),
        };
        let s = split(&ds, shape.teacher.seed, test, shape.validation);
        let shape = TaskShape {
            inputs: ds.x.ncols(),
            teacher_hidden: 0,
            outputs: ds.outputs(),
            train: s.x_train.nrows() + s.x_val.nrows(),
            validation: s.x_val.nrows(),
            test: s.x_test.nrows(),
            teacher: shape.teacher,
        };
        Ok(Self {
            test_var: mean_variance(&s.t_test),
            train_var: mean_variance(&s.t_train),
            val_var: mean_variance(&s.t_val),
            shape,
            x_train: s.x_train,
            t_train: s.t_train,
            x_test: s.x_test,
            t_test: s.t_test,
            x_val: s.x_val,
            t_val: s.t_val,
            classes: s.classes,
        })
    }

    /// Whether the student classifies this task's rows.
    pub fn classifies(&self) -> bool {
        self.classes.is_some()
    }

    fn of_teacher(shape: TaskShape) -> Self {
        let mut rng = stream(shape.teacher.seed, Stream::Task);
        let w1 = normal_matrix(
            &mut rng,
            shape.inputs,
            shape.teacher_hidden,
            (1.0 / shape.inputs as f64).sqrt(),
        );
        let th = shape.teacher_hidden;
        let sd = (1.0 / th as f64).sqrt();
        // for one hidden layer, drawn in the order the essay's teacher was
        let deeper: Vec<_> = (1..shape.teacher.depth.max(1))
            .map(|_| normal_matrix(&mut rng, th, th, sd))
            .collect();
        let w2 = normal_matrix(&mut rng, th, shape.outputs, sd);
        let g = shape.teacher.gain;
        let layer = |h: &Array2<f64>, w: &Array2<f64>| {
            h.dot(w).mapv(|a| crate::lab::train::net::tanh(g * a))
        };
        let teach = |x: &Array2<f64>| {
            let h = deeper.iter().fold(layer(x, &w1), |h, w| layer(&h, w));
            h.dot(&w2)
        };
        let x_train = normal_matrix(&mut rng, shape.train, shape.inputs, 1.0);
        let x_test = normal_matrix(&mut rng, shape.test, shape.inputs, 1.0);
        let t_train = teach(&x_train);
        let t_test = teach(&x_test);
        // the validation set is the last rows drawn for training
        let keep = shape.train - shape.validation.min(shape.train);
        let x_val = x_train.slice(ndarray::s![keep.., ..]).to_owned();
        let t_val = t_train.slice(ndarray::s![keep.., ..]).to_owned();
        let x_train = x_train.slice(ndarray::s![..keep, ..]).to_owned();
        let t_train = t_train.slice(ndarray::s![..keep, ..]).to_owned();
        Self {
            test_var: mean_variance(&t_test),
            train_var: mean_variance(&t_train),
            val_var: mean_variance(&t_val),
            shape,
            x_train,
            t_train,
            x_test,
            t_test,
            x_val,
            t_val,
            classes: None,
        }
    }
}

/// Tasks by shape (teacher, its draw, the validation split), each made
/// once: a worker, the live engine and a grid's page fallback keep one.
#[derive(Clone, Debug, Default)]
pub struct Tasks(Vec<std::sync::Arc<Task>>);

impl Tasks {
    /// A cache that starts with `task`.
    pub fn with(task: std::sync::Arc<Task>) -> Self {
        Self(vec![task])
    }

    /// The task of `shape`'s teacher and split (a cached task of other
    /// sizes, as a test makes, stands for its teacher).
    pub fn get(&mut self, shape: TaskShape) -> std::sync::Arc<Task> {
        // a split is wanted or not (a dataset holds fewer validation rows
        // than a careful protocol asks, at most a fifth of its training rows)
        let same = |t: &Task| {
            t.shape.teacher == shape.teacher && (t.shape.validation > 0) == (shape.validation > 0)
        };
        if let Some(t) = self.0.iter().find(|t| same(t)) {
            return t.clone();
        }
        let t = std::sync::Arc::new(Task::new(shape));
        self.0.push(t.clone());
        t
    }
}

/// The mean over columns of each column's (population) variance.
pub fn mean_variance(t: &Array2<f64>) -> f64 {
    let mean: Array1<f64> = t
        .mean_axis(Axis(0))
        .unwrap_or_else(|| Array1::zeros(t.ncols()));
    let centred = t - &mean;
    centred.mapv(|v| v * v).mean().unwrap_or(f64::NAN)
}

/// Normalised MSE: mean squared error over all outputs and examples,
/// divided by the mean per-output target variance.
pub fn nmse(y: &Array2<f64>, t: &Array2<f64>, var: f64) -> f64 {
    let mut s = 0.0;
    ndarray::Zip::from(y)
        .and(t)
        .for_each(|&a, &b| s += (a - b) * (a - b));
    s / (y.len() as f64) / var
}
