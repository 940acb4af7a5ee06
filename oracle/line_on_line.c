/* line_on_line.c: oracle mirror of Constraint::LineOnLineContact (spec/line_on_line.md, formulas 1-37).
 * Exact decisions (spec/oracle.md):
 *   parallel  wraw.wraw < 2^-91, wraw = df x db (polynomial);
 *   sense     |wsf| > |wsb| decided on |wsf| - |wsb|, then the sign (>= 0) of wsf or wsb (polynomials).
 * Forms: verr[0] = A / W^(3/2) with W = wraw.wraw and
 *        A = sg (W (dp.wraw + p.dwraw) - (wraw.dwraw)(p.wraw)), dwraw = ddf x db + df x ddb;
 *        slip^2 = ((V.df)^2 W + (V.(wraw x df))^2) / W^3 with V = W vF (W Co is polynomial:
 *        W tf = -db.(p x wraw), W tb = -df.(p x wraw)). */
#include "internal.h"

ora_eval_status ora_line_on_line_eval(ora_ws *ws, const ora_line_on_line_params *prm, const ora_body *b1,
                                      const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    const int rolling = prm->rolling != 0;
    ora_eval_status st = ORA_EVAL_OK;
    const ora_frame *Ef = &prm->edge_frame1_in_b1, *Eb = &prm->edge_frame2_in_b2;
    ora_v3 *df = ws_v(ws), *sf = ws_v(ws), *db = ws_v(ws), *sb = ws_v(ws), *armPf = ws_v(ws), *Pf = ws_v(ws);
    ora_v3 *armPb = ws_v(ws), *Pb = ws_v(ws), *p = ws_v(ws), *wraw = ws_v(ws), *t = ws_v(ws), *q = ws_v(ws);
    ora_v3 *Qf = ws_v(ws), *Qb = ws_v(ws), *Co = ws_v(ws);
    mpfi_ptr W = ws_s(ws), x = ws_s(ws), y = ws_s(ws);
    out_reset(o, CCREF_KIND_LINE_ON_LINE, CCREF_SLOT_LOL_N, 1, rolling ? 2 : 0);

    im_column(t, &Ef->R, 0);                            /* (1) */
    im_apply(ws, df, &b1->R, t);
    im_column(t, &Ef->R, 2);
    im_apply(ws, sf, &b1->R, t);
    im_column(t, &Eb->R, 0);
    im_apply(ws, db, &b2->R, t);
    im_column(t, &Eb->R, 2);
    im_apply(ws, sb, &b2->R, t);
    im_apply(ws, armPf, &b1->R, &Ef->p);                /* (2) */
    iv_add(Pf, &b1->p, armPf);
    im_apply(ws, armPb, &b2->R, &Eb->p);
    iv_add(Pb, &b2->p, armPb);
    iv_sub(p, Pb, Pf);                                  /* (3) */
    iv_cross(ws, wraw, df, db);                         /* (4) */
    iv_dot(ws, W, wraw, wraw);
    if (d->v[ORA_D_PARALLEL] == ORA_DEC_AUTO) {
        mpfi_set_ui(x, 1);
        mpfi_mul_2si(x, x, -91);
        mpfi_sub(x, W, x);
        int s = ora_sign(x);
        if (s == ORA_SIGN_UNKNOWN) {
            st = ora_undecided(d, ORA_D_PARALLEL);
            goto done;
        }
        ora_decide(d, ORA_D_PARALLEL, s < 0, ws_prec(ws));
    }

    if (d->v[ORA_D_PARALLEL]) {                         /* (34)-(37) */
        iv_dot(ws, x, p, df);
        mpfi_mul_2si(x, x, -1);
        iv_scale(t, x, df);
        iv_add(Qf, Pf, t);
        iv_sub(q, Pf, Pb);
        iv_dot(ws, x, q, db);
        mpfi_mul_2si(x, x, -1);
        iv_scale(t, x, db);
        iv_add(Qb, Pb, t);
        iv_add(Co, Qf, Qb);
        iv_mul_2si(Co, Co, -1);
        o->sense = 0;
        o->lines_are_parallel = 1;
        out_set_v3(o, CCREF_SLOT_LOL_CLOSEST1, Qf);
        out_set_v3(o, CCREF_SLOT_LOL_CLOSEST2, Qb);
        mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 0], df->x);     /* column 0 = df, the rest [0, 0] */
        mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3], df->y);
        mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 6], df->z);
        out_set_v3(o, CCREF_SLOT_LOL_FRAME_P, Co);
        o->deviations = CCREF_DEV_LOL_PARALLEL_FALLBACK;
        o->status = CCREF_OK_PARALLEL_EDGES;
        goto done;
    }

    if (d->v[ORA_D_SENSE] == ORA_DEC_AUTO) {            /* (5) */
        mpfi_ptr wsf = ws_s(ws), wsb = ws_s(ws);
        iv_dot(ws, wsf, wraw, sf);
        iv_dot(ws, wsb, wraw, sb);
        mpfi_abs(x, wsf);
        mpfi_abs(y, wsb);
        mpfi_sub(x, x, y);
        int c = ora_sign(x), s;
        if (c == ORA_SIGN_UNKNOWN || (s = ora_sign(c > 0 ? wsf : wsb)) == ORA_SIGN_UNKNOWN) {
            st = ora_undecided(d, ORA_D_SENSE);
            goto done;
        }
        int sense = c > 0 ? (s >= 0 ? 1 : -1) : (s >= 0 ? -1 : 1);
        ora_decide(d, ORA_D_SENSE, sense, ws_prec(ws));
    }
    const int sense = d->v[ORA_D_SENSE] > 0 ? 1 : -1;
    {
        ora_v3 *w = ws_v(ws), *n = ws_v(ws), *pXn = ws_v(ws), *Cy = ws_v(ws), *pFCo = ws_v(ws), *pBCo = ws_v(ws);
        ora_v3 *vPf = ws_v(ws), *vPb = ws_v(ws), *dp = ws_v(ws), *ddf = ws_v(ws), *ddb = ws_v(ws), *dw = ws_v(ws);
        ora_v3 *dn = ws_v(ws), *d2p = ws_v(ws), *d2df = ws_v(ws), *d2db = ws_v(ws), *d2w = ws_v(ws);
        ora_v3 *ddw = ws_v(ws), *d2n = ws_v(ws), *fn = ws_v(ws), *applied = ws_v(ws);
        mpfi_ptr sg = ws_s(ws), s = ws_s(ws), oos = ws_s(ws), tf = ws_s(ws), tb = ws_s(ws), ndw = ws_s(ws);
        mpfi_set_si(sg, sense);
        iv_scale(w, sg, wraw);                          /* (6) */
        iv_dot(ws, s, w, w);
        mpfi_sqrt(s, s);
        mpfi_ui_div(oos, 1, s);
        iv_scale(n, oos, w);
        iv_cross(ws, pXn, p, n);                        /* (7) */
        mpfi_mul(tf, sg, oos);
        mpfi_neg(tf, tf);
        mpfi_set(tb, tf);
        iv_dot(ws, x, db, pXn);
        mpfi_mul(tf, tf, x);
        iv_dot(ws, x, df, pXn);
        mpfi_mul(tb, tb, x);
        iv_scale(t, tf, df);                            /* (8) */
        iv_add(Qf, Pf, t);
        iv_scale(t, tb, db);
        iv_add(Qb, Pb, t);
        iv_add(Co, Qf, Qb);
        iv_mul_2si(Co, Co, -1);
        iv_cross(ws, Cy, n, df);                        /* (9) */
        iv_sub(pFCo, Co, &b1->p);                       /* (10) */
        iv_sub(pBCo, Co, &b2->p);

        iv_dot(ws, o->v[CCREF_SLOT_PERR], p, n);               /* (11) */
        ik_arm_velocity(ws, vPf, b1, armPf);            /* (12) */
        ik_arm_velocity(ws, vPb, b2, armPb);
        iv_sub(dp, vPb, vPf);
        iv_cross(ws, ddf, &b1->w, df);                  /* (13) */
        iv_cross(ws, ddb, &b2->w, db);
        iv_cross(ws, t, ddf, db);                       /* (14) */
        iv_cross(ws, q, df, ddb);
        iv_add(dw, t, q);
        iv_scale(dw, sg, dw);
        iv_dot(ws, ndw, n, dw);
        iv_scale(t, ndw, n);
        iv_sub(t, dw, t);
        iv_scale(dn, oos, t);
        iv_dot(ws, o->v[CCREF_SLOT_VERR], dp, n);              /* (15) */
        iv_dot(ws, x, p, dn);
        mpfi_add(o->v[CCREF_SLOT_VERR], o->v[CCREF_SLOT_VERR], x);
        ik_arm_acceleration(ws, t, b2, armPb);          /* (16) */
        ik_arm_acceleration(ws, q, b1, armPf);
        iv_sub(d2p, t, q);
        iv_cross(ws, t, &b1->b, df);                    /* (17) */
        iv_cross(ws, q, &b1->w, ddf);
        iv_add(d2df, t, q);
        iv_cross(ws, t, &b2->b, db);
        iv_cross(ws, q, &b2->w, ddb);
        iv_add(d2db, t, q);
        iv_cross(ws, t, d2df, db);                      /* (18) */
        iv_cross(ws, q, ddf, ddb);
        iv_mul_2si(q, q, 1);
        iv_add(d2w, t, q);
        iv_cross(ws, t, df, d2db);
        iv_add(d2w, d2w, t);
        iv_scale(d2w, sg, d2w);
        mpfi_mul(x, oos, ndw);                          /* (19) */
        iv_scale(t, x, dw);
        iv_sub(ddw, d2w, t);
        iv_scale(t, ndw, dn);
        iv_sub(d2n, ddw, t);
        iv_dot(ws, x, n, ddw);
        iv_dot(ws, y, dn, dw);
        mpfi_add(x, x, y);
        iv_scale(t, x, n);
        iv_sub(d2n, d2n, t);
        iv_scale(d2n, oos, d2n);
        iv_dot(ws, o->v[CCREF_SLOT_AERR], d2p, n);             /* (20) */
        iv_dot(ws, x, dp, dn);
        mpfi_mul_2si(x, x, 1);
        mpfi_add(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], x);
        iv_dot(ws, x, p, d2n);
        mpfi_add(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], x);

        /* verr[0] form: A = sg (W (dp.wraw + p.dwraw) - (wraw.dwraw)(p.wraw)), den W, k = 3. */
        if (o->want_forms) {
            ora_v3 *dwr = ws_v(ws);
            mpfi_ptr a = ws_s(ws), b = ws_s(ws);
            iv_cross(ws, t, ddf, db);
            iv_cross(ws, q, df, ddb);
            iv_add(dwr, t, q);
            iv_dot(ws, a, dp, wraw);
            iv_dot(ws, b, p, dwr);
            mpfi_add(a, a, b);
            mpfi_mul(a, a, W);
            iv_dot(ws, b, wraw, dwr);
            iv_dot(ws, x, p, wraw);
            mpfi_mul(b, b, x);
            mpfi_sub(a, a, b);
            mpfi_mul(o->verr0_num, a, sg);
            mpfi_set(o->verr0_den, W);
            o->verr0_k = 3;
        }

        iv_scale(fn, lambda->l[0], n);                  /* (31) */
        ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, pBCo, fn);
        iv_neg(t, fn);
        ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, pFCo, t);
        iv_set(applied, fn);

        if (rolling) {
            ora_v3 *vF = ws_v(ws), *nXdb = ws_v(ws), *nXdf = ws_v(ws), *dnXdb = ws_v(ws), *dnXdf = ws_v(ws);
            ora_v3 *dQf = ws_v(ws), *dQb = ws_v(ws), *dCo = ws_v(ws), *dpF = ws_v(ws), *dpB = ws_v(ws);
            ora_v3 *dvF_ = ws_v(ws), *dvB = ws_v(ws), *dvF = ws_v(ws), *ft = ws_v(ws);
            mpfi_ptr doos = ws_s(ws), dtf = ws_s(ws), dtb = ws_s(ws);
            ik_arm_velocity(ws, t, b2, pBCo);           /* (21) */
            ik_arm_velocity(ws, q, b1, pFCo);
            iv_sub(vF, t, q);
            iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], vF, df);
            iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], vF, Cy);
            mpfi_sqr(doos, oos);                        /* (22) */
            mpfi_mul(doos, doos, ndw);
            mpfi_neg(doos, doos);
            iv_cross(ws, nXdb, n, db);                  /* (23) */
            iv_cross(ws, nXdf, n, df);
            iv_cross(ws, t, dn, db);
            iv_cross(ws, q, n, ddb);
            iv_add(dnXdb, t, q);
            iv_cross(ws, t, dn, df);
            iv_cross(ws, q, n, ddf);
            iv_add(dnXdf, t, q);
            iv_dot(ws, x, dp, nXdb);                    /* (24) */
            iv_dot(ws, y, p, dnXdb);
            mpfi_add(x, x, y);
            mpfi_mul(x, x, oos);
            iv_dot(ws, y, p, nXdb);
            mpfi_mul(y, y, doos);
            mpfi_add(x, x, y);
            mpfi_mul(dtf, x, sg);
            mpfi_neg(dtf, dtf);
            iv_dot(ws, x, dp, nXdf);                    /* (25) */
            iv_dot(ws, y, p, dnXdf);
            mpfi_add(x, x, y);
            mpfi_mul(x, x, oos);
            iv_dot(ws, y, p, nXdf);
            mpfi_mul(y, y, doos);
            mpfi_add(x, x, y);
            mpfi_mul(dtb, x, sg);
            mpfi_neg(dtb, dtb);
            iv_scale(t, dtf, df);                       /* (26) */
            iv_add(dQf, vPf, t);
            iv_scale(t, tf, ddf);
            iv_add(dQf, dQf, t);
            iv_scale(t, dtb, db);
            iv_add(dQb, vPb, t);
            iv_scale(t, tb, ddb);
            iv_add(dQb, dQb, t);
            iv_add(dCo, dQf, dQb);
            iv_mul_2si(dCo, dCo, -1);
            iv_sub(dpF, dCo, &b1->v);                   /* (27) */
            iv_sub(dpB, dCo, &b2->v);
            iv_cross(ws, t, &b1->b, pFCo);              /* (28) */
            iv_add(dvF_, &b1->a, t);
            iv_cross(ws, t, &b1->w, dpF);
            iv_add(dvF_, dvF_, t);
            iv_cross(ws, t, &b2->b, pBCo);
            iv_add(dvB, &b2->a, t);
            iv_cross(ws, t, &b2->w, dpB);
            iv_add(dvB, dvB, t);
            iv_sub(dvF, dvB, dvF_);
            iv_dot(ws, o->v[CCREF_SLOT_AERR + 1], dvF, df);    /* (29)-(30) dCx = ddf, dCy = d_nXdf */
            iv_dot(ws, x, vF, ddf);
            mpfi_add(o->v[CCREF_SLOT_AERR + 1], o->v[CCREF_SLOT_AERR + 1], x);
            iv_dot(ws, o->v[CCREF_SLOT_AERR + 2], dvF, Cy);
            iv_dot(ws, x, vF, dnXdf);
            mpfi_add(o->v[CCREF_SLOT_AERR + 2], o->v[CCREF_SLOT_AERR + 2], x);
            iv_scale(ft, lambda->l[1], df);             /* (31) */
            iv_scale(t, lambda->l[2], Cy);
            iv_add(ft, ft, t);
            ik_force_at_arm_add(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, pBCo, ft);
            iv_neg(q, ft);
            ik_force_at_arm_add(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, pFCo, q);
            iv_scale(t, lambda->l[1], df);              /* (33) */
            iv_add(applied, applied, t);
            iv_scale(t, lambda->l[2], Cy);
            iv_add(applied, applied, t);

            /* Slip form: V = W vF with W Co = (W Qf + W Qb)/2, W Qf = W Pf + (W tf) df, W tf = -db.(p x wraw). */
            if (o->want_forms) {
            ora_v3 *pxw = ws_v(ws), *WCo = ws_v(ws), *V = ws_v(ws), *a3 = ws_v(ws), *wxdf = ws_v(ws);
            mpfi_ptr Wt = ws_s(ws);
            iv_cross(ws, pxw, p, wraw);
            iv_dot(ws, Wt, db, pxw);
            mpfi_neg(Wt, Wt);
            iv_scale(WCo, W, Pf);
            iv_scale(t, Wt, df);
            iv_add(WCo, WCo, t);
            iv_dot(ws, Wt, df, pxw);
            mpfi_neg(Wt, Wt);
            iv_scale(t, W, Pb);
            iv_add(WCo, WCo, t);
            iv_scale(t, Wt, db);
            iv_add(WCo, WCo, t);
            iv_mul_2si(WCo, WCo, -1);
            iv_sub(t, &b2->v, &b1->v);
            iv_scale(V, W, t);
            iv_scale(t, W, &b2->p);
            iv_sub(t, WCo, t);
            iv_cross(ws, a3, &b2->w, t);
            iv_add(V, V, a3);
            iv_scale(t, W, &b1->p);
            iv_sub(t, WCo, t);
            iv_cross(ws, a3, &b1->w, t);
            iv_sub(V, V, a3);
            iv_cross(ws, wxdf, wraw, df);
            iv_dot(ws, x, V, df);
            mpfi_sqr(x, x);
            mpfi_mul(x, x, W);
            iv_dot(ws, y, V, wxdf);
            mpfi_sqr(y, y);
            mpfi_add(o->slip_num, x, y);
            mpfi_sqr(x, W);
            mpfi_mul(o->slip_den, x, W);
            }
        }
        o->sense = sense;                               /* (32) */
        o->lines_are_parallel = 0;
        out_set_v3(o, CCREF_SLOT_LOL_CLOSEST1, Qf);
        out_set_v3(o, CCREF_SLOT_LOL_CLOSEST2, Qb);
        for (int i = 0; i < 3; i++) {
            mpfi_srcptr cx[3] = {df->x, df->y, df->z}, cy[3] = {Cy->x, Cy->y, Cy->z}, cz[3] = {n->x, n->y, n->z};
            mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3 * i + 0], cx[i]);
            mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3 * i + 1], cy[i]);
            mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3 * i + 2], cz[i]);
        }
        out_set_v3(o, CCREF_SLOT_LOL_FRAME_P, Co);
        mpfi_set(o->v[CCREF_SLOT_LOL_SEPARATION], o->v[CCREF_SLOT_PERR]);
        iv_neg(t, applied);                             /* (33) */
        out_set_v3(o, CCREF_SLOT_LOL_FORCE_ON_BODY2, t);
        o->deviations = 0;
    }
done:
    ws_release(ws, m);
    return st;
}
