/* expect.c: see expect.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../src/bounds_calculus.h"
#include "../src/tier_rules.h"
#include "expect.h"

void answer_init(answer *a, int suite)
{
    memset(a, 0, sizeof *a);
    a->o.suite = suite;
    a->o.n = suite_slots(suite);
    a->flag = -1;
    for (int i = 0; i < CCREF_MAX_SLOTS; i++)
        a->tol[i] = a->tier_tol[CCREF_TIER_DOUBLE][i] = a->tier_tol[CCREF_TIER_BINARY32][i] = INFINITY;
}

static void add_flag(vtest *t, int f)
{
    if (f < 0)
        return;
    for (int i = 0; i < t->n_flags; i++)
        if (t->flags[i] == f)
            return;
    if (t->n_flags < MAX_TEST_FLAGS)
        t->flags[t->n_flags++] = f;
}

/* ------------------------------------------------------------------ answers from the oracle and the bounds */

/* a = the oracle's answer (o, cert), tolerances from the bounds b of ccref's order and the tiers tt (NULL: none
 * claimed). The published double tier is the larger of the double tier's bound and ccref's, so that ccref's order
 * passes it too (spec/accuracy.md section 11.3). */
/* The published tolerance of tier k for a value v whose tier bound is T and ccref's bound B (spec/accuracy.md section
 * 11.3: the double tier includes ccref's bound); +Inf (null) when the bound claims nothing. */
static double tier_tolerance(int k, double T, double B, double v)
{
    if (k == CCREF_TIER_DOUBLE)
        T = fmax(T, B); /* +Inf when either is */
    return isfinite(T) ? ccref_tolerance(T, v) : INFINITY;
}

static void fill_answer(answer *a, const outcome *o, const ora_cert *cert, const ccref_bounds *b, const ccref_tiers *tt)
{
    int suite = o->suite;
    answer_init(a, suite);
    a->o = *o;
    for (int i = 0; i < o->n; i++) {
        a->cert_bits[i] = cert[i].certified ? cert[i].precision_bits : 0;
        a->reason[i] = cert[i].reason;
        double B = b != NULL && i < b->n ? b->bound[i] : INFINITY;
        a->tol[i] = o->in_use[i] && isfinite(B) ? ccref_tolerance(B, o->value[i]) : INFINITY;
        for (int k = 0; k < CCREF_TIER_COUNT; k++)
            a->tier_tol[k][i] = o->in_use[i] ? tier_tolerance(k, tt != NULL && i < tt->n ? tt->bound[k][i] : INFINITY,
                                                              B, o->value[i])
                                             : INFINITY;
    }
}

/* The bound decisions of an oracle evaluation's decisions (the others computed). */
static void branches_of(const signed char dec[ORA_D_COUNT], ccref_branch_choice *br)
{
    ccref_branch_choice_computed(br);
    if (dec[ORA_D_SINGULAR] != ORA_DEC_AUTO)
        br->choice[CCREF_DECISION_SINGULAR] = dec[ORA_D_SINGULAR];
    if (dec[ORA_D_PARALLEL] != ORA_DEC_AUTO)
        br->choice[CCREF_DECISION_PARALLEL] = dec[ORA_D_PARALLEL];
    if (dec[ORA_D_SENSE] != ORA_DEC_AUTO)
        br->choice[CCREF_DECISION_SENSE] = dec[ORA_D_SENSE];
    if (dec[ORA_D_PERP_AXIS] != ORA_DEC_AUTO)
        br->choice[CCREF_DECISION_PERP_AXIS] = dec[ORA_D_PERP_AXIS];
    if (dec[ORA_D_COR_BRANCH] != ORA_DEC_AUTO)
        br->choice[CCREF_DECISION_COR_CAPTURE] = dec[ORA_D_COR_BRANCH] == CCREF_COR_CAPTURED;
    if (dec[ORA_D_COF_BRANCH] != ORA_DEC_AUTO)
        br->choice[CCREF_DECISION_COF_TRANSITION] = dec[ORA_D_COF_BRANCH] == CCREF_COF_STATIC;
}

/* Bounds of ccref's order on the branches of an oracle evaluation. */
static ccref_status bounds_on(const cli_case *c, const signed char dec[ORA_D_COUNT], ccref_bounds *b)
{
    ccref_branch_choice br;
    branches_of(dec, &br);
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: return append_handle_bounds(c, &br, b, ccref_bounds_case_on(&c->u.k, &br, b));
    case SUITE_TYPE_CONTACT: return append_handle_bounds(c, &br, b, ccref_bounds_contact_on(&c->u.c, &br, b));
    default:
        if (c->suite == SUITE_EFFECTIVE_COR)
            return ccref_bounds_cor(c->u.cor.min_cor, c->u.cor.capture_speed, c->u.cor.min_cor_speed,
                                    c->u.cor.impact_speed, b);
        if (c->suite == SUITE_EFFECTIVE_COF)
            return ccref_bounds_cof(c->u.cof.mu_s, c->u.cof.mu_d, c->u.cof.mu_v, c->u.cof.transition_speed,
                                    c->u.cof.slip_speed, b);
        memset(b, 0, sizeof *b);
        return CCREF_OK;
    }
}

ccref_status expect_exact_bounds(ora_ctx *ctx, const cli_case *c, ccref_bounds *b)
{
    outcome o;
    ora_cert cert[CCREF_MAX_SLOTS];
    int decided, bits;
    signed char dec[ORA_D_COUNT];
    eval_oracle(ctx, c, NULL, &o, cert, &decided, &bits, dec);
    return bounds_on(c, dec, b);
}

/* The tiers on the same branches (ccref_tiers.h). */
static void tiers_on(const cli_case *c, const signed char dec[ORA_D_COUNT], ccref_tiers *t)
{
    ccref_branch_choice br;
    branches_of(dec, &br);
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: ccref_tiers_case(&c->u.k, &br, t); append_handle_tiers(c, &br, t); return;
    case SUITE_TYPE_CONTACT: ccref_tiers_contact(&c->u.c, &br, t); append_handle_tiers(c, &br, t); return;
    default:
        if (c->suite == SUITE_EFFECTIVE_COR)
            ccref_tiers_cor(c->u.cor.min_cor, c->u.cor.capture_speed, c->u.cor.min_cor_speed, c->u.cor.impact_speed,
                            t);
        else if (c->suite == SUITE_EFFECTIVE_COF)
            ccref_tiers_cof(c->u.cof.mu_s, c->u.cof.mu_d, c->u.cof.mu_v, c->u.cof.transition_speed,
                            c->u.cof.slip_speed, t);
        else
            memset(t, 0, sizeof *t);
        return;
    }
}

/* The oracle decision and its value that force bound decision d onto branch v. */
static void force_of(ccref_decision d, int v, const cli_case *c, ora_decisions *f)
{
    ora_decisions_auto(f);
    switch (d) {
    case CCREF_DECISION_SINGULAR: f->v[ORA_D_SINGULAR] = (signed char)v; break;
    case CCREF_DECISION_PARALLEL: f->v[ORA_D_PARALLEL] = (signed char)v; break;
    case CCREF_DECISION_SENSE: f->v[ORA_D_SENSE] = (signed char)v; break;
    case CCREF_DECISION_PERP_AXIS: f->v[ORA_D_PERP_AXIS] = (signed char)v; break;
    case CCREF_DECISION_COR_CAPTURE: {
        /* not captured: LINEAR below the minimum-COR speed (the capture speed is at most that) */
        const ccref_contact_speeds *s = &c->u.c.speeds;
        f->v[ORA_D_COR_BRANCH] = (signed char)(v ? CCREF_COR_CAPTURED
                                                 : s->capture_speed < s->min_cor_speed ? CCREF_COR_LINEAR
                                                                                       : CCREF_COR_MINIMUM);
        break;
    }
    case CCREF_DECISION_COF_TRANSITION:
        f->v[ORA_D_COF_BRANCH] = (signed char)(v ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC);
        break;
    default: break;
    }
}

/* The value of bound decision d in an oracle evaluation's decisions; ORA_DEC_AUTO when not taken. */
static int decision_value(ccref_decision d, const signed char dec[ORA_D_COUNT])
{
    switch (d) {
    case CCREF_DECISION_SINGULAR: return dec[ORA_D_SINGULAR];
    case CCREF_DECISION_PARALLEL: return dec[ORA_D_PARALLEL];
    case CCREF_DECISION_SENSE: return dec[ORA_D_SENSE];
    case CCREF_DECISION_PERP_AXIS: return dec[ORA_D_PERP_AXIS];
    case CCREF_DECISION_COR_CAPTURE:
        return dec[ORA_D_COR_BRANCH] == ORA_DEC_AUTO ? ORA_DEC_AUTO : dec[ORA_D_COR_BRANCH] == CCREF_COR_CAPTURED;
    case CCREF_DECISION_COF_TRANSITION:
        return dec[ORA_D_COF_BRANCH] == ORA_DEC_AUTO ? ORA_DEC_AUTO : dec[ORA_D_COF_BRANCH] == CCREF_COF_STATIC;
    default: return ORA_DEC_AUTO;
    }
}

