# liquid_module(<name> [DEPENDS <module>...] [LIBS <target>...] [PRIVATE_LIBS <target>...]
#               [EXCLUDE <file.cpp>...])
#
# Declares the module of the current folder src/<folder>/: a static library liquid_<name>
# (alias liquid::<name>) of the folder's .cpp files, public headers in
# include/liquid/<folder>/, private headers next to the sources. DEPENDS lists the modules
# it may use directly (they must be declared before it); this is the one place the allowed
# edges are written down: the layering test reads them from the graph file written by
# liquid_write_module_graph(). EXCLUDE leaves out sources of the folder (a build option's
# alternatives).
function(liquid_module name)
  cmake_parse_arguments(M "" "" "DEPENDS;LIBS;PRIVATE_LIBS;EXCLUDE" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  foreach(file ${M_EXCLUDE})
    list(REMOVE_ITEM sources ${CMAKE_CURRENT_SOURCE_DIR}/${file})
  endforeach()
  add_library(liquid_${name} STATIC ${sources})
  add_library(liquid::${name} ALIAS liquid_${name})
  target_include_directories(liquid_${name} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}> PRIVATE ${PROJECT_SOURCE_DIR}/src)
  # Installed as liquid::<name> (find_package(liquid), see cmake/liquidConfig.cmake.in).
  set_target_properties(liquid_${name} PROPERTIES EXPORT_NAME ${name})
  install(TARGETS liquid_${name} EXPORT liquidTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  foreach(dep ${M_DEPENDS})
    if(NOT TARGET liquid_${dep})
      message(FATAL_ERROR "module ${name} depends on ${dep}, which is not declared before it")
    endif()
    target_link_libraries(liquid_${name} PUBLIC liquid::${dep})
  endforeach()
  target_link_libraries(liquid_${name} PUBLIC ${M_LIBS} PRIVATE ${M_PRIVATE_LIBS})
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR})
  string(REPLACE ";" " " deps "${M_DEPENDS}")
  set_property(GLOBAL APPEND PROPERTY LIQUID_MODULE_LINES "${name} ${folder} ${deps}")
  set_property(GLOBAL APPEND PROPERTY LIQUID_MODULE_TARGETS liquid::${name})
  set_property(GLOBAL APPEND PROPERTY LIQUID_MODULE_LIBS liquid_${name})
endfunction()

# Writes one line per module: "<name> <folder> <direct dependencies...>".
function(liquid_write_module_graph path)
  get_property(lines GLOBAL PROPERTY LIQUID_MODULE_LINES)
  string(REPLACE ";" "\n" text "${lines}")
  file(WRITE ${path} "${text}\n")
endfunction()
