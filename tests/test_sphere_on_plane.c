/* test_sphere_on_plane.c: Constraint::SphereOnPlaneContact kernel (src/sphere_on_plane.c), hand-derived cases.
 * Spec: spec/sphere_on_plane.md.
 * Every expected value is derived by hand in the comment next to it. Unless a tolerance is given the arithmetic
 * is exact in binary (small integers, halves, quarters, products with 0 and +-1). */
#include "testlib.h"

static void assert_zeroed(const ccref_sphere_on_plane_result *r, int mv)
{
    ccref_test_assert_output_zero(&r->out, 1, mv);
    ASSERT_VEC_EXACT(r->contact_point, 0, 0, 0);
    ASSERT_EXACT(r->separation, 0.0);
    ASSERT_VEC_EXACT(r->force_on_sphere, 0, 0, 0);
}

/* ---------------------------------------------------------------- case A (shared with BallRollingOnPlane)
 * Plane body F = body 1: R1 = Rx90 = [[1,0,0],[0,0,-1],[0,1,0]], p1 = (1,2,0), w1 = (0,0,2), v1 = (1,0,0),
 *   b1 = (1,0,0), a1 = (0,1,0).
 * Plane frame X_FP: R_FP = Rz90 = [[0,-1,0],[1,0,0],[0,0,1]], p_FP = (3,-2,1).
 *   Pz_F = (0,0,1), h = p_FP . Pz_F = 1 (the tangential components 3, -2 do not enter).
 *   R_GP = R1 R_FP = [[0,-1,0],[0,0,-1],[1,0,0]]: Px = (0,0,1), Py = (-1,0,0), Pz = (0,-1,0).
 * Sphere body B = body 2: R2 = Rz90, p2 = (0,-3,1), w2 = (1,0,1), v2 = (0,0,1), b2 = (0,2,0), a2 = (1,0,0).
 *   o = (1,0,0), r = 1/2.
 * Geometry: armO2 = R2 o = (0,1,0); O = (0,-2,1); armO1 = O - p1 = (-1,-4,1).
 *   rPz = (0,-1/2,0); armC2 = armO2 - rPz = (0,3/2,0); C = p2 + armC2 = (0,-3/2,1); armC1 = C - p1 = (-1,-7/2,1).
 * perr = armO1 . Pz - (h + r) = 4 - 3/2 = 5/2.
 * v(B/O) = v2 + w2 x armO2 = (0,0,1) + (1,0,1)x(0,1,0) = (0,0,1) + (-1,0,1) = (-1,0,2).
 * v(F/O) = v1 + w1 x armO1 = (1,0,0) + (0,0,2)x(-1,-4,1) = (1,0,0) + (8,-2,0) = (9,-2,0).
 * v_F(O) = (-10,2,2); verr[0] = v_F(O) . Pz = -2.
 * a(B/O) = a2 + b2 x armO2 + w2 x (w2 x armO2) = (1,0,0) + (0,2,0)x(0,1,0) + (1,0,1)x(-1,0,1)
 *        = (1,0,0) + (0,0,0) + (0,-2,0) = (1,-2,0).
 * a(F/O) = a1 + b1 x armO1 + w1 x (w1 x armO1) = (0,1,0) + (1,0,0)x(-1,-4,1) + (0,0,2)x(8,-2,0)
 *        = (0,1,0) + (0,-1,-4) + (4,16,0) = (4,16,-4).
 * 2 w1 x v_F(O) = (0,0,4)x(-10,2,2) = (-8,-40,0).
 * a_F(O) = (1,-2,0) - (4,16,-4) - (-8,-40,0) = (5,22,4); aerr[0] = a_F(O) . Pz = -22.
 * Rolling:
 * v(B/C) = v2 + w2 x armC2 = (0,0,1) + (1,0,1)x(0,3/2,0) = (0,0,1) + (-3/2,0,3/2) = (-3/2,0,5/2).
 * v(F/C) = v1 + w1 x armC1 = (1,0,0) + (0,0,2)x(-1,-7/2,1) = (1,0,0) + (7,-2,0) = (8,-2,0).
 * v_F(B/C) = (-19/2,2,5/2); verr[1] = . Px = 5/2; verr[2] = . Py = 19/2.
 *   (check: v_F(O) - r (w2-w1) x Pz = (-10,2,2) - 1/2 (1,0,-1)x(0,-1,0) = (-10,2,2) - 1/2 (-1,0,-1) = same.)
 * b_FB = (b2 - b1) - w1 x w2 = (-1,2,0) - (0,0,2)x(1,0,1) = (-1,2,0) - (0,2,0) = (-1,0,0).
 * b_FB x rPz = (-1,0,0)x(0,-1/2,0) = (0,0,1/2); a_FC = (5,22,4) - (0,0,1/2) = (5,22,7/2).
 * aerr[1] = a_FC . Px = 7/2; aerr[2] = a_FC . Py = -5. */
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
static ccref_sphere_on_plane_params case_a_params(int rolling)
{
    ccref_sphere_on_plane_params p;
    p.plane_frame_in_b1.R = ccref_axis_rotation(2, 0.0, 1.0);
    p.plane_frame_in_b1.p = ccref_test_v3(3, -2, 1);
    p.center_in_b2 = ccref_test_v3(1, 0, 0);
    p.radius = 0.5;
    p.rolling = rolling;
    return p;
}

