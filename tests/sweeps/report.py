#!/usr/bin/env python3
"""The photos search's table, from what tests/sweeps/photos.sh wrote.

    python3 tests/sweeps/report.py OUT [MODEL...]            # the Markdown table of docs/comparing.md
    python3 tests/sweeps/report.py OUT --settings [MODEL...]  # the chosen settings as JSON
    python3 tests/sweeps/report.py OUT --preset [MODEL...]    # docs/configs/photos.json

Per model: the setting chosen on validation (over the first pass and, where there is one, the
widening pass), its validation and test rsum (mean ± std over the
seeds with the bootstrap interval of the mean), and the defaults' over the same seeds. Then which
models' test intervals lie apart, the only differences the seeds resolve.
"""
import json
import os
import sys

ORDER = ["cca", "bow", "rnn", "lstm", "chargru", "ctrnn", "dtrnn", "sdtrnn", "dtlstm", "hmlstm"]
SIZE_KEYS = ("word_dim", "hidden_dim")  # tied to embed_dim in the search; shown once


def varies(s):
    return s["n"] > 1 and s["std"] > 1e-9 * max(1.0, abs(s["mean"]))


def summary(s):
    if varies(s):
        return f'{s["mean"]:.1f} ± {s["std"]:.1f} [{s["ci_low"]:.1f}, {s["ci_high"]:.1f}]'
    if "image_interval" in s:
        low, high = s["image_interval"]
        return f'{s["mean"]:.1f} [{low:.1f}, {high:.1f}] (one value over seeds; interval over the test images)'
    return f'{s["mean"]:.1f} (one value over seeds)'


def image_half_width(runs, group_name):
    """The mean half-width of the chosen runs' test rsum intervals over the test images: how far
    another draw of 125 test photos could move one run."""
    widths = [(run["test_intervals"]["rsum"]["high"] - run["test_intervals"]["rsum"]["low"]) / 2 for run in runs
              if os.path.basename(run.get("run", "")).startswith(group_name + "-e") and "test_intervals" in run]
    return sum(widths) / len(widths) if widths else 0.0


def with_image_interval(summary_, runs, group_name):
    """A group whose seeds all give one value (CCA) is compared by its test rsum's interval over the
    test images, as compare does."""
    if varies(summary_):
        return summary_
    for run in runs:
        if os.path.basename(run.get("run", "")).startswith(group_name + "-e") and "test_intervals" in run:
            rsum = run["test_intervals"]["rsum"]
            return dict(summary_, ci_low=rsum["low"], ci_high=rsum["high"], image_interval=(rsum["low"], rsum["high"]))
    return summary_


def setting_text(sweep):
    parts = []
    for key, value in sweep.items():
        if key in SIZE_KEYS and "embed_dim" in sweep:
            continue
        parts.append(f"{key} {value:g}" if isinstance(value, (int, float)) else f"{key} {value}")
    return ", ".join(parts)


def read(out, name):
    with open(os.path.join(out, name + ".json")) as f:
        return json.load(f)


def choice(out, model):
    """The first pass's choice, or a widening round's where that did better on validation (its
    settings are the round's config with the widened ones replaced). A choice is on an edge when it
    is the outermost value of the last round, or of the first pass when nothing was widened."""
    sweep = read(out, model)
    chosen = dict(sweep["chosen"][0])
    tried = chosen["settings"]
    rounds = 0
    while os.path.exists(os.path.join(out, f"{model}-wide{rounds + 1}.json")):
        rounds += 1
        wide = read(out, f"{model}-wide{rounds}")
        tried += wide["chosen"][0]["settings"]
        if wide["chosen"][0]["validation"]["mean"] > chosen["validation"]["mean"]:
            with open(os.path.join(out, f"{model}-wide{rounds}-config.json")) as f:
                settings = json.load(f)
            chosen = dict(wide["chosen"][0])
            chosen["sweep"] = dict(settings, **chosen["sweep"])
            chosen["round"] = rounds
            sweep = wide
    if rounds:
        with open(os.path.join(out, f"{model}-wide-state.json")) as f:
            state = json.load(f)
        outward = f'the {"largest" if state["larger"] else "smallest"} tried'
        last = chosen.get("round") == rounds
        chosen["edges"] = [e for e in chosen["edges"] if last and e.endswith(outward)] + \
                          [e for e in chosen["edges"] if chosen.get("round") is None and e.split(" = ")[0] not in state["keys"]]
    chosen["settings"] = tried
    return chosen, sweep["runs"]


