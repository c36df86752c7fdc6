"""Builds the Python package tanbo from the repository root: `pip install .` (offline with
Debian's setuptools and pybind11: `pip install --no-build-isolation .`) and
`python3 -m build --sdist --no-isolation`. The build is python/tanbo_build.py; see
python/README.md."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(HERE)  # setuptools wants source paths relative to setup.py's directory
sys.path.insert(0, os.path.join(HERE, "python"))
from tanbo_build import build  # noqa: E402

build(root=".", python_dir="python")
