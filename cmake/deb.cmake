# The Debian package (`make deb`, scripts/deb.sh): CPack's DEB generator over the
# install() rules. dpkg-shlibdeps finds the libraries delve links; the ones it loads on
# first use (app/lazy_libs.c: SDL2, SDL2_ttf, fontconfig; app/lazy_gsl.c: GSL) are not
# in its ELF, so their packages and least versions come here from the shlibs files of
# the packages that hold them on the build machine, as dpkg-shlibdeps would read them.
# Included by CMakeLists.txt; needs DELVE_GSL_SONAME (may be empty).

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME delve)
set(CPACK_PACKAGE_VENDOR "delve")
set(CPACK_PACKAGE_CONTACT "delve developers <delve@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "multi-floor dungeon generators, played and drawn for review")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "generates DoomRL-style, Shoals and rooms-and-corridors dungeons from a seed,
plays a party through them under the game's rules (falls hurt, rest stations
heal) and draws it all with a CPU renderer: an SDL2 viewer, PNG films, contact
sheets, shot sets and statistical reviews of a generator change. Reads .dun
files from any generator.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)  # a tool for people who write generators
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/delve-dungeon/delve")
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)     # the packaging of upstream PROJECT_VERSION
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # delve_0.1.0-1_amd64.deb
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# lintian: directories 0755, whatever the umask of the build
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# ffmpeg makes `film --video`; delve works without it (found at run time)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ffmpeg")

# "pkg (>= v)" of the package holding soname on this machine, from its shlibs file;
# empty when dpkg does not know it (not a Debian machine: no package is made there)
function(delve_deb_depend soname out)
  set(${out} "" PARENT_SCOPE)
  find_program(DPKG_QUERY dpkg-query)
  if(NOT DPKG_QUERY OR NOT CMAKE_LIBRARY_ARCHITECTURE)
    return()
  endif()
  execute_process(COMMAND ${DPKG_QUERY} -S "*/${CMAKE_LIBRARY_ARCHITECTURE}/${soname}"
                  OUTPUT_VARIABLE owner ERROR_QUIET RESULT_VARIABLE rc)
  string(REGEX MATCH "^[^:,]+:[^:, ]+" pkg "${owner}")   # libsdl2-2.0-0:amd64
  if(rc OR NOT pkg)
    return()
  endif()
  execute_process(COMMAND ${DPKG_QUERY} --control-path ${pkg} shlibs
                  OUTPUT_VARIABLE shlibs_file ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  # "libSDL2-2.0.so.0" is the shlibs line "libSDL2-2.0 0 libsdl2-2.0-0 (>= 2.26.5+dfsg)"
  string(REGEX REPLACE "^(.+)\\.so\\.([0-9]+)$" "\\1 \\2" key "${soname}")
  set(dep "")
  if(shlibs_file AND EXISTS "${shlibs_file}")
    file(STRINGS "${shlibs_file}" lines)
    foreach(line IN LISTS lines)
      string(FIND "${line}" "${key} " at)
      if(at EQUAL 0)
        string(LENGTH "${key} " n)
        string(SUBSTRING "${line}" ${n} -1 dep)
        break()
      endif()
    endforeach()
  endif()
  if(NOT dep)  # no shlibs line: the package itself, any version
    string(REGEX REPLACE ":.*" "" dep "${pkg}")
  endif()
  set(${out} "${dep}" PARENT_SCOPE)
endfunction()

set(delve_deb_depends "fonts-dejavu-core")  # render/text.c's default font
foreach(soname libSDL2-2.0.so.0 libSDL2_ttf-2.0.so.0 libfontconfig.so.1 ${DELVE_GSL_SONAME})
  delve_deb_depend(${soname} dep)
  if(dep)
    string(APPEND delve_deb_depends ", ${dep}")
  else()
    list(APPEND DELVE_DEB_MISSING ${soname})
  endif()
endforeach()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${delve_deb_depends}")

# Debian's copyright, changelog.Debian.gz and changelog.gz (CHANGELOG.md) beside README
# and LICENSE
include(${CMAKE_CURRENT_LIST_DIR}/deb-docs.cmake)
install(FILES ${DELVE_DEB_COPYRIGHT} ${DELVE_DEB_CHANGELOG} ${DELVE_DEB_UPSTREAM_CHANGELOG}
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${DELVE_DEB_OVERRIDES} DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
        RENAME delve)
include(CPack)
