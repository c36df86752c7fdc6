#!/usr/bin/env bash
# Runs the reference engine's trace through tanbo-spec: compare.sh TRACE_TOOL SPEC_TOOL ARGS...
# (ARGS go to the trace tool). Fails if either fails; tanbo-spec prints the differences.
set -euo pipefail
trace=$1 spec=$2
shift 2
"$trace" "$@" | "$spec" check
