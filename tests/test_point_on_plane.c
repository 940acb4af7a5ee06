/* test_point_on_plane.c: Constraint::PointOnPlaneContact kernel (src/point_on_plane.c), hand-derived cases.
 * Spec: spec/point_on_plane.md.
 * Every expected value is derived by hand in the comment next to it. Unless a tolerance is given the arithmetic
 * is exact in binary (small integers, halves, products with 0 and +-1). */
#include "testlib.h"

static void assert_zeroed(const ccref_point_on_plane_result *r)
{
    ccref_test_assert_output_zero(&r->out, 1, 2);
    ASSERT_VEC_EXACT(r->follower_point, 0, 0, 0);
    ASSERT_VEC_EXACT(r->force_on_follower, 0, 0, 0);
}

/* ---------------------------------------------------------------- case A
 * Surface body S = body 1: R1 = Rx90 = [[1,0,0],[0,0,-1],[0,1,0]], p1 = (1,2,0), w1 = (0,0,2), v1 = (1,0,0),
 *   b1 = (1,0,0), a1 = (0,1,0).
 * Plane frame X_SP: R_SP = Rz90 = [[0,-1,0],[1,0,0],[0,0,1]], Po = (3,-2,1).
 *   R_GP = R1 R_SP = [[0,-1,0],[0,0,-1],[1,0,0]]: Px = (0,0,1), Py = (-1,0,0), Pz = (0,-1,0); Pz_S = (0,0,1).
 * Follower body B = body 2: R2 = Rz90, p2 = (0,-3,1), w2 = (1,0,1), v2 = (0,0,1), b2 = (0,2,0), a2 = (1,0,0);
 *   f = (1,0,0).
 * arm2 = R2 f = (0,1,0); F = (0,-2,1); arm1 = F - p1 = (-1,-4,1).
 * perr: R1^T arm1 = [[1,0,0],[0,0,1],[0,-1,0]] (-1,-4,1) = (-1,1,4); minus Po = (-4,3,3); . Pz_S = 3.
 * v(B/F) = (0,0,1) + (1,0,1)x(0,1,0) = (0,0,1) + (-1,0,1) = (-1,0,2).
 * v(S/F) = (1,0,0) + (0,0,2)x(-1,-4,1) = (1,0,0) + (8,-2,0) = (9,-2,0).
 * v_rel = (-10,2,2): verr = (. Pz, . Px, . Py) = (-2, 2, 10).
 * a(B/F) = (1,0,0) + (0,2,0)x(0,1,0) + (1,0,1)x(-1,0,1) = (1,0,0) + 0 + (0,-2,0) = (1,-2,0).
 * a(S/F) = (0,1,0) + (1,0,0)x(-1,-4,1) + (0,0,2)x(8,-2,0) = (0,1,0) + (0,-1,-4) + (4,16,0) = (4,16,-4).
 * 2 w1 x v_rel = (0,0,4)x(-10,2,2) = (-8,-40,0).
 * a_rel = (1,-2,0) - (4,16,-4) - (-8,-40,0) = (5,22,4): aerr = (-22, 4, -5).
 * lambda = (2, 3, -1): f = 2 Pz + 3 Px - Py = (0,-2,0) + (0,0,3) + (1,0,0) = (1,-2,3).
 *   body 2 moment = arm2 x f = (0,1,0)x(1,-2,3) = (3, 0, -1).
 *   body 1 moment = arm1 x (-f) = (-1,-4,1)x(-1,2,-3) = (12 - 2, -1 - 3, -2 - 4) = (10, -4, -6). */
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
static ccref_point_on_plane_params case_a_params(void)
{
    ccref_point_on_plane_params p;
    p.plane_frame_in_b1.R = ccref_axis_rotation(2, 0.0, 1.0);
    p.plane_frame_in_b1.p = ccref_test_v3(3, -2, 1);
    p.follower_in_b2 = ccref_test_v3(1, 0, 0);
    return p;
}

