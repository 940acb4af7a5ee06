/* ddi.h: interval arithmetic on double-double ("double-word") endpoints, the arithmetic of the oracle's first
 * stage (spec/oracle.md section 9). oracle/first_stage.c compiles the oracle's own sources a second time with the
 * MPFI and MPFR calls they make mapped onto the functions below, so the first stage evaluates the same formulas, in
 * the same order, as the MPFI stage; only the arithmetic differs.
 *
 * Method. An endpoint is the exact real hi + lo of two doubles with hi = RN(hi + lo) (a normalized double-word). Every
 * operation on endpoints computes a double-word z with one of the algorithms of Joldes, Muller and Popescu (ACM TOMS
 * 44(2), 2017; double-word square root: Lefevre and Muller), whose relative error is at most 15u^2 + 56u^3 < 2^-101
 * (u = 2^-53), then moves z outward by m = 2^-96 |z.hi|: the lower endpoint is z - m, the upper z + m, each formed
 * as hi + RN(lo -+ m), which errs by at most 2^-106 |z.hi|. Since |z - exact| <= 2^-100 |z.hi|, the result
 * encloses the exact value with a margin of more than 2^-97 |z.hi| (spec/oracle.md section 9 has the derivation).
 * Sums and products of two doubles are formed exactly (TwoSum, TwoProd) and not widened; results that are exactly
 * zero stay the point zero; negation and scaling by a power of two are exact.
 *
 * Range. The error-free transformations need their operands away from underflow and overflow: an endpoint whose
 * magnitude is nonzero and outside [2^-900, 2^900] makes the interval invalid (NaN), and so does a NaN or infinite
 * operand, a division by an interval containing 0, or a square root of an interval with a negative endpoint. An
 * invalid interval propagates, is never certified, and sends the case to the MPFI stage.
 *
 * Every function is the MPFI function of the same name with mpfi_ replaced by ddi_ (return values: 0). */
#ifndef CCREF_ORACLE_DDI_H
#define CCREF_ORACLE_DDI_H

#include <math.h>

typedef struct { double hi, lo; } dde;
typedef struct { dde left, right; } ddi_struct;
typedef ddi_struct ddi_t[1];
typedef ddi_struct *ddi_ptr;
typedef const ddi_struct *ddi_srcptr;

#define DDI_PREC 106                          /* the nominal precision reported for the first stage */
#define DDI_MIN_MAG 0x1p-900
#define DDI_MAX_MAG 0x1p+900

static const dde dde_nan = {NAN, NAN};

/* ---------------------------------------------------------------- error-free transformations */

static inline dde two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    dde r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}

/* |a| >= |b| or a == 0 */
static inline dde fast_two_sum(double a, double b)
{
    double s = a + b;
    dde r = {s, b - (s - a)};
    return r;
}

static inline dde two_prod(double a, double b)
{
    double p = a * b;
    dde r = {p, fma(a, b, -p)};
    return r;
}

/* ---------------------------------------------------------------- double-word operations (nearest) */

/* AccurateDWPlusDW (Joldes et al., Algorithm 6): relative error <= 3u^2 + 13u^3. */
static inline dde dw_add(dde x, dde y)
{
    dde s = two_sum(x.hi, y.hi), t = two_sum(x.lo, y.lo);
    double c = s.lo + t.hi;
    dde v = fast_two_sum(s.hi, c);
    double w = t.lo + v.lo;
    return fast_two_sum(v.hi, w);
}

/* DWTimesDW3 (Algorithm 12): relative error <= 4u^2. */
static inline dde dw_mul(dde x, dde y)
{
    dde c = two_prod(x.hi, y.hi);
    double tl0 = x.lo * y.lo;
    double tl1 = fma(x.hi, y.lo, tl0);
    double cl2 = fma(x.lo, y.hi, tl1);
    double cl3 = c.lo + cl2;
    return fast_two_sum(c.hi, cl3);
}

