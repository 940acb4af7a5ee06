/* test_unilateral.c: sign convention, validity classifier, isProximal and the COR / COF rules
 * (src/unilateral.c). Spec: spec/unilateral.md.
 *
 * Every expected value is derived by hand in the comment next to it. Notation: u = 2^-53 (unit roundoff);
 * next+(x) = nextafter(x, +inf), next-(x) = nextafter(x, 0). For x in [2^k, 2^(k+1)) the spacing of doubles
 * is 2^(k-52): next+(0.5) = 0.5 + 2^-53, next-(0.5) = 0.5 - 2^-54, next-(1) = 1 - 2^-53, next+(1) = 1 + 2^-52,
 * next-(2) = 2 - 2^-52, next+(0.25) = 0.25 + 2^-54. */
#include <float.h>
#include <string.h>

#include "testlib.h"
#include "../src/ccref_unilateral.h"

#define U 0x1p-53

static double up(double x) { return nextafter(x, INFINITY); }
static double down(double x) { return nextafter(x, 0.0); }

/* ============================================================== classifier */

/* Distinct powers of two, so a tolerance read from the wrong field shows at the boundaries. */
static const ccref_unilateral_tolerances TOL = {0.5, 0.25, 0.125, 0.0625};
static const ccref_unilateral_tolerances TOL0 = {0.0, 0.0, 0.0, 0.0};

static ccref_unilateral_condition classify(int sign, double perr, double verr, double aerr, double lambda,
                                           const ccref_unilateral_tolerances *tol)
{
    ccref_unilateral_condition c = CCREF_UNI_CONDITION_COUNT; /* poison: not an outcome */
    CU_ASSERT_EQUAL(ccref_unilateral_classify(sign, perr, verr, aerr, lambda, tol, &c), CCREF_OK);
    return c;
}

/* Classify from the signed quantities sp = sign*perr, sv = sign*verr, sa = sign*aerr and the contact force
 * f = -sign*lambda: perr = sign*sp, verr = sign*sv, aerr = sign*sa, lambda = -sign*f (exact: sign = +-1). */
static ccref_unilateral_condition classify_signed(int sign, double sp, double sv, double sa, double f,
                                                  const ccref_unilateral_tolerances *tol)
{
    return classify(sign, sign * sp, sign * sv, sign * sa, -sign * f, tol);
}

