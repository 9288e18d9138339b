/* video: ffmpeg children for the whole film (one for the MP4, one for the GIF and WebP),
 * each fed raw frames through a pipe of its own. The recorder's sink thread converts
 * each frame into a buffer of a small ring per run (video_frame); a writer thread per
 * run hands the buffers' pages to its pipe (vmsplice) and gives a buffer back once
 * ffmpeg has read it, so neither run waits on the other and no frame is copied into a
 * pipe. film.gif's palette is made of samples drawn before the film (video_sample), so
 * its ffmpeg maps and encodes the frames as they come instead of holding the whole film
 * and doing it all after the last frame. */
#define _GNU_SOURCE /* pipe2, F_SETPIPE_SZ, vmsplice */
#include "films/video.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/fsio.h"
#include "codecs/yuv.h"

#define VIDEO_PATH_MAX 4096
#define VIDEO_POLL_MS 5                   /* how often the stop flag is looked at */
#define VIDEO_LOG_MAX (1u << 20)          /* bytes of ffmpeg's log read for its last line */
#define VIDEO_PIPE_BYTES (1 << 20)        /* the pipe's buffer asked for (Linux's default cap) */
#define VIDEO_ARGS 64
/* A run's frame buffers: what its pipe holds of the frames handed to ffmpeg (1 MB:
 * parts of two of the MP4's 1.4 MB frames, of three of the GIF's 0.9 MB) and one the
 * sink fills */
#define VIDEO_RING 4
#define VIDEO_PAGE 4096 /* buffers start on a page: vmsplice hands the pipe whole pages */
/* A run's pieces at most: each is one of its ring's buffers or a palette sample */
#define VIDEO_QUEUE (VIDEO_RING + VIDEO_SAMPLES_MAX)

/* The two ffmpeg runs, each on a pipe of its own: film.mp4 from every frame as I420
 * (yuv420p), the GIF and WebP from the frames take_gif_plan picks (every VIDEO_GIF_EVERY-th
 * without a plan) scaled down, as BGRA.
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
       third of the bytes at 1.4x the time of the whole ffmpeg run). A fixed quantiser,
       not -crf: rate control weighs every frame first and spends more on frames that
       change this little. On the default film's frames (six alternating runs, user +
       system) -crf 20 took 1.52-1.88 s (median 1.75) for 2.26 MB, -qp 20 0.94-1.24 s
       (1.20) for 0.83 MB at 48.8 dB against the PNG frames, the HUD's small text as in
       them; -qp 18 1.23 s for 0.99 MB. Tagged as what codecs/yuv.c makes, BT.601
       limited range: an untagged HD stream is read as BT.709 by most players (the HUD's
       red bar 235,64,42 instead of 220,48,44) */
    { VIDEO_MP4, RUN_MP4, "film.mp4", "film.tmp.mp4", NULL,
      { "-c:v", "libx264", "-preset", "ultrafast", "-qp", "20", "-colorspace", "smpte170m",
        "-color_range", "tv", "-movflags", "+faststart", NULL } },
    /* each frame's changed rectangle stored whole, not its unchanged pixels as
       transparent: the same pictures in 13-18 % fewer bytes for four films of
       films/scripts/ (the default's 3.32 MB instead of 3.82), for the same CPU; only
       shoals-tide's grew (0.96 MB instead of 0.77) */
    { VIDEO_GIF, RUN_SMALL, "film.gif", "film.tmp.gif", "[go]", { "-gifflags", "-transdiff", NULL } },
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

/* A frame (or a palette sample) on its way down a pipe. */
typedef struct piece {
    uint8_t *buf;
    int sample;    /* 1: a palette sample's buffer, freed once read; 0: one of the ring's */
    uint64_t end;  /* the run's bytes spliced once it is in the pipe whole */
} piece;

/* Why a writer ended before its input did. */
enum { WRITE_OK, WRITE_FAILED, WRITE_STOPPED };

