#!/usr/bin/env bash
# Deterministic speed figure of the optimized engine: instructions per random playout, counted by
# valgrind's callgrind on examples/random_playouts (machine load does not change it).
#
# usage: scripts/count-playout-instructions.sh [BUILD_DIR] [GAMES] [VARIANT]
#   BUILD_DIR  a configured and built tanbo build folder (default: build)
#   GAMES      playouts to count, at least 2 (default: 300, the figure docs/performance.md quotes)
#   VARIANT    any variant name tanbo knows (default: classic)
#
# Prints two figures:
#   raw        total instructions of `random_playouts GAMES 42 VARIANT`, divided by GAMES. It
#              charges every playout its share of the ~1.8 M instructions that any dynamically
#              linked C++ program runs before main (an empty one: 1.7 M).
#   playout    (total(GAMES) - total(1)) / (GAMES - 1): the same with that fixed start-up removed;
#              what one more playout costs.
set -euo pipefail

build=${1:-build}
games=${2:-300}
variant=${3:-classic}
example="$build/examples/random_playouts"

die() { printf 'count-playout-instructions: %s\n' "$*" >&2; exit 2; }
[[ $games =~ ^[0-9]+$ ]] && (( games >= 2 )) || die "GAMES must be a whole number of at least 2 (got '$games')"
command -v valgrind > /dev/null || die "valgrind is not installed (Debian: apt-get install valgrind)"
[[ -x $example ]] || die "$example not found: build the project first (cmake --build $build)"

# Total instructions of one run of the example (callgrind's "Collected" line).
count() {
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$example" "$1" 42 "$variant" 2>&1) ||
    die "random_playouts $1 42 $variant failed: $(grep -v '^==' <<< "$out")"
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' <<< "$out"
}

total=$(count "$games")
startup=$(count 1)
[[ -n $total && -n $startup ]] || die "could not read callgrind's instruction count"
printf 'variant %s, %d playouts, seed 42\n' "$variant" "$games"
printf 'raw:     %d instructions per playout (%d in all)\n' $(( total / games )) "$total"
printf 'playout: %d instructions per playout (start-up of %d removed)\n' \
  $(( (total - startup) / (games - 1) )) $(( startup - (total - startup) / (games - 1) ))