/* Each of the eight outcomes for both signs, built from the signed quantities (tolerances TOL). */
static void test_classify_eight_outcomes(void)
{
    for (int sign = 1; sign >= -1; sign -= 2) {
        /* sp = 1 > tol_p = 0.5: SEPARATED, even with approach, inward acceleration and a pulling force. */
        CU_ASSERT_EQUAL(classify_signed(sign, 1.0, -2.0, -2.0, -2.0, &TOL), CCREF_UNI_SEPARATED);
        /* sp = -1 < -0.5: PENETRATING. */
        CU_ASSERT_EQUAL(classify_signed(sign, -1.0, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_PENETRATING);
        /* sp = 0, sv = 1 > tol_v = 0.25: SEPARATING (aerr and lambda unconstrained). */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 1.0, -2.0, -2.0, &TOL), CCREF_UNI_SEPARATING);
        /* sp = 0, sv = -1 < -0.25: APPROACHING. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, -1.0, 0.0, 0.0, &TOL), CCREF_UNI_APPROACHING);
        /* Resting, sa = -1 < -tol_a = -0.125: ACCELERATING_INWARD. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, -1.0, 0.0, &TOL), CCREF_UNI_ACCELERATING_INWARD);
        /* Resting, sa = 0, f = -1 < -tol_l = -0.0625: PULLING. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 0.0, -1.0, &TOL), CCREF_UNI_PULLING);
        /* Resting, sa = 1 > tol_a and f = 1 > tol_l: pushing while accelerating apart: NOT_COMPLEMENTARY. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, 1.0, &TOL), CCREF_UNI_NOT_COMPLEMENTARY);
        /* IN_CONTACT three ways: lifting off (sa = 1, f = 0), carrying load (sa = 0, f = 1), all zero. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 0.0, 1.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
    }
}

/* The same conditions written as raw getter values, to pin down what each sign means physically. */
static void test_classify_sign_meaning(void)
{
    /* sign +1 (contact on a plane): perr = distance. perr = 1 separated, perr = -1 penetrating. */
    CU_ASSERT_EQUAL(classify(1, 1.0, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_SEPARATED);
    CU_ASSERT_EQUAL(classify(1, -1.0, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_PENETRATING);
    /* Touching, verr = +1 separating, verr = -1 approaching. */
    CU_ASSERT_EQUAL(classify(1, 0.0, 1.0, 0.0, 0.0, &TOL), CCREF_UNI_SEPARATING);
    CU_ASSERT_EQUAL(classify(1, 0.0, -1.0, 0.0, 0.0, &TOL), CCREF_UNI_APPROACHING);
    /* Resting with weight 2: lambda = -2 (the ground pushes with -lambda = +2): IN_CONTACT.
     * lambda = +2 would be an adhesive force: -sign*lambda = -2 < -0.0625: PULLING. */
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, 0.0, -2.0, &TOL), CCREF_UNI_IN_CONTACT);
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, 0.0, 2.0, &TOL), CCREF_UNI_PULLING);
    /* aerr = -1: sign*aerr = -1 < -0.125: ACCELERATING_INWARD; aerr = +1 with lambda = -2: NOT_COMPLEMENTARY. */
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, -1.0, 0.0, &TOL), CCREF_UNI_ACCELERATING_INWARD);
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, 1.0, -2.0, &TOL), CCREF_UNI_NOT_COMPLEMENTARY);

    /* sign -1 (Rope: perr = distance - length; HardStopUpper: perr = q - upper). perr = -1 is slack / below
     * the stop: sign*perr = 1 > 0.5, SEPARATED; perr = +1 is over-stretched / past the stop: PENETRATING. */
    CU_ASSERT_EQUAL(classify(-1, -1.0, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_SEPARATED);
    CU_ASSERT_EQUAL(classify(-1, 1.0, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_PENETRATING);
    /* Taut, verr = -1 (ends approaching / q moving down): sign*verr = 1: SEPARATING; verr = +1: APPROACHING. */
    CU_ASSERT_EQUAL(classify(-1, 0.0, -1.0, 0.0, 0.0, &TOL), CCREF_UNI_SEPARATING);
    CU_ASSERT_EQUAL(classify(-1, 0.0, 1.0, 0.0, 0.0, &TOL), CCREF_UNI_APPROACHING);
    /* Rope tension 2: lambda = +2 (Rod tension = lambda): -sign*lambda = 2 >= 0: IN_CONTACT.
     * lambda = -2 (compression in a rope): -sign*lambda = -2: PULLING. */
    CU_ASSERT_EQUAL(classify(-1, 0.0, 0.0, 0.0, 2.0, &TOL), CCREF_UNI_IN_CONTACT);
    CU_ASSERT_EQUAL(classify(-1, 0.0, 0.0, 0.0, -2.0, &TOL), CCREF_UNI_PULLING);
    /* aerr = +1: sign*aerr = -1: ACCELERATING_INWARD; aerr = -1 (accelerating apart) with tension 2:
     * NOT_COMPLEMENTARY. */
    CU_ASSERT_EQUAL(classify(-1, 0.0, 0.0, 1.0, 0.0, &TOL), CCREF_UNI_ACCELERATING_INWARD);
    CU_ASSERT_EQUAL(classify(-1, 0.0, 0.0, -1.0, 2.0, &TOL), CCREF_UNI_NOT_COMPLEMENTARY);
    /* Lifting off with zero tension: aerr = -1, lambda = 0: IN_CONTACT. */
    CU_ASSERT_EQUAL(classify(-1, 0.0, 0.0, -1.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
}

/* |x| == tol counts as zero; the next double beyond it does not. Both signs. */
static void test_classify_tolerance_boundaries(void)
{
    for (int sign = 1; sign >= -1; sign -= 2) {
        /* perr: sp = +-0.5 = +-tol_p is "perr ~ 0" -> resting checks -> IN_CONTACT. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.5, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, -0.5, 0.0, 0.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, up(0.5), 0.0, 0.0, 0.0, &TOL), CCREF_UNI_SEPARATED);
        CU_ASSERT_EQUAL(classify_signed(sign, -up(0.5), 0.0, 0.0, 0.0, &TOL), CCREF_UNI_PENETRATING);
        /* perr ~ 0 at its boundary moves on to verr: sp = 0.5, sv = 1 -> SEPARATING. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.5, 1.0, 0.0, 0.0, &TOL), CCREF_UNI_SEPARATING);
        /* verr: sv = +-0.25 = +-tol_v is zero. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.25, 0.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, -0.25, 0.0, 0.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, up(0.25), 0.0, 0.0, &TOL), CCREF_UNI_SEPARATING);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, -up(0.25), 0.0, 0.0, &TOL), CCREF_UNI_APPROACHING);
        /* aerr with a pushing force f = 1 (|lambda| = 1 > tol_l, so complementarity needs |aerr| <= 0.125):
         * sa = -0.125: not inward, |aerr| = tol_a -> IN_CONTACT; sa = -next+(0.125): ACCELERATING_INWARD;
         * sa = +0.125: IN_CONTACT; sa = next+(0.125): NOT_COMPLEMENTARY. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, -0.125, 1.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, -up(0.125), 1.0, &TOL), CCREF_UNI_ACCELERATING_INWARD);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 0.125, 1.0, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, up(0.125), 1.0, &TOL), CCREF_UNI_NOT_COMPLEMENTARY);
        /* lambda with sa = 1 (|aerr| > tol_a, so complementarity needs |lambda| <= 0.0625):
         * f = -0.0625: not pulling, |lambda| = tol_l -> IN_CONTACT; f = -next+(0.0625): PULLING;
         * f = +0.0625: IN_CONTACT; f = next+(0.0625): NOT_COMPLEMENTARY. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, -0.0625, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, -up(0.0625), &TOL), CCREF_UNI_PULLING);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, 0.0625, &TOL), CCREF_UNI_IN_CONTACT);
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, up(0.0625), &TOL), CCREF_UNI_NOT_COMPLEMENTARY);
    }
}

/* Several violations at once: the first one in the examination order is reported (spec section 4.2). */
static void test_classify_order(void)
{
    for (int sign = 1; sign >= -1; sign -= 2) {
        /* Penetrating and approaching, inward, pulling: PENETRATING. */
        CU_ASSERT_EQUAL(classify_signed(sign, -1.0, -1.0, -1.0, -1.0, &TOL), CCREF_UNI_PENETRATING);
        /* Approaching and inward and pulling: APPROACHING. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, -1.0, -1.0, -1.0, &TOL), CCREF_UNI_APPROACHING);
        /* Separating with inward acceleration and pulling force: still SEPARATING (valid). */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 1.0, -1.0, -1.0, &TOL), CCREF_UNI_SEPARATING);
        /* Inward and pulling: ACCELERATING_INWARD. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, -1.0, -1.0, &TOL), CCREF_UNI_ACCELERATING_INWARD);
        /* Inward with a pushing force (|aerr|, |lambda| both beyond tolerance): ACCELERATING_INWARD. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, -1.0, 1.0, &TOL), CCREF_UNI_ACCELERATING_INWARD);
        /* Pulling while accelerating apart (also non-complementary): PULLING. */
        CU_ASSERT_EQUAL(classify_signed(sign, 0.0, 0.0, 1.0, -1.0, &TOL), CCREF_UNI_PULLING);
    }
}

/* Zero tolerances: the exact conditions; the smallest subnormal already counts; -0.0 is zero. */
static void test_classify_zero_tolerance(void)
{
    const double t = DBL_TRUE_MIN; /* 2^-1074 */
    /* All zero: IN_CONTACT for both signs, also with signed zeros. */
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, 0.0, 0.0, &TOL0), CCREF_UNI_IN_CONTACT);
    CU_ASSERT_EQUAL(classify(-1, -0.0, -0.0, -0.0, -0.0, &TOL0), CCREF_UNI_IN_CONTACT);
    /* perr = 2^-1074: sign +1 separated, sign -1 penetrating. */
    CU_ASSERT_EQUAL(classify(1, t, 0.0, 0.0, 0.0, &TOL0), CCREF_UNI_SEPARATED);
    CU_ASSERT_EQUAL(classify(-1, t, 0.0, 0.0, 0.0, &TOL0), CCREF_UNI_PENETRATING);
    /* verr = -2^-1074, sign +1: approaching; sign -1: separating. */
    CU_ASSERT_EQUAL(classify(1, 0.0, -t, 0.0, 0.0, &TOL0), CCREF_UNI_APPROACHING);
    CU_ASSERT_EQUAL(classify(-1, 0.0, -t, 0.0, 0.0, &TOL0), CCREF_UNI_SEPARATING);
    /* lambda = 2^-1074, sign +1: -lambda < 0: PULLING; sign -1: IN_CONTACT. */
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, 0.0, t, &TOL0), CCREF_UNI_PULLING);
    CU_ASSERT_EQUAL(classify(-1, 0.0, 0.0, 0.0, t, &TOL0), CCREF_UNI_IN_CONTACT);
    /* aerr = t, lambda = -t (sign +1): both nonzero, admissible signs: NOT_COMPLEMENTARY; lambda = 0: IN_CONTACT. */
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, t, -t, &TOL0), CCREF_UNI_NOT_COMPLEMENTARY);
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, t, 0.0, &TOL0), CCREF_UNI_IN_CONTACT);
    /* A tolerance of -0.0 is accepted (it is not < 0) and acts as 0. */
    ccref_unilateral_tolerances negzero = {-0.0, -0.0, -0.0, -0.0};
    CU_ASSERT_EQUAL(classify(1, t, 0.0, 0.0, 0.0, &negzero), CCREF_UNI_SEPARATED);
    CU_ASSERT_EQUAL(classify(1, 0.0, 0.0, 0.0, 0.0, &negzero), CCREF_UNI_IN_CONTACT);
}