/* The branch values of decision d a `possible` bit set stands for (ccref_bounds.possible). */
static int branch_of_bit(ccref_decision d, int bit) { return d == CCREF_DECISION_SENSE ? (bit == 0 ? 1 : -1) : bit; }

/* ------------------------------------------------------------------ input-check bands */

/* A check "|x| <= 1e-12" on a value the kernel computes with an error of at most err: the computed and the exact
 * decision may differ when | |x^| - 1e-12 | <= 2 err (the exact x is within err of x^). */
static int near_tolerance(double x, double err) { return fabs(fabs(x) - CCREF_ROTATION_TOL) <= 2.0 * err; }

/* Rounding error of fl(a.b) - delta for 3-vectors, with a margin: gamma_3 sum|a_i b_i| + u delta + underflow. */
static double dot_err(ccref_vec3 a, ccref_vec3 b, double delta)
{
    double s = fabs(a.x * b.x) + fabs(a.y * b.y) + fabs(a.z * b.z);
    return 4.0 * 0x1p-53 * (s + delta) + 0x1p-1070;
}

static int rotation_band(const ccref_mat3 *R)
{
    ccref_vec3 c[3];
    for (int j = 0; j < 3; j++) {
        c[j].x = R->m[0][j];
        c[j].y = R->m[1][j];
        c[j].z = R->m[2][j];
    }
    for (int i = 0; i < 3; i++)
        for (int j = i; j < 3; j++) {
            double d = i == j ? 1.0 : 0.0;
            double x = c[i].x * c[j].x + c[i].y * c[j].y + c[i].z * c[j].z - d;
            if (near_tolerance(x, dot_err(c[i], c[j], d)))
                return 1;
        }
    return 0;
}

static int unit_band(ccref_vec3 n)
{
    double x = n.x * n.x + n.y * n.y + n.z * n.z - 1.0;
    return near_tolerance(x, dot_err(n, n, 1.0));
}

/* The first rotation (body 1, body 2, the FRAME parameters) or unit-vector parameter of a case whose check lies
 * within rounding of its tolerance: CCREF_E_NOT_ROTATION or CCREF_E_NOT_UNIT_VECTOR (the status a computed check
 * may answer), else 0. */
static int check_band(const cli_case *c)
{
    const field_desc *params;
    const void *p;
    const ccref_body *b1, *b2;
    unsigned state;
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND) {
        const kind_fields *kf = cli_kind_fields(c->u.k.kind);
        params = kf->params, p = &c->u.k.params, state = kf->state, b1 = &c->u.k.body1, b2 = &c->u.k.body2;
    } else if (suite_type_of(c->suite) == SUITE_TYPE_CONTACT) {
        const contact_fields *cf = cli_contact_fields(c->u.c.cls);
        params = cf->params, p = &c->u.c.params, state = cf->state, b1 = &c->u.c.body1, b2 = &c->u.c.body2;
    } else {
        return 0;
    }
    if (((state & STATE_BODY1) && rotation_band(&b1->R)) || ((state & STATE_BODY2) && rotation_band(&b2->R)))
        return CCREF_E_NOT_ROTATION;
    for (const field_desc *d = params; d->name != NULL; d++)
        if (d->type == FIELD_FRAME && rotation_band(&((const ccref_frame *)((const char *)p + d->offset))->R))
            return CCREF_E_NOT_ROTATION;
    for (const field_desc *d = params; d->name != NULL; d++)
        if (d->type == FIELD_UNIT && unit_band(*(const ccref_vec3 *)((const char *)p + d->offset)))
            return CCREF_E_NOT_UNIT_VECTOR;
    return 0;
}

/* ------------------------------------------------------------------ alternatives of the deviations */

static answer *new_alt(vtest *t, int flag, const char *branch)
{
    if (t->n_alt >= MAX_ALTERNATIVES)
        return NULL;
    answer *a = &t->alt[t->n_alt++];
    *a = t->expected;
    a->flag = flag;
    snprintf(a->branch, sizeof a->branch, "%s", branch);
    return a;
}

/* Ziv loop for an interval computation done by f at increasing precision; 0 when every slot certified. */
typedef int (*interval_fn)(mpfr_prec_t prec, void *arg, mpfi_t *out, int n);

static int certify_loop(interval_fn f, void *arg, int n, ora_cert *cert)
{
    mpfi_t out[4];
    int done = 0;
    for (mpfr_prec_t prec = 128; prec <= 8192 && !done; prec *= 2) {
        for (int i = 0; i < n; i++)
            mpfi_init2(out[i], prec);
        if (f(prec, arg, out, n) == 0) {
            done = 1;
            for (int i = 0; i < n; i++)
                if (!ora_certify(out[i], (int)prec, &cert[i]))
                    done = 0;
        }
        for (int i = 0; i < n; i++)
            mpfi_clear(out[i]);
    }
    return done ? 0 : -1;
}

/* Ball, documented aerr: aerr - w1 x verr (spec/ball.md: Simbody's aerr is d/dt verr + w1 x verr). */
static int ball_doc_aerr(mpfr_prec_t prec, void *arg, mpfi_t *out, int n)
{
    const ccref_case *c = arg;
    (void)n;
    ora_case oc;
    ora_case_init(&oc, c->kind, prec);
    ora_case_set(&oc, c);
    ora_ws *ws = ora_ws_new(prec);
    ora_out o;
    ora_out_init(&o, prec);
    ora_decisions d;
    ora_decisions_auto(&d);
    int rc = ora_eval(ws, &oc, &d, &o) == ORA_EVAL_OK ? 0 : -1;
    if (rc == 0) {
        double w[3] = {c->body1.w.x, c->body1.w.y, c->body1.w.z};
        mpfi_t t1, t2;
        mpfi_init2(t1, prec);
        mpfi_init2(t2, prec);
        for (int i = 0; i < 3; i++) {
            int j = (i + 1) % 3, k = (i + 2) % 3; /* (w x v)_i = w_j v_k - w_k v_j */
            mpfi_mul_d(t1, o.v[CCREF_SLOT_VERR + k], w[j]);
            mpfi_mul_d(t2, o.v[CCREF_SLOT_VERR + j], w[k]);
            mpfi_sub(t1, t1, t2);
            mpfi_sub(out[i], o.v[CCREF_SLOT_AERR + i], t1);
        }
        mpfi_clear(t1);
        mpfi_clear(t2);
    }
    ora_out_clear(&o);
    ora_ws_free(ws);
    ora_case_clear(&oc);
    return rc;
}

/* Rope with the documented sign +1: impact speed max(0, verr) and its COR (slots 0 and 1), branch in arg. */
typedef struct { const ccref_contact_case *c; int branch; } rope_arg;

static int rope_doc(mpfr_prec_t prec, void *arg, mpfi_t *out, int n)
{
    rope_arg *ra = arg;
    (void)n;
    ora_contact_case oc;
    ora_contact_case_init(&oc, ra->c->cls, prec);
    ora_contact_case_set(&oc, ra->c);
    ora_ws *ws = ora_ws_new(prec);
    ora_contact_out o;
    ora_contact_out_init(&o, prec);
    ora_decisions d;
    ora_decisions_auto(&d);
    int rc = ora_contact_eval(ws, &oc, &d, &o) == ORA_EVAL_OK ? 0 : -1;
    if (rc == 0) {
        mpfi_ptr v = o.v[CCREF_CSLOT_VERR];
        if (mpfi_is_strictly_pos(v))
            mpfi_set(out[0], v);
        else if (mpfi_is_nonpos(v))
            mpfi_set_d(out[0], 0.0);
        else
            rc = -1; /* the sign of verr is not decided at this precision */
    }
    if (rc == 0) {
        mpfi_t m, cs, ms;
        mpfi_init2(m, prec);
        mpfi_init2(cs, prec);
        mpfi_init2(ms, prec);
        mpfi_set_d(m, ra->c->material.min_cor);
        mpfi_set_d(cs, ra->c->speeds.capture_speed);
        mpfi_set_d(ms, ra->c->speeds.min_cor_speed);
        int branch = ORA_DEC_AUTO;
        if (ora_effective_cor(ws, m, cs, ms, out[0], out[1], &branch) != ORA_EVAL_OK)
            rc = -1;
        ra->branch = branch;
        mpfi_clear(m);
        mpfi_clear(cs);
        mpfi_clear(ms);
    }
    ora_contact_out_clear(&o);
    ora_ws_free(ws);
    ora_contact_case_clear(&oc);
    return rc;
}

/* A value certified outside the kind's formula (a documented deviation's expression) with the tolerance tol of
 * ccref's order and the tiers' tolerances tier_tol (NULL: no tier derived for that expression yet: null, not
 * compared in the tiers; spec/vectors.md section 5). */
