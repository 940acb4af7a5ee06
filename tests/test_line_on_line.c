/* test_line_on_line.c: hand-derived cases for ccref_line_on_line_eval (spec/line_on_line.md).
 * Every expected value is derived by hand in the comments; inputs are small integers, halves and powers of
 * two, so the arithmetic is exact in binary and the assertions are exact. (0.6 and 0.8 appear only in the
 * outward directions sf, sb, which enter nothing but the sense choice.) */
#include <string.h>

#include "testlib.h"

/* mv: the row count the kernel reports (0 when the parameters or a body are missing, else 2 if rolling). */
static void assert_zeroed(const ccref_line_on_line_result *r, int mv)
{
    ccref_test_assert_output_zero(&r->out, 1, mv);
    CU_ASSERT_EQUAL(r->sense, 0);
    CU_ASSERT_EQUAL(r->lines_are_parallel, 0);
    ASSERT_VEC_EXACT(r->closest_point1, 0, 0, 0);
    ASSERT_VEC_EXACT(r->closest_point2, 0, 0, 0);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            ASSERT_EXACT(r->contact_frame.R.m[i][j], 0.0);
    ASSERT_VEC_EXACT(r->contact_frame.p, 0, 0, 0);
    ASSERT_EXACT(r->separation, 0.0);
    ASSERT_VEC_EXACT(r->force_on_body2, 0, 0, 0);
}

static void assert_columns(const ccref_mat3 *R, ccref_vec3 c0, ccref_vec3 c1, ccref_vec3 c2)
{
    ASSERT_EXACT(R->m[0][0], c0.x); ASSERT_EXACT(R->m[1][0], c0.y); ASSERT_EXACT(R->m[2][0], c0.z);
    ASSERT_EXACT(R->m[0][1], c1.x); ASSERT_EXACT(R->m[1][1], c1.y); ASSERT_EXACT(R->m[2][1], c1.z);
    ASSERT_EXACT(R->m[0][2], c2.x); ASSERT_EXACT(R->m[1][2], c2.y); ASSERT_EXACT(R->m[2][2], c2.z);
}

/* ------------------------------------------------------------------ edge-frame rotations used below
 * Each is given by its rows; the comment lists its columns (x = edge direction, z = outward direction). */
/* columns (0,1,0), (0.8,0,0.6), (0.6,0,-0.8): db = ey, sb = (0.6,0,-0.8) */
static ccref_mat3 E2_sb_down_tilted(void) { return ccref_test_rows(0, 0.8, 0.6, 1, 0, 0, 0, 0.6, -0.8); }
/* columns (0,1,0), (-0.8,0,-0.6), (-0.6,0,0.8): db = ey, sb = (-0.6,0,0.8) */
static ccref_mat3 E2_sb_up_tilted(void) { return ccref_test_rows(0, -0.8, -0.6, 1, 0, 0, 0, -0.6, 0.8); }
/* columns (0,1,0), (1,0,0), (0,0,-1): db = ey, sb = -ez */
static ccref_mat3 E2_sb_down(void) { return ccref_test_rows(0, 1, 0, 1, 0, 0, 0, 0, -1); }
/* columns (0,1,0), (-1,0,0), (0,0,1): db = ey, sb = +ez */
static ccref_mat3 E2_sb_up(void) { return ccref_axis_rotation(2, 0.0, 1.0); }
/* columns (0,1,0), (-0.8,0,0.6), (0.6,0,0.8): db = ey, sb = (0.6,0,0.8) */
static ccref_mat3 E2_sb_up_nudged(void) { return ccref_test_rows(0, -0.8, 0.6, 1, 0, 0, 0, 0.6, 0.8); }
/* columns (0,1,0), (0,0,1), (1,0,0): db = ey, sb = ex (so wsb = 0) */
static ccref_mat3 E2_sb_sideways(void) { return ccref_test_rows(0, 0, 1, 1, 0, 0, 0, 1, 0); }

