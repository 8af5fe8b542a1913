#!/usr/bin/env python3
"""The widening passes of the photos search, for a model whose chosen setting sits on an edge.

    python3 tests/sweeps/widen.py OUT MODEL ROUND AXIS...

AXIS: the --grid texts of the first pass ("embed_dim+hidden_dim=64..384:log"). ROUND 1 reads
OUT/MODEL.json (`compare --format json` of the first pass): where a chosen value is the smallest
or largest its axis tried, it prints the --grid argument of three settings further out along that
axis (×1.5, ×2.25, ×3.4 of the chosen value, or the same divisions), writes the other chosen
settings to OUT/MODEL-wide1-config.json for --config, and notes the axis and direction in
OUT/MODEL-wide-state.json. ROUND k > 1 reads OUT/MODEL-wide{k-1}.json and goes on only while the
best of the last round is its outermost value and its validation interval lies clear above the
choice of the round before (a gain inside the seeds' noise stops the widening). Prints nothing when there is nothing to widen.
"""
import json
import os
import sys

STEPS = (1.5, 2.25, 3.4)


def read(path):
    with open(path) as f:
        return json.load(f)


def write(path, value):
    with open(path, "w") as f:
        json.dump(value, f)


def clear_of(chosen, before):
    """Whether the last round's choice lies clear above the one before it (its validation rsum
    interval above the other's): a gain inside the seeds' noise is no reason to go further out."""
    return chosen["validation"]["ci_low"] > before["validation"]["ci_high"]


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__)
    out, model, round_ = argv[1], argv[2], int(argv[3])
    axes = [text.split("=", 1)[0].split("+") for text in argv[4:]]
    state_path = os.path.join(out, f"{model}-wide-state.json")
    if round_ == 1:
        chosen = read(os.path.join(out, f"{model}.json"))["chosen"][0]
        settings = dict(chosen["sweep"])
        for keys in axes:
            edge = next((e for e in chosen["edges"] if e.split(" = ")[0] in keys), None)
            if edge:
                state = {"keys": keys, "larger": edge.endswith("the largest tried")}
                break
        else:
            return
    else:
        if not os.path.exists(state_path):
            return
        state = read(state_path)
        previous = read(os.path.join(out, f"{model}-wide{round_ - 1}.json"))
        last = previous["chosen"][0]
        edge = f'the {"largest" if state["larger"] else "smallest"} tried'
        if not any(e.split(" = ")[0] in state["keys"] and e.endswith(edge) for e in last["edges"]):
            return
        before = read(os.path.join(out, f"{model}-wide{round_ - 2}.json" if round_ > 2 else f"{model}.json"))["chosen"][0]
        if not clear_of(last, before):
            return
        settings = dict(read(os.path.join(out, f"{model}-wide{round_ - 1}-config.json")), **last["sweep"])
    keys = state["keys"]
    value = settings[keys[0]]
    integer = keys[0].endswith("_dim")
    values = []
    for step in STEPS:
        v = value * step if state["larger"] else value / step
        values.append(str(round(v)) if integer else f"{v:.3g}")
    write(os.path.join(out, f"{model}-wide{round_}-config.json"), {k: v for k, v in settings.items() if k not in keys})
    write(state_path, state)
    print(f'{"+".join(keys)}={",".join(values)}')


if __name__ == "__main__":
    main(sys.argv)