static void set_slot(answer *a, int slot, const ora_cert *cert, double tol, const double *tier_tol)
{
    a->o.value[slot] = cert->value;
    a->cert_bits[slot] = cert->certified ? cert->precision_bits : 0;
    a->reason[slot] = cert->reason;
    a->tol[slot] = tol;
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        a->tier_tol[k][slot] = tier_tol != NULL ? tier_tol[k] : INFINITY;
    a->unconstrained[slot] = 0;
}

/* The documented variants of an output (BallAerrNotDerivative, RopeSign, Simbody's PointPlaneContact::getPerr) are
 * other formulas of the case or of the expected answer's outputs; their tiers are the calculus of spec/accuracy.md section 11 on those outputs as known quantities (their
 * published tier tolerances as error bounds, tx_known). */
static tx known_slot(tier_dag *d, const answer *e, int s)
{
    double err[CCREF_TIER_COUNT];
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        err[k] = e->tier_tol[k][s];
    return tx_known(d, e->o.value[s], fabs(e->o.value[s]) + e->tier_tol[CCREF_TIER_DOUBLE][s], err);
}

/* The published tier tolerances of node q (or an exact zero, TIER_ZERO) for the value v whose ccref bound is B
 * (spec/accuracy.md section 11.3: the double tier includes ccref's bound). */
static void node_tiers(const tier_dag *d, int q, double B, double v, double out[CCREF_TIER_COUNT])
{
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        out[k] = tier_tolerance(k, d->failed ? INFINITY : q == TIER_ZERO ? 0.0 : d->node[q].e[k], B, v);
}

static acc_t pair_of(double value, double B) { acc_t p = {fabs(value) + B, B}; return p; }

/* Simbody's PointPlaneContact::getPerr, X . n - h with X = R1^T (F - p1), F = p2 + R2 f (ccref's contact perr is
 * the constraint's (X - h n) . n = X . n - h |n|^2: the two differ by h (|n|^2 - 1) when the accepted normal is not
 * exactly a unit vector). A polynomial in the inputs: exact at a high enough precision. */
static int ppc_getperr(mpfr_prec_t prec, void *arg, mpfi_t *out, int n)
{
    const ccref_contact_case *c = arg;
    (void)n;
    const ccref_point_plane_params *pp = &c->params.point_plane;
    mpfi_t F[3], d[3], t, u;
    for (int i = 0; i < 3; i++) {
        mpfi_init2(F[i], prec);
        mpfi_init2(d[i], prec);
    }
    mpfi_init2(t, prec);
    mpfi_init2(u, prec);
    const double f[3] = {pp->follower_in_b2.x, pp->follower_in_b2.y, pp->follower_in_b2.z};
    const double p2[3] = {c->body2.p.x, c->body2.p.y, c->body2.p.z}, p1[3] = {c->body1.p.x, c->body1.p.y, c->body1.p.z};
    const double nn[3] = {pp->normal_in_b1.x, pp->normal_in_b1.y, pp->normal_in_b1.z};
    for (int i = 0; i < 3; i++) { /* d = F - p1 = p2 + R2 f - p1 */
        mpfi_set_d(F[i], p2[i]);
        for (int j = 0; j < 3; j++) {
            mpfi_set_d(t, c->body2.R.m[i][j]);
            mpfi_mul_d(t, t, f[j]);
            mpfi_add(F[i], F[i], t);
        }
        mpfi_sub_d(d[i], F[i], p1[i]);
    }
    mpfi_set_d(out[0], -pp->height); /* X . n - h = sum_j (sum_i R1_ij d_i) n_j - h */
    for (int j = 0; j < 3; j++) {
        mpfi_set_d(u, 0.0);
        for (int i = 0; i < 3; i++) {
            mpfi_mul_d(t, d[i], c->body1.R.m[i][j]);
            mpfi_add(u, u, t);
        }
        mpfi_mul_d(u, u, nn[j]);
        mpfi_add(out[0], out[0], u);
    }
    for (int i = 0; i < 3; i++) {
        mpfi_clear(F[i]);
        mpfi_clear(d[i]);
    }
    mpfi_clear(t);
    mpfi_clear(u);
    return 0;
}

/* The bound of a double evaluation of X . n - h in that order (lemmas L6, L1, L4; spec/accuracy.md). */
static double ppc_getperr_bound(const ccref_contact_case *c)
{
    const ccref_point_plane_params *pp = &c->params.point_plane;
    acc_t F = acc_add(acc_vec(c->body2.p), acc_rot(acc_vec(pp->follower_in_b2)));
    acc_t X = acc_rot(acc_add(F, acc_vec(c->body1.p)));
    return acc_add(acc_dot(X, acc_vec(pp->normal_in_b1)), acc_exact(pp->height)).e;
}

/* The tiers of X . n - h, X = R1^T ((p2 + R2 f) - p1) (spec/accuracy.md section 11), for its value v and ccref's
 * bound B of that order. */
static void ppc_getperr_tiers(const ccref_contact_case *c, double B, double v, double out[CCREF_TIER_COUNT])
{
    static const signed char no_branch[CCREF_DECISION_COUNT];
    const ccref_point_plane_params *pp = &c->params.point_plane;
    tier_dag d;
    out[0] = out[1] = INFINITY;
    if (tier_dag_init(&d, no_branch) != 0)
        return;
    tier_body B1 = tier_body_in(&d, &c->body1), B2 = tier_body_in(&d, &c->body2);
    tv X = tm_apply_t(&d, B1.R, tv_sub(&d, tier_station(&d, &B2, tv_in(&d, pp->follower_in_b2)), B1.p));
    node_tiers(&d, tx_sub(&d, tv_dot(&d, X, tv_in(&d, pp->normal_in_b1)), tx_in(&d, pp->height)), B, v, out);
    tier_dag_free(&d);
}

/* Simbody ignores the height of a SpherePlaneContact (the whole answer is that of the case with height 0: its expected
 * answer and its decision-band alternatives) and drops it from a PointPlaneContact's constraint (the answer of the
 * case with height 0 read through the getters, except getPerr = X . n - h, which keeps it). Here for the case whose
 * exact answer with the height overflows (point_plane: there are then no rows to read the getters from). */
/* The height of the plane classes whose height Simbody drops or ignores (point_plane, sphere_plane), else NULL. */
static double *plane_height(cli_case *c)
{
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_POINT_PLANE)
        return &c->u.c.params.point_plane.height;
    if (c->suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_PLANE)
        return &c->u.c.params.sphere_plane.height;
    return NULL;
}

/* Adds the alternatives and their flag; returns how many were added. */
static int height0_alternatives(ora_ctx *ctx, vtest *t)
{
    static vtest h0; /* large; not reentrant, and the height-0 case has no height deviation to recurse into */
    const int pp = t->c.u.c.cls == CCREF_CONTACT_POINT_PLANE;
    const int flag = pp ? FLAG_PPC_HEIGHT_DROPPED : FLAG_SPC_HEIGHT_IGNORED;
    const int n_before = t->n_alt;
    memset(&h0, 0, sizeof h0);
    h0.c = t->c;
    *plane_height(&h0.c) = 0.0;
    char msg[200];
    const int h0_failed = expect_test(ctx, &h0, msg, sizeof msg) != 0;
    if (!h0_failed && h0.expected.o.d.status == t->expected.o.d.status && !ccref_status_ok(h0.expected.o.d.status))
        return 0; /* the same error (an overflow) without the height: no other answer */
    add_flag(t, flag);
    if (h0_failed || !ccref_status_ok(h0.expected.o.d.status)) {
        answer *a = new_alt(t, flag, "simbody");
        if (a) {
            for (int i = 0; i < a->o.n; i++)
                a->unconstrained[i] = 1;
            a->disc_unconstrained = ~0u;
        }
        return t->n_alt - n_before;
    }
    ora_cert gp;
    int gp_ok = pp && certify_loop(ppc_getperr, (void *)&t->c.u.c, 1, &gp) == 0 && isfinite(gp.value);
    double gp_B = pp ? ppc_getperr_bound(&t->c.u.c) : INFINITY, gp_tiers[CCREF_TIER_COUNT] = {INFINITY, INFINITY};
    if (gp_ok)
        ppc_getperr_tiers(&t->c.u.c, gp_B, gp.value, gp_tiers);
    for (int i = -1; i < h0.n_alt; i++) {
        const answer *src = i < 0 ? &h0.expected : &h0.alt[i];
        if (pp ? i < 0 || src->flag != FLAG_PPC_GETTER_ROWS : i >= 0 && src->flag != FLAG_DECISION_BAND)
            continue; /* point_plane: the getter views of the height-0 answers; sphere_plane: the answers */
        answer *a = new_alt(t, flag, "simbody");
        if (a == NULL)
            break;
        *a = *src; /* point_plane: its branch is already "simbody" or "simbody+<band branch>" */
        a->flag = flag;
        if (!pp)
            snprintf(a->branch, sizeof a->branch, "simbody%s%.*s", i >= 0 ? "+" : "", (int)sizeof a->branch - 9,
                     i >= 0 ? src->branch : "");
        if (pp && gp_ok)
            set_slot(a, CCREF_CSLOT_PERR, &gp, isfinite(gp_B) ? ccref_tolerance(gp_B, gp.value) : INFINITY, gp_tiers);
        else if (pp)
            a->unconstrained[CCREF_CSLOT_PERR] = 1;
    }
    return t->n_alt - n_before;
}

