/* fuzz_suite.c: the target of one constraint kind or contact class, or of the rules (COR, COF, classify and
 * isProximal), chosen at build time: -DFUZZ_SUITE='"rod"', '"edge_edge"', '"rules"', ... (fuzz/targets prints them). Each input
 * is decoded into a case (fuzz.h: raw IEEE-754 bits, or a degenerate family case perturbed on an ulp grid) and run
 * through every check of fuzz_check_case. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#ifndef FUZZ_SUITE
#error "build with -DFUZZ_SUITE='\"<suite>\"' (fuzz/targets)"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int suite;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_init(FUZZ_SUITE);
    int rules = strcmp(FUZZ_SUITE, "rules") == 0;
    suite = rules ? FUZZ_RULES : suite_from_name(FUZZ_SUITE);
    if (!rules && (suite < 0 || suite >= SUITE_FIRST_RULE))
        abort(); /* neither a kind, a contact class, nor "rules" */
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_begin(data, size);
    cli_case c;
    fuzz_count(fuzz_decode(suite, data, size, &c) == FUZZ_MODE_RAW ? "mode:raw" : "mode:family", 1);
    fuzz_check_case(&c);
    return 0;
}
