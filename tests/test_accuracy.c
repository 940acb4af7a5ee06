/* test_accuracy.c: suite "accuracy". The double kernels against the certified oracle, with the a-priori forward
 * error bounds of spec/accuracy.md (tests/accuracy_bounds.{h,c}):
 *
 *   for every certified output slot:  |kernel - oracle| <= B + ulp(oracle)/2
 *
 * (the oracle is RN(exact), within half an ulp of the exact value; B bounds |kernel - exact|). One test per
 * bilateral kind (both rolling variants), per contact class and per rule, each on random well-conditioned cases
 * (tests/cases.h) and on the near-degenerate families of spec/accuracy.md section 7: large coordinates (offsets up to
 * 1e8), cases at contact (perr about 0, and computed exactly 0), stations/centres a small distance r apart (down to
 * 1e-14), nearly parallel edges (down to 2^-45.3, just above the 2^-45.5 threshold), tiny radii (1e-6), impact and
 * slip speeds at the COR and COF branch points. Further tests: the singular and parallel branches themselves, cases
 * constructed inside a decision band (excluded by the rule, never by loosening B), the ulp helpers.
 *
 * Exclusion rule (spec/accuracy.md section 4): a case is not compared when one of the kernel's branch decisions lies
 * within the decision quantity's own error bound of its threshold (the kernel may have taken the other branch);
 * the suite counts these cases per decision and prints the counts. The well-conditioned random families must have
 * no exclusion. A compared case must also agree with the oracle on its status and discrete outputs. */
#include <stdio.h>
#include <string.h>

#include "accuracy_bounds.h"
#include "cases.h"
#include "../src/common.h"

static ora_ctx *g_ctx;
static ora_ctx *ctx(void)
{
    if (g_ctx == NULL)
        g_ctx = ora_ctx_new(NULL);
    return g_ctx;
}

/* Totals over the suite, printed by the last test. */
static struct {
    long compared, excluded[CCREF_DECISION_COUNT], uncertified;
    double max_ratio;
} total;

typedef struct {
    int cases, invalid, compared, excluded, mismatch, violations, unbounded, uncertified;
    double max_ratio;
} tally;

static void add(tally *t, const acc_sample *s, const char *what)
{
    t->cases++;
    if (!s->valid) {
        t->invalid++;
        return;
    }
    if (s->excluded != CCREF_DECISION_NONE) {
        t->excluded++;
        total.excluded[s->excluded]++;
        return;
    }
    if (s->discrete_mismatch) {
        t->mismatch++;
        fprintf(stderr, "\n  accuracy: %s: status/branch differs from the oracle (kernel %s, oracle %s)", what,
                ccref_status_name(s->kernel_status), ccref_status_name(s->oracle_status));
        return;
    }
    t->compared++;
    total.compared++;
    t->violations += s->violations;
    t->unbounded += s->unbounded;
    t->uncertified += s->uncertified;
    total.uncertified += s->uncertified;
    for (int j = 0; j < s->n; j++) {
        if (!s->certified[j] || isinf(s->bound[j]))
            continue;
        double r = acc_ratio(s->kernel[j], s->oracle[j], s->bound[j]);
        if (r > t->max_ratio)
            t->max_ratio = r;
        if (r > 1.0)
            fprintf(stderr, "\n  accuracy: %s slot %d: kernel %.17g oracle %.17g bound %.3g", what, j, s->kernel[j],
                    s->oracle[j], s->bound[j]);
    }
    if (t->max_ratio > total.max_ratio)
        total.max_ratio = t->max_ratio;
}

/* Every compared slot within its bound, every case valid and agreeing on its discrete outputs. */
static void assert_tally(const tally *t)
{
    CU_ASSERT_EQUAL(t->violations, 0);
    CU_ASSERT_EQUAL(t->mismatch, 0);
    CU_ASSERT_EQUAL(t->unbounded, 0);
    CU_ASSERT_EQUAL(t->invalid, 0);
    CU_ASSERT(t->compared > 0);
    CU_ASSERT(t->max_ratio <= 1.0);
}

/* ---------------------------------------------------------------- the families and their parameters */

