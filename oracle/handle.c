/* handle.c: the certified Constraint handle (spec/constraint_handle.md; ccref_handle.h for the kernel).
 *
 * G's column j and bias are the certified verr and aerr of the kernel's probes (ccref_handle_probe_case / _contact:
 * the same pose, parameters and multipliers, u = e_j or the case's own u, udot = 0; never scaled: the exact values do
 * not overflow where the entries do not), each certified by the case's own Ziv loop. The power -(lambda . verr) is certified by a Ziv loop of its own: at each precision the mirror on the
 * case, on the branches the case's certified evaluation took, and the exact multipliers times the verr enclosures. */
#include <string.h>

#include "internal.h"
#include "oracle.h"

static void handle_result_init(ora_handle_result *res, ccref_status st, int decided, int mp, int mv, int nu)
{
    memset(res, 0, sizeof *res);
    res->status = st;
    res->decided = decided;
    res->mp = mp;
    res->mv = mv;
    res->nu = nu;
    res->n = CCREF_HSLOT_N;
    ora_certs_set(res->out, res->n, decided ? ORA_R_EXACT_ZERO : ORA_R_UNDECIDED);
}

/* Every decision the case's certified evaluation took, forced (the power's loop follows its branches). */
static void taken_decisions(const signed char taken[ORA_D_COUNT], ora_decisions *d)
{
    ora_decisions_auto(d);
    for (int i = 0; i < ORA_D_COUNT; i++)
        d->v[i] = taken[i];
}

/* The decisions of a probe's certified evaluation: the caller's (NULL: every one automatic), with those that read the
 * probe's velocities and decide nothing the constraint's rows read forced to one branch: Ball's and the rolling
 * SphereOnSphere's deviation flags, a contact class's impact, COR and COF branches. Left automatic they would be
 * decided exactly on the probe's unit velocities, where rows are often exact zeros whose sign the first stage cannot
 * decide (2048 bits for a rolling sphere pair's slip). */
static const ora_decisions *probe_decisions(const ora_decisions *force, ora_decisions *d)
{
    ora_decisions_force(d, force);
    d->v[ORA_D_VERR_NONZERO] = 0;
    d->v[ORA_D_W1_NONZERO] = 0;
    d->v[ORA_D_SLIP_NONZERO] = 0;
    d->v[ORA_D_IMPACT] = 0;
    d->v[ORA_D_COR_BRANCH] = CCREF_COR_CAPTURED;
    d->v[ORA_D_COF_BRANCH] = CCREF_COF_STATIC;
    return d;
}

/* -(sum_r lambda_r v_r) on enclosures v (rows of verr), into s. */
static void power_enclosure(mpfi_t s, mpfi_t *v, const double *lambda, int rows)
{
    mpfi_t t;
    mpfi_init2(t, mpfi_get_prec(s));
    mpfi_set_d(s, 0.0);
    for (int r = 0; r < rows; r++) {
        mpfi_mul_d(t, v[r], lambda[r]);
        mpfi_add(s, s, t);
    }
    mpfi_neg(s, s);
    mpfi_clear(t);
}

typedef struct {
    int contact;
    const ccref_case *k;
    const ccref_contact_case *c;
} handle_case;

/* The mirror at level lev on the forced branches; the enclosures of the constraint's verr rows, or NULL. */
static mpfi_t *verr_at_level(ora_ctx *ctx, int lev, const handle_case *hc, ora_decisions *d)
{
    ora_ws *ws = ctx_ws(ctx, lev);
    if (!hc->contact) {
        ora_case *kc = ctx_case(ctx, lev, hc->k->kind);
        ora_case_set(kc, hc->k);
        ora_out *o = ctx_out(ctx, lev);
        return ora_eval(ws, kc, d, o) == ORA_EVAL_OK ? &o->v[CCREF_SLOT_VERR] : NULL;
    }
    ora_contact_case *cc = ctx_contact_case(ctx, lev, hc->c->cls);
    ora_contact_case_set(cc, hc->c);
    ora_contact_out *o = ctx_cout(ctx, lev);
    return ora_contact_eval(ws, cc, d, o) == ORA_EVAL_OK ? &o->v[CCREF_CSLOT_CONSTRAINT + CCREF_SLOT_VERR] : NULL;
}

