/* test_contacts.c: the eight UnilateralContact classes (src/contacts.c), hand-derived cases.
 * Spec: spec/unilateral_contacts.md.
 * Every expected value is derived by hand in the comment next to it. Unless a tolerance is given the arithmetic
 * is exact in binary (small integers, halves, quarters, products with 0 and +-1).
 *
 * Default material and speeds (ccref_test_contact_case): min_cor = 1/2, mu_s = 3/4, mu_d = 1/2, mu_v = 1/4;
 * capture_speed = 1/8, min_cor_speed = 2, transition_speed = 1/2. So
 *   COR(v) = 0 for v <= 1/8; 1 - ((1 - 1/2)/2) v = 1 - v/4 for 1/8 < v < 2; 1/2 for v >= 2;
 *   COF(s) = s/4 + (s <= 1/2 ? 3/4 : 1/2).
 * Frequent plane geometry (derived once): normal +y in the plane frame of the classes:
 *   perp((0,1,0)): |components| (0,1,0), smallest first index 0 -> e_x; (0,1,0) x (1,0,0) = (0,0,-1): Px = (0,0,-1);
 *   Py = (0,1,0) x (0,0,-1) = (1*(-1) - 0*0, 0*0 - 0*(-1), 0*0 - 1*0) = (-1,0,0).
 * Normal +z: perp((0,0,1)) = unit((0,0,1) x (1,0,0)) = (0,1,0) = Px; Py = (0,0,1) x (0,1,0) = (-1,0,0). */
#include <string.h>

#include "../src/ccref_unilateral.h"
#include "testlib.h"

/* Every byte zero: rows, forces, counts, sign, branches (CAPTURED = STATIC = 0), no -0.0 anywhere. */
static int is_zeroed(const ccref_contact_result *r)
{
    ccref_contact_result z;
    memset(&z, 0, sizeof z);
    return memcmp(r, &z, sizeof z) == 0;
}

/* Evaluate, expect an error status and a zeroed result. */
static void expect_error(const ccref_contact_case *c, ccref_status expected)
{
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    ccref_status st = ccref_contact_eval(c, &r);
    CU_ASSERT_EQUAL(st, expected);
    CU_ASSERT(is_zeroed(&r));
}

static void assert_no_friction_outputs(const ccref_contact_result *r)
{
    CU_ASSERT_EQUAL(r->has_friction, 0);
    ASSERT_EXACT(r->slip_velocity[0], 0.0);
    ASSERT_EXACT(r->slip_velocity[1], 0.0);
    ASSERT_EXACT(r->slip_acceleration[0], 0.0);
    ASSERT_EXACT(r->slip_acceleration[1], 0.0);
    ASSERT_EXACT(r->slip_speed, 0.0);
    ASSERT_EXACT(r->effective_cof, 0.0);
    CU_ASSERT_EQUAL(r->cof_branch, CCREF_COF_STATIC);
}

/* ---------------------------------------------------------------- names, signs, friction */

static void test_names_signs(void)
{
    static const char *const names[CCREF_CONTACT_COUNT] = {
        "hard_stop_upper", "hard_stop_lower", "rope", "point_plane_frictionless",
        "point_plane", "sphere_plane", "sphere_sphere", "edge_edge"};
    static const int signs[CCREF_CONTACT_COUNT] = {-1, +1, -1, +1, +1, +1, +1, +1};
    static const int friction[CCREF_CONTACT_COUNT] = {0, 0, 0, 0, 1, 1, 1, 1};
    for (int i = 0; i < CCREF_CONTACT_COUNT; i++) {
        ccref_contact_class c = (ccref_contact_class)i;
        CU_ASSERT_STRING_EQUAL(ccref_contact_class_name(c), names[i]);
        CU_ASSERT_EQUAL(ccref_contact_class_from_name(names[i]), c);
        CU_ASSERT_EQUAL(ccref_contact_sign(c), signs[i]);
        CU_ASSERT_EQUAL(ccref_contact_has_friction(c), friction[i]);
    }
    CU_ASSERT_PTR_NULL(ccref_contact_class_name(CCREF_CONTACT_COUNT));
    CU_ASSERT_PTR_NULL(ccref_contact_class_name((ccref_contact_class)-1));
    CU_ASSERT_EQUAL(ccref_contact_sign(CCREF_CONTACT_COUNT), 0);
    CU_ASSERT_EQUAL(ccref_contact_has_friction(CCREF_CONTACT_COUNT), 0);
    CU_ASSERT_EQUAL(ccref_contact_class_from_name("Rope"), CCREF_CONTACT_COUNT);       /* case-sensitive */
    CU_ASSERT_EQUAL(ccref_contact_class_from_name("point_in_plane"), CCREF_CONTACT_COUNT); /* a kernel name */
    CU_ASSERT_EQUAL(ccref_contact_class_from_name(""), CCREF_CONTACT_COUNT);
    CU_ASSERT_EQUAL(ccref_contact_class_from_name(NULL), CCREF_CONTACT_COUNT);
}

/* ---------------------------------------------------------------- hard stops
 * ConstantCoordinate(bound): perr = q - bound, verr = qdot, aerr = qdotdot, coordinate_force = lambda.
 * Body 1 (the mobilized body): R1 = Rz90, p1 = (1,2,3); mobilizer origin s = (1,0,0): display = p1 + R1 s =
 * (1,2,3) + (0,1,0) = (1,3,3). */
static ccref_contact_case hard_stop_case(ccref_contact_class cls, double bound, double q, double qdot, double qdd)
{
    ccref_contact_case c = ccref_test_contact_case(cls);
    c.params.hard_stop.bound = bound;
    c.params.hard_stop.mobilizer_origin_in_b = ccref_test_v3(1, 0, 0);
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 2, 3));
    c.coordinate.q = q;
    c.coordinate.qdot = qdot;
    c.coordinate.qdotdot = qdd;
    c.lambda[0] = 3.0;
    return c;
}

static void test_hard_stop_upper(void)
{
    /* q = 3/4 below the upper bound 1: perr = -1/4; sign -1: sign*perr = 1/4 > 0, valid (away from the stop).
     * qdot = 2 (toward the stop): verr = 2, sign*verr = -2 < 0: impact speed 2 >= min_cor_speed: COR = 1/2.
     * lambda = 3: valid multiplier under sign -1 needs -sign*lambda = 3 >= 0; the applied q-force is -3 (pushes q
     * down, back below the stop). */
    ccref_contact_case c = hard_stop_case(CCREF_CONTACT_HARD_STOP_UPPER, 1.0, 0.75, 2.0, -5.0);
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, -1);
    ASSERT_EXACT(r.perr, -0.25);
    ASSERT_EXACT(r.verr, 2.0);
    ASSERT_EXACT(r.aerr, -5.0);
    CU_ASSERT(r.sign * r.perr > 0.0);
    ASSERT_EXACT(r.coordinate_force, 3.0);
    ASSERT_VEC_EXACT(r.display_point, 1, 3, 3);
    ASSERT_EXACT(r.impact_speed, 2.0);
    ASSERT_EXACT(r.effective_cor, 0.5);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_MINIMUM);
    assert_no_friction_outputs(&r);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 0);
    ASSERT_EXACT(r.constraint.perr[0], -0.25);
    ASSERT_EXACT(r.constraint.verr[0], 2.0);
    ASSERT_EXACT(r.constraint.aerr[0], -5.0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0, 0, 0);   /* a q-space force: no body forces */
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, 0, 0, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, 0, 0, 0);
    CU_ASSERT_EQUAL(r.constraint.deviations, 0u);

    /* Moving away from the stop: qdot = -2, sign*verr = 2 >= 0: impact speed +0 (not -0), COR captured = 0. */
    c.coordinate.qdot = -2.0;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.impact_speed, 0.0);
    CU_ASSERT(!signbit(r.impact_speed));
    ASSERT_EXACT(r.effective_cor, 0.0);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);

    /* qdot = +0 and -0: sign*verr = -0 / +0 >= 0: impact speed +0 either way. */
    c.coordinate.qdot = 0.0;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.impact_speed, 0.0);
    CU_ASSERT(!signbit(r.impact_speed));
    c.coordinate.qdot = -0.0;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.impact_speed, 0.0);
    CU_ASSERT(!signbit(r.impact_speed));

    /* Past the stop: q = 5/4, perr = 1/4, sign*perr = -1/4 < 0 (violated). */
    c.coordinate.q = 1.25;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, 0.25);
    CU_ASSERT(r.sign * r.perr < 0.0);

    /* The Appendix example: q = 0.7, upper 0.9: perr = 0.7 - 0.9 = -0.2. Both operands lie in [0.45, 1.8]
     * (Sterbenz), so the subtraction is exact: perr = fl(0.7) - fl(0.9), within 1 ulp(0.2) = 2.8e-17 plus the
     * representation errors of 0.7 and 0.9 (<= 2 x 5.6e-17) of -0.2: tolerance 1.7e-16. */
    c = hard_stop_case(CCREF_CONTACT_HARD_STOP_UPPER, 0.9, 0.7, 0.0, 0.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, 0.7 - 0.9);
    ASSERT_NEAR(r.perr, -0.2, 1.7e-16);
}