/* Parameters t of each family (spec/accuracy.md section 7). */
static const double t_offset[] = {1e2, 1e4, 1e6, 1e8};
static const double t_contact[] = {0.0, 1e-17, 1e-13, 1e-9, 1e-5};
static const double t_small_r[] = {1e-14, 1e-12, 1e-10, 1e-8, 1e-5, 1e-2};
static const double t_parallel[] = {0x1.9p-46 /* 2^-45.33 */, 1e-13, 1e-11, 1e-9, 1e-7, 1e-5, 1e-3, 1e-1};
static const double t_tiny[] = {1e-6, 1e-4, 1e-2};
static const double t_edge[] = {0.0, 0x1p-52, 1e-12, 1e-8, 1e-4};
#define LEN(a) ((int)(sizeof a / sizeof a[0]))

static int family_params(acc_family f, const double **t)
{
    switch (f) {
    case ACC_FAM_OFFSET: *t = t_offset; return LEN(t_offset);
    case ACC_FAM_CONTACT: *t = t_contact; return LEN(t_contact);
    case ACC_FAM_SMALL_R: *t = t_small_r; return LEN(t_small_r);
    case ACC_FAM_NEAR_PARALLEL: *t = t_parallel; return LEN(t_parallel);
    case ACC_FAM_TINY_RADIUS: *t = t_tiny; return LEN(t_tiny);
    case ACC_FAM_COR_EDGE:
    case ACC_FAM_COF_EDGE: *t = t_edge; return LEN(t_edge);
    default: *t = NULL; return 0;
    }
}

#define N_RANDOM 1000 /* well-conditioned random cases per kind / class */
#define N_PER_T 80    /* cases per family parameter */

static void run_kind(ccref_kind kind, int rolling)
{
    char what[96];
    for (int f = 0; f < ACC_FAM_COUNT; f++) {
        if (!acc_family_applies((acc_family)f, kind))
            continue;
        tally t = {0};
        ccref_rng rng = {1000003u * (uint64_t)(kind + 1) + 7919u * (uint64_t)f + (uint64_t)rolling};
        snprintf(what, sizeof what, "%s%s/%s", ccref_kind_name(kind), rolling ? "(rolling)" : "",
                 acc_family_name((acc_family)f));
        if (f == ACC_FAM_RANDOM) {
            for (int i = 0; i < N_RANDOM; i++) {
                ccref_case c = acc_family_case(&rng, kind, rolling, ACC_FAM_RANDOM, 0.0);
                acc_sample s;
                acc_check_case(ctx(), &c, &s);
                add(&t, &s, what);
            }
            CU_ASSERT_EQUAL(t.excluded, 0); /* well conditioned: no decision in its band */
        } else {
            const double *tv;
            int nt = family_params((acc_family)f, &tv);
            for (int k = 0; k < nt; k++)
                for (int i = 0; i < N_PER_T; i++) {
                    ccref_case c = acc_family_case(&rng, kind, rolling, (acc_family)f, tv[k]);
                    if (f == ACC_FAM_CONTACT && i % 2) /* at contact and at large coordinates */
                        acc_offset_case(&c, &rng, 1e6);
                    acc_sample s;
                    acc_check_case(ctx(), &c, &s);
                    add(&t, &s, what);
                }
        }
        assert_tally(&t);
    }
}

static void run_contact(ccref_contact_class cls)
{
    char what[96];
    for (int f = 0; f < ACC_FAM_COUNT; f++) {
        if (!acc_family_applies_contact((acc_family)f, cls))
            continue;
        tally t = {0};
        ccref_rng rng = {2000003u * (uint64_t)(cls + 1) + 104729u * (uint64_t)f};
        snprintf(what, sizeof what, "%s/%s", ccref_contact_class_name(cls), acc_family_name((acc_family)f));
        if (f == ACC_FAM_RANDOM) {
            for (int i = 0; i < N_RANDOM; i++) {
                ccref_contact_case c = acc_family_contact(&rng, cls, ACC_FAM_RANDOM, 0.0);
                acc_sample s;
                acc_check_contact(ctx(), &c, &s);
                add(&t, &s, what);
            }
            CU_ASSERT_EQUAL(t.excluded, 0);
        } else {
            const double *tv;
            int nt = family_params((acc_family)f, &tv);
            for (int k = 0; k < nt; k++)
                for (int i = 0; i < N_PER_T; i++) {
                    ccref_contact_case c = acc_family_contact(&rng, cls, (acc_family)f, tv[k]);
                    if (f == ACC_FAM_CONTACT && i % 2)
                        acc_offset_contact(&c, &rng, 1e6);
                    acc_sample s;
                    acc_check_contact(ctx(), &c, &s);
                    add(&t, &s, what);
                }
        }
        assert_tally(&t);
    }
}

