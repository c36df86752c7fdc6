#!/usr/bin/env bash
# Runs fuzz/oss-fuzz/build.sh the way OSS-Fuzz's `compile` does, then checks the result the way
# its `check_build` does, so the OSS-Fuzz / ClusterFuzzLite integration is tested without Docker:
#   1. a fresh $SRC/tanbo (a copy of the checked-out files), $SRC/build.sh, $WORK and $OUT in DIR;
#   2. OSS-Fuzz's environment for the engine: CC/CXX, CFLAGS/CXXFLAGS (-O1 -fno-omit-frame-pointer
#      -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, the sanitizer flags, coverage
#      flags, -stdlib=libc++ for AFL++), LIB_FUZZING_ENGINE, SANITIZER, FUZZING_ENGINE, ARCHITECTURE;
#      then `bash -eu $SRC/build.sh` in $SRC/tanbo;
#   3. $OUT holds every target of fuzz/CMakeLists.txt with <t>_seed_corpus.zip (all of
#      fuzz/corpus/<name>), <t>.options ([libfuzzer] key = integer) and <t>.dict, and each
#      binary carries the sanitizer and coverage instrumentation;
#   4. each target fuzzes --seconds S on its unzipped seed corpus with its .options and .dict
#      (through scripts/fuzz.sh run, which prints replay commands for any crash).
#
#   scripts/oss-fuzz-check.sh [--engine libfuzzer|afl] [--sanitizer address,undefined|address|undefined]
#                             [--seconds S] [--dir DIR] [--keep] [--build-only]
# --engine      libfuzzer (default; clang, LIB_FUZZING_ENGINE=-fsanitize=fuzzer) or afl
#               (AFL++: afl-clang-fast/afl-clang-fast++, LIB_FUZZING_ENGINE=/usr/lib/afl/libAFLDriver.a)
# --sanitizer   default address,undefined (one build with both; OSS-Fuzz builds each separately)
# --seconds S   fuzzing time per target in step 4 (default 5; 0 skips step 4)
# --dir DIR     where src/, work/, out/ and seeds/ go (default: a temporary folder, removed at
#               the end unless --keep); an existing DIR/work is reused (incremental rebuild)
# --build-only  steps 1-3 only (scripts/fuzz.sh --engine afl builds this way)
# Needs clang with libFuzzer and libc++ (Debian: clang-14 libclang-rt-14-dev libc++-14-dev
# libc++abi-14-dev), zip/unzip, and afl++ for --engine afl. Exit status: 0 ok, 1 a check failed
# or a target crashed, 2 usage or build error.
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
engine=libfuzzer
sanitizer=address,undefined
seconds=5
dir=""
keep=0
build_only=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --engine) engine="$2"; shift 2 ;;
    --sanitizer) sanitizer="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --dir) dir="$(realpath -m "$2")"; keep=1; shift 2 ;;
    --keep) keep=1; shift ;;
    --build-only) build_only=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "oss-fuzz-check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
die() { echo "oss-fuzz-check: $*" >&2; exit 2; }
fail() { echo "oss-fuzz-check: FAILED: $*" >&2; failures=$((failures + 1)); }
failures=0

# --- 2. the environment of OSS-Fuzz's compile (infra/base-images/base-builder) ---------------
# Set of -fsanitize flags of OSS-Fuzz's "undefined" build: the -fno-sanitize-recover list plus
# unsigned-integer-overflow, which only feeds coverage (UBSAN_OPTIONS=silence_unsigned_overflow=1).
ubsan_checks=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr
san_flags=""
for s in ${sanitizer//,/ }; do
  case "$s" in
    address) san_flags+=" -fsanitize=address -fsanitize-address-use-after-scope" ;;
    undefined) san_flags+=" -fsanitize=$ubsan_checks,unsigned-integer-overflow -fno-sanitize-recover=$ubsan_checks" ;;
    *) die "unknown sanitizer '$s' (address, undefined)" ;;
  esac
