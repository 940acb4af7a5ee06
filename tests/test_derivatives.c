/* test_derivatives.c: CUnit suite "derivatives" (spec/derivatives.md).
 *
 *  - the trajectory module: double version against the exact one, exact w, v, b, a against high-precision
 *    differences of R, p, w, v, pinned stations coincide, majorant jets bound the derivatives;
 *  - every row relation of every bilateral kind (each family) and of every unilateral contact class, on the double
 *    kernels, by central differences with the derived tolerance (no failure allowed);
 *  - mutation tests: mutated copies of real kernels (tests/derivatives.mk) must fail the same checks, and the
 *    unmutated kernel passes them (same seed, same samples).
 * Set CCREF_DERIV_VERBOSE=1 to print the per-target statistics. The long sweep is `make verify-derivatives`. */
#include <stdlib.h>
#include <string.h>

#include "../src/vec3.h"
#include "test_derivatives.h"

/* Suite sizes (make test): trajectories per target x samples per trajectory. */
#define N_TRAJ 10
#define N_SAMPLES 8
#define N_TRAJ_MUT 8
#define N_TRAJ_ORACLE 4
#define N_SAMPLES_ORACLE 4

static int verbose(void)
{
    const char *v = getenv("CCREF_DERIV_VERBOSE");
    return v != NULL && v[0] != '\0' && v[0] != '0';
}

/* ---------------------------------------------------------------- trajectory module */

static double maxabs3(ccref_vec3 a) { return fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z))); }

static void test_traj_double_vs_exact(void)
{
    ccref_rng r = {101};
    traj_ws *ws = traj_ws_new(128);
    double worst = 0.0, worst_orth = 0.0, worst_pin = 0.0;
    for (int it = 0; it < 200; it++) {
        traj_body b1, b2;
        traj_body_random(&r, &b1);
        ccref_vec3 s1 = ccref_rng_vec3(&r, -1, 1), s2 = ccref_rng_vec3(&r, -1, 1);
        traj_body_pinned(&r, &b1, s1, s2, &b2);
        double t = ccref_rng_uniform(&r, -TRAJ_T_MAX, TRAJ_T_MAX);
        for (int which = 0; which < 2; which++) {
            const traj_body *tb = which ? &b2 : &b1;
            ccref_body d, x;
            traj_eval_d(tb, t, &d);
            traj_eval_rn(ws, tb, t, &x);
            /* Scale: every entry is at most about 10 in magnitude on the window; the double evaluation has fewer
             * than 64 rounded operations per entry, each contributing at most u times a partial result <= 64:
             * bound 64 * 64 u = 2^-41 (measured: a few u). */
            const double *pd = (const double *)&d, *px = (const double *)&x;
            for (size_t i = 0; i < sizeof d / sizeof(double); i++) {
                double e = fabs(pd[i] - px[i]);
                if (e > worst)
                    worst = e;
            }
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++) {
                    double s = x.R.m[0][i] * x.R.m[0][j] + x.R.m[1][i] * x.R.m[1][j] + x.R.m[2][i] * x.R.m[2][j];
                    double e = fabs(s - (i == j));
                    if (e > worst_orth)
                        worst_orth = e;
                }
        }
        ccref_body x1, x2;
        traj_eval_rn(ws, &b1, t, &x1);
        traj_eval_rn(ws, &b2, t, &x2);
        ccref_vec3 P = v3_add(x1.p, m3_apply(&x1.R, s1)), Q = v3_add(x2.p, m3_apply(&x2.R, s2));
        double e = maxabs3(v3_sub(P, Q));
        if (e > worst_pin)
            worst_pin = e;
    }
    traj_ws_free(ws);
    if (verbose())
        printf("\n  trajectory: |double - exact| <= %.2e, |R^T R - I| <= %.2e, pinned stations apart <= %.2e\n", worst,
               worst_orth, worst_pin);
    CU_ASSERT(worst <= 0x1p-41);
    /* correctly rounded entries of an exact rotation: R^T R - I within 3 (3u + 2u) < 16u = 1.8e-15 */
    CU_ASSERT(worst_orth <= 16 * 0x1p-53);
    /* pinned: |p1| + |R1 s1| + ... <= 8: a few roundings of values <= 8: 64 u 8 = 2^-44 */
    CU_ASSERT(worst_pin <= 0x1p-44);
}

/* The exact derivative formulas: central differences of R, p, v, w at 256 bits with h = 2^-40 agree with
 * [w] R, v, a, b to within h^2 |f'''| / 6 (< 1e-20 for these trajectories). */
