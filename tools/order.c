/* order.c: the order test (spec/accuracy.md section 11). For every test of the given vector files whose expected
 * status is OK-class, the formula's expression DAG (src/tier_dag.h) on the exact branches (the oracle's decisions,
 * those of the expected answer and its tiers, also inside a decision band) is evaluated in N random evaluation
 * orders and regroupings, in binary64 and in binary32; every value must lie within its tier's bound of the
 * certified expected value:
 *
 *     |value - expected| <= bound(tier) + ulp(expected) / 2.
 *
 * The suites checked: the kinds (DAG of tier_build_case), the contact classes (tier_build_contact) and the rules
 * effective_cor and effective_cof (tier_build_cor, tier_build_cof); unilateral_classify has no values and is
 * skipped (counted). The Constraint handle's outputs of the kinds and classes (spec/constraint_handle.md): G's
 * column j is verr on the DAG of the case's probe j, bias aerr on probe -1's (values and bounds scaled back by 2^k,
 * 2^2k where the probe runs at u / 2^k), power the node tier_handle_power adds to the case's own DAG; 14 DAGs per
 * test, so they are evaluated in N / HANDLE_ORDER_DIVISOR orders (at least 1).
 *
 * Prints, per suite, output and tier, the values compared and the worst ratio |value - expected| / (bound + ulp/2),
 * and the counts of tests compared (of them inside a decision band) and skipped (status; uncertified or unclaimed
 * slots are not compared) and of the tests a tier claims nothing for (an evaluation in it may take another branch).
 * Exit 1 on any value outside its tier or any output slot no builder wrote, 2 on a usage or read error.
 *
 *   order [--n N] [--seed S] [--formula gram] [--expect-fail] [--quiet] FILE.json...
 *
 * --formula gram evaluates, for LineOnLine, the deliberately worse formula of tests/order_gram.c (closest points
 * through the Gram determinant) against the published tiers (the bounds of tier_build_case's DAG, on the same
 * branches); --expect-fail inverts the verdict (exit 0 only if some value is outside its tier): with it, the worse
 * formula's failure shows that the test can fail. A non-finite value is a failure and the worst ratio +Inf. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/expect.h"
#include "../cli/vectors.h"
#include "../src/ccref_bounds.h"
#include "../src/ccref_handle.h"
#include "../src/tier_rules.h"
#include "../tests/order_eval.h"
#include "../tests/order_gram.h"

typedef struct {
    long compared;
    double worst;
    long failed;
} stat_t;

static stat_t stats[SUITE_COUNT][CCREF_MAX_SLOTS][CCREF_TIER_COUNT];
static long tests_compared[SUITE_COUNT], tests_band[SUITE_COUNT], tests_other[SUITE_COUNT];
static long tests_no_values[SUITE_COUNT], tests_unclaimed[SUITE_COUNT][CCREF_TIER_COUNT];
static long unset_slots, failures_printed;
static int formula_gram; /* --formula gram */
/* The handle's 13 probe DAGs and its power are evaluated in N / HANDLE_ORDER_DIVISOR orders per tier: the test's
 * time stays that of the published outputs' order (make order, CI). */
#define HANDLE_ORDER_DIVISOR 20
static long handle_tests, handle_unscaled_probes, handle_probes_overflowing;

static const char usage[] = "usage: order [--n N] [--seed S] [--formula gram] [--expect-fail] [--quiet] FILE.json...\n";


/* The formula's DAG of the test's case into d (initialised with the bounds' branches). */
static void build(int suite, const cli_case *c, tier_dag *d)
{
    switch (suite_type_of(suite)) {
    case SUITE_TYPE_KIND: tier_build_case(d, &c->u.k); return;
    case SUITE_TYPE_CONTACT: tier_build_contact(d, &c->u.c); return;
    case SUITE_TYPE_RULE: break;
    }
    if (suite == SUITE_EFFECTIVE_COR)
        tier_build_cor(d, c->u.cor.min_cor, c->u.cor.capture_speed, c->u.cor.min_cor_speed, c->u.cor.impact_speed);
    else
        tier_build_cof(d, c->u.cof.mu_s, c->u.cof.mu_d, c->u.cof.mu_v, c->u.cof.transition_speed,
                       c->u.cof.slip_speed);
}

