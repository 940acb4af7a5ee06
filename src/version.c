/* version.c: see ccref_version.h. */
#include <fenv.h>
#include <float.h>

#include "ccref_version.h"

const char *ccref_version(void) { return CCREF_VERSION_STRING; }

/* Compiled with the flags of every other file of the library: a contracted a*b + c here means a contracted build.
 * a*b = 1 - 2^-60 exactly, which rounds to 1, so a*b + c is 0 rounded twice and -2^-60 fused. volatile keeps the
 * compiler from folding the expressions at compile time, where it would round as it pleases. Flushing: the smallest
 * subnormal times 1, and half the smallest normal, are nonzero unless subnormal inputs are read as zero (DAZ) or
 * subnormal results flushed (FTZ): the state a program linked with -ffast-math runs in. */
int ccref_fp_check(void)
{
    volatile double a = 1.0 + 0x1p-30, b = 1.0 - 0x1p-30, c = -1.0;
    volatile double tiny = 0x1p-1074, one = 1.0, smallest_normal = DBL_MIN, half = 0.5;
    const double product_then_sum = a * b + c;
    int faults = 0;
    if (tiny * one == 0.0 || smallest_normal * half == 0.0)
        faults |= CCREF_FP_FLUSH_TO_ZERO;
    if (product_then_sum != 0.0)
        faults |= CCREF_FP_CONTRACTED;
    if (FLT_EVAL_METHOD != 0)
        faults |= CCREF_FP_EXCESS_PRECISION;
    if (fegetround() != FE_TONEAREST)
        faults |= CCREF_FP_ROUNDING_MODE;
    return faults;
}
