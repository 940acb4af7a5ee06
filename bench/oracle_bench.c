/* oracle_bench.c: throughput of the certified oracle (oracle/oracle.h) against the double kernels, per kind and
 * per contact class, on random well-conditioned cases (tests/cases.h; contact cases are built from them).
 * For each row it prints:
 *   us/cert      mean microseconds per certified full evaluation (ora_eval_case / ora_eval_contact_case: input
 *                checks, every output; the first stage, then the MPFI Ziv loop for what it left)
 *   cert/s       certified evaluations per second (one thread)
 *   MPFI us      the same with the first stage turned off (ora_ctx_set_first_stage(ctx, 0)): the MPFI stage alone
 *   kernel ns    nanoseconds per double evaluation of the same cases (ccref_eval / ccref_contact_eval)
 *   first        percentage of the cases the first stage answered in full (every output certified at 106 bits)
 *   @128 @256    percentage certified in full by the MPFI stage at its first / second precision step
 *   later, fail  percentage certified only at 512 bits or more / not certified at the cap (8192 bits)
 * Then the generic Constraint handle (src/ccref_handle.h: G = [P; V], bias, power) on the same cases: us per
 * certified handle (ora_eval_handle_case / _contact), ns per kernel handle (ccref_handle_case / _contact) beside
 * ns per kernel evaluation of the case, and the percentage of handles certified in full.
 * Timings are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID: time the shared machine spends on other jobs is not
 * counted), the best of RUNS timed runs of about 0.1 s each.
 * A measurement, not a test: it asserts nothing. Usage: oracle_bench [cases-per-row] */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../oracle/oracle.h"
#include "../src/ccref_handle.h"
#include "../tests/cases.h"

#define MAX_CASES 1024
#define RUNS 5

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static ccref_case cases[MAX_CASES];
static ccref_contact_case ccases[MAX_CASES];
static volatile double sink;

typedef struct { int first, step1, step2, later, fail; } cert_stats;

static double best(double *t, int n)
{
    double b = t[0];
    for (int i = 1; i < n; i++)
        if (t[i] < b)
            b = t[i];
    return b;
}

/* ns per call of fn(i) over `count` cases, best of RUNS runs of >= 0.1 s. */
static double time_it(void (*fn)(int, void *), void *arg, int count)
{
    long iters = count;
    for (;;) {
        double t0 = now_ns();
        for (long i = 0; i < iters; i++)
            fn((int)(i % count), arg);
        double dt = now_ns() - t0;
        if (dt > 1e8 || iters > (1L << 28))
            break;
        iters *= 2;
    }
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = now_ns();
        for (long i = 0; i < iters; i++)
            fn((int)(i % count), arg);
        t[r] = (now_ns() - t0) / (double)iters;
    }
    return best(t, RUNS);
}

static void run_oracle(int i, void *ctx)
{
    ora_case_result r;
    ora_eval_case(ctx, &cases[i], &r);
    sink += r.out[0].value;
}

static void run_kernel(int i, void *unused)
{
    (void)unused;
    ccref_result r;
    ccref_eval(&cases[i], &r);
    sink += r.u.out.perr[0];
}

static void run_contact_oracle(int i, void *ctx)
{
    ora_contact_result r;
    ora_eval_contact_case(ctx, &ccases[i], &r);
    sink += r.out[0].value;
}

static void run_contact_kernel(int i, void *unused)
{
    (void)unused;
    ccref_contact_result r;
    ccref_contact_eval(&ccases[i], &r);
    sink += r.perr;
}

static void run_handle_oracle(int i, void *ctx)
{
    ora_handle_result r;
    ora_eval_handle_case(ctx, &cases[i], NULL, &r);
    sink += r.out[0].value;
}

static void run_handle_kernel(int i, void *unused)
{
    (void)unused;
    ccref_handle h;
    ccref_handle_case(&cases[i], &h);
    sink += h.G[0][0];
}

