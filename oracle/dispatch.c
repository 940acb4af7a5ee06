/* dispatch.c: the certified evaluation of a bilateral case (ora_eval_case): the multipliers' and the inputs' checks
 * decided exactly, then the Ziv loop over the kind's mirror (ora_eval, generated from the table ccref_kinds.h) from
 * the first stage's precision up to the cap, until every output is certified (spec/oracle.md). */
#include <math.h>
#include <string.h>

#include "internal.h"

/* ================================================================ the mirrors, by kind */

#define EVAL_BODIES(kind) return ora_##kind##_eval(ws, &c->params.kind, &c->body1, &c->body2, &c->lambda, d, o);
#define EVAL_COORDINATE(kind) return ora_##kind##_eval(ws, &c->params.kind, &c->coordinate, &c->lambda, d, o);
#define EVAL_KIND(KIND, kind, ABBR, STATE, ...) case CCREF_KIND_##KIND: EVAL_##STATE(kind)

ora_eval_status ora_eval(ora_ws *ws, const ora_case *c, ora_decisions *d, ora_out *o)
{
    switch (c->kind) {
    CCREF_KINDS(EVAL_KIND)
    default: break;
    }
    out_reset(o, c->kind, 0, 0, 0);
    return ORA_EVAL_OK;
}

/* ================================================================ the checks before the loop */

/* Rows of a case (the MP and MV columns of the table). */
#define ROWS_KIND(KIND, kind, ABBR, STATE, MP, MV, ...)                                                                \
    case CCREF_KIND_##KIND:                                                                                            \
        *mp = MP;                                                                                                      \
        *mv = CCREF_MV_ROWS_##MV(&c->params.kind);                                                                     \
        return;

static void case_rows(const ccref_case *c, int *mp, int *mv)
{
    switch (c->kind) {
    CCREF_KINDS(ROWS_KIND)
    default: *mp = *mv = 0; return;
    }
}

/* The kernels' checks in their order (spec/conventions.md section 5), decided exactly: the multipliers' count and
 * finiteness, then the state's and parameters'. A status, or -1 when a rotation/unit test is undecided at the cap. */
static int check_case(ora_ctx *ctx, const ccref_case *c, int mp, int mv, int *bits)
{
    if (c->n_lambda != (size_t)(mp + mv))
        return CCREF_E_LAMBDA_COUNT;
    for (size_t i = 0; i < c->n_lambda; i++)
        if (!isfinite(c->lambda[i]))
            return CCREF_E_NONFINITE_INPUT;
    return ora_check_inputs(ctx, ora_kind_params(c->kind), &c->params, &c->body1, &c->body2, &c->coordinate, bits);
}

/* ================================================================ the certified evaluation */



static int endpoints_bounded(mpfi_srcptr x)
{
    return !mpfi_nan_p(x) && mpfr_number_p(ORA_LEFT(x)) && mpfr_number_p(ORA_RIGHT(x));
}

/* 1 when some slot is certified as +-Inf (the kernel's E_RESULT_OVERFLOW on exact values), -1 when a slot
 * is not certified and its enclosure reaches the overflow range (status undecided), else 0. */
static int overflow_state(mpfi_t *v, const ora_cert *out, int n)
{
    int maybe = 0;
    for (int i = 0; i < n; i++) {
        if (out[i].certified) {
            if (isinf(out[i].value))
                return 1;
        } else if (!endpoints_bounded(v[i]) || isinf(mpfr_get_d(ORA_LEFT(v[i]), MPFR_RNDN)) ||
                   isinf(mpfr_get_d(ORA_RIGHT(v[i]), MPFR_RNDN))) {
            maybe = 1;
        }
    }
    return maybe ? -1 : 0;
}


int ora_eval_case(ora_ctx *ctx, const ccref_case *c, ora_case_result *res)
{
    return ora_eval_case_on(ctx, c, NULL, res);
}

void ora_decisions_force(ora_decisions *d, const ora_decisions *force)
{
    ora_decisions_auto(d);
    if (force != NULL)
        for (int i = 0; i < ORA_D_COUNT; i++)
            d->v[i] = force->v[i];
}

/* The checks before the loop: the status when they decide the case alone (an error, or undecided: -1 then), or OK to
 * go on to the loop. */