/* The alternatives of the Simbody deviations. A deviation that changes outputs of every branch applies to the
 * expected answer and to each decision-band alternative already made (an engine with the deviation may also take
 * the other branch of a band); its branch name then says both ("simbody+cor_capture=1"). */
/* The answers a deviation's alternatives start from: the expected answer, then the band alternatives made so far. */
typedef struct {
    answer a[MAX_ALTERNATIVES + 1];
    int n;
} alternative_bases;

static void bases_of(const vtest *t, alternative_bases *bases)
{
    bases->n = 1 + t->n_alt;
    bases->a[0] = t->expected;
    for (int i = 1; i < bases->n; i++)
        bases->a[i] = t->alt[i - 1];
}

/* An alternative of the deviation's flag on base i, named "name" (with "+<base's branch>" past the expected answer);
 * NULL when the test holds as many alternatives as it can. */
static answer *alternative_on_base(vtest *t, const alternative_bases *bases, int i, int flag, const char *name)
{
    char br[48];
    snprintf(br, sizeof br, "%s%s%s", name, i ? "+" : "", i ? bases->a[i].branch : "");
    answer *a = new_alt(t, flag, br);
    if (a == NULL)
        return NULL;
    *a = bases->a[i];
    a->flag = flag;
    snprintf(a->branch, sizeof a->branch, "%s", br);
    return a;
}

/* BALL_REACTION_SIGN: the reactions with the documented sign (when the multipliers give any). */
static void ball_reaction_alternative(vtest *t)
{
    const ccref_case *k = &t->c.u.k;
    const answer *e = &t->expected;
    if (!(e->o.d.deviations & CCREF_DEV_BALL_REACTION_SIGN) ||
        (k->lambda[0] == 0.0 && k->lambda[1] == 0.0 && k->lambda[2] == 0.0))
        return;
    answer *a = new_alt(t, FLAG_BALL_REACTION_SIGN, "documented");
    for (int i = 0; a && i < 6; i++)
        a->o.value[CCREF_SLOT_BALL_REACTION1 + i] = -e->o.value[CCREF_SLOT_BALL_REACTION1 + i];
}

/* BALL_AERR_NOT_DERIVATIVE: the documented aerr (the time derivative of verr), certified, with the bound of the
 * reference order for aerr - w1 x verr from the bounds of aerr and verr (L1, L5). */
static void ball_aerr_alternative(vtest *t, const ccref_bounds *b)
{
    const ccref_case *k = &t->c.u.k;
    const answer *e = &t->expected;
    if (!(e->o.d.deviations & CCREF_DEV_BALL_AERR_NOT_DERIVATIVE) ||
        (e->deviations_undecided & CCREF_DEV_BALL_AERR_NOT_DERIVATIVE))
        return;
    ora_cert cert[3];
    answer *a = new_alt(t, FLAG_BALL_AERR_NOT_DERIVATIVE, "documented");
    if (a == NULL)
        return;
    int ok = certify_loop(ball_doc_aerr, (void *)k, 3, cert) == 0;
    double vn = 0.0, an = 0.0, vb = 0.0, ab = 0.0;
    for (int i = 0; i < 3; i++) {
        vn = fmax(vn, fabs(e->o.value[CCREF_SLOT_VERR + i]));
        an = fmax(an, fabs(e->o.value[CCREF_SLOT_AERR + i]));
        vb = fmax(vb, b->bound[CCREF_SLOT_VERR + i]);
        ab = fmax(ab, b->bound[CCREF_SLOT_AERR + i]);
    }
    acc_t verr = pair_of(vn * 1.7320508075688774, vb), aerr = pair_of(an * 1.7320508075688774, ab);
    double B = acc_add(aerr, acc_cross(acc_vec(k->body1.w), verr)).e;
    static const signed char no_branch[CCREF_DECISION_COUNT];
    tier_dag d;
    int dag = tier_dag_init(&d, no_branch) == 0;
    const double w[3] = {k->body1.w.x, k->body1.w.y, k->body1.w.z};
    for (int i = 0; i < 3; i++) {
        if (!ok) {
            a->unconstrained[CCREF_SLOT_AERR + i] = 1;
            continue;
        }
        double tt[CCREF_TIER_COUNT] = {INFINITY, INFINITY};
        if (dag) { /* aerr_i - (w_j verr_l - w_l verr_j) */
            const int j = (i + 1) % 3, l = (i + 2) % 3;
            tx wxv = tx_sub(&d, tx_mul(&d, tx_in(&d, w[j]), known_slot(&d, e, CCREF_SLOT_VERR + l)),
                            tx_mul(&d, tx_in(&d, w[l]), known_slot(&d, e, CCREF_SLOT_VERR + j)));
            node_tiers(&d, tx_sub(&d, known_slot(&d, e, CCREF_SLOT_AERR + i), wxv), B, cert[i].value, tt);
        }
        set_slot(a, CCREF_SLOT_AERR + i, &cert[i], isfinite(B) ? ccref_tolerance(B, cert[i].value) : INFINITY, tt);
    }
    if (dag)
        tier_dag_free(&d);
}

/* SOS_ROLLING_AERR_SPIN: the tangential acceleration rows (and a contact's slip accelerations) unconstrained. */
static void sos_spin_alternatives(vtest *t, const alternative_bases *bases)
{
    const answer *e = &t->expected;
    int sos = t->c.suite == CCREF_KIND_SPHERE_ON_SPHERE ? 0
              : t->c.suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE ? CCREF_CSLOT_CONSTRAINT : -1;
    if (sos < 0 || !(e->o.d.deviations & CCREF_DEV_SOS_ROLLING_AERR_SPIN) ||
        (e->deviations_undecided & CCREF_DEV_SOS_ROLLING_AERR_SPIN))
        return;
    for (int i = 0; i < bases->n; i++) {
        answer *a = alternative_on_base(t, bases, i, FLAG_SOS_ROLLING_AERR_SPIN, "documented");
        if (a == NULL)
            break;
        a->unconstrained[sos + CCREF_SLOT_AERR + 1] = a->unconstrained[sos + CCREF_SLOT_AERR + 2] = 1;
        if (sos)
            a->unconstrained[CCREF_CSLOT_SLIP_ACCELERATION] = a->unconstrained[CCREF_CSLOT_SLIP_ACCELERATION + 1] = 1;
    }
}

/* Simbody's SignificantReal, fl(pow(2^-52, 7/8)) = fl(sqrt 2) 2^-46 (spec/line_on_line.md, "Parallel edges", (d)). */
#define SIMBODY_SIGNIFICANT_REAL 0x1.6a09e667f3bcdp-46

/* The edges of a line_on_line case or an edge_edge contact, for lol_threshold_scale. */
typedef struct {
    const ccref_body *b1, *b2;
    const ccref_frame *e1, *e2; /* X_FEf on body 1, X_BEb on body 2 */
} lol_edges;

/* Simbody's parallel branch evaluated on edges whose exact answer is not parallel (spec/line_on_line.md, "Parallel
 * edges", (f)): n = w / SignificantReal instead of w / |w|, so tf and tb are scaled by k = |w|^2 / SignificantReal^2
 * and n by sqrt(k). Out: k, |tf| = |db . (p x w)| / |w|^2 and |tb| = |df . (p x w)| / |w|^2, exactly (polynomials
 * and one quotient by |w|^2 > 0). */