static void test_case_a(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_point_on_plane_params prm = case_a_params();
    double lambda[3] = {2, 3, -1};
    ccref_point_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 2);
    ASSERT_EXACT(r.out.perr[0], 3.0);
    ASSERT_EXACT(r.out.verr[0], -2.0);   /* normal */
    ASSERT_EXACT(r.out.verr[1], 2.0);    /* x */
    ASSERT_EXACT(r.out.verr[2], 10.0);   /* y */
    ASSERT_EXACT(r.out.aerr[0], -22.0);
    ASSERT_EXACT(r.out.aerr[1], 4.0);
    ASSERT_EXACT(r.out.aerr[2], -5.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 3, 0, -1);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1, -2, 3);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 10, -4, -6);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, 2, -3);
    ASSERT_VEC_EXACT(r.follower_point, 0, -2, 1);
    ASSERT_VEC_EXACT(r.force_on_follower, -1, 2, -3);   /* -f */
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_POP_GETTER_ORDER);
}

/* Sign conventions and slip. Surface = Ground, plane frame I at Po = (5,5,1): Pz = +z, Px = +x, Py = +y,
 * the plane is z = 1. Follower body: R2 = I, p2 = (0,0,3), f = (1,0,0) -> F = (1,0,3), v2 = (1,2,-1),
 * w2 = (0,0,1), others 0.
 *   perr = (F - Po) . z = 3 - 1 = 2 > 0 (above the plane: separated).
 *   v_rel = v2 + w2 x (1,0,0) = (1,2,-1) + (0,1,0) = (1,3,-1): verr = (-1, 1, 3) (approaching, slipping).
 *   a_rel = w2 x (w2 x arm2) = (0,0,1)x(0,1,0) = (-1,0,0): aerr = (0, -1, 0) (centripetal, along -x).
 * lambda = (-4, 0, 0): f = (0,0,-4); force_on_follower = (0,0,4): a negative normal multiplier pushes the
 * follower up, away from the plane. body 2 moment = (1,0,0)x(0,0,-4) = (0*(-4) - 0*0, 0*0 - 1*(-4), 0) = (0,4,0);
 * body 1 (Ground) arm = F = (1,0,3): (1,0,3)x(0,0,4) = (0*4 - 3*0, 3*0 - 1*4, 0) = (0,-4,0). */
static void test_sign_conventions(void)
{
    ccref_body g = ccref_body_ground();
    ccref_body f = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 3), ccref_test_v3(0, 0, 1),
                                   ccref_test_v3(1, 2, -1), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_point_on_plane_params prm;
    prm.plane_frame_in_b1.R = ccref_test_identity();
    prm.plane_frame_in_b1.p = ccref_test_v3(5, 5, 1);
    prm.follower_in_b2 = ccref_test_v3(1, 0, 0);
    double lambda[3] = {-4, 0, 0};
    ccref_point_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(&prm, &g, &f, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 2.0);
    ASSERT_EXACT(r.out.verr[0], -1.0);
    ASSERT_EXACT(r.out.verr[1], 1.0);
    ASSERT_EXACT(r.out.verr[2], 3.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[1], -1.0);
    ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_VEC_EXACT(r.follower_point, 1, 0, 3);
    ASSERT_VEC_EXACT(r.force_on_follower, 0, 0, 4);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, 0, -4);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 4, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 0, 4);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, -4, 0);

    /* below the plane: p2 = (0,0,1/2) -> F = (1,0,1/2), perr = 1/2 - 1 = -1/2 (penetrating) */
    f.p = ccref_test_v3(0, 0, 0.5);
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(&prm, &g, &f, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -0.5);
}

/* Follower fixed on Ground, the plane body spins: the Coriolis and transport terms of the surface.
 * Surface body 1: R1 = I, p1 = 0, w1 = (0,0,1), v1 = b1 = a1 = 0; plane frame I, Po = 0 (plane z = 0 of body 1).
 * Follower = Ground, f = (2,0,1): F = (2,0,1), arm2 = (2,0,1), arm1 = (2,0,1).
 *   perr = 1.
 *   v(B/F) = 0; v(S/F) = (0,0,1)x(2,0,1) = (0*1 - 1*0, 1*2 - 0*1, 0) = (0,2,0); v_rel = (0,-2,0):
 *   verr = (0, 0, -2) (the follower slips backwards along y relative to the turning plane).
 *   a(S/F) = w1 x (w1 x arm1) = (0,0,1)x(0,2,0) = (-2,0,0); 2 w1 x v_rel = (0,0,2)x(0,-2,0) = (4,0,0).
 *   a_rel = 0 - (-2,0,0) - (4,0,0) = (-2,0,0): aerr = (0, -2, 0)
 *   (seen from the turning plane the fixed point circles at radius 2 with angular rate -1: centripetal -2 x).
 * lambda = (0, 1, 0): f = Px = (1,0,0); body 2 (Ground) moment = (2,0,1)x(1,0,0) = (0*0 - 1*0, 1*1 - 2*0, 0*0 - 0*1)
 *   = (0,1,0); body 1 moment = (2,0,1)x(-1,0,0) = (0,-1,0). */
