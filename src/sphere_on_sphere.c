/* sphere_on_sphere.c: Constraint::SphereOnSphereContact, mp = 1, mv = 2 (rolling) or 0.
 * Spec: spec/sphere_on_sphere.md
 *
 * Method: Sf = p1 + R1 c1 (centre of sphere 1, radius rf), Sb = p2 + R2 c2 (centre of sphere 2, radius rb).
 *   p = Sb - Sf, r = |p|, oor = 1/r, Cz = p oor; kf = rf/(rf+rb), Co = Sf + kf p;
 *   contact frame C = (Co, rotation_from_z(Cz)) on G components: Cx = perp(Cz), Cy = unit(Cz x Cx).
 *   Normal row (as Rod): perr = r - (rf+rb), pd = v(B2/Sb) - v(B1/Sf), verr = pd.Cz,
 *     pdd = a(B2/Sb) - a(B1/Sf), Czd = (pd - (pd.Cz) Cz) oor, aerr = pdd.Cz + pd.Czd.
 *   Rolling rows (Simbody's formulas, which assume C does not spin about Cz relative to body 1):
 *     vF = v(B2/Co) - v(B1/Co), verr_x = vF.Cx, verr_y = vF.Cy;
 *     pd_FCo = w1 x (R1 c1) + kf pd, pd_BCo = pd_FCo - (v2 - v1),
 *     dvF = (a2 + b2 x p_BCo + w2 x pd_BCo) - (a1 + b1 x p_FCo + w1 x pd_FCo),
 *     CzdF = Czd - w1 x Cz, Cxd = -CzdF x Cy + w1 x Cx, Cyd = CzdF x Cx + w1 x Cy,
 *     aerr_x = dvF.Cx + vF.Cxd, aerr_y = dvF.Cy + vF.Cyd.
 *   Forces (multiplier sign): lambda_n Cz at Sb on body 2, -lambda_n Cz at Sf on body 1;
 *     f_t = lambda_x Cx + lambda_y Cy at Co on body 2, -f_t at Co on body 1.
 *   force_on_body2 (physical) = -(lambda_n Cz + lambda_x Cx + lambda_y Cy); separation = perr.
 * Exact relations (spec): verr_n = d/dt perr, aerr_n = d/dt verr_n (non-singular);
 *   aerr_x = d/dt verr_x - sigma verr_y, aerr_y = d/dt verr_y + sigma verr_x, sigma = spin rate of C about Cz
 *   relative to body 1 (CCREF_DEV_SOS_ROLLING_AERR_SPIN when rolling and (verr_x, verr_y) != 0).
 * Special cases: |p|^2 < CCREF_SINGULAR_DISTANCE_SQ: Cz = body 1's z axis, Czd = w1 x Cz,
 *   status CCREF_OK_SINGULAR_DIRECTION. */
#include <string.h>

#include "common.h"

static void sos_reset(ccref_sphere_on_sphere_result *res, int mv)
{
    memset(res, 0, sizeof *res);
    ccref_output_init(&res->out, 1, mv);
}