static int lol_threshold_scale(mpfr_prec_t prec, void *arg, mpfi_t *out, int n)
{
    const lol_edges *g = arg;
    (void)n;
    mpfi_t d[2][3], P[2][3], p[3], w[3], t, u, w2;
    for (int i = 0; i < 3; i++) {
        mpfi_init2(p[i], prec);
        mpfi_init2(w[i], prec);
        for (int e = 0; e < 2; e++) {
            mpfi_init2(d[e][i], prec);
            mpfi_init2(P[e][i], prec);
        }
    }
    mpfi_init2(t, prec);
    mpfi_init2(u, prec);
    mpfi_init2(w2, prec);
    for (int e = 0; e < 2; e++) { /* d = R X.R[:,0], P = p + R X.p */
        const ccref_body *b = e ? g->b2 : g->b1;
        const ccref_frame *x = e ? g->e2 : g->e1;
        const double xp[3] = {x->p.x, x->p.y, x->p.z}, bp[3] = {b->p.x, b->p.y, b->p.z};
        for (int i = 0; i < 3; i++) {
            mpfi_set_d(d[e][i], 0.0);
            mpfi_set_d(P[e][i], bp[i]);
            for (int j = 0; j < 3; j++) {
                mpfi_set_d(t, b->R.m[i][j]);
                mpfi_mul_d(u, t, x->R.m[j][0]);
                mpfi_add(d[e][i], d[e][i], u);
                mpfi_mul_d(u, t, xp[j]);
                mpfi_add(P[e][i], P[e][i], u);
            }
        }
    }
    for (int i = 0; i < 3; i++) {
        const int j = (i + 1) % 3, l = (i + 2) % 3;
        mpfi_sub(p[i], P[1][i], P[0][i]);
        mpfi_mul(t, d[0][j], d[1][l]);
        mpfi_mul(u, d[0][l], d[1][j]);
        mpfi_sub(w[i], t, u);
    }
    mpfi_set_d(w2, 0.0);
    for (int i = 0; i < 3; i++) {
        mpfi_sqr(t, w[i]);
        mpfi_add(w2, w2, t);
    }
    mpfi_set_d(t, SIMBODY_SIGNIFICANT_REAL);
    mpfi_sqr(t, t);
    mpfi_div(out[0], w2, t);
    for (int e = 0; e < 2; e++) { /* |d_other . (p x w)| / |w|^2 */
        mpfi_set_d(out[1 + e], 0.0);
        for (int i = 0; i < 3; i++) {
            const int j = (i + 1) % 3, l = (i + 2) % 3;
            mpfi_mul(t, p[j], w[l]);
            mpfi_mul(u, p[l], w[j]);
            mpfi_sub(t, t, u);
            mpfi_mul(t, t, d[1 - e][i]);
            mpfi_add(out[1 + e], out[1 + e], t);
        }
        mpfi_abs(out[1 + e], out[1 + e]);
        mpfi_div(out[1 + e], out[1 + e], w2);
    }
    for (int i = 0; i < 3; i++) {
        mpfi_clear(p[i]);
        mpfi_clear(w[i]);
        for (int e = 0; e < 2; e++) {
            mpfi_clear(d[e][i]);
            mpfi_clear(P[e][i]);
        }
    }
    mpfi_clear(t);
    mpfi_clear(u);
    mpfi_clear(w2);
    return 0;
}

/* Slot s of answer a becomes that of answer e (value, tolerances, certification). */
static void copy_slot(answer *a, const answer *e, int s)
{
    a->o.value[s] = e->o.value[s];
    a->tol[s] = e->tol[s];
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        a->tier_tol[k][s] = e->tier_tol[k][s];
    a->cert_bits[s] = e->cert_bits[s];
    a->reason[s] = e->reason[s];
    a->unconstrained[s] = 0;
}

/* Widens slot s of a (every tier) to hold a value that differs from the one given by at most dv, on a computation
 * whose magnitudes are scaled by at most kmax (spec/line_on_line.md, "Parallel edges", (f)). */
static void widen_slot(answer *a, int s, double kmax, double dv)
{
    const double v = fabs(a->o.value[s]);
    double *tols[1 + CCREF_TIER_COUNT];
    tols[0] = &a->tol[s];
    for (int k = 0; k < CCREF_TIER_COUNT; k++)
        tols[1 + k] = &a->tier_tol[k][s];
    for (int k = 0; k <= CCREF_TIER_COUNT; k++)
        if (isfinite(*tols[k]))
            *tols[k] = kmax * *tols[k] + dv + ccref_ulp(v + dv);
}

/* The composed alternative "simbody+parallel=1" of a test whose exact answer is not parallel: a's discrete outputs,
 * rows and body forces are the band's parallel answer (zero); the closest points, frame, separation and
 * force_on_body2_applied (an edge_edge's perr and display point) are Simbody's, those of the exact answer e scaled
 * by k (tf, tb) or sqrt(k) (n, hence Cy, Cz, the separation): e's values, widened. 1 when done, 0 when k could not
 * be certified (the caller leaves the slots unconstrained). */
static int lol_near_threshold(const vtest *t, const answer *e, answer *a)
{
    const int kind = t->c.suite == CCREF_KIND_LINE_ON_LINE;
    lol_edges g;
    if (kind) {
        const ccref_case *k = &t->c.u.k;
        g = (lol_edges){&k->body1, &k->body2, &k->params.line_on_line.edge_frame1_in_b1,
                        &k->params.line_on_line.edge_frame2_in_b2};
    } else {
        const ccref_contact_case *c = &t->c.u.c;
        g = (lol_edges){&c->body1, &c->body2, &c->params.edge_edge.edge_frame1_in_b1,
                        &c->params.edge_edge.edge_frame2_in_b2};
    }
    ora_cert cert[3];
    if (certify_loop(lol_threshold_scale, &g, 3, cert) != 0 || !isfinite(cert[1].value) || !isfinite(cert[2].value))
        return 0;
    /* each certified value is within one ulp of the exact one; |df|, |db|, |Cy|, |Cz| <= 1 + 2^-30 (rotations);
     * |sqrt(k) - 1| <= |k - 1| */
    const double up = 1.0 + 0x1p-30;
    const double dk = (fabs(cert[0].value - 1.0) + 0x1p-50) * up, kmax = fmax(cert[0].value, 1.0) * up;
    const double tf = cert[1].value * up * up, tb = cert[2].value * up * up;
    for (int i = 0; i < 3; i++) { /* Q = P + k t d; Co = (Qf + Qb) / 2 */
        const int co = kind ? CCREF_SLOT_LOL_FRAME_P + i : CCREF_CSLOT_DISPLAY + i;
        copy_slot(a, e, co);
        widen_slot(a, co, kmax, dk * (tf + tb) / 2 * up);
        if (kind) {
            copy_slot(a, e, CCREF_SLOT_LOL_CLOSEST1 + i);
            widen_slot(a, CCREF_SLOT_LOL_CLOSEST1 + i, kmax, dk * tf);
            copy_slot(a, e, CCREF_SLOT_LOL_CLOSEST2 + i);
            widen_slot(a, CCREF_SLOT_LOL_CLOSEST2 + i, kmax, dk * tb);
        }
    }
    const int sep = kind ? CCREF_SLOT_LOL_SEPARATION : CCREF_CSLOT_PERR;
    copy_slot(a, e, sep); /* p . n */
    widen_slot(a, sep, kmax, dk * (fabs(e->o.value[sep]) + e->tol[sep]) * up);
    if (!kind)
        return 1;
    for (int r = 0; r < 9; r++) { /* Cx = df unchanged; Cy = n x df and Cz = n scaled by sqrt(k) */
        const int s = CCREF_SLOT_LOL_FRAME_R + r;
        copy_slot(a, e, s);
        widen_slot(a, s, kmax, r % 3 == 0 ? 0.0 : dk * (fabs(e->o.value[s]) + e->tol[s]) * up);
    }
    const double *lam = t->c.u.k.lambda; /* -(lambda_x Cx + lambda_y Cy + lambda_n Cz): the Cy, Cz terms scaled */
    for (int i = 0; i < 3; i++) {
        copy_slot(a, e, CCREF_SLOT_LOL_FORCE_ON_BODY2 + i);
        widen_slot(a, CCREF_SLOT_LOL_FORCE_ON_BODY2 + i, kmax,
                   dk * (fabs(lam[0]) + fabs(lam[1]) + fabs(lam[2])) * up);
    }
    return 1;
}

/* LOL_PARALLEL_FALLBACK: on every answer that takes the parallel branch (the expected one, or a band's other branch
 * in either direction), Simbody's closest points, frame, separation and sense (an EdgeEdgeContact's perr and display
 * point) unconstrained, and LineOnLine's force_on_body2_applied: Simbody's findForceOnBodyBInG rotates the
 * multipliers by its degenerate frame there, though its rows and body forces are zero as ccref's. The non-parallel
 * branch has no deviation: no alternative on it. */