static void test_case_a_rolling(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(1);
    /* lambda = (2, 3, -1): f = 2 Pz + 3 Px - Py = (0,-2,0) + (0,0,3) + (1,0,0) = (1,-2,3). */
    double lambda[3] = {2, 3, -1};
    ccref_sphere_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 2);
    ASSERT_EXACT(r.out.perr[0], 2.5);       /* 4 - (1 + 1/2) */
    ASSERT_EXACT(r.out.verr[0], -2.0);      /* v_F(O) . Pz */
    ASSERT_EXACT(r.out.verr[1], 2.5);       /* v_F(B/C) . Px */
    ASSERT_EXACT(r.out.verr[2], 9.5);       /* v_F(B/C) . Py */
    ASSERT_EXACT(r.out.aerr[0], -22.0);     /* a_F(O) . Pz */
    ASSERT_EXACT(r.out.aerr[1], 3.5);       /* a_FC . Px */
    ASSERT_EXACT(r.out.aerr[2], -5.0);      /* a_FC . Py */
    /* body 2: armC2 x f = (0,3/2,0)x(1,-2,3) = (9/2, 0, -3/2); force f. */
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 4.5, 0, -1.5);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1, -2, 3);
    /* body 1: armC1 x (-f) = (-1,-7/2,1)x(-1,2,-3) = (21/2 - 2, -1 - 3, -2 - 7/2) = (17/2, -4, -11/2). */
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 8.5, -4, -5.5);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, 2, -3);
    ASSERT_VEC_EXACT(r.contact_point, 0, -1.5, 1);   /* C = O - r Pz */
    ASSERT_EXACT(r.separation, 2.5);                 /* = perr */
    ASSERT_VEC_EXACT(r.force_on_sphere, -1, 2, -3);  /* -f */
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

