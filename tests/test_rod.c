/* test_rod.c: Constraint::Rod kernel (src/rod.c), hand-derived cases.   Spec: spec/rod.md
 * Every expected value below is derived by hand in the comment next to it. Unless a tolerance is given the
 * arithmetic is exact in binary (small integers, halves, powers of two, products with 0 and +-1). */
#include "testlib.h"

static void assert_zeroed(const ccref_rod_result *r)
{
    ccref_test_assert_output_zero(&r->out, 1, 0);
    ASSERT_EXACT(r->tension, 0.0);
    ASSERT_VEC_EXACT(r->orientation, 0, 0, 0);
}

/* Hanging pendulum on a rod: Rod(Ground, (0,0,0), pendulum, (0,0,0), length 1), pendulum origin (0,-1,0),
 * R = I, at rest, m = 2, g = 9.81.
 *   p = Sb - Sf = (0,-1,0), r = 1, perr = 1 - 1 = 0, Cz = p/1 = (0,-1,0); pd = pdd = 0 -> verr = aerr = 0.
 *   M udot + G^T lambda = f_applied with udot = 0: the kernel's force on body 2, lambda Cz = (0,-lambda,0), must
 *   equal gravity (0,-m g,0), so lambda = m g = 19.62 > 0: positive is tension (the rod pulls the pendulum
 *   up toward the support: physically applied force -lambda Cz = (0,+19.62,0)).
 *   body 2: arm 0 -> moment 0, force (0,-19.62,0); body 1: moment 0, force (0,+19.62,0).
 *   tension = 19.62, orientation = (0,-1,0). */
