/* sphere_on_sphere.c: oracle mirror of Constraint::SphereOnSphereContact (spec/sphere_on_sphere.md, 1-25).
 * Exact decisions (spec/oracle.md):
 *   singular     p.p < 2^-130, p = Sb - Sf (polynomial);
 *   perp axis    smallest |Cz_k|, ties to the lower index: compared on |p_k| (Cz = p/r, r > 0), or on the
 *                components of R1 e_z when singular;
 *   slip != 0    (rolling) (verr_1, verr_2) != 0  iff  V x Cz' != 0, with Cz' = p (or R1 e_z) and
 *                V = (rf + rb) vF (polynomial: Co = Sf + kf p carries the factor 1/(rf + rb)).
 * Forms: verr[0] = (pd.p)/sqrt(p.p) (pd.(R1 e_z) singular); slip^2 = |V x Cz'|^2 / (|Cz'|^2 (rf + rb)^2).
 * One function per stage of the spec: the centres and their distance (1)-(2), the singular decision (3), the direction
 * Cz and the perp axis (4), the contact frame (5)-(7), the normal row (8)-(12), the normal force (19), the rolling rows
 * (13)-(18) with the friction force (20) and the slip decision (24), the auxiliary outputs (21)-(23). The stages take
 * their temporaries from the workspace in the formulas' order and none releases them: ora_sphere_on_sphere_eval's one
 * mark releases them all (the pools are fixed-size, internal.h). */
#include "internal.h"

/* The normal contact: the centres Sf, Sb and their arms, p = Sb - Sf, r2 = p.p, r = |p|; the direction Cz, the contact
 * frame RC = [Cx Cy Cz] at Co = Sf + kf p (rs = rf + rb, kf = rf/rs) and the arms of Co; the rates pd, pdd of p and Czd
 * of Cz; the normal force fn, nfn = -fn, and the applied force; the scratch t, q, x. */
typedef struct {
    ora_v3 *armF, *Sf, *armB, *Sb, *p, *Cz, *Co, *Cx, *Cy, *pFCo, *pBCo, *pd, *pdd, *Czd, *t, *q, *fn, *nfn;
    ora_v3 *applied;
    mpfi_ptr r2, r, kf, rs, x;
    ora_m3 *RC;
    int singular;
    const ora_v3 *Czp; /* Cz': a positive multiple of Cz (p, or Cz itself when singular) */
} sos_contact;

/* The rolling rows (13)-(18): the slip velocity vF, the rates of the arms of Co, the slip acceleration dvF, the rates
 * of the frame columns, the friction force ft. */
typedef struct {
    ora_v3 *vF, *pdF, *pdB, *vdF, *vdB, *dvF, *CzdF, *Cxd, *Cyd, *ft;
} sos_rolling;

static void take_contact(ora_ws *ws, sos_contact *S)
{
    S->armF = ws_v(ws); S->Sf = ws_v(ws); S->armB = ws_v(ws); S->Sb = ws_v(ws); S->p = ws_v(ws); S->Cz = ws_v(ws);
    S->Co = ws_v(ws); S->Cx = ws_v(ws); S->Cy = ws_v(ws); S->pFCo = ws_v(ws); S->pBCo = ws_v(ws); S->pd = ws_v(ws);
    S->pdd = ws_v(ws); S->Czd = ws_v(ws); S->t = ws_v(ws); S->q = ws_v(ws); S->fn = ws_v(ws); S->nfn = ws_v(ws);
    S->applied = ws_v(ws);
    S->r2 = ws_s(ws); S->r = ws_s(ws); S->kf = ws_s(ws); S->rs = ws_s(ws); S->x = ws_s(ws);
    S->RC = ws_m(ws);
}

static void take_rolling(ora_ws *ws, sos_rolling *R)
{
    R->vF = ws_v(ws); R->pdF = ws_v(ws); R->pdB = ws_v(ws); R->vdF = ws_v(ws); R->vdB = ws_v(ws);
    R->dvF = ws_v(ws); R->CzdF = ws_v(ws); R->Cxd = ws_v(ws); R->Cyd = ws_v(ws); R->ft = ws_v(ws);
}

/* (1)-(2) The centres in G, p = Sb - Sf, r2 = p.p (the quantity of the singular test) and r = |p|. */
static void centres_and_distance(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1,
                                 const ora_body *b2, const sos_contact *S)
{
    im_apply(ws, S->armF, &b1->R, &prm->center1_in_b1);   /* (1) */
    iv_add(S->Sf, &b1->p, S->armF);
    im_apply(ws, S->armB, &b2->R, &prm->center2_in_b2);
    iv_add(S->Sb, &b2->p, S->armB);
    iv_sub(S->p, S->Sb, S->Sf);                           /* (2) */
    iv_dot(ws, S->r2, S->p, S->p);
    mpfi_sqrt(S->r, S->r2);
}