static void test_case_a_nonrolling(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(0);
    /* lambda_n = 2: f = 2 Pz = (0,-2,0). */
    double lambda = 2.0;
    ccref_sphere_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(&prm, &b1, &b2, &lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    ASSERT_EXACT(r.out.perr[0], 2.5);
    ASSERT_EXACT(r.out.verr[0], -2.0);
    ASSERT_EXACT(r.out.aerr[0], -22.0);
    /* no tangential rows: the unused slots stay zero */
    ASSERT_EXACT(r.out.verr[1], 0.0); ASSERT_EXACT(r.out.verr[2], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0); ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_EXACT(r.out.perr[1], 0.0); ASSERT_EXACT(r.out.perr[2], 0.0);
    /* body 2: (0,3/2,0)x(0,-2,0) = 0 (force along the O-C line); body 1: (-1,-7/2,1)x(0,2,0) = (-2, 0, -2). */
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -2, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, -2, 0, -2);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 2, 0);
    ASSERT_VEC_EXACT(r.contact_point, 0, -1.5, 1);
    ASSERT_EXACT(r.separation, 2.5);
    ASSERT_VEC_EXACT(r.force_on_sphere, 0, 2, 0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* Sign conventions. Plane = Ground with identity plane frame at p_FP = (1/4, -3, 1): Pz = +z, h = 1
 * (only the z component of the plane origin counts). Sphere body at rest, R2 = I, o = 0, r = 1.
 *   p2 = (0,0,3): perr = 3 - (1 + 1) = 1 > 0 (separated, lowest point C = (0,0,2) one unit above z = 1).
 *   p2 = (0,0,3/2): perr = 3/2 - 2 = -1/2 < 0 (penetrating), C = (0,0,1/2).
 * Non-rolling, lambda_n = -4: f = -4 Pz = (0,0,-4); force_on_sphere = (0,0,4): a negative normal multiplier
 * pushes the sphere up, away from the plane. Body 2 moment: armC2 x f = (0,0,-1)x(0,0,-4) = 0. Body 1
 * (Ground): arm C - p1 = C; (0,0,2)x(0,0,4) = 0. */
static void test_sign_conventions(void)
{
    ccref_body g = ccref_body_ground();
    ccref_body s = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 0, 3));
    ccref_sphere_on_plane_params prm;
    prm.plane_frame_in_b1.R = ccref_test_identity();
    prm.plane_frame_in_b1.p = ccref_test_v3(0.25, -3, 1);
    prm.center_in_b2 = ccref_test_v3(0, 0, 0);
    prm.radius = 1.0;
    prm.rolling = 0;
    double lambda = -4.0;
    ccref_sphere_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(&prm, &g, &s, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_EXACT(r.separation, 1.0);
    ASSERT_VEC_EXACT(r.contact_point, 0, 0, 2);
    ASSERT_VEC_EXACT(r.force_on_sphere, 0, 0, 4);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, 0, -4);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 0, 4);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 0, 0);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);

    s.p = ccref_test_v3(0, 0, 1.5);
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(&prm, &g, &s, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -0.5);
    ASSERT_VEC_EXACT(r.contact_point, 0, 0, 0.5);
}

/* Inexact plane axes. Plane = Ground, R_FP = Rx(c = 0.6, s = 0.8) = [[1,0,0],[0,0.6,-0.8],[0,0.8,0.6]],
 * p_FP = 0: Px = (1,0,0), Py = (0,0.6,0.8), Pz = (0,-0.8,0.6), h = 0.
 * Sphere: R2 = I, p2 = (1,0,5), o = 0, r = 1, w2 = (2,0,0), v2 = (0,0,1), b2 = (0,0,1), a2 = 0. Rolling.
 *   armO2 = 0, O = (1,0,5); perr = (1,0,5).Pz - 1 = 3 - 1 = 2.
 *   v_F(O) = v2 = (0,0,1): verr[0] = 0.6.
 *   a(B/O) = a2 = 0, a(F/O) = 0, w1 = 0: a_F(O) = 0, aerr[0] = 0.
 *   armC2 = -Pz = (0,0.8,-0.6); C = (1,0.8,4.4).
 *   v(B/C) = (0,0,1) + (2,0,0)x(0,0.8,-0.6) = (0,0,1) + (0,1.2,1.6) = (0,1.2,2.6); v(F/C) = 0.
 *   verr[1] = 0; verr[2] = 1.2*0.6 + 2.6*0.8 = 0.72 + 2.08 = 2.8.
 *   b_FB = b2 = (0,0,1); b_FB x rPz = (0,0,1)x(0,-0.8,0.6) = (0.8,0,0); a_FC = (-0.8,0,0).
 *   aerr[1] = -0.8; aerr[2] = 0.
 * lambda = (1, 1, 1): f = Pz + Px + Py = (1, -0.2, 1.4); force_on_sphere = (-1, 0.2, -1.4).
 *   body 2 moment = armC2 x f = (0,0.8,-0.6)x(1,-0.2,1.4) = (0.8*1.4 - (-0.6)(-0.2), -0.6*1 - 0*1.4, 0*(-0.2) - 0.8*1)
 *                 = (1.12 - 0.12, -0.6, -0.8) = (1, -0.6, -0.8).
 *   body 1 (Ground) moment = C x (-f) = (1,0.8,4.4)x(-1,0.2,-1.4)
 *                 = (0.8*(-1.4) - 4.4*0.2, 4.4*(-1) - 1*(-1.4), 1*0.2 - 0.8*(-1)) = (-2, -3, 1).
 * Tolerance: the stored 0.6, 0.8 carry a relative representation error <= 1.1e-16 and each output takes at most
 * ~10 roundings of terms of magnitude <= 5: 10 * 5 * 2.2e-16 = 1.1e-14 -> 1.2e-14. */
