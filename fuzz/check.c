/* check.c: the checks every fuzzed case of a kind, a contact class or a rule must pass (fuzz.h, fuzz/README.md).
 * The comparison with the oracle is the project's own: tests/accuracy_bounds.c (acc_check_*: the kernel within its
 * proven bound of the certified value, spec/accuracy.md section 4's exclusion rule) where both sides give an
 * OK-class status, else cli/expect.c and cli/verdict.c (expect_test, match_answer: statuses, tolerance and decision
 * bands, intermediate overflow), as `ccref check` judges an engine. A kind's or a class's Constraint handle
 * (src/ccref_handle.h) is checked the same way (acc_compare_handle_*), and against its forces (G^T lambda). */
#include <math.h>
#include <string.h>

#include "../cli/expect.h"
#include "../cli/verdict.h"
#include "../tests/accuracy_bounds.h"
#include "fuzz.h"

/* ---------------------------------------------------------------- what the oracle needed
 * acc_sample does not carry the oracle's precision, so the first certified evaluation of each input is observed by
 * wrapping the oracle's entry points at link time (-Wl,--wrap=..., fuzz/fuzz.mk). */

static struct {
    int taken, decided, max_bits, all_certified, ok;
    long evaluations;
} seen;

static void observe(int decided, int max_bits, int all_certified, ccref_status status, long evaluations)
{
    if (seen.taken)
        return;
    seen.taken = 1;
    seen.decided = decided;
    seen.max_bits = max_bits;
    seen.all_certified = all_certified;
    seen.ok = ccref_status_ok(status);
    seen.evaluations = evaluations;
}

int __real_ora_eval_case(ora_ctx *ctx, const ccref_case *c, ora_case_result *r);
int __real_ora_eval_case_on(ora_ctx *ctx, const ccref_case *c, const ora_decisions *f, ora_case_result *r);
int __real_ora_eval_contact_case(ora_ctx *ctx, const ccref_contact_case *c, ora_contact_result *r);
int __real_ora_eval_contact_case_on(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *f,
                                    ora_contact_result *r);
ccref_status __real_ora_effective_cor_d(ora_ctx *ctx, double m, double c, double s, double v, ora_cert *cor,
                                        ccref_cor_branch *b);
ccref_status __real_ora_effective_cof_d(ora_ctx *ctx, double s, double d, double v, double t, double x, ora_cert *mu,
                                        ccref_cof_branch *b);
int __wrap_ora_eval_case(ora_ctx *ctx, const ccref_case *c, ora_case_result *r);
int __wrap_ora_eval_case_on(ora_ctx *ctx, const ccref_case *c, const ora_decisions *f, ora_case_result *r);
int __wrap_ora_eval_contact_case(ora_ctx *ctx, const ccref_contact_case *c, ora_contact_result *r);
int __wrap_ora_eval_contact_case_on(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *f,
                                    ora_contact_result *r);
ccref_status __wrap_ora_effective_cor_d(ora_ctx *ctx, double m, double c, double s, double v, ora_cert *cor,
                                        ccref_cor_branch *b);
ccref_status __wrap_ora_effective_cof_d(ora_ctx *ctx, double s, double d, double v, double t, double x, ora_cert *mu,
                                        ccref_cof_branch *b);

/* ---------------------------------------------------------------- the oracle's two stages
 * An evaluation the oracle's first stage answered (spec/oracle.md section 9: every output certified at 106 bits) is
 * evaluated again by the MPFI stage alone, with the same forced decisions: the statuses, flags and decisions must be
 * the same and every output the same certified double. Every fuzzed input thus also checks the first stage. */

static ora_ctx *mpfi_stage(void)
{
    static ora_ctx *ctx;
    if (ctx == NULL) {
        ctx = ora_ctx_new(NULL);
        if (ctx == NULL)
            fuzz_fail("cannot create the MPFI-stage context");
        ora_ctx_set_first_stage(ctx, 0);
    }
    return ctx;
}

static int answered_by_first_stage(int decided, int all_certified, int max_bits)
{
    return decided && all_certified && max_bits > 0 && max_bits <= 106;
}

static void same_certs(const ora_cert *f, const ora_cert *m, int n)
{
    for (int i = 0; i < n; i++) {
        if (!f[i].certified)
            continue;
        if (!m[i].certified)
            fuzz_fail("first stage: slot %d certified %a, not certified by the MPFI stage", i, f[i].value);
        if (!(f[i].value == m[i].value))
            fuzz_fail("first stage: slot %d certified %a, the MPFI stage %a", i, f[i].value, m[i].value);
    }
}

static void compare_case(const ccref_case *c, const ora_decisions *f, const ora_case_result *r)
{
    if (!answered_by_first_stage(r->decided, r->all_certified, r->max_bits))
        return;
    static ora_case_result m;
    __real_ora_eval_case_on(mpfi_stage(), c, f, &m);
    fuzz_count("first_stage:compared", 1);
    if (!m.decided || m.status != r->status || m.deviations != r->deviations || m.sense != r->sense ||
        m.lines_are_parallel != r->lines_are_parallel || memcmp(m.decision, r->decision, sizeof m.decision) != 0)
        fuzz_fail("first stage: status %s, flags or decisions differ from the MPFI stage's (%s)",
                  ccref_status_name(r->status), ccref_status_name(m.status));
    same_certs(r->out, m.out, r->n);
}