/* DWTimesFP3 (Algorithm 9): x * y for a double y, relative error <= 2u^2. */
static inline dde dw_mul_d(dde x, double y)
{
    dde c = two_prod(x.hi, y);
    double cl3 = fma(x.lo, y, c.lo);
    return fast_two_sum(c.hi, cl3);
}

/* DWDivDW2 (Algorithm 17): relative error <= 15u^2 + 56u^3. */
static inline dde dw_div(dde x, dde y)
{
    double th = x.hi / y.hi;
    dde r = dw_mul_d(y, th);
    dde pi = two_sum(x.hi, -r.hi);
    double dh = pi.lo - r.lo;
    double dl = dh + x.lo;
    double d = pi.hi + dl;
    double tl = d / y.hi;
    return fast_two_sum(th, tl);
}

/* SQRTDWtoDW (Lefevre and Muller): relative error <= 25/8 u^2 (x > 0). */
static inline dde dw_sqrt(dde x)
{
    double sh = sqrt(x.hi);
    double r1 = -fma(sh, sh, -x.hi);
    double r2 = x.lo + r1;
    double sl = r2 / (2.0 * sh);
    return fast_two_sum(sh, sl);
}

/* ---------------------------------------------------------------- endpoints */

static inline int dde_bad(dde x) { return !isfinite(x.hi) || !isfinite(x.lo); }

/* x, or NaN when it left the range the transformations are exact in. */
static inline dde dde_ranged(dde x)
{
    double a = fabs(x.hi);
    if (dde_bad(x) || (a != 0.0 && (a < DDI_MIN_MAG || a > DDI_MAX_MAG)))
        return dde_nan;
    return x;
}

/* The nearest-rounded result z moved outward: dir < 0 gives a lower bound, dir > 0 an upper bound of the exact value
 * z approximates (relative error < 2^-101). */
static inline dde dde_widen(dde z, int dir)
{
    z = dde_ranged(z);
    if (dde_bad(z) || z.hi == 0.0)
        return z;
    double m = fabs(z.hi) * 0x1p-96;
    double lo = dir < 0 ? z.lo - m : z.lo + m;
    return fast_two_sum(z.hi, lo);
}

static inline dde dde_neg(dde x)
{
    dde r = {-x.hi, -x.lo};
    return r;
}

/* Value order of normalized double-words: (hi, lo) lexicographically (RN is monotone). */
static inline int dde_lt(dde a, dde b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }
static inline dde dde_min(dde a, dde b) { return dde_lt(b, a) ? b : a; }
static inline dde dde_max(dde a, dde b) { return dde_lt(a, b) ? b : a; }

static inline dde dde_add(dde x, dde y, int dir)
{
    if (dde_bad(x) || dde_bad(y))
        return dde_nan;
    if (x.lo == 0.0 && y.lo == 0.0) /* exact, and normalized: |s.lo| <= ulp(s.hi)/2 */
        return dde_ranged(two_sum(x.hi, y.hi));
    if (y.hi == 0.0)
        return x;
    if (x.hi == 0.0)
        return y;
    return dde_widen(dw_add(x, y), dir);
}

static inline dde dde_mul(dde x, dde y, int dir)
{
    if (dde_bad(x) || dde_bad(y))
        return dde_nan;
    if (x.hi == 0.0 || y.hi == 0.0) {
        dde z = {0.0, 0.0};
        return z;
    }
    if (x.lo == 0.0 && y.lo == 0.0) /* exact (the range check keeps the product's low part representable) */
        return dde_ranged(two_prod(x.hi, y.hi));
    return dde_widen(dw_mul(x, y), dir);
}

static inline dde dde_div(dde x, dde y, int dir)
{
    if (dde_bad(x) || dde_bad(y) || y.hi == 0.0)
        return dde_nan;
    if (x.hi == 0.0)
        return x;
    return dde_widen(dw_div(x, y), dir);
}

/* ---------------------------------------------------------------- intervals (the MPFI subset the oracle uses) */