static void test_rod_pendulum(void)
{
    const double m = 2.0, g = 9.81;
    ccref_body ground = ccref_body_ground();
    ccref_body pend = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, -1, 0));
    ccref_rod_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), 1.0};
    double lambda = 19.62;
    ccref_rod_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &pend, &lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    ASSERT_EXACT(r.out.perr[0], 0.0);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -19.62, 0);
    /* 2 * 9.81 == 19.62 exactly (scaling by 2 commutes with rounding): G^T lambda equals gravity. */
    ASSERT_EXACT(r.out.force_on_body2.force.y, -(m * g));
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 19.62, 0);
    ASSERT_EXACT(r.tension, 19.62);
    ASSERT_VEC_EXACT(r.orientation, 0, -1, 0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* General non-singular case, exact. Hand derivation:
 * body 1: R1 = Rz90 = [[0,-1,0],[1,0,0],[0,0,1]], p1 = 0, w1 = (0,0,1), v1 = (1,0,0), b1 = (1,0,0),
 *         a1 = (0,1,0); s1 = (1,0,0) -> arm1 = R1 s1 = (0,1,0), Sf = (0,1,0).
 * body 2: R2 = I, p2 = (-1,1,2), w2 = (0,1,0), v2 = (1,0,2), b2 = (0,0,1), a2 = (1,0,0);
 *         s2 = (1,0,0) -> arm2 = (1,0,0), Sb = (0,1,2).
 *   p = (0,0,2), r = 2, d = 1.5 -> perr = 0.5; Cz = (0,0,1).
 *   v(B2/Sb) = (1,0,2) + (0,1,0)x(1,0,0) = (1,0,2) + (0,0,-1) = (1,0,1).
 *   v(B1/Sf) = (1,0,0) + (0,0,1)x(0,1,0) = (1,0,0) + (-1,0,0) = 0.
 *   pd = (1,0,1), verr = pd.Cz = 1.
 *   Czd = (pd - verr Cz)/r = ((1,0,1) - (0,0,1))/2 = (0.5,0,0).
 *   a(B2/Sb) = (1,0,0) + (0,0,1)x(1,0,0) + (0,1,0)x(0,0,-1) = (1,0,0) + (0,1,0) + (-1,0,0) = (0,1,0).
 *   a(B1/Sf) = (0,1,0) + (1,0,0)x(0,1,0) + (0,0,1)x(-1,0,0) = (0,1,0) + (0,0,1) + (0,-1,0) = (0,0,1).
 *   pdd = (0,1,-1); aerr = pdd.Cz + pd.Czd = -1 + 0.5 = -0.5
 *   (closed form: pdd.Cz + (|pd|^2 - verr^2)/r = -1 + (2 - 1)/2 = -0.5).
 *   lambda = 3: f = (0,0,3). body 2: arm2 x f = (1,0,0)x(0,0,3) = (0,-3,0), force (0,0,3).
 *   body 1: arm1 x (-f) = (0,1,0)x(0,0,-3) = (-3,0,0), force (0,0,-3).
 *   (Power: (0,-3,0).(0,1,0) + (0,0,3).(1,0,2) + (-3,0,0).(0,0,1) + (0,0,-3).(1,0,0) = -3 + 6 = 3 = lambda verr.) */
static void test_rod_general(void)
{
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1, 1, 2), ccref_test_v3(0, 1, 0),
                                    ccref_test_v3(1, 0, 2), ccref_test_v3(0, 0, 1), ccref_test_v3(1, 0, 0));
    ccref_rod_params prm = {ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), 1.5};
    double lambda = 3.0;
    ccref_rod_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &b1, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 0.5);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.aerr[0], -0.5);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, -3, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, 0, 3);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, -3, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 0, -3);
    ASSERT_EXACT(r.tension, 3.0);
    ASSERT_VEC_EXACT(r.orientation, 0, 0, 1);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* 3-4-5 rod with rounding; compression (lambda < 0).
 * body 1 = Ground, s1 = 0; body 2: R = I, p2 = (3,4,0), v2 = (1,0,0), a2 = (0,1,0), w2 = b2 = 0, s2 = 0; d = 4.
 *   p = (3,4,0), p.p = 25, r = 5 (exact), perr = 1 (exact).
 *   Cz = (3/5, 4/5, 0): a correctly rounded quotient of exact operands is the correctly rounded value, i.e. the
 *   double literals 0.6 and 0.8: exact equality.
 *   verr = 1*0.6 + 0*0.8 + 0*0 = 0.6 exactly (the double 0.6).
 *   Czd = ((1,0,0) - 0.6 (0.6,0.8,0))/5 = (0.64, -0.48, 0)/5 = (0.128, -0.096, 0) (real values).
 *   aerr = pdd.Cz + pd.Czd = 0.8 + 0.128 = 0.928 (closed form: 0.8 + (1 - 0.36)/5).
 *   Tolerance for aerr: about 8 roundings of quantities <= 1 (0.6*0.6, 1 - 0.36, /5, the dot products, sum),
 *   each <= ulp(1)/2 = 1.1e-16, plus the 0.6/0.8 representation errors (<= 5.6e-17, amplified by <= 2):
 *   below 1.2e-15.
 *   lambda = -2: f = -2 Cz = (-1.2, -1.6, 0) exactly (scaling by a power of two of the rounded 0.6, 0.8 gives
 *   the rounded 1.2, 1.6). Arms are zero: moments 0. tension = -2 (compression), orientation (0.6, 0.8, 0). */
static void test_rod_345_compression(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(3, 4, 0), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0));
    ccref_rod_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), 4.0};
    double lambda = -2.0;
    ccref_rod_result r;
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_EXACT(r.out.verr[0], 0.6);
    ASSERT_NEAR(r.out.aerr[0], 0.928, 1.2e-15);
    ASSERT_VEC_EXACT(r.orientation, 0.6, 0.8, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, -1.2, -1.6, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 1.2, 1.6, 0);
    ASSERT_EXACT(r.tension, -2.0);
}

