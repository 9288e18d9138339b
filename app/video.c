/* video: ffmpeg children for the whole film (one for the MP4, one for the GIF and WebP),
 * each fed raw frames through a pipe of its own. */
#define _GNU_SOURCE /* pipe2, F_SETPIPE_SZ */
#include "app/video.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/fsio.h"
#include "render/yuv.h"

#define VIDEO_PATH_MAX 4096
#define VIDEO_POLL_MS 5                   /* how often the stop flag is looked at */
#define VIDEO_LOG_MAX (1u << 20)          /* bytes of ffmpeg's log read for its last line */
#define VIDEO_PIPE_BYTES (1 << 20)        /* the pipe's buffer asked for (Linux's default cap) */
#define VIDEO_ARGS 64

/* The two ffmpeg runs, each on a pipe of its own: film.mp4 from every frame as I420
 * (yuv420p), the GIF and WebP from every VIDEO_GIF_EVERY-th frame scaled down, as BGRA.
 * Two processes, not one with two inputs: ffmpeg reading two pipes can wait on one
 * while delve waits to write the other. */
enum { RUN_MP4, RUN_SMALL, RUNS };

/* Each output: its VIDEO_* bit, the ffmpeg run that makes it, file names, the graph's
 * label and the encoder's options. */
static const struct {
    unsigned bit;
    int run;
    const char *name, *tmp, *label;
    const char *args[16];
} OUTPUTS[] = {
    /* ultrafast: the encoder's CPU time is the film's again otherwise (veryfast makes a
       third of the bytes at 1.4x the time of the whole ffmpeg run). Tagged as what
       render/yuv.c makes, BT.601 limited range: an untagged HD stream is read as BT.709
       by most players (the HUD's red bar 235,64,42 instead of 220,48,44) */
    { VIDEO_MP4, RUN_MP4, "film.mp4", "film.tmp.mp4", NULL,
      { "-c:v", "libx264", "-preset", "ultrafast", "-crf", "20", "-colorspace", "smpte170m",
        "-color_range", "tv", "-movflags", "+faststart", NULL } },
    { VIDEO_GIF, RUN_SMALL, "film.gif", "film.tmp.gif", "[go]", { NULL } },
    /* lossy at quality 75, compression 2 of 0-6: a sixth of the GIF's bytes */
    { VIDEO_WEBP, RUN_SMALL, "film.webp", "film.tmp.webp", "[wo]",
      { "-c:v", "libwebp_anim", "-quality", "75", "-compression_level", "2", "-loop", "0",
        NULL } },
};
enum { VIDEO_OUTPUTS = sizeof OUTPUTS / sizeof OUTPUTS[0] };

/* Each run: the frames' layout it reads, its log (dropped when it succeeds) and the
 * VIDEO_* outputs it makes. */
static const struct {
    const char *pix_fmt, *log;
    unsigned bits;
} RUN[RUNS] = {
    [RUN_MP4] = { "yuv420p", "ffmpeg-mp4.log", VIDEO_MP4 },
    [RUN_SMALL] = { "bgra", "ffmpeg-gif.log", VIDEO_GIF | VIDEO_WEBP },
};

typedef struct run {
    pid_t pid;     /* 0 once waited for, or never started */
    int fd;        /* the pipe's end we write, -1 once closed */
    int status;    /* its exit status once waited for (-1: died, -2: stopped) */
    int w, h;      /* the frames it reads, px */
    char log[VIDEO_PATH_MAX];
    uint8_t *buf;  /* a frame as it reads them */
    size_t len;
} run;