static void test_hard_stop_lower(void)
{
    /* q = 3/4 above the lower bound 1/4: perr = 1/2; sign +1: valid. qdot = -1/2 (toward the stop):
     * sign*verr = -1/2: impact speed 1/2, 1/8 < 1/2 < 2: COR = 1 - (1/2)/4 = 7/8, linear branch.
     * lambda = -3: valid under sign +1 (-sign*lambda = 3 >= 0); applied q-force +3 pushes q up. */
    ccref_contact_case c = hard_stop_case(CCREF_CONTACT_HARD_STOP_LOWER, 0.25, 0.75, -0.5, 4.0);
    c.lambda[0] = -3.0;
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 0.5);
    ASSERT_EXACT(r.verr, -0.5);
    ASSERT_EXACT(r.aerr, 4.0);
    CU_ASSERT(r.sign * r.perr > 0.0);
    ASSERT_EXACT(r.coordinate_force, -3.0);
    ASSERT_VEC_EXACT(r.display_point, 1, 3, 3);
    ASSERT_EXACT(r.impact_speed, 0.5);
    ASSERT_EXACT(r.effective_cor, 0.875);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_LINEAR);
    assert_no_friction_outputs(&r);
    CU_ASSERT_EQUAL(r.constraint.deviations, 0u);

    /* Slow approach: qdot = -1/8: impact speed 1/8 <= capture speed: COR 0, captured. */
    c.coordinate.qdot = -0.125;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.impact_speed, 0.125);
    ASSERT_EXACT(r.effective_cor, 0.0);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);
    /* Separating: qdot = 1: sign*verr = 1 >= 0, impact speed 0. */
    c.coordinate.qdot = 1.0;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.impact_speed, 0.0);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);

    /* Below the stop: q = 0: perr = -1/4 < 0, violated under sign +1. */
    c.coordinate.q = 0.0;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, -0.25);
    CU_ASSERT(r.sign * r.perr < 0.0);

    /* The Appendix example: q = 0.7, lower 0.1: perr = 0.6. fl(0.7) - fl(0.1) is rounded once (1/2 ulp(0.6)
     * = 5.6e-17) after representation errors of 5.6e-17 (0.7) and 7e-18 (0.1): tolerance 1.2e-16. */
    c = hard_stop_case(CCREF_CONTACT_HARD_STOP_LOWER, 0.1, 0.7, 0.0, 0.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_NEAR(r.perr, 0.6, 1.2e-16);
}

static void test_hard_stop_body2_ignored(void)
{
    /* Body 2 is not part of a hard stop: NaN and a non-rotation there are not looked at. */
    ccref_contact_case c = hard_stop_case(CCREF_CONTACT_HARD_STOP_LOWER, 0.25, 0.75, 0.0, 0.0);
    c.body2.p.x = NAN;
    c.body2.R.m[0][0] = 2.0;
    ccref_contact_result r;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, 0.5);
}

/* ---------------------------------------------------------------- rope
 * Rod(station1, station2, length_limit), sign -1.
 * Body 1 = Ground, station 1 = (0,2,0) = Sf. Body 2: R2 = I, p2 = (-1,0,0), station 2 = (1,0,0): arm2 = (1,0,0),
 * Sb = (0,0,0). v2 = (1,-3,0), w2 = 0, a2 = (0,1,0). length_limit 1.
 *   p = Sb - Sf = (0,-2,0), r = 2, perr = 2 - 1 = 1 (stretched past the limit: sign*perr = -1 < 0, violated).
 *   Cz = p/r = (0,-1,0); pd = v2 = (1,-3,0); verr = pd.Cz = 3 (lengthening).
 *   Czd = (pd - verr Cz)/r = ((1,-3,0) - (0,-3,0))/2 = (1/2,0,0); pdd = a2 = (0,1,0);
 *   aerr = pdd.Cz + pd.Czd = -1 + 1/2 = -1/2.
 *   Impact: sign*verr = -3 < 0 -> impact speed 3 >= 2: COR 1/2 (minimum).
 *   lambda = 4 (tension; valid: -sign*lambda = 4 >= 0): f = 4 Cz = (0,-4,0) on body 2 at Sb, moment
 *   arm2 x f = (1,0,0) x (0,-4,0) = (0,0,-4); body 1: -f = (0,4,0) at Sf, arm (0,2,0): moment 0.
 *   The physical force on body 2 is -f = (0,4,0): toward station 1, a pull (tension).
 *   display = (Sf + Sb)/2 = (0,1,0). */
static ccref_contact_case rope_case(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_ROPE);
    c.params.rope.station1_in_b1 = ccref_test_v3(0, 2, 0);
    c.params.rope.station2_in_b2 = ccref_test_v3(1, 0, 0);
    c.params.rope.length_limit = 1.0;
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(-1, 0, 0));
    c.body2.v = ccref_test_v3(1, -3, 0);
    c.body2.a = ccref_test_v3(0, 1, 0);
    c.lambda[0] = 4.0;
    return c;
}

static void test_rope(void)
{
    ccref_contact_case c = rope_case();
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, -1);
    ASSERT_EXACT(r.perr, 1.0);
    ASSERT_EXACT(r.verr, 3.0);
    ASSERT_EXACT(r.aerr, -0.5);
    CU_ASSERT(r.sign * r.perr < 0.0);
    ASSERT_VEC_EXACT(r.display_point, 0, 1, 0);
    ASSERT_EXACT(r.impact_speed, 3.0);
    ASSERT_EXACT(r.effective_cor, 0.5);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_MINIMUM);
    assert_no_friction_outputs(&r);
    ASSERT_EXACT(r.coordinate_force, 0.0);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, 0, -4, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, 0, 0, -4);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0, 4, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.moment, 0, 0, 0);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)CCREF_DEV_ROPE_SIGN);

    /* Slack: p2 = (-1,3/2,0): Sb = (0,3/2,0), p = (0,-1/2,0), r = 1/2, perr = -1/2 (valid: sign*perr = 1/2).
     * Cz = (0,-1,0). v2 = (0,1,0): verr = -1 (shortening), sign*verr = 1 >= 0: impact speed 0, COR 0. */
    c.body2.p = ccref_test_v3(-1, 1.5, 0);
    c.body2.v = ccref_test_v3(0, 1, 0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, -0.5);
    CU_ASSERT(r.sign * r.perr > 0.0);
    ASSERT_EXACT(r.verr, -1.0);
    ASSERT_EXACT(r.impact_speed, 0.0);
    CU_ASSERT(!signbit(r.impact_speed));
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);
    ASSERT_VEC_EXACT(r.display_point, 0, 1.75, 0);   /* ((0,2,0) + (0,3/2,0))/2 */
    /* Slack and lengthening at 1: impact speed 1, COR = 1 - 1/4 = 3/4 (linear). */
    c.body2.v = ccref_test_v3(0, -1, 0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.verr, 1.0);
    ASSERT_EXACT(r.impact_speed, 1.0);
    ASSERT_EXACT(r.effective_cor, 0.75);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_LINEAR);
}

static void test_rope_appendix_and_singular(void)
{
    /* Appendix: Rope(length 1) from the ground point (0,2,0) to the point (0.1,0.7,0.2) (body 2 at rest there).
     * p = (0.1,-1.3,0.2), |p|^2 = 0.01 + 1.69 + 0.04 = 1.74, perr = sqrt(1.74) - 1 = 0.3190906 (Simbody's
     * 0.319091). A handful of roundings of values <= 2 (4 ulp(2) = 1.8e-15): tolerance 2e-15.
     * display = ((0,2,0) + (0.1,0.7,0.2))/2 = (0.05,1.35,0.1): two roundings of values <= 2.7: tolerance 5e-16. */
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_ROPE);
    c.params.rope.station1_in_b1 = ccref_test_v3(0, 2, 0);
    c.params.rope.station2_in_b2 = ccref_test_v3(0, 0, 0);
    c.params.rope.length_limit = 1.0;
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0.1, 0.7, 0.2));
    c.lambda[0] = 0.0;
    ccref_contact_result r;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_NEAR(r.perr, sqrt(1.74) - 1.0, 2e-15);
    ASSERT_NEAR(r.perr, 0.3190906, 1e-7);
    CU_ASSERT_EQUAL(r.sign, -1);
    ASSERT_VEC_NEAR(r.display_point, 0.05, 1.35, 0.1, 5e-16);

    /* Singular: both ends at (0,2,0): the Rod's OK_SINGULAR_DIRECTION passes through; perr = 0 - 1 = -1
     * (slack); Cz = body 1's z axis (0,0,1); v2 = (0,0,-2): verr = -2 (sign*verr = 2: not an impact). */
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 2, 0));
    c.body2.v = ccref_test_v3(0, 0, -2);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_EXACT(r.perr, -1.0);
    ASSERT_EXACT(r.verr, -2.0);
    ASSERT_EXACT(r.impact_speed, 0.0);
    ASSERT_VEC_EXACT(r.display_point, 0, 2, 0);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)CCREF_DEV_ROPE_SIGN);
}

/* ---------------------------------------------------------------- Appendix plane example
 * Plane body = Ground, normal +y, height 0.5; body 2 at p2 = (0.1,0.7,0.2), R2 = I, at rest except v2 = (1,2,3);
 * the follower / sphere center is body 2's origin (station 0). */