/* Singular branch, p exactly 0, with nonzero arms.
 * body 1: R1 = Rx90 = [[1,0,0],[0,0,-1],[0,1,0]] (columns (1,0,0), (0,0,1), (0,-1,0)), p1 = (1,1,1),
 *         w1 = (0,0,2), v1 = 0, b1 = (1,0,0), a1 = 0; s1 = (1,0,0) -> arm1 = (1,0,0), Sf = (2,1,1).
 * body 2: R2 = I, p2 = (2,0,1), w2 = 0, v2 = (3,1,0), b2 = 0, a2 = (0,1,1); s2 = (0,1,0) -> arm2 = (0,1,0),
 *         Sb = (2,1,1).
 *   p = 0 < 2^-65: Cz = body 1's z axis = column 2 of R1 = (0,-1,0); status OK_SINGULAR_DIRECTION.
 *   perr = r - d = 0 - 1 = -1.
 *   pd = (3,1,0) - (0,0,2)x(1,0,0) = (3,1,0) - (0,2,0) = (3,-1,0); verr = pd.Cz = 1.
 *   Czd = w1 x Cz = (0,0,2)x(0,-1,0) = (2,0,0).
 *   pdd = (0,1,1) - [(1,0,0)x(1,0,0) + (0,0,2)x((0,0,2)x(1,0,0))] = (0,1,1) - (0,0,2)x(0,2,0)
 *       = (0,1,1) - (-4,0,0) = (4,1,1).
 *   aerr = pdd.Cz + pd.Czd = -1 + 6 = 5.
 *   lambda = 2: f = (0,-2,0). body 2: (0,1,0)x(0,-2,0) = 0, force (0,-2,0).
 *   body 1: (1,0,0)x(0,2,0) = (0,0,2), force (0,2,0).
 *   (Power: (0,-2,0).(3,1,0) + (0,0,2).(0,0,2) = -2 + 4 = 2 = lambda verr.) */
static void test_rod_singular_zero(void)
{
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 1, 1), ccref_test_v3(0, 0, 2),
                                    ccref_test_v3(0, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 0, 1), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(3, 1, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 1));
    ccref_rod_params prm = {ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0), 1.0};
    double lambda = 2.0;
    ccref_rod_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &b1, &b2, &lambda, 1, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_EXACT(r.out.perr[0], -1.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.aerr[0], 5.0);
    ASSERT_VEC_EXACT(r.orientation, 0, -1, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -2, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 0, 2);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 2, 0);
    ASSERT_EXACT(r.tension, 2.0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* Singular branch with p tiny but nonzero: perr still uses r.
 * body 1 = Ground, body 2 at p2 = (2^-66,0,0), R = I, at rest; stations 0; d = 2^-65.
 *   p.p = 2^-132 < 2^-130: singular, Cz = Ground's z axis (0,0,1). perr = 2^-66 - 2^-65 = -2^-66 (exact). */
static void test_rod_singular_tiny(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0x1p-66, 0, 0));
    ccref_rod_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), 0x1p-65};
    double lambda = 1.0;
    ccref_rod_result r;
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_EXACT(r.out.perr[0], -0x1p-66);
    ASSERT_VEC_EXACT(r.orientation, 0, 0, 1);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, 0, 1);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 0, -1);
}

/* Threshold boundary: |p| = 2^-65 exactly gives p.p = 2^-130, not < threshold: non-singular, Cz = p/r = (1,0,0).
 * |p| = nextafter(2^-65, 0) = 2^-65 (1 - 2^-53): p.p = 2^-130 (1 - 2^-52 + 2^-106) rounds to 2^-130 (1 - 2^-52)
 * < 2^-130: singular, Cz = (0,0,1). */
static void test_rod_threshold_boundary(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_rod_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), 1.0};
    double lambda = 1.0;
    ccref_rod_result r;
    ccref_body b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0x1p-65, 0, 0));
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_VEC_EXACT(r.orientation, 1, 0, 0);
    b2.p.x = nextafter(0x1p-65, 0.0);
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_VEC_EXACT(r.orientation, 0, 0, 1);
}

/* Small but non-singular r: the 1/r growth of Czd. body 1 = Ground; body 2 at p2 = (0,2^-60,0), v2 = (1,0,0),
 * at rest otherwise; stations 0; d = 1.
 *   r = 2^-60 (p.p = 2^-120 >= 2^-130), Cz = (0,1,0), pd = (1,0,0), verr = 0,
 *   Czd = (pd - 0)/2^-60 = (2^60,0,0), aerr = pdd.Cz + pd.Czd = 0 + 2^60 (= |pd|^2/r). */
