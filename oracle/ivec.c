/* ivec.c: interval 3-vectors, 3x3 matrices, frames and bodies (the MPFI mirror of src/vec3.h and src/common.h),
 * their kinematics and the exact-decision helpers.
 * Every function returns an enclosure of the exact real value of the formula it names: MPFI rounds each
 * endpoint outward, so no rounding order of the kernels is reproduced (none needs to be). */
#include "internal.h"

/* ================================================================ containers */

void ora_v3_init(ora_v3 *a, mpfr_prec_t prec)
{
    mpfi_init2(a->x, prec);
    mpfi_init2(a->y, prec);
    mpfi_init2(a->z, prec);
    iv_zero(a);
}

void ora_v3_clear(ora_v3 *a)
{
    mpfi_clear(a->x);
    mpfi_clear(a->y);
    mpfi_clear(a->z);
}

void ora_v3_set_d(ora_v3 *a, ccref_vec3 x)
{
    mpfi_set_d(a->x, x.x);
    mpfi_set_d(a->y, x.y);
    mpfi_set_d(a->z, x.z);
}

void im_init(ora_m3 *r, mpfr_prec_t prec)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpfi_init2(r->m[i][j], prec);
            mpfi_set_ui(r->m[i][j], 0);
        }
}

void im_clear(ora_m3 *r)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            mpfi_clear(r->m[i][j]);
}

void ora_m3_init(ora_m3 *a, mpfr_prec_t prec) { im_init(a, prec); }
void ora_m3_clear(ora_m3 *a) { im_clear(a); }

void ora_m3_set_d(ora_m3 *a, const ccref_mat3 *x)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            mpfi_set_d(a->m[i][j], x->m[i][j]);
}

void ora_frame_init(ora_frame *f, mpfr_prec_t prec)
{
    im_init(&f->R, prec);
    ora_v3_init(&f->p, prec);
}

void ora_frame_clear(ora_frame *f)
{
    im_clear(&f->R);
    ora_v3_clear(&f->p);
}

void ora_frame_set_d(ora_frame *f, const ccref_frame *x)
{
    ora_m3_set_d(&f->R, &x->R);
    ora_v3_set_d(&f->p, x->p);
}

void ora_body_init(ora_body *b, mpfr_prec_t prec)
{
    im_init(&b->R, prec);
    ora_v3_init(&b->p, prec);
    ora_v3_init(&b->w, prec);
    ora_v3_init(&b->v, prec);
    ora_v3_init(&b->b, prec);
    ora_v3_init(&b->a, prec);
}

void ora_body_clear(ora_body *b)
{
    im_clear(&b->R);
    ora_v3_clear(&b->p);
    ora_v3_clear(&b->w);
    ora_v3_clear(&b->v);
    ora_v3_clear(&b->b);
    ora_v3_clear(&b->a);
}

void ora_body_set_d(ora_body *b, const ccref_body *x)
{
    ora_m3_set_d(&b->R, &x->R);
    ora_v3_set_d(&b->p, x->p);
    ora_v3_set_d(&b->w, x->w);
    ora_v3_set_d(&b->v, x->v);
    ora_v3_set_d(&b->b, x->b);
    ora_v3_set_d(&b->a, x->a);
}

/* ================================================================ vector algebra */

void iv_set(ora_v3 *r, const ora_v3 *a)
{
    if (r == a)
        return;
    mpfi_set(r->x, a->x);
    mpfi_set(r->y, a->y);
    mpfi_set(r->z, a->z);
}

void iv_zero(ora_v3 *r)
{
    mpfi_set_ui(r->x, 0);
    mpfi_set_ui(r->y, 0);
    mpfi_set_ui(r->z, 0);
}

void iv_add(ora_v3 *r, const ora_v3 *a, const ora_v3 *b)
{
    mpfi_add(r->x, a->x, b->x);
    mpfi_add(r->y, a->y, b->y);
    mpfi_add(r->z, a->z, b->z);
}

void iv_sub(ora_v3 *r, const ora_v3 *a, const ora_v3 *b)
{
    mpfi_sub(r->x, a->x, b->x);
    mpfi_sub(r->y, a->y, b->y);
    mpfi_sub(r->z, a->z, b->z);
}

void iv_neg(ora_v3 *r, const ora_v3 *a)
{
    mpfi_neg(r->x, a->x);
    mpfi_neg(r->y, a->y);
    mpfi_neg(r->z, a->z);
}

