/* base/outdir: a folder output made whole in a temporary sibling and swapped in; the
 * lock (a second open of the same target is refused, naming the holder); targets that
 * are not delve's refused; an earlier output of the same kind replaced whole; what
 * killed runs left put back or removed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/fsio.h"
#include "base/outdir.h"

static const outdir_opts FILM = { .kind = "film", .what = "film", .version = "9.9",
                                  .holder = "delve film x.film -o OUT" };

/* A fresh folder under TMPDIR (or /tmp) for one test, and the path of `name` in it as
 * the target; gone() removes the folder. */
static void fresh(char root[256], char target[300], const char *name)
{
    snprintf(root, 256, "%s/delve-outdir-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(root));
    snprintf(target, 300, "%s/%s", root, name);
}

static void gone(const char *root)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    assert_int_equal(system(cmd), 0);
}

static void put(const char *dir, const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    assert_int_equal(fsio_write_atomic(p, text, strlen(text), NULL), DELVE_OK);
}

/* Reads dir/name into buf ("" when missing). */
static const char *get(const char *dir, const char *name, char *buf, size_t size)
{
    char p[512], *text = NULL;
    size_t len;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    buf[0] = '\0';
    if (fsio_read_all(p, size - 1, &text, &len, NULL) == DELVE_OK)
        snprintf(buf, size, "%s", text);
    free(text);
    return buf;
}

/* The names in dir, sorted, joined by spaces (dot names too, not . and ..). */
static const char *names(const char *dir, char *buf, size_t size)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | tr '\\n' ' '", dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(buf, 1, size - 1, p);
    buf[n] = '\0';
    pclose(p);
    return buf;
}

/* A first output: written in the temporary folder, which is hidden beside the target
 * and holds the marker; after the commit the target holds the files and nothing is
 * left beside it (the lock file goes too). */
static void test_made_whole_then_swapped_in(void **state)
{
    (void)state;
    char root[256], target[300], buf[512], kind[OUTDIR_KIND_MAX];
    fresh(root, target, "sub/out/");
    outdir *od;
    delve_err err;
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_OK);
    snprintf(target, sizeof target, "%s/sub/out", root);
    assert_string_equal(outdir_target(od), target); /* without the trailing slash */
    snprintf(buf, sizeof buf, "%s/sub/.out.delve-tmp-", root);
    assert_memory_equal(outdir_path(od), buf, strlen(buf));
    put(outdir_path(od), "a.txt", "new");
    assert_int_equal(access(target, F_OK), -1);
    assert_int_equal(outdir_commit(od, &err), DELVE_OK);
    outdir_close(od);
    assert_string_equal(get(target, "a.txt", buf, sizeof buf), "new");
    assert_true(outdir_kind(target, kind, sizeof kind));
    assert_string_equal(kind, "film");
    assert_string_equal(get(target, OUTDIR_MARKER, buf, sizeof buf),
                        "delve film 9.9\n# A delve film. The next `delve film` into this "
                        "folder replaces it whole,\n# files added by hand included.\n");
    snprintf(target, sizeof target, "%s/sub", root);
    assert_string_equal(names(target, buf, sizeof buf), "out ");
    gone(root);
}

/* An output not kept takes the folders made for it along (a failed or stopped run into
 * a/b/out leaves no a/b), but not one that holds something else by then, nor one that
 * was there before. */
static void test_folders_made_for_it_go_with_it(void **state)
{
    (void)state;
    char root[256], target[300], p[300], buf[512];
    fresh(root, target, "a/b/out");
    outdir *od;
    delve_err err;
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_OK);
    outdir_close(od); /* no commit */
    assert_string_equal(names(root, buf, sizeof buf), "");
    snprintf(p, sizeof p, "%s/a", root);
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_OK);
    put(p, "note.txt", "mine"); /* put in a/ meanwhile */
    outdir_close(od);
    assert_string_equal(names(p, buf, sizeof buf), "note.txt ");
    snprintf(target, sizeof target, "%s/a/out", root);
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_OK); /* a/ was there */
    outdir_close(od);
    assert_string_equal(names(p, buf, sizeof buf), "note.txt ");
    gone(root);
}

/* While open, the target's parent holds the lock file and the temporary folder, both
 * hidden; closing without a commit removes both. */
static void test_lock_and_tmp_are_hidden_siblings(void **state)
{
    (void)state;
    char root[256], target[300], buf[512];
    fresh(root, target, "out");
    outdir *od;
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK);
    const char *tmp = strrchr(outdir_path(od), '/') + 1;
    char want[300];
    snprintf(want, sizeof want, ".out.delve-lock %s ", tmp);
    assert_string_equal(names(root, buf, sizeof buf), want);
    assert_int_equal(strlen(tmp), strlen(".out.delve-tmp-XXXXXX"));
    outdir_close(od); /* not committed: the temporary folder goes, the lock too */
    assert_string_equal(names(root, buf, sizeof buf), "");
    gone(root);
}

