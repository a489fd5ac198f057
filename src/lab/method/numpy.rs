//! Each rule's update written out in NumPy, for the notebook export
//! (`lab::notebook`): the body of `update(W, h, e, t, run)`, which returns
//! the direction g of every W (the step is W −= lr·g) or None for no step.
//! `W` is the list of weight matrices (fan_in × fan_out, the conv layer in
//! its dense form), `h` every layer's activity (h[0] the batch, h[-1] the
//! output), `e` the output error the instrument starts from ((y − t)/B, or
//! (softmax(y) − t)/B on a task of classes), `t` the batch's targets and
//! `run` the run's fixed matrices and settings. Each is the arithmetic of
//! the rule's own file, in the same order, so the notebook reproduces the
//! instrument's scores (tested in `tests/it/notebook.rs`).

/// Backprop's sweep: the exact gradient.
pub(super) const EXACT: &str = r#"L = len(W) - 1
d = [None] * L + [e]                # d[l]: the error at the units h[l + 1]
for l in reversed(range(L)):        # from the top layer down, through W^T
    d[l] = (d[l + 1] @ W[l + 1].T) * (1 - h[l + 1] ** 2)
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const FA: &str = r#"L, B = len(W) - 1, run["B"]
d = [None] * L + [e]
for l in reversed(range(L)):        # a fixed random B[l] in place of W[l + 1]^T
    d[l] = (d[l + 1] @ B[l]) * (1 - h[l + 1] ** 2)
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const DFA: &str = r#"L, D = len(W) - 1, run["D"]
d = [None] * L + [e]
for l in reversed(range(L)):        # the output error straight to each layer
    d[l] = (e @ D[l]) * (1 - h[l + 1] ** 2)
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const NO_DERIV: &str = r#"L = len(W) - 1
d = [None] * L + [e]
for l in reversed(range(L)):        # backprop's sweep without the slope f'
    d[l] = d[l + 1] @ W[l + 1].T
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const SCRAMBLED: &str = r#"L, P = len(W) - 1, run["P"]
d = [None] * L + [e]
for l in reversed(range(L)):        # the exact errors ...
    d[l] = (d[l + 1] @ W[l + 1].T) * (1 - h[l + 1] ** 2)
for l in range(L):                  # ... handed to the wrong units: unit j gets P[l][j]'s
    d[l] = d[l][:, P[l]]
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const SIGN_DROPPED: &str = r#"L = len(W) - 1
d = [None] * L + [e]
for l in reversed(range(L)):
    d[l] = (d[l + 1] @ W[l + 1].T) * (1 - h[l + 1] ** 2)
d = [np.abs(x) for x in d]          # every error's size, its sign dropped
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const STALE: &str = r#"L = len(W) - 1
d = [None] * L + [e]
for l in reversed(range(L)):
    d[l] = (d[l + 1] @ W[l + 1].T) * (1 - h[l + 1] ** 2)
prev, run["prev"] = run.get("prev"), h  # this batch's errors, the last batch's activity
if prev is None:
    return None
return [prev[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const READOUT_ONLY: &str = r#"g = [np.zeros_like(w) for w in W]  # every hidden layer frozen
g[-1] = h[-2].T @ e                 # the readout's exact gradient
return g"#;

pub(super) const KOLEN_POLLACK: &str = r#"L, B = len(W) - 1, run["B"]
lr, decay = run["lr"], run["kp_decay"]
d = [None] * L + [e]
for l in reversed(range(L)):        # feedback alignment's sweep through B ...
    d[l] = (d[l + 1] @ B[l]) * (1 - h[l + 1] ** 2)
g = [h[l].T @ d[l] for l in range(L + 1)]
for l in range(L):                  # ... and B takes W's update transposed, both decaying
    B[l] -= lr * (g[l + 1].T + decay * B[l])
return [gl + decay * w for gl, w in zip(g, W)]"#;

pub(super) const SIGN_SYMMETRY: &str = r#"L = len(W) - 1
d = [None] * L + [e]
for l in reversed(range(L)):        # the signs of W[l + 1]^T, not their sizes
    d[l] = (d[l + 1] @ np.sign(W[l + 1]).T) * (1 - h[l + 1] ** 2)
return [h[l].T @ d[l] for l in range(L + 1)]"#;

pub(super) const PREDICTIVE_CODING: &str = r#"L, rate, B = len(W) - 1, run["pc_rate"], len(e)
v = [h[l] @ W[l] for l in range(L)]  # value nodes: each hidden pre-activation
f, below = h[1:L + 1], h[:L + 1]     # their tanh; each layer's input
eps = [np.zeros_like(x) for x in v] + [t - h[-1]]  # error units, output clamped to t
for _ in range(run["pc_steps"]):     # relax the values
    v = [v[l] + rate * ((eps[l + 1] @ W[l + 1].T) * (1 - f[l] ** 2) - eps[l]) for l in range(L)]
    f = [np.tanh(x) for x in v]
    below = [h[0]] + f
    eps = [(v[l] if l < L else t) - below[l] @ W[l] for l in range(L + 1)]
return [-(below[l].T @ eps[l]) / B for l in range(L + 1)]  # Hebbian: input x error"#;

/// Why a rule that draws noise every step has no notebook.
pub(super) const FRESH_NOISE: &str = "it draws fresh noise at every step from the instrument's own generator (PCG-64 with a ziggurat normal), which NumPy does not have, and embedding every draw would take tens of megabytes";
