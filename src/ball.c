/* ball.c: Constraint::Ball (coincident points), mp = 3, mv = 0.   Spec: spec/ball.md
 *
 * Method: S = p2 + R2 s2 (body 2's station), P = p1 + R1 s1 (body 1's station).
 *   perr = S - P
 *   verr = v(B2/S) - v(B1/S)            velocities of the two material points at S
 *   aerr = a(B2/S) - a(B1/S)            B1's point at S held fixed in B1
 *   forces: +lambda at S on body 2, -lambda at S on body 1 (multiplier sign).
 * Exact relations (spec/ball.md): verr = d/dt perr - w1 x perr, aerr = d/dt verr + w1 x verr.
 * Special cases: none beyond the input checks; body 1's station enters perr only. */
#include "common.h"

ccref_status ccref_ball_eval(const ccref_ball_params *prm, const ccref_body *body1, const ccref_body *body2,
                             const double *lambda, size_t n_lambda, ccref_ball_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_output *o = &res->out;
    ccref_output_init(o, 3, 0);
    res->reaction_on_body1_in_b1 = v3_zero();
    res->reaction_on_body2_in_b2 = v3_zero();
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->station1_in_b1) ||
        !v3_is_finite(prm->station2_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;

    ccref_vec3 arm2 = m3_apply(&body2->R, prm->station2_in_b2);   /* S - p2 */
    ccref_vec3 S = v3_add(body2->p, arm2);
    ccref_vec3 P = ccref_station_location(body1, prm->station1_in_b1);
    ccref_vec3 arm1 = v3_sub(S, body1->p);                          /* S - p1 */

    ccref_vec3 perr = v3_sub(S, P);
    ccref_vec3 verr = v3_sub(ccref_arm_velocity(body2, arm2), ccref_arm_velocity(body1, arm1));
    ccref_vec3 aerr = v3_sub(ccref_arm_acceleration(body2, arm2), ccref_arm_acceleration(body1, arm1));
    o->perr[0] = perr.x; o->perr[1] = perr.y; o->perr[2] = perr.z;
    o->verr[0] = verr.x; o->verr[1] = verr.y; o->verr[2] = verr.z;
    o->aerr[0] = aerr.x; o->aerr[1] = aerr.y; o->aerr[2] = aerr.z;

    ccref_vec3 f = v3(lambda[0], lambda[1], lambda[2]);
    o->force_on_body2 = ccref_force_at_arm(arm2, f);
    o->force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    res->reaction_on_body1_in_b1 = v3_neg(m3_apply_transpose(&body1->R, f));
    res->reaction_on_body2_in_b2 = m3_apply_transpose(&body2->R, f);

    o->deviations = CCREF_DEV_BALL_REACTION_SIGN;
    ccref_vec3 w1 = body1->w;
    int verr_nonzero = verr.x != 0.0 || verr.y != 0.0 || verr.z != 0.0;
    int w1_nonzero = w1.x != 0.0 || w1.y != 0.0 || w1.z != 0.0;
    if (verr_nonzero && w1_nonzero)
        o->deviations |= CCREF_DEV_BALL_AERR_NOT_DERIVATIVE;

    if (!ccref_output_is_finite(o) || !v3_is_finite(res->reaction_on_body1_in_b1) ||
        !v3_is_finite(res->reaction_on_body2_in_b2)) {
        ccref_output_init(o, 3, 0);
        res->reaction_on_body1_in_b1 = v3_zero();
        res->reaction_on_body2_in_b2 = v3_zero();
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