static void compare_contact(const ccref_contact_case *c, const ora_decisions *f, const ora_contact_result *r)
{
    if (!answered_by_first_stage(r->decided, r->all_certified, r->max_bits))
        return;
    static ora_contact_result m;
    __real_ora_eval_contact_case_on(mpfi_stage(), c, f, &m);
    fuzz_count("first_stage:compared", 1);
    if (!m.decided || m.status != r->status || m.deviations != r->deviations || m.sign != r->sign ||
        m.has_friction != r->has_friction || m.cor_branch != r->cor_branch || m.cof_branch != r->cof_branch ||
        memcmp(m.decision, r->decision, sizeof m.decision) != 0)
        fuzz_fail("first stage: status %s, branches or decisions differ from the MPFI stage's (%s)",
                  ccref_status_name(r->status), ccref_status_name(m.status));
    same_certs(r->out, m.out, CCREF_CSLOT_N);
}

int __wrap_ora_eval_case(ora_ctx *ctx, const ccref_case *c, ora_case_result *r)
{
    int rc = __real_ora_eval_case(ctx, c, r);
    observe(r->decided, r->max_bits, r->all_certified, r->status, r->evaluations);
    compare_case(c, NULL, r);
    return rc;
}
int __wrap_ora_eval_case_on(ora_ctx *ctx, const ccref_case *c, const ora_decisions *f, ora_case_result *r)
{
    int rc = __real_ora_eval_case_on(ctx, c, f, r);
    observe(r->decided, r->max_bits, r->all_certified, r->status, r->evaluations);
    compare_case(c, f, r);
    return rc;
}
int __wrap_ora_eval_contact_case(ora_ctx *ctx, const ccref_contact_case *c, ora_contact_result *r)
{
    int rc = __real_ora_eval_contact_case(ctx, c, r);
    observe(r->decided, r->max_bits, r->all_certified, r->status, r->evaluations);
    compare_contact(c, NULL, r);
    return rc;
}
int __wrap_ora_eval_contact_case_on(ora_ctx *ctx, const ccref_contact_case *c, const ora_decisions *f,
                                    ora_contact_result *r)
{
    int rc = __real_ora_eval_contact_case_on(ctx, c, f, r);
    observe(r->decided, r->max_bits, r->all_certified, r->status, r->evaluations);
    compare_contact(c, f, r);
    return rc;
}
ccref_status __wrap_ora_effective_cor_d(ora_ctx *ctx, double m, double c, double s, double v, ora_cert *cor,
                                        ccref_cor_branch *b)
{
    ccref_status st = __real_ora_effective_cor_d(ctx, m, c, s, v, cor, b);
    observe(1, cor->precision_bits, cor->certified, st, -1);
    if (st == CCREF_OK && answered_by_first_stage(1, cor->certified, cor->precision_bits)) {
        ora_cert mc;
        ccref_cor_branch mb;
        ccref_status ms = __real_ora_effective_cor_d(mpfi_stage(), m, c, s, v, &mc, &mb);
        fuzz_count("first_stage:compared", 1);
        if (ms != st || (b != NULL && mb != *b))
            fuzz_fail("first stage: COR status or branch differs from the MPFI stage's");
        same_certs(cor, &mc, 1);
    }
    return st;
}
ccref_status __wrap_ora_effective_cof_d(ora_ctx *ctx, double s, double d, double v, double t, double x, ora_cert *mu,
                                        ccref_cof_branch *b)
{
    ccref_status st = __real_ora_effective_cof_d(ctx, s, d, v, t, x, mu, b);
    observe(1, mu->precision_bits, mu->certified, st, -1);
    if (st == CCREF_OK && answered_by_first_stage(1, mu->certified, mu->precision_bits)) {
        ora_cert mc;
        ccref_cof_branch mb;
        ccref_status ms = __real_ora_effective_cof_d(mpfi_stage(), s, d, v, t, x, &mc, &mb);
        fuzz_count("first_stage:compared", 1);
        if (ms != st || (b != NULL && mb != *b))
            fuzz_fail("first stage: COF status or branch differs from the MPFI stage's");
        same_certs(mu, &mc, 1);
    }
    return st;
}

static void count_oracle(void)
{
    char name[40];
    if (!seen.taken)
        snprintf(name, sizeof name, "bits:none"); /* the classifier: exact comparisons of doubles */
    else if (!seen.decided)
        snprintf(name, sizeof name, "bits:undecided");
    else if (!seen.ok)
        snprintf(name, sizeof name, "bits:rejected");
    else if (!seen.all_certified)
        snprintf(name, sizeof name, "bits:uncertified");
    else
        snprintf(name, sizeof name, "bits:%d", seen.max_bits);
    fuzz_count(name, 1);
    if (seen.evaluations > 0)
        fuzz_count("oracle:evaluations", seen.evaluations);
}

/* ---------------------------------------------------------------- statuses and outputs */

static void check_status_named(ccref_status st)
{
    char name[48];
    snprintf(name, sizeof name, "status:%s", ccref_status_name(st));
    fuzz_count(name, 1);
    if (strcmp(ccref_status_name(st), "E_UNKNOWN_STATUS") == 0)
        fuzz_fail("status %d has no name", (int)st);
}