typedef struct run {
    pid_t pid;     /* 0 once waited for, or never started */
    int fd;        /* the pipe's end we write (the writer's), -1 once closed */
    int status;    /* its exit status once waited for (-1: died, -2: stopped) */
    int sig;       /* the signal that killed it, or 0 */
    int w, h;      /* the frames it reads, px */
    char log[VIDEO_PATH_MAX];
    size_t len;    /* bytes of a frame as it reads them */
    uint8_t *ring[VIDEO_RING];
    const volatile sig_atomic_t *stop;
    /* the writer thread's own */
    pthread_t writer;
    int writing;               /* the writer was started (and not joined yet) */
    uint64_t spliced;          /* bytes handed to the pipe */
    int copy;                  /* 1: vmsplice refused, write() copies instead */
    /* between the sink (and video_sample) and the writer, under mu; cv says a piece was
       queued, a buffer came back, the sink waits for one or the writer ended. The queue
       holds, oldest first, `inpipe` pieces handed to the pipe whose pages ffmpeg may not
       have read yet, then `count` pieces to write */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    piece queue[VIDEO_QUEUE];
    int first, inpipe, count;
    uint8_t *spare[VIDEO_RING]; /* the ring's buffers free to fill */
    int spares;
    int wants;                 /* the sink waits for a spare buffer */
    int ended;                 /* no more pieces: the writer closes the pipe when done */
    int done;                  /* the writer returned */
    int why;                   /* WRITE_*: why it returned before the input ended */
    atomic_int quit;           /* video_free: the writer returns at once */
} run;

struct video {
    char dir[VIDEO_PATH_MAX];
    video_opts o;
    const volatile sig_atomic_t *stop;
    run runs[RUNS];
    canvas small;  /* a frame scaled to the GIF's size (when it is not half the film's) */
    long frames;   /* frames given so far */
    int sampled;   /* palette samples given so far */
};

