/* checks.c: the kernels' input checks decided exactly (spec/oracle.md, "Input checks"; spec/conventions.md
 * section 5): the rotation and unit-vector tests on the exact real values of the inputs, and the checks of a case's
 * state and parameters in the kernels' order, from the table ccref_kinds.h. */
#include <math.h>

#include "internal.h"

/* |x| <= tol decided on the enclosure: 1, 0, or -1 (undecided). */
static int abs_le_d(ora_ws *ws, mpfi_srcptr x, double tol)
{
    ora_mark m = ws_mark(ws);
    mpfi_ptr a = ws_s(ws);
    mpfi_abs(a, x);
    mpfi_sub_d(a, a, tol);
    int s = ora_sign(a);
    ws_release(ws, m);
    if (s == ORA_SIGN_UNKNOWN)
        return -1;
    return s <= 0;
}

/* Floating-point filter (a rigorous shortcut, spec/oracle.md "Input checks"): for finite entries of magnitude
 * <= 2^500, a sum of three products (minus delta in {0, 1}) evaluated in double differs from the exact value by
 * at most 4u (S + delta) + 3 * 2^-1074 with S the sum of the absolute products (u = 2^-53; the last term covers
 * underflow). The filter decides only when the computed value clears the threshold by 4x that bound (which also
 * absorbs the rounding of the bound itself); otherwise the interval evaluation decides. Returns 1 / 0 / -1. */
static double dot_filter(const double a[3], const double b[3], double delta, double *bound)
{
    double p0 = a[0] * b[0], p1 = a[1] * b[1], p2 = a[2] * b[2];
    double S = fabs(p0) + fabs(p1) + fabs(p2) + delta;
    *bound = 4.0 * 0x1p-53 * S + 0x1p-1072;
    return ((p0 + p1) + p2) - delta;
}

static int rotation_filter(const ccref_mat3 *R)
{
    double c[3][3];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            if (!(fabs(R->m[i][j]) <= 0x1p500))
                return -1;
            c[j][i] = R->m[i][j];
        }
    static const int pairs[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    int undecided = 0;
    for (int k = 0; k < 6; k++) {
        double bound, e = dot_filter(c[pairs[k][0]], c[pairs[k][1]], pairs[k][0] == pairs[k][1] ? 1.0 : 0.0, &bound);
        if (fabs(e) + 4.0 * bound < CCREF_ROTATION_TOL)
            continue;
        if (fabs(e) - 4.0 * bound > CCREF_ROTATION_TOL)
            return 0;
        undecided = 1;
    }
    if (undecided)
        return -1;
    /* det = c0 . (c1 x c2): each cross component a*b - c*d has error <= 2u(|ab| + |cd|) (+ underflow), the dot
     * adds 4u relative on the sum of the absolute products; the sum below bounds both with margin. */
    double x[3] = {c[1][1] * c[2][2] - c[1][2] * c[2][1], c[1][2] * c[2][0] - c[1][0] * c[2][2],
                   c[1][0] * c[2][1] - c[1][1] * c[2][0]};
    double xa[3] = {fabs(c[1][1] * c[2][2]) + fabs(c[1][2] * c[2][1]), fabs(c[1][2] * c[2][0]) + fabs(c[1][0] * c[2][2]),
                    fabs(c[1][0] * c[2][1]) + fabs(c[1][1] * c[2][0])};
    double det = c[0][0] * x[0] + c[0][1] * x[1] + c[0][2] * x[2];
    double S = fabs(c[0][0]) * xa[0] + fabs(c[0][1]) * xa[1] + fabs(c[0][2]) * xa[2];
    double bound = 8.0 * 0x1p-53 * S + 0x1p-1070;
    if (det > 4.0 * bound)
        return 1;
    if (det < -4.0 * bound)
        return 0;
    return -1;
}

