/* certify.c: the Ziv loop that turns interval mirrors into certified doubles, the exact mirrors of the
 * kernels' input checks, the flat output layout (names, flattening of kernel results) and the dispatcher.
 * Normative text: spec/oracle.md ("Certification", "Input checks", "Reasons"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddi.h"
#include "internal.h"

/* ================================================================ certification of one enclosure */

const char *ora_reason_name(ora_reason r)
{
    switch (r) {
    case ORA_R_PENDING: return "PENDING";
    case ORA_R_EXACT: return "EXACT";
    case ORA_R_EXACT_ZERO: return "EXACT_ZERO";
    case ORA_R_ENCLOSURE: return "ENCLOSURE";
    case ORA_R_CAP: return "CAP";
    case ORA_R_UNDECIDED: return "UNDECIDED";
    case ORA_R_UNBOUNDED: return "UNBOUNDED";
    }
    return "UNKNOWN_REASON";
}

void ora_cert_zero(ora_cert *c)
{
    c->value = 0.0;
    c->certified = 1;
    c->precision_bits = 0;
    c->reason = ORA_R_EXACT_ZERO;
}

static int endpoints_bounded(mpfi_srcptr x)
{
    return !mpfi_nan_p(x) && mpfr_number_p(ORA_LEFT(x)) && mpfr_number_p(ORA_RIGHT(x));
}

int ora_certify(mpfi_srcptr x, int precision_bits, ora_cert *c)
{
    c->certified = 0;
    c->precision_bits = 0;
    if (mpfi_nan_p(x)) {
        c->value = NAN;
        c->reason = ORA_R_UNBOUNDED;
        return 0;
    }
    /* once each: the first stage forms its endpoints from midpoint and radius */
    ORA_ENDPOINT left = ORA_LEFT(x);
    ORA_ENDPOINT right = ORA_RIGHT(x);
    if (!mpfr_number_p(left) || !mpfr_number_p(right)) {
        c->value = NAN;
        c->reason = ORA_R_UNBOUNDED;
        return 0;
    }
    double dl = mpfr_get_d(left, MPFR_RNDN);
    double dr = mpfr_get_d(right, MPFR_RNDN);
    if (mpfr_equal_p(left, right)) {
        /* A point enclosure is the exact value; RN of it is dl (round to nearest even, as the kernels). */
        c->certified = 1;
        c->precision_bits = precision_bits;
        if (mpfr_zero_p(left)) {
            c->value = 0.0;
            c->reason = ORA_R_EXACT_ZERO;
        } else {
            c->value = dl;
            c->reason = ORA_R_EXACT;
        }
        return 1;
    }
    if (dl == dr) {
        /* RN is monotone, so every real between the endpoints rounds to the same double. For a zero result the
         * sign is the sign of the enclosure when it has one, else +0 (the sign of a zero is not certified). */
        c->certified = 1;
        c->precision_bits = precision_bits;
        c->reason = ORA_R_ENCLOSURE;
        if (dl != 0.0)
            c->value = dl;
        else
            c->value = mpfr_sgn(right) < 0 ? -0.0 : 0.0;
        return 1;
    }
    /* Not certified: report the midpoint for information. */
    mpfr_t mid;
    mpfr_init2(mid, mpfi_get_prec(x));
    mpfi_mid(mid, x);
    c->value = mpfr_get_d(mid, MPFR_RNDN);
    mpfr_clear(mid);
    c->reason = ORA_R_PENDING;
    return 0;
}

int ora_certify_pending(mpfi_t *v, int n, int bits, ora_cert *out)
{
    int pending = 0;
    for (int i = 0; i < n; i++) {
        if (out[i].reason != ORA_R_PENDING)
            continue;
        if (!ora_certify(v[i], bits, &out[i]))
            pending++;
        if (out[i].reason == ORA_R_UNBOUNDED)
            out[i].reason = ORA_R_PENDING; /* may become bounded at a higher precision */
    }
    return pending;
}

void ora_finish_pending(mpfi_t *v, int n, ora_cert *out)
{
    for (int i = 0; i < n; i++) {
        if (out[i].reason != ORA_R_PENDING)
            continue;
        ora_certify(v[i], 0, &out[i]);
        if (out[i].reason == ORA_R_PENDING)
            out[i].reason = ORA_R_CAP;
        out[i].certified = 0;
        out[i].precision_bits = 0;
    }
}

/* ================================================================ context */

#ifndef ORA_FIRST_STAGE
int ora_first_stage_available(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma");
#else
    return 1;
#endif
}
#endif

