/* line_on_line.c: oracle mirror of Constraint::LineOnLineContact (spec/line_on_line.md, formulas 1-37).
 * Exact decisions (spec/oracle.md):
 *   parallel  wraw.wraw < 2^-91, wraw = df x db (polynomial);
 *   sense     |wsf| > |wsb| decided on |wsf| - |wsb|, then the sign (>= 0) of wsf or wsb (polynomials).
 * Forms: verr[0] = A / W^(3/2) with W = wraw.wraw and
 *        A = sg (W (dp.wraw + p.dwraw) - (wraw.dwraw)(p.wraw)), dwraw = ddf x db + df x ddb;
 *        slip^2 = ((V.df)^2 W + (V.(wraw x df))^2) / W^3 with V = W vF (W Co is polynomial:
 *        W tf = -db.(p x wraw), W tb = -df.(p x wraw)).
 * One function per stage of the spec: the edge geometry and the parallel decision (1)-(4), the parallel fallback
 * (34)-(37), the sense (5), the normal, closest points and contact frame (6)-(10), the normal row (11)-(20) and its
 * verr[0] form, the normal force (31), the rolling rows (21)-(30) with the friction force and the slip form, the
 * auxiliary outputs (32)-(33). The stages take their temporaries from the workspace in the formulas' order and none
 * releases them: ora_line_on_line_eval's one mark releases them all (the pools are fixed-size, internal.h). */
#include "internal.h"

/* The edge geometry (1)-(4); the closest points Qf, Qb and the contact origin Co, which both branches write; the
 * scratch every stage shares: t, q, x, y. */
typedef struct {
    ora_v3 *df, *sf, *db, *sb, *armPf, *Pf, *armPb, *Pb, *p, *wraw, *t, *q, *Qf, *Qb, *Co;
    mpfi_ptr W, x, y; /* W = wraw . wraw */
} lol_edges;

/* The non-parallel contact: w = sg wraw, s = |w|, oos = 1/s, the normal n and frame column Cy (6)-(9), the arms of
 * Co (10), the edge parameters tf, tb (7), the first and second derivatives of p, df, db, w and n (12)-(19), the
 * normal force fn and the applied force (31), (33). */
typedef struct {
    ora_v3 *w, *n, *pXn, *Cy, *pFCo, *pBCo, *vPf, *vPb, *dp, *ddf, *ddb, *dw, *dn, *d2p, *d2df, *d2db, *d2w, *ddw;
    ora_v3 *d2n, *fn, *applied;
    mpfi_ptr sg, s, oos, tf, tb, ndw;
} lol_contact;

/* The rolling rows (21)-(30): the slip velocity vF, the cross products of n with the edges and their rates, the rates
 * of the closest points, of Co and of its arms, the slip acceleration dvF, the friction force ft. */
typedef struct {
    ora_v3 *vF, *nXdb, *nXdf, *dnXdb, *dnXdf, *dQf, *dQb, *dCo, *dpF, *dpB, *dvF_, *dvB, *dvF, *ft;
    mpfi_ptr doos, dtf, dtb;
} lol_rolling;

static void take_edges(ora_ws *ws, lol_edges *E)
{
    E->df = ws_v(ws); E->sf = ws_v(ws); E->db = ws_v(ws); E->sb = ws_v(ws); E->armPf = ws_v(ws);
    E->Pf = ws_v(ws); E->armPb = ws_v(ws); E->Pb = ws_v(ws); E->p = ws_v(ws); E->wraw = ws_v(ws);
    E->t = ws_v(ws); E->q = ws_v(ws); E->Qf = ws_v(ws); E->Qb = ws_v(ws); E->Co = ws_v(ws);
    E->W = ws_s(ws); E->x = ws_s(ws); E->y = ws_s(ws);
}

