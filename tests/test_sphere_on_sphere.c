/* test_sphere_on_sphere.c: hand-derived cases for ccref_sphere_on_sphere_eval (spec/sphere_on_sphere.md).
 * Every expected value below is derived by hand in the comment next to it; the inputs are small integers,
 * halves and quarters, so the arithmetic is exact in binary and the assertions are exact unless noted. */
#include <string.h>

#include "testlib.h"

/* mv: the row count the kernel reports (0 when the parameters or a body are missing, else 2 if rolling). */
static void assert_zeroed(const ccref_sphere_on_sphere_result *r, int mv)
{
    ccref_test_assert_output_zero(&r->out, 1, mv);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            ASSERT_EXACT(r->contact_frame.R.m[i][j], 0.0);
    ASSERT_VEC_EXACT(r->contact_frame.p, 0, 0, 0);
    ASSERT_EXACT(r->separation, 0.0);
    ASSERT_VEC_EXACT(r->force_on_body2, 0, 0, 0);
}

/* ------------------------------------------------------------------ case A (non-singular)
 * Body 1: R1 = I, p1 = 0, w1 = (0,0,1), v1 = 0, b1 = (0,1,0), a1 = (0,0,1); centre c1 = (1,0,0), rf = 1/2.
 * Body 2: R2 = I, p2 = (1,0,3), w2 = (1,0,0), v2 = (0,1,1), b2 = (0,1,0), a2 = (1,0,1); c2 = (0,0,1), rb = 3/2.
 * Position:  armF = (1,0,0), Sf = (1,0,0); armB = (0,0,1), Sb = (1,0,4); p = (0,0,4), r = 4, oor = 1/4,
 *            Cz = (0,0,1); kf = 0.5/2 = 1/4; Co = Sf + p/4 = (1,0,1).
 *            perp(Cz): |Cz| = (0,0,1), smallest is index 0 (tie with 1 goes to the lower) -> Cz x ex = (0,1,0)
 *            => Cx = (0,1,0), Cy = Cz x Cx = (-1,0,0).
 *            perr = 4 - 2 = 2.  p_FCo = Co - p1 = (1,0,1), p_BCo = Co - p2 = (0,0,-2).
 * Normal:    v(F/Sf) = w1 x armF = ez x ex = (0,1,0); v(B/Sb) = v2 + w2 x armB = (0,1,1) + ex x ez = (0,0,1);
 *            pd = (0,-1,1); verr_n = pd.Cz = 1.
 *            a(F/Sf) = a1 + b1 x armF + w1 x (w1 x armF) = (0,0,1) + (0,0,-1) + (-1,0,0) = (-1,0,0);
 *            a(B/Sb) = a2 + b2 x armB + w2 x (w2 x armB) = (1,0,1) + (1,0,0) + (0,0,-1) = (2,0,0);
 *            pdd = (3,0,0); Czd = (pd - (pd.Cz)Cz)/4 = (0,-1/4,0);
 *            aerr_n = pdd.Cz + pd.Czd = 0 + 1/4 = 1/4   (check: r'' = pdd.Cz + (|pd|^2 - r'^2)/r = (2-1)/4).
 * Rolling:   vF = [v2 + w2 x p_BCo] - [v1 + w1 x p_FCo] = [(0,1,1) + (0,2,0)] - [(0,1,0)] = (0,2,1);
 *            verr_x = vF.Cx = 2, verr_y = vF.Cy = 0.
 *            pd_FCo = w1 x armF + kf pd = (0,1,0) + (0,-1/4,1/4) = (0,3/4,1/4);
 *            pd_BCo = pd_FCo - (v2 - v1) = (0,-1/4,-3/4);
 *            vd_FCo = a1 + b1 x p_FCo + w1 x pd_FCo = (0,0,1) + (1,0,-1) + (-3/4,0,0) = (1/4,0,0);
 *            vd_BCo = a2 + b2 x p_BCo + w2 x pd_BCo = (1,0,1) + (-2,0,0) + (0,3/4,-1/4) = (-1,3/4,3/4);
 *            dvF = (-5/4,3/4,3/4);
 *            CzdF = Czd - w1 x Cz = (0,-1/4,0) - 0 = (0,-1/4,0);
 *            Cxd = -CzdF x Cy + w1 x Cx = -(0,0,-1/4) + (-1,0,0) = (-1,0,1/4);
 *            Cyd = CzdF x Cx + w1 x Cy = 0 + (0,-1,0) = (0,-1,0);
 *            aerr_x = dvF.Cx + vF.Cxd = 3/4 + 1/4 = 1;  aerr_y = dvF.Cy + vF.Cyd = 5/4 - 2 = -3/4.
 * Spin identity (spec): k = 0, Cz_k = 0 => Omega_C.Cz = 0, sigma = 0 - w1.Cz = -1, so the true
 *            d/dt verr_x = aerr_x + sigma verr_y = 1 and d/dt verr_y = aerr_y - sigma verr_x = -3/4 + 2 = 5/4
 *            (confirmed independently by symbolic differentiation of vF(t).Cy(t)); aerr_y != d/dt verr_y. */
