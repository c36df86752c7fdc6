# CTest script (cmake -P): the engine tests must not depend on the CLI. Configures tanbo twice in
# scratch folders, with and without -DTANBO_BUILD_CLI, and checks from Ninja's build graph that
# the unit suites of SUITES and tanbo_properties are built by exactly the same commands either way (so no test,
# perft's included, is dropped or changed without the CLI) and that nothing comes from cli/.
# Configure-only, so it takes seconds. Arguments: -DSOURCE_DIR=... -DWORK_DIR=... -DCXX=... -DCC=...
foreach(var SOURCE_DIR WORK_DIR CXX CC)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "tests_without_cli.cmake: -D${var}=... is required")
  endif()
endforeach()
# The Catch2 suites of the engines and the layers on them (each in <folder>/tests), and the
# properties.
set(SUITES tanbo_core_tests tanbo_reference_tests tanbo_optimized_tests tanbo_api_tests tanbo_player_tests
    tanbo_env_tests tanbo_protocol_tests tanbo_svg_tests tanbo_capi_tests tanbo_properties)
set(SUITE_FOLDERS core reference optimized api player env protocol svg capi)

# Prints into `out` the commands that build `targets` with TANBO_BUILD_CLI=<cli>, the scratch
# folder's path replaced by <build>.
function(commands_for cli out)
  set(dir "${WORK_DIR}/cli-${cli}")
  file(REMOVE_RECURSE "${dir}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${dir}" -G Ninja
            -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC} -DTANBO_BUILD_CLI=${cli}
            -DTANBO_BUILD_PYTHON=OFF -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_BENCHMARKS=OFF
            -DTANBO_BUILD_EXAMPLES=OFF -DTANBO_INSTALL=OFF
    RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "configure with TANBO_BUILD_CLI=${cli} failed:\n${log}")
  endif()
  execute_process(COMMAND ninja -C "${dir}" -t commands ${SUITES}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE commands ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "TANBO_BUILD_CLI=${cli}: a target of ${SUITES} is missing: ${err}")
  endif()
  string(REPLACE "${dir}" "<build>" commands "${commands}")
  set(${out} "${commands}" PARENT_SCOPE)
  file(REMOVE_RECURSE "${dir}")
endfunction()

commands_for(ON with_cli)
commands_for(OFF without_cli)
if(NOT with_cli STREQUAL without_cli)
  file(WRITE "${WORK_DIR}/with-cli.txt" "${with_cli}")
  file(WRITE "${WORK_DIR}/without-cli.txt" "${without_cli}")
  message(FATAL_ERROR "the tests are built differently without the CLI; compare "
                      "${WORK_DIR}/with-cli.txt and ${WORK_DIR}/without-cli.txt")
endif()
set(test_sources "")
foreach(folder IN LISTS SUITE_FOLDERS)
  file(GLOB sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${folder}/tests/test_*.cpp")
  list(APPEND test_sources ${sources})
endforeach()
foreach(src IN LISTS test_sources)
  string(FIND "${without_cli}" "${src}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "without the CLI, no unit suite compiles ${src}")
  endif()
endforeach()
if(without_cli MATCHES "${SOURCE_DIR}/cli/")
  message(FATAL_ERROR "a unit suite or tanbo_properties builds something from cli/")
endif()
list(LENGTH test_sources n)
message(STATUS "with or without the CLI: the same commands build the unit suites (${n} test sources, "
               "perft included) and tanbo_properties, nothing from cli/")