void iv_scale(ora_v3 *r, mpfi_srcptr s, const ora_v3 *a)
{
    mpfi_mul(r->x, a->x, s);
    mpfi_mul(r->y, a->y, s);
    mpfi_mul(r->z, a->z, s);
}

void iv_div(ora_v3 *r, const ora_v3 *a, mpfi_srcptr s)
{
    mpfi_div(r->x, a->x, s);
    mpfi_div(r->y, a->y, s);
    mpfi_div(r->z, a->z, s);
}

void iv_mul_2si(ora_v3 *r, const ora_v3 *a, long e)
{
    mpfi_mul_2si(r->x, a->x, e);
    mpfi_mul_2si(r->y, a->y, e);
    mpfi_mul_2si(r->z, a->z, e);
}

/* Sums of products, the building blocks of dot, cross and matrix products: the MPFI stage forms them operation by
 * operation; the first stage forms the same midpoints as one fused operation with one radius (oracle/ddi.h,
 * spec/oracle.md section 9). r must not alias an operand. */
static inline void mul_add3(ora_ws *ws, mpfi_ptr r, mpfi_srcptr a0, mpfi_srcptr b0, mpfi_srcptr a1, mpfi_srcptr b1,
                            mpfi_srcptr a2, mpfi_srcptr b2)
{
#ifdef ORA_FIRST_STAGE
    (void)ws;
    ddi_dot3(r, a0, b0, a1, b1, a2, b2);
#else
    mpfi_mul(r, a0, b0);
    mpfi_mul(ws->t, a1, b1);
    mpfi_add(r, r, ws->t);
    mpfi_mul(ws->t, a2, b2);
    mpfi_add(r, r, ws->t);
#endif
}

/* r = a0 b0 - a1 b1 */
static inline void mul_sub_mul(ora_ws *ws, mpfi_ptr r, mpfi_srcptr a0, mpfi_srcptr b0, mpfi_srcptr a1,
                               mpfi_srcptr b1)
{
#ifdef ORA_FIRST_STAGE
    (void)ws;
    ddi_mul_sub_mul(r, a0, b0, a1, b1);
#else
    mpfi_mul(r, a0, b0);
    mpfi_mul(ws->t, a1, b1);
    mpfi_sub(r, r, ws->t);
#endif
}

/* r = a0^2 + a1^2 + a2^2 */
static inline void sqr_add3(ora_ws *ws, mpfi_ptr r, mpfi_srcptr a0, mpfi_srcptr a1, mpfi_srcptr a2)
{
#ifdef ORA_FIRST_STAGE
    (void)ws;
    ddi_sqr3(r, a0, a1, a2);
#else
    mpfi_sqr(r, a0);
    mpfi_sqr(ws->t, a1);
    mpfi_add(r, r, ws->t);
    mpfi_sqr(ws->t, a2);
    mpfi_add(r, r, ws->t);
#endif
}

void iv_dot(ora_ws *ws, mpfi_ptr r, const ora_v3 *a, const ora_v3 *b)
{
    if (a == b) /* a.a: squares are enclosed by non-negative intervals (tighter, and sqrt(a.a) stays bounded) */
        sqr_add3(ws, r, a->x, a->y, a->z);
    else
        mul_add3(ws, r, a->x, b->x, a->y, b->y, a->z, b->z);
}

/* r = a.b + c.d, the form of most rows; s is the caller's scratch (r and s distinct). */
void iv_dot_add(ora_ws *ws, mpfi_ptr r, mpfi_ptr s, const ora_v3 *a, const ora_v3 *b, const ora_v3 *c, const ora_v3 *d)
{
    iv_dot(ws, r, a, b);
    iv_dot(ws, s, c, d);
    mpfi_add(r, r, s);
}

void iv_cross(ora_ws *ws, ora_v3 *r, const ora_v3 *a, const ora_v3 *b)
{
    mul_sub_mul(ws, r->x, a->y, b->z, a->z, b->y);
    mul_sub_mul(ws, r->y, a->z, b->x, a->x, b->z);
    mul_sub_mul(ws, r->z, a->x, b->y, a->y, b->x);
}

/* a x e_k: e_0 -> (0, a_z, -a_y), e_1 -> (-a_z, 0, a_x), e_2 -> (a_y, -a_x, 0). */
void iv_cross_e(ora_v3 *r, const ora_v3 *a, int k)
{
    switch (k) {
    case 0:
        mpfi_set_ui(r->x, 0);
        mpfi_set(r->y, a->z);
        mpfi_neg(r->z, a->y);
        break;
    case 1:
        mpfi_neg(r->x, a->z);
        mpfi_set_ui(r->y, 0);
        mpfi_set(r->z, a->x);
        break;
    default:
        mpfi_set(r->x, a->y);
        mpfi_neg(r->y, a->x);
        mpfi_set_ui(r->z, 0);
        break;
    }
}

