#!/usr/bin/env bash
# Pipes a trace tool into a checker and pins the checker's summary (compare.sh and
# state-check.sh are this with their own summary line):
#   pipe-check.sh EXPECTED CHECK_TOOL [CHECK ARGS...] -- TRACE_TOOL [TRACE ARGS...]
# Passes only if both tools exit 0 and the checker's last line is exactly EXPECTED, so a tracer
# that fails, writes nothing or stops early, and a trace whose counts changed, all fail (CTest
# looks at the exit status only).
set -uo pipefail
usage() { echo "usage: pipe-check.sh EXPECTED CHECK_TOOL [CHECK ARGS...] -- TRACE_TOOL [TRACE ARGS...]" >&2; exit 2; }
[ $# -ge 4 ] || usage
expected=$1
shift
check=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do check+=("$1"); shift; done
[ $# -ge 2 ] && [ ${#check[@]} -ge 1 ] || usage
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_pipe_check_XXXXXX")
trap 'rm -rf "$work"' EXIT
{ "$@"; echo $? >"$work/trace-status"; } | "${check[@]}" >"$work/out"
check_status=$?
trace_status=$(cat "$work/trace-status")
head -n 20 "$work/out" | grep -vxF "$(tail -n 1 "$work/out")"
tail -n 1 "$work/out"
if [ "$trace_status" -ne 0 ]; then
  echo "pipe-check.sh: the trace tool exited with status $trace_status" >&2
  exit 1
fi
if [ "$check_status" -ne 0 ]; then
  echo "pipe-check.sh: ${check[0]##*/} exited with status $check_status" >&2
  exit 1
fi
if [ "$(tail -n 1 "$work/out")" != "$expected" ]; then
  echo "pipe-check.sh: expected \"$expected\"" >&2
  exit 1
fi
