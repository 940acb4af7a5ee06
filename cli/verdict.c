/* verdict.c: see verdict.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"
#include "numfmt.h"
#include "verdict.h"

/* ------------------------------------------------------------------ an answer against the engine's */

static int status_matches(int expected, int got)
{
    if (got == STATUS_ANY_ERROR)
        return !ccref_status_ok((ccref_status)expected);
    if (got == CCREF_OK && ccref_status_ok((ccref_status)expected))
        return 1; /* an engine without the OK_* variants reports OK */
    return expected == got;
}

/* The discrete outputs of an OK-class answer that the engine reported and the answer constrains: m->discrete_ok,
 * and the first mismatch as m->failure when nothing failed before. */
static void match_discrete(const answer *a, const outcome *got, unsigned disc_reported, match_report *m)
{
    const discrete *x = &a->o.d, *g = &got->d;
    unsigned mask = ccref_status_ok(x->status)
                        ? suite_discrete(a->o.suite) & disc_reported & ~a->disc_unconstrained & ~a->disc_undecided
                        : 0;
    struct { unsigned bit; int want, have; const char *name; } checks[] = {
        {DISC_MP, x->mp, g->mp, "mp"}, {DISC_MV, x->mv, g->mv, "mv"}, {DISC_SENSE, x->sense, g->sense, "sense"},
        {DISC_PARALLEL, x->lines_are_parallel, g->lines_are_parallel, "lines_are_parallel"},
        {DISC_SIGN, x->sign, g->sign, "sign"}, {DISC_HAS_FRICTION, x->has_friction, g->has_friction, "has_friction"},
        {DISC_COR_BRANCH, x->cor_branch, g->cor_branch, "cor_branch"},
        {DISC_COF_BRANCH, x->cof_branch, g->cof_branch, "cof_branch"},
        {DISC_CONDITION, x->condition, g->condition, "condition"}, {DISC_VALID, x->valid, g->valid, "valid"},
        {DISC_PROXIMAL, x->proximal, g->proximal, "proximal"},
        {DISC_DEVIATIONS, (int)(x->deviations & ~a->deviations_undecided),
         (int)(g->deviations & ~a->deviations_undecided), "deviations"}};
    m->discrete_ok = 1;
    for (size_t i = 0; m->status_ok && i < sizeof checks / sizeof checks[0]; i++)
        m->discrete_compared += (mask & checks[i].bit) != 0;
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if ((mask & checks[i].bit) && checks[i].want != checks[i].have) {
            if (m->discrete_ok && m->status_ok)
                snprintf(m->failure, sizeof m->failure, "%s is %d, expected %d", checks[i].name,
                         checks[i].have, checks[i].want);
            m->discrete_ok = 0;
        }
}

/* Output i of answer a against the engine's value v: its comparison, counted in m. */
static output_comparison compare_output(const answer *a, int i, double v, match_report *m)
{
    output_comparison c = {OUTPUT_COMPARED, 0, v, a->o.value[i], answer_tol(a, i), 0.0, NAN};
    if (a->unconstrained[i]) {
        c.state = OUTPUT_UNCONSTRAINED;
        c.failed = !isfinite(v);
        return c;
    }
    /* not compared for want of a certificate or a bound: the exact value of an OK answer is finite, so any finite
     * value is accepted and a non-finite one fails (spec/vectors.md section 10, step 3.3) */
    if (!a->cert_bits[i]) {
        m->values_uncertified++;
        c.state = OUTPUT_UNCERTIFIED;
        c.failed = !isfinite(v);
        return c;
    }
    if (isinf(c.tol)) {
        m->values_unbounded++;
        c.state = OUTPUT_UNBOUNDED;
        c.failed = !isfinite(v);
        return c;
    }
    m->values_compared++;
    double d = fabs(v - c.expected), ratio = d == 0.0 ? 0.0 : d / c.tol;
    /* ulps say nothing where the tolerance exceeds 2^20 ulps (spec/accuracy.md section 5: near zero) */
    double ulp = ccref_ulp(c.expected);
    c.ratio = isnan(ratio) ? INFINITY : ratio;
    c.ulps = c.tol <= 0x1p20 * ulp ? d / ulp : NAN;
    c.failed = !(d <= c.tol); /* also a NaN */
    m->values_failed += c.failed;
    return c;
}