static void test_spinning_surface(void)
{
    ccref_body s = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                                   ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_body g = ccref_body_ground();
    ccref_point_on_plane_params prm;
    prm.plane_frame_in_b1.R = ccref_test_identity();
    prm.plane_frame_in_b1.p = ccref_test_v3(0, 0, 0);
    prm.follower_in_b2 = ccref_test_v3(2, 0, 1);
    double lambda[3] = {0, 1, 0};
    ccref_point_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(&prm, &s, &g, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.verr[1], 0.0);
    ASSERT_EXACT(r.out.verr[2], -2.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[1], -2.0);
    ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 1, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, -1, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, 0, 0);
    ASSERT_VEC_EXACT(r.follower_point, 2, 0, 1);
    ASSERT_VEC_EXACT(r.force_on_follower, -1, 0, 0);
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_POP_GETTER_ORDER);
}

/* Inexact plane axes. Surface = Ground, R_SP = Rx(c = 0.6, s = 0.8): Px = (1,0,0), Py = (0,0.6,0.8),
 * Pz = (0,-0.8,0.6); Po = (0,0,1) (S frame). Follower: R2 = I, p2 = (1,0,5), f = 0, v2 = (0,1,1), rest 0.
 *   perr = ((1,0,5) - (0,0,1)) . Pz = (1,0,4) . (0,-0.8,0.6) = 2.4.
 *   v_rel = (0,1,1): verr = (-0.8 + 0.6, 0, 0.6 + 0.8) = (-0.2, 0, 1.4); a_rel = 0: aerr = 0.
 * lambda = (1,1,1): f = Pz + Px + Py = (1,-0.2,1.4); body 2 moment 0 (arm 0); body 1 moment
 *   = F x (-f) = (1,0,5)x(-1,0.2,-1.4) = (0*(-1.4) - 5*0.2, 5*(-1) - 1*(-1.4), 1*0.2 - 0) = (-1, -3.6, 0.2).
 * Tolerance: 0.6, 0.8 are stored with relative error <= 1.1e-16 and each output takes <= ~10 roundings of
 * terms <= 5: 10 * 5 * 2.2e-16 = 1.1e-14 -> 1.2e-14. */
static void test_inexact_axes(void)
{
    const double tol = 1.2e-14;
    ccref_body g = ccref_body_ground();
    ccref_body f = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 0, 5), ccref_test_v3(0, 0, 0),
                                   ccref_test_v3(0, 1, 1), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_point_on_plane_params prm;
    prm.plane_frame_in_b1.R = ccref_axis_rotation(0, 0.6, 0.8);
    prm.plane_frame_in_b1.p = ccref_test_v3(0, 0, 1);
    prm.follower_in_b2 = ccref_test_v3(0, 0, 0);
    double lambda[3] = {1, 1, 1};
    ccref_point_on_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(&prm, &g, &f, lambda, 3, &r), CCREF_OK);
    ASSERT_NEAR(r.out.perr[0], 2.4, tol);
    ASSERT_NEAR(r.out.verr[0], -0.2, tol);
    ASSERT_NEAR(r.out.verr[1], 0.0, tol);
    ASSERT_NEAR(r.out.verr[2], 1.4, tol);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_VEC_NEAR(r.out.force_on_body2.force, 1, -0.2, 1.4, tol);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_NEAR(r.out.force_on_body1.force, -1, 0.2, -1.4, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.moment, -1, -3.6, 0.2, tol);
    ASSERT_VEC_EXACT(r.follower_point, 1, 0, 5);
    ASSERT_VEC_NEAR(r.force_on_follower, -1, 0.2, -1.4, tol);
}

/* ---------------------------------------------------------------- bad inputs */

static void expect_error(const ccref_point_on_plane_params *prm, const ccref_body *b1, const ccref_body *b2,
                         const double *lambda, size_t n, ccref_status want)
{
    ccref_point_on_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(prm, b1, b2, lambda, n, &r), want);
    assert_zeroed(&r);
}

