#!/bin/sh
# CTest python.pip_install: the package installs everywhere it says, offline, with Debian's
# setuptools, pybind11 and wheel (hence --no-build-isolation: an isolated build would download
# them from PyPI):
#   1. `python3 -m build --sdist --no-isolation` at the repository root makes a complete sdist
#      (checked: the engines' sources are in it, nothing from tests/ or build trees);
#   2. the sdist alone installs into a fresh --system-site-packages venv (compiles), and tanbo
#      imports there from outside any source tree and plays a game, with its metadata;
#   3. `pip install .` at the repository root installs into a second venv (compiles).
# The root is the package's one build (python/README.md says why): python/ has no setup.py or
# pyproject.toml of its own. Each install must carry the MIT licence text in its metadata.
# Works in WORK/src, a copy of the sources pip needs (pip builds in the source tree, so the
# repository stays clean). Prints the time of each step. The compiles use TANBO_BUILD_JOBS
# (default 2) and ccache when it is installed (the second compile then hits the first's cache).
# Usage: pip_install_test.sh PYTHON REPO_ROOT WORK_DIR
set -eu
py=$1 repo=$2 work=$3
rm -rf "$work"
mkdir -p "$work/src"
# The libraries the package compiles: the folders MANIFEST.in grafts (its one list of them).
for d in python $(sed -n 's|^graft \([a-z]*\)/include$|\1|p' "$repo/MANIFEST.in"); do cp -R "$repo/$d" "$work/src/$d"; done
cp "$repo/CMakeLists.txt" "$repo/README.md" "$repo/LICENSE" "$repo/setup.py" "$repo/pyproject.toml" "$repo/MANIFEST.in" "$work/src/"
rm -rf "$work/src/python/build" "$work/src/python/"*.egg-info
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 TANBO_BUILD_JOBS="${TANBO_BUILD_JOBS:-2}"
if command -v ccache >/dev/null 2>&1; then
  # Relative source paths and no working-directory hashing: the sdist's build (in pip's
  # temporary directory) and the root build compile the same preprocessed text.
  export CC="ccache ${CC:-gcc}" CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="${TMPDIR:-/tmp}"
fi
# The installed wheel carries the licence text (the sdist and the root build must ship it).
check_licence() {
  "$1" - <<'PY'
from importlib import metadata
dist = metadata.distribution("tanbo")
text = dist.read_text("LICENSE") or dist.read_text("licenses/LICENSE")
assert text and text.startswith("MIT License"), f"the installed tanbo has no LICENSE: {dist.files}"
PY
}
t0=$(date +%s)
step() { echo "pip_install_test: $1 ($(( $(date +%s) - t0 )) s)"; }

# 1. sdist from the root.
(cd "$work/src" && "$py" -m build --sdist --no-isolation --outdir "$work/dist" . >"$work/sdist.log")
sdist=$(ls "$work/dist"/tanbo-*.tar.gz)
tar -tzf "$sdist" >"$work/sdist.txt"
for f in LICENSE setup.py pyproject.toml CMakeLists.txt python/tanbo_build.py python/src/module.cpp \
         python/tanbo/__init__.py python/tanbo/env.py python/tanbo/py.typed \
         core/src/position.cpp core/include/tanbo/core/version.hpp.in optimized/src/board.cpp \
         optimized/include/tanbo/optimized/game.hpp reference/src/rules.cpp \
         svg/src/svg.cpp core/include/tanbo/core/perft.hpp; do
  grep -q "^tanbo-[0-9.]*/$f\$" "$work/sdist.txt" || { echo "sdist lacks $f" >&2; exit 1; }
done
if grep -E '/(tests|build|benchmarks)/' "$work/sdist.txt"; then echo "sdist carries the files above" >&2; exit 1; fi
step "sdist $(basename "$sdist"): $(wc -l <"$work/sdist.txt") entries"

# 2. The sdist alone into a fresh venv.
"$py" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install -q --no-build-isolation --no-index "$sdist"
step "installed the sdist into a fresh venv"
cd "$work"
"$work/venv/bin/python" - "$work/venv" <<'PY'
import os, sys
from importlib import metadata
import tanbo, tanbo.env
venv = sys.argv[1]
assert tanbo.__file__.startswith(venv), tanbo.__file__
here = os.path.dirname(tanbo.__file__)
for f in ("__init__.pyi", "py.typed", "env.py"):
    assert os.path.exists(os.path.join(here, f)), f
meta = metadata.metadata("tanbo")
assert meta["Version"] == tanbo.__version__, (meta["Version"], tanbo.__version__)
assert "Typing :: Typed" in meta.get_all("Classifier")
assert meta["License"] == "MIT", meta["License"]  # the SPDX identifier of LICENSE
g = tanbo.Game("lattice-9", engine="reference")
rng = tanbo.Rng(1)
while not g.is_terminal():
    legal = g.legal_actions()
    g.apply_action(legal[rng.below(len(legal))])
env = tanbo.env.TanboEnv(variant="lattice-5")
obs, info = env.reset(seed=1)
print(f"installed tanbo {tanbo.__version__} at {tanbo.__file__}: lattice-9 game of {g.ply} moves, "
      f"{g.winner} wins; svg {len(g.svg())} bytes; env observation {obs['observation'].shape}")
PY
check_licence "$work/venv/bin/python"
"$work/venv/bin/python" "$repo/python/examples/play.py" --games 2 --playouts 10 --variant lattice-7

# 3. `pip install .` at the root.
for f in setup.py pyproject.toml; do
  [ ! -e "$repo/python/$f" ] || { echo "python/$f is a second build of the package; the root's is the one" >&2; exit 1; }
done
"$py" -m venv --system-site-packages "$work/venv-root"
(cd "$work/src" && "$work/venv-root/bin/python" -m pip install -q --no-build-isolation --no-index .)
step "pip install . at the root"
"$work/venv-root/bin/python" - <<'PY'
import tanbo
g = tanbo.Game('lattice-5')
g.playout(tanbo.Rng(1), in_place=True)
assert g.is_over
print('root install:', tanbo.__version__)
PY
check_licence "$work/venv-root/bin/python"

echo "pip install test passed"
