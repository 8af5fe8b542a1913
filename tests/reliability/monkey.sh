#!/usr/bin/env bash
# The window under the seeded monkey (tests/app/tst_monkey.cpp), at length:
#   bash tests/reliability/monkey.sh [--build build|build-asan] [--seeds 1,2,3,4,5] [--actions 2000] [--record]
# Runs tst_monkey of the given build (built first) once per seed, offscreen, with its own settings
# and cache folders. A crash, a sanitizer report, an action that does not come back, an event-loop
# gap past the bound, a job left running or a torn file fails it, and the seed is printed: replay
# with --seeds SEED; every action of each seed is in BUILD/reliability/monkey-seed-SEED.log (jobs end
# on their own threads, so a replay takes the same actions but not always the same timing).
# --record appends each seed's figures, dated, to tests/reliability/monkey-ledger.tsv,
# which tests/reliability/report.py puts in docs/reliability.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
build=build seeds=1,2,3,4,5 actions=2000 record=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --actions) actions=$2; shift 2 ;;
    --record) record=1; shift ;;
    *) echo "monkey.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

# The commit the program is built from, "+changes" when the tracked files differ from it.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit+changes"
cmake --build "$build" --target tst_monkey > /dev/null
# Alone on the machine, an action and what it sets off may hold the event loop this long.
case "$build" in *asan*) gap_ms=15000 ;; *) gap_ms=4000 ;; esac
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
figures="$build/reliability/monkey.tsv"
mkdir -p "$build/reliability"
rm -f "$figures"
status=0
IFS=',' read -ra seed_list <<< "$seeds"
for seed in "${seed_list[@]}"; do
  echo "monkey.sh: seed $seed, $actions actions ($build)"
  env QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$home/$seed/config" XDG_CACHE_HOME="$home/$seed/cache" \
      XDG_DATA_HOME="$home/$seed/data" QTEST_FUNCTION_TIMEOUT=7200000 \
      GS_MONKEY_SEEDS="$seed" GS_MONKEY_ACTIONS="$actions" GS_MONKEY_TRACE=1 GS_MONKEY_GAP_MS="$gap_ms" \
      ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:detect_odr_violation=0 \
      UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$build/tests/app/tst_monkey" > "$build/reliability/monkey-seed-$seed.log" 2>&1 || {
    grep -v '^monkey ' "$build/reliability/monkey-seed-$seed.log" | tail -n 60
    grep '^monkey ' "$build/reliability/monkey-seed-$seed.log" | tail -n 15
    echo "monkey.sh: seed $seed FAILED (every action in $build/reliability/monkey-seed-$seed.log; replay: --seeds $seed --actions $actions)"
    status=1
  }
  grep -a 'longest event-loop gap' "$build/reliability/monkey-seed-$seed.log" | sed 's/^QINFO *: [^)]*) //' || true
done

if [ "$record" = 1 ] && [ -f "$figures" ]; then
  ledger=tests/reliability/monkey-ledger.tsv
  [ -f "$ledger" ] || printf 'date\tcommit\tbuild\tseed\tactions\tseconds\tlongest_gap_ms\tlongest_gap_action\tdialogs\tfiles_saved\tresult\n' > "$ledger"
  result=$([ $status = 0 ] && echo passed || echo failed)
  tail -n +2 "$figures" | while IFS= read -r row; do
    printf '%s\t%s\t%s\t%s\n' "$(date +%F)" "$commit" "$row" "$result" >> "$ledger"
  done
  echo "monkey.sh: recorded in $ledger"
fi
exit $status
