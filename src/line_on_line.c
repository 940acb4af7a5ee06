/* line_on_line.c: Constraint::LineOnLineContact (edge-edge), mp = 1, mv = 2 (rolling) or 0.
 * Spec: spec/line_on_line.md
 *
 * Method: edge frames X_FEf on body 1 (origin Pf, x = df, z = sf) and X_BEb on body 2 (Pb, db, sb), in G:
 *   df = R1 Ef.x, sf = R1 Ef.z, Pf = p1 + R1 Ef.p (likewise db, sb, Pb on body 2); p = Pb - Pf.
 *   wraw = df x db, wsf = wraw.sf, wsb = wraw.sb;
 *   sense = |wsf| > |wsb| ? (wsf >= 0 ? +1 : -1) : (wsb >= 0 ? -1 : +1);
 *   w = sense wraw, s = |w|, oos = 1/s, n = oos w;
 *   tf = -sense oos db.(p x n), tb = -sense oos df.(p x n); Qf = Pf + tf df, Qb = Pb + tb db, Co = (Qf+Qb)/2;
 *   contact frame (Co; Cx = df, Cy = n x df, Cz = n).
 *   Normal row: perr = p.n, verr = dp.n + p.dn, aerr = d2p.n + 2 dp.dn + p.d2n (dn, d2n: derivatives of n).
 *   Rolling rows: vF = v(B2/Co) - v(B1/Co), verr_x = vF.Cx, verr_y = vF.Cy,
 *     aerr_x = dvF.Cx + vF.ddf, aerr_y = dvF.Cy + vF.d(n x df), with dvF = d/dt vF (Co moving).
 *   Forces (multiplier sign): f = lambda_n n (+ lambda_x Cx + lambda_y Cy) at Co on body 2, -f at Co on body 1.
 *   force_on_body2 (physical) = -(lambda_n Cz + lambda_x Cx + lambda_y Cy); separation = perr.
 * Exact relations (spec): verr = d/dt perr, aerr = d/dt verr on every row (non-parallel).
 * Special cases: |df x db|^2 < CCREF_PARALLEL_SIN_SQ: status CCREF_OK_PARALLEL_EDGES, the documented fallback
 *   (Qf = Pf + (p.df/2) df, Qb = Pb + ((Pf-Pb).db/2) db, Co = (Qf+Qb)/2), all rows, forces, separation and
 *   sense zero, contact frame rotation zero except column 0 = df; CCREF_DEV_LOL_PARALLEL_FALLBACK. */
#include <string.h>

#include "common.h"

static void lol_reset(ccref_line_on_line_result *res, int mv)
{
    memset(res, 0, sizeof *res);
    ccref_output_init(&res->out, 1, mv);
}

static int lol_result_is_finite(const ccref_line_on_line_result *res)
{
    return ccref_output_is_finite(&res->out) && v3_is_finite(res->closest_point1) &&
           v3_is_finite(res->closest_point2) && ccref_frame_is_finite(&res->contact_frame) &&
           isfinite(res->separation) && v3_is_finite(res->force_on_body2);
}