ccref_status ccref_sphere_on_sphere_eval(const ccref_sphere_on_sphere_params *prm, const ccref_body *body1,
                                         const ccref_body *body2, const double *lambda, size_t n_lambda,
                                         ccref_sphere_on_sphere_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    sos_reset(res, 0);
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    const int rolling = prm->rolling != 0;
    const int mv = rolling ? 2 : 0;
    sos_reset(res, mv);
    ccref_output *o = &res->out;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, (size_t)(1 + mv));
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->center1_in_b1) ||
        !v3_is_finite(prm->center2_in_b2) || !isfinite(prm->radius1) || !isfinite(prm->radius2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->radius1 > 0.0) || !(prm->radius2 > 0.0))
        return CCREF_E_NONPOSITIVE_RADIUS;

    const double rf = prm->radius1, rb = prm->radius2;

    /* ---- position */
    ccref_vec3 armF = m3_apply(&body1->R, prm->center1_in_b1);   /* Sf - p1 */
    ccref_vec3 Sf = v3_add(body1->p, armF);
    ccref_vec3 armB = m3_apply(&body2->R, prm->center2_in_b2);   /* Sb - p2 */
    ccref_vec3 Sb = v3_add(body2->p, armB);
    ccref_vec3 p = v3_sub(Sb, Sf);
    double r2 = v3_norm_sq(p);
    double r = sqrt(r2);
    int singular = r2 < CCREF_SINGULAR_DISTANCE_SQ;
    double oor = 0.0;
    ccref_vec3 Cz;
    if (singular) {
        Cz = m3_column(&body1->R, 2);
    } else {
        oor = 1.0 / r;
        Cz = v3_scale(oor, p);
    }
    double kf = rf / (rf + rb);
    ccref_vec3 Co = v3_add(Sf, v3_scale(kf, p));
    ccref_mat3 RC = ccref_rotation_from_z(Cz);
    ccref_vec3 Cx = m3_column(&RC, 0);
    ccref_vec3 Cy = m3_column(&RC, 1);
    ccref_vec3 p_FCo = v3_sub(Co, body1->p);
    ccref_vec3 p_BCo = v3_sub(Co, body2->p);

    /* ---- normal row */
    ccref_vec3 pd = v3_sub(ccref_arm_velocity(body2, armB), ccref_arm_velocity(body1, armF));
    ccref_vec3 pdd = v3_sub(ccref_arm_acceleration(body2, armB), ccref_arm_acceleration(body1, armF));
    ccref_vec3 Czd;
    if (singular)
        Czd = v3_cross(body1->w, Cz);
    else
        Czd = v3_scale(oor, v3_sub(pd, v3_scale(v3_dot(pd, Cz), Cz)));
    o->perr[0] = r - (rf + rb);
    o->verr[0] = v3_dot(pd, Cz);
    o->aerr[0] = v3_dot(pdd, Cz) + v3_dot(pd, Czd);

    double ln = lambda[0];
    ccref_vec3 fn = v3_scale(ln, Cz);
    o->force_on_body2 = ccref_force_at_arm(armB, fn);
    o->force_on_body1 = ccref_force_at_arm(armF, v3_neg(fn));
    ccref_vec3 applied = fn;               /* lambda_n Cz (+ lambda_x Cx + lambda_y Cy below) */

    /* ---- rolling rows */
    if (rolling) {
        ccref_vec3 vF = v3_sub(ccref_arm_velocity(body2, p_BCo), ccref_arm_velocity(body1, p_FCo));
        o->verr[1] = v3_dot(vF, Cx);
        o->verr[2] = v3_dot(vF, Cy);

        ccref_vec3 pd_FCo = v3_add(v3_cross(body1->w, armF), v3_scale(kf, pd));
        ccref_vec3 pd_BCo = v3_sub(pd_FCo, v3_sub(body2->v, body1->v));
        ccref_vec3 vd_FCo = v3_add(v3_add(body1->a, v3_cross(body1->b, p_FCo)), v3_cross(body1->w, pd_FCo));
        ccref_vec3 vd_BCo = v3_add(v3_add(body2->a, v3_cross(body2->b, p_BCo)), v3_cross(body2->w, pd_BCo));
        ccref_vec3 dvF = v3_sub(vd_BCo, vd_FCo);
        ccref_vec3 CzdF = v3_sub(Czd, v3_cross(body1->w, Cz));
        ccref_vec3 Cxd = v3_add(v3_neg(v3_cross(CzdF, Cy)), v3_cross(body1->w, Cx));
        ccref_vec3 Cyd = v3_add(v3_cross(CzdF, Cx), v3_cross(body1->w, Cy));
        o->aerr[1] = v3_dot(dvF, Cx) + v3_dot(vF, Cxd);
        o->aerr[2] = v3_dot(dvF, Cy) + v3_dot(vF, Cyd);

        double lx = lambda[1], ly = lambda[2];
        ccref_vec3 ft = v3_add(v3_scale(lx, Cx), v3_scale(ly, Cy));
        o->force_on_body2 = ccref_spatial_force_add(o->force_on_body2, ccref_force_at_arm(p_BCo, ft));
        o->force_on_body1 = ccref_spatial_force_add(o->force_on_body1, ccref_force_at_arm(p_FCo, v3_neg(ft)));
        applied = v3_add(v3_add(applied, v3_scale(lx, Cx)), v3_scale(ly, Cy));

        if (o->verr[1] != 0.0 || o->verr[2] != 0.0)
            o->deviations |= CCREF_DEV_SOS_ROLLING_AERR_SPIN;
    }

    res->contact_frame.R = RC;
    res->contact_frame.p = Co;
    res->separation = o->perr[0];
    res->force_on_body2 = v3_neg(applied);

    if (!ccref_output_is_finite(o) || !ccref_frame_is_finite(&res->contact_frame) || !isfinite(res->separation) ||
        !v3_is_finite(res->force_on_body2)) {
        sos_reset(res, mv);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return singular ? CCREF_OK_SINGULAR_DIRECTION : CCREF_OK;
}
