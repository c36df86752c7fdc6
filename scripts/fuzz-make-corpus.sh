#!/usr/bin/env bash
# Regenerates the checked-in seed corpora fuzz/corpus/{differential,notation,position,record}
# with the deterministic generator fuzz/make_corpus.cpp (it overwrites its own files and leaves
# any other file, e.g. inputs merged in by scripts/fuzz.sh merge, in place).
#   scripts/fuzz-make-corpus.sh [BUILD_DIR]     (default build-fuzz-gcc; any non-libFuzzer build)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-fuzz-gcc}"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DTANBO_BUILD_TESTS=ON -DTANBO_BUILD_CLI=OFF \
    -DTANBO_BUILD_BENCHMARKS=OFF -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF -DTANBO_INSTALL=OFF
fi
cmake --build "$build" --target tanbo_fuzz_make_corpus -j2
"$build/fuzz/tanbo_fuzz_make_corpus" "$root/fuzz/corpus"
du -sh "$root/fuzz/corpus"