/* The values of an answer whose status matched the engine's, both OK-class: m's per-output comparisons, counts,
 * worst ratio and ulps; 1 when every value passed. */
static int match_values(const answer *a, const outcome *got, const unsigned char *reported, match_report *m)
{
    int values_ok = 1;
    for (int i = 0; i < a->o.n; i++) {
        output_comparison *c = &m->out[i];
        if (!a->o.in_use[i]) {
            c->state = OUTPUT_NOT_IN_USE;
            continue;
        }
        if (reported != NULL && !reported[i]) {
            m->values_missing++;
            c->state = OUTPUT_NOT_REPORTED;
            c->expected = a->o.value[i];
            c->tol = answer_tol(a, i);
            continue;
        }
        *c = compare_output(a, i, got->value[i], m);
        if (!c->failed)
            continue;
        values_ok = 0;
        if (m->failure[0] == '\0' && c->state != OUTPUT_COMPARED) {
            char hv[NUMFMT_LEN];
            fmt_hex(c->value, hv);
            snprintf(m->failure, sizeof m->failure, "%s = %s is not finite (%s)", slot_name(a->o.suite, i), hv,
                     c->state == OUTPUT_UNCONSTRAINED ? "any finite value accepted"
                     : c->state == OUTPUT_UNBOUNDED   ? "no bound claimed, any finite value accepted"
                                                      : "not certified, any finite value accepted");
        }
    }
    for (int i = 0; i < a->o.n; i++) {
        const output_comparison *c = &m->out[i];
        if (c->state != OUTPUT_COMPARED)
            continue;
        if (c->ratio >= m->worst_ratio && (m->worst_slot < 0 || c->ratio > m->worst_ratio)) {
            m->worst_ratio = c->ratio;
            m->worst_slot = i;
        }
        if (c->ulps > m->worst_ulps) /* not for a NaN */
            m->worst_ulps = c->ulps;
    }
    if (!values_ok && m->failure[0] == '\0' && m->worst_slot >= 0) { /* the worst output, not the first */
        const output_comparison *c = &m->out[m->worst_slot];
        char hv[NUMFMT_LEN], he[NUMFMT_LEN];
        fmt_hex(c->value, hv);
        fmt_hex(c->expected, he);
        int n = snprintf(m->failure, sizeof m->failure, "%s = %s, expected %s (error %.3g tolerances)",
                         slot_name(a->o.suite, m->worst_slot), hv, he, c->ratio);
        if (m->values_failed > 1 && n > 0 && (size_t)n < sizeof m->failure)
            snprintf(m->failure + n, sizeof m->failure - (size_t)n, "; %d values outside", m->values_failed);
    }
    return values_ok;
}

void match_answer(const answer *a, const outcome *got, const unsigned char *reported, unsigned disc_reported,
                  match_report *m)
{
    memset(m, 0, sizeof *m);
    m->worst_slot = -1;
    m->status_ok = status_matches(a->o.d.status, got->d.status);
    if (!m->status_ok)
        snprintf(m->failure, sizeof m->failure, "status %s, expected %s",
                 got->d.status == STATUS_ANY_ERROR ? "ERROR" : ccref_status_name(got->d.status),
                 ccref_status_name(a->o.d.status));
    match_discrete(a, got, disc_reported, m);
    int values_ok = 1;
    if (ccref_status_ok(a->o.d.status) && m->status_ok && ccref_status_ok(got->d.status))
        values_ok = match_values(a, got, reported, m);
    m->pass = m->status_ok && m->discrete_ok && values_ok;
}

/* ------------------------------------------------------------------ a test */

/* The first alternative of an acceptable test that the engine's answer matches (passing), or whose status it has
 * (not passing): its index with *m its report, or -1. */
static int first_alternative(const vtest *t, const engine_answer *ans, int passing, match_report *m)
{
    if (t->result != RESULT_ACCEPTABLE)
        return -1;
    for (int a = 0; a < t->n_alt; a++) {
        match_report ma;
        match_answer(&t->alt[a], &ans->got, ans->reported, ans->disc_reported, &ma);
        if (passing ? ma.pass : ma.status_ok) {
            *m = ma;
            return a;
        }
    }
    return -1;
}

