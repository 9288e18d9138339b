/* fuzz_room: a stored room (a NAME.room of assets/rooms/) parsed (gen/stored.h's stored_parse)
 * and, when it parses, laid into a room just its size with stored_lay, then handed to
 * the generator as the only stored room of a one-floor rooms dungeon, as `--rooms DIR`
 * does (the rising tries lay it where a room is big enough); a room and seed generated
 * with before are not generated again. */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "engine/floor.h"
#include "gen/gen.h"
#include "gen/stored.h"
#include "tests/fuzz/fuzz.h"

static void contract(const stored_room *s)
{
    fuzz_require(s->w >= 1 && s->w <= STORED_SIDE_MAX && s->h >= 1 && s->h <= STORED_SIDE_MAX,
                 "a stored room is 1..16 a side");
    fuzz_require(s->secret_count >= 0 && s->secret_count <= STORED_SECRETS_MAX,
                 "at most STORED_SECRETS_MAX secrets");
    for (int k = 0; k < s->secret_count; k++)
        fuzz_require(s->sx[k] >= 0 && s->sx[k] < s->w && s->sy[k] >= 0 && s->sy[k] < s->h,
                     "a secret is a square of the room");
    for (int i = 0; i < s->w * s->h; i++)
        fuzz_require(s->terrain[i] < T_TERRAIN_COUNT, "every square has a terrain");
}

/* Laid into a floor whose one room is exactly s's size, walls around. */
static void lay(const stored_room *s)
{
    dfloor f;
    delve_err err = { "" };
    if (floor_init(&f, 0, s->w + 2, s->h + 2, &err))
        return;
    room rm = { 1, 1, s->w, s->h };
    fuzz_require(stored_lay(&f, &rm, s) == 1, "a room its own size holds a stored room");
    int secrets = 0;
    for (int i = 0; i < f.w * f.h; i++)
        secrets += (f.marks[i] & SQ_SECRET) != 0;
    fuzz_require(secrets <= s->secret_count, "a secret mark per secret at most");
    room small = { 1, 1, s->w - 1, s->h };
    fuzz_require(stored_lay(&f, &small, s) == 0, "a smaller room does not hold it");
    floor_free(&f);
}

/* 1 when this process generated with the same room (the parsed struct, which
 * stored_parse zeroes first) and seed before: generation is deterministic, so doing it
 * again tests nothing new. Remembers the last FUZZ_ROOM_SEEN pairs by their hash. The
 * one state the target keeps between inputs. */
#define FUZZ_ROOM_SEEN 4096
static int seen_before(const stored_room *s, uint64_t seed)
{
    static uint64_t seen[FUZZ_ROOM_SEEN];
    static int next, count;
    uint64_t h = hash_fnv1a64_i64(hash_fnv1a64(HASH_FNV1A64_BASIS, s, sizeof *s), (int64_t)seed);
    for (int k = 0; k < count; k++)
        if (seen[k] == h)
            return 1;
    seen[next] = h;
    next = (next + 1) % FUZZ_ROOM_SEEN;
    count += count < FUZZ_ROOM_SEEN;
    return 0;
}

static void generate(const stored_room *s, uint64_t seed)
{
    if (seen_before(s, seed))
        return;
    stored_rooms *rooms = malloc(sizeof *rooms);
    if (!rooms)
        return;
    rooms->count = 1;
    rooms->rooms[0] = *s;
    gen_opts o = gen_defaults(seed);
    o.floors = 1;
    o.stored = rooms;
    dungeon d;
    delve_err err = { "" };
    if (gen_dungeon(&o, &d, &err) == DELVE_OK)
        dungeon_free(&d);
    free(rooms);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size, STORED_FILE_MAX);
    if (!text)
        return 0;
    stored_room *s = malloc(sizeof *s);
    delve_err err = { "" };
    if (s && stored_parse("fuzz.room", text, s, &err) == DELVE_OK) {
        contract(s);
        lay(s);
        generate(s, size % 8 + 1);
    }
    free(s);
    free(text);
    return 0;
}
