#!/usr/bin/env bash
# Installs the Debian 12 packages Groundscope needs to build, test and run.
# Idempotent: apt-get skips what is already installed. Uses sudo when not root.
set -euo pipefail

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build ccache pkg-config
  # Qt 6: Widgets, Test, Concurrent, Svg, LinguistTools
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-svg-dev qt6-translations-l10n libgl-dev
  # plotting
  libqcustomplot-dev
  # engine: LibTorch, a fast BLAS for it, OpenCV with contrib (ximgproc), Boost.Graph, Link Grammar
  libtorch-dev libopenblas0-openmp
  libopencv-dev libopencv-contrib-dev
  libboost-graph-dev
  liblink-grammar-dev link-grammar-dictionaries-en
  # WordNet 3.0's noun hierarchy: which ImageNet classes a phrase's head noun covers (label prior)
  wordnet-base
  # tokenizers of imported text encoders
  libsentencepiece-dev
  # approximate nearest neighbours for UMAP on large maps (header-only)
  libhnswlib-dev
  # FFT-accelerated t-SNE (FIt-SNE interpolation) and FAISS retrieval indexes
  libfftw3-dev libfaiss-dev
  # data-parallel training: the Gloo headers LibTorch's c10d ProcessGroupGloo includes
  libgloo-dev
  # packaging checks: the .desktop and AppStream validators (tst_packaging)
  desktop-file-utils appstream
  # reliability: clang with libFuzzer and the sanitizer runtimes, OpenMP for clang (FAISS),
  # python3 for tests/reliability/*.py
  clang libclang-rt-dev libomp-dev python3
  # headless GUI runs and screenshots
  xvfb xauth x11-apps
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

echo "install-deps: installing ${#missing[@]} packages: ${missing[*]}"
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
