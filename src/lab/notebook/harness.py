## cell: helpers
import base64, math
import numpy as np

RULES = {}  # each rule's update, by its id


def unpack(text, dtype, shape, scale=None):
    """An array the instrument embedded: its little-endian bytes in base64
    (whole-number codes divided by `scale` give the values exactly)."""
    a = np.frombuffer(base64.b64decode(text), dtype=dtype).reshape(shape)
    return a / scale if scale else a.copy()


def forward(W, x):
    """Every layer's activity: h[0] the input, tanh hidden layers, a linear output."""
    h = [x]
    for l, w in enumerate(W):
        a = h[-1] @ w
        h.append(np.tanh(a) if l < len(W) - 1 else a)
    return h


def softmax(y):
    p = np.exp(y - y.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def score(W, x, t, classes, var):
    """The test score: the error rate on a task of classes, else the MSE over the
    mean per-output variance of the targets (normalised MSE); inf if not finite."""
    y = forward(W, x)[-1]
    if not np.all(np.isfinite(y)):
        return math.inf
    if classes:
        return float(np.mean(np.argmax(y, axis=1) != np.argmax(t, axis=1)))
    v = float(np.mean((y - t) ** 2) / var)
    return v if math.isfinite(v) else math.inf


## cell: conv
def conv_ties(side, k, channels):
    """The conv layer as the dense matrix it equals: entry `at[i]` of the
    (pixels x units) matrix holds kernel weight `kx[i]`."""
    out = side - k + 1
    units = channels * out * out
    c, r, col, dr, dc = np.meshgrid(*(np.arange(n) for n in (channels, out, out, k, k)), indexing="ij")
    at = ((r + dr) * side + col + dc) * units + c * out * out + r * out + col
    return at.ravel(), (c * k * k + dr * k + dc).ravel(), units


def expand(kernels, ties, pixels):
    at, kx, units = ties
    w = np.zeros(pixels * units)
    w[at] = kernels[kx]
    return w.reshape(pixels, units)


def tie(g, ties):
    """A rule's update of the dense matrix made the kernels' (each weight's
    sum over its positions), written back at every position."""
    at, kx, units = ties
    sums = np.bincount(kx, weights=g.ravel()[at], minlength=kx.max() + 1)
    return expand(sums, ties, g.shape[0])


## cell: train
def train(run, update):
    """One run as the instrument's trainer makes it: the embedded batches
    in order, the output error, the rule's update g, W -= lr * g; the test
    score every `every` steps (and, under the careful protocol, the mean
    of the last `tail` scores, 100 steps apart, as the run's score)."""
    d = DATA[run["data"]]
    x_tr, t_tr = d["x_train"], d["t_train"]
    x_te, t_te = d["x_test"], d["t_test"]
    W = [w.copy() for w in run["W"]]
    ties = None
    if run.get("kernels") is not None:
        ties = conv_ties(*run["conv"])
        W[0] = expand(run["kernels"], ties, x_tr.shape[1])
    labels = run.get("labels")
    B, steps, lr = run["batch"], run["steps"], run["lr"]
    classes = run["classifies"]
    train_var = t_tr.var(axis=0).mean()
    test_var = t_te.var(axis=0).mean()
    curve = [(0, score(W, x_te, t_te, classes, test_var))]
    tail = []
    for step in range(steps):
        rows = run["order"][step * B:(step + 1) * B]
        x, t = x_tr[rows], t_tr[rows if labels is None else labels[rows]]
        h = forward(W, x)
        y = h[-1]
        if classes:
            e = (softmax(y) - t) / B
            m = y.max(axis=1, keepdims=True)
            loss = np.mean(np.log(np.exp(y - m).sum(axis=1)) - (y - m)[t > 0])
            ok = math.isfinite(loss)
        else:
            e = (y - t) / B
            sq = float(np.sum((y - t) ** 2))
            ok = math.isfinite(sq) and sq / y.size / train_var <= 1e4
        if not ok:
            curve.append((step, math.inf))
            return curve, math.inf
        g = update(W, h, e, t, run)
        if g is not None:  # (stale activity makes none at its first step)
            if ties is not None:
                g[0] = tie(g[0], ties)
            for w, gl in zip(W, g):
                w -= lr * gl
        done = step + 1
        if done % run["every"] == 0 or done == steps:
            curve.append((done, score(W, x_te, t_te, classes, test_var)))
        left = steps - done
        if run["tail"] > 1 and left % 100 == 0 and left // 100 < run["tail"]:
            tail.append(score(W, x_te, t_te, classes, test_var))
    final = sum(tail) / len(tail) if tail else curve[-1][1]
    return curve, final


## cell: compare
def agree(name, ours, theirs, worst):
    """Prints our score beside the instrument's and their relative
    difference; returns the largest difference so far."""
    if math.isinf(ours) or math.isinf(theirs):
        same = math.isinf(ours) and math.isinf(theirs)
        print(f"  {name:>10}  {'diverged' if math.isinf(ours) else ours}   instrument: "
              f"{'diverged' if math.isinf(theirs) else theirs}{'' if same else '   DISAGREE'}")
        return worst if same else math.inf
    rel = abs(ours - theirs) / max(abs(theirs), 1e-300) if ours != theirs else 0.0
    print(f"  {name:>10}  {ours:.10g}   instrument {theirs:.10g}   relative difference {rel:.1e}")
    return max(worst, rel)


def reproduce(runs):
    """Trains every run and compares each checkpoint with the instrument's.
    A run that diverges is reported apart: as its weights blow up, the
    rounding differences grow with them, and its last checkpoints before
    divergence need not agree."""
    worst, compared = 0.0, 0
    for run in runs:
        print(run["name"])
        curve, final = train(run, RULES[run["method"]])
        want = dict(run["expected_curve"])
        if run["expected_score"] is not None:
            want["score"] = run["expected_score"]
        got = dict(curve, score=final)
        diverges = any(math.isinf(v) for v in want.values())
        diff = 0.0
        for name, theirs in want.items():
            if name in got:
                label = name if name == "score" else f"step {name}"
                diff, compared = agree(label, got[name], theirs, diff), compared + 1
        if diverges:
            print(f"  diverges: here after step {curve[-1][0]}, in the instrument after step "
                  f"{run['expected_curve'][-1][0] if run['expected_curve'] else '?'} "
                  f"(largest relative difference before it {diff:.1e})")
        else:
            worst = max(worst, diff)
    print(f"{compared} checkpoints compared; the largest relative difference from the "
          f"instrument, over the runs that do not diverge: {worst:.1e}")
    return worst
