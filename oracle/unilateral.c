/* unilateral.c: oracle mirror of src/unilateral.c (spec/unilateral.md): the validity classifier, isProximal and
 * the COR / COF rules, on interval inputs (decisions from the enclosures) and certified on double inputs.
 * On double inputs every comparison is exact: sign*x is exact for sign = +-1, and comparisons of doubles with
 * doubles are exact, so the point-interval evaluation always decides. */
#include <math.h>

#include "internal.h"

static mpfr_prec_t max_prec(mpfi_srcptr a, mpfi_srcptr b, mpfi_srcptr c, mpfi_srcptr d)
{
    mpfr_prec_t p = 64;
    mpfi_srcptr x[4] = {a, b, c, d};
    for (int i = 0; i < 4; i++)
        if (x[i] != NULL && mpfi_get_prec(x[i]) > p)
            p = mpfi_get_prec(x[i]);
    return p;
}

/* sign(s x - c) for s = +-1 and a double c, from the enclosure (t is scratch). */
static int sgn_scaled_minus(mpfi_ptr t, int s, mpfi_srcptr x, double c)
{
    mpfi_mul_si(t, x, s);
    mpfi_sub_d(t, t, c);
    return ora_sign(t);
}

ora_eval_status ora_unilateral_classify(int sign, mpfi_srcptr perr, mpfi_srcptr verr, mpfi_srcptr aerr,
                                        mpfi_srcptr lambda, const ccref_unilateral_tolerances *tol,
                                        ccref_unilateral_condition *out)
{
    mpfi_t t;
    mpfi_init2(t, max_prec(perr, verr, aerr, lambda) + 2);
    ora_eval_status st = ORA_EVAL_UNDECIDED;
    int s;
#define DECIDE(expr) do { s = (expr); if (s == ORA_SIGN_UNKNOWN) goto done; } while (0)
    DECIDE(sgn_scaled_minus(t, sign, perr, tol->perr));            /* sp > tol_p */
    if (s > 0) { *out = CCREF_UNI_SEPARATED; goto ok; }
    DECIDE(sgn_scaled_minus(t, sign, perr, -tol->perr));           /* sp < -tol_p */
    if (s < 0) { *out = CCREF_UNI_PENETRATING; goto ok; }
    DECIDE(sgn_scaled_minus(t, sign, verr, tol->verr));
    if (s > 0) { *out = CCREF_UNI_SEPARATING; goto ok; }
    DECIDE(sgn_scaled_minus(t, sign, verr, -tol->verr));
    if (s < 0) { *out = CCREF_UNI_APPROACHING; goto ok; }
    DECIDE(sgn_scaled_minus(t, sign, aerr, -tol->aerr));           /* sa < -tol_a */
    if (s < 0) { *out = CCREF_UNI_ACCELERATING_INWARD; goto ok; }
    DECIDE(sgn_scaled_minus(t, -sign, lambda, -tol->lambda));      /* -sign lambda < -tol_l */
    if (s < 0) { *out = CCREF_UNI_PULLING; goto ok; }
    mpfi_abs(t, aerr);                                             /* |aerr| > tol_a && |lambda| > tol_l */
    mpfi_sub_d(t, t, tol->aerr);
    DECIDE(ora_sign(t));
    if (s > 0) {
        mpfi_abs(t, lambda);
        mpfi_sub_d(t, t, tol->lambda);
        DECIDE(ora_sign(t));
        if (s > 0) { *out = CCREF_UNI_NOT_COMPLEMENTARY; goto ok; }
    }
    *out = CCREF_UNI_IN_CONTACT;
ok:
    st = ORA_EVAL_OK;
done:
#undef DECIDE
    mpfi_clear(t);
    return st;
}

ora_eval_status ora_unilateral_is_proximal(int sign, mpfi_srcptr perr, double ptol, int *proximal)
{
    mpfi_t t;
    mpfi_init2(t, max_prec(perr, NULL, NULL, NULL) + 2);
    int s = sgn_scaled_minus(t, sign, perr, ptol);
    mpfi_clear(t);
    if (s == ORA_SIGN_UNKNOWN)
        return ORA_EVAL_UNDECIDED;
    *proximal = s <= 0;
    return ORA_EVAL_OK;
}