void iv_unit(ora_ws *ws, ora_v3 *r, const ora_v3 *a)
{
    ora_mark m = ws_mark(ws);
    mpfi_ptr n = ws_s(ws);
    iv_dot(ws, n, a, a);
    mpfi_sqrt(n, n);
    iv_div(r, a, n);
    ws_release(ws, m);
}

void im_apply(ora_ws *ws, ora_v3 *r, const ora_m3 *R, const ora_v3 *a)
{
    mpfi_ptr out[3] = {r->x, r->y, r->z};
    for (int i = 0; i < 3; i++)
        mul_add3(ws, out[i], R->m[i][0], a->x, R->m[i][1], a->y, R->m[i][2], a->z);
}

void im_apply_t(ora_ws *ws, ora_v3 *r, const ora_m3 *R, const ora_v3 *a)
{
    mpfi_ptr out[3] = {r->x, r->y, r->z};
    for (int j = 0; j < 3; j++)
        mul_add3(ws, out[j], R->m[0][j], a->x, R->m[1][j], a->y, R->m[2][j], a->z);
}

void im_column(ora_v3 *r, const ora_m3 *R, int j)
{
    mpfi_set(r->x, R->m[0][j]);
    mpfi_set(r->y, R->m[1][j]);
    mpfi_set(r->z, R->m[2][j]);
}

void im_mul(ora_ws *ws, ora_m3 *r, const ora_m3 *A, const ora_m3 *B)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            mul_add3(ws, r->m[i][j], A->m[i][0], B->m[0][j], A->m[i][1], B->m[1][j], A->m[i][2], B->m[2][j]);
}

void im_from_columns(ora_m3 *r, const ora_v3 *c0, const ora_v3 *c1, const ora_v3 *c2)
{
    const ora_v3 *c[3] = {c0, c1, c2};
    for (int j = 0; j < 3; j++) {
        mpfi_set(r->m[0][j], c[j]->x);
        mpfi_set(r->m[1][j], c[j]->y);
        mpfi_set(r->m[2][j], c[j]->z);
    }
}

/* ================================================================ kinematics */

void ik_arm_velocity(ora_ws *ws, ora_v3 *r, const ora_body *b, const ora_v3 *arm)
{
    ora_mark m = ws_mark(ws);
    ora_v3 *t = ws_v(ws);
    iv_cross(ws, t, &b->w, arm);
    iv_add(r, &b->v, t);
    ws_release(ws, m);
}

void ik_arm_acceleration(ora_ws *ws, ora_v3 *r, const ora_body *b, const ora_v3 *arm)
{
    ora_mark m = ws_mark(ws);
    ora_v3 *t = ws_v(ws), *u = ws_v(ws), *s = ws_v(ws);
    iv_cross(ws, t, &b->b, arm);   /* b x arm */
    iv_cross(ws, u, &b->w, arm);   /* w x arm */
    iv_cross(ws, s, &b->w, u);     /* w x (w x arm) */
    iv_add(r, &b->a, t);
    iv_add(r, r, s);
    ws_release(ws, m);
}

void ik_moving_arm_acceleration(ora_ws *ws, ora_v3 *r, ora_v3 *t, const ora_body *b, const ora_v3 *arm,
                                const ora_v3 *darm)
{
    iv_cross(ws, t, &b->b, arm);
    iv_add(r, &b->a, t);
    iv_cross(ws, t, &b->w, darm);
    iv_add(r, r, t);
}

void ik_scaled_relative_velocity(ora_ws *ws, ora_v3 *V, mpfi_srcptr k, const ora_v3 *K, const ora_body *b1,
                                 const ora_body *b2, ora_v3 *t, ora_v3 *a)
{
    iv_sub(t, &b2->v, &b1->v);
    iv_scale(V, k, t);
    iv_scale(t, k, &b2->p);
    iv_sub(t, K, t);
    iv_cross(ws, a, &b2->w, t);
    iv_add(V, V, a);
    iv_scale(t, k, &b1->p);
    iv_sub(t, K, t);
    iv_cross(ws, a, &b1->w, t);
    iv_sub(V, V, a);
}

