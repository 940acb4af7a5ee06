/* rod.c: Constraint::Rod (constant distance), mp = 1, mv = 0.   Spec: spec/rod.md
 *
 * Method: Sf = p1 + R1 s1 (station on body 1), Sb = p2 + R2 s2 (station on body 2), arms R1 s1 and R2 s2.
 *   p = Sb - Sf, r = sqrt(p.p)
 *   Cz = p / r (componentwise)                   if p.p >= 2^-130
 *   Cz = z axis of body 1 (column 2 of R1)       if p.p <  2^-130 (singular; status OK_SINGULAR_DIRECTION)
 *   pd  = v(B2/Sb) - v(B1/Sf), pdd = a(B2/Sb) - a(B1/Sf)   (station velocities/accelerations)
 *   perr = r - d, verr = pd.Cz, aerr = pdd.Cz + pd.Czd
 *   Czd = (pd - verr Cz) / r (non-singular), Czd = w1 x Cz (singular)
 *   forces: +lambda Cz at Sb on body 2, -lambda Cz at Sf on body 1 (multiplier sign).
 *   tension = lambda, orientation = Cz.
 * Exact relations (spec/rod.md): non-singular verr = d/dt perr, aerr = d/dt verr; singular aerr = d/dt verr only.
 * Special cases: length <= 0 -> E_NONPOSITIVE_LENGTH; |p|^2 overflowing to Inf -> E_RESULT_OVERFLOW. */
#include "common.h"

static void rod_zero(ccref_rod_result *res)
{
    ccref_output_init(&res->out, 1, 0);
    res->tension = 0.0;
    res->orientation = v3_zero();
}

ccref_status ccref_rod_eval(const ccref_rod_params *prm, const ccref_body *body1, const ccref_body *body2,
                            const double *lambda, size_t n_lambda, ccref_rod_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    rod_zero(res);
    ccref_output *o = &res->out;
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 1);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->station1_in_b1) ||
        !v3_is_finite(prm->station2_in_b2) || !isfinite(prm->length))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->length > 0.0))
        return CCREF_E_NONPOSITIVE_LENGTH;

    ccref_vec3 arm1 = m3_apply(&body1->R, prm->station1_in_b1);   /* Sf - p1 */
    ccref_vec3 arm2 = m3_apply(&body2->R, prm->station2_in_b2);   /* Sb - p2 */
    ccref_vec3 Sf = v3_add(body1->p, arm1);
    ccref_vec3 Sb = v3_add(body2->p, arm2);
    ccref_vec3 p = v3_sub(Sb, Sf);
    double r2 = v3_norm_sq(p);
    double r = sqrt(r2);
    int singular = r2 < CCREF_SINGULAR_DISTANCE_SQ;

    ccref_vec3 pd = v3_sub(ccref_arm_velocity(body2, arm2), ccref_arm_velocity(body1, arm1));
    ccref_vec3 pdd = v3_sub(ccref_arm_acceleration(body2, arm2), ccref_arm_acceleration(body1, arm1));

    ccref_vec3 Cz, Czd;
    double verr;
    if (singular) {
        Cz = m3_column(&body1->R, 2);
        verr = v3_dot(pd, Cz);
        Czd = v3_cross(body1->w, Cz);
    } else {
        Cz = v3(p.x / r, p.y / r, p.z / r);
        verr = v3_dot(pd, Cz);
        ccref_vec3 t = v3_sub(pd, v3_scale(verr, Cz));
        Czd = v3(t.x / r, t.y / r, t.z / r);
    }

    o->perr[0] = r - prm->length;
    o->verr[0] = verr;
    o->aerr[0] = v3_dot(pdd, Cz) + v3_dot(pd, Czd);

    ccref_vec3 f = v3_scale(lambda[0], Cz);
    o->force_on_body2 = ccref_force_at_arm(arm2, f);
    o->force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    res->tension = lambda[0];
    res->orientation = Cz;

    if (!ccref_output_is_finite(o) || !v3_is_finite(res->orientation)) {
        rod_zero(res);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return singular ? CCREF_OK_SINGULAR_DIRECTION : CCREF_OK;
}
