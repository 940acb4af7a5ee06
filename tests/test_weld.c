/* test_weld.c: Constraint::Weld kernel (src/weld.c), hand-derived cases.   Spec: spec/weld.md
 * Every expected value below is derived by hand in the comment next to it. Unless a tolerance is given the
 * arithmetic is exact in binary (small integers, products with 0 and +-1, sums with 0). Notation as in the spec:
 * B = frame 1's axes in G (RB = R1 Rf1), F = frame 2's (RF = R2 Rf2), the row pairs (Fx, By), (Fy, Bz), (Fz, Bx),
 * c_i = F_i x B_i'. */
#include <string.h>

#include "testlib.h"
#include "../src/ccref_handle.h"
#include "../src/common.h"

static void assert_zeroed(const ccref_weld_result *r)
{
    ccref_test_assert_output_zero(&r->out, 6, 0);
    for (int i = 0; i < 3; i++) {
        ASSERT_VEC_EXACT(m3_column(&r->frame1.R, i), 0, 0, 0);
        ASSERT_VEC_EXACT(m3_column(&r->frame2.R, i), 0, 0, 0);
    }
    ASSERT_VEC_EXACT(r->frame1.p, 0, 0, 0);
    ASSERT_VEC_EXACT(r->frame2.p, 0, 0, 0);
}

static ccref_weld_params weld_params(ccref_mat3 R1f, ccref_vec3 p1f, ccref_mat3 R2f, ccref_vec3 p2f)
{
    ccref_weld_params p = {ccref_test_frame(R1f, p1f), ccref_test_frame(R2f, p2f)};
    return p;
}

/* ---------------------------------------------------------------------------------------------------------
 * Worked example (the multiplier sign): a beam of mass 2 welded to Ground, sticking out horizontally, at rest,
 * g = 9.81 along -y. Weld(Ground, identity frame at the origin, beam, frame at (-1,0,0) in the beam), the beam's
 * origin (and mass centre) at (1,0,0), R2 = I: frame 2's origin S = (1,0,0) + (-1,0,0) = 0 = frame 1's origin P,
 * the axes aligned: every row zero.
 * At rest, M udot + G^T lambda = f_applied reads G^T lambda = gravity on the beam: force (0,-19.62,0) and zero moment
 * about its origin. The kernel's force on body 2 is (t + arm2 x f, f) with arm2 = R2 (-1,0,0) = (-1,0,0), so
 * f = (l3, l4, l5) = (0,-19.62,0) and arm2 x f = (-1,0,0) x (0,-19.62,0) = (0*0 - 0*(-19.62), 0*0 - (-1)*0,
 * (-1)(-19.62) - 0*0) = (0,0,19.62); a zero moment needs t = (0,0,-19.62). With B = F = I the axes are c0 = x x y = z,
 * c1 = y x z = x, c2 = z x x = y, so t = l0 z + l1 x + l2 y: l0 = -19.62, l1 = l2 = 0.
 * Body 1 (Ground): arm1 = S - p1 = 0, moment -t + 0 = (0,0,19.62), force -f = (0,19.62,0).
 * Physically the weld pushes the beam up by 19.62 at S and twists it by -t = (0,0,19.62): about the beam's origin the
 * push has moment (-1,0,0) x (0,19.62,0) = (0,0,-19.62), which the twist cancels. The kernel's numbers are the
 * negatives (multiplier sign), as Simbody's constrained body forces. */
