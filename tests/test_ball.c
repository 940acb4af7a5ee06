/* test_ball.c: Constraint::Ball kernel (src/ball.c), hand-derived cases.   Spec: spec/ball.md
 * Every expected value below is derived by hand in the comment next to it. Unless a tolerance is given the
 * arithmetic is exact in binary (small integers, products with 0 and +-1, sums of integers). */
#include "testlib.h"
#include "../src/common.h"

static void assert_zeroed(const ccref_ball_result *r)
{
    ccref_test_assert_output_zero(&r->out, 3, 0);
    ASSERT_VEC_EXACT(r->reaction_on_body1_in_b1, 0, 0, 0);
    ASSERT_VEC_EXACT(r->reaction_on_body2_in_b2, 0, 0, 0);
}

/* ---------------------------------------------------------------------------------------------------------
 * Worked example of spec/ball.md: hanging pendulum. Ball(Ground, (0,0,0), pendulum, (0,1,0)), pendulum origin
 * at (0,-1,0), R = I, at rest, m = 2, g = 9.81 along -y. With udot = 0, M udot + G^T lambda = f_applied gives
 * G^T lambda = gravity on the pendulum: force (0,-m g,0) and zero moment about the pendulum origin (gravity
 * acts at the mass center, taken at the origin). The station is at arm (0,1,0) from the origin, and a force
 * along -y at that arm has moment (0,1,0) x (0,-19.62,0) = 0, so lambda = (0,-19.62,0) makes the kernel's
 * force on body 2 equal to gravity exactly. */
static void test_ball_pendulum(void)
{
    const double m = 2.0, g = 9.81;
    ccref_body ground = ccref_body_ground();
    ccref_body pend = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, -1, 0));
    ccref_ball_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0)};
    double lambda[3] = {0.0, -19.62, 0.0};
    ccref_ball_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm, &ground, &pend, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 3);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    /* S = (0,-1,0) + (0,1,0) = 0 = P: assembled, at rest, no acceleration. */
    for (int i = 0; i < 3; i++) {
        ASSERT_EXACT(r.out.perr[i], 0.0);
        ASSERT_EXACT(r.out.verr[i], 0.0);
        ASSERT_EXACT(r.out.aerr[i], 0.0);
    }
    /* Body 2 (pendulum): +lambda at arm (0,1,0): moment (0,1,0) x (0,-19.62,0) = 0, force (0,-19.62,0). */
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -19.62, 0);
    /* m g = 2 * 9.81: scaling by 2 commutes with rounding, so m*g == 19.62 exactly in binary.
     * G^T lambda on the pendulum equals the applied gravity force (0,-m g,0): the equation balances at udot = 0. */
    ASSERT_EXACT(r.out.force_on_body2.force.y, -(m * g));
    /* Body 1 (Ground): -lambda at arm S - p1 = 0: moment 0, force (0,+19.62,0). */
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 19.62, 0);
    /* Reactions (Simbody's getters, multiplier sign): body2 = R2^T lambda = (0,-19.62,0);
     * body1 = -(R1^T lambda) = (0,+19.62,0). The support physically pulls the pendulum UP (+19.62): the getter
     * on body 2 reports the opposite, hence CCREF_DEV_BALL_REACTION_SIGN. */
    ASSERT_VEC_EXACT(r.reaction_on_body2_in_b2, 0, -19.62, 0);
    ASSERT_VEC_EXACT(r.reaction_on_body1_in_b1, 0, 19.62, 0);
    /* w1 = 0: only the reaction-sign flag. */
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_BALL_REACTION_SIGN);
}

/* Same pendulum turned 90 degrees about z (c = 0, s = 1): R2 = [[0,-1,0],[1,0,0],[0,0,1]]. To keep the
 * station at the origin the station is s2 = R2^T (0,1,0) = (1,0,0) (column 0 of R2 is (0,1,0)).
 * The reaction on body 2 is expressed in body 2's frame: R2^T (0,-19.62,0) = (col0.f, col1.f, col2.f)
 * = ((0,1,0).f, (-1,0,0).f, (0,0,1).f) = (-19.62, 0, 0). */