/* ------------------------------------------------------------------ case A
 * Body 1: R1 = I, p1 = 0, w1 = (0,0,1), v1 = 0, b1 = (0,1,0), a1 = (0,0,1).
 *         Edge frame 1: R = I (df = ex, sf = ez), origin (1,0,0).
 * Body 2: R2 = I, p2 = (0,0,2), w2 = (1,0,0), v2 = (0,0,1), b2 = (1,0,0), a2 = (1,0,0).
 *         Edge frame 2: E2_sb_down_tilted (db = ey, sb = (0.6,0,-0.8)), origin (0,1,0).
 * Position: Pf = (1,0,0), Pb = (0,1,2), p = (-1,1,2); wraw = ex x ey = ez; wsf = 1, wsb = -0.8;
 *   |wsf| > |wsb| -> sf branch, wsf >= 0 -> sense = +1; w = ez, s = 1, oos = 1, n = ez.
 *   perr = p.n = 2.  pXn = p x n = (1,1,0); tf = -1*1*(db.pXn) = -1; tb = -1*1*(df.pXn) = -1;
 *   Qf = Pf - df = (0,0,0); Qb = Pb - db = (0,0,2); Co = (0,0,1).
 *   Cx = df = (1,0,0), Cy = n x df = (0,1,0), Cz = (0,0,1). p_FCo = (0,0,1), p_BCo = (0,0,-1).
 * Normal row:
 *   vPf = w1 x (1,0,0) = (0,1,0); vPb = v2 + w2 x (0,1,0) = (0,0,2); dp = (0,-1,2).
 *   ddf = w1 x df = (0,1,0); ddb = w2 x db = (0,0,1); dw = ddf x db + df x ddb = 0 + (0,-1,0) = (0,-1,0);
 *   ndw = n.dw = 0; dn = dw = (0,-1,0).  verr_n = dp.n + p.dn = 2 - 1 = 1.
 *   a(F/Pf) = a1 + b1 x (1,0,0) + w1 x (w1 x (1,0,0)) = (0,0,1) + (0,0,-1) + (-1,0,0) = (-1,0,0);
 *   a(B/Pb) = a2 + b2 x (0,1,0) + w2 x (w2 x (0,1,0)) = (1,0,0) + (0,0,1) + (0,-1,0) = (1,-1,1);
 *   d2p = (2,-1,1).  d2df = b1 x df + w1 x ddf = (0,0,-1) + (-1,0,0) = (-1,0,-1);
 *   d2db = b2 x db + w2 x ddb = (0,0,1) + (0,-1,0) = (0,-1,1);
 *   d2w = d2df x db + 2 ddf x ddb + df x d2db = (1,0,-1) + (2,0,0) + (0,-1,-1) = (3,-1,-2);
 *   ddw = d2w - oos ndw dw = (3,-1,-2); n.ddw = -2, dn.dw = 1;
 *   d2n = ddw - ndw dn - (n.ddw + dn.dw) n = (3,-1,-2) + (0,0,1) = (3,-1,-1);
 *   aerr_n = d2p.n + 2 dp.dn + p.d2n = 1 + 2*1 + (-3 - 1 - 2) = -3.
 * Rolling rows:
 *   vF = [v2 + w2 x p_BCo] - [v1 + w1 x p_FCo] = [(0,0,1) + (0,1,0)] - 0 = (0,1,1); verr_x = 0, verr_y = 1.
 *   doos = 0; nXdb = (-1,0,0); nXdf = (0,1,0); d_nXdb = dn x db + n x ddb = 0 + 0 = 0;
 *   d_nXdf = dn x df + n x ddf = (0,0,1) + (-1,0,0) = (-1,0,1);
 *   dtf = -(dp.nXdb + p.d_nXdb) = -(0 + 0) = 0; dtb = -(dp.nXdf + p.d_nXdf) = -(-1 + 3) = -2;
 *   dQf = vPf + dtf df + tf ddf = (0,1,0) - (0,1,0) = 0; dQb = vPb + dtb db + tb ddb = (0,0,2) + (0,-2,0) + (0,0,-1)
 *   = (0,-2,1); dCo = (0,-1,1/2); dp_FCo = dCo - v1 = (0,-1,1/2); dp_BCo = dCo - v2 = (0,-1,-1/2);
 *   dv_FCo = a1 + b1 x p_FCo + w1 x dp_FCo = (0,0,1) + (1,0,0) + (1,0,0) = (2,0,1);
 *   dv_BCo = a2 + b2 x p_BCo + w2 x dp_BCo = (1,0,0) + (0,1,0) + (0,1/2,-1) = (1,3/2,-1);
 *   dvF = (-1,3/2,-2); dCx = ddf = (0,1,0); dCy = d_nXdf = (-1,0,1);
 *   aerr_x = dvF.Cx + vF.dCx = -1 + 1 = 0; aerr_y = dvF.Cy + vF.dCy = 3/2 + 1 = 5/2.
 * (Every value above was also confirmed by symbolic time differentiation of perr(t), verr(t).)
 * Forces, lambda = (2,3,-1): fn = 2 n = (0,0,2), ft = 3 Cx - Cy = (3,-1,0), all at Co.
 *   body 2 (arm p_BCo = (0,0,-1)): moment 0 + (0,0,-1) x (3,-1,0) = (-1,-3,0), force (3,-1,2);
 *   body 1 (arm p_FCo = (0,0,1)):  moment 0 + (0,0,1) x (-3,1,0) = (-1,-3,0), force (-3,1,-2);
 *   physical force on body 2 = -(2 Cz + 3 Cx - Cy) = (-3,1,-2).
 *   (power: body2 (-1,-3,0).w2 + (3,-1,2).v2 = -1 + 2 = 1 = 2*1 + 3*0 - 1*1.) */
static ccref_body case_a_body1(void)
{
    return ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                           ccref_test_v3(0, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
}
static ccref_body case_a_body2(void)
{
    return ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0),
                           ccref_test_v3(0, 0, 1), ccref_test_v3(1, 0, 0), ccref_test_v3(1, 0, 0));
}
static ccref_line_on_line_params case_a_params(ccref_mat3 E1, ccref_mat3 E2, int rolling)
{
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(E1, ccref_test_v3(1, 0, 0));
    P.half_length1 = 1;
    P.edge_frame2_in_b2 = ccref_test_frame(E2, ccref_test_v3(0, 1, 0));
    P.half_length2 = 0.5;
    P.rolling = rolling;
    return P;
}

/* Everything about case A with sense = +1 (rolling, lambda = (2,3,-1)). */
static void check_case_a_plus(const ccref_line_on_line_result *r)
{
    CU_ASSERT_EQUAL(r->sense, 1);
    CU_ASSERT_EQUAL(r->lines_are_parallel, 0);
    CU_ASSERT_EQUAL(r->out.mp, 1);
    CU_ASSERT_EQUAL(r->out.mv, 2);
    CU_ASSERT_EQUAL(r->out.deviations, 0u);
    ASSERT_EXACT(r->out.perr[0], 2.0);
    ASSERT_EXACT(r->separation, 2.0);
    ASSERT_EXACT(r->out.verr[0], 1.0);
    ASSERT_EXACT(r->out.verr[1], 0.0);
    ASSERT_EXACT(r->out.verr[2], 1.0);
    ASSERT_EXACT(r->out.aerr[0], -3.0);
    ASSERT_EXACT(r->out.aerr[1], 0.0);
    ASSERT_EXACT(r->out.aerr[2], 2.5);
    ASSERT_VEC_EXACT(r->closest_point1, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r->closest_point2, 0.0, 0.0, 2.0);
    ASSERT_VEC_EXACT(r->contact_frame.p, 0.0, 0.0, 1.0);
    assert_columns(&r->contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
    ASSERT_VEC_EXACT(r->out.force_on_body2.moment, -1.0, -3.0, 0.0);
    ASSERT_VEC_EXACT(r->out.force_on_body2.force, 3.0, -1.0, 2.0);
    ASSERT_VEC_EXACT(r->out.force_on_body1.moment, -1.0, -3.0, 0.0);
    ASSERT_VEC_EXACT(r->out.force_on_body1.force, -3.0, 1.0, -2.0);
    ASSERT_VEC_EXACT(r->force_on_body2, -3.0, 1.0, -2.0);
}

/* Case A with sense = -1: n = -ez. The closest points do not depend on the sense (tf, tb contain sense
 * twice: once explicitly, once through n), so Qf, Qb, Co, vF, dtf, dtb, dCo, dvF are as for +1; n, dn, d2n,
 * Cy = n x df = (0,-1,0) and dCy = d(n x df) = (1,0,-1) change sign:
 *   perr = -2, verr_n = -1, aerr_n = +3; verr_x = vF.Cx = 0, verr_y = vF.Cy = -1;
 *   aerr_x = dvF.Cx + vF.ddf = -1 + 1 = 0; aerr_y = dvF.Cy + vF.dCy = -3/2 - 1 = -5/2.
 * Forces, lambda = (2,3,-1): f = 2 n + 3 Cx - Cy = (0,0,-2) + (3,0,0) + (0,1,0) = (3,1,-2).
 *   body 2 (arm (0,0,-1)): moment (0,0,-1) x (3,1,0) = (1,-3,0), force (3,1,-2);
 *   body 1 (arm (0,0,1)):  moment (0,0,1) x (-3,-1,0) = (1,-3,0), force (-3,-1,2); physical on 2: (-3,-1,2). */
static void check_case_a_minus(const ccref_line_on_line_result *r)
{
    CU_ASSERT_EQUAL(r->sense, -1);
    CU_ASSERT_EQUAL(r->lines_are_parallel, 0);
    CU_ASSERT_EQUAL(r->out.deviations, 0u);
    ASSERT_EXACT(r->out.perr[0], -2.0);
    ASSERT_EXACT(r->separation, -2.0);
    ASSERT_EXACT(r->out.verr[0], -1.0);
    ASSERT_EXACT(r->out.verr[1], 0.0);
    ASSERT_EXACT(r->out.verr[2], -1.0);
    ASSERT_EXACT(r->out.aerr[0], 3.0);
    ASSERT_EXACT(r->out.aerr[1], 0.0);
    ASSERT_EXACT(r->out.aerr[2], -2.5);
    ASSERT_VEC_EXACT(r->closest_point1, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r->closest_point2, 0.0, 0.0, 2.0);
    ASSERT_VEC_EXACT(r->contact_frame.p, 0.0, 0.0, 1.0);
    assert_columns(&r->contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, -1, 0), ccref_test_v3(0, 0, -1));
    ASSERT_VEC_EXACT(r->out.force_on_body2.moment, 1.0, -3.0, 0.0);
    ASSERT_VEC_EXACT(r->out.force_on_body2.force, 3.0, 1.0, -2.0);
    ASSERT_VEC_EXACT(r->out.force_on_body1.moment, 1.0, -3.0, 0.0);
    ASSERT_VEC_EXACT(r->out.force_on_body1.force, -3.0, -1.0, 2.0);
    ASSERT_VEC_EXACT(r->force_on_body2, -3.0, -1.0, 2.0);
}

