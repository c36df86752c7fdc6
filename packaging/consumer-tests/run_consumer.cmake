# Configures, builds and runs the tests of one consumer project (cmake -P script used by the
# packaging.* tests). Inputs: -DSOURCE=<dir> -DBINARY=<dir> -DGENERATOR=<name> -DCONFIG=<cfg>
# -DOPTIONS=<cache options separated by '|'>. Builds with at most two jobs (shared machines).
foreach(var SOURCE BINARY GENERATOR CONFIG)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" options "${OPTIONS}")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "consumer ${what} failed (${result}): ${ARGN}")
  endif()
endfunction()

run(configure "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BINARY}" -G "${GENERATOR}"
    "-DCMAKE_BUILD_TYPE=${CONFIG}" ${options})
run(build "${CMAKE_COMMAND}" --build "${BINARY}" --config "${CONFIG}" --parallel 2)
run(tests "${CMAKE_CTEST_COMMAND}" --test-dir "${BINARY}" -C "${CONFIG}" --output-on-failure)
