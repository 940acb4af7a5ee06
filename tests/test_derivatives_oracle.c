/* test_derivatives_oracle.c: the high-precision derivative checks on the oracle's interval mirrors
 * (spec/derivatives.md section 7). Same targets, trajectories, jets and exclusion rule as the double checks
 * (test_derivatives_core.c); here every quantity is an MPFI enclosure of the exact value:
 *   - trajectory states at t0 and t0 -+ h, h = 2^-DV_ORACLE_E, enclosed at DV_ORACLE_PREC bits (traj_eval_i);
 *   - the oracle's mirror of the kernel formula on those interval inputs (ora_eval / ora_contact_eval), with the
 *     branch decisions taken at t0 and forced at t0 -+ h;
 *   - D = (g(t0+h) - g(t0-h)) / (2h) encloses the exact difference quotient, which differs from g'(t0) by at most
 *     T = (h^2/6) M3 (M3: the majorant of |g'''| on the stencil);
 *   - the claimed derivative c (with the exception's correction) is enclosed too, so the relation g' = c holds
 *     only if D - c meets [-T, T]: the check fails iff |mid(D - c)| > T + rad(D - c).
 * The virtual power of the body forces for each basis multiplier e_i must equal verr_i: the enclosure of
 * sum_k (M_k . w_k + F_k . v_k) - verr_i must contain 0 (G^T consistency, for every lambda by linearity). */
#include <math.h>
#include <string.h>

#include "../oracle/oracle.h"
#include "test_derivatives.h"

#define P DV_ORACLE_PREC

static void v3_from(ora_v3 *o, mpfi_t s[3])
{
    mpfi_set(o->x, s[0]);
    mpfi_set(o->y, s[1]);
    mpfi_set(o->z, s[2]);
}

static void body_from_state(ora_body *ob, traj_state_i *s)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            mpfi_set(ob->R.m[i][j], s->R[i][j]);
    v3_from(&ob->p, s->p);
    v3_from(&ob->w, s->w);
    v3_from(&ob->v, s->v);
    v3_from(&ob->b, s->b);
    v3_from(&ob->a, s->a);
}

/* mid and radius of an interval, as doubles (mid to nearest, radius rounded up). */
static double imid(mpfi_srcptr x)
{
    mpfr_t m;
    mpfr_init2(m, mpfi_get_prec(x));
    mpfi_mid(m, x);
    double d = mpfr_get_d(m, MPFR_RNDN);
    mpfr_clear(m);
    return d;
}
static double irad(mpfi_srcptr x)
{
    mpfr_t m;
    mpfr_init2(m, mpfi_get_prec(x));
    mpfi_diam_abs(m, x);
    double d = mpfr_get_d(m, MPFR_RNDU);
    mpfr_clear(m);
    return d / 2.0 * (1.0 + 0x1p-50);
}

/* Spatial-force slots of a flat output. */
typedef struct { int m1, f1, m2, f2, verr; } force_slots;

/* x += a . b for ora vectors given as 3 consecutive slots of v, and a state vector s. */
static void add_dot_slots(mpfi_ptr x, mpfi_t *v, int slot, mpfi_t s[3], mpfi_ptr tmp)
{
    for (int i = 0; i < 3; i++) {
        mpfi_mul(tmp, v[slot + i], s[i]);
        mpfi_add(x, x, tmp);
    }
}