static ccref_body appendix_body2(void)
{
    ccref_body b = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0.1, 0.7, 0.2));
    b.v = ccref_test_v3(1, 2, 3);
    return b;
}

static void test_point_plane_frictionless_appendix(void)
{
    /* PointInPlane: perr = (0.1,0.7,0.2).(0,1,0) - 0.5 = fl(0.7) - 0.5, exact (Sterbenz), ~0.2; verr = v2.n = 2
     * (separating: impact speed 0); aerr = 0; display = follower point (0.1,0.7,0.2).
     * lambda = -3: f = -3 n = (0,-3,0) on body 2 at its origin (moment 0); Ground gets (0,3,0) at arm
     * (0.1,0.7,0.2): moment (0.7*0 - 0.2*3, 0.2*0 - 0.1*0, 0.1*3 - 0.7*0) = (-0.6, 0, 0.3), one rounding each:
     * tolerance 1.2e-16. Physical force on the follower -f = (0,3,0): pushes it off the plane (valid sign). */
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE_FRICTIONLESS);
    c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 1, 0);
    c.params.point_plane.height = 0.5;
    c.params.point_plane.follower_in_b2 = ccref_test_v3(0, 0, 0);
    c.body2 = appendix_body2();
    c.lambda[0] = -3.0;
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 0.7 - 0.5);
    ASSERT_NEAR(r.perr, 0.2, 1.2e-16);
    ASSERT_EXACT(r.verr, 2.0);
    ASSERT_EXACT(r.aerr, 0.0);
    ASSERT_VEC_EXACT(r.display_point, 0.1, 0.7, 0.2);
    ASSERT_EXACT(r.impact_speed, 0.0);
    ASSERT_EXACT(r.effective_cor, 0.0);
    assert_no_friction_outputs(&r);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, 0, -3, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0, 3, 0);
    ASSERT_VEC_NEAR(r.constraint.force_on_body1.moment, -0.6, 0, 0.3, 1.2e-16);
    CU_ASSERT_EQUAL(r.constraint.deviations, 0u);

    /* Approaching at 2: v2 = (1,-2,3): verr = -2, impact speed 2: COR 1/2. */
    c.body2.v = ccref_test_v3(1, -2, 3);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.verr, -2.0);
    ASSERT_EXACT(r.impact_speed, 2.0);
    ASSERT_EXACT(r.effective_cor, 0.5);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_MINIMUM);
}

static void test_point_plane_appendix(void)
{
    /* PointOnPlaneContact on the plane frame (R = [Px Py Pz] = [(0,0,-1) (-1,0,0) (0,1,0)], origin 0.5 (0,1,0)).
     * perr = ((0.1,0.7,0.2) - (0,0.5,0)).(0,1,0) = fl(0.7) - 0.5 (exact, ~0.2; Simbody's getPerr: 0.2, but the
     * constraint Simbody enforces has perr 0.7: CCREF_DEV_PPC_HEIGHT_DROPPED).
     * v_rel = (1,2,3): verr = (. Pz, . Px, . Py) = (2, -3, -1): verr = 2 (Simbody's getVerr returns -1 and its
     * getSlipVelocity (2,-3): CCREF_DEV_PPC_GETTER_ROWS); slip = (-3,-1), slip speed sqrt(10) (one rounding in
     * sqrt: tolerance 4.5e-16 = ulp(3.16)). Separating: impact speed 0, COR 0.
     * COF: sqrt(10) > 1/2: dynamic: sqrt(10)/4 + 1/2 (tolerance 4.5e-16). */
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE);
    c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 1, 0);
    c.params.point_plane.height = 0.5;
    c.params.point_plane.follower_in_b2 = ccref_test_v3(0, 0, 0);
    c.body2 = appendix_body2();
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 0.7 - 0.5);
    ASSERT_NEAR(r.perr, 0.2, 1.2e-16);
    ASSERT_EXACT(r.verr, 2.0);
    ASSERT_EXACT(r.aerr, 0.0);
    CU_ASSERT_EQUAL(r.has_friction, 1);
    ASSERT_EXACT(r.slip_velocity[0], -3.0);
    ASSERT_EXACT(r.slip_velocity[1], -1.0);
    ASSERT_EXACT(r.slip_acceleration[0], 0.0);
    ASSERT_EXACT(r.slip_acceleration[1], 0.0);
    ASSERT_NEAR(r.slip_speed, sqrt(10.0), 4.5e-16);
    ASSERT_NEAR(r.effective_cof, 0.25 * sqrt(10.0) + 0.5, 4.5e-16);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_DYNAMIC);
    ASSERT_EXACT(r.impact_speed, 0.0);
    ASSERT_EXACT(r.effective_cor, 0.0);
    ASSERT_VEC_EXACT(r.display_point, 0.1, 0.7, 0.2);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 2);
    ASSERT_EXACT(r.constraint.verr[0], 2.0);
    ASSERT_EXACT(r.constraint.verr[1], -3.0);
    ASSERT_EXACT(r.constraint.verr[2], -1.0);
    CU_ASSERT_EQUAL(r.constraint.deviations,
                    (unsigned)(CCREF_DEV_POP_GETTER_ORDER | CCREF_DEV_PPC_GETTER_ROWS | CCREF_DEV_PPC_HEIGHT_DROPPED));
}

static void test_sphere_plane_appendix(void)
{
    /* SphereOnPlaneContact, r = 0.2, plane frame as above (h = (0,0.5,0).(0,1,0) = 0.5).
     * perr = (0.1,0.7,0.2).(0,1,0) - (0.5 + 0.2) = fl(0.7) - fl(0.5 + fl(0.2)). The exact sum 0.5 + fl(0.2)
     * lies half-way between fl(0.7) and its upper neighbour and rounds to the even one, fl(0.7): perr = 0
     * exactly (touching). Simbody ignores the height: it would report 0.7 - 0.2 = 0.5
     * (CCREF_DEV_SPC_HEIGHT_IGNORED).
     * display = contact point C = O - r Pz = (0.1, fl(0.7) - fl(0.2), 0.2) ~ (0.1,0.5,0.2): one rounding,
     * tolerance 1.2e-16. verr = v2.Pz = 2; the sphere does not spin, so v at C = (1,2,3): slip = (-3,-1). */
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_SPHERE_PLANE);
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 1, 0);
    c.params.sphere_plane.height = 0.5;
    c.params.sphere_plane.center_in_b2 = ccref_test_v3(0, 0, 0);
    c.params.sphere_plane.radius = 0.2;
    c.body2 = appendix_body2();
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, 0.0);
    ASSERT_EXACT(r.verr, 2.0);
    ASSERT_VEC_NEAR(r.display_point, 0.1, 0.5, 0.2, 1.2e-16);
    ASSERT_EXACT(r.slip_velocity[0], -3.0);
    ASSERT_EXACT(r.slip_velocity[1], -1.0);
    ASSERT_NEAR(r.slip_speed, sqrt(10.0), 4.5e-16);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)CCREF_DEV_SPC_HEIGHT_IGNORED);
}

/* ---------------------------------------------------------------- point_plane, exact case
 * Plane body 1: R1 = Rx90, p1 = (0,0,1), at rest. normal_in_b1 = (0,0,1), height h = 2.
 *   In b1: Px = (0,1,0), Py = (-1,0,0), Pz = (0,0,1) (normal +z, see the file header); origin (0,0,2).
 *   In G (R1 (x,y,z) = (x,-z,y)): Pz = (0,-1,0), Px = (0,0,1), Py = (-1,0,0); plane origin (0,0,1) + (0,-2,0)
 *   = (0,-2,1): the plane y = -2, normal -y.
 * Follower body 2: R2 = I, p2 = (1,-5,0), station 0: F = (1,-5,0); v2 = (-4,1,3), a2 = (1,2,3), w2 = b2 = 0.
 *   perr: arm1 = F - p1 = (1,-5,-1); R1^T arm1 = (x, z, -y) = (1,-1,5); minus (0,0,2) = (1,-1,3); . (0,0,1) = 3.
 *   (Simbody enforces the plane through p1: perr 5; its getPerr says 3.)
 *   verr rows = v2 . (Pz, Px, Py) = (-1, 3, 4): approaching at 1, slip (3,4), slip speed 5.
 *   aerr rows = a2 . (Pz, Px, Py) = (-2, 3, -1).
 *   COR: impact 1: 1 - 1/4 = 3/4 (linear). COF: 5 > 1/2: 5/4 + 1/2 = 7/4 (dynamic).
 *   lambda = (-2, 1, 1/2): f = -2 Pz + Px + Py/2 = (0,2,0) + (0,0,1) + (-1/2,0,0) = (-1/2,2,1) on body 2 at F
 *   (arm 0: moment 0); body 1: -f = (1/2,-2,-1) at arm (1,-5,-1):
 *   moment = ((-5)(-1) - (-1)(-2), (-1)(1/2) - (1)(-1), (1)(-2) - (-5)(1/2)) = (3, 1/2, 1/2). */
static ccref_contact_case point_plane_case(double h)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_POINT_PLANE);
    c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    c.params.point_plane.height = h;
    c.params.point_plane.follower_in_b2 = ccref_test_v3(0, 0, 0);
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1, -5, 0));
    c.body2.v = ccref_test_v3(-4, 1, 3);
    c.body2.a = ccref_test_v3(1, 2, 3);
    c.lambda[0] = -2.0;
    c.lambda[1] = 1.0;
    c.lambda[2] = 0.5;
    return c;
}