static void take_contact(ora_ws *ws, lol_contact *C)
{
    C->w = ws_v(ws); C->n = ws_v(ws); C->pXn = ws_v(ws); C->Cy = ws_v(ws); C->pFCo = ws_v(ws); C->pBCo = ws_v(ws);
    C->vPf = ws_v(ws); C->vPb = ws_v(ws); C->dp = ws_v(ws); C->ddf = ws_v(ws); C->ddb = ws_v(ws); C->dw = ws_v(ws);
    C->dn = ws_v(ws); C->d2p = ws_v(ws); C->d2df = ws_v(ws); C->d2db = ws_v(ws); C->d2w = ws_v(ws);
    C->ddw = ws_v(ws); C->d2n = ws_v(ws); C->fn = ws_v(ws); C->applied = ws_v(ws);
    C->sg = ws_s(ws); C->s = ws_s(ws); C->oos = ws_s(ws); C->tf = ws_s(ws); C->tb = ws_s(ws); C->ndw = ws_s(ws);
}

static void take_rolling(ora_ws *ws, lol_rolling *R)
{
    R->vF = ws_v(ws); R->nXdb = ws_v(ws); R->nXdf = ws_v(ws); R->dnXdb = ws_v(ws); R->dnXdf = ws_v(ws);
    R->dQf = ws_v(ws); R->dQb = ws_v(ws); R->dCo = ws_v(ws); R->dpF = ws_v(ws); R->dpB = ws_v(ws);
    R->dvF_ = ws_v(ws); R->dvB = ws_v(ws); R->dvF = ws_v(ws); R->ft = ws_v(ws);
    R->doos = ws_s(ws); R->dtf = ws_s(ws); R->dtb = ws_s(ws);
}

/* (1)-(4): the edge directions df, db and sides sf, sb in G, the edge points Pf, Pb, p = Pb - Pf, wraw = df x db and
 * W = wraw . wraw, the quantity of the parallel test. */
static void edge_geometry(ora_ws *ws, const ora_line_on_line_params *prm, const ora_body *b1, const ora_body *b2,
                          const lol_edges *E)
{
    const ora_frame *Ef = &prm->edge_frame1_in_b1, *Eb = &prm->edge_frame2_in_b2;
    ora_v3 *df = E->df, *sf = E->sf, *db = E->db, *sb = E->sb, *armPf = E->armPf, *Pf = E->Pf, *armPb = E->armPb;
    ora_v3 *Pb = E->Pb, *p = E->p, *wraw = E->wraw, *t = E->t;
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
    iv_dot(ws, E->W, wraw, wraw);
}

/* (34)-(37) The parallel fallback: the projections of the edge points and their midpoint; the rows, forces and other
 * frame columns stay the [0, 0] of out_reset. */
static void parallel_fallback(ora_ws *ws, const lol_edges *E, ora_out *o)
{
    ora_v3 *df = E->df, *db = E->db, *Pf = E->Pf, *Pb = E->Pb, *p = E->p, *t = E->t, *q = E->q;
    ora_v3 *Qf = E->Qf, *Qb = E->Qb, *Co = E->Co;
    mpfi_ptr x = E->x;
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
}

/* (5) The sense, decided on the exact wsf = wraw . sf and wsb = wraw . sb (polynomials): the sign of |wsf| - |wsb|,
 * then that of the larger one; kept when already decided or forced. */
static ora_eval_status decide_sense(ora_ws *ws, const lol_edges *E, ora_decisions *d)
{
    if (d->v[ORA_D_SENSE] != ORA_DEC_AUTO)
        return ORA_EVAL_OK;
    mpfi_ptr x = E->x, y = E->y;
    mpfi_ptr wsf = ws_s(ws), wsb = ws_s(ws);
    iv_dot(ws, wsf, E->wraw, E->sf);
    iv_dot(ws, wsb, E->wraw, E->sb);
    mpfi_abs(x, wsf);
    mpfi_abs(y, wsb);
    mpfi_sub(x, x, y);
    int c = ora_sign(x), s;
    if (c == ORA_SIGN_UNKNOWN || (s = ora_sign(c > 0 ? wsf : wsb)) == ORA_SIGN_UNKNOWN)
        return ora_undecided(d, ORA_D_SENSE);
    int sense = c > 0 ? (s >= 0 ? 1 : -1) : (s >= 0 ? -1 : 1);
    ora_decide(d, ORA_D_SENSE, sense, ws_prec(ws));
    return ORA_EVAL_OK;
}