static inline int ddi_nan_p(ddi_srcptr a) { return dde_bad(a->left) || dde_bad(a->right); }

static inline void ddi_set_nan(ddi_ptr r) { r->left = r->right = dde_nan; }

/* [l, r], or NaN when either end is invalid */
static inline void ddi_make(ddi_ptr r, dde l, dde h)
{
    if (dde_bad(l) || dde_bad(h)) {
        ddi_set_nan(r);
        return;
    }
    r->left = l;
    r->right = h;
}

static inline void ddi_init2(ddi_ptr r, long prec) { (void)prec; ddi_set_nan(r); }
static inline void ddi_clear(ddi_ptr r) { (void)r; }
static inline long ddi_get_prec(ddi_srcptr a) { (void)a; return DDI_PREC; }

static inline int ddi_set(ddi_ptr r, ddi_srcptr a) { *r = *a; return 0; }

static inline int ddi_set_d(ddi_ptr r, double d)
{
    dde x = {d, 0.0};
    x = dde_ranged(x);
    if (d == 0.0)
        x.hi = 0.0; /* -0 and +0 are the same point */
    ddi_make(r, x, x);
    return 0;
}

static inline int ddi_set_ui(ddi_ptr r, unsigned long u) { return ddi_set_d(r, (double)u); }
static inline int ddi_set_si(ddi_ptr r, long s) { return ddi_set_d(r, (double)s); }

static inline int ddi_neg(ddi_ptr r, ddi_srcptr a)
{
    dde l = dde_neg(a->right), h = dde_neg(a->left);
    ddi_make(r, l, h);
    return 0;
}

static inline int dde_is_point(ddi_srcptr a) { return a->left.hi == a->right.hi && a->left.lo == a->right.lo; }

/* Sign of an interval's position relative to 0: 1 when a >= 0, -1 when a <= 0, 0 when it contains 0 inside. */
static inline int ddi_side(ddi_srcptr a) { return a->left.hi >= 0.0 ? 1 : a->right.hi <= 0.0 ? -1 : 0; }

/* The product of two endpoints, rounded down and up from one double-word product. */
static inline void dde_mul2(dde x, dde y, dde *lo, dde *hi)
{
    if (dde_bad(x) || dde_bad(y)) {
        *lo = *hi = dde_nan;
    } else if (x.hi == 0.0 || y.hi == 0.0) {
        lo->hi = lo->lo = hi->hi = hi->lo = 0.0;
    } else if (x.lo == 0.0 && y.lo == 0.0) {
        *lo = *hi = dde_ranged(two_prod(x.hi, y.hi));
    } else {
        dde z = dw_mul(x, y);
        *lo = dde_widen(z, -1);
        *hi = dde_widen(z, +1);
    }
}

/* The endpoints each product contributes follow from the signs (the nine cases of interval multiplication), so
 * that at most two products are formed, or four when both intervals contain 0 inside. */
static inline int ddi_mul(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    if (ddi_nan_p(a) || ddi_nan_p(b)) {
        ddi_set_nan(r);
        return 0;
    }
    dde l, h, t;
    if (dde_is_point(a) && dde_is_point(b)) {
        dde_mul2(a->left, b->left, &l, &h);
        ddi_make(r, l, h);
        return 0;
    }
    const dde al = a->left, ar = a->right, bl = b->left, br = b->right;
    const int sa = ddi_side(a), sb = ddi_side(b);
    if (sa == 0 && sb == 0) {
        dde l2, h2;
        dde_mul2(al, br, &l, &t);
        dde_mul2(ar, bl, &l2, &t);
        dde_mul2(al, bl, &t, &h);
        dde_mul2(ar, br, &t, &h2);
        ddi_make(r, dde_min(l, l2), dde_max(h, h2));
        return 0;
    }
    /* the endpoints (x1 * y1 rounded down, x2 * y2 rounded up) of the other eight cases */
    dde x1, y1, x2, y2;
    if (sa > 0) {
        if (sb > 0) { x1 = al; y1 = bl; x2 = ar; y2 = br; }
        else if (sb < 0) { x1 = ar; y1 = bl; x2 = al; y2 = br; }
        else { x1 = ar; y1 = bl; x2 = ar; y2 = br; }
    } else if (sa < 0) {
        if (sb > 0) { x1 = al; y1 = br; x2 = ar; y2 = bl; }
        else if (sb < 0) { x1 = ar; y1 = br; x2 = al; y2 = bl; }
        else { x1 = al; y1 = br; x2 = al; y2 = bl; }
    } else {
        if (sb > 0) { x1 = al; y1 = br; x2 = ar; y2 = br; }
        else { x1 = ar; y1 = bl; x2 = al; y2 = bl; }
    }
    dde_mul2(x1, y1, &l, &t);
    dde_mul2(x2, y2, &t, &h);
    ddi_make(r, l, h);
    return 0;
}

