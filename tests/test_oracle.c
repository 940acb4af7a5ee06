/* test_oracle.c: the MPFI oracle (oracle/oracle.h, spec/oracle.md).
 *  (a) hand-derived exact values for every kind and every contact class: every output slot must be certified
 *      and equal to the correctly rounded exact value (derived by hand in the comments; the cases are the
 *      hand-derived cases of tests/test_<kind>.c and tests/test_contacts.c, re-derived here for every slot);
 *  (b) self-check: the certified doubles do not change when the starting precision is 128, 256 or 1024 bits;
 *  (c) PROVISIONAL smoke check of the double kernels against the oracle on random cases (tests/cases.h):
 *      |kernel - oracle| <= 2^-40 * scale (spec/conventions.md section 9 scales); the follow-up accuracy task
 *      replaces this by the derived per-output bounds;
 *  (d) exact branch decisions on constructed tie / threshold cases;
 *  (e) certification reasons (exact zero through sqrt, precision cap, undecided interval input) and the
 *      interval API on non-double inputs (central differences along an analytic trajectory).
 * Expected values that are not dyadic are written as the C literal or quotient whose rounding is the correctly
 * rounded exact value (a decimal literal and a single division of exact doubles are correctly rounded). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../oracle/internal.h"
#include "../oracle/oracle.h"
#include "../src/common.h"
#include "cases.h"
#include "testlib.h"

/* ================================================================ helpers */

static ora_ctx *g_ctx;
static void free_ctx(void) { ora_ctx_free(g_ctx); }
static ora_ctx *ctx(void)
{
    if (g_ctx == NULL) {
        g_ctx = ora_ctx_new(NULL);
        atexit(free_ctx);
    }
    return g_ctx;
}

static void e3(double *e, int slot, double x, double y, double z) { e[slot] = x; e[slot + 1] = y; e[slot + 2] = z; }
static void e9(double *e, int slot, ccref_mat3 R)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            e[slot + 3 * i + j] = R.m[i][j];
}

/* Every slot certified and equal to e[] (zeros of either sign compare equal); status and discrete outputs. */
static void check_kind(const ccref_case *c, const double *e, ccref_status st, unsigned dev)
{
    ora_case_result r;
    CU_ASSERT_EQUAL_FATAL(ora_eval_case(ctx(), c, &r), 0);
    CU_ASSERT_EQUAL(r.status, st);
    CU_ASSERT(r.decided);
    CU_ASSERT(r.all_certified);
    CU_ASSERT_EQUAL(r.deviations, dev);
    int mp, mv;
    ccref_case_rows(c, &mp, &mv);
    CU_ASSERT_EQUAL(r.mp, mp);
    CU_ASSERT_EQUAL(r.mv, mv);
    CU_ASSERT_EQUAL(r.n, ccref_kind_outputs(c->kind));
    for (int i = 0; i < r.n; i++) {
        int ok = r.out[i].certified && r.out[i].value == e[i];
        if (!ok)
            fprintf(stderr, "\n  oracle %s %s: %.17g (%s) expected %.17g", ccref_kind_name(c->kind),
                    ccref_output_name(c->kind, i), r.out[i].value, ora_reason_name(r.out[i].reason), e[i]);
        CU_ASSERT(ok);
    }
}

/* The sign convention and friction flag of each class as spec/unilateral_contacts.md section 1 states them (written
 * here by hand: neither the kernels' ccref_contact_sign / ccref_contact_has_friction nor the oracle's own tables). */
static const int spec_sign[CCREF_CONTACT_COUNT] = {
    [CCREF_CONTACT_HARD_STOP_UPPER] = -1, [CCREF_CONTACT_HARD_STOP_LOWER] = +1, [CCREF_CONTACT_ROPE] = -1,
    [CCREF_CONTACT_POINT_PLANE_FRICTIONLESS] = +1, [CCREF_CONTACT_POINT_PLANE] = +1,
    [CCREF_CONTACT_SPHERE_PLANE] = +1, [CCREF_CONTACT_SPHERE_SPHERE] = +1, [CCREF_CONTACT_EDGE_EDGE] = +1};
static const int spec_friction[CCREF_CONTACT_COUNT] = {
    [CCREF_CONTACT_HARD_STOP_UPPER] = 0, [CCREF_CONTACT_HARD_STOP_LOWER] = 0, [CCREF_CONTACT_ROPE] = 0,
    [CCREF_CONTACT_POINT_PLANE_FRICTIONLESS] = 0, [CCREF_CONTACT_POINT_PLANE] = 1,
    [CCREF_CONTACT_SPHERE_PLANE] = 1, [CCREF_CONTACT_SPHERE_SPHERE] = 1, [CCREF_CONTACT_EDGE_EDGE] = 1};

static void check_contact(const ccref_contact_case *c, const double *e, ccref_status st, unsigned dev,
                          ccref_cor_branch cb, ccref_cof_branch fb)
{
    ora_contact_result r;
    CU_ASSERT_EQUAL_FATAL(ora_eval_contact_case(ctx(), c, &r), 0);
    CU_ASSERT_EQUAL(r.status, st);
    CU_ASSERT(r.decided);
    CU_ASSERT(r.all_certified);
    CU_ASSERT_EQUAL(r.deviations, dev);
    CU_ASSERT_EQUAL(r.cor_branch, cb);
    CU_ASSERT_EQUAL(r.cof_branch, fb);
    /* error results are zeroed entirely (sign and friction flag included), as the kernel's */
    CU_ASSERT_EQUAL(r.sign, ccref_status_ok(st) ? spec_sign[c->cls] : 0);
    CU_ASSERT_EQUAL(r.has_friction, ccref_status_ok(st) ? spec_friction[c->cls] : 0);
    for (int i = 0; i < CCREF_CSLOT_N; i++) {
        int ok = r.out[i].certified && r.out[i].value == e[i];
        if (!ok)
            fprintf(stderr, "\n  oracle %s %s: %.17g (%s) expected %.17g", ccref_contact_class_name(c->cls),
                    ccref_contact_output_name(i), r.out[i].value, ora_reason_name(r.out[i].reason), e[i]);
        CU_ASSERT(ok);
    }
}

/* ================================================================ (a) bilateral kinds */

/* Ball, general moving case (tests/test_ball.c):
 * body 1: R1 = Rz90, p1 = (1,0,0), w1 = (0,0,1), v1 = (0,1,0), b1 = (0,0,2), a1 = (1,0,0); s1 = (1,0,0).
 * body 2: R2 = I, p2 = (2,1,0), w2 = (1,0,0), v2 = (0,0,1), b2 = (0,1,0), a2 = 0; s2 = (0,0,1).
 *   R1 s1 = (0,1,0) -> P = (1,1,0); arm2 = (0,0,1) -> S = (2,1,1); arm1 = S - p1 = (1,1,1); perr = (1,0,1).
 *   v(B2/S) = (0,0,1) + (1,0,0)x(0,0,1) = (0,-1,1); v(B1/S) = (0,1,0) + (0,0,1)x(1,1,1) = (-1,2,0);
 *   verr = (1,-3,1).
 *   a(B2/S) = 0 + (0,1,0)x(0,0,1) + (1,0,0)x(0,-1,0) = (1,0,0) + (0,0,-1) = (1,0,-1);
 *   a(B1/S) = (1,0,0) + (0,0,2)x(1,1,1) + (0,0,1)x(-1,1,0) = (1,0,0) + (-2,2,0) + (-1,-1,0) = (-2,1,0);
 *   aerr = (3,-1,-1).
 *   lambda = f = (1,2,3): body 2 moment (0,0,1)x(1,2,3) = (-2,1,0); body 1 moment (1,1,1)x(-1,-2,-3) = (-1,2,-1).
 *   reaction1 = -(R1^T f) = -((0,1,0).f, (-1,0,0).f, (0,0,1).f) = (-2,1,-3); reaction2 = (1,2,3).
 *   verr != 0 and w1 != 0: both deviation bits. */
static void test_ball_cases(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_BALL;
    c.body1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    c.params.ball.station1_in_b1 = ccref_test_v3(1, 0, 0);
    c.params.ball.station2_in_b2 = ccref_test_v3(0, 0, 1);
    c.lambda[0] = 1; c.lambda[1] = 2; c.lambda[2] = 3;
    c.n_lambda = 3;
    e3(e, CCREF_SLOT_PERR, 1, 0, 1);
    e3(e, CCREF_SLOT_VERR, 1, -3, 1);
    e3(e, CCREF_SLOT_AERR, 3, -1, -1);
    e3(e, CCREF_SLOT_F1_MOMENT, -1, 2, -1);
    e3(e, CCREF_SLOT_F1_FORCE, -1, -2, -3);
    e3(e, CCREF_SLOT_F2_MOMENT, -2, 1, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 1, 2, 3);
    e3(e, CCREF_SLOT_BALL_REACTION1, -2, 1, -3);
    e3(e, CCREF_SLOT_BALL_REACTION2, 1, 2, 3);
    check_kind(&c, e, CCREF_OK, CCREF_DEV_BALL_REACTION_SIGN | CCREF_DEV_BALL_AERR_NOT_DERIVATIVE);

    /* Pendulum (spec/ball.md worked example): Ball(Ground, 0, pendulum at (0,-1,0), station (0,1,0)), at rest,
     * lambda = (0,-19.62,0): S = 0 = P, rows 0; body 2 arm (0,1,0) parallel to f: moment 0, force (0,-19.62,0);
     * body 1 arm 0: force (0,19.62,0); reactions (0,19.62,0) and (0,-19.62,0). verr = 0: only the sign bit. */
    memset(e, 0, sizeof e);
    c.body1 = ccref_body_ground();
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, -1, 0));
    c.params.ball.station1_in_b1 = ccref_test_v3(0, 0, 0);
    c.params.ball.station2_in_b2 = ccref_test_v3(0, 1, 0);
    c.lambda[0] = 0; c.lambda[1] = -19.62; c.lambda[2] = 0;
    e3(e, CCREF_SLOT_F1_FORCE, 0, 19.62, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 0, -19.62, 0);
    e3(e, CCREF_SLOT_BALL_REACTION1, 0, 19.62, 0);
    e3(e, CCREF_SLOT_BALL_REACTION2, 0, -19.62, 0);
    check_kind(&c, e, CCREF_OK, CCREF_DEV_BALL_REACTION_SIGN);
}

/* Rod (tests/test_rod.c).
 * General: body 1 R1 = Rz90, p1 = 0, w1 = (0,0,1), v1 = (1,0,0), b1 = (1,0,0), a1 = (0,1,0), s1 = (1,0,0)
 *   -> arm1 = (0,1,0) = Sf; body 2 R2 = I, p2 = (-1,1,2), w2 = (0,1,0), v2 = (1,0,2), b2 = (0,0,1),
 *   a2 = (1,0,0), s2 = (1,0,0) -> arm2 = (1,0,0), Sb = (0,1,2). p = (0,0,2), r = 2, d = 3/2: perr = 1/2,
 *   Cz = (0,0,1). pd = (1,0,1) - 0 = (1,0,1), verr = 1; Czd = ((1,0,1) - (0,0,1))/2 = (1/2,0,0);
 *   pdd = (0,1,0) - (0,0,1) = (0,1,-1); aerr = -1 + 1/2 = -1/2.
 *   lambda = 3: f = (0,0,3); body 2 moment (1,0,0)x(0,0,3) = (0,-3,0); body 1 moment (0,1,0)x(0,0,-3) = (-3,0,0).
 *   tension 3, orientation (0,0,1). */
static void test_rod_cases(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_ROD;
    c.body1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1, 1, 2), ccref_test_v3(0, 1, 0),
                              ccref_test_v3(1, 0, 2), ccref_test_v3(0, 0, 1), ccref_test_v3(1, 0, 0));
    c.params.rod.station1_in_b1 = ccref_test_v3(1, 0, 0);
    c.params.rod.station2_in_b2 = ccref_test_v3(1, 0, 0);
    c.params.rod.length = 1.5;
    c.lambda[0] = 3;
    c.n_lambda = 1;
    e[CCREF_SLOT_PERR] = 0.5;
    e[CCREF_SLOT_VERR] = 1;
    e[CCREF_SLOT_AERR] = -0.5;
    e3(e, CCREF_SLOT_F1_MOMENT, -3, 0, 0);
    e3(e, CCREF_SLOT_F1_FORCE, 0, 0, -3);
    e3(e, CCREF_SLOT_F2_MOMENT, 0, -3, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 0, 0, 3);
    e[CCREF_SLOT_ROD_TENSION] = 3;
    e3(e, CCREF_SLOT_ROD_ORIENTATION, 0, 0, 1);
    check_kind(&c, e, CCREF_OK, 0);

    /* 3-4-5 rod, compression: Ground, s1 = 0; body 2 R = I, p2 = (3,4,0), v2 = (1,0,0), a2 = (0,1,0); d = 4.
     *   p = (3,4,0), r = 5, perr = 1; Cz = (3/5,4/5,0) -> RN = (0.6, 0.8, 0); verr = 3/5 -> 0.6;
     *   Czd = ((1,0,0) - (3/5)(3/5,4/5,0))/5 = (16/125, -12/125, 0); aerr = pdd.Cz + pd.Czd = 4/5 + 16/125
     *   = 116/125 = 0.928 exactly (RN is the literal 0.928).
     *   lambda = -2: f = (-6/5,-8/5,0) -> (-1.2,-1.6,0); arms 0: moments 0. */
    memset(e, 0, sizeof e);
    c.body1 = ccref_body_ground();
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(3, 4, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0));
    c.params.rod.station1_in_b1 = ccref_test_v3(0, 0, 0);
    c.params.rod.station2_in_b2 = ccref_test_v3(0, 0, 0);
    c.params.rod.length = 4;
    c.lambda[0] = -2;
    e[CCREF_SLOT_PERR] = 1;
    e[CCREF_SLOT_VERR] = 0.6;
    e[CCREF_SLOT_AERR] = 0.928;
    e3(e, CCREF_SLOT_F1_FORCE, 1.2, 1.6, 0);
    e3(e, CCREF_SLOT_F2_FORCE, -1.2, -1.6, 0);
    e[CCREF_SLOT_ROD_TENSION] = -2;
    e3(e, CCREF_SLOT_ROD_ORIENTATION, 0.6, 0.8, 0);
    check_kind(&c, e, CCREF_OK, 0);

    /* Singular branch, p = 0: body 1 R1 = Rx90, p1 = (1,1,1), w1 = (0,0,2), b1 = (1,0,0), s1 = (1,0,0)
     *   -> arm1 = (1,0,0), Sf = (2,1,1); body 2 R2 = I, p2 = (2,0,1), v2 = (3,1,0), a2 = (0,1,1), s2 = (0,1,0)
     *   -> Sb = (2,1,1). Cz = R1 e_z = (0,-1,0); perr = 0 - 1 = -1; pd = (3,1,0) - (0,0,2)x(1,0,0) = (3,-1,0),
     *   verr = 1; Czd = w1 x Cz = (2,0,0); pdd = (0,1,1) - (0,0,2)x(0,2,0) = (4,1,1); aerr = -1 + 6 = 5.
     *   lambda = 2: f = (0,-2,0); body 2 moment (0,1,0)x(0,-2,0) = 0; body 1 moment (1,0,0)x(0,2,0) = (0,0,2). */
    memset(e, 0, sizeof e);
    c.body1 = ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 1, 1), ccref_test_v3(0, 0, 2),
                              ccref_test_v3(0, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 0, 1), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(3, 1, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 1));
    c.params.rod.station1_in_b1 = ccref_test_v3(1, 0, 0);
    c.params.rod.station2_in_b2 = ccref_test_v3(0, 1, 0);
    c.params.rod.length = 1;
    c.lambda[0] = 2;
    e[CCREF_SLOT_PERR] = -1;
    e[CCREF_SLOT_VERR] = 1;
    e[CCREF_SLOT_AERR] = 5;
    e3(e, CCREF_SLOT_F1_MOMENT, 0, 0, 2);
    e3(e, CCREF_SLOT_F1_FORCE, 0, 2, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 0, -2, 0);
    e[CCREF_SLOT_ROD_TENSION] = 2;
    e3(e, CCREF_SLOT_ROD_ORIENTATION, 0, -1, 0);
    check_kind(&c, e, CCREF_OK_SINGULAR_DIRECTION, 0);
}

