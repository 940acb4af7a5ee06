/* testlib.c: see testlib.h. No CUnit calls here: this file is also linked into the bench and tool programs. */
#include <math.h>
#include <string.h>

#include "testlib.h"

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double ccref_rng_uniform(ccref_rng *r, double lo, double hi)
{
    double u = (double)(splitmix64(&r->s) >> 11) * 0x1p-53; /* [0, 1) */
    return lo + (hi - lo) * u;
}

ccref_vec3 ccref_rng_vec3(ccref_rng *r, double lo, double hi)
{
    ccref_vec3 v;
    v.x = ccref_rng_uniform(r, lo, hi);
    v.y = ccref_rng_uniform(r, lo, hi);
    v.z = ccref_rng_uniform(r, lo, hi);
    return v;
}

ccref_vec3 ccref_rng_unit(ccref_rng *r)
{
    for (;;) {
        ccref_vec3 v = ccref_rng_vec3(r, -1.0, 1.0);
        double n2 = v.x * v.x + v.y * v.y + v.z * v.z;
        if (n2 > 0.01 && n2 <= 1.0) {
            double n = sqrt(n2);
            v.x /= n; v.y /= n; v.z /= n;
            return v;
        }
    }
}

ccref_mat3 ccref_rng_rotation(ccref_rng *r)
{
    double q[4], n2;
    do {
        for (int i = 0; i < 4; i++)
            q[i] = ccref_rng_uniform(r, -1.0, 1.0);
        n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    } while (n2 < 0.01 || n2 > 1.0);
    double n = sqrt(n2);
    double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    ccref_mat3 R = {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                     {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                     {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
    return R;
}

ccref_body ccref_rng_body(ccref_rng *r)
{
    ccref_body b;
    b.R = ccref_rng_rotation(r);
    b.p = ccref_rng_vec3(r, -2.0, 2.0);
    b.w = ccref_rng_vec3(r, -1.5, 1.5);
    b.v = ccref_rng_vec3(r, -1.5, 1.5);
    b.b = ccref_rng_vec3(r, -2.0, 2.0);
    b.a = ccref_rng_vec3(r, -2.0, 2.0);
    return b;
}

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