static int certify_checks(ora_ctx *ctx, const ccref_case *c, ora_case_result *res)
{
    case_rows(c, &res->mp, &res->mv);
    res->n = ccref_kind_outputs(c->kind);
    int bits = 0;
    int st = check_case(ctx, c, res->mp, res->mv, &bits);
    res->decision_bits = bits;
    if (st < 0) {
        res->status = CCREF_OK;
        res->decided = 0;
        ora_certs_set(res->out, res->n, ORA_R_UNDECIDED);
    } else if (st != CCREF_OK) {
        res->status = (ccref_status)st;
        res->decided = 1;
        ora_certs_set(res->out, res->n, ORA_R_EXACT_ZERO);
        res->all_certified = 1;
    }
    return st;
}

/* The Ziv loop: the mirror at each precision of the ladder until every output is certified. Returns the outputs of
 * the last evaluation that decided the case's branches, or NULL when none did. */
static const ora_out *certify_loop(ora_ctx *ctx, const ccref_case *c, ora_decisions *d, ora_case_result *res)
{
    for (int i = 0; i < res->n; i++)
        res->out[i].reason = ORA_R_PENDING;
    const ora_out *decided = NULL;
    for (int lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_case *kc = ctx_case(ctx, lev, c->kind);
        ora_case_set(kc, c); /* point inputs at this step's precision (exact: >= 53 bits) */
        ora_out *o = ctx_out(ctx, lev);
        res->evaluations++;
        if (ora_eval(ws, kc, d, o) != ORA_EVAL_OK)
            continue;
        decided = o;
        if (ora_certify_pending(o->v, res->n, ctx->bits[lev], res->out) == 0)
            return o;
    }
    if (decided != NULL)
        ora_finish_pending(((ora_out *)decided)->v, res->n, res->out);
    return decided;
}

/* The result from the last evaluation: its status and discrete outputs, or E_RESULT_OVERFLOW when an output is
 * certified infinite (the kernels' status on the exact values), or undecided when one may be. */
static void certify_finish(const ora_out *o, ora_case_result *res)
{
    res->decided = 1;
    res->status = o->status;
    res->deviations = o->deviations;
    res->sense = o->sense;
    res->lines_are_parallel = o->lines_are_parallel;
    int ov = overflow_state(((ora_out *)o)->v, res->out, res->n);
    if (ov > 0) {
        res->status = CCREF_E_RESULT_OVERFLOW;
        res->deviations = 0;
        res->sense = res->lines_are_parallel = 0;
        ora_certs_set(res->out, res->n, ORA_R_EXACT_ZERO);
    } else if (ov < 0) {
        res->decided = 0;
    }
    ora_certs_stats(res->out, res->n, &res->all_certified, &res->max_bits);
}

int ora_eval_case_on(ora_ctx *ctx, const ccref_case *c, const ora_decisions *force, ora_case_result *res)
{
    if (res == NULL)
        return -1;
#ifndef ORA_FIRST_STAGE
    struct first_ora_ctx *first = first_stage_of(ctx);
    if (first != NULL && c != NULL && first_ora_eval_case_on(first, c, force, res) == 0 && res->decided &&
        res->all_certified)
        return 0;
#endif
    memset(res, 0, sizeof *res);
    res->undecided = ORA_D_COUNT;
    res->status = CCREF_E_NULL_ARGUMENT;
    res->decided = 1;
    if (ctx == NULL || c == NULL)
        return -1;
    res->kind = c->kind;
    if ((unsigned)c->kind >= CCREF_KIND_COUNT) {
        res->status = CCREF_E_UNKNOWN_KIND;
        return -1;
    }
    if (certify_checks(ctx, c, res) != CCREF_OK)
        return 0;
    ora_decisions d;
    ora_decisions_force(&d, force);
    const ora_out *o = certify_loop(ctx, c, &d, res);
    ora_record_decisions(&d, res->decision, &res->decision_bits);
    if (o == NULL) {
        res->status = CCREF_OK;
        res->decided = 0;
        res->undecided = d.undecided;
        ora_certs_set(res->out, res->n, ORA_R_UNDECIDED);
        return 0;
    }
    certify_finish(o, res);
    return 0;
}