/* (6)-(10) The normal n = w / s (w = sg wraw), the edge parameters tf, tb of the closest points Qf, Qb, their
 * midpoint Co, the frame column Cy = n x df and the arms of Co from both bodies. */
static void normal_and_frame(ora_ws *ws, const ora_body *b1, const ora_body *b2, int sense, const lol_edges *E,
                             const lol_contact *C)
{
    ora_v3 *df = E->df, *db = E->db, *Pf = E->Pf, *Pb = E->Pb, *p = E->p, *t = E->t, *Qf = E->Qf, *Qb = E->Qb;
    ora_v3 *Co = E->Co, *w = C->w, *n = C->n, *pXn = C->pXn;
    mpfi_ptr x = E->x, sg = C->sg, s = C->s, oos = C->oos, tf = C->tf, tb = C->tb;
    mpfi_set_si(sg, sense);
    iv_scale(w, sg, E->wraw);                           /* (6) */
    iv_dot(ws, s, w, w);
    mpfi_sqrt(s, s);
    mpfi_ui_div(oos, 1, s);
    iv_scale(n, oos, w);
    iv_cross(ws, pXn, p, n);                            /* (7) */
    mpfi_mul(tf, sg, oos);
    mpfi_neg(tf, tf);
    mpfi_set(tb, tf);
    iv_dot(ws, x, db, pXn);
    mpfi_mul(tf, tf, x);
    iv_dot(ws, x, df, pXn);
    mpfi_mul(tb, tb, x);
    iv_scale(t, tf, df);                                /* (8) */
    iv_add(Qf, Pf, t);
    iv_scale(t, tb, db);
    iv_add(Qb, Pb, t);
    iv_add(Co, Qf, Qb);
    iv_mul_2si(Co, Co, -1);
    iv_cross(ws, C->Cy, n, df);                         /* (9) */
    iv_sub(C->pFCo, Co, &b1->p);                        /* (10) */
    iv_sub(C->pBCo, Co, &b2->p);
}

/* (11)-(15) perr and verr of the normal row, with the rates of the edge points, edges, w and n they need. */
static void normal_velocity_row(ora_ws *ws, const ora_body *b1, const ora_body *b2, const lol_edges *E,
                                const lol_contact *C, ora_out *o)
{
    ora_v3 *df = E->df, *db = E->db, *p = E->p, *t = E->t, *q = E->q, *n = C->n, *dp = C->dp, *ddf = C->ddf;
    ora_v3 *ddb = C->ddb, *dw = C->dw, *dn = C->dn;
    mpfi_ptr x = E->x, ndw = C->ndw;
    iv_dot(ws, o->v[CCREF_SLOT_PERR], p, n);            /* (11) */
    ik_arm_velocity(ws, C->vPf, b1, E->armPf);          /* (12) */
    ik_arm_velocity(ws, C->vPb, b2, E->armPb);
    iv_sub(dp, C->vPb, C->vPf);
    iv_cross(ws, ddf, &b1->w, df);                      /* (13) */
    iv_cross(ws, ddb, &b2->w, db);
    iv_cross(ws, t, ddf, db);                           /* (14) */
    iv_cross(ws, q, df, ddb);
    iv_add(dw, t, q);
    iv_scale(dw, C->sg, dw);
    iv_dot(ws, ndw, n, dw);
    iv_scale(t, ndw, n);
    iv_sub(t, dw, t);
    iv_scale(dn, C->oos, t);
    iv_dot_add(ws, o->v[CCREF_SLOT_VERR], x, dp, n, p, dn); /* (15) */
}