unsigned video_formats(const char *list)
{
    unsigned bits = 0;
    for (;;) {
        size_t n = strcspn(list ? list : "", ",");
        unsigned bit = 0;
        for (int i = 0; i < VIDEO_OUTPUTS; i++)
            if (n == 3 || n == 4)
                if (!strncasecmp(list, OUTPUTS[i].name + 5, n) && !OUTPUTS[i].name[5 + n])
                    bit = OUTPUTS[i].bit;
        if (!bit) /* an unknown name, or none between commas or at an end */
            return 0;
        bits |= bit;
        if (list[n] != ',')
            return bits;
        list += n + 1;
    }
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

/* The small run's filter graph. Its first `samples` frames are film.gif's palette
 * samples (video_sample), the film's frames follow: palettegen makes one 64-colour
 * palette of the samples, every pixel of them counted (counting only changed pixels gave
 * the HUD's steady colours no weight: its blue bars came out teal), and paletteuse maps
 * the film's frames to it as they come, undithered, only changed rectangles stored
 * (what keeps the default film's GIF under 5 MB). A palette of the whole film would
 * hold its frames (100 MB for the default film) until the last came and then map and
 * encode them on one core while delve waits. The WebP's encoder takes the film's frames
 * as they come. */
static int graph(char *buf, size_t size, unsigned f, int samples)
{
    int gif = (f & VIDEO_GIF) != 0, webp = (f & VIDEO_WEBP) != 0;
    int n = !gif ? snprintf(buf, size, "[0:v]null[wo]")
                 : snprintf(buf, size,
                            "[0:v]split[s][f];"
                            "[s]trim=end_frame=%d,palettegen=max_colors=64:stats_mode=full[p];"
                            "[f]trim=start_frame=%d,setpts=PTS-STARTPTS%s;"
                            "[g][p]paletteuse=dither=none:diff_mode=rectangle[go]",
                            samples, samples, webp ? ",split[g][wo]" : "[g]");
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
    if (r == RUN_SMALL && v->o.gif_fps > 0)
        snprintf(w->rate, sizeof w->rate, "%d", v->o.gif_fps);
    else if (fps % every == 0)
        snprintf(w->rate, sizeof w->rate, "%d", fps / every);
    else
        snprintf(w->rate, sizeof w->rate, "%d/%d", fps, every);
    return r != RUN_SMALL || graph(w->filter, sizeof w->filter, v->o.formats, v->o.samples);
}

/* glibc's malloc for ffmpeg, unless the user set GLIBC_TUNABLES: frames of 1.4 MB and
 * more kept on the heap instead of mapped and cleared afresh each time, which took a
 * tenth of the page faults and half the system time of the MP4's run
 * (docs/perf-log.md, "--video"). */
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

/* In the child: stdin from the pipe, stdout and stderr into the log, in folder dir
 * (relative names keep the film folder's name, a '%', a leading '-', "pipe:", away from
 * ffmpeg's own syntax); never returns. */
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

/* Run u's frame buffers, all spare. */
static delve_status ring_init(run *u, delve_err *err)
{
    for (int i = 0; i < VIDEO_RING; i++) {
        if (posix_memalign((void **)&u->ring[i], VIDEO_PAGE, u->len) != 0)
            return delve_fail(err, DELVE_ENOMEM, "out of memory");
        u->spare[u->spares++] = u->ring[i];
    }
    return DELVE_OK;
}

/* v's options with the defaults filled in, each wanted run's frame size, log name and
 * buffers. The small frames are gif_w wide and as tall as keeps the frame's shape,
 * rounded to an even number (ffmpeg's scale=W:-2). */
static delve_status setup(video *v, const char *dir, const video_opts *o, delve_err *err)
{
    v->o = *o;
    v->o.fps = o->fps > 0 ? o->fps : VIDEO_FPS;
    v->o.gif_w = o->gif_w > 0 ? o->gif_w : VIDEO_GIF_W;
    v->o.formats = o->formats ? o->formats : VIDEO_DEFAULT;
    v->o.samples = v->o.formats & VIDEO_GIF ? o->samples : 0;
    int gw = v->o.gif_w, gh = (int)(((long)gw * o->h + o->w) / (2L * o->w) * 2);
    gh = gh > 2 ? gh : 2;
    run *m = &v->runs[RUN_MP4], *sm = &v->runs[RUN_SMALL];
    m->w = o->w & ~1, m->h = o->h & ~1, m->len = yuv_i420_size(o->w, o->h);
    sm->w = gw, sm->h = gh, sm->len = (size_t)gw * (size_t)gh * 4;
    if ((size_t)snprintf(v->dir, sizeof v->dir, "%s", dir) >= sizeof v->dir)
        return delve_fail(err, DELVE_EIO, "video: folder name too long");
    if (v->o.formats & VIDEO_GIF && (v->o.samples < 1 || v->o.samples > VIDEO_SAMPLES_MAX))
        return delve_fail(err, DELVE_EINPUT, "video: film.gif's palette wants 1 to %d "
                          "samples, not %d", VIDEO_SAMPLES_MAX, v->o.samples);
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        if (!wanted(v, r))
            continue;
        if ((size_t)snprintf(u->log, sizeof u->log, "%s/%s", dir, RUN[r].log) >= sizeof u->log)
            return delve_fail(err, DELVE_EIO, "video: folder name too long");
        delve_status st = ring_init(u, err);
        if (st)
            return st;
    }
    int halved = 2 * gw == o->w && 2 * gh == o->h; /* yuv_bgra_half: no canvas between */
    if (wanted(v, RUN_SMALL) && !halved)
        return canvas_init(&v->small, v->runs[RUN_SMALL].w, v->runs[RUN_SMALL].h, err);
    return DELVE_OK;
}

/* Under u->mu: the pieces ffmpeg has read whole (the pipe holds fewer bytes than were
 * spliced after them) back to the ring, or freed (a sample). Until then their pages are
 * the pipe's: vmsplice hands it the buffer's pages, not a copy. */
static void reclaim(run *u)
{
    int held = 0;
    if (!u->inpipe || ioctl(u->fd, FIONREAD, &held) != 0)
        return;
    while (u->inpipe && u->queue[u->first].end + (uint64_t)held <= u->spliced) {
        piece *p = &u->queue[u->first];
        if (p->sample)
            free(p->buf);
        else
            u->spare[u->spares++] = p->buf;
        u->first = (u->first + 1) % VIDEO_QUEUE;
        u->inpipe--;
        pthread_cond_broadcast(&u->cv);
    }
}

/* Hands len bytes of p to u's pipe: their pages by vmsplice (the pipe's buffers are
 * not written, and ffmpeg copies from ours), or copied by write() where vmsplice is
 * refused. */