/* One value of an evaluation against the expected slot s: the tier's bound plus half an ulp of the expected value. */
static void compare(const vtest *t, int suite, int s, int tier, double v, double bound, int quiet)
{
    if (!t->expected.o.in_use[s] || t->expected.cert_bits[s] == 0 || !isfinite(t->expected.tol[s]) ||
        !isfinite(bound))
        return;
    double y = t->expected.o.value[s];
    double tol = bound + ccref_ulp(y) / 2;
    double err = fabs(v - y);
    stat_t *st = &stats[suite][s][tier];
    st->compared++;
    double ratio = err == 0.0 ? 0.0 : isnan(err) ? INFINITY : err / tol;
    if (!(ratio <= st->worst))
        st->worst = ratio;
    if (!(err <= tol)) {
        st->failed++;
        if (!quiet && failures_printed++ < 20)
            printf("FAIL %s/%d %s %s: value %a expected %a bound %a ratio %.3g\n", suite_name(suite), t->tc_id,
                   slot_name(suite, s), ccref_tier_name((ccref_tier)tier), v, y, bound, ratio);
    }
}

/* The rows of one probe's DAG in n random orders: G's column j (j >= 0) from its verr nodes, bias (j = -1) from its
 * aerr nodes, scaled back by 2^k (2^2k). first: the constraint's common outputs in the DAG (0 or
 * CCREF_CSLOT_CONSTRAINT). */
static void check_probe(const tier_dag *pd, const vtest *t, int suite, int j, int k, int first, int rows, int n,
                        uint64_t *rng, int quiet)
{
    static double val[1 << 16];
    if (pd->failed || pd->n_node > (int)(sizeof val / sizeof val[0])) {
        fprintf(stderr, "order: %s/%d: a probe's builder failed\n", suite_name(suite), t->tc_id);
        unset_slots++;
        return;
    }
    int own = suite_own_slots(suite), scale = j < 0 ? 2 * k : k;
    for (int tier = 0; tier < CCREF_TIER_COUNT; tier++) {
        if (pd->unclaimed[tier])
            continue;
        for (int r = 0; r < n; r++) {
            order_eval(pd, (ccref_tier)tier, r > 0, rng, val);
            for (int row = 0; row < rows; row++) {
                int node = pd->out[first + (j < 0 ? CCREF_SLOT_AERR : CCREF_SLOT_VERR) + row];
                int s = own + (j < 0 ? CCREF_HSLOT_BIAS + row : CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * row + j);
                if (node == TIER_UNSET) {
                    if (r == 0 && tier == 0 && t->expected.o.in_use[s]) {
                        fprintf(stderr, "order: %s/%d: no builder wrote %s\n", suite_name(suite), t->tc_id,
                                slot_name(suite, s));
                        unset_slots++;
                    }
                    continue;
                }
                double v = node == TIER_ZERO ? 0.0 : ldexp(val[node], scale);
                double bound = node == TIER_ZERO ? 0.0 : ldexp(pd->node[node].e[tier], scale);
                compare(t, suite, s, tier, v, bound, quiet);
            }
        }
    }
}

/* The handle of a kind's or a class's test: its probes' DAGs on the test's branches b, in n orders. */
static void check_handle(const vtest *t, int suite, const ccref_bounds *b, int n, uint64_t *rng, int quiet)
{
    int contact = suite_type_of(suite) == SUITE_TYPE_CONTACT;
    int nu = contact ? ccref_contact_mobilities(&t->c.u.c) : ccref_case_mobilities(&t->c.u.k);
    int rows = t->expected.o.d.mp + t->expected.o.d.mv, first = contact ? CCREF_CSLOT_CONSTRAINT : 0;
    handle_tests++;
    for (int j = -1; j < nu; j++) {
        int k = contact ? ccref_handle_probe_scale_contact(&t->c.u.c, j) : ccref_handle_probe_scale_case(&t->c.u.k, j);
        if (k < 0) { /* the kernel's probe overflows at every scale: its status is then an error, never checked here */
            handle_probes_overflowing++;
            continue;
        }
        handle_unscaled_probes += k == 0;
        tier_dag pd;
        if (tier_dag_init(&pd, b->branch) != 0) {
            fprintf(stderr, "order: out of memory\n");
            exit(2);
        }
        tier_dag_bands(&pd, b);
        if (contact) {
            ccref_contact_case p;
            ccref_handle_probe_contact(&t->c.u.c, j, k, &p);
            tier_build_contact(&pd, &p);
        } else {
            ccref_case p;
            ccref_handle_probe_case(&t->c.u.k, j, k, &p);
            tier_build_case(&pd, &p);
        }
        check_probe(&pd, t, suite, j, k, first, rows, n, rng, quiet);
        tier_dag_free(&pd);
    }
}