static void test_point_plane_exact(void)
{
    ccref_contact_case c = point_plane_case(2.0);
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 3.0);
    ASSERT_EXACT(r.verr, -1.0);
    ASSERT_EXACT(r.aerr, -2.0);
    CU_ASSERT_EQUAL(r.has_friction, 1);
    ASSERT_EXACT(r.slip_velocity[0], 3.0);
    ASSERT_EXACT(r.slip_velocity[1], 4.0);
    ASSERT_EXACT(r.slip_acceleration[0], 3.0);
    ASSERT_EXACT(r.slip_acceleration[1], -1.0);
    ASSERT_EXACT(r.slip_speed, 5.0);
    ASSERT_EXACT(r.impact_speed, 1.0);
    ASSERT_EXACT(r.effective_cor, 0.75);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_LINEAR);
    ASSERT_EXACT(r.effective_cof, 1.75);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_DYNAMIC);
    ASSERT_VEC_EXACT(r.display_point, 1, -5, 0);
    ASSERT_EXACT(r.coordinate_force, 0.0);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 2);
    ASSERT_EXACT(r.constraint.perr[0], 3.0);
    ASSERT_EXACT(r.constraint.verr[0], -1.0);
    ASSERT_EXACT(r.constraint.verr[1], 3.0);
    ASSERT_EXACT(r.constraint.verr[2], 4.0);
    ASSERT_EXACT(r.constraint.aerr[0], -2.0);
    ASSERT_EXACT(r.constraint.aerr[1], 3.0);
    ASSERT_EXACT(r.constraint.aerr[2], -1.0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, -0.5, 2, 1);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0.5, -2, -1);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.moment, 3, 0.5, 0.5);
    CU_ASSERT_EQUAL(r.constraint.deviations,
                    (unsigned)(CCREF_DEV_POP_GETTER_ORDER | CCREF_DEV_PPC_GETTER_ROWS | CCREF_DEV_PPC_HEIGHT_DROPPED));
    /* valid normal multiplier under sign +1: -sign*lambda_n = 2 >= 0; the applied normal force on the follower
     * is -lambda_n Pz = 2 (0,-1,0) = (0,-2,0): along the plane normal, away from the plane. */
    CU_ASSERT(-r.sign * c.lambda[0] >= 0.0);

    /* Height 0: the plane y = -1 through p1 (where Simbody puts it too): perr = 5, no height flag. */
    c = point_plane_case(0.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, 5.0);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)(CCREF_DEV_POP_GETTER_ORDER | CCREF_DEV_PPC_GETTER_ROWS));
    /* Height -0 compares equal to 0: no height flag either. */
    c = point_plane_case(-0.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.constraint.deviations & CCREF_DEV_PPC_HEIGHT_DROPPED, 0u);
    /* Height 6: the plane y = -7 is above F: perr = 5 - 6 = -1 (penetrating under sign +1). */
    c = point_plane_case(6.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, -1.0);
    CU_ASSERT(r.sign * r.perr < 0.0);
    CU_ASSERT(r.constraint.deviations & CCREF_DEV_PPC_HEIGHT_DROPPED);
}

static void test_friction_rule_through_classes(void)
{
    /* point_plane exact case with slower slips: v2 = (0, 1, 1/2): verr = -1, slip = (1/2, 0), slip speed 1/2 =
     * transition speed: static ("<="): COF = (1/2)/4 + 3/4 = 7/8. */
    ccref_contact_case c = point_plane_case(2.0);
    c.body2.v = ccref_test_v3(0, 1, 0.5);
    ccref_contact_result r;
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.slip_velocity[0], 0.5);
    ASSERT_EXACT(r.slip_velocity[1], 0.0);
    ASSERT_EXACT(r.slip_speed, 0.5);
    ASSERT_EXACT(r.effective_cof, 0.875);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_STATIC);
    /* No slip: v2 = (0,1,0): slip speed 0, COF = mu_s = 3/4. */
    c.body2.v = ccref_test_v3(0, 1, 0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.slip_speed, 0.0);
    ASSERT_EXACT(r.effective_cof, 0.75);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_STATIC);
    /* Slip (0, -1) (v2 = (1,1,0): v.Py = -1): speed 1 > 1/2: 1/4 + 1/2 = 3/4, dynamic. */
    c.body2.v = ccref_test_v3(1, 1, 0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.slip_velocity[1], -1.0);
    ASSERT_EXACT(r.slip_speed, 1.0);
    ASSERT_EXACT(r.effective_cof, 0.75);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_DYNAMIC);
}

/* ---------------------------------------------------------------- sphere_plane, exact case
 * Same plane as the point_plane case (body 1: R1 = Rx90, p1 = (0,0,1); normal_in_b1 (0,0,1), h = 2: in G
 * Pz = (0,-1,0), Px = (0,0,1), Py = (-1,0,0)); radius 1/2.
 * Sphere body 2: R2 = I, p2 = (1,-5,0), center station 0: O = (1,-5,0); v2 = (-5,1,3), w2 = (0,0,-2),
 * a2 = (1,2,3), b2 = (0,0,2).
 *   kernel h = Po.Pz_F = (0,0,2).(0,0,1) = 2; perr = (O - p1).Pz - (h + r) = (1,-5,-1).(0,-1,0) - 5/2 = 5/2.
 *   (Simbody ignores h: 5 - 1/2 = 9/2.)
 *   C = O - r Pz = (1,-5,0) - (0,-1/2,0) = (1,-9/2,0) = display point; arm C - p2 = (0,1/2,0).
 *   verr_n = vO.Pz = v2.(0,-1,0) = -1 -> impact speed 1, COR 3/4.
 *   v at C = v2 + w2 x (0,1/2,0) = (-5,1,3) + (0*0 - (-2)(1/2), (-2)*0 - 0*0, 0) = (-4,1,3):
 *   slip = (. Px, . Py) = (3, 4), speed 5, COF 7/4.
 *   aO = a2 (arm 0, w1 = 0): aerr_n = a2.Pz = -2.
 *   bFB = b2 = (0,0,2); aC = aO - bFB x (r Pz) = (1,2,3) - (0,0,2)x(0,-1/2,0) = (1,2,3) - (1,0,0) = (0,2,3):
 *   slip acceleration = (aC.Px, aC.Py) = (3, 0).
 *   lambda = (-2, 1, 1/2): f = (-1/2,2,1) (as above) at C: body 2 moment (0,1/2,0) x (-1/2,2,1) =
 *   ((1/2)(1) - 0*2, 0*(-1/2) - 0*1, 0*2 - (1/2)(-1/2)) = (1/2, 0, 1/4);
 *   body 1: -f at arm C - p1 = (1,-9/2,-1): (1,-9/2,-1) x (1/2,-2,-1) =
 *   ((-9/2)(-1) - (-1)(-2), (-1)(1/2) - (1)(-1), (1)(-2) - (-9/2)(1/2)) = (5/2, 1/2, 1/4). */
static ccref_contact_case sphere_plane_case(double h)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_SPHERE_PLANE);
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, 1);
    c.params.sphere_plane.height = h;
    c.params.sphere_plane.center_in_b2 = ccref_test_v3(0, 0, 0);
    c.params.sphere_plane.radius = 0.5;
    c.body1 = ccref_test_at_rest(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 1));
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1, -5, 0));
    c.body2.v = ccref_test_v3(-5, 1, 3);
    c.body2.w = ccref_test_v3(0, 0, -2);
    c.body2.a = ccref_test_v3(1, 2, 3);
    c.body2.b = ccref_test_v3(0, 0, 2);
    c.lambda[0] = -2.0;
    c.lambda[1] = 1.0;
    c.lambda[2] = 0.5;
    return c;
}

static void test_sphere_plane_exact(void)
{
    ccref_contact_case c = sphere_plane_case(2.0);
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 2.5);
    ASSERT_EXACT(r.verr, -1.0);
    ASSERT_EXACT(r.aerr, -2.0);
    ASSERT_VEC_EXACT(r.display_point, 1, -4.5, 0);
    ASSERT_EXACT(r.slip_velocity[0], 3.0);
    ASSERT_EXACT(r.slip_velocity[1], 4.0);
    ASSERT_EXACT(r.slip_acceleration[0], 3.0);
    ASSERT_EXACT(r.slip_acceleration[1], 0.0);
    ASSERT_EXACT(r.slip_speed, 5.0);
    ASSERT_EXACT(r.impact_speed, 1.0);
    ASSERT_EXACT(r.effective_cor, 0.75);
    ASSERT_EXACT(r.effective_cof, 1.75);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_DYNAMIC);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, -0.5, 2, 1);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, 0.5, 0, 0.25);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0.5, -2, -1);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.moment, 2.5, 0.5, 0.25);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)CCREF_DEV_SPC_HEIGHT_IGNORED);

    /* Height 0: perr = 5 - 1/2 = 9/2 (what Simbody reports for any height), no flag. */
    c = sphere_plane_case(0.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, 4.5);
    CU_ASSERT_EQUAL(r.constraint.deviations, 0u);
    /* Height 5: perr = 5 - (5 + 1/2) = -1/2: penetrating under sign +1. */
    c = sphere_plane_case(5.0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, -0.5);
    CU_ASSERT(r.sign * r.perr < 0.0);
}