/* x + y rounded down and up from one double-word sum. */
static inline void dde_add2(dde x, dde y, dde *lo, dde *hi)
{
    if (dde_bad(x) || dde_bad(y)) {
        *lo = *hi = dde_nan;
    } else if (x.lo == 0.0 && y.lo == 0.0) {
        *lo = *hi = dde_add(x, y, 0); /* exact */
    } else if (y.hi == 0.0 || x.hi == 0.0) {
        *lo = *hi = y.hi == 0.0 ? x : y;
    } else {
        dde z = dw_add(x, y);
        *lo = dde_widen(z, -1);
        *hi = dde_widen(z, +1);
    }
}

static inline int ddi_add(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    dde l, h, t;
    if (dde_is_point(a) && dde_is_point(b)) {
        dde_add2(a->left, b->left, &l, &h);
    } else {
        l = dde_add(a->left, b->left, -1);
        h = dde_add(a->right, b->right, +1);
        (void)t;
    }
    ddi_make(r, l, h);
    return 0;
}

static inline int ddi_sub(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    dde l, h;
    if (dde_is_point(a) && dde_is_point(b)) {
        dde_add2(a->left, dde_neg(b->left), &l, &h);
    } else {
        l = dde_add(a->left, dde_neg(b->right), -1);
        h = dde_add(a->right, dde_neg(b->left), +1);
    }
    ddi_make(r, l, h);
    return 0;
}

static inline int ddi_div(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    if (ddi_nan_p(a) || ddi_nan_p(b) || !(b->left.hi > 0.0 || b->right.hi < 0.0)) {
        ddi_set_nan(r);
        return 0;
    }
    const dde e[4][2] = {{a->left, b->left}, {a->left, b->right}, {a->right, b->left}, {a->right, b->right}};
    dde l = dde_div(e[0][0], e[0][1], -1), h = dde_div(e[0][0], e[0][1], +1);
    for (int i = 1; i < 4; i++) {
        dde ql = dde_div(e[i][0], e[i][1], -1), qh = dde_div(e[i][0], e[i][1], +1);
        if (dde_bad(ql) || dde_bad(qh)) {
            ddi_set_nan(r);
            return 0;
        }
        l = dde_min(l, ql);
        h = dde_max(h, qh);
    }
    ddi_make(r, l, h);
    return 0;
}

static inline int ddi_sqr(ddi_ptr r, ddi_srcptr a)
{
    if (ddi_nan_p(a)) {
        ddi_set_nan(r);
        return 0;
    }
    dde lo = a->left, hi = a->right;
    if (lo.hi >= 0.0) {
        ddi_make(r, dde_mul(lo, lo, -1), dde_mul(hi, hi, +1));
    } else if (hi.hi <= 0.0) {
        ddi_make(r, dde_mul(hi, hi, -1), dde_mul(lo, lo, +1));
    } else {
        dde z = {0.0, 0.0};
        ddi_make(r, z, dde_max(dde_mul(lo, lo, +1), dde_mul(hi, hi, +1)));
    }
    return 0;
}

