/* ddi.h: interval arithmetic over double-double ("double-word") numbers, the arithmetic of the oracle's first stage
 * (spec/oracle.md section 9). oracle/first_stage.h, included first, compiles the oracle's own sources a second time
 * with the MPFI and MPFR calls they make mapped onto the functions below, so the first stage evaluates the same formulas, in the same
 * order, as the MPFI stage; only the arithmetic differs.
 *
 * Method. An interval is a midpoint m, a normalized double-word (the exact real m.hi + m.lo, m.hi = RN(m.hi + m.lo)),
 * and a radius r >= 0, a double: the set {v : |v - m| <= r}. Each operation forms the new midpoint from the operands'
 * midpoints with one algorithm of Joldes, Muller and Popescu (ACM TOMS 44(2), 2017; the square root: Lefevre and
 * Muller), whose relative error is below 2^-101 |z.hi|, and the new radius as an upper bound of the operands' radii
 * propagated through the operation, plus 2^-100 |z.hi| for the midpoint's own error; the radius is evaluated in round
 * to nearest and enlarged by up(), which covers its roundings. Sums and products of two doubles are formed exactly
 * (TwoSum, TwoProd) with no error term; exact zeros stay the point zero; negation and scaling by a power of two are
 * exact. The endpoints, when certification or a decision needs them, are m - r and m + r formed as double-words and
 * moved outward by 2^-96 relative (ddi_lower, ddi_upper).
 *
 * Range. The error-free transformations need their operands away from underflow and overflow: a midpoint whose
 * magnitude is nonzero and outside [2^-900, 2^900], a radius above 2^900, a NaN or infinite operand, a division by an
 * interval that may contain 0 and a square root of one that may contain negatives make the interval invalid (NaN).
 * An invalid interval propagates, is never certified, and sends the case to the MPFI stage.
 *
 * Every function is the MPFI function of the same name with mpfi_ replaced by ddi_ (return values: 0). */
#ifndef CCREF_ORACLE_DDI_H
#define CCREF_ORACLE_DDI_H

#include <math.h>

typedef struct { double hi, lo; } dde;
typedef struct { dde m; double r; } ddi_struct;   /* midpoint and radius (see "intervals" below) */
typedef ddi_struct ddi_t[1];
typedef ddi_struct *ddi_ptr;
typedef const ddi_struct *ddi_srcptr;

/* Every operation is inlined into the formula that uses it: a call costs as much as the arithmetic. */
#define DDI_INLINE static inline __attribute__((always_inline))

#define DDI_PREC 106                          /* the nominal precision reported for the first stage */
#define DDI_MIN_MAG 0x1p-900
#define DDI_MAX_MAG 0x1p+900

static const dde dde_nan = {NAN, NAN};

/* ---------------------------------------------------------------- error-free transformations */

DDI_INLINE dde two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    dde r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}

/* |a| >= |b| or a == 0 */
DDI_INLINE dde fast_two_sum(double a, double b)
{
    double s = a + b;
    dde r = {s, b - (s - a)};
    return r;
}

DDI_INLINE dde two_prod(double a, double b)
{
    double p = a * b;
    dde r = {p, fma(a, b, -p)};
    return r;
}

/* ---------------------------------------------------------------- double-word operations (nearest) */

/* AccurateDWPlusDW (Joldes et al., Algorithm 6): relative error <= 3u^2 + 13u^3. */
DDI_INLINE dde dw_add(dde x, dde y)
{
    dde s = two_sum(x.hi, y.hi), t = two_sum(x.lo, y.lo);
    double c = s.lo + t.hi;
    dde v = fast_two_sum(s.hi, c);
    double w = t.lo + v.lo;
    return fast_two_sum(v.hi, w);
}

/* DWTimesDW3 (Algorithm 12): relative error <= 4u^2. */
DDI_INLINE dde dw_mul(dde x, dde y)
{
    dde c = two_prod(x.hi, y.hi);
    double tl0 = x.lo * y.lo;
    double tl1 = fma(x.hi, y.lo, tl0);
    double cl2 = fma(x.lo, y.hi, tl1);
    double cl3 = c.lo + cl2;
    return fast_two_sum(c.hi, cl3);
}

