/* sphere_on_sphere.c: oracle mirror of Constraint::SphereOnSphereContact (spec/sphere_on_sphere.md, 1-25).
 * Exact decisions (spec/oracle.md):
 *   singular     p.p < 2^-130, p = Sb - Sf (polynomial);
 *   perp axis    smallest |Cz_k|, ties to the lower index: compared on |p_k| (Cz = p/r, r > 0), or on the
 *                components of R1 e_z when singular;
 *   slip != 0    (rolling) (verr_1, verr_2) != 0  iff  V x Cz' != 0, with Cz' = p (or R1 e_z) and
 *                V = (rf + rb) vF (polynomial: Co = Sf + kf p carries the factor 1/(rf + rb)).
 * Forms: verr[0] = (pd.p)/sqrt(p.p) (pd.(R1 e_z) singular); slip^2 = |V x Cz'|^2 / (|Cz'|^2 (rf + rb)^2). */
#include "internal.h"

ora_eval_status ora_sphere_on_sphere_eval(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1,
                                          const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    const int rolling = prm->rolling != 0;
    ora_eval_status st = ORA_EVAL_OK;
    ora_v3 *armF = ws_v(ws), *Sf = ws_v(ws), *armB = ws_v(ws), *Sb = ws_v(ws), *p = ws_v(ws), *Cz = ws_v(ws);
    ora_v3 *Co = ws_v(ws), *Cx = ws_v(ws), *Cy = ws_v(ws), *pFCo = ws_v(ws), *pBCo = ws_v(ws), *pd = ws_v(ws);
    ora_v3 *pdd = ws_v(ws), *Czd = ws_v(ws), *t = ws_v(ws), *q = ws_v(ws), *fn = ws_v(ws), *nfn = ws_v(ws);
    ora_v3 *applied = ws_v(ws);
    mpfi_ptr r2 = ws_s(ws), r = ws_s(ws), kf = ws_s(ws), rs = ws_s(ws), x = ws_s(ws);
    ora_m3 *RC = ws_m(ws);
    out_reset(o, CCREF_KIND_SPHERE_ON_SPHERE, CCREF_SLOT_SOS_N, 1, rolling ? 2 : 0);

    im_apply(ws, armF, &b1->R, &prm->center1_in_b1);   /* (1) */
    iv_add(Sf, &b1->p, armF);
    im_apply(ws, armB, &b2->R, &prm->center2_in_b2);
    iv_add(Sb, &b2->p, armB);
    iv_sub(p, Sb, Sf);                                  /* (2) */
    iv_dot(ws, r2, p, p);
    mpfi_sqrt(r, r2);
    if (d->v[ORA_D_SINGULAR] == ORA_DEC_AUTO) {         /* (3) */
        mpfi_set_ui(x, 1);
        mpfi_mul_2si(x, x, -130);
        mpfi_sub(x, r2, x);
        int s = ora_sign(x);
        if (s == ORA_SIGN_UNKNOWN) {
            st = ora_undecided(d, ORA_D_SINGULAR);
            goto done;
        }
        ora_decide(d, ORA_D_SINGULAR, s < 0, ws_prec(ws));
    }
    const int singular = d->v[ORA_D_SINGULAR] != 0;
    const ora_v3 *Czp;                                  /* Cz' : a positive multiple of Cz */
    if (singular) {                                     /* (4) */
        im_column(Cz, &b1->R, 2);
        Czp = Cz;
    } else {
        iv_div(Cz, p, r);
        Czp = p;
    }
    if (d->v[ORA_D_PERP_AXIS] == ORA_DEC_AUTO) {
        int k = ora_perp_index(ws, Czp);
        if (k < 0) {
            st = ora_undecided(d, ORA_D_PERP_AXIS);
            goto done;
        }
        ora_decide(d, ORA_D_PERP_AXIS, k, ws_prec(ws));
    }
    mpfi_add(rs, prm->radius1, prm->radius2);           /* (5) kf = rf/(rf + rb); Co = Sf + kf p */
    mpfi_div(kf, prm->radius1, rs);
    iv_scale(t, kf, p);
    iv_add(Co, Sf, t);
    ora_rotation_from_z(ws, RC, Cz, d->v[ORA_D_PERP_AXIS]); /* (6) */
    im_column(Cx, RC, 0);
    im_column(Cy, RC, 1);
    iv_sub(pFCo, Co, &b1->p);                           /* (7) */
    iv_sub(pBCo, Co, &b2->p);

    mpfi_sub(o->v[CCREF_SLOT_PERR], r, rs);                    /* (8) */
    ik_arm_velocity(ws, t, b2, armB);                   /* (9) */
    ik_arm_velocity(ws, q, b1, armF);
    iv_sub(pd, t, q);
    ik_arm_acceleration(ws, t, b2, armB);               /* (10) */
    ik_arm_acceleration(ws, q, b1, armF);
    iv_sub(pdd, t, q);
    if (singular) {                                     /* (9), (11) */
        iv_dot(ws, o->v[CCREF_SLOT_VERR], pd, Cz);
        mpfi_set(o->verr0_num, o->v[CCREF_SLOT_VERR]);
        o->verr0_k = 0;
        iv_cross(ws, Czd, &b1->w, Cz);
        o->status = CCREF_OK_SINGULAR_DIRECTION;
    } else {
        iv_dot(ws, o->verr0_num, pd, p);
        mpfi_set(o->verr0_den, r2);
        o->verr0_k = 1;
        mpfi_div(o->v[CCREF_SLOT_VERR], o->verr0_num, r);      /* = pd . Cz */
        iv_scale(t, o->v[CCREF_SLOT_VERR], Cz);
        iv_sub(t, pd, t);
        iv_div(Czd, t, r);
    }
    iv_dot(ws, o->v[CCREF_SLOT_AERR], pdd, Cz);                /* (12) */
    iv_dot(ws, x, pd, Czd);
    mpfi_add(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], x);

    iv_scale(fn, lambda->l[0], Cz);                     /* (19) */
    iv_neg(nfn, fn);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, armB, fn);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, armF, nfn);
    iv_set(applied, fn);

    if (rolling) {
        ora_v3 *vF = ws_v(ws), *pdF = ws_v(ws), *pdB = ws_v(ws), *vdF = ws_v(ws), *vdB = ws_v(ws);
        ora_v3 *dvF = ws_v(ws), *CzdF = ws_v(ws), *Cxd = ws_v(ws), *Cyd = ws_v(ws), *ft = ws_v(ws);
        ik_arm_velocity(ws, t, b2, pBCo);               /* (13) */
        ik_arm_velocity(ws, q, b1, pFCo);
        iv_sub(vF, t, q);
        iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], vF, Cx);
        iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], vF, Cy);
        iv_cross(ws, t, &b1->w, armF);                  /* (14) */
        iv_scale(q, kf, pd);
        iv_add(pdF, t, q);
        iv_sub(t, &b2->v, &b1->v);
        iv_sub(pdB, pdF, t);
        iv_cross(ws, t, &b1->b, pFCo);                  /* (15) */
        iv_add(vdF, &b1->a, t);
        iv_cross(ws, t, &b1->w, pdF);
        iv_add(vdF, vdF, t);
        iv_cross(ws, t, &b2->b, pBCo);
        iv_add(vdB, &b2->a, t);
        iv_cross(ws, t, &b2->w, pdB);
        iv_add(vdB, vdB, t);
        iv_sub(dvF, vdB, vdF);
        iv_cross(ws, t, &b1->w, Cz);                    /* (16) */
        iv_sub(CzdF, Czd, t);
        iv_cross(ws, t, CzdF, Cy);                      /* (17) */
        iv_cross(ws, q, &b1->w, Cx);
        iv_sub(Cxd, q, t);
        iv_cross(ws, t, CzdF, Cx);
        iv_cross(ws, q, &b1->w, Cy);
        iv_add(Cyd, t, q);
        iv_dot(ws, o->v[CCREF_SLOT_AERR + 1], dvF, Cx);        /* (18) */
        iv_dot(ws, x, vF, Cxd);
        mpfi_add(o->v[CCREF_SLOT_AERR + 1], o->v[CCREF_SLOT_AERR + 1], x);
        iv_dot(ws, o->v[CCREF_SLOT_AERR + 2], dvF, Cy);
        iv_dot(ws, x, vF, Cyd);
        mpfi_add(o->v[CCREF_SLOT_AERR + 2], o->v[CCREF_SLOT_AERR + 2], x);
        iv_scale(ft, lambda->l[1], Cx);                 /* (20) */
        iv_scale(t, lambda->l[2], Cy);
        iv_add(ft, ft, t);
        ik_force_at_arm_add(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, pBCo, ft);
        iv_neg(q, ft);
        ik_force_at_arm_add(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, pFCo, q);
        iv_scale(t, lambda->l[1], Cx);                  /* (23) (ln Cz + lx Cx) + ly Cy */
        iv_add(applied, applied, t);
        iv_scale(t, lambda->l[2], Cy);
        iv_add(applied, applied, t);

        /* (24) slip != 0: decided from the rows' enclosures when one excludes 0, else exactly on V x Cz'
         * (V = (rf + rb) vF = rs (v2 - v1) + w2 x (K - rs p2) - w1 x (K - rs p1), K = rs Sf + rf p). */
        int s1 = ora_sign(o->v[CCREF_SLOT_VERR + 1]), s2 = ora_sign(o->v[CCREF_SLOT_VERR + 2]);
        int rows_nonzero = s1 == 1 || s1 == -1 || s2 == 1 || s2 == -1;
        int need_exact = d->v[ORA_D_SLIP_NONZERO] == ORA_DEC_AUTO && !rows_nonzero;
        if (d->v[ORA_D_SLIP_NONZERO] == ORA_DEC_AUTO && rows_nonzero)
            ora_decide(d, ORA_D_SLIP_NONZERO, 1, ws_prec(ws));
        if (need_exact || o->want_forms) {
            ora_v3 *K = ws_v(ws), *V = ws_v(ws), *a = ws_v(ws), *VxC = ws_v(ws);
            iv_scale(K, rs, Sf);
            iv_scale(t, prm->radius1, p);
            iv_add(K, K, t);
            iv_sub(t, &b2->v, &b1->v);
            iv_scale(V, rs, t);
            iv_scale(t, rs, &b2->p);
            iv_sub(t, K, t);
            iv_cross(ws, a, &b2->w, t);
            iv_add(V, V, a);
            iv_scale(t, rs, &b1->p);
            iv_sub(t, K, t);
            iv_cross(ws, a, &b1->w, t);
            iv_sub(V, V, a);
            iv_cross(ws, VxC, V, Czp);
            iv_dot(ws, o->slip_num, VxC, VxC);
            iv_dot(ws, o->slip_den, Czp, Czp);
            mpfi_sqr(x, rs);
            mpfi_mul(o->slip_den, o->slip_den, x);
            if (need_exact) {
                int s[3] = {ora_sign(VxC->x), ora_sign(VxC->y), ora_sign(VxC->z)};
                int nonzero = (s[0] == 1 || s[0] == -1) || (s[1] == 1 || s[1] == -1) || (s[2] == 1 || s[2] == -1);
                int zero = s[0] == 0 && s[1] == 0 && s[2] == 0;
                if (!nonzero && !zero) {
                    st = ora_undecided(d, ORA_D_SLIP_NONZERO);
                    goto done;
                }
                ora_decide(d, ORA_D_SLIP_NONZERO, nonzero, ws_prec(ws));
            }
        }
        if (d->v[ORA_D_SLIP_NONZERO])
            o->deviations |= CCREF_DEV_SOS_ROLLING_AERR_SPIN;
    }
    out_set_m3(o, CCREF_SLOT_SOS_FRAME_R, RC);                 /* (21) */
    out_set_v3(o, CCREF_SLOT_SOS_FRAME_P, Co);
    mpfi_set(o->v[CCREF_SLOT_SOS_SEPARATION], o->v[CCREF_SLOT_PERR]); /* (22) */
    iv_neg(t, applied);                                 /* (23) */
    out_set_v3(o, CCREF_SLOT_SOS_FORCE_ON_BODY2, t);
done:
    ws_release(ws, m);
    return st;
}
