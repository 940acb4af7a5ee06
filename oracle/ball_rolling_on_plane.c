/* ball_rolling_on_plane.c: oracle mirror of the legacy BallRollingOnPlane (spec/ball_rolling_on_plane.md, 1-15).
 * Exact decision: the perp() index of n_P (smallest |component|, ties to the lower index), decided on |n_k|
 * (inputs). */
#include "internal.h"

ora_eval_status ora_ball_rolling_on_plane_eval(ora_ws *ws, const ora_ball_rolling_on_plane_params *prm,
                                               const ora_body *b1, const ora_body *b2, const ora_lambda *lambda,
                                               ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    out_reset(o, CCREF_KIND_BALL_ROLLING_ON_PLANE, CCREF_SLOT_BROP_N, 1, 2);
    if (d->v[ORA_D_PERP_AXIS] == ORA_DEC_AUTO) {
        int k = ora_perp_index(ws, &prm->normal_in_b1);
        if (k < 0)
            return ora_undecided(d, ORA_D_PERP_AXIS);
        ora_decide(d, ORA_D_PERP_AXIS, k, ws_prec(ws));
    }
    ora_v3 *Px = ws_v(ws), *Py = ws_v(ws), *n = ws_v(ws), *armO2 = ws_v(ws), *O = ws_v(ws), *armO1 = ws_v(ws);
    ora_v3 *sn = ws_v(ws), *armC2 = ws_v(ws), *C = ws_v(ws), *armC1 = ws_v(ws), *vO = ws_v(ws), *aO = ws_v(ws);
    ora_v3 *t = ws_v(ws), *q = ws_v(ws), *u = ws_v(ws), *bPB = ws_v(ws), *wn = ws_v(ws), *at = ws_v(ws);
    ora_v3 *f = ws_v(ws), *nf = ws_v(ws), *w2 = ws_v(ws);
    mpfi_ptr dd = ws_s(ws), s = ws_s(ws), verr_n = ws_s(ws), x = ws_s(ws);
    ora_m3 *RPA = ws_m(ws);
    ora_m3 *RGA = ws_m(ws);

    ora_rotation_from_z(ws, RPA, &prm->normal_in_b1, d->v[ORA_D_PERP_AXIS]); /* (1) */
    im_mul(ws, RGA, &b1->R, RPA);
    im_column(Px, RGA, 0);
    im_column(Py, RGA, 1);
    im_column(n, RGA, 2);
    im_apply(ws, armO2, &b2->R, &prm->center_in_b2);    /* (2) */
    iv_add(O, &b2->p, armO2);
    iv_sub(armO1, O, &b1->p);
    im_apply_t(ws, t, &b1->R, armO1);                   /* (3) d = (R1^T armO1).n_P - h */
    iv_dot(ws, dd, t, &prm->normal_in_b1);
    mpfi_sub(dd, dd, prm->height);
    mpfi_add(s, prm->radius, dd);                       /* (4) s = (r + d)/2 */
    mpfi_mul_2si(s, s, -1);
    iv_scale(sn, s, n);
    iv_sub(armC2, armO2, sn);
    iv_add(C, &b2->p, armC2);
    iv_sub(armC1, C, &b1->p);
    mpfi_sub(o->v[CCREF_SLOT_PERR], dd, prm->radius);          /* (5) perr = (d - r)/2 */
    mpfi_mul_2si(o->v[CCREF_SLOT_PERR], o->v[CCREF_SLOT_PERR], -1);
    ik_arm_velocity(ws, t, b2, armO2);                  /* (6) */
    ik_arm_velocity(ws, q, b1, armO1);
    iv_sub(vO, t, q);
    iv_dot(ws, verr_n, vO, n);
    mpfi_mul_2si(verr_n, verr_n, -1);
    mpfi_set(o->v[CCREF_SLOT_VERR], verr_n);
    mpfi_set(o->verr0_num, verr_n);
    ik_arm_acceleration(ws, t, b2, armO2);              /* (7) */
    ik_arm_acceleration(ws, q, b1, armO1);
    iv_sub(aO, t, q);
    iv_mul_2si(w2, &b1->w, 1);
    iv_cross(ws, t, w2, vO);
    iv_sub(aO, aO, t);
    iv_dot(ws, o->v[CCREF_SLOT_AERR], aO, n);
    mpfi_mul_2si(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], -1);
    ik_arm_velocity(ws, t, b2, armC2);                  /* (8) */
    ik_arm_velocity(ws, q, b1, armC1);
    iv_sub(u, t, q);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], u, Px);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], u, Py);
    iv_sub(bPB, &b2->b, &b1->b);                        /* (9) */
    iv_cross(ws, t, &b1->w, &b2->w);
    iv_sub(bPB, bPB, t);
    iv_sub(t, &b2->w, &b1->w);
    iv_cross(ws, wn, t, n);
    iv_cross(ws, t, bPB, sn);
    iv_sub(at, aO, t);
    iv_scale(t, verr_n, wn);
    iv_sub(at, at, t);
    iv_dot(ws, o->v[CCREF_SLOT_AERR + 1], at, Px);
    iv_dot(ws, o->v[CCREF_SLOT_AERR + 2], at, Py);
    mpfi_mul_2si(x, lambda->l[0], -1);                  /* (10) f = ((ln/2) n + lx Px) + ly Py */
    iv_scale(f, x, n);
    iv_scale(t, lambda->l[1], Px);
    iv_add(f, f, t);
    iv_scale(t, lambda->l[2], Py);
    iv_add(f, f, t);
    iv_neg(nf, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, armC2, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, armC1, nf);
    out_set_v3(o, CCREF_SLOT_BROP_CONTACT_POINT, C);           /* (11) */
    out_set_m3(o, CCREF_SLOT_BROP_PLANE_AXES, RGA);           /* (12) */
    mpfi_neg(o->v[CCREF_SLOT_BROP_NORMAL_FORCE], x);           /* (13) */
    mpfi_neg(o->v[CCREF_SLOT_BROP_FRICTION_X], lambda->l[1]);  /* (14) */
    mpfi_neg(o->v[CCREF_SLOT_BROP_FRICTION_Y], lambda->l[2]);
    o->deviations = CCREF_DEV_BROP_NOT_IN_SIMBODY;      /* (15) */
    ws_release(ws, m);
    return ORA_EVAL_OK;
}