/* PointInPlane, general case (tests/test_point_in_plane.c): bodies of the Ball general case; normal (1,0,0),
 * h = 1/2, follower (0,0,1), lambda = 2.
 *   arm2 = (0,0,1), S = (2,1,1), arm1 = (1,1,1), n_G = R1 (1,0,0) = (0,1,0).
 *   perr = (R1^T arm1).n - h = (1,-1,1).(1,0,0) - 1/2 = 1/2.
 *   u = (0,-1,1) - (-1,2,0) = (1,-3,1): verr = -3.
 *   arel = (1,0,-1) - (-2,1,0) = (3,-1,-1); c = 2 (0,0,1)x(1,-3,1) = (6,2,0); aerr = (-3,-3,-1).(0,1,0) = -3.
 *   f = (0,2,0): body 2 moment (0,0,1)x(0,2,0) = (-2,0,0); body 1 moment (1,1,1)x(0,-2,0) = (2,0,-2).
 *   follower point (2,1,1). */
static ccref_case pip_case(void)
{
    ccref_case c = {0};
    c.kind = CCREF_KIND_POINT_IN_PLANE;
    c.body1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    c.params.point_in_plane.normal_in_b1 = ccref_test_v3(1, 0, 0);
    c.params.point_in_plane.height = 0.5;
    c.params.point_in_plane.follower_in_b2 = ccref_test_v3(0, 0, 1);
    c.lambda[0] = 2;
    c.n_lambda = 1;
    return c;
}

static void pip_expect(double *e)
{
    memset(e, 0, CCREF_SLOT_MAX * sizeof *e);
    e[CCREF_SLOT_PERR] = 0.5;
    e[CCREF_SLOT_VERR] = -3;
    e[CCREF_SLOT_AERR] = -3;
    e3(e, CCREF_SLOT_F1_MOMENT, 2, 0, -2);
    e3(e, CCREF_SLOT_F1_FORCE, 0, -2, 0);
    e3(e, CCREF_SLOT_F2_MOMENT, -2, 0, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 0, 2, 0);
    e3(e, CCREF_SLOT_PIP_FOLLOWER, 2, 1, 1);
}

static void test_point_in_plane_case(void)
{
    ccref_case c = pip_case();
    double e[CCREF_SLOT_MAX];
    pip_expect(e);
    check_kind(&c, e, CCREF_OK, 0);
}

/* ConstantCoordinate: q = 3, qdot = -2, qdotdot = 1/2, position 1, lambda = 4: perr 2, verr -2, aerr 1/2,
 * generalized force 4, body forces 0. Then q = 0.7, position 0.9: perr = RN(fl(0.7) - fl(0.9)), which the
 * double subtraction computes exactly (Sterbenz), so the expected value is the C expression 0.7 - 0.9. */
static void test_constant_coordinate_case(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_CONSTANT_COORDINATE;
    c.body1 = c.body2 = ccref_body_ground();
    c.params.constant_coordinate.position = 1;
    c.coordinate.q = 3; c.coordinate.qdot = -2; c.coordinate.qdotdot = 0.5;
    c.lambda[0] = 4;
    c.n_lambda = 1;
    e[CCREF_SLOT_PERR] = 2; e[CCREF_SLOT_VERR] = -2; e[CCREF_SLOT_AERR] = 0.5; e[CCREF_SLOT_CC_GENERALIZED_FORCE] = 4;
    check_kind(&c, e, CCREF_OK, 0);
    c.params.constant_coordinate.position = 0.9;
    c.coordinate.q = 0.7;
    e[CCREF_SLOT_PERR] = 0.7 - 0.9;
    check_kind(&c, e, CCREF_OK, 0);
}

/* SphereOnPlane case A (tests/test_sphere_on_plane.c): body 1 R1 = Rx90, p1 = (1,2,0), w1 = (0,0,2),
 * v1 = (1,0,0), b1 = (1,0,0), a1 = (0,1,0); plane frame R_FP = Rz90, p_FP = (3,-2,1): h = 1,
 * Px = (0,0,1), Py = (-1,0,0), Pz = (0,-1,0). Body 2 R2 = Rz90, p2 = (0,-3,1), w2 = (1,0,1), v2 = (0,0,1),
 * b2 = (0,2,0), a2 = (1,0,0); center (1,0,0), r = 1/2.
 *   armO2 = (0,1,0), O = (0,-2,1), armO1 = (-1,-4,1); rPz = (0,-1/2,0), armC2 = (0,3/2,0), C = (0,-3/2,1),
 *   armC1 = (-1,-7/2,1). perr = 4 - 3/2 = 5/2. v_F(O) = (-1,0,2) - (9,-2,0) = (-10,2,2): verr0 = -2.
 *   a_F(O) = (1,-2,0) - (4,16,-4) - (-8,-40,0) = (5,22,4): aerr0 = -22.
 *   Rolling: v_F(B/C) = (-3/2,0,5/2) - (8,-2,0) = (-19/2,2,5/2): verr = (5/2, 19/2);
 *   b_FB = (-1,0,0), b_FB x rPz = (0,0,1/2), a_FC = (5,22,7/2): aerr = (7/2, -5).
 *   lambda (2,3,-1): f = (1,-2,3); body 2 moment (0,3/2,0)x(1,-2,3) = (9/2,0,-3/2);
 *   body 1 moment (-1,-7/2,1)x(-1,2,-3) = (17/2,-4,-11/2); force_on_sphere = -f.
 *   Sliding (lambda 2 only): f = (0,-2,0); body 2 moment (0,3/2,0)x(0,-2,0) = 0;
 *   body 1 moment (-1,-7/2,1)x(0,2,0) = (-2,0,-2). */
static void test_sphere_on_plane_cases(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_SPHERE_ON_PLANE;
    c.body1 = ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 2, 0), ccref_test_v3(0, 0, 2),
                              ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
    c.body2 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, -3, 1), ccref_test_v3(1, 0, 1),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 2, 0), ccref_test_v3(1, 0, 0));
    c.params.sphere_on_plane.plane_frame_in_b1 = ccref_test_frame(ccref_axis_rotation(2, 0.0, 1.0),
                                                                  ccref_test_v3(3, -2, 1));
    c.params.sphere_on_plane.center_in_b2 = ccref_test_v3(1, 0, 0);
    c.params.sphere_on_plane.radius = 0.5;
    c.params.sphere_on_plane.rolling = 1;
    c.lambda[0] = 2; c.lambda[1] = 3; c.lambda[2] = -1;
    c.n_lambda = 3;
    e[CCREF_SLOT_PERR] = 2.5;
    e3(e, CCREF_SLOT_VERR, -2, 2.5, 9.5);
    e3(e, CCREF_SLOT_AERR, -22, 3.5, -5);
    e3(e, CCREF_SLOT_F1_MOMENT, 8.5, -4, -5.5);
    e3(e, CCREF_SLOT_F1_FORCE, -1, 2, -3);
    e3(e, CCREF_SLOT_F2_MOMENT, 4.5, 0, -1.5);
    e3(e, CCREF_SLOT_F2_FORCE, 1, -2, 3);
    e3(e, CCREF_SLOT_SOP_CONTACT_POINT, 0, -1.5, 1);
    e[CCREF_SLOT_SOP_SEPARATION] = 2.5;
    e3(e, CCREF_SLOT_SOP_FORCE_ON_SPHERE, -1, 2, -3);
    check_kind(&c, e, CCREF_OK, 0);

    c.params.sphere_on_plane.rolling = 0;
    c.n_lambda = 1;
    e3(e, CCREF_SLOT_VERR, -2, 0, 0);
    e3(e, CCREF_SLOT_AERR, -22, 0, 0);
    e3(e, CCREF_SLOT_F1_MOMENT, -2, 0, -2);
    e3(e, CCREF_SLOT_F1_FORCE, 0, 2, 0);
    e3(e, CCREF_SLOT_F2_MOMENT, 0, 0, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 0, -2, 0);
    e3(e, CCREF_SLOT_SOP_FORCE_ON_SPHERE, 0, 2, 0);
    check_kind(&c, e, CCREF_OK, 0);
}

/* BallRollingOnPlane case A (tests/test_ball_rolling_on_plane.c): the bodies of SphereOnPlane case A,
 * n_P = (0,0,1), h = 1, center (1,0,0), r = 1/2.
 *   perp((0,0,1)): k = 0; Px_P = (0,1,0), Py_P = (-1,0,0); in G: Px = (0,0,1), Py = (-1,0,0), n = (0,-1,0):
 *   plane_axes rows (0,-1,0), (0,0,-1), (1,0,0).
 *   d = (R1^T armO1).n_P - h = (-1,1,4).(0,0,1) - 1 = 3; s = 7/4; perr = (3 - 1/2)/2 = 5/4;
 *   C = O - s n = (0,-2,1) - (0,7/4,0)... = (0,-1/4,1) (armC2 = (0,11/4,0), armC1 = (-1,-9/4,1)).
 *   verr0 = (1/2)(-2) = -1; aerr0 = (1/2)(-22) = -11.
 *   u = (-11/4,0,15/4) - (11/2,-2,0) = (-33/4,2,15/4): verr = (15/4, 33/4).
 *   a_t = (5,22,4) - (0,0,7/4) - (1,0,1) = (4,22,5/4): aerr = (5/4, -4).
 *   f = (1/2)(2) n + 3 Px - Py = (1,-1,3); body 2 moment (0,11/4,0)x(1,-1,3) = (33/4,0,-11/4);
 *   body 1 moment (-1,-9/4,1)x(-1,1,-3) = (23/4,-4,-13/4). normal_force -1, friction (-3, 1). */
static void test_ball_rolling_on_plane_case(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_BALL_ROLLING_ON_PLANE;
    c.body1 = ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 2, 0), ccref_test_v3(0, 0, 2),
                              ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
    c.body2 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, -3, 1), ccref_test_v3(1, 0, 1),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 2, 0), ccref_test_v3(1, 0, 0));
    c.params.ball_rolling_on_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    c.params.ball_rolling_on_plane.height = 1;
    c.params.ball_rolling_on_plane.center_in_b2 = ccref_test_v3(1, 0, 0);
    c.params.ball_rolling_on_plane.radius = 0.5;
    c.lambda[0] = 2; c.lambda[1] = 3; c.lambda[2] = -1;
    c.n_lambda = 3;
    e[CCREF_SLOT_PERR] = 1.25;
    e3(e, CCREF_SLOT_VERR, -1, 3.75, 8.25);
    e3(e, CCREF_SLOT_AERR, -11, 1.25, -4);
    e3(e, CCREF_SLOT_F1_MOMENT, 5.75, -4, -3.25);
    e3(e, CCREF_SLOT_F1_FORCE, -1, 1, -3);
    e3(e, CCREF_SLOT_F2_MOMENT, 8.25, 0, -2.75);
    e3(e, CCREF_SLOT_F2_FORCE, 1, -1, 3);
    e3(e, CCREF_SLOT_BROP_CONTACT_POINT, 0, -0.25, 1);
    e9(e, CCREF_SLOT_BROP_PLANE_AXES, ccref_test_rows(0, -1, 0, 0, 0, -1, 1, 0, 0));
    e[CCREF_SLOT_BROP_NORMAL_FORCE] = -1;
    e[CCREF_SLOT_BROP_FRICTION_X] = -3;
    e[CCREF_SLOT_BROP_FRICTION_Y] = 1;
    check_kind(&c, e, CCREF_OK, CCREF_DEV_BROP_NOT_IN_SIMBODY);
}

/* SphereOnSphere case A (tests/test_sphere_on_sphere.c): body 1 R1 = I, p1 = 0, w1 = (0,0,1), b1 = (0,1,0),
 * a1 = (0,0,1), c1 = (1,0,0), rf = 1/2; body 2 R2 = I, p2 = (1,0,3), w2 = (1,0,0), v2 = (0,1,1), b2 = (0,1,0),
 * a2 = (1,0,1), c2 = (0,0,1), rb = 3/2. p = (0,0,4), r = 4, Cz = (0,0,1), kf = 1/4, Co = (1,0,1);
 * perp: k = 0 -> Cx = (0,1,0), Cy = (-1,0,0): frame rows (0,-1,0), (1,0,0), (0,0,1).
 *   perr = 2; verr = (1, 2, 0); aerr = (1/4, 1, -3/4) (derivation in tests/test_sphere_on_sphere.c case A).
 *   lambda (2,3,-1): body 2 moment (6,-2,0), force (1,3,2); body 1 moment (3,1,-3), force (-1,-3,-2);
 *   force_on_body2 (applied) = -(2 Cz + 3 Cx - Cy) = (-1,-3,-2). verr_t = (2,0) != 0: spin deviation. */
static ccref_case sos_case(void)
{
    ccref_case c = {0};
    c.kind = CCREF_KIND_SPHERE_ON_SPHERE;
    c.body1 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 0, 3), ccref_test_v3(1, 0, 0),
                              ccref_test_v3(0, 1, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(1, 0, 1));
    c.params.sphere_on_sphere.center1_in_b1 = ccref_test_v3(1, 0, 0);
    c.params.sphere_on_sphere.radius1 = 0.5;
    c.params.sphere_on_sphere.center2_in_b2 = ccref_test_v3(0, 0, 1);
    c.params.sphere_on_sphere.radius2 = 1.5;
    c.params.sphere_on_sphere.rolling = 1;
    c.lambda[0] = 2; c.lambda[1] = 3; c.lambda[2] = -1;
    c.n_lambda = 3;
    return c;
}

static void sos_expect(double *e)
{
    memset(e, 0, CCREF_SLOT_MAX * sizeof *e);
    e[CCREF_SLOT_PERR] = 2;
    e3(e, CCREF_SLOT_VERR, 1, 2, 0);
    e3(e, CCREF_SLOT_AERR, 0.25, 1, -0.75);
    e3(e, CCREF_SLOT_F1_MOMENT, 3, 1, -3);
    e3(e, CCREF_SLOT_F1_FORCE, -1, -3, -2);
    e3(e, CCREF_SLOT_F2_MOMENT, 6, -2, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 1, 3, 2);
    e9(e, CCREF_SLOT_SOS_FRAME_R, ccref_test_rows(0, -1, 0, 1, 0, 0, 0, 0, 1));
    e3(e, CCREF_SLOT_SOS_FRAME_P, 1, 0, 1);
    e[CCREF_SLOT_SOS_SEPARATION] = 2;
    e3(e, CCREF_SLOT_SOS_FORCE_ON_BODY2, -1, -3, -2);
}

static void test_sphere_on_sphere_case(void)
{
    ccref_case c = sos_case();
    double e[CCREF_SLOT_MAX];
    sos_expect(e);
    check_kind(&c, e, CCREF_OK, CCREF_DEV_SOS_ROLLING_AERR_SPIN);
}

/* PointOnPlane case A (tests/test_point_on_plane.c): the bodies of SphereOnPlane case A, plane frame
 * R_SP = Rz90, Po = (3,-2,1), follower (1,0,0). F = (0,-2,1), arm2 = (0,1,0), arm1 = (-1,-4,1).
 *   perr = ((-1,1,4) - (3,-2,1)).(0,0,1) = 3; v_rel = (-10,2,2): verr = (-2, 2, 10);
 *   a_rel = (5,22,4): aerr = (-22, 4, -5). f = (1,-2,3): body 2 moment (0,1,0)x(1,-2,3) = (3,0,-1);
 *   body 1 moment (-1,-4,1)x(-1,2,-3) = (10,-4,-6). follower (0,-2,1), force_on_follower (-1,2,-3). */
