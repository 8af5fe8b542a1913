#!/usr/bin/env bash
# The window under the seeded monkey (tests/app/tst_monkey.cpp), at length:
#   bash tests/reliability/monkey.sh [--build build|build-asan] [--seeds 1,2,3,4,5] [--actions 2000] [--record]
# Runs tst_monkey of the given build (built first) once per seed, offscreen, with its own settings
# and cache folders. A crash, a sanitizer report, an action that does not come back, an event-loop
# gap past the bound, a job left running or a torn file fails it, and the seed is printed: replay
# with --seeds SEED. --record appends each seed's figures, dated, to tests/reliability/monkey-ledger.tsv,
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

cmake --build "$build" --target tst_monkey > /dev/null
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
figures="$build/reliability/monkey.tsv"
rm -f "$figures"
status=0
IFS=',' read -ra seed_list <<< "$seeds"
for seed in "${seed_list[@]}"; do
  echo "monkey.sh: seed $seed, $actions actions ($build)"
  env QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$home/$seed/config" XDG_CACHE_HOME="$home/$seed/cache" \
      XDG_DATA_HOME="$home/$seed/data" QTEST_FUNCTION_TIMEOUT=7200000 \
      GS_MONKEY_SEEDS="$seed" GS_MONKEY_ACTIONS="$actions" \
      ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:detect_odr_violation=0 \
      UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$build/tests/app/tst_monkey" || { echo "monkey.sh: seed $seed FAILED (replay: --seeds $seed --actions $actions)"; status=1; }
done

if [ "$record" = 1 ] && [ -f "$figures" ]; then
  ledger=tests/reliability/monkey-ledger.tsv
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  [ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit+changes"
  [ -f "$ledger" ] || printf 'date\tcommit\tbuild\tseed\tactions\tseconds\tlongest_gap_ms\tlongest_gap_action\tdialogs\tfiles_saved\tresult\n' > "$ledger"
  result=$([ $status = 0 ] && echo passed || echo failed)
  tail -n +2 "$figures" | while IFS= read -r row; do
    printf '%s\t%s\t%s\t%s\n' "$(date +%F)" "$commit" "$row" "$result" >> "$ledger"
  done
  echo "monkey.sh: recorded in $ledger"
fi
exit $status