struct video {
    char dir[VIDEO_PATH_MAX];
    video_opts o;
    const volatile sig_atomic_t *stop;
    run runs[RUNS];
    canvas small;  /* a frame scaled to the GIF's size */
    long frames;   /* frames given so far */
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

/* The small run's filter graph: film.gif through one 64-colour palette made from the
 * whole film, every pixel of every frame counted (counting only changed pixels gave the
 * HUD's steady colours no weight: its blue bars came out teal), undithered, only changed
 * rectangles stored (what keeps the default film's GIF under 5 MB: 3.8 MB); the WebP's
 * encoder takes the frames as they come. */
static int graph(char *buf, size_t size, unsigned f)
{
    int gif = (f & VIDEO_GIF) != 0, webp = (f & VIDEO_WEBP) != 0;
    int n = snprintf(buf, size, "%s%s",
                     !gif ? "[0:v]null[wo]" : webp ? "[0:v]split=3[a][b][wo];" : "[0:v]split[a][b];",
                     gif ? "[a]palettegen=max_colors=64:stats_mode=full[p];"
                           "[b][p]paletteuse=dither=none:diff_mode=rectangle[go]" : "");
    return n > 0 && (size_t)n < size;
}

/* What a run's command line says beyond its outputs' options. */
typedef struct run_words {
    char size[32], rate[32], fps[16], threads[8], filter[512];
} run_words;

/* Run r's command line into argv (pointing into the strings of w). */
static void command(char *argv[VIDEO_ARGS], char *ffmpeg, const video *v, int r,
                    run_words *w)
{
    int n = 0;
    const char *head[] = { "-nostdin", "-y", "-loglevel", "error", "-f", "rawvideo",
                           "-pixel_format", RUN[r].pix_fmt, "-video_size", w->size,
                           "-framerate", w->rate, "-i", "pipe:0" };
    argv[n++] = ffmpeg;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        argv[n++] = (char *)head[i];
    if (r == RUN_SMALL) {
        argv[n++] = "-filter_complex";
        argv[n++] = w->filter;
    } else {
        argv[n++] = "-threads";
        argv[n++] = w->threads;
    }
    for (int i = 0; i < VIDEO_OUTPUTS; i++) {
        if (OUTPUTS[i].run != r || !(v->o.formats & OUTPUTS[i].bit))
            continue;
        if (OUTPUTS[i].label) {
            argv[n++] = "-map";
            argv[n++] = (char *)OUTPUTS[i].label;
        }
        for (int k = 0; OUTPUTS[i].args[k]; k++)
            argv[n++] = (char *)OUTPUTS[i].args[k];
        if (OUTPUTS[i].bit == VIDEO_MP4) {
            argv[n++] = "-r";
            argv[n++] = w->fps;
        }
        argv[n++] = (char *)OUTPUTS[i].tmp;
    }
    argv[n] = NULL;
}

/* Run r's sizes, rate and graph into w: the small frames play at a third of the film's
 * rate (as a fraction when it is not whole), so the GIF lasts as long as the MP4. */
static int words(const video *v, int r, run_words *w)
{
    const run *u = &v->runs[r];
    int fps = v->o.fps, every = r == RUN_SMALL ? VIDEO_GIF_EVERY : 1;
    snprintf(w->size, sizeof w->size, "%dx%d", u->w, u->h);
    snprintf(w->fps, sizeof w->fps, "%d", fps);
    /* x264 on one thread where the film's own threads keep the cores busy: its frame
       threads cost 9 % more CPU for the same frames (0.93 s against 0.85 s for the
       default film's 330), and one thread encodes about 450 such frames a second, faster
       than 2 cores render and write them; more cores: its own choice (0) */
    snprintf(w->threads, sizeof w->threads, "%d", sysconf(_SC_NPROCESSORS_ONLN) <= 2 ? 1 : 0);
    if (fps % every == 0)
        snprintf(w->rate, sizeof w->rate, "%d", fps / every);
    else
        snprintf(w->rate, sizeof w->rate, "%d/%d", fps, every);
    return r != RUN_SMALL || graph(w->filter, sizeof w->filter, v->o.formats);
}

/* In the child: stdin from the pipe, stdout and stderr into the log, in folder dir
 * (relative names keep the film folder's name, a '%', a leading '-', "pipe:", away from
 * ffmpeg's own syntax); never returns. */
/* glibc's malloc for ffmpeg, unless the user set GLIBC_TUNABLES: frames of 1.4 MB and
 * more (the MP4's, the GIF's buffered ones) kept on the heap instead of mapped and
 * cleared afresh each time; the default film's MP4 run took 76 000 page faults and
 * 0.39 s of system time, 7 600 and 0.18 s so. */
static const char FFMPEG_MALLOC[] =
    "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456";

/* ffmpeg's environment: delve's, and FFMPEG_MALLOC when it has no GLIBC_TUNABLES (made
 * before the fork: the child calls nothing that allocates). NULL when out of memory. */
static char **child_env(void)
{
    size_t n = 0;
    int tuned = 0;
    for (; environ[n]; n++)
        tuned |= !strncmp(environ[n], "GLIBC_TUNABLES=", 15);
    char **env = malloc((n + 2) * sizeof *env);
    if (!env)
        return NULL;
    memcpy(env, environ, n * sizeof *env);
    if (!tuned)
        env[n++] = (char *)FFMPEG_MALLOC;
    env[n] = NULL;
    return env;
}

static void child(int in, const char *dir, const char *log, char *const argv[],
                  char *const env[])
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
    /* a group of its own: a terminal's Ctrl-C (SIGINT to the foreground group) reaches
       delve alone, which stops ffmpeg and says the film was interrupted, instead of
       ffmpeg dying first and the run failing as "ffmpeg failed" */
    setpgid(0, 0);
    if (chdir(dir) != 0)
        _exit(126);
    execve(argv[0], argv, env);
    _exit(127);
}