static ssize_t splice_some(run *u, const uint8_t *p, size_t len)
{
    if (!u->copy) {
        ssize_t n = vmsplice(u->fd, &(struct iovec){ (void *)p, len }, 1, SPLICE_F_NONBLOCK);
        if (n >= 0 || (errno != EINVAL && errno != ENOSYS && errno != EPERM))
            return n;
        u->copy = 1;
    }
    return write(u->fd, p, len);
}

/* Hands len bytes of p to u's pipe, waiting while it is full (and giving back what
 * ffmpeg read meanwhile), looking at the stop flag and video_free's quit. WRITE_*. */
static int send_all(run *u, const uint8_t *p, size_t len)
{
    while (len > 0) {
        if ((u->stop && *u->stop) || atomic_load(&u->quit))
            return WRITE_STOPPED;
        ssize_t n = splice_some(u, p, len);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
            u->spliced += (uint64_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            poll(&(struct pollfd){ .fd = u->fd, .events = POLLOUT }, 1, VIDEO_POLL_MS);
            pthread_mutex_lock(&u->mu);
            reclaim(u);
            pthread_mutex_unlock(&u->mu);
        } else {
            return WRITE_FAILED; /* EPIPE: ffmpeg is gone */
        }
    }
    return WRITE_OK;
}

/* How long delve has waited for ffmpeg on end: since `since` (CLOCK_MONOTONIC ms), and
 * the seconds last told to o->waiting. */
typedef struct wait_clock {
    double since;
    int told;
} wait_clock;

static double mono_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Tells o->waiting once VIDEO_WAIT_NOTE_S seconds have gone, then every
 * VIDEO_WAIT_EVERY_S. */
static void wait_note(const video_opts *o, wait_clock *c)
{
    if (!o->waiting)
        return;
    if (c->since == 0) {
        c->since = mono_ms();
        return;
    }
    int s = (int)((mono_ms() - c->since) / 1000);
    if (s >= (c->told ? c->told + VIDEO_WAIT_EVERY_S : VIDEO_WAIT_NOTE_S)) {
        c->told = s;
        o->waiting(o->waiting_ctx, s);
    }
}

/* Under u->mu: waits for cv, ms milliseconds at most. */
static void wait_a_little(run *u, int ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += ms * 1000000L;
    t.tv_sec += t.tv_nsec / 1000000000L;
    t.tv_nsec %= 1000000000L;
    pthread_cond_timedwait(&u->cv, &u->mu, &t);
}

/* Under u->mu: waits for a piece to write (or the end, or quit); while the sink waits
 * for a buffer, looks every millisecond whether ffmpeg has read one. */
static void wait_work(run *u)
{
    while (!u->count && !u->ended && !atomic_load(&u->quit)) {
        if (u->wants && u->inpipe) {
            wait_a_little(u, 1);
            reclaim(u);
        } else {
            pthread_cond_wait(&u->cv, &u->mu);
        }
    }
}

/* A run's writer thread: its pieces down the pipe in order; closes the pipe when the
 * input has ended and everything is handed over, or at once when a write fails, the
 * stop flag goes up or video_free quits (u->why says which). */
static void *writer(void *arg)
{
    run *u = arg;
    pthread_mutex_lock(&u->mu);
    for (;;) {
        reclaim(u);
        wait_work(u);
        if (!u->count || atomic_load(&u->quit))
            break;
        int at = (u->first + u->inpipe) % VIDEO_QUEUE;
        const uint8_t *buf = u->queue[at].buf; /* the sink pushes behind it meanwhile */
        pthread_mutex_unlock(&u->mu);
        int why = send_all(u, buf, u->len);
        pthread_mutex_lock(&u->mu);
        u->queue[at].end = u->spliced;
        u->inpipe++;
        u->count--;
        if ((u->why = why) != WRITE_OK)
            break;
    }
    close(u->fd); /* ffmpeg reads what the pipe holds, then its end */
    u->fd = -1;
    u->done = 1;
    pthread_cond_broadcast(&u->cv);
    pthread_mutex_unlock(&u->mu);
    return NULL;
}

/* One of u's ring buffers to fill, waiting while ffmpeg has not read them; NULL when
 * the writer has ended (it failed or was stopped) or the stop flag went up. */
