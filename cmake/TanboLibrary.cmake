# tanbo_add_library(<name> SOURCES <src>...): one of the libraries users link, the same way for
# all four (core, reference, optimized, c): target tanbo_<name>, alias tanbo::<name>, exported
# as tanbo::<name>, public headers in <folder>/include, tanbo's warnings kept private, and the
# mutation-testing hook (mutation/ApplyMutant.cmake: -DTANBO_MUTANT plants a bug in it).
include("${PROJECT_SOURCE_DIR}/mutation/ApplyMutant.cmake")

function(tanbo_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES")
  set(target tanbo_${name})
  add_library(${target} ${arg_SOURCES})
  add_library(tanbo::${name} ALIAS ${target})
  # UNITY_BUILD OFF: the libraries users link are compiled one source at a time in every build,
  # presets included, so that their code is the same whoever builds them (GCC's inlining limits
  # are per translation unit; a batch changes what gets inlined, and so the engine's speed).
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name} OUTPUT_NAME ${target} UNITY_BUILD OFF)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:include>)
  target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:tanbo_build_flags>)
  tanbo_mutate_target(${target})
endfunction()

# tanbo_add_library_tests(<name> SOURCES <src>... [INCLUDES <dir>...] [LIBRARIES <lib>...]): the
# Catch2 suite of library tanbo_<name> (with TANBO_BUILD_TESTS): target tanbo_<name>_tests, linked
# to the library and LIBRARIES, core/tests' test_util.hpp on its include path with INCLUDES, its
# test cases CTest tests labelled unit. TANBO_SOURCE_DIR is the project root, for tests that read its data files.
function(tanbo_add_library_tests name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;INCLUDES;LIBRARIES")
  if(NOT TANBO_BUILD_TESTS)
    return()
  endif()
  find_package(Catch2 REQUIRED)
  include(Catch)
  set(target tanbo_${name}_tests)
  add_executable(${target} ${arg_SOURCES})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/core/tests ${arg_INCLUDES})
  target_compile_definitions(${target} PRIVATE TANBO_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  target_link_libraries(${target} PRIVATE tanbo::${name} ${arg_LIBRARIES} Catch2::Catch2WithMain tanbo_test_flags)
  catch_discover_tests(${target} PROPERTIES LABELS unit)
endfunction()