/* Forks ffmpeg reading from a new pipe whose other end goes to u->fd (close-on-exec, so
 * the other run never holds it open). */
static delve_status spawn(const video *v, run *u, char *const argv[], delve_err *err)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return delve_fail(err, DELVE_EIO, "video: cannot make a pipe: %s", strerror(errno));
    fcntl(p[1], F_SETPIPE_SZ, VIDEO_PIPE_BYTES); /* fewer wake-ups; the default otherwise */
    char **env = child_env();
    fflush(stdout);
    pid_t pid = env ? fork() : -1;
    if (pid == 0)
        child(p[0], v->dir, u->log, argv, env);
    free(env);
    close(p[0]);
    if (pid < 0) {
        close(p[1]);
        return delve_fail(err, DELVE_EIO, "video: cannot start ffmpeg: %s", strerror(errno));
    }
    fcntl(p[1], F_SETFL, O_NONBLOCK); /* writes wait in poll, looking at the stop flag */
    u->pid = pid;
    u->fd = p[1];
    return DELVE_OK;
}

static int wanted(const video *v, int r) { return (v->o.formats & RUN[r].bits) != 0; }

/* v's options with the defaults filled in, each wanted run's frame size, log name and
 * buffer. The small frames are gif_w wide and as tall as keeps the frame's shape,
 * rounded to an even number (ffmpeg's scale=W:-2). */
static delve_status setup(video *v, const char *dir, const video_opts *o, delve_err *err)
{
    v->o = *o;
    v->o.fps = o->fps > 0 ? o->fps : VIDEO_FPS;
    v->o.gif_w = o->gif_w > 0 ? o->gif_w : VIDEO_GIF_W;
    v->o.formats = o->formats ? o->formats : VIDEO_DEFAULT;
    int gw = v->o.gif_w, gh = (int)(((long)gw * o->h + o->w) / (2L * o->w) * 2);
    gh = gh > 2 ? gh : 2;
    v->runs[RUN_MP4] = (run){ .fd = -1, .w = o->w & ~1, .h = o->h & ~1,
                              .len = yuv_i420_size(o->w, o->h) };
    v->runs[RUN_SMALL] = (run){ .fd = -1, .w = gw, .h = gh, .len = (size_t)gw * (size_t)gh * 4 };
    if ((size_t)snprintf(v->dir, sizeof v->dir, "%s", dir) >= sizeof v->dir)
        return delve_fail(err, DELVE_EIO, "video: folder name too long");
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        if (!wanted(v, r))
            continue;
        if ((size_t)snprintf(u->log, sizeof u->log, "%s/%s", dir, RUN[r].log) >= sizeof u->log)
            return delve_fail(err, DELVE_EIO, "video: folder name too long");
        if (!(u->buf = malloc(u->len)))
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
    }
    if (wanted(v, RUN_SMALL))
        return canvas_init(&v->small, v->runs[RUN_SMALL].w, v->runs[RUN_SMALL].h, err);
    return DELVE_OK;
}

delve_status video_start(video **out, const char *dir, const video_opts *o,
                         const volatile sig_atomic_t *stop, delve_err *err)
{
    char ffmpeg[VIDEO_PATH_MAX];
    *out = NULL;
    if (!find_ffmpeg(ffmpeg, sizeof ffmpeg))
        return DELVE_OK;
    video *v = calloc(1, sizeof *v);
    if (!v)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    v->stop = stop;
    delve_status st = setup(v, dir, o, err);
    if (!st)
        signal(SIGPIPE, SIG_IGN);
    for (int r = 0; !st && r < RUNS; r++) {
        char *argv[VIDEO_ARGS];
        run_words w;
        if (!wanted(v, r))
            continue;
        if (!words(v, r, &w))
            st = delve_fail(err, DELVE_EIO, "video: ffmpeg's filter graph too long");
        command(argv, ffmpeg, v, r, &w);
        if (!st)
            st = spawn(v, &v->runs[r], argv, err);
    }
    if (st) {
        video_free(v);
        return st;
    }
    *out = v;
    return DELVE_OK;
}

/* Kills every run still going and waits for it; status: what they are marked (-1 died,
 * -2 stopped). */
static void stop_runs(video *v, int status)
{
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        int ws;
        if (u->pid <= 0)
            continue;
        kill(u->pid, SIGKILL);
        waitpid(u->pid, &ws, 0);
        u->pid = 0;
        u->status = status;
    }
}