static ccref_sphere_on_sphere_params case_a_params(int rolling)
{
    ccref_sphere_on_sphere_params P;
    P.center1_in_b1 = ccref_test_v3(1, 0, 0);
    P.radius1 = 0.5;
    P.center2_in_b2 = ccref_test_v3(0, 0, 1);
    P.radius2 = 1.5;
    P.rolling = rolling;
    return P;
}
static ccref_body case_a_body1(void)
{
    return ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                           ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
}
static ccref_body case_a_body2(void)
{
    return ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 0, 3), ccref_test_v3(1, 0, 0),
                           ccref_test_v3(0, 1, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(1, 0, 1));
}

static void test_case_a_rolling(void)
{
    ccref_sphere_on_sphere_params P = case_a_params(1);
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    double lambda[3] = {2, 3, -1};
    ccref_sphere_on_sphere_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 2);
    ASSERT_EXACT(r.out.perr[0], 2.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.verr[1], 2.0);
    ASSERT_EXACT(r.out.verr[2], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.25);
    ASSERT_EXACT(r.out.aerr[1], 1.0);
    ASSERT_EXACT(r.out.aerr[2], -0.75);
    /* verr_t = (2, 0) != 0 with rolling: Simbody's aerr_t is not d/dt verr_t (sigma = -1 above). */
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_SOS_ROLLING_AERR_SPIN);
    ASSERT_EXACT(r.separation, 2.0);
    /* Contact frame: columns Cx = (0,1,0), Cy = (-1,0,0), Cz = (0,0,1); origin Co = (1,0,1). */
    ASSERT_EXACT(r.contact_frame.R.m[0][0], 0.0); ASSERT_EXACT(r.contact_frame.R.m[0][1], -1.0); ASSERT_EXACT(r.contact_frame.R.m[0][2], 0.0);
    ASSERT_EXACT(r.contact_frame.R.m[1][0], 1.0); ASSERT_EXACT(r.contact_frame.R.m[1][1], 0.0);  ASSERT_EXACT(r.contact_frame.R.m[1][2], 0.0);
    ASSERT_EXACT(r.contact_frame.R.m[2][0], 0.0); ASSERT_EXACT(r.contact_frame.R.m[2][1], 0.0);  ASSERT_EXACT(r.contact_frame.R.m[2][2], 1.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 1.0, 0.0, 1.0);
    /* Forces, lambda = (2, 3, -1):
     *  normal fn = 2 Cz = (0,0,2): body 2 at armB = (0,0,1): moment (0,0,1) x (0,0,2) = 0;
     *                              body 1 at armF = (1,0,0): moment (1,0,0) x (0,0,-2) = (0,2,0).
     *  tangential ft = 3 Cx - Cy = (1,3,0): body 2 at p_BCo = (0,0,-2): (0,0,-2) x (1,3,0) = (6,-2,0);
     *                              body 1 at p_FCo = (1,0,1): (1,0,1) x (-1,-3,0) = (3,-1,-3).
     *  body 2: moment (6,-2,0), force (1,3,2); body 1: moment (3,1,-3), force (-1,-3,-2).
     *  (power check: body2 (6,-2,0).w2 + (1,3,2).v2 = 6 + 5 = 11, body1 (3,1,-3).w1 = -3; 8 = 2*1 + 3*2 - 1*0.) */
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 6.0, -2.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1.0, 3.0, 2.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 3.0, 1.0, -3.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1.0, -3.0, -2.0);
    /* Physical force on sphere 2: -(2 Cz + 3 Cx - Cy) = -(1,3,2). */
    ASSERT_VEC_EXACT(r.force_on_body2, -1.0, -3.0, -2.0);
}