/* DWTimesFP3 (Algorithm 9): x * y for a double y, relative error <= 2u^2. */
DDI_INLINE dde dw_mul_d(dde x, double y)
{
    dde c = two_prod(x.hi, y);
    double cl3 = fma(x.lo, y, c.lo);
    return fast_two_sum(c.hi, cl3);
}

/* DWDivDW2 (Algorithm 17): relative error <= 15u^2 + 56u^3. */
DDI_INLINE dde dw_div(dde x, dde y)
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
DDI_INLINE dde dw_sqrt(dde x)
{
    double sh = sqrt(x.hi);
    double r1 = -fma(sh, sh, -x.hi);
    double r2 = x.lo + r1;
    double sl = r2 / (2.0 * sh);
    return fast_two_sum(sh, sl);
}

/* ---------------------------------------------------------------- endpoints */

DDI_INLINE int dde_bad(dde x) { return !isfinite(x.hi) || !isfinite(x.lo); }

/* x, or NaN when it left the range the transformations are exact in. */
DDI_INLINE int dde_in_range(dde x)
{
    double a = fabs(x.hi);
    /* !(a <= MAX) is also true of a NaN; |lo| <= ulp(hi) when hi is in range, so only a NaN or infinite lo fails it */
    return a <= DDI_MAX_MAG && (a >= DDI_MIN_MAG || a == 0.0) && fabs(x.lo) <= DDI_MAX_MAG;
}

DDI_INLINE dde dde_ranged(dde x) { return dde_in_range(x) ? x : dde_nan; }

/* The nearest-rounded result z moved outward: dir < 0 gives a lower bound, dir > 0 an upper bound of the exact value
 * z approximates (relative error < 2^-101). */
DDI_INLINE dde dde_widen(dde z, int dir)
{
    z = dde_ranged(z);
    if (dde_bad(z) || z.hi == 0.0)
        return z;
    double m = fabs(z.hi) * 0x1p-96;
    double lo = dir < 0 ? z.lo - m : z.lo + m;
    return fast_two_sum(z.hi, lo);
}

DDI_INLINE dde dde_neg(dde x)
{
    dde r = {-x.hi, -x.lo};
    return r;
}

/* ---------------------------------------------------------------- intervals (the MPFI subset the oracle uses)
 * Midpoint-radius form: the interval {v : |v - m| <= r}, m a normalized double-word, r >= 0 a double (0 for a
 * point). Each operation forms the new midpoint from the midpoints with one double-word operation (relative error
 * < 2^-101 |z.hi|, or exact) and the new radius as an upper bound of the operands' propagated radii plus that error,
 * evaluated in round to nearest and then enlarged by up() (spec/oracle.md section 9). */

/* x (a sum of non-negative terms rounded to nearest, at most 16 roundings on any term's path: its own and the
 * additions above it) enlarged to an upper bound of the exact sum: (1 - u)^18 (1 + 2^-48) > 1 with up's own two
 * roundings; 2^-1060 covers the low parts lost to underflow (spec/oracle.md section 9). */
DDI_INLINE double up(double x) { return x == 0.0 ? 0.0 : x * (1.0 + 0x1p-48) + 0x1p-1060; }
/* a lower bound of a positive x computed with at most 2 roundings */
DDI_INLINE double down(double x) { return x * (1.0 - 0x1p-50); }

DDI_INLINE double dde_abs_up(dde x) { return fabs(x.hi) + fabs(x.lo); } /* |x|, up to one rounding */

/* Every interval is made by ddi_make or ddi_set_nan (or copied, negated), so a valid one has its midpoint in range
 * and 0 <= r <= DDI_MAX_MAG, and an invalid one has r = NaN: the radius alone tells them apart. */
DDI_INLINE int ddi_nan_p(ddi_srcptr a) { return isnan(a->r); }

DDI_INLINE void ddi_set_nan(ddi_ptr r)
{
    r->m = dde_nan;
    r->r = NAN;
}