/* ---------------------------------------------------------------- sphere_sphere
 * Body 1 = Ground, center (0,0,0), r1 = 1; body 2: R2 = I, p2 = (0,0,4), center 0, r2 = 1; v2 = (-4,3,-1),
 * a2 = (1,2,3), w2 = b2 = 0.
 *   p = (0,0,4), r = 4, perr = 4 - 2 = 2; Cz = p/4 = (0,0,1); Cx = perp = (0,1,0), Cy = (-1,0,0);
 *   kf = 1/2, Co = (0,0,2) = display point.
 *   pd = (-4,3,-1): verr = -1 (approaching): impact 1, COR 3/4.
 *   Czd = (pd - (pd.Cz) Cz)/4 = (-4,3,0)/4 = (-1,3/4,0); aerr = pdd.Cz + pd.Czd = 3 + (4 + 9/4) = 37/4.
 *   vF = v2 (no rotation) = (-4,3,-1): slip = (vF.Cx, vF.Cy) = (3, 4), speed 5, COF 7/4.
 *   Slip acceleration (Simbody's formula): pd_FCo = pd/2 = (-2,3/2,-1/2), pd_BCo = pd_FCo - v2 = (2,-3/2,1/2);
 *   dvF = a2 = (1,2,3); CzdF = Czd; Cxd = -(CzdF x Cy) = -((-1,3/4,0)x(-1,0,0)) = -(0,0,3/4) = (0,0,-3/4);
 *   Cyd = CzdF x Cx = (-1,3/4,0)x(0,1,0) = (0,0,-1);
 *   aerr_x = dvF.Cx + vF.Cxd = 2 + 3/4 = 11/4; aerr_y = dvF.Cy + vF.Cyd = -1 + 1 = 0.
 *   Slip nonzero while rolling: the kernel's CCREF_DEV_SOS_ROLLING_AERR_SPIN passes through.
 *   lambda = (-2, 1, 1/2): normal -2 Cz = (0,0,-2) at the centres (arms 0: no moments); tangential
 *   ft = Cx + Cy/2 = (-1/2,1,0) at Co: body 2 arm (0,0,-2): (0,0,-2)x(-1/2,1,0) = (2,1,0); body 1 arm (0,0,2):
 *   (0,0,2)x(1/2,-1,0) = (0*0 - 2*(-1), 2*(1/2) - 0*0, 0) = (2,1,0).
 *   Totals: body 2 force (-1/2,1,-2), moment (2,1,0); body 1 force (1/2,-1,2), moment (2,1,0). */
static ccref_contact_case sphere_sphere_case(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_SPHERE_SPHERE);
    c.params.sphere_sphere.center1_in_b1 = ccref_test_v3(0, 0, 0);
    c.params.sphere_sphere.radius1 = 1.0;
    c.params.sphere_sphere.center2_in_b2 = ccref_test_v3(0, 0, 0);
    c.params.sphere_sphere.radius2 = 1.0;
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 0, 4));
    c.body2.v = ccref_test_v3(-4, 3, -1);
    c.body2.a = ccref_test_v3(1, 2, 3);
    c.lambda[0] = -2.0;
    c.lambda[1] = 1.0;
    c.lambda[2] = 0.5;
    return c;
}

static void test_sphere_sphere(void)
{
    ccref_contact_case c = sphere_sphere_case();
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 2.0);
    ASSERT_EXACT(r.verr, -1.0);
    ASSERT_EXACT(r.aerr, 9.25);
    ASSERT_VEC_EXACT(r.display_point, 0, 0, 2);
    ASSERT_EXACT(r.slip_velocity[0], 3.0);
    ASSERT_EXACT(r.slip_velocity[1], 4.0);
    ASSERT_EXACT(r.slip_acceleration[0], 2.75);
    ASSERT_EXACT(r.slip_acceleration[1], 0.0);
    ASSERT_EXACT(r.slip_speed, 5.0);
    ASSERT_EXACT(r.impact_speed, 1.0);
    ASSERT_EXACT(r.effective_cor, 0.75);
    ASSERT_EXACT(r.effective_cof, 1.75);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, -0.5, 1, -2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, 2, 1, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0.5, -1, 2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.moment, 2, 1, 0);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)CCREF_DEV_SOS_ROLLING_AERR_SPIN);

    /* Interpenetrating: p2 = (0,0,1): perr = 1 - 2 = -1 < 0. No slip (v2 = (0,0,1)): no spin flag;
     * verr = 1: separating, impact speed 0. Co = (0,0,1/2). */
    c.body2.p = ccref_test_v3(0, 0, 1);
    c.body2.v = ccref_test_v3(0, 0, 1);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, -1.0);
    CU_ASSERT(r.sign * r.perr < 0.0);
    ASSERT_EXACT(r.impact_speed, 0.0);
    ASSERT_VEC_EXACT(r.display_point, 0, 0, 0.5);
    CU_ASSERT_EQUAL(r.constraint.deviations, 0u);

    /* Concentric: OK_SINGULAR_DIRECTION passes through; perr = 0 - 2 = -2; Cz = body 1's z axis (0,0,1);
     * v2 = (0,0,1): verr = 1. Co = Sf = (0,0,0). */
    c.body2.p = ccref_test_v3(0, 0, 0);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_EXACT(r.perr, -2.0);
    ASSERT_EXACT(r.verr, 1.0);
    ASSERT_VEC_EXACT(r.display_point, 0, 0, 0);
}

/* ---------------------------------------------------------------- edge_edge
 * Body 1 = Ground, edge frame 1 = (I, 0): Pf = 0, df = (1,0,0), sf = (0,0,1).
 * Body 2: R2 = I, p2 = (2,-3,1), edge frame 2 R = columns (0,1,0), (1,0,0), (0,0,-1) (a rotation: x cross y =
 * (0,1,0)x(1,0,0) = (0,0,-1) = z), origin 0: Pb = (2,-3,1), db = (0,1,0), sb = (0,0,-1).
 * v2 = (3,4,-1), a2 = (1,2,3), w2 = b2 = 0.
 *   wraw = df x db = (0,0,1); wsf = 1, wsb = -1; |wsf| > |wsb| false -> sb branch, wsb < 0 -> sense +1;
 *   n = (0,0,1) (out of body 1, into body 2). p = (2,-3,1): perr = p.n = 1.
 *   pXn = (2,-3,1)x(0,0,1) = (-3,-2,0); tf = -(db.pXn) = 2, tb = -(df.pXn) = 3;
 *   Qf = (2,0,0), Qb = (2,-3,1) + 3 (0,1,0) = (2,0,1); Co = (2,0,1/2) = display point.
 *   Cx = df = (1,0,0), Cy = n x df = (0,1,0), Cz = n.
 *   No rotation: dn = d2n = 0; verr = dp.n = v2.n = -1 (approaching: impact 1, COR 3/4); aerr = a2.n = 3.
 *   vF = v2: slip = (3,4), speed 5, COF 7/4; dvF = a2 and dCx = dCy = 0: slip acceleration (1,2).
 *   lambda = (-2, 1, 1/2): f = -2 n + Cx + Cy/2 = (1,1/2,-2) at Co on both bodies:
 *   body 2 arm Co - p2 = (0,3,-1/2): (0,3,-1/2)x(1,1/2,-2) = (3(-2) - (-1/2)(1/2), (-1/2)(1) - 0, 0 - 3) =
 *   (-23/4, -1/2, -3); body 1 arm (2,0,1/2), force (-1,-1/2,2):
 *   (2,0,1/2)x(-1,-1/2,2) = (0*2 - (1/2)(-1/2), (1/2)(-1) - 2*2, 2(-1/2) - 0) = (1/4, -9/2, -1). */
static ccref_contact_case edge_edge_case(void)
{
    ccref_contact_case c = ccref_test_contact_case(CCREF_CONTACT_EDGE_EDGE);
    c.params.edge_edge.edge_frame1_in_b1.R = ccref_test_identity();
    c.params.edge_edge.edge_frame1_in_b1.p = ccref_test_v3(0, 0, 0);
    c.params.edge_edge.half_length1 = 1.0;
    ccref_mat3 R = {{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}};
    c.params.edge_edge.edge_frame2_in_b2.R = R;
    c.params.edge_edge.edge_frame2_in_b2.p = ccref_test_v3(0, 0, 0);
    c.params.edge_edge.half_length2 = 1.0;
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(2, -3, 1));
    c.body2.v = ccref_test_v3(3, 4, -1);
    c.body2.a = ccref_test_v3(1, 2, 3);
    c.lambda[0] = -2.0;
    c.lambda[1] = 1.0;
    c.lambda[2] = 0.5;
    return c;
}

