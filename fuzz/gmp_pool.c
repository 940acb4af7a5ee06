/* gmp_pool.c: GMP's memory (and so MPFR's and MPFI's) from free lists of power-of-two blocks instead of malloc.
 * The oracle allocates a few limbs for every interval temporary; under ASan each malloc records a stack trace and
 * each free goes through the quarantine, which made up about a third of an oracle-bound target's time. GMP, MPFR and
 * MPFI are not instrumented, so ASan checks nothing inside these blocks either way: only the time is saved. The
 * harnesses are single-threaded. Installed by fuzz_init, before the first GMP allocation. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define CLASSES 13 /* 16 bytes .. 64 kB; larger blocks come from malloc */
static void *free_list[CLASSES];

static int class_of(size_t n)
{
    int c = 0;
    for (size_t s = 16; s < n; s <<= 1)
        c++;
    return c;
}

static void *pool_alloc(size_t n)
{
    int c = class_of(n);
    if (c >= CLASSES)
        return malloc(n);
    void *p = free_list[c];
    if (p == NULL)
        return malloc((size_t)16 << c);
    free_list[c] = *(void **)p;
    return p;
}

static void pool_free(void *p, size_t n)
{
    int c = class_of(n);
    if (c >= CLASSES) {
        free(p);
        return;
    }
    *(void **)p = free_list[c];
    free_list[c] = p;
}

static void *pool_realloc(void *p, size_t old, size_t n)
{
    if (class_of(old) == class_of(n) && class_of(n) < CLASSES)
        return p;
    void *q = pool_alloc(n);
    if (q != NULL)
        memcpy(q, p, old < n ? old : n);
    pool_free(p, old);
    return q;
}

void fuzz_gmp_pool(void) { mp_set_memory_functions(pool_alloc, pool_realloc, pool_free); }