long dv_run_oracle(const dv_target *tg, uint64_t seed, int n_traj, int n_samples, dv_stats *st)
{
    ccref_rng rng = {seed};
    ora_ws *ws = ora_ws_new(P);
    traj_ws *tws = traj_ws_new(P);
    traj_state_i S1[3], S2[3];
    mpfi_t Q[3][3];                 /* coordinate q, qdot, qdotdot at the three times */
    for (int k = 0; k < 3; k++) {
        traj_state_i_init(&S1[k], P);
        traj_state_i_init(&S2[k], P);
        for (int m = 0; m < 3; m++)
            mpfi_init2(Q[k][m], P);
    }
    mpfr_t t;
    mpfr_init2(t, P);
    mpfi_t D, c, x, tmp, sig;
    mpfi_init2(D, P);
    mpfi_init2(c, P);
    mpfi_init2(x, P);
    mpfi_init2(tmp, P);
    mpfi_init2(sig, P);
    ora_case oc;
    ora_contact_case occ;
    ora_out out[3];
    ora_contact_out cout[3];
    for (int k = 0; k < 3; k++) {
        ora_out_init(&out[k], P);
        ora_contact_out_init(&cout[k], P);
    }
    int case_init = 0;
    dv_checks ck;
    int checks_built = 0, is_sos_rolling = 0, is_lol = 0;
    int coincident = -1; /* the first of three rows that are Ball's (R1, R2 corrections): ball 0, weld 3 */
    ccref_kind ekind = CCREF_KIND_COUNT;
    const double h = ldexp(1.0, -DV_ORACLE_E);

    for (int it = 0; it < n_traj; it++) {
        dv_traj T;
        dv_make_traj(&rng, tg, &T);
        if (!checks_built) {
            dv_build_checks(tg, &T.eq, &ck, st);
            checks_built = 1;
            ekind = T.eq.kind;
            coincident = ekind == CCREF_KIND_BALL ? 0 : ekind == CCREF_KIND_WELD ? 3 : -1;
            is_sos_rolling = ekind == CCREF_KIND_SPHERE_ON_SPHERE && T.eq.params.sphere_on_sphere.rolling &&
                             tg->fam != DV_FAM_SINGULAR_SHIFT && tg->fam != DV_FAM_SINGULAR_PINNED;
            is_lol = ekind == CCREF_KIND_LINE_ON_LINE && tg->fam != DV_FAM_PARALLEL;
        }
        if (!case_init) {
            if (tg->is_contact)
                ora_contact_case_init(&occ, tg->cls, P);
            else
                ora_case_init(&oc, ekind, P);
            case_init = 1;
        }
        for (int is = 0; is < n_samples; is++) {
            st->samples++;
            double t0 = dv_sample_time(&rng, tg, &T, is, n_samples);
            traj_jets J1, J2;
            mj qj, qdj;
            if (!traj_body_jets(&T.tb1, t0, DV_RHO0, &J1) || !traj_body_jets(&T.tb2, t0, DV_RHO0, &J2)) {
                st->excl_conditioning++;
                continue;
            }
            traj_coord_jets(&T.tq, t0, DV_RHO0, &qj, &qdj);
            /* ---- enclosures of the exact states at t0 - h, t0, t0 + h */
            for (int k = 0; k < 3; k++) {
                mpfr_set_d(t, t0, MPFR_RNDN);
                if (k != 1)
                    mpfr_add_d(t, t, k == 0 ? -h : h, MPFR_RNDN);   /* exact: t0 dyadic, P bits */
                traj_eval_i(tws, &T.tb1, t, &S1[k]);
                traj_eval_i(tws, &T.tb2, t, &S2[k]);
                traj_coord_eval_i(tws, &T.tq, t, Q[k]);
            }
            /* ---- geometry from the rounded states at t0 (jets, conditioning, decisions) */
            ccref_body B1, B2;
            traj_state_i_to_d(&S1[1], &B1);
            traj_state_i_to_d(&S2[1], &B2);
            ccref_coordinate qd = {imid(Q[1][0]), imid(Q[1][1]), imid(Q[1][2])};
            ccref_case bc0;
            ccref_contact_case cc0;
            dv_set_states(tg, &T, &B1, &B2, &qd, &bc0, &cc0);
            dv_geom g;
            dv_geometry(&bc0, tg->fam, &J1, &J2, &qj, &qdj, &g);
            if (!g.cond_ok) {
                st->excl_conditioning++;
                continue;
            }
            int excluded = 0;
            for (int d = 0; d < g.ndec; d++)
                if (!(fabs(g.dq[d]) > 2.0 * h * g.dQ1[d] + 2.0 * g.deq[d]))
                    excluded = 1;
            if (excluded) {
                st->excl_branch++;
                continue;
            }
            const dv_levels L0 = dv_level_scales(&bc0);
            /* ---- oracle evaluations: decide at t0, force the same branch at t0 -+ h */
            if (tg->is_contact)
                ora_contact_case_set(&occ, &cc0);
            else
                ora_case_set(&oc, &bc0);
            ora_decisions dec;
            ora_decisions_auto(&dec);
            /* flags and unilateral rules do not affect the rows */
            dec.v[ORA_D_VERR_NONZERO] = 1;
            dec.v[ORA_D_W1_NONZERO] = 1;
            dec.v[ORA_D_SLIP_NONZERO] = 1;
            dec.v[ORA_D_IMPACT] = 0;
            dec.v[ORA_D_COR_BRANCH] = CCREF_COR_CAPTURED;
            dec.v[ORA_D_COF_BRANCH] = CCREF_COF_STATIC;
            if (tg->fam == DV_FAM_SINGULAR_SHIFT || tg->fam == DV_FAM_SINGULAR_PINNED)
                dec.v[ORA_D_SINGULAR] = 1;
            if (tg->fam == DV_FAM_PARALLEL)
                dec.v[ORA_D_PARALLEL] = 1;
            int undecided = 0;
            static const int order[3] = {1, 0, 2};
            for (int kk = 0; kk < 3 && !undecided; kk++) {
                int k = order[kk];
                ora_eval_status es;
                if (tg->is_contact) {
                    body_from_state(&occ.body1, &S1[k]);
                    body_from_state(&occ.body2, &S2[k]);
                    mpfi_set(occ.coordinate.q, Q[k][0]);
                    mpfi_set(occ.coordinate.qdot, Q[k][1]);
                    mpfi_set(occ.coordinate.qdotdot, Q[k][2]);
                    es = ora_contact_eval(ws, &occ, &dec, &cout[k]);
                } else {
                    body_from_state(&oc.body1, &S1[k]);
                    body_from_state(&oc.body2, &S2[k]);
                    mpfi_set(oc.coordinate.q, Q[k][0]);
                    mpfi_set(oc.coordinate.qdot, Q[k][1]);
                    mpfi_set(oc.coordinate.qdotdot, Q[k][2]);
                    es = ora_eval(ws, &oc, &dec, &out[k]);
                }
                if (es != ORA_EVAL_OK)
                    undecided = 1;
            }
            if (undecided) {
                st->undecided++;
                continue;
            }
            /* The oracle's branch at t0 is the one the geometry predicted (the kernel's). */
            if (is_lol && dec.v[ORA_D_SENSE] != g.sense) {
                st->branch_mismatch++;
                continue;
            }
            if (is_sos_rolling && dec.v[ORA_D_PERP_AXIS] != g.perp_k) {
                st->branch_mismatch++;
                continue;
            }
            st->used++;
            if (h < st->min_h)
                st->min_h = h;
            if (h > st->max_h)
                st->max_h = h;
            if (is_lol)
                st->sense_count[g.sense > 0]++;
            /* row enclosures: perr/verr/aerr slot of row i at time k */
#define ROW(k, base, i)                                                                                            \
    (tg->is_contact ? ((base) == CCREF_SLOT_PERR ? cout[k].v[CCREF_CSLOT_PERR]                                                  \
                       : (i) == 0 ? cout[k].v[(base) == CCREF_SLOT_VERR ? CCREF_CSLOT_VERR : CCREF_CSLOT_AERR]                        \
                                  : cout[k].v[((base) == CCREF_SLOT_VERR ? CCREF_CSLOT_SLIP_VELOCITY : CCREF_CSLOT_SLIP_ACCELERATION) + \
                                              (i) - 1])                                                            \
                    : out[k].v[(base) + (i)])
            /* ---- the exact side quantities at t0 */
            if (is_sos_rolling)
                dv_sos_sigma_i(sig, &T.eq.params.sphere_on_sphere, &S1[1], &S2[1], g.perp_k);
            if (is_lol) {
                dv_lol_vFn_i(x, &T.eq.params.line_on_line, &S1[1], &S2[1], g.sense);
                mpfi_sub(x, x, ROW(1, CCREF_SLOT_VERR, 0));
                double ratio = fabs(imid(x)) / irad(x);
                st->id_n++;
                if (!(ratio <= 1.0))
                    st->id_fail++;
                if (!(ratio <= st->id_max_ratio))
                    st->id_max_ratio = ratio;
            }
            /* ---- the checks */
            for (int j = 0; j < ck.n; j++) {
                int i = ck.row[j];
                int gb = ck.type[j] == CK_V ? CCREF_SLOT_PERR : CCREF_SLOT_VERR, cb = ck.type[j] == CK_V ? CCREF_SLOT_VERR : CCREF_SLOT_AERR;
                double Sc = ck.type[j] == CK_V ? L0.v : L0.a;
                mpfi_sub(D, ROW(2, gb, i), ROW(0, gb, i));
                mpfi_div_2si(D, D, -DV_ORACLE_E + 1);              /* / (2h), exact */
                mpfi_set(c, ROW(1, cb, i));
                int corr = 0;
                if (coincident >= 0 && i >= coincident) {
                    /* (R1) c = verr + (w1 x perr)_i; (R2) c = aerr - (w1 x verr)_i, on the three rows from o */
                    const int o = coincident, k = i - coincident;
                    int a = (k + 1) % 3, b = (k + 2) % 3;
                    mpfi_mul(x, S1[1].w[a], ROW(1, gb, o + b));
                    mpfi_mul(tmp, S1[1].w[b], ROW(1, gb, o + a));
                    mpfi_sub(x, x, tmp);
                    if (ck.type[j] == CK_V)
                        mpfi_add(c, c, x);
                    else
                        mpfi_sub(c, c, x);
                    corr = 1;
                } else if (is_sos_rolling && ck.type[j] == CK_A && i > 0) {
                    /* aerr_1 = d/dt verr_1 - sigma verr_2;  aerr_2 = d/dt verr_2 + sigma verr_1 */
                    mpfi_mul(x, sig, ROW(1, CCREF_SLOT_VERR, i == 1 ? 2 : 1));
                    if (i == 1)
                        mpfi_add(c, c, x);
                    else
                        mpfi_sub(c, c, x);
                    corr = 1;
                }
                const mj *jet = ck.type[j] == CK_V ? &g.gp[i] : &g.gv[i];
                double M3 = g.zero_rows ? 0.0 : jet->d[3] * (1.0 + 0x1p-30);
                double Tb = ldexp(M3, -2 * DV_ORACLE_E) / 6.0 * (1.0 + 0x1p-50);
                mpfi_sub(tmp, D, c);
                if (!mpfi_bounded_p(tmp)) {
                    /* an unbounded enclosure proves nothing: counted as a failure */
                    st->oracle_unbounded++;
                    st->n[j]++;
                    st->fail[j]++;
                    continue;
                }
                double mid = fabs(imid(tmp)), rad = irad(tmp);
                double tol = Tb + rad;
                double ratio = tol > 0.0 ? mid / tol : (mid == 0.0 ? 0.0 : INFINITY);
                if (st->n[j] == 0 || ratio < st->min_ratio[j])
                    st->min_ratio[j] = ratio;
                st->n[j]++;
                if (!(ratio <= 1.0))
                    st->fail[j]++;
                if (!(ratio <= st->max_ratio[j]))
                    st->max_ratio[j] = ratio;
                if (mid > st->max_resid[j])
                    st->max_resid[j] = mid;
                double rel = tol / (fabs(imid(c)) + Sc);
                if (rel > st->max_rel_tol[j])
                    st->max_rel_tol[j] = rel;
                if (corr && fabs(imid(x)) > tol)
                    st->corr_significant[j]++;
            }
            /* ---- virtual power at t0 for each basis multiplier */
            int nrows = ck.n > 0 ? (tg->is_contact ? (ccref_contact_has_friction(tg->cls) ? 3 : 1)
                                                   : bc0.n_lambda > 0 ? (int)bc0.n_lambda : 1)
                                 : 0;
            ora_lambda *lam = tg->is_contact ? &occ.lambda : &oc.lambda;
            for (int r = 0; r < nrows; r++) {
                for (int l = 0; l < CCREF_MAX_ROWS; l++)
                    mpfi_set_ui(lam->l[l], l == r ? 1 : 0);
                body_from_state(tg->is_contact ? &occ.body1 : &oc.body1, &S1[1]);
                body_from_state(tg->is_contact ? &occ.body2 : &oc.body2, &S2[1]);
                if (tg->is_contact) {
                    mpfi_set(occ.coordinate.q, Q[1][0]);
                    mpfi_set(occ.coordinate.qdot, Q[1][1]);
                    mpfi_set(occ.coordinate.qdotdot, Q[1][2]);
                    if (ora_contact_eval(ws, &occ, &dec, &cout[1]) != ORA_EVAL_OK)
                        continue;
                } else {
                    mpfi_set(oc.coordinate.q, Q[1][0]);
                    mpfi_set(oc.coordinate.qdot, Q[1][1]);
                    mpfi_set(oc.coordinate.qdotdot, Q[1][2]);
                    if (ora_eval(ws, &oc, &dec, &out[1]) != ORA_EVAL_OK)
                        continue;
                }
                mpfi_t *v = tg->is_contact ? cout[1].v : out[1].v;
                int base = tg->is_contact ? CCREF_CSLOT_CONSTRAINT : 0;
                mpfi_set_ui(x, 0);
                if (ekind == CCREF_KIND_CONSTANT_COORDINATE) {
                    /* q-space force times qdot */
                    int slot = tg->is_contact ? CCREF_CSLOT_COORDINATE_FORCE : CCREF_SLOT_CC_GENERALIZED_FORCE;
                    mpfi_mul(x, v[slot], Q[1][1]);
                } else {
                    add_dot_slots(x, v, base + CCREF_SLOT_F1_MOMENT, S1[1].w, tmp);
                    add_dot_slots(x, v, base + CCREF_SLOT_F1_FORCE, S1[1].v, tmp);
                    add_dot_slots(x, v, base + CCREF_SLOT_F2_MOMENT, S2[1].w, tmp);
                    add_dot_slots(x, v, base + CCREF_SLOT_F2_FORCE, S2[1].v, tmp);
                }
                mpfi_sub(x, x, v[base + CCREF_SLOT_VERR + r]);
                double mid = fabs(imid(x)), rad = irad(x);
                st->pow_n++;
                if (!(mid <= rad))
                    st->pow_fail++;
                double rel = rad / (L0.p * L0.v + L0.v);
                if (rel > st->pow_max_rel)
                    st->pow_max_rel = rel;
            }
            /* restore the case's multipliers */
            for (int l = 0; l < CCREF_MAX_ROWS; l++) /* a contact case holds three */
                mpfi_set_d(lam->l[l], l >= 3 && tg->is_contact ? 0.0 : tg->is_contact ? T.cc.lambda[l] : T.bc.lambda[l]);
#undef ROW
        }
    }
    if (case_init) {
        if (tg->is_contact)
            ora_contact_case_clear(&occ);
        else
            ora_case_clear(&oc);
    }
    for (int k = 0; k < 3; k++) {
        ora_out_clear(&out[k]);
        ora_contact_out_clear(&cout[k]);
        traj_state_i_clear(&S1[k]);
        traj_state_i_clear(&S2[k]);
        for (int m = 0; m < 3; m++)
            mpfi_clear(Q[k][m]);
    }
    mpfi_clear(D);
    mpfi_clear(c);
    mpfi_clear(x);
    mpfi_clear(tmp);
    mpfi_clear(sig);
    mpfr_clear(t);
    traj_ws_free(tws);
    ora_ws_free(ws);
    return dv_stats_failures(st);
}
