# Consumer test (c): compiles the consumer programs with flags from pkg-config against the
# installed prefix, as a Makefile user would, and runs them (cmake -P script).
# Inputs: -DPREFIX= -DBINARY= -DPKG_CONFIG= -DCXX= -DCC= -DSOURCE_DIR= -DEXTRA_FLAGS=<'|' list>
string(REPLACE "|" ";" extra "${EXTRA_FLAGS}")
file(GLOB_RECURSE pc_files "${PREFIX}/*/tanbo.pc")
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
# pkg-config gives no run path: let the programs find shared libraries (BUILD_SHARED_LIBS).
get_filename_component(lib_dir "${pc_dir}" DIRECTORY)
set(ENV{LD_LIBRARY_PATH} "${lib_dir}:$ENV{LD_LIBRARY_PATH}")
file(MAKE_DIRECTORY "${BINARY}")

# Builds `source` with `compiler std` plus the flags pkg-config gives for `package`, runs it and
# checks its output matches `expect`.
function(build_and_run name compiler std source package expect)
  execute_process(COMMAND "${PKG_CONFIG}" --cflags --libs ${package}
    OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "pkg-config --cflags --libs ${package} failed (PKG_CONFIG_PATH=${pc_dir})")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(exe "${BINARY}/${name}")
  execute_process(COMMAND "${compiler}" ${std} ${extra} "${source}" -o "${exe}" ${flags}
    RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "compiling ${source} with `pkg-config ${package}` flags failed: ${flags}")
  endif()
  execute_process(COMMAND "${exe}" OUTPUT_VARIABLE out RESULT_VARIABLE result)
  message(STATUS "${name}: ${out}")
  if(NOT result EQUAL 0 OR NOT out MATCHES "${expect}")
    message(FATAL_ERROR "${name} failed (${result}): ${out}")
  endif()
endfunction()

build_and_run(pc_cpp_consumer "${CXX}" -std=c++20 "${SOURCE_DIR}/consumer.cpp" tanbo "tanbo consumer ok")
build_and_run(pc_c_consumer "${CC}" -std=c99 "${SOURCE_DIR}/consumer.c" tanbo-c "tanbo C consumer ok")