static void test_case_a_nonrolling(void)
{
    ccref_sphere_on_sphere_params P = case_a_params(0);
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    double lambda[1] = {2};
    ccref_sphere_on_sphere_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    /* Same normal row as case A. */
    ASSERT_EXACT(r.out.perr[0], 2.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.aerr[0], 0.25);
    /* Unused rows stay zero; no rolling, so no deviation. */
    ASSERT_EXACT(r.out.verr[1], 0.0); ASSERT_EXACT(r.out.verr[2], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0); ASSERT_EXACT(r.out.aerr[2], 0.0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
    /* The frame is still reported: Cx = (0,1,0), Cy = (-1,0,0), Cz = (0,0,1), Co = (1,0,1). */
    ASSERT_EXACT(r.contact_frame.R.m[1][0], 1.0); ASSERT_EXACT(r.contact_frame.R.m[0][1], -1.0);
    ASSERT_EXACT(r.contact_frame.R.m[2][2], 1.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 1.0, 0.0, 1.0);
    /* Only the normal force: body 2 moment 0, force (0,0,2); body 1 moment (1,0,0) x (0,0,-2) = (0,2,0). */
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0.0, 0.0, 2.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0.0, 2.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0.0, 0.0, -2.0);
    ASSERT_VEC_EXACT(r.force_on_body2, 0.0, 0.0, -2.0);
    ASSERT_EXACT(r.separation, 2.0);
}

/* Case A geometry at rest (all velocities zero), same accelerations: verr_t = 0, so no deviation flag.
 *   pd = 0 => verr_n = 0, Czd = 0.
 *   a(F/Sf) = a1 + b1 x armF = (0,0,1) + (0,0,-1) = 0; a(B/Sb) = a2 + b2 x armB = (1,0,1) + (1,0,0) = (2,0,1);
 *   aerr_n = pdd.Cz = 1.
 *   vF = 0; pd_FCo = pd_BCo = 0; vd_FCo = a1 + b1 x p_FCo = (0,0,1) + (1,0,-1) = (1,0,0);
 *   vd_BCo = a2 + b2 x p_BCo = (1,0,1) + (-2,0,0) = (-1,0,1); dvF = (-2,0,1);
 *   aerr_x = dvF.Cx = 0, aerr_y = dvF.Cy = 2 (vF = 0, so Cxd, Cyd do not matter). */
static void test_rolling_no_slip_no_flag(void)
{
    ccref_sphere_on_sphere_params P = case_a_params(1);
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    b1.w = b1.v = b2.w = b2.v = ccref_test_v3(0, 0, 0);
    double lambda[3] = {0, 0, 0};
    ccref_sphere_on_sphere_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 2.0);
    ASSERT_EXACT(r.out.verr[0], 0.0); ASSERT_EXACT(r.out.verr[1], 0.0); ASSERT_EXACT(r.out.verr[2], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 1.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], 2.0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
    /* lambda = 0: every force is zero. */
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.force_on_body2, 0.0, 0.0, 0.0);
}

