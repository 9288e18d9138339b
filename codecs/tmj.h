/* tmj: a Tiled map written to disk as a pair, its .tmj text and its tileset PNG, both or
 * neither: the tileset waits under a name of its own until the map is in place (a full
 * disk once left x-tiles.png without its x.tmj). render/tiled.h makes the two. Uses
 * base/fsio and codecs/png. */
#ifndef DELVE_CODECS_TMJ_H
#define DELVE_CODECS_TMJ_H

#include "base/status.h"
#include "render/canvas.h"

/* Writes sheet as png_path and json (a NUL-ended text, written with a final newline in
 * place of its NUL) as tmj_path, each atomically; on failure neither is left, nor a
 * part. DELVE_EIO naming the file when png_path is there but not a regular file (said
 * before the map is replaced) or a file cannot be written; DELVE_ENOMEM. */
delve_status tmj_write(const char *tmj_path, const char *png_path, const char *json,
                       const canvas *sheet, delve_err *err);

#endif
