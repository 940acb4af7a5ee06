/* test_main.c: runs every suite registered with CCREF_TEST_SUITE. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>

#include "testlib.h"

#define MAX_SUITES 64
static struct { const char *name; ccref_test_register_fn fn; } suites[MAX_SUITES];
static int n_suites;

void ccref_test_add_suite(const char *name, ccref_test_register_fn fn)
{
    if (n_suites == MAX_SUITES) {
        fprintf(stderr, "test_main: more than %d suites\n", MAX_SUITES);
        exit(2);
    }
    suites[n_suites].name = name;
    suites[n_suites].fn = fn;
    n_suites++;
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    for (int i = 0; i < n_suites; i++) {
        CU_pSuite s = CU_add_suite(suites[i].name, NULL, NULL);
        if (s == NULL)
            return 2;
        suites[i].fn(s);
    }
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    return (failed == 0 && ran > 0) ? 0 : 1;
}