static void test_edge_edge(void)
{
    ccref_contact_case c = edge_edge_case();
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sign, 1);
    ASSERT_EXACT(r.perr, 1.0);
    ASSERT_EXACT(r.verr, -1.0);
    ASSERT_EXACT(r.aerr, 3.0);
    ASSERT_VEC_EXACT(r.display_point, 2, 0, 0.5);
    ASSERT_EXACT(r.slip_velocity[0], 3.0);
    ASSERT_EXACT(r.slip_velocity[1], 4.0);
    ASSERT_EXACT(r.slip_acceleration[0], 1.0);
    ASSERT_EXACT(r.slip_acceleration[1], 2.0);
    ASSERT_EXACT(r.slip_speed, 5.0);
    ASSERT_EXACT(r.impact_speed, 1.0);
    ASSERT_EXACT(r.effective_cor, 0.75);
    ASSERT_EXACT(r.effective_cof, 1.75);
    CU_ASSERT_EQUAL(r.constraint.mp, 1);
    CU_ASSERT_EQUAL(r.constraint.mv, 2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, 1, 0.5, -2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.moment, -5.75, -0.5, -3);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, -1, -0.5, 2);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.moment, 0.25, -4.5, -1);
    CU_ASSERT_EQUAL(r.constraint.deviations, 0u);

    /* Crossed through: p2 = (2,-3,-1): perr = -1 < 0 (penetrating under sign +1). */
    c.body2.p = ccref_test_v3(2, -3, -1);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
    ASSERT_EXACT(r.perr, -1.0);
    CU_ASSERT(r.sign * r.perr < 0.0);
}

static void test_edge_edge_parallel(void)
{
    /* Edge 2 frame = I: db = df = (1,0,0): wraw = 0 -> OK_PARALLEL_EDGES, every row zero, forces zero.
     * p2 = (1,2,3) = Pb, p = (1,2,3): Qf = Pf + (p.df/2) df = (1/2,0,0); Qb = Pb + ((Pf-Pb).db/2) db =
     * (1,2,3) + (-1/2)(1,0,0) = (1/2,2,3); display = Co = (1/2,1,3/2).
     * verr = 0: impact speed 0, COR 0 (captured); slip 0: COF = mu_s = 3/4 (static). */
    ccref_contact_case c = edge_edge_case();
    c.params.edge_edge.edge_frame2_in_b2.R = ccref_test_identity();
    c.body2.p = ccref_test_v3(1, 2, 3);
    ccref_contact_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK_PARALLEL_EDGES);
    ASSERT_EXACT(r.perr, 0.0);
    ASSERT_EXACT(r.verr, 0.0);
    ASSERT_EXACT(r.aerr, 0.0);
    ASSERT_VEC_EXACT(r.display_point, 0.5, 1, 1.5);
    ASSERT_EXACT(r.slip_velocity[0], 0.0);
    ASSERT_EXACT(r.slip_velocity[1], 0.0);
    ASSERT_EXACT(r.slip_speed, 0.0);
    ASSERT_EXACT(r.impact_speed, 0.0);
    ASSERT_EXACT(r.effective_cor, 0.0);
    CU_ASSERT_EQUAL(r.cor_branch, CCREF_COR_CAPTURED);
    ASSERT_EXACT(r.effective_cof, 0.75);
    CU_ASSERT_EQUAL(r.cof_branch, CCREF_COF_STATIC);
    CU_ASSERT_EQUAL(r.has_friction, 1);
    ASSERT_VEC_EXACT(r.constraint.force_on_body2.force, 0, 0, 0);
    ASSERT_VEC_EXACT(r.constraint.force_on_body1.force, 0, 0, 0);
    CU_ASSERT_EQUAL(r.constraint.deviations, (unsigned)CCREF_DEV_LOL_PARALLEL_FALLBACK);
}

/* ---------------------------------------------------------------- bad inputs: common */

static ccref_contact_case valid_case(ccref_contact_class cls)
{
    switch (cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER: return hard_stop_case(cls, 1.0, 0.75, 2.0, -5.0);
    case CCREF_CONTACT_HARD_STOP_LOWER: return hard_stop_case(cls, 0.25, 0.75, -0.5, 4.0);
    case CCREF_CONTACT_ROPE: return rope_case();
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS: {
        ccref_contact_case c = ccref_test_contact_case(cls);
        c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 1, 0);
        c.params.point_plane.height = 0.5;
        c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 1, 0));
        return c;
    }
    case CCREF_CONTACT_POINT_PLANE: return point_plane_case(2.0);
    case CCREF_CONTACT_SPHERE_PLANE: return sphere_plane_case(2.0);
    case CCREF_CONTACT_SPHERE_SPHERE: return sphere_sphere_case();
    default: return edge_edge_case();
    }
}

/* A pose whose evaluation overflows although every input is valid: the input checks, the rules' included, still
 * come first (spec/unilateral_contacts.md section 4: the kernel's overflow is an "after" status). Hard stops
 * overflow in q - bound (the ConstantCoordinate kernel) and in their display point. */
static ccref_contact_case overflowing_case(ccref_contact_class cls)
{
    ccref_contact_case c = valid_case(cls);
    const double huge = 0x1.8p+1023;
    if (cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER) {
        c.coordinate.q = huge; /* q - bound overflows in the ConstantCoordinate kernel */
        c.params.hard_stop.bound = -huge;
        c.body1.p = ccref_test_v3(huge, huge, huge);
        c.params.hard_stop.mobilizer_origin_in_b = ccref_test_v3(huge, huge, huge);
        return c;
    }
    ccref_body *b[2] = {&c.body1, &c.body2};
    for (int k = 0; k < 2; k++) { /* opposite poses and spins: the relative motion overflows too */
        const double s = k == 0 ? 1e300 : -1e300;
        b[k]->p = ccref_test_v3(s, -s, s);
        b[k]->w = ccref_test_v3(s, s, -s);
        b[k]->v = ccref_test_v3(-s, s, s);
    }
    return c;
}

static void test_rule_inputs_before_overflow(void)
{
    for (int i = 0; i < CCREF_CONTACT_COUNT; i++) {
        const ccref_contact_class cls = (ccref_contact_class)i;
        ccref_contact_case c = overflowing_case(cls);
        expect_error(&c, CCREF_E_RESULT_OVERFLOW); /* the pose does overflow */
        c.speeds.capture_speed = -1.0;
        expect_error(&c, CCREF_E_NEGATIVE_SPEED);
        c = overflowing_case(cls);
        c.material.min_cor = 2.0;
        expect_error(&c, CCREF_E_COR_OUT_OF_RANGE);
        if (ccref_contact_has_friction(cls)) {
            c = overflowing_case(cls);
            c.material.mu_d = c.material.mu_s + 1.0;
            expect_error(&c, CCREF_E_FRICTION_ORDER);
            c = overflowing_case(cls);
            c.speeds.transition_speed = NAN;
            expect_error(&c, CCREF_E_NONFINITE_INPUT);
        }
        /* a rule's own overflow too: the COR slope (1 - min_cor) / min_cor_speed overflows at a subnormal
         * min_cor_speed, found by the fuzzer (fuzz/regressions/point_plane, sphere_plane) */
        if (ccref_contact_has_friction(cls)) {
            c = valid_case(cls);
            c.speeds.capture_speed = 0.0;
            c.speeds.min_cor_speed = 0x1p-1030; /* the slope 1 / min_cor_speed overflows */
            c.material.min_cor = 0.0;
            /* body 2 moving slowly along one of the six axis directions: one of them approaches with an impact
             * speed between the capture speed and min_cor_speed, the COR rule's linear branch */
            int found = 0;
            for (int d = 0; d < 6 && !found; d++) {
                double u[3] = {0, 0, 0};
                u[d / 2] = d % 2 ? -0x1p-1060 : 0x1p-1060;
                c.body2.v = ccref_test_v3(u[0], u[1], u[2]);
                c.body2.w = ccref_test_v3(0, 0, 0);
                c.body1.w = c.body1.v = ccref_test_v3(0, 0, 0);
                ccref_contact_result r;
                found = ccref_contact_eval(&c, &r) == CCREF_E_RESULT_OVERFLOW;
            }
            CU_ASSERT_FATAL(found);
            c.material.mu_s = NAN;
            expect_error(&c, CCREF_E_NONFINITE_INPUT);
            c.material.mu_s = 0.0; /* below mu_d */
            c.material.mu_d = 0.5;
            expect_error(&c, CCREF_E_FRICTION_ORDER);
        }
        /* the bodies' input checks too come before the overflow */
        c = overflowing_case(cls);
        c.body1.w.y = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = overflowing_case(cls);
        c.body1.R.m[0][1] = 1e-6;
        expect_error(&c, CCREF_E_NOT_ROTATION);
    }
}

/* The plane frame's origin h n overflows although h and n are finite and valid (h = DBL_MAX, |n| = 1 + 2^-41, inside
 * the unit tolerance): an intermediate overflow, reported as E_RESULT_OVERFLOW after the rules' input checks, not as
 * a non-finite input (found by the fuzzers' long run, fuzz/regressions/sphere_plane and point_plane). */
