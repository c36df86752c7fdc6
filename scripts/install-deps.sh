#!/usr/bin/env bash
# Installs what tanbo needs to build, test, fuzz and document itself, from Debian 12 packages
# only (nothing is downloaded at build time). Skips apt entirely when everything is present.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config           # build
  clang clang-14 libclang-rt-14-dev          # clang build, libFuzzer, sanitizers
  llvm-14                                    # llvm-cov, llvm-profdata (scripts/coverage.sh)
  catch2 librapidcheck-dev                   # unit tests, property tests
  libcli11-dev nlohmann-json3-dev            # the tanbo CLI
  libbenchmark-dev                           # micro-benchmarks
  doxygen graphviz                           # API reference and rules pages
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