/* ---------------------------------------------------------------- one test per constraint */

static void test_ball(void) { run_kind(CCREF_KIND_BALL, 0); }
static void test_rod(void) { run_kind(CCREF_KIND_ROD, 0); }
static void test_point_in_plane(void) { run_kind(CCREF_KIND_POINT_IN_PLANE, 0); }
static void test_constant_coordinate(void) { run_kind(CCREF_KIND_CONSTANT_COORDINATE, 0); }
static void test_sphere_on_plane(void)
{
    run_kind(CCREF_KIND_SPHERE_ON_PLANE, 0);
    run_kind(CCREF_KIND_SPHERE_ON_PLANE, 1);
}
static void test_ball_rolling_on_plane(void) { run_kind(CCREF_KIND_BALL_ROLLING_ON_PLANE, 1); }
static void test_sphere_on_sphere(void)
{
    run_kind(CCREF_KIND_SPHERE_ON_SPHERE, 0);
    run_kind(CCREF_KIND_SPHERE_ON_SPHERE, 1);
}
static void test_point_on_plane(void) { run_kind(CCREF_KIND_POINT_ON_PLANE, 1); }
static void test_line_on_line(void)
{
    run_kind(CCREF_KIND_LINE_ON_LINE, 0);
    run_kind(CCREF_KIND_LINE_ON_LINE, 1);
}

static void test_hard_stops(void)
{
    run_contact(CCREF_CONTACT_HARD_STOP_UPPER);
    run_contact(CCREF_CONTACT_HARD_STOP_LOWER);
}
static void test_rope(void) { run_contact(CCREF_CONTACT_ROPE); }
static void test_point_plane_frictionless(void) { run_contact(CCREF_CONTACT_POINT_PLANE_FRICTIONLESS); }
static void test_point_plane(void) { run_contact(CCREF_CONTACT_POINT_PLANE); }
static void test_sphere_plane(void) { run_contact(CCREF_CONTACT_SPHERE_PLANE); }
static void test_sphere_sphere(void) { run_contact(CCREF_CONTACT_SPHERE_SPHERE); }
static void test_edge_edge(void) { run_contact(CCREF_CONTACT_EDGE_EDGE); }

/* COR rule on double inputs (spec/unilateral.md, Accuracy): random points of every branch, impact speeds one ulp
 * around the capture speed and the minimum-COR speed, min_cor_speed from 2^-40 to 2^40, min_cor 0 and 1. */
static void test_cor_rule(void)
{
    tally t = {0};
    ccref_rng rng = {424242u};
    for (int i = 0; i < 2000; i++) {
        double m = i % 50 == 0 ? 0.0 : i % 50 == 1 ? 1.0 : ccref_rng_uniform(&rng, 0.0, 1.0);
        double sp = acc_rng_log(&rng, 0x1p-40, 0x1p40), c = sp * ccref_rng_uniform(&rng, 0.0, 1.0), v;
        switch (i % 5) {
        case 0: v = nextafter(c, INFINITY); break;  /* just above the jump */
        case 1: v = c; break;                       /* at the jump: CAPTURED */
        case 2: v = nextafter(sp, 0.0); break;      /* just below the corner: LINEAR */
        case 3: v = sp; break;                      /* at the corner: MINIMUM */
        default: v = ccref_rng_uniform(&rng, 0.0, 2.0) * sp; break;
        }
        acc_sample s;
        acc_check_cor(ctx(), m, c, sp, v, &s);
        add(&t, &s, "cor_rule");
    }
    assert_tally(&t);
    CU_ASSERT_EQUAL(t.excluded, 0); /* exact inputs: no band */
}

