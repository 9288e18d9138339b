/* window: the SDL window, its renderer and texture, and the canvas they show: opening,
 * resizing, one frame drawn from the parts and put on screen, PNGs of it (F12,
 * --screenshot). Calls status, layers, sideview and camera; headless, only the canvas. */
#ifndef DELVE_VIEWER_WINDOW_H
#define DELVE_VIEWER_WINDOW_H

#include "viewer/viewer.h"

/* A resizable window of v->c's size with a software renderer; DELVE_EIO with what to do
 * when there is no display (unless SDL_VIDEODRIVER asked for an invisible one). */
delve_status window_open(viewer *v, delve_err *err);
/* The window's renderer, texture and SDL itself (when opened) gone. */
void window_close(viewer *v);
/* The canvas (and with a window, its texture) made w x h px (within REQUEST_MIN_W x
 * REQUEST_MIN_H .. REQUEST_SIZE_MAX): a larger window shows more map at the same zoom;
 * the panel keeps FRAME_PANEL_W. DELVE_ENOMEM, DELVE_EIO (SDL). */
delve_status window_resize(viewer *v, int w, int h, delve_err *err);
/* The frame drawn into v->c from the parts (v->vo filled), the lines made first. */
delve_status window_draw(viewer *v, delve_err *err);
/* Drawn and shown in the window (headless: nothing until the end). */
delve_status window_show(viewer *v, delve_err *err);
/* The view as a PNG at out: with a window, read back from it; headless, the canvas
 * drawn afresh (the same pixels). */
delve_status window_png(viewer *v, const char *out, delve_err *err);
/* F12: the window written to the first free shot-0001.png, shot-0002.png ... in the
 * current folder (never over a file), the status line as the key found it, then saying
 * where (or why not). */
void window_screenshot(viewer *v);
#define WINDOW_SHOT_FORMAT "shot-%04d.png"
#define WINDOW_SHOT_MAX 9999

#endif
