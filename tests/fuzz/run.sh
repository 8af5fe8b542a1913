#!/usr/bin/env bash
# Fuzzes every harness for SECONDS each (libFuzzer; build them first with the asan-ubsan preset:
#   cmake --preset asan-ubsan && cmake --build --preset asan-ubsan --target fuzzers).
#   bash tests/fuzz/run.sh SECONDS [--build DIR] [--jobs N] [--record] [HARNESS...]
# Each harness starts from its committed corpus (tests/fuzz/corpus/<harness>) and keeps what it
# finds in DIR/fuzz-work/<harness>/corpus. A crash leaves its input in DIR/fuzz-work/<harness>/
# (crash-*, leak-*, timeout-*, oom-*) and makes the script exit 1; copy it into the committed corpus
# as regress-<what> once fixed. --jobs: harnesses run side by side (default: the number of cores).
# --record: append one row per harness to tests/fuzz/ledger.tsv (date, commit, harness, CPU seconds,
# executions, crashes), the figures docs/reliability.md sums (tests/fuzz/report.py).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:?usage: run.sh SECONDS [--build DIR] [--jobs N] [--record] [HARNESS...]}
shift
build=$root/build-asan
jobs=$(nproc)
record=0
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --record) record=1; shift ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in "$here"/fuzz_*.cpp; do n=$(basename "$f" .cpp); harnesses+=("${n#fuzz_}"); done
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:detect_odr_violation=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
work=$build/fuzz-work
mkdir -p "$work"
export XDG_CACHE_HOME=$work/home/cache XDG_CONFIG_HOME=$work/home/config

fuzz_one() {
  local h=$1 bin=$build/tests/fuzz/fuzz_$1 dir=$work/$1
  [ -x "$bin" ] || { echo "run.sh: $bin is not built (cmake --build --preset asan-ubsan --target fuzzers)" >&2; return 2; }
  mkdir -p "$dir/corpus"
  local before; before=$(find "$dir" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'oom-*' -o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'leak-*' | wc -l)
  local status=0
  "$bin" "$dir/corpus" "$here/corpus/$h" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$dir/" > "$dir/log.txt" 2>&1 || status=$?
  local after; after=$(find "$dir" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'oom-*' -o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'leak-*' | wc -l)
  local execs; execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log.txt" | tail -1)
  local crashes=$((after - before))
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    "$h" "$seconds" "${execs:-0}" "$crashes" > "$dir/row.tsv"
  if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
    echo "FAIL $h: exit $status, $crashes new finding(s) in $dir; the log's end:"
    tail -25 "$dir/log.txt"
    return 1
  fi
  echo "ok   $h: ${execs:-0} executions in $seconds s, no crash"
}
export -f fuzz_one
export build work here root seconds

failed=0
printf '%s\n' "${harnesses[@]}" | xargs -P "$jobs" -I{} bash -c 'fuzz_one {}' || failed=1
for h in "${harnesses[@]}"; do
  [ -f "$work/$h/row.tsv" ] || continue
  cat "$work/$h/row.tsv" >> "$work/ledger.tsv"
  [ "$record" -eq 1 ] && cat "$work/$h/row.tsv" >> "$here/ledger.tsv"
done
exit $failed
