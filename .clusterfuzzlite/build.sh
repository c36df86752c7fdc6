#!/bin/bash -eu
# ClusterFuzzLite build step: the same script OSS-Fuzz uses.
TANBO_SRC="$SRC/tanbo" bash "$SRC/tanbo/fuzz/oss-fuzz/build.sh"