static void test_ball_pendulum_rotated_reaction_frame(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body pend = ccref_test_at_rest(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(0, -1, 0));
    ccref_ball_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(1, 0, 0)};
    double lambda[3] = {0.0, -19.62, 0.0};
    ccref_ball_result r;
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm, &ground, &pend, lambda, 3, &r), CCREF_OK);
    /* arm2 = R2 (1,0,0) = column 0 = (0,1,0); S = 0: perr = 0. */
    ASSERT_EXACT(r.out.perr[0], 0.0);
    ASSERT_EXACT(r.out.perr[1], 0.0);
    ASSERT_EXACT(r.out.perr[2], 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -19.62, 0);
    ASSERT_VEC_EXACT(r.reaction_on_body2_in_b2, -19.62, 0, 0);
    ASSERT_VEC_EXACT(r.reaction_on_body1_in_b1, 0, 19.62, 0);
}

/* General moving case (both flags). Hand derivation:
 * body 1: R1 = Rz90 = [[0,-1,0],[1,0,0],[0,0,1]] (columns (0,1,0), (-1,0,0), (0,0,1)), p1 = (1,0,0),
 *         w1 = (0,0,1), v1 = (0,1,0), b1 = (0,0,2), a1 = (1,0,0); station s1 = (1,0,0).
 * body 2: R2 = I, p2 = (2,1,0), w2 = (1,0,0), v2 = (0,0,1), b2 = (0,1,0), a2 = 0; station s2 = (0,0,1).
 *   R1 s1 = (0,1,0) -> P = (1,1,0);  arm2 = (0,0,1) -> S = (2,1,1);  arm1 = S - p1 = (1,1,1).
 *   perr = S - P = (1,0,1).
 *   v(B2/S) = v2 + w2 x arm2 = (0,0,1) + (1,0,0)x(0,0,1) = (0,0,1) + (0,-1,0) = (0,-1,1).
 *   v(B1/S) = v1 + w1 x arm1 = (0,1,0) + (0,0,1)x(1,1,1) = (0,1,0) + (-1,1,0) = (-1,2,0).
 *   verr = (0,-1,1) - (-1,2,0) = (1,-3,1).
 *   a(B2/S) = a2 + b2 x arm2 + w2 x (w2 x arm2) = 0 + (0,1,0)x(0,0,1) + (1,0,0)x(0,-1,0) = (1,0,0) + (0,0,-1)
 *           = (1,0,-1).
 *   a(B1/S) = a1 + b1 x arm1 + w1 x (w1 x arm1) = (1,0,0) + (0,0,2)x(1,1,1) + (0,0,1)x(-1,1,0)
 *           = (1,0,0) + (-2,2,0) + (-1,-1,0) = (-2,1,0).
 *   aerr = (1,0,-1) - (-2,1,0) = (3,-1,-1).
 *   Exact relation check by hand: vP = v1 + w1 x R1 s1 = (0,1,0) + (0,0,1)x(0,1,0) = (-1,1,0);
 *   d/dt perr = vS - vP = (0,-1,1) - (-1,1,0) = (1,-2,1); w1 x perr = (0,0,1)x(1,0,1) = (0,1,0);
 *   d/dt perr - w1 x perr = (1,-3,1) = verr.
 *   lambda = (1,2,3) = f.
 *   body 2: moment arm2 x f = (0,0,1)x(1,2,3) = (0*3-1*2, 1*1-0*3, 0*2-0*1) = (-2,1,0); force (1,2,3).
 *   body 1: moment arm1 x (-f) = (1,1,1)x(-1,-2,-3) = (1*(-3)-1*(-2), 1*(-1)-1*(-3), 1*(-2)-1*(-1))
 *           = (-1,2,-1); force (-1,-2,-3).
 *   reaction1 = -(R1^T f) = -((0,1,0).f, (-1,0,0).f, (0,0,1).f) = -(2,-1,3) = (-2,1,-3).
 *   reaction2 = R2^T f = (1,2,3).
 *   (Power, for the record: body2 (-2,1,0).(1,0,0) + (1,2,3).(0,0,1) = 1; body1 (-1,2,-1).(0,0,1)
 *   + (-1,-2,-3).(0,1,0) = -3; sum -2 = lambda.verr = 1 - 6 + 3.) */