static uint64_t bits_of(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* Every slot +0 (an error status) or finite (an OK-class one). */
static void check_slots(int suite, ccref_status st, const double *v, int n)
{
    for (int i = 0; i < n; i++) {
        if (!ccref_status_ok(st) && bits_of(v[i]) != 0)
            fuzz_fail("status %s with %s = %a, not zeroed", ccref_status_name(st), slot_name(suite, i), v[i]);
        if (ccref_status_ok(st) && !isfinite(v[i]))
            fuzz_fail("status %s with %s = %a", ccref_status_name(st), slot_name(suite, i), v[i]);
    }
}

/* Below this magnitude the properties' own arithmetic (products of two values, sums of a few) cannot overflow. */
static int moderate(double x) { return fabs(x) < 0x1p300; }
static int moderate_body(const ccref_body *b)
{
    const double *x = &b->R.m[0][0];
    for (int i = 0; i < 24; i++)
        if (!moderate(x[i]))
            return 0;
    return 1;
}
/* Slots [from, to) moderate, with finite bounds. */
static int usable(const double *v, const ccref_bounds *b, int from, int to)
{
    for (int i = from; i < to; i++)
        if (!moderate(v[i]) || !isfinite(b->bound[i]))
            return 0;
    return 1;
}

/* The moment balance is an identity where the pair of forces shares its line of action: not in the singular
 * branch, whose line is body 1's z axis through two points up to 2^-65 apart (spec/rod.md, "Forces"). The power
 * identity holds in every branch. */
static double third_law_applies(ccref_status st) { return st == CCREF_OK_SINGULAR_DIRECTION ? -1.0 : 0.0; }

static void note_properties(double third, double power)
{
    fuzz_count("properties:power_identity", 1);
    fuzz_worst("property:power_identity", power);
    if (third >= 0.0) {
        fuzz_count("properties:third_law", 1);
        fuzz_worst("property:third_law", third);
    }
}

/* ---------------------------------------------------------------- the Constraint handle, kernel side */

/* The name of slot i of a suite's handle ("P[0][5]", "constraint.bias[1]", ...). */
static const char *handle_name(int suite, int i) { return slot_name(suite, suite_own_slots(suite) + i); }

/* The mobilities of a kind or a class, from the state it reads: two bodies (w1, v1, w2, v2), or a coordinate. */
static int handle_nu(int suite)
{
    if (suite_type_of(suite) == SUITE_TYPE_KIND)
        return suite_kind(suite) == CCREF_KIND_CONSTANT_COORDINATE ? 1 : 12;
    ccref_contact_class cls = suite_class(suite);
    return cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER ? 1 : 12;
}

/* The kernel's handle of the current case and its bounds, as check_handle evaluated them (judge_handle compares them
 * with the certified handle without evaluating them again: they are about half of an input's time). */
static struct {
    int set;
    ccref_handle h;
    ccref_bounds b;
    ccref_status hs, bst;
} kernel_handle;

/* The handle of a kind's case k or a class's case c (the other NULL), its struct poisoned first; st and o: the case's
 * own status and common output (already checked). Its status has a name and is the case's own error, or on an
 * OK-class case the case's status or E_RESULT_OVERFLOW (a probe overflowing at every scale); its rows are the
 * case's result's (a kind's rows, also on an error; 0 + 0 for a rejected contact, whose result is zeroed), ma 0, nu
 * the mobilities; an error zeroes every slot (+0 bit for bit); under an OK-class status every slot is finite and the
 * slots outside the rows and mobilities in use are 0 (either sign); ccref_bounds_handle_* returns the handle's
 * status, with CCREF_HSLOT_N bounds (0 on an error). Returns the handle's status, the handle and its bounds. */
static ccref_status check_handle(int suite, const ccref_case *k, const ccref_contact_case *c, ccref_status st,
                                 const ccref_output *o, ccref_handle *h, ccref_bounds *hb)
{
    char name[64];
    int nu = handle_nu(suite);
    memset(h, 0x7f, sizeof *h);
    ccref_status hs = k != NULL ? ccref_handle_case(k, h) : ccref_handle_contact(c, h);
    snprintf(name, sizeof name, "handle:status:%s", ccref_status_name(hs));
    fuzz_count(name, 1);
    if (strcmp(ccref_status_name(hs), "E_UNKNOWN_STATUS") == 0)
        fuzz_fail("the handle's status %d has no name", (int)hs);
    if (ccref_status_ok(st) ? hs != st && hs != CCREF_E_RESULT_OVERFLOW : hs != st)
        fuzz_fail("the handle's status %s, the case's %s", ccref_status_name(hs), ccref_status_name(st));
    if (h->mp != o->mp || h->mv != o->mv || h->ma != 0 || h->nu != nu)
        fuzz_fail("status %s: the handle's rows %d + %d + %d and mobilities %d; the case's rows %d + %d, mobilities %d",
                  ccref_status_name(hs), h->mp, h->mv, h->ma, h->nu, o->mp, o->mv, nu);
    double v[CCREF_HSLOT_N];
    ccref_flatten_handle(h, v);
    for (int i = 0; i < CCREF_HSLOT_N; i++) {
        if (!ccref_status_ok(hs) && bits_of(v[i]) != 0)
            fuzz_fail("handle status %s with slot %d = %a, not zeroed", ccref_status_name(hs), i, v[i]);
        if (ccref_status_ok(hs) && !isfinite(v[i]))
            fuzz_fail("handle status %s with %s = %a", ccref_status_name(hs), handle_name(suite, i), v[i]);
        if (ccref_status_ok(hs) && !ccref_handle_slot_in_use(i, h->mp, h->mv, nu) && v[i] != 0.0)
            fuzz_fail("handle status %s with %s = %a, a slot not in use (rows %d + %d, mobilities %d)",
                      ccref_status_name(hs), handle_name(suite, i), v[i], h->mp, h->mv, nu);
    }
    ccref_status hbs = k != NULL ? ccref_bounds_handle_case(k, NULL, hb) : ccref_bounds_handle_contact(c, NULL, hb);
    if (hbs != hs || hb->n != (ccref_status_ok(hs) ? CCREF_HSLOT_N : 0))
        fuzz_fail("ccref_bounds_handle_* returns %s with %d bounds, the handle %s", ccref_status_name(hbs), hb->n,
                  ccref_status_name(hs));
    kernel_handle.set = 1;
    kernel_handle.h = *h;
    kernel_handle.b = *hb;
    kernel_handle.hs = hs;
    kernel_handle.bst = hbs;
    return hs;
}

/* The forces are G^T lambda (spec/constraint_handle.md: power = -(lambda . verr) = -(F1 . V1 + F2 . V2) with
 * verr = G u): component j of (force_on_body1.moment, .force, force_on_body2.moment, .force), the slots
 * CCREF_SLOT_F1_MOMENT + j of a kind's layout (off 0) or a class's constraint (off CCREF_CSLOT_CONSTRAINT), is
 * exactly sum_r lambda_r G[r][j] on the case's exact inputs, the multipliers exact doubles.
 * Tolerance (the lemmas of spec/accuracy.md, src/bounds_calculus.h, as tests/test_properties.c builds its own): the
 * residual is fl(f_j - s_j), s_j = fl(sum_r lambda_r G[r][j]) left to right; each kernel value x with its proven
 * bound B_x (|x - x*| <= B_x) enters as the pair {(|x| + B_x)(1 + 2^-40), B_x} (L0: |x*| <= |x| + B_x; the factor
 * covers the rounding of that sum), lambda_r as {|lambda_r|, 0}; L2 bounds each product's error against
 * lambda_r G*[r][j], L1 each sum and the final difference, so the residual, whose exact value is 0, is within
 * acc_add(f_j, s_j).e. The bounds are the kernel's own (ccref_bounds_case / _contact for f_j, the handle's for G),
 * which the comparison with the oracle checks; the relation checks that the forces and the probes' matrix, two code
 * paths, agree within them. Applied where the properties are (OK-class case and handle, outside every decision band,
 * magnitudes below 2^300, finite bounds), with every entry G[r][j] in use also below 2^300 with a finite bound.
 * Returns the largest residual / tolerance, or -1 when skipped. */
static double force_relation(const double *v, const ccref_bounds *b, int off, const double *lambda,
                             const ccref_handle *h, const ccref_bounds *hb)
{
    const double UP = 1.0 + 0x1p-40;
    int rows = h->mp + h->mv;
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < 12; j++)
            if (!moderate(h->G[r][j]) || !isfinite(hb->bound[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j]))
                return -1.0;
    double worst = 0.0;
    for (int j = 0; j < 12; j++) {
        double s = 0.0;
        acc_t S = acc_exact(0.0);
        for (int r = 0; r < rows; r++) {
            double g = h->G[r][j], B = hb->bound[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j];
            acc_t G = {(fabs(g) + B) * UP, B};
            acc_t t = acc_mul(acc_exact(fabs(lambda[r])), G);
            s = r == 0 ? lambda[r] * g : s + lambda[r] * g;
            S = r == 0 ? t : acc_add(S, t);
        }
        int slot = off + CCREF_SLOT_F1_MOMENT + j;
        acc_t F = {(fabs(v[slot]) + b->bound[slot]) * UP, b->bound[slot]};
        double resid = v[slot] - s, tol = acc_add(F, S).e;
        double ratio = tol > 0.0 ? fabs(resid) / tol : resid == 0.0 ? 0.0 : INFINITY;
        if (!(fabs(resid) <= tol))
            fuzz_fail("the forces are not G^T lambda: slot %d = %a, sum_r lambda_r G[r][%d] = %a, residual %a, "
                      "tolerance %a", slot, v[slot], j, s, resid, tol);
        if (ratio > worst)
            worst = ratio;
    }
    return worst;
}