static void test_point_on_plane_case(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_POINT_ON_PLANE;
    c.body1 = ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 2, 0), ccref_test_v3(0, 0, 2),
                              ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
    c.body2 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, -3, 1), ccref_test_v3(1, 0, 1),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 2, 0), ccref_test_v3(1, 0, 0));
    c.params.point_on_plane.plane_frame_in_b1 = ccref_test_frame(ccref_axis_rotation(2, 0.0, 1.0),
                                                                 ccref_test_v3(3, -2, 1));
    c.params.point_on_plane.follower_in_b2 = ccref_test_v3(1, 0, 0);
    c.lambda[0] = 2; c.lambda[1] = 3; c.lambda[2] = -1;
    c.n_lambda = 3;
    e[CCREF_SLOT_PERR] = 3;
    e3(e, CCREF_SLOT_VERR, -2, 2, 10);
    e3(e, CCREF_SLOT_AERR, -22, 4, -5);
    e3(e, CCREF_SLOT_F1_MOMENT, 10, -4, -6);
    e3(e, CCREF_SLOT_F1_FORCE, -1, 2, -3);
    e3(e, CCREF_SLOT_F2_MOMENT, 3, 0, -1);
    e3(e, CCREF_SLOT_F2_FORCE, 1, -2, 3);
    e3(e, CCREF_SLOT_POP_FOLLOWER, 0, -2, 1);
    e3(e, CCREF_SLOT_POP_FORCE_ON_FOLLOWER, -1, 2, -3);
    check_kind(&c, e, CCREF_OK, CCREF_DEV_POP_GETTER_ORDER);
}

/* LineOnLine case A, sense +1 (tests/test_line_on_line.c): body 1 R1 = I, p1 = 0, w1 = (0,0,1), b1 = (0,1,0),
 * a1 = (0,0,1), edge frame 1 = (I, (1,0,0)): df = ex, sf = ez, Pf = (1,0,0); body 2 R2 = I, p2 = (0,0,2),
 * w2 = (1,0,0), v2 = (0,0,1), b2 = (1,0,0), a2 = (1,0,0), edge frame 2 = (columns ey, (0.8,0,0.6),
 * (0.6,0,-0.8); origin (0,1,0)): db = ey, sb = (0.6,0,-0.8), Pb = (0,1,2).
 *   wraw = ez; wsf = 1 > |wsb| = 0.8: sense +1; n = ez; perr = p.n = (-1,1,2).ez = 2; tf = tb = -1;
 *   Qf = 0, Qb = (0,0,2), Co = (0,0,1); frame = I.
 *   verr = (1, 0, 1), aerr = (-3, 0, 5/2) (derivation in tests/test_line_on_line.c case A).
 *   lambda (2,3,-1): body 2 moment (-1,-3,0), force (3,-1,2); body 1 moment (-1,-3,0), force (-3,1,-2);
 *   force_on_body2 (applied) (-3,1,-2). */
static ccref_case lol_case(void)
{
    ccref_case c = {0};
    c.kind = CCREF_KIND_LINE_ON_LINE;
    c.body1 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0));
    c.params.line_on_line.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(1, 0, 0));
    c.params.line_on_line.half_length1 = 1;
    c.params.line_on_line.edge_frame2_in_b2 = ccref_test_frame(ccref_test_rows(0, 0.8, 0.6, 1, 0, 0, 0, 0.6, -0.8),
                                                               ccref_test_v3(0, 1, 0));
    c.params.line_on_line.half_length2 = 0.5;
    c.params.line_on_line.rolling = 1;
    c.lambda[0] = 2; c.lambda[1] = 3; c.lambda[2] = -1;
    c.n_lambda = 3;
    return c;
}

static void lol_expect(double *e)
{
    memset(e, 0, CCREF_SLOT_MAX * sizeof *e);
    e[CCREF_SLOT_PERR] = 2;
    e3(e, CCREF_SLOT_VERR, 1, 0, 1);
    e3(e, CCREF_SLOT_AERR, -3, 0, 2.5);
    e3(e, CCREF_SLOT_F1_MOMENT, -1, -3, 0);
    e3(e, CCREF_SLOT_F1_FORCE, -3, 1, -2);
    e3(e, CCREF_SLOT_F2_MOMENT, -1, -3, 0);
    e3(e, CCREF_SLOT_F2_FORCE, 3, -1, 2);
    e3(e, CCREF_SLOT_LOL_CLOSEST1, 0, 0, 0);
    e3(e, CCREF_SLOT_LOL_CLOSEST2, 0, 0, 2);
    e9(e, CCREF_SLOT_LOL_FRAME_R, ccref_test_identity());
    e3(e, CCREF_SLOT_LOL_FRAME_P, 0, 0, 1);
    e[CCREF_SLOT_LOL_SEPARATION] = 2;
    e3(e, CCREF_SLOT_LOL_FORCE_ON_BODY2, -3, 1, -2);
}

static void test_line_on_line_cases(void)
{
    ccref_case c = lol_case();
    double e[CCREF_SLOT_MAX];
    lol_expect(e);
    check_kind(&c, e, CCREF_OK, 0);
    ora_case_result r;
    ora_eval_case(ctx(), &c, &r);
    CU_ASSERT_EQUAL(r.sense, 1);
    CU_ASSERT_EQUAL(r.lines_are_parallel, 0);

    /* Parallel fallback: edge frame 2 = (I, (0,1,0)): db = df = ex, wraw = 0. Pb = (0,1,2), p = (-1,1,2).
     *   Qf = Pf + ((p.df)/2) df = (1,0,0) + (-1/2)(1,0,0) = (1/2,0,0);
     *   Qb = Pb + (((Pf - Pb).db)/2) db = (0,1,2) + (1/2)(1,0,0) = (1/2,1,2); Co = (1/2,1/2,1).
     *   Rows, forces, separation 0; frame: column 0 = df, the rest 0; sense 0, parallel 1. */
    c.params.line_on_line.edge_frame2_in_b2 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(0, 1, 0));
    memset(e, 0, sizeof e);
    e3(e, CCREF_SLOT_LOL_CLOSEST1, 0.5, 0, 0);
    e3(e, CCREF_SLOT_LOL_CLOSEST2, 0.5, 1, 2);
    e[CCREF_SLOT_LOL_FRAME_R] = 1;
    e3(e, CCREF_SLOT_LOL_FRAME_P, 0.5, 0.5, 1);
    check_kind(&c, e, CCREF_OK_PARALLEL_EDGES, CCREF_DEV_LOL_PARALLEL_FALLBACK);
    ora_eval_case(ctx(), &c, &r);
    CU_ASSERT_EQUAL(r.sense, 0);
    CU_ASSERT_EQUAL(r.lines_are_parallel, 1);
}

/* Input checks mirrored exactly: each error status with every output the certified exact zero. */
/* Weld, the general moving case of tests/test_weld.c (derived there by hand): the bodies of the Ball case above,
 * frame 1 = (I, (1,0,0)) on body 1, frame 2 = (Ry(-90) = [[0,0,-1],[0,1,0],[1,0,0]], (0,0,1)) on body 2, a third turn:
 *   perr = (0,0,0, 1,0,1), verr = (0,1,1, 1,-3,1), aerr = (1,0,2, 3,-1,-1);
 *   lambda = (1,-1,2, 1,2,3): t = (-1,-1,-2); body 2 moment t + (-2,1,0) = (-3,0,-2), force (1,2,3);
 *   body 1 moment -t + (-1,2,-1) = (0,3,1), force (-1,-2,-3);
 *   frame1 = (R1, P = (1,1,0)), frame2 = (Ry(-90), S = (2,1,1)); no deviation. */
static void test_weld_case(void)
{
    ccref_case c = {0};
    double e[CCREF_SLOT_MAX] = {0};
    c.kind = CCREF_KIND_WELD;
    c.body1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    ccref_mat3 Rf2 = ccref_test_rows(0, 0, -1, 0, 1, 0, 1, 0, 0);
    c.params.weld.frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(1, 0, 0));
    c.params.weld.frame2_in_b2 = ccref_test_frame(Rf2, ccref_test_v3(0, 0, 1));
    const double l[6] = {1, -1, 2, 1, 2, 3};
    for (int i = 0; i < 6; i++)
        c.lambda[i] = l[i];
    c.n_lambda = 6;
    e3(e, CCREF_SLOT_PERR + 3, 1, 0, 1);
    e3(e, CCREF_SLOT_VERR, 0, 1, 1);
    e3(e, CCREF_SLOT_VERR + 3, 1, -3, 1);
    e3(e, CCREF_SLOT_AERR, 1, 0, 2);
    e3(e, CCREF_SLOT_AERR + 3, 3, -1, -1);
    e3(e, CCREF_SLOT_F1_MOMENT, 0, 3, 1);
    e3(e, CCREF_SLOT_F1_FORCE, -1, -2, -3);
    e3(e, CCREF_SLOT_F2_MOMENT, -3, 0, -2);
    e3(e, CCREF_SLOT_F2_FORCE, 1, 2, 3);
    e9(e, CCREF_SLOT_WELD_FRAME1_R, ccref_axis_rotation(2, 0.0, 1.0));
    e3(e, CCREF_SLOT_WELD_FRAME1_P, 1, 1, 0);
    e9(e, CCREF_SLOT_WELD_FRAME2_R, Rf2);
    e3(e, CCREF_SLOT_WELD_FRAME2_P, 2, 1, 1);
    check_kind(&c, e, CCREF_OK, 0u);
}

static void test_input_checks(void)
{
    ccref_case c = pip_case();
    ora_case_result r;
    double e[CCREF_SLOT_MAX] = {0};
    c.n_lambda = 2;
    check_kind(&c, e, CCREF_E_LAMBDA_COUNT, 0);
    c.n_lambda = 1;
    c.lambda[0] = NAN;
    check_kind(&c, e, CCREF_E_NONFINITE_INPUT, 0);
    c.lambda[0] = 2;
    c.body2.v.y = INFINITY;
    check_kind(&c, e, CCREF_E_NONFINITE_INPUT, 0);
    c = pip_case();
    c.body1.R.m[2][2] = -1; /* a reflection */
    check_kind(&c, e, CCREF_E_NOT_ROTATION, 0);
    c = pip_case();
    c.params.point_in_plane.normal_in_b1 = ccref_test_v3(0, 0, 0);
    check_kind(&c, e, CCREF_E_ZERO_DIRECTION, 0);
    /* n = (1 + 2^-41, 0, 0): |n|^2 - 1 = 2^-40 + 2^-82 = 9.1e-13 <= 1e-12: accepted as given (status OK). */
    c.params.point_in_plane.normal_in_b1 = ccref_test_v3(1.0 + 0x1p-41, 0, 0);
    ora_eval_case(ctx(), &c, &r);
    CU_ASSERT_EQUAL(r.status, CCREF_OK);
    CU_ASSERT(r.all_certified);
    c.params.point_in_plane.normal_in_b1 = ccref_test_v3(1.0 + 0x1p-30, 0, 0); /* |n|^2 - 1 = 2^-29 + 2^-60 */
    check_kind(&c, e, CCREF_E_NOT_UNIT_VECTOR, 0);
    c = lol_case();
    c.params.line_on_line.half_length2 = 0;
    check_kind(&c, e, CCREF_E_NONPOSITIVE_LENGTH, 0);
    c = sos_case();
    c.params.sphere_on_sphere.radius1 = -0.0;
    check_kind(&c, e, CCREF_E_NONPOSITIVE_RADIUS, 0);
    /* Overflow: an exact output beyond DBL_MAX (perr = 1e308 - (-1e308) rounds to Inf). */
    ccref_case cc = {0};
    cc.kind = CCREF_KIND_CONSTANT_COORDINATE;
    cc.coordinate.q = 1e308;
    cc.params.constant_coordinate.position = -1e308;
    cc.n_lambda = 1;
    check_kind(&cc, e, CCREF_E_RESULT_OVERFLOW, 0);
    /* Unknown kind. */
    cc.kind = CCREF_KIND_COUNT;
    CU_ASSERT_EQUAL(ora_eval_case(ctx(), &cc, &r), -1);
    CU_ASSERT_EQUAL(r.status, CCREF_E_UNKNOWN_KIND);
}

/* ================================================================ (a) contact classes */

/* Default material and speeds (ccref_test_contact_case): min_cor 1/2, mu_s 3/4, mu_d 1/2, mu_v 1/4;
 * capture 1/8, min_cor_speed 2, transition 1/2. COR(v) = 0 (v <= 1/8), 1 - v/4 (1/8 < v < 2), 1/2 (v >= 2);
 * COF(s) = s/4 + (s <= 1/2 ? 3/4 : 1/2). */
/* The constraint slots of a contact expectation from a kind expectation (first 21 slots). */
static void constraint_from(double *ce, const double *ke)
{
    for (int i = 0; i < CCREF_SLOT_AUX; i++)
        ce[CCREF_CSLOT_CONSTRAINT + i] = ke[i];
}

static void rows_from(double *ce, const double *ke, int friction)
{
    ce[CCREF_CSLOT_PERR] = ke[CCREF_SLOT_PERR];
    ce[CCREF_CSLOT_VERR] = ke[CCREF_SLOT_VERR];
    ce[CCREF_CSLOT_AERR] = ke[CCREF_SLOT_AERR];
    if (friction) {
        ce[CCREF_CSLOT_SLIP_VELOCITY] = ke[CCREF_SLOT_VERR + 1];
        ce[CCREF_CSLOT_SLIP_VELOCITY + 1] = ke[CCREF_SLOT_VERR + 2];
        ce[CCREF_CSLOT_SLIP_ACCELERATION] = ke[CCREF_SLOT_AERR + 1];
        ce[CCREF_CSLOT_SLIP_ACCELERATION + 1] = ke[CCREF_SLOT_AERR + 2];
    }
    constraint_from(ce, ke);
}

/* Hard stops: ConstantCoordinate(bound). Body 1 R1 = Rz90, p1 = (1,2,3); mobilizer origin (1,0,0): display
 * p1 + R1 (1,0,0) = (1,3,3).
 *   Upper (sign -1), bound 1, q = 3/4, qdot 2, qdotdot -5, lambda 3: perr -1/4, verr 2, aerr -5;
 *   sign*verr = -2 < 0: impact 2 >= 2: COR 1/2 (MINIMUM); coordinate force 3.
 *   Lower (sign +1), bound 1/2, q = 3/4, qdot = -1, qdotdot 0, lambda -1: perr 1/4, verr -1: impact 1:
 *   COR 1 - 1/4 = 3/4 (LINEAR). */
static void test_contact_hard_stops(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_HARD_STOP_UPPER);
    double e[CCREF_CSLOT_N] = {0};
    c.params.hard_stop.bound = 1;
    c.params.hard_stop.mobilizer_origin_in_b = ccref_test_v3(1, 0, 0);
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 2, 3));
    c.coordinate.q = 0.75; c.coordinate.qdot = 2; c.coordinate.qdotdot = -5;
    c.lambda[0] = 3;
    e[CCREF_CSLOT_PERR] = -0.25; e[CCREF_CSLOT_VERR] = 2; e[CCREF_CSLOT_AERR] = -5;
    e3(e, CCREF_CSLOT_DISPLAY, 1, 3, 3);
    e[CCREF_CSLOT_IMPACT_SPEED] = 2;
    e[CCREF_CSLOT_EFFECTIVE_COR] = 0.5;
    e[CCREF_CSLOT_COORDINATE_FORCE] = 3;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR] = -0.25;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR] = 2;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AERR] = -5;
    check_contact(&c, e, CCREF_OK, 0, CCREF_COR_MINIMUM, CCREF_COF_STATIC);

    c.cls = CCREF_CONTACT_HARD_STOP_LOWER;
    c.params.hard_stop.bound = 0.5;
    c.coordinate.qdot = -1; c.coordinate.qdotdot = 0;
    c.lambda[0] = -1;
    e[CCREF_CSLOT_PERR] = 0.25; e[CCREF_CSLOT_VERR] = -1; e[CCREF_CSLOT_AERR] = 0;
    e[CCREF_CSLOT_IMPACT_SPEED] = 1;
    e[CCREF_CSLOT_EFFECTIVE_COR] = 0.75;
    e[CCREF_CSLOT_COORDINATE_FORCE] = -1;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR] = 0.25;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR] = -1;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AERR] = 0;
    check_contact(&c, e, CCREF_OK, 0, CCREF_COR_LINEAR, CCREF_COF_STATIC);
}