/* Every bad-input status, the order of the checks, and the zeroed output (SEPARATED = 0). */
static void test_classify_bad_inputs(void)
{
    ccref_unilateral_condition c;
#define CLS(sign, p, v, a, l, tol, expect)                                                     \
    do {                                                                                       \
        c = CCREF_UNI_NOT_COMPLEMENTARY;                                                       \
        CU_ASSERT_EQUAL(ccref_unilateral_classify(sign, p, v, a, l, tol, &c), expect);         \
        CU_ASSERT_EQUAL(c, CCREF_UNI_SEPARATED);                                               \
    } while (0)
    /* NULL: tol NULL still zeroes the output; out NULL writes nothing. */
    CLS(1, 0.0, 0.0, 0.0, 0.0, NULL, CCREF_E_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ccref_unilateral_classify(1, 0.0, 0.0, 0.0, 0.0, &TOL, NULL), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ccref_unilateral_classify(1, 0.0, 0.0, 0.0, 0.0, NULL, NULL), CCREF_E_NULL_ARGUMENT);
    /* Bad signs. */
    CLS(0, 0.0, 0.0, 0.0, 0.0, &TOL, CCREF_E_BAD_SIGN);
    CLS(2, 0.0, 0.0, 0.0, 0.0, &TOL, CCREF_E_BAD_SIGN);
    CLS(-2, 0.0, 0.0, 0.0, 0.0, &TOL, CCREF_E_BAD_SIGN);
    /* Non-finite values, each argument, NaN and both infinities. */
    for (int k = 0; k < CCREF_TEST_NONFINITE_COUNT; k++) {
        CLS(1, ccref_test_nonfinite[k], 0.0, 0.0, 0.0, &TOL, CCREF_E_NONFINITE_INPUT);
        CLS(-1, 0.0, ccref_test_nonfinite[k], 0.0, 0.0, &TOL, CCREF_E_NONFINITE_INPUT);
        CLS(1, 0.0, 0.0, ccref_test_nonfinite[k], 0.0, &TOL, CCREF_E_NONFINITE_INPUT);
        CLS(-1, 0.0, 0.0, 0.0, ccref_test_nonfinite[k], &TOL, CCREF_E_NONFINITE_INPUT);
    }
    /* Tolerances: each field negative, NaN, Inf. */
    for (int field = 0; field < 4; field++) {
        const double vals[4] = {-1.0, -DBL_TRUE_MIN, NAN, INFINITY};
        const ccref_status expect[4] = {CCREF_E_NEGATIVE_TOLERANCE, CCREF_E_NEGATIVE_TOLERANCE,
                                        CCREF_E_NONFINITE_INPUT, CCREF_E_NONFINITE_INPUT};
        for (int k = 0; k < 4; k++) {
            ccref_unilateral_tolerances t = TOL;
            if (field == 0) t.perr = vals[k];
            if (field == 1) t.verr = vals[k];
            if (field == 2) t.aerr = vals[k];
            if (field == 3) t.lambda = vals[k];
            CLS(1, 0.0, 0.0, 0.0, 0.0, &t, expect[k]);
        }
    }
    /* Order: NULL before bad sign; bad sign before NaN; NaN value before a bad tolerance; a non-finite
     * tolerance in a later field before a negative one in an earlier field. */
    CLS(0, NAN, 0.0, 0.0, 0.0, NULL, CCREF_E_NULL_ARGUMENT);
    CLS(2, NAN, 0.0, 0.0, 0.0, &TOL, CCREF_E_BAD_SIGN);
    ccref_unilateral_tolerances neg = {-1.0, 0.0, 0.0, 0.0};
    CLS(1, 0.0, 0.0, 0.0, NAN, &neg, CCREF_E_NONFINITE_INPUT);
    ccref_unilateral_tolerances mixed = {-1.0, 0.0, 0.0, NAN};
    CLS(1, 0.0, 0.0, 0.0, 0.0, &mixed, CCREF_E_NONFINITE_INPUT);
#undef CLS
}

