/* test_point_in_plane.c: Constraint::PointInPlane kernel (src/point_in_plane.c).   Spec: spec/point_in_plane.md
 * Every expected value below is derived by hand in the comment next to it. Unless a tolerance is given the
 * arithmetic is exact in binary (small integers, halves, products with 0 and +-1). */
#include "testlib.h"

static void assert_zeroed(const ccref_point_in_plane_result *r)
{
    ccref_test_assert_output_zero(&r->out, 1, 0);
    ASSERT_VEC_EXACT(r->follower_point, 0, 0, 0);
}

/* General moving case, exact. Hand derivation:
 * body 1 (plane): R1 = Rz90 = [[0,-1,0],[1,0,0],[0,0,1]] (columns (0,1,0), (-1,0,0), (0,0,1)), p1 = (1,0,0),
 *         w1 = (0,0,1), v1 = (0,1,0), b1 = (0,0,2), a1 = (1,0,0); normal n = (1,0,0), height h = 0.5.
 * body 2 (follower): R2 = I, p2 = (2,1,0), w2 = (1,0,0), v2 = (0,0,1), b2 = (0,1,0), a2 = 0;
 *         follower station (0,0,1).
 *   arm2 = (0,0,1), S = (2,1,1), arm1 = S - p1 = (1,1,1), n_G = R1 n = column 0 = (0,1,0).
 *   perr = (R1^T arm1).n - h: R1^T (1,1,1) = ((0,1,0).(1,1,1), (-1,0,0).(1,1,1), (0,0,1).(1,1,1)) = (1,-1,1);
 *          dot (1,0,0) = 1; perr = 1 - 0.5 = 0.5.
 *   v(B2/S) = (0,0,1) + (1,0,0)x(0,0,1) = (0,-1,1); v(B1/S) = (0,1,0) + (0,0,1)x(1,1,1) = (-1,2,0);
 *   u = (1,-3,1); verr = u.n_G = -3.
 *   a(B2/S) = (0,1,0)x(0,0,1) + (1,0,0)x(0,-1,0) = (1,0,0) + (0,0,-1) = (1,0,-1);
 *   a(B1/S) = (1,0,0) + (0,0,2)x(1,1,1) + (0,0,1)x(-1,1,0) = (1,0,0) + (-2,2,0) + (-1,-1,0) = (-2,1,0);
 *   arel = (3,-1,-1); 2 w1 x u = 2 (0,0,1)x(1,-3,1) = 2 (3,1,0) = (6,2,0);
 *   aerr = (arel - 2 w1 x u).n_G = (-3,-3,-1).(0,1,0) = -3   (without the Coriolis term it would be -1).
 *   lambda = 2: f = 2 n_G = (0,2,0).
 *   body 2: arm2 x f = (0,0,1)x(0,2,0) = (-2,0,0), force (0,2,0).
 *   body 1: arm1 x (-f) = (1,1,1)x(0,-2,0) = (1*0-1*(-2), 1*0-1*0, 1*(-2)-1*0) = (2,0,-2), force (0,-2,0).
 *   (Power: (-2,0,0).(1,0,0) + (0,2,0).(0,0,1) + (2,0,-2).(0,0,1) + (0,-2,0).(0,1,0) = -2 - 2 - 2 = -6
 *   = lambda verr.)  follower_point = S = (2,1,1). */