/* A second open of a target in use fails naming the holder's pid and command; after
 * the first closes, it succeeds. */
static void test_second_open_names_the_holder(void **state)
{
    (void)state;
    char root[256], target[300], want[700];
    fresh(root, target, "out");
    outdir *a, *b;
    delve_err err;
    assert_int_equal(outdir_open(&a, target, &FILM, &err), DELVE_OK);
    assert_int_equal(outdir_open(&b, target, &FILM, &err), DELVE_EINPUT);
    assert_null(b);
    snprintf(want, sizeof want, "%s is in use by another delve run (pid %ld: delve film x.film "
             "-o OUT); try again when it has finished", target, (long)getpid());
    assert_string_equal(err.msg, want);
    outdir_close(a);
    assert_int_equal(outdir_open(&b, target, &FILM, &err), DELVE_OK);
    outdir_close(b);
    gone(root);
}

/* Foreign folders, files and other kinds are refused and left alone; an empty folder
 * and an earlier output of the kind (or the legacy marker) are replaced whole. */
static void test_what_may_be_replaced(void **state)
{
    (void)state;
    char root[256], target[300], buf[512];
    fresh(root, target, "out");
    outdir *od;
    delve_err err;
    assert_int_equal(mkdir(target, 0755), 0);
    put(target, "notes.txt", "mine");
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "is not a folder delve made and is not empty"));
    put(target, OUTDIR_MARKER, "delve shot 0.1.0\n");
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "holds the output of delve shot, not a film"));
    put(target, OUTDIR_MARKER, "delve film 0.0.1\n");
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_OK);
    put(outdir_path(od), "a.txt", "new");
    assert_int_equal(outdir_commit(od, &err), DELVE_OK);
    outdir_close(od);
    assert_string_equal(names(target, buf, sizeof buf), ".delve-output a.txt ");
    outdir_opts legacy = FILM;
    legacy.legacy = ".old-mark";
    snprintf(target, sizeof target, "%s/old", root);
    assert_int_equal(mkdir(target, 0755), 0);
    put(target, ".old-mark", "");
    put(target, "x.png", "old");
    assert_int_equal(outdir_open(&od, target, &legacy, &err), DELVE_OK);
    assert_int_equal(outdir_commit(od, &err), DELVE_OK);
    outdir_close(od);
    assert_string_equal(names(target, buf, sizeof buf), ".delve-output ");
    snprintf(target, sizeof target, "%s/file", root);
    put(root, "file", "x");
    assert_int_equal(outdir_open(&od, target, &FILM, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "is there and is not a folder (a file)"));
    assert_int_equal(outdir_open(&od, "", &FILM, &err), DELVE_EINPUT);
    assert_int_equal(outdir_open(&od, "..", &FILM, &err), DELVE_EINPUT);
    assert_int_equal(outdir_open(&od, "/", &FILM, &err), DELVE_EINPUT);
    gone(root);
}

/* A swap cut between its renames (target missing, the earlier output aside): the next
 * open puts it back; temporary folders of killed runs go, other names stay. */
static void test_killed_runs_are_cleaned_up(void **state)
{
    (void)state;
    char root[256], target[300], p[400], buf[512];
    fresh(root, target, "out");
    snprintf(p, sizeof p, "%s/.out.delve-old-abcdef", root);
    assert_int_equal(mkdir(p, 0755), 0);
    put(p, OUTDIR_MARKER, "delve film 0.1.0\n");
    put(p, "sheet.png", "earlier");
    snprintf(p, sizeof p, "%s/.out.delve-tmp-123456", root);
    assert_int_equal(mkdir(p, 0755), 0);
    put(p, OUTDIR_MARKER, "delve film 0.1.0\n");
    snprintf(p, sizeof p, "%s/.out.delve-tmp-empty1", root);
    assert_int_equal(mkdir(p, 0755), 0);
    snprintf(p, sizeof p, "%s/.out.delve-tmp-notour", root);
    assert_int_equal(mkdir(p, 0755), 0);
    put(p, "keep.txt", "not delve's");
    outdir *od;
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK);
    outdir_close(od);
    assert_string_equal(names(root, buf, sizeof buf), ".out.delve-tmp-notour out ");
    assert_string_equal(get(target, "sheet.png", buf, sizeof buf), "earlier");
    gone(root);
}

/* n files frame_0000.png ... in a new folder sub of od's temporary folder. */
static void put_frames(const outdir *od, const char *sub, int n)
{
    char p[400], name[32];
    snprintf(p, sizeof p, "%s/%s", outdir_path(od), sub);
    assert_int_equal(mkdir(p, 0755), 0);
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "frame_%04d.png", i);
        put(p, name, "old frame");
    }
}

