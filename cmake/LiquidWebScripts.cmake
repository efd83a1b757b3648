# The browser libraries a report page inlines (Vega, Vega-Lite, vega-embed), pinned in
# web/package-lock.json and installed by `npm ci` in scripts/install-deps.sh. They are
# compiled into the report module so the installed `liquid` needs no files beside it.
# With LIQUID_WEB_ASSETS=OFF nothing is embedded and the pages say the charts are not drawn.
set(LIQUID_WEB_MODULES ${PROJECT_SOURCE_DIR}/web/node_modules)
if(LIQUID_WEB_ASSETS)
  set(LIQUID_WEB_SCRIPTS
      vega=${LIQUID_WEB_MODULES}/vega/build/vega.min.js
      vega-lite=${LIQUID_WEB_MODULES}/vega-lite/build/vega-lite.min.js
      vega-embed=${LIQUID_WEB_MODULES}/vega-embed/build/vega-embed.min.js)
else()
  set(LIQUID_WEB_SCRIPTS "")
endif()
set(LIQUID_WEB_SCRIPT_FILES "")
foreach(entry ${LIQUID_WEB_SCRIPTS})
  string(REGEX REPLACE "^[^=]*=" "" file ${entry})
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "${file} is missing: run `bash scripts/install-deps.sh` (it runs `npm ci` in web/), "
                        "or configure with -DLIQUID_WEB_ASSETS=OFF (report pages without drawn charts)")
  endif()
  list(APPEND LIQUID_WEB_SCRIPT_FILES ${file})
endforeach()

add_executable(liquid_embed_text ${PROJECT_SOURCE_DIR}/tools/embed_text.cpp)
set(LIQUID_EMBEDDED_SCRIPTS_CPP ${PROJECT_BINARY_DIR}/generated/embedded_scripts.cpp)
add_custom_command(
  OUTPUT ${LIQUID_EMBEDDED_SCRIPTS_CPP}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/generated
  COMMAND liquid_embed_text ${LIQUID_EMBEDDED_SCRIPTS_CPP} ${LIQUID_WEB_SCRIPTS}
  DEPENDS liquid_embed_text ${LIQUID_WEB_SCRIPT_FILES}
  COMMENT "Embedding the Vega, Vega-Lite and vega-embed builds"
  VERBATIM)
