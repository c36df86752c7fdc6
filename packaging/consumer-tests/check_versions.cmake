# The version lives in one place, project(tanbo VERSION ...): checks that the files which cannot
# be generated from it (the npm package's package.json and lock file) agree, and that the
# CHANGELOG has an "Unreleased" section or one for this version (cmake -P script).
# Inputs: -DVERSION= -DSOURCE_DIR=
foreach(file js/package.json js/package-lock.json)
  file(READ "${SOURCE_DIR}/${file}" json)
  string(JSON found GET "${json}" version)
  if(NOT found STREQUAL VERSION)
    message(FATAL_ERROR "${file} says version ${found}; CMakeLists.txt's project() says ${VERSION}")
  endif()
endforeach()
file(READ "${SOURCE_DIR}/js/package-lock.json" lock)
string(JSON root_version GET "${lock}" packages "" version)
if(NOT root_version STREQUAL VERSION)
  message(FATAL_ERROR "js/package-lock.json's root package says ${root_version}, not ${VERSION}")
endif()
file(READ "${SOURCE_DIR}/CHANGELOG.md" changelog)
string(REPLACE "." "\\." version_re "${VERSION}")
if(NOT changelog MATCHES "\n## (Unreleased|\\[?${version_re}\\]?)[ \n]")
  message(FATAL_ERROR "CHANGELOG.md has no '## Unreleased' or '## ${VERSION}' section")
endif()
message(STATUS "version ${VERSION}: js/package.json, its lock file and CHANGELOG.md agree")