/* (16)-(20) aerr of the normal row, through the second derivatives of p, df, db, w and n. */
static void normal_acceleration_row(ora_ws *ws, const ora_body *b1, const ora_body *b2, const lol_edges *E,
                                    const lol_contact *C, ora_out *o)
{
    ora_v3 *df = E->df, *db = E->db, *p = E->p, *t = E->t, *q = E->q, *n = C->n, *dp = C->dp, *ddf = C->ddf;
    ora_v3 *ddb = C->ddb, *dw = C->dw, *dn = C->dn, *d2p = C->d2p, *d2df = C->d2df, *d2db = C->d2db, *d2w = C->d2w;
    ora_v3 *ddw = C->ddw, *d2n = C->d2n;
    mpfi_ptr x = E->x, y = E->y, oos = C->oos, ndw = C->ndw;
    ik_arm_acceleration(ws, t, b2, E->armPb);           /* (16) */
    ik_arm_acceleration(ws, q, b1, E->armPf);
    iv_sub(d2p, t, q);
    iv_cross(ws, t, &b1->b, df);                        /* (17) */
    iv_cross(ws, q, &b1->w, ddf);
    iv_add(d2df, t, q);
    iv_cross(ws, t, &b2->b, db);
    iv_cross(ws, q, &b2->w, ddb);
    iv_add(d2db, t, q);
    iv_cross(ws, t, d2df, db);                          /* (18) */
    iv_cross(ws, q, ddf, ddb);
    iv_mul_2si(q, q, 1);
    iv_add(d2w, t, q);
    iv_cross(ws, t, df, d2db);
    iv_add(d2w, d2w, t);
    iv_scale(d2w, C->sg, d2w);
    mpfi_mul(x, oos, ndw);                              /* (19) */
    iv_scale(t, x, dw);
    iv_sub(ddw, d2w, t);
    iv_scale(t, ndw, dn);
    iv_sub(d2n, ddw, t);
    iv_dot_add(ws, x, y, n, ddw, dn, dw);
    iv_scale(t, x, n);
    iv_sub(d2n, d2n, t);
    iv_scale(d2n, oos, d2n);
    iv_dot(ws, o->v[CCREF_SLOT_AERR], d2p, n);          /* (20) */
    iv_dot(ws, x, dp, dn);
    mpfi_mul_2si(x, x, 1);
    mpfi_add(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], x);
    iv_dot(ws, x, p, d2n);
    mpfi_add(o->v[CCREF_SLOT_AERR], o->v[CCREF_SLOT_AERR], x);
}

/* The polynomial form of verr[0] for the exact impact decisions: A = sg (W (dp.wraw + p.dwraw) - (wraw.dwraw)(p.wraw)),
 * den W, k = 3. */
static void verr0_form(ora_ws *ws, const lol_edges *E, const lol_contact *C, ora_out *o)
{
    ora_v3 *df = E->df, *db = E->db, *p = E->p, *wraw = E->wraw, *t = E->t, *q = E->q;
    mpfi_ptr W = E->W, x = E->x;
    ora_v3 *dwr = ws_v(ws);
    mpfi_ptr a = ws_s(ws), b = ws_s(ws);
    iv_cross(ws, t, C->ddf, db);
    iv_cross(ws, q, df, C->ddb);
    iv_add(dwr, t, q);
    iv_dot_add(ws, a, b, C->dp, wraw, p, dwr);
    mpfi_mul(a, a, W);
    iv_dot(ws, b, wraw, dwr);
    iv_dot(ws, x, p, wraw);
    mpfi_mul(b, b, x);
    mpfi_sub(a, a, b);
    mpfi_mul(o->verr0_num, a, C->sg);
    mpfi_set(o->verr0_den, W);
    o->verr0_k = 3;
}