done
pick() { local c; for c in "$@"; do command -v "$c" >/dev/null && { echo "$c"; return 0; }; done; return 1; }
case "$engine" in
  libfuzzer)
    CXX="$(pick clang++ clang++-{20..14})" || die "no clang++ (Debian: apt-get install clang-14 libclang-rt-14-dev)"
    CC="${CXX/clang++/clang}"
    coverage_flags="-fsanitize=fuzzer-no-link"
    # OSS-Fuzz's clang ships a libFuzzer built on libc++; Debian's is built on libstdc++ and
    # does not link with -stdlib=libc++, so this build keeps libstdc++ (the AFL++ one uses libc++).
    stdlib=""
    LIB_FUZZING_ENGINE="-fsanitize=fuzzer" ;;
  afl)
    CXX="$(pick afl-clang-fast++)" || die "no afl-clang-fast++ (Debian: apt-get install afl++)"
    CC=afl-clang-fast
    coverage_flags=""  # AFL++'s compiler wrapper adds its own instrumentation
    stdlib=" -stdlib=libc++"
    LIB_FUZZING_ENGINE="$(dirname "$(dirname "$(command -v afl-fuzz)")")/lib/afl/libAFLDriver.a"
    [[ -f "$LIB_FUZZING_ENGINE" ]] || die "no $LIB_FUZZING_ENGINE (Debian package afl++)"
    export AFL_QUIET=1 ;;
  *) die "unknown engine '$engine' (libfuzzer, afl)" ;;
esac
CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION$san_flags $coverage_flags"
CXXFLAGS="$CFLAGS$stdlib"
export CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE
export SANITIZER="$sanitizer" FUZZING_ENGINE="$engine" FUZZING_LANGUAGE=c++ ARCHITECTURE=x86_64
# compile runs the build with leak detection off; the fuzzing run below turns it back on.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" UBSAN_OPTIONS="silence_unsigned_overflow=1"
echo "int main(){}" | $CXX $CXXFLAGS -x c++ - -o /dev/null 2>/dev/null ||
  die "$CXX cannot build with: $CXXFLAGS (libc++ missing? Debian: libc++-14-dev libc++abi-14-dev)"

# --- 1. the folders ---------------------------------------------------------------------------
if [[ -z "$dir" ]]; then dir="$(mktemp -d "${TMPDIR:-/tmp}/tanbo-oss-fuzz.XXXXXX")"; fi
[[ $keep == 1 ]] || trap 'rm -rf "$dir"' EXIT
export SRC="$dir/src" WORK="$dir/work" OUT="$dir/out"
rm -rf "$SRC" "$OUT" "$dir/seeds"
mkdir -p "$SRC/tanbo" "$WORK" "$OUT"
# Only files a clone would have (tracked or new, not ignored build folders).
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
     tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$SRC/tanbo"
else
  tar -C "$root" --exclude='./build*' -cf - . | tar -xf - -C "$SRC/tanbo"
fi
cp "$root/fuzz/oss-fuzz/build.sh" "$SRC/build.sh"
echo "oss-fuzz-check: engine $engine, sanitizer $sanitizer, CXX=$CXX, in $dir"
echo "  CXXFLAGS=$CXXFLAGS"
echo "  LIB_FUZZING_ENGINE=$LIB_FUZZING_ENGINE"
start=$(date +%s)
(cd "$SRC/tanbo" && bash -eu "$SRC/build.sh") >"$dir/build.log" 2>&1 || {
  tail -n 40 "$dir/build.log"; die "build.sh failed (log: $dir/build.log)"; }
echo "  build.sh: $(( $(date +%s) - start )) s"