/* Sign conventions: sphere 2 at -x of sphere 1, interpenetrating.
 *   Body 1 = body 2 = ground pose (static); c1 = (0,0,0), c2 = (-4,0,0), rf = rb = 3.
 *   p = (-4,0,0), r = 4, Cz = (-1,0,0): the normal points from sphere 1 toward sphere 2.
 *   perr = 4 - 6 = -2 < 0: penetration.  kf = 1/2, Co = (-2,0,0) (midpoint).
 *   perp(Cz): |Cz| = (1,0,0): u0 <= u1 fails, u1 <= u2 (0 <= 0) -> k = 1: Cz x ey = (0,0,-1) = Cx;
 *   Cy = Cz x Cx = (-1,0,0) x (0,0,-1) = (0,-1,0).
 *   lambda_n = -5 (negative multiplier = compression): physical force on sphere 2 = -(-5 Cz) = (-5,0,0),
 *   i.e. it pushes sphere 2 away from sphere 1. G^T lambda forces: body 2 force -5 Cz = (5,0,0) at
 *   armB = (-4,0,0): moment (-4,0,0) x (5,0,0) = 0; body 1 force (-5,0,0) at armF = 0: moment 0. */
static void test_sign_conventions(void)
{
    ccref_sphere_on_sphere_params P;
    P.center1_in_b1 = ccref_test_v3(0, 0, 0); P.radius1 = 3;
    P.center2_in_b2 = ccref_test_v3(-4, 0, 0); P.radius2 = 3;
    P.rolling = 0;
    ccref_body g = ccref_body_ground();
    double lambda[1] = {-5};
    ccref_sphere_on_sphere_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &g, &g, lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -2.0);
    ASSERT_EXACT(r.separation, -2.0);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.contact_frame.R.m[0][2], -1.0); ASSERT_EXACT(r.contact_frame.R.m[1][2], 0.0); ASSERT_EXACT(r.contact_frame.R.m[2][2], 0.0);
    ASSERT_EXACT(r.contact_frame.R.m[0][0], 0.0);  ASSERT_EXACT(r.contact_frame.R.m[1][0], 0.0); ASSERT_EXACT(r.contact_frame.R.m[2][0], -1.0);
    ASSERT_EXACT(r.contact_frame.R.m[0][1], 0.0);  ASSERT_EXACT(r.contact_frame.R.m[1][1], -1.0); ASSERT_EXACT(r.contact_frame.R.m[2][1], 0.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, -2.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.force_on_body2, -5.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 5.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -5.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0.0, 0.0, 0.0);
}

/* ------------------------------------------------------------------ singular branch (p = 0 exactly)
 * Body 1: R1 = rotation about x by 90 deg (columns (1,0,0), (0,0,1), (0,-1,0)), p1 = 0, w1 = (0,0,1),
 *         v1 = b1 = a1 = 0; c1 = (1,0,0) -> armF = R1 c1 = (1,0,0), Sf = (1,0,0); rf = 1/2.
 * Body 2: R2 = I, p2 = (1,0,-1), w2 = b2 = 0, v2 = (1,0,1), a2 = (0,-2,0); c2 = (0,0,1) -> armB = (0,0,1),
 *         Sb = (1,0,0); rb = 3/2.
 * p = 0 => singular: Cz = body 1's z axis = (0,-1,0); Czd = w1 x Cz = ez x (0,-1,0) = (1,0,0).
 *   perp(Cz): |Cz| = (0,1,0) -> k = 0: Cz x ex = (0,0,1) = Cx; Cy = Cz x Cx = (-1,0,0).
 *   perr = 0 - 2 = -2. kf = 1/4, Co = Sf = (1,0,0); p_FCo = (1,0,0), p_BCo = (0,0,1).
 *   pd = [v2 + 0] - [w1 x armF] = (1,0,1) - (0,1,0) = (1,-1,1); verr_n = pd.Cz = 1.
 *   pdd = a2 - w1 x (w1 x armF) = (0,-2,0) - (-1,0,0) = (1,-2,0); aerr_n = pdd.Cz + pd.Czd = 2 + 1 = 3.
 *   vF = v2 - w1 x p_FCo = (1,0,1) - (0,1,0) = (1,-1,1); verr_x = vF.Cx = 1; verr_y = vF.Cy = -1.
 *   pd_FCo = w1 x armF + pd/4 = (0,1,0) + (1/4,-1/4,1/4) = (1/4,3/4,1/4);
 *   vd_FCo = w1 x pd_FCo = (-3/4,1/4,0); vd_BCo = a2 = (0,-2,0); dvF = (3/4,-9/4,0);
 *   CzdF = Czd - w1 x Cz = 0; Cxd = w1 x Cx = 0; Cyd = w1 x Cy = (0,-1,0);
 *   aerr_x = dvF.Cx + vF.Cxd = 0; aerr_y = dvF.Cy + vF.Cyd = -3/4 + 1 = 1/4.
 * Forces, lambda = (1, 2, 4): fn = Cz = (0,-1,0); body 2 at armB: (0,0,1) x (0,-1,0) = (1,0,0);
 *   body 1 at armF: (1,0,0) x (0,1,0) = (0,0,1). ft = 2 Cx + 4 Cy = (-4,0,2); body 2 at p_BCo:
 *   (0,0,1) x (-4,0,2) = (0,-4,0); body 1 at p_FCo: (1,0,0) x (4,0,-2) = (0,2,0).
 *   body 2: moment (1,-4,0), force (-4,-1,2); body 1: moment (0,2,1), force (4,1,-2); physical on 2: (4,1,-2).
 *   (power: body2 (-4,-1,2).(1,0,1) = -2, body1 (0,2,1).(0,0,1) = 1; -1 = 1*1 + 2*1 + 4*(-1).) */