static void test_pip_general(void)
{
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                                    ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    ccref_point_in_plane_params prm = {ccref_test_v3(1, 0, 0), 0.5, ccref_test_v3(0, 0, 1)};
    double lambda = 2.0;
    ccref_point_in_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&prm, &b1, &b2, &lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    ASSERT_EXACT(r.out.perr[0], 0.5);
    ASSERT_EXACT(r.out.verr[0], -3.0);
    ASSERT_EXACT(r.out.aerr[0], -3.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, -2, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, 2, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 2, 0, -2);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, -2, 0);
    ASSERT_VEC_EXACT(r.follower_point, 2, 1, 1);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* Sign convention (the Simbody harness case of PointPlaneFrictionlessContact): plane = Ground, n = +y, h = 0.5,
 * follower = origin of body 2 at (0.1,0.7,0.2) moving with v = (1,2,3).
 *   perr = 0.7 - 0.5 = 0.2 > 0: the follower is on the side the normal points to (separated).
 *     The kernel computes double(0.7) - 0.5 exactly (Sterbenz), so |perr - 0.2| <= |double(0.7) - 0.7|
 *     + |double(0.2) - 0.2| <= 5.6e-17 + 1.4e-17 < 1e-16.
 *   verr = (1,2,3).(0,1,0) = 2 exactly; aerr = 0.
 *   lambda = 1.5: body 2: arm 0 -> moment 0, force (0,1.5,0).
 *   body 1: arm1 = S = (0.1,0.7,0.2), moment arm1 x (0,-1.5,0) = (0.7*0 - 0.2*(-1.5), 0.2*0 - 0.1*0,
 *   0.1*(-1.5) - 0.7*0) = (0.3, 0, -0.15); force (0,-1.5,0). Each moment component is one product of a rounded
 *   input by 1.5: error <= 1.5*1.4e-17 + ulp(0.3)/2 (2.8e-17) + literal error 2.8e-17 < 1e-16. */
static void test_pip_sign_convention(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0.1, 0.7, 0.2), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(1, 2, 3), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_point_in_plane_params prm = {ccref_test_v3(0, 1, 0), 0.5, ccref_test_v3(0, 0, 0)};
    double lambda = 1.5;
    ccref_point_in_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_NEAR(r.out.perr[0], 0.2, 1e-16);
    CU_ASSERT(r.out.perr[0] > 0.0);
    ASSERT_EXACT(r.out.verr[0], 2.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, 1.5, 0);
    ASSERT_VEC_NEAR(r.out.force_on_body1.moment, 0.3, 0.0, -0.15, 1e-16);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, -1.5, 0);
    ASSERT_VEC_EXACT(r.follower_point, 0.1, 0.7, 0.2);
    /* Below the plane: follower at y = 0.25 -> perr = 0.25 - 0.5 = -0.25 (exact). */
    b2.p = ccref_test_v3(0.1, 0.25, 0.2);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -0.25);
}

/* Block resting on a floor (worked sign example of spec/point_in_plane.md): plane = Ground, n = +y, h = 0;
 * follower station at the origin of body 2, which is at rest at (1,0,2); m = 2, g = 9.81.
 *   perr = (1,0,2).(0,1,0) - 0 = 0, verr = aerr = 0.
 *   With udot = 0, M udot + G^T lambda = f_applied says the kernel's force on body 2 equals gravity (0,-m g,0):
 *   lambda n_G = (0,-19.62,0) -> lambda = -19.62. A negative multiplier is a push of the plane on the follower
 *   along +n (physically applied force -lambda n_G = (0,+19.62,0)).
 *   body 2: arm 0 -> moment 0, force (0,-19.62,0); body 1 (Ground): arm S - p1 = (1,0,2),
 *   moment (1,0,2) x (0,19.62,0) = (0*0 - 2*19.62, 2*0 - 1*0, 1*19.62 - 0*0) = (-39.24, 0, 19.62) (doubling is
 *   exact), force (0,19.62,0). */
static void test_pip_resting_block(void)
{
    const double m = 2.0, g = 9.81;
    ccref_body ground = ccref_body_ground();
    ccref_body block = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1, 0, 2));
    ccref_point_in_plane_params prm = {ccref_test_v3(0, 1, 0), 0.0, ccref_test_v3(0, 0, 0)};
    double lambda = -19.62;
    ccref_point_in_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&prm, &ground, &block, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 0.0);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -(m * g), 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, -39.24, 0, 19.62);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 19.62, 0);
    ASSERT_VEC_EXACT(r.follower_point, 1, 0, 2);
}

/* Rounded normal: plane = Ground, n = (0.6,0.8,0) (unit within CCREF_UNIT_TOL in binary), h = 1; follower at
 * (3,4,7) moving with v = (1,-2,5), a = (2,1,0).
 *   perr = 0.6*3 + 0.8*4 + 0*7 - 1 = 1.8 + 3.2 - 1 = 4; verr = 0.6*1 + 0.8*(-2) = -1; aerr = 0.6*2 + 0.8*1 = 2.
 *   Tolerance: each value takes at most 4 roundings of quantities <= 5, each <= ulp(5)/2 = 4.4e-16 (1.8e-15),
 *   plus the representation errors of 0.6 and 0.8 (<= 5.6e-17 each) times coefficients of magnitude <= 4
 *   (<= 3.9e-16): below 2.2e-15, asserted with 2.5e-15.
 *   lambda = 1: force on body 2 = n_G = (0.6,0.8,0) exactly (R1 = I: 1*0.6 + 0*0.8 + 0*0 = 0.6). */
