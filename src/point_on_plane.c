/* point_on_plane.c: Constraint::PointOnPlaneContact, mp = 1, mv = 2.   Spec: spec/point_on_plane.md
 *
 * Method: body 1 = surface body S with plane frame X_SP (Po origin, Px, Py tangent, Pz normal; all in S),
 * body 2 = follower body B with follower point f (station).  [Px Py Pz] = R1 R_SP (in G).
 *   F = p2 + R2 f (follower point in G)
 *   perr  = (R1^T (F - p1) - Po) . Pz_S                   (computed in S's frame)
 *   v_rel = v(B/F) - v(S/F)                               (velocity of F measured in S)
 *   a_rel = (a(B/F) - a(S/F)) - 2 w1 x v_rel              (acceleration of F measured in S)
 *   verr  = (v_rel . Pz, v_rel . Px, v_rel . Py);  aerr = (a_rel . Pz, a_rel . Px, a_rel . Py)
 *   forces: f = lambda_n Pz + lambda_x Px + lambda_y Py at F on body 2, -f at F on body 1.
 * Exact relations (spec/point_on_plane.md): verr_n = d/dt perr; aerr = d/dt verr for all three rows.
 * Deviation: CCREF_DEV_POP_GETTER_ORDER is always set (Simbody's getters return the raw (n, x, y) order).
 * Special cases: none beyond the input checks. */
#include "common.h"

static void reset(ccref_point_on_plane_result *res)
{
    ccref_output_init(&res->out, 1, 2);
    res->follower_point = v3_zero();
    res->force_on_follower = v3_zero();
}

ccref_status ccref_point_on_plane_eval(const ccref_point_on_plane_params *prm, const ccref_body *body1,
                                       const ccref_body *body2, const double *lambda, size_t n_lambda,
                                       ccref_point_on_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    reset(res);
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) ||
        !ccref_frame_is_finite(&prm->plane_frame_in_b1) || !v3_is_finite(prm->follower_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) ||
        !ccref_is_rotation(&prm->plane_frame_in_b1.R))
        return CCREF_E_NOT_ROTATION;

    ccref_output *o = &res->out;
    const ccref_frame *X_SP = &prm->plane_frame_in_b1;

    /* (1) plane axes in G */
    ccref_mat3 R_GP = m3_mul(&body1->R, &X_SP->R);
    ccref_vec3 Px = m3_column(&R_GP, 0);
    ccref_vec3 Py = m3_column(&R_GP, 1);
    ccref_vec3 Pz = m3_column(&R_GP, 2);

    /* (2) follower point and lever arms */
    ccref_vec3 arm2 = m3_apply(&body2->R, prm->follower_in_b2);   /* F - p2 */
    ccref_vec3 F = v3_add(body2->p, arm2);
    ccref_vec3 arm1 = v3_sub(F, body1->p);                          /* F - p1 */

    /* (3) position error in S's frame */
    ccref_vec3 F_in_S = m3_apply_transpose(&body1->R, arm1);
    o->perr[0] = v3_dot(v3_sub(F_in_S, X_SP->p), m3_column(&X_SP->R, 2));

    /* (4)-(5) relative velocity and acceleration of F measured in S */
    ccref_vec3 v_rel = v3_sub(ccref_arm_velocity(body2, arm2), ccref_arm_velocity(body1, arm1));
    ccref_vec3 a_rel = v3_sub(v3_sub(ccref_arm_acceleration(body2, arm2), ccref_arm_acceleration(body1, arm1)),
                              v3_cross(v3_scale(2.0, body1->w), v_rel));

    /* (6)-(7) rows (normal, x, y) */
    o->verr[0] = v3_dot(v_rel, Pz);
    o->verr[1] = v3_dot(v_rel, Px);
    o->verr[2] = v3_dot(v_rel, Py);
    o->aerr[0] = v3_dot(a_rel, Pz);
    o->aerr[1] = v3_dot(a_rel, Px);
    o->aerr[2] = v3_dot(a_rel, Py);

    /* (8) forces */
    ccref_vec3 f = v3_add(v3_add(v3_scale(lambda[0], Pz), v3_scale(lambda[1], Px)), v3_scale(lambda[2], Py));
    o->force_on_body2 = ccref_force_at_arm(arm2, f);
    o->force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));

    /* (9)-(10) auxiliary outputs */
    res->follower_point = F;
    res->force_on_follower = v3_neg(f);
    o->deviations = CCREF_DEV_POP_GETTER_ORDER;

    if (!ccref_output_is_finite(o) || !v3_is_finite(res->follower_point) || !v3_is_finite(res->force_on_follower)) {
        reset(res);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
