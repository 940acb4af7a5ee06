/* test_ball_rolling_on_plane.c: legacy BallRollingOnPlane kernel (src/ball_rolling_on_plane.c), hand-derived
 * cases.   Spec: spec/ball_rolling_on_plane.md.
 * Every expected value is derived by hand in the comment next to it. Unless a tolerance is given the arithmetic
 * is exact in binary (small integers, halves, quarters, products with 0 and +-1). */
#include "testlib.h"

static ccref_vec3 COL(const ccref_mat3 *R, int j) { return ccref_test_v3(R->m[0][j], R->m[1][j], R->m[2][j]); }

static ccref_ball_rolling_on_plane_params mk_params(ccref_vec3 n, double h, ccref_vec3 o, double r)
{
    ccref_ball_rolling_on_plane_params p;
    p.normal_in_b1 = n; p.height = h; p.center_in_b2 = o; p.radius = r;
    return p;
}

static void assert_zeroed(const ccref_ball_rolling_on_plane_result *r)
{
    ccref_test_assert_output_zero(&r->out, 1, 2);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            ASSERT_EXACT(r->plane_axes.m[i][j], 0.0);
    ASSERT_VEC_EXACT(r->contact_point, 0, 0, 0);
    ASSERT_EXACT(r->normal_force, 0.0);
    ASSERT_EXACT(r->friction_force_x, 0.0);
    ASSERT_EXACT(r->friction_force_y, 0.0);
}

/* ---------------------------------------------------------------- case A (same bodies as SphereOnPlane case A)
 * Plane body P = body 1: R1 = Rx90 = [[1,0,0],[0,0,-1],[0,1,0]], p1 = (1,2,0), w1 = (0,0,2), v1 = (1,0,0),
 *   b1 = (1,0,0), a1 = (0,1,0). n_P = (0,0,1), h = 1.
 * Axes in P: perp((0,0,1)): |components| (0,0,1), k = 0 (tie 0/1 -> lower): Px_P = (0,0,1)x(1,0,0) = (0,1,0);
 *   Py_P = (0,0,1)x(0,1,0) = (-1,0,0). In G (columns of R1): Px = (0,0,1), Py = (-1,0,0), n = (0,-1,0).
 * Ball body B = body 2: R2 = Rz90, p2 = (0,-3,1), w2 = (1,0,1), v2 = (0,0,1), b2 = (0,2,0), a2 = (1,0,0);
 *   o = (1,0,0), r = 1/2.
 * armO2 = (0,1,0), O = (0,-2,1), armO1 = (-1,-4,1); R1^T armO1 = (-1,1,4); d = 4 - 1 = 3.
 *   CB = O - r n = (0,-3/2,1); CP = O - d n = (0,1,1) (on the plane: -(y - 2) = 1); C = (CB + CP)/2 = (0,-1/4,1).
 * perr = (d - r)/2 = 5/4 (half of the separation 5/2).
 * s = (r + d)/2 = 7/4; sn = (0,-7/4,0); armC2 = (0,1,0) - sn = (0,11/4,0); C = p2 + armC2 = (0,-1/4,1);
 *   armC1 = C - p1 = (-1,-9/4,1).
 * v_P(O) = v(B/O) - v(P/O) = (-1,0,2) - (9,-2,0) = (-10,2,2)    (same numbers as SphereOnPlane case A)
 * verr[0] = (1/2) v_P(O) . n = (1/2)(-2) = -1.
 * a_P(O) = a(B/O) - a(P/O) - 2 w1 x v_P(O) = (1,-2,0) - (4,16,-4) - (-8,-40,0) = (5,22,4);
 * aerr[0] = (1/2)(-22) = -11.
 * v(B/C) = (0,0,1) + (1,0,1)x(0,11/4,0) = (0,0,1) + (-11/4,0,11/4) = (-11/4,0,15/4).
 * v(P/C) = (1,0,0) + (0,0,2)x(-1,-9/4,1) = (1,0,0) + (9/2,-2,0) = (11/2,-2,0).
 * u = (-33/4,2,15/4): verr[1] = u . Px = 15/4; verr[2] = u . Py = 33/4.
 * b_PB = (b2 - b1) - w1 x w2 = (-1,2,0) - (0,2,0) = (-1,0,0); b_PB x sn = (-1,0,0)x(0,-7/4,0) = (0,0,7/4).
 * wn = (w2 - w1) x n = (1,0,-1)x(0,-1,0) = (-1,0,-1); verr_n wn = -1 (-1,0,-1) = (1,0,1).
 * a_t = (5,22,4) - (0,0,7/4) - (1,0,1) = (4,22,5/4): aerr[1] = a_t . Px = 5/4; aerr[2] = a_t . Py = -4.
 * Relation to SphereOnPlane case A (perr_sop = 5/2, verr_sop = (-2,5/2,19/2), aerr_sop = (-22,7/2,-5);
 * spec "Relation to SphereOnPlaneContact"): verr[1] = 5/2 - (5/4)(wn.Px = -1) = 15/4,
 * verr[2] = 19/2 - (5/4)(wn.Py = 1) = 33/4; aerr[1] = 7/2 - (5/4)((b_PB x n).Px = 1) - (-1)(wn.Px = -1) = 5/4,
 * aerr[2] = -5 - (5/4)(0) - (-1)(1) = -4: the same values.
 * lambda = (2,3,-1): f = (lambda_n/2) n + 3 Px - Py = (0,-1,0) + (0,0,3) + (1,0,0) = (1,-1,3).
 *   body 2 moment = armC2 x f = (0,11/4,0)x(1,-1,3) = (33/4, 0, -11/4).
 *   body 1 moment = armC1 x (-f) = (-1,-9/4,1)x(-1,1,-3) = (27/4 - 1, -1 - 3, -1 - 9/4) = (23/4, -4, -13/4).
 *   normal_force = -lambda_n/2 = -1; friction = (-3, 1). */