/* (31) The normal force fn = lambda_0 n at Co on body 2, its opposite on body 1; the applied force starts at fn. */
static void normal_force(ora_ws *ws, const ora_lambda *lambda, const lol_edges *E, const lol_contact *C, ora_out *o)
{
    ora_v3 *t = E->t, *fn = C->fn;
    iv_scale(fn, lambda->l[0], C->n);                   /* (31) */
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, C->pBCo, fn);
    iv_neg(t, fn);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, C->pFCo, t);
    iv_set(C->applied, fn);
}

/* (21) The slip velocity vF of the contact point and the rows verr_1 = vF . Cx, verr_2 = vF . Cy (Cx = df). */
static void slip_velocity_rows(ora_ws *ws, const ora_body *b1, const ora_body *b2, const lol_edges *E,
                               const lol_contact *C, const lol_rolling *R, ora_out *o)
{
    ora_v3 *t = E->t, *q = E->q, *vF = R->vF;
    ik_arm_velocity(ws, t, b2, C->pBCo);                /* (21) */
    ik_arm_velocity(ws, q, b1, C->pFCo);
    iv_sub(vF, t, q);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], vF, E->df);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], vF, C->Cy);
}

/* (24), (25) The rate of an edge parameter, dt = -sg (oos (dp . nX + p . dnX) + doos (p . nX)), with nX = n x db
 * and its rate dnX for tf, n x df for tb. */
static void edge_parameter_rate(ora_ws *ws, mpfi_ptr dt, const ora_v3 *nX, const ora_v3 *dnX, const lol_edges *E,
                                const lol_contact *C, const lol_rolling *R)
{
    mpfi_ptr x = E->x, y = E->y;
    iv_dot_add(ws, x, y, C->dp, nX, E->p, dnX);
    mpfi_mul(x, x, C->oos);
    iv_dot(ws, y, E->p, nX);
    mpfi_mul(y, y, R->doos);
    mpfi_add(x, x, y);
    mpfi_mul(dt, x, C->sg);
    mpfi_neg(dt, dt);
}

/* (22)-(25) The rates dtf, dtb of the edge parameters, through doos = d(1/s) and the rates of n x db, n x df. */
static void edge_parameter_rates(ora_ws *ws, const lol_edges *E, const lol_contact *C, const lol_rolling *R)
{
    ora_v3 *df = E->df, *db = E->db, *t = E->t, *q = E->q, *n = C->n, *dn = C->dn;
    ora_v3 *nXdb = R->nXdb, *nXdf = R->nXdf, *dnXdb = R->dnXdb, *dnXdf = R->dnXdf;
    mpfi_ptr doos = R->doos;
    mpfi_sqr(doos, C->oos);                             /* (22) */
    mpfi_mul(doos, doos, C->ndw);
    mpfi_neg(doos, doos);
    iv_cross(ws, nXdb, n, db);                          /* (23) */
    iv_cross(ws, nXdf, n, df);
    iv_cross(ws, t, dn, db);
    iv_cross(ws, q, n, C->ddb);
    iv_add(dnXdb, t, q);
    iv_cross(ws, t, dn, df);
    iv_cross(ws, q, n, C->ddf);
    iv_add(dnXdf, t, q);
    edge_parameter_rate(ws, R->dtf, nXdb, dnXdb, E, C, R); /* (24) */
    edge_parameter_rate(ws, R->dtb, nXdf, dnXdf, E, C, R); /* (25) */
}

/* (26)-(30) The rates of the closest points and of Co, the acceleration dvF of the slip and the rows aerr_1, aerr_2
 * (dCx = ddf, dCy = d(n x df)). */