static void note_force_relation(double ratio)
{
    if (ratio < 0.0) {
        fuzz_count("properties:force_relation_skipped", 1);
        return;
    }
    fuzz_count("properties:force_relation", 1);
    fuzz_worst("property:force_relation", ratio);
}

/* The kernel called directly (its result poisoned first, so that zeroing is observable), its handle, then the
 * properties. */
static void check_kind(int suite, const ccref_case *k)
{
    ccref_result r;
    memset(&r, 0x7f, sizeof r);
    ccref_status st = ccref_eval(k, &r);
    check_status_named(st);
    double v[CCREF_SLOT_MAX];
    int n = ccref_flatten_result(k->kind, &r, v), mp = 0, mv = 0;
    check_slots(k->kind, st, v, n);
    ccref_case_rows(k, &mp, &mv);
    const ccref_output *o = &r.u.out;
    if (o->mp != mp || o->mv != mv)
        fuzz_fail("status %s with rows %d + %d, the kind has %d + %d", ccref_status_name(st), o->mp, o->mv, mp, mv);
    int lol_flags = k->kind == CCREF_KIND_LINE_ON_LINE &&
                    (r.u.line_on_line.sense != 0 || r.u.line_on_line.lines_are_parallel != 0);
    if (!ccref_status_ok(st) && (o->deviations != 0 || lol_flags))
        fuzz_fail("status %s with deviations, sense or parallel flag set", ccref_status_name(st));
    ccref_bounds b;
    ccref_status bst = ccref_bounds_case(k, &b);
    if (bst != st)
        fuzz_fail("ccref_bounds_case returns %s, the kernel %s", ccref_status_name(bst), ccref_status_name(st));
    ccref_handle h;
    ccref_bounds hb;
    ccref_status hs = check_handle(suite, k, NULL, st, o, &h, &hb);
    if (!ccref_status_ok(st))
        return;
    int coord = k->kind == CCREF_KIND_CONSTANT_COORDINATE;
    int ok = b.band == CCREF_DECISION_NONE && usable(v, &b, CCREF_SLOT_VERR, CCREF_SLOT_AERR) &&
             usable(v, &b, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_AUX) &&
             (!coord || usable(v, &b, CCREF_SLOT_CC_GENERALIZED_FORCE, CCREF_SLOT_CC_GENERALIZED_FORCE + 1)) &&
             moderate_body(&k->body1) && moderate_body(&k->body2) && moderate(k->coordinate.qdot);
    for (int i = 0; i < CCREF_MAX_ROWS; i++)
        ok = ok && moderate(k->lambda[i]);
    if (!ok) {
        fuzz_count("properties:skipped", 1);
        return;
    }
    double third = third_law_applies(st), power;
    fuzz_properties_case(k, v, b.bound, &third, &power);
    note_properties(third, power);
    if (!coord)
        note_force_relation(ccref_status_ok(hs) ? force_relation(v, &b, 0, k->lambda, &h, &hb) : -1.0);
}