ora_eval_status ora_effective_cor(ora_ws *ws, mpfi_srcptr min_cor, mpfi_srcptr capture_speed,
                                  mpfi_srcptr min_cor_speed, mpfi_srcptr impact_speed, mpfi_ptr cor, int *branch)
{
    ora_mark m = ws_mark(ws);
    mpfi_ptr t = ws_s(ws);
    if (*branch == ORA_DEC_AUTO) {
        mpfi_sub(t, impact_speed, capture_speed);       /* impact <= capture */
        int s = ora_sign(t);
        if (s == ORA_SIGN_UNKNOWN)
            goto undecided;
        if (s <= 0) {
            *branch = CCREF_COR_CAPTURED;
        } else {
            mpfi_sub(t, impact_speed, min_cor_speed);   /* impact >= min_cor_speed */
            s = ora_sign(t);
            if (s == ORA_SIGN_UNKNOWN)
                goto undecided;
            *branch = s >= 0 ? CCREF_COR_MINIMUM : CCREF_COR_LINEAR;
        }
    }
    if (*branch == CCREF_COR_CAPTURED) {
        mpfi_set_ui(cor, 0);
    } else if (*branch == CCREF_COR_MINIMUM) {
        mpfi_set(cor, min_cor);
    } else {                                            /* 1 - ((1 - min_cor)/min_cor_speed) impact */
        mpfi_ui_sub(t, 1, min_cor);
        mpfi_div(t, t, min_cor_speed);
        mpfi_mul(t, t, impact_speed);
        mpfi_ui_sub(cor, 1, t);
    }
    ws_release(ws, m);
    return ORA_EVAL_OK;
undecided:
    ws_release(ws, m);
    return ORA_EVAL_UNDECIDED;
}

ora_eval_status ora_effective_cof(ora_ws *ws, mpfi_srcptr mu_s, mpfi_srcptr mu_d, mpfi_srcptr mu_v,
                                  mpfi_srcptr transition_speed, mpfi_srcptr slip_speed, mpfi_ptr mu, int *branch)
{
    ora_mark m = ws_mark(ws);
    mpfi_ptr t = ws_s(ws);
    if (*branch == ORA_DEC_AUTO) {
        mpfi_sub(t, slip_speed, transition_speed);      /* slip <= transition: static */
        int s = ora_sign(t);
        if (s == ORA_SIGN_UNKNOWN) {
            ws_release(ws, m);
            return ORA_EVAL_UNDECIDED;
        }
        *branch = s <= 0 ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC;
    }
    mpfi_mul(t, mu_v, slip_speed);                      /* mu_v slip + (mu_s or mu_d) */
    mpfi_add(mu, t, *branch == CCREF_COF_STATIC ? mu_s : mu_d);
    ws_release(ws, m);
    return ORA_EVAL_OK;
}

/* ================================================================ certified double versions */

ccref_status ora_classify_d(int sign, double perr, double verr, double aerr, double lambda,
                            const ccref_unilateral_tolerances *tol, ccref_unilateral_condition *out)
{
    if (out == NULL)
        return CCREF_E_NULL_ARGUMENT;
    *out = CCREF_UNI_SEPARATED;
    if (tol == NULL)
        return CCREF_E_NULL_ARGUMENT;
    if (sign != 1 && sign != -1)
        return CCREF_E_BAD_SIGN;
    if (!isfinite(perr) || !isfinite(verr) || !isfinite(aerr) || !isfinite(lambda))
        return CCREF_E_NONFINITE_INPUT;
    const double tols[4] = {tol->perr, tol->verr, tol->aerr, tol->lambda};
    for (int i = 0; i < 4; i++)
        if (!isfinite(tols[i]))
            return CCREF_E_NONFINITE_INPUT;
    for (int i = 0; i < 4; i++)
        if (tols[i] < 0.0)
            return CCREF_E_NEGATIVE_TOLERANCE;
    mpfi_t x[4];
    const double v[4] = {perr, verr, aerr, lambda};
    for (int i = 0; i < 4; i++) {
        mpfi_init2(x[i], 64);
        mpfi_set_d(x[i], v[i]);
    }
    ora_eval_status st = ora_unilateral_classify(sign, x[0], x[1], x[2], x[3], tol, out);
    for (int i = 0; i < 4; i++)
        mpfi_clear(x[i]);
    /* Point inputs: sign*x - tol is a difference of two doubles, exact at 64 + 2 bits or decided by its
     * directed enclosure, so the classification is always decided. */
    return st == ORA_EVAL_OK ? CCREF_OK : CCREF_E_UNKNOWN_KIND;
}

ccref_status ora_is_proximal_d(int sign, double perr, double ptol, int *proximal)
{
    if (proximal == NULL)
        return CCREF_E_NULL_ARGUMENT;
    *proximal = 0;
    if (sign != 1 && sign != -1)
        return CCREF_E_BAD_SIGN;
    if (!isfinite(perr) || !isfinite(ptol))
        return CCREF_E_NONFINITE_INPUT;
    if (ptol < 0.0)
        return CCREF_E_NEGATIVE_TOLERANCE;
    mpfi_t x;
    mpfi_init2(x, 64);
    mpfi_set_d(x, perr);
    ora_eval_status st = ora_unilateral_is_proximal(sign, x, ptol, proximal);
    mpfi_clear(x);
    return st == ORA_EVAL_OK ? CCREF_OK : CCREF_E_UNKNOWN_KIND;
}