static void test_traj_exact_derivatives(void)
{
    ccref_rng r = {202};
    const mpfr_prec_t P = 256;
    traj_ws *ws = traj_ws_new(P);
    traj_state_i S[3];
    for (int k = 0; k < 3; k++)
        traj_state_i_init(&S[k], P);
    mpfr_t t, m;
    mpfr_init2(t, P);
    mpfr_init2(m, P);
    mpfi_t d;
    mpfi_init2(d, P);
    double worst = 0.0;
    const double h = 0x1p-40;
    for (int it = 0; it < 60; it++) {
        traj_body b1, b2;
        traj_body_random(&r, &b1);
        traj_body_pinned(&r, &b1, ccref_rng_vec3(&r, -1, 1), ccref_rng_vec3(&r, -1, 1), &b2);
        const traj_body *tb = (it & 1) ? &b2 : &b1;
        double t0 = ccref_rng_uniform(&r, -0.49, 0.49);
        for (int k = 0; k < 3; k++) {
            mpfr_set_d(t, t0, MPFR_RNDN);
            mpfr_add_d(t, t, (k - 1) * h, MPFR_RNDN);
            traj_eval_i(ws, tb, t, &S[k]);
        }
        ccref_body B;
        traj_state_i_to_d(&S[1], &B);
        for (int i = 0; i < 3; i++) {
            /* R' = [w] R: column j derivative = w x column j; compare in double after the difference */
            for (int j = 0; j < 3; j++) {
                mpfi_sub(d, S[2].R[i][j], S[0].R[i][j]);
                mpfi_div_d(d, d, 2 * h);
                mpfi_mid(m, d);
                ccref_vec3 wc = v3_cross(B.w, m3_column(&B.R, j));
                double ex = i == 0 ? wc.x : i == 1 ? wc.y : wc.z;
                double e = fabs(mpfr_get_d(m, MPFR_RNDN) - ex);
                if (e > worst)
                    worst = e;
            }
            mpfi_srcptr pairs[3][3] = {{S[2].p[i], S[0].p[i], S[1].v[i]},
                                       {S[2].v[i], S[0].v[i], S[1].a[i]},
                                       {S[2].w[i], S[0].w[i], S[1].b[i]}};
            for (int q = 0; q < 3; q++) {
                mpfi_sub(d, pairs[q][0], pairs[q][1]);
                mpfi_div_d(d, d, 2 * h);
                mpfi_sub(d, d, pairs[q][2]);
                mpfi_mid(m, d);
                double e = fabs(mpfr_get_d(m, MPFR_RNDN));
                if (e > worst)
                    worst = e;
            }
        }
    }
    /* R' against w x R column in double: the double w x c has rounding error <= 4u |w| (|w| <= 8): 2^-47 */
    if (verbose())
        printf("\n  exact derivatives of the trajectory: worst mismatch %.2e\n", worst);
    CU_ASSERT(worst <= 0x1p-47);
    mpfi_clear(d);
    mpfr_clear(t);
    mpfr_clear(m);
    for (int k = 0; k < 3; k++)
        traj_state_i_clear(&S[k]);
    traj_ws_free(ws);
}

static void test_jets_bound(void)
{
    double w = dv_check_jets(303, 100);
    if (verbose())
        printf("\n  jets: largest |f^(k)| / bound = %.3f\n", w);
    CU_ASSERT(w <= 1.0);
    CU_ASSERT(w > 0.0);
}

/* ---------------------------------------------------------------- the checks on every target */

static void run_target(const dv_target *tg, uint64_t seed)
{
    dv_stats st;
    dv_stats_init(&st);
    long f = dv_run(tg, seed, N_TRAJ, N_SAMPLES, &st);
    if (verbose() || f != 0)
        dv_print_stats(stdout, tg, &st);
    CU_ASSERT_EQUAL(f, 0);
    /* every check was exercised on a majority of the samples */
    CU_ASSERT(st.used * 2 >= st.samples);
    for (int j = 0; j < st.nchecks; j++)
        CU_ASSERT(st.n[j] > 0);
    CU_ASSERT(st.bad_status == 0 && st.branch_mismatch == 0);
}

static void run_kind(ccref_kind kind)
{
    dv_target all[64];
    int n = dv_all_targets(all, 64);
    for (int i = 0; i < n; i++)
        if (!all[i].is_contact && all[i].kind == kind && all[i].fam != DV_FAM_NEAR_SWITCH)
            run_target(&all[i], 1000 + 17 * (uint64_t)i);
}

