#!/usr/bin/env bash
# Runs an engine's trace through tanbo-spec and pins the result:
#   compare.sh TRACE_TOOL SPEC_TOOL GAMES POSITIONS MOVES [TRACE ARGS...]
# Passes only if the trace tool exits 0, tanbo-spec exits 0, and tanbo-spec's summary is exactly
# "GAMES games, POSITIONS positions, MOVES moves, 0 differences" (a tracer that writes nothing,
# or stops early, or a trace that changed, fails). The CTest tests check the exit status only.
set -uo pipefail
if [ $# -lt 5 ]; then
  echo "usage: compare.sh TRACE_TOOL SPEC_TOOL GAMES POSITIONS MOVES [TRACE ARGS...]" >&2
  exit 2
fi
trace=$1 spec=$2 games=$3 positions=$4 moves=$5
shift 5
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_compare_XXXXXX")
trap 'rm -rf "$work"' EXIT
{ "$trace" "$@"; echo $? >"$work/trace-status"; } | "$spec" check >"$work/out"
spec_status=$?
trace_status=$(cat "$work/trace-status")
cat "$work/out"
if [ "$trace_status" -ne 0 ]; then
  echo "compare.sh: the trace tool exited with status $trace_status" >&2
  exit 1
fi
if [ "$spec_status" -ne 0 ]; then
  echo "compare.sh: tanbo-spec exited with status $spec_status" >&2
  exit 1
fi
expected="tanbo-spec: $games games, $positions positions, $moves moves, 0 differences"
if [ "$(tail -n 1 "$work/out")" != "$expected" ]; then
  echo "compare.sh: expected \"$expected\"" >&2
  exit 1
fi