static ccref_status run_case_a(ccref_mat3 E1, ccref_mat3 E2, ccref_line_on_line_result *r)
{
    ccref_line_on_line_params P = case_a_params(E1, E2, 1);
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    double lambda[3] = {2, 3, -1};
    ccref_test_poison(r, sizeof *r);
    return ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, r);
}

/* sf branch, sense +1: wsf = 1, wsb = -0.8. */
static void test_sf_branch_plus(void)
{
    ccref_line_on_line_result r;
    CU_ASSERT_EQUAL(run_case_a(ccref_test_identity(), E2_sb_down_tilted(), &r), CCREF_OK);
    check_case_a_plus(&r);
}

/* sf branch, sense -1: edge frame 1 turned by pi about x (sf = -ez, df = ex unchanged): wsf = -1, wsb = -0.8,
 * |wsf| > |wsb| and wsf < 0 -> sense -1. */
static void test_sf_branch_minus(void)
{
    ccref_line_on_line_result r;
    CU_ASSERT_EQUAL(run_case_a(ccref_axis_rotation(0, -1.0, 0.0), E2_sb_down_tilted(), &r), CCREF_OK);
    check_case_a_minus(&r);
}

/* sb branch, sense +1: edge frame 1 = rotation about x with (c,s) = (0.6,0.8): df = ex, sf = (0,-0.8,0.6);
 * wsf = 0.6, wsb = -0.8: |wsf| < |wsb| -> sb branch, wsb < 0 -> sense +1. sf enters nothing else, so every
 * output equals case A (+1). */
static void test_sb_branch_plus(void)
{
    ccref_line_on_line_result r;
    CU_ASSERT_EQUAL(run_case_a(ccref_axis_rotation(0, 0.6, 0.8), E2_sb_down_tilted(), &r), CCREF_OK);
    check_case_a_plus(&r);
}

/* sb branch, sense -1: sf = (0,-0.8,0.6) (wsf = 0.6), sb = (-0.6,0,0.8) (wsb = 0.8): sb branch, wsb >= 0 -> -1. */
static void test_sb_branch_minus(void)
{
    ccref_line_on_line_result r;
    CU_ASSERT_EQUAL(run_case_a(ccref_axis_rotation(0, 0.6, 0.8), E2_sb_up_tilted(), &r), CCREF_OK);
    check_case_a_minus(&r);
}

/* Ties |wsf| == |wsb| take the sb branch.
 *  - opposite signs (sf = ez, sb = -ez: wsf = 1, wsb = -1): sb branch gives +1, the same as the sf branch
 *    would: no discontinuity.
 *  - same signs (sf = ez, sb = ez: wsf = wsb = 1): sb branch gives -1, the sf branch would give +1.
 *    Nudging sb to (0.6,0,0.8) (wsb = 0.8 < 1) selects the sf branch and flips the sense to +1: the
 *    documented jump (n, perr, verr, aerr all change sign).
 *  - both zero (sf = (0,-1,0), sb = ex: wsf = wsb = 0): sb branch, wsb >= 0 -> -1. */
static void test_sense_ties(void)
{
    ccref_line_on_line_result r;
    CU_ASSERT_EQUAL(run_case_a(ccref_test_identity(), E2_sb_down(), &r), CCREF_OK);
    check_case_a_plus(&r);
    CU_ASSERT_EQUAL(run_case_a(ccref_test_identity(), E2_sb_up(), &r), CCREF_OK);
    check_case_a_minus(&r);
    CU_ASSERT_EQUAL(run_case_a(ccref_test_identity(), E2_sb_up_nudged(), &r), CCREF_OK);
    check_case_a_plus(&r);
    CU_ASSERT_EQUAL(run_case_a(ccref_axis_rotation(0, 0.0, 1.0), E2_sb_sideways(), &r), CCREF_OK);
    check_case_a_minus(&r);
}

/* Case A without rolling, lambda = (2): same normal row; force 2 n = (0,0,2) at Co on body 2 (arm (0,0,-1),
 * moment 0) and (0,0,-2) on body 1 (arm (0,0,1), moment 0); physical force on body 2 = (0,0,-2). */