static void test_singular_exact_zero(void)
{
    ccref_sphere_on_sphere_params P;
    P.center1_in_b1 = ccref_test_v3(1, 0, 0); P.radius1 = 0.5;
    P.center2_in_b2 = ccref_test_v3(0, 0, 1); P.radius2 = 1.5;
    P.rolling = 1;
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(1, 0, -1), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(1, 0, 1), ccref_test_v3(0, 0, 0), ccref_test_v3(0, -2, 0));
    double lambda[3] = {1, 2, 4};
    ccref_sphere_on_sphere_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_EXACT(r.out.perr[0], -2.0);
    ASSERT_EXACT(r.separation, -2.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.verr[1], 1.0);
    ASSERT_EXACT(r.out.verr[2], -1.0);
    ASSERT_EXACT(r.out.aerr[0], 3.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], 0.25);
    CU_ASSERT_EQUAL(r.out.deviations, (unsigned)CCREF_DEV_SOS_ROLLING_AERR_SPIN);
    /* Frame columns Cx = (0,0,1), Cy = (-1,0,0), Cz = (0,-1,0). */
    ASSERT_EXACT(r.contact_frame.R.m[0][0], 0.0); ASSERT_EXACT(r.contact_frame.R.m[1][0], 0.0); ASSERT_EXACT(r.contact_frame.R.m[2][0], 1.0);
    ASSERT_EXACT(r.contact_frame.R.m[0][1], -1.0); ASSERT_EXACT(r.contact_frame.R.m[1][1], 0.0); ASSERT_EXACT(r.contact_frame.R.m[2][1], 0.0);
    ASSERT_EXACT(r.contact_frame.R.m[0][2], 0.0); ASSERT_EXACT(r.contact_frame.R.m[1][2], -1.0); ASSERT_EXACT(r.contact_frame.R.m[2][2], 0.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 1.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 1.0, -4.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, -4.0, -1.0, 2.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0.0, 2.0, 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 4.0, 1.0, -2.0);
    ASSERT_VEC_EXACT(r.force_on_body2, 4.0, 1.0, -2.0);
}

/* Threshold |p|^2 < 2^-130 (|p| < 2^-65), decided on the squared norm.
 * Body 1 = ground pose rotated about x by 90 deg (z axis (0,-1,0)), static; c1 = 0; rf = rb = 1.
 *  - p = (0,0,2^-65): |p|^2 = 2^-130, not < threshold -> CCREF_OK, Cz = p/|p| = (0,0,1) exactly;
 *    perr = 2^-65 - 2, which rounds to -2 (2^-65 is far below half an ulp of 2).
 *  - p = (0,0,2^-66): |p|^2 = 2^-132 < threshold -> CCREF_OK_SINGULAR_DIRECTION, Cz = (0,-1,0);
 *    perr rounds to -2 as well. */