static uint8_t *take(const video_opts *o, run *u)
{
    uint8_t *buf = NULL;
    wait_clock c = { 0, 0 };
    pthread_mutex_lock(&u->mu);
    while (!u->spares && !u->done && !(u->stop && *u->stop)) {
        u->wants = 1;
        pthread_cond_broadcast(&u->cv);
        wait_a_little(u, VIDEO_POLL_MS);
        wait_note(o, &c);
    }
    u->wants = 0;
    if (!u->done && !(u->stop && *u->stop))
        buf = u->spare[--u->spares];
    pthread_mutex_unlock(&u->mu);
    return buf;
}

/* Queues buf (filled) for u's writer. */
static void push(run *u, uint8_t *buf, int sample)
{
    pthread_mutex_lock(&u->mu);
    u->queue[(u->first + u->inpipe + u->count++) % VIDEO_QUEUE] = (piece){ buf, sample, 0 };
    pthread_cond_broadcast(&u->cv);
    pthread_mutex_unlock(&u->mu);
}

/* Starts each spawned run's writer. */
static delve_status start_writers(video *v, delve_err *err)
{
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        if (u->fd < 0)
            continue;
        if (pthread_create(&u->writer, NULL, writer, u) != 0)
            return delve_fail(err, DELVE_ENOMEM, "video: cannot start a writer thread");
        u->writing = 1;
    }
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
    for (int r = 0; r < RUNS; r++) {
        v->runs[r].fd = -1;
        v->runs[r].stop = stop;
        pthread_mutex_init(&v->runs[r].mu, NULL);
        pthread_cond_init(&v->runs[r].cv, NULL);
    }
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
    if (!st)
        st = start_writers(v, err);
    if (st) {
        video_free(v);
        return st;
    }
    *out = v;
    return DELVE_OK;
}