static void run_contact_handle_oracle(int i, void *ctx)
{
    ora_handle_result r;
    ora_eval_handle_contact(ctx, &ccases[i], NULL, &r);
    sink += r.out[0].value;
}

static void run_contact_handle_kernel(int i, void *unused)
{
    (void)unused;
    ccref_handle h;
    ccref_handle_contact(&ccases[i], &h);
    sink += h.G[0][0];
}

static void handle_row(const char *name, const char *variant, void (*oracle)(int, void *),
                       void (*kernel)(int, void *), void (*eval)(int, void *), void *ctx, int n, int certified)
{
    double us = time_it(oracle, ctx, n) / 1e3, hns = time_it(kernel, NULL, n), kns = time_it(eval, NULL, n);
    printf("%-24s %-8s %9.1f %10.1f %10.1f %7.1f %8.1f%%\n", name, variant, us, hns, kns, hns / kns,
           100.0 * certified / n);
}

static void tally(cert_stats *s, int all_certified, int max_bits)
{
    if (!all_certified)
        s->fail++;
    else if (max_bits <= 106)
        s->first++;
    else if (max_bits <= 128)
        s->step1++;
    else if (max_bits <= 256)
        s->step2++;
    else
        s->later++;
}

static void print_row(const char *name, const char *variant, double us, double mpfi_us, double kns,
                      const cert_stats *s, int n, double *sum_us, double *sum_mpfi, int *rows)
{
    printf("%-24s %-8s %9.2f %9.0f %9.1f %10.1f %6.1f%% %6.1f%% %6.1f%% %6.1f%% %6.1f%%\n", name, variant, us,
           1e6 / us, mpfi_us, kns, 100.0 * s->first / n, 100.0 * s->step1 / n, 100.0 * s->step2 / n,
           100.0 * s->later / n, 100.0 * s->fail / n);
    *sum_us += us;
    *sum_mpfi += mpfi_us;
    (*rows)++;
}