static void test_weld_cantilever(void)
{
    ccref_body ground = ccref_body_ground();
    ccref_body beam = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(1, 0, 0));
    ccref_weld_params prm = weld_params(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_identity(),
                                        ccref_test_v3(-1, 0, 0));
    double lambda[6] = {-19.62, 0, 0, 0, -19.62, 0};
    ccref_weld_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&prm, &ground, &beam, lambda, 6, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 6);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    /* aligned axes: Fx.By = x.y = 0, Fy.Bz = 0, Fz.Bx = 0; S = P; at rest */
    for (int i = 0; i < 6; i++) {
        ASSERT_EXACT(r.out.perr[i], 0.0);
        ASSERT_EXACT(r.out.verr[i], 0.0);
        ASSERT_EXACT(r.out.aerr[i], 0.0);
    }
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 0, -19.62, 0);
    ASSERT_EXACT(r.out.force_on_body2.force.y, -(2.0 * 9.81)); /* doubling commutes with rounding: m g == 19.62 */
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 0, 19.62);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, 0, 19.62, 0);
    /* the frames in G: both the identity, at the origin */
    for (int i = 0; i < 3; i++) {
        ccref_vec3 e = ccref_test_v3(i == 0, i == 1, i == 2);
        ASSERT_VEC_EXACT(m3_column(&r.frame1.R, i), e.x, e.y, e.z);
        ASSERT_VEC_EXACT(m3_column(&r.frame2.R, i), e.x, e.y, e.z);
    }
    ASSERT_VEC_EXACT(r.frame1.p, 0, 0, 0);
    ASSERT_VEC_EXACT(r.frame2.p, 0, 0, 0);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* General moving case. Bodies and frame origins as tests/test_ball.c's general case (stations s1 = pf1, s2 = pf2),
 * so the linear rows repeat that derivation:
 * body 1: R1 = Rz90 = [[0,-1,0],[1,0,0],[0,0,1]], p1 = (1,0,0), w1 = (0,0,1), v1 = (0,1,0), b1 = (0,0,2),
 *         a1 = (1,0,0); frame 1: Rf1 = I, pf1 = (1,0,0).
 * body 2: R2 = I, p2 = (2,1,0), w2 = (1,0,0), v2 = (0,0,1), b2 = (0,1,0), a2 = 0;
 *         frame 2: Rf2 = Ry(-90) = [[0,0,-1],[0,1,0],[1,0,0]] (columns (0,0,1), (0,1,0), (-1,0,0)), pf2 = (0,0,1).
 * Linear rows: P = p1 + R1 pf1 = (1,0,0) + (0,1,0) = (1,1,0); arm2 = (0,0,1), S = (2,1,1); arm1 = S - p1 = (1,1,1).
 *   perr[3..5] = S - P = (1,0,1).
 *   v(B2/S) = (0,0,1) + (1,0,0)x(0,0,1) = (0,0,1) + (0,-1,0) = (0,-1,1); v(B1/S) = (0,1,0) + (0,0,1)x(1,1,1) =
 *   (0,1,0) + (-1,1,0) = (-1,2,0); verr[3..5] = (1,-3,1).
 *   a(B2/S) = 0 + (0,1,0)x(0,0,1) + (1,0,0)x(0,-1,0) = (1,0,0) + (0,0,-1) = (1,0,-1);
 *   a(B1/S) = (1,0,0) + (0,0,2)x(1,1,1) + (0,0,1)x(-1,1,0) = (1,0,0) + (-2,2,0) + (-1,-1,0) = (-2,1,0);
 *   aerr[3..5] = (3,-1,-1).
 * Angular rows: B = R1 I: Bx = (0,1,0), By = (-1,0,0), Bz = (0,0,1). F = R2 Rf2: Fx = (0,0,1) = Bz, Fy = (0,1,0) = Bx,
 * Fz = (-1,0,0) = By: a third turn about frame 1's diagonal, one of the spurious zeros of spec/weld.md:
 *   perr[0] = Fx.By = 0, perr[1] = Fy.Bz = 0, perr[2] = Fz.Bx = 0.
 *   c0 = (0,0,1)x(-1,0,0) = (0*0-1*0, 1*(-1)-0*0, 0*0-0*(-1)) = (0,-1,0) = -Bx; c1 = (0,1,0)x(0,0,1) = (1,0,0) = -By;
 *   c2 = (-1,0,0)x(0,1,0) = (0*0-0*1, 0*0-(-1)*0, (-1)*1-0*0) = (0,0,-1) = -Bz.
 *   w = w2 - w1 = (1,0,-1): verr[0] = w.c0 = 0, verr[1] = w.c1 = 1, verr[2] = w.c2 = 1.
 *   bw = b2 - b1 = (0,1,-2).
 *   row 0: w2 x Fx = (1,0,0)x(0,0,1) = (0,-1,0); (0,-1,0) x By = (0,-1,0)x(-1,0,0) = (0,0,-1);
 *          w1 x By = (0,0,1)x(-1,0,0) = (0,-1,0); (0,-1,0) x Fx = (0,-1,0)x(0,0,1) = (-1,0,0);
 *          d0 = (0,0,-1) - (-1,0,0) = (1,0,-1); aerr[0] = bw.c0 + w.d0 = -1 + 2 = 1.
 *   row 1: w2 x Fy = (1,0,0)x(0,1,0) = (0,0,1), x Bz = 0; w1 x Bz = 0; d1 = 0; aerr[1] = bw.c1 = 0.
 *   row 2: w2 x Fz = (1,0,0)x(-1,0,0) = 0; w1 x Bx = (0,0,1)x(0,1,0) = (-1,0,0), x Fz = 0; d2 = 0;
 *          aerr[2] = bw.c2 = 2.
 * Forces, lambda = (1,-1,2, 1,2,3): t = c0 - c1 + 2 c2 = (0,-1,0) + (-1,0,0) + (0,0,-2) = (-1,-1,-2); f = (1,2,3).
 *   body 2: arm2 x f = (0,0,1)x(1,2,3) = (-2,1,0); moment t + (-2,1,0) = (-3,0,-2); force (1,2,3).
 *   body 1: arm1 x (-f) = (1,1,1)x(-1,-2,-3) = (-1,2,-1); moment -t + (-1,2,-1) = (1,1,2) + (-1,2,-1) = (0,3,1);
 *           force (-1,-2,-3).
 *   Power: body 2 (-3,0,-2).(1,0,0) + (1,2,3).(0,0,1) = 0, body 1 (0,3,1).(0,0,1) + (-1,-2,-3).(0,1,0) = -1;
 *   lambda . verr = 0 - 1 + 2 + 1 - 6 + 3 = -1: equal (spec/weld.md, forces = G^T lambda).
 *   Third law about G's origin: M1 + p1 x F1 = (0,3,1) + (1,0,0)x(-1,-2,-3) = (0,3,1) + (0,3,-2) = (0,6,-1);
 *   M2 + p2 x F2 = (-3,0,-2) + (2,1,0)x(1,2,3) = (-3,0,-2) + (3,-6,3) = (0,-6,1); the sum is 0. */
