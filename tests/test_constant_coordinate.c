/* test_constant_coordinate.c: Constraint::ConstantCoordinate kernel (src/constant_coordinate.c).
 * Spec: spec/constant_coordinate.md. All expected values are exact in binary (halves and small integers). */
#include "testlib.h"

static void assert_zeroed(const ccref_constant_coordinate_result *r)
{
    ccref_test_assert_output_zero(&r->out, 1, 0);
    ASSERT_EXACT(r->generalized_force, 0.0);
}

/* q = 1.5, qdot = -2, qdotdot = 0.25, position = 1, lambda = 3:
 *   perr = 1.5 - 1 = 0.5 (q above the held value -> positive), verr = qdot = -2, aerr = qdotdot = 0.25,
 *   generalized_force = lambda = 3 (q-space, multiplier sign), body forces zero, no deviation flag. */
static void test_cc_basic(void)
{
    ccref_constant_coordinate_params prm = {1.0};
    ccref_coordinate q = {1.5, -2.0, 0.25};
    double lambda = 3.0;
    ccref_constant_coordinate_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, &r), CCREF_OK);
    CU_ASSERT_EQUAL(r.out.mp, 1);
    CU_ASSERT_EQUAL(r.out.mv, 0);
    ASSERT_EXACT(r.out.perr[0], 0.5);
    ASSERT_EXACT(r.out.verr[0], -2.0);
    ASSERT_EXACT(r.out.aerr[0], 0.25);
    ASSERT_EXACT(r.generalized_force, 3.0);
    ccref_test_assert_forces_zero(&r.out);
    CU_ASSERT_EQUAL(r.out.deviations, 0u);
    /* Unused rows stay zero. */
    ASSERT_EXACT(r.out.perr[1], 0.0);
    ASSERT_EXACT(r.out.verr[1], 0.0);
    ASSERT_EXACT(r.out.aerr[2], 0.0);
}

/* Sign convention: q below the held value gives perr < 0: q = -0.5, position = 0.25 -> perr = -0.75.
 * A negative multiplier is passed through: lambda = -4 -> generalized_force = -4. */
static void test_cc_sign(void)
{
    ccref_constant_coordinate_params prm = {0.25};
    ccref_coordinate q = {-0.5, 0.0, 0.0};
    double lambda = -4.0;
    ccref_constant_coordinate_result r;
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], -0.75);
    ASSERT_EXACT(r.out.verr[0], 0.0);
    ASSERT_EXACT(r.out.aerr[0], 0.0);
    ASSERT_EXACT(r.generalized_force, -4.0);
}

/* Hard stop example (HardStopUpper(q, 0.9) in the Simbody harness): q = 0.7, position 0.9:
 * perr = 0.7 - 0.9 = -0.2 up to the representation of the decimal inputs: double(0.7) - double(0.9) is exact
 * (Sterbenz: 0.45 <= 0.7 <= 1.8), so the error is |double(0.7) - 0.7| + |double(0.9) - 0.9| + |double(0.2) - 0.2|
 * <= 5.6e-17 + 5.6e-17 + 1.4e-17 < 1.3e-16. */
static void test_cc_decimal(void)
{
    ccref_constant_coordinate_params prm = {0.9};
    ccref_coordinate q = {0.7, 0.0, 0.0};
    double lambda = 0.0;
    ccref_constant_coordinate_result r;
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, &r), CCREF_OK);
    ASSERT_NEAR(r.out.perr[0], -0.2, 1.3e-16);
}

static void test_cc_null_arguments(void)
{
    ccref_constant_coordinate_params prm = {1.0};
    ccref_coordinate q = {1.5, -2.0, 0.25};
    double lambda = 3.0;
    ccref_constant_coordinate_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(NULL, &q, &lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, NULL, &lambda, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, NULL, 1, &r), CCREF_E_NULL_ARGUMENT);
    assert_zeroed(&r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, NULL), CCREF_E_NULL_ARGUMENT);
}

static void test_cc_lambda_checks(void)
{
    ccref_constant_coordinate_params prm = {1.0};
    ccref_coordinate q = {1.5, -2.0, 0.25};
    double lambda[2] = {3.0, 4.0};
    ccref_constant_coordinate_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, lambda, 0, &r), CCREF_E_LAMBDA_COUNT);
    assert_zeroed(&r);
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, lambda, 2, &r), CCREF_E_LAMBDA_COUNT);
    assert_zeroed(&r);
    lambda[0] = NAN;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, lambda, 1, &r), CCREF_E_NONFINITE_INPUT);
    assert_zeroed(&r);
    lambda[0] = -INFINITY;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, lambda, 1, &r), CCREF_E_NONFINITE_INPUT);
    assert_zeroed(&r);
    /* Count before finiteness, and before non-finite coordinates. */
    q.q = NAN;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, lambda, 2, &r), CCREF_E_LAMBDA_COUNT);
    assert_zeroed(&r);
}

static void test_cc_nonfinite_inputs(void)
{
    ccref_constant_coordinate_params prm = {1.0};
    double lambda = 3.0;
    ccref_constant_coordinate_result r;
    for (int k = 0; k < CCREF_TEST_NONFINITE_COUNT; k++) {
        for (int field = 0; field < 4; field++) {
            ccref_coordinate q = {1.5, -2.0, 0.25};
            prm.position = 1.0;
            if (field == 0) q.q = ccref_test_nonfinite[k];
            if (field == 1) q.qdot = ccref_test_nonfinite[k];
            if (field == 2) q.qdotdot = ccref_test_nonfinite[k];
            if (field == 3) prm.position = ccref_test_nonfinite[k];
            ccref_test_poison(&r, sizeof r);
            CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, &r), CCREF_E_NONFINITE_INPUT);
            assert_zeroed(&r);
        }
    }
}

/* Huge finite inputs: q = 1e308, position = -1e308 -> perr = 2e308 = Inf -> E_RESULT_OVERFLOW, zeroed.
 * q = 1e300, position = -1e300 is still finite (2e300): accepted. */
static void test_cc_overflow(void)
{
    ccref_constant_coordinate_params prm = {-1e308};
    ccref_coordinate q = {1e308, 0.0, 0.0};
    double lambda = 1.0;
    ccref_constant_coordinate_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, &r), CCREF_E_RESULT_OVERFLOW);
    assert_zeroed(&r);
    prm.position = -1e300;
    q.q = 1e300;
    CU_ASSERT_EQUAL(ccref_constant_coordinate_eval(&prm, &q, &lambda, 1, &r), CCREF_OK);
    ASSERT_EXACT(r.out.perr[0], 1e300 + 1e300);
}


/* The flat outputs after the common ones (spec/vectors.md section 8), stated from the result struct. */
void constant_coordinate_expected_aux(const ccref_result *r, ccref_expected_aux *e)
{
    ccref_expect_aux(e, "generalized_force", r->u.constant_coordinate.generalized_force);
}

static void register_constant_coordinate(CU_pSuite s)
{
    CU_add_test(s, "basic rows and q-force", test_cc_basic);
    CU_add_test(s, "sign convention", test_cc_sign);
    CU_add_test(s, "decimal inputs", test_cc_decimal);
    CU_add_test(s, "NULL arguments", test_cc_null_arguments);
    CU_add_test(s, "lambda count and finiteness", test_cc_lambda_checks);
    CU_add_test(s, "non-finite inputs", test_cc_nonfinite_inputs);
    CU_add_test(s, "result overflow", test_cc_overflow);
}

CCREF_TEST_SUITE("constant_coordinate", register_constant_coordinate)