static ccref_body case_a_body1(void)
{
    return ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 2, 0), ccref_test_v3(0, 0, 2),
                           ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
}
static ccref_body case_a_body2(void)
{
    return ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, -3, 1), ccref_test_v3(1, 0, 1),
                           ccref_test_v3(0, 0, 1), ccref_test_v3(0, 2, 0), ccref_test_v3(1, 0, 0));
}
static ccref_ball_rolling_on_plane_params case_a_params(void)
{
    return mk_params(ccref_test_v3(0, 0, 1), 1.0, ccref_test_v3(1, 0, 0), 0.5);
}

static void test_case_a(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_ball_rolling_on_plane_params prm = case_a_params();
    double lambda[3] = {2, 3, -1};
    ccref_ball_rolling_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 2);
    ASSERT_EXACT(r.out.perr[0], 1.25);
    ASSERT_EXACT(r.out.verr[0], -1.0);
    ASSERT_EXACT(r.out.verr[1], 3.75);
    ASSERT_EXACT(r.out.verr[2], 8.25);
    ASSERT_EXACT(r.out.aerr[0], -11.0);
    ASSERT_EXACT(r.out.aerr[1], 1.25);
    ASSERT_EXACT(r.out.aerr[2], -4.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 8.25, 0, -2.75);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1, -1, 3);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 5.75, -4, -3.25);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, 1, -3);
    ASSERT_VEC_EXACT(r.contact_point, 0, -0.25, 1);
    ccref_vec3 Px = COL(&r.plane_axes, 0), Py = COL(&r.plane_axes, 1), n = COL(&r.plane_axes, 2);
    ASSERT_VEC_EXACT(Px, 0, 0, 1);
    ASSERT_VEC_EXACT(Py, -1, 0, 0);
    ASSERT_VEC_EXACT(n, 0, -1, 0);
    ASSERT_EXACT(r.normal_force, -1.0);
    ASSERT_EXACT(r.friction_force_x, -3.0);
    ASSERT_EXACT(r.friction_force_y, 1.0);
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_BROP_NOT_IN_SIMBODY);
}

