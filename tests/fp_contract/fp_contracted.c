/* fp_contracted.c: src/version.c compiled with FMA contraction on (-mfma -ffp-contract=fast, `make test`) must report
 * CCREF_FP_CONTRACTED: the self-check of the build does catch a contracted build, not only the rounding mode. */
#include <stdio.h>

#include "../../src/ccref_version.h"

int main(void)
{
    if (!__builtin_cpu_supports("fma")) {
        printf("fp_contracted: this processor has no FMA instruction; a contracted build cannot run here\n");
        return 0;
    }
    int faults = ccref_fp_check();
    printf("fp_contracted: ccref_fp_check() = %d on a build with -mfma -ffp-contract=fast (expected %d, contracted)\n",
           faults, CCREF_FP_CONTRACTED);
    return faults == CCREF_FP_CONTRACTED ? 0 : 1;
}