ccref_status ccref_line_on_line_eval(const ccref_line_on_line_params *prm, const ccref_body *body1,
                                     const ccref_body *body2, const double *lambda, size_t n_lambda,
                                     ccref_line_on_line_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    lol_reset(res, 0);
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    const int rolling = prm->rolling != 0;
    const int mv = rolling ? 2 : 0;
    lol_reset(res, mv);
    ccref_output *o = &res->out;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, (size_t)(1 + mv));
    if (st != CCREF_OK)
        return st;
    const ccref_frame *Ef = &prm->edge_frame1_in_b1, *Eb = &prm->edge_frame2_in_b2;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !ccref_frame_is_finite(Ef) ||
        !ccref_frame_is_finite(Eb) || !isfinite(prm->half_length1) || !isfinite(prm->half_length2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) || !ccref_is_rotation(&Ef->R) ||
        !ccref_is_rotation(&Eb->R))
        return CCREF_E_NOT_ROTATION;
    if (!(prm->half_length1 > 0.0) || !(prm->half_length2 > 0.0))
        return CCREF_E_NONPOSITIVE_LENGTH;

    /* ---- edge geometry in G (1-4) */
    ccref_vec3 df = m3_apply(&body1->R, m3_column(&Ef->R, 0));
    ccref_vec3 sf = m3_apply(&body1->R, m3_column(&Ef->R, 2));
    ccref_vec3 db = m3_apply(&body2->R, m3_column(&Eb->R, 0));
    ccref_vec3 sb = m3_apply(&body2->R, m3_column(&Eb->R, 2));
    ccref_vec3 armPf = m3_apply(&body1->R, Ef->p);      /* Pf - p1 */
    ccref_vec3 Pf = v3_add(body1->p, armPf);
    ccref_vec3 armPb = m3_apply(&body2->R, Eb->p);      /* Pb - p2 */
    ccref_vec3 Pb = v3_add(body2->p, armPb);
    ccref_vec3 p = v3_sub(Pb, Pf);

    ccref_vec3 wraw = v3_cross(df, db);

    /* ---- parallel fallback (spec: Degenerate cases) */
    if (v3_norm_sq(wraw) < CCREF_PARALLEL_SIN_SQ) {
        ccref_vec3 Qf = v3_add(Pf, v3_scale(v3_dot(p, df) / 2.0, df));
        ccref_vec3 Qb = v3_add(Pb, v3_scale(v3_dot(v3_sub(Pf, Pb), db) / 2.0, db));
        ccref_vec3 Co = v3_scale(0.5, v3_add(Qf, Qb));
        res->sense = 0;
        res->lines_are_parallel = 1;
        res->closest_point1 = Qf;
        res->closest_point2 = Qb;
        res->contact_frame.R = m3_from_columns(df, v3_zero(), v3_zero());
        res->contact_frame.p = Co;
        o->deviations = CCREF_DEV_LOL_PARALLEL_FALLBACK;
        if (!lol_result_is_finite(res)) {
            lol_reset(res, mv);
            return CCREF_E_RESULT_OVERFLOW;
        }
        return CCREF_OK_PARALLEL_EDGES;
    }

    /* ---- sense, normal, closest points, contact frame (5-10) */
    double wsf = v3_dot(wraw, sf), wsb = v3_dot(wraw, sb);
    int sense;
    if (fabs(wsf) > fabs(wsb))
        sense = wsf >= 0.0 ? 1 : -1;
    else
        sense = wsb >= 0.0 ? -1 : 1;
    const double sg = (double)sense;
    ccref_vec3 w = v3_scale(sg, wraw);
    double s = sqrt(v3_norm_sq(w));
    double oos = 1.0 / s;
    ccref_vec3 n = v3_scale(oos, w);
    ccref_vec3 pXn = v3_cross(p, n);
    double tf = -sg * oos * v3_dot(db, pXn);
    double tb = -sg * oos * v3_dot(df, pXn);
    ccref_vec3 Qf = v3_add(Pf, v3_scale(tf, df));
    ccref_vec3 Qb = v3_add(Pb, v3_scale(tb, db));
    ccref_vec3 Co = v3_scale(0.5, v3_add(Qf, Qb));
    ccref_vec3 Cx = df;
    ccref_vec3 Cy = v3_cross(n, df);
    ccref_vec3 p_FCo = v3_sub(Co, body1->p);
    ccref_vec3 p_BCo = v3_sub(Co, body2->p);

    /* ---- normal row (11-20) */
    ccref_vec3 vPf = ccref_arm_velocity(body1, armPf);
    ccref_vec3 vPb = ccref_arm_velocity(body2, armPb);
    ccref_vec3 dp = v3_sub(vPb, vPf);
    ccref_vec3 ddf = v3_cross(body1->w, df);
    ccref_vec3 ddb = v3_cross(body2->w, db);
    ccref_vec3 dw = v3_scale(sg, v3_add(v3_cross(ddf, db), v3_cross(df, ddb)));
    double ndw = v3_dot(n, dw);
    ccref_vec3 dn = v3_scale(oos, v3_sub(dw, v3_scale(ndw, n)));

    ccref_vec3 d2p = v3_sub(ccref_arm_acceleration(body2, armPb), ccref_arm_acceleration(body1, armPf));
    ccref_vec3 d2df = v3_add(v3_cross(body1->b, df), v3_cross(body1->w, ddf));
    ccref_vec3 d2db = v3_add(v3_cross(body2->b, db), v3_cross(body2->w, ddb));
    ccref_vec3 d2w = v3_scale(sg, v3_add(v3_add(v3_cross(d2df, db), v3_scale(2.0, v3_cross(ddf, ddb))),
                                         v3_cross(df, d2db)));
    ccref_vec3 ddw = v3_sub(d2w, v3_scale(oos * ndw, dw));
    ccref_vec3 d2n = v3_scale(oos, v3_sub(v3_sub(ddw, v3_scale(ndw, dn)),
                                          v3_scale(v3_dot(n, ddw) + v3_dot(dn, dw), n)));

    o->perr[0] = v3_dot(p, n);
    o->verr[0] = v3_dot(dp, n) + v3_dot(p, dn);
    o->aerr[0] = v3_dot(d2p, n) + 2.0 * v3_dot(dp, dn) + v3_dot(p, d2n);

    double ln = lambda[0];
    ccref_vec3 fn = v3_scale(ln, n);
    o->force_on_body2 = ccref_force_at_arm(p_BCo, fn);
    o->force_on_body1 = ccref_force_at_arm(p_FCo, v3_neg(fn));
    ccref_vec3 applied = fn;    /* lambda_n Cz (+ lambda_x Cx + lambda_y Cy below) */

    /* ---- rolling rows (21-33) */
    if (rolling) {
        ccref_vec3 vF = v3_sub(ccref_arm_velocity(body2, p_BCo), ccref_arm_velocity(body1, p_FCo));
        o->verr[1] = v3_dot(vF, Cx);
        o->verr[2] = v3_dot(vF, Cy);

        double doos = -oos * oos * ndw;
        ccref_vec3 nXdb = v3_cross(n, db);
        ccref_vec3 nXdf = v3_cross(n, df);
        ccref_vec3 d_nXdb = v3_add(v3_cross(dn, db), v3_cross(n, ddb));
        ccref_vec3 d_nXdf = v3_add(v3_cross(dn, df), v3_cross(n, ddf));
        double dtf = -sg * (oos * (v3_dot(dp, nXdb) + v3_dot(p, d_nXdb)) + doos * v3_dot(p, nXdb));
        double dtb = -sg * (oos * (v3_dot(dp, nXdf) + v3_dot(p, d_nXdf)) + doos * v3_dot(p, nXdf));
        ccref_vec3 dQf = v3_add(v3_add(vPf, v3_scale(dtf, df)), v3_scale(tf, ddf));
        ccref_vec3 dQb = v3_add(v3_add(vPb, v3_scale(dtb, db)), v3_scale(tb, ddb));
        ccref_vec3 dCo = v3_scale(0.5, v3_add(dQf, dQb));
        ccref_vec3 dp_FCo = v3_sub(dCo, body1->v);
        ccref_vec3 dp_BCo = v3_sub(dCo, body2->v);
        ccref_vec3 dv_FCo = v3_add(v3_add(body1->a, v3_cross(body1->b, p_FCo)), v3_cross(body1->w, dp_FCo));
        ccref_vec3 dv_BCo = v3_add(v3_add(body2->a, v3_cross(body2->b, p_BCo)), v3_cross(body2->w, dp_BCo));
        ccref_vec3 dvF = v3_sub(dv_BCo, dv_FCo);
        ccref_vec3 dCx = ddf;
        ccref_vec3 dCy = d_nXdf;
        o->aerr[1] = v3_dot(dvF, Cx) + v3_dot(vF, dCx);
        o->aerr[2] = v3_dot(dvF, Cy) + v3_dot(vF, dCy);

        double lx = lambda[1], ly = lambda[2];
        ccref_vec3 ft = v3_add(v3_scale(lx, Cx), v3_scale(ly, Cy));
        o->force_on_body2 = ccref_spatial_force_add(o->force_on_body2, ccref_force_at_arm(p_BCo, ft));
        o->force_on_body1 = ccref_spatial_force_add(o->force_on_body1, ccref_force_at_arm(p_FCo, v3_neg(ft)));
        applied = v3_add(v3_add(applied, v3_scale(lx, Cx)), v3_scale(ly, Cy));
    }

    res->sense = sense;
    res->lines_are_parallel = 0;
    res->closest_point1 = Qf;
    res->closest_point2 = Qb;
    res->contact_frame.R = m3_from_columns(Cx, Cy, n);
    res->contact_frame.p = Co;
    res->separation = o->perr[0];
    res->force_on_body2 = v3_neg(applied);

    if (!lol_result_is_finite(res)) {
        lol_reset(res, mv);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