# --- 3. what $OUT must hold ---------------------------------------------------------------------
mapfile -t targets < <(sed -nE 's/^ *tanbo_add_fuzz_target\((fuzz_[A-Za-z0-9_]+) .*/\1/p' "$root/fuzz/CMakeLists.txt")
[[ ${#targets[@]} -gt 0 ]] || die "no tanbo_add_fuzz_target lines in fuzz/CMakeLists.txt"
for t in "${targets[@]}"; do
  name="${t#fuzz_}" bin="$OUT/$t"
  if [[ ! -x "$bin" ]]; then fail "$OUT has no target $t"; continue; fi
  zip="$OUT/${t}_seed_corpus.zip"
  if [[ ! -f "$zip" ]]; then fail "no ${t}_seed_corpus.zip"
  else
    mkdir -p "$dir/seeds/$name"
    unzip -q -o "$zip" -d "$dir/seeds/$name" || fail "${t}_seed_corpus.zip does not unzip"
    want="$(find "$root/fuzz/corpus/$name" -type f 2>/dev/null | wc -l)"
    got="$(find "$dir/seeds/$name" -type f | wc -l)"
    [[ "$got" -gt 0 && "$got" == "$want" ]] || fail "${t}_seed_corpus.zip holds $got files, fuzz/corpus/$name $want"
  fi
  opts="$OUT/$t.options"
  if [[ ! -f "$opts" ]]; then fail "no $t.options"
  else
    # ClusterFuzz reads an INI file; every line of ours is a section or `key = integer`.
    bad="$(grep -vnE '^\[(libfuzzer|afl|honggfuzz)\]$|^[a-z_]+ = [0-9]+$|^$' "$opts" || true)"
    [[ -z "$bad" ]] || fail "$t.options: unexpected line(s): $bad"
    grep -qx '\[libfuzzer\]' "$opts" || fail "$t.options has no [libfuzzer] section"
  fi
  if [[ ! -s "$OUT/$t.dict" ]]; then
    if [[ -f "$root/fuzz/dict/$name.dict" ]]; then fail "build.sh did not install $t.dict"
    else fail "no $t.dict (add fuzz/dict/$name.dict)"; fi
  fi
  # What check_build's bad-build check looks for: the sanitizers and coverage are really in.
  syms="$(nm "$bin" 2>/dev/null)"
  grep -q ' LLVMFuzzerTestOneInput$' <<<"$syms" || fail "$t: no LLVMFuzzerTestOneInput"
  case "$sanitizer" in *address*) grep -q '__asan_report_load' <<<"$syms" || fail "$t: not built with ASan" ;; esac
  case "$sanitizer" in *undefined*) grep -q '__ubsan_handle_' <<<"$syms" || fail "$t: not built with UBSan" ;; esac
  if [[ $engine == libfuzzer ]]; then
    grep -q '__sanitizer_cov_8bit_counters_init' <<<"$syms" || fail "$t: no libFuzzer coverage instrumentation"
  else
    grep -q '__afl_area_ptr' <<<"$syms" || fail "$t: no AFL++ instrumentation"
  fi
done
# Every file build.sh put in $OUT belongs to a known target (a stale name list would show here).
for f in "$OUT"/*; do
  b="$(basename "$f")"; t="${b%%.*}"; t="${t%_seed_corpus}"
  printf '%s\n' "${targets[@]}" | grep -qx "$t" || fail "$OUT/$b is not a target of fuzz/CMakeLists.txt"
done
[[ $failures == 0 ]] || { echo "oss-fuzz-check: $failures check(s) failed" >&2; exit 1; }
echo "  \$OUT: ${#targets[@]} targets (${targets[*]}), each with _seed_corpus.zip, .options, .dict, instrumented"
[[ $build_only == 1 || "$seconds" == 0 ]] && exit 0

# --- 4. fuzz each target briefly on its unzipped seed corpus (what check_build runs) ------------
export ASAN_OPTIONS="detect_leaks=1"
bash "$root/scripts/fuzz.sh" run --engine "$engine" --build-dir "$dir" --bin-dir "$OUT" \
  --corpus-root "$dir/seeds" --seconds "$seconds" "${targets[@]}" || exit 1
echo "oss-fuzz-check: ok ($engine, $(( $(date +%s) - start )) s)"
