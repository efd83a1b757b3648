# ctest install_consumer: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DCXX=...
#   -DWITH_MPI=ON|OFF -DBINDIR=bin -DLIBDIR=lib -DMANDIR=share/man -P TestInstall.cmake
# Installs the build into WORK_DIR/prefix (as `make install PREFIX=...` does), then checks
# that the installed tree works on its own:
#  - the tools are there and `liquid schedule` runs from the prefix, printing a verified
#    schedule; `liquid schedule --help` shows an example; the man page is installed;
#  - examples/consumer builds against the prefix with find_package(liquid) and runs;
#  - the same program builds with nothing but `pkg-config --cflags --libs liquid` and runs.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(run_out "${out}" PARENT_SCOPE)
endfunction()
function(expect text what)
  string(FIND "${run_out}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: '${text}' not in the output:\n${run_out}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# The installed tools.
set(tools ${BINDIR}/liquid ${BINDIR}/ibsim-fabric.py ${BINDIR}/ibsim-route.sh)
if(WITH_MPI)
  list(APPEND tools ${BINDIR}/liquid-mpi ${LIBDIR}/libliquid_pmpi.so)
endif()
foreach(tool ${tools})
  if(NOT EXISTS ${prefix}/${tool})
    message(FATAL_ERROR "make install did not install ${tool}")
  endif()
endforeach()
if(NOT EXISTS ${prefix}/${MANDIR}/man1/liquid.1)
  message(FATAL_ERROR "make install did not install the man page ${MANDIR}/man1/liquid.1")
endif()
file(READ ${prefix}/${MANDIR}/man1/liquid.1 man)
foreach(section ".SH NAME" ".SS \"liquid schedule\"" ".SS \"liquid optical p2p\"" "Examples:" ".SH EXIT STATUS")
  string(FIND "${man}" "${section}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "liquid.1 lacks ${section}")
  endif()
endforeach()
# Run from the prefix in a scratch directory: nothing of the build tree is needed.
file(MAKE_DIRECTORY ${WORK_DIR}/cwd)
execute_process(COMMAND ${prefix}/${BINDIR}/liquid schedule WORKING_DIRECTORY ${WORK_DIR}/cwd
                RESULT_VARIABLE rc OUTPUT_VARIABLE run_out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "installed liquid schedule failed (${rc}): ${err}")
endif()
expect("verified" "installed liquid schedule")
run(${prefix}/${BINDIR}/liquid schedule --help)
expect("Examples:" "liquid schedule --help")

# The CMake package.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${WORK_DIR}/consumer
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/consumer)

# pkg-config alone: liquid.pc names every library the static modules need.
find_program(PKG_CONFIG pkg-config)
if(NOT PKG_CONFIG)
  message(FATAL_ERROR "pkg-config is missing (scripts/install-deps.sh installs it)")
endif()
file(GLOB pc_dir ${prefix}/lib*/pkgconfig ${prefix}/lib/*/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
run(${PKG_CONFIG} --exists --print-errors liquid)
execute_process(COMMAND ${PKG_CONFIG} --variable=libdir liquid OUTPUT_VARIABLE libdir OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT EXISTS ${libdir}/libliquid_sched.a)
  message(FATAL_ERROR "liquid.pc: libdir ${libdir} does not hold libliquid_sched.a")
endif()
execute_process(COMMAND ${PKG_CONFIG} --cflags --libs liquid OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX} ${SOURCE_DIR}/examples/consumer/main.cpp -o ${WORK_DIR}/consumer-pc ${flags})
run(${WORK_DIR}/consumer-pc)
file(REMOVE_RECURSE ${WORK_DIR})
