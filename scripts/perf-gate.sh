#!/usr/bin/env bash
# The performance gate: callgrind's instruction counts (deterministic, whatever the machine's
# load) of the two paths users run, against the committed budget. Fails when a figure exceeds
# its budget by more than 2 %; prints every figure as "Bench: N" lines either way.
#
# usage: scripts/perf-gate.sh TANBO RANDOM_PLAYOUTS BUDGET_FILE
#   TANBO            the tanbo CLI of a Release build without sanitizers or coverage
#   RANDOM_PLAYOUTS  examples/random_playouts of the same build
#   BUDGET_FILE      lines "NAME INSTRUCTIONS" (bench/perf-budget.txt); '#' starts a comment
#
# Figures, start-up removed as in scripts/count-playout-instructions.sh:
#   playout          per classic random playout, Board19::playout (random_playouts, seed 42):
#                    (total(21 playouts) - total(1)) / 20
#   engine_api_game  per random classic game through tanbo::Engine on the optimized engine
#                    (tanbo selfplay --seed 1): (total(11 games) - total(1)) / 10; on a processor
#                    without BMI2 the budget line engine_api_game_without_bmi2 applies instead
# Few games keep it to a few seconds under valgrind; the budget is for exactly these counts.
set -euo pipefail

die() { printf 'perf-gate: %s\n' "$*" >&2; exit 2; }
(( $# == 3 )) || die "usage: perf-gate.sh TANBO RANDOM_PLAYOUTS BUDGET_FILE"
tanbo=$1 playouts=$2 budget_file=$3
command -v valgrind > /dev/null || die "valgrind is not installed (scripts/install-deps.sh installs it)"
for f in "$tanbo" "$playouts"; do [[ -x $f ]] || die "$f is not an executable"; done
[[ -r $budget_file ]] || die "cannot read the budget file $budget_file"

# Total instructions of one run (callgrind's "Collected" line).
total() {
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null) ||
    die "$* failed under valgrind: $(grep -v '^==' <<< "$out" | head -5)"
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' <<< "$out"
}
# Instructions per unit of work: (total(n units) - total(1 unit)) / (n - 1); COUNT in the
# command stands for the number of units.
per_unit() {
  local n=$1; shift
  local many one
  many=$(total "${@/#COUNT/$n}") one=$(total "${@/#COUNT/1}")
  [[ -n $many && -n $one ]] || die "could not read callgrind's count of $*"
  echo $(( (many - one) / (n - 1) ))
}
declare -A figure
figure[playout]=$(per_unit 21 "$playouts" COUNT 42 classic)
# The i-th legal move uses BMI2 where the processor has it (optimized/.../bit_select.hpp), so an
# Engine-API game runs different instructions without it: its own budget line then.
api_game=engine_api_game
grep -qw bmi2 /proc/cpuinfo 2> /dev/null || api_game=engine_api_game_without_bmi2
figure[$api_game]=$(per_unit 11 "$tanbo" selfplay --seed 1 --engine optimized --games COUNT)

status=0
seen=0
while read -r name budget rest; do
  [[ -z $name || $name == \#* ]] && continue
  [[ $budget =~ ^[0-9]+$ && -z $rest &&
     $name =~ ^(playout|engine_api_game|engine_api_game_without_bmi2)$ ]] ||
    die "$budget_file: bad line '$name $budget $rest' (want NAME INSTRUCTIONS, NAME one of playout, engine_api_game, engine_api_game_without_bmi2)"
  [[ -n ${figure[$name]+x} ]] || continue  # the other processor's line
  seen=$((seen + 1))
  got=${figure[$name]}
  limit=$(( budget + budget / 50 ))  # 2 % above the budget
  printf 'Bench: %d  %s instructions (budget %d, limit %d)\n' "$got" "$name" "$budget" "$limit"
  if (( got > limit )); then
    printf 'perf-gate: FAIL: %s costs %d instructions, %d%% above its budget of %d\n' \
      "$name" "$got" $(( (got - budget) * 100 / budget )) "$budget" >&2
    status=1
  elif (( got * 100 < budget * 95 )); then
    printf 'perf-gate: note: %s is %d%% below its budget; lower it in %s\n' \
      "$name" $(( (budget - got) * 100 / budget )) "$budget_file"
  fi
done < "$budget_file"
(( seen == ${#figure[@]} )) || die "$budget_file must give a budget for each of: ${!figure[*]}"
exit "$status"