/* A failed acceptable test whose status differs from the expected one: the failure and the measures become those
 * against the first alternative whose status the engine's matches (the answer the engine evidently meant: a band's
 * other branch, say), so that the FAIL line names the output that failed there. */
static void describe_closest_alternative(const vtest *t, const engine_answer *ans, match_report *m)
{
    match_report ma;
    int a = first_alternative(t, ans, 0, &ma);
    if (a < 0)
        return;
    *m = ma;
    snprintf(m->failure, sizeof m->failure, "against the alternative %s (%s), whose status it has: %.120s",
             flag_get(t->alt[a].flag)->name, t->alt[a].branch, ma.failure);
}

/* An OK-class answer of the engine that leaves out an output the answer matched has in use and req requires, or a
 * discrete output when req requires them all: the first such output's name into what (or "a discrete output"). */
static int leaves_out_outputs(const answer *matched, const engine_answer *ans, const match_report *m,
                              const required_outputs *req, char *what, size_t len)
{
    if (!ccref_status_ok(matched->o.d.status) || !ccref_status_ok(ans->got.d.status))
        return 0;
    for (int i = 0; i < CCREF_MAX_SLOTS; i++)
        if (req->slot[i] && m->out[i].state == OUTPUT_NOT_REPORTED) {
            snprintf(what, len, "%s", slot_name(ans->got.suite, i));
            return 1;
        }
    if (req->discrete && (suite_discrete(ans->got.suite) & ~ans->disc_reported) != 0) {
        snprintf(what, len, "a discrete output");
        return 1;
    }
    return 0;
}

void classify_test(const vtest *t, const engine_answer *ans, const required_outputs *req, test_record *rec)
{
    rec->judged_result = t->result;
    rec->alt_flag = -1;
    rec->alt_branch[0] = '\0';
    rec->invalid_accepted = 0;
    rec->outputs_not_reported = 0;
    rec->values_compared_acceptable = 0;
    memset(&rec->match, 0, sizeof rec->match);
    rec->match.worst_slot = -1;
    if (!ans->present && req != NULL && req->test) {
        rec->verdict = VERDICT_FAIL;
        snprintf(rec->match.failure, sizeof rec->match.failure, "not reported, though its suite is claimed");
        return;
    }
    if (!ans->present || ans->error) {
        rec->verdict = ans->present ? VERDICT_ERROR : VERDICT_NOT_REPORTED;
        if (ans->present)
            snprintf(rec->match.failure, sizeof rec->match.failure, "the engine reported an error: %.160s",
                     ans->error_message[0] ? ans->error_message : "(no message)");
        return;
    }
    match_report *m = &rec->match;
    match_answer(&t->expected, &ans->got, ans->reported, ans->disc_reported, m);
    rec->outputs_not_reported = m->values_missing;
    const int as_expected = m->pass;
    int alt = as_expected ? -1 : first_alternative(t, ans, 1, m);
    rec->verdict = as_expected ? VERDICT_PASS : alt >= 0 ? VERDICT_ALTERNATIVE : VERDICT_FAIL;
    if (rec->verdict == VERDICT_FAIL && !m->status_ok)
        describe_closest_alternative(t, ans, m);
    char what[80];
    if (req != NULL && leaves_out_outputs(alt >= 0 ? &t->alt[alt] : &t->expected, ans, m, req, what, sizeof what)) {
        rec->verdict = VERDICT_FAIL;
        alt = -1;
        snprintf(m->failure, sizeof m->failure, "%s is not reported, though required (%s)", what,
                 req->test ? "claimed" : "--require-all");
    }
    if (alt >= 0) {
        rec->alt_flag = t->alt[alt].flag;
        snprintf(rec->alt_branch, sizeof rec->alt_branch, "%s", t->alt[alt].branch);
    }
    rec->invalid_accepted = rec->verdict == VERDICT_FAIL && t->result == RESULT_INVALID &&
                            ccref_status_ok(ans->got.d.status);
    for (int i = 0; i < CCREF_MAX_SLOTS; i++)
        rec->values_compared_acceptable += m->out[i].state == OUTPUT_COMPARED && vtest_output_acceptable(t, i);
}

/* The test at the inputs the engine used (ans->inputs_used over t's case) into *at, its expected answer made again
 * when they differ from t's; *drift their largest relative change. JUDGE_* with msg. */