/* A contact case of class cls built from a random case of its underlying kind, with random material. */
static ccref_contact_case contact_case(ccref_rng *rng, ccref_contact_class cls)
{
    ccref_contact_case c = {0};
    c.cls = cls;
    c.material.min_cor = ccref_rng_uniform(rng, 0.0, 1.0);
    c.material.mu_s = ccref_rng_uniform(rng, 0.2, 1.0);
    c.material.mu_d = c.material.mu_s * 0.5;
    c.material.mu_v = ccref_rng_uniform(rng, 0.0, 0.1);
    c.speeds.capture_speed = ccref_rng_uniform(rng, 0.0, 0.5);
    c.speeds.min_cor_speed = c.speeds.capture_speed + ccref_rng_uniform(rng, 0.0, 2.0);
    c.speeds.transition_speed = ccref_rng_uniform(rng, 0.0, 2.0);
    ccref_case k;
    switch (cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        k = ccref_random_case(rng, CCREF_KIND_CONSTANT_COORDINATE, 0);
        c.params.hard_stop.bound = k.params.constant_coordinate.position;
        c.params.hard_stop.mobilizer_origin_in_b = ccref_rng_vec3(rng, -1, 1);
        c.coordinate = k.coordinate;
        c.body1 = ccref_rng_body(rng);
        c.body2 = ccref_body_ground();
        break;
    case CCREF_CONTACT_ROPE:
        k = ccref_random_case(rng, CCREF_KIND_ROD, 0);
        c.params.rope.station1_in_b1 = k.params.rod.station1_in_b1;
        c.params.rope.station2_in_b2 = k.params.rod.station2_in_b2;
        c.params.rope.length_limit = k.params.rod.length;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        k = ccref_random_case(rng, CCREF_KIND_POINT_IN_PLANE, 0);
        c.params.point_plane.normal_in_b1 = k.params.point_in_plane.normal_in_b1;
        c.params.point_plane.height = k.params.point_in_plane.height;
        c.params.point_plane.follower_in_b2 = k.params.point_in_plane.follower_in_b2;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        k = ccref_random_case(rng, CCREF_KIND_BALL_ROLLING_ON_PLANE, 1);
        c.params.sphere_plane.normal_in_b1 = k.params.ball_rolling_on_plane.normal_in_b1;
        c.params.sphere_plane.height = k.params.ball_rolling_on_plane.height;
        c.params.sphere_plane.center_in_b2 = k.params.ball_rolling_on_plane.center_in_b2;
        c.params.sphere_plane.radius = k.params.ball_rolling_on_plane.radius;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        k = ccref_random_case(rng, CCREF_KIND_SPHERE_ON_SPHERE, 1);
        c.params.sphere_sphere.center1_in_b1 = k.params.sphere_on_sphere.center1_in_b1;
        c.params.sphere_sphere.radius1 = k.params.sphere_on_sphere.radius1;
        c.params.sphere_sphere.center2_in_b2 = k.params.sphere_on_sphere.center2_in_b2;
        c.params.sphere_sphere.radius2 = k.params.sphere_on_sphere.radius2;
        break;
    default:
        k = ccref_random_case(rng, CCREF_KIND_LINE_ON_LINE, 1);
        c.params.edge_edge.edge_frame1_in_b1 = k.params.line_on_line.edge_frame1_in_b1;
        c.params.edge_edge.half_length1 = k.params.line_on_line.half_length1;
        c.params.edge_edge.edge_frame2_in_b2 = k.params.line_on_line.edge_frame2_in_b2;
        c.params.edge_edge.half_length2 = k.params.line_on_line.half_length2;
        break;
    }
    if (cls != CCREF_CONTACT_HARD_STOP_UPPER && cls != CCREF_CONTACT_HARD_STOP_LOWER) {
        c.body1 = k.body1;
        c.body2 = k.body2;
    }
    c.n_lambda = ccref_contact_has_friction(cls) ? 3 : 1;
    for (size_t i = 0; i < c.n_lambda; i++)
        c.lambda[i] = ccref_rng_uniform(rng, -3.0, 3.0);
    return c;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 256;
    if (n < 1 || n > MAX_CASES)
        n = 256;
    ora_ctx *ctx = ora_ctx_new(NULL), *mpfi = ora_ctx_new(NULL);
    if (ctx == NULL || mpfi == NULL)
        return 1;
    ora_ctx_set_first_stage(mpfi, 0);
    double sum_us = 0.0, sum_mpfi = 0.0;
    int rows = 0;
    cert_stats total = {0, 0, 0, 0, 0};
    int total_n = 0;
    printf("oracle: the first stage (double-double intervals), then MPFI from 128 bits doubling to a cap of 8192; %d "
           "random cases per row (tests/cases.h)\n", n);
    printf("%-24s %-8s %9s %9s %9s %10s %7s %7s %7s %7s %7s\n", "kind", "variant", "us/cert", "cert/s", "MPFI us",
           "kernel ns", "first", "@128", "@256", "later", "fail");
    for (int k = 0; k < CCREF_KIND_COUNT; k++) {
        int has_rolling = ccref_kind_has_rolling_option((ccref_kind)k);
        for (int rolling = has_rolling; rolling >= 0; rolling--) {
            ccref_rng rng = {42u + (uint64_t)k};
            cert_stats s = {0, 0, 0, 0, 0};
            for (int i = 0; i < n; i++) {
                cases[i] = ccref_random_case(&rng, (ccref_kind)k, rolling);
                ora_case_result r;
                ora_eval_case(ctx, &cases[i], &r);
                tally(&s, r.all_certified && r.decided, r.max_bits);
            }
            double us = time_it(run_oracle, ctx, n) / 1e3;
            double mus = time_it(run_oracle, mpfi, n) / 1e3;
            double kns = time_it(run_kernel, NULL, n);
            const char *variant = has_rolling ? (rolling ? "rolling" : "sliding") : "-";
            print_row(ccref_kind_name((ccref_kind)k), variant, us, mus, kns, &s, n, &sum_us, &sum_mpfi, &rows);
            total.first += s.first;
            total.step1 += s.step1; total.step2 += s.step2; total.later += s.later; total.fail += s.fail;
            total_n += n;
        }
    }
    for (int cl = 0; cl < CCREF_CONTACT_COUNT; cl++) {
        ccref_rng rng = {4242u + (uint64_t)cl};
        cert_stats s = {0, 0, 0, 0, 0};
        for (int i = 0; i < n; i++) {
            ccases[i] = contact_case(&rng, (ccref_contact_class)cl);
            ora_contact_result r;
            ora_eval_contact_case(ctx, &ccases[i], &r);
            tally(&s, r.all_certified && r.decided, r.max_bits);
        }
        double us = time_it(run_contact_oracle, ctx, n) / 1e3;
        double mus = time_it(run_contact_oracle, mpfi, n) / 1e3;
        double kns = time_it(run_contact_kernel, NULL, n);
        print_row(ccref_contact_class_name((ccref_contact_class)cl), "contact", us, mus, kns, &s, n, &sum_us,
                  &sum_mpfi, &rows);
        total.first += s.first;
        total.step1 += s.step1; total.step2 += s.step2; total.later += s.later; total.fail += s.fail;
        total_n += n;
    }
    printf("mean over the %d rows: %.2f us per certified evaluation (MPFI stage alone: %.1f us); answered by the first "
           "stage: %.2f%%, by MPFI at step 1 or 2: %.2f%% of %d cases\n",
           rows, sum_us / rows, sum_mpfi / rows, 100.0 * total.first / total_n,
           100.0 * (total.step1 + total.step2) / total_n, total_n);
    printf("\nthe Constraint handle (G = [P; V], bias, power: spec/constraint_handle.md) on the same cases\n");
    printf("%-24s %-8s %9s %10s %10s %7s %9s\n", "kind", "variant", "us/cert", "handle ns", "kernel ns", "ratio",
           "certified");
    for (int k = 0; k < CCREF_KIND_COUNT; k++) {
        int has_rolling = ccref_kind_has_rolling_option((ccref_kind)k);
        for (int rolling = has_rolling; rolling >= 0; rolling--) {
            ccref_rng rng = {42u + (uint64_t)k};
            int certified = 0;
            for (int i = 0; i < n; i++) {
                cases[i] = ccref_random_case(&rng, (ccref_kind)k, rolling);
                ora_handle_result r;
                ora_eval_handle_case(ctx, &cases[i], NULL, &r);
                certified += r.all_certified && r.decided;
            }
            const char *variant = has_rolling ? (rolling ? "rolling" : "sliding") : "-";
            handle_row(ccref_kind_name((ccref_kind)k), variant, run_handle_oracle, run_handle_kernel, run_kernel, ctx,
                       n, certified);
        }
    }
    for (int cl = 0; cl < CCREF_CONTACT_COUNT; cl++) {
        ccref_rng rng = {4242u + (uint64_t)cl};
        int certified = 0;
        for (int i = 0; i < n; i++) {
            ccases[i] = contact_case(&rng, (ccref_contact_class)cl);
            ora_handle_result r;
            ora_eval_handle_contact(ctx, &ccases[i], NULL, &r);
            certified += r.all_certified && r.decided;
        }
        handle_row(ccref_contact_class_name((ccref_contact_class)cl), "contact", run_contact_handle_oracle,
                   run_contact_handle_kernel, run_contact_kernel, ctx, n, certified);
    }
    ora_ctx_free(ctx);
    ora_ctx_free(mpfi);
    return 0;
}
