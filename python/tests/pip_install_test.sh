#!/bin/sh
# CTest python.pip_install: the documented offline install works. Copies the sources pip needs
# into WORK/src (pip builds in the source tree, so the repository stays clean), creates a venv
# with --system-site-packages (Debian's setuptools, pybind11, numpy), runs
# `pip install --no-build-isolation --no-index`, then imports tanbo from outside any source tree
# and runs the example. Usage: pip_install_test.sh PYTHON REPO_ROOT WORK_DIR
set -eu
py=$1 repo=$2 work=$3
rm -rf "$work"
mkdir -p "$work/src"
for d in python core reference optimized; do cp -R "$repo/$d" "$work/src/$d"; done
cp "$repo/CMakeLists.txt" "$work/src/"
rm -rf "$work/src/python/build" "$work/src/python/"*.egg-info
"$py" -m venv --system-site-packages "$work/venv"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
"$work/venv/bin/python" -m pip install --no-build-isolation --no-index "$work/src/python"
cd "$work"
"$work/venv/bin/python" - "$work/venv" <<'PY'
import os, sys
import tanbo
venv = sys.argv[1]
assert tanbo.__file__.startswith(venv), tanbo.__file__
assert os.path.exists(os.path.join(os.path.dirname(tanbo.__file__), "__init__.pyi"))
g = tanbo.Game("lattice-9", engine="reference")
rng = tanbo.Rng(1)
while not g.is_over:
    g.play(g.random_move(rng))
print(f"installed tanbo {tanbo.__version__} at {tanbo.__file__}: lattice-9 game of {g.ply} moves, {g.winner} wins")
PY
"$work/venv/bin/python" "$repo/python/examples/play.py" --games 2 --playouts 10 --variant lattice-7
"$work/venv/bin/python" -m pip uninstall -y -q tanbo
echo "pip install test passed"