static void test_singular_threshold(void)
{
    ccref_sphere_on_sphere_params P;
    P.center1_in_b1 = ccref_test_v3(0, 0, 0); P.radius1 = 1;
    P.radius2 = 1;
    P.rolling = 0;
    ccref_body b1 = ccref_test_at_rest(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(0, 0, 0));
    ccref_body b2 = ccref_body_ground();
    double lambda[1] = {0};
    ccref_sphere_on_sphere_result r;

    P.center2_in_b2 = ccref_test_v3(0, 0, 0x1p-65);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.contact_frame.R.m[0][2], 0.0); ASSERT_EXACT(r.contact_frame.R.m[1][2], 0.0);
    ASSERT_EXACT(r.contact_frame.R.m[2][2], 1.0);
    ASSERT_EXACT(r.out.perr[0], -2.0);

    P.center2_in_b2 = ccref_test_v3(0, 0, 0x1p-66);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK_SINGULAR_DIRECTION);
    ASSERT_EXACT(r.contact_frame.R.m[0][2], 0.0); ASSERT_EXACT(r.contact_frame.R.m[1][2], -1.0);
    ASSERT_EXACT(r.contact_frame.R.m[2][2], 0.0);
    ASSERT_EXACT(r.out.perr[0], -2.0);
    /* Co = Sf + kf p = (0, 0, 2^-67). */
    ASSERT_VEC_EXACT(r.contact_frame.p, 0.0, 0.0, 0x1p-67);
}

/* ------------------------------------------------------------------ bad inputs */
static void expect_error(const ccref_sphere_on_sphere_params *P, const ccref_body *b1, const ccref_body *b2,
                         const double *lambda, size_t n, ccref_status want)
{
    ccref_sphere_on_sphere_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(P, b1, b2, lambda, n, &r), want);
    assert_zeroed(&r, P != NULL && b1 != NULL && b2 != NULL && P->rolling ? 2 : 0);
}

/* The kernel for the bad-body drivers: parameters and multipliers from here, bodies from the driver. */
typedef struct {
    ccref_sphere_on_sphere_params P;
    double lambda[3];
    ccref_sphere_on_sphere_result r;
} sos_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    sos_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_sphere_on_sphere_eval(&k->P, b1, b2, k->lambda, k->P.rolling ? 3 : 1, &k->r);
}

static void run_zeroed(void *ctx)
{
    sos_run *k = ctx;
    assert_zeroed(&k->r, k->P.rolling ? 2 : 0);
}