static void test_condition_names(void)
{
    static const char *const names[8] = {"SEPARATED", "PENETRATING", "SEPARATING", "APPROACHING", "IN_CONTACT",
                                         "ACCELERATING_INWARD", "PULLING", "NOT_COMPLEMENTARY"};
    static const int valid[8] = {1, 0, 1, 0, 1, 0, 0, 0};
    CU_ASSERT_EQUAL(CCREF_UNI_CONDITION_COUNT, 8);
    for (int i = 0; i < 8; i++) {
        const char *n = ccref_unilateral_condition_name((ccref_unilateral_condition)i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(n);
        CU_ASSERT_STRING_EQUAL(n, names[i]);
        CU_ASSERT_EQUAL(ccref_unilateral_condition_valid((ccref_unilateral_condition)i), valid[i]);
    }
    CU_ASSERT_PTR_NULL(ccref_unilateral_condition_name(CCREF_UNI_CONDITION_COUNT));
    CU_ASSERT_PTR_NULL(ccref_unilateral_condition_name((ccref_unilateral_condition)100));
    CU_ASSERT_EQUAL(ccref_unilateral_condition_valid(CCREF_UNI_CONDITION_COUNT), 0);
}

/* ============================================================== isProximal */

static int proximal(int sign, double perr, double ptol)
{
    int p = 7;
    CU_ASSERT_EQUAL(ccref_unilateral_is_proximal(sign, perr, ptol, &p), CCREF_OK);
    CU_ASSERT(p == 0 || p == 1);
    return p;
}

static void test_is_proximal(void)
{
    /* sign +1: sign*perr <= ptol. perr = 0.5 = ptol: proximal (<=); next+(0.5): not; penetrating: proximal. */
    CU_ASSERT_EQUAL(proximal(1, 0.5, 0.5), 1);
    CU_ASSERT_EQUAL(proximal(1, up(0.5), 0.5), 0);
    CU_ASSERT_EQUAL(proximal(1, down(0.5), 0.5), 1);
    CU_ASSERT_EQUAL(proximal(1, -3.0, 0.5), 1);
    CU_ASSERT_EQUAL(proximal(1, 3.0, 0.5), 0);
    /* sign -1: perr = -0.5 gives sign*perr = 0.5 = ptol: proximal; perr = -next+(0.5): 0.5+2^-53 > 0.5: not;
     * perr = +3 (past the stop): -3 <= 0.5: proximal; perr = -3: 3 > 0.5: not. */
    CU_ASSERT_EQUAL(proximal(-1, -0.5, 0.5), 1);
    CU_ASSERT_EQUAL(proximal(-1, -up(0.5), 0.5), 0);
    CU_ASSERT_EQUAL(proximal(-1, 3.0, 0.5), 1);
    CU_ASSERT_EQUAL(proximal(-1, -3.0, 0.5), 0);
    /* ptol = 0: perr = 0 proximal; perr = 2^-1074: sign +1 not, sign -1 proximal (-2^-1074 <= 0). */
    CU_ASSERT_EQUAL(proximal(1, 0.0, 0.0), 1);
    CU_ASSERT_EQUAL(proximal(1, DBL_TRUE_MIN, 0.0), 0);
    CU_ASSERT_EQUAL(proximal(-1, DBL_TRUE_MIN, 0.0), 1);
    /* Simbody harness: HardStopUpper (sign -1, perr -0.2) and HardStopLower (sign +1, perr 0.6), tol 0:
     * 0.2 <= 0 and 0.6 <= 0 are false: not proximal. */
    CU_ASSERT_EQUAL(proximal(-1, -0.2, 0.0), 0);
    CU_ASSERT_EQUAL(proximal(1, 0.6, 0.0), 0);
}

static void test_is_proximal_bad_inputs(void)
{
    int p;
#define PRX(sign, perr, ptol, expect)                                                  \
    do {                                                                               \
        p = 7;                                                                         \
        CU_ASSERT_EQUAL(ccref_unilateral_is_proximal(sign, perr, ptol, &p), expect);   \
        CU_ASSERT_EQUAL(p, 0);                                                         \
    } while (0)
    CU_ASSERT_EQUAL(ccref_unilateral_is_proximal(1, 0.0, 0.0, NULL), CCREF_E_NULL_ARGUMENT);
    PRX(0, 0.0, 0.0, CCREF_E_BAD_SIGN);
    PRX(2, 0.0, 0.0, CCREF_E_BAD_SIGN);
    PRX(1, NAN, 0.0, CCREF_E_NONFINITE_INPUT);
    PRX(-1, -INFINITY, 0.0, CCREF_E_NONFINITE_INPUT);
    PRX(1, 0.0, NAN, CCREF_E_NONFINITE_INPUT);
    PRX(1, 0.0, INFINITY, CCREF_E_NONFINITE_INPUT);
    PRX(1, 0.0, -1.0, CCREF_E_NEGATIVE_TOLERANCE);
    PRX(-1, 0.0, -DBL_TRUE_MIN, CCREF_E_NEGATIVE_TOLERANCE);
    /* Order: sign before NaN; NaN perr before negative tolerance. */
    PRX(2, NAN, -1.0, CCREF_E_BAD_SIGN);
    PRX(1, NAN, -1.0, CCREF_E_NONFINITE_INPUT);
    /* -0.0 tolerance accepted: sign*perr = 0 <= -0.0 holds (0 == -0). */
    p = 7;
    CU_ASSERT_EQUAL(ccref_unilateral_is_proximal(1, 0.0, -0.0, &p), CCREF_OK);
    CU_ASSERT_EQUAL(p, 1);
#undef PRX
}

/* ============================================================== COR rule */

static double cor_b(double m, double c, double s, double v, ccref_cor_branch expect_branch)
{
    double cor = 7.0, cor2 = 7.0;
    ccref_cor_branch b = (ccref_cor_branch)99;
    CU_ASSERT_EQUAL(ccref_effective_cor_branch(m, c, s, v, &cor, &b), CCREF_OK);
    CU_ASSERT_EQUAL(b, expect_branch);
    /* The plain function is the same rule without the branch. */
    CU_ASSERT_EQUAL(ccref_effective_cor(m, c, s, v, &cor2), CCREF_OK);
    CU_ASSERT(memcmp(&cor, &cor2, sizeof cor) == 0);
    return cor;
}

/* Simbody's measured table, (min_cor, capture, min_cor_speed) = (0.5, 0.1, 1.0):
 * slope = (1 - 0.5)/1 = 0.5 exactly; 0.5*v is exact; only the last subtraction 1 - 0.5*v can round. */
static void test_cor_simbody_table(void)
{
    const double m = 0.5, c = 0.1, s = 1.0;
    /* At and below the capture speed: 0, CAPTURED. 0.05 < 0.1; next-(0.1) < 0.1; 0.1 <= 0.1. */
    ASSERT_EXACT(cor_b(m, c, s, 0.0, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(m, c, s, 0.05, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(m, c, s, down(0.1), CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(m, c, s, 0.1, CCREF_COR_CAPTURED), 0.0);
    /* Just above: v = next+(0.1). double(0.1) = 0x1.999999999999ap-4 = 0x1999999999999a * 2^-56, spacing 2^-56,
     * so v = 0x1999999999999b * 2^-56 and 0.5 v = 0x1999999999999b * 2^-57 (exact).
     * 1 - 0.5 v = (0x200000000000000 - 0x1999999999999b) * 2^-57 = 0x1e6666666666665 * 2^-57, a 57-bit integer;
     * rounding to 53 bits drops the last hex digit 5 (5/16 < 1/2: down): 0x1e666666666666 * 2^-53
     * = 0x1.e666666666666p-1, which is double(0.95) (0.95 = 0x1.e6666...6p-1 with ...666|6 rounding down).
     * So the jump at the capture speed is to exactly double(0.95). */
    ASSERT_EXACT(cor_b(m, c, s, up(0.1), CCREF_COR_LINEAR), 0x1.e666666666666p-1);
    ASSERT_EXACT(cor_b(m, c, s, up(0.1), CCREF_COR_LINEAR), 0.95);
    /* v = 0.5: 1 - 0.25 = 0.75 exactly. */
    ASSERT_EXACT(cor_b(m, c, s, 0.5, CCREF_COR_LINEAR), 0.75);
    /* v = 0.999: 0.5 v exact; |double(0.999) - 0.999| <= 2^-54 contributes 2^-55; 1 - 0.5 v in [0.5, 1) rounds
     * by <= 2^-54; the literal 0.5005 is off by <= 2^-54. Total <= 5 * 2^-55 = 1.25 u. */
    ASSERT_NEAR(cor_b(m, c, s, 0.999, CCREF_COR_LINEAR), 0.5005, 1.25 * U);
    /* Just below the minCOR speed: v = 1 - 2^-53, 0.5 v = 0.5 - 2^-54 (exact), 1 - 0.5 v = 0.5 + 2^-54: halfway
     * between 0.5 and 0.5 + 2^-53; ties to even -> 0.5. Same value as the MINIMUM branch, different branch. */
    ASSERT_EXACT(cor_b(m, c, s, down(1.0), CCREF_COR_LINEAR), 0.5);
    /* At and above: min_cor, MINIMUM. */
    ASSERT_EXACT(cor_b(m, c, s, 1.0, CCREF_COR_MINIMUM), 0.5);
    ASSERT_EXACT(cor_b(m, c, s, up(1.0), CCREF_COR_MINIMUM), 0.5);
    ASSERT_EXACT(cor_b(m, c, s, 2.0, CCREF_COR_MINIMUM), 0.5);
}

/* An all-dyadic example, (0.25, 0.25, 2): slope = 0.75/2 = 0.375 exactly (1 - 0.25 = 0.75 exact). */
static void test_cor_branch_points(void)
{
    const double m = 0.25, c = 0.25, s = 2.0;
    /* Capture speed: next-(0.25) and 0.25 -> 0 CAPTURED. */
    ASSERT_EXACT(cor_b(m, c, s, down(0.25), CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(m, c, s, 0.25, CCREF_COR_CAPTURED), 0.0);
    /* next+(0.25) = 0.25 + 2^-54: exact product 0.375*0.25 + 0.375*2^-54 = 0.09375 + 1.5*2^-56, rounded to a
     * double p in [0.09375 + 2^-56, 0.09375 + 2^-55] (spacing 2^-56 there); 1 - p lies within 2^-55 of 0.90625,
     * less than half the spacing 2^-53 of [0.5, 1), so the result is 0.90625 = 1 - (1 - 0.25)*0.25/2: the jump. */
    ASSERT_EXACT(cor_b(m, c, s, up(0.25), CCREF_COR_LINEAR), 0.90625);
    /* Interior: v = 1 -> 1 - 0.375 = 0.625 exactly. */
    ASSERT_EXACT(cor_b(m, c, s, 1.0, CCREF_COR_LINEAR), 0.625);
    /* next-(2) = 2 - 2^-52: product 0.75 - 0.375*2^-52 = 0.75 - 0.75*2^-53; spacing in [0.5, 1) is 2^-53, so it
     * rounds to 0.75 - 2^-53 (0.25 spacing away vs 0.75). 1 - (0.75 - 2^-53) = 0.25 + 2^-53 exactly (Sterbenz),
     * representable (spacing 2^-54 at 0.25). Just above min_cor: the line has not quite reached it. */
    ASSERT_EXACT(cor_b(m, c, s, down(2.0), CCREF_COR_LINEAR), 0.25 + 0x1p-53);
    /* At and above the minCOR speed: 0.25, MINIMUM. */
    ASSERT_EXACT(cor_b(m, c, s, 2.0, CCREF_COR_MINIMUM), 0.25);
    ASSERT_EXACT(cor_b(m, c, s, up(2.0), CCREF_COR_MINIMUM), 0.25);
}

static void test_cor_degenerate(void)
{
    const double t = DBL_TRUE_MIN;
    /* capture == minCOR speed = 0.5: no linear branch; 0 up to 0.5, min_cor above. */
    ASSERT_EXACT(cor_b(0.25, 0.5, 0.5, down(0.5), CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(0.25, 0.5, 0.5, 0.5, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(0.25, 0.5, 0.5, up(0.5), CCREF_COR_MINIMUM), 0.25);
    /* Both speeds zero: v = 0 and v = -0.0 captured; any v > 0 gets min_cor. */
    ASSERT_EXACT(cor_b(0.25, 0.0, 0.0, 0.0, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(0.25, 0.0, 0.0, -0.0, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(0.25, 0.0, 0.0, t, CCREF_COR_MINIMUM), 0.25);
    ASSERT_EXACT(cor_b(0.25, 0.0, 0.0, 3.0, CCREF_COR_MINIMUM), 0.25);
    /* Capture speed 0, (0.5, 0, 1): v = 2^-1074 -> 0.5*2^-1074 = 2^-1075 rounds (tie, to even) to 0, COR = 1:
     * the line's value at v -> 0+. */
    ASSERT_EXACT(cor_b(0.5, 0.0, 1.0, 0.0, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(0.5, 0.0, 1.0, t, CCREF_COR_LINEAR), 1.0);
    /* min_cor = 0, (0, 0.5, 2): slope 1/2.
     * v = next+(0.5) = 0.5 + 2^-53: 0.5 v = 0.25 + 2^-54 exact; 1 - that = 0.75 - 2^-54 is halfway between
     * 0.75 - 2^-53 (odd last bit) and 0.75 (even): 0.75.
     * v = 1: 1 - 0.5 = 0.5. v = next-(2) = 2 - 2^-52: 0.5 v = 1 - 2^-53, 1 - that = 2^-53 exactly. v = 2: 0. */
    ASSERT_EXACT(cor_b(0.0, 0.5, 2.0, 0.5, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(0.0, 0.5, 2.0, up(0.5), CCREF_COR_LINEAR), 0.75);
    ASSERT_EXACT(cor_b(0.0, 0.5, 2.0, 1.0, CCREF_COR_LINEAR), 0.5);
    ASSERT_EXACT(cor_b(0.0, 0.5, 2.0, down(2.0), CCREF_COR_LINEAR), 0x1p-53);
    ASSERT_EXACT(cor_b(0.0, 0.5, 2.0, 2.0, CCREF_COR_MINIMUM), 0.0);
    /* min_cor = 1, (1, 0.5, 2): slope 0/2 = 0, linear branch exactly 1; jump 0 -> 1 at the capture speed. */
    ASSERT_EXACT(cor_b(1.0, 0.5, 2.0, 0.5, CCREF_COR_CAPTURED), 0.0);
    ASSERT_EXACT(cor_b(1.0, 0.5, 2.0, up(0.5), CCREF_COR_LINEAR), 1.0);
    ASSERT_EXACT(cor_b(1.0, 0.5, 2.0, down(2.0), CCREF_COR_LINEAR), 1.0);
    ASSERT_EXACT(cor_b(1.0, 0.5, 2.0, 2.0, CCREF_COR_MINIMUM), 1.0);
    /* min_cor = -0.0 is in range and comes back bitwise from the MINIMUM branch. */
    double cor = 7.0;
    CU_ASSERT_EQUAL(ccref_effective_cor(-0.0, 0.5, 2.0, 3.0, &cor), CCREF_OK);
    ASSERT_EXACT(cor, 0.0);
    CU_ASSERT(signbit(cor) != 0);
    /* The capture branch returns +0. */
    CU_ASSERT_EQUAL(ccref_effective_cor(0.5, 0.5, 2.0, 0.25, &cor), CCREF_OK);
    CU_ASSERT(signbit(cor) == 0);
    /* A NULL branch pointer is allowed. */
    CU_ASSERT_EQUAL(ccref_effective_cor_branch(0.5, 0.1, 1.0, 0.5, &cor, NULL), CCREF_OK);
    ASSERT_EXACT(cor, 0.75);
}

/* Subnormal min_cor_speed: the slope (1 - m)/s overflows, the exact value does not (spec section 6.4). */
static void test_cor_overflow(void)
{
    double cor;
    ccref_cor_branch b;
    /* (0.5, 0, 2^-1073, 2^-1074): slope = 0.5 * 2^1073 = 2^1072 > DBL_MAX -> Inf; Inf * 2^-1074 = Inf;
     * 1 - Inf = -Inf: E_RESULT_OVERFLOW, outputs zeroed. */
    cor = 7.0;
    b = CCREF_COR_MINIMUM;
    CU_ASSERT_EQUAL(ccref_effective_cor_branch(0.5, 0.0, 0x1p-1073, 0x1p-1074, &cor, &b), CCREF_E_RESULT_OVERFLOW);
    ASSERT_EXACT(cor, 0.0);
    CU_ASSERT_EQUAL(b, CCREF_COR_CAPTURED);
    CU_ASSERT_EQUAL(ccref_effective_cor(0.5, 0.0, 0x1p-1073, 0x1p-1074, &cor), CCREF_E_RESULT_OVERFLOW);
    /* Not every subnormal speed overflows: s = 2^-1023: slope = 0.5 * 2^1023 = 2^1022 (finite);
     * slope * 2^-1074 = 2^-52; COR = 1 - 2^-52 exactly. */
    ASSERT_EXACT(cor_b(0.5, 0.0, 0x1p-1023, 0x1p-1074, CCREF_COR_LINEAR), 1.0 - 0x1p-52);
    /* min_cor = 1: slope = 0/s = 0 for any s: COR = 1. */
    ASSERT_EXACT(cor_b(1.0, 0.0, 0x1p-1073, 0x1p-1074, CCREF_COR_LINEAR), 1.0);
}

static void test_cor_domain(void)
{
    double cor;
    ccref_cor_branch b;
#define COR(m, c, s, v, expect)                                                              \
    do {                                                                                     \
        cor = 7.0;                                                                           \
        b = CCREF_COR_MINIMUM;                                                               \
        CU_ASSERT_EQUAL(ccref_effective_cor_branch(m, c, s, v, &cor, &b), expect);           \
        ASSERT_EXACT(cor, 0.0);                                                              \
        CU_ASSERT_EQUAL(b, CCREF_COR_CAPTURED);                                              \
    } while (0)
    /* NULL cor: status, and the branch output is still zeroed. */
    b = CCREF_COR_MINIMUM;
    CU_ASSERT_EQUAL(ccref_effective_cor_branch(0.5, 0.1, 1.0, 0.5, NULL, &b), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(b, CCREF_COR_CAPTURED);
    CU_ASSERT_EQUAL(ccref_effective_cor(0.5, 0.1, 1.0, 0.5, NULL), CCREF_E_NULL_ARGUMENT);
    /* Non-finite, each argument. */
    for (int k = 0; k < CCREF_TEST_NONFINITE_COUNT; k++) {
        COR(ccref_test_nonfinite[k], 0.1, 1.0, 0.5, CCREF_E_NONFINITE_INPUT);
        COR(0.5, ccref_test_nonfinite[k], 1.0, 0.5, CCREF_E_NONFINITE_INPUT);
        COR(0.5, 0.1, ccref_test_nonfinite[k], 0.5, CCREF_E_NONFINITE_INPUT);
        COR(0.5, 0.1, 1.0, ccref_test_nonfinite[k], CCREF_E_NONFINITE_INPUT);
    }
    /* min_cor outside [0, 1]: the nearest doubles outside, and far. */
    COR(-DBL_TRUE_MIN, 0.1, 1.0, 0.5, CCREF_E_COR_OUT_OF_RANGE);
    COR(up(1.0), 0.1, 1.0, 0.5, CCREF_E_COR_OUT_OF_RANGE);
    COR(-1.0, 0.1, 1.0, 0.5, CCREF_E_COR_OUT_OF_RANGE);
    COR(2.0, 0.1, 1.0, 0.5, CCREF_E_COR_OUT_OF_RANGE);
    /* Negative speeds, each. */
    COR(0.5, -DBL_TRUE_MIN, 1.0, 0.5, CCREF_E_NEGATIVE_SPEED);
    COR(0.5, 0.0, -1.0, 0.5, CCREF_E_NEGATIVE_SPEED);
    COR(0.5, 0.1, 1.0, -1e-300, CCREF_E_NEGATIVE_SPEED);
    /* Speed order: capture > min_cor_speed, by one ulp and by a lot. */
    COR(0.5, up(1.0), 1.0, 0.5, CCREF_E_SPEED_ORDER);
    COR(0.5, 1.0, 0.5, 0.25, CCREF_E_SPEED_ORDER);
    /* Order of the checks: NaN before range; range before negative speed; negative speed before order. */
    COR(2.0, 0.1, 1.0, NAN, CCREF_E_NONFINITE_INPUT);
    COR(2.0, -1.0, 1.0, 0.5, CCREF_E_COR_OUT_OF_RANGE);
    COR(0.5, 2.0, -1.0, 0.5, CCREF_E_NEGATIVE_SPEED);
    COR(0.5, 2.0, 1.0, -1.0, CCREF_E_NEGATIVE_SPEED);
#undef COR
    /* Boundaries of the domain are valid: min_cor 0 and 1, zero speeds, capture == min_cor_speed. */
    cor = 7.0;
    CU_ASSERT_EQUAL(ccref_effective_cor(0.0, 0.0, 0.0, 0.0, &cor), CCREF_OK);
    ASSERT_EXACT(cor, 0.0);
    CU_ASSERT_EQUAL(ccref_effective_cor(1.0, 1.0, 1.0, 1.0, &cor), CCREF_OK);
    ASSERT_EXACT(cor, 0.0);
    CU_ASSERT_EQUAL(ccref_effective_cor(1.0, -0.0, -0.0, 1.0, &cor), CCREF_OK);
    ASSERT_EXACT(cor, 1.0);
}

/* ============================================================== COF rule */

static double cof_b(double ms, double md, double mv, double ts, double v, ccref_cof_branch expect_branch)
{
    double mu = 7.0, mu2 = 7.0;
    ccref_cof_branch b = (ccref_cof_branch)99;
    CU_ASSERT_EQUAL(ccref_effective_cof_branch(ms, md, mv, ts, v, &mu, &b), CCREF_OK);
    CU_ASSERT_EQUAL(b, expect_branch);
    CU_ASSERT_EQUAL(ccref_effective_cof(ms, md, mv, ts, v, &mu2), CCREF_OK);
    CU_ASSERT(memcmp(&mu, &mu2, sizeof mu) == 0);
    return mu;
}

/* All-dyadic example (mu_s, mu_d, mu_v, transition) = (0.75, 0.5, 0.25, 0.5). */
static void test_cof_branch_points(void)
{
    const double ms = 0.75, md = 0.5, mv = 0.25, ts = 0.5;
    /* v = 0: 0 + 0.75. */
    ASSERT_EXACT(cof_b(ms, md, mv, ts, 0.0, CCREF_COF_STATIC), 0.75);
    /* v = next-(0.5) = 0.5 - 2^-54: 0.25 v = 0.125 - 2^-56 (exact); 0.875 - 2^-56 is a quarter of the spacing
     * 2^-53 below 0.875: rounds to 0.875. STATIC. */
    ASSERT_EXACT(cof_b(ms, md, mv, ts, down(0.5), CCREF_COF_STATIC), 0.875);
    /* v = 0.5 = transition: "<=" -> static: 0.125 + 0.75 = 0.875. */
    ASSERT_EXACT(cof_b(ms, md, mv, ts, 0.5, CCREF_COF_STATIC), 0.875);
    /* v = next+(0.5) = 0.5 + 2^-53: 0.25 v = 0.125 + 2^-55 (exact); + 0.5 = 0.625 + 2^-55, a quarter spacing
     * above 0.625: rounds to 0.625. DYNAMIC: the step drops by mu_s - mu_d = 0.25. */
    ASSERT_EXACT(cof_b(ms, md, mv, ts, up(0.5), CCREF_COF_DYNAMIC), 0.625);
    /* v = 4: viscous 1, + 0.5 = 1.5. */
    ASSERT_EXACT(cof_b(ms, md, mv, ts, 4.0, CCREF_COF_DYNAMIC), 1.5);
}

/* Simbody's measured table (0.8, 0.6, 0.1, 0.01, v). Tolerance: with |double(x) - x| <= u|x| for the decimal
 * inputs (<= u/2 absolute for 0.8, 0.6 and results in [0.5, 1)), the viscous term ~0.001 carries <= 2.01u * 0.001,
 * the two roundings of the rule at most gamma_2 * mu <= 2.0001u * mu (spec section 10), and the decimal literal
 * compared with another u/2: for mu <= 0.801, u/2 + 0.003u + 1.61u + u/2 < 3u = 3.3e-16. */
static void test_cof_simbody_table(void)
{
    const double ms = 0.8, md = 0.6, mv = 0.1, ts = 0.01;
    /* v = 0: 0.1*0 = 0, 0 + double(0.8) = double(0.8) exactly. */
    ASSERT_EXACT(cof_b(ms, md, mv, ts, 0.0, CCREF_COF_STATIC), 0.8);
    /* Just below and at the transition: 0.8 + 0.1*0.01 = 0.801, static. (next-(0.01) moves the viscous term by
     * 0.1 * 2^-59 (the spacing at 0.01), negligible.) */
    ASSERT_NEAR(cof_b(ms, md, mv, ts, down(0.01), CCREF_COF_STATIC), 0.801, 3 * U);
    ASSERT_NEAR(cof_b(ms, md, mv, ts, 0.01, CCREF_COF_STATIC), 0.801, 3 * U);
    /* Just above: 0.6 + 0.001 = 0.601, dynamic (Simbody measured 0.0100001 -> 0.601). */
    ASSERT_NEAR(cof_b(ms, md, mv, ts, up(0.01), CCREF_COF_DYNAMIC), 0.601, 3 * U);
    ASSERT_NEAR(cof_b(ms, md, mv, ts, 0.0100001, CCREF_COF_DYNAMIC), 0.60100001, 3 * U);
    /* v = 1: 0.1 + 0.6 = 0.7 (errors: 0.1u + u/2 + gamma_2 * 0.7 + u/2 < 2.6u). */
    ASSERT_NEAR(cof_b(ms, md, mv, ts, 1.0, CCREF_COF_DYNAMIC), 0.7, 3 * U);
}

static void test_cof_degenerate(void)
{
    /* mu_d == mu_s = 0.5, no viscous term: the value is continuous, the branch still switches at ts = 1. */
    ASSERT_EXACT(cof_b(0.5, 0.5, 0.0, 1.0, down(1.0), CCREF_COF_STATIC), 0.5);
    ASSERT_EXACT(cof_b(0.5, 0.5, 0.0, 1.0, 1.0, CCREF_COF_STATIC), 0.5);
    ASSERT_EXACT(cof_b(0.5, 0.5, 0.0, 1.0, up(1.0), CCREF_COF_DYNAMIC), 0.5);
    /* Transition speed 0 (Simbody's default): only slip 0 (or -0.0) is static; 2^-1074 is dynamic. */
    ASSERT_EXACT(cof_b(0.75, 0.5, 0.0, 0.0, 0.0, CCREF_COF_STATIC), 0.75);
    ASSERT_EXACT(cof_b(0.75, 0.5, 0.0, 0.0, -0.0, CCREF_COF_STATIC), 0.75);
    ASSERT_EXACT(cof_b(0.75, 0.5, 0.0, 0.0, DBL_TRUE_MIN, CCREF_COF_DYNAMIC), 0.5);
    /* Pure viscous: (0, 0, 2, 0, 3) -> 6; all zero -> 0 static. */
    ASSERT_EXACT(cof_b(0.0, 0.0, 2.0, 0.0, 3.0, CCREF_COF_DYNAMIC), 6.0);
    ASSERT_EXACT(cof_b(0.0, 0.0, 0.0, 0.0, 0.0, CCREF_COF_STATIC), 0.0);
    /* Large but finite: mu_s = DBL_MAX, slip in the static range: DBL_MAX. */
    ASSERT_EXACT(cof_b(DBL_MAX, 0.0, 0.0, 1.0, 0.5, CCREF_COF_STATIC), DBL_MAX);
    /* NULL branch pointer allowed. */
    double mu = 7.0;
    CU_ASSERT_EQUAL(ccref_effective_cof_branch(0.75, 0.5, 0.25, 0.5, 4.0, &mu, NULL), CCREF_OK);
    ASSERT_EXACT(mu, 1.5);
}

static void test_cof_overflow(void)
{
    double mu;
    ccref_cof_branch b;
    /* mu_v * slip = 1e300 * 1e300 = Inf. */
    mu = 7.0;
    b = CCREF_COF_DYNAMIC;
    CU_ASSERT_EQUAL(ccref_effective_cof_branch(1.0, 1.0, 1e300, 0.0, 1e300, &mu, &b), CCREF_E_RESULT_OVERFLOW);
    ASSERT_EXACT(mu, 0.0);
    CU_ASSERT_EQUAL(b, CCREF_COF_STATIC);
    /* The sum overflows: DBL_MAX * 1 + DBL_MAX = Inf (static branch, slip 1 <= ts 2). */
    mu = 7.0;
    b = CCREF_COF_DYNAMIC;
    CU_ASSERT_EQUAL(ccref_effective_cof_branch(DBL_MAX, 0.0, DBL_MAX, 2.0, 1.0, &mu, &b), CCREF_E_RESULT_OVERFLOW);
    ASSERT_EXACT(mu, 0.0);
    CU_ASSERT_EQUAL(b, CCREF_COF_STATIC);
    CU_ASSERT_EQUAL(ccref_effective_cof(DBL_MAX, 0.0, DBL_MAX, 2.0, 1.0, &mu), CCREF_E_RESULT_OVERFLOW);
    ASSERT_EXACT(mu, 0.0);
}

static void test_cof_domain(void)
{
    double mu;
    ccref_cof_branch b;
#define COF(ms, md, mv, ts, v, expect)                                                       \
    do {                                                                                     \
        mu = 7.0;                                                                            \
        b = CCREF_COF_DYNAMIC;                                                               \
        CU_ASSERT_EQUAL(ccref_effective_cof_branch(ms, md, mv, ts, v, &mu, &b), expect);     \
        ASSERT_EXACT(mu, 0.0);                                                               \
        CU_ASSERT_EQUAL(b, CCREF_COF_STATIC);                                                \
    } while (0)
    b = CCREF_COF_DYNAMIC;
    CU_ASSERT_EQUAL(ccref_effective_cof_branch(0.75, 0.5, 0.25, 0.5, 1.0, NULL, &b), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(b, CCREF_COF_STATIC);
    CU_ASSERT_EQUAL(ccref_effective_cof(0.75, 0.5, 0.25, 0.5, 1.0, NULL), CCREF_E_NULL_ARGUMENT);
    for (int k = 0; k < CCREF_TEST_NONFINITE_COUNT; k++) {
        COF(ccref_test_nonfinite[k], 0.5, 0.25, 0.5, 1.0, CCREF_E_NONFINITE_INPUT);
        COF(0.75, ccref_test_nonfinite[k], 0.25, 0.5, 1.0, CCREF_E_NONFINITE_INPUT);
        COF(0.75, 0.5, ccref_test_nonfinite[k], 0.5, 1.0, CCREF_E_NONFINITE_INPUT);
        COF(0.75, 0.5, 0.25, ccref_test_nonfinite[k], 1.0, CCREF_E_NONFINITE_INPUT);
        COF(0.75, 0.5, 0.25, 0.5, ccref_test_nonfinite[k], CCREF_E_NONFINITE_INPUT);
    }
    /* Negative coefficients, each (mu_s negative with mu_d negative too, to keep the order valid). */
    COF(-DBL_TRUE_MIN, -1.0, 0.25, 0.5, 1.0, CCREF_E_NEGATIVE_FRICTION);
    COF(0.75, -DBL_TRUE_MIN, 0.25, 0.5, 1.0, CCREF_E_NEGATIVE_FRICTION);
    COF(0.75, 0.5, -1.0, 0.5, 1.0, CCREF_E_NEGATIVE_FRICTION);
    /* mu_d > mu_s by one ulp. */
    COF(0.75, up(0.75), 0.25, 0.5, 1.0, CCREF_E_FRICTION_ORDER);
    /* Negative speeds, each. */
    COF(0.75, 0.5, 0.25, -1.0, 1.0, CCREF_E_NEGATIVE_SPEED);
    COF(0.75, 0.5, 0.25, 0.5, -DBL_TRUE_MIN, CCREF_E_NEGATIVE_SPEED);
    /* Order: NaN first; negative coefficient before friction order (mu_s = -1 < mu_d = 0);
     * friction order before negative speed. */
    COF(-1.0, 0.5, 0.25, -1.0, NAN, CCREF_E_NONFINITE_INPUT);
    COF(-1.0, 0.0, 0.25, 0.5, 1.0, CCREF_E_NEGATIVE_FRICTION);
    COF(0.0, 0.5, -1.0, -1.0, -1.0, CCREF_E_NEGATIVE_FRICTION);
    COF(0.5, 0.75, 0.25, -1.0, -1.0, CCREF_E_FRICTION_ORDER);
#undef COF
    /* -0.0 passes every check. */
    mu = 7.0;
    CU_ASSERT_EQUAL(ccref_effective_cof(-0.0, -0.0, -0.0, -0.0, -0.0, &mu), CCREF_OK);
    ASSERT_EXACT(mu, 0.0);
}

static void register_unilateral(CU_pSuite s)
{
    CU_add_test(s, "classify: eight outcomes, both signs", test_classify_eight_outcomes);
    CU_add_test(s, "classify: physical meaning of each sign", test_classify_sign_meaning);
    CU_add_test(s, "classify: tolerance boundaries", test_classify_tolerance_boundaries);
    CU_add_test(s, "classify: order of examination", test_classify_order);
    CU_add_test(s, "classify: zero tolerances", test_classify_zero_tolerance);
    CU_add_test(s, "classify: bad inputs and check order", test_classify_bad_inputs);
    CU_add_test(s, "condition names and validity", test_condition_names);
    CU_add_test(s, "isProximal", test_is_proximal);
    CU_add_test(s, "isProximal: bad inputs", test_is_proximal_bad_inputs);
    CU_add_test(s, "COR: Simbody table (0.5, 0.1, 1)", test_cor_simbody_table);
    CU_add_test(s, "COR: both sides of each branch point", test_cor_branch_points);
    CU_add_test(s, "COR: degenerate domains", test_cor_degenerate);
    CU_add_test(s, "COR: subnormal min_cor_speed overflow", test_cor_overflow);
    CU_add_test(s, "COR: domain checks and order", test_cor_domain);
    CU_add_test(s, "COF: both sides of the transition", test_cof_branch_points);
    CU_add_test(s, "COF: Simbody table (0.8, 0.6, 0.1, 0.01)", test_cof_simbody_table);
    CU_add_test(s, "COF: degenerate domains", test_cof_degenerate);
    CU_add_test(s, "COF: overflow", test_cof_overflow);
    CU_add_test(s, "COF: domain checks and order", test_cof_domain);
}

CCREF_TEST_SUITE("unilateral rules", register_unilateral)