static void test_weld_general(void)
{
    ccref_body b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                                    ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    ccref_weld_params prm = weld_params(ccref_test_identity(), ccref_test_v3(1, 0, 0),
                                        ccref_test_rows(0, 0, -1, 0, 1, 0, 1, 0, 0), ccref_test_v3(0, 0, 1));
    double lambda[6] = {1, -1, 2, 1, 2, 3};
    ccref_weld_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&prm, &b1, &b2, lambda, 6, &r), CCREF_OK);
    const double perr[6] = {0, 0, 0, 1, 0, 1}, verr[6] = {0, 1, 1, 1, -3, 1}, aerr[6] = {1, 0, 2, 3, -1, -1};
    for (int i = 0; i < 6; i++) {
        ASSERT_EXACT(r.out.perr[i], perr[i]);
        ASSERT_EXACT(r.out.verr[i], verr[i]);
        ASSERT_EXACT(r.out.aerr[i], aerr[i]);
    }
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, -3, 0, -2);
    ASSERT_VEC_EXACT(r.out.force_on_body2.force, 1, 2, 3);
    ASSERT_VEC_EXACT(r.out.force_on_body1.moment, 0, 3, 1);
    ASSERT_VEC_EXACT(r.out.force_on_body1.force, -1, -2, -3);
    /* frame 1 in G: RB = R1 (columns Bx, By, Bz), origin P; frame 2: RF (columns Fx, Fy, Fz), origin S */
    ASSERT_VEC_EXACT(m3_column(&r.frame1.R, 0), 0, 1, 0);
    ASSERT_VEC_EXACT(m3_column(&r.frame1.R, 1), -1, 0, 0);
    ASSERT_VEC_EXACT(m3_column(&r.frame1.R, 2), 0, 0, 1);
    ASSERT_VEC_EXACT(r.frame1.p, 1, 1, 0);
    ASSERT_VEC_EXACT(m3_column(&r.frame2.R, 0), 0, 0, 1);
    ASSERT_VEC_EXACT(m3_column(&r.frame2.R, 1), 0, 1, 0);
    ASSERT_VEC_EXACT(m3_column(&r.frame2.R, 2), -1, 0, 0);
    ASSERT_VEC_EXACT(r.frame2.p, 2, 1, 1);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
}