static void check_contact(int suite, const ccref_contact_case *k)
{
    ccref_contact_result r;
    memset(&r, 0x7f, sizeof r);
    ccref_status st = ccref_contact_eval(k, &r);
    check_status_named(st);
    ccref_handle h;
    ccref_bounds hb;
    if (!ccref_status_ok(st)) {
        for (size_t i = 0; i < sizeof r; i++)
            if (((const unsigned char *)&r)[i] != 0)
                fuzz_fail("status %s: byte %zu of the contact result not zeroed", ccref_status_name(st), i);
        check_handle(suite, NULL, k, st, &r.constraint, &h, &hb);
        return;
    }
    ccref_status hs = check_handle(suite, NULL, k, st, &r.constraint, &h, &hb);
    double v[CCREF_CSLOT_N];
    ccref_flatten_contact_result(&r, v);
    check_slots(suite, st, v, CCREF_CSLOT_N);
    if (r.sign != ccref_contact_sign(k->cls) || r.has_friction != ccref_contact_has_friction(k->cls) ||
        (unsigned)r.cor_branch > CCREF_COR_MINIMUM || (unsigned)r.cof_branch > CCREF_COF_DYNAMIC)
        fuzz_fail("sign %d, has_friction %d, cor_branch %d, cof_branch %d", r.sign, r.has_friction, (int)r.cor_branch,
                  (int)r.cof_branch);
    ccref_bounds b;
    ccref_status bst = ccref_bounds_contact(k, &b);
    if (bst != st)
        fuzz_fail("ccref_bounds_contact returns %s, the kernel %s", ccref_status_name(bst), ccref_status_name(st));
    const int C = CCREF_CSLOT_CONSTRAINT;
    int stop = k->cls == CCREF_CONTACT_HARD_STOP_UPPER || k->cls == CCREF_CONTACT_HARD_STOP_LOWER;
    int ok = b.band == CCREF_DECISION_NONE && usable(v, &b, C + CCREF_SLOT_VERR, C + CCREF_SLOT_AERR) &&
             usable(v, &b, C + CCREF_SLOT_F1_MOMENT, C + CCREF_SLOT_AUX) &&
             (!stop || usable(v, &b, CCREF_CSLOT_COORDINATE_FORCE, CCREF_CSLOT_COORDINATE_FORCE + 1)) &&
             moderate_body(&k->body1) && moderate_body(&k->body2) && moderate(k->coordinate.qdot);
    for (int i = 0; i < 3; i++)
        ok = ok && moderate(k->lambda[i]);
    if (!ok) {
        fuzz_count("properties:skipped", 1);
        return;
    }
    double third = third_law_applies(st), power;
    fuzz_properties_contact(k, v, b.bound, &third, &power);
    note_properties(third, power);
    if (!stop)
        note_force_relation(ccref_status_ok(hs) ? force_relation(v, &b, C, k->lambda, &h, &hb) : -1.0);
}