ora_ctx *ora_ctx_new(const ora_options *opt)
{
    ora_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL)
        return NULL;
    ctx->opt.start_bits = 128;
    ctx->opt.cap_bits = 8192;
    if (opt != NULL) {
        if (opt->start_bits >= 64)
            ctx->opt.start_bits = opt->start_bits;
        if (opt->cap_bits >= ctx->opt.start_bits)
            ctx->opt.cap_bits = opt->cap_bits;
    }
    int b = ctx->opt.start_bits;
    ctx->nlev = 0;
    while (b <= ctx->opt.cap_bits && ctx->nlev < ORA_MAX_LEVELS) {
        ctx->bits[ctx->nlev++] = b;
        b *= 2;
    }
#ifndef ORA_FIRST_STAGE
    /* one step at the double-double precision, on processors the first stage was compiled for */
    const ora_options first = {DDI_PREC, DDI_PREC};
    ctx->first = ora_first_stage_available() ? first_ora_ctx_new(&first) : NULL;
    ctx->use_first = ctx->first != NULL;
#endif
    return ctx;
}

void ora_ctx_set_first_stage(ora_ctx *ctx, int enabled)
{
    if (ctx != NULL)
        ctx->use_first = enabled && ctx->first != NULL;
}

void ora_ctx_free(ora_ctx *ctx)
{
    if (ctx == NULL)
        return;
#ifndef ORA_FIRST_STAGE
    first_ora_ctx_free(ctx->first);
#endif
    for (int i = 0; i < ctx->nlev; i++) {
        ora_ws_free(ctx->ws[i]);
        if (ctx->out[i]) {
            ora_out_clear(ctx->out[i]);
            free(ctx->out[i]);
        }
        if (ctx->cout[i]) {
            ora_contact_out_clear(ctx->cout[i]);
            free(ctx->cout[i]);
        }
    }
    for (int l = 0; l < ctx->nlev; l++) {
        for (int k = 0; k < CCREF_KIND_COUNT; k++)
            if (ctx->kcase[l][k]) {
                ora_case_clear(ctx->kcase[l][k]);
                free(ctx->kcase[l][k]);
            }
        for (int k = 0; k < CCREF_CONTACT_COUNT; k++)
            if (ctx->ccase[l][k]) {
                ora_contact_case_clear(ctx->ccase[l][k]);
                free(ctx->ccase[l][k]);
            }
    }
    free(ctx);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "oracle: out of memory\n");
        abort();
    }
    return p;
}

ora_ws *ctx_ws(ora_ctx *ctx, int level)
{
    if (ctx->ws[level] == NULL) {
        ctx->ws[level] = ora_ws_new(ctx->bits[level]);
        if (ctx->ws[level] == NULL) {
            fprintf(stderr, "oracle: out of memory\n");
            abort();
        }
    }
    return ctx->ws[level];
}

ora_out *ctx_out(ora_ctx *ctx, int level)
{
    if (ctx->out[level] == NULL) {
        ctx->out[level] = xmalloc(sizeof(ora_out));
        ora_out_init(ctx->out[level], ctx->bits[level]);
    }
    return ctx->out[level];
}

ora_contact_out *ctx_cout(ora_ctx *ctx, int level)
{
    if (ctx->cout[level] == NULL) {
        ctx->cout[level] = xmalloc(sizeof(ora_contact_out));
        ora_contact_out_init(ctx->cout[level], ctx->bits[level]);
    }
    return ctx->cout[level];
}

ora_case *ctx_case(ora_ctx *ctx, int level, ccref_kind kind)
{
    if (ctx->kcase[level][kind] == NULL) {
        ctx->kcase[level][kind] = xmalloc(sizeof(ora_case));
        ora_case_init(ctx->kcase[level][kind], kind, ctx->bits[level]);
    }
    return ctx->kcase[level][kind];
}

ora_contact_case *ctx_contact_case(ora_ctx *ctx, int level, ccref_contact_class cls)
{
    if (ctx->ccase[level][cls] == NULL) {
        ctx->ccase[level][cls] = xmalloc(sizeof(ora_contact_case));
        ora_contact_case_init(ctx->ccase[level][cls], cls, ctx->bits[level]);
    }
    return ctx->ccase[level][cls];
}

/* ================================================================ dispatcher */