/* A row as a function of the angle (exact values of a rotated frame). Ground holds frame 1 = I; body 2 at the origin
 * turns about z with w2 = (0,0,1), its frame 2 the rotation by theta about z, cos theta = 0.6, sin theta = 0.8 (the
 * doubles nearest; the rotation test accepts them). Then Fx = (c,s,0), Fy = (-s,c,0), Fz = (0,0,1) and the first row is
 * perr[0] = Fx.By = s = sin theta, whose time derivatives with theta' = 1 are verr[0] = cos theta = c and
 * aerr[0] = -sin theta = -s: the angular rows are the true derivatives. Through the kernel's formulas:
 *   c0 = Fx x By = (c,s,0)x(0,1,0) = (0,0,c); verr[0] = (0,0,1).c0 = c.
 *   w2 x Fx = (0,0,1)x(c,s,0) = (-s,c,0); x By = (-s,c,0)x(0,1,0) = (0,0,-s); w1 = 0; aerr[0] = (0,0,1).(0,0,-s) = -s.
 * Rows 1, 2: Fy.Bz = 0, Fz.Bx = 0 (the turn keeps Fy in the xy plane and Fz = z); c1 = Fy x z = (c,s,0),
 * verr[1] = 0; c2 = z x x = y, verr[2] = 0; aerr[1] = (0,0,1).((w2 x Fy) x Bz) = (0,0,1).((-c,-s,0) x z) =
 * (0,0,1).(-s,c,0) = 0, aerr[2] = 0 (w2 x Fz = 0, w1 = 0). Every product is by 0 or +-1 and every sum adds zeros: the
 * kernel's values are c and s exactly. */
static void test_weld_angle_derivatives(void)
{
    const double c = 0.6, s = 0.8;
    ccref_body ground = ccref_body_ground();
    ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 1),
                                    ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    ccref_weld_params prm = weld_params(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_axis_rotation(2, c, s),
                                        ccref_test_v3(0, 0, 0));
    double lambda[6] = {0, 0, 0, 0, 0, 0};
    ccref_weld_result r;
    CU_ASSERT_EQUAL_FATAL(ccref_weld_eval(&prm, &ground, &b2, lambda, 6, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], s);
    ASSERT_EXACT(r.out.verr[0], c);
    ASSERT_EXACT(r.out.aerr[0], -s);
    for (int i = 1; i < 6; i++) {
        ASSERT_EXACT(r.out.perr[i], 0.0);
        ASSERT_EXACT(r.out.verr[i], 0.0);
        ASSERT_EXACT(r.out.aerr[i], 0.0);
    }
}

/* The perpendicularity trap (spec/weld.md, Special cases): with frame 1 = I on Ground, frame 2 = Q on body 2 = I at
 * the origin, perr[0..2] = (Q[1][0], Q[2][1], Q[0][2]), zero exactly for the eight rotations below, and each a
 * non-degenerate zero: the axes c_i are unit vectors along frame 1's axes, so G's angular rows have rank 3. They are
 * read through verr with w2 = e_k: verr[i] = e_k . c_i = component k of c_i. With F = (Fx, Fy, Fz) the columns of Q:
 *   I:               F = (x, y, z):    c = (x x y, y x z, z x x)          = (z, x, y);
 *   diag(1,-1,-1):   F = (x, -y, -z):  c = (x x y, -y x z, -z x x)        = (z, -x, -y);
 *   diag(-1,1,-1):   F = (-x, y, -z):  c = (-x x y, y x z, -z x x)        = (-z, x, -y);
 *   diag(-1,-1,1):   F = (-x, -y, z):  c = (-x x y, -y x z, z x x)        = (-z, -x, y);
 *   third turns [[0,s1,0],[0,0,s2],[s3,0,0]] with s1 s2 s3 = 1: F = (s3 z, s1 x, s2 y):
 *                    c = (s3 z x y, s1 x x z, s2 y x x)                   = (-s3 x, -s1 y, -s2 z).
 * And a configuration that is not a zero: the quarter turn about z, Q = Rz90, F = (y, -x, z): perr = (y.y, -x.z,
 * z.x) = (1, 0, 0), and c0 = y x y = 0: the row loses rank (verr[0] = 0 whatever w2); c1 = -x x z = y, c2 = z x x = y:
 * rank 2. */
