"""How setuptools builds the tanbo package, for the one entry point: setup.py at the repository
root (`pip install .`, `python3 -m build --sdist` there, cibuildwheel). It compiles the bindings
(python/src) and the engines' C++ sources (core, reference, optimized, api/ the layer every
front end wraps, and the libraries beside it) directly, without CMake. Not installed; MANIFEST.in
ships it in the sdist.

All package metadata lives here (pyproject.toml only names the build backend and configures
cibuildwheel); it sits next to the sources it lists."""

import glob
import os
import re

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

CLASSIFIERS = [
    "Development Status :: 4 - Beta",
    "Intended Audience :: Developers",
    "Intended Audience :: Science/Research",
    "License :: OSI Approved :: MIT License",
    "Operating System :: POSIX",
    "Programming Language :: C++",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: Implementation :: CPython",
    "Topic :: Games/Entertainment :: Board Games",
    "Topic :: Scientific/Engineering :: Artificial Intelligence",
    "Typing :: Typed",
]


def project_version(root):
    """The version in the top-level CMakeLists.txt: the one tanbo::version() reports."""
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(tanbo VERSION (\d+)\.(\d+)\.(\d+)", f.read()).groups()


def write_version_header(root, out_dir, major, minor, patch):
    """Configures core's version.hpp.in as CMake would, into out_dir/tanbo/core/version.hpp."""
    with open(os.path.join(root, "core/include/tanbo/core/version.hpp.in"), encoding="utf-8") as f:
        text = f.read()
    for key, value in {"PROJECT_VERSION_MAJOR": major, "PROJECT_VERSION_MINOR": minor,
                       "PROJECT_VERSION_PATCH": patch,
                       "PROJECT_VERSION": f"{major}.{minor}.{patch}"}.items():
        text = text.replace(f"@{key}@", value)
    out = os.path.join(out_dir, "tanbo", "core", "version.hpp")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


def build(root, python_dir):
    """setup() for the package whose sources are python_dir (relative to the current directory,
    the one setup.py is in), with the engines under root (also relative)."""
    # Everything setuptools writes goes under python/ (git-ignored), never into a CMake build/.
    build_base = os.path.join(python_dir, "build")
    generated = os.path.join(build_base, "generated")
    version = project_version(root)
    write_version_header(root, generated, *version)
    sources = sorted(glob.glob(os.path.join(python_dir, "src", "*.cpp")))
    # api's perfect play (Solution, the weak solver) is tanbo::solve, which writes certificates;
    # the libraries beside api (the player, the environments, the protocol, SVG) are wrapped too.
    libs = ("core", "reference", "optimized", "certificate", "solve", "api", "player", "env", "protocol", "svg")
    for lib in libs:
        sources += sorted(glob.glob(os.path.join(root, lib, "src", "*.cpp")))
    includes = [generated] + [os.path.join(root, d, "include") for d in libs]
    with open(os.path.join(python_dir, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    # Compile the ~16 sources in parallel: TANBO_BUILD_JOBS jobs (default: every core).
    ParallelCompile("TANBO_BUILD_JOBS", default=0).install()
    setup(
        name="tanbo",
        version=".".join(version),
        description="Verified rules engines for the board game Tanbo (C++), with integer actions, "
                    "numpy observations and Gymnasium/PettingZoo-style environments",
        long_description=readme,
        long_description_content_type="text/markdown",
        license="MIT",  # SPDX identifier; the text is LICENSE at the root, shipped in the sdist
        license_files=["LICENSE"],
        classifiers=CLASSIFIERS,
        keywords=["tanbo", "board game", "game engine", "reinforcement learning", "mcts"],
        python_requires=">=3.9",
        install_requires=["numpy"],
        extras_require={"gym": ["gymnasium"], "pettingzoo": ["pettingzoo"]},
        packages=["tanbo"],
        package_dir={"tanbo": os.path.join(python_dir, "tanbo")},
        package_data={"tanbo": ["__init__.pyi", "py.typed"]},
        include_package_data=False,
        zip_safe=False,
        ext_modules=[
            Pybind11Extension(
                "tanbo._core",
                sources,
                include_dirs=includes,
                cxx_std=20,
                define_macros=[("NDEBUG", "1")],
                extra_compile_args=["-O3"],
            )
        ],
        cmdclass={"build_ext": build_ext},
        options={"build": {"build_base": build_base}, "egg_info": {"egg_base": python_dir}},
    )
