/* test_main.c: runs the suites registered with CCREF_TEST_SUITE: every suite linked into the binary, or only those
 * named on the command line (`ccref_tests oracle`; make test-valgrind links only test_oracle.o and testlib.o with it
 * and runs `oracle`). Exit status 0 when every named suite exists, at least one test ran and none failed; 1 on a
 * failure; 2 on an unknown suite or a CUnit error. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Adds the registered suites named `name` (NULL: every one); returns how many, or -1 on a CUnit error. */
static int add_suites(const char *name)
{
    int added = 0;
    for (int i = 0; i < n_suites; i++) {
        if (name != NULL && strcmp(suites[i].name, name) != 0)
            continue;
        CU_pSuite s = CU_add_suite(suites[i].name, NULL, NULL);
        if (s == NULL)
            return -1;
        suites[i].fn(s);
        added++;
    }
    return added;
}

int main(int argc, char **argv)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    int bad = argc == 1 && add_suites(NULL) < 0;
    for (int a = 1; a < argc && !bad; a++) {
        int added = add_suites(argv[a]);
        if (added == 0)
            fprintf(stderr, "test_main: no suite \"%s\" in this binary\n", argv[a]);
        bad = added <= 0;
    }
    if (bad) {
        CU_cleanup_registry();
        return 2;
    }
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    return (failed == 0 && ran > 0) ? 0 : 1;
}
