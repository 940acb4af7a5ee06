/* stats.c: the run of one harness process (fuzz.h): the current input, failures, and the statistics the report
 * (tools/fuzz-report) reads: named counters and the worst ratio per output with its input, written as JSON to
 * $CCREF_FUZZ_STATS/<target>-<pid>.json every few seconds and at exit (libFuzzer's -jobs and -fork run several
 * processes: each writes its own file, the report adds them up). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../src/ccref_version.h"
#include "fuzz.h"

#define MAX_COUNTERS 256
#define MAX_WORST 128 /* a kind's or class's own outputs (<= 48), its handle's (40), the properties, the verdicts */
#define KEPT_INPUT 4096 /* bytes of an input kept with a worst ratio (longer ones are cut, and say so) */

typedef struct { char name[64]; long n; } counter;
typedef struct { char output[64]; double ratio; size_t size; uint8_t input[KEPT_INPUT]; } worst;

static struct {
    const char *target;
    const uint8_t *data;
    size_t size;
    long execs;
    double start, last_dump;
    counter counters[MAX_COUNTERS];
    int n_counters;
    worst worst[MAX_WORST];
    int n_worst;
    char path[600];
} run;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

ora_ctx *fuzz_oracle(void)
{
    static ora_ctx *ctx;
    if (ctx == NULL)
        ctx = ora_ctx_new(NULL);
    return ctx;
}

/* Counters and worst ratios are found by a hash of their name (a few dozen lookups per input). */
static uint64_t hash_of(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

#define SLOTS 512 /* > MAX_COUNTERS + MAX_WORST: open addressing never fills */
static short counter_at[SLOTS], worst_at[SLOTS]; /* index + 1, 0: empty */

static counter *find_counter(const char *name)
{
    for (uint64_t h = hash_of(name);; h++) {
        short *at = &counter_at[h % SLOTS];
        if (*at == 0) {
            if (run.n_counters == MAX_COUNTERS)
                return NULL;
            counter *c = &run.counters[run.n_counters];
            snprintf(c->name, sizeof c->name, "%s", name);
            c->n = 0;
            *at = (short)++run.n_counters;
            return c;
        }
        if (strcmp(run.counters[*at - 1].name, name) == 0)
            return &run.counters[*at - 1];
    }
}

static worst *find_worst(const char *output)
{
    for (uint64_t h = hash_of(output);; h++) {
        short *at = &worst_at[h % SLOTS];
        if (*at == 0) {
            if (run.n_worst == MAX_WORST)
                return NULL;
            worst *w = &run.worst[run.n_worst];
            snprintf(w->output, sizeof w->output, "%s", output);
            w->ratio = -1.0;
            *at = (short)++run.n_worst;
            return w;
        }
        if (strcmp(run.worst[*at - 1].output, output) == 0)
            return &run.worst[*at - 1];
    }
}

void fuzz_count(const char *name, long n)
{
    counter *c = find_counter(name);
    if (c != NULL)
        c->n += n;
}

void fuzz_worst(const char *output, double ratio)
{
    worst *w = find_worst(output);
    if (w == NULL || !(ratio > w->ratio))
        return;
    w->ratio = ratio;
    w->size = run.size;
    memcpy(w->input, run.data, run.size < KEPT_INPUT ? run.size : KEPT_INPUT);
}

static void put_hex(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
}

static void dump(void)
{
    if (run.path[0] == '\0')
        return;
    char tmp[640];
    snprintf(tmp, sizeof tmp, "%s.tmp", run.path);
    FILE *f = fopen(tmp, "w");
    if (f == NULL)
        return;
    fprintf(f, "{\"target\": \"%s\", \"pid\": %ld, \"seconds\": %.3f, \"execs\": %ld,\n \"counters\": {", run.target,
            (long)getpid(), now() - run.start, run.execs);
    for (int i = 0; i < run.n_counters; i++)
        fprintf(f, "%s\n  \"%s\": %ld", i ? "," : "", run.counters[i].name, run.counters[i].n);
    fprintf(f, "},\n \"worst\": {");
    for (int i = 0; i < run.n_worst; i++) {
        const worst *w = &run.worst[i];
        fprintf(f, "%s\n  \"%s\": {\"ratio\": %.17g, \"size\": %zu, \"input\": \"", i ? "," : "", w->output, w->ratio,
                w->size);
        put_hex(f, w->input, w->size < KEPT_INPUT ? w->size : KEPT_INPUT);
        fprintf(f, "\"}");
    }
    fprintf(f, "}}\n");
    if (fclose(f) == 0)
        rename(tmp, run.path);
    run.last_dump = now();
}

void fuzz_init(const char *target)
{
    if (run.target != NULL)
        return;
    run.target = target;
    run.start = run.last_dump = now();
    fuzz_gmp_pool();
#ifdef CCREF_FP_CONTRACTED
    /* the bounds assume every operation rounded once, in source order: a build whose flags lost
     * -ffp-contract=off (a fuzzing service's CFLAGS) would report false violations */
    if (ccref_fp_check() != 0) {
        fprintf(stderr, "%s: ccref_fp_check() = %d: this build does not round as the kernels require\n", target,
                ccref_fp_check());
        abort();
    }
#endif
    const char *dir = getenv("CCREF_FUZZ_STATS");
    if (dir != NULL && *dir != '\0') {
        snprintf(run.path, sizeof run.path, "%s/%s-%ld.json", dir, target, (long)getpid());
        atexit(dump);
    }
}

void fuzz_begin(const uint8_t *data, size_t size)
{
    run.data = data;
    run.size = size;
    run.execs++;
    if ((run.execs & 1023) == 0 && now() - run.last_dump > 5.0)
        dump();
}

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\n==ccref-fuzz== %s: ", run.target ? run.target : "?");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n==ccref-fuzz== input (%zu bytes): ", run.size);
    put_hex(stderr, run.data, run.size < KEPT_INPUT ? run.size : KEPT_INPUT);
    fprintf(stderr, "%s\n", run.size > KEPT_INPUT ? " (cut)" : "");
    dump();
    abort();
}

void fuzz_assert_failed(const char *expr, const char *file, int line)
{
    fuzz_fail("assertion %s failed (%s:%d)", expr, file, line);
}