static void lol_fallback_alternatives(vtest *t, const alternative_bases *bases)
{
    int kind = t->c.suite == CCREF_KIND_LINE_ON_LINE;
    if (!kind && t->c.suite != SUITE_FIRST_CONTACT + CCREF_CONTACT_EDGE_EDGE)
        return;
    for (int i = 0; i < bases->n; i++) {
        if (!(bases->a[i].o.d.deviations & CCREF_DEV_LOL_PARALLEL_FALLBACK))
            continue;
        answer *a = alternative_on_base(t, bases, i, FLAG_LOL_PARALLEL_FALLBACK, "simbody");
        if (a == NULL)
            break;
        add_flag(t, FLAG_LOL_PARALLEL_FALLBACK);
        if (!(bases->a[0].o.d.deviations & CCREF_DEV_LOL_PARALLEL_FALLBACK) && lol_near_threshold(t, &bases->a[0], a)) {
            a->disc_unconstrained |= kind ? DISC_SENSE | DISC_PARALLEL : 0u;
            continue;
        }
        if (kind) {
            for (int s = CCREF_SLOT_LOL_CLOSEST1; s < CCREF_SLOT_LOL_FORCE_ON_BODY2 + 3; s++)
                a->unconstrained[s] = 1;
            a->disc_unconstrained |= DISC_SENSE | DISC_PARALLEL;
            /* the separation of parallel edges is a convention too (the documented fallback's 0): an engine's own
             * (the lines' distance, its segments' distance) is accepted with its perr, "any separation" */
            answer *b = i == 0 ? new_alt(t, FLAG_LOL_PARALLEL_FALLBACK, "any separation") : NULL;
            if (b != NULL) {
                *b = *a;
                snprintf(b->branch, sizeof b->branch, "any separation");
                b->unconstrained[CCREF_SLOT_PERR] = 1;
            }
        } else {
            a->unconstrained[CCREF_CSLOT_PERR] = 1;
            for (int s = 0; s < 3; s++)
                a->unconstrained[CCREF_CSLOT_DISPLAY + s] = 1;
        }
    }
}

/* ROPE_SIGN: the documented sign +1, its impact speed and COR certified. */
static void rope_sign_alternative(vtest *t, const ccref_bounds *b)
{
    const ccref_contact_case *cc = &t->c.u.c;
    ora_cert cert[2];
    rope_arg ra = {cc, ORA_DEC_AUTO};
    answer *a = new_alt(t, FLAG_ROPE_SIGN, "documented");
    if (a == NULL)
        return;
    a->o.d.sign = 1;
    double ev = b->bound[CCREF_CSLOT_VERR];
    if (certify_loop(rope_doc, &ra, 2, cert) != 0) {
        a->unconstrained[CCREF_CSLOT_IMPACT_SPEED] = a->unconstrained[CCREF_CSLOT_EFFECTIVE_COR] = 1;
        a->disc_unconstrained |= DISC_COR_BRANCH;
        return;
    }
    double v = cert[0].value;
    /* the tiers: the impact speed max(0, +-verr) has verr's (T5: exact, 1-Lipschitz); the COR that rule's at it */
    static const signed char no_branch[CCREF_DECISION_COUNT];
    double Bc = ccref_cor_bound(cc->material.min_cor, cc->speeds.capture_speed, cc->speeds.min_cor_speed, v, ev);
    double vt[CCREF_TIER_COUNT], ct[CCREF_TIER_COUNT] = {INFINITY, INFINITY};
    tier_dag d;
    int dag = tier_dag_init(&d, no_branch) == 0, near_capture = 0;
    if (dag) {
        double err[CCREF_TIER_COUNT];
        for (int k = 0; k < CCREF_TIER_COUNT; k++)
            err[k] = t->expected.tier_tol[k][CCREF_CSLOT_VERR];
        tx vn = tx_known(&d, v, v + err[CCREF_TIER_DOUBLE], err);
        node_tiers(&d, vn, ev, v, vt);
        near_capture = tier_near(&d, vn, cc->speeds.capture_speed);
        tier_put_cor(&d, 0, (ccref_cor_branch)ra.branch, cc->material.min_cor, cc->speeds.min_cor_speed, vn,
                     ra.branch != CCREF_COR_CAPTURED && tier_near(&d, vn, cc->speeds.min_cor_speed));
        node_tiers(&d, d.out[0], Bc, cert[1].value, ct);
        tier_dag_free(&d);
    } else
        vt[0] = vt[1] = INFINITY;
    set_slot(a, CCREF_CSLOT_IMPACT_SPEED, &cert[0], isfinite(ev) ? ccref_tolerance(ev, v) : INFINITY, vt);
    set_slot(a, CCREF_CSLOT_EFFECTIVE_COR, &cert[1], isfinite(Bc) ? ccref_tolerance(Bc, cert[1].value) : INFINITY,
             ct);
    a->o.d.cor_branch = ra.branch;
    /* near the capture speed (ccref's or a tier's band) the documented COR branch is itself rounding-sensitive: not
     * compared */
    if (fabs(v - cc->speeds.capture_speed) <= 2.0 * ev || near_capture) {
        a->unconstrained[CCREF_CSLOT_EFFECTIVE_COR] = 1;
        a->disc_unconstrained |= DISC_COR_BRANCH;
    }
}

/* PPC_HEIGHT_DROPPED: the enforced constraint's perr, that of the plane through the body origin (the case at height
 * 0), certified with its bound; its deviations. */
typedef struct {
    int ok;
    ora_cert cert;
    double tol, tier_tol[CCREF_TIER_COUNT];
    unsigned deviations;
} height0_perr;

static height0_perr ppc_height0_perr(ora_ctx *ctx, const vtest *t)
{
    height0_perr h = {0, {0.0, 0, 0, ORA_R_PENDING}, INFINITY, {INFINITY, INFINITY}, 0};
    cli_case h0 = t->c;
    h0.u.c.params.point_plane.height = 0.0;
    outcome o;
    ora_cert cert[CCREF_MAX_SLOTS];
    int decided, bits;
    signed char dec[ORA_D_COUNT];
    ccref_bounds hb;
    eval_oracle(ctx, &h0, NULL, &o, cert, &decided, &bits, dec);
    ccref_status st = bounds_on(&h0, dec, &hb);
    ccref_tiers ht;
    tiers_on(&h0, dec, &ht);
    int s = CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR;
    h.ok = decided && ccref_status_ok(o.d.status) && ccref_status_ok(st);
    if (h.ok) {
        h.cert = cert[s];
        h.tol = isfinite(hb.bound[s]) ? ccref_tolerance(hb.bound[s], cert[s].value) : INFINITY;
        for (int k = 0; k < CCREF_TIER_COUNT; k++) {
            double T = s < ht.n ? ht.bound[k][s] : INFINITY;
            if (k == CCREF_TIER_DOUBLE)
                T = fmax(T, hb.bound[s]);
            h.tier_tol[k] = isfinite(T) ? ccref_tolerance(T, cert[s].value) : INFINITY;
        }
    }
    h.deviations = o.d.deviations;
    return h;
}

/* A PointPlaneContact's answer as Simbody's getters give it: getVerr/getAerr read raw row 2, getSlipVelocity rows
 * (0, 1); the speeds and rules built on the getters are the caller's in Simbody (unconstrained). slip_acceleration
 * has no getter: it keeps its one meaning, the x and y rows (spec/vectors.md section 8). */
static void ppc_getter_rows(answer *a, const answer *from)
{
    static const struct { int to, from; } map[] = {
        {CCREF_CSLOT_VERR, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR + 2},
        {CCREF_CSLOT_AERR, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_AERR + 2},
        {CCREF_CSLOT_SLIP_VELOCITY, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR},
        {CCREF_CSLOT_SLIP_VELOCITY + 1, CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR + 1}};
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
        a->o.value[map[k].to] = from->o.value[map[k].from];
        a->tol[map[k].to] = from->tol[map[k].from];
        for (int t = 0; t < CCREF_TIER_COUNT; t++)
            a->tier_tol[t][map[k].to] = from->tier_tol[t][map[k].from];
        a->cert_bits[map[k].to] = from->cert_bits[map[k].from];
        a->reason[map[k].to] = from->reason[map[k].from];
        a->unconstrained[map[k].to] = from->unconstrained[map[k].from];
    }
    a->unconstrained[CCREF_CSLOT_IMPACT_SPEED] = a->unconstrained[CCREF_CSLOT_EFFECTIVE_COR] = 1;
    a->unconstrained[CCREF_CSLOT_SLIP_SPEED] = a->unconstrained[CCREF_CSLOT_EFFECTIVE_COF] = 1;
    a->disc_unconstrained |= DISC_COR_BRANCH | DISC_COF_BRANCH;
}

/* PPC_GETTER_ROWS, PPC_HEIGHT_DROPPED: Simbody's getters (getPerr is X . n - h, certified with its own bound) and,
 * with the height dropped, the enforced constraint's perr at height 0. */