static void test_rod_small_r_growth(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0x1p-60, 0), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_rod_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), 1.0};
    double lambda = 1.0;
    ccref_rod_result r;
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0x1p60);
    ASSERT_VEC_EXACT(r.orientation, 0, 1, 0);
}

/* Sign convention: perr > 0 means the stations are farther apart than d (stretched). Ground and a body at
 * (0,0,3) with d = 2 -> perr = 1; at (0,0,1) -> perr = -1; orientation points from station 1 to station 2. */
static void test_rod_sign_convention(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 0, 3));
    ccref_rod_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), 2.0};
    double lambda = 0.0;
    ccref_rod_result r;
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_VEC_EXACT(r.orientation, 0, 0, 1);
    b2.p = ccref_test_v3(0, 0, 1);
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &ground, &b2, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -1.0);
    /* Swapping the bodies reverses the orientation. */
    CU_ASSERT_EQUAL(ccref_rod_eval(&prm, &b2, &ground, &lambda, 1, &r), CCREF_OK);
    ASSERT_VEC_EXACT(r.orientation, 0, 0, -1);
    ASSERT_EXACT(r.out.perr[0], -1.0);
}

/* ------------------------------------------------------------------------------------------- bad inputs */

typedef struct {
    ccref_rod_params prm;
    ccref_body b1, b2;
    double lambda[2];
} rod_case;

static rod_case good_case(void)
{
    rod_case c;
    c.prm.station1_in_b1 = ccref_test_v3(1, 0, 0);
    c.prm.station2_in_b2 = ccref_test_v3(1, 0, 0);
    c.prm.length = 1.5;
    c.b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                           ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0));
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1, 1, 2), ccref_test_v3(0, 1, 0),
                           ccref_test_v3(1, 0, 2), ccref_test_v3(0, 0, 1), ccref_test_v3(1, 0, 0));
    c.lambda[0] = 3; c.lambda[1] = 4;
    return c;
}

static void expect_status(const rod_case *c, size_t n, ccref_status want)
{
    ccref_rod_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&c->prm, &c->b1, &c->b2, c->lambda, n, &r), want);
    assert_zeroed(&r);
}

/* The kernel for the bad-body drivers: parameters and 1 multiplier from a rod_case, bodies from the driver. */
typedef struct {
    const rod_case *c;
    ccref_rod_result r;
} rod_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    rod_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_rod_eval(&k->c->prm, b1, b2, k->c->lambda, 1, &k->r);
}

static void run_zeroed(void *ctx) { assert_zeroed(&((rod_run *)ctx)->r); }