int ora_exact_is_rotation(ora_ctx *ctx, const ccref_mat3 *R, int *bits)
{
    /* Exact version of ccref_is_rotation: every |(R^T R - I)_ij| <= CCREF_ROTATION_TOL (the double 1e-12) and
     * det R = c0 . (c1 x c2) > 0, on the exact real values (polynomials of degree 2 and 3 in the entries). */
    int f = rotation_filter(R);
    if (f >= 0)
        return f;
    for (int lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_mark m = ws_mark(ws);
        ora_v3 *c[3] = {ws_v(ws), ws_v(ws), ws_v(ws)};
        ora_v3 *t = ws_v(ws);
        mpfi_ptr e = ws_s(ws);
        for (int j = 0; j < 3; j++) {
            mpfi_set_d(c[j]->x, R->m[0][j]);
            mpfi_set_d(c[j]->y, R->m[1][j]);
            mpfi_set_d(c[j]->z, R->m[2][j]);
        }
        int undecided = 0, reject = 0;
        static const int pairs[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
        for (int k = 0; k < 6 && !reject; k++) {
            iv_dot(ws, e, c[pairs[k][0]], c[pairs[k][1]]);
            if (pairs[k][0] == pairs[k][1])
                mpfi_sub_ui(e, e, 1);
            int r = abs_le_d(ws, e, CCREF_ROTATION_TOL);
            if (r < 0)
                undecided = 1;
            else if (r == 0)
                reject = 1;
        }
        int result = -1;
        if (reject) {
            result = 0;
        } else if (!undecided) {
            iv_cross(ws, t, c[1], c[2]);
            iv_dot(ws, e, c[0], t);
            int s = ora_sign(e);
            if (s != ORA_SIGN_UNKNOWN)
                result = s > 0;
        }
        ws_release(ws, m);
        if (result >= 0) {
            if (ctx->bits[lev] > *bits)
                *bits = ctx->bits[lev];
            return result;
        }
    }
    *bits = ctx->bits[ctx->nlev - 1];
    return -1;
}

int ora_exact_check_unit(ora_ctx *ctx, ccref_vec3 n, int *bits)
{
    if (n.x == 0.0 && n.y == 0.0 && n.z == 0.0)
        return CCREF_E_ZERO_DIRECTION;
    if (fabs(n.x) <= 0x1p500 && fabs(n.y) <= 0x1p500 && fabs(n.z) <= 0x1p500) {
        const double a[3] = {n.x, n.y, n.z};
        double bound, e = dot_filter(a, a, 1.0, &bound);
        if (fabs(e) + 4.0 * bound < CCREF_UNIT_TOL)
            return CCREF_OK;
        if (fabs(e) - 4.0 * bound > CCREF_UNIT_TOL)
            return CCREF_E_NOT_UNIT_VECTOR;
    }
    for (int lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_mark m = ws_mark(ws);
        ora_v3 *a = ws_v(ws);
        mpfi_ptr e = ws_s(ws);
        ora_v3_set_d(a, n);
        iv_dot(ws, e, a, a);
        mpfi_sub_ui(e, e, 1);
        int r = abs_le_d(ws, e, CCREF_UNIT_TOL);
        ws_release(ws, m);
        if (r >= 0) {
            if (ctx->bits[lev] > *bits)
                *bits = ctx->bits[lev];
            return r ? CCREF_OK : CCREF_E_NOT_UNIT_VECTOR;
        }
    }
    *bits = ctx->bits[ctx->nlev - 1];
    return -1;
}

/* ================================================================ a case's state and parameters */

static int params_finite(const ora_params *ps, const void *params)
{
    for (int i = 0; i < ps->n; i++) {
        const void *x = (const char *)params + ps->p[i].offset;
        switch (ps->p[i].type) {
        case CCREF_PARAM_VEC3:
        case CCREF_PARAM_UNIT:
            if (!vfin(*(const ccref_vec3 *)x))
                return 0;
            break;
        case CCREF_PARAM_FRAME:
            if (!ffin(x))
                return 0;
            break;
        case CCREF_PARAM_ROLLING: break;
        default:
            if (!isfinite(*(const double *)x))
                return 0;
            break;
        }
    }
    return 1;
}

static int coordinate_finite(const ccref_coordinate *q)
{
    return isfinite(q->q) && isfinite(q->qdot) && isfinite(q->qdotdot);
}

/* The rotations of the state's bodies, then of the FRAME parameters in order: CCREF_E_NOT_ROTATION when one is
 * decided not to be a rotation, else -1 when one is undecided at the cap, else CCREF_OK. */
static int rotations(ora_ctx *ctx, const ora_params *ps, const void *params, const ccref_body *b1,
                     const ccref_body *b2, int *bits)
{
    const ccref_mat3 *Rs[2 + 4];
    int n = 0;
    if (ps->state & ORA_STATE_BODY1)
        Rs[n++] = &b1->R;
    if (ps->state & ORA_STATE_BODY2)
        Rs[n++] = &b2->R;
    for (int i = 0; i < ps->n && n < (int)(sizeof Rs / sizeof Rs[0]); i++)
        if (ps->p[i].type == CCREF_PARAM_FRAME)
            Rs[n++] = &((const ccref_frame *)((const char *)params + ps->p[i].offset))->R;
    int undecided = 0;
    for (int i = 0; i < n; i++) {
        int r = ora_exact_is_rotation(ctx, Rs[i], bits);
        if (r == 0)
            return CCREF_E_NOT_ROTATION;
        if (r < 0)
            undecided = 1;
    }
    return undecided ? -1 : CCREF_OK;
}

/* RADIUS and LENGTH parameters in order: the status of the first that is not > 0. */
static int positive(const ora_params *ps, const void *params)
{
    for (int i = 0; i < ps->n; i++) {
        const double *x = (const double *)((const char *)params + ps->p[i].offset);
        if (ps->p[i].type == CCREF_PARAM_RADIUS && !(*x > 0.0))
            return CCREF_E_NONPOSITIVE_RADIUS;
        if (ps->p[i].type == CCREF_PARAM_LENGTH && !(*x > 0.0))
            return CCREF_E_NONPOSITIVE_LENGTH;
    }
    return CCREF_OK;
}

static int units(ora_ctx *ctx, const ora_params *ps, const void *params, int *bits)
{
    for (int i = 0; i < ps->n; i++) {
        if (ps->p[i].type != CCREF_PARAM_UNIT)
            continue;
        int r = ora_exact_check_unit(ctx, *(const ccref_vec3 *)((const char *)params + ps->p[i].offset), bits);
        if (r != CCREF_OK)
            return r;
    }
    return CCREF_OK;
}

int ora_check_inputs(ora_ctx *ctx, const ora_params *ps, const void *params, const ccref_body *b1,
                     const ccref_body *b2, const ccref_coordinate *q, int *bits)
{
    if (((ps->state & ORA_STATE_BODY1) && !bfin(b1)) || ((ps->state & ORA_STATE_BODY2) && !bfin(b2)) ||
        ((ps->state & ORA_STATE_COORDINATE) && !coordinate_finite(q)) || !params_finite(ps, params))
        return CCREF_E_NONFINITE_INPUT;
    int st = rotations(ctx, ps, params, b1, b2, bits);
    if (st == CCREF_OK)
        st = positive(ps, params);
    if (st == CCREF_OK)
        st = units(ctx, ps, params, bits);
    return st;
}