static int test_at_inputs_used(ora_ctx **ctx, const vtest *t, const engine_answer *ans, vtest *at, double *drift,
                               char *msg, size_t msglen)
{
    read_error e;
    *at = *t;
    if (case_overlay(ans->inputs_used, &at->c, &e) != 0) {
        snprintf(msg, msglen, "inputs_used.%s: %s", e.field, e.message);
        return JUDGE_BAD_INPUTS_USED;
    }
    *drift = input_drift(&t->c, &at->c);
    if (*drift > 0.0) {
        if (*ctx == NULL)
            *ctx = ora_ctx_new(NULL);
        if (expect_test(*ctx, at, msg, msglen) != 0)
            return JUDGE_NO_ANSWER_AT_INPUTS_USED;
        vtest_publish_tolerances(at); /* as a vector file would give them (check --answers writes them so) */
        vtest_select_tier(at, (judge_tier)t->expected.judged_tier); /* the answers made again: the same tier */
    }
    return JUDGE_OK;
}

int judge_test(ora_ctx **ctx, const vfile *f, int ti, const engine_answer *ans, const required_outputs *req,
               test_record *rec, vtest *remade, char *msg, size_t msglen)
{
    const vtest *t = &f->tests[ti];
    rec->suite = f->suite;
    rec->tc_id = t->tc_id;
    rec->family = f->groups[t->group].family;
    rec->result = t->result;
    rec->drift = 0.0;
    rec->condition = 0.0;
    vtest at; /* the test at the inputs the engine used */
    const vtest *judged = t;
    if (ans->present && !ans->error && ans->inputs_used != NULL) {
        int rc = test_at_inputs_used(ctx, t, ans, &at, &rec->drift, msg, msglen);
        if (rc != JUDGE_OK)
            return rc;
        if (rec->drift > 0.0) {
            judged = &at;
            if (remade != NULL)
                *remade = at;
        }
    }
    classify_test(judged, ans, req, rec);
    if (rec->verdict != VERDICT_NOT_REPORTED && rec->verdict != VERDICT_ERROR)
        rec->condition = condition_of(&judged->c);
    return JUDGE_OK;
}

/* ------------------------------------------------------------------ measures of a case */

double condition_of(const cli_case *c)
{
    ccref_bounds b;
    memset(&b, 0, sizeof b);
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: ccref_bounds_case(&c->u.k, &b); break;
    case SUITE_TYPE_CONTACT: ccref_bounds_contact(&c->u.c, &b); break;
    default:
        if (c->suite == SUITE_EFFECTIVE_COR)
            return c->u.cor.impact_speed;
        if (c->suite == SUITE_EFFECTIVE_COF)
            return c->u.cof.slip_speed;
        return 0.0;
    }
    return b.condition;
}

/* The doubles of a case in its canonical order (its JSON with every number a hex string). */
static int case_scalars(const cli_case *c, double *out, int max)
{
    jw w;
    jw_init(&w);
    case_write(&w, c);
    int n = 0;
    for (const char *p = w.buf; p && *p && n < max; p++) {
        if (p[0] == '"' && (p[1] == '-' || p[1] == '0' || p[1] == 'n' || p[1] == 'i')) {
            char tok[NUMFMT_LEN];
            const char *q = p + 1;
            size_t l = 0;
            while (*q && *q != '"' && l < sizeof tok - 1)
                tok[l++] = *q++;
            tok[l] = '\0';
            double d;
            if (*q == '"' && parse_double(tok, &d) == 0) {
                out[n++] = d;
                p = q;
            }
        }
    }
    jw_free(&w);
    return n;
}

double input_drift(const cli_case *a, const cli_case *b)
{
    double x[256], y[256];
    int n = case_scalars(a, x, 256), m = case_scalars(b, y, 256);
    double worst = 0.0;
    for (int i = 0; i < n && i < m; i++) {
        if (memcmp(&x[i], &y[i], sizeof(double)) == 0)
            continue;
        double scale = fmax(fabs(x[i]), fabs(y[i]));
        double d = scale > 0.0 && isfinite(scale) ? fabs(x[i] - y[i]) / scale : (x[i] == y[i] ? 0.0 : 2.0);
        if (isnan(d) || d > 2.0)
            d = 2.0;
        if (d > worst)
            worst = d;
    }
    return worst;
}
