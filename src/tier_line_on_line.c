/* tier_line_on_line.c: the formula of Constraint::LineOnLineContact (spec/line_on_line.md) for the tolerance tiers
 * (ccref_tiers.h), the formula numbers of the spec:
 * df = R1 Ef.x, db = R2 Eb.x; Pf = p1 + R1 Ef.p, Pb = p2 + R2 Eb.p; p = Pb - Pf; wraw = df x db.
 * Parallel (d->branch[PARALLEL]): Qf = Pf + ((p.df)/2) df, Qb = Pb + (((Pf - Pb).db)/2) db, Co = 0.5 (Qf + Qb),
 *   frame column 0 = df; rows, forces, separation and the other frame columns exact zeros (34-37).
 * Otherwise, sg = d->branch[SENSE] (decided on wsf = wraw.sf, wsb = wraw.sb; sf = R1 Ef.z, sb = R2 Eb.z):
 *   w = sg wraw, s = sqrt(wraw.wraw), oos = 1/s, n = oos w;
 *   tf = -sg oos (db.(p x n)), tb = -sg oos (df.(p x n)); Qf = Pf + tf df, Qb = Pb + tb db, Co = 0.5 (Qf + Qb);
 *   frame (Cx = df, Cy = n x df, Cz = n; Co); perr = p.n; verr, aerr of the normal row (11-20); rolling: the slip
 *   rows (21-30); forces lambda_0 n (+ lambda_1 Cx + lambda_2 Cy) at Co, their opposite on body 1 (31);
 *   separation = perr, force_on_body2 applied = -((lambda_0 n + lambda_1 Cx) + lambda_2 Cy) (32-33).
 * Decisions: wraw.wraw against 2^-91 and the sense rule (5): a tier whose evaluations may decide otherwise claims
 * nothing (tier_decision; the sense as src/bounds.c's possible_senses, per tier).
 * The edge parameters tf, tb (formula 7) are computed by a function the caller may replace
 * (tier_line_on_line_using): the order test's deliberately worse formula does (tests/order_gram.c). */
#include <math.h>

#include "tier_dag.h"

/* (1)-(4) and what the later formulas share. */
typedef struct {
    tier_body B1, B2;
    tv df, sf, db, sb, armPf, armPb, Pf, Pb, p, wraw;
    tx wraw2; /* wraw . wraw: the parallel test, and s^2 */
} lol_edges;

/* (6)-(10) */
typedef struct {
    tx sg, oos, tf, tb;
    tv n, Co, Cx, Cy, p_FCo, p_BCo;
} lol_frame;

/* (11)-(15): what the rolling rows reuse. */
typedef struct {
    tv vPf, vPb, dp, ddf, ddb, dn;
    tx ndw;
} lol_rates;

static lol_edges edges_of(tier_dag *d, const ccref_case *c)
{
    const ccref_line_on_line_params *prm = &c->params.line_on_line;
    lol_edges g;
    g.B1 = tier_body_in(d, &c->body1);
    g.B2 = tier_body_in(d, &c->body2);
    tm Ef = tm_in(d, &prm->edge_frame1_in_b1.R), Eb = tm_in(d, &prm->edge_frame2_in_b2.R);
    g.df = tm_apply(d, g.B1.R, tm_col(Ef, 0));
    g.sf = tm_apply(d, g.B1.R, tm_col(Ef, 2));
    g.db = tm_apply(d, g.B2.R, tm_col(Eb, 0));
    g.sb = tm_apply(d, g.B2.R, tm_col(Eb, 2));
    g.armPf = tm_apply(d, g.B1.R, tv_in(d, prm->edge_frame1_in_b1.p));
    g.Pf = tv_add(d, g.B1.p, g.armPf);
    g.armPb = tm_apply(d, g.B2.R, tv_in(d, prm->edge_frame2_in_b2.p));
    g.Pb = tv_add(d, g.B2.p, g.armPb);
    g.p = tv_refine(d, tv_sub(d, g.Pb, g.Pf));            /* L0, as src/bounds.c */
    g.wraw = tv_refine(d, tv_cross(d, g.df, g.db));      /* L0 */
    g.wraw2 = tv_dot(d, g.wraw, g.wraw);
    return g;
}