/* Rope (sign -1): Ground station (0,2,0); body 2 R = I, p2 = (-1,0,0), station (1,0,0) -> Sb = 0; v2 = (1,-3,0),
 * a2 = (0,1,0); limit 1. p = (0,-2,0), r = 2: perr 1; Cz = (0,-1,0), verr = 3; Czd = (1/2,0,0),
 * aerr = -1 + 1/2 = -1/2. Impact 3 >= 2: COR 1/2. lambda 4: f = (0,-4,0): body 2 moment (1,0,0)x(0,-4,0) =
 * (0,0,-4); body 1 force (0,4,0) at arm (0,2,0): moment 0. display (Sf + Sb)/2 = (0,1,0). */
static void test_contact_rope(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_ROPE);
    double e[CCREF_CSLOT_N] = {0};
    c.params.rope.station1_in_b1 = ccref_test_v3(0, 2, 0);
    c.params.rope.station2_in_b2 = ccref_test_v3(1, 0, 0);
    c.params.rope.length_limit = 1;
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1, 0, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(1, -3, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0));
    c.lambda[0] = 4;
    e[CCREF_CSLOT_PERR] = 1; e[CCREF_CSLOT_VERR] = 3; e[CCREF_CSLOT_AERR] = -0.5;
    e3(e, CCREF_CSLOT_DISPLAY, 0, 1, 0);
    e[CCREF_CSLOT_IMPACT_SPEED] = 3;
    e[CCREF_CSLOT_EFFECTIVE_COR] = 0.5;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR] = 1;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR] = 3;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AERR] = -0.5;
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F1_FORCE, 0, 4, 0);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F2_MOMENT, 0, 0, -4);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F2_FORCE, 0, -4, 0);
    check_contact(&c, e, CCREF_OK, CCREF_DEV_ROPE_SIGN, CCREF_COR_MINIMUM, CCREF_COF_STATIC);
}

/* PointPlaneFrictionless (sign +1) on the PointInPlane general case: rows (1/2, -3, -3), impact 3 >= 2:
 * COR 1/2; display = follower point (2,1,1); constraint = the PointInPlane outputs. */
static void test_contact_point_plane_frictionless(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE_FRICTIONLESS);
    ccref_case k = pip_case();
    double ke[CCREF_SLOT_MAX], e[CCREF_CSLOT_N] = {0};
    c.params.point_plane.normal_in_b1 = k.params.point_in_plane.normal_in_b1;
    c.params.point_plane.height = k.params.point_in_plane.height;
    c.params.point_plane.follower_in_b2 = k.params.point_in_plane.follower_in_b2;
    c.body1 = k.body1;
    c.body2 = k.body2;
    c.lambda[0] = k.lambda[0];
    pip_expect(ke);
    rows_from(e, ke, 0);
    e3(e, CCREF_CSLOT_DISPLAY, 2, 1, 1);
    e[CCREF_CSLOT_IMPACT_SPEED] = 3;
    e[CCREF_CSLOT_EFFECTIVE_COR] = 0.5;
    check_contact(&c, e, CCREF_OK, 0, CCREF_COR_MINIMUM, CCREF_COF_STATIC);
}

/* PointPlane (tests/test_contacts.c exact case): body 1 R1 = Rx90, p1 = (0,0,1), at rest; normal (0,0,1), h = 2:
 * in G Pz = (0,-1,0), Px = (0,0,1), Py = (-1,0,0). Body 2 R = I, p2 = (1,-5,0), follower 0, v2 = (-4,1,3),
 * a2 = (1,2,3). perr = ((1,-1,5) - (0,0,2)).(0,0,1) = 3; verr = v2.(Pz,Px,Py) = (-1,3,4); aerr = (-2,3,-1).
 * impact 1: COR 3/4 (LINEAR); slip (3,4), speed 5 > 1/2: COF 5/4 + 1/2 = 7/4 (DYNAMIC).
 * lambda (-2,1,1/2): f = (-1/2,2,1) at F (arm 0); body 1 -f at (1,-5,-1): moment (3,1/2,1/2). display (1,-5,0).
 * Deviations: POP getter order, PPC getter rows, PPC height dropped (h != 0). */
static void test_contact_point_plane(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE);
    double e[CCREF_CSLOT_N] = {0};
    c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    c.params.point_plane.height = 2;
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, -5, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(-4, 1, 3), ccref_test_v3(0, 0, 0), ccref_test_v3(1, 2, 3));
    c.lambda[0] = -2; c.lambda[1] = 1; c.lambda[2] = 0.5;
    e[CCREF_CSLOT_PERR] = 3; e[CCREF_CSLOT_VERR] = -1; e[CCREF_CSLOT_AERR] = -2;
    e3(e, CCREF_CSLOT_DISPLAY, 1, -5, 0);
    e[CCREF_CSLOT_SLIP_VELOCITY] = 3; e[CCREF_CSLOT_SLIP_VELOCITY + 1] = 4;
    e[CCREF_CSLOT_SLIP_ACCELERATION] = 3; e[CCREF_CSLOT_SLIP_ACCELERATION + 1] = -1;
    e[CCREF_CSLOT_IMPACT_SPEED] = 1;
    e[CCREF_CSLOT_EFFECTIVE_COR] = 0.75;
    e[CCREF_CSLOT_SLIP_SPEED] = 5;
    e[CCREF_CSLOT_EFFECTIVE_COF] = 1.75;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR] = 3;
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR, -1, 3, 4);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AERR, -2, 3, -1);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F1_MOMENT, 3, 0.5, 0.5);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F1_FORCE, 0.5, -2, -1);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F2_FORCE, -0.5, 2, 1);
    check_contact(&c, e, CCREF_OK,
                  CCREF_DEV_POP_GETTER_ORDER | CCREF_DEV_PPC_GETTER_ROWS | CCREF_DEV_PPC_HEIGHT_DROPPED,
                  CCREF_COR_LINEAR, CCREF_COF_DYNAMIC);
}

/* SpherePlane (tests/test_contacts.c exact case): the plane of the PointPlane case, radius 1/2; body 2 R = I,
 * p2 = (1,-5,0), center 0, v2 = (-5,1,3), w2 = (0,0,-2), a2 = (1,2,3), b2 = (0,0,2).
 *   perr = (1,-5,-1).(0,-1,0) - (2 + 1/2) = 5/2; C = (1,-9/2,0) (display); verr0 = -1 -> impact 1, COR 3/4;
 *   v at C = (-4,1,3): slip (3,4), speed 5, COF 7/4; aerr0 = -2; aC = (0,2,3): slip acceleration (3,0).
 *   lambda (-2,1,1/2): f = (-1/2,2,1); body 2 moment (1/2,0,1/4); body 1 moment (5/2,1/2,1/4).
 *   h != 0: SPC height-ignored deviation. */
static void test_contact_sphere_plane(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_SPHERE_PLANE);
    double e[CCREF_CSLOT_N] = {0};
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    c.params.sphere_plane.height = 2;
    c.params.sphere_plane.radius = 0.5;
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, -5, 0), ccref_test_v3(0, 0, -2),
                              ccref_test_v3(-5, 1, 3), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 2, 3));
    c.lambda[0] = -2; c.lambda[1] = 1; c.lambda[2] = 0.5;
    e[CCREF_CSLOT_PERR] = 2.5; e[CCREF_CSLOT_VERR] = -1; e[CCREF_CSLOT_AERR] = -2;
    e3(e, CCREF_CSLOT_DISPLAY, 1, -4.5, 0);
    e[CCREF_CSLOT_SLIP_VELOCITY] = 3; e[CCREF_CSLOT_SLIP_VELOCITY + 1] = 4;
    e[CCREF_CSLOT_SLIP_ACCELERATION] = 3; e[CCREF_CSLOT_SLIP_ACCELERATION + 1] = 0;
    e[CCREF_CSLOT_IMPACT_SPEED] = 1;
    e[CCREF_CSLOT_EFFECTIVE_COR] = 0.75;
    e[CCREF_CSLOT_SLIP_SPEED] = 5;
    e[CCREF_CSLOT_EFFECTIVE_COF] = 1.75;
    e[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR] = 2.5;
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR, -1, 3, 4);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AERR, -2, 3, 0);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F1_MOMENT, 2.5, 0.5, 0.25);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F1_FORCE, 0.5, -2, -1);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F2_MOMENT, 0.5, 0, 0.25);
    e3(e, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_F2_FORCE, -0.5, 2, 1);
    check_contact(&c, e, CCREF_OK, CCREF_DEV_SPC_HEIGHT_IGNORED, CCREF_COR_LINEAR, CCREF_COF_DYNAMIC);
}

/* SphereSphere on the SphereOnSphere case A: verr0 = 1, sign*verr >= 0: impact 0, COR 0 (CAPTURED);
 * slip (2, 0): speed 2 > 1/2: COF 2/4 + 1/2 = 1 (DYNAMIC); slip acceleration (1, -3/4); display Co (1,0,1). */
static void test_contact_sphere_sphere(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_SPHERE_SPHERE);
    ccref_case k = sos_case();
    double ke[CCREF_SLOT_MAX], e[CCREF_CSLOT_N] = {0};
    c.params.sphere_sphere.center1_in_b1 = k.params.sphere_on_sphere.center1_in_b1;
    c.params.sphere_sphere.radius1 = k.params.sphere_on_sphere.radius1;
    c.params.sphere_sphere.center2_in_b2 = k.params.sphere_on_sphere.center2_in_b2;
    c.params.sphere_sphere.radius2 = k.params.sphere_on_sphere.radius2;
    c.body1 = k.body1;
    c.body2 = k.body2;
    memcpy(c.lambda, k.lambda, sizeof c.lambda);
    sos_expect(ke);
    rows_from(e, ke, 1);
    e3(e, CCREF_CSLOT_DISPLAY, 1, 0, 1);
    e[CCREF_CSLOT_SLIP_SPEED] = 2;
    e[CCREF_CSLOT_EFFECTIVE_COF] = 1;
    check_contact(&c, e, CCREF_OK, CCREF_DEV_SOS_ROLLING_AERR_SPIN, CCREF_COR_CAPTURED, CCREF_COF_DYNAMIC);
}

/* EdgeEdge on the LineOnLine case A: verr0 = 1: impact 0, COR 0; slip (0, 1): speed 1 > 1/2:
 * COF 1/4 + 1/2 = 3/4 (DYNAMIC); slip acceleration (0, 5/2); display Co (0,0,1). */
static void test_contact_edge_edge(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_EDGE_EDGE);
    ccref_case k = lol_case();
    double ke[CCREF_SLOT_MAX], e[CCREF_CSLOT_N] = {0};
    c.params.edge_edge.edge_frame1_in_b1 = k.params.line_on_line.edge_frame1_in_b1;
    c.params.edge_edge.half_length1 = k.params.line_on_line.half_length1;
    c.params.edge_edge.edge_frame2_in_b2 = k.params.line_on_line.edge_frame2_in_b2;
    c.params.edge_edge.half_length2 = k.params.line_on_line.half_length2;
    c.body1 = k.body1;
    c.body2 = k.body2;
    memcpy(c.lambda, k.lambda, sizeof c.lambda);
    lol_expect(ke);
    rows_from(e, ke, 1);
    e3(e, CCREF_CSLOT_DISPLAY, 0, 0, 1);
    e[CCREF_CSLOT_SLIP_SPEED] = 1;
    e[CCREF_CSLOT_EFFECTIVE_COF] = 0.75;
    check_contact(&c, e, CCREF_OK, 0, CCREF_COR_CAPTURED, CCREF_COF_DYNAMIC);
}