/* COF rule on double inputs: slip speeds at, one ulp around and away from the transition speed. */
static void test_cof_rule(void)
{
    tally t = {0};
    ccref_rng rng = {434343u};
    for (int i = 0; i < 2000; i++) {
        double mu_s = ccref_rng_uniform(&rng, 0.0, 1.0), mu_d = ccref_rng_uniform(&rng, 0.0, mu_s);
        double mu_v = ccref_rng_uniform(&rng, 0.0, 1.0), tr = acc_rng_log(&rng, 1e-8, 1e2), slip;
        switch (i % 4) {
        case 0: slip = tr; break;
        case 1: slip = nextafter(tr, INFINITY); break;
        case 2: slip = nextafter(tr, 0.0); break;
        default: slip = tr * acc_rng_log(&rng, 1e-6, 1e6); break;
        }
        acc_sample s;
        acc_check_cof(ctx(), mu_s, mu_d, mu_v, tr, slip, &s);
        add(&t, &s, "cof_rule");
    }
    assert_tally(&t);
    CU_ASSERT_EQUAL(t.excluded, 0);
}

/* ---------------------------------------------------------------- branches and decision bands */

/* Singular branch of rod and sphere_on_sphere, decided with certainty: both points computed from the same tiny
 * station on identical bodies, so p = 0 exactly, and every position is below 1e-12, so |p|^2's error bound
 * (about (u L)^2 ~ 1e-56) is far below 2^-130 (7e-40): the kernel's decision is the exact one. */
static void test_singular_branch(void)
{
    tally t = {0};
    ccref_rng rng = {5150u};
    for (int i = 0; i < 40; i++) {
        ccref_case c = ccref_random_case(&rng, i % 2 ? CCREF_KIND_ROD : CCREF_KIND_SPHERE_ON_SPHERE, i % 4 == 1);
        c.body1.p = c.body2.p = v3_scale(1e-13, ccref_rng_vec3(&rng, -1.0, 1.0));
        c.body2.R = c.body1.R;
        ccref_vec3 s = v3_scale(1e-13, ccref_rng_vec3(&rng, -1.0, 1.0));
        if (c.kind == CCREF_KIND_ROD)
            c.params.rod.station1_in_b1 = c.params.rod.station2_in_b2 = s;
        else
            c.params.sphere_on_sphere.center1_in_b1 = c.params.sphere_on_sphere.center2_in_b2 = s;
        ccref_result kr;
        CU_ASSERT_EQUAL(ccref_eval(&c, &kr), CCREF_OK_SINGULAR_DIRECTION);
        acc_sample smp;
        acc_check_case(ctx(), &c, &smp);
        CU_ASSERT_EQUAL(smp.excluded, CCREF_DECISION_NONE);
        add(&t, &smp, "singular branch");
    }
    assert_tally(&t);
    CU_ASSERT_EQUAL(t.compared, 40);
}

/* LineOnLine and EdgeEdge around the parallel threshold 2^-45.5: exactly parallel edges (the fallback: certain,
 * since |wraw|^2's error bound is about 1e-31 << 2^-91 = 4.9e-28), edges at 2^-45.3 (certain, compared), and edges
 * whose |wraw|^2 is within its error bound of 2^-91 (excluded and counted: never compared). */
