#!/usr/bin/env bash
# The window over hours of use (tests/app/tst_soak.cpp), at length:
#   bash tests/reliability/soak.sh [--build build] [--minutes 60] [--record]
# Runs tst_soak of the given build (built first) offscreen for the given minutes: a session's cycle
# (open the dataset, train a run from the Training dock, open it, lay the map out by t-SNE, type into
# the Caption lab, close the run and the dataset) repeated, resident memory, open file descriptors
# and threads sampled after every step and every minute. It fails when memory grew by more than 5 %
# after the first cycle or descriptors or threads grew at all. The samples and their plot are left in
# BUILD/reliability/soak/ (soak.tsv, soak.png). --record appends the run's figures, dated, to
# tests/reliability/soak-ledger.tsv and copies the plot to docs/figures/soak.png, which
# tests/reliability/report.py puts in docs/reliability.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
build=build minutes=60 record=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --minutes) minutes=$2; shift 2 ;;
    --record) record=1; shift ;;
    *) echo "soak.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit+changes"
cmake --build "$build" --target tst_soak > /dev/null
out="$build/reliability/soak"
mkdir -p "$out"
result=passed
# The test's own time limit (QTEST_FUNCTION_TIMEOUT, 5 minutes by default) set past the soak's.
QTEST_FUNCTION_TIMEOUT=$(( (minutes + 10) * 60000 )) GS_SOAK_MINUTES="$minutes" GS_SOAK_OUT="$root/$out" QT_QPA_PLATFORM=offscreen "$build/tests/app/tst_soak" > "$out/log.txt" 2>&1 || result=failed
grep -E "soak:|FAIL" "$out/log.txt" || true
if [ "$record" = 1 ]; then
  python3 tests/reliability/soakrecord.py "$out/soak.tsv" "$commit" "$result" "$minutes"
  mkdir -p docs/figures
  cp "$out/soak.png" docs/figures/soak.png
  echo "soak.sh: recorded in tests/reliability/soak-ledger.tsv; plot in docs/figures/soak.png"
fi
[ "$result" = passed ]