/* Contact input checks: count, material domain, and the kernel's own overflow before the rule checks. */
static void test_contact_checks(void)
{
    double e[CCREF_CSLOT_N] = {0};
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_ROPE);
    c.params.rope.length_limit = 1;
    c.n_lambda = 3;
    check_contact(&c, e, CCREF_E_LAMBDA_COUNT, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    c.n_lambda = 1;
    c.params.rope.length_limit = 0;
    check_contact(&c, e, CCREF_E_NONPOSITIVE_LENGTH, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    c.params.rope.length_limit = 1;
    c.body2.p = ccref_test_v3(0, 1, 0); /* p = (0,1,0): a regular rope */
    c.material.min_cor = 1.5;
    check_contact(&c, e, CCREF_E_COR_OUT_OF_RANGE, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    c.material.min_cor = 0.5;
    c.speeds.capture_speed = 3;
    check_contact(&c, e, CCREF_E_SPEED_ORDER, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    /* The bad material wins over the kernel's overflow (perr of the hard stop = 1e308 + 1e308), an "after" status
     * (spec/unilateral_contacts.md section 4); with a good material the overflow is the status. */
    ccref_contact_case h = ccref_test_contact_case(CCREF_CONTACT_HARD_STOP_LOWER);
    h.params.hard_stop.bound = -1e308;
    h.coordinate.q = 1e308;
    h.material.min_cor = 2;
    check_contact(&h, e, CCREF_E_COR_OUT_OF_RANGE, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    h.material.min_cor = 0.5;
    check_contact(&h, e, CCREF_E_RESULT_OVERFLOW, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    h.body1.R.m[2][2] = -1.0; /* a reflection: the body's input check wins over the overflow too */
    check_contact(&h, e, CCREF_E_NOT_ROTATION, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    ccref_contact_case pp = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE);
    pp.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    pp.material.mu_d = 1;
    check_contact(&pp, e, CCREF_E_FRICTION_ORDER, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
    pp.material.mu_d = 0.5;
    pp.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 2);
    check_contact(&pp, e, CCREF_E_NOT_UNIT_VECTOR, 0, CCREF_COR_CAPTURED, CCREF_COF_STATIC);
}

/* A valid case of each class (every check passes): the defaults of ccref_test_contact_case plus what the class
 * needs (a rope of limit 1 with its ends 1 apart, unit plane normals, radii, the LineOnLine case's edges). */
static ccref_contact_case valid_contact(ccref_contact_class cls)
{
    ccref_contact_case c = ccref_test_contact_case(cls);
    ccref_case k = lol_case();
    switch (cls) {
    case CCREF_CONTACT_ROPE:
        c.params.rope.length_limit = 1;
        c.body2.p = ccref_test_v3(0, 1, 0);
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE: c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 1); break;
    case CCREF_CONTACT_SPHERE_PLANE:
        c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
        c.params.sphere_plane.radius = 0.5;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        c.params.sphere_sphere.radius1 = c.params.sphere_sphere.radius2 = 0.25;
        c.body2.p = ccref_test_v3(0, 0, 2);
        break;
    case CCREF_CONTACT_EDGE_EDGE:
        c.params.edge_edge.edge_frame1_in_b1 = k.params.line_on_line.edge_frame1_in_b1;
        c.params.edge_edge.half_length1 = k.params.line_on_line.half_length1;
        c.params.edge_edge.edge_frame2_in_b2 = k.params.line_on_line.edge_frame2_in_b2;
        c.params.edge_edge.half_length2 = k.params.line_on_line.half_length2;
        c.body1 = k.body1;
        c.body2 = k.body2;
        break;
    default: break;
    }
    return c;
}

/* The oracle states its own sign and friction tables (oracle/contacts.c) instead of calling the kernels'; both are
 * compared here with spec/unilateral_contacts.md section 1 (spec_sign, spec_friction, written by hand). The oracle's
 * tables are observed through its results: sign, has_friction and the multiplier count it accepts (3 with friction,
 * else 1). The impact speed's direction per class is fixed by the hand-derived cases above (rope: verr = 3 > 0 is
 * an impact of 3 with sign -1). */
static void test_contact_tables(void)
{
    for (int i = 0; i < CCREF_CONTACT_COUNT; i++) {
        const ccref_contact_class cls = (ccref_contact_class)i;
        CU_ASSERT_EQUAL(ccref_contact_sign(cls), spec_sign[i]);
        CU_ASSERT_EQUAL(ccref_contact_has_friction(cls), spec_friction[i]);
        ccref_contact_case c = valid_contact(cls);
        c.n_lambda = spec_friction[i] ? 3 : 1;
        ccref_contact_result kr;
        ora_contact_result r;
        CU_ASSERT_EQUAL(ccref_contact_eval(&c, &kr), CCREF_OK);
        CU_ASSERT_EQUAL_FATAL(ora_eval_contact_case(ctx(), &c, &r), 0);
        CU_ASSERT_EQUAL(r.status, CCREF_OK);
        CU_ASSERT_EQUAL(r.sign, spec_sign[i]);
        CU_ASSERT_EQUAL(r.has_friction, spec_friction[i]);
        CU_ASSERT_EQUAL(kr.sign, r.sign);
        CU_ASSERT_EQUAL(kr.has_friction, r.has_friction);
        c.n_lambda = spec_friction[i] ? 1 : 3;
        ora_eval_contact_case(ctx(), &c, &r);
        CU_ASSERT_EQUAL(r.status, CCREF_E_LAMBDA_COUNT);
    }
}

/* ================================================================ (b) starting precision does not matter */

static int same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void test_start_precision(void)
{
    const int starts[3] = {128, 256, 1024};
    ora_ctx *cx[3];
    for (int i = 0; i < 3; i++) {
        ora_options o = {starts[i], 8192};
        cx[i] = ora_ctx_new(&o);
        ora_ctx_set_first_stage(cx[i], 0); /* the MPFI stage's own start precision */
    }
    /* and the default two-stage context: the first stage (106 bits) gives the same doubles */
    ora_ctx *two_stage = ora_ctx_new(NULL);
    int first_stage_answers = 0;
    int mismatches = 0, cases = 0;
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        for (int rolling = 0; rolling < 2; rolling++) {
            ccref_rng rng = {777u + (uint64_t)(10 * k + rolling)};
            for (int n = 0; n < 12; n++) {
                ccref_case c = ccref_random_case(&rng, (ccref_kind)k, rolling);
                ora_case_result r[3];
                for (int i = 0; i < 3; i++)
                    ora_eval_case(cx[i], &c, &r[i]);
                cases++;
                for (int i = 1; i < 3; i++) {
                    int bad = r[i].status != r[0].status || r[i].deviations != r[0].deviations ||
                              r[i].sense != r[0].sense || !r[i].all_certified || !r[0].all_certified;
                    for (int j = 0; j < r[0].n; j++)
                        bad |= !same_double(r[i].out[j].value, r[0].out[j].value);
                    CU_ASSERT(r[i].max_bits >= starts[i] || r[i].max_bits == 0);
                    mismatches += bad;
                }
                ora_case_result t;
                ora_eval_case(two_stage, &c, &t);
                int bad = t.status != r[0].status || t.deviations != r[0].deviations || t.sense != r[0].sense ||
                          !t.all_certified;
                for (int j = 0; j < r[0].n; j++)
                    bad |= !same_double(t.out[j].value, r[0].out[j].value);
                mismatches += bad;
                first_stage_answers += t.max_bits == 106;
            }
        }
    /* The exact-zero case of test_certification_reasons, which needs 2048 bits, from every start. */
    ccref_case z = {0};
    z.kind = CCREF_KIND_ROD;
    z.body1 = ccref_body_ground();
    z.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 1, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(1, -1, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(-1, -1, 0));
    z.params.rod.length = 1;
    z.n_lambda = 1;
    ora_case_result rz[3];
    for (int i = 0; i < 3; i++)
        ora_eval_case(cx[i], &z, &rz[i]);
    for (int i = 1; i < 3; i++)
        for (int j = 0; j < rz[0].n; j++)
            mismatches += !same_double(rz[i].out[j].value, rz[0].out[j].value);
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(cases > 0);
    /* random regular cases: the first stage answers each in full (tests/first_stage/ checks the rest) */
    CU_ASSERT_EQUAL(first_stage_answers, cases);
    for (int i = 0; i < 3; i++)
        ora_ctx_free(cx[i]);
    ora_ctx_free(two_stage);
}

/* ================================================================ (c) PROVISIONAL kernel-vs-oracle smoke check */

static double vnorm(ccref_vec3 a) { return sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }

/* max(S_p, S_v, S_a, S_f, 1) of spec/conventions.md section 9. */
static double case_scale(const ccref_case *c)
{
    double L = 8.0 + vnorm(c->body1.p) + vnorm(c->body2.p);
    double W = fmax(vnorm(c->body1.w), vnorm(c->body2.w)), Vv = fmax(vnorm(c->body1.v), vnorm(c->body2.v));
    double B = fmax(vnorm(c->body1.b), vnorm(c->body2.b)), A = fmax(vnorm(c->body1.a), vnorm(c->body2.a));
    double F = 0;
    for (size_t i = 0; i < c->n_lambda; i++)
        F += fabs(c->lambda[i]);
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE)
        L = 8.0 + fabs(c->coordinate.q) + fabs(c->params.constant_coordinate.position) + fabs(c->coordinate.qdot) +
            fabs(c->coordinate.qdotdot);
    double s = fmax(fmax(L, L * W + Vv), fmax(L * W * W + L * B + Vv * W + A, F * L));
    return fmax(s, 1.0);
}

static void test_kernels_vs_oracle_provisional(void)
{
    int bad = 0, uncertified = 0, n = 0;
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        for (int rolling = 0; rolling < 2; rolling++) {
            ccref_rng rng = {31337u + (uint64_t)(10 * k + rolling)};
            for (int i = 0; i < 60; i++) {
                ccref_case c = ccref_random_case(&rng, (ccref_kind)k, rolling);
                ora_case_result r;
                ccref_result kr;
                ccref_status st = ccref_eval(&c, &kr);
                ora_eval_case(ctx(), &c, &r);
                n++;
                uncertified += !r.all_certified || !r.decided;
                if (st != r.status || kr.u.out.deviations != r.deviations) {
                    bad++;
                    continue;
                }
                if (k == CCREF_KIND_LINE_ON_LINE && kr.u.line_on_line.sense != r.sense)
                    bad++;
                double v[CCREF_SLOT_MAX], tol = 0x1p-40 * case_scale(&c);
                int m = ccref_flatten_result(c.kind, &kr, v);
                for (int j = 0; j < m; j++)
                    if (!(fabs(v[j] - r.out[j].value) <= tol)) {
                        fprintf(stderr, "\n  provisional: %s %s kernel %.17g oracle %.17g", ccref_kind_name(c.kind),
                                ccref_output_name(c.kind, j), v[j], r.out[j].value);
                        bad++;
                    }
            }
        }
    for (int cl = 0; cl < CCREF_CONTACT_COUNT; cl++) {
        /* contact cases from the kinds' random cases (rope from rod, sphere_plane from ball_rolling_on_plane...) */
        ccref_rng rng = {4711u + (uint64_t)cl};
        for (int i = 0; i < 30; i++) {
            ccref_contact_case c = ccref_test_contact_case((ccref_contact_class)cl);
            ccref_case k;
            switch (cl) {
            case CCREF_CONTACT_HARD_STOP_UPPER:
            case CCREF_CONTACT_HARD_STOP_LOWER:
                k = ccref_random_case(&rng, CCREF_KIND_CONSTANT_COORDINATE, 0);
                c.params.hard_stop.bound = k.params.constant_coordinate.position;
                c.coordinate = k.coordinate;
                k.body1 = ccref_rng_body(&rng);
                k.body2 = ccref_body_ground();
                break;
            case CCREF_CONTACT_ROPE:
                k = ccref_random_case(&rng, CCREF_KIND_ROD, 0);
                c.params.rope.station1_in_b1 = k.params.rod.station1_in_b1;
                c.params.rope.station2_in_b2 = k.params.rod.station2_in_b2;
                c.params.rope.length_limit = k.params.rod.length;
                break;
            case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
            case CCREF_CONTACT_POINT_PLANE:
                k = ccref_random_case(&rng, CCREF_KIND_POINT_IN_PLANE, 0);
                c.params.point_plane.normal_in_b1 = k.params.point_in_plane.normal_in_b1;
                c.params.point_plane.height = k.params.point_in_plane.height;
                c.params.point_plane.follower_in_b2 = k.params.point_in_plane.follower_in_b2;
                break;
            case CCREF_CONTACT_SPHERE_PLANE:
                k = ccref_random_case(&rng, CCREF_KIND_BALL_ROLLING_ON_PLANE, 0);
                c.params.sphere_plane.normal_in_b1 = k.params.ball_rolling_on_plane.normal_in_b1;
                c.params.sphere_plane.height = k.params.ball_rolling_on_plane.height;
                c.params.sphere_plane.center_in_b2 = k.params.ball_rolling_on_plane.center_in_b2;
                c.params.sphere_plane.radius = k.params.ball_rolling_on_plane.radius;
                break;
            case CCREF_CONTACT_SPHERE_SPHERE:
                k = ccref_random_case(&rng, CCREF_KIND_SPHERE_ON_SPHERE, 1);
                c.params.sphere_sphere.center1_in_b1 = k.params.sphere_on_sphere.center1_in_b1;
                c.params.sphere_sphere.radius1 = k.params.sphere_on_sphere.radius1;
                c.params.sphere_sphere.center2_in_b2 = k.params.sphere_on_sphere.center2_in_b2;
                c.params.sphere_sphere.radius2 = k.params.sphere_on_sphere.radius2;
                break;
            default:
                k = ccref_random_case(&rng, CCREF_KIND_LINE_ON_LINE, 1);
                c.params.edge_edge.edge_frame1_in_b1 = k.params.line_on_line.edge_frame1_in_b1;
                c.params.edge_edge.half_length1 = k.params.line_on_line.half_length1;
                c.params.edge_edge.edge_frame2_in_b2 = k.params.line_on_line.edge_frame2_in_b2;
                c.params.edge_edge.half_length2 = k.params.line_on_line.half_length2;
                break;
            }
            c.body1 = k.body1;
            c.body2 = k.body2;
            for (size_t j = 0; j < c.n_lambda; j++)
                c.lambda[j] = ccref_rng_uniform(&rng, -3, 3);
            ccref_contact_result kr;
            ora_contact_result r;
            ccref_status st = ccref_contact_eval(&c, &kr);
            ora_eval_contact_case(ctx(), &c, &r);
            n++;
            uncertified += !r.all_certified || !r.decided;
            if (st != r.status || kr.cor_branch != r.cor_branch || kr.cof_branch != r.cof_branch ||
                kr.constraint.deviations != r.deviations || kr.sign != r.sign || kr.has_friction != r.has_friction) {
                bad++;
                continue;
            }
            ccref_case sc = k;
            sc.n_lambda = c.n_lambda;
            memcpy(sc.lambda, c.lambda, sizeof c.lambda); /* a contact case holds 3, a case CCREF_MAX_ROWS */
            double v[CCREF_CSLOT_N], tol = 0x1p-40 * case_scale(&sc);
            ccref_flatten_contact_result(&kr, v);
            for (int j = 0; j < CCREF_CSLOT_N; j++)
                if (!(fabs(v[j] - r.out[j].value) <= tol)) {
                    fprintf(stderr, "\n  provisional: %s %s kernel %.17g oracle %.17g",
                            ccref_contact_class_name(c.cls), ccref_contact_output_name(j), v[j], r.out[j].value);
                    bad++;
                }
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(uncertified, 0);
    CU_ASSERT(n > 1000);
}

/* ================================================================ (d) exact branch decisions */

/* LineOnLine parallel threshold |df x db|^2 < 2^-91 (spec/line_on_line.md 5.1). df = ex; edge frame 2 is a
 * rotation about z with c = 1, s = t: db = (1, t, 0), wraw = (0, 0, t), |wraw|^2 = t^2 exactly.
 *   t = fl(sqrt 2) 2^-46 = 0x1.6a09e667f3bcdp-46 is above 2^-45.5 (fl(sqrt 2) > sqrt 2): not parallel;
 *   its predecessor 0x1.6a09e667f3bccp-46 is below: parallel.
 * Exact tie: db = (1, a, a) with a = 2^-46 (edge frame columns (1,a,a), (-a,1,0), (-a,0,1): orthonormal to
 * 2^-91): wraw = (0,-a,a), |wraw|^2 = 2 a^2 = 2^-91 exactly: not parallel (strict <). With the third
 * component a' = a (1 - 2^-53) the square is below 2^-91: parallel. */
static int lol_parallel(ccref_mat3 E2, int *kernel_parallel)
{
    ccref_case c = lol_case();
    c.params.line_on_line.edge_frame2_in_b2.R = E2;
    ora_case_result r;
    ccref_result kr;
    ccref_eval(&c, &kr);
    *kernel_parallel = kr.u.line_on_line.lines_are_parallel;
    ora_eval_case(ctx(), &c, &r);
    CU_ASSERT(r.decided);
    CU_ASSERT(r.all_certified);
    return r.lines_are_parallel;
}

static void test_decision_parallel(void)
{
    int kp;
    double t_above = 0x1.6a09e667f3bcdp-46, t_below = 0x1.6a09e667f3bccp-46;
    CU_ASSERT_EQUAL(lol_parallel(ccref_axis_rotation(2, 1.0, t_above), &kp), 0);
    CU_ASSERT_EQUAL(kp, 0);
    CU_ASSERT_EQUAL(lol_parallel(ccref_axis_rotation(2, 1.0, t_below), &kp), 1);
    /* The kernel decides on fl(t^2) = 0x1.ffffffffffffep-92: the same side (t is 2^-53.3 relative below
     * 2^-45.5, farther than the half-ulp band of the square). */
    CU_ASSERT_EQUAL(kp, t_below * t_below < 0x1p-91);
    double a = 0x1p-46, a2 = 0x1p-46 * (1 - 0x1p-53);
    CU_ASSERT_EQUAL(lol_parallel(ccref_test_rows(1, -a, -a, a, 1, 0, a, 0, 1), &kp), 0);
    CU_ASSERT_EQUAL(kp, 0);
    CU_ASSERT_EQUAL(lol_parallel(ccref_test_rows(1, -a, -a2, a, 1, 0, a2, 0, 1), &kp), 1);
    CU_ASSERT_EQUAL(kp, 1);
}

/* LineOnLine sense (spec/line_on_line.md 5.2) on case A with other outward directions sb:
 *   sb = +ez (edge frame 2 = Rz90: columns ey, -ex, ez): wsf = wsb = 1, a tie with equal signs: the sb branch,
 *     wsb >= 0: sense -1;
 *   sb = (0.6,0,0.8): |wsb| = 0.8 (the double) < 1 = |wsf|: sf branch, wsf >= 0: +1;
 *   edge frame 1 = Rx90 (columns ex, ez, -ey: df = ex, sf = (0,-1,0)) and edge frame 2 with columns ey, ez, ex
 *     (db = ey, sb = ex): wsf = ez.(0,-1,0) = 0 and wsb = ez.ex = 0: a tie at zero: sb branch, wsb >= 0: -1;
 *   case A itself (sb = (0.6,0,-0.8)): |wsb| = 0.8 < 1: +1. */
static int lol_sense(ccref_mat3 E1, ccref_mat3 E2)
{
    ccref_case c = lol_case();
    c.params.line_on_line.edge_frame1_in_b1.R = E1;
    c.params.line_on_line.edge_frame2_in_b2.R = E2;
    ora_case_result r;
    ccref_result kr;
    ccref_eval(&c, &kr);
    ora_eval_case(ctx(), &c, &r);
    CU_ASSERT(r.decided);
    CU_ASSERT_EQUAL(r.sense, kr.u.line_on_line.sense);
    return r.sense;
}

static void test_decision_sense(void)
{
    CU_ASSERT_EQUAL(lol_sense(ccref_test_identity(), ccref_axis_rotation(2, 0.0, 1.0)), -1);
    CU_ASSERT_EQUAL(lol_sense(ccref_test_identity(), ccref_test_rows(0, -0.8, 0.6, 1, 0, 0, 0, 0.6, 0.8)), 1);
    CU_ASSERT_EQUAL(lol_sense(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_rows(0, 0, 1, 1, 0, 0, 0, 1, 0)), -1);
    CU_ASSERT_EQUAL(lol_sense(ccref_test_identity(), ccref_test_rows(0, 0.8, 0.6, 1, 0, 0, 0, 0.6, -0.8)), 1);
}

/* perp() axis (smallest |Cz_k|, ties to the lower index), decided on |p_k|. SphereOnSphere with Ground and
 * body 2 at p2 (centers 0): p = p2.
 *   p = (1,1,1): all tie: k = 0: Cx = unit(Cz x ex) = (0, 1, -1)/sqrt 2: Cx.x = 0 exactly.
 *   p = (2,1,1): tie of indices 1 and 2: k = 1: Cx = unit(Cz x ey) = (-1, 0, 2)/sqrt 5: Cx.y = 0.
 *   p = (2, 1 + 2^-52, 1): |p_z| < |p_y| by one ulp: k = 2: Cx = unit(Cz x ez) has Cx.z = 0.
 * The frame's zero pattern identifies k; the certified values are checked against the kernel within 4 ulp. */
static void test_decision_perp(void)
{
    const ccref_vec3 ps[3] = {{1, 1, 1}, {2, 1, 1}, {2, 1 + 0x1p-52, 1}};
    const int ks[3] = {0, 1, 2};
    for (int i = 0; i < 3; i++) {
        ccref_case c = {0};
        c.kind = CCREF_KIND_SPHERE_ON_SPHERE;
        c.body1 = ccref_body_ground();
        c.body2 = ccref_test_at_rest(ccref_test_identity(), ps[i]);
        c.params.sphere_on_sphere.radius1 = c.params.sphere_on_sphere.radius2 = 0.25;
        c.n_lambda = 1;
        ora_case_result r;
        ora_eval_case(ctx(), &c, &r);
        CU_ASSERT(r.decided && r.all_certified);
        /* Cx = column 0 of the frame: slots FRAME_R + 0, 3, 6 */
        for (int j = 0; j < 3; j++) {
            const ora_cert *x = &r.out[CCREF_SLOT_SOS_FRAME_R + 3 * j];
            CU_ASSERT_EQUAL(x->value == 0.0, j == ks[i]);
            if (j == ks[i])
                CU_ASSERT_EQUAL(x->reason, ORA_R_EXACT_ZERO);
        }
        ccref_result kr;
        ccref_eval(&c, &kr);
        for (int j = 0; j < 9; j++) {
            double kv = kr.u.sphere_on_sphere.contact_frame.R.m[j / 3][j % 3];
            CU_ASSERT(fabs(kv - r.out[CCREF_SLOT_SOS_FRAME_R + j].value) <= 4 * 0x1p-53);
        }
    }
}

/* Singular threshold |p|^2 < 2^-130 (Rod): p = (2^-65, 0, 0) gives exactly 2^-130: not singular;
 * p = (2^-65 (1 - 2^-53), 0, 0): singular. */
static void test_decision_singular(void)
{
    const double xs[2] = {0x1p-65, 0x1p-65 * (1 - 0x1p-53)};
    for (int i = 0; i < 2; i++) {
        ccref_case c = {0};
        c.kind = CCREF_KIND_ROD;
        c.body1 = ccref_body_ground();
        c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(xs[i], 0, 0));
        c.params.rod.length = 1;
        c.n_lambda = 1;
        ora_case_result r;
        ora_eval_case(ctx(), &c, &r);
        CU_ASSERT(r.decided && r.all_certified);
        CU_ASSERT_EQUAL(r.status, i == 0 ? CCREF_OK : CCREF_OK_SINGULAR_DIRECTION);
        /* orientation: p/r = (1,0,0) when regular, body 1's z axis (0,0,1) when singular */
        CU_ASSERT_EQUAL(r.out[CCREF_SLOT_ROD_ORIENTATION].value, i == 0 ? 1.0 : 0.0);
        CU_ASSERT_EQUAL(r.out[CCREF_SLOT_ROD_ORIENTATION + 2].value, i == 0 ? 0.0 : 1.0);
    }
}

/* COR branch points, decided exactly on the exact impact speed:
 *   hard stop lower (sign +1), qdot = -1/8 = -capture: impact 1/8 <= 1/8: CAPTURED, COR 0; qdot one ulp
 *     faster: LINEAR, COR = RN(1 - v/4);
 *   hard stop, qdot = -2 = -min_cor_speed: MINIMUM;
 *   rope with verr = pd.p / |p| = 0.5/2 = 1/4 and capture 1/4: decided through the form num^2 - c^2 den =
 *     1/4 - (1/16)(4) = 0 exactly: CAPTURED;
 *   rope with p = (3,4,0), pd = (1,0,0): verr = 3/5 exactly, capture = the double 0.6 < 3/5: LINEAR with
 *     COR = RN(1 - ((1 - 1/2)/2)(3/5)) = RN(17/20) = 0.85 (literal). The kernel computes fl(3/5) = 0.6 <= 0.6
 *     and takes CAPTURED: a decision-band difference (the exact impact speed exceeds the capture speed by
 *     2.2e-17), reported, not a bug. */
static void test_decision_cor(void)
{
    ora_contact_result r;
    ccref_contact_result kr;
    ccref_contact_case h = ccref_test_contact_case(CCREF_CONTACT_HARD_STOP_LOWER);
    h.coordinate.qdot = -0.125;
    ora_eval_contact_case(ctx(), &h, &r);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_EFFECTIVE_COR].value, 0.0);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_IMPACT_SPEED].value, 0.125);
    h.coordinate.qdot = -nextafter(0.125, 1.0);
    ora_eval_contact_case(ctx(), &h, &r);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_LINEAR);
    CU_ASSERT(r.out[CCREF_CSLOT_EFFECTIVE_COR].certified);
    /* 0.25 v is exact, so the double expression rounds the exact COR once: it is RN(1 - v/4) */
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_EFFECTIVE_COR].value, 1.0 - 0.25 * nextafter(0.125, 1.0));
    h.coordinate.qdot = -2.0;
    ora_eval_contact_case(ctx(), &h, &r);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_MINIMUM);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_EFFECTIVE_COR].value, 0.5);

    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_ROPE);
    c.params.rope.station1_in_b1 = ccref_test_v3(0, 2, 0);
    c.params.rope.length_limit = 1;
    /* p = (0,-2,0), pd.Cz = 1/4 */
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(5, -0.25, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    c.speeds.capture_speed = 0.25;
    ora_eval_contact_case(ctx(), &c, &r);
    CU_ASSERT(r.decided);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_IMPACT_SPEED].value, 0.25);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);
    ccref_contact_eval(&c, &kr);
    CU_ASSERT_EQUAL(kr.cor_branch, CCREF_COR_CAPTURED);

    c.params.rope.station1_in_b1 = ccref_test_v3(0, 0, 0);
    /* verr = 3/5 */
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(3, 4, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    c.speeds.capture_speed = 0.6;
    /* sign -1: sign*verr = -3/5 < 0, impact 3/5 */
    ora_eval_contact_case(ctx(), &c, &r);
    CU_ASSERT(r.decided);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_LINEAR);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_EFFECTIVE_COR].value, 0.85);
    ccref_contact_eval(&c, &kr);
    CU_ASSERT_EQUAL(kr.cor_branch, CCREF_COR_CAPTURED); /* the decision band: see the comment above */
}

