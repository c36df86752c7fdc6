#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds every fuzz target of fuzz/ with the
# environment's compiler, sanitizer flags and fuzzing engine, and installs them in $OUT with
# their seed corpora (<target>_seed_corpus.zip), dictionaries and options.
# Inputs (set by OSS-Fuzz): CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE SRC OUT WORK.
# The source tree is $TANBO_SRC, default $SRC/tanbo.
src="${TANBO_SRC:-$SRC/tanbo}"
build="${WORK:-/tmp}/tanbo-build"

# CFLAGS/CXXFLAGS already carry -fsanitize=... and -fsanitize=fuzzer-no-link for every object,
# so the project's own fuzz flags are emptied and the engine is only linked into the targets.
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DTANBO_FUZZ=ON -DTANBO_FUZZ_FLAGS="" -DTANBO_FUZZ_LIB_FLAGS="" \
  -DTANBO_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DTANBO_BUILD_TESTS=OFF -DTANBO_BUILD_CLI=OFF -DTANBO_BUILD_BENCHMARKS=OFF \
  -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF -DTANBO_INSTALL=OFF
targets=(fuzz_differential fuzz_notation fuzz_position fuzz_record)
[[ -f "$src/fuzz/fuzz_capi.cpp" ]] && targets+=(fuzz_capi)
cmake --build "$build" --target "${targets[@]}" -j"$(nproc)"

for t in "${targets[@]}"; do
  [[ -x "$build/fuzz/$t" ]] || continue  # fuzz_capi exists only when the C API is built
  cp "$build/fuzz/$t" "$OUT/"
  name="${t#fuzz_}"
  if [[ -d "$src/fuzz/corpus/$name" ]]; then
    (cd "$src/fuzz/corpus/$name" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
  fi
  [[ -f "$src/fuzz/dict/$name.dict" ]] && cp "$src/fuzz/dict/$name.dict" "$OUT/$t.dict"
  case "$t" in
    fuzz_notation) max_len=16 ;;
    fuzz_position) max_len=1024 ;;
    *) max_len=4096 ;;
  esac
  printf '[libfuzzer]\nmax_len = %s\ntimeout = 60\n' "$max_len" >"$OUT/$t.options"
done