static void check_test(ora_ctx *ctx, const vfile *f, const vtest *t, int n_orders, uint64_t *rng, int quiet)
{
    int suite = f->suite;
    ccref_bounds b; /* on the exact branches, those of the expected answer and its tiers */
    if (expect_exact_bounds(ctx, &t->c, &b) != t->expected.o.d.status || b.n == 0) {
        tests_other[suite]++;
        return;
    }
    if (b.bands != 0 || b.cor_corner)
        tests_band[suite]++;
    tier_dag d;
    if (tier_dag_init(&d, b.branch) != 0) {
        fprintf(stderr, "order: out of memory\n");
        exit(2);
    }
    tier_dag_bands(&d, &b);
    build(suite, &t->c, &d);
    /* The DAG evaluated: the published one (d), or the worse formula's on the same branches; the bounds are d's. */
    tier_dag gram, *ev = &d;
    if (formula_gram && suite == (int)CCREF_KIND_LINE_ON_LINE) {
        if (tier_dag_init(&gram, b.branch) != 0) {
            fprintf(stderr, "order: out of memory\n");
            exit(2);
        }
        tier_dag_bands(&gram, &b);
        tier_line_on_line_gram(&gram, &t->c.u.k);
        ev = &gram;
    }
    static double val[1 << 16];
    if (d.failed || d.n_node > (int)(sizeof val / sizeof val[0]) || ev->failed ||
        ev->n_node > (int)(sizeof val / sizeof val[0])) {
        fprintf(stderr, "order: %s/%d: the builder failed\n", suite_name(suite), t->tc_id);
        unset_slots++;
        if (ev != &d)
            tier_dag_free(ev);
        tier_dag_free(&d);
        return;
    }
    tests_compared[suite]++;
    int own = suite_own_slots(suite), has_handle = own < b.n;
    const double *lambda = suite_type_of(suite) == SUITE_TYPE_CONTACT ? t->c.u.c.lambda : t->c.u.k.lambda;
    int first = suite_type_of(suite) == SUITE_TYPE_CONTACT ? CCREF_CSLOT_CONSTRAINT : 0;
    tx power = has_handle ? tier_handle_power(ev, first, lambda, t->expected.o.d.mp + t->expected.o.d.mv) : TIER_UNSET;
    if (has_handle && power == TIER_UNSET && t->expected.o.in_use[own + CCREF_HSLOT_POWER]) {
        fprintf(stderr, "order: %s/%d: no power node\n", suite_name(suite), t->tc_id);
        unset_slots++;
    }
    for (int s = 0; s < own; s++)
        if (t->expected.o.in_use[s] && d.out[s] == TIER_UNSET) {
            fprintf(stderr, "order: %s/%d: no builder wrote %s\n", suite_name(suite), t->tc_id, slot_name(suite, s));
            unset_slots++;
        }
    for (int tier = 0; tier < CCREF_TIER_COUNT; tier++) {
        if (d.unclaimed[tier]) { /* an evaluation in this tier may take another branch: no claim */
            tests_unclaimed[suite][tier]++;
            continue;
        }
        for (int r = 0; r < n_orders; r++) {
            order_eval(ev, (ccref_tier)tier, r > 0, rng, val);
            if (power != TIER_UNSET && ev == &d) /* the power's node on the published DAG: its bound is its own */
                compare(t, suite, own + CCREF_HSLOT_POWER, tier, power == TIER_ZERO ? 0.0 : val[power],
                        power == TIER_ZERO ? 0.0 : d.node[power].e[tier], quiet);
            for (int s = 0; s < own; s++) {
                if (!t->expected.o.in_use[s] || t->expected.cert_bits[s] == 0 || !isfinite(t->expected.tol[s]) ||
                    d.out[s] == TIER_UNSET || ev->out[s] == TIER_UNSET)
                    continue;
                double y = t->expected.o.value[s];
                double bound = d.out[s] == TIER_ZERO ? 0.0 : d.node[d.out[s]].e[tier];
                if (!isfinite(bound))
                    continue;
                double v = ev->out[s] == TIER_ZERO ? 0.0 : val[ev->out[s]];
                double tol = bound + ccref_ulp(y) / 2;
                double err = fabs(v - y);
                stat_t *st = &stats[suite][s][tier];
                st->compared++;
                double ratio = err == 0.0 ? 0.0 : isnan(err) ? INFINITY : err / tol;
                if (!(ratio <= st->worst))
                    st->worst = ratio;
                if (!(err <= tol)) {
                    st->failed++;
                    if (!quiet && failures_printed++ < 20)
                        printf("FAIL %s/%d %s %s: value %a expected %a bound %a ratio %.3g\n", suite_name(suite),
                               t->tc_id, slot_name(suite, s), ccref_tier_name((ccref_tier)tier), v, y, bound, ratio);
                }
            }
        }
    }
    if (ev != &d)
        tier_dag_free(ev);
    tier_dag_free(&d);
    if (has_handle && !formula_gram)
        check_handle(t, suite, &b, n_orders / HANDLE_ORDER_DIVISOR > 0 ? n_orders / HANDLE_ORDER_DIVISOR : 1, rng,
                     quiet);
}

