/* weld.c: Constraint::Weld (coincident frames), mp = 6, mv = 0.   Spec: spec/weld.md
 *
 * Method: RB = R1 Rf1 and RF = R2 Rf2 are frame 1's and frame 2's axes in G (columns B_j, F_j); each angular row pairs
 * frame 2's axis i with frame 1's next one, (F_i, B_i') = (Fx, By), (Fy, Bz), (Fz, Bx), c_i = F_i x B_i'.
 * S = p2 + R2 pf2 (frame 2's origin), P = p1 + R1 pf1 (frame 1's), arm1 = S - p1 (body 1's material point at S).
 *   perr[i]    = F_i . B_i'                        i = 0, 1, 2
 *   perr[3..5] = S - P
 *   verr[i]    = (w2 - w1) . c_i
 *   verr[3..5] = v(B2/S) - v(B1/S)
 *   aerr[i]    = (b2 - b1) . c_i + (w2 - w1) . ((w2 x F_i) x B_i' - (w1 x B_i') x F_i)
 *   aerr[3..5] = a(B2/S) - a(B1/S)                 B1's point at S held fixed in B1
 *   forces: t = (l0 c0 + l1 c1) + l2 c2 and f = (l3, l4, l5) at S on body 2, -t and -f on body 1 (multiplier sign).
 * Exact relations (spec/weld.md): the angular verr and aerr are the time derivatives of the rows above them; the
 * linear rows are Ball's (verr = d/dt_1 perr, aerr = d/dt verr + w1 x verr).
 * Special cases: none beyond the input checks: no division, no branch. perr[0..2] = 0 at eight relative orientations,
 * the aligned frames and seven spurious ones (Simbody's documented antiparallel trap, and third turns about the
 * diagonals): Simbody's formula, computed as it is.
 * Accuracy: the angular rows' errors are absolute, a few units of u times the speed scales; the linear rows' are
 * Ball's, growing with the coordinates (spec/weld.md, Accuracy; weld_chain in src/bounds.c).
 *
 * Structure (as src/ball.c): weld_check (input checks, reads only), weld_outputs (the formulas, on values),
 * ccref_weld_eval (writes *res once). Every floating-point operation is the one of the formulas above, in the same
 * order. No ACSL contract yet (spec/weld.md lists what it will state). */
#include "common.h"

static ccref_weld_result weld_zero_result(void)
{
    ccref_weld_result r;
    ccref_output_init(&r.out, 6, 0);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r.frame1.R.m[i][j] = r.frame2.R.m[i][j] = 0.0;
    r.frame1.p = r.frame2.p = v3_zero();
    return r;
}

static int weld_result_is_finite(const ccref_weld_result *r)
{
    return ccref_output_is_finite(&r->out) && ccref_frame_is_finite(&r->frame1) && ccref_frame_is_finite(&r->frame2);
}

/* Input checks in the conventions' order (multipliers, finiteness, rotations: body 1, body 2, frame 1, frame 2);
 * reads only. */
static ccref_status weld_check(const ccref_weld_params *prm, const ccref_body *body1, const ccref_body *body2,
                               const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 6);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !ccref_frame_is_finite(&prm->frame1_in_b1) ||
        !ccref_frame_is_finite(&prm->frame2_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) || !ccref_is_rotation(&prm->frame1_in_b1.R) ||
        !ccref_is_rotation(&prm->frame2_in_b2.R))
        return CCREF_E_NOT_ROTATION;
    return CCREF_OK;
}

/* The formulas, on values: the two frames, the two bodies, the six multipliers l. */
static ccref_weld_result weld_outputs(ccref_frame frame1, ccref_frame frame2, ccref_body body1, ccref_body body2,
                                      const double l[6])
{
    ccref_weld_result r = weld_zero_result();
    /* (1) the frames' axes in G; (2) the origins and the arms */
    ccref_mat3 RB = m3_mul(&body1.R, &frame1.R), RF = m3_mul(&body2.R, &frame2.R);
    ccref_vec3 arm2 = m3_apply(&body2.R, frame2.p); /* S - p2 */
    ccref_vec3 S = v3_add(body2.p, arm2);
    ccref_vec3 P = ccref_station_location(&body1, frame1.p);
    ccref_vec3 arm1 = v3_sub(S, body1.p);         /* S - p1 */

    /* (3), (5), (6), (8): the angular rows */
    ccref_vec3 w = v3_sub(body2.w, body1.w), bw = v3_sub(body2.b, body1.b);
    ccref_vec3 c[3];
    for (int i = 0; i < 3; i++) {
        ccref_vec3 F = m3_column(&RF, i), B = m3_column(&RB, (i + 1) % 3);
        c[i] = v3_cross(F, B);
        ccref_vec3 d = v3_sub(v3_cross(v3_cross(body2.w, F), B), v3_cross(v3_cross(body1.w, B), F));
        r.out.perr[i] = v3_dot(F, B);
        r.out.verr[i] = v3_dot(w, c[i]);
        r.out.aerr[i] = v3_dot(bw, c[i]) + v3_dot(w, d);
    }

    /* (4), (7), (9): the linear rows, Ball's at S */
    ccref_vec3 perr = v3_sub(S, P);
    ccref_vec3 verr = v3_sub(ccref_arm_velocity(&body2, arm2), ccref_arm_velocity(&body1, arm1));
    ccref_vec3 aerr = v3_sub(ccref_arm_acceleration(&body2, arm2), ccref_arm_acceleration(&body1, arm1));
    r.out.perr[3] = perr.x; r.out.perr[4] = perr.y; r.out.perr[5] = perr.z;
    r.out.verr[3] = verr.x; r.out.verr[4] = verr.y; r.out.verr[5] = verr.z;
    r.out.aerr[3] = aerr.x; r.out.aerr[4] = aerr.y; r.out.aerr[5] = aerr.z;

    /* (10), (11): the torque and the force, each moment in Simbody's order (the torque, then the force's moment) */
    ccref_vec3 t = v3_add(v3_add(v3_scale(l[0], c[0]), v3_scale(l[1], c[1])), v3_scale(l[2], c[2]));
    ccref_vec3 f = v3(l[3], l[4], l[5]);
    r.out.force_on_body2.moment = v3_add(t, v3_cross(arm2, f));
    r.out.force_on_body2.force = f;
    r.out.force_on_body1.moment = v3_add(v3_neg(t), v3_cross(arm1, v3_neg(f)));
    r.out.force_on_body1.force = v3_neg(f);

    /* (12) the frames in G */
    r.frame1.R = RB;
    r.frame1.p = P;
    r.frame2.R = RF;
    r.frame2.p = S;
    return r;
}

ccref_status ccref_weld_eval(const ccref_weld_params *prm, const ccref_body *body1, const ccref_body *body2,
                             const double *lambda, size_t n_lambda, ccref_weld_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = weld_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = weld_zero_result();
        return st;
    }
    ccref_weld_result r = weld_outputs(prm->frame1_in_b1, prm->frame2_in_b2, *body1, *body2, lambda);
    if (!weld_result_is_finite(&r)) {
        *res = weld_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
