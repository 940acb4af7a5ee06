/* weld.c: oracle mirror of Constraint::Weld (spec/weld.md, formulas 1-13). No branch, no decision: every output is
 * a polynomial in the inputs. */
#include "internal.h"

ora_eval_status ora_weld_eval(ora_ws *ws, const ora_weld_params *prm, const ora_body *b1, const ora_body *b2,
                              const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    (void)d;
    ora_mark m = ws_mark(ws);
    ora_m3 *RB = ws_m(ws), *RF = ws_m(ws);
    ora_v3 *arm2 = ws_v(ws), *S = ws_v(ws), *P = ws_v(ws), *arm1 = ws_v(ws), *t = ws_v(ws), *u = ws_v(ws);
    ora_v3 *w = ws_v(ws), *bw = ws_v(ws), *F = ws_v(ws), *B = ws_v(ws), *q = ws_v(ws), *dd = ws_v(ws);
    ora_v3 *c[3] = {ws_v(ws), ws_v(ws), ws_v(ws)};
    ora_v3 *tq = ws_v(ws), *f = ws_v(ws), *nf = ws_v(ws);
    mpfi_ptr x = ws_s(ws);
    out_reset(o, CCREF_KIND_WELD, CCREF_SLOT_WELD_N, 6, 0);

    im_mul(ws, RB, &b1->R, &prm->frame1_in_b1.R);       /* (1) RB = R1 Rf1, RF = R2 Rf2 */
    im_mul(ws, RF, &b2->R, &prm->frame2_in_b2.R);
    im_apply(ws, arm2, &b2->R, &prm->frame2_in_b2.p);   /* (2) S = p2 + R2 pf2, P = p1 + R1 pf1, arm1 = S - p1 */
    iv_add(S, &b2->p, arm2);
    im_apply(ws, t, &b1->R, &prm->frame1_in_b1.p);
    iv_add(P, &b1->p, t);
    iv_sub(arm1, S, &b1->p);

    iv_sub(w, &b2->w, &b1->w);                          /* (6), (8): w = w2 - w1, bw = b2 - b1 */
    iv_sub(bw, &b2->b, &b1->b);
    for (int i = 0; i < 3; i++) {
        im_column(F, RF, i);                            /* the pair (F_i, B_i') */
        im_column(B, RB, (i + 1) % 3);
        iv_dot(ws, o->v[CCREF_SLOT_PERR + i], F, B);    /* (3) */
        iv_cross(ws, c[i], F, B);                       /* (5) */
        iv_dot(ws, o->v[CCREF_SLOT_VERR + i], w, c[i]); /* (6) */
        iv_cross(ws, t, &b2->w, F);                     /* (8) d_i = (w2 x F_i) x B_i' - (w1 x B_i') x F_i */
        iv_cross(ws, u, t, B);
        iv_cross(ws, t, &b1->w, B);
        iv_cross(ws, q, t, F);
        iv_sub(dd, u, q);
        iv_dot(ws, o->v[CCREF_SLOT_AERR + i], bw, c[i]);
        iv_dot(ws, x, w, dd);
        mpfi_add(o->v[CCREF_SLOT_AERR + i], o->v[CCREF_SLOT_AERR + i], x);
    }

    iv_sub(t, S, P);                                    /* (4) */
    out_set_v3(o, CCREF_SLOT_PERR + 3, t);
    ik_arm_velocity(ws, t, b2, arm2);                   /* (7) */
    ik_arm_velocity(ws, u, b1, arm1);
    iv_sub(q, t, u);
    out_set_v3(o, CCREF_SLOT_VERR + 3, q);
    ik_arm_acceleration(ws, t, b2, arm2);               /* (9) */
    ik_arm_acceleration(ws, u, b1, arm1);
    iv_sub(q, t, u);
    out_set_v3(o, CCREF_SLOT_AERR + 3, q);

    iv_scale(tq, lambda->l[0], c[0]);                   /* (10) t = (l0 c0 + l1 c1) + l2 c2, f = (l3, l4, l5) */
    iv_scale(t, lambda->l[1], c[1]);
    iv_add(tq, tq, t);
    iv_scale(t, lambda->l[2], c[2]);
    iv_add(tq, tq, t);
    mpfi_set(f->x, lambda->l[3]);
    mpfi_set(f->y, lambda->l[4]);
    mpfi_set(f->z, lambda->l[5]);
    iv_neg(nf, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, arm2, f); /* (11) */
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, arm1, nf);
    out_get_v3(t, o, CCREF_SLOT_F2_MOMENT);             /*      the torque added: t + arm2 x f, -t + arm1 x (-f) */
    iv_add(t, tq, t);
    out_set_v3(o, CCREF_SLOT_F2_MOMENT, t);
    out_get_v3(t, o, CCREF_SLOT_F1_MOMENT);
    iv_sub(t, t, tq);
    out_set_v3(o, CCREF_SLOT_F1_MOMENT, t);

    out_set_m3(o, CCREF_SLOT_WELD_FRAME1_R, RB);        /* (12) */
    out_set_v3(o, CCREF_SLOT_WELD_FRAME1_P, P);
    out_set_m3(o, CCREF_SLOT_WELD_FRAME2_R, RF);
    out_set_v3(o, CCREF_SLOT_WELD_FRAME2_P, S);
    o->deviations = 0u;                                 /* (13) */
    ws_release(ws, m);
    return ORA_EVAL_OK;
}