static void test_nonrolling(void)
{
    ccref_line_on_line_params P = case_a_params(ccref_test_identity(), E2_sb_down_tilted(), 0);
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    double lambda[1] = {2};
    ccref_line_on_line_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    CU_ASSERT_EQUAL(r.sense, 1);
    ASSERT_EXACT(r.out.perr[0], 2.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.aerr[0], -3.0);
    ASSERT_EXACT(r.out.verr[1], 0.0); ASSERT_EXACT(r.out.verr[2], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0); ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_VEC_EXACT(r.closest_point1, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.closest_point2, 0.0, 0.0, 2.0);
    assert_columns(&r.contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
    ASSERT_VEC_EXACT(r.contact_frame.p, 0.0, 0.0, 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0.0, 0.0, 2.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0.0, 0.0, -2.0);
    ASSERT_VEC_EXACT(r.force_on_body2, 0.0, 0.0, -2.0);
    ASSERT_EXACT(r.separation, 2.0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* ------------------------------------------------------------------ case B: non-perpendicular edges
 * (|w| = 4/5, oos = 5/4, n.dw != 0 and p.dn != 0, so the oos, doos and ndw terms are all exercised;
 * body 1 static)
 * Body 1 = ground pose, static; edge frame 1 = (I, origin 0): Pf = 0, df = ex, sf = ez.
 * Body 2: R2 = I, p2 = (0,1,1), w2 = (1,0,1), v2 = (1,0,2), b2 = (0,1,0), a2 = (1,2,1).
 *   Edge frame 2: rows (c,s,0; s,-c,0; 0,0,-1), c = 3/5, s = 4/5: db = (3/5,4/5,0), sb = -ez; origin (1,0,0).
 * Position: Pb = (1,1,1), p = (1,1,1); wraw = ex x db = (0,0,4/5); wsf = 4/5, wsb = -4/5: tie -> sb branch,
 *   wsb < 0 -> sense +1; |w| = 4/5, oos = 5/4, n = (0,0,1); perr = 1.
 *   pXn = (1,-1,0); tf = -(5/4)(db.pXn) = -(5/4)(-1/5) = 1/4; tb = -(5/4)(df.pXn) = -5/4;
 *   Qf = (1/4,0,0); Qb = Pb - (5/4) db = (1/4,0,1); Co = (1/4,0,1/2); Cx = ex, Cy = n x df = ey, Cz = ez;
 *   p_FCo = (1/4,0,1/2), p_BCo = Co - p2 = (1/4,-1,-1/2).
 * Normal row: vPf = 0; vPb = v2 + w2 x (1,0,0) = (1,0,2) + (0,1,0) = (1,1,2) = dp.
 *   ddf = 0; ddb = w2 x db = (-4/5,3/5,4/5); dw = df x ddb = (0,-4/5,3/5); ndw = 3/5;
 *   dn = (5/4)(dw - (3/5) n) = (0,-1,0); verr_n = dp.n + p.dn = 2 - 1 = 1.
 *   a(B/Pb) = a2 + b2 x (1,0,0) + w2 x (w2 x (1,0,0)) = (1,2,1) + (0,0,-1) + (-1,0,1) = (0,2,1) = d2p.
 *   d2db = b2 x db + w2 x ddb = (0,0,-3/5) + (-3/5,-8/5,3/5) = (-3/5,-8/5,0); d2w = df x d2db = (0,0,-8/5);
 *   ddw = d2w - oos ndw dw = (0,0,-8/5) - (3/4)(0,-4/5,3/5) = (0,3/5,-41/20); n.ddw = -41/20, dn.dw = 4/5;
 *   d2n = (5/4)[(0,3/5,-41/20) + (3/5)(0,1,0) + (41/20 - 16/20)(0,0,1)] = (5/4)(0,6/5,-4/5) = (0,3/2,-1);
 *   aerr_n = d2p.n + 2 dp.dn + p.d2n = 1 - 2 + 1/2 = -1/2.
 * Rolling rows: vF = v2 + w2 x p_BCo = (1,0,2) + (1,3/4,-1) = (2,3/4,1); verr_x = 2, verr_y = 3/4.
 *   doos = -oos^2 ndw = -15/16; nXdb = (-4/5,3/5,0); nXdf = (0,1,0);
 *   d_nXdb = dn x db + n x ddb = (0,0,3/5) + (-3/5,-4/5,0) = (-3/5,-4/5,3/5); d_nXdf = dn x df = (0,0,1);
 *   dtf = -[(5/4)(dp.nXdb + p.d_nXdb) + doos (p.nXdb)] = -[(5/4)(-1/5 - 4/5) + (-15/16)(-1/5)] = 17/16;
 *   dtb = -[(5/4)(dp.nXdf + p.d_nXdf) + doos (p.nXdf)] = -[(5/4)(1 + 1) - 15/16] = -25/16;
 *   dQf = vPf + dtf df + tf ddf = (17/16,0,0);
 *   dQb = vPb + dtb db + tb ddb = (1,1,2) + (-15/16,-5/4,0) + (1,-3/4,-1) = (17/16,-1,1);
 *   dCo = (17/16,-1/2,1/2); dp_BCo = dCo - v2 = (1/16,-1/2,-3/2);
 *   dv_FCo = 0 (body 1 static); dv_BCo = a2 + b2 x p_BCo + w2 x dp_BCo
 *   = (1,2,1) + (-1/2,0,-1/4) + (1/2,25/16,-1/2) = (1,57/16,1/4) = dvF; dCx = ddf = 0, dCy = d_nXdf = (0,0,1);
 *   aerr_x = dvF.Cx + vF.dCx = 1; aerr_y = dvF.Cy + vF.dCy = 57/16 + 1 = 73/16.
 * (All confirmed by symbolic time differentiation of perr(t), verr(t) from the definitions.)
 * Forces, lambda = (1,2,1): fn = (0,0,1), ft = 2 Cx + Cy = (2,1,0), at Co.
 *   body 2, arm (1/4,-1,-1/2): normal (-1,-1/4,0) + tangential (1/2,-1,9/4) = (-1/2,-5/4,9/4); force (2,1,1);
 *   body 1, arm (1/4,0,1/2): normal (1/4,0,1/2) x (0,0,-1) = (0,1/4,0) + tangential
 *   (1/4,0,1/2) x (-2,-1,0) = (1/2,-1,-1/4) -> (1/2,-3/4,-1/4); force (-2,-1,-1);
 *   physical force on body 2 (-2,-1,-1).
 *   (power: (-1/2,-5/4,9/4).w2 + (2,1,1).v2 = 7/4 + 4 = 23/4 = 1*1 + 2*2 + 1*3/4.)
 * Tolerance: 0.6 and 0.8 are rounded on input (relative 2^-53) and every output is reached through fewer than
 * 80 rounded operations on quantities of magnitude <= 4 (oos^2 = 25/16 is the largest factor applied to a
 * rounded value): 80 * ulp(4)/2 = 80 * 4.4e-16 = 3.6e-14. */
static void test_case_b_oblique(void)
{
    const double tol = 3.6e-14;
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(0, 0, 0));
    P.half_length1 = 1;
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_test_rows(0.6, 0.8, 0, 0.8, -0.6, 0, 0, 0, -1),
                                           ccref_test_v3(1, 0, 0));
    P.half_length2 = 1;
    P.rolling = 1;
    ccref_body b1 = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 1, 1), ccref_test_v3(1, 0, 1),
                                    ccref_test_v3(1, 0, 2), ccref_test_v3(0, 1, 0), ccref_test_v3(1, 2, 1));
    double lambda[3] = {1, 2, 1};
    ccref_line_on_line_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sense, 1);
    CU_ASSERT_EQUAL(r.lines_are_parallel, 0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
    ASSERT_NEAR(r.out.perr[0], 1.0, tol);
    ASSERT_NEAR(r.separation, 1.0, tol);
    ASSERT_NEAR(r.out.verr[0], 1.0, tol);
    ASSERT_NEAR(r.out.verr[1], 2.0, tol);
    ASSERT_NEAR(r.out.verr[2], 0.75, tol);
    ASSERT_NEAR(r.out.aerr[0], -0.5, tol);
    ASSERT_NEAR(r.out.aerr[1], 1.0, tol);
    ASSERT_NEAR(r.out.aerr[2], 73.0 / 16.0, tol);
    ASSERT_VEC_NEAR(r.closest_point1, 0.25, 0.0, 0.0, tol);
    ASSERT_VEC_NEAR(r.closest_point2, 0.25, 0.0, 1.0, tol);
    ASSERT_VEC_NEAR(r.contact_frame.p, 0.25, 0.0, 0.5, tol);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            ASSERT_NEAR(r.contact_frame.R.m[i][j], i == j ? 1.0 : 0.0, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body2.moment, -0.5, -1.25, 2.25, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body2.force, 2.0, 1.0, 1.0, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.moment, 0.5, -0.75, -0.25, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.force, -2.0, -1.0, -1.0, tol);
    ASSERT_VEC_NEAR(r.force_on_body2, -2.0, -1.0, -1.0, tol);

    /* non-rolling: the same normal row, the force n at Co only: body 2 moment (1/4,-1,-1/2) x (0,0,1) =
     * (-1,-1/4,0), body 1 moment (1/4,0,1/2) x (0,0,-1) = (0,1/4,0). */
    P.rolling = 0;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK);
    ASSERT_NEAR(r.out.perr[0], 1.0, tol);
    ASSERT_NEAR(r.out.verr[0], 1.0, tol);
    ASSERT_NEAR(r.out.aerr[0], -0.5, tol);
    ASSERT_EXACT(r.out.verr[1], 0.0); ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_VEC_NEAR(r.out.force_on_body2.moment, -1.0, -0.25, 0.0, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body2.force, 0.0, 0.0, 1.0, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.moment, 0.0, 0.25, 0.0, tol);
    ASSERT_VEC_NEAR(r.out.force_on_body1.force, 0.0, 0.0, -1.0, tol);
    ASSERT_VEC_NEAR(r.force_on_body2, 0.0, 0.0, -1.0, tol);
}

