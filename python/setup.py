"""Builds the tanbo package from python/: `pip install --no-build-isolation ./python` (offline,
with Debian's setuptools and pybind11). The build itself is tanbo_build.py, shared with the
setup.py at the repository root."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(HERE)  # setuptools wants source paths relative to setup.py's directory
sys.path.insert(0, HERE)
from tanbo_build import build  # noqa: E402

build(root="..", python_dir=".")