def load(out, model):
    chosen, runs = choice(out, model)
    defaults = read(out, model + "-defaults")
    group = defaults["groups"][0]
    sweep = {"runs": runs}
    return {"model": model, "sweep": chosen["sweep"], "settings": chosen["settings"], "edges": chosen["edges"],
            "validation": chosen["validation"], "test": with_image_interval(chosen["test"], sweep["runs"], chosen["group"]),
            "image_half_width": image_half_width(runs, chosen["group"]),
            "default_validation": group["validation"]["rsum"],
            "default_test": with_image_interval(group["test"]["rsum"], defaults["runs"], group["name"])}


def preset_document(rows):
    """docs/configs/photos.json: the search, each model's chosen settings and their figures."""
    return {
        "preset": "photos",
        "search": "tests/sweeps/photos.sh on the 1,000 Flickr8k photos (official split: 753 train, 113 validation, "
                  "125 test; MobileNetV2 int8 features): per model a Latin hypercube of six settings over the learning "
                  "rate, margin, size and L2 regularisation (HM-LSTM: three), three seeds each, the setting of best "
                  "mean validation rsum chosen, widened in rounds of three while the outermost value won clear of the "
                  "previous round (up to three rounds; one for the char-GRU, whose cost grows with the square of its size)",
        "models": [r["model"] for r in rows],
        "settings_by_model": {r["model"]: r["sweep"] for r in rows},
        "figures": {r["model"]: {"settings_tried": r["settings"],
                                 "validation_rsum": summary(r["validation"]),
                                 "test_rsum": summary(r["test"]),
                                 "defaults_validation_rsum": summary(r["default_validation"]),
                                 "defaults_test_rsum": summary(r["default_test"])} for r in rows},
        "chosen_here": {
            "every value": "chosen on the validation split; the test figures took no part",
            "epochs, optimiser, batch size": "each model's defaults (not searched)",
        },
    }


def apart(a, b):
    return a["ci_high"] < b["ci_low"] or b["ci_high"] < a["ci_low"]


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    out, rest = argv[1], argv[2:]
    settings_only = "--settings" in rest
    models = [m for m in rest if not m.startswith("--")] or ORDER
    rows = [load(out, m) for m in models if os.path.exists(os.path.join(out, m + ".json"))]
    if settings_only:
        print(json.dumps({r["model"]: r["sweep"] for r in rows}, indent=2))
        return
    if "--preset" in rest:
        print(json.dumps(preset_document(rows), indent=2, ensure_ascii=False))
        return
    print("| model | chosen setting (of N) | validation rsum | test rsum | defaults: validation rsum | defaults: test rsum |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        edge = " ‡" if r["edges"] else ""
        print(f'| {r["model"]} | {setting_text(r["sweep"])} ({r["settings"]}){edge} | {summary(r["validation"])} | '
              f'{summary(r["test"])} | {summary(r["default_validation"])} | {summary(r["default_test"])} |')
    print()
    print("‡ a chosen value is the smallest or largest tried:", "; ".join(f'{r["model"]}: {", ".join(r["edges"])}' for r in rows if r["edges"]) or "none")
    ranked = sorted(rows, key=lambda r: -r["test"]["mean"])
    print()
    print("Test rsum intervals apart (all other pairs overlap: the seeds do not tell them apart); 'clear' where the")
    print("difference also exceeds the test images' half-interval of either model (another 125 test photos):")
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            if apart(a["test"], b["test"]):
                difference = a["test"]["mean"] - b["test"]["mean"]
                clear = difference > max(a["image_half_width"], b["image_half_width"])
                print(f'- {a["model"]} {a["test"]["mean"]:.1f} > {b["model"]} {b["test"]["mean"]:.1f} '
                      f'(by {difference:.1f}; test images ±{a["image_half_width"]:.0f} / ±{b["image_half_width"]:.0f}){" clear" if clear else ""}')
    print()
    print("Chosen against the defaults on validation (intervals apart?):")
    for r in rows:
        spread = varies(r["validation"]) and varies(r["default_validation"])
        verdict = (" (apart)" if apart(r["validation"], r["default_validation"]) else " (overlapping)") if spread else " (no interval)"
        print(f'- {r["model"]}: {r["validation"]["mean"]:.1f} vs {r["default_validation"]["mean"]:.1f}{verdict}')


if __name__ == "__main__":
    main(sys.argv)