static void trap_case(ccref_mat3 Q, const ccref_vec3 c[3])
{
    ccref_body ground = ccref_body_ground();
    ccref_weld_params prm = weld_params(ccref_test_identity(), ccref_test_v3(0, 0, 0), Q, ccref_test_v3(0, 0, 0));
    double lambda[6] = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < 3; k++) {
        ccref_vec3 w2 = ccref_test_v3(k == 0, k == 1, k == 2);
        ccref_body b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(0, 0, 0), w2, ccref_test_v3(0, 0, 0),
                                        ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
        ccref_weld_result r;
        CU_ASSERT_EQUAL_FATAL(ccref_weld_eval(&prm, &ground, &b2, lambda, 6, &r), CCREF_OK);
        ASSERT_EXACT(r.out.perr[0], Q.m[1][0]);
        ASSERT_EXACT(r.out.perr[1], Q.m[2][1]);
        ASSERT_EXACT(r.out.perr[2], Q.m[0][2]);
        for (int i = 0; i < 3; i++)
            ASSERT_EXACT(r.out.verr[i], k == 0 ? c[i].x : k == 1 ? c[i].y : c[i].z);
        CU_ASSERT_EQUAL(r.out.deviations, 0u);
    }
}

static void test_weld_perpendicularity_trap(void)
{
    const ccref_vec3 X = {1, 0, 0}, Y = {0, 1, 0}, Z = {0, 0, 1}, mX = {-1, 0, 0}, mY = {0, -1, 0}, mZ = {0, 0, -1};
    const ccref_vec3 c_identity[3] = {Z, X, Y}, c_half_x[3] = {Z, mX, mY}, c_half_y[3] = {mZ, X, mY},
                     c_half_z[3] = {mZ, mX, Y};
    trap_case(ccref_test_identity(), c_identity);
    trap_case(ccref_test_rows(1, 0, 0, 0, -1, 0, 0, 0, -1), c_half_x);
    trap_case(ccref_test_rows(-1, 0, 0, 0, 1, 0, 0, 0, -1), c_half_y);
    trap_case(ccref_test_rows(-1, 0, 0, 0, -1, 0, 0, 0, 1), c_half_z);
    /* the four third turns: (s1, s2, s3) with s1 s2 s3 = 1 */
    const int signs[4][3] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
    for (int n = 0; n < 4; n++) {
        double s1 = signs[n][0], s2 = signs[n][1], s3 = signs[n][2];
        ccref_vec3 c[3] = {ccref_test_v3(-s3, 0, 0), ccref_test_v3(0, -s1, 0), ccref_test_v3(0, 0, -s2)};
        trap_case(ccref_test_rows(0, s1, 0, 0, 0, s2, s3, 0, 0), c);
    }
    /* not a zero: the quarter turn about z (perr[0] = 1, c0 = 0) */
    const ccref_vec3 c_quarter[3] = {{0, 0, 0}, Y, Y};
    trap_case(ccref_axis_rotation(2, 0.0, 1.0), c_quarter);
}

/* ------------------------------------------------------------------------------------------- bad inputs */

typedef struct {
    ccref_weld_params prm;
    ccref_body b1, b2;
    double lambda[7];
} weld_case;

static weld_case good_case(void)
{
    weld_case c;
    c.prm = weld_params(ccref_axis_rotation(0, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_identity(),
                        ccref_test_v3(0, 0, 1));
    c.b1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                           ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                           ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    for (int i = 0; i < 7; i++)
        c.lambda[i] = i + 1;
    return c;
}

static void expect_status(const weld_case *c, size_t n, ccref_status want)
{
    ccref_weld_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&c->prm, &c->b1, &c->b2, c->lambda, n, &r), want);
    assert_zeroed(&r);
}

/* The kernel for the bad-body drivers: parameters and 6 multipliers from a weld_case, bodies from the driver. */
typedef struct {
    const weld_case *c;
    ccref_weld_result r;
} weld_run;

static ccref_status run_eval(void *ctx, const ccref_body *b1, const ccref_body *b2)
{
    weld_run *k = ctx;
    ccref_test_poison(&k->r, sizeof k->r);
    return ccref_weld_eval(&k->c->prm, b1, b2, k->c->lambda, 6, &k->r);
}