static void test_parallel_threshold(void)
{
    tally t = {0};
    int banded = 0, parallel = 0;
    ccref_rng rng = {6060u};
    for (int i = 0; i < 60; i++) {
        int rolling = i % 2;
        ccref_case c = ccref_random_case(&rng, CCREF_KIND_LINE_ON_LINE, rolling);
        ccref_line_on_line_params *p = &c.params.line_on_line;
        ccref_vec3 df = m3_apply(&c.body1.R, m3_column(&p->edge_frame1_in_b1.R, 0));
        double ang = i % 3 == 0 ? 0.0 : i % 3 == 1 ? 0x1.9p-46 : 0x1.6a09e667f3bcdp-46; /* 0, 2^-45.3, ~2^-45.5 */
        ccref_vec3 a = v3_cross(df, ccref_rng_unit(&rng));
        double na = sqrt(v3_norm_sq(a));
        a = v3_scale(1.0 / na, a);
        ccref_vec3 db = v3_add(v3_scale(cos(ang), df), v3_scale(sin(ang), a));
        ccref_vec3 x = m3_apply_transpose(&c.body2.R, db);
        double nx = sqrt(v3_norm_sq(x));
        x = v3_scale(1.0 / nx, x);
        ccref_mat3 Z = ccref_rotation_from_z(x);
        p->edge_frame2_in_b2.R = m3_from_columns(m3_column(&Z, 2), m3_column(&Z, 0), m3_column(&Z, 1));
        acc_sample s;
        acc_check_case(ctx(), &c, &s);
        if (s.excluded == CCREF_DECISION_PARALLEL)
            banded++;
        ccref_result kr;
        if (ccref_eval(&c, &kr) == CCREF_OK_PARALLEL_EDGES && s.excluded == CCREF_DECISION_NONE)
            parallel++;
        add(&t, &s, "parallel threshold");
        if (i % 3 == 1) /* 2^-45.3: |w|^2 27% above 2^-91, outside the parallel band (the sense may be in its own) */
            CU_ASSERT(s.excluded != CCREF_DECISION_PARALLEL);
    }
    CU_ASSERT(banded > 0);   /* the cases at ~2^-45.5 are inside the band */
    CU_ASSERT(parallel > 0); /* exactly parallel: fallback compared */
    assert_tally(&t);
}

/* COR capture jump and COF step with the contact's impact / slip speed equal to the branch point: inside the band
 * whenever the speed's bound is positive (excluded, counted), compared otherwise (hard stops: verr = qdot exact). */
static void test_rule_bands(void)
{
    tally t = {0};
    int cor_band = 0, cof_band = 0;
    ccref_rng rng = {7070u};
    for (int cls = 0; cls < CCREF_CONTACT_COUNT; cls++)
        for (int i = 0; i < 12; i++) {
            acc_family f = i % 2 ? ACC_FAM_COF_EDGE : ACC_FAM_COR_EDGE;
            if (!acc_family_applies_contact(f, (ccref_contact_class)cls))
                continue;
            ccref_contact_case c = acc_family_contact(&rng, (ccref_contact_class)cls, f, 0.0);
            acc_sample s;
            acc_check_contact(ctx(), &c, &s);
            cor_band += s.excluded == CCREF_DECISION_COR_CAPTURE;
            cof_band += s.excluded == CCREF_DECISION_COF_TRANSITION;
            if (cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER)
                CU_ASSERT_EQUAL(s.excluded, CCREF_DECISION_NONE);
            add(&t, &s, "rule bands");
        }
    CU_ASSERT(cor_band > 0);
    CU_ASSERT(cof_band > 0);
    CU_ASSERT_EQUAL(t.violations, 0);
    CU_ASSERT_EQUAL(t.mismatch, 0);
    CU_ASSERT(t.compared > 0);
}

/* ---------------------------------------------------------------- helpers */

static void test_ulp_helpers(void)
{
    ASSERT_EXACT(ccref_ulp(1.0), 0x1p-52);
    ASSERT_EXACT(ccref_ulp(1.5), 0x1p-52);
    ASSERT_EXACT(ccref_ulp(-2.0), 0x1p-51);
    ASSERT_EXACT(ccref_ulp(0.0), 0x1p-1074);              /* subnormal floor */
    ASSERT_EXACT(ccref_ulp(0x1p-1022), 0x1p-1074);        /* smallest normal: spacing 2^-1074 */
    ASSERT_EXACT(ccref_ulp(0x1p-1030), 0x1p-1074);        /* subnormal */
    ASSERT_EXACT(acc_err_ulps(1.0 + 0x1p-51, 1.0), 2.0);
    ASSERT_EXACT(acc_ratio(1.0, 1.0, 0.0), 0.0);
    ASSERT_EXACT(acc_ratio(1.0 + 0x1p-52, 1.0, 0x1p-53), 1.0); /* |d| = 2^-52 = B + ulp/2 */
    CU_ASSERT(acc_near_zero(1e-20, 1e-15));
    CU_ASSERT(!acc_near_zero(1.0, 1e-15));
    /* L1 on exact inputs: one rounding of |a + b| <= 3 */
    acc_t s = acc_add(acc_exact(1.0), acc_exact(2.0));
    CU_ASSERT(s.m >= 3.0 && s.e >= 3.0 * 0x1p-53 && s.e <= 3.0 * 0x1p-53 * (1.0 + 0x1p-40) + 0x1p-999);
    /* L8 on an exact vector: gamma_6 */
    acc_t n = acc_unit(acc_exact(5.0), 5.0);
    CU_ASSERT(n.m >= 1.0 && n.e >= 6.0 * 0x1p-53 && n.e < 6.001 * 0x1p-53);
}

