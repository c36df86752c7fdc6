#!/usr/bin/env bash
# The weak solver's cost curve on 7x7 (docs/solutions.md, "How far 7x7 is"): along fixed random
# games of lattice-7 and dense-7 (game i from Rng(1 + i)), every position walked back from the
# game's end is settled by df-pn (value only) under a node cap, one at a time, niced; the rows go
# to docs/data/cost-curve.tsv and scripts/cost_curve_plot.py fits and plots them. Not part of CI:
# with the default cap (16 M nodes, about 60 s of CPU per position) it takes about an hour.
#   scripts/cost-curve.sh [BUILD_DIR] [NODES] [GAMES] [TABLE_LOG2]
set -euo pipefail
build=${1:-build/dev}
nodes=${2:-16000000}
games=${3:-3}
table=${4:-24}
binary="$build/solve/tanbo_weak_tests"
[ -x "$binary" ] || { echo "cost-curve: $binary not built (cmake --build $build --target tanbo_weak_tests)" >&2; exit 2; }
out=docs/data/cost-curve.tsv
printf 'start\tgame\tply\tto_end\toutcome\tnodes\tcpu_s\n' > "$out.tmp"
for start in lattice-7 dense-7; do
  TANBO_WEAK_START=$start TANBO_WEAK_NODES=$nodes TANBO_WEAK_GAMES=$games TANBO_WEAK_TABLE=$table TANBO_WEAK_SEED=1 \
    nice -n 10 "$binary" "weak frontier: cost curve" | grep '^curve' | cut -f2- >> "$out.tmp"
done
mv "$out.tmp" "$out"
python3 scripts/cost_curve_plot.py "$out" docs/images/cost-curve.svg