/* The rules with their outputs poisoned: zero (or the zero condition) on an error status, finite on OK. */
static void check_rule(const cli_case *c)
{
    ccref_status st;
    if (c->suite == SUITE_EFFECTIVE_COR || c->suite == SUITE_EFFECTIVE_COF) {
        double x = 0x1.7f7f7f7f7f7f7p+1000;
        int br = 77;
        if (c->suite == SUITE_EFFECTIVE_COR) {
            const cli_cor_params *p = &c->u.cor;
            ccref_cor_branch b = (ccref_cor_branch)br;
            st = ccref_effective_cor_branch(p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed, &x, &b);
            br = (int)b;
        } else {
            const cli_cof_params *p = &c->u.cof;
            ccref_cof_branch b = (ccref_cof_branch)br;
            st = ccref_effective_cof_branch(p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed, &x, &b);
            br = (int)b;
        }
        check_status_named(st);
        check_slots(c->suite, st, &x, 1);
        if (ccref_status_ok(st) && (br < 0 || br > 2))
            fuzz_fail("branch %d", br);
        return;
    }
    const cli_classify_params *p = &c->u.cl;
    ccref_unilateral_tolerances tol = {p->tol_perr, p->tol_verr, p->tol_aerr, p->tol_lambda};
    ccref_unilateral_condition cond = (ccref_unilateral_condition)77;
    int proximal = 77;
    st = ccref_unilateral_classify(p->sign, p->perr, p->verr, p->aerr, p->lambda, &tol, &cond);
    check_status_named(st);
    if (!ccref_status_ok(st) ? cond != CCREF_UNI_SEPARATED : (unsigned)cond >= CCREF_UNI_CONDITION_COUNT)
        fuzz_fail("classify: status %s, condition %d", ccref_status_name(st), (int)cond);
    st = ccref_unilateral_is_proximal(p->sign, p->perr, p->tol_perr, &proximal);
    check_status_named(st);
    if (!ccref_status_ok(st) ? proximal != 0 : proximal != 0 && proximal != 1)
        fuzz_fail("isProximal: status %s, proximal %d", ccref_status_name(st), proximal);
}

/* ---------------------------------------------------------------- against the oracle */

static int has_flag(const vtest *t, int f)
{
    for (int i = 0; i < t->n_flags; i++)
        if (t->flags[i] == f)
            return 1;
    return 0;
}

/* The name of an output in the statistics; the rules target runs three suites whose one output is "value". */
static const char *output_name(int suite, int slot)
{
    static char name[80];
    if (suite_type_of(suite) != SUITE_TYPE_RULE)
        return slot_name(suite, slot);
    snprintf(name, sizeof name, "%s.%s", suite_name(suite), slot_name(suite, slot));
    return name;
}

static void note_ratios(int suite, const double *ratio, const unsigned char *compared, int n)
{
    for (int i = 0; i < n; i++)
        if (compared[i])
            fuzz_worst(output_name(suite, i), ratio[i]);
}

/* The ratios of the outputs a match compared (cli/verdict.h). */
static void note_match_ratios(int suite, const match_report *m, int n)
{
    for (int i = 0; i < n; i++)
        if (m->out[i].state == OUTPUT_COMPARED)
            fuzz_worst(output_name(suite, i), m->out[i].ratio);
}

/* The full rule of `ccref check`: the expected answer and its alternatives (cli/expect.c, cli/verdict.c). The kernel
 * passes as expected, or as a decision-band, tolerance-band or intermediate-overflow alternative; a case the oracle
 * could not decide, or whose kernel decision lies inside its band (spec/accuracy.md section 4; also where the exact
 * branch overflows, which has no alternative), is counted apart, not failed. The answer covers a case's own outputs
 * and its Constraint handle's together, under the merged status (cli/outcome.c). Counted under `what` ("verdict", or
 * "handle:verdict" when the handle alone needed the full rule); decided: whether the oracle decided. */
static void judge_full(const cli_case *c, const char *what, int decided)
{
    static vtest t; /* 19 kB */
    t.n_flags = 0;
    t.n_alt = 0;
    t.c = *c;
    char msg[300], name[80];
    if (expect_test(fuzz_oracle(), &t, msg, sizeof msg) != 0)
        fuzz_fail("the expected answer: %s", msg);
    outcome got;
    ccref_bounds kb;
    eval_kernel(c, &got, &kb);
    match_report m;
    match_answer(&t.expected, &got, NULL, ~0u, &m);
    int own = strcmp(what, "verdict") == 0;
    if (m.pass) {
        snprintf(name, sizeof name, "%s:%s", what, ccref_status_ok(got.d.status) ? "agree" : "rejected_alike");
        fuzz_count(name, 1);
        note_match_ratios(c->suite, &m, t.expected.o.n);
        return;
    }
    for (int a = 0; a < t.n_alt; a++) {
        int f = t.alt[a].flag;
        if (f != FLAG_DECISION_BAND && f != FLAG_TOLERANCE_BAND && f != FLAG_INTERMEDIATE_OVERFLOW)
            continue; /* the other alternatives are Simbody's deviations, not the kernels' */
        match_report ma;
        match_answer(&t.alt[a], &got, NULL, ~0u, &ma);
        if (ma.pass) {
            snprintf(name, sizeof name, "%s:alternative:%s", what, flag_get(f)->name);
            fuzz_count(name, 1);
            return;
        }
    }
    /* The exact result overflows, the kernel's does not, and the bound of some output makes no claim (+Inf: an
     * intermediate reached 2^1000). spec/oracle.md section 6 names the converse (intermediate overflow) only. */
    int no_claim = 0;
    for (int i = 0; i < kb.n && i < got.n; i++)
        no_claim |= got.in_use[i] && isinf(kb.bound[i]);
    no_claim &= t.expected.o.d.status == CCREF_E_RESULT_OVERFLOW && ccref_status_ok(got.d.status);
    if (!decided)
        snprintf(name, sizeof name, "%s:undecided", what);
    else if (kb.bands != 0 && ccref_status_ok(got.d.status))
        snprintf(name, sizeof name, "%s:band:%s", what, ccref_decision_name(kb.band));
    else if (has_flag(&t, FLAG_TOLERANCE_BAND) || has_flag(&t, FLAG_DEVIATION_BAND))
        snprintf(name, sizeof name, "%s:band:%s", what, has_flag(&t, FLAG_TOLERANCE_BAND) ? "tolerance" : "deviation");
    else if (no_claim)
        snprintf(name, sizeof name, "%s:no_claim:exact_overflow", what);
    else
        name[0] = '\0';
    if (name[0] != '\0') {
        fuzz_count(name, 1);
        if (own)
            fuzz_worst(name, 1.0); /* keeps the first such input, for the report */
        return;
    }
    fuzz_fail("%s: kernel against the certified oracle%s: %s", suite_name(c->suite), own ? "" : " (the handle)",
              m.failure);
}

