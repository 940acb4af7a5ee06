/* testlib.h: suite registry and helpers shared by the CUnit test files.
 * A test file registers its suite with CCREF_TEST_SUITE(name, fn); test_main.c runs every registered suite,
 * so adding a file under tests/ needs no edit elsewhere. */
#ifndef CCREF_TESTLIB_H
#define CCREF_TESTLIB_H

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdint.h>

#include "../src/ccref.h"

typedef void (*ccref_test_register_fn)(CU_pSuite suite);
void ccref_test_add_suite(const char *name, ccref_test_register_fn fn);

#define CCREF_TEST_SUITE(name, fn)                                                 \
    __attribute__((constructor)) static void ccref_register_suite_##fn(void)      \
    {                                                                              \
        ccref_test_add_suite(name, fn);                                            \
    }

/* Assert a double equal to an expected value exactly (both finite). */
#define ASSERT_EXACT(actual, expected) CU_ASSERT_EQUAL((actual), (expected))
/* Assert |actual - expected| <= tol; tol must come from a derivation named at the call site. */
#define ASSERT_NEAR(actual, expected, tol) CU_ASSERT(fabs((actual) - (expected)) <= (tol))
#define ASSERT_VEC_EXACT(a, ex, ey, ez)                                            \
    do {                                                                           \
        ASSERT_EXACT((a).x, (ex)); ASSERT_EXACT((a).y, (ey)); ASSERT_EXACT((a).z, (ez)); \
    } while (0)
#define ASSERT_VEC_NEAR(a, ex, ey, ez, tol)                                        \
    do {                                                                           \
        ASSERT_NEAR((a).x, (ex), (tol)); ASSERT_NEAR((a).y, (ey), (tol)); ASSERT_NEAR((a).z, (ez), (tol)); \
    } while (0)

/* Deterministic generator (splitmix64) so every run checks the same cases. */
typedef struct { uint64_t s; } ccref_rng;
double ccref_rng_uniform(ccref_rng *r, double lo, double hi);
ccref_vec3 ccref_rng_vec3(ccref_rng *r, double lo, double hi);
ccref_vec3 ccref_rng_unit(ccref_rng *r);
/* Rotation from a random unit quaternion (orthonormal to a few ulps, well inside CCREF_ROTATION_TOL). */
ccref_mat3 ccref_rng_rotation(ccref_rng *r);
/* Body with random pose in [-2,2], speeds in [-1.5,1.5], accelerations in [-2,2]. */
ccref_body ccref_rng_body(ccref_rng *r);

/* Rotation about a coordinate axis (0 = x, 1 = y, 2 = z) by angle whose cosine and sine are given exactly. */
ccref_mat3 ccref_axis_rotation(int axis, double c, double s);

#endif