/* Waits for run u; with the stop flag up, kills every run first (SIGKILL: their files
 * are in a temporary folder that goes anyway). Sets u->status: its exit status, -1 when
 * it died or could not be waited for, -2 when it was stopped. */
static void wait_run(video *v, run *u, int block)
{
    int status;
    while (u->pid > 0) {
        pid_t got = waitpid(u->pid, &status, WNOHANG);
        if (got == u->pid || got < 0) {
            u->status = got == u->pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            u->pid = 0;
        } else if (v->stop && *v->stop) {
            stop_runs(v, -2);
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

/* Run u ended or was stopped before its time: the status to return (a Ctrl-C reaches
 * ffmpeg too, which may exit on its own before the flag is seen). */
static delve_status failed(video *v, run *u, delve_err *err)
{
    char tail[200];
    wait_run(v, u, 1);
    if (u->status == -2 || (v->stop && *v->stop)) {
        stop_runs(v, -2);
        return delve_stopped(v->stop, err);
    }
    log_tail(u->log, tail, sizeof tail);
    return delve_fail(err, DELVE_EIO, "video: ffmpeg failed making the video (exit %d)%s%s",
                      u->status, tail[0] ? ": " : "", tail);
}

/* Writes run u's buffer to its pipe, waiting while it is full. */
static delve_status put(video *v, run *u, delve_err *err)
{
    const uint8_t *p = u->buf;
    size_t len = u->len;
    while (len > 0) {
        if (v->stop && *v->stop) {
            stop_runs(v, -2);
            return delve_stopped(v->stop, err);
        }
        ssize_t n = write(u->fd, p, len);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            poll(&(struct pollfd){ .fd = u->fd, .events = POLLOUT }, 1, VIDEO_POLL_MS);
        } else {
            return failed(v, u, err); /* EPIPE: ffmpeg is gone */
        }
    }
    return DELVE_OK;
}

delve_status video_frame(void *vv, const canvas *frame, delve_err *err)
{
    video *v = vv;
    run *m = &v->runs[RUN_MP4], *s = &v->runs[RUN_SMALL];
    if (frame->w != v->o.w || frame->h != v->o.h)
        return delve_fail(err, DELVE_EINPUT, "video: a %d x %d frame in a %d x %d film",
                          frame->w, frame->h, v->o.w, v->o.h);
    delve_status st = DELVE_OK;
    if (m->buf) {
        yuv_i420(m->buf, frame);
        st = put(v, m, err);
    }
    if (!st && s->buf && v->frames % VIDEO_GIF_EVERY == 0) {
        canvas_blit_scaled(&v->small, frame, 0, 0, s->w, s->h);
        yuv_bgra(s->buf, &v->small);
        st = put(v, s, err);
    }
    v->frames++;
    return st;
}

/* Renames run r's outputs into place and drops its log. */
static delve_status keep(const video *v, int r, delve_err *err)
{
    char from[VIDEO_PATH_MAX + 32], to[VIDEO_PATH_MAX + 32];
    for (int i = 0; i < VIDEO_OUTPUTS; i++) {
        if (OUTPUTS[i].run != r || !(v->o.formats & OUTPUTS[i].bit))
            continue;
        snprintf(from, sizeof from, "%s/%s", v->dir, OUTPUTS[i].tmp);
        snprintf(to, sizeof to, "%s/%s", v->dir, OUTPUTS[i].name);
        if (rename(from, to) != 0)
            return delve_fail(err, DELVE_EIO, "video: ffmpeg did not make %s", OUTPUTS[i].name);
    }
    unlink(v->runs[r].log);
    return DELVE_OK;
}

void video_end(video *v)
{
    for (int r = 0; r < RUNS; r++) {
        if (v->runs[r].fd >= 0)
            close(v->runs[r].fd);
        v->runs[r].fd = -1;
    }
}

delve_status video_finish(video *v, delve_err *err)
{
    video_end(v);
    for (int r = 0; r < RUNS; r++)
        wait_run(v, &v->runs[r], 1);
    for (int r = 0; r < RUNS; r++)
        if (wanted(v, r) && v->runs[r].status != 0)
            return failed(v, &v->runs[r], err);
    delve_status st = DELVE_OK;
    for (int r = 0; !st && r < RUNS; r++)
        st = wanted(v, r) ? keep(v, r, err) : DELVE_OK;
    return st;
}

void video_free(video *v)
{
    if (!v)
        return;
    stop_runs(v, -1);
    for (int r = 0; r < RUNS; r++) {
        if (v->runs[r].fd >= 0)
            close(v->runs[r].fd);
        free(v->runs[r].buf);
    }
    canvas_free(&v->small);
    free(v);
}