/* Returns 1 when the case went through judge_full (which judges the handle too), else 0. */
static int judge(const cli_case *c)
{
    acc_sample s;
    ora_ctx *ctx = fuzz_oracle();
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: acc_check_case(ctx, &c->u.k, &s); break;
    case SUITE_TYPE_CONTACT: acc_check_contact(ctx, &c->u.c, &s); break;
    default:
        if (c->suite == SUITE_EFFECTIVE_COR) {
            const cli_cor_params *p = &c->u.cor;
            acc_check_cor(ctx, p->min_cor, p->capture_speed, p->min_cor_speed, p->impact_speed, &s);
        } else if (c->suite == SUITE_EFFECTIVE_COF) {
            const cli_cof_params *p = &c->u.cof;
            acc_check_cof(ctx, p->mu_s, p->mu_d, p->mu_v, p->transition_speed, p->slip_speed, &s);
        } else {
            judge_full(c, "verdict", seen.decided); /* the classifier has no values, only statuses and conditions */
            return 1;
        }
    }
    if (!s.valid && !ccref_status_ok(s.kernel_status) && s.kernel_status == s.oracle_status) {
        fuzz_count("verdict:rejected_alike", 1); /* what judge_full would find, without a second evaluation */
        return 0;
    }
    if (!s.valid) {
        judge_full(c, "verdict", seen.decided);
        return 1;
    }
    if (s.excluded != CCREF_DECISION_NONE) { /* spec/accuracy.md section 4: counted per decision, not compared */
        char name[64];
        snprintf(name, sizeof name, "verdict:band:%s", ccref_decision_name(s.excluded));
        fuzz_count(name, 1);
        fuzz_worst(name, 1.0);
        return 0;
    }
    if (s.discrete_mismatch)
        fuzz_fail("%s: status %s, the oracle's %s (or the sense or a branch differs) outside every band",
                  suite_name(c->suite), ccref_status_name(s.kernel_status), ccref_status_name(s.oracle_status));
    double ratio[ACC_MAX_SLOTS];
    unsigned char in_use[ACC_MAX_SLOTS];
    int worst = -1, mp = 1, mv = 0;
    suite_type type = suite_type_of(c->suite);
    if (type == SUITE_TYPE_KIND)
        ccref_case_rows(&c->u.k, &mp, &mv);
    else if (type == SUITE_TYPE_CONTACT)
        mv = ccref_contact_has_friction(c->u.c.cls) ? 2 : 0;
    for (int i = 0; i < s.n; i++) {
        ratio[i] = s.certified[i] && isfinite(s.bound[i]) ? acc_ratio(s.kernel[i], s.oracle[i], s.bound[i]) : 0.0;
        in_use[i] = (unsigned char)(type == SUITE_TYPE_KIND      ? ccref_slot_in_use(i, mp, mv)
                                    : type == SUITE_TYPE_CONTACT ? ccref_contact_slot_in_use(c->u.c.cls, i, mp, mv)
                                                                 : 1);
        if (worst < 0 || !(ratio[i] <= ratio[worst]))
            worst = i;
    }
    if (s.violations > 0)
        fuzz_fail("%s: %d output(s) outside their proven bound; worst %s: kernel %a, oracle %a, bound %a "
                  "(|kernel - oracle| / (bound + ulp/2) = %.3g)", suite_name(c->suite), s.violations,
                  slot_name(c->suite, worst), s.kernel[worst], s.oracle[worst], s.bound[worst], ratio[worst]);
    fuzz_count("verdict:compared", 1);
    fuzz_count("slots:uncertified", s.uncertified);
    fuzz_count("slots:unbounded", s.unbounded);
    note_ratios(c->suite, ratio, in_use, s.n); /* the rows past mp + mv are structural zeros */
    return 0;
}

/* The Constraint handle against the certified one (tests/accuracy_bounds.c, acc_check_handle_*), after the case's
 * own outputs were judged (full: through judge_full, whose answer already covered the handle's slots). Rejected
 * alike, or the handle's decision band (its bounds carry the case's own), is counted; a handle with an OK-class
 * status on both sides, decided and outside every band, must have the same status, rows and mobilities and every
 * certified slot in use within B + ulp/2; any other pair of statuses (an overflow on one side, the oracle
 * undecided) goes to the full rule of `ccref check`, as a case's own outputs do. */
