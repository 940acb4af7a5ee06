/* run_suite.c: run only the named CUnit suites (`run_suite oracle`). tests/test_main.c registers and runs every
 * suite linked into build/ccref_tests and has no way to select one; this main provides the same registry
 * (ccref_test_add_suite, which CCREF_TEST_SUITE calls) for a binary that links only the test files it needs
 * (tests/sanitize.mk, `make test-valgrind`: test_oracle.o and testlib.o). Exit status 0 when every named suite
 * exists, ran at least one test and nothing failed; 1 on a failure; 2 on a usage error or an unknown suite. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../testlib.h"

#define MAX_SUITES 64
static struct { const char *name; ccref_test_register_fn fn; } suites[MAX_SUITES];
static int n_suites;

void ccref_test_add_suite(const char *name, ccref_test_register_fn fn)
{
    if (n_suites == MAX_SUITES) {
        fprintf(stderr, "run_suite: more than %d suites\n", MAX_SUITES);
        exit(2);
    }
    suites[n_suites].name = name;
    suites[n_suites].fn = fn;
    n_suites++;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s SUITE...   (linked suites:", argv[0]);
        for (int i = 0; i < n_suites; i++)
            fprintf(stderr, " \"%s\"", suites[i].name);
        fprintf(stderr, ")\n");
        return 2;
    }
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    for (int a = 1; a < argc; a++) {
        int found = 0;
        for (int i = 0; i < n_suites; i++) {
            if (strcmp(suites[i].name, argv[a]) != 0)
                continue;
            CU_pSuite s = CU_add_suite(suites[i].name, NULL, NULL);
            if (s == NULL)
                return 2;
            suites[i].fn(s);
            found = 1;
        }
        if (!found) {
            fprintf(stderr, "run_suite: no suite \"%s\" in this binary\n", argv[a]);
            CU_cleanup_registry();
            return 2;
        }
    }
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    return (failed == 0 && ran > 0) ? 0 : 1;
}