/* The half lengths are checked (> 0) but enter no formula: 1e-3 and 1e3 give the case A result. */
static void test_half_lengths_unused(void)
{
    ccref_line_on_line_params P = case_a_params(ccref_test_identity(), E2_sb_down_tilted(), 1);
    ccref_body b1 = case_a_body1(), b2 = case_a_body2();
    double lambda[3] = {2, 3, -1};
    ccref_line_on_line_result r;
    P.half_length1 = 1e-3;
    P.half_length2 = 1e3;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    check_case_a_plus(&r);
}

/* Closest points off the edge origins, with rotated bodies and a Co that is not on the body origins' line.
 * Body 1: R1 = rotation about z by 90 deg (columns (0,1,0), (-1,0,0), (0,0,1)), p1 = (1,1,0), static.
 *   Edge frame 1: R = I, origin (2,0,0) -> Pf = p1 + R1 (2,0,0) = (1,3,0); df = R1 ex = (0,1,0); sf = ez.
 * Body 2 = ground pose, static. Edge frame 2: rows (1,0,0; 0,0,-1; 0,1,0) = rotation about x by 90 deg,
 *   columns (1,0,0), (0,0,1), (0,-1,0): db = ex, sb = (0,-1,0); origin (5,0,3) -> Pb = (5,0,3).
 * wraw = ey x ex = (0,0,-1); wsf = -1, wsb = 0 -> sf branch, wsf < 0 -> sense -1; w = (0,0,1), n = (0,0,1).
 * p = Pb - Pf = (4,-3,3); perr = 3. pXn = (4,-3,3) x (0,0,1) = (-3,-4,0);
 * tf = -(-1)(1)(db.pXn) = -3; tb = -(-1)(1)(df.pXn) = -4;
 * Qf = (1,3,0) - 3 (0,1,0) = (1,0,0); Qb = (5,0,3) - 4 (1,0,0) = (1,0,3); Co = (1,0,3/2)
 * (line f is x = 1, z = 0; line b is y = 0, z = 3: they cross over (1,0)).
 * Frame: Cx = (0,1,0), Cy = n x df = ez x ey = (-1,0,0), Cz = (0,0,1). Static bodies: verr = aerr = 0.
 * Forces, lambda = (1,1,1): f = n + Cx + Cy = (-1,1,1); body 2 arm Co - p2 = (1,0,3/2): moment
 *   (1,0,3/2) x (-1,1,1) = (0*1 - 1.5*1, 1.5*(-1) - 1*1, 1*1 - 0*(-1)) = (-3/2,-5/2,1) (as the sum of the
 *   normal part (1,0,3/2) x (0,0,1) = (0,-1,0) and the tangential part (1,0,3/2) x (-1,1,0) = (-3/2,-3/2,1));
 *   body 1 arm Co - p1 = (0,-1,3/2): normal (0,-1,3/2) x (0,0,-1) = (1,0,0), tangential
 *   (0,-1,3/2) x (1,-1,0) = (3/2,3/2,1); total (5/2,3/2,1), force (1,-1,-1). */
static void test_closest_points_rotated(void)
{
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(2, 0, 0));
    P.half_length1 = 1;
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(5, 0, 3));
    P.half_length2 = 1;
    P.rolling = 1;
    ccref_body b1 = ccref_test_at_rest(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 1, 0));
    ccref_body b2 = ccref_body_ground();
    double lambda[3] = {1, 1, 1};
    ccref_line_on_line_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.sense, -1);
    ASSERT_EXACT(r.out.perr[0], 3.0);
    ASSERT_VEC_EXACT(r.closest_point1, 1.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.closest_point2, 1.0, 0.0, 3.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 1.0, 0.0, 1.5);
    assert_columns(&r.contact_frame.R, ccref_test_v3(0, 1, 0), ccref_test_v3(-1, 0, 0), ccref_test_v3(0, 0, 1));
    for (int i = 0; i < 3; i++) {
        ASSERT_EXACT(r.out.verr[i], 0.0);
        ASSERT_EXACT(r.out.aerr[i], 0.0);
    }
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, -1.5, -2.5, 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, -1.0, 1.0, 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 2.5, 1.5, 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 1.0, -1.0, -1.0);
    ASSERT_VEC_EXACT(r.force_on_body2, 1.0, -1.0, -1.0);
}