static void run_zeroed(void *ctx) { assert_zeroed(&((weld_run *)ctx)->r); }

static void test_weld_null_arguments(void)
{
    weld_case c = good_case();
    ccref_weld_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(NULL, &c.b1, &c.b2, c.lambda, 6, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&c.prm, NULL, &c.b2, c.lambda, 6, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&c.prm, &c.b1, NULL, c.lambda, 6, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&c.prm, &c.b1, &c.b2, NULL, 6, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    CU_ASSERT_EQUAL(ccref_weld_eval(&c.prm, &c.b1, &c.b2, c.lambda, 6, NULL), CCREF_E_NULL_ARGUMENT);
}

static void test_weld_lambda_checks(void)
{
    weld_case c = good_case();
    expect_status(&c, 0, CCREF_E_LAMBDA_COUNT);
    expect_status(&c, 3, CCREF_E_LAMBDA_COUNT); /* Ball's count */
    expect_status(&c, 5, CCREF_E_LAMBDA_COUNT);
    expect_status(&c, 7, CCREF_E_LAMBDA_COUNT);
    for (int i = 0; i < 6; i++) { /* every multiplier, torque and force, is checked */
        c = good_case();
        c.lambda[i] = i % 2 ? NAN : -INFINITY;
        expect_status(&c, 6, CCREF_E_NONFINITE_INPUT);
        /* the count is checked before finiteness */
        expect_status(&c, 5, CCREF_E_LAMBDA_COUNT);
    }
}

/* Every scalar of a frame parameter: the 9 entries of R, then p. */
static double *frame_scalar(ccref_frame *f, int k) { return k < 9 ? &f->R.m[k / 3][k % 3] : k == 9 ? &f->p.x : k == 10 ? &f->p.y : &f->p.z; }

static void test_weld_nonfinite_inputs(void)
{
    weld_case c = good_case();
    weld_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* NaN, +Inf and -Inf in every scalar of each body */
    ccref_test_nonfinite_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    /* ... and in every scalar of each frame */
    for (int which = 0; which < 2; which++)
        for (int s = 0; s < 12; s++)
            for (int v = 0; v < CCREF_TEST_NONFINITE_COUNT; v++) {
                c = good_case();
                *frame_scalar(which ? &c.prm.frame2_in_b2 : &c.prm.frame1_in_b1, s) = ccref_test_nonfinite[v];
                expect_status(&c, 6, CCREF_E_NONFINITE_INPUT);
            }
    /* order: a non-finite input wins over a non-rotation, a bad count over a non-finite input */
    c = good_case();
    c.prm.frame1_in_b1.R.m[0][0] = 2.0;
    c.prm.frame2_in_b2.p.y = NAN;
    expect_status(&c, 6, CCREF_E_NONFINITE_INPUT);
    expect_status(&c, 4, CCREF_E_LAMBDA_COUNT);
}

static void test_weld_not_rotation(void)
{
    weld_case c = good_case();
    weld_run run = {.c = &c};
    ccref_test_kernel k = {run_eval, run_zeroed, &run};
    /* every ccref_test_nonrotation variant in each body (reflections, scalings, off-orthonormal entries) */
    ccref_test_nonrotation_bodies(&k, &c.b1, &c.b2, CCREF_TEST_BOTH_BODIES);
    /* ... and in each frame: the named status, never a formula on a non-rotation */
    for (int which = 0; which < 2; which++)
        for (int v = 0; v < CCREF_TEST_NONROTATIONS; v++) {
            c = good_case();
            ccref_frame *f = which ? &c.prm.frame2_in_b2 : &c.prm.frame1_in_b1;
            f->R = ccref_test_nonrotation(&f->R, v);
            expect_status(&c, 6, CCREF_E_NOT_ROTATION);
        }
    /* a frame at the rotation tolerance is accepted (spec/conventions.md section 5: the same test as a body's) */
    c = good_case();
    c.prm.frame2_in_b2.R.m[0][1] = 0x1.19799812dea11p-40; /* 1e-12, the tolerance itself */
    ccref_weld_result r;
    CU_ASSERT_EQUAL(ccref_weld_eval(&c.prm, &c.b1, &c.b2, c.lambda, 6, &r), CCREF_OK);
    c.prm.frame2_in_b2.R.m[0][1] = 0x1.19799812dea12p-40; /* the next double: rejected */
    expect_status(&c, 6, CCREF_E_NOT_ROTATION);
}

/* Huge finite inputs. (a) As Ball's: frame 2's origin at 1e300 on body 2 at -1e300, w2 = (0,0,1e300): S = 0 = P but
 * v(B2/S) = w2 x arm2 = (0, 1e600, 0) overflows. (b) The moment on body 2: B = F = I (c0 = z, c1 = x, c2 = y), body 2
 * at (2,0,0) with frame 2's origin at (-2,0,0) (S = 0), at rest; l0 = l1 = l2 = 1e308 give the finite torque
 * t = (1e308 z + 1e308 x) + 1e308 y = (1e308, 1e308, 1e308), and the force f = (0, 1e308, 0) at arm2 = (-2,0,0) the
 * moment arm2 x f = (0, 0, -2e308), which overflows. Every output is zeroed and the status is E_RESULT_OVERFLOW;
 * without the force the case is OK with the moment t. */
static void test_weld_overflow(void)
{
    weld_case c = good_case();
    c.prm = weld_params(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_identity(),
                        ccref_test_v3(1e300, 0, 0));
    c.b1 = ccref_body_ground();
    c.b2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(-1e300, 0, 0), ccref_test_v3(0, 0, 1e300),
                           ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0), ccref_test_v3(0, 0, 0));
    expect_status(&c, 6, CCREF_E_RESULT_OVERFLOW);
    c = good_case();
    c.prm = weld_params(ccref_test_identity(), ccref_test_v3(0, 0, 0), ccref_test_identity(), ccref_test_v3(-2, 0, 0));
    c.b1 = ccref_body_ground();
    c.b2 = ccref_test_at_rest(ccref_test_identity(), ccref_test_v3(2, 0, 0));
    const double l[6] = {1e308, 1e308, 1e308, 0, 1e308, 0};
    for (int i = 0; i < 6; i++)
        c.lambda[i] = l[i];
    expect_status(&c, 6, CCREF_E_RESULT_OVERFLOW);
    /* the same without the force: t = (1e308, 1e308, 1e308) is finite, the case OK */
    c.lambda[4] = 0.0;
    ccref_weld_result r;
    CU_ASSERT_EQUAL(ccref_weld_eval(&c.prm, &c.b1, &c.b2, c.lambda, 6, &r), CCREF_OK);
    ASSERT_VEC_EXACT(r.out.force_on_body2.moment, 1e308, 1e308, 1e308);
}