static void test_ball_general(void)
{
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                                    ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    ccref_ball_params prm = {ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1)};
    double lambda[3] = {1, 2, 3};
    ccref_ball_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_EXACT(r.out.perr[1], 0.0);
    ASSERT_EXACT(r.out.perr[2], 1.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.verr[1], -3.0);
    ASSERT_EXACT(r.out.verr[2], 1.0);
    ASSERT_EXACT(r.out.aerr[0], 3.0);
    ASSERT_EXACT(r.out.aerr[1], -1.0);
    ASSERT_EXACT(r.out.aerr[2], -1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, -2, 1, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1, 2, 3);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, -1, 2, -1);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, -2, -3);
    ASSERT_VEC_EXACT(r.reaction_on_body1_in_b1, -2, 1, -3);
    ASSERT_VEC_EXACT(r.reaction_on_body2_in_b2, 1, 2, 3);
    /* verr != 0 and w1 != 0: both flags. */
    CU_ASSERT_EQUAL(r.out.deviations,
                    (unsigned)(CCREF_DEV_BALL_REACTION_SIGN | CCREF_DEV_BALL_AERR_NOT_DERIVATIVE));
}

/* Body 1's station enters perr only: moving s1 from (1,0,0) to (0,0,0) in the general case changes
 * P to p1 = (1,0,0) and perr to S - P = (1,1,1); verr, aerr, forces and reactions are those of the general case. */
static void test_ball_station1_enters_perr_only(void)
{
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                                    ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    ccref_ball_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1)};
    double lambda[3] = {1, 2, 3};
    ccref_ball_result r;
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1.0);
    ASSERT_EXACT(r.out.perr[1], 1.0);
    ASSERT_EXACT(r.out.perr[2], 1.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.verr[1], -3.0);
    ASSERT_EXACT(r.out.verr[2], 1.0);
    ASSERT_EXACT(r.out.aerr[0], 3.0);
    ASSERT_EXACT(r.out.aerr[1], -1.0);
    ASSERT_EXACT(r.out.aerr[2], -1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, -2, 1, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, -1, 2, -1);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, -2, -3);
}

/* Flag rule: AERR_NOT_DERIVATIVE only when verr != 0 AND w1 != 0.
 * (a) Both bodies spin together about z at w = (0,0,1), origins at 0, stations s1 = s2 = (1,0,0), R = I:
 *     S = P = (1,0,0); v(B2/S) = v(B1/S) = (0,0,1)x(1,0,0) = (0,1,0) -> verr = 0. Centripetal accelerations
 *     equal: w x (w x (1,0,0)) = (0,0,1)x(0,1,0) = (-1,0,0) on both -> aerr = 0. Only REACTION_SIGN.
 * (b) Body 1 = Ground (w1 = 0), body 2 translating with v2 = (1,2,3), a2 = (0,0,-1), at S = P = 0:
 *     verr = (1,2,3), aerr = (0,0,-1). Only REACTION_SIGN (with w1 = 0, aerr = d/dt verr exactly). */