static void test_inexact_axes(void)
{
    const double tol = 1.2e-14;
    ccref_body g = ccref_body_ground();
    ccref_body s = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 0, 5), ccref_test_v3(2, 0, 0),
                                   ccref_test_v3(0, 0, 1), ccref_test_v3(0, 0, 1), ccref_test_v3(0, 0, 0));
    ccref_sphere_on_plane_params prm;
    prm.plane_frame_in_b1.R = ccref_axis_rotation(0, 0.6, 0.8);
    prm.plane_frame_in_b1.p = ccref_test_v3(0, 0, 0);
    prm.center_in_b2 = ccref_test_v3(0, 0, 0);
    prm.radius = 1.0;
    prm.rolling = 1;
    double lambda[3] = {1, 1, 1};
    ccref_sphere_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(&prm, &g, &s, lambda, 3, &r), CCREF_OK);
    ASSERT_NEAR(r.out.perr[0], 2.0, tol);
    ASSERT_NEAR(r.out.verr[0], 0.6, tol);
    ASSERT_NEAR(r.out.verr[1], 0.0, tol);
    ASSERT_NEAR(r.out.verr[2], 2.8, tol);
    ASSERT_NEAR(r.out.aerr[0], 0.0, tol);
    ASSERT_NEAR(r.out.aerr[1], -0.8, tol);
    ASSERT_NEAR(r.out.aerr[2], 0.0, tol);
    ASSERT_VEC_NEAR(r.contact_point, 1, 0.8, 4.4, tol);
    ASSERT_NEAR(r.separation, 2.0, tol);
    ASSERT_VEC_NEAR(r.force_on_sphere, -1, 0.2, -1.4, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body2.force, 1, -0.2, 1.4, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body2.moment, 1, -0.6, -0.8, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.force, -1, 0.2, -1.4, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.moment, -2, -3, 1, tol);
}

/* ---------------------------------------------------------------- bad inputs */

static void expect_error(const ccref_sphere_on_plane_params *prm, const ccref_body *b1, const ccref_body *b2,
                         const double *lambda, size_t n, ccref_status want, int mv)
{
    ccref_sphere_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(prm, b1, b2, lambda, n, &r), want);
    assert_zeroed(&r, mv);
}

/* The kernel for the bad-body drivers: parameters and multipliers from here, bodies from the driver. */
typedef struct {
    ccref_sphere_on_plane_params prm;
    double lambda[3];
    ccref_sphere_on_plane_result r;
} sop_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    sop_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_sphere_on_plane_eval(&k->prm, b1, b2, k->lambda, k->prm.rolling ? 3 : 1, &k->r);
}

static void run_zeroed(void *ctx)
{
    sop_run *k = ctx;
    assert_zeroed(&k->r, k->prm.rolling ? 2 : 0);
}

static void test_null_and_lambda(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(1), prm0 = case_a_params(0);
    double lambda[3] = {1, 2, 3};
    CU_ASSERT_EQUAL(ccref_sphere_on_plane_eval(&prm, &b1, &b2, lambda, 3, NULL), CCREF_E_NULL_ARGUMENT);
    expect_error(NULL, &b1, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT, 0);
    expect_error(&prm, NULL, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT, 2);
    expect_error(&prm, &b1, NULL, lambda, 3, CCREF_E_NULL_ARGUMENT, 2);
    expect_error(&prm, &b1, &b2, NULL, 3, CCREF_E_NULL_ARGUMENT, 2);
    /* rolling needs 3 multipliers, non-rolling 1 */
    expect_error(&prm, &b1, &b2, lambda, 1, CCREF_E_LAMBDA_COUNT, 2);
    expect_error(&prm, &b1, &b2, lambda, 2, CCREF_E_LAMBDA_COUNT, 2);
    expect_error(&prm0, &b1, &b2, lambda, 3, CCREF_E_LAMBDA_COUNT, 0);
    expect_error(&prm0, &b1, &b2, lambda, 0, CCREF_E_LAMBDA_COUNT, 0);
    /* count is checked before the pointer */
    expect_error(&prm, &b1, &b2, NULL, 1, CCREF_E_LAMBDA_COUNT, 2);
    lambda[2] = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
    lambda[2] = INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
}

