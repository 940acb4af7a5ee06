/* point_in_plane.c: oracle mirror of Constraint::PointInPlane (spec/point_in_plane.md, formulas 1-12).
 * No branch. verr[0] = u . n_G is a polynomial (its own exact-decision form). */
#include "internal.h"

ora_eval_status ora_point_in_plane_eval(ora_ws *ws, const ora_point_in_plane_params *prm, const ora_body *b1,
                                        const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    (void)d;
    ora_mark m = ws_mark(ws);
    ora_v3 *arm2 = ws_v(ws), *S = ws_v(ws), *arm1 = ws_v(ws), *nG = ws_v(ws), *u = ws_v(ws), *arel = ws_v(ws);
    ora_v3 *c = ws_v(ws), *t = ws_v(ws), *q = ws_v(ws), *f = ws_v(ws), *nf = ws_v(ws);
    out_reset(o, CCREF_KIND_POINT_IN_PLANE, CCREF_SLOT_PIP_N, 1, 0);

    im_apply(ws, arm2, &b2->R, &prm->follower_in_b2);  /* (1) */
    iv_add(S, &b2->p, arm2);
    iv_sub(arm1, S, &b1->p);                            /* (2) */
    im_apply(ws, nG, &b1->R, &prm->normal_in_b1);       /* (3) */
    ik_arm_velocity(ws, t, b2, arm2);                   /* (4) */
    ik_arm_velocity(ws, q, b1, arm1);
    iv_sub(u, t, q);
    ik_arm_acceleration(ws, t, b2, arm2);               /* (5) */
    ik_arm_acceleration(ws, q, b1, arm1);
    iv_sub(arel, t, q);
    iv_cross(ws, c, &b1->w, u);                         /* (6) c = 2 (w1 x u) */
    iv_mul_2si(c, c, 1);
    im_apply_t(ws, t, &b1->R, arm1);                    /* (7) perr = (R1^T arm1) . n - h */
    iv_dot(ws, o->v[CCREF_SLOT_PERR], t, &prm->normal_in_b1);
    mpfi_sub(o->v[CCREF_SLOT_PERR], o->v[CCREF_SLOT_PERR], prm->height);
    iv_dot(ws, o->v[CCREF_SLOT_VERR], u, nG);                  /* (8) */
    iv_sub(t, arel, c);                                 /* (9) */
    iv_dot(ws, o->v[CCREF_SLOT_AERR], t, nG);
    mpfi_set(o->verr0_num, o->v[CCREF_SLOT_VERR]);
    iv_scale(f, lambda->l[0], nG);                      /* (10) */
    iv_neg(nf, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, arm2, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, arm1, nf);
    out_set_v3(o, CCREF_SLOT_PIP_FOLLOWER, S);                 /* (11) */
    o->deviations = 0;                                  /* (12) */
    ws_release(ws, m);
    return ORA_EVAL_OK;
}
