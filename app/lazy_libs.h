/* lazy_libs: SDL2, SDL2_ttf and fontconfig loaded on first use, so that commands which
 * never open a window or draw text (`delve diff`, `delve gen`...) start without mapping
 * and relocating their fifty-odd libraries, a large share of a short command's time
 * (docs/perf-log.md).
 * app/lazy_libs.c defines each SDL_, TTF_ and Fc function delve calls under its own
 * name, and the delve executables are linked against it instead of the three libraries
 * (CMakeLists.txt, DELVE_LAZY_LIBS); tests and delve-bench link the libraries as before.
 * A function used for the first time must be added to the list in app/lazy_libs.c (the
 * link fails until it is). Needs nothing of delve's. */
#ifndef DELVE_APP_LAZY_LIBS_H
#define DELVE_APP_LAZY_LIBS_H

/* The SDL and SDL_ttf headers declare what it defines; this only: the loader's message
 * for what (a library or a name) on stderr, then exit 127, as a library missing at start
 * would end the process (app/lazy_gsl.c too). */
void lazy_libs_die(const char *what) __attribute__((noreturn));

/* Starts loading the libraries on a thread of their own, for a command that will draw
 * text: mapping and relocating SDL2's fifty-odd libraries then overlaps the command's
 * own start (a film's script, rehearsal and dungeon). The first call of
 * any function waits for it. */
void lazy_libs_preload(void);

#endif
