# Compiles the pinned tree-sitter grammars (installed from the npm registry by
# `npm ci --ignore-scripts` into grammars/node_modules, never committed) into
# one static library, ampcheck_grammars. Included OPTIONALly by the top-level
# CMakeLists.txt; does nothing when the packages are not installed.
set(_ampcheck_grammar_root ${CMAKE_CURRENT_LIST_DIR}/node_modules)
set(_ampcheck_grammar_dirs
  tree-sitter-go/src
  tree-sitter-java/src
  tree-sitter-python/src
  tree-sitter-javascript/src
  tree-sitter-typescript/typescript/src
  tree-sitter-typescript/tsx/src
  tree-sitter-c-sharp/src
  tree-sitter-kotlin/src)

set(_ampcheck_grammar_objects)
set(_ampcheck_grammars_complete TRUE)
foreach(dir ${_ampcheck_grammar_dirs})
  if(NOT EXISTS ${_ampcheck_grammar_root}/${dir}/parser.c)
    message(STATUS "ampcheck: grammar ${dir} not installed; run scripts/setup.sh")
    set(_ampcheck_grammars_complete FALSE)
  endif()
endforeach()

if(_ampcheck_grammars_complete)
  foreach(dir ${_ampcheck_grammar_dirs})
    string(REGEX REPLACE "[^A-Za-z0-9]" "_" target ${dir})
    set(sources ${_ampcheck_grammar_root}/${dir}/parser.c)
    foreach(scanner scanner.c scanner.cc)
      if(EXISTS ${_ampcheck_grammar_root}/${dir}/${scanner})
        list(APPEND sources ${_ampcheck_grammar_root}/${dir}/${scanner})
      endif()
    endforeach()
    add_library(grammar_${target} OBJECT ${sources})
    target_include_directories(grammar_${target} PRIVATE ${_ampcheck_grammar_root}/${dir})
    # Generated code: keep the build warning-free without touching it.
    # Not ours to fix: UBSan reports in generated scanners are not checked.
    target_compile_options(grammar_${target} PRIVATE -w -O2 -fno-sanitize=undefined)
    set_target_properties(grammar_${target} PROPERTIES POSITION_INDEPENDENT_CODE ON
                                                       C_STANDARD 11)
    list(APPEND _ampcheck_grammar_objects $<TARGET_OBJECTS:grammar_${target}>)
  endforeach()
  add_library(ampcheck_grammars STATIC ${_ampcheck_grammar_objects})
  set_target_properties(ampcheck_grammars PROPERTIES LINKER_LANGUAGE C)
endif()