static void test_bad_inputs(void)
{
    ccref_sphere_on_sphere_params P = case_a_params(1), Q;
    ccref_body b1 = case_a_body1(), b2 = case_a_body2(), bb;
    double lambda[3] = {2, 3, -1}, badl[3];
    ccref_sphere_on_sphere_result r;

    /* NULL pointers */
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 3, NULL), CCREF_E_NULL_ARGUMENT);
    expect_error(NULL, &b1, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&P, NULL, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&P, &b1, NULL, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&P, &b1, &b2, NULL, 3, CCREF_E_NULL_ARGUMENT);
    /* lambda count: rolling needs 3, non-rolling 1 */
    expect_error(&P, &b1, &b2, lambda, 1, CCREF_E_LAMBDA_COUNT);
    expect_error(&P, &b1, &b2, lambda, 2, CCREF_E_LAMBDA_COUNT);
    Q = case_a_params(0);
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_LAMBDA_COUNT);
    expect_error(&Q, &b1, &b2, lambda, 0, CCREF_E_LAMBDA_COUNT);
    /* the count check comes before the finiteness of the bodies */
    bb = b1; bb.p.x = NAN;
    expect_error(&Q, &bb, &b2, lambda, 3, CCREF_E_LAMBDA_COUNT);
    /* non-finite lambda */
    memcpy(badl, lambda, sizeof badl); badl[1] = NAN;
    expect_error(&P, &b1, &b2, badl, 3, CCREF_E_NONFINITE_INPUT);
    memcpy(badl, lambda, sizeof badl); badl[0] = INFINITY;
    expect_error(&P, &b1, &b2, badl, 3, CCREF_E_NONFINITE_INPUT);
    /* non-finite bodies: NaN, +Inf and -Inf in every scalar of each body, rolling and not (among them
     * b1.w.y = NaN, b2.a.z = -Inf, b2.R[1][2] = NaN rolling); then non-rotations: every ccref_test_nonrotation
     * variant in each body (among them body 1's I scaled to R[0][0] = 2 and the reflection diag(1,1,-1), det -1,
     * in body 2) */
    for (int rolling = 1; rolling >= 0; rolling--) {
        sos_run run = {.P = case_a_params(rolling), .lambda = {2, 3, -1}};
        ccref_test_kernel k = {run_eval, run_zeroed, &run};
        ccref_test_nonfinite_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
        ccref_test_nonrotation_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    }
    /* non-finite parameters */
    Q = P; Q.center1_in_b1.z = NAN;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    Q = P; Q.center2_in_b2.x = INFINITY;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    Q = P; Q.radius1 = INFINITY;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    Q = P; Q.radius2 = NAN;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    /* the rotation check comes before the radius check */
    Q = P; Q.radius1 = 0.0; bb = b2; bb.R.m[2][2] = -1.0;
    expect_error(&Q, &b1, &bb, lambda, 3, CCREF_E_NOT_ROTATION);
    /* radii: zero and negative, each sphere */
    Q = P; Q.radius1 = 0.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    Q = P; Q.radius1 = -0.5;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    Q = P; Q.radius2 = 0.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    Q = P; Q.radius2 = -1.5;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    Q = P; Q.radius2 = -0.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_RADIUS);
    /* overflow: huge but finite positions, |p|^2 = (1e300)^2 overflows so r and perr are Inf */
    bb = b2; bb.p = ccref_test_v3(1e300, 0, 0);
    expect_error(&P, &b1, &bb, lambda, 3, CCREF_E_RESULT_OVERFLOW);
    /* overflow in the acceleration terms only: w x (w x r) with |w| = 1e200 */
    bb = b2; bb.w = ccref_test_v3(1e200, 0, 0);
    Q = case_a_params(0);
    expect_error(&Q, &b1, &bb, lambda, 1, CCREF_E_RESULT_OVERFLOW);
    /* after an error the same result object is fully usable again */
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_sphere_on_sphere_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 2.0);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void sphere_on_sphere_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux9(e, "contact_frame.R", &r->u.sphere_on_sphere.contact_frame.R);
    ccref_expect_aux3(e, "contact_frame.p", r->u.sphere_on_sphere.contact_frame.p);
    ccref_expect_aux(e, "separation", r->u.sphere_on_sphere.separation);
    ccref_expect_aux3(e, "force_on_body2_applied", r->u.sphere_on_sphere.force_on_body2);
}

static void register_sphere_on_sphere(CU_pSuite s)
{
    CU_add_test(s, "case A rolling (normal, rolling rows, frame, forces)", test_case_a_rolling);
    CU_add_test(s, "case A non-rolling", test_case_a_nonrolling);
    CU_add_test(s, "rolling without slip: no deviation flag", test_rolling_no_slip_no_flag);
    CU_add_test(s, "sign conventions (penetration, normal direction, compression)", test_sign_conventions);
    CU_add_test(s, "singular branch, coincident centres", test_singular_exact_zero);
    CU_add_test(s, "singular threshold 2^-65", test_singular_threshold);
    CU_add_test(s, "bad inputs", test_bad_inputs);
}

CCREF_TEST_SUITE("sphere_on_sphere", register_sphere_on_sphere)
