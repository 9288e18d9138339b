# Debian's copyright file (machine-readable, the Expat licence's text from LICENSE) and
# changelog.Debian.gz, written at configure time into build/generated for install():
# every Debian package holds both in /usr/share/doc/delve (Debian Policy 12.5, 12.7).
# Reproducible: the changelog's date is the last commit's (or SOURCE_DATE_EPOCH's), and
# gzip -n leaves the name and time out. Sets DELVE_DEB_COPYRIGHT, DELVE_DEB_CHANGELOG,
# DELVE_DEB_UPSTREAM_CHANGELOG and DELVE_DEB_OVERRIDES.

set(gen ${CMAKE_BINARY_DIR}/generated)
file(READ ${CMAKE_SOURCE_DIR}/LICENSE license)
string(REGEX MATCH "Copyright \\(c\\) [^\n]+" holder "${license}")
string(REGEX REPLACE "^Copyright \\(c\\) " "" holder "${holder}")
string(REGEX REPLACE "^MIT License\n+Copyright [^\n]*\n+" "" body "${license}")
string(REGEX REPLACE "\n+$" "" body "${body}")
string(REGEX REPLACE "\n\n" "\n.\n" body "${body}")   # a blank line is " ." in DEP-5
string(REGEX REPLACE "\n" "\n " body "${body}")
file(WRITE ${gen}/copyright
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: delve
Source: ${CPACK_DEBIAN_PACKAGE_HOMEPAGE}

Files: *
Copyright: ${holder}
License: Expat
 ${body}
")
set(DELVE_DEB_COPYRIGHT ${gen}/copyright)

if(NOT DEFINED ENV{SOURCE_DATE_EPOCH} AND GIT_EXECUTABLE)
  execute_process(COMMAND ${GIT_EXECUTABLE} log -1 --format=%ct WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  OUTPUT_VARIABLE epoch OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(epoch)
    set(ENV{SOURCE_DATE_EPOCH} ${epoch})
  endif()
endif()
string(TIMESTAMP when "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE ${gen}/changelog.Debian
"delve (${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}) unstable; urgency=medium

  * Packaged from delve ${PROJECT_VERSION}; what changed for users is in
    /usr/share/doc/delve/CHANGELOG.md.

 -- ${CPACK_PACKAGE_CONTACT}  ${when}
")
execute_process(COMMAND gzip -9nf ${gen}/changelog.Debian RESULT_VARIABLE gz_rc)
set(DELVE_DEB_CHANGELOG ${gen}/changelog.Debian.gz)

# the project's CHANGELOG.md as Debian names an upstream changelog (Policy 12.7)
execute_process(COMMAND gzip -9nc ${CMAKE_SOURCE_DIR}/CHANGELOG.md
                OUTPUT_FILE ${gen}/changelog.gz)
set(DELVE_DEB_UPSTREAM_CHANGELOG ${gen}/changelog.gz)
# not for Debian's archive: no bug to close (lintian's tag for an archive upload)
file(WRITE ${gen}/lintian-overrides "delve: initial-upload-closes-no-bugs\n")
set(DELVE_DEB_OVERRIDES ${gen}/lintian-overrides)
