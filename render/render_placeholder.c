/* placeholder so CMake configures before render/ lands; the lead deletes it */
typedef int render_placeholder_t;
