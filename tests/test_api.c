/* test_api.c: the library's entry points outside the kernels: the floating-point self-check of the build, the
 * version, and the dispatch's answers to a NULL case or an unknown kind (every byte of the result zero). */
#include <fenv.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "testlib.h"
#include "../src/ccref_version.h"

/* Fails on a build that contracts a*b + c to an FMA, keeps double intermediates wider, or runs with another
 * rounding mode: the kernels' bounds and their agreement with Simbody assume none of these (src/version.c). */
static void test_fp_check(void)
{
    CU_ASSERT_EQUAL(ccref_fp_check(), 0);
    /* the check does look: a changed rounding mode is reported, and only that */
    CU_ASSERT_EQUAL_FATAL(fesetround(FE_UPWARD), 0);
    const int faults = ccref_fp_check();
    fesetround(FE_TONEAREST);
    CU_ASSERT_EQUAL(faults, CCREF_FP_ROUNDING_MODE);
#if defined(__x86_64__) || defined(__i386__)
    /* flush-to-zero and denormals-are-zero (MXCSR bits 15 and 6), as crtfastmath.o sets them: reported, and only that */
    const unsigned int csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040u);
    const int flushed = ccref_fp_check();
    _mm_setcsr(csr);
    CU_ASSERT_EQUAL(flushed, CCREF_FP_FLUSH_TO_ZERO);
    _mm_setcsr(csr | 0x8000u); /* FTZ alone */
    const int ftz = ccref_fp_check();
    _mm_setcsr(csr);
    CU_ASSERT_EQUAL(ftz, CCREF_FP_FLUSH_TO_ZERO);
#endif
}

static void test_version(void)
{
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", CCREF_VERSION_MAJOR, CCREF_VERSION_MINOR, CCREF_VERSION_PATCH);
    CU_ASSERT_STRING_EQUAL(ccref_version(), expected);
    CU_ASSERT_STRING_EQUAL(CCREF_VERSION_STRING, expected);
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

static void test_eval_null_and_unknown_kind(void)
{
    ccref_result r;
    ccref_test_poison(&r, sizeof r);
    CU_ASSERT_EQUAL(ccref_eval(NULL, &r), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT(all_zero(&r, sizeof r));

    ccref_case c;
    memset(&c, 0, sizeof c);
    const ccref_kind bad[] = {CCREF_KIND_COUNT, (ccref_kind)-1, (ccref_kind)1000};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.kind = bad[i];
        ccref_test_poison(&r, sizeof r);
        CU_ASSERT_EQUAL(ccref_eval(&c, &r), CCREF_E_UNKNOWN_KIND);
        CU_ASSERT_EQUAL(r.kind, bad[i]);
        r.kind = 0;
        CU_ASSERT(all_zero(&r, sizeof r));
    }
    CU_ASSERT_EQUAL(ccref_eval(&c, NULL), CCREF_E_NULL_ARGUMENT);
}

/* ccref_case_rows writes its outputs only on success. */
static void test_case_rows_error_writes_nothing(void)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.kind = CCREF_KIND_COUNT;
    int mp = -7, mv = -9;
    CU_ASSERT_EQUAL(ccref_case_rows(&c, &mp, &mv), CCREF_E_UNKNOWN_KIND);
    CU_ASSERT_EQUAL(mp, -7);
    CU_ASSERT_EQUAL(mv, -9);
    CU_ASSERT_EQUAL(ccref_case_rows(NULL, &mp, &mv), CCREF_E_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(mp, -7);
    c.kind = CCREF_KIND_BALL;
    CU_ASSERT_EQUAL(ccref_case_rows(&c, &mp, &mv), CCREF_OK);
    CU_ASSERT_EQUAL(mp, 3);
    CU_ASSERT_EQUAL(mv, 0);
}

static void register_api(CU_pSuite s)
{
    CU_add_test(s, "floating-point self-check of the build", test_fp_check);
    CU_add_test(s, "version", test_version);
    CU_add_test(s, "ccref_eval: NULL case, unknown kind", test_eval_null_and_unknown_kind);
    CU_add_test(s, "ccref_case_rows: nothing written on error", test_case_rows_error_writes_nothing);
}

CCREF_TEST_SUITE("api", register_api)