ccref_status ora_effective_cor_d(ora_ctx *ctx, double min_cor, double capture_speed, double min_cor_speed,
                                 double impact_speed, ora_cert *cor, ccref_cor_branch *branch)
{
    if (branch)
        *branch = CCREF_COR_CAPTURED;
    if (cor == NULL || ctx == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ora_cert_zero(cor);
    if (!isfinite(min_cor) || !isfinite(capture_speed) || !isfinite(min_cor_speed) || !isfinite(impact_speed))
        return CCREF_E_NONFINITE_INPUT;
    if (!(min_cor >= 0.0 && min_cor <= 1.0))
        return CCREF_E_COR_OUT_OF_RANGE;
    if (capture_speed < 0.0 || min_cor_speed < 0.0 || impact_speed < 0.0)
        return CCREF_E_NEGATIVE_SPEED;
    if (capture_speed > min_cor_speed)
        return CCREF_E_SPEED_ORDER;
#ifndef ORA_FIRST_STAGE
    struct first_ora_ctx *first = first_stage_of(ctx);
    if (first != NULL &&
        first_ora_effective_cor_d(first, min_cor, capture_speed, min_cor_speed, impact_speed, cor, branch) == CCREF_OK &&
        cor->certified && !isinf(cor->value))
        return CCREF_OK;
#endif
    int b = ORA_DEC_AUTO;
    cor->reason = ORA_R_PENDING;
    cor->certified = 0;
    for (int lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_mark m = ws_mark(ws);
        mpfi_ptr x[5] = {ws_s(ws), ws_s(ws), ws_s(ws), ws_s(ws), ws_s(ws)};
        mpfi_set_d(x[0], min_cor);
        mpfi_set_d(x[1], capture_speed);
        mpfi_set_d(x[2], min_cor_speed);
        mpfi_set_d(x[3], impact_speed);
        int done = 0;
        if (ora_effective_cor(ws, x[0], x[1], x[2], x[3], x[4], &b) == ORA_EVAL_OK) {
            done = ora_certify(x[4], ctx->bits[lev], cor);
            if (!done && lev == ctx->nlev - 1 && cor->reason == ORA_R_PENDING)
                cor->reason = ORA_R_CAP;
        }
        ws_release(ws, m);
        if (done)
            break;
    }
    if (cor->reason == ORA_R_PENDING) /* no step decided the branch */
        cor->reason = ORA_R_UNDECIDED;
    if (branch)
        *branch = (ccref_cor_branch)b;
    return CCREF_OK;
}

ccref_status ora_effective_cof_d(ora_ctx *ctx, double mu_s, double mu_d, double mu_v, double transition_speed,
                                 double slip_speed, ora_cert *mu, ccref_cof_branch *branch)
{
    if (branch)
        *branch = CCREF_COF_STATIC;
    if (mu == NULL || ctx == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ora_cert_zero(mu);
    if (!isfinite(mu_s) || !isfinite(mu_d) || !isfinite(mu_v) || !isfinite(transition_speed) || !isfinite(slip_speed))
        return CCREF_E_NONFINITE_INPUT;
    if (mu_s < 0.0 || mu_d < 0.0 || mu_v < 0.0)
        return CCREF_E_NEGATIVE_FRICTION;
    if (mu_d > mu_s)
        return CCREF_E_FRICTION_ORDER;
    if (transition_speed < 0.0 || slip_speed < 0.0)
        return CCREF_E_NEGATIVE_SPEED;
#ifndef ORA_FIRST_STAGE
    struct first_ora_ctx *first = first_stage_of(ctx);
    if (first != NULL &&
        first_ora_effective_cof_d(first, mu_s, mu_d, mu_v, transition_speed, slip_speed, mu, branch) == CCREF_OK &&
        mu->certified)
        return CCREF_OK;
#endif
    int b = ORA_DEC_AUTO;
    mu->reason = ORA_R_PENDING;
    mu->certified = 0;
    for (int lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_mark m = ws_mark(ws);
        mpfi_ptr x[6] = {ws_s(ws), ws_s(ws), ws_s(ws), ws_s(ws), ws_s(ws), ws_s(ws)};
        mpfi_set_d(x[0], mu_s);
        mpfi_set_d(x[1], mu_d);
        mpfi_set_d(x[2], mu_v);
        mpfi_set_d(x[3], transition_speed);
        mpfi_set_d(x[4], slip_speed);
        int done = 0;
        if (ora_effective_cof(ws, x[0], x[1], x[2], x[3], x[4], x[5], &b) == ORA_EVAL_OK) {
            done = ora_certify(x[5], ctx->bits[lev], mu);
            if (!done && lev == ctx->nlev - 1 && mu->reason == ORA_R_PENDING)
                mu->reason = ORA_R_CAP;
        }
        ws_release(ws, m);
        if (done)
            break;
    }
    if (mu->reason == ORA_R_PENDING) /* no step decided the branch */
        mu->reason = ORA_R_UNDECIDED;
    if (branch)
        *branch = (ccref_cof_branch)b;
    if (mu->certified && isinf(mu->value)) {
        ora_cert_zero(mu);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
