"""Writing a Credit Flow agents trace (agents-trace.md) from your own loop.

Documentation, not a program to run as it is: the pipeline, the tasks and the
model calls are yours. It shows where each field of a record comes from, for
a TextGrad loop and for a DSPy-style loop, and how to count calls. Nothing in
Credit Flow calls a model.

Open the file it writes in the Agents view ("Your own runs") or run
    creditflow agents --import runs.jsonl
"""

import json


class TraceWriter:
    """One JSON object per line: the header, then a record per step per round."""

    def __init__(self, path, metric, description="", simulated=False):
        self.f = open(path, "w", encoding="utf-8")
        self._write({"creditflow_trace": 1, "simulated": simulated,
                     "metric": metric, "description": description})

    def _write(self, obj):
        self.f.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def round(self, arm, run, round_, steps, held_out, calls, kept=True, gate=False):
        """One round: `steps` is a list of dicts, one per pipeline step, in order,
        with optional keys description, input, output, critique, update."""
        for k, s in enumerate(steps, start=1):
            self._write({
                "arm": arm, "run": run, "steps": len(steps), "gate": gate,
                "round": round_, "step": k,
                "step_description": s.get("description", ""),
                "input": str(s.get("input", ""))[:2000],
                "output": str(s.get("output", ""))[:2000],
                "critique": str(s.get("critique", ""))[:2000],
                "update": str(s.get("update", ""))[:2000],
                # a loss: lower is better (write 1 - accuracy for an accuracy);
                # None (null) if the run diverged
                "held_out": held_out,
                "calls": calls,
                "kept": kept,
            })

    def close(self):
        self.f.close()


def calls_per_round(arm, K, n, m=0, gated=False):
    """The protocol card's count for one round with n training tasks and m held-out
    tasks: forward K*n, critique per backward edge per task, an update per prompt,
    the evaluator once per task, and the gate's forward and evaluation."""
    edges = {"chain": 2 * K, "reading": K + 1, "broadcast": K + 1, "none": 0}[arm]
    gate = K * m + m if gated else 0
    return K * n + edges * n + K + n + gate


# ---- TextGrad (https://github.com/zou-group/textgrad), one arm: "chain" ----
#
# import textgrad as tg
# prompts = [tg.Variable(p, requires_grad=True, role_description=d) for p, d in steps]
# opt = tg.TGD(parameters=prompts)
# trace = TraceWriter("runs.jsonl", metric="held-out error rate (1 - accuracy)")
# for run in range(5):                                   # at least 5 repeats
#     calls = 0
#     trace.round("chain", run, 0, [{"description": d} for _, d in steps],
#                 held_out=1 - evaluate(prompts, val_tasks), calls=0)
#     for r in range(1, rounds + 1):
#         loss = pipeline_loss(prompts, train_tasks)     # forward + evaluator
#         loss.backward()                                # chained critique
#         opt.step(); opt.zero_grad()
#         calls += calls_per_round("chain", K, len(train_tasks))
#         trace.round("chain", run, r, [
#             {"description": d, "input": sample_input(k), "output": sample_output(k),
#              "critique": p.get_gradient_text(), "update": p.value}
#             for k, (p, (_, d)) in enumerate(zip(prompts, steps))],
#             held_out=1 - evaluate(prompts, val_tasks), calls=calls)
#
# The "reading" arm: skip loss.backward() through the chain; give every step's
# optimizer the evaluator's critique of the final output together with that
# step's own input and output, and log that critique. The "none" arm: log the
# start's score for as many rounds as the budget buys, with no update.
# Give every arm the chain's total calls: the cheaper arms run more rounds.

# ---- DSPy-style loop (your own optimizer over a dspy.Module's instructions) ----
#
# for r in range(1, rounds + 1):
#     preds = [program(**t.inputs()) for t in train_tasks]      # forward
#     critique = critic(final_outputs=preds, tasks=train_tasks)  # evaluator's critique
#     for k, predictor in enumerate(program.predictors()):
#         note = critique if arm == "reading" else chain_back(critique, k)
#         predictor.signature = predictor.signature.with_instructions(
#             rewrite(predictor.signature.instructions, note))   # update
#     trace.round(arm, run, r, [...one dict per predictor, as above...],
#                 held_out=1 - metric(program, val_tasks), calls=calls)