static void test_plane_frame_overflow(void)
{
    const ccref_contact_class classes[2] = {CCREF_CONTACT_POINT_PLANE, CCREF_CONTACT_SPHERE_PLANE};
    for (int i = 0; i < 2; i++) {
        ccref_contact_case c = valid_case(classes[i]);
        ccref_vec3 *n = classes[i] == CCREF_CONTACT_POINT_PLANE ? &c.params.point_plane.normal_in_b1
                                                                 : &c.params.sphere_plane.normal_in_b1;
        double *h = classes[i] == CCREF_CONTACT_POINT_PLANE ? &c.params.point_plane.height
                                                             : &c.params.sphere_plane.height;
        *n = ccref_test_v3(0, 0, 1 + 0x1p-41); /* |n|^2 - 1 = 2^-40 + 2^-82 < 1e-12 */
        *h = 0x1.fffffffffffffp+1023;
        expect_error(&c, CCREF_E_RESULT_OVERFLOW);
        c.speeds.capture_speed = -1.0;
        expect_error(&c, CCREF_E_NEGATIVE_SPEED);
        c.speeds.capture_speed = 0.0;
        c.material.mu_d = c.material.mu_s + 1.0;
        expect_error(&c, CCREF_E_FRICTION_ORDER);
        c.material.mu_d = c.material.mu_s;
        *h = 0x1.fffffffffffffp+1022; /* h n finite: the frame is built, the evaluation goes on */
        ccref_contact_result r;
        CU_ASSERT_NOT_EQUAL(ccref_contact_eval(&c, &r), CCREF_E_NONFINITE_INPUT);
    }
}

static void test_null_class_lambda(void)
{
    ccref_contact_result r;
    ccref_contact_case c = valid_case(CCREF_CONTACT_ROPE);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_contact_eval(NULL, &r), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT(is_zeroed(&r));
    CU_ASSERT_EQUAL(ccref_contact_eval(&c, NULL), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ccref_contact_eval(NULL, NULL), CCREF_E_NULL_ARGUMENT);

    /* Class out of range comes before the multiplier count. */
    c.cls = CCREF_CONTACT_COUNT;
    c.n_lambda = 7;
    expect_error(&c, CCREF_E_UNKNOWN_KIND);
    c.cls = (ccref_contact_class)-1;
    expect_error(&c, CCREF_E_UNKNOWN_KIND);

    for (int i = 0; i < CCREF_CONTACT_COUNT; i++) {
        c = valid_case((ccref_contact_class)i);
        size_t good = ccref_contact_has_friction(c.cls) ? 3 : 1;
        for (size_t n = 0; n <= 4; n++) {
            if (n == good)
                continue;
            c.n_lambda = n;
            expect_error(&c, CCREF_E_LAMBDA_COUNT);
        }
        c.n_lambda = good;
        /* The count comes before every other check (here: also a NaN body and a bad COR). */
        c.n_lambda = good == 3 ? 1 : 3;
        c.body1.p.x = NAN;
        c.coordinate.q = NAN;
        c.material.min_cor = 2.0;
        expect_error(&c, CCREF_E_LAMBDA_COUNT);
        /* Non-finite multipliers (the kernels' check): the last used one. */
        c = valid_case((ccref_contact_class)i);
        c.lambda[good - 1] = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c.lambda[good - 1] = -INFINITY;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        /* Unused multiplier slots are not looked at. */
        c = valid_case((ccref_contact_class)i);
        for (size_t k = good; k < 3; k++)
            c.lambda[k] = NAN;
        ccref_contact_result ok;
        CU_ASSERT(ccref_status_ok(ccref_contact_eval(&c, &ok)));
    }
}

static void test_material_and_speeds(void)
{
    for (int i = 0; i < CCREF_CONTACT_COUNT; i++) {
        ccref_contact_class cls = (ccref_contact_class)i;
        ccref_contact_case c = valid_case(cls);
        c.material.min_cor = 1.5;
        expect_error(&c, CCREF_E_COR_OUT_OF_RANGE);
        c.material.min_cor = -0.25;
        expect_error(&c, CCREF_E_COR_OUT_OF_RANGE);
        c.material.min_cor = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.speeds.capture_speed = -1.0;
        expect_error(&c, CCREF_E_NEGATIVE_SPEED);
        c = valid_case(cls);
        c.speeds.capture_speed = 3.0;        /* > min_cor_speed 2 */
        expect_error(&c, CCREF_E_SPEED_ORDER);
        c = valid_case(cls);
        c.speeds.min_cor_speed = INFINITY;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);

        /* The kernel's checks come first: a non-rotation body 1 with a bad COR reports the rotation. */
        c = valid_case(cls);
        c.material.min_cor = 1.5;
        c.body1.R.m[0][0] = -1.0;            /* Ground: diag(-1,1,1), a reflection; Rz90, Rx90: not orthonormal */
        expect_error(&c, CCREF_E_NOT_ROTATION);

        /* Friction coefficients and the transition speed: checked for the friction classes only. */
        c = valid_case(cls);
        c.material.mu_s = -1.0;
        c.material.mu_d = 2.0;
        c.material.mu_v = NAN;
        c.speeds.transition_speed = -1.0;
        if (ccref_contact_has_friction(cls)) {
            expect_error(&c, CCREF_E_NONFINITE_INPUT);
            c.material.mu_v = 0.0;
            expect_error(&c, CCREF_E_NEGATIVE_FRICTION);
            c.material.mu_s = 1.0;
            expect_error(&c, CCREF_E_FRICTION_ORDER);
            c.material.mu_d = 0.5;
            expect_error(&c, CCREF_E_NEGATIVE_SPEED);
            c.speeds.transition_speed = 0.0;
            ccref_contact_result r;
            CU_ASSERT_EQUAL(ccref_contact_eval(&c, &r), CCREF_OK);
        } else {
            ccref_contact_result r;
            CU_ASSERT(ccref_status_ok(ccref_contact_eval(&c, &r)));
            assert_no_friction_outputs(&r);
        }
    }
}

/* ---------------------------------------------------------------- bad inputs: per class */

static void test_bad_hard_stop(void)
{
    for (int k = 0; k < 2; k++) {
        ccref_contact_class cls = k == 0 ? CCREF_CONTACT_HARD_STOP_UPPER : CCREF_CONTACT_HARD_STOP_LOWER;
        ccref_contact_case c = valid_case(cls);
        c.coordinate.q = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.coordinate.qdot = INFINITY;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.coordinate.qdotdot = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.params.hard_stop.bound = -INFINITY;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.params.hard_stop.mobilizer_origin_in_b.z = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        /* body 1 non-finite or not a rotation (among them w.y = Inf, Rz90 with R[0][1] = 0.5, diag(1,1,-1)):
         * test_bad_bodies */
        /* finiteness before rotation: NaN coordinate and a non-rotation body 1 (the reflection diag(1,1,-1)) */
        c = valid_case(cls);
        c.body1.R = ccref_test_identity();
        c.body1.R.m[2][2] = -1.0;
        c.coordinate.q = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        /* overflow: perr = 1e308 - (-1e308) = Inf (the kernel's E_RESULT_OVERFLOW) */
        c = valid_case(cls);
        c.coordinate.q = 1e308;
        c.params.hard_stop.bound = -1e308;
        expect_error(&c, CCREF_E_RESULT_OVERFLOW);
        /* overflow of the display point: p1 + R1 s = 1e308 + 1e308 */
        c = valid_case(cls);
        c.body1.R = ccref_test_identity();
        c.body1.p = ccref_test_v3(1e308, 0, 0);
        c.params.hard_stop.mobilizer_origin_in_b = ccref_test_v3(1e308, 0, 0);
        expect_error(&c, CCREF_E_RESULT_OVERFLOW);
    }
}

static void test_bad_rope(void)
{
    ccref_contact_case c = valid_case(CCREF_CONTACT_ROPE);
    c.params.rope.length_limit = 0.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_LENGTH);
    c.params.rope.length_limit = -1.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_LENGTH);
    c.params.rope.length_limit = NAN;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_ROPE);
    c.params.rope.station1_in_b1.x = INFINITY;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    /* bodies non-finite or not rotations (among them body 2 a.z = NaN, diag(1,-1,1)): test_bad_bodies */
    c = valid_case(CCREF_CONTACT_ROPE);
    c.body2.R.m[1][1] = -1.0;                /* diag(1,-1,1): a reflection */
    c.params.rope.length_limit = 0.0;        /* rotation before length */
    expect_error(&c, CCREF_E_NOT_ROTATION);
    /* overflow inside the Rod: |p|^2 = Inf */
    c = valid_case(CCREF_CONTACT_ROPE);
    c.body2.p = ccref_test_v3(1e300, 0, 0);
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
    /* overflow of the display midpoint only: both ends at (1e308,0,0) (singular rod, finite rows; lambda 0
     * keeps the moments at arm 1e308 finite), S1 + S2 = Inf */
    c = valid_case(CCREF_CONTACT_ROPE);
    c.lambda[0] = 0.0;
    c.params.rope.station1_in_b1 = ccref_test_v3(1e308, 0, 0);
    c.params.rope.station2_in_b2 = ccref_test_v3(0, 0, 0);
    c.body2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1e308, 0, 0));
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
}

