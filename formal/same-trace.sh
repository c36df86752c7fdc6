#!/usr/bin/env bash
# Extends a tanbo-spec comparison made on one engine's trace to the other engine: passes only if
# the reference and the optimized engine both exit 0 and write the same, non-empty trace (the
# same P and M lines, byte for byte), so the spec check of either trace checks both engines.
# It saves running the slow extracted rules twice over the same games.
#   same-trace.sh TRACE_TOOL [TRACE ARGS...]     (without --engine)
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: same-trace.sh TRACE_TOOL [TRACE ARGS...]" >&2
  exit 2
fi
trace=$1
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_same_XXXXXX")
trap 'rm -rf "$work"' EXIT
for engine in reference optimized; do
  if ! "$trace" --engine "$engine" "$@" >"$work/$engine" 2>"$work/$engine.err"; then
    cat "$work/$engine.err" >&2
    echo "same-trace.sh: the trace tool failed on the $engine engine" >&2
    exit 1
  fi
done
if [ ! -s "$work/optimized" ]; then
  echo "same-trace.sh: the traces are empty" >&2
  exit 1
fi
if ! cmp "$work/reference" "$work/optimized" >&2; then
  diff "$work/reference" "$work/optimized" | head -n 5 >&2
  echo "same-trace.sh: the engines' traces differ" >&2
  exit 1
fi
echo "same-trace.sh: both engines wrote the same trace ($(grep -c '^M' "$work/optimized") moves)"
