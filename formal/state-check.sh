#!/usr/bin/env bash
# Runs the optimized engine's state trace through tanbo-state-check and pins the result:
#   state-check.sh TRACE_TOOL STATE_CHECK STATES [TRACE ARGS...]
# Passes only if both tools exit 0 and the summary is exactly "STATES states, 0 differences"
# (a tracer that writes nothing, stops early, or a trace that changed, fails).
set -uo pipefail
if [ $# -lt 3 ]; then
  echo "usage: state-check.sh TRACE_TOOL STATE_CHECK STATES [TRACE ARGS...]" >&2
  exit 2
fi
trace=$1 check=$2 states=$3
shift 3
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_state_check_XXXXXX")
trap 'rm -rf "$work"' EXIT
{ "$trace" --engine optimized-state "$@"; echo $? >"$work/trace-status"; } | "$check" >"$work/out"
check_status=$?
trace_status=$(cat "$work/trace-status")
grep -v "^tanbo-state-check:" "$work/out" | head -n 20
tail -n 1 "$work/out"
if [ "$trace_status" -ne 0 ]; then
  echo "state-check.sh: the trace tool exited with status $trace_status" >&2
  exit 1
fi
if [ "$check_status" -ne 0 ]; then
  echo "state-check.sh: tanbo-state-check exited with status $check_status" >&2
  exit 1
fi
expected="tanbo-state-check: $states states, 0 differences"
if [ "$(tail -n 1 "$work/out")" != "$expected" ]; then
  echo "state-check.sh: expected \"$expected\"" >&2
  exit 1
fi