int video_samples(const video *v) { return v->o.samples; }

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
    wait_clock c = { 0, 0 };
    while (u->pid > 0) {
        pid_t got = waitpid(u->pid, &status, WNOHANG);
        if (got == u->pid || got < 0) {
            u->status = got == u->pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            u->sig = got == u->pid && WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            u->pid = 0;
        } else if (v->stop && *v->stop) {
            stop_runs(v, -2);
        } else if (!block) {
            return;
        } else {
            nanosleep(&(struct timespec){ 0, VIDEO_POLL_MS * 1000000L }, NULL);
            wait_note(&v->o, &c);
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
    if (u->status == -2 || u->why == WRITE_STOPPED || (v->stop && *v->stop)) {
        stop_runs(v, -2);
        return delve_stopped(v->stop, err);
    }
    log_tail(u->log, tail, sizeof tail);
    const char *sep = tail[0] ? ": " : "";
    if (u->sig)
        return delve_fail(err, DELVE_EIO, "video: ffmpeg was killed by signal %d (%s) making "
                          "the video%s%s", u->sig, strsignal(u->sig), sep, tail);
    if (u->status == 0)
        return delve_fail(err, DELVE_EIO, "video: ffmpeg stopped reading the frames and "
                          "exited (status 0) before the film's end%s%s", sep, tail);
    if (u->status < 0)
        return delve_fail(err, DELVE_EIO, "video: ffmpeg could not be waited for%s%s", sep,
                          tail);
    return delve_fail(err, DELVE_EIO, "video: ffmpeg failed making the video (exit %d)%s%s",
                      u->status, sep, tail);
}

/* A buffer of run u for the next frame, or the status to return when there is none
 * (ffmpeg stopped reading, or the stop flag went up). */
static delve_status next_buf(video *v, run *u, uint8_t **buf, delve_err *err)
{
    if ((*buf = take(&v->o, u)))
        return DELVE_OK;
    if (v->stop && *v->stop) {
        stop_runs(v, -2);
        return delve_stopped(v->stop, err);
    }
    return failed(v, u, err);
}

/* frame as the small run reads it, into dst: halved in one pass when the GIF is half
 * the film's size (the default), else scaled through v->small. */
static void small_frame(video *v, uint8_t *dst, const canvas *frame)
{
    const run *s = &v->runs[RUN_SMALL];
    if (!v->small.px) {
        yuv_bgra_half(dst, frame);
        return;
    }
    canvas_blit_scaled(&v->small, frame, 0, 0, s->w, s->h);
    yuv_bgra(dst, &v->small);
}

delve_status video_sample(video *v, const canvas *frame, delve_err *err)
{
    run *s = &v->runs[RUN_SMALL];
    if (frame->w != v->o.w || frame->h != v->o.h || v->sampled >= v->o.samples)
        return delve_fail(err, DELVE_EINPUT, "video: sample %d (of %d) of %d x %d in a %d x %d "
                          "film", v->sampled + 1, v->o.samples, frame->w, frame->h, v->o.w,
                          v->o.h);
    uint8_t *buf;
    if (posix_memalign((void **)&buf, VIDEO_PAGE, s->len) != 0)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    small_frame(v, buf, frame);
    push(s, buf, 1);
    v->sampled++;
    return DELVE_OK;
}

delve_status video_frame(void *vv, const canvas *frame, delve_err *err)
{
    video *v = vv;
    run *m = &v->runs[RUN_MP4], *s = &v->runs[RUN_SMALL];
    uint8_t *buf;
    if (frame->w != v->o.w || frame->h != v->o.h)
        return delve_fail(err, DELVE_EINPUT, "video: a %d x %d frame in a %d x %d film",
                          frame->w, frame->h, v->o.w, v->o.h);
    if (v->sampled < v->o.samples) /* the graph takes the first frames for samples */
        return delve_fail(err, DELVE_EINPUT, "video: a frame after %d of film.gif's %d "
                          "palette samples", v->sampled, v->o.samples);
    delve_status st = DELVE_OK;
    if (wanted(v, RUN_MP4)) {
        st = next_buf(v, m, &buf, err);
        if (!st) {
            yuv_i420(buf, frame);
            push(m, buf, 0);
        }
    }
    int reps = !v->o.gif ? v->frames % VIDEO_GIF_EVERY == 0
               : v->frames < v->o.gif_len ? v->o.gif[v->frames] : 0;
    for (int i = 0; !st && wanted(v, RUN_SMALL) && i < reps; i++) {
        st = next_buf(v, s, &buf, err);
        if (!st) {
            small_frame(v, buf, frame);
            push(s, buf, 0);
        }
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
        run *u = &v->runs[r];
        pthread_mutex_lock(&u->mu);
        u->ended = 1;
        pthread_cond_broadcast(&u->cv);
        pthread_mutex_unlock(&u->mu);
    }
}

/* Waits for each run's writer to return (it looks at the stop flag as it writes), saying
 * so through o.waiting when ffmpeg does not read what is left. */
static void join_writers(video *v)
{
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        wait_clock c = { 0, 0 };
        pthread_mutex_lock(&u->mu);
        while (u->writing && !u->done) {
            wait_a_little(u, 10 * VIDEO_POLL_MS);
            pthread_mutex_unlock(&u->mu);
            wait_note(&v->o, &c);
            pthread_mutex_lock(&u->mu);
        }
        pthread_mutex_unlock(&u->mu);
        if (u->writing)
            pthread_join(u->writer, NULL);
        u->writing = 0;
    }
}

delve_status video_finish(video *v, delve_err *err)
{
    video_end(v);
    join_writers(v);
    for (int r = 0; r < RUNS; r++)
        wait_run(v, &v->runs[r], 1);
    for (int r = 0; r < RUNS; r++)
        if (wanted(v, r) && (v->runs[r].status != 0 || v->runs[r].why != WRITE_OK))
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
    for (int r = 0; r < RUNS; r++)
        atomic_store(&v->runs[r].quit, 1);
    stop_runs(v, -1); /* a writer waiting on a full pipe sees it closed */
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        pthread_mutex_lock(&u->mu);
        pthread_cond_broadcast(&u->cv);
        pthread_mutex_unlock(&u->mu);
    }
    join_writers(v);
    for (int r = 0; r < RUNS; r++) {
        run *u = &v->runs[r];
        if (u->fd >= 0) /* spawned, its writer never started */
            close(u->fd);
        for (int i = 0; i < u->inpipe + u->count; i++) { /* ffmpeg is gone */
            piece *p = &u->queue[(u->first + i) % VIDEO_QUEUE];
            if (p->sample)
                free(p->buf);
        }
        for (int i = 0; i < VIDEO_RING; i++)
            free(u->ring[i]);
        pthread_mutex_destroy(&u->mu);
        pthread_cond_destroy(&u->cv);
    }
    canvas_free(&v->small);
    free(v);
}