static void ppc_alternatives(ora_ctx *ctx, vtest *t, const alternative_bases *bases)
{
    const ccref_contact_case *cc = &t->c.u.c;
    const unsigned dev = t->expected.o.d.deviations;
    const int dropped = (dev & CCREF_DEV_PPC_HEIGHT_DROPPED) != 0;
    height0_perr h0 = {0, {0.0, 0, 0, ORA_R_PENDING}, INFINITY, {INFINITY, INFINITY}, 0};
    if (dropped)
        h0 = ppc_height0_perr(ctx, t);
    ora_cert gp;
    int gp_ok = certify_loop(ppc_getperr, (void *)cc, 1, &gp) == 0;
    double gp_B = ppc_getperr_bound(cc), gp_tiers[CCREF_TIER_COUNT] = {INFINITY, INFINITY};
    if (gp_ok)
        ppc_getperr_tiers(cc, gp_B, gp.value, gp_tiers);
    int flag = dropped ? FLAG_PPC_HEIGHT_DROPPED : FLAG_PPC_GETTER_ROWS;
    for (int i = 0; i < bases->n; i++) {
        answer *a = alternative_on_base(t, bases, i, flag, "simbody");
        if (a == NULL)
            break;
        ppc_getter_rows(a, &bases->a[i]);
        if (gp_ok)
            set_slot(a, CCREF_CSLOT_PERR, &gp, isfinite(gp_B) ? ccref_tolerance(gp_B, gp.value) : INFINITY, gp_tiers);
        else
            a->unconstrained[CCREF_CSLOT_PERR] = 1;
        if (dropped) {
            int s = CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_PERR;
            if (h0.ok)
                set_slot(a, s, &h0.cert, h0.tol, h0.tier_tol);
            else
                a->unconstrained[s] = 1;
            a->o.d.deviations = h0.deviations;
        }
    }
}

/* The alternatives of the Simbody deviations a test exercises (spec/simbody-deviations.md; flags.c): each says what
 * Simbody 3.7 computes where it differs from its documentation, on the expected answer and on each band alternative
 * made before. */
static void deviation_alternatives(ora_ctx *ctx, vtest *t, const ccref_bounds *b)
{
    alternative_bases bases;
    bases_of(t, &bases);
    if (t->c.suite == CCREF_KIND_BALL) {
        ball_reaction_alternative(t);
        ball_aerr_alternative(t, b);
    }
    sos_spin_alternatives(t, &bases);
    lol_fallback_alternatives(t, &bases);
    if (suite_type_of(t->c.suite) != SUITE_TYPE_CONTACT)
        return;
    const ccref_contact_case *cc = &t->c.u.c;
    const unsigned dev = t->expected.o.d.deviations;
    if (cc->cls == CCREF_CONTACT_ROPE)
        rope_sign_alternative(t, b);
    if (cc->cls == CCREF_CONTACT_POINT_PLANE && (dev & (CCREF_DEV_PPC_GETTER_ROWS | CCREF_DEV_PPC_HEIGHT_DROPPED)))
        ppc_alternatives(ctx, t, &bases);
    if (cc->cls == CCREF_CONTACT_SPHERE_PLANE && (dev & CCREF_DEV_SPC_HEIGHT_IGNORED))
        height0_alternatives(ctx, t);
}

/* ------------------------------------------------------------------ the expected answer */

static int is_bad_input(ccref_status s) { return !ccref_status_ok(s) && s != CCREF_E_RESULT_OVERFLOW; }

/* What an expected answer is made from: the certified oracle's evaluation (its certificates, whether it decided the
 * status and discrete outputs, the decisions it took), the double kernel's with its proven bounds, and the status a
 * computed input check may answer (check_band; 0: none). */
typedef struct {
    outcome oracle;
    ora_cert cert[CCREF_MAX_SLOTS];
    int decided, max_bits;
    signed char dec[ORA_D_COUNT];
    outcome kernel;
    ccref_bounds kernel_bounds;
    int band;
} evaluations;

/* An input the exact checks reject: invalid; acceptable when a computed check may accept it (ToleranceBand). */
static void expect_invalid(vtest *t, const evaluations *ev)
{
    fill_answer(&t->expected, &ev->oracle, ev->cert, NULL, NULL);
    add_flag(t, flag_of_status(ev->oracle.d.status));
    t->result = RESULT_INVALID;
    if (!ev->band)
        return;
    /* the kernel's computed check may accept: its outputs are then not compared */
    answer *a = new_alt(t, FLAG_TOLERANCE_BAND, "accepted");
    a->o.d.status = CCREF_OK;
    a->o.d.mp = ev->kernel.d.mp;
    a->o.d.mv = ev->kernel.d.mv;
    a->o.n = suite_slots(t->c.suite);
    outcome_set_in_use(&a->o);
    for (int i = 0; i < a->o.n; i++)
        a->unconstrained[i] = 1;
    a->disc_unconstrained = ~0u;
    t->result = RESULT_ACCEPTABLE;
}

/* An exact answer that overflows; Simbody's answer without the plane's height is an alternative. */
static void expect_overflow(ora_ctx *ctx, vtest *t, const evaluations *ev)
{
    fill_answer(&t->expected, &ev->oracle, ev->cert, NULL, NULL);
    add_flag(t, FLAG_OVERFLOW);
    const double *h = plane_height(&t->c);
    if (h != NULL && *h != 0.0 && height0_alternatives(ctx, t) > 0) /* Simbody's answer without the height */
        t->result = RESULT_ACCEPTABLE;
}

/* An alternative that is only a status (the rest of the answer not given). */
static void status_alternative(vtest *t, int flag, const char *branch, ccref_status status)
{
    answer *a = new_alt(t, flag, branch);
    answer_init(a, t->c.suite);
    a->flag = flag;
    snprintf(a->branch, sizeof a->branch, "%s", branch);
    a->o.d.status = status;
    t->result = RESULT_ACCEPTABLE;
}

/* A finite exact answer on which the bounds' reference order fails: an intermediate overflow, or a kernel status
 * within a tolerance band; else the kernel is outside every band (-1 with msg: a bug). */
static int expect_without_bounds(vtest *t, const evaluations *ev, char *msg, size_t msglen)
{
    fill_answer(&t->expected, &ev->oracle, ev->cert, NULL, NULL);
    if (ev->kernel.d.status == CCREF_E_RESULT_OVERFLOW) {
        add_flag(t, FLAG_INTERMEDIATE_OVERFLOW);
        add_flag(t, FLAG_NO_ERROR_BOUND);
        status_alternative(t, FLAG_INTERMEDIATE_OVERFLOW, "overflow", CCREF_E_RESULT_OVERFLOW);
        return 0;
    }
    if (ev->band) {
        status_alternative(t, FLAG_TOLERANCE_BAND, "rejected", ev->kernel.d.status);
        return 0;
    }
    snprintf(msg, msglen, "the kernel returns %s where the exact status is %s, outside every band",
             ccref_status_name(ev->kernel.d.status), ccref_status_name(ev->oracle.d.status));
    return -1;
}

/* The flags of the claims on the expected values: a bound larger than the value, no bound, no certificate. */
static void flag_claims(vtest *t, const ccref_bounds *eb)
{
    const answer *e = &t->expected;
    for (int i = 0; i < e->o.n; i++) {
        if (!e->o.in_use[i])
            continue;
        if (!isinf(e->tol[i]) && eb->bound[i] > fabs(e->o.value[i]) && e->o.value[i] != 0.0)
            add_flag(t, FLAG_BOUND_EXCEEDS_VALUE);
        if (isinf(e->tol[i]))
            add_flag(t, FLAG_NO_ERROR_BOUND);
        if (!e->cert_bits[i])
            add_flag(t, FLAG_UNCERTIFIED);
        double t32 = e->tier_tol[CCREF_TIER_BINARY32][i];
        if (isinf(t32) && !isinf(e->tol[i]))
            add_flag(t, FLAG_BINARY32_UNBOUNDED);
        else if (!isinf(t32) && t32 >= fabs(e->o.value[i]) && e->o.value[i] != 0.0)
            add_flag(t, FLAG_BINARY32_NO_DIGIT);
    }
}

/* The alternative of decision d's branch of bit `bit` (in the band's possible branches); -1 when there is no room
 * for another alternative. */
static int decision_band_alternative(ora_ctx *ctx, vtest *t, ccref_decision d, int bit)
{
    const cli_case *c = &t->c;
    int v = branch_of_bit(d, bit);
    ora_decisions force;
    force_of(d, v, c, &force);
    outcome ao;
    ora_cert acert[CCREF_MAX_SLOTS];
    int adecided, abits;
    signed char adec[ORA_D_COUNT];
    ccref_bounds ab;
    ccref_tiers at;
    eval_oracle(ctx, c, &force, &ao, acert, &adecided, &abits, adec);
    char br[48];
    snprintf(br, sizeof br, "%s=%d", ccref_decision_name(d), v);
    answer *a = new_alt(t, FLAG_DECISION_BAND, br);
    if (a == NULL)
        return -1;
    if (adecided && ccref_status_ok(ao.d.status) && ccref_status_ok(bounds_on(c, adec, &ab))) {
        tiers_on(c, adec, &at);
        fill_answer(a, &ao, acert, &ab, &at);
    } else {
        for (int i = 0; i < a->o.n; i++)
            a->unconstrained[i] = 1;
        a->disc_unconstrained = ~0u;
    }
    a->flag = FLAG_DECISION_BAND;
    snprintf(a->branch, sizeof a->branch, "%s", br);
    for (int i = 0; i < a->o.n; i++) /* an exact output the other branch cannot certify: not compared */
        if (a->o.in_use[i] && !a->cert_bits[i])
            a->unconstrained[i] = 1;
    return 0;
}

