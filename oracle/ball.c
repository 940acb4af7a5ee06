/* ball.c: oracle mirror of Constraint::Ball (spec/ball.md, formulas 1-10).
 * Exact decisions: the deviation bit CCREF_DEV_BALL_AERR_NOT_DERIVATIVE needs "verr != 0" (each component of
 * verr is a polynomial in the inputs: decided on its enclosure, which becomes a point once the working
 * precision makes every operation exact) and "w1 != 0" (inputs). */
#include "internal.h"

ora_eval_status ora_ball_eval(ora_ws *ws, const ora_ball_params *prm, const ora_body *b1, const ora_body *b2,
                              const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    ora_eval_status st = ORA_EVAL_OK;
    ora_v3 *arm2 = ws_v(ws), *S = ws_v(ws), *P = ws_v(ws), *arm1 = ws_v(ws), *t = ws_v(ws);
    ora_v3 *perr = ws_v(ws), *verr = ws_v(ws), *aerr = ws_v(ws), *u = ws_v(ws), *f = ws_v(ws), *nf = ws_v(ws);
    out_reset(o, CCREF_KIND_BALL, CCREF_SLOT_BALL_N, 3, 0);

    im_apply(ws, arm2, &b2->R, &prm->station2_in_b2);   /* (1) arm2 = R2 s2 */
    iv_add(S, &b2->p, arm2);                            /*     S = p2 + arm2 */
    im_apply(ws, t, &b1->R, &prm->station1_in_b1);      /* (2) P = p1 + R1 s1 */
    iv_add(P, &b1->p, t);
    iv_sub(arm1, S, &b1->p);                            /* (3) arm1 = S - p1 */
    iv_sub(perr, S, P);                                 /* (4) */
    ik_arm_velocity(ws, t, b2, arm2);                   /* (5) verr = v(B2/S) - v(B1/S) */
    ik_arm_velocity(ws, u, b1, arm1);
    iv_sub(verr, t, u);
    ik_arm_acceleration(ws, t, b2, arm2);               /* (6) aerr = a(B2/S) - a(B1/S) */
    ik_arm_acceleration(ws, u, b1, arm1);
    iv_sub(aerr, t, u);
    out_set_v3(o, CCREF_SLOT_PERR, perr);
    out_set_v3(o, CCREF_SLOT_VERR, verr);
    out_set_v3(o, CCREF_SLOT_AERR, aerr);

    mpfi_set(f->x, lambda->l[0]);                       /* (7) f = lambda */
    mpfi_set(f->y, lambda->l[1]);
    mpfi_set(f->z, lambda->l[2]);
    iv_neg(nf, f);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, arm2, f);   /* (8) */
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, arm1, nf);
    im_apply_t(ws, t, &b1->R, f);                       /* (9) reactions */
    iv_neg(t, t);
    out_set_v3(o, CCREF_SLOT_BALL_REACTION1, t);
    im_apply_t(ws, t, &b2->R, f);
    out_set_v3(o, CCREF_SLOT_BALL_REACTION2, t);

    /* (10) deviations: verr != 0 and w1 != 0, decided exactly. */
    if (d->v[ORA_D_VERR_NONZERO] == ORA_DEC_AUTO) {
        int s[3] = {ora_sign(verr->x), ora_sign(verr->y), ora_sign(verr->z)};
        int nonzero = (s[0] == 1 || s[0] == -1) || (s[1] == 1 || s[1] == -1) || (s[2] == 1 || s[2] == -1);
        int zero = s[0] == 0 && s[1] == 0 && s[2] == 0;
        if (nonzero || zero)
            ora_decide(d, ORA_D_VERR_NONZERO, nonzero, ws_prec(ws));
        else
            st = ora_undecided(d, ORA_D_VERR_NONZERO);
    }
    if (st == ORA_EVAL_OK && d->v[ORA_D_W1_NONZERO] == ORA_DEC_AUTO) {
        int s[3] = {ora_sign(b1->w.x), ora_sign(b1->w.y), ora_sign(b1->w.z)};
        int nonzero = (s[0] == 1 || s[0] == -1) || (s[1] == 1 || s[1] == -1) || (s[2] == 1 || s[2] == -1);
        int zero = s[0] == 0 && s[1] == 0 && s[2] == 0;
        if (nonzero || zero)
            ora_decide(d, ORA_D_W1_NONZERO, nonzero, ws_prec(ws));
        else
            st = ora_undecided(d, ORA_D_W1_NONZERO);
    }
    if (st == ORA_EVAL_OK) {
        o->deviations = CCREF_DEV_BALL_REACTION_SIGN;
        if (d->v[ORA_D_VERR_NONZERO] && d->v[ORA_D_W1_NONZERO])
            o->deviations |= CCREF_DEV_BALL_AERR_NOT_DERIVATIVE;
    }
    ws_release(ws, m);
    return st;
}