/* ------------------------------------------------------------------ parallel edges
 * Body 1 = ground pose but moving (w1 = (0,0,1), v1 = (1,0,0), b1 = (1,1,1), a1 = (0,1,0): the rows must
 * still be zero); edge frame 1 = (I, origin 0): Pf = 0, df = ex.
 * Body 2: R2 = I, p2 = (0,0,2), w2 = (0,1,0), v2 = (0,0,1); edge frame 2 origin (4,2,0): Pb = (4,2,2).
 * p = (4,2,2). Fallback: Qf = Pf + (p.df/2) df = (2,0,0); Qb = Pb + ((Pf-Pb).db/2) db:
 *   db = ex:  (Pf-Pb).db = -4 -> Qb = (4,2,2) - 2 (1,0,0) = (2,2,2);
 *   db = -ex: (Pf-Pb).db = +4 -> Qb = (4,2,2) + 2 (-1,0,0) = (2,2,2) (the same point);
 *   Co = (2,1,1). Frame: origin Co, rotation zero except column 0 = df = ex. Rows, forces, separation,
 *   sense zero; deviations = CCREF_DEV_LOL_PARALLEL_FALLBACK. */
static void check_parallel(const ccref_line_on_line_result *r, int mv)
{
    CU_ASSERT_EQUAL(r->lines_are_parallel, 1);
    CU_ASSERT_EQUAL(r->sense, 0);
    CU_ASSERT_EQUAL(r->out.mp, 1);
    CU_ASSERT_EQUAL(r->out.mv, mv);
    CU_ASSERT_EQUAL(r->out.deviations, (unsigned)CCREF_DEV_LOL_PARALLEL_FALLBACK);
    for (int i = 0; i < CCREF_MAX_ROWS; i++) {
        ASSERT_EXACT(r->out.perr[i], 0.0);
        ASSERT_EXACT(r->out.verr[i], 0.0);
        ASSERT_EXACT(r->out.aerr[i], 0.0);
    }
    ccref_test_assert_forces_zero(&r->out);
    ASSERT_VEC_EXACT(r->force_on_body2, 0, 0, 0);
    ASSERT_EXACT(r->separation, 0.0);
}

static void test_parallel_exact(void)
{
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(0, 0, 0));
    P.half_length1 = 1;
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(4, 2, 0));
    P.half_length2 = 1;
    P.rolling = 1;
    ccref_body b1 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(1, 0, 0), ccref_test_v3(1, 1, 1), ccref_test_v3(0, 1, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 2), ccref_test_v3(0, 1, 0),
                                    ccref_test_v3(0, 0, 1), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    double lambda[3] = {1, 2, 3};
    ccref_line_on_line_result r;

    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK_PARALLEL_EDGES);
    check_parallel(&r, 2);
    ASSERT_VEC_EXACT(r.closest_point1, 2.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.closest_point2, 2.0, 2.0, 2.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 2.0, 1.0, 1.0);
    assert_columns(&r.contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));

    /* anti-parallel: edge frame 2 turned by pi about z (db = -ex) */
    P.edge_frame2_in_b2.R = ccref_axis_rotation(2, -1.0, 0.0);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK_PARALLEL_EDGES);
    check_parallel(&r, 2);
    ASSERT_VEC_EXACT(r.closest_point1, 2.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.closest_point2, 2.0, 2.0, 2.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 2.0, 1.0, 1.0);
    assert_columns(&r.contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));

    /* non-rolling: one multiplier, same geometry */
    P.rolling = 0;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK_PARALLEL_EDGES);
    check_parallel(&r, 0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 2.0, 1.0, 1.0);

    /* lambda is still checked in the parallel case: count first, then finiteness */
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_E_LAMBDA_COUNT);
    assert_zeroed(&r, 0);
    double nan1[1] = {NAN};
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, nan1, 1, &r), CCREF_E_NONFINITE_INPUT);
    assert_zeroed(&r, 0);
}

/* Nearly parallel edges: df = ex, db = (1, s, 0) with s a power of two (edge frame 2 = rotation about z with
 * (c, s) = (1, s); it passes the rotation check since c^2 + s^2 - 1 = s^2 rounds to 0).
 * wraw = ex x (1,s,0) = (0,0,s), |wraw|^2 = s^2 computed exactly.
 *  - s = 2^-46: s^2 = 2^-92 < 2^-91 -> parallel. Pf = 0, Pb = (4,0,2) (body 2 at (0,0,2), edge origin (4,0,0)):
 *    Qf = (p.df/2) df = (2,0,0); (Pf-Pb).db = -4 + 0 s + 0 = -4, Qb = Pb - 2 db = (2,-2^-45,2);
 *    Co = (2,-2^-46,1); frame column 0 = df. */
static void test_nearly_parallel_below(void)
{
    const double s = 0x1p-46;
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(0, 0, 0));
    P.half_length1 = 1;
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_axis_rotation(2, 1.0, s), ccref_test_v3(4, 0, 0));
    P.half_length2 = 1;
    P.rolling = 1;
    ccref_body b1 = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 2), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(0, 1, 1), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    double lambda[3] = {1, 1, 1};
    ccref_line_on_line_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK_PARALLEL_EDGES);
    check_parallel(&r, 2);
    ASSERT_VEC_EXACT(r.closest_point1, 2.0, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.closest_point2, 2.0, -0x1p-45, 2.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, 2.0, -0x1p-46, 1.0);
    assert_columns(&r.contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
}