/* COF branch at the transition speed, exactly: PointPlane with slip (3/10, 2/5)? Not dyadic; instead slip (3,4)
 * scaled: transition speed 5 and slip speed 5 exactly: STATIC (<=), COF 5/4 + 3/4 = 2; transition
 * nextbelow(5): DYNAMIC, COF 7/4. The slip form is a^2 N + b^2 U against t^2 U N (exact). */
static void test_decision_cof(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE);
    c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    c.params.point_plane.height = 2;
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, -5, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(-4, 1, 3), ccref_test_v3(0, 0, 0), ccref_test_v3(1, 2, 3));
    c.speeds.transition_speed = 5;
    ora_contact_result r;
    ccref_contact_result kr;
    ora_eval_contact_case(ctx(), &c, &r);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_STATIC);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_EFFECTIVE_COF].value, 2.0);
    ccref_contact_eval(&c, &kr);
    CU_ASSERT_EQUAL(kr.cof_branch, CCREF_COF_STATIC);
    c.speeds.transition_speed = nextafter(5.0, 0.0);
    ora_eval_contact_case(ctx(), &c, &r);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_DYNAMIC);
    CU_ASSERT_EQUAL(r.out[CCREF_CSLOT_EFFECTIVE_COF].value, 1.75);
}

/* The validity classifier, isProximal and the two rules on doubles: every status, branch and value equal to the
 * kernels' on random inputs that include ties (tolerances equal to the values). */
static void test_unilateral_rules(void)
{
    ccref_rng rng = {99};
    int bad = 0;
    for (int i = 0; i < 2000; i++) {
        double x[4];
        for (int j = 0; j < 4; j++) {
            x[j] = ccref_rng_uniform(&rng, -1, 1);
            if (ccref_rng_uniform(&rng, 0, 1) < 0.3)
                x[j] = 0.0;
        }
        ccref_unilateral_tolerances tol = {fabs(x[0]), ccref_rng_uniform(&rng, 0, 0.5), fabs(x[2]),
                                           ccref_rng_uniform(&rng, 0, 0.5)};
        if (i % 7 == 0)
            tol.verr = fabs(x[1]);
        int sign = (i & 1) ? 1 : -1;
        ccref_unilateral_condition a, b;
        ccref_status sa = ccref_unilateral_classify(sign, x[0], x[1], x[2], x[3], &tol, &a);
        ccref_status sb = ora_classify_d(sign, x[0], x[1], x[2], x[3], &tol, &b);
        bad += sa != sb || a != b;
        int pa, pb;
        sa = ccref_unilateral_is_proximal(sign, x[0], tol.perr, &pa);
        sb = ora_is_proximal_d(sign, x[0], tol.perr, &pb);
        bad += sa != sb || pa != pb;
        double m = ccref_rng_uniform(&rng, -0.1,
                                     1.1), cs = ccref_rng_uniform(&rng, 0,
                                                                  1), ms = cs + ccref_rng_uniform(&rng, -0.2, 1);
        double v = ccref_rng_uniform(&rng, 0, 2);
        if (i % 5 == 0)
            v = cs;
        double ck, ko;
        ccref_cor_branch cbk, cbo;
        ora_cert cert;
        sa = ccref_effective_cor_branch(m, cs, ms, v, &ck, &cbk);
        sb = ora_effective_cor_d(ctx(), m, cs, ms, v, &cert, &cbo);
        bad += sa != sb;
        if (sa == CCREF_OK) {
            bad += cbk != cbo || !cert.certified;
            /* the kernel's 1 - slope*v has two roundings: within 4 ulp(1) of the correctly rounded value */
            bad += !(fabs(ck - cert.value) <= 4 * 0x1p-52);
        }
        double mus = ccref_rng_uniform(&rng, 0,
                                       1), mud = ccref_rng_uniform(&rng, -0.1,
                                                                   1), muv = ccref_rng_uniform(&rng, 0, 0.3);
        double ts = ccref_rng_uniform(&rng, 0, 1), ss = (i % 3 == 0) ? ts : ccref_rng_uniform(&rng, 0, 1);
        ccref_cof_branch fbk, fbo;
        sa = ccref_effective_cof_branch(mus, mud, muv, ts, ss, &ko, &fbk);
        sb = ora_effective_cof_d(ctx(), mus, mud, muv, ts, ss, &cert, &fbo);
        bad += sa != sb;
        if (sa == CCREF_OK)
            bad += fbk != fbo || !cert.certified || !(fabs(ko - cert.value) <= 4 * 0x1p-52);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* ================================================================ (e) reasons and the interval API */

/* An exact zero reached through sqrt and division: Rod, Ground to body 2 at p2 = (1,1,0) (r = sqrt 2), v2 =
 * (1,-1,0), a2 = (-1,-1,0): verr = pd.p/r = 0 (a point: EXACT_ZERO); Czd = pd/r; aerr = pdd.Cz + pd.Czd =
 * -2/sqrt 2 + 2/sqrt 2 = 0 exactly, but its enclosure is a sum of two irrational enclosures, never the point 0.
 * It is certified (ENCLOSURE, value 0) once the enclosure lies inside (-2^-1075, 2^-1075), where every real
 * rounds to 0: at 2048 bits. With a cap of 1024 bits the same output is not certified: reason CAP. */
static void test_certification_reasons(void)
{
    ccref_case c = {0};
    c.kind = CCREF_KIND_ROD;
    c.body1 = ccref_body_ground();
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 1, 0), ccref_test_v3(0, 0, 0),
                              ccref_test_v3(1, -1, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(-1, -1, 0));
    c.params.rod.length = 1;
    c.n_lambda = 1;
    ora_case_result r;
    ora_eval_case(ctx(), &c, &r);
    CU_ASSERT(r.all_certified);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_VERR].reason, ORA_R_EXACT_ZERO);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_VERR].precision_bits, 128);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_AERR].reason, ORA_R_ENCLOSURE);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_AERR].value, 0.0);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_AERR].precision_bits, 2048);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_PERR].reason, ORA_R_ENCLOSURE);    /* sqrt 2 - 1, irrational */
    {   /* independent reference: sqrt(2) - 1 at 300 bits (error < 2^-298), rounded to nearest once */
        mpfr_t x;
        mpfr_init2(x, 300);
        mpfr_sqrt_ui(x, 2, MPFR_RNDN);
        mpfr_sub_ui(x, x, 1, MPFR_RNDN);
        CU_ASSERT_EQUAL(r.out[CCREF_SLOT_PERR].value, mpfr_get_d(x, MPFR_RNDN));
        mpfr_clear(x);
    }
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_ROD_TENSION].reason, ORA_R_EXACT_ZERO);

    ora_options o = {128, 1024};
    ora_ctx *small = ora_ctx_new(&o);
    ora_eval_case(small, &c, &r);
    CU_ASSERT(!r.all_certified);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_AERR].reason, ORA_R_CAP);
    CU_ASSERT_EQUAL(r.out[CCREF_SLOT_AERR].certified, 0);
    CU_ASSERT(r.out[CCREF_SLOT_PERR].certified);
    CU_ASSERT_EQUAL(r.evaluations, 4); /* 128, 256, 512, 1024 */
    ora_ctx_free(small);

    /* reason names are stable */
    CU_ASSERT_STRING_EQUAL(ora_reason_name(ORA_R_EXACT_ZERO), "EXACT_ZERO");
    CU_ASSERT_STRING_EQUAL(ora_reason_name(ORA_R_CAP), "CAP");
    CU_ASSERT_STRING_EQUAL(ora_reason_name(ORA_R_UNDECIDED), "UNDECIDED");
}

