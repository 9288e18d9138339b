/* video: one ffmpeg child for the whole film, fed raw frames through a pipe. */
#define _GNU_SOURCE /* pipe2, F_SETPIPE_SZ */
#include "app/video.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/fsio.h"

#define VIDEO_PATH_MAX 4096
#define VIDEO_POLL_MS 5                   /* how often the stop flag is looked at */
#define VIDEO_LOG_MAX (1u << 20)          /* bytes of ffmpeg's log read for its last line */
#define VIDEO_PIPE_BYTES (1 << 20)        /* the pipe's buffer asked for (Linux's default cap) */
#define VIDEO_ARGS 64

/* Each output: its VIDEO_* bit, file names, the graph's label and the encoder's options. */
static const struct {
    unsigned bit;
    const char *name, *tmp, *label;
    const char *args[12];
} OUTPUTS[] = {
    /* ultrafast: the encoder's CPU time is the film's again otherwise (veryfast makes a
       third of the bytes at 1.4x the time of the whole ffmpeg run) */
    { VIDEO_MP4, "film.mp4", "film.tmp.mp4", "[mo]",
      { "-c:v", "libx264", "-preset", "ultrafast", "-crf", "20", "-movflags", "+faststart",
        NULL } },
    { VIDEO_GIF, "film.gif", "film.tmp.gif", "[go]", { NULL } },
    /* lossy at quality 75, compression 2 of 0-6: a sixth of the GIF's bytes */
    { VIDEO_WEBP, "film.webp", "film.tmp.webp", "[wo]",
      { "-c:v", "libwebp_anim", "-quality", "75", "-compression_level", "2", "-loop", "0",
        NULL } },
};
enum { VIDEO_OUTPUTS = sizeof OUTPUTS / sizeof OUTPUTS[0] };

struct video {
    char dir[VIDEO_PATH_MAX], log[VIDEO_PATH_MAX];
    video_opts o;
    const volatile sig_atomic_t *stop;
    pid_t pid;     /* 0 once waited for */
    int fd;        /* the pipe's end we write, -1 once closed */
    int status;    /* ffmpeg's exit status once waited for (-1: died, -2: stopped) */
};

unsigned video_formats(const char *list)
{
    unsigned bits = 0;
    while (list && *list) {
        size_t n = strcspn(list, ",");
        unsigned bit = 0;
        for (int i = 0; i < VIDEO_OUTPUTS; i++)
            if (n == 3 || n == 4)
                if (!strncmp(list, OUTPUTS[i].name + 5, n) && !OUTPUTS[i].name[5 + n])
                    bit = OUTPUTS[i].bit;
        if (!bit)
            return 0;
        bits |= bit;
        list += n + (list[n] == ',');
    }
    return bits;
}

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