/* (34)-(37) */
static void parallel_fallback(tier_dag *d, const lol_edges *g)
{
    tx two = tx_in(d, 2.0);
    tv Qf = tv_add(d, g->Pf, tv_scale(d, tx_div(d, tv_dot(d, g->p, g->df), two), g->df));
    tv Qb = tv_add(d, g->Pb, tv_scale(d, tx_div(d, tv_dot(d, tv_sub(d, g->Pf, g->Pb), g->db), two), g->db));
    tier_put3(d, CCREF_SLOT_LOL_CLOSEST1, Qf);
    tier_put3(d, CCREF_SLOT_LOL_CLOSEST2, Qb);
    tier_put3(d, CCREF_SLOT_LOL_FRAME_P, tv_scale(d, tx_in(d, 0.5), tv_add(d, Qf, Qb)));
    const tx df[3] = {g->df.x, g->df.y, g->df.z};
    for (int i = 0; i < 3; i++) { /* row i of the rotation: (df_i, 0, 0) */
        tier_put(d, CCREF_SLOT_LOL_FRAME_R + 3 * i, df[i]);
        tier_put_zero(d, CCREF_SLOT_LOL_FRAME_R + 3 * i + 1, 2);
    }
    tier_put_zero(d, CCREF_SLOT_PERR, CCREF_SLOT_AUX - CCREF_SLOT_PERR); /* rows and both body forces */
    tier_put_zero(d, CCREF_SLOT_LOL_SEPARATION, 1);
    tier_put_zero(d, CCREF_SLOT_LOL_FORCE_ON_BODY2, 3);
}

/* Formula 5's decision in each tier: the senses an evaluation may take when the computed wsf, wsb lie within
 * e_tier + e_double of their canonical values (within e_double of the exact ones): the comparison |wsf| > |wsb| and
 * the sign of the deciding one, each either way when its interval allows it. Both senses possible: no claim. */
static void sense_decision(tier_dag *d, tx wsf, tx wsb)
{
    if (d->failed || (d->bands & (1u << CCREF_DECISION_SENSE))) /* both senses are answers of the vectors */
        return;
    const tier_node *f = &d->node[wsf], *b = &d->node[wsb];
    const double safe = 1.0 + 0x1p-40; /* the rounding of the sums below, as tier_dag.c's SAFE */
    for (int t = 0; t < CCREF_TIER_COUNT; t++) {
        double ef = (f->e[t] + f->e[CCREF_TIER_DOUBLE]) * safe, eb = (b->e[t] + b->e[CCREF_TIER_DOUBLE]) * safe;
        double lo_f = fmax(0.0, fabs(f->c) - ef), lo_b = fmax(0.0, fabs(b->c) - eb);
        int f_decides = fabs(f->c) + ef > lo_b, b_decides = !(lo_f > fabs(b->c) + eb); /* also +Inf */
        int plus = 0, minus = 0;
        if (f_decides) { /* sense = wsf >= 0 ? +1 : -1 */
            plus |= !(f->c + ef < 0.0);
            minus |= !(f->c - ef >= 0.0);
        }
        if (b_decides) { /* sense = wsb >= 0 ? -1 : +1 */
            minus |= !(b->c + eb < 0.0);
            plus |= !(b->c - eb >= 0.0);
        }
        if (plus && minus)
            d->unclaimed[t] = 1;
    }
}

/* Formula 7, the kernel's: tf = -sg oos (db . pXn), tb = -sg oos (df . pXn), pXn = p x n. */
static void kernel_edge_parameters(tier_dag *d, tv p, tv df, tv db, tv n, tx oos, int sense, tx *tf, tx *tb)
{
    tv pXn = tv_cross(d, p, n);
    tx minus_sg_oos = tx_mul(d, tx_in(d, -(double)sense), oos);
    *tf = tx_mul(d, minus_sg_oos, tv_dot(d, db, pXn));
    *tb = tx_mul(d, minus_sg_oos, tv_dot(d, df, pXn));
}

/* (6)-(10) */
static lol_frame frame_of(tier_dag *d, const lol_edges *g, int sense, tier_lol_edge_parameters *edge_parameters)
{
    lol_frame f;
    f.sg = tx_in(d, (double)sense);
    tv w = tv_scale(d, f.sg, g->wraw);                   /* exact: sg = +-1 */
    tx s = tx_sqrt(d, g->wraw2);
    f.oos = tx_div(d, tx_in(d, 1.0), s);
    f.n = tv_scale(d, f.oos, w);
    edge_parameters(d, g->p, g->df, g->db, f.n, f.oos, sense, &f.tf, &f.tb);
    tv Qf = tv_add(d, g->Pf, tv_scale(d, f.tf, g->df));
    tv Qb = tv_add(d, g->Pb, tv_scale(d, f.tb, g->db));
    tier_put3(d, CCREF_SLOT_LOL_CLOSEST1, Qf);
    tier_put3(d, CCREF_SLOT_LOL_CLOSEST2, Qb);
    f.Co = tv_scale(d, tx_in(d, 0.5), tv_add(d, Qf, Qb));
    f.Cx = g->df;
    f.Cy = tv_cross(d, f.n, g->df);
    f.p_FCo = tv_refine(d, tv_sub(d, f.Co, g->B1.p));   /* L0 on the computed Co, as src/bounds.c */
    f.p_BCo = tv_refine(d, tv_sub(d, f.Co, g->B2.p));
    return f;
}