/* The interval API with an input enclosure that straddles the singular threshold: undecided unless forced. */
static void test_interval_undecided(void)
{
    ora_case oc;
    ora_case_init(&oc, CCREF_KIND_ROD, 256);
    ccref_case c = {0};
    c.kind = CCREF_KIND_ROD;
    c.body1 = ccref_body_ground();
    c.body2 = ccref_body_ground();
    c.params.rod.length = 1;
    c.n_lambda = 1;
    ora_case_set(&oc, &c);
    mpfi_interv_d(oc.body2.p.x, 0x1p-66, 0x1p-64); /* |p| straddles 2^-65 */
    ora_ws *ws = ora_ws_new(256);
    ora_out o;
    ora_out_init(&o, 256);
    ora_decisions d;
    ora_decisions_auto(&d);
    CU_ASSERT_EQUAL(ora_eval(ws, &oc, &d, &o), ORA_EVAL_UNDECIDED);
    CU_ASSERT_EQUAL(d.undecided, ORA_D_SINGULAR);
    ora_decisions_auto(&d);
    d.v[ORA_D_SINGULAR] = 0; /* forced regular branch */
    CU_ASSERT_EQUAL(ora_eval(ws, &oc, &d, &o), ORA_EVAL_OK);
    CU_ASSERT(mpfi_is_inside_d(1.0, o.v[CCREF_SLOT_ROD_ORIENTATION])); /* p/|p| = (1,0,0) */
    ora_out_clear(&o);
    ora_ws_free(ws);
    ora_case_clear(&oc);
}

/* The interval API on non-double inputs, as the derivative-check layer uses it: LineOnLine case A with body 2
 * rotating about z at rate 1 (R2(t) = Rz(t) R2(0), w2 = ez, b2 = 0) and moving with p2(t) = p2 + v2 t + a2 t^2/2,
 * body 1 fixed in its state with w1 = b1 = 0, v1 = a1 = 0. Central differences with h = 2^-40 at 256 bits:
 *   (perr(h) - perr(-h))/2h = verr_0 + O(h^2), and (verr_k(h) - verr_k(-h))/2h = aerr_k + O(h^2) for k = 0, 1, 2
 * (spec/line_on_line.md section 4: every row is an exact derivative). */
static void lol_at(ora_ws *ws, ora_case *oc, const ccref_case *c0, double tsign, mpfr_prec_t prec, ora_out *o)
{
    mpfi_t t, ct, st, x;
    mpfi_init2(t, prec); mpfi_init2(ct, prec); mpfi_init2(st, prec); mpfi_init2(x, prec);
    mpfi_set_d(t, tsign * 0x1p-40);
    mpfi_cos(ct, t);
    mpfi_sin(st, t);
    ora_case_set(oc, c0);
    /* R2(t) = Rz(t) R2(0) = Rz(t) (R2(0) = I) */
    mpfi_set(oc->body2.R.m[0][0], ct); mpfi_neg(oc->body2.R.m[0][1], st);
    mpfi_set(oc->body2.R.m[1][0], st); mpfi_set(oc->body2.R.m[1][1], ct);
    /* p2(t) = p2 + v2 t + a2 t^2/2 and v2(t) = v2 + a2 t, componentwise */
    double p0[3] = {c0->body2.p.x, c0->body2.p.y, c0->body2.p.z}, v0[3] = {c0->body2.v.x, c0->body2.v.y, c0->body2.v.z};
    double a0[3] = {c0->body2.a.x, c0->body2.a.y, c0->body2.a.z};
    mpfi_ptr P[3] = {oc->body2.p.x, oc->body2.p.y, oc->body2.p.z}, Vv[3] = {oc->body2.v.x, oc->body2.v.y, oc->body2.v.z};
    for (int i = 0; i < 3; i++) {
        mpfi_mul_d(x, t, a0[i]);
        mpfi_add_d(Vv[i], x, v0[i]);
        mpfi_mul_d(x, t, a0[i] / 2);
        mpfi_add_d(x, x, v0[i]);
        mpfi_mul(x, x, t);
        mpfi_add_d(P[i], x, p0[i]);
    }
    ora_decisions d;
    ora_decisions_auto(&d);
    CU_ASSERT_EQUAL(ora_eval(ws, oc, &d, o), ORA_EVAL_OK);
    mpfi_clear(t); mpfi_clear(ct); mpfi_clear(st); mpfi_clear(x);
}

static double mid(mpfi_srcptr x) { return mpfi_get_d(x); }

static void test_interval_api_derivatives(void)
{
    const mpfr_prec_t prec = 256;
    ccref_case c = lol_case();
    c.body1.w = c.body1.b = c.body1.a = ccref_test_v3(0, 0, 0);
    c.body2.w = ccref_test_v3(0, 0, 1);
    c.body2.b = ccref_test_v3(0, 0, 0);
    ora_case oc;
    ora_case_init(&oc, CCREF_KIND_LINE_ON_LINE, prec);
    ora_ws *ws = ora_ws_new(prec);
    ora_out om, o0, op;
    ora_out_init(&om, prec); ora_out_init(&o0, prec); ora_out_init(&op, prec);
    lol_at(ws, &oc, &c, -1.0, prec, &om);
    lol_at(ws, &oc, &c, 0.0, prec, &o0);
    lol_at(ws, &oc, &c, 1.0, prec, &op);
    mpfi_t fd;
    mpfi_init2(fd, prec);
    mpfi_sub(fd, op.v[CCREF_SLOT_PERR], om.v[CCREF_SLOT_PERR]);
    mpfi_mul_2si(fd, fd, 39); /* / (2 h), h = 2^-40 */
    CU_ASSERT(fabs(mid(fd) - mid(o0.v[CCREF_SLOT_VERR])) < 1e-20);
    for (int k = 0; k < 3; k++) {
        mpfi_sub(fd, op.v[CCREF_SLOT_VERR + k], om.v[CCREF_SLOT_VERR + k]);
        mpfi_mul_2si(fd, fd, 39);
        CU_ASSERT(fabs(mid(fd) - mid(o0.v[CCREF_SLOT_AERR + k])) < 1e-20);
    }
    mpfi_clear(fd);
    ora_out_clear(&om); ora_out_clear(&o0); ora_out_clear(&op);
    ora_ws_free(ws);
    ora_case_clear(&oc);
}

/* ================================================================ (g) rotation tolerance boundary, Ball flag */

/* The oracle's exact rotation test (ora_exact_is_rotation; spec/oracle.md section 4: every |(R^T R - I)_ij| <=
 * CCREF_ROTATION_TOL, the double 1e-12 = 0x1.19799812dea11p-40, and det R > 0, on the exact entries) at the
 * boundary. R = I + e E_ij (i != j): the exact entry (i,j) of R^T R - I is e, entry (j,j) is e^2 ~ 1e-24, the others
 * 0, det R = 1: accepted iff |e| <= tol. The kernel's computed entry is e too (tests/test_ball.c), so kernel and
 * oracle agree: checked directly, through ora_eval_case (Ball, either body), and through the contact layer's own
 * calls (oracle/contacts.c: a rope's body 2 and edge_edge's edge frame 1).
 * Then three matrices whose exact entry is not a double: columns c0 = (1,0,d), c1 = (x,1,s d), c2 = (0,0,1) with
 * d = 2^-60, s = +-1: exact (0,1) entry x + s 2^-120, (0,0) entry 2^-120, (1,1) entry x^2 + 2^-120, (0,2) d,
 * (1,2) s d, det = c0.(c1 x c2) = c0.(1, -x, 0) = 1. The kernel computes (0,1) as fl(x + s 2^-120) = x (2^-120 is
 * below half an ulp of x, 2^-93) and (0,0) as fl(1 + 2^-120) - 1 = 0:
 *   x = tol, s = +1: exact tol + 2^-120 > tol: the oracle rejects, the kernel accepts (a decision band: the oracle
 *     decides on the exact value; spec/oracle.md section 6). The real 1e-12 is tol + 2.0e-29 > tol + 2^-120, so
 *     this also pins the comparison to the double tol, not to the real 1e-12;
 *   x = tol, s = -1: exact tol - 2^-120: both accept;
 *   x = next double above tol, s = -1: exact above tol: both reject. */
static ccref_mat3 rot_off_diagonal(int i, int j, double e)
{
    ccref_mat3 R = ccref_test_identity();
    R.m[i][j] = e;
    return R;
}

static ccref_case ball_case_with(ccref_mat3 R, int body)
{
    ccref_case c = {0};
    c.kind = CCREF_KIND_BALL;
    c.body1 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1, 0, 0));
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 1, 0));
    if (body == 0)
        c.body1.R = R;
    else
        c.body2.R = R;
    c.params.ball.station1_in_b1 = ccref_test_v3(0, 0, 1);
    c.n_lambda = 3;
    return c;
}

static void rotation_statuses(ccref_mat3 R, int kernel_accepts, int oracle_accepts)
{
    int bits = 0;
    CU_ASSERT_EQUAL(ccref_is_rotation(&R), kernel_accepts);
    CU_ASSERT_EQUAL(ora_exact_is_rotation(ctx(), &R, &bits), oracle_accepts);
    for (int body = 0; body < 2; body++) {
        ccref_case c = ball_case_with(R, body);
        ccref_result kr;
        ora_case_result r;
        CU_ASSERT_EQUAL(ccref_eval(&c, &kr), kernel_accepts ? CCREF_OK : CCREF_E_NOT_ROTATION);
        ora_eval_case(ctx(), &c, &r);
        CU_ASSERT(r.decided);
        CU_ASSERT_EQUAL(r.status, oracle_accepts ? CCREF_OK : CCREF_E_NOT_ROTATION);
    }
    ccref_contact_case rope = ccref_test_contact_case(CCREF_CONTACT_ROPE);
    rope.params.rope.length_limit = 1;
    rope.body2.p = ccref_test_v3(0, 1, 0);
    rope.body2.R = R;
    ccref_contact_case edge = ccref_test_contact_case(CCREF_CONTACT_EDGE_EDGE);
    ccref_case k = lol_case();
    edge.params.edge_edge.edge_frame1_in_b1 = k.params.line_on_line.edge_frame1_in_b1;
    edge.params.edge_edge.half_length1 = k.params.line_on_line.half_length1;
    edge.params.edge_edge.edge_frame2_in_b2 = k.params.line_on_line.edge_frame2_in_b2;
    edge.params.edge_edge.half_length2 = k.params.line_on_line.half_length2;
    edge.body1 = k.body1;
    edge.body2 = k.body2;
    edge.params.edge_edge.edge_frame1_in_b1.R = R; /* df = R e_x, db = (0,1,0): not parallel */
    const ccref_contact_case *cs[2] = {&rope, &edge};
    for (int i = 0; i < 2; i++) {
        ccref_contact_result kr;
        ora_contact_result r;
        CU_ASSERT_EQUAL(ccref_contact_eval(cs[i], &kr), kernel_accepts ? CCREF_OK : CCREF_E_NOT_ROTATION);
        ora_eval_contact_case(ctx(), cs[i], &r);
        CU_ASSERT(r.decided);
        CU_ASSERT_EQUAL(r.status, oracle_accepts ? CCREF_OK : CCREF_E_NOT_ROTATION);
    }
}

static void test_rotation_tolerance_boundary(void)
{
    const double tol = 0x1.19799812dea11p-40, above = 0x1.19799812dea12p-40, below = 0x1.19799812dea10p-40;
    CU_ASSERT_EQUAL(CCREF_ROTATION_TOL, tol);
    const double es[5] = {tol, -tol, below, above, -above};
    const int accept[5] = {1, 1, 1, 0, 0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int n = 0; n < 5 && i != j; n++)
                rotation_statuses(rot_off_diagonal(i, j, es[n]), accept[n], accept[n]);
    const double d = 0x1p-60, xs[3] = {tol, tol, above}, ss[3] = {1, -1, -1};
    const int kernel[3] = {1, 1, 0}, oracle[3] = {0, 1, 0};
    for (int n = 0; n < 3; n++)
        rotation_statuses(ccref_test_rows(1, xs[n], 0, 0, 1, 0, d, ss[n] * d, 1), kernel[n], oracle[n]);
}

/* The Ball flag in the oracle, decided on the exact rows (spec/oracle.md: VERR_NONZERO, W1_NONZERO): the cases of
 * tests/test_ball.c's flag combinations (origins 0, R = I, stations 0: verr = v2 - v1 whatever w1 and w2). */
static void test_ball_flag_combinations(void)
{
    const ccref_vec3 w1s[2] = {{0, 0, 0}, {0, 0.5, 0}}, w2s[2] = {{0, 0, 0}, {3, 0, 0}};
    for (int nz = 0; nz < 2; nz++)
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++) {
                ccref_case c = {0};
                c.kind = CCREF_KIND_BALL;
                c.body1 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), w1s[a], ccref_test_v3(1, 2, 3),
                                          ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
                c.body2 = c.body1;
                c.body2.w = w2s[b];
                if (nz)
                    c.body2.v = ccref_test_v3(1, 2, 1); /* verr = (0, 0, -2) */
                c.n_lambda = 3;
                ora_case_result r;
                ora_eval_case(ctx(), &c, &r);
                CU_ASSERT(r.decided && r.all_certified);
                CU_ASSERT_EQUAL(r.deviations, CCREF_DEV_BALL_REACTION_SIGN |
                                                  (nz && a ? (unsigned)CCREF_DEV_BALL_AERR_NOT_DERIVATIVE : 0u));
            }
}

/* ================================================================ (f) ora_certify on hand-built intervals */

/* ora_certify must certify an enclosure exactly when every real in it rounds (RN, ties to even) to one double
 * (spec/oracle.md section 2): not when the two ends round to different doubles, however close (neighbours), and
 * not when an end is a midpoint that rounds away from the rest. Each interval is built from exact dyadic endpoints
 * (sums of doubles times a power of two, formed at 256 bits where they are exact) and its verdict derived by hand:
 *   - a real strictly between two consecutive doubles rounds to the nearer one; a midpoint (tie) to the double whose
 *     last significand bit is 0 (even);
 *   - above 1 the spacing is 2^-52, below 1 it is 2^-53: the rounding interval of a power of two is lopsided;
 *   - subnormals are spaced 2^-1074 = 4 U (U = 2^-1076 below), so 2^-1075 = 2 U is the tie between 0 (even) and
 *     2^-1074 (odd), 3 * 2^-1075 = 6 U the tie between 2^-1074 (odd) and 2^-1073 (even);
 *   - DBL_MAX = 2^1024 - 2^971 has an odd significand, 2^1024 counts as even: the tie DBL_MAX + 2^970 and every
 *     real above it round to +Inf (IEEE 754 overflow under round to nearest).
 * Parities used: 1 + 2^-52 odd, 1 + 2^-51 even; 2 - 2^-52 (0x1.fffffffffffffp+0) odd, 2 + 2^-51 odd; 1 - 2^-53
 * odd; 2^-1022 - 2^-1074 (all ones) odd, 2^-1022 + 2^-1074 odd. test_certify_ties_reference cross-checks the tie
 * rulings with the C library's correctly rounded strtod. */

typedef struct {
    const char *what;
    double lo[3], hi[3];    /* endpoints (lo[0] + lo[1] + lo[2]) 2^e and (hi[0] + hi[1] + hi[2]) 2^e */
    int e;
    int certified;          /* expected verdict */
    double value;           /* expected value when certified (the sign of a zero is checked too) */
} cert_case;

static void dyadic(mpfr_t r, const double t[3], int e)
{
    mpfr_set_d(r, t[0], MPFR_RNDN);
    mpfr_add_d(r, r, t[1], MPFR_RNDN);
    mpfr_add_d(r, r, t[2], MPFR_RNDN);
    mpfr_mul_2si(r, r, e, MPFR_RNDN);
}

