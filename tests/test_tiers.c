/* test_tiers.c: the calculus of the tolerance tiers (src/tier_dag.c, spec/accuracy.md section 11) on expressions
 * whose worst evaluation orders are known, and the tiers of the library's entry point:
 *  - an input's binary32 error is its rounding to binary32; 2^120 and beyond claims nothing in binary32;
 *  - a sum whose terms cancel, a long product and a quotient: every one of many random evaluation orders, in binary64
 *    and binary32, within its bound, and the bound of a sum at least its worst order's error;
 *  - magnitudes at the tier's limit claim nothing; decisions near their threshold: a recorded band (two-way
 *    decisions in double), a T6 node (the COR at the minimum-COR speed) or an unclaimed tier;
 *  - ccref_tiers_case: every slot of a random case of every kind finite in double, binary32 looser than double, and
 *    nothing claimed on an error status.
 * The published suite's run of the same check is the order test (tools/order.c, make order). */
#include <float.h>
#include <math.h>

#include "testlib.h"
#include "../cli/random.h"
#include "order_eval.h"
#include "../src/tier_rules.h"

static double bound_of(const tier_dag *d, tx a, ccref_tier t) { return d->node[a].e[t]; }

static void test_inputs(void)
{
    signed char br[CCREF_DECISION_COUNT] = {0};
    tier_dag d;
    CU_ASSERT_FATAL(tier_dag_init(&d, br) == 0);
    tx a = tx_in(&d, 0.1), b = tx_in(&d, 0.5), big = tx_in(&d, 0x1p121);
    double r = fabs((double)(float)0.1 - 0.1);
    CU_ASSERT(bound_of(&d, a, CCREF_TIER_DOUBLE) == 0.0);
    CU_ASSERT(bound_of(&d, a, CCREF_TIER_BINARY32) >= r && bound_of(&d, a, CCREF_TIER_BINARY32) <= r * 1.001);
    CU_ASSERT(bound_of(&d, b, CCREF_TIER_BINARY32) == 0.0); /* a binary32 number */
    CU_ASSERT(isinf(bound_of(&d, big, CCREF_TIER_BINARY32)));
    CU_ASSERT(bound_of(&d, big, CCREF_TIER_DOUBLE) == 0.0);
    tier_dag_free(&d);
}

/* Every one of n random orders of d's node a, in both tiers, within its bound of the exact value `exact`. */
static void assert_orders_within(const tier_dag *d, tx a, double exact, int n)
{
    static double val[4096];
    uint64_t rng = 88172645463325252ull;
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        for (int k = 0; k < n; k++) {
            order_eval(d, (ccref_tier)t, k > 0, &rng, val);
            CU_ASSERT(fabs(val[a] - exact) <= bound_of(d, a, (ccref_tier)t));
        }
}

/* 1 + 2^-53 + ... + 2^-53 - 1 (k tiny terms): left to right each tiny term is lost against 1, the exact sum is
 * k 2^-53; the bound covers that worst order. */
static void test_sum(void)
{
    signed char br[CCREF_DECISION_COUNT] = {0};
    tier_dag d;
    CU_ASSERT_FATAL(tier_dag_init(&d, br) == 0);
    const int k = 16;
    tx s = tx_in(&d, 1.0);
    for (int i = 0; i < k; i++)
        s = tx_add(&d, s, tx_in(&d, 0x1p-53));
    s = tx_sub(&d, s, tx_in(&d, 1.0));
    CU_ASSERT_EQUAL(d.node[s].op, TIER_SUM);
    CU_ASSERT_EQUAL(d.node[s].n, k + 2); /* one flattened sum */
    double exact = k * 0x1p-53;
    CU_ASSERT(tx_value(&d, s) == 0.0); /* the canonical order loses every tiny term */
    CU_ASSERT(bound_of(&d, s, CCREF_TIER_DOUBLE) >= exact);
    assert_orders_within(&d, s, exact, 2000);
    tier_dag_free(&d);
}