static void test_pip_rounded_normal(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(3, 4, 7), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(1, -2, 5), ccref_test_v3(0, 0, 0), ccref_test_v3(2, 1, 0));
    ccref_point_in_plane_params prm = {ccref_test_v3(0.6, 0.8, 0), 1.0, ccref_test_v3(0, 0, 0)};
    double lambda = 1.0;
    ccref_point_in_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_NEAR(r.out.perr[0], 4.0, 2.5e-15);
    ASSERT_NEAR(r.out.verr[0], -1.0, 2.5e-15);
    ASSERT_NEAR(r.out.aerr[0], 2.0, 2.5e-15);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0.6, 0.8, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -0.6, -0.8, 0.0);
}

/* A normal within CCREF_UNIT_TOL of unit length is accepted as given (not renormalised):
 * n = (1 + 2^-45, 0, 0): |n|^2 - 1 ~ 2^-44 = 5.7e-14 <= 1e-12. Plane = Ground, h = 0, follower at (2,0,0):
 * perr = 2 (1 + 2^-45) = 2 + 2^-44 exactly. */
static void test_pip_near_unit_normal_accepted(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(2, 0, 0));
    ccref_point_in_plane_params prm = {ccref_test_v3(1 + 0x1p-45, 0, 0), 0.0, ccref_test_v3(0, 0, 0)};
    double lambda = 0.0;
    ccref_point_in_plane_result r;
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 2 + 0x1p-44);
}

/* ------------------------------------------------------------------------------------------- bad inputs */

typedef struct {
    ccref_point_in_plane_params prm;
    ccref_body b1, b2;
    double lambda[2];
} pip_case;

static pip_case good_case(void)
{
    pip_case c;
    c.prm.normal_in_b1 = ccref_test_v3(1, 0, 0);
    c.prm.height = 0.5;
    c.prm.follower_in_b2 = ccref_test_v3(0, 0, 1);
    c.b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                           ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                           ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    c.lambda[0] = 2; c.lambda[1] = 5;
    return c;
}

static void expect_status(const pip_case *c, size_t n, ccref_status want)
{
    ccref_point_in_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&c->prm, &c->b1, &c->b2, c->lambda, n, &r), want);
    assert_zeroed(&r);
}

/* The kernel for the bad-body drivers: parameters and 1 multiplier from a pip_case, bodies from the driver. */
typedef struct {
    const pip_case *c;
    ccref_point_in_plane_result r;
} pip_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    pip_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_point_in_plane_eval(&k->c->prm, b1, b2, k->c->lambda, 1, &k->r);
}

static void run_zeroed(void *ctx) { assert_zeroed(&((pip_run *)ctx)->r); }