/* (11)-(20) The normal row. */
static lol_rates normal_row(tier_dag *d, const lol_edges *g, const lol_frame *f)
{
    const tier_body *B1 = &g->B1, *B2 = &g->B2;
    const tv p = g->p, df = g->df, db = g->db, n = f->n;
    const tx oos = f->oos, sg = f->sg;
    lol_rates r;
    r.vPf = tier_arm_velocity(d, B1, g->armPf);
    r.vPb = tier_arm_velocity(d, B2, g->armPb);
    r.dp = tv_sub(d, r.vPb, r.vPf);
    r.ddf = tv_cross(d, B1->w, df);
    r.ddb = tv_cross(d, B2->w, db);
    tv dw = tv_scale(d, sg, tv_add(d, tv_cross(d, r.ddf, db), tv_cross(d, df, r.ddb)));
    r.ndw = tv_dot(d, n, dw);
    r.dn = tv_scale(d, oos, tv_sub(d, dw, tv_scale(d, r.ndw, n)));

    tv d2p = tv_sub(d, tier_arm_acceleration(d, B2, g->armPb), tier_arm_acceleration(d, B1, g->armPf));
    tv d2df = tv_add(d, tv_cross(d, B1->b, df), tv_cross(d, B1->w, r.ddf));
    tv d2db = tv_add(d, tv_cross(d, B2->b, db), tv_cross(d, B2->w, r.ddb));
    tx two = tx_in(d, 2.0);
    tv d2w = tv_scale(d, sg, tv_add(d, tv_add(d, tv_cross(d, d2df, db), tv_scale(d, two, tv_cross(d, r.ddf, r.ddb))),
                                    tv_cross(d, df, d2db)));
    tv ddw = tv_sub(d, d2w, tv_scale(d, tx_mul(d, oos, r.ndw), dw));
    tx n_rate = tx_add(d, tv_dot(d, n, ddw), tv_dot(d, r.dn, dw));
    tv d2n = tv_scale(d, oos, tv_sub(d, tv_sub(d, ddw, tv_scale(d, r.ndw, r.dn)), tv_scale(d, n_rate, n)));

    tx perr = tv_dot(d, p, n);
    tier_put(d, CCREF_SLOT_PERR, perr);
    tier_put(d, CCREF_SLOT_LOL_SEPARATION, perr);
    tier_put(d, CCREF_SLOT_VERR, tx_add(d, tv_dot(d, r.dp, n), tv_dot(d, p, r.dn)));
    tier_put(d, CCREF_SLOT_AERR, tx_add(d, tx_add(d, tv_dot(d, d2p, n), tx_mul(d, two, tv_dot(d, r.dp, r.dn))),
                                        tv_dot(d, p, d2n)));
    return r;
}

/* (21)-(30) The slip rows along Cx = df and Cy = n x df. */
static void rolling_rows(tier_dag *d, const lol_edges *g, const lol_frame *f, const lol_rates *r)
{
    const tier_body *B1 = &g->B1, *B2 = &g->B2;
    const tv p = g->p, df = g->df, db = g->db, n = f->n, dp = r->dp, dn = r->dn;
    const tx oos = f->oos, sg = f->sg;
    tv vF = tv_sub(d, tier_arm_velocity(d, B2, f->p_BCo), tier_arm_velocity(d, B1, f->p_FCo));
    tier_put(d, CCREF_SLOT_VERR + 1, tv_dot(d, vF, f->Cx));
    tier_put(d, CCREF_SLOT_VERR + 2, tv_dot(d, vF, f->Cy));

    tx doos = tx_mul(d, tx_mul(d, tx_neg(d, oos), oos), r->ndw);
    tv nXdb = tv_cross(d, n, db), nXdf = tv_cross(d, n, df);
    tv d_nXdb = tv_add(d, tv_cross(d, dn, db), tv_cross(d, n, r->ddb));
    tv d_nXdf = tv_add(d, tv_cross(d, dn, df), tv_cross(d, n, r->ddf));
    tx minus_sg = tx_neg(d, sg);
    tx dtf = tx_mul(d, minus_sg, tx_add(d, tx_mul(d, oos, tx_add(d, tv_dot(d, dp, nXdb), tv_dot(d, p, d_nXdb))),
                                        tx_mul(d, doos, tv_dot(d, p, nXdb))));
    tx dtb = tx_mul(d, minus_sg, tx_add(d, tx_mul(d, oos, tx_add(d, tv_dot(d, dp, nXdf), tv_dot(d, p, d_nXdf))),
                                        tx_mul(d, doos, tv_dot(d, p, nXdf))));
    tv dQf = tv_add(d, tv_add(d, r->vPf, tv_scale(d, dtf, df)), tv_scale(d, f->tf, r->ddf));
    tv dQb = tv_add(d, tv_add(d, r->vPb, tv_scale(d, dtb, db)), tv_scale(d, f->tb, r->ddb));
    tv dCo = tv_scale(d, tx_in(d, 0.5), tv_add(d, dQf, dQb));
    tv dp_FCo = tv_sub(d, dCo, B1->v), dp_BCo = tv_sub(d, dCo, B2->v);
    tv dv_FCo = tv_add(d, tv_add(d, B1->a, tv_cross(d, B1->b, f->p_FCo)), tv_cross(d, B1->w, dp_FCo));
    tv dv_BCo = tv_add(d, tv_add(d, B2->a, tv_cross(d, B2->b, f->p_BCo)), tv_cross(d, B2->w, dp_BCo));
    tv dvF = tv_sub(d, dv_BCo, dv_FCo);
    tier_put(d, CCREF_SLOT_AERR + 1, tx_add(d, tv_dot(d, dvF, f->Cx), tv_dot(d, vF, r->ddf)));
    tier_put(d, CCREF_SLOT_AERR + 2, tx_add(d, tv_dot(d, dvF, f->Cy), tv_dot(d, vF, d_nXdf)));
}