/* An earlier output with 300 files (unlinked by several threads), folders in folders
 * and links to a file and a folder outside it is replaced whole: nothing of it is left,
 * and what its links point at is untouched. */
static void test_big_earlier_output_goes_whole(void **state)
{
    (void)state;
    char root[256], target[300], p[400], q[400], buf[512];
    fresh(root, target, "out");
    outdir *od;
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK);
    put_frames(od, "frames", 300);
    snprintf(p, sizeof p, "%s/a/b/c", outdir_path(od));
    assert_int_equal(fsio_mkdirs(p, NULL), DELVE_OK);
    put(p, "deep.txt", "deep");
    snprintf(p, sizeof p, "%s/keep", root);
    assert_int_equal(mkdir(p, 0755), 0);
    put(p, "precious.txt", "precious");
    snprintf(q, sizeof q, "%s/link-to-folder", outdir_path(od));
    assert_int_equal(symlink(p, q), 0);
    snprintf(p, sizeof p, "%s/keep/precious.txt", root);
    snprintf(q, sizeof q, "%s/a/link-to-file", outdir_path(od));
    assert_int_equal(symlink(p, q), 0);
    assert_int_equal(outdir_commit(od, NULL), DELVE_OK);
    outdir_close(od);
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK);
    put(outdir_path(od), "new.txt", "new");
    assert_int_equal(outdir_commit(od, NULL), DELVE_OK);
    outdir_close(od);
    assert_string_equal(names(target, buf, sizeof buf), ".delve-output new.txt ");
    assert_string_equal(names(root, buf, sizeof buf), "keep out ");
    snprintf(p, sizeof p, "%s/keep", root);
    assert_string_equal(get(p, "precious.txt", buf, sizeof buf), "precious");
    gone(root);
}

/* A file for a folder swapped in whole is written once under its own name: 0644
 * whatever the umask, and never over a file already there (which is left as it was). */
static void test_new_file_written_once(void **state)
{
    (void)state;
    char root[256], target[300], buf[512];
    fresh(root, target, "f.png");
    mode_t was = umask(077);
    delve_err err;
    assert_int_equal(fsio_write_new(target, "first", 5, &err), DELVE_OK);
    umask(was);
    struct stat sb;
    assert_int_equal(stat(target, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0644);
    assert_int_equal(fsio_write_new(target, "second", 6, &err), DELVE_EIO);
    assert_non_null(strstr(err.msg, target));
    assert_non_null(strstr(err.msg, "File exists"));
    assert_string_equal(get(root, "f.png", buf, sizeof buf), "first");
    assert_string_equal(names(root, buf, sizeof buf), "f.png ");
    gone(root);
}

/* What of an earlier output cannot be removed (an immutable file, chattr +i) stays in
 * a hidden folder that keeps the marker, named by outdir_leftover; once it can go, the
 * next open removes it. Skipped where chattr cannot set the flag. */
static void test_leftover_keeps_marker(void **state)
{
    (void)state;
    char root[256], target[300], p[400], cmd[600], buf[512];
    fresh(root, target, "out");
    outdir *od;
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK);
    put_frames(od, "sub", 40);
    assert_int_equal(outdir_commit(od, NULL), DELVE_OK);
    outdir_close(od);
    snprintf(cmd, sizeof cmd, "chattr +i '%s/sub/frame_0000.png' 2> /dev/null", target);
    if (system(cmd) != 0) {
        gone(root);
        skip();
    }
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK);
    put(outdir_path(od), "new.txt", "new");
    assert_int_equal(outdir_commit(od, NULL), DELVE_OK);
    assert_non_null(outdir_leftover(od));
    snprintf(p, sizeof p, "%s", outdir_leftover(od));
    outdir_close(od);
    assert_string_equal(names(p, buf, sizeof buf), ".delve-output sub ");
    assert_string_equal(get(target, "new.txt", buf, sizeof buf), "new");
    snprintf(cmd, sizeof cmd, "chattr -i '%s/sub/frame_0000.png'", p);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(outdir_open(&od, target, &FILM, NULL), DELVE_OK); /* removes it */
    outdir_close(od);
    assert_string_equal(names(root, buf, sizeof buf), "out ");
    gone(root);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_made_whole_then_swapped_in),
        cmocka_unit_test(test_lock_and_tmp_are_hidden_siblings),
        cmocka_unit_test(test_folders_made_for_it_go_with_it),
        cmocka_unit_test(test_second_open_names_the_holder),
        cmocka_unit_test(test_what_may_be_replaced),
        cmocka_unit_test(test_killed_runs_are_cleaned_up),
        cmocka_unit_test(test_big_earlier_output_goes_whole),
        cmocka_unit_test(test_new_file_written_once),
        cmocka_unit_test(test_leftover_keeps_marker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