/* Tiny magnitudes: a random case of every kind with every length, speed and acceleration scaled exactly by 2^-552
 * (about 1.7e-166), where squares of components underflow. The bounds must still hold (spec/accuracy.md section 3:
 * norms without underflow): an earlier evaluation gave point_on_plane there a bound of 5.6e-301 for an actual error
 * of 6.5e-183. Scaling lengths, linear speeds and accelerations by s scales every exact output by s (rows,
 * points) or leaves it (directions, forces), so the bound must scale too: it is checked against the oracle. */
static void scale_body(ccref_body *b, double s)
{
    b->p = v3_scale(s, b->p);
    b->v = v3_scale(s, b->v);
    b->a = v3_scale(s, b->a);
}

static void test_tiny_magnitudes(void)
{
    const double s = 0x1p-552;
    long compared = 0;
    for (int k = 0; k < CCREF_KIND_COUNT; k++) {
        if (k == CCREF_KIND_CONSTANT_COORDINATE)
            continue;
        ccref_rng rng = {977u + (uint64_t)k};
        for (int i = 0; i < 40; i++) {
            ccref_case c = ccref_random_case(&rng, (ccref_kind)k, i & 1);
            scale_body(&c.body1, s);
            scale_body(&c.body2, s);
            switch (c.kind) {
            case CCREF_KIND_BALL:
                c.params.ball.station1_in_b1 = v3_scale(s, c.params.ball.station1_in_b1);
                c.params.ball.station2_in_b2 = v3_scale(s, c.params.ball.station2_in_b2);
                break;
            case CCREF_KIND_ROD:
                c.params.rod.station1_in_b1 = v3_scale(s, c.params.rod.station1_in_b1);
                c.params.rod.station2_in_b2 = v3_scale(s, c.params.rod.station2_in_b2);
                c.params.rod.length *= s;
                break;
            case CCREF_KIND_POINT_IN_PLANE:
                c.params.point_in_plane.height *= s;
                c.params.point_in_plane.follower_in_b2 = v3_scale(s, c.params.point_in_plane.follower_in_b2);
                break;
            case CCREF_KIND_SPHERE_ON_PLANE:
                c.params.sphere_on_plane.plane_frame_in_b1.p = v3_scale(s, c.params.sphere_on_plane.plane_frame_in_b1.p);
                c.params.sphere_on_plane.center_in_b2 = v3_scale(s, c.params.sphere_on_plane.center_in_b2);
                c.params.sphere_on_plane.radius *= s;
                break;
            case CCREF_KIND_BALL_ROLLING_ON_PLANE:
                c.params.ball_rolling_on_plane.height *= s;
                c.params.ball_rolling_on_plane.center_in_b2 = v3_scale(s, c.params.ball_rolling_on_plane.center_in_b2);
                c.params.ball_rolling_on_plane.radius *= s;
                break;
            case CCREF_KIND_SPHERE_ON_SPHERE:
                c.params.sphere_on_sphere.center1_in_b1 = v3_scale(s, c.params.sphere_on_sphere.center1_in_b1);
                c.params.sphere_on_sphere.center2_in_b2 = v3_scale(s, c.params.sphere_on_sphere.center2_in_b2);
                c.params.sphere_on_sphere.radius1 *= s;
                c.params.sphere_on_sphere.radius2 *= s;
                break;
            case CCREF_KIND_POINT_ON_PLANE:
                c.params.point_on_plane.plane_frame_in_b1.p = v3_scale(s, c.params.point_on_plane.plane_frame_in_b1.p);
                c.params.point_on_plane.follower_in_b2 = v3_scale(s, c.params.point_on_plane.follower_in_b2);
                break;
            case CCREF_KIND_LINE_ON_LINE:
                c.params.line_on_line.edge_frame1_in_b1.p = v3_scale(s, c.params.line_on_line.edge_frame1_in_b1.p);
                c.params.line_on_line.edge_frame2_in_b2.p = v3_scale(s, c.params.line_on_line.edge_frame2_in_b2.p);
                break;
            default: break;
            }
            acc_sample smp;
            acc_check_case(ctx(), &c, &smp);
            CU_ASSERT(smp.valid);
            if (!smp.valid || smp.excluded != CCREF_DECISION_NONE)
                continue;
            CU_ASSERT_EQUAL(smp.violations, 0);
            CU_ASSERT_EQUAL(smp.discrete_mismatch, 0);
            CU_ASSERT_EQUAL(smp.unbounded, 0);
            compared++;
        }
    }
    CU_ASSERT(compared >= 280); /* at most a few excluded by a decision band out of 320 */
}