/* the result (z, radius), or NaN when z left the range */
DDI_INLINE void ddi_make(ddi_ptr r, dde z, double rad)
{
    if (!dde_in_range(z) || !(rad >= 0.0 && rad <= DDI_MAX_MAG)) {
        ddi_set_nan(r);
        return;
    }
    r->m = z;
    r->r = rad;
}

/* The error bound of an inexact double-word result z (spec/oracle.md section 9): 2^-100 |z.hi| > 2^-101 |z.hi|. */
DDI_INLINE double dw_err(dde z) { return fabs(z.hi) * 0x1p-100; }

DDI_INLINE void ddi_init2(ddi_ptr r, long prec) { (void)prec; ddi_set_nan(r); }
DDI_INLINE void ddi_clear(ddi_ptr r) { (void)r; }
DDI_INLINE long ddi_get_prec(ddi_srcptr a) { (void)a; return DDI_PREC; }
DDI_INLINE int ddi_is_point(ddi_srcptr a) { return a->r == 0.0; }

DDI_INLINE int ddi_set(ddi_ptr r, ddi_srcptr a) { *r = *a; return 0; }

DDI_INLINE int ddi_set_d(ddi_ptr r, double d)
{
    dde x = {d == 0.0 ? 0.0 : d, 0.0}; /* -0 and +0 are the same point */
    ddi_make(r, x, 0.0);
    return 0;
}

DDI_INLINE int ddi_set_ui(ddi_ptr r, unsigned long u) { return ddi_set_d(r, (double)u); }
DDI_INLINE int ddi_set_si(ddi_ptr r, long s) { return ddi_set_d(r, (double)s); }

DDI_INLINE int ddi_neg(ddi_ptr r, ddi_srcptr a)
{
    r->m = dde_neg(a->m);
    r->r = a->r;
    return 0;
}

/* midpoint sum z of x and y and its error */
DDI_INLINE dde dde_sum_err(dde x, dde y, double *err)
{
    if (fabs(x.lo) + fabs(y.lo) == 0.0) {
        *err = 0.0;
        return two_sum(x.hi, y.hi); /* two doubles: exact, normalized */
    }
    dde z = dw_add(x, y);
    /* with an exact zero operand (then its lo is 0 too) every step of dw_add is exact and z is the other operand */
    *err = x.hi != 0.0 && y.hi != 0.0 ? dw_err(z) : 0.0;
    return z;
}

DDI_INLINE int ddi_add(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    /* an invalid operand (radius and midpoint NaN) makes z and the radius NaN, which ddi_make turns away */
    double err;
    dde z = dde_sum_err(a->m, b->m, &err);
    ddi_make(r, z, up(a->r + b->r + err));
    return 0;
}

DDI_INLINE int ddi_sub(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    ddi_t nb; /* a + (-b): negation is exact */
    ddi_neg(nb, b);
    return ddi_add(r, a, nb);
}

/* The propagated radius of a product, before the midpoint's error (spec/oracle.md section 9): (ma + da)(mb + db) -
 * ma mb = ma db + mb da + da db, so |ma| rb + |mb| ra + ra rb; for a square, 2 |m| r + r^2. */
DDI_INLINE double mul_radius(ddi_srcptr a, ddi_srcptr b)
{
    return dde_abs_up(a->m) * b->r + dde_abs_up(b->m) * a->r + a->r * b->r;
}

DDI_INLINE double sqr_radius(ddi_srcptr a) { return 2.0 * dde_abs_up(a->m) * a->r + a->r * a->r; }

/* midpoint product z of x and y and its error */
DDI_INLINE dde dde_prod_err(dde x, dde y, double *err)
{
    int doubles = fabs(x.lo) + fabs(y.lo) == 0.0; /* both operands doubles: one test for the two low parts */
    dde z = doubles ? two_prod(x.hi, y.hi) /* exact when in range */ : dw_mul(x, y);
    *err = doubles ? 0.0 : dw_err(z);
    if (!(fabs(z.hi) >= DDI_MIN_MAG)) { /* rare: a zero, tiny or NaN product, told apart here */
        *err = 0.0;
        if (x.hi == 0.0 || y.hi == 0.0) { /* an exact zero operand (then lo = 0): the exact zero */
            dde zero = {0.0, 0.0};
            return zero;
        }
        /* the product of two nonzero numbers is nonzero: a zero or tiny z.hi is an underflow, outside the range */
        return dde_nan;
    }
    return z;
}

