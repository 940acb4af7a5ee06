/* testlib.c: see testlib.h. */
#include <math.h>

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