ora_eval_status ora_eval(ora_ws *ws, const ora_case *c, ora_decisions *d, ora_out *o)
{
    const ora_body *b1 = &c->body1, *b2 = &c->body2;
    const ora_lambda *l = &c->lambda;
    switch (c->kind) {
    case CCREF_KIND_BALL: return ora_ball_eval(ws, &c->params.ball, b1, b2, l, d, o);
    case CCREF_KIND_ROD: return ora_rod_eval(ws, &c->params.rod, b1, b2, l, d, o);
    case CCREF_KIND_POINT_IN_PLANE: return ora_point_in_plane_eval(ws, &c->params.point_in_plane, b1, b2, l, d, o);
    case CCREF_KIND_CONSTANT_COORDINATE:
        return ora_constant_coordinate_eval(ws, &c->params.constant_coordinate, &c->coordinate, l, d, o);
    case CCREF_KIND_SPHERE_ON_PLANE: return ora_sphere_on_plane_eval(ws, &c->params.sphere_on_plane, b1, b2, l, d, o);
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
        return ora_ball_rolling_on_plane_eval(ws, &c->params.ball_rolling_on_plane, b1, b2, l, d, o);
    case CCREF_KIND_SPHERE_ON_SPHERE:
        return ora_sphere_on_sphere_eval(ws, &c->params.sphere_on_sphere, b1, b2, l, d, o);
    case CCREF_KIND_POINT_ON_PLANE: return ora_point_on_plane_eval(ws, &c->params.point_on_plane, b1, b2, l, d, o);
    case CCREF_KIND_LINE_ON_LINE: return ora_line_on_line_eval(ws, &c->params.line_on_line, b1, b2, l, d, o);
    default: break;
    }
    out_reset(o, c->kind, 0, 0, 0);
    return ORA_EVAL_OK;
}

/* ================================================================ exact input checks */

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

/* Rows of a case (as ccref_case_rows). */
static void case_rows(const ccref_case *c, int *mp, int *mv)
{
    int rolling = 0;
    *mp = c->kind == CCREF_KIND_BALL ? 3 : 1;
    switch (c->kind) {
    case CCREF_KIND_SPHERE_ON_PLANE: rolling = c->params.sphere_on_plane.rolling != 0; break;
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
    case CCREF_KIND_POINT_ON_PLANE: rolling = 1; break;
    case CCREF_KIND_SPHERE_ON_SPHERE: rolling = c->params.sphere_on_sphere.rolling != 0; break;
    case CCREF_KIND_LINE_ON_LINE: rolling = c->params.line_on_line.rolling != 0; break;
    default: break;
    }
    *mv = rolling ? 2 : 0;
}