/* a * b: the radius is mul_radius(a, b) plus the midpoint's error */
DDI_INLINE int ddi_mul(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    /* one test each for "either invalid" and "both points": valid radii are in [0, 2^900], so their sum is NaN
     * exactly when one of them is, and 0 exactly when both are */
    double rsum = a->r + b->r;
    if (isnan(rsum)) {
        ddi_set_nan(r);
        return 0;
    }
    double err;
    dde z = dde_prod_err(a->m, b->m, &err);
    double rad = rsum == 0.0 ? err : up(mul_radius(a, b) + err);
    ddi_make(r, z, rad);
    return 0;
}

DDI_INLINE int ddi_sqr(ddi_ptr r, ddi_srcptr a)
{
    if (ddi_nan_p(a)) {
        ddi_set_nan(r);
        return 0;
    }
    double err;
    dde z = dde_prod_err(a->m, a->m, &err);
    double rad = a->r == 0.0 ? err : up(sqr_radius(a) + err);
    ddi_make(r, z, rad);
    return 0;
}

/* ---------------------------------------------------------------- fused sums of products
 * a0 b0 + a1 b1 + a2 b2, a0 b0 - a1 b1 and a0^2 + a1^2 + a2^2 (dot and cross products, matrix products) as one
 * operation. The midpoint is formed by the same double-word operations, in the same order, as the sequence of ddi_mul
 * (ddi_sqr) and ddi_add (ddi_sub) would form it: the same double-word. The radius is one bound for the whole sum, each
 * product's propagated radius (|ma| rb + |mb| ra + ra rb, or 2 |m| r + r^2) plus the error of every inexact midpoint
 * operation, enlarged once by up() (spec/oracle.md section 9, "Fused sums of products"); the separate operations'
 * intermediate radii, up() calls and validity tests are saved. Range: a product that underflows is NaN
 * (dde_prod_err), every partial sum is tested (bad); an invalid operand makes rad NaN. */
typedef struct { dde z; double rad; int bad; } ddi_acc;

DDI_INLINE dde ddi_acc_prod(ddi_acc *s, ddi_srcptr a, ddi_srcptr b)
{
    double err;
    dde p = dde_prod_err(a->m, b->m, &err); /* NaN if it underflowed; a product above the range (up to 2^1800, then
                                                 infinite) cannot come back into it unnoticed: the sums are tested */
    double rsum = a->r + b->r; /* 0 exactly when both are points, NaN when either is invalid (ddi_mul) */
    s->rad += rsum == 0.0 ? err : mul_radius(a, b) + err;
    return p;
}

DDI_INLINE dde ddi_acc_sqr(ddi_acc *s, ddi_srcptr a)
{
    double err;
    dde p = dde_prod_err(a->m, a->m, &err);
    s->rad += a->r == 0.0 ? err : sqr_radius(a) + err;
    return p;
}

/* s + p (sub = 0) or s - p (sub = 1) */
DDI_INLINE void ddi_acc_sum(ddi_acc *s, dde p, int sub)
{
    double err;
    s->z = dde_sum_err(s->z, sub ? dde_neg(p) : p, &err);
    s->bad |= !dde_in_range(s->z);
    s->rad += err;
}

DDI_INLINE void ddi_acc_end(ddi_ptr r, const ddi_acc *s)
{
    if (s->bad || isnan(s->rad)) {
        ddi_set_nan(r);
        return;
    }
    ddi_make(r, s->z, up(s->rad));
}

/* r = a0 b0 + a1 b1 + a2 b2 */
DDI_INLINE void ddi_dot3(ddi_ptr r, ddi_srcptr a0, ddi_srcptr b0, ddi_srcptr a1, ddi_srcptr b1, ddi_srcptr a2,
                         ddi_srcptr b2)
{
    ddi_acc s = {{0.0, 0.0}, 0.0, 0};
    s.z = ddi_acc_prod(&s, a0, b0);
    ddi_acc_sum(&s, ddi_acc_prod(&s, a1, b1), 0);
    ddi_acc_sum(&s, ddi_acc_prod(&s, a2, b2), 0);
    ddi_acc_end(r, &s);
}