/* Case B: touching (perr = 0) and lifting off. Plane = Ground, n_P = (0,1,0), h = 1/2.
 *   perp((0,1,0)): k = 0 (tie 0/2 -> lower): Px = (0,1,0)x(1,0,0) = (0,0,-1); Py = (0,1,0)x(0,0,-1) = (-1,0,0).
 * Ball: R2 = I, p2 = (0,3/2,0), o = 0, r = 1, v2 = (2,1,0), w2 = (0,0,-2), a2 = (1,0,0), b2 = (0,0,-1).
 *   d = 3/2 - 1/2 = 1 = r: perr = 0; s = 1; C = O - n = (0,1/2,0) = CB = CP.
 *   v_P(O) = v2 = (2,1,0): verr[0] = 1/2 (the ball moves away from the plane at speed 1).
 *   u = v2 + w2 x (0,-1,0) = (2,1,0) + (-2,0,0) = (0,1,0): verr[1] = verr[2] = 0 (rolls without slip).
 *   a_P(O) = a2 = (1,0,0): aerr[0] = 0.
 *   b_PB = b2; b_PB x sn = (0,0,-1)x(0,1,0) = (1,0,0); wn = w2 x n = (0,0,-2)x(0,1,0) = (2,0,0);
 *   a_t = (1,0,0) - (1,0,0) - (1/2)(2,0,0) = (-1,0,0): aerr[1] = 0, aerr[2] = 1.
 *   (SphereOnPlane with the same plane would give aerr_y = 0: at perr = 0 the verr rows agree, but the aerr
 *   rows differ by -(verr_sop/2)(wn . Py) = -(1/2)(-2) = 1 because C slides down, away from O, as the ball lifts.)
 * lambda = (4,1,2): f = 2 n + Px + 2 Py = (0,2,0) + (0,0,-1) + (-2,0,0) = (-2,2,-1).
 *   body 2: armC2 = (0,-1,0): (0,-1,0)x(-2,2,-1) = (1, 0, -2).  body 1 (Ground): arm C = (0,1/2,0):
 *   (0,1/2,0)x(2,-2,1) = (1/2, 0, -1).  normal_force = -2, friction = (-1, -2). */
static void test_case_b_touching(void)
{
    ccref_body g = ccref_body_ground();
    ccref_body ball = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 1.5, 0), ccref_test_v3(0, 0, -2),
                                      ccref_test_v3(2, 1, 0), ccref_test_v3(0, 0, -1), ccref_test_v3(1, 0, 0));
    ccref_ball_rolling_on_plane_params prm = mk_params(ccref_test_v3(0, 1, 0), 0.5, ccref_test_v3(0, 0, 0), 1.0);
    double lambda[3] = {4, 1, 2};
    ccref_ball_rolling_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, &g, &ball, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 0.0);
    ASSERT_EXACT(r.out.verr[0], 0.5);
    ASSERT_EXACT(r.out.verr[1], 0.0);
    ASSERT_EXACT(r.out.verr[2], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 1, 0, -2);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, -2, 2, -1);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0.5, 0, -1);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 2, -2, 1);
    ASSERT_VEC_EXACT(r.contact_point, 0, 0.5, 0);
    ASSERT_VEC_EXACT(COL(&r.plane_axes, 0), 0, 0, -1);
    ASSERT_VEC_EXACT(COL(&r.plane_axes, 1), -1, 0, 0);
    ASSERT_VEC_EXACT(COL(&r.plane_axes, 2), 0, 1, 0);
    ASSERT_EXACT(r.normal_force, -2.0);
    ASSERT_EXACT(r.friction_force_x, -1.0);
    ASSERT_EXACT(r.friction_force_y, -2.0);
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_BROP_NOT_IN_SIMBODY);
}

