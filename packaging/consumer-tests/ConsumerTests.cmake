# Registers the consumer tests (included from packaging/CMakeLists.txt with TANBO_BUILD_TESTS):
#   packaging.install          fixture: `cmake --install` of this build tree into a fresh prefix
#   packaging.find_package     (a) a C/C++ project using find_package(tanbo) on that prefix
#   packaging.find_package_c   (a') a pure-C project using tanbo::c from that prefix
#   packaging.pkg_config       (c) compiling against that prefix with pkg-config flags
#   packaging.add_subdirectory (b) a project vendoring the source tree (builds tanbo again)
#   packaging.cpack            fixture: `cpack -G TGZ;DEB`, each package unpacked as it installs
#   packaging.cpack_tgz / packaging.cpack_deb  (a) against the unpacked .tar.gz / .deb
# Label "packaging": they configure and build other projects, so `ctest -LE packaging` skips them.
set(_consumer_dir "${CMAKE_CURRENT_SOURCE_DIR}/consumer-tests")
set(_work "${CMAKE_CURRENT_BINARY_DIR}/consumer-tests")
set(_prefix "${_work}/prefix")

# What the consumers inherit from this build: compilers, generator, flags (and sanitizers,
# whose runtime the installed static libraries need at link time).
set(_c_flags "${CMAKE_C_FLAGS}")
set(_cxx_flags "${CMAKE_CXX_FLAGS}")
set(_ld_flags "${CMAKE_EXE_LINKER_FLAGS}")
set(_extra_flags "")
if(TANBO_SANITIZE)
  string(APPEND _c_flags " ${TANBO_SANITIZER_FLAGS}")
  string(APPEND _cxx_flags " ${TANBO_SANITIZER_FLAGS}")
  string(APPEND _ld_flags " ${TANBO_SANITIZER_FLAGS}")
  separate_arguments(_extra_flags UNIX_COMMAND "${TANBO_SANITIZER_FLAGS}")
  list(JOIN _extra_flags "|" _extra_flags)
endif()
set(_options
  "-DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}" "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}"
  "-DCMAKE_C_FLAGS=${_c_flags}" "-DCMAKE_CXX_FLAGS=${_cxx_flags}"
  "-DCMAKE_EXE_LINKER_FLAGS=${_ld_flags}" "-DTANBO_EXPECTED_VERSION=${PROJECT_VERSION}")
if(CMAKE_MAKE_PROGRAM)
  list(APPEND _options "-DCMAKE_MAKE_PROGRAM=${CMAKE_MAKE_PROGRAM}")
endif()

# Adds test packaging.<name> building and testing consumer project <dir> with extra options.
function(tanbo_consumer_test name dir)
  set(options ${_options} ${ARGN})
  list(JOIN options "|" options)
  add_test(NAME packaging.${name}
    COMMAND "${CMAKE_COMMAND}" "-DSOURCE=${_consumer_dir}/${dir}" "-DBINARY=${_work}/${name}"
            "-DGENERATOR=${CMAKE_GENERATOR}" "-DCONFIG=$<CONFIG>" "-DOPTIONS=${options}"
            -P "${_consumer_dir}/run_consumer.cmake")
  set_tests_properties(packaging.${name} PROPERTIES LABELS packaging TIMEOUT 600)
endfunction()

add_test(NAME packaging.install
  COMMAND "${CMAKE_COMMAND}" "-DBUILD_DIR=${PROJECT_BINARY_DIR}" "-DPREFIX=${_prefix}"
          "-DCONFIG=$<CONFIG>" "-DVERSION=${PROJECT_VERSION}"
          -P "${_consumer_dir}/install_fixture.cmake")
set_tests_properties(packaging.install PROPERTIES
  LABELS packaging FIXTURES_SETUP tanbo_installed)

tanbo_consumer_test(find_package find-package "-DCMAKE_PREFIX_PATH=${_prefix}")
tanbo_consumer_test(find_package_c c-only "-DCMAKE_PREFIX_PATH=${_prefix}")
set_tests_properties(packaging.find_package packaging.find_package_c PROPERTIES
  FIXTURES_REQUIRED tanbo_installed)
tanbo_consumer_test(add_subdirectory subdirectory "-DTANBO_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
# It compiles tanbo again: started first (COST; formal/CMakeLists.txt says why).
set_tests_properties(packaging.add_subdirectory PROPERTIES COST 600)

# The CPack packages users download: made from this build tree, unpacked where they would
# install (the .deb's /usr under a fresh root), then the find_package consumer builds on each.
find_program(TANBO_DPKG_DEB_EXECUTABLE dpkg-deb)
if(PROJECT_IS_TOP_LEVEL AND TANBO_DPKG_DEB_EXECUTABLE)
  add_test(NAME packaging.cpack
    COMMAND "${CMAKE_COMMAND}" "-DBUILD_DIR=${PROJECT_BINARY_DIR}" "-DWORK=${_work}/cpack"
            "-DCPACK=${CMAKE_CPACK_COMMAND}" "-DDPKG_DEB=${TANBO_DPKG_DEB_EXECUTABLE}"
            "-DCONFIG=$<CONFIG>" "-DVERSION=${PROJECT_VERSION}"
            -P "${_consumer_dir}/cpack_fixture.cmake")
  set_tests_properties(packaging.cpack PROPERTIES LABELS packaging TIMEOUT 600
                       FIXTURES_SETUP tanbo_cpacked)
  tanbo_consumer_test(cpack_tgz find-package "-DCMAKE_PREFIX_PATH=${_work}/cpack/tgz")
  tanbo_consumer_test(cpack_deb find-package "-DCMAKE_PREFIX_PATH=${_work}/cpack/deb/usr")
  set_tests_properties(packaging.cpack_tgz packaging.cpack_deb PROPERTIES FIXTURES_REQUIRED tanbo_cpacked)
else()
  message(STATUS "tanbo: dpkg-deb not found; skipping the CPack package tests")
endif()

find_program(TANBO_PKG_CONFIG_EXECUTABLE NAMES pkg-config pkgconf)
if(TANBO_PKG_CONFIG_EXECUTABLE AND TARGET tanbo_c)
  add_test(NAME packaging.pkg_config
    COMMAND "${CMAKE_COMMAND}" "-DPREFIX=${_prefix}" "-DBINARY=${_work}/pkg_config"
            "-DPKG_CONFIG=${TANBO_PKG_CONFIG_EXECUTABLE}" "-DCXX=${CMAKE_CXX_COMPILER}"
            "-DCC=${CMAKE_C_COMPILER}" "-DSOURCE_DIR=${_consumer_dir}/common"
            "-DEXTRA_FLAGS=${_extra_flags}" -P "${_consumer_dir}/pkg_config_consumer.cmake")
  set_tests_properties(packaging.pkg_config PROPERTIES
    LABELS packaging FIXTURES_REQUIRED tanbo_installed)
else()
  message(STATUS "tanbo: pkg-config not found; skipping the packaging.pkg_config test")
endif()

# One version: project(tanbo VERSION ...) is the source; the npm package's files must say the
# same (Python, pkg-config, the CMake package and `tanbo --version` are generated from it).
add_test(NAME packaging.versions
  COMMAND "${CMAKE_COMMAND}" "-DVERSION=${PROJECT_VERSION}" "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}"
          -P "${_consumer_dir}/check_versions.cmake")
set_tests_properties(packaging.versions PROPERTIES LABELS packaging)