static void test_pip_null_arguments(void)
{
    pip_case c = good_case();
    ccref_point_in_plane_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(NULL, &c.b1, &c.b2, c.lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&c.prm, NULL, &c.b2, c.lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&c.prm, &c.b1, NULL, c.lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&c.prm, &c.b1, &c.b2, NULL, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    CU_ASSERT_EQUAL(ccref_point_in_plane_eval(&c.prm, &c.b1, &c.b2, c.lambda, 1, NULL), CCREF_E_NULL_ARGUMENT);
}

static void test_pip_lambda_checks(void)
{
    pip_case c = good_case();
    expect_status(&c, 0, CCREF_E_LAMBDA_COUNT);
    expect_status(&c, 2, CCREF_E_LAMBDA_COUNT);
    c.lambda[0] = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c.lambda[0] = INFINITY;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
}

static void test_pip_nonfinite_inputs(void)
{
    pip_case c = good_case();
    pip_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* NaN, +Inf and -Inf in every scalar of each body (among them b1.b.x = NaN, b2.p.z = -Inf). */
    ccref_test_nonfinite_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    c.prm.normal_in_b1.y = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c = good_case();
    c.prm.height = INFINITY;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c = good_case();
    c.prm.follower_in_b2.x = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    /* Order: non-finite wins over a non-rotation and a zero normal. */
    c = good_case();
    c.prm.normal_in_b1 = ccref_test_v3(0, 0, 0);
    c.b2.R.m[2][0] = 1.0;
    c.b1.w.y = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
}

static void test_pip_not_rotation(void)
{
    pip_case c = good_case();
    pip_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* Every ccref_test_nonrotation variant in each body, among them Rz90 with z flipped (reflection, det = -1) in
     * body 1 and the y rotation with c = s = 1 (columns of length sqrt(2)) in body 2. */
    ccref_test_nonrotation_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    c.b2.R = ccref_axis_rotation(1, 1.0, 1.0);      /* columns of length sqrt(2) */
    /* Order: a non-rotation wins over a bad normal. */
    c.prm.normal_in_b1 = ccref_test_v3(2, 0, 0);
    expect_status(&c, 1, CCREF_E_NOT_ROTATION);
}

static void test_pip_bad_normal(void)
{
    pip_case c = good_case();
    c.prm.normal_in_b1 = ccref_test_v3(0, 0, 0);
    expect_status(&c, 1, CCREF_E_ZERO_DIRECTION);
    c.prm.normal_in_b1 = ccref_test_v3(-0.0, 0.0, -0.0);
    expect_status(&c, 1, CCREF_E_ZERO_DIRECTION);
    c.prm.normal_in_b1 = ccref_test_v3(1, 1, 0);          /* |n|^2 = 2 */
    expect_status(&c, 1, CCREF_E_NOT_UNIT_VECTOR);
    c.prm.normal_in_b1 = ccref_test_v3(1 + 1e-9, 0, 0);   /* |n|^2 - 1 = 2e-9 > 1e-12 */
    expect_status(&c, 1, CCREF_E_NOT_UNIT_VECTOR);
    c.prm.normal_in_b1 = ccref_test_v3(0, 0, 1e-200);     /* nonzero but far from unit (|n|^2 underflows to 0) */
    expect_status(&c, 1, CCREF_E_NOT_UNIT_VECTOR);
}

/* Huge finite inputs.
 * (a) Speeds: w2 = (0,0,1e300) with follower station (1e300,0,0): w2 x arm2 = (0,1e600,0) = Inf.
 * (b) Positions: p1 = (-1e308,0,0), S = (1e308,0,0): arm1 = S - p1 = Inf. Both -> E_RESULT_OVERFLOW, zeroed. */
static void test_pip_overflow(void)
{
    pip_case c = good_case();
    c.prm.follower_in_b2 = ccref_test_v3(1e300, 0, 0);
    c.b1 = ccref_body_ground();
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1e300, 0, 0), ccref_test_v3(0, 0, 1e300),
                           ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    expect_status(&c, 1, CCREF_E_RESULT_OVERFLOW);
    c = good_case();
    c.prm.follower_in_b2 = ccref_test_v3(0, 0, 0);
    c.b1 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(-1e308, 0, 0));
    c.b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1e308, 0, 0));
    expect_status(&c, 1, CCREF_E_RESULT_OVERFLOW);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void point_in_plane_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux3(e, "follower_point", r->u.point_in_plane.follower_point);
}

static void register_point_in_plane(CU_pSuite s)
{
    CU_add_test(s, "general moving case (Coriolis term)", test_pip_general);
    CU_add_test(s, "sign convention", test_pip_sign_convention);
    CU_add_test(s, "resting block: multiplier sign", test_pip_resting_block);
    CU_add_test(s, "rounded normal", test_pip_rounded_normal);
    CU_add_test(s, "near-unit normal accepted as given", test_pip_near_unit_normal_accepted);
    CU_add_test(s, "NULL arguments", test_pip_null_arguments);
    CU_add_test(s, "lambda count and finiteness", test_pip_lambda_checks);
    CU_add_test(s, "non-finite inputs and check order", test_pip_nonfinite_inputs);
    CU_add_test(s, "non-rotations and reflection", test_pip_not_rotation);
    CU_add_test(s, "zero and non-unit normal", test_pip_bad_normal);
    CU_add_test(s, "result overflow", test_pip_overflow);
}

CCREF_TEST_SUITE("point_in_plane", register_point_in_plane)