/*  - s = 2^-45: s^2 = 2^-90 >= 2^-91 -> not parallel. Edge frame 2 = rows (1,s,0; s,-1,0; 0,0,-1): columns
 *    db = (1,s,0), (s,-1,0), sb = (0,0,-1). sf = ez. wsf = s, wsb = -s: tie -> sb branch, wsb < 0 -> +1.
 *    w = (0,0,s), |w| = 2^-45, oos = 2^45, n = (0,0,1).
 *    Pf = 0; body 2 at (0,0,2), v2 = (0,1,1), edge origin (0,1,0): Pb = (0,1,2), p = (0,1,2); perr = 2.
 *    pXn = (1,0,0); tf = -2^45 (db.pXn) = -2^45; tb = -2^45 (df.pXn) = -2^45: |tf|, |tb| ~ 1/|w|.
 *    Qf = (-2^45,0,0); Qb = Pb - 2^45 (1,2^-45,0) = (-2^45,0,2); Co = (-2^45,0,1).
 *    Frame: Cx = ex, Cy = ez x ex = ey, Cz = ez.
 *    No rotation: dp = v2 = (0,1,1), dn = d2n = 0: verr_n = 1, aerr_n = 0; vF = v2 = (0,1,1): verr_x = 0,
 *    verr_y = 1. dtf = -2^45 (dp.nXdb) with nXdb = (-s,1,0): dtf = -2^45; dtb = -2^45 (dp.(0,1,0)) = -2^45:
 *    the closest points run along the lines at speed ~ 1/|w|; dvF = 0 (no a, b, w), so aerr_x = aerr_y = 0.
 *    Forces, lambda = (1,1,1): f = n + Cx + Cy = (1,1,1) at Co.
 *      body 2, arm Co - p2 = (-2^45,0,-1): normal (-2^45,0,-1) x (0,0,1) = (0,2^45,0),
 *        tangential (-2^45,0,-1) x (1,1,0) = (1,-1,-2^45); moment (1,2^45-1,-2^45), force (1,1,1);
 *      body 1, arm Co - p1 = (-2^45,0,1): normal (-2^45,0,1) x (0,0,-1) = (0,-2^45,0),
 *        tangential (-2^45,0,1) x (-1,-1,0) = (1,-1,2^45); moment (1,-2^45-1,2^45), force (-1,-1,-1). */
static void test_nearly_parallel_above(void)
{
    const double s = 0x1p-45, big = 0x1p45;
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(0, 0, 0));
    P.half_length1 = 1;
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_test_rows(1, s, 0, s, -1, 0, 0, 0, -1), ccref_test_v3(0, 1, 0));
    P.half_length2 = 1;
    P.rolling = 1;
    ccref_body b1 = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 2), ccref_test_v3(0, 0, 0),
                                    ccref_test_v3(0, 1, 1), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    double lambda[3] = {1, 1, 1};
    ccref_line_on_line_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.lines_are_parallel, 0);
    CU_ASSERT_EQUAL(r.sense, 1);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
    ASSERT_EXACT(r.out.perr[0], 2.0);
    ASSERT_EXACT(r.separation, 2.0);
    ASSERT_EXACT(r.out.verr[0], 1.0);
    ASSERT_EXACT(r.out.verr[1], 0.0);
    ASSERT_EXACT(r.out.verr[2], 1.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], 0.0);
    ASSERT_VEC_EXACT(r.closest_point1, -big, 0.0, 0.0);
    ASSERT_VEC_EXACT(r.closest_point2, -big, 0.0, 2.0);
    ASSERT_VEC_EXACT(r.contact_frame.p, -big, 0.0, 1.0);
    assert_columns(&r.contact_frame.R, ccref_test_v3(1, 0, 0), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 1));
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 1.0, big - 1.0, -big);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1.0, 1.0, 1.0);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 1.0, -big - 1.0, big);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1.0, -1.0, -1.0);
    ASSERT_VEC_EXACT(r.force_on_body2, -1.0, -1.0, -1.0);
}

/* The rounding band of the threshold itself: with db = (1, s, 0) the decision is fl(s*s) < 2^-91.
 *  s = fl(sqrt 2) 2^-46: fl(sqrt 2)^2 = 2.000000000000000273..., which rounds to 2 + 2^-51 > 2, so
 *    |w|^2 = 2^-91 (1 + 2^-52) is not below the threshold -> CCREF_OK (|w| exceeds 2^-45.5 by < 1 ulp).
 *  s = (fl(sqrt 2) - 2^-52) 2^-46: the square is 1.99999999999999955591..., which rounds to 2 - 2^-51 < 2
 *    -> CCREF_OK_PARALLEL_EDGES. */
static void test_threshold_band(void)
{
    double r2 = sqrt(2.0);
    double s_hi = r2 * 0x1p-46, s_lo = nextafter(r2, 0.0) * 0x1p-46;
    ccref_line_on_line_params P;
    P.edge_frame1_in_b1 = ccref_test_frame(ccref_test_identity(), ccref_test_v3(0, 0, 0));
    P.half_length1 = 1;
    P.half_length2 = 1;
    P.rolling = 0;
    ccref_body b1 = ccref_body_ground();
    ccref_body b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(0, 0, 2));
    double lambda[1] = {1};
    ccref_line_on_line_result r;

    CU_ASSERT(s_hi * s_hi > 0x1p-91);
    CU_ASSERT(s_lo * s_lo < 0x1p-91);
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_axis_rotation(2, 1.0, s_hi), ccref_test_v3(4, 0, 0));
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.lines_are_parallel, 0);
    P.edge_frame2_in_b2 = ccref_test_frame(ccref_axis_rotation(2, 1.0, s_lo), ccref_test_v3(4, 0, 0));
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 1, &r), CCREF_OK_PARALLEL_EDGES);
    CU_ASSERT_EQUAL(r.lines_are_parallel, 1);
}

/* ------------------------------------------------------------------ bad inputs */
static void expect_error(const ccref_line_on_line_params *P, const ccref_body *b1, const ccref_body *b2,
                         const double *lambda, size_t n, ccref_status want)
{
    ccref_line_on_line_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(P, b1, b2, lambda, n, &r), want);
    assert_zeroed(&r, P != NULL && b1 != NULL && b2 != NULL && P->rolling ? 2 : 0);
}

/* The kernel for the bad-body drivers: parameters and multipliers from here, bodies from the driver. */
typedef struct {
    ccref_line_on_line_params P;
    double lambda[3];
    ccref_line_on_line_result r;
} lol_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    lol_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_line_on_line_eval(&k->P, b1, b2, k->lambda, k->P.rolling ? 3 : 1, &k->r);
}

static void run_zeroed(void *ctx)
{
    lol_run *k = ctx;
    assert_zeroed(&k->r, k->P.rolling ? 2 : 0);
}