static inline dde dde_sqrt(dde x, int dir)
{
    if (dde_bad(x) || x.hi < 0.0)
        return dde_nan;
    if (x.hi == 0.0)
        return x;
    return dde_widen(dw_sqrt(x), dir);
}

static inline int ddi_sqrt(ddi_ptr r, ddi_srcptr a)
{
    if (ddi_nan_p(a) || a->left.hi < 0.0) {
        ddi_set_nan(r);
        return 0;
    }
    ddi_make(r, dde_sqrt(a->left, -1), dde_sqrt(a->right, +1));
    return 0;
}

static inline int ddi_abs(ddi_ptr r, ddi_srcptr a)
{
    if (ddi_nan_p(a)) {
        ddi_set_nan(r);
        return 0;
    }
    if (a->left.hi >= 0.0) {
        *r = *a;
    } else if (a->right.hi <= 0.0) {
        ddi_neg(r, a);
    } else {
        dde z = {0.0, 0.0};
        ddi_make(r, z, dde_max(dde_neg(a->left), a->right));
    }
    return 0;
}

/* 2^e a: exact unless the result leaves the range (then NaN). */
static inline dde dde_scale(dde x, long e)
{
    if (dde_bad(x) || x.hi == 0.0)
        return x;
    if (e < -1800 || e > 1800)
        return dde_nan;
    dde r = {ldexp(x.hi, (int)e), ldexp(x.lo, (int)e)};
    r = dde_ranged(r);
    /* the low part must not have lost bits to underflow: scale back and compare */
    if (!dde_bad(r) && ldexp(r.lo, (int)-e) != x.lo)
        return dde_nan;
    return r;
}

static inline int ddi_mul_2si(ddi_ptr r, ddi_srcptr a, long e)
{
    ddi_make(r, dde_scale(a->left, e), dde_scale(a->right, e));
    return 0;
}

static inline int ddi_mul_si(ddi_ptr r, ddi_srcptr a, long s)
{
    ddi_t t;
    ddi_set_si(t, s);
    return ddi_mul(r, a, t);
}

static inline int ddi_sub_d(ddi_ptr r, ddi_srcptr a, double d)
{
    ddi_t t;
    ddi_set_d(t, d);
    return ddi_sub(r, a, t);
}

static inline int ddi_sub_ui(ddi_ptr r, ddi_srcptr a, unsigned long u)
{
    ddi_t t;
    ddi_set_ui(t, u);
    return ddi_sub(r, a, t);
}

static inline int ddi_ui_sub(ddi_ptr r, unsigned long u, ddi_srcptr a)
{
    ddi_t t;
    ddi_set_ui(t, u);
    return ddi_sub(r, t, a);
}

static inline int ddi_ui_div(ddi_ptr r, unsigned long u, ddi_srcptr a)
{
    ddi_t t;
    ddi_set_ui(t, u);
    return ddi_div(r, t, a);
}

/* ---------------------------------------------------------------- the MPFR calls the oracle makes on endpoints */

static inline int dde_number_p(const dde *x) { return !dde_bad(*x); }
static inline double dde_get_d(const dde *x) { return x->hi + x->lo; } /* RN(hi + lo): one rounding of the exact sum */
static inline int dde_equal_p(const dde *a, const dde *b) { return a->hi == b->hi && a->lo == b->lo; }
static inline int dde_zero_p(const dde *x) { return x->hi == 0.0; }
static inline int dde_sgn(const dde *x) { return x->hi > 0.0 ? 1 : x->hi < 0.0 ? -1 : 0; }

/* The midpoint (information only: the value reported for an uncertified output). */
static inline int ddi_mid(dde *m, ddi_srcptr a)
{
    m->hi = 0.5 * a->left.hi + 0.5 * a->right.hi;
    m->lo = 0.0;
    return 0;
}

#endif
