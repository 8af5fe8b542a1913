#!/usr/bin/env bash
# The reliability stage CI runs after the README's test command:
#  1. builds the asan-ubsan preset (clang; AddressSanitizer + UndefinedBehaviorSanitizer +
#     _GLIBCXX_ASSERTIONS; libFuzzer coverage) for the core tests below and the fuzz harnesses,
#  2. runs those tests and every harness's corpus replay under the sanitizers,
#  3. fuzzes each harness for GS_FUZZ_SECONDS (default 10) seconds.
# Results: build-asan/reliability/sanitizers.tsv (for tests/reliability/report.py) and the exit status.
# The subset: the core tests that read files and compute without training models (training under
# ASan takes 3-5 times its normal time, past CI's budget; run `ctest --preset asan-ubsan` on a full
# build of the preset for all of them).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
SUBSET=(tst_io tst_npy tst_datasets tst_tree tst_parser tst_runfolder tst_retrievalmetrics tst_rankedlist
        tst_engine tst_vectorindex tst_tsne tst_umap tst_grounding tst_modelregistry tst_runtime tst_contrastedits)
regex="^($(IFS='|'; echo "${SUBSET[*]}"))\$|^fuzz\\."

start=$(date +%s)
cmake --preset asan-ubsan > /dev/null
cmake --build --preset asan-ubsan -j"$(nproc)" --target fuzzers "${SUBSET[@]}"
echo "sanitize.sh: build took $(( $(date +%s) - start )) s"

mkdir -p build-asan/reliability
status=0
ctest --preset asan-ubsan -j"$(nproc)" -R "$regex" --output-junit "$root/build-asan/reliability/ctest.xml" || status=1
python3 - "$root/build-asan/reliability/ctest.xml" "$root/build-asan/reliability/sanitizers.tsv" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter('testcase')
with open(sys.argv[2], 'w') as out:
    out.write('test\tresult\tseconds\n')
    for c in cases:
        result = 'failed' if c.find('failure') is not None else 'skipped' if c.find('skipped') is not None else 'passed'
        out.write(f"{c.get('name')}\t{result}\t{float(c.get('time', 0)):.1f}\n")
PY
bash tests/fuzz/run.sh "${GS_FUZZ_SECONDS:-10}" || status=1
echo "sanitize.sh: done in $(( $(date +%s) - start )) s, exit $status"
exit $status