/* The Constraint handle of the general case (spec/weld.md, "The constraint matrix"; u = (w1, v1, w2, v2)):
 * angular row i is (-c_i, 0, c_i, 0) with c0 = (0,-1,0), c1 = (1,0,0), c2 = (0,0,-1);
 * the linear rows are ([arm1]x, -I, -[arm2]x, I) with arm1 = (1,1,1), arm2 = (0,0,1):
 *   [arm1]x = [[0,-1,1],[1,0,-1],[-1,1,0]], -[arm2]x = [[0,1,0],[-1,0,0],[0,0,0]].
 * Check against the case (verr = G u, u = ((0,0,1), (0,1,0), (1,0,0), (0,0,1))): row 3: (0,-1,1).w1 = 1; row 4:
 * (1,0,-1).w1 + (0,-1,0).v1 + (-1,0,0).w2 = -1 - 1 - 1 = -3; row 5: (0,0,1).v2 = 1; rows 0-2: 0, 1, 1.
 * bias (aerr at udot = 0): w . d_i = (1,0,-1).(1,0,-1) = 2, 0, 0 (d1 = d2 = 0); w2 x (w2 x arm2) - w1 x (w1 x arm1) =
 * (1,0,0)x(0,-1,0) - (0,0,1)x(-1,1,0) = (0,0,-1) - (-1,-1,0) = (1,1,-1). Check: aerr = G udot + bias with
 * udot = ((0,0,2), (1,0,0), (0,1,0), 0): row 0: (0,1,0).b1 + (0,-1,0).b2 + 2 = -1 + 2 = 1; row 3: (0,-1,1).b1 +
 * (-1,0,0).a1 + (0,1,0).b2 + 1 = 2 - 1 + 1 + 1 = 3. power = -(lambda . verr) = 1. */