static void slots_v3(mpfi_t *v, int slot, const ora_v3 *a, int add)
{
    if (add) {
        mpfi_add(v[slot], v[slot], a->x);
        mpfi_add(v[slot + 1], v[slot + 1], a->y);
        mpfi_add(v[slot + 2], v[slot + 2], a->z);
    } else {
        mpfi_set(v[slot], a->x);
        mpfi_set(v[slot + 1], a->y);
        mpfi_set(v[slot + 2], a->z);
    }
}

static void force_at_arm(ora_ws *ws, mpfi_t *v, int mo, int fo, const ora_v3 *arm, const ora_v3 *f, int add)
{
    ora_mark m = ws_mark(ws);
    ora_v3 *t = ws_v(ws);
    iv_cross(ws, t, arm, f);
    slots_v3(v, mo, t, add);
    slots_v3(v, fo, f, add);
    ws_release(ws, m);
}

void ik_force_at_arm(ora_ws *ws, mpfi_t *v, int mo, int fo, const ora_v3 *arm, const ora_v3 *f)
{
    force_at_arm(ws, v, mo, fo, arm, f, 0);
}

void ik_force_at_arm_add(ora_ws *ws, mpfi_t *v, int mo, int fo, const ora_v3 *arm, const ora_v3 *f)
{
    force_at_arm(ws, v, mo, fo, arm, f, 1);
}

void ik_friction_force_add(ora_ws *ws, mpfi_t *v, const ora_lambda *lambda, const ora_v3 *Cx, const ora_v3 *Cy,
                           const ora_v3 *pF, const ora_v3 *pB, ora_v3 *applied, ora_v3 *ft, ora_v3 *t, ora_v3 *q)
{
    iv_scale(ft, lambda->l[1], Cx);
    iv_scale(t, lambda->l[2], Cy);
    iv_add(ft, ft, t);
    ik_force_at_arm_add(ws, v, CCREF_SLOT_F2_MOMENT, CCREF_SLOT_F2_FORCE, pB, ft);
    iv_neg(q, ft);
    ik_force_at_arm_add(ws, v, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_F1_FORCE, pF, q);
    iv_scale(t, lambda->l[1], Cx);
    iv_add(applied, applied, t);
    iv_scale(t, lambda->l[2], Cy);
    iv_add(applied, applied, t);
}

/* ================================================================ exact decisions */

int ora_is_point(mpfi_srcptr x)
{
    if (mpfi_nan_p(x))
        return 0;
    return mpfr_equal_p(ORA_LEFT(x), ORA_RIGHT(x));
}

int ora_sign(mpfi_srcptr x)
{
    if (mpfi_nan_p(x))
        return ORA_SIGN_UNKNOWN;
    int sl = mpfr_sgn(ORA_LEFT(x)), sr = mpfr_sgn(ORA_RIGHT(x));
    if (sl > 0)
        return 1;
    if (sr < 0)
        return -1;
    if (sl == 0 && sr == 0)
        return 0;
    return ORA_SIGN_UNKNOWN;
}

ora_eval_status ora_undecided(ora_decisions *d, ora_decision_id id)
{
    d->undecided = id;
    return ORA_EVAL_UNDECIDED;
}

int ora_decide(ora_decisions *d, ora_decision_id id, int value, mpfr_prec_t prec)
{
    d->v[id] = (signed char)value;
    d->bits[id] = (int)prec;
    return 1;
}

ora_eval_status ora_decide_below_pow2(ora_ws *ws, ora_decisions *d, ora_decision_id id, mpfi_srcptr q, long e,
                                      mpfi_ptr x)
{
    if (d->v[id] != ORA_DEC_AUTO)
        return ORA_EVAL_OK;
    mpfi_set_ui(x, 1);
    mpfi_mul_2si(x, x, e);
    mpfi_sub(x, q, x);
    int s = ora_sign(x);
    if (s == ORA_SIGN_UNKNOWN)
        return ora_undecided(d, id);
    ora_decide(d, id, s < 0, ws_prec(ws));
    return ORA_EVAL_OK;
}

void ora_decisions_auto(ora_decisions *d)
{
    for (int i = 0; i < ORA_D_COUNT; i++) {
        d->v[i] = ORA_DEC_AUTO;
        d->bits[i] = 0;
    }
    d->undecided = ORA_D_COUNT;
}

