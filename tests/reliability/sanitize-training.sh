#!/usr/bin/env bash
# Model training under AddressSanitizer and UndefinedBehaviorSanitizer: the stage CI leaves out,
# because training instrumented takes 3-5 times its normal time. Run it before resolving a change
# to core/training or core/models:
#   bash tests/reliability/sanitize-training.sh
# What runs (asan-ubsan preset, the same flags as tests/reliability/sanitize.sh):
#  - tst_trainer: every model family trained on small synthetic data until it beats chance, plus
#    a cancelled run resumed to the uninterrupted result;
#  - tst_traininghooks and tst_runcomparison: the training loop's hooks and a run comparison;
#  - tst_conceptcnn: the concept CNN trained on a small Scenes demo, probed for its labels;
#  - tst_attribution and tst_contrastsets: gradients through trained models, and contrast sets;
#  - tst_distributed: two worker processes, and a killed worker whose run resumes;
#  - tst_faults' training cases: 20 SIGKILLs during a run and a full disk while a checkpoint is
#    written, each resumed to the uninterrupted result.
# Results: each test's line, dated and with the commit, appended to
# tests/reliability/sanitize-training-ledger.tsv (tests/reliability/report.py puts the runs in
# docs/reliability.md), and the exit status.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
CTEST_TESTS=(tst_trainer tst_traininghooks tst_runcomparison tst_distributed tst_conceptcnn tst_attribution tst_contrastsets)
FAULT_CASES=(killedTrainingReachesTheUninterruptedResult fullDiskKeepsThePreviousCheckpoint)

start=$(date +%s)
# The commit the tests are built from, "+changes" when the tracked files differ from it.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit+changes"
cmake --preset asan-ubsan > /dev/null
cmake --build --preset asan-ubsan -j"$(nproc)" --target groundscope-cli tst_faults "${CTEST_TESTS[@]}"
echo "sanitize-training.sh: build took $(( $(date +%s) - start )) s"

out=build-asan/reliability
mkdir -p "$out"
status=0
regex="^($(IFS='|'; echo "${CTEST_TESTS[*]}"))\$"
ctest --preset asan-ubsan -j"$(nproc)" -R "$regex" --output-junit "$root/$out/training-ctest.xml" || status=1

# tst_faults' other cases (parsing and extracting thousands of images) are not training; its two
# training cases run alone, in the environment ctest would give them.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
fault_start=$(date +%s)
fault_result=passed
env XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" XDG_DATA_HOME="$home/data" \
    QTEST_FUNCTION_TIMEOUT=3000000 GS_THREADS=1 \
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:detect_odr_violation=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    build-asan/tests/cli/tst_faults "${FAULT_CASES[@]}" || { fault_result=failed; status=1; }
fault_seconds=$(( $(date +%s) - fault_start ))

python3 - "$out/training-ctest.xml" tests/reliability/sanitize-training-ledger.tsv "$commit" "$fault_result" "$fault_seconds" "${FAULT_CASES[*]}" <<'PY'
import datetime, os, sys, xml.etree.ElementTree as ET
xml_path, ledger, commit, fault_result, fault_seconds, fault_cases = sys.argv[1:7]
today = datetime.date.today().isoformat()
rows = []
for c in ET.parse(xml_path).getroot().iter('testcase'):
    result = 'failed' if c.find('failure') is not None else 'skipped' if c.find('skipped') is not None else 'passed'
    rows.append((c.get('name'), result, float(c.get('time', 0))))
rows.append((f"tst_faults ({', '.join(fault_cases.split())})", fault_result, float(fault_seconds)))
fresh = not os.path.exists(ledger)
with open(ledger, 'a') as out:
    if fresh:
        out.write('date\tcommit\ttest\tresult\tseconds\n')
    for name, result, seconds in rows:
        out.write(f"{today}\t{commit}\t{name}\t{result}\t{seconds:.1f}\n")
PY
echo "sanitize-training.sh: done in $(( $(date +%s) - start )) s, exit $status"
exit $status