/* (4) The direction Cz: R1 e_z when singular, else p / r; the perp axis of the frame is decided on Cz' (p for p / r:
 * r > 0 keeps the order of the components), kept when already decided or forced. */
static ora_eval_status contact_direction(ora_ws *ws, const ora_body *b1, sos_contact *S, ora_decisions *d)
{
    S->singular = d->v[ORA_D_SINGULAR] != 0;
    if (S->singular) {                                    /* (4) */
        im_column(S->Cz, &b1->R, 2);
        S->Czp = S->Cz;
    } else {
        iv_div(S->Cz, S->p, S->r);
        S->Czp = S->p;
    }
    if (d->v[ORA_D_PERP_AXIS] == ORA_DEC_AUTO) {
        int k = ora_perp_index(ws, S->Czp);
        if (k < 0)
            return ora_undecided(d, ORA_D_PERP_AXIS);
        ora_decide(d, ORA_D_PERP_AXIS, k, ws_prec(ws));
    }
    return ORA_EVAL_OK;
}

/* (5)-(7) The contact point Co = Sf + kf p, the frame rotation_from_z(Cz) and the arms of Co from both bodies. */
static void contact_frame(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1, const ora_body *b2,
                          const ora_decisions *d, const sos_contact *S)
{
    mpfi_add(S->rs, prm->radius1, prm->radius2);          /* (5) kf = rf/(rf + rb); Co = Sf + kf p */
    mpfi_div(S->kf, prm->radius1, S->rs);
    iv_scale(S->t, S->kf, S->p);
    iv_add(S->Co, S->Sf, S->t);
    ora_rotation_from_z(ws, S->RC, S->Cz, d->v[ORA_D_PERP_AXIS]); /* (6) */
    im_column(S->Cx, S->RC, 0);
    im_column(S->Cy, S->RC, 1);
    iv_sub(S->pFCo, S->Co, &b1->p);                       /* (7) */
    iv_sub(S->pBCo, S->Co, &b2->p);
}

/* (8)-(12) The normal row: perr = r - rs, verr = pd . Cz (with its polynomial form), aerr = pdd . Cz + pd . Czd. */
static void normal_row(ora_ws *ws, const ora_body *b1, const ora_body *b2, const sos_contact *S, ora_out *o)
{
    ora_v3 *Cz = S->Cz, *pd = S->pd, *t = S->t, *q = S->q;
    mpfi_sub(o->v[CCREF_SLOT_PERR], S->r, S->rs);         /* (8) */
    ik_arm_velocity(ws, t, b2, S->armB);                  /* (9) */
    ik_arm_velocity(ws, q, b1, S->armF);
    iv_sub(pd, t, q);
    ik_arm_acceleration(ws, t, b2, S->armB);              /* (10) */
    ik_arm_acceleration(ws, q, b1, S->armF);
    iv_sub(S->pdd, t, q);
    if (S->singular) {                                    /* (9), (11) */
        iv_dot(ws, o->v[CCREF_SLOT_VERR], pd, Cz);
        mpfi_set(o->verr0_num, o->v[CCREF_SLOT_VERR]);
        o->verr0_k = 0;
        iv_cross(ws, S->Czd, &b1->w, Cz);
        o->status = CCREF_OK_SINGULAR_DIRECTION;
    } else {
        iv_dot(ws, o->verr0_num, pd, S->p);
        mpfi_set(o->verr0_den, S->r2);
        o->verr0_k = 1;
        mpfi_div(o->v[CCREF_SLOT_VERR], o->verr0_num, S->r); /* = pd . Cz */
        iv_scale(t, o->v[CCREF_SLOT_VERR], Cz);
        iv_sub(t, pd, t);
        iv_div(S->Czd, t, S->r);
    }
    iv_dot_add(ws, o->v[CCREF_SLOT_AERR], S->x, S->pdd, Cz, pd, S->Czd); /* (12) */
}

/* (19) The normal force fn = lambda_0 Cz at the centre of sphere 2, -fn at that of sphere 1; applied starts at fn. */
static void normal_force(ora_ws *ws, const ora_lambda *lambda, const sos_contact *S, ora_out *o)
{
    iv_scale(S->fn, lambda->l[0], S->Cz);                 /* (19) */
    iv_neg(S->nfn, S->fn);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, S->armB, S->fn);
    ik_force_at_arm(ws, o->v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, S->armF, S->nfn);
    iv_set(S->applied, S->fn);
}

