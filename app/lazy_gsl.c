/* lazy_gsl: the two GSL functions delve calls (review/sig.c, `delve stats --compare`),
 * defined here under their own names as calls through pointers that the first call
 * fills in (dlopen of libgsl by the soname CMakeLists.txt read from the library,
 * DELVE_GSL_SONAME), so that every other command starts without mapping and relocating
 * libgsl and libgslcblas. The table of pointers is written once, under pthread_once,
 * and only read after. A library or name that cannot be loaded ends the process with the
 * loader's message and exit code 127, as a missing library did when it was linked in
 * (and as app/lazy_libs.c does for SDL). */
#include <dlfcn.h>
#include <gsl/gsl_cdf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "app/lazy_libs.h"

typedef struct gsl_table {
    double (*ugaussian_Q)(double x);
    double (*chisq_Q)(double x, double nu);
} gsl_table;

static gsl_table gsl;
static pthread_once_t gsl_once = PTHREAD_ONCE_INIT;

/* dlopen libgsl, dlsym both names (pthread_once's routine). */
static void gsl_load(void)
{
    void *lib = dlopen(DELVE_GSL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        lazy_libs_die(DELVE_GSL_SONAME);
    *(void **)&gsl.ugaussian_Q = dlsym(lib, "gsl_cdf_ugaussian_Q");
    if (!gsl.ugaussian_Q)
        lazy_libs_die("gsl_cdf_ugaussian_Q");
    *(void **)&gsl.chisq_Q = dlsym(lib, "gsl_cdf_chisq_Q");
    if (!gsl.chisq_Q)
        lazy_libs_die("gsl_cdf_chisq_Q");
}

double gsl_cdf_ugaussian_Q(const double x)
{
    pthread_once(&gsl_once, gsl_load);
    return gsl.ugaussian_Q(x);
}

double gsl_cdf_chisq_Q(const double x, const double nu)
{
    pthread_once(&gsl_once, gsl_load);
    return gsl.chisq_Q(x, nu);
}
