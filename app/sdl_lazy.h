/* sdl_lazy: SDL2 and SDL2_ttf loaded on first use, so that commands which never open a
 * window or draw text (`delve diff`, `delve gen`...) start without mapping and
 * relocating SDL2's fifty-odd libraries (4 ms of every start, README "Benchmark").
 * app/sdl_lazy.c defines each SDL_ and TTF_ function delve calls under its own name, and
 * the delve executable is linked against it instead of the two libraries (CMakeLists.txt,
 * DELVE_LAZY_SDL); tests and delve-bench link the libraries as before. A function used
 * for the first time must be added to the list in app/sdl_lazy.c (the link fails until
 * it is). Needs nothing of delve's. */
#ifndef DELVE_APP_SDL_LAZY_H
#define DELVE_APP_SDL_LAZY_H

/* No declarations of its own: the SDL and SDL_ttf headers declare what it defines. */

#endif
