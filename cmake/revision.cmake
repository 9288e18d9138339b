# Writes OUT (revision.h) with the source tree's `git describe --always --dirty`, run at
# every build (not only at configure time, so a shot set made after a commit names that
# commit) and rewritten only when it changed, so nothing recompiles otherwise.
# Usage: cmake -DSRC=DIR -DOUT=FILE [-DGIT=git] -P cmake/revision.cmake
set(rev unknown)
if(GIT)
  execute_process(COMMAND ${GIT} describe --always --dirty WORKING_DIRECTORY ${SRC}
                  OUTPUT_VARIABLE out RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
  if(rc EQUAL 0 AND out)
    set(rev "${out}")
  endif()
endif()
set(text "/* made by cmake/revision.cmake at build time */\n#define DELVE_REVISION \"${rev}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
