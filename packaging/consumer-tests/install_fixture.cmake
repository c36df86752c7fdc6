# Installs the already-built tree into a fresh prefix (cmake -P script; test fixture for the
# find_package and pkg-config consumer tests). Inputs: -DBUILD_DIR= -DPREFIX= -DCONFIG= -DVERSION=
file(REMOVE_RECURSE "${PREFIX}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" --config "${CONFIG}"
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${PREFIX} failed (${result})")
endif()
# Spot-check the layout users rely on.
foreach(file include/tanbo/tanbo.h include/tanbo/core/version.hpp include/tanbo/optimized/game.hpp
             include/tanbo/reference/game.hpp)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "${file} was not installed into ${PREFIX}")
  endif()
endforeach()
file(GLOB_RECURSE config "${PREFIX}/*/tanboConfig.cmake")
file(GLOB_RECURSE pc "${PREFIX}/*/tanbo.pc")
file(GLOB_RECURSE stray "${PREFIX}/include/*.in")
if(NOT config OR NOT pc OR stray)
  message(FATAL_ERROR "bad install: tanboConfig.cmake '${config}', tanbo.pc '${pc}', stray '${stray}'")
endif()
# The licence travels with the package: its text, and its SPDX identifier in the metadata.
file(GLOB_RECURSE license "${PREFIX}/share/doc/*/LICENSE")
file(READ "${pc}" pc_text)
file(READ "${config}" config_text)
if(NOT license OR NOT pc_text MATCHES "\nLicense: MIT\n" OR NOT config_text MATCHES "set\\(tanbo_LICENSE \"MIT\"\\)")
  message(FATAL_ERROR "licence missing from the install: LICENSE '${license}', or no MIT in ${pc} / ${config}")
endif()
# When the CLI is built it is installed too, and reports the project version.
if(EXISTS "${PREFIX}/bin/tanbo")
  execute_process(COMMAND "${PREFIX}/bin/tanbo" --version OUTPUT_VARIABLE out RESULT_VARIABLE result)
  if(NOT result EQUAL 0 OR NOT out MATCHES "${VERSION}")
    message(FATAL_ERROR "installed `tanbo --version` printed '${out}' (status ${result}), expected ${VERSION}")
  endif()
endif()
