/* testlib.h: suite registry and helpers shared by the CUnit test files.
 * A test file registers its suite with CCREF_TEST_SUITE(name, fn); test_main.c runs every registered suite,
 * so adding a file under tests/ needs no edit elsewhere. */
#ifndef CCREF_TESTLIB_H
#define CCREF_TESTLIB_H

#include <CUnit/CUnit.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../src/ccref.h"
#include "../src/ccref_kinds.h"
#include "../src/ccref_outputs.h"
#include "../src/ccref_unilateral.h"
#include "../cli/random.h"

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

/* ---------------------------------------------------------------- a kind's flat outputs, stated by its test file */

/* The outputs a kind has after the common ones, in flat order with their flat names (spec/vectors.md section 8), as
 * the kind's own test file states them from its result struct, independently of the table and src/outputs.c:
 * tests/test_cli.c checks the tool's output against these statements, name by name and value by value. */
typedef struct {
    int n;
    char name[CCREF_MAX_SLOTS][48];
    double v[CCREF_MAX_SLOTS];
} ccref_expected_aux;
void ccref_expect_aux(ccref_expected_aux *e, const char *name, double v);
void ccref_expect_aux3(ccref_expected_aux *e, const char *name, ccref_vec3 a);  /* name.x, name.y, name.z */
void ccref_expect_aux9(ccref_expected_aux *e, const char *name, const ccref_mat3 *R); /* name[i][j], row-major */
/* <kind>_expected_aux(r, e): defined in tests/test_<kind>.c for every kind of ccref_kinds.h. */
#define CCREF_EXPECTED_AUX_DECL(KIND, kind, ...) void kind##_expected_aux(const ccref_result *r, ccref_expected_aux *e);
CCREF_KINDS(CCREF_EXPECTED_AUX_DECL)

/* Rotation about a coordinate axis (0 = x, 1 = y, 2 = z) by angle whose cosine and sine are given exactly. */
ccref_mat3 ccref_axis_rotation(int axis, double c, double s);

/* ---------------------------------------------------------------- constructors for hand-derived cases */

ccref_vec3 ccref_test_v3(double x, double y, double z);
ccref_mat3 ccref_test_identity(void);
/* The matrix with rows (m00, m01, m02), (m10, m11, m12), (m20, m21, m22). */
ccref_mat3 ccref_test_rows(double m00, double m01, double m02, double m10, double m11, double m12, double m20,
                           double m21, double m22);
ccref_frame ccref_test_frame(ccref_mat3 R, ccref_vec3 p);
ccref_body ccref_test_body(ccref_mat3 R, ccref_vec3 p, ccref_vec3 w, ccref_vec3 v, ccref_vec3 b, ccref_vec3 a);
/* Pose (R, p), every speed and acceleration zero. */
ccref_body ccref_test_at_rest(ccref_mat3 R, ccref_vec3 p);
/* A contact case of class cls with both bodies Ground, every parameter and multiplier zero, n_lambda as the class
 * needs (3 with friction, else 1) and the default material and speeds of the contact tests:
 * min_cor 1/2, mu_s 3/4, mu_d 1/2, mu_v 1/4; capture_speed 1/8, min_cor_speed 2, transition_speed 1/2.
 * static inline: it calls the unilateral layer (src/contacts.c), which a kernel suite built on its own with
 * testlib.c, common.c and its kernel does not link. */
static inline ccref_contact_case ccref_test_contact_case(ccref_contact_class cls)
{
    ccref_contact_case c;
    memset(&c, 0, sizeof c);
    c.cls = cls;
    c.body1 = ccref_body_ground();
    c.body2 = ccref_body_ground();
    c.material.min_cor = 0.5;
    c.material.mu_s = 0.75;
    c.material.mu_d = 0.5;
    c.material.mu_v = 0.25;
    c.speeds.capture_speed = 0.125;
    c.speeds.min_cor_speed = 2.0;
    c.speeds.transition_speed = 0.5;
    c.n_lambda = ccref_contact_has_friction(cls) ? 3 : 1;
    return c;
}

/* ---------------------------------------------------------------- bad inputs */

/* Fill a result with a recognisable finite garbage pattern (every byte 0x7f), so that zeroing is observable. */
void ccref_test_poison(void *result, size_t size);

/* NaN, +Inf, -Inf: the values a non-finite check must reject. */
#define CCREF_TEST_NONFINITE_COUNT 3
extern const double ccref_test_nonfinite[CCREF_TEST_NONFINITE_COUNT];

/* The 24 scalars of a body: k = 0..8 is R.m[k / 3][k % 3], then p, w, v, b, a (x, y, z each). */
#define CCREF_TEST_BODY_SCALARS 24
double *ccref_test_body_scalar(ccref_body *b, int k);
const char *ccref_test_body_scalar_name(int k);

/* Variant k (0 <= k < CCREF_TEST_NONROTATIONS) of a matrix that ccref_is_rotation rejects, made from the rotation
 * R: k < 8 are fixed matrices (diag(2,2,1); the x rotation with c = s = 1/2 and the y rotation with c = s = 1,
 * columns of length sqrt(1/2) and sqrt(2); zero; the reflections diag(1,1,-1), diag(1,-1,1), diag(-1,1,1), -I);
 * then R with column 0, 1 or 2 negated (a reflection, det -1); then R with one entry (row-major) moved by
 * +1e-9 (off-orthonormal by ~1e-9, far above CCREF_ROTATION_TOL), +0.5, +1, +1.5 or +2. Moving one entry of an
 * orthonormal matrix keeps it orthonormal only if it flips the sign of a +-1 entry: a reflection. */