static void test_report(void)
{
    printf("\n  accuracy: %ld cases compared, max |kernel - oracle| / (B + ulp/2) = %.3g; excluded by the "
           "decision-band rule:",
           total.compared, total.max_ratio);
    long ex = 0;
    for (int d = 1; d < CCREF_DECISION_COUNT; d++)
        if (total.excluded[d]) {
            printf(" %s %ld", ccref_decision_name((ccref_decision)d), total.excluded[d]);
            ex += total.excluded[d];
        }
    printf(" (%ld); uncertified slots skipped %ld\n", ex, total.uncertified);
    CU_ASSERT(total.max_ratio <= 1.0);
    if (g_ctx != NULL) {
        ora_ctx_free(g_ctx);
        g_ctx = NULL;
    }
}

static void register_accuracy(CU_pSuite s)
{
    CU_add_test(s, "ulp helpers and lemma spot checks", test_ulp_helpers);
    CU_add_test(s, "ball", test_ball);
    CU_add_test(s, "rod", test_rod);
    CU_add_test(s, "point_in_plane", test_point_in_plane);
    CU_add_test(s, "constant_coordinate", test_constant_coordinate);
    CU_add_test(s, "sphere_on_plane (sliding, rolling)", test_sphere_on_plane);
    CU_add_test(s, "ball_rolling_on_plane", test_ball_rolling_on_plane);
    CU_add_test(s, "sphere_on_sphere (sliding, rolling)", test_sphere_on_sphere);
    CU_add_test(s, "point_on_plane", test_point_on_plane);
    CU_add_test(s, "line_on_line (sliding, rolling)", test_line_on_line);
    CU_add_test(s, "contact hard stops (upper, lower)", test_hard_stops);
    CU_add_test(s, "contact rope", test_rope);
    CU_add_test(s, "contact point_plane_frictionless", test_point_plane_frictionless);
    CU_add_test(s, "contact point_plane", test_point_plane);
    CU_add_test(s, "contact sphere_plane", test_sphere_plane);
    CU_add_test(s, "contact sphere_sphere", test_sphere_sphere);
    CU_add_test(s, "contact edge_edge", test_edge_edge);
    CU_add_test(s, "COR rule", test_cor_rule);
    CU_add_test(s, "COF rule", test_cof_rule);
    CU_add_test(s, "singular branch (certain)", test_singular_branch);
    CU_add_test(s, "parallel threshold and its band", test_parallel_threshold);
    CU_add_test(s, "COR capture and COF transition bands", test_rule_bands);
    CU_add_test(s, "tiny magnitudes (2^-552): bounds without underflow", test_tiny_magnitudes);
    CU_add_test(s, "report", test_report);
}

CCREF_TEST_SUITE("accuracy", register_accuracy)
