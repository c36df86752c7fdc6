# Every option and cache variable of the tanbo build, in one place. Developer parts default on
# only when tanbo is the top-level project, so a project that add_subdirectory()s tanbo gets the
# libraries and nothing else. CMakePresets.json names the usual combinations (dev, release,
# asan, coverage, fuzz).

# ---- Parts ---------------------------------------------------------------------------------
option(TANBO_BUILD_TESTS "Build the Catch2 tests, RapidCheck properties and corpus replays" ${PROJECT_IS_TOP_LEVEL})
option(TANBO_BUILD_CLI "Build the tanbo command-line tool" ${PROJECT_IS_TOP_LEVEL})
option(TANBO_BUILD_BENCHMARKS "Build the Google Benchmark micro-benchmarks" ${PROJECT_IS_TOP_LEVEL})
option(TANBO_BUILD_DOCS "Add the 'docs' target (Doxygen + generated rules pages)" ${PROJECT_IS_TOP_LEVEL})
option(TANBO_BUILD_EXAMPLES "Build the examples" ${PROJECT_IS_TOP_LEVEL})
option(TANBO_INSTALL "Generate install rules and the CMake package" ${PROJECT_IS_TOP_LEVEL})
# The Python package (python/): AUTO builds it when a python3 with pybind11 and numpy is found
# (never in sanitizer or fuzzer builds: an instrumented extension cannot load into a plain
# python3); ON requires them.
set(_tanbo_python_default OFF)
if(PROJECT_IS_TOP_LEVEL)
  set(_tanbo_python_default AUTO)
endif()
set(TANBO_BUILD_PYTHON ${_tanbo_python_default} CACHE STRING "Build the Python package: ON, OFF or AUTO")
set_property(CACHE TANBO_BUILD_PYTHON PROPERTY STRINGS ON OFF AUTO)

# ---- Build flavours ------------------------------------------------------------------------
option(TANBO_WERROR "Treat compiler warnings as errors" OFF)
option(TANBO_SANITIZE "Build everything with AddressSanitizer + UndefinedBehaviorSanitizer" OFF)
set(TANBO_SANITIZER_FLAGS "-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    CACHE STRING "Compiler/linker flags used when TANBO_SANITIZE is ON")
option(TANBO_COVERAGE "Instrument everything for coverage (clang: source-based, GCC: gcov)" OFF)
set(TANBO_MUTANT "" CACHE STRING
    "Mutation testing only: build with the planted bug mutation/mutants/<name>.mutant")

# ---- Fuzzing (clang-only flags live here, in cache variables, so OSS-Fuzz can override) -------
option(TANBO_FUZZ "Build fuzz targets with libFuzzer (clang only); otherwise they get a replay main()" OFF)
set(TANBO_FUZZ_FLAGS "-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
    CACHE STRING "Compile and link flags of the fuzz targets when TANBO_FUZZ is ON (clang only)")
set(TANBO_FUZZ_LIB_FLAGS "-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
    CACHE STRING "Flags for the libraries under test when TANBO_FUZZ is ON: coverage feedback comes from the engines")
set(TANBO_FUZZ_ENGINE_LIB_FLAGS "-fno-sanitize-coverage=trace-cmp"
    CACHE STRING "Extra flags for the rule engines and the differential driver (reference, optimized, verify) when TANBO_FUZZ is ON")
set(TANBO_FUZZ_ENGINE ""
    CACHE STRING "Extra link input for the fuzz targets, e.g. OSS-Fuzz's $LIB_FUZZING_ENGINE")

# ---- Test parameters -----------------------------------------------------------------------
# RapidCheck seed and case count CTest passes to tanbo_properties (override per run with the
# RC_PARAMS environment variable). Sanitizer builds run about ten times slower: fewer cases.
if(TANBO_SANITIZE)
  set(_tanbo_rc_default "seed=20260101 max_success=200")
else()
  set(_tanbo_rc_default "seed=20260101 max_success=500")
endif()
set(TANBO_RC_PARAMS "${_tanbo_rc_default}" CACHE STRING
    "RC_PARAMS passed by CTest to tanbo_properties (RapidCheck seed and case count)")
# formal/ (the Coq proofs and the tanbo-spec oracle) needs coqc and ocamlfind; without them it is
# skipped with a message, or, with this option (set by CI's dev stage), configuring fails.
option(TANBO_REQUIRE_FORMAL "Fail to configure unless coqc and ocamlfind are found (formal/)" OFF)
option(TANBO_EXHAUSTIVE_LONG "Register the long complete lattice-5 run (about 40 min of CPU) as a CTest test" OFF)

# ---- Documentation and JavaScript -----------------------------------------------------------
set(TANBO_EXPLORER_DIR "" CACHE PATH
    "The bundled rules explorer (<Emscripten build>/js/explorer) to include in the HTML docs")
set(TANBO_JS_DIST_DIR "${PROJECT_SOURCE_DIR}/js/dist" CACHE PATH
    "Where the npm package's WebAssembly module is written (js/dist, which npm pack ships)")
set(TANBO_NATIVE_BUILD_DIR "" CACHE PATH
    "A native build with the tanbo CLI and fuzz_differential, for the WebAssembly cross-compiler tests")

# ---- Install locations ---------------------------------------------------------------------
include(GNUInstallDirs)
set(TANBO_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/tanbo"
    CACHE STRING "Where tanboConfig.cmake is installed, relative to the prefix")
set(TANBO_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig"
    CACHE STRING "Where tanbo.pc and tanbo-c.pc are installed, relative to the prefix")
