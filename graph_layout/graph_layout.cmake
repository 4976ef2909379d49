# Embeds the pinned dagre (installed from the npm registry into
# graph_layout/node_modules by scripts/setup.sh, never committed) and the
# HTML inventory's graph viewer into ampcheck_core, as the constants of a
# generated source (declared in analyzer/report/inventory_graph_assets.h).
# Included by the top-level CMakeLists.txt after ampcheck_core.
set(_ampcheck_dagre_dist ${CMAKE_CURRENT_LIST_DIR}/node_modules/@dagrejs/dagre/dist)
set(_ampcheck_report_dir ${CMAKE_CURRENT_LIST_DIR}/../analyzer/report)
set(_ampcheck_graph_assets
  kDagreJs=${_ampcheck_dagre_dist}/dagre.min.js
  kDagreLegal=${_ampcheck_dagre_dist}/dagre.min.js.LEGAL.txt
  kInventoryGraphJs=${_ampcheck_report_dir}/inventory_graph.js
  kInventoryGraphCss=${_ampcheck_report_dir}/inventory_graph.css)
set(_ampcheck_graph_depends ${CMAKE_CURRENT_LIST_DIR}/embed_assets.cmake
  ${_ampcheck_report_dir}/inventory_graph.js ${_ampcheck_report_dir}/inventory_graph.css)
if(EXISTS ${_ampcheck_dagre_dist}/dagre.min.js)
  list(APPEND _ampcheck_graph_depends ${_ampcheck_dagre_dist}/dagre.min.js
       ${_ampcheck_dagre_dist}/dagre.min.js.LEGAL.txt)
else()
  # Re-run cmake (scripts/setup.sh does) once it is installed.
  message(STATUS "ampcheck: dagre not installed (graph_layout); run scripts/setup.sh")
endif()
# "|"-separated: a ";" would split the custom command's argument.
string(REPLACE ";" "|" _ampcheck_graph_assets "${_ampcheck_graph_assets}")
set(_ampcheck_graph_out ${CMAKE_BINARY_DIR}/generated/inventory_graph_assets.cc)
add_custom_command(
  OUTPUT ${_ampcheck_graph_out}
  COMMAND ${CMAKE_COMMAND} -DOUT=${_ampcheck_graph_out}
          -DHEADER=analyzer/report/inventory_graph_assets.h
          "-DASSETS=${_ampcheck_graph_assets}"
          -P ${CMAKE_CURRENT_LIST_DIR}/embed_assets.cmake
  DEPENDS ${_ampcheck_graph_depends}
  COMMENT "Embedding dagre and the inventory graph viewer"
  VERBATIM)
target_sources(ampcheck_core PRIVATE ${_ampcheck_graph_out})
