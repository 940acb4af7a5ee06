/* testlib.c: see testlib.h. No CUnit calls here: this file is also linked into the bench and tool programs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

ccref_mat3 ccref_axis_rotation(int axis, double c, double s)
{
    ccref_mat3 R = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    int i = (axis + 1) % 3, j = (axis + 2) % 3;
    R.m[i][i] = c; R.m[i][j] = -s;
    R.m[j][i] = s; R.m[j][j] = c;
    return R;
}

/* ---------------------------------------------------------------- constructors */

ccref_vec3 ccref_test_v3(double x, double y, double z)
{
    ccref_vec3 r = {x, y, z};
    return r;
}

ccref_mat3 ccref_test_identity(void) { return ccref_axis_rotation(2, 1.0, 0.0); }

ccref_mat3 ccref_test_rows(double m00, double m01, double m02, double m10, double m11, double m12, double m20,
                           double m21, double m22)
{
    ccref_mat3 R = {{{m00, m01, m02}, {m10, m11, m12}, {m20, m21, m22}}};
    return R;
}

ccref_frame ccref_test_frame(ccref_mat3 R, ccref_vec3 p)
{
    ccref_frame F;
    F.R = R;
    F.p = p;
    return F;
}

ccref_body ccref_test_body(ccref_mat3 R, ccref_vec3 p, ccref_vec3 w, ccref_vec3 v, ccref_vec3 b, ccref_vec3 a)
{
    ccref_body B;
    B.R = R; B.p = p; B.w = w; B.v = v; B.b = b; B.a = a;
    return B;
}

ccref_body ccref_test_at_rest(ccref_mat3 R, ccref_vec3 p)
{
    ccref_vec3 z = ccref_test_v3(0, 0, 0);
    return ccref_test_body(R, p, z, z, z, z);
}

/* ---------------------------------------------------------------- bad inputs */

void ccref_test_poison(void *result, size_t size) { memset(result, 0x7f, size); }

const double ccref_test_nonfinite[CCREF_TEST_NONFINITE_COUNT] = {NAN, INFINITY, -INFINITY};

double *ccref_test_body_scalar(ccref_body *b, int k)
{
    ccref_vec3 *v[5] = {&b->p, &b->w, &b->v, &b->b, &b->a};
    if (k < 9)
        return &b->R.m[k / 3][k % 3];
    ccref_vec3 *u = v[(k - 9) / 3];
    return (k - 9) % 3 == 0 ? &u->x : (k - 9) % 3 == 1 ? &u->y : &u->z;
}

const char *ccref_test_body_scalar_name(int k)
{
    static const char *const names[CCREF_TEST_BODY_SCALARS] = {
        "R[0][0]", "R[0][1]", "R[0][2]", "R[1][0]", "R[1][1]", "R[1][2]", "R[2][0]", "R[2][1]", "R[2][2]",
        "p.x", "p.y", "p.z", "w.x", "w.y", "w.z", "v.x", "v.y", "v.z", "b.x", "b.y", "b.z", "a.x", "a.y", "a.z"};
    return names[k];
}

ccref_mat3 ccref_test_nonrotation(const ccref_mat3 *R, int k)
{
    static const double offset[5] = {1e-9, 0.5, 1.0, 1.5, 2.0};
    ccref_mat3 M = *R;
    switch (k) {
    case 0: return ccref_axis_rotation(2, 2.0, 0.0);   /* diag(2,2,1) */
    case 1: return ccref_axis_rotation(0, 0.5, 0.5);   /* columns of length sqrt(1/2) */
    case 2: return ccref_axis_rotation(1, 1.0, 1.0);   /* columns of length sqrt(2) */
    case 3: return ccref_test_rows(0, 0, 0, 0, 0, 0, 0, 0, 0);
    case 4: return ccref_test_rows(1, 0, 0, 0, 1, 0, 0, 0, -1);
    case 5: return ccref_test_rows(1, 0, 0, 0, -1, 0, 0, 0, 1);
    case 6: return ccref_test_rows(-1, 0, 0, 0, 1, 0, 0, 0, 1);
    case 7: return ccref_test_rows(-1, 0, 0, 0, -1, 0, 0, 0, -1);
    case 8: case 9: case 10:   /* R with a column negated; 0 - x keeps zero entries +0 */
        for (int i = 0; i < 3; i++)
            M.m[i][k - 8] = 0.0 - M.m[i][k - 8];
        return M;
    default:                   /* R with entry k / 5 (row-major) moved by offset[k % 5] */
        k -= 11;
        M.m[k / 15][(k / 5) % 3] += offset[k % 5];
        return M;
    }
}

/* ---------------------------------------------------------------- a kind's flat outputs */

void ccref_expect_aux(ccref_expected_aux *e, const char *name, double v)
{
    if (e->n >= CCREF_MAX_SLOTS) { /* a statement longer than any layout: a test's error (testlib.c links without CUnit) */
        fprintf(stderr, "ccref_expect_aux: more than %d outputs\n", CCREF_MAX_SLOTS);
        abort();
    }
    snprintf(e->name[e->n], sizeof e->name[0], "%s", name);
    e->v[e->n++] = v;
}

void ccref_expect_aux3(ccref_expected_aux *e, const char *name, ccref_vec3 a)
{
    const double c[3] = {a.x, a.y, a.z};
    char b[48];
    for (int i = 0; i < 3; i++) {
        snprintf(b, sizeof b, "%s.%c", name, "xyz"[i]);
        ccref_expect_aux(e, b, c[i]);
    }
}

void ccref_expect_aux9(ccref_expected_aux *e, const char *name, const ccref_mat3 *R)
{
    char b[48];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            snprintf(b, sizeof b, "%s[%d][%d]", name, i, j);
            ccref_expect_aux(e, b, R->m[i][j]);
        }
}