static void test_ball(void) { run_kind(CCREF_KIND_BALL); }
static void test_rod(void) { run_kind(CCREF_KIND_ROD); }
static void test_point_in_plane(void) { run_kind(CCREF_KIND_POINT_IN_PLANE); }
static void test_constant_coordinate(void) { run_kind(CCREF_KIND_CONSTANT_COORDINATE); }
static void test_sphere_on_plane(void) { run_kind(CCREF_KIND_SPHERE_ON_PLANE); }
static void test_ball_rolling_on_plane(void) { run_kind(CCREF_KIND_BALL_ROLLING_ON_PLANE); }
static void test_sphere_on_sphere(void) { run_kind(CCREF_KIND_SPHERE_ON_SPHERE); }
static void test_point_on_plane(void) { run_kind(CCREF_KIND_POINT_ON_PLANE); }
static void test_line_on_line(void) { run_kind(CCREF_KIND_LINE_ON_LINE); }
static void test_weld(void) { run_kind(CCREF_KIND_WELD); }

static void test_contacts(void)
{
    dv_target all[64];
    int n = dv_all_targets(all, 64);
    for (int i = 0; i < n; i++)
        if (all[i].is_contact && all[i].fam != DV_FAM_NEAR_SWITCH)
            run_target(&all[i], 5000 + 31 * (uint64_t)i);
}

/* ---------------------------------------------------------------- the exclusion rule near branch switches */

/* Samples clustered around a line_on_line sense flip or a sphere_on_sphere perp-axis switch (section 5): with the
 * rule, the samples whose stencil could contain the switch are excluded and every used sample passes; without it
 * (negative control) the same samples produce failures (a branch change between the stencil points, or a
 * residual far above the tolerance), so the rule is what keeps the checks sound, not a loosened tolerance. */
static void test_near_switch(void)
{
    dv_target all[64];
    int n = dv_all_targets(all, 64);
    for (int i = 0; i < n; i++) {
        if (all[i].fam != DV_FAM_NEAR_SWITCH)
            continue;
        dv_stats st, sn;
        dv_stats_init(&st);
        dv_stats_init(&sn);
        long f = dv_run(&all[i], 4000 + 3 * (uint64_t)i, N_TRAJ, N_SAMPLES, &st);
        dv_target off = all[i];
        off.no_exclusion = 1;
        long fn = dv_run(&off, 4000 + 3 * (uint64_t)i, N_TRAJ, N_SAMPLES, &sn);
        if (verbose() || f != 0 || fn == 0) {
            dv_print_stats(stdout, &all[i], &st);
            printf("    without the exclusion rule: %ld failures (%ld branch changes inside a stencil)\n", fn,
                   sn.branch_mismatch);
        }
        CU_ASSERT_EQUAL(f, 0);
        CU_ASSERT(st.excl_branch > 0);
        CU_ASSERT(st.used > 0);
        CU_ASSERT(fn > 0);
    }
}

/* ---------------------------------------------------------------- the oracle (high precision) */

/* Every target on the oracle's interval mirrors at 320 bits with h = 2^-60 (section 7): each relation must hold
 * to within (h^2/6) M3 plus the enclosure widths (about 1e-30 relative), and the virtual power of the forces must
 * equal lambda . verr for every basis multiplier. */
static void test_oracle(void)
{
    dv_target all[64];
    int n = dv_all_targets(all, 64);
    double worst_tol = 0.0;
    for (int i = 0; i < n; i++) {
        dv_stats st;
        dv_stats_init(&st);
        long f = dv_run_oracle(&all[i], 3000 + 11 * (uint64_t)i, N_TRAJ_ORACLE, N_SAMPLES_ORACLE, &st);
        if (verbose() || f != 0)
            dv_print_stats(stdout, &all[i], &st);
        CU_ASSERT_EQUAL(f, 0);
        CU_ASSERT(st.used * 2 >= st.samples);
        CU_ASSERT(st.pow_n > 0);
        for (int j = 0; j < st.nchecks; j++) {
            CU_ASSERT(st.n[j] > 0);
            if (st.max_rel_tol[j] > worst_tol)
                worst_tol = st.max_rel_tol[j];
        }
    }
    if (verbose())
        printf("\n  oracle: largest tolerance relative to |c| + scale: %.3g\n", worst_tol);
    /* the derived tolerance is (h^2/6) M3 + widths: far below the 1e-20 relative the issue asks for */
    CU_ASSERT(worst_tol < 1e-20);
}

/* The majorants M3 dominate a numerical estimate of |g'''(t0)| (5-point stencil, H = 2^-7) on every target: a
 * sanity check of the jet calculus (section 4). The estimate carries its own truncation and rounding error
 * (relative 1e-9 where the bound is exact, ConstantCoordinate), hence the margin 0.99. */