static void test_ball_deviation_flag_rule(void)
{
    ccref_body spin = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                                      ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_ball_params prm = {ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0)};
    double lambda[3] = {0, 0, 0};
    ccref_ball_result r;
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm, &spin, &spin, lambda, 3, &r), CCREF_OK);
    for (int i = 0; i < 3; i++) {
        ASSERT_EXACT(r.out.perr[i], 0.0);
        ASSERT_EXACT(r.out.verr[i], 0.0);
        ASSERT_EXACT(r.out.aerr[i], 0.0);
    }
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_BALL_REACTION_SIGN);

    ccref_body ground = ccref_body_ground();
    ccref_body mover = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0),
                                       ccref_test_v3(1, 2, 3), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, -1));
    ccref_ball_params prm0 = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0)};
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm0, &ground, &mover, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.verr[1], 2.0);
    ASSERT_EXACT(r.out.verr[2], 3.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], -1.0);
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_BALL_REACTION_SIGN);
}

/* Rounded rotation: body 1 = Rz with c = 0.6, s = 0.8 (R1 = [[0.6,-0.8,0],[0.8,0.6,0],[0,0,1]]), at rest at
 * the origin; body 2 = Ground. lambda = (1,2,3).
 * R1^T f = (0.6*1 + 0.8*2, -0.8*1 + 0.6*2, 3) = (2.2, 0.4, 3) -> reaction1 = (-2.2, -0.4, -3).
 * Tolerance: 0.6 and 0.8 carry a representation error of at most ulp/2 (relative 2^-53 ~ 1.1e-16), and each
 * component takes two products and two additions of values <= 2.2: at most ~4 roundings of size ulp(2.2)/2
 * plus input errors ~ 2 * 2 * 1.1e-16: bounded by 4 ulp(2.2) = 4 * 4.4e-16 = 1.8e-15. */
static void test_ball_rounded_rotation_reaction(void)
{
    ccref_body b1 = ccref_test_at_rest(ccref_axis_rotation(2, 0.6, 0.8), ccref_test_v3(0, 0, 0));
    ccref_body ground = ccref_body_ground();
    ccref_ball_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0)};
    double lambda[3] = {1, 2, 3};
    ccref_ball_result r;
    CU_ASSERT_EQUAL(ccref_ball_eval(&prm, &b1, &ground, lambda, 3, &r), CCREF_OK);
    ASSERT_VEC_NEAR(r.reaction_on_body1_in_b1, -2.2, -0.4, -3.0, 1.8e-15);
    /* body 2 = Ground, R2 = I: reaction2 = f exactly. */
    ASSERT_VEC_EXACT(r.reaction_on_body2_in_b2, 1, 2, 3);
}

/* ------------------------------------------------------------------------------------------- bad inputs */

typedef struct {
    ccref_ball_params prm;
    ccref_body b1, b2;
    double lambda[4];
} ball_case;

static ball_case good_case(void)
{
    ball_case c;
    c.prm.station1_in_b1 = ccref_test_v3(1, 0, 0);
    c.prm.station2_in_b2 = ccref_test_v3(0, 0, 1);
    c.b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                           ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                           ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    c.lambda[0] = 1; c.lambda[1] = 2; c.lambda[2] = 3; c.lambda[3] = 4;
    return c;
}

static void expect_status(const ball_case *c, size_t n, ccref_status want)
{
    ccref_ball_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&c->prm, &c->b1, &c->b2, c->lambda, n, &r), want);
    assert_zeroed(&r);
}

/* The kernel for the bad-body drivers: parameters and 3 multipliers from a ball_case, bodies from the driver. */
typedef struct {
    const ball_case *c;
    ccref_ball_result r;
} ball_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    ball_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_ball_eval(&k->c->prm, b1, b2, k->c->lambda, 3, &k->r);
}

static void run_zeroed(void *ctx) { assert_zeroed(&((ball_run *)ctx)->r); }

