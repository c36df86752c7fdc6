# Makes the CPack packages of the build tree and unpacks each where it installs (cmake -P script;
# fixture of packaging.cpack_tgz and packaging.cpack_deb): WORK/tgz is the .tar.gz's contents
# (its top folder stripped), WORK/deb the root the .deb installs into (dpkg-deb -x: /usr/...).
# Inputs: -DBUILD_DIR= -DWORK= -DCPACK= -DDPKG_DEB= -DCONFIG= -DVERSION=
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/out" "${WORK}/tgz" "${WORK}/deb")
execute_process(COMMAND "${CPACK}" -G "TGZ;DEB" -C "${CONFIG}" -B "${WORK}/out"
                WORKING_DIRECTORY "${BUILD_DIR}" RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cpack failed (${result}):\n${out}")
endif()
file(GLOB tgz "${WORK}/out/tanbo-${VERSION}-*.tar.gz")
file(GLOB deb "${WORK}/out/tanbo_${VERSION}_*.deb")
if(NOT tgz OR NOT deb)
  message(FATAL_ERROR "cpack made no tanbo-${VERSION}-*.tar.gz or tanbo_${VERSION}_*.deb in ${WORK}/out:\n${out}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E tar xzf "${tgz}" WORKING_DIRECTORY "${WORK}/tgz" RESULT_VARIABLE result)
file(GLOB top "${WORK}/tgz/tanbo-*")
file(COPY ${top}/ DESTINATION "${WORK}/tgz")
file(REMOVE_RECURSE ${top})
execute_process(COMMAND "${DPKG_DEB}" -x "${deb}" "${WORK}/deb" RESULT_VARIABLE result_deb)
execute_process(COMMAND "${DPKG_DEB}" -f "${deb}" Package Version OUTPUT_VARIABLE fields)
if(NOT result EQUAL 0 OR NOT result_deb EQUAL 0 OR NOT fields MATCHES "Package: tanbo\nVersion: ${VERSION}")
  message(FATAL_ERROR "unpacking failed (tar ${result}, dpkg-deb ${result_deb}); control fields: ${fields}")
endif()
# Both carry the licence and the CMake package; the .deb installs under /usr.
foreach(root "${WORK}/tgz" "${WORK}/deb/usr")
  file(GLOB_RECURSE config "${root}/*/tanboConfig.cmake")
  file(GLOB_RECURSE license "${root}/share/doc/*/LICENSE")
  if(NOT config OR NOT license)
    message(FATAL_ERROR "${root}: no tanboConfig.cmake ('${config}') or LICENSE ('${license}')")
  endif()
endforeach()
message(STATUS "cpack: ${tgz} and ${deb} unpacked into ${WORK}")