static void test_majorants(void)
{
    dv_target all[64];
    int n = dv_all_targets(all, 64);
    double worst = INFINITY;
    for (int i = 0; i < n; i++) {
        dv_target tg = all[i];
        tg.jetstat = 1;
        dv_stats st;
        dv_stats_init(&st);
        dv_run(&tg, 7000 + 13 * (uint64_t)i, 4, 4, &st);
        for (int j = 0; j < st.nchecks; j++)
            if (st.jet_n[j] > 0 && st.jet_min[j] < worst)
                worst = st.jet_min[j];
    }
    if (verbose())
        printf("\n  smallest M3 / |g'''| over all targets: %.4g\n", worst);
    CU_ASSERT(worst >= 0.99);
}

/* ---------------------------------------------------------------- mutation tests */

/* The labels in the space-separated list `expect`. */
static int expects(const char *expect, const char *label)
{
    size_t n = strlen(label);
    for (const char *p = expect; *p;) {
        while (*p == ' ')
            p++;
        const char *q = p;
        while (*q && *q != ' ')
            q++;
        if ((size_t)(q - p) == n && strncmp(p, label, n) == 0)
            return 1;
        p = q;
    }
    return 0;
}

static void test_mutants(void)
{
    for (int m = 0; m < dv_n_mutants; m++) {
        const dv_mutant *mu = &dv_mutants[m];
        CU_ASSERT_EQUAL(*mu->applied, 1);
        dv_target tg = {0, mu->kind, mu->rolling, 0, DV_FAM_GENERIC, &mu->kernels, 0, 0};
        dv_target ref = tg;
        ref.K = NULL;
        dv_stats sm, sr;
        dv_stats_init(&sm);
        dv_stats_init(&sr);
        uint64_t seed = 9000 + 7 * (uint64_t)m;
        dv_run(&tg, seed, N_TRAJ_MUT, N_SAMPLES, &sm);
        dv_run(&ref, seed, N_TRAJ_MUT, N_SAMPLES, &sr);
        /* the unmutated kernel passes the same samples */
        CU_ASSERT_EQUAL(dv_stats_failures(&sr), 0);
        /* the mutant fails every expected check on most samples, and only those */
        int ok = 1;
        for (int j = 0; j < sm.nchecks; j++) {
            int exp = expects(mu->expect, sm.label[j]);
            if (exp && !(sm.n[j] > 0 && sm.fail[j] * 10 >= sm.n[j] * 9))
                ok = 0;
            if (!exp && sm.fail[j] != 0)
                ok = 0;
        }
        CU_ASSERT(ok);
        if (verbose() || !ok) {
            printf("\n  mutant %-40s (%s): expected %s;", mu->name, mu->what, mu->expect);
            for (int j = 0; j < sm.nchecks; j++)
                printf(" %s %ld/%ld (ratio %.2g..%.2g)", sm.label[j], sm.fail[j], sm.n[j], sm.min_ratio[j],
                       sm.max_ratio[j]);
            printf("; unmutated max ratio %.2g\n", dv_stats_max_ratio(&sr));
        }
    }
}

static void register_tests(CU_pSuite s)
{
    CU_add_test(s, "trajectory: double vs exact", test_traj_double_vs_exact);
    CU_add_test(s, "trajectory: exact derivatives", test_traj_exact_derivatives);
    CU_add_test(s, "trajectory: jets bound the derivatives", test_jets_bound);
    CU_add_test(s, "ball (R1, R2 identities)", test_ball);
    CU_add_test(s, "rod (incl. singular branch)", test_rod);
    CU_add_test(s, "point_in_plane", test_point_in_plane);
    CU_add_test(s, "constant_coordinate", test_constant_coordinate);
    CU_add_test(s, "sphere_on_plane", test_sphere_on_plane);
    CU_add_test(s, "ball_rolling_on_plane", test_ball_rolling_on_plane);
    CU_add_test(s, "sphere_on_sphere (spin identity, singular)", test_sphere_on_sphere);
    CU_add_test(s, "point_on_plane", test_point_on_plane);
    CU_add_test(s, "line_on_line (both senses, parallel)", test_line_on_line);
    CU_add_test(s, "weld (angular rows exact derivatives; R1, R2 on the linear rows)", test_weld);
    CU_add_test(s, "unilateral contact classes", test_contacts);
    CU_add_test(s, "exclusion rule at branch switches (with negative control)", test_near_switch);
    CU_add_test(s, "oracle: every relation at 320 bits, G^T consistency", test_oracle);
    CU_add_test(s, "M3 majorants dominate |g'''|", test_majorants);
    CU_add_test(s, "mutants fail, originals pass", test_mutants);
}

CCREF_TEST_SUITE("derivatives", register_tests)