static void check_cert_case(const cert_case *k)
{
    mpfr_t lo, hi, t;
    mpfi_t x;
    mpfr_inits2(256, lo, hi, t, (mpfr_ptr)0);
    mpfi_init2(x, 256);
    dyadic(lo, k->lo, k->e);
    dyadic(hi, k->hi, k->e);
    /* the endpoints are exact: recomputed at 1024 bits they are the same numbers */
    mpfr_set_prec(t, 1024);
    dyadic(t, k->lo, k->e);
    CU_ASSERT(mpfr_equal_p(t, lo));
    dyadic(t, k->hi, k->e);
    CU_ASSERT(mpfr_equal_p(t, hi));
    CU_ASSERT_FATAL(mpfr_lessequal_p(lo, hi));
    mpfi_interv_fr(x, lo, hi);
    CU_ASSERT(mpfr_equal_p(&x->left, lo) && mpfr_equal_p(&x->right, hi));
    ora_cert c;
    memset(&c, 0x5a, sizeof c);
    int ret = ora_certify(x, 321, &c);
    int point = mpfr_equal_p(lo, hi);
    int ok = ret == k->certified && c.certified == k->certified;
    if (k->certified)
        ok = ok && c.precision_bits == 321 && c.value == k->value && !signbit(c.value) == !signbit(k->value) &&
             c.reason == (point ? (k->value == 0.0 ? ORA_R_EXACT_ZERO : ORA_R_EXACT) : ORA_R_ENCLOSURE);
    else
        ok = ok && c.precision_bits == 0 && c.reason != ORA_R_EXACT && c.reason != ORA_R_EXACT_ZERO &&
             c.reason != ORA_R_ENCLOSURE;
    if (!ok)
        fprintf(stderr, "\n  ora_certify %s: returned %d, certified %d, value %a, reason %s, bits %d (expected %d, %a)",
                k->what, ret, c.certified, c.value, ora_reason_name(c.reason), c.precision_bits, k->certified,
                k->value);
    CU_ASSERT(ok);
    mpfi_clear(x);
    mpfr_clears(lo, hi, t, (mpfr_ptr)0);
}

static void test_certify_intervals(void)
{
    const double M = DBL_MAX, N = 0x1p54; /* N U = 2^-1022, the smallest normal */
    const cert_case cases[] = {
        /* points: the exact value rounded once */
        {"point 1.5", {1.5, 0, 0}, {1.5, 0, 0}, 0, 1, 1.5},
        {"point 0", {0, 0, 0}, {0, 0, 0}, 0, 1, 0.0},
        {"point tie 1 + 2^-53 -> 1", {1, 0x1p-53, 0}, {1, 0x1p-53, 0}, 0, 1, 1.0},
        {"point tie 1 + 3 2^-53 -> 1 + 2^-51", {1, 0x1p-52, 0x1p-53}, {1, 0x1p-52, 0x1p-53}, 0, 1, 1 + 0x1p-51},
        {"point tie -(1 + 2^-53) -> -1", {-1, -0x1p-53, 0}, {-1, -0x1p-53, 0}, 0, 1, -1.0},
        /* strictly inside the rounding interval of one double */
        {"inside (1, 1 + 2^-53)", {1, 0x1p-54, 0}, {1, 0x1p-53, -0x1p-100}, 0, 1, 1.0},
        {"around 1", {1, -0x1p-55, 0}, {1, 0x1p-54, 0}, 0, 1, 1.0},
        {"around 1, nearly its whole lopsided interval", {1, -0x1p-54, 0x1p-100}, {1, 0x1p-53, -0x1p-100}, 0, 1, 1.0},
        {"around 1 + 2^-52 (odd)", {1, 0x1p-53, 0x1p-100}, {1, 0x1p-52, 0x1p-53 - 0x1p-100}, 0, 1, 1 + 0x1p-52},
        {"around -(1 + 2^-52)", {-1, -0x1p-52, -0x1p-54}, {-1, -0x1p-52, 0x1p-54}, 0, 1, -1 - 0x1p-52},
        /* straddling a midpoint, or ends rounding to two different doubles (here neighbours): never */
        {"straddles the tie 1 + 2^-53", {1, 0x1p-53, -0x1p-100}, {1, 0x1p-53, 0x1p-100}, 0, 0, 0},
        {"ends round to 1 and 1 + 2^-52", {1, 0x1p-54, 0}, {1, 0x1p-52, 0}, 0, 0, 0},
        {"ends are 1 + 2^-52 and 1 + 2^-51", {1, 0x1p-52, 0}, {1, 0x1p-51, 0}, 0, 0, 0},
        {"ends are 1 - 2^-53 and 1", {1, -0x1p-53, 0}, {1, 0, 0}, 0, 0, 0},
        {"ends round to -(1 + 2^-52) and -1", {-1, -0x1p-52, 0}, {-1, -0x1p-54, 0}, 0, 0, 0},
        {"straddles the tie 1 - 2^-54", {1, -0x1p-54, -0x1p-100}, {1, -0x1p-54, 0x1p-100}, 0, 0, 0},
        {"ends far apart", {1, 0, 0}, {2, 0, 0}, 0, 0, 0},
        /* touching a midpoint exactly: certified iff the tie rounds to the same double as the rest */
        {"[1, tie 1 + 2^-53]", {1, 0, 0}, {1, 0x1p-53, 0}, 0, 1, 1.0},
        {"[tie 1 + 2^-53, 1 + 2^-52]", {1, 0x1p-53, 0}, {1, 0x1p-52, 0}, 0, 0, 0},
        {"[1 + 2^-52, tie 1 + 3 2^-53]", {1, 0x1p-52, 0}, {1, 0x1p-52, 0x1p-53}, 0, 0, 0},
        {"[tie 1 + 3 2^-53, 1 + 2^-51]", {1, 0x1p-52, 0x1p-53}, {1, 0x1p-51, 0}, 0, 1, 1 + 0x1p-51},
        {"[tie, tie] one ulp wide around 1 + 2^-51 (even)", {1, 0x1p-52, 0x1p-53}, {1, 0x1p-51, 0x1p-53}, 0, 1,
         1 + 0x1p-51},
        {"[tie, tie] one ulp wide around 1 + 2^-52 (odd)", {1, 0x1p-53, 0}, {1, 0x1p-52, 0x1p-53}, 0, 0, 0},
        /* powers of two */
        {"[tie 2 - 2^-53, tie 2 + 2^-52]", {2, -0x1p-53, 0}, {2, 0x1p-52, 0}, 0, 1, 2.0},
        {"left end below the tie 2 - 2^-53", {2, -0x1p-53, -0x1p-100}, {2, 0, 0}, 0, 0, 0},
        {"right end above the tie 2 + 2^-52", {2, 0, 0}, {2, 0x1p-52, 0x1p-100}, 0, 0, 0},
        {"[tie 1 - 2^-54, 1]", {1, -0x1p-54, 0}, {1, 0, 0}, 0, 1, 1.0},
        {"[1 - 2^-53, just below the tie 1 - 2^-54]", {1, -0x1p-53, 0}, {1, -0x1p-54, -0x1p-100}, 0, 1, 1 - 0x1p-53},
        {"left end just below the tie 1 - 2^-54", {1, -0x1p-54, -0x1p-100}, {1, 0, 0}, 0, 0, 0},
        /* subnormals and zero (units U = 2^-1076) */
        {"[U, tie 2^-1075]", {1, 0, 0}, {2, 0, 0}, -1076, 1, 0.0},
        {"[tie 2^-1075, tie 3 2^-1075]", {2, 0, 0}, {6, 0, 0}, -1076, 0, 0},
        {"inside (2^-1075, 3 2^-1075)", {2, 0x1p-24, 0}, {6, -0x1p-24, 0}, -1076, 1, 0x1p-1074},
        {"[tie 3 2^-1075, tie 5 2^-1075]", {6, 0, 0}, {10, 0, 0}, -1076, 1, 0x1p-1073},
        {"[-2^-1075, 2^-1075]", {-2, 0, 0}, {2, 0, 0}, -1076, 1, 0.0},
        {"[-2^-1075, 0]", {-2, 0, 0}, {0, 0, 0}, -1076, 1, 0.0},
        {"[-2^-1075, -U]: strictly negative", {-2, 0, 0}, {-1, 0, 0}, -1076, 1, -0.0},
        {"left end beyond -2^-1075", {-2, -0x1p-24, 0}, {0, 0, 0}, -1076, 0, 0},
        {"[2^-1022 - 2^-1075, 2^-1022 + 2^-1075]", {N, -2, 0}, {N, 2, 0}, -1076, 1, 0x1p-1022},
        {"left end below the tie 2^-1022 - 2^-1075", {N, -2, -0x1p-24}, {N, 0, 0}, -1076, 0, 0},
        /* the overflow threshold DBL_MAX + 2^970 */
        {"point just below the threshold", {M, 0x1p970, -0x1p900}, {M, 0x1p970, -0x1p900}, 0, 1, DBL_MAX},
        {"[DBL_MAX, below the threshold]", {M, 0, 0}, {M, 0x1p970, -0x1p900}, 0, 1, DBL_MAX},
        {"[DBL_MAX, the threshold]", {M, 0, 0}, {M, 0x1p970, 0}, 0, 0, 0},
        {"straddles the threshold", {M, 0x1p970, -0x1p900}, {M, 0x1p970, 0x1p900}, 0, 0, 0},
        {"[the threshold, 2 DBL_MAX]", {M, 0x1p970, 0}, {M, M, 0}, 0, 1, INFINITY},
        {"point at the threshold", {M, 0x1p970, 0}, {M, 0x1p970, 0}, 0, 1, INFINITY},
        {"[-2 DBL_MAX, -threshold]", {-M, -M, 0}, {-M, -0x1p970, 0}, 0, 1, -INFINITY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_cert_case(&cases[i]);

    /* unbounded or NaN enclosures: UNBOUNDED, not certified */
    mpfi_t x;
    mpfi_init2(x, 256);
    ora_cert c;
    mpfi_interv_d(x, 1.0, INFINITY);
    CU_ASSERT_EQUAL(ora_certify(x, 128, &c), 0);
    CU_ASSERT(!c.certified && c.reason == ORA_R_UNBOUNDED && c.precision_bits == 0 && isnan(c.value));
    mpfi_set_d(x, NAN);
    CU_ASSERT_EQUAL(ora_certify(x, 128, &c), 0);
    CU_ASSERT(!c.certified && c.reason == ORA_R_UNBOUNDED && isnan(c.value));
    /* not certified: the value reported is the midpoint rounded (the straddled tie 1 + 2^-53 rounds to 1) */
    mpfi_interv_d(x, 1.0, 1.0 + 0x1p-52);
    CU_ASSERT_EQUAL(ora_certify(x, 128, &c), 0);
    CU_ASSERT_EQUAL(c.value, 1.0);
    mpfi_clear(x);
}

/* The tie rulings above, cross-checked with an independent rounding: strtod is correctly rounded (C11 7.22.1.3 with
 * glibc; round to nearest even) on hexadecimal input. */
static void test_certify_ties_reference(void)
{
    CU_ASSERT_EQUAL(strtod("0x1.00000000000008p+0", NULL), 1.0);                 /* 1 + 2^-53 */
    CU_ASSERT_EQUAL(strtod("0x1.00000000000018p+0", NULL), 1 + 0x1p-51);         /* 1 + 3 2^-53 */
    CU_ASSERT_EQUAL(strtod("0x1.00000000000028p+0", NULL), 1 + 0x1p-51);         /* 1 + 5 2^-53 */
    CU_ASSERT_EQUAL(strtod("0x1.fffffffffffff8p+0", NULL), 2.0);                 /* 2 - 2^-53 */
    CU_ASSERT_EQUAL(strtod("0x1.00000000000008p+1", NULL), 2.0);                 /* 2 + 2^-52 */
    CU_ASSERT_EQUAL(strtod("0x1.fffffffffffff8p-1", NULL), 1.0);                 /* 1 - 2^-54 */
    CU_ASSERT_EQUAL(strtod("0x1p-1075", NULL), 0.0);
    CU_ASSERT_EQUAL(strtod("0x3p-1075", NULL), 0x1p-1073);
    CU_ASSERT_EQUAL(strtod("0x5p-1075", NULL), 0x1p-1073);
    CU_ASSERT_EQUAL(strtod("0x1.fffffffffffffp-1023", NULL), 0x1p-1022);         /* 2^-1022 - 2^-1075 */
    CU_ASSERT_EQUAL(strtod("0x1.00000000000008p-1022", NULL), 0x1p-1022);        /* 2^-1022 + 2^-1075 */
    CU_ASSERT_EQUAL(strtod("0x1.fffffffffffff8p+1023", NULL), INFINITY);         /* DBL_MAX + 2^970 */
    CU_ASSERT_EQUAL(strtod("0x1.fffffffffffff7ffp+1023", NULL), DBL_MAX);        /* just below it */
}

static void register_oracle(CU_pSuite s)
{
    CU_add_test(s, "(a) ball: general and pendulum, every output", test_ball_cases);
    CU_add_test(s, "(a) rod: general, 3-4-5 (rounded), singular", test_rod_cases);
    CU_add_test(s, "(a) point_in_plane", test_point_in_plane_case);
    CU_add_test(s, "(a) constant_coordinate", test_constant_coordinate_case);
    CU_add_test(s, "(a) sphere_on_plane rolling and sliding", test_sphere_on_plane_cases);
    CU_add_test(s, "(a) ball_rolling_on_plane", test_ball_rolling_on_plane_case);
    CU_add_test(s, "(a) sphere_on_sphere rolling", test_sphere_on_sphere_case);
    CU_add_test(s, "(a) point_on_plane", test_point_on_plane_case);
    CU_add_test(s, "(a) line_on_line: sense +1 and parallel fallback", test_line_on_line_cases);
    CU_add_test(s, "(a) weld: a third turn, every output", test_weld_case);
    CU_add_test(s, "(a) input checks and overflow mirrored", test_input_checks);
    CU_add_test(s, "(a) contact: hard stops", test_contact_hard_stops);
    CU_add_test(s, "(a) contact: rope", test_contact_rope);
    CU_add_test(s, "(a) contact: point_plane_frictionless", test_contact_point_plane_frictionless);
    CU_add_test(s, "(a) contact: point_plane", test_contact_point_plane);
    CU_add_test(s, "(a) contact: sphere_plane", test_contact_sphere_plane);
    CU_add_test(s, "(a) contact: sphere_sphere", test_contact_sphere_sphere);
    CU_add_test(s, "(a) contact: edge_edge", test_contact_edge_edge);
    CU_add_test(s, "(a) contact: input and rule checks", test_contact_checks);
    CU_add_test(s, "(a) contact: sign and friction tables (spec, oracle, kernels)", test_contact_tables);
    CU_add_test(s, "(b) certified values independent of the start precision", test_start_precision);
    CU_add_test(s, "(c) PROVISIONAL: kernels within 2^-40 scale of the oracle", test_kernels_vs_oracle_provisional);
    CU_add_test(s, "(d) parallel threshold and exact tie", test_decision_parallel);
    CU_add_test(s, "(d) line_on_line sense ties", test_decision_sense);
    CU_add_test(s, "(d) perp() axis ties", test_decision_perp);
    CU_add_test(s, "(d) singular threshold", test_decision_singular);
    CU_add_test(s, "(d) COR branch points", test_decision_cor);
    CU_add_test(s, "(d) COF branch point", test_decision_cof);
    CU_add_test(s, "(d) classifier, isProximal, COR, COF on doubles", test_unilateral_rules);
    CU_add_test(s, "(e) exact zero through sqrt, precision cap", test_certification_reasons);
    CU_add_test(s, "(e) interval input straddling a threshold", test_interval_undecided);
    CU_add_test(s, "(e) interval API: central differences along a trajectory", test_interval_api_derivatives);
    CU_add_test(s, "(f) ora_certify: midpoints, ties to even, binades, subnormals, overflow", test_certify_intervals);
    CU_add_test(s, "(f) the tie rulings against strtod", test_certify_ties_reference);
    CU_add_test(s, "(g) rotation tolerance boundary: kernels, exact check, contacts", test_rotation_tolerance_boundary);
    CU_add_test(s, "(g) ball AERR_NOT_DERIVATIVE flag: verr x w1 x w2", test_ball_flag_combinations);
}

CCREF_TEST_SUITE("oracle", register_oracle)
