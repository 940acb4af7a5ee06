/* ball_rolling_on_plane.c: legacy Constraint::BallRollingOnPlane (Simbody 3.4 page), mp = 1, mv = 2.
 * Spec: spec/ball_rolling_on_plane.md.  Simbody never implemented this class; ccref implements the page.
 *
 * Method: body 1 = plane body P with unit normal n_P and height h (in P), body 2 = ball B with center o
 * (station) and radius r.  Axes in P: [Px_P Py_P n_P] = rotation_from_z(n_P); in G: [Px Py n] = R1 [...].
 *   O = p2 + R2 o,  d = (R1^T (O - p1)) . n_P - h        (height of the center above the plane)
 *   s = (r + d)/2,  C = O - s n = (CB + CP)/2             (CB = O - r n, CP = O - d n)
 *   perr   = (d - r)/2                                    (= C.n - h in P's frame: half the separation)
 *   v_P(O) = v(B/O) - v(P/O);                a_P(O) = a(B/O) - a(P/O) - 2 w1 x v_P(O)
 *   verr_n = (1/2) v_P(O) . n;               aerr_n = (1/2) a_P(O) . n
 *   u      = v(B/C) - v(P/C)                              (slip of the material points at C)
 *   b_PB   = (b2 - b1) - w1 x w2;            a_t = a_P(O) - b_PB x (s n) - verr_n ((w2 - w1) x n)
 *   verr_x,y = u . Px, Py;                   aerr_x,y = a_t . Px, Py
 *   forces: f = (lambda_n/2) n + lambda_x Px + lambda_y Py at C on body 2, -f at C on body 1.
 * Exact relations (spec): verr_n = d/dt perr and aerr = d/dt verr for all three rows (C moves along n).
 * Deviation: CCREF_DEV_BROP_NOT_IN_SIMBODY is always set.
 * Special cases: none beyond the input checks. */
#include "common.h"

static void reset(ccref_ball_rolling_on_plane_result *res)
{
    ccref_output_init(&res->out, 1, 2);
    res->contact_point = v3_zero();
    res->plane_axes = m3_from_columns(v3_zero(), v3_zero(), v3_zero());
    res->normal_force = 0.0;
    res->friction_force_x = 0.0;
    res->friction_force_y = 0.0;
}

static int mat3_is_finite(const ccref_mat3 *R) { return ccref_values_are_finite(&R->m[0][0], 9); }

ccref_status ccref_ball_rolling_on_plane_eval(const ccref_ball_rolling_on_plane_params *prm,
                                              const ccref_body *body1, const ccref_body *body2,
                                              const double *lambda, size_t n_lambda,
                                              ccref_ball_rolling_on_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    reset(res);
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->normal_in_b1) ||
        !isfinite(prm->height) || !v3_is_finite(prm->center_in_b2) || !isfinite(prm->radius))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->radius > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;
    st = ccref_check_unit(prm->normal_in_b1);
    if (st != CCREF_OK)
        return st;

    ccref_output *o = &res->out;
    ccref_vec3 n_P = prm->normal_in_b1;
    double r = prm->radius;

    /* (1) axes: chosen in P's frame from n_P, then mapped to G */
    ccref_mat3 R_PA = ccref_rotation_from_z(n_P);
    ccref_mat3 R_GA = m3_mul(&body1->R, &R_PA);
    ccref_vec3 Px = m3_column(&R_GA, 0);
    ccref_vec3 Py = m3_column(&R_GA, 1);
    ccref_vec3 n = m3_column(&R_GA, 2);

    /* (2)-(4) center, its height above the plane, the contact point and the lever arms */
    ccref_vec3 armO2 = m3_apply(&body2->R, prm->center_in_b2);   /* O - p2 */
    ccref_vec3 O = v3_add(body2->p, armO2);
    ccref_vec3 armO1 = v3_sub(O, body1->p);                        /* O - p1 */
    double d = v3_dot(m3_apply_transpose(&body1->R, armO1), n_P) - prm->height;
    double s = 0.5 * (r + d);
    ccref_vec3 sn = v3_scale(s, n);
    ccref_vec3 armC2 = v3_sub(armO2, sn);                          /* C - p2 */
    ccref_vec3 C = v3_add(body2->p, armC2);
    ccref_vec3 armC1 = v3_sub(C, body1->p);                        /* C - p1 */

    /* (5)-(7) normal row: half the separation and its derivatives measured in P */
    ccref_vec3 vO = v3_sub(ccref_arm_velocity(body2, armO2), ccref_arm_velocity(body1, armO1));
    ccref_vec3 aO = v3_sub(v3_sub(ccref_arm_acceleration(body2, armO2), ccref_arm_acceleration(body1, armO1)),
                           v3_cross(v3_scale(2.0, body1->w), vO));
    double verr_n = 0.5 * v3_dot(vO, n);
    o->perr[0] = 0.5 * (d - r);
    o->verr[0] = verr_n;
    o->aerr[0] = 0.5 * v3_dot(aO, n);

    /* (8)-(9) no-slip rows at the moving point C */
    ccref_vec3 u = v3_sub(ccref_arm_velocity(body2, armC2), ccref_arm_velocity(body1, armC1));
    ccref_vec3 bPB = v3_sub(v3_sub(body2->b, body1->b), v3_cross(body1->w, body2->w));
    ccref_vec3 wPB_x_n = v3_cross(v3_sub(body2->w, body1->w), n);
    ccref_vec3 at = v3_sub(v3_sub(aO, v3_cross(bPB, sn)), v3_scale(verr_n, wPB_x_n));
    o->verr[1] = v3_dot(u, Px);
    o->verr[2] = v3_dot(u, Py);
    o->aerr[1] = v3_dot(at, Px);
    o->aerr[2] = v3_dot(at, Py);

    /* (10) forces */
    ccref_vec3 f = v3_add(v3_add(v3_scale(0.5 * lambda[0], n), v3_scale(lambda[1], Px)), v3_scale(lambda[2], Py));
    o->force_on_body2 = ccref_force_at_arm(armC2, f);
    o->force_on_body1 = ccref_force_at_arm(armC1, v3_neg(f));

    /* (11)-(14) auxiliary outputs */
    res->contact_point = C;
    res->plane_axes = R_GA;
    res->normal_force = -(0.5 * lambda[0]);
    res->friction_force_x = -lambda[1];
    res->friction_force_y = -lambda[2];
    o->deviations = CCREF_DEV_BROP_NOT_IN_SIMBODY;

    if (!ccref_output_is_finite(o) || !v3_is_finite(res->contact_point) || !mat3_is_finite(&res->plane_axes) ||
        !isfinite(res->normal_force) || !isfinite(res->friction_force_x) || !isfinite(res->friction_force_y)) {
        reset(res);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