/* Rotation checks of up to four matrices; CCREF_OK, CCREF_E_NOT_ROTATION, or -1 (undecided). */
static int check_rotations(ora_ctx *ctx, const ccref_mat3 *const *Rs, int n, int *bits)
{
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

/* The kernels' input checks, in their order (spec/conventions.md section 5), decided exactly.
 * Returns a status, or -1 when a rotation/unit test is undecided at the cap. */
static int check_case(ora_ctx *ctx, const ccref_case *c, int mp, int mv, int *bits)
{
    if (c->n_lambda != (size_t)(mp + mv))
        return CCREF_E_LAMBDA_COUNT;
    for (size_t i = 0; i < c->n_lambda; i++)
        if (!isfinite(c->lambda[i]))
            return CCREF_E_NONFINITE_INPUT;
    const ccref_body *b1 = &c->body1, *b2 = &c->body2;
    const ccref_mat3 *Rs[4] = {&b1->R, &b2->R, NULL, NULL};
    int nR = 2, st;
    switch (c->kind) {
    case CCREF_KIND_BALL: {
        const ccref_ball_params *p = &c->params.ball;
        if (!bfin(b1) || !bfin(b2) || !vfin(p->station1_in_b1) || !vfin(p->station2_in_b2))
            return CCREF_E_NONFINITE_INPUT;
        return check_rotations(ctx, Rs, nR, bits);
    }
    case CCREF_KIND_ROD: {
        const ccref_rod_params *p = &c->params.rod;
        if (!bfin(b1) || !bfin(b2) || !vfin(p->station1_in_b1) || !vfin(p->station2_in_b2) || !isfinite(p->length))
            return CCREF_E_NONFINITE_INPUT;
        if ((st = check_rotations(ctx, Rs, nR, bits)) != CCREF_OK)
            return st;
        return p->length > 0.0 ? CCREF_OK : CCREF_E_NONPOSITIVE_LENGTH;
    }
    case CCREF_KIND_POINT_IN_PLANE: {
        const ccref_point_in_plane_params *p = &c->params.point_in_plane;
        if (!bfin(b1) || !bfin(b2) || !vfin(p->normal_in_b1) || !isfinite(p->height) || !vfin(p->follower_in_b2))
            return CCREF_E_NONFINITE_INPUT;
        if ((st = check_rotations(ctx, Rs, nR, bits)) != CCREF_OK)
            return st;
        return ora_exact_check_unit(ctx, p->normal_in_b1, bits);
    }
    case CCREF_KIND_CONSTANT_COORDINATE:
        if (!isfinite(c->coordinate.q) || !isfinite(c->coordinate.qdot) || !isfinite(c->coordinate.qdotdot) ||
            !isfinite(c->params.constant_coordinate.position))
            return CCREF_E_NONFINITE_INPUT;
        return CCREF_OK;
    case CCREF_KIND_SPHERE_ON_PLANE: {
        const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
        if (!bfin(b1) || !bfin(b2) || !ffin(&p->plane_frame_in_b1) || !vfin(p->center_in_b2) || !isfinite(p->radius))
            return CCREF_E_NONFINITE_INPUT;
        Rs[nR++] = &p->plane_frame_in_b1.R;
        if ((st = check_rotations(ctx, Rs, nR, bits)) != CCREF_OK)
            return st;
        return p->radius > 0.0 ? CCREF_OK : CCREF_E_NONPOSITIVE_RADIUS;
    }
    case CCREF_KIND_BALL_ROLLING_ON_PLANE: {
        const ccref_ball_rolling_on_plane_params *p = &c->params.ball_rolling_on_plane;
        if (!bfin(b1) || !bfin(b2) || !vfin(p->normal_in_b1) || !isfinite(p->height) || !vfin(p->center_in_b2) ||
            !isfinite(p->radius))
            return CCREF_E_NONFINITE_INPUT;
        if ((st = check_rotations(ctx, Rs, nR, bits)) != CCREF_OK)
            return st;
        if (!(p->radius > 0.0))
            return CCREF_E_NONPOSITIVE_RADIUS;
        return ora_exact_check_unit(ctx, p->normal_in_b1, bits);
    }
    case CCREF_KIND_SPHERE_ON_SPHERE: {
        const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
        if (!bfin(b1) || !bfin(b2) || !vfin(p->center1_in_b1) || !vfin(p->center2_in_b2) || !isfinite(p->radius1) ||
            !isfinite(p->radius2))
            return CCREF_E_NONFINITE_INPUT;
        if ((st = check_rotations(ctx, Rs, nR, bits)) != CCREF_OK)
            return st;
        return (p->radius1 > 0.0 && p->radius2 > 0.0) ? CCREF_OK : CCREF_E_NONPOSITIVE_RADIUS;
    }
    case CCREF_KIND_POINT_ON_PLANE: {
        const ccref_point_on_plane_params *p = &c->params.point_on_plane;
        if (!bfin(b1) || !bfin(b2) || !ffin(&p->plane_frame_in_b1) || !vfin(p->follower_in_b2))
            return CCREF_E_NONFINITE_INPUT;
        Rs[nR++] = &p->plane_frame_in_b1.R;
        return check_rotations(ctx, Rs, nR, bits);
    }
    case CCREF_KIND_LINE_ON_LINE: {
        const ccref_line_on_line_params *p = &c->params.line_on_line;
        if (!bfin(b1) || !bfin(b2) || !ffin(&p->edge_frame1_in_b1) || !ffin(&p->edge_frame2_in_b2) ||
            !isfinite(p->half_length1) || !isfinite(p->half_length2))
            return CCREF_E_NONFINITE_INPUT;
        Rs[nR++] = &p->edge_frame1_in_b1.R;
        Rs[nR++] = &p->edge_frame2_in_b2.R;
        if ((st = check_rotations(ctx, Rs, nR, bits)) != CCREF_OK)
            return st;
        return (p->half_length1 > 0.0 && p->half_length2 > 0.0) ? CCREF_OK : CCREF_E_NONPOSITIVE_LENGTH;
    }
    default:
        return CCREF_E_UNKNOWN_KIND;
    }
}

static void all_zero(ora_cert *out, int n)
{
    for (int i = 0; i < n; i++)
        ora_cert_zero(&out[i]);
}

static void all_reason(ora_cert *out, int n, ora_reason r)
{
    for (int i = 0; i < n; i++) {
        out[i].value = 0.0;
        out[i].certified = 0;
        out[i].precision_bits = 0;
        out[i].reason = r;
    }
}

/* 1 when some slot is certified as +-Inf (the kernel's E_RESULT_OVERFLOW on exact values), -1 when a slot
 * is not certified and its enclosure reaches the overflow range (status undecided), else 0. */
static int overflow_state(mpfi_t *v, const ora_cert *out, int n)
{
    int maybe = 0;
    for (int i = 0; i < n; i++) {
        if (out[i].certified) {
            if (isinf(out[i].value))
                return 1;
        } else if (!endpoints_bounded(v[i]) || isinf(mpfr_get_d(ORA_LEFT(v[i]), MPFR_RNDN)) ||
                   isinf(mpfr_get_d(ORA_RIGHT(v[i]), MPFR_RNDN))) {
            maybe = 1;
        }
    }
    return maybe ? -1 : 0;
}

static void finish_stats(ora_cert *out, int n, int *all_certified, int *max_bits)
{
    *all_certified = 1;
    *max_bits = 0;
    for (int i = 0; i < n; i++) {
        if (!out[i].certified)
            *all_certified = 0;
        else if (out[i].precision_bits > *max_bits)
            *max_bits = out[i].precision_bits;
    }
}

int ora_eval_case(ora_ctx *ctx, const ccref_case *c, ora_case_result *res)
{
    return ora_eval_case_on(ctx, c, NULL, res);
}

void ora_decisions_force(ora_decisions *d, const ora_decisions *force)
{
    ora_decisions_auto(d);
    if (force != NULL)
        for (int i = 0; i < ORA_D_COUNT; i++)
            d->v[i] = force->v[i];
}

int ora_eval_case_on(ora_ctx *ctx, const ccref_case *c, const ora_decisions *force, ora_case_result *res)
{
    if (res == NULL)
        return -1;
#ifndef ORA_FIRST_STAGE
    struct first_ora_ctx *first = first_stage_of(ctx);
    if (first != NULL && c != NULL && first_ora_eval_case_on(first, c, force, res) == 0 && res->decided &&
        res->all_certified)
        return 0;
#endif
    memset(res, 0, sizeof *res);
    res->undecided = ORA_D_COUNT;
    if (ctx == NULL || c == NULL) {
        res->status = CCREF_E_NULL_ARGUMENT;
        res->decided = 1;
        return -1;
    }
    res->kind = c->kind;
    if ((unsigned)c->kind >= CCREF_KIND_COUNT) {
        res->status = CCREF_E_UNKNOWN_KIND;
        res->decided = 1;
        return -1;
    }
    int mp, mv;
    case_rows(c, &mp, &mv);
    res->mp = mp;
    res->mv = mv;
    res->n = ccref_kind_outputs(c->kind);
    int bits = 0;
    int st = check_case(ctx, c, mp, mv, &bits);
    res->decision_bits = bits;
    if (st < 0) {
        res->status = CCREF_OK;
        res->decided = 0;
        all_reason(res->out, res->n, ORA_R_UNDECIDED);
        return 0;
    }
    if (st != CCREF_OK) {
        res->status = (ccref_status)st;
        res->decided = 1;
        all_zero(res->out, res->n);
        res->all_certified = 1;
        return 0;
    }

    ora_decisions d;
    ora_decisions_force(&d, force);
    for (int i = 0; i < res->n; i++)
        res->out[i].reason = ORA_R_PENDING;
    ora_out *o = NULL;
    int decided = 0, pending = res->n, lev;
    for (lev = 0; lev < ctx->nlev; lev++) {
        ora_ws *ws = ctx_ws(ctx, lev);
        ora_case *kc = ctx_case(ctx, lev, c->kind);
        ora_case_set(kc, c); /* point inputs at this step's precision (exact: >= 53 bits) */
        o = ctx_out(ctx, lev);
        res->evaluations++;
        if (ora_eval(ws, kc, &d, o) != ORA_EVAL_OK)
            continue;
        decided = 1;
        pending = ora_certify_pending(o->v, res->n, ctx->bits[lev], res->out);
        if (pending == 0)
            break;
    }
    for (int i = 0; i < ORA_D_COUNT; i++) {
        if (d.bits[i] > res->decision_bits)
            res->decision_bits = d.bits[i];
        res->decision[i] = d.v[i];
    }
    if (!decided) {
        res->status = CCREF_OK;
        res->decided = 0;
        res->undecided = d.undecided;
        all_reason(res->out, res->n, ORA_R_UNDECIDED);
        return 0;
    }
    if (pending > 0)
        ora_finish_pending(o->v, res->n, res->out);
    res->decided = 1;
    res->status = o->status;
    res->deviations = o->deviations;
    res->sense = o->sense;
    res->lines_are_parallel = o->lines_are_parallel;
    int ov = overflow_state(o->v, res->out, res->n);
    if (ov > 0) {
        res->status = CCREF_E_RESULT_OVERFLOW;
        res->deviations = 0;
        res->sense = res->lines_are_parallel = 0;
        all_zero(res->out, res->n);
    } else if (ov < 0) {
        res->decided = 0;
    }
    finish_stats(res->out, res->n, &res->all_certified, &res->max_bits);
    return 0;
}