/* A product of 12 factors 1.1 and a quotient: random trees within the bounds (exact values from long double would
 * not be exact; the factors are chosen so that the binary64 canonical value's error is far below the binary32
 * bound, and the double bound is checked against an exactly known product of powers of two). */
static void test_product_and_quotient(void)
{
    signed char br[CCREF_DECISION_COUNT] = {0};
    tier_dag d;
    CU_ASSERT_FATAL(tier_dag_init(&d, br) == 0);
    tx p = tx_in(&d, 3.0);
    for (int i = 0; i < 11; i++)
        p = tx_mul(&d, p, tx_in(&d, 3.0));
    CU_ASSERT_EQUAL(d.node[p].n, 12);
    assert_orders_within(&d, p, 531441.0, 500); /* 3^12, exact in both */
    tx q = tx_div(&d, tx_in(&d, 1.0), tx_in(&d, 3.0));
    /* |1/3 - RN(1/3)| <= 2^-55: every order within the bound of the exact third */
    double third = 1.0 / 3.0;
    CU_ASSERT(bound_of(&d, q, CCREF_TIER_DOUBLE) >= 0x1p-55);
    static double val[4096];
    uint64_t rng = 7;
    for (int t = 0; t < CCREF_TIER_COUNT; t++)
        for (int k = 0; k < 200; k++) {
            order_eval(&d, (ccref_tier)t, k > 0, &rng, val);
            CU_ASSERT(fabs(val[q] - third) <= bound_of(&d, q, (ccref_tier)t) + 0x1p-55);
        }
    tx big = tx_mul(&d, tx_in(&d, 0x1p600), tx_in(&d, 0x1p600));
    CU_ASSERT(isinf(bound_of(&d, big, CCREF_TIER_DOUBLE))); /* beyond 2^1000: no claim */
    tx mid = tx_mul(&d, tx_in(&d, 0x1p70), tx_in(&d, 0x1p70));
    CU_ASSERT(isfinite(bound_of(&d, mid, CCREF_TIER_DOUBLE)) && isinf(bound_of(&d, mid, CCREF_TIER_BINARY32)));
    tier_dag_free(&d);
}

static void test_decisions(void)
{
    signed char br[CCREF_DECISION_COUNT] = {0};
    tier_dag d;
    CU_ASSERT_FATAL(tier_dag_init(&d, br) == 0);
    tx far = tx_sub(&d, tx_in(&d, 1.0), tx_in(&d, 0.25)); /* 0.75, exact */
    tier_decision(&d, CCREF_DECISION_NONE, far, 0.5);
    CU_ASSERT(!d.unclaimed[CCREF_TIER_DOUBLE] && !d.unclaimed[CCREF_TIER_BINARY32]);
    tx near = tx_add(&d, tx_in(&d, 0.1), tx_in(&d, 0.2)); /* 0.30000000000000004 */
    tier_decision(&d, CCREF_DECISION_NONE, near, 0.3 + 0x1p-40); /* within binary32's error, not binary64's */
    CU_ASSERT(!d.unclaimed[CCREF_TIER_DOUBLE] && d.unclaimed[CCREF_TIER_BINARY32]);
    tier_decision(&d, CCREF_DECISION_NONE, near, 0.3);
    CU_ASSERT(d.unclaimed[CCREF_TIER_DOUBLE]);
    tier_dag_free(&d);
    /* a two-way decision with alternatives: double's band is recorded (the vectors give the other branch), the tier
     * keeps its claim; binary32 alone near the threshold still claims nothing */
    CU_ASSERT_FATAL(tier_dag_init(&d, br) == 0);
    near = tx_add(&d, tx_in(&d, 0.1), tx_in(&d, 0.2));
    tier_decision(&d, CCREF_DECISION_COR_CAPTURE, near, 0.3 + 0x1p-40);
    CU_ASSERT(d.tier_bands == 0 && !d.unclaimed[CCREF_TIER_DOUBLE] && d.unclaimed[CCREF_TIER_BINARY32]);
    CU_ASSERT(tier_near(&d, near, 0.3 + 0x1p-40) && !tier_near(&d, near, 0.31));
    tier_decision(&d, CCREF_DECISION_COR_CAPTURE, near, 0.3);
    CU_ASSERT(d.tier_bands == 1u << CCREF_DECISION_COR_CAPTURE && !d.unclaimed[CCREF_TIER_DOUBLE]);
    tier_dag_free(&d);
}

