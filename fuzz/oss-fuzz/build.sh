#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds every fuzz target of fuzz/ with the
# environment's compiler, sanitizer flags and fuzzing engine, and installs them in $OUT with
# their seed corpora (<target>_seed_corpus.zip), dictionaries (<target>.dict) and options
# (<target>.options, from fuzz/oss-fuzz/options/). Tested without Docker by
# scripts/oss-fuzz-check.sh (libFuzzer and AFL++), which runs it as OSS-Fuzz's `compile` does.
# Inputs (set by OSS-Fuzz): CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE SRC OUT WORK.
# The source tree is $TANBO_SRC, default $SRC/tanbo.
src="${TANBO_SRC:-$SRC/tanbo}"
build="${WORK:-/tmp}/tanbo-build"

# CFLAGS/CXXFLAGS already carry -O1, the -fsanitize=... flags and (libFuzzer) the coverage flags
# for every object, so the project's own fuzz flags are emptied and the engine is only linked
# into the targets. Build type "None" adds no flags of its own: no -O3, and no -DNDEBUG, so the
# optimized engine's assert()s stay on while fuzzing.
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DTANBO_FUZZ=ON -DTANBO_FUZZ_FLAGS="" -DTANBO_FUZZ_LIB_FLAGS="" \
  -DTANBO_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DTANBO_BUILD_TESTS=OFF -DTANBO_BUILD_CLI=OFF -DTANBO_BUILD_BENCHMARKS=OFF \
  -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF -DTANBO_INSTALL=OFF
# With everything else off, the default target is the libraries and every fuzz target.
cmake --build "$build" -j"$(nproc)"

shopt -s nullglob
installed=0
for bin in "$build"/fuzz/fuzz_*; do
  [[ -f "$bin" && -x "$bin" ]] || continue
  t="$(basename "$bin")"
  name="${t#fuzz_}"
  cp "$bin" "$OUT/"
  rm -f "$OUT/${t}_seed_corpus.zip"
  if [[ -d "$src/fuzz/corpus/$name" ]]; then
    (cd "$src/fuzz/corpus/$name" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
  fi
  if [[ -f "$src/fuzz/dict/$name.dict" ]]; then cp "$src/fuzz/dict/$name.dict" "$OUT/$t.dict"; fi
  if [[ -f "$src/fuzz/oss-fuzz/options/$t.options" ]]; then
    cp "$src/fuzz/oss-fuzz/options/$t.options" "$OUT/$t.options"
  else
    printf '[libfuzzer]\nmax_len = 4096\ntimeout = 60\n' >"$OUT/$t.options"
  fi
  installed=$((installed + 1))
done
if [[ $installed == 0 ]]; then echo "build.sh: no fuzz targets in $build/fuzz" >&2; exit 1; fi
echo "build.sh: installed $installed fuzz targets in $OUT"