const char *ora_decision_name(ora_decision_id d)
{
    static const char *const names[ORA_D_COUNT] = {
        [ORA_D_SINGULAR] = "singular",       [ORA_D_PARALLEL] = "parallel",
        [ORA_D_SENSE] = "sense",             [ORA_D_PERP_AXIS] = "perp_axis",
        [ORA_D_VERR_NONZERO] = "verr_nonzero", [ORA_D_W1_NONZERO] = "w1_nonzero",
        [ORA_D_SLIP_NONZERO] = "slip_nonzero", [ORA_D_IMPACT] = "impact",
        [ORA_D_COR_BRANCH] = "cor_branch",   [ORA_D_COF_BRANCH] = "cof_branch",
        [ORA_D_PLANE_AXIS] = "plane_axis",
    };
    if ((unsigned)d >= ORA_D_COUNT)
        return "input_check";
    return names[d];
}

/* |a| <= |b| decided on the enclosures: sign of |a| - |b| (exact when a and b are exact). Returns 1 (<=), 0 (>),
 * -1 undecided. */
static int abs_le(ora_ws *ws, mpfi_srcptr a, mpfi_srcptr b)
{
    ora_mark m = ws_mark(ws);
    mpfi_ptr x = ws_s(ws), y = ws_s(ws);
    mpfi_abs(x, a);
    mpfi_abs(y, b);
    mpfi_sub(x, x, y);
    int s = ora_sign(x);
    ws_release(ws, m);
    if (s == ORA_SIGN_UNKNOWN)
        return -1;
    return s <= 0;
}

int ora_perp_index(ora_ws *ws, const ora_v3 *z)
{
    /* k = (u0 <= u1) ? (u0 <= u2 ? 0 : 2) : (u1 <= u2 ? 1 : 2), u_i = |z_i| (src/common.c ccref_perp). */
    int c01 = abs_le(ws, z->x, z->y);
    if (c01 < 0)
        return -1;
    if (c01) {
        int c02 = abs_le(ws, z->x, z->z);
        if (c02 < 0)
            return -1;
        return c02 ? 0 : 2;
    }
    int c12 = abs_le(ws, z->y, z->z);
    if (c12 < 0)
        return -1;
    return c12 ? 1 : 2;
}

void ora_rotation_from_z(ora_ws *ws, ora_m3 *R, const ora_v3 *z, int k)
{
    ora_mark m = ws_mark(ws);
    ora_v3 *u = ws_v(ws), *x = ws_v(ws), *w = ws_v(ws), *y = ws_v(ws);
    iv_cross_e(u, z, k);      /* z x e_k */
    iv_unit(ws, x, u);
    iv_cross(ws, w, z, x);    /* z x x */
    iv_unit(ws, y, w);
    im_from_columns(R, x, y, z);
    ws_release(ws, m);
}

int ora_cmp_form(ora_ws *ws, mpfi_srcptr num, mpfi_srcptr den, int k, mpfi_srcptr c)
{
    /* X = num / den^(k/2), den > 0. k even: sign(num - c den^(k/2)). k odd: if num and c have different signs
     * (or one is 0) the answer follows from the signs; else sign(X - c) = sign(num) sign(num^2 - c^2 den^k). */
    ora_mark m = ws_mark(ws);
    mpfi_ptr p = ws_s(ws), t = ws_s(ws);
    int result;
    mpfi_set_ui(p, 1);
    if (k % 2 == 0) {
        for (int i = 0; i < k / 2; i++)
            mpfi_mul(p, p, den);
        mpfi_mul(p, p, c);        /* c den^(k/2) */
        mpfi_sub(t, num, p);
        result = ora_sign(t);
    } else {
        int sn = ora_sign(num);
        int sc = ora_sign(c);
        if (sn == ORA_SIGN_UNKNOWN || sc == ORA_SIGN_UNKNOWN) {
            result = ORA_SIGN_UNKNOWN;
        } else if (sn != sc || sn == 0) {
            /* X and c have different signs or one is zero: sign(X - c) = sign of the larger side. */
            result = sn > sc ? 1 : (sn < sc ? -1 : 0);
        } else {
            for (int i = 0; i < k; i++)
                mpfi_mul(p, p, den);
            mpfi_sqr(t, c);
            mpfi_mul(p, p, t);       /* c^2 den^k */
            mpfi_sqr(t, num);
            mpfi_sub(t, t, p);
            int s = ora_sign(t);
            result = s == ORA_SIGN_UNKNOWN ? s : sn * s;
        }
    }
    ws_release(ws, m);
    return result;
}
