/* vec3.h: the vector algebra every kernel is written in. Each function is one formula, evaluated
 * left to right exactly as written (the build forbids FMA contraction), so the rounding of every
 * kernel is determined by its source text and can be mirrored by the oracle.
 * ACSL: the logic functions (vadd, vdot, mapply, ...) are in proofs/ccref_logic.h; a clause guarded by
 * `real_model ==>` holds for the exact real evaluation (WP real model), an unguarded one in IEEE binary64 too
 * (one rounding, written as a cast in the logic). proofs/README.md. */
#ifndef CCREF_VEC3_H
#define CCREF_VEC3_H

#include <math.h>

#include "ccref.h"

/*@ assigns \nothing; ensures fields: \result.x == x && \result.y == y && \result.z == z;
    ensures exact: real_model ==> \result == vmk(x, y, z); */
static inline ccref_vec3 v3(double x, double y, double z) { ccref_vec3 r = {x, y, z}; return r; }
/*@ assigns \nothing; ensures vzeroed(\result); ensures exact: real_model ==> \result == vzero; */
static inline ccref_vec3 v3_zero(void) { return v3(0.0, 0.0, 0.0); }
/*@ assigns \nothing; ensures exact: real_model ==> \result == vadd(a, b); */
static inline ccref_vec3 v3_add(ccref_vec3 a, ccref_vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
/*@ assigns \nothing; ensures exact: real_model ==> \result == vsub(a, b); */
static inline ccref_vec3 v3_sub(ccref_vec3 a, ccref_vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
/*@ assigns \nothing;
    ensures exact: real_model ==> \result == vneg(a);
    ensures negation: vfinite(a) ==> \result.x == -a.x && \result.y == -a.y && \result.z == -a.z; */
static inline ccref_vec3 v3_neg(ccref_vec3 a) { return v3(-a.x, -a.y, -a.z); }
/*@ assigns \nothing; ensures exact: real_model ==> \result == vscale(s, a); */
static inline ccref_vec3 v3_scale(double s, ccref_vec3 a) { return v3(s * a.x, s * a.y, s * a.z); }
/*@ assigns \nothing; ensures exact: real_model ==> \result == vdot(a, b); */
static inline double v3_dot(ccref_vec3 a, ccref_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/*@ assigns \nothing;
    ensures exact: real_model ==> \result == vcross(a, b);
    ensures exact: orthogonal: real_model ==> vdot(\result, a) == 0.0 && vdot(\result, b) == 0.0;
    ensures exact: lagrange: real_model ==> vnorm2(\result) == vnorm2(a) * vnorm2(b) - vdot(a, b) * vdot(a, b); */
static inline ccref_vec3 v3_cross(ccref_vec3 a, ccref_vec3 b)
{
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
/*@ assigns \nothing; ensures exact: real_model ==> \result == vnorm2(a); */
static inline double v3_norm_sq(ccref_vec3 a) { return a.x * a.x + a.y * a.y + a.z * a.z; }  /* v3_dot(a, a), for EVA */
/*@ assigns \nothing; ensures \result != 0 <==> vfinite(a); */
static inline int v3_is_finite(ccref_vec3 a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }

/* R a */
/*@ requires \valid_read(R); assigns \nothing; ensures exact: real_model ==> \result == mapply(*R, a); */
static inline ccref_vec3 m3_apply(const ccref_mat3 *R, ccref_vec3 a)
{
    const ccref_mat3 M = *R; /* a value copy (no rounding): WP then reads the entries of one struct value */
    return v3(M.m[0][0] * a.x + M.m[0][1] * a.y + M.m[0][2] * a.z,
              M.m[1][0] * a.x + M.m[1][1] * a.y + M.m[1][2] * a.z,
              M.m[2][0] * a.x + M.m[2][1] * a.y + M.m[2][2] * a.z);
}
/* R^T a */
/*@ requires \valid_read(R); assigns \nothing; ensures exact: real_model ==> \result == mapplyT(*R, a); */
static inline ccref_vec3 m3_apply_transpose(const ccref_mat3 *R, ccref_vec3 a)
{
    const ccref_mat3 M = *R; /* value copy, as in m3_apply */
    return v3(M.m[0][0] * a.x + M.m[1][0] * a.y + M.m[2][0] * a.z,
              M.m[0][1] * a.x + M.m[1][1] * a.y + M.m[2][1] * a.z,
              M.m[0][2] * a.x + M.m[1][2] * a.y + M.m[2][2] * a.z);
}
/* Column j of R (axis j of the rotated frame). */
/*@ requires \valid_read(R) && 0 <= j <= 2; assigns \nothing;
    ensures entries: \result.x == R->m[0][j] && \result.y == R->m[1][j] && \result.z == R->m[2][j];
    ensures exact: real_model ==> \result == mcol(*R, j); */
static inline ccref_vec3 m3_column(const ccref_mat3 *R, int j)
{
    const ccref_mat3 M = *R; /* value copy, as in m3_apply */
    return v3(M.m[0][j], M.m[1][j], M.m[2][j]);
}
/*@ assigns \nothing;
    ensures entries: \result.m[0][0] == c0.x && \result.m[1][0] == c0.y && \result.m[2][0] == c0.z &&
                     \result.m[0][1] == c1.x && \result.m[1][1] == c1.y && \result.m[2][1] == c1.z &&
                     \result.m[0][2] == c2.x && \result.m[1][2] == c2.y && \result.m[2][2] == c2.z;
    ensures exact: real_model ==> mcols(\result, c0, c1, c2); */
static inline ccref_mat3 m3_from_columns(ccref_vec3 c0, ccref_vec3 c1, ccref_vec3 c2)
{
    ccref_mat3 r = {{{c0.x, c1.x, c2.x}, {c0.y, c1.y, c2.y}, {c0.z, c1.z, c2.z}}};
    return r;
}

/* A B, column by column: column j is A applied to column j of B (each entry is
 * A[i][0] B[0][j] + A[i][1] B[1][j] + A[i][2] B[2][j], left to right, as in m3_apply). */
/*@ requires \valid_read(A) && \valid_read(B); assigns \nothing;
    ensures exact: real_model ==> mprod(\result, *A, *B); */
static inline ccref_mat3 m3_mul(const ccref_mat3 *A, const ccref_mat3 *B)
{
    return m3_from_columns(m3_apply(A, m3_column(B, 0)), m3_apply(A, m3_column(B, 1)), m3_apply(A, m3_column(B, 2)));
}

#endif