/* At the minimum-COR speed the COR's bound covers both formulas (T6): every order of either formula, at an impact
 * speed on either side of min_cor_speed by its rounding, is within the bound of the exact COR. */
static void test_cor_corner(void)
{
    signed char br[CCREF_DECISION_COUNT] = {0};
    tier_dag d;
    CU_ASSERT_FATAL(tier_dag_init(&d, br) == 0);
    /* v = 0.1 + 0.2 computes to 0.30000000000000004 (exact 0.3 + 2^-54 + ...): min_cor_speed 0.3 lies in its band */
    tx v = tx_add(&d, tx_in(&d, 0.1), tx_in(&d, 0.2));
    CU_ASSERT(tier_near(&d, v, 0.3));
    tier_put_cor(&d, 0, CCREF_COR_MINIMUM, 0.25, 0.3, v, 1);
    const tier_node *cor = &d.node[d.out[0]];
    CU_ASSERT(isfinite(cor->e[CCREF_TIER_DOUBLE]) && cor->e[CCREF_TIER_DOUBLE] > 0.0);
    /* the exact COR is min_cor = 0.25 where 0.1 + 0.2 >= 0.3 (exact sum of the doubles: above 0.3) */
    assert_orders_within(&d, d.out[0], 0.25, 200);
    tier_dag_free(&d);
}

static void test_cases(void)
{
    ccref_rng rng = {20261206u};
    for (int kind = 0; kind < CCREF_KIND_COUNT; kind++)
        for (int k = 0; k < 40; k++) {
            ccref_case c = ccref_random_case(&rng, (ccref_kind)kind, k % 2);
            ccref_tiers t;
            ccref_bounds b;
            CU_ASSERT_EQUAL_FATAL(ccref_tiers_case(&c, NULL, &t), ccref_bounds_case(&c, &b));
            CU_ASSERT_EQUAL(t.n, b.n);
            for (int s = 0; s < t.n; s++) {
                CU_ASSERT(isfinite(t.bound[CCREF_TIER_DOUBLE][s]));
                CU_ASSERT(t.bound[CCREF_TIER_BINARY32][s] >= t.bound[CCREF_TIER_DOUBLE][s]);
            }
        }
    ccref_case bad = ccref_random_case(&rng, CCREF_KIND_BALL, 0);
    bad.body1.p.x = NAN;
    ccref_tiers t;
    CU_ASSERT_EQUAL(ccref_tiers_case(&bad, NULL, &t), CCREF_E_NONFINITE_INPUT);
    CU_ASSERT_EQUAL(t.n, 0);
    CU_ASSERT_EQUAL(ccref_tiers_case(&bad, NULL, NULL), CCREF_E_NULL_ARGUMENT);
}

static void register_tiers(CU_pSuite s)
{
    CU_add_test(s, "tiers: inputs in binary64 and binary32", test_inputs);
    CU_add_test(s, "tiers: a cancelling sum in its worst order", test_sum);
    CU_add_test(s, "tiers: products, quotients, limits", test_product_and_quotient);
    CU_add_test(s, "tiers: decisions near their thresholds", test_decisions);
    CU_add_test(s, "tiers: the COR at the minimum-COR speed", test_cor_corner);
    CU_add_test(s, "tiers: random cases of every kind", test_cases);
}

CCREF_TEST_SUITE("tiers", register_tiers)