/* r = a0 b0 - a1 b1 */
DDI_INLINE void ddi_mul_sub_mul(ddi_ptr r, ddi_srcptr a0, ddi_srcptr b0, ddi_srcptr a1, ddi_srcptr b1)
{
    ddi_acc s = {{0.0, 0.0}, 0.0, 0};
    s.z = ddi_acc_prod(&s, a0, b0);
    ddi_acc_sum(&s, ddi_acc_prod(&s, a1, b1), 1);
    ddi_acc_end(r, &s);
}

/* r = a0^2 + a1^2 + a2^2 */
DDI_INLINE void ddi_sqr3(ddi_ptr r, ddi_srcptr a0, ddi_srcptr a1, ddi_srcptr a2)
{
    ddi_acc s = {{0.0, 0.0}, 0.0, 0};
    s.z = ddi_acc_sqr(&s, a0);
    ddi_acc_sum(&s, ddi_acc_sqr(&s, a1), 0);
    ddi_acc_sum(&s, ddi_acc_sqr(&s, a2), 0);
    ddi_acc_end(r, &s);
}

/* a / b for b not containing 0: |(ma + da)/(mb + db) - ma/mb| <= (ra + |ma/mb| rb) / (|mb| - rb), plus the
 * midpoint's error. */
DDI_INLINE int ddi_div(ddi_ptr r, ddi_srcptr a, ddi_srcptr b)
{
    if (ddi_nan_p(a) || ddi_nan_p(b) || b->m.hi == 0.0) {
        ddi_set_nan(r);
        return 0;
    }
    double den = down(down(fabs(b->m.hi) - fabs(b->m.lo)) - b->r); /* <= |mb| - rb */
    if (!(den > 0.0)) {
        ddi_set_nan(r);
        return 0;
    }
    dde z = {0.0, 0.0};
    double err = 0.0;
    if (a->m.hi != 0.0) {
        z = dw_div(a->m, b->m);
        if (fabs(z.hi) < DDI_MIN_MAG) { /* a nonzero quotient that underflowed */
            ddi_set_nan(r);
            return 0;
        }
        err = dw_err(z);
    }
    double rad = a->r == 0.0 && b->r == 0.0 ? err : up((a->r + dde_abs_up(z) * (1.0 + 0x1p-48) * b->r) / den + err);
    ddi_make(r, z, rad);
    return 0;
}

/* sqrt(a) for a >= 0: |sqrt(v) - sqrt(m)| = |v - m| / (sqrt(v) + sqrt(m)) <= r / sqrt(m), plus the midpoint's error;
 * requires m - r >= 0 (else NaN: the MPFI stage decides). */
DDI_INLINE int ddi_sqrt(ddi_ptr r, ddi_srcptr a)
{
    if (ddi_nan_p(a) || a->m.hi < 0.0 || down(down(a->m.hi) - fabs(a->m.lo)) < a->r) {
        ddi_set_nan(r);
        return 0;
    }
    if (a->m.hi == 0.0) { /* then r == 0: the point 0 */
        ddi_make(r, a->m, 0.0);
        return 0;
    }
    dde z = dw_sqrt(a->m);
    double err = dw_err(z);
    double rad = a->r == 0.0 ? err : up(a->r / down(fabs(z.hi) * (1.0 - 0x1p-50)) + err);
    ddi_make(r, z, rad);
    return 0;
}

/* lower and upper endpoints as normalized double-words (a point: m itself) */
DDI_INLINE dde ddi_lower(ddi_srcptr a)
{
    if (ddi_nan_p(a))
        return dde_nan;
    if (a->r == 0.0)
        return a->m;
    dde z = dw_add(a->m, (dde){-a->r, 0.0});
    return z.hi == 0.0 ? (dde){-0x1p-1074, 0.0} : dde_widen(z, -1);
}

DDI_INLINE dde ddi_upper(ddi_srcptr a)
{
    if (ddi_nan_p(a))
        return dde_nan;
    if (a->r == 0.0)
        return a->m;
    dde z = dw_add(a->m, (dde){a->r, 0.0});
    return z.hi == 0.0 ? (dde){0x1p-1074, 0.0} : dde_widen(z, +1);
}

