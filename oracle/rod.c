/* rod.c: oracle mirror of Constraint::Rod (spec/rod.md, formulas 1-11).
 * Exact decision: singular iff p.p < 2^-130, p = (p2 + R2 s2) - (p1 + R1 s1) (a polynomial in the inputs).
 * verr[0] is also given as the form (pd.p) / sqrt(p.p) (non-singular) or pd.(R1 e_z) (singular) for the
 * unilateral layer's exact comparisons. */
#include "internal.h"

ora_eval_status ora_rod_eval(ora_ws *ws, const ora_rod_params *prm, const ora_body *b1, const ora_body *b2,
                             const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    ora_v3 *arm1 = ws_v(ws), *arm2 = ws_v(ws), *Sf = ws_v(ws), *Sb = ws_v(ws), *p = ws_v(ws);
    ora_v3 *pd = ws_v(ws), *pdd = ws_v(ws), *t = ws_v(ws), *u = ws_v(ws), *Cz = ws_v(ws), *Czd = ws_v(ws);
    ora_v3 *f = ws_v(ws), *nf = ws_v(ws);
    mpfi_ptr r2 = ws_s(ws), r = ws_s(ws), verr = ws_s(ws), x = ws_s(ws);
    out_reset(o, CCREF_KIND_ROD, CCREF_SLOT_ROD_N, 1, 0);

    im_apply(ws, arm1, &b1->R, &prm->station1_in_b1);  /* (1) */
    im_apply(ws, arm2, &b2->R, &prm->station2_in_b2);
    iv_add(Sf, &b1->p, arm1);
    iv_add(Sb, &b2->p, arm2);
    iv_sub(p, Sb, Sf);                                  /* (2) */
    iv_dot(ws, r2, p, p);
    mpfi_sqrt(r, r2);

    if (d->v[ORA_D_SINGULAR] == ORA_DEC_AUTO) {         /* (3) r2 < 2^-130 */
        mpfi_set_ui(x, 1);
        mpfi_mul_2si(x, x, -130);
        mpfi_sub(x, r2, x);
        int s = ora_sign(x);
        if (s == ORA_SIGN_UNKNOWN) {
            ws_release(ws, m);
            return ora_undecided(d, ORA_D_SINGULAR);
        }
        ora_decide(d, ORA_D_SINGULAR, s < 0, ws_prec(ws));
    }
    const int singular = d->v[ORA_D_SINGULAR] != 0;

    ik_arm_velocity(ws, t, b2, arm2);                   /* (4) pd */
    ik_arm_velocity(ws, u, b1, arm1);
    iv_sub(pd, t, u);
    ik_arm_acceleration(ws, t, b2, arm2);               /* (5) pdd */
    ik_arm_acceleration(ws, u, b1, arm1);
    iv_sub(pdd, t, u);

    if (singular) {                                     /* (6) */
        im_column(Cz, &b1->R, 2);
        iv_dot(ws, verr, pd, Cz);
        iv_cross(ws, Czd, &b1->w, Cz);
        mpfi_set(o->verr0_num, verr);
        mpfi_set_ui(o->verr0_den, 1);
        o->verr0_k = 0;
        o->status = CCREF_OK_SINGULAR_DIRECTION;
    } else {
        iv_div(Cz, p, r);
        iv_dot(ws, o->verr0_num, pd, p);                /* verr = (pd.p)/r: the same real as pd.Cz */
        mpfi_set(o->verr0_den, r2);
        o->verr0_k = 1;
        mpfi_div(verr, o->verr0_num, r);
        iv_scale(t, verr, Cz);
        iv_sub(t, pd, t);
        iv_div(Czd, t, r);
    }
    mpfi_sub(o->v[CCREF_SLOT_PERR], r, prm->length);           /* (7) */
    mpfi_set(o->v[CCREF_SLOT_VERR], verr);
    iv_dot(ws, o->v[CCREF_SLOT_AERR], pdd, Cz);                /* (8) */
    iv_dot(ws, x, pd, Czd);
    mpfi_add(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], x);

    iv_scale(f, lambda->l[0], Cz);                      /* (9) */
    iv_neg(nf, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, arm2, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, arm1, nf);
    mpfi_set(o->v[CCREF_SLOT_ROD_TENSION], lambda->l[0]);      /* (10) */
    out_set_v3(o, CCREF_SLOT_ROD_ORIENTATION, Cz);
    o->deviations = 0;                                  /* (11) */
    ws_release(ws, m);
    return ORA_EVAL_OK;
}
