/* point_in_plane.c: Constraint::PointInPlane, mp = 1, mv = 0.   Spec: spec/point_in_plane.md
 *
 * Method: body 1 carries the plane (unit normal n and height h in body 1's frame), body 2 the follower
 * station s2.  S = p2 + R2 s2 (arm2 = R2 s2), arm1 = S - p1, n_G = R1 n.
 *   perr = (R1^T arm1) . n - h                       follower point in the plane body's frame, along n
 *   u    = v(B2/S) - v(B1/S)                          relative velocity of the material points at S
 *   verr = u . n_G
 *   aerr = [(a(B2/S) - a(B1/S)) - 2 w1 x u] . n_G      acceleration of S seen from body 1, along n
 *   forces: +lambda n_G at S on body 2, -lambda n_G at S on body 1 (multiplier sign).
 *   follower_point = S.
 * Exact relations (spec/point_in_plane.md): verr = d/dt perr and aerr = d/dt verr.
 * Special cases: normal zero -> E_ZERO_DIRECTION; | |n|^2 - 1 | > CCREF_UNIT_TOL -> E_NOT_UNIT_VECTOR. */
#include "common.h"

static void point_in_plane_zero(ccref_point_in_plane_result *res)
{
    ccref_output_init(&res->out, 1, 0);
    res->follower_point = v3_zero();
}

ccref_status ccref_point_in_plane_eval(const ccref_point_in_plane_params *prm, const ccref_body *body1,
                                       const ccref_body *body2, const double *lambda, size_t n_lambda,
                                       ccref_point_in_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    point_in_plane_zero(res);
    ccref_output *o = &res->out;
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 1);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->normal_in_b1) ||
        !isfinite(prm->height) || !v3_is_finite(prm->follower_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    st = ccref_check_unit(prm->normal_in_b1);
    if (st != CCREF_OK)
        return st;

    ccref_vec3 arm2 = m3_apply(&body2->R, prm->follower_in_b2);   /* S - p2 */
    ccref_vec3 S = v3_add(body2->p, arm2);
    ccref_vec3 arm1 = v3_sub(S, body1->p);                          /* S - p1 */
    ccref_vec3 nG = m3_apply(&body1->R, prm->normal_in_b1);

    ccref_vec3 u = v3_sub(ccref_arm_velocity(body2, arm2), ccref_arm_velocity(body1, arm1));
    ccref_vec3 arel = v3_sub(ccref_arm_acceleration(body2, arm2), ccref_arm_acceleration(body1, arm1));
    ccref_vec3 coriolis = v3_scale(2.0, v3_cross(body1->w, u));

    o->perr[0] = v3_dot(m3_apply_transpose(&body1->R, arm1), prm->normal_in_b1) - prm->height;
    o->verr[0] = v3_dot(u, nG);
    o->aerr[0] = v3_dot(v3_sub(arel, coriolis), nG);

    ccref_vec3 f = v3_scale(lambda[0], nG);
    o->force_on_body2 = ccref_force_at_arm(arm2, f);
    o->force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    res->follower_point = S;

    if (!ccref_output_is_finite(o) || !v3_is_finite(res->follower_point)) {
        point_in_plane_zero(res);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