static void judge_handle(const cli_case *c, int full)
{
    acc_sample s;
    if (!kernel_handle.set)
        fuzz_fail("%s: the handle was not evaluated", suite_name(c->suite));
    const ccref_handle *h = &kernel_handle.h;
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND)
        acc_compare_handle_case(fuzz_oracle(), &c->u.k, h, kernel_handle.hs, &kernel_handle.b, kernel_handle.bst, &s);
    else
        acc_compare_handle_contact(fuzz_oracle(), &c->u.c, h, kernel_handle.hs, &kernel_handle.b, kernel_handle.bst,
                                   &s);
    if (s.not_zeroed > 0) /* check_handle checked the same zeros */
        fuzz_fail("%s: the handle (status %s) has %d slot(s) not zeroed", suite_name(c->suite),
                  ccref_status_name(s.kernel_status), s.not_zeroed);
    if (!s.valid && !ccref_status_ok(s.kernel_status) && s.kernel_status == s.oracle_status) {
        fuzz_count("handle:verdict:rejected_alike", 1);
        return;
    }
    if (!s.valid) {
        if (full)
            fuzz_count("handle:verdict:full_rule", 1); /* judged with the case's own outputs */
        else
            judge_full(c, "handle:verdict", s.decided);
        return;
    }
    if (s.excluded != CCREF_DECISION_NONE) {
        char name[64];
        snprintf(name, sizeof name, "handle:verdict:band:%s", ccref_decision_name(s.excluded));
        fuzz_count(name, 1);
        return;
    }
    if (s.discrete_mismatch)
        fuzz_fail("%s: the handle's status %s, the oracle's %s (or its rows or mobilities differ) outside every band",
                  suite_name(c->suite), ccref_status_name(s.kernel_status), ccref_status_name(s.oracle_status));
    int worst = -1;
    double ratio[CCREF_HSLOT_N];
    for (int i = 0; i < CCREF_HSLOT_N; i++) {
        ratio[i] = s.in_use[i] && s.certified[i] && isfinite(s.bound[i])
                       ? acc_ratio(s.kernel[i], s.oracle[i], s.bound[i])
                       : 0.0;
        if (worst < 0 || !(ratio[i] <= ratio[worst]))
            worst = i;
    }
    if (s.violations > 0)
        fuzz_fail("%s: %d handle output(s) outside their proven bound; worst %s: kernel %a, oracle %a, bound %a "
                  "(|kernel - oracle| / (bound + ulp/2) = %.3g)", suite_name(c->suite), s.violations,
                  handle_name(c->suite, worst), s.kernel[worst], s.oracle[worst], s.bound[worst], ratio[worst]);
    fuzz_count("handle:verdict:compared", 1);
    fuzz_count("handle:slots:compared", s.slots_compared);
    fuzz_count("handle:slots:uncertified", s.uncertified);
    fuzz_count("handle:slots:unbounded", s.unbounded);
    for (int i = 0; i < CCREF_HSLOT_N; i++)
        if (s.in_use[i])
            fuzz_worst(handle_name(c->suite, i), ratio[i]);
}

/* A case checked before gives the same verdict again (every check is a function of the case): libFuzzer's mutations
 * often decode to the same case (bytes past the last field, records that cancel), so recent cases are remembered by
 * a hash of their inputs and counted, not run again. */
static int repeated(const cli_case *c)
{
    static uint64_t recent[1 << 16];
    cli_case tmp = *c;
    double *f[FUZZ_MAX_FIELDS];
    int *ints[8], n_ints, n = fuzz_case_fields(&tmp, f, ints, &n_ints);
    uint64_t h = 1469598103934665603ull ^ (uint64_t)c->suite;
    size_t n_lambda = suite_type_of(c->suite) == SUITE_TYPE_KIND      ? c->u.k.n_lambda
                      : suite_type_of(c->suite) == SUITE_TYPE_CONTACT ? c->u.c.n_lambda
                                                                      : 0;
    for (int i = 0; i < n + n_ints + 1; i++) {
        uint64_t x = i < n ? bits_of(*f[i]) : i < n + n_ints ? (uint64_t)(unsigned)*ints[i - n] : n_lambda;
        h = (h ^ x) * 1099511628211ull;
        h ^= h >> 29;
    }
    uint64_t *slot = &recent[h & ((1 << 16) - 1)];
    if (*slot == h)
        return 1;
    *slot = h;
    return 0;
}

void fuzz_check_case(const cli_case *c)
{
    if (repeated(c)) {
        fuzz_count("cases:repeated", 1);
        return;
    }
    fuzz_count("cases:checked", 1);
    kernel_handle.set = 0;
    switch (suite_type_of(c->suite)) {
    case SUITE_TYPE_KIND: check_kind(c->suite, &c->u.k); break;
    case SUITE_TYPE_CONTACT: check_contact(c->suite, &c->u.c); break;
    default: check_rule(c); break;
    }
    memset(&seen, 0, sizeof seen);
    int full = judge(c);
    count_oracle();
    if (suite_type_of(c->suite) == SUITE_TYPE_KIND || suite_type_of(c->suite) == SUITE_TYPE_CONTACT)
        judge_handle(c, full);
}
