/* point_on_plane.c: oracle mirror of Constraint::PointOnPlaneContact (spec/point_on_plane.md, 1-11).
 * No branch. Decision forms: verr[0] = v_rel . Pz (a polynomial); slip_vec = v_rel. */
#include "internal.h"

ora_eval_status ora_point_on_plane_eval(ora_ws *ws, const ora_point_on_plane_params *prm, const ora_body *b1,
                                        const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    (void)d;
    ora_mark m = ws_mark(ws);
    ora_v3 *Px = ws_v(ws), *Py = ws_v(ws), *Pz = ws_v(ws), *arm2 = ws_v(ws), *F = ws_v(ws), *arm1 = ws_v(ws);
    ora_v3 *t = ws_v(ws), *q = ws_v(ws), *vrel = ws_v(ws), *arel = ws_v(ws), *w2 = ws_v(ws), *f = ws_v(ws);
    ora_v3 *nf = ws_v(ws), *PzS = ws_v(ws);
    ora_m3 *RGP = ws_m(ws);
    out_reset(o, CCREF_KIND_POINT_ON_PLANE, CCREF_SLOT_POP_N, 1, 2);

    im_mul(ws, RGP, &b1->R, &prm->plane_frame_in_b1.R);/* (1) */
    im_column(Px, RGP, 0);
    im_column(Py, RGP, 1);
    im_column(Pz, RGP, 2);
    im_apply(ws, arm2, &b2->R, &prm->follower_in_b2);   /* (2) */
    iv_add(F, &b2->p, arm2);
    iv_sub(arm1, F, &b1->p);
    im_apply_t(ws, t, &b1->R, arm1);                    /* (3) perr = (R1^T arm1 - Po) . Pz_S */
    iv_sub(t, t, &prm->plane_frame_in_b1.p);
    im_column(PzS, &prm->plane_frame_in_b1.R, 2);
    iv_dot(ws, o->v[CCREF_SLOT_PERR], t, PzS);
    ik_arm_velocity(ws, t, b2, arm2);                   /* (4) */
    ik_arm_velocity(ws, q, b1, arm1);
    iv_sub(vrel, t, q);
    ik_arm_acceleration(ws, t, b2, arm2);               /* (5) */
    ik_arm_acceleration(ws, q, b1, arm1);
    iv_sub(arel, t, q);
    iv_mul_2si(w2, &b1->w, 1);
    iv_cross(ws, t, w2, vrel);
    iv_sub(arel, arel, t);
    iv_dot(ws, o->v[CCREF_SLOT_VERR], vrel, Pz);               /* (6) */
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], vrel, Px);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], vrel, Py);
    iv_dot(ws, o->v[CCREF_SLOT_AERR], arel, Pz);               /* (7) */
    iv_dot(ws, o->v[CCREF_SLOT_AERR + 1], arel, Px);
    iv_dot(ws, o->v[CCREF_SLOT_AERR + 2], arel, Py);
    mpfi_set(o->verr0_num, o->v[CCREF_SLOT_VERR]);
    iv_set(&o->slip_vec, vrel);
    iv_scale(f, lambda->l[0], Pz);                      /* (8) */
    iv_scale(t, lambda->l[1], Px);
    iv_add(f, f, t);
    iv_scale(t, lambda->l[2], Py);
    iv_add(f, f, t);
    iv_neg(nf, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, arm2, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, arm1, nf);
    out_set_v3(o, CCREF_SLOT_POP_FOLLOWER, F);                 /* (9) */
    out_set_v3(o, CCREF_SLOT_POP_FORCE_ON_FOLLOWER, nf);       /* (10) */
    o->deviations = CCREF_DEV_POP_GETTER_ORDER;         /* (11) */
    ws_release(ws, m);
    return ORA_EVAL_OK;
}
