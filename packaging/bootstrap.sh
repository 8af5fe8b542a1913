#!/usr/bin/env bash
# The README's two commands:
#   bash packaging/bootstrap.sh run   installs, builds, and runs the main job: the GUI where there is
#                                     a display, the same pipeline headless (groundscope-cli demo) where not
#   bash packaging/bootstrap.sh test  installs, builds, and runs the tests with ctest (all but label soak)
# Extra arguments after `run` go to the program. BUILD_DIR overrides the build folder (default: build).
set -euo pipefail

mode=${1:-}
case "$mode" in
  run|test) shift ;;
  *) echo "usage: bash packaging/bootstrap.sh run|test [ARGS...]" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
jobs=$(nproc)

bash "$root/packaging/install-deps.sh"

start=$(date +%s)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j"$jobs"
echo "bootstrap: build took $(( $(date +%s) - start )) s on $jobs cores"

if [ "$mode" = test ]; then
  cd "$build"
  # Tests labelled soak (a second seed of the longest model test) run with `ctest -L soak`.
  exec ctest --output-on-failure -j"$jobs" -LE soak
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$build/app/groundscope" "$@"
else
  echo "bootstrap: no display; running the demo pipeline headless"
  exec "$build/app/groundscope-cli" demo "$@"
fi