/* Appends to buf (size bytes, *n used); 0 once it no longer fits. */
static int add(char *buf, size_t size, int *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int add(char *buf, size_t size, int *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = *n >= 0 && (size_t)*n < size ? vsnprintf(buf + *n, size - (size_t)*n, fmt, ap) : -1;
    va_end(ap);
    *n = k < 0 ? -1 : *n + k;
    return *n >= 0 && (size_t)*n < size;
}

/* The filter graph: the frames split in two when both kinds are made; film.mp4's
 * even-sized yuv420p at the film's rate; the small ones at a third of it (gif_fps),
 * gif_w px wide (area: each pixel the mean of those it covers, 40 % less of ffmpeg's
 * time than lanczos), film.gif through one 64-colour palette made from the whole film,
 * undithered, only changed rectangles stored (what keeps the default film's GIF under
 * 5 MB). */
static int graph(char *buf, size_t size, unsigned f, int gif_fps, int gif_w)
{
    int mp4 = (f & VIDEO_MP4) != 0, gif = (f & VIDEO_GIF) != 0, webp = (f & VIDEO_WEBP) != 0;
    const char *in_mp4 = "[0:v]", *in_small = "[0:v]";
    int n = 0;
    buf[0] = '\0';
    if (mp4 && (gif || webp)) {
        add(buf, size, &n, "[0:v]split[m][s];");
        in_mp4 = "[m]";
        in_small = "[s]";
    }
    if (mp4)
        add(buf, size, &n, "%sscale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p[mo];", in_mp4);
    if (gif || webp)
        add(buf, size, &n, "%sfps=%d,scale=%d:-2:flags=area%s;", in_small, gif_fps, gif_w,
            gif && webp ? ",split[g][wo]" : gif ? "[g]" : "[wo]");
    if (gif)
        add(buf, size, &n, "[g]split[a][b];[a]palettegen=max_colors=64:stats_mode=diff[p];"
                           "[b][p]paletteuse=dither=none:diff_mode=rectangle[go];");
    if (n <= 0 || (size_t)n >= size)
        return 0;
    buf[n - 1] = '\0'; /* the last ';' */
    return 1;
}

/* ffmpeg's command line into argv (pointing into the strings of bufs). */
static void command(char *argv[VIDEO_ARGS], char *ffmpeg, const video_opts *o, char *size,
                    char *fps, char *filter)
{
    int n = 0;
    const char *head[] = { "-nostdin", "-y", "-loglevel", "error", "-f", "rawvideo",
                           "-pixel_format", "rgba", "-video_size", size, "-framerate", fps,
                           "-i", "pipe:0", "-filter_complex", filter };
    argv[n++] = ffmpeg;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        argv[n++] = (char *)head[i];
    for (int i = 0; i < VIDEO_OUTPUTS; i++) {
        if (!(o->formats & OUTPUTS[i].bit))
            continue;
        argv[n++] = "-map";
        argv[n++] = (char *)OUTPUTS[i].label;
        for (int k = 0; OUTPUTS[i].args[k]; k++)
            argv[n++] = (char *)OUTPUTS[i].args[k];
        if (OUTPUTS[i].bit == VIDEO_MP4) {
            argv[n++] = "-r";
            argv[n++] = fps;
        }
        argv[n++] = (char *)OUTPUTS[i].tmp;
    }
    argv[n] = NULL;
}

/* In the child: stdin from the pipe, stdout and stderr into the log, in folder dir
 * (relative names keep the film folder's name, a '%', a leading '-', "pipe:", away from
 * ffmpeg's own syntax); never returns. */
static void child(int in, const char *dir, const char *log, char *const argv[])
{
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
    }
    if (dup2(in, 0) < 0)
        _exit(126);
    signal(SIGXFSZ, SIG_DFL); /* delve ignores them (app/folder.c, here); ffmpeg need not */
    signal(SIGPIPE, SIG_DFL);
    if (chdir(dir) != 0)
        _exit(126);
    execv(argv[0], argv);
    _exit(127);
}

/* Forks ffmpeg reading from a new pipe whose other end goes to v->fd. */
static delve_status spawn(video *v, char *const argv[], delve_err *err)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return delve_fail(err, DELVE_EIO, "video: cannot make a pipe: %s", strerror(errno));
    fcntl(p[1], F_SETPIPE_SZ, VIDEO_PIPE_BYTES); /* fewer wake-ups; the default otherwise */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0)
        child(p[0], v->dir, v->log, argv);
    close(p[0]);
    if (pid < 0) {
        close(p[1]);
        return delve_fail(err, DELVE_EIO, "video: cannot start ffmpeg: %s", strerror(errno));
    }
    fcntl(p[1], F_SETFL, O_NONBLOCK); /* writes wait in poll, looking at the stop flag */
    v->pid = pid;
    v->fd = p[1];
    return DELVE_OK;
}

delve_status video_start(video **out, const char *dir, const video_opts *o,
                         const volatile sig_atomic_t *stop, delve_err *err)
{
    char ffmpeg[VIDEO_PATH_MAX], size[32], fps[16], filter[1024];
    *out = NULL;
    if (!find_ffmpeg(ffmpeg, sizeof ffmpeg))
        return DELVE_OK;
    video *v = calloc(1, sizeof *v);
    if (!v)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    v->o = *o;
    v->o.fps = o->fps > 0 ? o->fps : VIDEO_FPS;
    v->o.gif_w = o->gif_w > 0 ? o->gif_w : VIDEO_GIF_W;
    v->o.formats = o->formats ? o->formats : VIDEO_DEFAULT;
    v->stop = stop;
    v->fd = -1;
    int gif_fps = v->o.fps / VIDEO_GIF_EVERY > 0 ? v->o.fps / VIDEO_GIF_EVERY : 1;
    snprintf(size, sizeof size, "%dx%d", o->w, o->h);
    snprintf(fps, sizeof fps, "%d", v->o.fps);
    char *argv[VIDEO_ARGS];
    delve_status st = DELVE_OK;
    if ((size_t)snprintf(v->dir, sizeof v->dir, "%s", dir) >= sizeof v->dir ||
        (size_t)snprintf(v->log, sizeof v->log, "%s/ffmpeg.log", dir) >= sizeof v->log ||
        !graph(filter, sizeof filter, v->o.formats, gif_fps, v->o.gif_w))
        st = delve_fail(err, DELVE_EIO, "video: folder name too long");
    if (!st) {
        signal(SIGPIPE, SIG_IGN);
        command(argv, ffmpeg, &v->o, size, fps, filter);
        st = spawn(v, argv, err);
    }
    if (st) {
        free(v);
        return st;
    }
    *out = v;
    return DELVE_OK;
}