static void test_bad_inputs(void)
{
    ccref_line_on_line_params P = case_a_params(ccref_test_identity(), E2_sb_down_tilted(), 1), Q;
    ccref_body b1 = case_a_body1(), b2 = case_a_body2(), bb;
    double lambda[3] = {2, 3, -1}, badl[3];

    /* NULL pointers */
    CU_ASSERT_EQUAL(ccref_line_on_line_eval(&P, &b1, &b2, lambda, 3, NULL), CCREF_E_NULL_ARGUMENT);
    expect_error(NULL, &b1, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&P, NULL, &b2, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&P, &b1, NULL, lambda, 3, CCREF_E_NULL_ARGUMENT);
    expect_error(&P, &b1, &b2, NULL, 3, CCREF_E_NULL_ARGUMENT);
    /* lambda count */
    expect_error(&P, &b1, &b2, lambda, 1, CCREF_E_LAMBDA_COUNT);
    expect_error(&P, &b1, &b2, lambda, 0, CCREF_E_LAMBDA_COUNT);
    Q = P; Q.rolling = 0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_LAMBDA_COUNT);
    expect_error(&Q, &b1, &b2, lambda, 2, CCREF_E_LAMBDA_COUNT);
    /* count before finiteness of the other inputs */
    Q = P; Q.half_length1 = NAN;
    expect_error(&Q, &b1, &b2, lambda, 2, CCREF_E_LAMBDA_COUNT);
    /* non-finite lambda */
    memcpy(badl, lambda, sizeof badl); badl[2] = NAN;
    expect_error(&P, &b1, &b2, badl, 3, CCREF_E_NONFINITE_INPUT);
    memcpy(badl, lambda, sizeof badl); badl[0] = -INFINITY;
    expect_error(&P, &b1, &b2, badl, 3, CCREF_E_NONFINITE_INPUT);
    /* non-finite bodies: NaN, +Inf and -Inf in every scalar of each body, rolling and not (among them
     * b1.b.x = NaN, b2.v.y = Inf rolling); then non-rotations: every ccref_test_nonrotation variant in each body
     * (among them body 1's I scaled to R[0][0] = 3 and the reflection diag(1,-1,1) in body 2, rolling) */
    for (int rolling = 1; rolling >= 0; rolling--) {
        lol_run run = {.P = case_a_params(ccref_test_identity(), E2_sb_down_tilted(), rolling), .lambda = {2, 3, -1}};
        ccref_test_kernel k = {run_eval, run_zeroed, &run};
        ccref_test_nonfinite_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
        ccref_test_nonrotation_bodies(&k, &b1, &b2, CCREF_TEST_BOTH_BODIES);
    }
    /* non-finite frames, half lengths */
    Q = P; Q.edge_frame1_in_b1.p.z = INFINITY;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    Q = P; Q.edge_frame2_in_b2.R.m[0][1] = NAN;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    Q = P; Q.half_length1 = NAN;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    Q = P; Q.half_length2 = INFINITY;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    /* non-finite beats non-rotation */
    Q = P; Q.half_length2 = INFINITY; bb = b1; bb.R.m[0][0] = 3.0;
    expect_error(&Q, &bb, &b2, lambda, 3, CCREF_E_NONFINITE_INPUT);
    /* non-rotations: edge-frame matrices, scaled and reflected (the bodies' are above) */
    Q = P; Q.edge_frame1_in_b1.R.m[2][2] = -1.0;   /* reflection */
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION);
    Q = P; Q.edge_frame2_in_b2.R.m[0][1] = 0.9;    /* columns no longer orthonormal */
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION);
    /* rotation check before the length check */
    Q = P; Q.half_length1 = 0.0; Q.edge_frame1_in_b1.R.m[2][2] = -1.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NOT_ROTATION);
    /* half lengths: zero and negative */
    Q = P; Q.half_length1 = 0.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_LENGTH);
    Q = P; Q.half_length1 = -1.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_LENGTH);
    Q = P; Q.half_length2 = 0.0;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_LENGTH);
    Q = P; Q.half_length2 = -0.5;
    expect_error(&Q, &b1, &b2, lambda, 3, CCREF_E_NONPOSITIVE_LENGTH);
    /* overflow: p = Pb - Pf = (2e308, 0, 0) overflows */
    bb = b2; bb.p = ccref_test_v3(1e308, 0, 2);
    ccref_body bc = b1; bc.p = ccref_test_v3(-1e308, 0, 0);
    expect_error(&P, &bc, &bb, lambda, 3, CCREF_E_RESULT_OVERFLOW);
    /* overflow in the derivatives only: |w2| = 1e200 makes w2 x (w2 x r) overflow */
    bb = b2; bb.w = ccref_test_v3(1e200, 0, 0);
    expect_error(&P, &b1, &bb, lambda, 3, CCREF_E_RESULT_OVERFLOW);
    /* overflow in the parallel fallback: Qf = Pf + (p.df/2) df with p.df = 2e308 */
    Q = P; Q.edge_frame2_in_b2.R = ccref_test_identity();  /* db = df = ex */
    Q.rolling = 0;
    bb = b2; bb.p = ccref_test_v3(1e308, 0, 0);
    bc = b1; bc.p = ccref_test_v3(-1e308, 0, 0);
    expect_error(&Q, &bc, &bb, lambda, 1, CCREF_E_RESULT_OVERFLOW);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void line_on_line_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux3(e, "closest_point1", r->u.line_on_line.closest_point1);
    ccref_expect_aux3(e, "closest_point2", r->u.line_on_line.closest_point2);
    ccref_expect_aux9(e, "contact_frame.R", &r->u.line_on_line.contact_frame.R);
    ccref_expect_aux3(e, "contact_frame.p", r->u.line_on_line.contact_frame.p);
    ccref_expect_aux(e, "separation", r->u.line_on_line.separation);
    ccref_expect_aux3(e, "force_on_body2_applied", r->u.line_on_line.force_on_body2);
}

static void register_line_on_line(CU_pSuite s)
{
    CU_add_test(s, "sf branch, sense +1 (case A, every output)", test_sf_branch_plus);
    CU_add_test(s, "sf branch, sense -1", test_sf_branch_minus);
    CU_add_test(s, "sb branch, sense +1", test_sb_branch_plus);
    CU_add_test(s, "sb branch, sense -1", test_sb_branch_minus);
    CU_add_test(s, "sense ties", test_sense_ties);
    CU_add_test(s, "non-rolling", test_nonrolling);
    CU_add_test(s, "case B: oblique edges (oos, doos terms)", test_case_b_oblique);
    CU_add_test(s, "half lengths unused", test_half_lengths_unused);
    CU_add_test(s, "closest points, rotated bodies", test_closest_points_rotated);
    CU_add_test(s, "parallel: exact and anti-parallel fallback", test_parallel_exact);
    CU_add_test(s, "nearly parallel, |w| = 2^-46 (below)", test_nearly_parallel_below);
    CU_add_test(s, "nearly parallel, |w| = 2^-45 (above)", test_nearly_parallel_above);
    CU_add_test(s, "threshold rounding band", test_threshold_band);
    CU_add_test(s, "bad inputs", test_bad_inputs);
}

CCREF_TEST_SUITE("line_on_line", register_line_on_line)