static void slip_acceleration_rows(ora_ws *ws, const ora_body *b1, const ora_body *b2, const lol_edges *E,
                                   const lol_contact *C, const lol_rolling *R, ora_out *o)
{
    ora_v3 *df = E->df, *db = E->db, *t = E->t, *ddf = C->ddf, *ddb = C->ddb, *dQf = R->dQf, *dQb = R->dQb;
    ora_v3 *dCo = R->dCo, *dpF = R->dpF, *dpB = R->dpB, *dvF_ = R->dvF_, *dvB = R->dvB, *dvF = R->dvF, *vF = R->vF;
    iv_scale(t, R->dtf, df);                            /* (26) */
    iv_add(dQf, C->vPf, t);
    iv_scale(t, C->tf, ddf);
    iv_add(dQf, dQf, t);
    iv_scale(t, R->dtb, db);
    iv_add(dQb, C->vPb, t);
    iv_scale(t, C->tb, ddb);
    iv_add(dQb, dQb, t);
    iv_add(dCo, dQf, dQb);
    iv_mul_2si(dCo, dCo, -1);
    iv_sub(dpF, dCo, &b1->v);                           /* (27) */
    iv_sub(dpB, dCo, &b2->v);
    ik_moving_arm_acceleration(ws, dvF_, t, b1, C->pFCo, dpF); /* (28) */
    ik_moving_arm_acceleration(ws, dvB, t, b2, C->pBCo, dpB);
    iv_sub(dvF, dvB, dvF_);
    iv_dot_add(ws, o->v[CCREF_SLOT_AERR + 1], E->x, dvF, df, vF, ddf); /* (29)-(30) dCx = ddf, dCy = d_nXdf */
    iv_dot_add(ws, o->v[CCREF_SLOT_AERR + 2], E->x, dvF, C->Cy, vF, R->dnXdf);
}

/* The slip form for the exact COF decision: V = W vF with W Co = (W Qf + W Qb)/2, W Qf = W Pf + (W tf) df,
 * W tf = -db.(p x wraw) (polynomials); slip^2 = ((V.df)^2 W + (V.(wraw x df))^2) / W^3. */
static void slip_form(ora_ws *ws, const ora_body *b1, const ora_body *b2, const lol_edges *E, ora_out *o)
{
    ora_v3 *df = E->df, *db = E->db, *p = E->p, *wraw = E->wraw, *t = E->t;
    mpfi_ptr W = E->W, x = E->x, y = E->y;
    ora_v3 *pxw = ws_v(ws), *WCo = ws_v(ws), *V = ws_v(ws), *a3 = ws_v(ws), *wxdf = ws_v(ws);
    mpfi_ptr Wt = ws_s(ws);
    iv_cross(ws, pxw, p, wraw);
    iv_dot(ws, Wt, db, pxw);
    mpfi_neg(Wt, Wt);
    iv_scale(WCo, W, E->Pf);
    iv_scale(t, Wt, df);
    iv_add(WCo, WCo, t);
    iv_dot(ws, Wt, df, pxw);
    mpfi_neg(Wt, Wt);
    iv_scale(t, W, E->Pb);
    iv_add(WCo, WCo, t);
    iv_scale(t, Wt, db);
    iv_add(WCo, WCo, t);
    iv_mul_2si(WCo, WCo, -1);
    ik_scaled_relative_velocity(ws, V, W, WCo, b1, b2, t, a3);
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

/* (21)-(31), (33) The rolling rows, the friction force and, for the contact layer, the slip form. */
static void rolling_rows(ora_ws *ws, const ora_body *b1, const ora_body *b2, const ora_lambda *lambda,
                         const lol_edges *E, const lol_contact *C, ora_out *o)
{
    lol_rolling R;
    take_rolling(ws, &R);
    slip_velocity_rows(ws, b1, b2, E, C, &R, o);
    edge_parameter_rates(ws, E, C, &R);
    slip_acceleration_rows(ws, b1, b2, E, C, &R, o);
    /* (31), (33) the friction force ft = lambda_1 Cx + lambda_2 Cy (Cx = df) */
    ik_friction_force_add(ws, o->v, lambda, E->df, C->Cy, C->pFCo, C->pBCo, C->applied, R.ft, E->t, E->q);
    if (o->want_forms)
        slip_form(ws, b1, b2, E, o);
}

/* (32)-(33) The auxiliary outputs of the non-parallel contact: sense, closest points, frame [df Cy n] at Co,
 * separation = perr, force on body 2 = -applied. */
static void contact_outputs(int sense, const lol_edges *E, const lol_contact *C, ora_out *o)
{
    ora_v3 *df = E->df, *t = E->t, *Cy = C->Cy, *n = C->n;
    o->sense = sense;                                   /* (32) */
    o->lines_are_parallel = 0;
    out_set_v3(o, CCREF_SLOT_LOL_CLOSEST1, E->Qf);
    out_set_v3(o, CCREF_SLOT_LOL_CLOSEST2, E->Qb);
    for (int i = 0; i < 3; i++) {
        mpfi_srcptr cx[3] = {df->x, df->y, df->z}, cy[3] = {Cy->x, Cy->y, Cy->z}, cz[3] = {n->x, n->y, n->z};
        mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3 * i + 0], cx[i]);
        mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3 * i + 1], cy[i]);
        mpfi_set(o->v[CCREF_SLOT_LOL_FRAME_R + 3 * i + 2], cz[i]);
    }
    out_set_v3(o, CCREF_SLOT_LOL_FRAME_P, E->Co);
    mpfi_set(o->v[CCREF_SLOT_LOL_SEPARATION], o->v[CCREF_SLOT_PERR]);
    iv_neg(t, C->applied);                              /* (33) */
    out_set_v3(o, CCREF_SLOT_LOL_FORCE_ON_BODY2, t);
    o->deviations = 0;
}