/* The kernel for the bad-body drivers: parameters and multipliers from here, bodies from the driver. */
typedef struct {
    ccref_point_on_plane_params prm;
    double lambda[3];
    ccref_point_on_plane_result r;
} pop_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    pop_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_point_on_plane_eval(&k->prm, b1, b2, k->lambda, 3, &k->r);
}

static void run_zeroed(void *ctx) { assert_zeroed(&((pop_run *)ctx)->r); }

static void test_null_and_lambda(void)
{
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_point_on_plane_params prm = case_a_params();
    double lambda[3] = {1, 2, 3};
    CU_ASSERT_EQUAL(ccref_point_on_plane_eval(&prm, &b1, &b2, lambda, 3, NULL), CCREF_E_NULL_ARGUMENT);
    expect_error(NULL, &b1, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, NULL, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, &b1, NULL, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, &b1, &b2, NULL, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&prm, &b1, &b2, lambda, 1, CCREF_E_LAMBDA_COUNT);   /* mv = 2 always: 3 multipliers */
    expect_error(&prm, &b1, &b2, lambda, 2, CCREF_E_LAMBDA_COUNT);
    expect_error(&prm, &b1, &b2, NULL, 0, CCREF_E_LAMBDA_COUNT);
    lambda[1] = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    lambda[1] = -INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
}

static void test_nonfinite(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_point_on_plane_params prm = case_a_params();
    pop_run run = {.prm = case_a_params(), .lambda = {1, 2, 3}};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* NaN, +Inf and -Inf in every scalar of each body (among them b1.b.x = Inf, b2.p.y = NaN). */
    ccref_test_nonfinite_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    prm.plane_frame_in_b1.p.z = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    prm = case_a_params();
    prm.plane_frame_in_b1.R.m[2][1] = INFINITY;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    prm = case_a_params();
    prm.follower_in_b2.x = NAN;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    /* non-finite (order 3) wins over a non-rotation (order 4) */
    b1.R.m[0][0] = 3.0;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
}

static void test_not_rotation(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_point_on_plane_params prm = case_a_params();
    ccref_mat3 refl = ccref_test_identity();
    refl.m[0][0] = -1.0;               /* orthonormal, det -1 */
    pop_run run = {.prm = case_a_params(), .lambda = {1, 2, 3}};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* Every ccref_test_nonrotation variant in each body, among them the reflection diag(-1,1,1) in body 1 and
     * body 2's Rz90 with R[2][2] = 1 + 1e-9 (not orthonormal). */
    ccref_test_nonrotation_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    prm.plane_frame_in_b1.R = refl;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION);
    prm.plane_frame_in_b1.R = ccref_test_identity();
    prm.plane_frame_in_b1.R.m[1][0] = 1e-6;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION);
}

/* Huge finite inputs. (1) w1 = (0,0,1e300) with arm1 = (-1,-4,1): w1 x (w1 x arm1) ~ 1e600 overflows in
 * a(S/F). (2) p2 = (1e300,0,0), lambda = (1e300,0,0): moment arm1 x (-f) ~ 1e600 overflows. */
static void test_overflow(void)
{
    double lambda[3] = {1, 2, 3};
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    ccref_point_on_plane_params prm = case_a_params();
    b1.w = ccref_test_v3(0, 0, 1e300);
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW);
    b1 = case_a_body1();
    b2.p = ccref_test_v3(1e300, 0, 0);
    lambda[0] = 1e300;
    expect_error(&prm, &b1, &b2, lambda, 3, CCREF_E_RESULT_OVERFLOW);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void point_on_plane_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux3(e, "follower_point", r->u.point_on_plane.follower_point);
    ccref_expect_aux3(e, "force_on_follower", r->u.point_on_plane.force_on_follower);
}

static void register_point_on_plane(CU_pSuite s)
{
    CU_add_test(s, "case A (exact)", test_case_a);
    CU_add_test(s, "sign conventions and slip", test_sign_conventions);
    CU_add_test(s, "spinning surface (Coriolis)", test_spinning_surface);
    CU_add_test(s, "inexact plane axes 0.6/0.8", test_inexact_axes);
    CU_add_test(s, "NULL and multiplier checks", test_null_and_lambda);
    CU_add_test(s, "non-finite inputs", test_nonfinite);
    CU_add_test(s, "non-rotations", test_not_rotation);
    CU_add_test(s, "overflow", test_overflow);
}

CCREF_TEST_SUITE("point_on_plane", register_point_on_plane)