/* Sign conventions. Plane = Ground, n_P = (0,0,1), h = 0; ball at rest, R2 = I, o = 0, r = 1.
 *   p2 = (0,0,3): d = 3, separation d - r = 2, perr = 1 > 0 (separated; half the distance).
 *     CB = (0,0,2), CP = (0,0,0), C = (0,0,1) (s = 2).
 *   lambda = (-4, 1, -3): f = -2 n + Px - 3 Py with Px = (0,1,0), Py = (-1,0,0): f = (3,1,-2).
 *     normal_force = -(-4)/2 = 2 > 0: the plane pushes the ball away (physical force -f has n-component 2);
 *     friction = (-1, 3) (physical force -f = (-3,-1,2) = -1 Px + 3 Py + 2 n).
 *   p2 = (0,0,1/2): d = 1/2, perr = (1/2 - 1)/2 = -1/4 < 0 (penetrating);
 *     CB = (0,0,-1/2), CP = (0,0,0), C = (0,0,-1/4) (s = 3/4). */
static void test_sign_conventions(void)
{
    ccref_body g = ccref_body_ground();
    ccref_body ball = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 0, 3));
    ccref_ball_rolling_on_plane_params prm = mk_params(ccref_test_v3(0, 0, 1), 0.0, ccref_test_v3(0, 0, 0), 1.0);
    double lambda[3] = {-4, 1, -3};
    ccref_ball_rolling_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, &g, &ball, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_VEC_EXACT(r.contact_point, 0, 0, 1);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 3, 1, -2);
    ASSERT_EXACT(r.normal_force, 2.0);
    ASSERT_EXACT(r.friction_force_x, -1.0);
    ASSERT_EXACT(r.friction_force_y, 3.0);
    for (int i = 0; i < 3; i++) {
        ASSERT_EXACT(r.out.verr[i], 0.0);
        ASSERT_EXACT(r.out.aerr[i], 0.0);
    }

    ball.p = ccref_test_v3(0, 0, 0.5);
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, &g, &ball, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -0.25);
    ASSERT_VEC_EXACT(r.contact_point, 0, 0, -0.25);
}

/* Tangent-axis rule (spec D2), plane = Ground unless said, ball at rest at (0,0,5), r = 1, lambda = 0.
 *   n_P = (1,0,0): |n| = (1,0,0), k = 1 (tie 1/2 -> lower): Px = (1,0,0)x(0,1,0) = (0,0,1);
 *     Py = (1,0,0)x(0,0,1) = (0,-1,0).
 *   n_P = (0,-1,0): k = 0: Px = (0,-1,0)x(1,0,0) = (0,0,1); Py = (0,-1,0)x(0,0,1) = (-1,0,0).
 *   Axes follow P's frame: R1 = Rz90, n_P = (0,0,1): Px_P = (0,1,0), Py_P = (-1,0,0) (case A), so
 *     Px = R1 (0,1,0) = (-1,0,0), Py = R1 (-1,0,0) = (0,-1,0), n = (0,0,1). (perp of n's G components would
 *     give Px = (0,1,0): the axes are not rebuilt in G.)
 *   Inexact, k = 2: n_P = (0.6,0.8,0): Px = unit((0.6,0.8,0)x(0,0,1)) = (0.8,-0.6,0);
 *     Py = unit(n x Px) = (0, 0, 0.6(-0.6) - 0.8(0.8)) = (0,0,-1).
 *   Inexact, k = 1: n_P = (0.6,0,0.8): Px = unit((0.6,0,0.8)x(0,1,0)) = (-0.8,0,0.6);
 *     Py = (0.6,0,0.8)x(-0.8,0,0.6) = (0, 0.8(-0.8) - 0.6(0.6), 0) = (0,-1,0).
 *   Tolerance for the inexact ones: 0.6, 0.8 stored with relative error 1.1e-16, |n|^2 off 1 by <= 4.4e-16,
 *   two cross products and two normalisations of terms <= 1: <= 12 roundings of unit size -> 3e-15. */
static void check_axes(const ccref_body *p, ccref_vec3 nP, ccref_vec3 ex, ccref_vec3 ey, ccref_vec3 en, double tol)
{
    ccref_body ball = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 0, 5));
    ccref_ball_rolling_on_plane_params prm = mk_params(nP, 0.0, ccref_test_v3(0, 0, 0), 1.0);
    double lambda[3] = {0, 0, 0};
    ccref_ball_rolling_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, p, &ball, lambda, 3, &r), CCREF_OK);
    ASSERT_VEC_NEAR(COL(&r.plane_axes, 0), ex.x, ex.y, ex.z, tol);
    ASSERT_VEC_NEAR(COL(&r.plane_axes, 1), ey.x, ey.y, ey.z, tol);
    ASSERT_VEC_NEAR(COL(&r.plane_axes, 2), en.x, en.y, en.z, tol);
}

