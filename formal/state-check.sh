#!/usr/bin/env bash
# Runs the optimized engine's state trace through tanbo-state-check and pins the result:
#   state-check.sh TRACE_TOOL STATE_CHECK STATES [TRACE ARGS...]
# Passes only if both tools exit 0 and the summary is exactly "STATES states, 0 differences"
# (pipe-check.sh).
set -uo pipefail
if [ $# -lt 3 ]; then
  echo "usage: state-check.sh TRACE_TOOL STATE_CHECK STATES [TRACE ARGS...]" >&2
  exit 2
fi
trace=$1 check=$2 states=$3
shift 3
exec "$(dirname "$0")/pipe-check.sh" "tanbo-state-check: $states states, 0 differences" \
  "$check" -- "$trace" --engine optimized-state "$@"