static void test_weld_handle(void)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.kind = CCREF_KIND_WELD;
    c.body1 = ccref_test_body(ccref_axis_rotation(2, 0.0, 1.0), ccref_test_v3(1, 0, 0), ccref_test_v3(0, 0, 1),
                              ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 2), ccref_test_v3(1, 0, 0));
    c.body2 = ccref_test_body(ccref_test_identity(), ccref_test_v3(2, 1, 0), ccref_test_v3(1, 0, 0),
                              ccref_test_v3(0, 0, 1), ccref_test_v3(0, 1, 0), ccref_test_v3(0, 0, 0));
    c.params.weld = weld_params(ccref_test_identity(), ccref_test_v3(1, 0, 0), ccref_test_rows(0, 0, -1, 0, 1, 0, 1, 0, 0),
                                ccref_test_v3(0, 0, 1));
    const double l[6] = {1, -1, 2, 1, 2, 3};
    for (int i = 0; i < 6; i++)
        c.lambda[i] = l[i];
    c.n_lambda = 6;
    static const double G[6][12] = {
        {0, 1, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0},   {-1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0},
        {0, 0, 1, 0, 0, 0, 0, 0, -1, 0, 0, 0},   {0, -1, 1, -1, 0, 0, 0, 1, 0, 1, 0, 0},
        {1, 0, -1, 0, -1, 0, -1, 0, 0, 0, 1, 0}, {-1, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 1}};
    const double bias[6] = {2, 0, 0, 1, 1, -1};
    ccref_handle h;
    CU_ASSERT_EQUAL_FATAL(ccref_handle_case(&c, &h), CCREF_OK);
    CU_ASSERT(h.mp == 6 && h.mv == 0 && h.ma == 0 && h.nu == 12);
    for (int r = 0; r < 6; r++) {
        for (int j = 0; j < 12; j++)
            ASSERT_EXACT(h.G[r][j], G[r][j]);
        ASSERT_EXACT(h.bias[r], bias[r]);
    }
    ASSERT_EXACT(h.power, 1.0);
    /* the flat names of six holonomic rows: P[0..5], no V row; every entry in use */
    CU_ASSERT_STRING_EQUAL(ccref_handle_output_name(6, 0, CCREF_HSLOT_G + 12 * 5 + 11), "P[5][11]");
    CU_ASSERT_STRING_EQUAL(ccref_handle_output_name(6, 0, CCREF_HSLOT_BIAS + 5), "bias[5]");
    CU_ASSERT(ccref_handle_slot_in_use(CCREF_HSLOT_G + 12 * 5 + 11, 6, 0, 12));
    CU_ASSERT_EQUAL(ccref_handle_output_slot(6, 0, "V[0][0]"), -1);
}

/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct (testlib.h). */
void weld_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux9(e, "frame1.R", &r->u.weld.frame1.R);
    ccref_expect_aux3(e, "frame1.p", r->u.weld.frame1.p);
    ccref_expect_aux9(e, "frame2.R", &r->u.weld.frame2.R);
    ccref_expect_aux3(e, "frame2.p", r->u.weld.frame2.p);
}

static void register_weld(CU_pSuite s)
{
    CU_add_test(s, "cantilever worked example (multiplier sign)", test_weld_cantilever);
    CU_add_test(s, "general moving case: all rows, forces, frames", test_weld_general);
    CU_add_test(s, "angular rows as derivatives of sin theta", test_weld_angle_derivatives);
    CU_add_test(s, "perpendicularity trap: eight zeros, rank 3; a quarter turn loses rank", test_weld_perpendicularity_trap);
    CU_add_test(s, "the Constraint handle: G, bias and power of six rows by hand", test_weld_handle);
    CU_add_test(s, "NULL arguments", test_weld_null_arguments);
    CU_add_test(s, "lambda count and finiteness", test_weld_lambda_checks);
    CU_add_test(s, "non-finite inputs (bodies, frames) and check order", test_weld_nonfinite_inputs);
    CU_add_test(s, "non-rotations in bodies and frames", test_weld_not_rotation);
    CU_add_test(s, "result overflow", test_weld_overflow);
}

CCREF_TEST_SUITE("weld", register_weld)