static void test_axis_rule(void)
{
    ccref_body g = ccref_body_ground();
    ccref_body rz = ccref_test_at_rest(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, 0, 0));
    check_axes(&g, ccref_test_v3(1, 0, 0),
               ccref_test_v3(0, 0, 1), ccref_test_v3(0, -1, 0), ccref_test_v3(1, 0, 0), 0.0);
    check_axes(&g, ccref_test_v3(0, -1, 0),
               ccref_test_v3(0, 0, 1), ccref_test_v3(-1, 0, 0), ccref_test_v3(0, -1, 0), 0.0);
    check_axes(&rz, ccref_test_v3(0, 0, 1),
               ccref_test_v3(-1, 0, 0), ccref_test_v3(0, -1, 0), ccref_test_v3(0, 0, 1), 0.0);
    check_axes(&g, ccref_test_v3(0.6, 0.8, 0),
               ccref_test_v3(0.8, -0.6, 0), ccref_test_v3(0, 0, -1), ccref_test_v3(0.6, 0.8, 0), 3e-15);
    check_axes(&g, ccref_test_v3(0.6, 0, 0.8),
               ccref_test_v3(-0.8, 0, 0.6), ccref_test_v3(0, -1, 0), ccref_test_v3(0.6, 0, 0.8), 3e-15);
}

/* ---------------------------------------------------------------- bad inputs */

static void expect_error(const ccref_ball_rolling_on_plane_params *prm, const ccref_body *b1, const ccref_body *b2,
                         const double *lambda, size_t n, ccref_status want)
{
    ccref_ball_rolling_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(prm, b1, b2, lambda, n, &r), want);
    assert_zeroed(&r);
}

/* The kernel for the bad-body drivers: parameters and multipliers from here, bodies from the driver. */
typedef struct {
    ccref_ball_rolling_on_plane_params prm;
    double lambda[3];
    ccref_ball_rolling_on_plane_result r;
} brop_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    brop_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_ball_rolling_on_plane_eval(&k->prm, b1, b2, k->lambda, 3, &k->r);
}

static void run_zeroed(void *ctx) { assert_zeroed(&((brop_run *)ctx)->r); }

static void test_null_and_lambda(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_ball_rolling_on_plane_params prm = case_a_params();
    double lambda[3] = {1, 2, 3};
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, &b1, &b2, lambda, 3, NULL), CCREF_E_NULL_ARGUMENT);
    expect_error(NULL, &b1, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, NULL, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, &b1, NULL, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, &b1, &b2, NULL, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, &b1, &b2, lambda, 1, CCREF_E_LAMBDA_COUNT);
    expect_error(&prm, &b1, &b2, lambda, 2, CCREF_E_LAMBDA_COUNT);
    lambda[0] = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    lambda[0] = INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
}

static void test_nonfinite(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_ball_rolling_on_plane_params prm = case_a_params();
    brop_run run = {.prm = case_a_params(), .lambda = {1, 2, 3}};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* NaN, +Inf and -Inf in every scalar of each body (among them b1.v.z = NaN, b2.R[0][1] = Inf). */
    ccref_test_nonfinite_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    prm.normal_in_b1.x = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    prm = case_a_params();
    prm.height = -INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    prm = case_a_params();
    prm.center_in_b2.z = INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    prm = case_a_params();
    prm.radius = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
}