/* The non-parallel edges: the sense decision, then every output (5)-(33). */
static ora_eval_status crossing_edges(ora_ws *ws, int rolling, const ora_body *b1, const ora_body *b2,
                                      const ora_lambda *lambda, const lol_edges *E, ora_decisions *d, ora_out *o)
{
    ora_eval_status st = decide_sense(ws, E, d);
    if (st != ORA_EVAL_OK)
        return st;
    const int sense = d->v[ORA_D_SENSE] > 0 ? 1 : -1;
    lol_contact C;
    take_contact(ws, &C);
    normal_and_frame(ws, b1, b2, sense, E, &C);
    normal_velocity_row(ws, b1, b2, E, &C, o);
    normal_acceleration_row(ws, b1, b2, E, &C, o);
    if (o->want_forms)
        verr0_form(ws, E, &C, o);
    normal_force(ws, lambda, E, &C, o);
    if (rolling)
        rolling_rows(ws, b1, b2, lambda, E, &C, o);
    contact_outputs(sense, E, &C, o);
    return ORA_EVAL_OK;
}

ora_eval_status ora_line_on_line_eval(ora_ws *ws, const ora_line_on_line_params *prm, const ora_body *b1,
                                      const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    const int rolling = prm->rolling != 0;
    lol_edges E;
    take_edges(ws, &E);
    out_reset(o, CCREF_KIND_LINE_ON_LINE, CCREF_SLOT_LOL_N, 1, rolling ? 2 : 0);
    edge_geometry(ws, prm, b1, b2, &E);
    ora_eval_status st = ora_decide_below_pow2(ws, d, ORA_D_PARALLEL, E.W, -91, E.x); /* (4) parallel iff W < 2^-91 */
    if (st == ORA_EVAL_OK && d->v[ORA_D_PARALLEL])
        parallel_fallback(ws, &E, o);
    else if (st == ORA_EVAL_OK)
        st = crossing_edges(ws, rolling, b1, b2, lambda, &E, d, o);
    ws_release(ws, m);
    return st;
}