static void test_rod_null_arguments(void)
{
    rod_case c = good_case();
    ccref_rod_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(NULL, &c.b1, &c.b2, c.lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&c.prm, NULL, &c.b2, c.lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&c.prm, &c.b1, NULL, c.lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&c.prm, &c.b1, &c.b2, NULL, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    CU_ASSERT_EQUAL(ccref_rod_eval(&c.prm, &c.b1, &c.b2, c.lambda, 1, NULL), CCREF_E_NULL_ARGUMENT);
}

static void test_rod_lambda_checks(void)
{
    rod_case c = good_case();
    expect_status(&c, 0, CCREF_E_LAMBDA_COUNT);
    expect_status(&c, 2, CCREF_E_LAMBDA_COUNT);
    c.lambda[0] = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c.lambda[0] = -INFINITY;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
}

static void test_rod_nonfinite_inputs(void)
{
    rod_case c = good_case();
    rod_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* NaN, +Inf and -Inf in every scalar of each body (among them b1.v.y = NaN, b2.R[0][0] = Inf). */
    ccref_test_nonfinite_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    c.prm.station1_in_b1.x = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c = good_case();
    c.prm.station2_in_b2.y = INFINITY;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c = good_case();
    c.prm.length = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    c.prm.length = INFINITY;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
    /* Order: non-finite (step 3) wins over a non-rotation (4) and a bad length (5). */
    c = good_case();
    c.prm.length = 0.0;
    c.b1.R.m[1][1] = 3.0;
    c.b2.a.x = NAN;
    expect_status(&c, 1, CCREF_E_NONFINITE_INPUT);
}

static void test_rod_not_rotation(void)
{
    rod_case c = good_case();
    rod_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* Every ccref_test_nonrotation variant in each body, among them the x rotation with c = s = 0.5 (columns of
     * length sqrt(0.5)) in body 1 and the reflection diag(-1,1,1) in body 2. */
    ccref_test_nonrotation_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    c.b2.R.m[0][0] = -1.0;                        /* diag(-1,1,1): reflection */
    /* Order: a non-rotation (step 4) wins over a non-positive length (step 5). */
    c.prm.length = -1.0;
    expect_status(&c, 1, CCREF_E_NOT_ROTATION);
}

static void test_rod_nonpositive_length(void)
{
    rod_case c = good_case();
    c.prm.length = 0.0;
    expect_status(&c, 1, CCREF_E_NONPOSITIVE_LENGTH);
    c.prm.length = -0.0;
    expect_status(&c, 1, CCREF_E_NONPOSITIVE_LENGTH);
    c.prm.length = -1.0;
    expect_status(&c, 1, CCREF_E_NONPOSITIVE_LENGTH);
    /* The smallest positive length is accepted. */
    c.prm.length = 0x1p-1074;
    ccref_rod_result r;
    CU_ASSERT_EQUAL(ccref_rod_eval(&c.prm, &c.b1, &c.b2, c.lambda, 1, &r), CCREF_OK);
}

/* Huge finite inputs.
 * (a) p2 = (1e300,0,0): p.p = 1e600 overflows to Inf, r = Inf, perr = Inf -> E_RESULT_OVERFLOW, zeroed.
 *     (|p| itself is representable; spec/rod.md documents that |p| above ~1.3e154 overflows p.p.)
 * (b) Speeds: w2 = (0,0,1e300), station s2 = (1e300,0,0), p2 = (-1e300,1,0): r = 1 but
 *     v(B2/Sb) = w2 x arm2 = (0,1e600,0) = Inf -> overflow. */
static void test_rod_overflow(void)
{
    rod_case c = good_case();
    c.prm.station1_in_b1 = ccref_test_v3(0, 0, 0);
    c.prm.station2_in_b2 = ccref_test_v3(0, 0, 0);
    c.b1 = ccref_body_ground();
    c.b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1e300, 0, 0));
    expect_status(&c, 1, CCREF_E_RESULT_OVERFLOW);
    c.prm.station2_in_b2 = ccref_test_v3(1e300, 0, 0);
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1e300, 1, 0), ccref_test_v3(0, 0, 1e300),
                           ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    expect_status(&c, 1, CCREF_E_RESULT_OVERFLOW);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void rod_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux(e, "tension", r->u.rod.tension);
    ccref_expect_aux3(e, "orientation", r->u.rod.orientation);
}

static void register_rod(CU_pSuite s)
{
    CU_add_test(s, "pendulum: tension = +m g", test_rod_pendulum);
    CU_add_test(s, "general non-singular case", test_rod_general);
    CU_add_test(s, "3-4-5 compression with rounding", test_rod_345_compression);
    CU_add_test(s, "singular branch, p = 0", test_rod_singular_zero);
    CU_add_test(s, "singular branch, p tiny: perr uses r", test_rod_singular_tiny);
    CU_add_test(s, "singular threshold boundary", test_rod_threshold_boundary);
    CU_add_test(s, "small non-singular r: 1/r growth", test_rod_small_r_growth);
    CU_add_test(s, "sign convention", test_rod_sign_convention);
    CU_add_test(s, "NULL arguments", test_rod_null_arguments);
    CU_add_test(s, "lambda count and finiteness", test_rod_lambda_checks);
    CU_add_test(s, "non-finite inputs and check order", test_rod_nonfinite_inputs);
    CU_add_test(s, "non-rotations and reflection", test_rod_not_rotation);
    CU_add_test(s, "non-positive length", test_rod_nonpositive_length);
    CU_add_test(s, "result overflow", test_rod_overflow);
}

CCREF_TEST_SUITE("rod", register_rod)
