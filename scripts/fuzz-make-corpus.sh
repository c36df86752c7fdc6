#!/usr/bin/env bash
# Regenerates the checked-in seed corpora fuzz/corpus/{differential,notation,position,record}
# and the dictionary fuzz/dict/differential.dict with the deterministic generator
# fuzz/make_corpus.cpp (it overwrites its own files and leaves any other file, e.g. inputs merged
# in by scripts/fuzz.sh merge, in place), then re-encodes the differential corpus canonically.
#   scripts/fuzz-make-corpus.sh [BUILD_DIR]     (default build-fuzz-gcc; any non-libFuzzer build)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build-fuzz-gcc}"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DTANBO_BUILD_TESTS=ON -DTANBO_BUILD_CLI=OFF \
    -DTANBO_BUILD_BENCHMARKS=OFF -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF -DTANBO_INSTALL=OFF
fi
cmake --build "$build" --target tanbo_fuzz_make_corpus -j2
"$build/fuzz/tanbo_fuzz_make_corpus" "$root/fuzz/corpus" "$root/fuzz/dict"
"$build/fuzz/tanbo_fuzz_make_corpus" --canonical "$root/fuzz/corpus" "$root/fuzz/dict"
du -sh "$root/fuzz/corpus"
