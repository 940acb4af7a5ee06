/* CUnit/CUnit.h for the fuzz build: the property checks of tests/test_properties.c and the comparison of
 * tests/accuracy_bounds.c are compiled into the harnesses as they are (fuzz/properties.c), and an assertion that
 * fails there is a finding: it aborts through fuzz_assert_failed, so the fuzzer saves the input. */
#ifndef CCREF_FUZZ_CUNIT_SHIM_H
#define CCREF_FUZZ_CUNIT_SHIM_H

void fuzz_assert_failed(const char *expr, const char *file, int line) __attribute__((noreturn));

typedef void *CU_pSuite;
#define CU_ASSERT(x) ((x) ? (void)0 : fuzz_assert_failed(#x, __FILE__, __LINE__))
#define CU_ASSERT_FATAL(x) CU_ASSERT(x)
#define CU_ASSERT_EQUAL(a, b) CU_ASSERT((a) == (b))
static inline void *CU_add_test(CU_pSuite suite, const char *name, void (*fn)(void))
{
    (void)suite;
    (void)name;
    (void)fn;
    return 0;
}

#endif