static void certify_power(ora_ctx *ctx, const handle_case *hc, const signed char taken[ORA_D_COUNT],
                          const double *lambda, int rows, ora_cert *cert)
{
    ora_decisions d;
    cert->reason = ORA_R_PENDING;
    for (int lev = 0; lev < ctx->nlev; lev++) {
        taken_decisions(taken, &d);
        mpfi_t *v = verr_at_level(ctx, lev, hc, &d);
        if (v == NULL)
            continue;
        mpfi_t s;
        mpfi_init2(s, ctx->bits[lev]);
        power_enclosure(s, v, lambda, rows);
        int pending = ora_certify_pending(&s, 1, ctx->bits[lev], cert);
        if (pending != 0 && lev == ctx->nlev - 1)
            ora_finish_pending(&s, 1, cert);
        mpfi_clear(s);
        if (pending == 0)
            return;
    }
    if (cert->reason == ORA_R_PENDING)
        ora_certs_set(cert, 1, ORA_R_UNDECIDED);
}

/* The rows' certificates of one probe (first: the slot of verr[0] in its layout) into the handle. */
static void take_probe(const ora_cert *out, int first, int j, int rows, ora_handle_result *res)
{
    for (int r = 0; r < rows; r++) {
        if (j < 0)
            res->out[CCREF_HSLOT_BIAS + r] = out[first + CCREF_SLOT_AERR + r];
        else
            res->out[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j] = out[first + CCREF_SLOT_VERR + r];
    }
}

/* A probe's or the case's status into the handle's: 1 to go on, 0 when the handle's result is final. */
static int probe_status(ccref_status st, int decided, int mp, int mv, int nu, ora_handle_result *res)
{
    if (!decided) {
        handle_result_init(res, CCREF_OK, 0, mp, mv, nu);
        return 0;
    }
    if (!ccref_status_ok(st)) {
        handle_result_init(res, CCREF_E_RESULT_OVERFLOW, 1, mp, mv, nu);
        return 0;
    }
    return 1;
}

int ora_eval_handle_case(ora_ctx *ctx, const ccref_case *c, const ora_decisions *force, ora_handle_result *res)
{
    if (res == NULL)
        return -1;
    if (ctx == NULL || c == NULL) {
        handle_result_init(res, CCREF_E_NULL_ARGUMENT, 1, 0, 0, 0);
        return -1;
    }
    ora_case_result own, pr;
    int rc = ora_eval_case_on(ctx, c, force, &own);
    int nu = ccref_case_mobilities(c), rows = own.mp + own.mv;
    handle_result_init(res, own.status, own.decided, own.mp, own.mv, nu);
    if (rc != 0 || !own.decided || !ccref_status_ok(own.status))
        return rc;
    for (int j = -1; j < nu; j++) {
        ccref_case probe;
        ora_decisions d;
        ccref_handle_probe_case(c, j, 0, &probe);
        ora_eval_case_on(ctx, &probe, probe_decisions(force, &d), &pr);
        if (!probe_status(pr.status, pr.decided, own.mp, own.mv, nu, res))
            return 0;
        take_probe(pr.out, 0, j, rows, res);
    }
    handle_case hc = {0, c, NULL};
    certify_power(ctx, &hc, own.decision, c->lambda, rows, &res->out[CCREF_HSLOT_POWER]);
    ora_certs_stats(res->out, res->n, &res->all_certified, &res->max_bits);
    return 0;
}

int ora_eval_handle_contact(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *force,
                            ora_handle_result *res)
{
    if (res == NULL)
        return -1;
    if (ctx == NULL || c == NULL) {
        handle_result_init(res, CCREF_E_NULL_ARGUMENT, 1, 0, 0, 0);
        return -1;
    }
    ora_contact_result own, pr;
    int rc = ora_eval_contact_case_on(ctx, c, force, &own);
    int nu = ccref_contact_mobilities(c), rows = own.mp + own.mv;
    handle_result_init(res, own.status, own.decided, own.mp, own.mv, nu);
    if (rc != 0 || !own.decided || !ccref_status_ok(own.status))
        return rc;
    for (int j = -1; j < nu; j++) {
        ccref_contact_case probe;
        ora_decisions d;
        ccref_handle_probe_contact(c, j, 0, &probe);
        ora_eval_contact_case_on(ctx, &probe, probe_decisions(force, &d), &pr);
        if (!probe_status(pr.status, pr.decided, own.mp, own.mv, nu, res))
            return 0;
        take_probe(pr.out, CCREF_CSLOT_CONSTRAINT, j, rows, res);
    }
    handle_case hc = {1, NULL, c};
    certify_power(ctx, &hc, own.decision, c->lambda, rows, &res->out[CCREF_HSLOT_POWER]);
    ora_certs_stats(res->out, res->n, &res->all_certified, &res->max_bits);
    return 0;
}
