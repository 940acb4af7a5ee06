/* ccref_version.h: the version of ccref. The API stability rule (README, "Versions"): a minor version adds
 * functions, statuses at the end of an enum, flags and vector families; a major version may change a signature, a
 * struct layout, a formula's definition or the vector format. */
#ifndef CCREF_VERSION_H
#define CCREF_VERSION_H

/* C linkage for C++ engines that include this header directly. */
#ifdef __cplusplus
extern "C" {
#endif

#define CCREF_VERSION_MAJOR 1
#define CCREF_VERSION_MINOR 0
#define CCREF_VERSION_PATCH 0
#define CCREF_VERSION_STRING "1.0.0"

/* The version of the vector generator (spec/vectors.md): "major.minor"; the major is the format's version, the
 * minor changes with the families or the case counts. Results files name the version they answer. */
#define CCREF_GENERATOR_VERSION "2.3"

/* The library's version at run time (CCREF_VERSION_STRING of the build). */
const char *ccref_version(void);

/* The floating-point self-check of the build. The kernels' bounds and their bit-for-bit agreement with Simbody
 * assume that every operation is rounded once to double, to nearest, in source order. Returns 0 when the library
 * evaluates that way, else the sum of the faults found: */
#define CCREF_FP_CONTRACTED 1       /* a*b + c fused into one rounding (built without -ffp-contract=off) */
#define CCREF_FP_EXCESS_PRECISION 2 /* intermediates kept wider than double (FLT_EVAL_METHOD != 0, x87) */
#define CCREF_FP_ROUNDING_MODE 4    /* the caller's rounding mode is not round-to-nearest (fesetround) */
#define CCREF_FP_FLUSH_TO_ZERO 8    /* subnormals flushed to zero (FTZ/DAZ, e.g. a program linked with -ffast-math) */
int ccref_fp_check(void);

#ifdef __cplusplus
}
#endif

#endif