/* (13) The slip velocity vF of the contact point and the rows verr_1 = vF . Cx, verr_2 = vF . Cy. */
static void slip_velocity_rows(ora_ws *ws, const ora_body *b1, const ora_body *b2, const sos_contact *S,
                               const sos_rolling *R, ora_out *o)
{
    ora_v3 *t = S->t, *q = S->q;
    ik_arm_velocity(ws, t, b2, S->pBCo);                  /* (13) */
    ik_arm_velocity(ws, q, b1, S->pFCo);
    iv_sub(R->vF, t, q);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 1], R->vF, S->Cx);
    iv_dot(ws, o->v[CCREF_SLOT_VERR + 2], R->vF, S->Cy);
}

/* (14)-(18) The rates of the arms of Co, the slip acceleration dvF, the rates of the frame columns and the rows
 * aerr_1, aerr_2. */
static void slip_acceleration_rows(ora_ws *ws, const ora_body *b1, const ora_body *b2, const sos_contact *S,
                                   const sos_rolling *R, ora_out *o)
{
    ora_v3 *Cz = S->Cz, *Cx = S->Cx, *Cy = S->Cy, *t = S->t, *q = S->q, *pdF = R->pdF, *pdB = R->pdB;
    ora_v3 *vdF = R->vdF, *vdB = R->vdB, *dvF = R->dvF, *CzdF = R->CzdF, *Cxd = R->Cxd, *Cyd = R->Cyd;
    iv_cross(ws, t, &b1->w, S->armF);                     /* (14) */
    iv_scale(q, S->kf, S->pd);
    iv_add(pdF, t, q);
    iv_sub(t, &b2->v, &b1->v);
    iv_sub(pdB, pdF, t);
    ik_moving_arm_acceleration(ws, vdF, t, b1, S->pFCo, pdF); /* (15) */
    ik_moving_arm_acceleration(ws, vdB, t, b2, S->pBCo, pdB);
    iv_sub(dvF, vdB, vdF);
    iv_cross(ws, t, &b1->w, Cz);                          /* (16) */
    iv_sub(CzdF, S->Czd, t);
    iv_cross(ws, t, CzdF, Cy);                            /* (17) */
    iv_cross(ws, q, &b1->w, Cx);
    iv_sub(Cxd, q, t);
    iv_cross(ws, t, CzdF, Cx);
    iv_cross(ws, q, &b1->w, Cy);
    iv_add(Cyd, t, q);
    iv_dot_add(ws, o->v[CCREF_SLOT_AERR + 1], S->x, dvF, Cx, R->vF, Cxd); /* (18) */
    iv_dot_add(ws, o->v[CCREF_SLOT_AERR + 2], S->x, dvF, Cy, R->vF, Cyd);
}

/* (24) V x Cz' with V = (rf + rb) vF = rs (v2 - v1) + w2 x (K - rs p2) - w1 x (K - rs p1), K = rs Sf + rf p
 * (polynomials), and the slip form: slip_num = |V x Cz'|^2, slip_den = |Cz'|^2 rs^2. Returns V x Cz'. */
static const ora_v3 *slip_cross(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1,
                                const ora_body *b2, const sos_contact *S, ora_out *o)
{
    ora_v3 *t = S->t;
    mpfi_ptr rs = S->rs;
    ora_v3 *K = ws_v(ws), *V = ws_v(ws), *a = ws_v(ws), *VxC = ws_v(ws);
    iv_scale(K, rs, S->Sf);
    iv_scale(t, prm->radius1, S->p);
    iv_add(K, K, t);
    ik_scaled_relative_velocity(ws, V, rs, K, b1, b2, t, a);
    iv_cross(ws, VxC, V, S->Czp);
    iv_dot(ws, o->slip_num, VxC, VxC);
    iv_dot(ws, o->slip_den, S->Czp, S->Czp);
    mpfi_sqr(S->x, rs);
    mpfi_mul(o->slip_den, o->slip_den, S->x);
    return VxC;
}

/* (24) slip != 0: decided from the rows' enclosures when one excludes 0, else exactly on V x Cz' (slip_cross, also
 * evaluated for the slip form the contact layer asks for); kept when already decided or forced. */