static void test_nonfinite(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(1);

    /* NaN, +Inf and -Inf in every scalar of each body, rolling and not (among them b1.w.y = NaN, b2.a.z = -Inf and
     * b2.R[1][2] = NaN rolling). */
    for (int rolling = 1; rolling >= 0; rolling--) {
        sop_run run = {.prm = case_a_params(rolling), .lambda = {1, 2, 3}};
        ccref_test_kernel k = {run_eval, run_zeroed, &run};
        ccref_test_nonfinite_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    }
    prm.plane_frame_in_b1.p.x = INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
    prm = case_a_params(1);
    prm.plane_frame_in_b1.R.m[0][0] = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
    prm = case_a_params(1);
    prm.center_in_b2.y = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
    prm = case_a_params(1);
    prm.radius = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
    prm.radius = INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
    /* non-finite wins over a non-rotation and a bad radius (check order 3 before 4 and 5) */
    prm.radius = -1.0;
    b1.R.m[0][0] = 2.0;
    b2.v.x = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT, 2);
}

static void test_not_rotation(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(1);
    ccref_mat3 refl = ccref_test_identity();
    refl.m[2][2] = -1.0;               /* orthonormal, det -1 */

    /* Every ccref_test_nonrotation variant in each body, rolling and not (among them body 1's Rx90 with
     * R[0][0] = 1 + 1e-9, not orthonormal, and the reflection diag(1,1,-1) in body 2, rolling). */
    for (int rolling = 1; rolling >= 0; rolling--) {
        sop_run run = {.prm = case_a_params(rolling), .lambda = {1, 2, 3}};
        ccref_test_kernel k = {run_eval, run_zeroed, &run};
        ccref_test_nonrotation_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    }
    prm.plane_frame_in_b1.R = refl;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION, 2);
    prm.plane_frame_in_b1.R = ccref_test_identity();
    prm.plane_frame_in_b1.R.m[0][1] = 0.5;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION, 2);
    /* a non-rotation wins over a bad radius (order 4 before 5) */
    prm.radius = 0.0;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION, 2);
}

static void test_radius(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(1);
    prm.radius = 0.0;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS, 2);
    prm.radius = -0.0;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS, 2);
    prm.radius = -0.5;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS, 2);
    prm.rolling = 0;
    expect_error(&prm, &b1, &b2, lambda, 1, CCREF_E_NONPOSITIVE_RADIUS, 0);
}

/* Huge finite inputs. (1) w2 = (1e300,0,0), o = (1,0,0) -> armO2 = R2 o = (0,1,0):
 * w2 x (w2 x armO2) = (0,-1e600,0) overflows in a(B/O). (2) p2 = (1e300,0,0) with lambda_n = 1e300:
 * the force 1e300 Pz times the lever arm ~1e300 overflows in the moments. (3) radius 1e308, o = (1e308,0,0)
 * rolling: armC2 = (0,1e308,0) - 1e308 (0,-1,0) = (0,2e308,0) = Inf. */
static void test_overflow(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_sphere_on_plane_params prm = case_a_params(1);
    b2.w = ccref_test_v3(1e300, 0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW, 2);
    b2 = case_a_body2();
    b2.p = ccref_test_v3(1e300, 0, 0);
    lambda[0] = 1e300;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW, 2);
    lambda[0] = 1.0;
    b2 = case_a_body2();
    prm.radius = 1e308;
    prm.center_in_b2 = ccref_test_v3(1e308, 0, 0);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW, 2);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void sphere_on_plane_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux3(e, "contact_point", r->u.sphere_on_plane.contact_point);
    ccref_expect_aux(e, "separation", r->u.sphere_on_plane.separation);
    ccref_expect_aux3(e, "force_on_sphere", r->u.sphere_on_plane.force_on_sphere);
}

static void register_sphere_on_plane(CU_pSuite s)
{
    CU_add_test(s, "case A rolling (exact)", test_case_a_rolling);
    CU_add_test(s, "case A non-rolling (exact)", test_case_a_nonrolling);
    CU_add_test(s, "sign conventions", test_sign_conventions);
    CU_add_test(s, "inexact plane axes 0.6/0.8", test_inexact_axes);
    CU_add_test(s, "NULL and multiplier checks", test_null_and_lambda);
    CU_add_test(s, "non-finite inputs", test_nonfinite);
    CU_add_test(s, "non-rotations", test_not_rotation);
    CU_add_test(s, "radius <= 0", test_radius);
    CU_add_test(s, "overflow", test_overflow);
}

CCREF_TEST_SUITE("sphere_on_plane", register_sphere_on_plane)