DDI_INLINE int ddi_abs(ddi_ptr r, ddi_srcptr a)
{
    if (ddi_nan_p(a)) {
        ddi_set_nan(r);
        return 0;
    }
    dde l = ddi_lower(a), h = ddi_upper(a);
    if (dde_bad(l) || dde_bad(h)) {
        ddi_set_nan(r);
        return 0;
    }
    if (l.hi >= 0.0) {
        *r = *a;
    } else if (h.hi <= 0.0) {
        ddi_neg(r, a);
    } else { /* [0, U], U >= |m| + r: midpoint U/2, radius U/2 (exact halving) */
        double U = up(dde_abs_up(a->m) + a->r);
        dde z = {U * 0.5, 0.0};
        ddi_make(r, z, U * 0.5);
    }
    return 0;
}

/* 2^e a: exact unless the result leaves the range (then NaN). */
DDI_INLINE dde dde_scale(dde x, long e)
{
    if (dde_bad(x) || x.hi == 0.0)
        return x;
    if (e < -1800 || e > 1800)
        return dde_nan;
    dde r = {ldexp(x.hi, (int)e), ldexp(x.lo, (int)e)};
    if (r.hi == 0.0) /* a nonzero number scaled to zero: underflow */
        return dde_nan;
    r = dde_ranged(r);
    /* the low part must not have lost bits to underflow: scale back and compare */
    if (!dde_bad(r) && ldexp(r.lo, (int)-e) != x.lo)
        return dde_nan;
    return r;
}

DDI_INLINE int ddi_mul_2si(ddi_ptr r, ddi_srcptr a, long e)
{
    if (ddi_nan_p(a)) {
        ddi_set_nan(r);
        return 0;
    }
    double rad = a->r == 0.0 ? 0.0 : up(ldexp(a->r, (int)(e < -1800 ? -1800 : e > 1800 ? 1800 : e)));
    ddi_make(r, dde_scale(a->m, e), rad);
    return 0;
}

DDI_INLINE int ddi_mul_si(ddi_ptr r, ddi_srcptr a, long s)
{
    ddi_t t;
    ddi_set_si(t, s);
    return ddi_mul(r, a, t);
}

DDI_INLINE int ddi_sub_d(ddi_ptr r, ddi_srcptr a, double d)
{
    ddi_t t;
    ddi_set_d(t, d);
    return ddi_sub(r, a, t);
}

DDI_INLINE int ddi_sub_ui(ddi_ptr r, ddi_srcptr a, unsigned long u)
{
    ddi_t t;
    ddi_set_ui(t, u);
    return ddi_sub(r, a, t);
}

DDI_INLINE int ddi_ui_sub(ddi_ptr r, unsigned long u, ddi_srcptr a)
{
    ddi_t t;
    ddi_set_ui(t, u);
    return ddi_sub(r, t, a);
}

DDI_INLINE int ddi_ui_div(ddi_ptr r, unsigned long u, ddi_srcptr a)
{
    ddi_t t;
    ddi_set_ui(t, u);
    return ddi_div(r, t, a);
}

/* ---------------------------------------------------------------- the MPFR calls the oracle makes on endpoints */

DDI_INLINE int dde_number_p(const dde *x) { return !dde_bad(*x); }
DDI_INLINE double dde_get_d(const dde *x) { return x->hi + x->lo; } /* RN(hi + lo): one rounding of the exact sum */
DDI_INLINE int dde_equal_p(const dde *a, const dde *b) { return a->hi == b->hi && a->lo == b->lo; }
DDI_INLINE int dde_zero_p(const dde *x) { return x->hi == 0.0; }
DDI_INLINE int dde_sgn(const dde *x) { return x->hi > 0.0 ? 1 : x->hi < 0.0 ? -1 : 0; }

/* The midpoint (information only: the value reported for an uncertified output). */
DDI_INLINE int ddi_mid(dde *m, ddi_srcptr a)
{
    *m = a->m;
    return 0;
}

#endif
