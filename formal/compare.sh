#!/usr/bin/env bash
# Runs an engine's trace through tanbo-spec and pins the result:
#   compare.sh TRACE_TOOL SPEC_TOOL GAMES POSITIONS MOVES [TRACE ARGS...]
# Passes only if both tools exit 0 and tanbo-spec's summary is exactly
# "GAMES games, POSITIONS positions, MOVES moves, 0 differences" (pipe-check.sh).
set -uo pipefail
if [ $# -lt 5 ]; then
  echo "usage: compare.sh TRACE_TOOL SPEC_TOOL GAMES POSITIONS MOVES [TRACE ARGS...]" >&2
  exit 2
fi
trace=$1 spec=$2 games=$3 positions=$4 moves=$5
shift 5
exec "$(dirname "$0")/pipe-check.sh" \
  "tanbo-spec: $games games, $positions positions, $moves moves, 0 differences" \
  "$spec" check -- "$trace" "$@"