static void test_ball_null_arguments(void)
{
    ball_case c = good_case();
    ccref_ball_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(NULL, &c.b1, &c.b2, c.lambda, 3, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&c.prm, NULL, &c.b2, c.lambda, 3, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&c.prm, &c.b1, NULL, c.lambda, 3, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&c.prm, &c.b1, &c.b2, NULL, 3, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    CU_ASSERT_EQUAL(ccref_ball_eval(&c.prm, &c.b1, &c.b2, c.lambda, 3, NULL), CCREF_E_NULL_ARGUMENT);
}

static void test_ball_lambda_checks(void)
{
    ball_case c = good_case();
    expect_status(&c, 0, CCREF_E_LAMBDA_COUNT);
    expect_status(&c, 2, CCREF_E_LAMBDA_COUNT);
    expect_status(&c, 4, CCREF_E_LAMBDA_COUNT);
    c.lambda[1] = NAN;
    expect_status(&c, 3, CCREF_E_NONFINITE_INPUT);
    c.lambda[1] = INFINITY;
    expect_status(&c, 3, CCREF_E_NONFINITE_INPUT);
    /* Count is checked before finiteness. */
    expect_status(&c, 2, CCREF_E_LAMBDA_COUNT);
}

static void test_ball_nonfinite_inputs(void)
{
    ball_case c = good_case();
    ball_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* NaN, +Inf and -Inf in every scalar of each body (among them b1.a.z = NaN, b2.w.x = Inf, b2.R[1][2] = NaN). */
    ccref_test_nonfinite_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    c.prm.station1_in_b1.y = -INFINITY;
    expect_status(&c, 3, CCREF_E_NONFINITE_INPUT);
    c = good_case();
    c.prm.station2_in_b2.z = NAN;
    expect_status(&c, 3, CCREF_E_NONFINITE_INPUT);
    /* Order: a non-finite input wins over a non-rotation. */
    c = good_case();
    c.b1.R.m[0][0] = 2.0;
    c.b2.p.x = NAN;
    expect_status(&c, 3, CCREF_E_NONFINITE_INPUT);
    /* Order: a bad lambda count wins over a non-finite body. */
    expect_status(&c, 2, CCREF_E_LAMBDA_COUNT);
}

static void test_ball_not_rotation(void)
{
    ball_case c = good_case();
    ball_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* Every ccref_test_nonrotation variant in each body, among them diag(2,2,1) in body 1, the reflection
     * diag(1,1,-1) (det -1) in body 2 and body 2's I off-orthonormal by 1e-9 in R[0][1] (> CCREF_ROTATION_TOL). */
    ccref_test_nonrotation_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
}

/* Huge finite inputs: w2 = (0,0,1e300), station s2 = (1e300,0,0), p2 = (-1e300,0,0) so that S = 0 = P.
 * v(B2/S) = w2 x arm2 = (0, 1e600, 0) -> Inf: every output is zeroed and the status is E_RESULT_OVERFLOW. */
static void test_ball_overflow(void)
{
    ball_case c = good_case();
    c.prm.station1_in_b1 = ccref_test_v3(0, 0, 0);
    c.prm.station2_in_b2 = ccref_test_v3(1e300, 0, 0);
    c.b1 = ccref_body_ground();
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1e300, 0, 0), ccref_test_v3(0, 0, 1e300),
                           ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    expect_status(&c, 3, CCREF_E_RESULT_OVERFLOW);
    /* Positions alone: S - P = 1e308 - (-1e308) = Inf. */
    c = good_case();
    c.prm.station1_in_b1 = ccref_test_v3(0, 0, 0);
    c.prm.station2_in_b2 = ccref_test_v3(0, 0, 0);
    c.b1 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(-1e308, 0, 0));
    c.b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1e308, 0, 0));
    expect_status(&c, 3, CCREF_E_RESULT_OVERFLOW);
}