static void stop_child(video *v);

/* Waits for ffmpeg; with the stop flag up, kills it first (SIGKILL: its files are in a
 * temporary folder that goes anyway). Sets v->status: its exit status, -1 when it died
 * or could not be waited for, -2 when it was stopped. */
static void wait_child(video *v, int block)
{
    int status;
    while (v->pid > 0) {
        pid_t got = waitpid(v->pid, &status, WNOHANG);
        if (got == v->pid || got < 0) {
            v->status = got == v->pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            v->pid = 0;
        } else if (v->stop && *v->stop) {
            stop_child(v);
            v->status = -2;
        } else if (!block) {
            return;
        } else {
            nanosleep(&(struct timespec){ 0, VIDEO_POLL_MS * 1000000L }, NULL);
        }
    }
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

/* ffmpeg ended or was stopped before its time: the status to return. */
static delve_status failed(video *v, delve_err *err)
{
    char tail[200];
    wait_child(v, 1);
    if (v->status == -2)
        return delve_stopped(v->stop, err);
    log_tail(v->log, tail, sizeof tail);
    return delve_fail(err, DELVE_EIO, "video: ffmpeg failed making the video (exit %d)%s%s",
                      v->status, tail[0] ? ": " : "", tail);
}

/* Writes len bytes to the pipe, waiting while it is full. */
static delve_status put(video *v, const uint8_t *p, size_t len, delve_err *err)
{
    while (len > 0) {
        if (v->stop && *v->stop) {
            stop_child(v);
            return delve_stopped(v->stop, err);
        }
        ssize_t n = write(v->fd, p, len);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            poll(&(struct pollfd){ .fd = v->fd, .events = POLLOUT }, 1, VIDEO_POLL_MS);
        } else {
            return failed(v, err); /* EPIPE: ffmpeg is gone */
        }
    }
    return DELVE_OK;
}

delve_status video_frame(void *vv, const canvas *frame, delve_err *err)
{
    video *v = vv;
    if (frame->w != v->o.w || frame->h != v->o.h)
        return delve_fail(err, DELVE_EINPUT, "video: a %d x %d frame in a %d x %d film",
                          frame->w, frame->h, v->o.w, v->o.h);
    size_t row = (size_t)frame->w * 4;
    if ((size_t)frame->stride == row)
        return put(v, frame->px, row * (size_t)frame->h, err);
    delve_status st = DELVE_OK;
    for (int y = 0; !st && y < frame->h; y++)
        st = put(v, canvas_at(frame, 0, y), row, err);
    return st;
}

delve_status video_finish(video *v, delve_err *err)
{
    char from[VIDEO_PATH_MAX + 32], to[VIDEO_PATH_MAX + 32];
    close(v->fd);
    v->fd = -1;
    wait_child(v, 1);
    if (v->status != 0)
        return failed(v, err);
    for (int i = 0; i < VIDEO_OUTPUTS; i++) {
        if (!(v->o.formats & OUTPUTS[i].bit))
            continue;
        snprintf(from, sizeof from, "%s/%s", v->dir, OUTPUTS[i].tmp);
        snprintf(to, sizeof to, "%s/%s", v->dir, OUTPUTS[i].name);
        if (rename(from, to) != 0)
            return delve_fail(err, DELVE_EIO, "video: ffmpeg did not make %s", OUTPUTS[i].name);
    }
    unlink(v->log);
    return DELVE_OK;
}

/* Kills ffmpeg if it still runs and waits for it. */
static void stop_child(video *v)
{
    if (v->pid <= 0)
        return;
    int status;
    kill(v->pid, SIGKILL);
    waitpid(v->pid, &status, 0);
    v->pid = 0;
    v->status = -1;
}

void video_free(video *v)
{
    if (!v)
        return;
    stop_child(v);
    if (v->fd >= 0)
        close(v->fd);
    free(v);
}