static ora_eval_status decide_slip_nonzero(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1,
                                           const ora_body *b2, const sos_contact *S, ora_decisions *d, ora_out *o)
{
    int s1 = ora_sign(o->v[CCREF_SLOT_VERR + 1]), s2 = ora_sign(o->v[CCREF_SLOT_VERR + 2]);
    int rows_nonzero = s1 == 1 || s1 == -1 || s2 == 1 || s2 == -1;
    int need_exact = d->v[ORA_D_SLIP_NONZERO] == ORA_DEC_AUTO && !rows_nonzero;
    if (d->v[ORA_D_SLIP_NONZERO] == ORA_DEC_AUTO && rows_nonzero)
        ora_decide(d, ORA_D_SLIP_NONZERO, 1, ws_prec(ws));
    if (!need_exact && !o->want_forms)
        return ORA_EVAL_OK;
    const ora_v3 *VxC = slip_cross(ws, prm, b1, b2, S, o);
    if (!need_exact)
        return ORA_EVAL_OK;
    int s[3] = {ora_sign(VxC->x), ora_sign(VxC->y), ora_sign(VxC->z)};
    int nonzero = (s[0] == 1 || s[0] == -1) || (s[1] == 1 || s[1] == -1) || (s[2] == 1 || s[2] == -1);
    int zero = s[0] == 0 && s[1] == 0 && s[2] == 0;
    if (!nonzero && !zero)
        return ora_undecided(d, ORA_D_SLIP_NONZERO);
    ora_decide(d, ORA_D_SLIP_NONZERO, nonzero, ws_prec(ws));
    return ORA_EVAL_OK;
}

/* (13)-(18), (20), (23), (24) The rolling rows, the friction force and the slip decision, which sets the deviation
 * CCREF_DEV_SOS_ROLLING_AERR_SPIN. */
static ora_eval_status rolling_rows(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1,
                                   const ora_body *b2, const ora_lambda *lambda, const sos_contact *S,
                                   ora_decisions *d, ora_out *o)
{
    sos_rolling R;
    take_rolling(ws, &R);
    slip_velocity_rows(ws, b1, b2, S, &R, o);
    slip_acceleration_rows(ws, b1, b2, S, &R, o);
    /* (20), (23) the friction force ft = lambda_1 Cx + lambda_2 Cy */
    ik_friction_force_add(ws, o->v, lambda, S->Cx, S->Cy, S->pFCo, S->pBCo, S->applied, R.ft, S->t, S->q);
    ora_eval_status st = decide_slip_nonzero(ws, prm, b1, b2, S, d, o);
    if (st == ORA_EVAL_OK && d->v[ORA_D_SLIP_NONZERO])
        o->deviations |= CCREF_DEV_SOS_ROLLING_AERR_SPIN;
    return st;
}

/* (21)-(23) The contact frame, separation = perr, force on body 2 = -applied. */
static void auxiliary_outputs(const sos_contact *S, ora_out *o)
{
    out_set_m3(o, CCREF_SLOT_SOS_FRAME_R, S->RC);         /* (21) */
    out_set_v3(o, CCREF_SLOT_SOS_FRAME_P, S->Co);
    mpfi_set(o->v[CCREF_SLOT_SOS_SEPARATION], o->v[CCREF_SLOT_PERR]); /* (22) */
    iv_neg(S->t, S->applied);                             /* (23) */
    out_set_v3(o, CCREF_SLOT_SOS_FORCE_ON_BODY2, S->t);
}

ora_eval_status ora_sphere_on_sphere_eval(ora_ws *ws, const ora_sphere_on_sphere_params *prm, const ora_body *b1,
                                          const ora_body *b2, const ora_lambda *lambda, ora_decisions *d, ora_out *o)
{
    ora_mark m = ws_mark(ws);
    sos_contact S;
    take_contact(ws, &S);
    out_reset(o, CCREF_KIND_SPHERE_ON_SPHERE, CCREF_SLOT_SOS_N, 1, prm->rolling ? 2 : 0);
    centres_and_distance(ws, prm, b1, b2, &S);
    /* (3) singular iff r2 < 2^-130 */
    ora_eval_status st = ora_decide_below_pow2(ws, d, ORA_D_SINGULAR, S.r2, -130, S.x);
    if (st == ORA_EVAL_OK)
        st = contact_direction(ws, b1, &S, d);
    if (st == ORA_EVAL_OK) {
        contact_frame(ws, prm, b1, b2, d, &S);
        normal_row(ws, b1, b2, &S, o);
        normal_force(ws, lambda, &S, o);
        if (prm->rolling)
            st = rolling_rows(ws, prm, b1, b2, lambda, &S, d, o);
        if (st == ORA_EVAL_OK)
            auxiliary_outputs(&S, o);
    }
    ws_release(ws, m);
    return st;
}