static void test_bad_point_planes(void)
{
    for (int k = 0; k < 2; k++) {
        ccref_contact_class cls = k == 0 ? CCREF_CONTACT_POINT_PLANE_FRICTIONLESS : CCREF_CONTACT_POINT_PLANE;
        ccref_contact_case c = valid_case(cls);
        c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 0);
        expect_error(&c, CCREF_E_ZERO_DIRECTION);
        c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 2, 0);
        expect_error(&c, CCREF_E_NOT_UNIT_VECTOR);
        c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 1.000001, 0);  /* |n|^2 - 1 = 2e-6 > 1e-12 */
        expect_error(&c, CCREF_E_NOT_UNIT_VECTOR);
        c.params.point_plane.normal_in_b1 = ccref_test_v3(NAN, 1, 0);
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.params.point_plane.height = INFINITY;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        c = valid_case(cls);
        c.params.point_plane.follower_in_b2.y = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        /* bodies non-finite or not rotations (among them body 1 b.x = NaN, diag(-1,1,1)): test_bad_bodies */
        /* order: non-finite before rotation before the unit normal */
        c = valid_case(cls);
        c.params.point_plane.normal_in_b1 = ccref_test_v3(0, 0, 0);
        c.body2.R.m[0][0] = 2.0;
        expect_error(&c, CCREF_E_NOT_ROTATION);
        c.body1.v.x = NAN;
        expect_error(&c, CCREF_E_NONFINITE_INPUT);
        /* overflow: follower at 1e308 with a plane body at -1e308: arm1 = Inf */
        c = valid_case(cls);
        c.body1.p = ccref_test_v3(0, -1e308, 0);
        c.body2.p = ccref_test_v3(0, 1e308, 0);
        expect_error(&c, CCREF_E_RESULT_OVERFLOW);
    }
    /* point_plane: slip speed overflow with finite rows: v2 = (0,0,1e200) gives slip x = 1e200 and
     * slip_speed = sqrt(1e400) = Inf -> E_RESULT_OVERFLOW; a bad coefficient still wins. */
    ccref_contact_case c = valid_case(CCREF_CONTACT_POINT_PLANE);
    c.body2.v = ccref_test_v3(0, 0, 1e200);
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
    c.material.mu_d = 1.0;
    expect_error(&c, CCREF_E_FRICTION_ORDER);
    /* the COF rule's own overflow: mu_v = 1e308 at slip speed 5 -> Inf */
    c = valid_case(CCREF_CONTACT_POINT_PLANE);
    c.material.mu_v = 1e308;
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
}

static void test_bad_sphere_plane(void)
{
    ccref_contact_case c = valid_case(CCREF_CONTACT_SPHERE_PLANE);
    c.params.sphere_plane.radius = 0.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_RADIUS);
    c.params.sphere_plane.radius = -0.5;
    expect_error(&c, CCREF_E_NONPOSITIVE_RADIUS);
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, 0);  /* radius before direction */
    expect_error(&c, CCREF_E_NONPOSITIVE_RADIUS);
    c.params.sphere_plane.radius = NAN;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_SPHERE_PLANE);
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, 0);
    expect_error(&c, CCREF_E_ZERO_DIRECTION);
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0.5, 0, 0);
    expect_error(&c, CCREF_E_NOT_UNIT_VECTOR);
    c.params.sphere_plane.normal_in_b1 = ccref_test_v3(0, 0, -INFINITY);
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_SPHERE_PLANE);
    c.params.sphere_plane.height = NAN;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_SPHERE_PLANE);
    c.params.sphere_plane.center_in_b2.x = INFINITY;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_SPHERE_PLANE);
    c.body2.R.m[2][1] = 0.25;
    c.params.sphere_plane.radius = 0.0;                  /* rotation before radius */
    expect_error(&c, CCREF_E_NOT_ROTATION);
    c = valid_case(CCREF_CONTACT_SPHERE_PLANE);
    c.body2.p = ccref_test_v3(0, 1e308, 0);
    c.body1.p = ccref_test_v3(0, -1e308, 0);
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
}

static void test_bad_sphere_sphere(void)
{
    ccref_contact_case c = valid_case(CCREF_CONTACT_SPHERE_SPHERE);
    c.params.sphere_sphere.radius1 = 0.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_RADIUS);
    c = valid_case(CCREF_CONTACT_SPHERE_SPHERE);
    c.params.sphere_sphere.radius2 = -1.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_RADIUS);
    c.params.sphere_sphere.radius2 = INFINITY;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_SPHERE_SPHERE);
    c.params.sphere_sphere.center1_in_b1.y = NAN;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    /* bodies non-finite or not rotations (among them body 2 = diag(1,1,-1)): test_bad_bodies */
    c = valid_case(CCREF_CONTACT_SPHERE_SPHERE);
    c.body2.p = ccref_test_v3(0, 0, 1e300);
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
}

static void test_bad_edge_edge(void)
{
    ccref_contact_case c = valid_case(CCREF_CONTACT_EDGE_EDGE);
    c.params.edge_edge.half_length1 = 0.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_LENGTH);
    c = valid_case(CCREF_CONTACT_EDGE_EDGE);
    c.params.edge_edge.half_length2 = -2.0;
    expect_error(&c, CCREF_E_NONPOSITIVE_LENGTH);
    c.params.edge_edge.half_length2 = NAN;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_EDGE_EDGE);
    c.params.edge_edge.edge_frame1_in_b1.p.z = INFINITY;
    expect_error(&c, CCREF_E_NONFINITE_INPUT);
    c = valid_case(CCREF_CONTACT_EDGE_EDGE);
    c.params.edge_edge.edge_frame2_in_b2.R.m[2][2] = 1.0;   /* columns (0,1,0),(1,0,0),(0,0,1): a reflection */
    expect_error(&c, CCREF_E_NOT_ROTATION);
    c = valid_case(CCREF_CONTACT_EDGE_EDGE);
    /* p = (1e308,-1e308,1e308): tf = tb = 1e308, Qf = (1e308,0,0), Qb = (1e308,0,1e308): Qf + Qb = Inf */
    c.body2.p = ccref_test_v3(1e308, -1e308, 1e308);
    expect_error(&c, CCREF_E_RESULT_OVERFLOW);
}

/* ---------------------------------------------------------------- bad inputs: bodies, every class */

/* The class under test for the bad-body drivers: a valid case, bodies from the driver. */
typedef struct {
    ccref_contact_case c;
    ccref_contact_result r;
} contact_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    contact_run *k = ctx;
    k->c.body1 = *b1;
    k->c.body2 = *b2;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_contact_eval(&k->c, &k->r);
}

static void run_zeroed(void *ctx) { CU_ASSERT(is_zeroed(&((contact_run *)ctx)->r)); }

/* Every class: NaN, +Inf and -Inf in every scalar of each body it uses, and every ccref_test_nonrotation variant
 * of those bodies' rotations (a hard stop uses body 1 only: test_hard_stop_body2_ignored). */
static void test_bad_bodies(void)
{
    for (int i = 0; i < CCREF_CONTACT_COUNT; i++) {
        ccref_contact_class cls = (ccref_contact_class)i;
        contact_run run = {.c = valid_case(cls)};
        ccref_test_kernel k = {run_eval, run_zeroed, &run};
        ccref_body b1 = run.c.body1, b2 = run.c.body2;
        unsigned bodies = cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER
                              ? CCREF_TEST_BODY1 : CCREF_TEST_BOTH_BODIES;
        ccref_test_nonfinite_bodies(&k, &b1, &b2, bodies);
        ccref_test_nonrotation_bodies(&k, &b1, &b2, bodies);
    }
}

static void register_contacts(CU_pSuite s)
{
    CU_add_test(s, "names, signs, friction", test_names_signs);
    CU_add_test(s, "hard_stop_upper", test_hard_stop_upper);
    CU_add_test(s, "hard_stop_lower", test_hard_stop_lower);
    CU_add_test(s, "hard stops ignore body 2", test_hard_stop_body2_ignored);
    CU_add_test(s, "rope", test_rope);
    CU_add_test(s, "rope: Appendix example and singular", test_rope_appendix_and_singular);
    CU_add_test(s, "point_plane_frictionless: Appendix example", test_point_plane_frictionless_appendix);
    CU_add_test(s, "point_plane: Appendix example", test_point_plane_appendix);
    CU_add_test(s, "sphere_plane: Appendix example", test_sphere_plane_appendix);
    CU_add_test(s, "point_plane: exact case and height flag", test_point_plane_exact);
    CU_add_test(s, "COF rule through point_plane", test_friction_rule_through_classes);
    CU_add_test(s, "sphere_plane: exact case and height flag", test_sphere_plane_exact);
    CU_add_test(s, "sphere_sphere", test_sphere_sphere);
    CU_add_test(s, "edge_edge", test_edge_edge);
    CU_add_test(s, "edge_edge: parallel", test_edge_edge_parallel);
    CU_add_test(s, "NULL, class, multipliers", test_null_class_lambda);
    CU_add_test(s, "material and speeds", test_material_and_speeds);
    CU_add_test(s, "rule inputs before an overflow", test_rule_inputs_before_overflow);
    CU_add_test(s, "plane frame origin overflow", test_plane_frame_overflow);
    CU_add_test(s, "bad inputs: hard stops", test_bad_hard_stop);
    CU_add_test(s, "bad inputs: rope", test_bad_rope);
    CU_add_test(s, "bad inputs: point planes", test_bad_point_planes);
    CU_add_test(s, "bad inputs: sphere_plane", test_bad_sphere_plane);
    CU_add_test(s, "bad inputs: sphere_sphere", test_bad_sphere_sphere);
    CU_add_test(s, "bad inputs: edge_edge", test_bad_edge_edge);
    CU_add_test(s, "bad inputs: bodies, every class", test_bad_bodies);
}

CCREF_TEST_SUITE("unilateral contacts", register_contacts)
