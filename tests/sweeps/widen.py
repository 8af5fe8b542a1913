#!/usr/bin/env python3
"""The widening pass of the photos search, for a model whose chosen setting sits on an edge.

    python3 tests/sweeps/widen.py SWEEP.json CONFIG_OUT.json AXIS...

SWEEP.json is `compare --format json` of the first pass; AXIS the --grid texts it used
("embed_dim+hidden_dim=64..384:log"). Where a chosen value is the smallest or largest its axis
tried, prints the --grid argument of three settings further out along that axis (×1.5, ×2.25,
×3.4, or the same divisions) and writes the other chosen settings to CONFIG_OUT.json for
--config; prints nothing when no value is on an edge. Only the first edge axis is widened.
"""
import json
import sys

STEPS = (1.5, 2.25, 3.4)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    with open(argv[1]) as f:
        chosen = json.load(f)["chosen"][0]
    axes = [text.split("=", 1)[0].split("+") for text in argv[3:]]
    for keys in axes:
        edge = next((e for e in chosen["edges"] if e.split(" = ")[0] in keys), None)
        if edge is None:
            continue
        value = chosen["sweep"][keys[0]]
        larger = edge.endswith("the largest tried")
        integer = all(float(chosen["sweep"][k]).is_integer() for k in keys) and keys[0].endswith("_dim")
        values = []
        for step in STEPS:
            v = value * step if larger else value / step
            values.append(str(round(v)) if integer else f"{v:.3g}")
        config = {k: v for k, v in chosen["sweep"].items() if k not in keys}
        with open(argv[2], "w") as f:
            json.dump(config, f)
        print(f'{"+".join(keys)}={",".join(values)}')
        return


if __name__ == "__main__":
    main(sys.argv)
