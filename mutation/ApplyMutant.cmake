# Mutation testing: -DTANBO_MUTANT=<name> builds the libraries with the planted bug
# mutation/mutants/<name>.mutant, one exact find/replace in one file of core/, reference/,
# optimized/, api/ (or player/, env/, protocol/, svg/ beside it) or capi/ (sources under src/ or
# public headers under include/).
#
# tanbo_add_library (cmake/TanboLibrary.cmake) calls tanbo_mutate_target(<target>) for each
# library. If the mutant's file lies in that library's folder, the library is built from a
# mutated copy: for src/ the whole src/ folder is copied (so private headers and relative
# includes work) and the target's sources are pointed at the copy; for include/ the whole
# include/ tree is copied and put first on the target's PUBLIC include path, so the library and
# everything that links it see the mutated header. Configuration fails when the text to replace
# does not occur exactly once, so a mutant can never
# silently stop planting its bug after the code changes.
#
# The mutant's "file:" is a path from the project root (core/src/notation.cpp,
# optimized/include/tanbo/optimized/board.hpp, ...); a bare file name means optimized/src/<name>.
# TANBO_MUTANT is declared with the other options in cmake/TanboOptions.cmake.
include_guard(GLOBAL)

# Reads the mutant: its file (path from the project root), the text to find and its replacement.
function(_tanbo_read_mutant name out_file out_from out_to)
  set(mutant_file "${PROJECT_SOURCE_DIR}/mutation/mutants/${name}.mutant")
  if(NOT EXISTS "${mutant_file}")
    file(GLOB known RELATIVE "${PROJECT_SOURCE_DIR}/mutation/mutants" "${PROJECT_SOURCE_DIR}/mutation/mutants/*.mutant")
    string(REPLACE ".mutant" "" known "${known}")
    message(FATAL_ERROR "TANBO_MUTANT=${name}: no such mutant; known: ${known}")
  endif()
  file(READ "${mutant_file}" spec)
  # Layout: "file: PATH", then "from:" and "to:" each followed by a block between <<< and >>>.
  string(REGEX MATCH "file: ([^\n]+)" _ "${spec}")
  set(target_file "${CMAKE_MATCH_1}")
  string(FIND "${spec}" "from:\n<<<\n" from_at)
  string(FIND "${spec}" "\n>>>\nto:\n<<<\n" mid_at)
  string(FIND "${spec}" "\n>>>" end_at REVERSE)
  if(target_file STREQUAL "" OR from_at EQUAL -1 OR mid_at EQUAL -1 OR end_at LESS_EQUAL mid_at)
    message(FATAL_ERROR "${mutant_file}: malformed (see mutation/README.md for the layout)")
  endif()
  math(EXPR from_begin "${from_at} + 10")  # skip "from:\n<<<\n"
  math(EXPR from_len "${mid_at} - ${from_begin}")
  math(EXPR to_begin "${mid_at} + 13")
  math(EXPR to_len "${end_at} - ${to_begin}")
  string(SUBSTRING "${spec}" ${from_begin} ${from_len} from_text)
  set(to_text "")
  if(to_len GREATER 0)
    string(SUBSTRING "${spec}" ${to_begin} ${to_len} to_text)
  endif()
  if(NOT target_file MATCHES "/")
    set(target_file "optimized/src/${target_file}")
  endif()
  if(NOT target_file MATCHES "^(core|reference|optimized|api|player|env|protocol|svg|capi)/(src|include)/")
    message(FATAL_ERROR "${mutant_file}: file ${target_file}: only files under core/, reference/, "
                        "optimized/, api/, player/, env/, protocol/, svg/ or capi/ (their src/ or include/) can be mutated")
  endif()
  if(NOT EXISTS "${PROJECT_SOURCE_DIR}/${target_file}")
    message(FATAL_ERROR "${mutant_file}: file ${target_file} does not exist")
  endif()
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${mutant_file}")
  endif()
  set(${out_file} "${target_file}" PARENT_SCOPE)
  set(${out_from} "${from_text}" PARENT_SCOPE)
  set(${out_to} "${to_text}" PARENT_SCOPE)
endfunction()

# Marks every occurrence of `find_text` in `content`: `out_marked` is the content with each one
# replaced by a marker, `out_n` their number (a mutant must apply exactly once).
function(_tanbo_mark_sites content find_text out_marked out_n)
  string(REPLACE "${find_text}" "@@TANBO_MUTATION_SITE@@" marked "${content}")
  string(REGEX MATCHALL "@@TANBO_MUTATION_SITE@@" sites "${marked}")
  list(LENGTH sites n)
  set(${out_marked} "${marked}" PARENT_SCOPE)
  set(${out_n} ${n} PARENT_SCOPE)
