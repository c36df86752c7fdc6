#!/usr/bin/env bash
# The weak solver's cost curve on 7x7 (docs/solutions.md, "How far 7x7 is"). Along fixed random
# games of lattice-7 and dense-7 (game i from Rng(1 + i), uniform moves, played to the end),
# every position is settled walking back from the end by df-pn (value only) under a node cap,
# one position at a time, niced, until the first the cap does not settle. The rows go to
# docs/data/cost-curve.tsv; scripts/cost_curve_plot.py fits them and draws
# docs/images/cost-curve.svg. Not part of CI: with the defaults (two games of each start, a cap
# of 450 M nodes, about ten minutes of CPU per position, and a 2^26-entry table, 2 GiB) it takes
# about 75 minutes of CPU.
#   scripts/cost-curve.sh [BUILD_DIR] [NODES] [GAMES] [TABLE_LOG2]
set -euo pipefail
build=${1:-build/dev}
nodes=${2:-450000000}
games=${3:-2}
table=${4:-26}
binary="$build/solve/tanbo_weak_tests"
[ -x "$binary" ] || { echo "cost-curve: $binary is not built (cmake --build $build --target tanbo_weak_tests)" >&2; exit 2; }
out=docs/data/cost-curve.tsv
printf 'start\tgame\tply\tto_end\toutcome\tnodes\tcpu_s\n' > "$out.tmp"
for ((game = 0; game < games; game++)); do
  for start in lattice-7 dense-7; do
    # The test numbers its one game 0; the row gets the game's own number.
    TANBO_WEAK_START=$start TANBO_WEAK_NODES=$nodes TANBO_WEAK_GAMES=1 TANBO_WEAK_TABLE=$table \
      TANBO_WEAK_SEED=$((1 + game)) nice -n 10 "$binary" "weak frontier: cost curve" |
      awk -F'\t' -v game=$game 'BEGIN { OFS = "\t" } /^curve/ { $3 = game; print; fflush() }' | cut -f2- >> "$out.tmp"
  done
done
mv "$out.tmp" "$out"
python3 scripts/cost_curve_plot.py "$out" docs/images/cost-curve.svg
