/* bench.c: nanoseconds per full evaluation (perr, verr, aerr and body forces from lambda) of every kind,
 * through ccref_eval, on 1024 random well-conditioned cases (tests/cases.h) cycled in a loop; then the same for
 * every unilateral contact class through ccref_contact_eval.
 * Reports the best of 7 timed runs of about 0.1 s each, so other load on the machine inflates nothing
 * but the spread. A measurement, not a test: it asserts nothing. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "../tests/cases.h"

#define N_CASES 1024
#define RUNS 7

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static ccref_case cases[N_CASES];
static volatile double sink;

static ccref_contact_case contact_cases[N_CASES];

static double time_contact_run(long iters)
{
    ccref_contact_result r;
    double t0 = now_ns();
    for (long i = 0; i < iters; i++) {
        ccref_contact_eval(&contact_cases[i & (N_CASES - 1)], &r);
        sink += r.constraint.aerr[0];
    }
    return (now_ns() - t0) / (double)iters;
}

/* Best and median of RUNS timed runs of fn, each long enough to take about 0.1 s. */
static void measure(double (*fn)(long), double *best, double *median)
{
    long iters = 1024;
    while (fn(iters) * (double)iters < 1e8 && iters < (1L << 30))
        iters *= 2;
    double t[RUNS];
    for (int j = 0; j < RUNS; j++)
        t[j] = fn(iters);
    for (int a = 0; a < RUNS; a++) /* insertion sort: RUNS is tiny */
        for (int b = a; b > 0 && t[b] < t[b - 1]; b--) {
            double x = t[b]; t[b] = t[b - 1]; t[b - 1] = x;
        }
    *best = t[0];
    *median = t[RUNS / 2];
}

static double time_run(long iters)
{
    ccref_result r;
    double t0 = now_ns();
    for (long i = 0; i < iters; i++) {
        ccref_eval(&cases[i & (N_CASES - 1)], &r);
        sink += r.u.out.aerr[0];
    }
    return (now_ns() - t0) / (double)iters;
}

int main(void)
{
    printf("%-24s %-8s %12s %12s\n", "kind", "variant", "ns/eval", "median ns");
    for (int k = 0; k < CCREF_KIND_COUNT; k++) {
        int has_rolling = ccref_kind_has_rolling_option((ccref_kind)k);
        for (int rolling = has_rolling; rolling >= 0; rolling--) {
            ccref_rng rng = {42u + (uint64_t)k};
            for (int i = 0; i < N_CASES; i++)
                cases[i] = ccref_random_case(&rng, (ccref_kind)k, rolling);
            double best, median;
            measure(time_run, &best, &median);
            const char *variant = has_rolling ? (rolling ? "rolling" : "sliding") : "-";
            printf("%-24s %-8s %12.1f %12.1f\n", ccref_kind_name((ccref_kind)k), variant, best, median);
        }
    }
    printf("\nunilateral contact classes (kernel + class outputs + COR/COF rules)\n");
    for (int c = 0; c < CCREF_CONTACT_COUNT; c++) {
        ccref_rng rng = {4242u + (uint64_t)c};
        for (int i = 0; i < N_CASES; i++)
            contact_cases[i] = ccref_random_contact_case(&rng, (ccref_contact_class)c);
        double best, median;
        measure(time_contact_run, &best, &median);
        printf("%-24s %-8s %12.1f %12.1f\n", ccref_contact_class_name((ccref_contact_class)c), "-", best, median);
    }
    return 0;
}