/* Whether output slot i keeps its value whatever the singular direction: the distance rows (perr, the separation)
 * and the contact point (Co, the display point), which do not involve the direction (spec/sphere_on_sphere.md,
 * spec/rod.md). */
static int direction_free_slot(int suite, int i)
{
    const char *n = slot_name(suite, i);
    if (strncmp(n, "constraint.", 11) == 0)
        n += 11;
    return strcmp(n, "perr[0]") == 0 || strcmp(n, "separation") == 0 || strncmp(n, "contact_frame.p.", 16) == 0 ||
           strncmp(n, "display_point.", 14) == 0;
}

/* SingularDirectionChoice: where the exact answer takes Simbody's singular fallback (|p|^2 < 2^-130: body 1's z
 * axis), the direction is a convention: Simbody's own rule says it is not defined there, and another engine's choice
 * (the exact p/|p| where it is not 0, world x, a zero "no direction" vector) is as correct. The alternative "any
 * direction" is the expected answer with every output that involves the direction free; perr, the separation and the
 * contact point, which do not, are held (spec/vectors.md section 5). */
static void singular_direction_alternative(vtest *t, const evaluations *ev)
{
    if (decision_value(CCREF_DECISION_SINGULAR, ev->dec) != 1)
        return;
    answer *a = new_alt(t, FLAG_SINGULAR_DIRECTION_CHOICE, "any direction");
    if (a == NULL)
        return;
    add_flag(t, FLAG_SINGULAR_DIRECTION_CHOICE);
    for (int i = 0; i < a->o.n; i++)
        if (a->o.in_use[i] && !direction_free_slot(t->c.suite, i))
            a->unconstrained[i] = 1;
    a->disc_unconstrained = ~0u;
}

/* Decision bands: the kernel's bands (its computed decisions near their thresholds), and the decisions outside them
 * that an evaluation in the double tier may take otherwise (tiers_bands, ccref_tiers.bands: two-way decisions);
 * each other branch the exact evaluation could not exclude is an alternative. 0, or -1 with msg when the exact
 * branch is outside its band. */
static int decision_band_alternatives(ora_ctx *ctx, vtest *t, const evaluations *ev, unsigned tiers_bands, char *msg,
                                      size_t msglen)
{
    const ccref_bounds *kb = &ev->kernel_bounds;
    for (int d = 1; d < CCREF_DECISION_COUNT; d++) {
        const unsigned possible = (kb->bands & (1u << d)) ? kb->possible[d] : (tiers_bands & (1u << d)) ? 3u : 0u;
        if (possible == 0)
            continue;
        int exact = decision_value((ccref_decision)d, ev->dec);
        if (exact == ORA_DEC_AUTO)
            continue; /* the exact evaluation does not take this decision */
        int exact_bit = d == CCREF_DECISION_SENSE ? (exact > 0 ? 0 : 1) : exact;
        if (!(possible & (1u << exact_bit))) {
            snprintf(msg, msglen, "decision %s: the exact branch %d is outside the band's possible branches 0x%x",
                     ccref_decision_name((ccref_decision)d), exact, possible);
            return -1;
        }
        add_flag(t, FLAG_DECISION_BAND);
        for (int bit = 0; bit < 3; bit++)
            if (bit != exact_bit && (possible & (1u << bit)) &&
                decision_band_alternative(ctx, t, (ccref_decision)d, bit) != 0)
                break;
    }
    return 0;
}

/* The deviation flags of the expected answer, and the deviations decided inside a band (either value accepted). */
static void deviation_flags_and_bands(vtest *t, const ccref_bounds *eb)
{
    const cli_case *c = &t->c;
    const int suite = c->suite;
    answer *e = &t->expected;
    unsigned dev = e->o.d.deviations;
    for (int bit = 0; bit < 32; bit++)
        if (dev & (1u << bit))
            add_flag(t, flag_of_deviation(bit));
    if (suite == CCREF_KIND_BALL && (c->u.k.body1.w.x != 0.0 || c->u.k.body1.w.y != 0.0 || c->u.k.body1.w.z != 0.0)) {
        int near0 = 1;
        for (int i = 0; i < 3; i++)
            near0 &= fabs(e->o.value[CCREF_SLOT_VERR + i]) <= eb->bound[CCREF_SLOT_VERR + i] + ccref_ulp(0.0);
        int all_zero = 1;
        for (int i = 0; i < 3; i++)
            all_zero &= e->o.value[CCREF_SLOT_VERR + i] == 0.0 && eb->bound[CCREF_SLOT_VERR + i] == 0.0;
        if (near0 && !all_zero) {
            e->deviations_undecided |= CCREF_DEV_BALL_AERR_NOT_DERIVATIVE;
            add_flag(t, FLAG_DEVIATION_BAND);
        }
    }
    int sos_rows = suite == CCREF_KIND_SPHERE_ON_SPHERE ? CCREF_SLOT_VERR
                   : suite == SUITE_FIRST_CONTACT + CCREF_CONTACT_SPHERE_SPHERE ? CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR
                                                                                 : -1;
    if (sos_rows >= 0 && e->o.d.mv == 2) {
        int near0 = 1, all_zero = 1;
        for (int i = 1; i < 3; i++) {
            near0 &= fabs(e->o.value[sos_rows + i]) <= eb->bound[sos_rows + i] + ccref_ulp(0.0);
            all_zero &= e->o.value[sos_rows + i] == 0.0 && eb->bound[sos_rows + i] == 0.0;
        }
        if (near0 && !all_zero) {
            e->deviations_undecided |= CCREF_DEV_SOS_ROLLING_AERR_SPIN;
            add_flag(t, FLAG_DEVIATION_BAND);
        }
    }
}

/* An OK-class exact answer with bounds eb on its branches: tolerances, flags, and the alternatives of the tolerance,
 * decision and deviation bands and of the Simbody deviations. */
static int expect_ok(ora_ctx *ctx, vtest *t, const evaluations *ev, const ccref_bounds *eb, char *msg, size_t msglen)
{
    ccref_tiers et;
    tiers_on(&t->c, ev->dec, &et);
    fill_answer(&t->expected, &ev->oracle, ev->cert, eb, &et);
    if (ev->band) { /* accepted exactly, the computed check may reject */
        answer *a = new_alt(t, FLAG_TOLERANCE_BAND, "rejected");
        answer_init(a, t->c.suite);
        a->flag = FLAG_TOLERANCE_BAND;
        snprintf(a->branch, sizeof a->branch, "rejected");
        a->o.d.status = (ccref_status)ev->band;
        a->disc_unconstrained = ~0u;
    }
    answer *e = &t->expected;
    /* the COR is continuous at the minimum-COR speed: only its branch label may differ there */
    if (ev->kernel_bounds.cor_corner || et.cor_corner)
        e->disc_undecided |= DISC_COR_BRANCH;
    flag_claims(t, eb);
    if (decision_band_alternatives(ctx, t, ev, et.bands, msg, msglen) != 0)
        return -1;
    singular_direction_alternative(t, ev);
    deviation_flags_and_bands(t, eb);
    deviation_alternatives(ctx, t, eb);
    /* the alternatives copied from the expected answer share its undecided deviation bits */
    for (int i = 0; i < t->n_alt; i++)
        t->alt[i].deviations_undecided |= e->deviations_undecided;
    if (t->n_alt > 0)
        t->result = RESULT_ACCEPTABLE;
    return 0;
}

int expect_test(ora_ctx *ctx, vtest *t, char *msg, size_t msglen)
{
    const cli_case *c = &t->c;
    evaluations ev;
    eval_oracle(ctx, c, NULL, &ev.oracle, ev.cert, &ev.decided, &ev.max_bits, ev.dec);
    eval_kernel(c, &ev.kernel, &ev.kernel_bounds);
    t->n_alt = 0;
    answer_init(&t->expected, c->suite);
    t->result = RESULT_VALID;
    ev.band = check_band(c);
    if (ev.band)
        add_flag(t, FLAG_TOLERANCE_BAND);
    if (is_bad_input(ev.oracle.d.status)) {
        expect_invalid(t, &ev);
        return 0;
    }
    if (!ev.decided) {
        fill_answer(&t->expected, &ev.oracle, ev.cert, NULL, NULL);
        add_flag(t, FLAG_UNCERTIFIED);
        return 0;
    }
    if (ev.oracle.d.status == CCREF_E_RESULT_OVERFLOW) {
        expect_overflow(ctx, t, &ev);
        return 0;
    }
    /* OK class: tolerances from the bounds on the exact branches */
    ccref_bounds eb;
    if (!ccref_status_ok(bounds_on(c, ev.dec, &eb))) /* the reference order fails where the exact answer is finite */
        return expect_without_bounds(t, &ev, msg, msglen);
    return expect_ok(ctx, t, &ev, &eb, msg, msglen);
}
