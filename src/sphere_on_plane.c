/* sphere_on_plane.c: Constraint::SphereOnPlaneContact, mp = 1, mv = 2 (rolling) or 0.   Spec: spec/sphere_on_plane.md
 *
 * Method: body 1 = plane body F with plane frame X_FP (Px, Py tangent, Pz normal), body 2 = sphere body B with
 * center O (station) and radius r.  [Px Py Pz] = R1 R_FP; h = p_FP . Pz_F (in F).
 *   O = p2 + R2 o,  C = O - r Pz (lowest point of the sphere along Pz; not projected onto the plane)
 *   perr      = (O - p1) . Pz - (h + r)
 *   v_F(O)    = v(B/O) - v(F/O);                a_F(O) = a(B/O) - a(F/O) - 2 w1 x v_F(O)
 *   verr_n    = v_F(O) . Pz;                    aerr_n = a_F(O) . Pz
 *   rolling:  v_F(B/C) = v(B/C) - v(F/C);       b_FB = (b2 - b1) - w1 x w2
 *             a_FC = a_F(O) - b_FB x (r Pz)
 *             verr_x,y = v_F(B/C) . Px, Py;     aerr_x,y = a_FC . Px, Py
 *   forces: f = lambda_n Pz [+ lambda_x Px + lambda_y Py] at C on body 2, -f at C on body 1.
 * Exact relations (spec/sphere_on_plane.md): verr_n = d/dt perr, aerr = d/dt verr for every row.
 * Special cases: none beyond the input checks (the contact point is always defined). */
#include "common.h"

static void reset(ccref_sphere_on_plane_result *res, int mv)
{
    ccref_output_init(&res->out, 1, mv);
    res->contact_point = v3_zero();
    res->separation = 0.0;
    res->force_on_sphere = v3_zero();
}

ccref_status ccref_sphere_on_plane_eval(const ccref_sphere_on_plane_params *prm, const ccref_body *body1,
                                        const ccref_body *body2, const double *lambda, size_t n_lambda,
                                        ccref_sphere_on_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    int mv = (prm != NULL && prm->rolling) ? 2 : 0;
    reset(res, mv);
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, (size_t)(1 + mv));
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) ||
        !ccref_frame_is_finite(&prm->plane_frame_in_b1) || !v3_is_finite(prm->center_in_b2) ||
        !isfinite(prm->radius))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) ||
        !ccref_is_rotation(&prm->plane_frame_in_b1.R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->radius > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;

    ccref_output *o = &res->out;
    const ccref_frame *X_FP = &prm->plane_frame_in_b1;
    double r = prm->radius;

    /* (1)-(2) plane axes in G and plane height in F */
    ccref_vec3 Pz_F = m3_column(&X_FP->R, 2);
    double h = v3_dot(X_FP->p, Pz_F);
    ccref_mat3 R_GP = m3_mul(&body1->R, &X_FP->R);
    ccref_vec3 Px = m3_column(&R_GP, 0);
    ccref_vec3 Py = m3_column(&R_GP, 1);
    ccref_vec3 Pz = m3_column(&R_GP, 2);

    /* (3)-(4) center O, contact point C and their lever arms */
    ccref_vec3 armO2 = m3_apply(&body2->R, prm->center_in_b2);     /* O - p2 */
    ccref_vec3 O = v3_add(body2->p, armO2);
    ccref_vec3 armO1 = v3_sub(O, body1->p);                          /* O - p1 */
    ccref_vec3 rPz = v3_scale(r, Pz);
    ccref_vec3 armC2 = v3_sub(armO2, rPz);                           /* C - p2 */
    ccref_vec3 C = v3_add(body2->p, armC2);
    ccref_vec3 armC1 = v3_sub(C, body1->p);                          /* C - p1 */

    /* (5)-(7) normal row */
    double perr = v3_dot(armO1, Pz) - (h + r);
    ccref_vec3 vO = v3_sub(ccref_arm_velocity(body2, armO2), ccref_arm_velocity(body1, armO1));
    ccref_vec3 aO = v3_sub(v3_sub(ccref_arm_acceleration(body2, armO2), ccref_arm_acceleration(body1, armO1)),
                           v3_cross(v3_scale(2.0, body1->w), vO));
    o->perr[0] = perr;
    o->verr[0] = v3_dot(vO, Pz);
    o->aerr[0] = v3_dot(aO, Pz);

    /* (8) forces: normal part, then (11) the tangential part when rolling */
    ccref_vec3 f = v3_scale(lambda[0], Pz);
    if (mv == 2) {
        /* (9)-(10) rolling rows */
        ccref_vec3 vC = v3_sub(ccref_arm_velocity(body2, armC2), ccref_arm_velocity(body1, armC1));
        ccref_vec3 bFB = v3_sub(v3_sub(body2->b, body1->b), v3_cross(body1->w, body2->w));
        ccref_vec3 aC = v3_sub(aO, v3_cross(bFB, rPz));
        o->verr[1] = v3_dot(vC, Px);
        o->verr[2] = v3_dot(vC, Py);
        o->aerr[1] = v3_dot(aC, Px);
        o->aerr[2] = v3_dot(aC, Py);
        f = v3_add(v3_add(f, v3_scale(lambda[1], Px)), v3_scale(lambda[2], Py));
    }
    o->force_on_body2 = ccref_force_at_arm(armC2, f);
    o->force_on_body1 = ccref_force_at_arm(armC1, v3_neg(f));

    /* (12)-(14) auxiliary outputs */
    res->contact_point = C;
    res->separation = perr;
    res->force_on_sphere = v3_neg(f);
    o->deviations = 0u;

    if (!ccref_output_is_finite(o) || !v3_is_finite(res->contact_point) || !isfinite(res->separation) ||
        !v3_is_finite(res->force_on_sphere)) {
        reset(res, mv);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
