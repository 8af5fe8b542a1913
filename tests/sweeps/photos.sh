#!/usr/bin/env bash
# The `photos` preset's search: every model's settings chosen by the same random search on a photo
# dataset's validation split, three seeds per setting, and each model's defaults over the same
# seeds beside it. Hours on two cores (docs/comparing.md, "Fair settings for photos", gives the
# figures): not part of CI. Runs already complete in OUT are kept, so a stopped search resumes.
#   bash tests/sweeps/photos.sh DATASET BACKBONE OUT [MODEL...]
#   e.g. bash tests/sweeps/photos.sh ~/data/flickr8k onnx:mobilenetv2-12-int8.onnx ~/sweeps/photos dtrnn bow
# Writes, per model, OUT/<model>.json (the search: validation figures, the chosen setting and its
# test figures), OUT/<model>-defaults.json (the defaults over the same seeds) and, where the chosen
# value of a setting was the smallest or largest tried, OUT/<model>-wide1.json (three settings
# further out along that setting, the others as chosen; up to three rounds, one for the char-GRU,
# while the outermost keeps winning); each with its text table (.txt).
# tests/sweeps/report.py OUT builds the table from them. GROUNDSCOPE_CLI names the program
# (default: groundscope-cli on PATH, else build/app/groundscope-cli).
set -euo pipefail

data=${1:?usage: photos.sh DATASET BACKBONE OUT [MODEL...]}
backbone=${2:?usage: photos.sh DATASET BACKBONE OUT [MODEL...]}
out=${3:?usage: photos.sh DATASET BACKBONE OUT [MODEL...]}
shift 3
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cli=${GROUNDSCOPE_CLI:-$(command -v groundscope-cli || echo "$root/build/app/groundscope-cli")}
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(cca rnn bow dtrnn sdtrnn ctrnn dtlstm hmlstm chargru lstm)

# The same budget for every model: six settings of a Latin hypercube (every sixth of every range
# tried once; the same points wherever the axes are the same), three seeds each, then three more
# settings (per round, at most three) where a chosen value lies on its range's edge. The axes are the learning rate, the
# margin, the size of the joint space (with the sizes the model needs equal to it) and the L2
# regularisation λ; no model here has dropout. Ranges span the defaults and the papers' values. The
# HM-LSTM, the slowest, gets three settings.
seeds=1,2,3
trials=6
socher=(learning_rate=0.003..0.1:log margin=0.3..10:log word_dim+hidden_dim+embed_dim=25..150:log regularisation=1e-6..1e-3:log)
axes_of() {
  case "$1" in
    bow|rnn|ctrnn|dtrnn|sdtrnn|dtlstm) printf '%s\n' "${socher[@]}" ;;
    lstm) printf '%s\n' learning_rate=3e-4..1e-2:log margin=0.05..0.5:log embed_dim+hidden_dim=64..384:log regularisation=1e-7..1e-4:log ;;
    chargru) printf '%s\n' lr_max=3e-4..1e-2:log margin=0.05..0.5:log hidden_dim=64..256:log regularisation=1e-7..1e-4:log ;;
    hmlstm) printf '%s\n' learning_rate=1e-3..2e-2:log margin=0.05..0.5:log embed_dim+hidden_dim=128..384:log regularisation=1e-7..1e-4:log ;;
    cca) printf '%s\n' cca_regularisation=1e-5..1e-1:log embed_dim=25..400:log ;;
    *) echo "photos.sh: no search for model '$1'" >&2; return 1 ;;
  esac
}
trials_of() { [ "$1" = hmlstm ] && echo 3 || echo "$trials"; }
# The char-GRU's cost grows with the square of its size (a 741-unit run takes 11-13 minutes an
# epoch, three runs sharing two cores): a second round of widening (1.5-3.4 times a size past 700)
# would take days on two cores, so it stops after one round; report.py flags a choice on its edge.
rounds_of() { [ "$1" = chargru ] && echo 1 || echo 3; }

# With PHOTOS_JOBS=N (N > 1), each seed's runs are first trained by a compare of its own, N at a
# time (runs are single-threaded under GS_THREADS=1; each seed's runs lie in their own folders), and
# the compare over all seeds then finds them complete. Their own tables are not kept.
jobs=${PHOTOS_JOBS:-1}
train_seeds_apart() {
  [ "$jobs" -gt 1 ] || return 0
  local seed running=0
  for seed in ${seeds//,/ }; do
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
    "$cli" compare "$@" --seeds "$seed" > /dev/null 2>&1 &
    running=$((running + 1))
  done
  wait || true
}

# compare twice: the text table, then the JSON (the second reads the runs the first trained).
# Exit status 1 means some settings failed (diverged): they stay in the table, never chosen.
compare_both() {
  local name=$1 status=0
  shift
  train_seeds_apart "$@"
  set -- "$@" --seeds "$seeds"
  "$cli" compare "$@" > "$out/$name.txt" || status=$?
  [ "$status" -le 1 ] || return "$status"
  "$cli" compare "$@" --format json > "$out/$name.json" || status=$?
  [ "$status" -le 1 ] || return "$status"
}

mkdir -p "$out"
for model in "${models[@]}"; do
  mapfile -t axes < <(axes_of "$model")
  grid=()
  for axis in "${axes[@]}"; do grid+=(--grid "$axis"); done
  common=(--dataset "$data" --backbone "$backbone" --models "$model" --out "$out/$model")
  echo "== $model: defaults over seeds $seeds"
  compare_both "$model-defaults" "${common[@]}"
  echo "== $model: $(trials_of "$model") settings × seeds $seeds"
  compare_both "$model" "${common[@]}" "${grid[@]}" --trials "$(trials_of "$model")"
  for round in $(seq 1 "$(rounds_of "$model")"); do
    wide=$(python3 "$root/tests/sweeps/widen.py" "$out" "$model" "$round" "${axes[@]}")
    [ -n "$wide" ] || break
    echo "== $model: on an edge, three more settings (round $round): $wide"
    compare_both "$model-wide$round" "${common[@]}" --config "$out/$model-wide$round-config.json" --grid "$wide"
  done
done