int main(int argc, char **argv)
{
    int n_orders = 1000, expect_fail = 0, quiet = 0;
    uint64_t seed = 20261206;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--n") == 0 && i + 1 < argc)
            n_orders = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--expect-fail") == 0)
            expect_fail = 1;
        else if (strcmp(argv[i], "--quiet") == 0)
            quiet = 1;
        else if (strcmp(argv[i], "--formula") == 0 && i + 1 < argc && strcmp(argv[i + 1], "gram") == 0)
            formula_gram = 1, i++;
        else {
            fputs(usage, stderr);
            return 2;
        }
    }
    if (i == argc || n_orders < 1 || seed == 0) {
        fputs(usage, stderr);
        return 2;
    }
    uint64_t rng = seed;
    ora_ctx *ctx = ora_ctx_new(NULL);
    if (ctx == NULL) {
        fprintf(stderr, "order: out of memory\n");
        return 2;
    }
    for (; i < argc; i++) {
        vfile f;
        char err[512];
        if (vfile_load(argv[i], &f, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            ora_ctx_free(ctx);
            return 2;
        }
        if (f.suite == SUITE_CLASSIFY) { /* a classification, no values */
            tests_no_values[f.suite] += f.n_tests;
            vfile_free(&f);
            continue;
        }
        for (int k = 0; k < f.n_tests; k++) {
            const vtest *t = &f.tests[k];
            if (t->result == RESULT_INVALID || !ccref_status_ok(t->expected.o.d.status))
                tests_other[f.suite]++;
            else
                check_test(ctx, &f, t, n_orders, &rng, quiet);
        }
        vfile_free(&f);
    }
    ora_ctx_free(ctx);
    long failed = 0;
    printf("%-22s %-34s %-9s %9s %8s %6s\n", "suite", "output", "tier", "compared", "worst", "failed");
    for (int s = 0; s < SUITE_COUNT; s++) {
        if (tests_no_values[s] > 0)
            printf("%s: no values, tests skipped %ld\n", suite_name(s), tests_no_values[s]);
        if (tests_compared[s] + tests_band[s] + tests_other[s] == 0)
            continue;
        for (int o = 0; o < CCREF_MAX_SLOTS; o++)
            for (int tier = 0; tier < CCREF_TIER_COUNT; tier++) {
                const stat_t *st = &stats[s][o][tier];
                failed += st->failed;
                if (st->compared > 0)
                    printf("%-22s %-34s %-9s %9ld %8.3g %6ld\n", suite_name(s), slot_name(s, o),
                           ccref_tier_name((ccref_tier)tier), st->compared, st->worst, st->failed);
            }
        printf("%s: tests compared %ld (%ld of them inside a decision band), skipped: not OK or other status %ld; "
               "unclaimed in tier "
               "double %ld, binary32 %ld\n",
               suite_name(s), tests_compared[s], tests_band[s], tests_other[s], tests_unclaimed[s][CCREF_TIER_DOUBLE],
               tests_unclaimed[s][CCREF_TIER_BINARY32]);
    }
    printf("orders per test and tier: %d; values outside their tier: %ld; unwritten slots: %ld\n", n_orders, failed,
           unset_slots);
    printf("the Constraint handle: %ld tests, their 13 (or 2) probe DAGs in %d orders per tier (%ld probes unscaled), "
           "the power on each test's DAG in %d\n", handle_tests,
           n_orders / HANDLE_ORDER_DIVISOR > 0 ? n_orders / HANDLE_ORDER_DIVISOR : 1, handle_unscaled_probes, n_orders);
    if (handle_probes_overflowing > 0) {
        printf("order: %ld probes of OK-class tests overflow at every scale\n", handle_probes_overflowing);
        unset_slots += handle_probes_overflowing;
    }
    if (unset_slots > 0)
        return 1;
    if (expect_fail)
        return failed > 0 ? 0 : 1;
    return failed > 0 ? 1 : 0;
}