endfunction()

# Copies folder `from` to `to`, replacing the text in `mutated` (an absolute path inside `from`).
# Files are rewritten only when their content changes, so rebuilds stay incremental.
function(_tanbo_copy_mutated from to mutated find_text replace_text)
  file(GLOB_RECURSE files RELATIVE "${from}" "${from}/*")
  foreach(rel IN LISTS files)
    file(READ "${from}/${rel}" content)
    if("${from}/${rel}" STREQUAL "${mutated}")
      _tanbo_mark_sites("${content}" "${find_text}" marked n)
      if(NOT n EQUAL 1)
        message(FATAL_ERROR "mutant ${TANBO_MUTANT}: the text to replace occurs ${n} times in ${rel}; "
                            "expected exactly once (update the mutant to the current source)")
      endif()
      string(REPLACE "@@TANBO_MUTATION_SITE@@" "${replace_text}" content "${marked}")
    endif()
    set(old "")
    if(EXISTS "${to}/${rel}")
      file(READ "${to}/${rel}" old)
    endif()
    if(NOT old STREQUAL content)
      file(WRITE "${to}/${rel}" "${content}")
    endif()
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${files})
endfunction()

# Builds `target` (a library defined in the current folder) with the planted bug when the
# mutant's file belongs to this folder; does nothing otherwise or without TANBO_MUTANT.
function(tanbo_mutate_target target)
  if(NOT TANBO_MUTANT)
    return()
  endif()
  _tanbo_read_mutant("${TANBO_MUTANT}" file find_text replace_text)
  set(abs "${PROJECT_SOURCE_DIR}/${file}")
  file(RELATIVE_PATH rel "${CMAKE_CURRENT_SOURCE_DIR}" "${abs}")
  if(rel MATCHES "^\\.\\./")
    return()  # another library's file
  endif()
  string(REGEX MATCH "^[^/]+" part "${rel}")  # src or include
  set(copy "${CMAKE_CURRENT_BINARY_DIR}/mutant-${part}")
  _tanbo_copy_mutated("${CMAKE_CURRENT_SOURCE_DIR}/${part}" "${copy}" "${abs}" "${find_text}" "${replace_text}")
  if(part STREQUAL "src")
    get_target_property(sources ${target} SOURCES)
    set(mutated_sources "")
    foreach(s IN LISTS sources)
      if(NOT IS_ABSOLUTE "${s}")
        set(s "${CMAKE_CURRENT_SOURCE_DIR}/${s}")
      endif()
      string(REPLACE "${CMAKE_CURRENT_SOURCE_DIR}/src/" "${copy}/" s "${s}")
      list(APPEND mutated_sources "${s}")
    endforeach()
    set_property(TARGET ${target} PROPERTY SOURCES ${mutated_sources})
  else()
    target_include_directories(${target} BEFORE PUBLIC "$<BUILD_INTERFACE:${copy}>")
  endif()
  message(STATUS "tanbo: ${target} built with planted bug '${TANBO_MUTANT}' in ${file}")
endfunction()

# Script mode (CTest mutation.anchors): cmake -DPROJECT_SOURCE_DIR=<root> -P ApplyMutant.cmake
# checks that every mutant's text to replace occurs exactly once in its file, so a mutant whose
# code moved is noticed by the test suite, not only by the next mutation run.
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  # A relative root (-DPROJECT_SOURCE_DIR=.) is taken from the current folder.
  get_filename_component(PROJECT_SOURCE_DIR "${PROJECT_SOURCE_DIR}" ABSOLUTE)
  file(GLOB mutants RELATIVE "${PROJECT_SOURCE_DIR}/mutation/mutants" "${PROJECT_SOURCE_DIR}/mutation/mutants/*.mutant")
  set(stale "")
  foreach(m IN LISTS mutants)
    string(REPLACE ".mutant" "" name "${m}")
    _tanbo_read_mutant("${name}" file find_text replace_text)
    file(READ "${PROJECT_SOURCE_DIR}/${file}" content)
    _tanbo_mark_sites("${content}" "${find_text}" marked n)
    if(NOT n EQUAL 1)
      list(APPEND stale "${name}: its text to replace occurs ${n} times in ${file} (want exactly once)")
    endif()
  endforeach()
  list(LENGTH mutants count)
  if(count EQUAL 0)
    message(FATAL_ERROR "no mutants in ${PROJECT_SOURCE_DIR}/mutation/mutants "
                        "(pass the project root as -DPROJECT_SOURCE_DIR=...)")
  endif()
  if(stale)
    list(JOIN stale "\n  " report)
    message(FATAL_ERROR "stale mutants (update them to the current source):\n  ${report}")
  endif()
  message(STATUS "all ${count} mutants apply exactly once")
endif()
