"""Builds tanbo._core for pip: the bindings (src/) plus the engines' C++ sources, compiled
directly (no CMake needed). Run through pip: `pip install --no-build-isolation ./python`."""

import glob
import os
import re

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GENERATED = os.path.join("build", "generated")  # version.hpp, as CMake would configure it


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(tanbo VERSION (\d+)\.(\d+)\.(\d+)", f.read()).groups()


def write_version_header(major, minor, patch):
    with open(os.path.join(ROOT, "core/include/tanbo/core/version.hpp.in"), encoding="utf-8") as f:
        text = f.read()
    for key, value in {"PROJECT_VERSION_MAJOR": major, "PROJECT_VERSION_MINOR": minor,
                       "PROJECT_VERSION_PATCH": patch,
                       "PROJECT_VERSION": f"{major}.{minor}.{patch}"}.items():
        text = text.replace(f"@{key}@", value)
    out = os.path.join(HERE, GENERATED, "tanbo", "core", "version.hpp")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def sources():
    # Relative to this directory, so object files land under python/build/, not in the sources.
    files = sorted(glob.glob(os.path.join(HERE, "src", "*.cpp")))
    for lib in ("core", "reference", "optimized"):
        files += sorted(glob.glob(os.path.join(ROOT, lib, "src", "*.cpp")))
    return [os.path.relpath(f, HERE) for f in files]


# Compile the ~15 sources in parallel: TANBO_BUILD_JOBS jobs (default: every core).
ParallelCompile("TANBO_BUILD_JOBS", default=0).install()
version = project_version()
write_version_header(*version)
os.chdir(HERE)
setup(
    version=".".join(version),
    ext_modules=[
        Pybind11Extension(
            "tanbo._core",
            sources(),
            include_dirs=[GENERATED] + [os.path.relpath(os.path.join(ROOT, d, "include"), HERE)
                                        for d in ("core", "reference", "optimized")],
            cxx_std=20,
            define_macros=[("NDEBUG", "1")],
            extra_compile_args=["-O3"],
        )
    ],
    cmdclass={"build_ext": build_ext},
)