/* Flag rule, every combination (spec/ball.md formula 10 and its Deviations table): AERR_NOT_DERIVATIVE is set iff
 * some component of the computed verr is nonzero AND some component of w1 is nonzero; w2 plays no part.
 * Both origins at 0, R = I, stations 0: S = P = 0 and arm1 = arm2 = 0, so w1 x arm1 = w2 x arm2 = 0 and
 * verr = v2 - v1 exactly whatever the angular velocities (asserted below). verr is one of -2 e_k (k = 0, 1, 2:
 * a single nonzero component in each position) or 0 (v1 = v2 = (1,2,3)); w1 is 0 or 1/2 e_m (m = 0, 1, 2; for
 * m = k it is parallel to verr, w1 x verr = 0, and the flag is still set: the test is the simple sufficient one);
 * w2 is 0 or (3,0,0). Two more: w1 = (0,0,2^-1074), a subnormal, is nonzero; verr = v2 = (2^-1074,0,0) likewise. */
static void ball_flag_case(ccref_vec3 v1, ccref_vec3 w1, ccref_vec3 v2, ccref_vec3 w2, int flag)
{
    ccref_body b1 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), w1, v1, ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(0, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), w2, v2, ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(0, 0, 0));
    ccref_ball_params prm = {ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0)};
    double lambda[3] = {1, 2, 3};
    ccref_ball_result r;
    CU_ASSERT_EQUAL_FATAL(ccref_ball_eval(&prm, &b1, &b2, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.verr[0], v2.x - v1.x);
    ASSERT_EXACT(r.out.verr[1], v2.y - v1.y);
    ASSERT_EXACT(r.out.verr[2], v2.z - v1.z);
    unsigned want = CCREF_DEV_BALL_REACTION_SIGN | (flag ? CCREF_DEV_BALL_AERR_NOT_DERIVATIVE : 0u);
    if (r.out.deviations != want)
        fprintf(stderr, "\n  ball flag: verr (%g,%g,%g) w1 (%g,%g,%g) w2 (%g,%g,%g): deviations %#x, expected %#x",
                v2.x - v1.x, v2.y - v1.y, v2.z - v1.z, w1.x, w1.y, w1.z, w2.x, w2.y, w2.z, r.out.deviations, want);
    CU_ASSERT_EQUAL(r.out.deviations, want);
}

static void test_ball_deviation_flag_combinations(void)
{
    const ccref_vec3 zero = ccref_test_v3(0, 0, 0), w2s[2] = {{0, 0, 0}, {3, 0, 0}};
    for (int k = -1; k < 3; k++) {          /* k = -1: verr = 0; else verr = -2 e_k */
        ccref_vec3 v1 = k < 0 ? ccref_test_v3(1, 2, 3) : zero;
        ccref_vec3 v2 = k < 0 ? v1 : ccref_test_v3(k == 0 ? -2 : 0, k == 1 ? -2 : 0, k == 2 ? -2 : 0);
        for (int m = -1; m < 3; m++) {      /* m = -1: w1 = 0; else w1 = e_m / 2 */
            ccref_vec3 w1 = ccref_test_v3(m == 0 ? 0.5 : 0, m == 1 ? 0.5 : 0, m == 2 ? 0.5 : 0);
            for (int j = 0; j < 2; j++)
                ball_flag_case(v1, w1, v2, w2s[j], k >= 0 && m >= 0);
        }
    }
    ball_flag_case(zero, ccref_test_v3(0, 0, 0x1p-1074), ccref_test_v3(0, 1, 0), zero, 1);
    ball_flag_case(zero, ccref_test_v3(0, 0, 0x1p-1074), zero, w2s[1], 0);
    ball_flag_case(zero, ccref_test_v3(1, 0, 0), ccref_test_v3(0x1p-1074, 0, 0), zero, 1);
    ball_flag_case(zero, zero, ccref_test_v3(0x1p-1074, 0, 0), w2s[1], 0);
}