/* (31)-(33) The forces at Co (body 2 +, body 1 -) and the contact frame. */
static void forces_and_frame(tier_dag *d, const ccref_case *c, const lol_frame *f, int rolling)
{
    tv fn = tv_scale(d, tx_in(d, c->lambda[0]), f->n);
    tv m2 = tv_cross(d, f->p_BCo, fn), f2 = fn;
    tv m1 = tv_cross(d, f->p_FCo, tv_neg(d, fn)), f1 = tv_neg(d, fn);
    tv applied = fn;
    if (rolling) {
        tv lx_Cx = tv_scale(d, tx_in(d, c->lambda[1]), f->Cx), ly_Cy = tv_scale(d, tx_in(d, c->lambda[2]), f->Cy);
        tv ft = tv_add(d, lx_Cx, ly_Cy);
        m2 = tv_add(d, m2, tv_cross(d, f->p_BCo, ft));
        f2 = tv_add(d, f2, ft);
        m1 = tv_add(d, m1, tv_cross(d, f->p_FCo, tv_neg(d, ft)));
        f1 = tv_add(d, f1, tv_neg(d, ft));
        applied = tv_add(d, tv_add(d, applied, lx_Cx), ly_Cy);
    }
    tier_put3(d, CCREF_SLOT_F2_MOMENT, m2);
    tier_put3(d, CCREF_SLOT_F2_FORCE, f2);
    tier_put3(d, CCREF_SLOT_F1_MOMENT, m1);
    tier_put3(d, CCREF_SLOT_F1_FORCE, f1);
    tier_put3(d, CCREF_SLOT_LOL_FORCE_ON_BODY2, tv_neg(d, applied));
    const tv col[3] = {f->Cx, f->Cy, f->n};
    for (int j = 0; j < 3; j++) { /* the rotation is row-major: column j at slots FRAME_R + 3 i + j */
        tier_put(d, CCREF_SLOT_LOL_FRAME_R + j, col[j].x);
        tier_put(d, CCREF_SLOT_LOL_FRAME_R + 3 + j, col[j].y);
        tier_put(d, CCREF_SLOT_LOL_FRAME_R + 6 + j, col[j].z);
    }
    tier_put3(d, CCREF_SLOT_LOL_FRAME_P, f->Co);
}

void tier_line_on_line_using(tier_dag *d, const ccref_case *c, tier_lol_edge_parameters *edge_parameters)
{
    const int rolling = c->params.line_on_line.rolling != 0;
    const lol_edges g = edges_of(d, c);                                        /* (1)-(4) */
    tier_decision(d, CCREF_DECISION_PARALLEL, g.wraw2, CCREF_PARALLEL_SIN_SQ);
    if (d->branch[CCREF_DECISION_PARALLEL]) {
        parallel_fallback(d, &g);                                              /* (34)-(37) */
        return;
    }
    const int sense = d->branch[CCREF_DECISION_SENSE];                         /* (5) */
    sense_decision(d, tv_dot(d, g.wraw, g.sf), tv_dot(d, g.wraw, g.sb));
    const lol_frame f = frame_of(d, &g, sense, edge_parameters);               /* (6)-(10) */
    const lol_rates r = normal_row(d, &g, &f);                                 /* (11)-(20) */
    tier_put_rows_past(d, 1, rolling ? 3 : 1);
    if (rolling)
        rolling_rows(d, &g, &f, &r);                                           /* (21)-(30) */
    forces_and_frame(d, c, &f, rolling);                                       /* (31)-(33) */
}

void tier_line_on_line(tier_dag *d, const ccref_case *c) { tier_line_on_line_using(d, c, kernel_edge_parameters); }
