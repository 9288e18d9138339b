/* video: ffmpeg as a child process, one run per output. */
#include "app/video.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/fsio.h"

#define VIDEO_PATH_MAX 4096
#define VIDEO_POLL_NS (20 * 1000 * 1000) /* how often the stop flag is looked at */
#define VIDEO_LOG_MAX (1u << 20)         /* bytes of ffmpeg's log read for its last line */

/* The first executable `ffmpeg` on PATH into out; 0 when there is none. */
static int find_ffmpeg(char *out, size_t size)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        size_t n = strcspn(path, ":");
        struct stat sb;
        if (n > 0 && (size_t)snprintf(out, size, "%.*s/ffmpeg", (int)n, path) < size &&
            stat(out, &sb) == 0 && S_ISREG(sb.st_mode) && access(out, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

/* Waits for the child pid; with the stop flag up, kills it first (SIGKILL: its files
 * are in a temporary folder that goes anyway). The child's exit status, -1 when it
 * died or could not be waited for, -2 when it was stopped. */
static int wait_child(pid_t pid, const volatile sig_atomic_t *stop)
{
    int status;
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (got < 0)
            return -1;
        if (stop && *stop) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -2;
        }
        nanosleep(&(struct timespec){ 0, VIDEO_POLL_NS }, NULL);
    }
}

/* Runs argv in folder cwd, with stdin from /dev/null (ffmpeg reads its terminal
 * otherwise) and stdout and stderr into log; the child's exit status as wait_child.
 * Running in the frames folder with relative names keeps the film folder's name (a
 * '%', a leading '-', "pipe:") away from ffmpeg's own syntax. */
static int run(char *const argv[], const char *cwd, const char *log,
               const volatile sig_atomic_t *stop)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int in = open("/dev/null", O_RDONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        if (in >= 0)
            dup2(in, 0);
        signal(SIGXFSZ, SIG_DFL); /* delve ignores it (app/folder.c); ffmpeg need not */
        if (chdir(cwd) != 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    return pid < 0 ? -1 : wait_child(pid, stop);
}

/* The last line of ffmpeg's log into buf ("" when there is none): the log goes with
 * the temporary folder when the run fails, so the message carries it. */
static void log_tail(const char *log, char *buf, size_t size)
{
    char *text = NULL;
    size_t len = 0;
    buf[0] = '\0';
    if (fsio_read_all(log, VIDEO_LOG_MAX, &text, &len, NULL))
        return;
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        text[--len] = '\0';
    char *line = strrchr(text, '\n');
    snprintf(buf, size, "%s", line ? line + 1 : text);
    free(text);
}

/* The filter graph: the frames split in two, film.mp4's even-sized yuv420p at the
 * film's rate, film.gif's at a third of it (gif_fps) gif_w px wide through one 64-colour
 * palette made from the whole film, undithered, only changed rectangles stored (what
 * keeps the default film's GIF under 5 MB). */
static int graph(char *buf, size_t size, int gif_fps, int gif_w)
{
    int n = snprintf(buf, size,
                     "[0:v]split[m][g];"
                     "[m]scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p[mo];"
                     "[g]fps=%d,scale=%d:-2:flags=lanczos,split[a][b];"
                     "[a]palettegen=max_colors=64:stats_mode=diff[p];"
                     "[b][p]paletteuse=dither=none:diff_mode=rectangle[go]",
                     gif_fps, gif_w);
    return n > 0 && (size_t)n < size;
}

/* One ffmpeg run writes film.tmp.mp4 and film.tmp.gif (the frames decoded once); both
 * are renamed into place when it succeeds. */
static delve_status encode(const char *ffmpeg, const char *dir, const video_opts *o,
                           const volatile sig_atomic_t *stop, delve_err *err)
{
    char tmp_mp4[VIDEO_PATH_MAX], tmp_gif[VIDEO_PATH_MAX], mp4[VIDEO_PATH_MAX];
    char gif[VIDEO_PATH_MAX], frames[VIDEO_PATH_MAX], log[VIDEO_PATH_MAX];
    char fps[16], filter[512], tail[200];
    int rate = o->fps > 0 ? o->fps : VIDEO_FPS;
    int gif_fps = rate / VIDEO_GIF_EVERY > 0 ? rate / VIDEO_GIF_EVERY : 1;
    snprintf(fps, sizeof fps, "%d", rate);
    if ((size_t)snprintf(frames, sizeof frames, "%s/frames", dir) >= sizeof frames ||
        (size_t)snprintf(tmp_mp4, sizeof tmp_mp4, "%s/film.tmp.mp4", dir) >= sizeof tmp_mp4 ||
        (size_t)snprintf(tmp_gif, sizeof tmp_gif, "%s/film.tmp.gif", dir) >= sizeof tmp_gif ||
        (size_t)snprintf(mp4, sizeof mp4, "%s/film.mp4", dir) >= sizeof mp4 ||
        (size_t)snprintf(gif, sizeof gif, "%s/film.gif", dir) >= sizeof gif ||
        (size_t)snprintf(log, sizeof log, "%s/ffmpeg.log", dir) >= sizeof log ||
        !graph(filter, sizeof filter, gif_fps, o->gif_w > 0 ? o->gif_w : VIDEO_GIF_W))
        return delve_fail(err, DELVE_EIO, "video: folder name too long");
    char *argv[] = { (char *)ffmpeg, "-nostdin", "-y", "-loglevel", "error", "-framerate",
                     fps, "-i", "frame_%04d.png", "-filter_complex", filter,
                     "-map", "[mo]", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "20",
                     "-r", fps, "-movflags", "+faststart", "../film.tmp.mp4",
                     "-map", "[go]", "../film.tmp.gif", NULL };
    int rc = run(argv, frames, log, stop);
    if (rc == -2)
        return delve_stopped(stop, err);
    if (rc != 0 || rename(tmp_mp4, mp4) != 0 || rename(tmp_gif, gif) != 0) {
        log_tail(log, tail, sizeof tail);
        return delve_fail(err, DELVE_EIO, "video: ffmpeg failed making film.mp4 and film.gif "
                          "(exit %d)%s%s", rc, tail[0] ? ": " : "", tail);
    }
    unlink(log);
    return DELVE_OK;
}

delve_status video_make(const char *dir, const video_opts *o, const volatile sig_atomic_t *stop,
                        int *found, delve_err *err)
{
    char ffmpeg[VIDEO_PATH_MAX];
    *found = find_ffmpeg(ffmpeg, sizeof ffmpeg);
    if (!*found)
        return DELVE_OK;
    return encode(ffmpeg, dir, o, stop, err);
}