/* Rotation tolerance boundary (spec/conventions.md section 5, "Rotation test"; src/common.c): R is accepted iff
 * every entry of R^T R - I computed by ccref_is_rotation is within CCREF_ROTATION_TOL (<=, inclusive) and det > 0.
 * R = I + e E_ij (i != j): column j is e_j + e e_i, the others are unit vectors, so the kernel's entry (i,j) of
 * R^T R is the dot product c_i . c_j = 1*e + 0*1 + 0*0 = e exactly (products by 0 and 1, sums with 0); entry (j,j)
 * is fl(fl(e^2) + 1) - 1 = 0 since e^2 ~ 1e-24 < 2^-53; every other entry is 0; det R = 1 (triangular, unit
 * diagonal) and every product of the kernel's c0.(c1 x c2) is by 0 or 1, hence exact. So the computed entry is e
 * itself and R passes iff |e| <= CCREF_ROTATION_TOL: the double 1e-12 = 0x1.19799812dea11p-40 (independently:
 * Python's correctly rounded float.hex(1e-12)) and the doubles below pass; the next double above,
 * 0x1.19799812dea12p-40, fails, on either sign. */
static ccref_mat3 off_diagonal(int i, int j, double e)
{
    ccref_mat3 R = ccref_test_identity();
    R.m[i][j] = e;
    return R;
}

static void test_ball_rotation_tolerance_boundary(void)
{
    const double tol = 0x1.19799812dea11p-40, above = 0x1.19799812dea12p-40, below = 0x1.19799812dea10p-40;
    CU_ASSERT_EQUAL(CCREF_ROTATION_TOL, tol);
    const double es[6] = {tol, -tol, below, 0.0, above, -above};
    const int accept[6] = {1, 1, 1, 1, 0, 0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            if (i == j)
                continue;
            for (int n = 0; n < 6; n++) {
                ccref_mat3 R = off_diagonal(i, j, es[n]);
                CU_ASSERT_EQUAL(ccref_is_rotation(&R), accept[n]);
                for (int body = 0; body < 2; body++) {
                    ball_case c = good_case();
                    if (body == 0)
                        c.b1.R = R;
                    else
                        c.b2.R = R;
                    if (accept[n]) {
                        ccref_ball_result r;
                        CU_ASSERT_EQUAL(ccref_ball_eval(&c.prm, &c.b1, &c.b2, c.lambda, 3, &r), CCREF_OK);
                    } else {
                        expect_status(&c, 3, CCREF_E_NOT_ROTATION);
                    }
                }
            }
        }
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct (testlib.h). */
void ball_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux3(e, "reaction_on_body1_in_b1", r->u.ball.reaction_on_body1_in_b1);
    ccref_expect_aux3(e, "reaction_on_body2_in_b2", r->u.ball.reaction_on_body2_in_b2);
}

static void register_ball(CU_pSuite s)
{
    CU_add_test(s, "pendulum worked example (multiplier sign)", test_ball_pendulum);
    CU_add_test(s, "pendulum rotated: reaction in body frame", test_ball_pendulum_rotated_reaction_frame);
    CU_add_test(s, "general moving case: all rows, forces, reactions", test_ball_general);
    CU_add_test(s, "station 1 enters perr only", test_ball_station1_enters_perr_only);
    CU_add_test(s, "deviation flag rule", test_ball_deviation_flag_rule);
    CU_add_test(s, "deviation flag: verr x w1 x w2 zero/nonzero", test_ball_deviation_flag_combinations);
    CU_add_test(s, "rounded rotation reaction", test_ball_rounded_rotation_reaction);
    CU_add_test(s, "NULL arguments", test_ball_null_arguments);
    CU_add_test(s, "lambda count and finiteness", test_ball_lambda_checks);
    CU_add_test(s, "non-finite inputs and check order", test_ball_nonfinite_inputs);
    CU_add_test(s, "non-rotations and reflection", test_ball_not_rotation);
    CU_add_test(s, "rotation tolerance boundary (1e-12 and the next double)", test_ball_rotation_tolerance_boundary);
    CU_add_test(s, "result overflow", test_ball_overflow);
}

CCREF_TEST_SUITE("ball", register_ball)