static void test_not_rotation(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_ball_rolling_on_plane_params prm = case_a_params();
    brop_run run = {.prm = case_a_params(), .lambda = {1, 2, 3}};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* Every ccref_test_nonrotation variant in each body, among them the reflection diag(1,-1,1) (orthonormal,
     * det -1) in body 1 and body 2's Rz90 with R[0][0] = 0.5 (not orthonormal). */
    ccref_test_nonrotation_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    b2.R.m[0][0] = 0.5;                /* not orthonormal */
    /* a non-rotation (order 4) wins over a bad radius and a zero normal (order 5) */
    prm.radius = 0.0;
    prm.normal_in_b1 = ccref_test_v3(0, 0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION);
}

static void test_radius_and_normal(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_ball_rolling_on_plane_params prm = case_a_params();
    prm.radius = 0.0;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    prm.radius = -2.0;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    /* radius (5a) before the normal (5b, 5c) */
    prm.normal_in_b1 = ccref_test_v3(0, 0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    prm = case_a_params();
    prm.normal_in_b1 = ccref_test_v3(0, 0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_ZERO_DIRECTION);
    prm.normal_in_b1 = ccref_test_v3(0, -0.0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_ZERO_DIRECTION);
    prm.normal_in_b1 = ccref_test_v3(0, 0, 2);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_UNIT_VECTOR);
    prm.normal_in_b1 = ccref_test_v3(0, 0, 1 + 1e-11);  /* |n|^2 - 1 = 2e-11 > 1e-12 */
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_UNIT_VECTOR);
    prm.normal_in_b1 = ccref_test_v3(1e-300, 0, 0);     /* tiny but nonzero: not a zero direction */
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_UNIT_VECTOR);
    /* within the tolerance: |n|^2 - 1 = 2e-13 <= 1e-12 is accepted and used as given */
    prm.normal_in_b1 = ccref_test_v3(0, 0, 1 + 1e-13);
    ccref_ball_rolling_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_ball_rolling_on_plane_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
}

/* Huge finite inputs. (1) w2 = (1e300,0,0), armO2 = (0,1,0): w2 x (w2 x armO2) ~ 1e600 in a(B/O).
 * (2) center (-1e308,0,0) -> armO2 = R2 o = (0,-1e308,0), armO1 = (-1,-1e308,1), R1^T armO1 = (-1,1,1e308):
 *     height -1e308 gives d = 1e308 + 1e308 = Inf.
 * (3) lambda = (1e300,0,0) with p2 = (1e300,0,0): moments ~ 1e600. */
static void test_overflow(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_ball_rolling_on_plane_params prm = case_a_params();
    b2.w = ccref_test_v3(1e300, 0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW);
    b2 = case_a_body2();
    prm.center_in_b2 = ccref_test_v3(-1e308, 0, 0);
    prm.height = -1e308;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW);
    prm = case_a_params();
    b2.p = ccref_test_v3(1e300, 0, 0);
    lambda[0] = 1e300;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void ball_rolling_on_plane_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux3(e, "contact_point", r->u.ball_rolling_on_plane.contact_point);
    ccref_expect_aux9(e, "plane_axes", &r->u.ball_rolling_on_plane.plane_axes);
    ccref_expect_aux(e, "normal_force", r->u.ball_rolling_on_plane.normal_force);
    ccref_expect_aux(e, "friction_force_x", r->u.ball_rolling_on_plane.friction_force_x);
    ccref_expect_aux(e, "friction_force_y", r->u.ball_rolling_on_plane.friction_force_y);
}

static void register_ball_rolling_on_plane(CU_pSuite s)
{
    CU_add_test(s, "case A (exact, relation to SphereOnPlane)", test_case_a);
    CU_add_test(s, "case B touching, lifting off", test_case_b_touching);
    CU_add_test(s, "sign conventions", test_sign_conventions);
    CU_add_test(s, "tangent-axis rule", test_axis_rule);
    CU_add_test(s, "NULL and multiplier checks", test_null_and_lambda);
    CU_add_test(s, "non-finite inputs", test_nonfinite);
    CU_add_test(s, "non-rotations", test_not_rotation);
    CU_add_test(s, "radius and normal checks", test_radius_and_normal);
    CU_add_test(s, "overflow", test_overflow);
}

CCREF_TEST_SUITE("ball_rolling_on_plane", register_ball_rolling_on_plane)
