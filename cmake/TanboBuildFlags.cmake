# Project-wide compile settings: language level, warnings, sanitizers, coverage. Warnings reach
# tanbo's own targets through the internal interface target tanbo_build_flags, which is never
# exported to users; sanitizers and coverage apply to every target, tests included.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)

add_library(tanbo_build_flags INTERFACE)
target_compile_options(tanbo_build_flags INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra -Wpedantic>)
if(TANBO_WERROR)
  target_compile_options(tanbo_build_flags INTERFACE -Werror)
endif()

# The Catch2 test programs compile at -O1 in optimized builds (the libraries they test keep the
# build type's -O3): their template instantiations (an engine per planted bug, the matchers)
# compile about twice as fast, and the work they run is bounded by counts, so a slower program
# only takes a few seconds longer (docs/decisions.md, rows 61-63: CI's build time).
add_library(tanbo_test_flags INTERFACE)
target_compile_options(tanbo_test_flags INTERFACE $<$<CONFIG:Release,RelWithDebInfo>:-O1>)
target_link_libraries(tanbo_test_flags INTERFACE tanbo_build_flags)

if(TANBO_SANITIZE)
  separate_arguments(_tanbo_san UNIX_COMMAND "${TANBO_SANITIZER_FLAGS}")
  add_compile_options(${_tanbo_san})
  add_link_options(${_tanbo_san})
endif()

# Coverage for scripts/coverage.sh: clang source-based coverage (llvm-cov) or gcov counters with
# GCC (gcovr). Every target is instrumented, so one build measures the libraries from all tests.
if(TANBO_COVERAGE)
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    add_compile_options(-fprofile-instr-generate -fcoverage-mapping)
    add_link_options(-fprofile-instr-generate)
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(--coverage)
    add_link_options(--coverage)
  else()
    message(FATAL_ERROR "TANBO_COVERAGE=ON needs clang or GCC, not ${CMAKE_CXX_COMPILER_ID}")
  endif()
endif()