#define CCREF_TEST_NONROTATIONS (8 + 3 + 9 * 5)
ccref_mat3 ccref_test_nonrotation(const ccref_mat3 *R, int k);

/* Which bodies a bad-body driver modifies. */
#define CCREF_TEST_BODY1 1u
#define CCREF_TEST_BODY2 2u
#define CCREF_TEST_BOTH_BODIES (CCREF_TEST_BODY1 | CCREF_TEST_BODY2)

/* The kernel under test, for the bad-body drivers. eval poisons the result it keeps in ctx, evaluates the kernel
 * with body 1 = b1 and body 2 = b2 (every other input from ctx) and returns the status; assert_zeroed asserts
 * that every output of that result is zero (usually ccref_test_assert_output_zero plus the kind's own fields). */
typedef struct {
    ccref_status (*eval)(void *ctx, const ccref_body *b1, const ccref_body *b2);
    void (*assert_zeroed)(void *ctx);
    void *ctx;
} ccref_test_kernel;

/* ---------------------------------------------------------------- assertion helpers
 * static inline: testlib.c is also linked into programs without CUnit (bench, tools), so everything that calls
 * CUnit lives here and is compiled only into the files that use it. */

/* The four body-force vectors are exactly zero. */
static inline void ccref_test_assert_forces_zero(const ccref_output *o)
{
    ASSERT_VEC_EXACT(o->force_on_body1.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(o->force_on_body1.force, 0, 0, 0);
    ASSERT_VEC_EXACT(o->force_on_body2.moment, 0, 0, 0);
    ASSERT_VEC_EXACT(o->force_on_body2.force, 0, 0, 0);
}

/* The common output of an error result: row counts mp, mv as the kernel reports them, every row slot, every force
 * and the deviation flags zero. */
static inline void ccref_test_assert_output_zero(const ccref_output *o, int mp, int mv)
{
    CU_ASSERT_EQUAL(o->mp, mp);
    CU_ASSERT_EQUAL(o->mv, mv);
    for (int i = 0; i < CCREF_MAX_ROWS; i++) {
        ASSERT_EXACT(o->perr[i], 0.0);
        ASSERT_EXACT(o->verr[i], 0.0);
        ASSERT_EXACT(o->aerr[i], 0.0);
    }
    ccref_test_assert_forces_zero(o);
    CU_ASSERT_EQUAL(o->deviations, 0u);
}

/* One evaluation on (b1, b2): the status is want and the outputs are zeroed. Returns 1 when the status matched. */
static inline int ccref_test_expect_bodies(const ccref_test_kernel *k, const ccref_body *b1, const ccref_body *b2,
                                           ccref_status want)
{
    ccref_status st = k->eval(k->ctx, b1, b2);
    CU_ASSERT_EQUAL(st, want);
    k->assert_zeroed(k->ctx);
    return st == want;
}

/* NaN, +Inf and -Inf in each of the 24 scalars of each body selected by `bodies`, one at a time, the other inputs
 * those of the valid pair (b1, b2): CCREF_E_NONFINITE_INPUT with zeroed outputs every time. */
static inline void ccref_test_nonfinite_bodies(const ccref_test_kernel *k, const ccref_body *b1,
                                               const ccref_body *b2, unsigned bodies)
{
    for (unsigned which = CCREF_TEST_BODY1; which <= CCREF_TEST_BODY2; which++) {
        if (!(bodies & which))
            continue;
        for (int f = 0; f < CCREF_TEST_BODY_SCALARS; f++)
            for (int v = 0; v < CCREF_TEST_NONFINITE_COUNT; v++) {
                ccref_body m1 = *b1, m2 = *b2;
                *ccref_test_body_scalar(which == CCREF_TEST_BODY1 ? &m1 : &m2, f) = ccref_test_nonfinite[v];
                if (!ccref_test_expect_bodies(k, &m1, &m2, CCREF_E_NONFINITE_INPUT))
                    fprintf(stderr, "\n  body %u %s = %g: not E_NONFINITE_INPUT", which,
                            ccref_test_body_scalar_name(f), ccref_test_nonfinite[v]);
            }
    }
}

/* Each ccref_test_nonrotation variant of the rotation of each body selected by `bodies`, the other inputs those
 * of the valid pair (b1, b2): CCREF_E_NOT_ROTATION with zeroed outputs every time. */
static inline void ccref_test_nonrotation_bodies(const ccref_test_kernel *k, const ccref_body *b1,
                                                 const ccref_body *b2, unsigned bodies)
{
    for (unsigned which = CCREF_TEST_BODY1; which <= CCREF_TEST_BODY2; which++) {
        if (!(bodies & which))
            continue;
        for (int v = 0; v < CCREF_TEST_NONROTATIONS; v++) {
            ccref_body m1 = *b1, m2 = *b2;
            ccref_body *m = which == CCREF_TEST_BODY1 ? &m1 : &m2;
            m->R = ccref_test_nonrotation(&m->R, v);
            if (!ccref_test_expect_bodies(k, &m1, &m2, CCREF_E_NOT_ROTATION))
                fprintf(stderr, "\n  body %u non-rotation variant %d: not E_NOT_ROTATION", which, v);
        }
    }
}

#endif
