/* test_ddi.c: the first stage's interval arithmetic (oracle/ddi.h, spec/oracle.md section 9) against MPFR. For
 * random double-word intervals (points, narrow and wide, on either side of 0 and around it, exact doubles), every
 * operation's result must enclose the exact range of the operation over its operands (computed by MPFR with directed
 * rounding at 600 bits, far beyond the 2^-97 margin), and on point operands it must also be narrow (relative width at
 * most 2^-92), so that the first stage certifies what it should. NaN only where the operation may be undefined (a
 * divisor that may contain 0, a square-root operand that may reach below 0). */
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#include "../oracle/ddi.h"
#include "testlib.h"

#define PREC 600

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static double unif(void) { return (double)(next() >> 11) * 0x1p-53; } /* [0, 1) */

/* A normalized double-word near magnitude 2^e, with a random low part (or none). */
static dde random_dde(int e)
{
    double hi = ldexp(1.0 + unif(), e) * ((next() & 1) ? -1.0 : 1.0);
    double lo = (next() % 4 == 0) ? 0.0 : hi * (unif() - 0.5) * 0x1p-53;
    return fast_two_sum(hi, lo);
}

/* A random interval: a point, a narrow or a wide one, or one around 0 (radius above |m|). */
static void random_interval(ddi_ptr r)
{
    int e = (int)(next() % 121) - 60;
    r->m = random_dde(e);
    switch (next() % 5) {
    case 0: /* point */
    case 1: r->r = 0.0; break;
    case 2: r->r = fabs(r->m.hi) * ldexp(unif(), -(int)(next() % 80) - 20); break; /* narrow */
    case 3: r->r = fabs(r->m.hi) * unif(); break;                                  /* wide */
    default: r->r = fabs(r->m.hi) * (1.0 + 4.0 * unif()); break;                  /* around 0 */
    }
}

static void set_dde(mpfr_t m, dde x)
{
    mpfr_set_d(m, x.hi, MPFR_RNDN);
    mpfr_add_d(m, m, x.lo, MPFR_RNDN); /* exact at PREC */
}

/* dde <= m (le = 1) or dde >= m (le = 0) */
static int dde_cmp_ok(dde x, mpfr_srcptr m, int le)
{
    mpfr_t t;
    mpfr_init2(t, PREC);
    set_dde(t, x);
    int c = mpfr_cmp(t, m);
    mpfr_clear(t);
    return le ? c <= 0 : c >= 0;
}

typedef enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQR, OP_SQRT, OP_ABS, OP_COUNT } op_t;

static long failures_enclose, failures_width, failures_nan, checked;

/* The exact range [lo, hi] of op over the intervals a and b (b unused by the unary operations), at PREC with outward
 * rounding: the extremes over the corners (monotone pieces), plus 0 for sqr/abs around 0. */
static void exact_range(op_t op, ddi_srcptr a, ddi_srcptr b, mpfr_t lo, mpfr_t hi)
{
    mpfr_t t, x, y;
    mpfr_inits2(PREC, t, x, y, (mpfr_ptr)0);
    mpfr_set_inf(lo, 1);
    mpfr_set_inf(hi, -1);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            set_dde(x, a->m); /* the corners m -+ r, exact at PREC */
            mpfr_add_d(x, x, i ? a->r : -a->r, MPFR_RNDN);
            set_dde(y, b->m);
            mpfr_add_d(y, y, j ? b->r : -b->r, MPFR_RNDN);
            for (int rnd = 0; rnd < 2; rnd++) {
                mpfr_rnd_t m = rnd ? MPFR_RNDU : MPFR_RNDD;
                switch (op) {
                case OP_ADD: mpfr_add(t, x, y, m); break;
                case OP_SUB: mpfr_sub(t, x, y, m); break;
                case OP_MUL: mpfr_mul(t, x, y, m); break;
                case OP_DIV: mpfr_div(t, x, y, m); break;
                case OP_SQR: mpfr_sqr(t, x, m); break;
                case OP_SQRT: mpfr_sqrt(t, x, m); break;
                default: mpfr_abs(t, x, m); break;
                }
                if (rnd)
                    mpfr_max(hi, hi, t, MPFR_RNDU);
                else
                    mpfr_min(lo, lo, t, MPFR_RNDD);
            }
        }
    if ((op == OP_SQR || op == OP_ABS) && a->r > fabs(a->m.hi))
        mpfr_set_zero(lo, 1);
    mpfr_clears(t, x, y, (mpfr_ptr)0);
}

static void check_op(op_t op, ddi_srcptr a, ddi_srcptr b)
{
    ddi_t r;
    switch (op) {
    case OP_ADD: ddi_add(r, a, b); break;
    case OP_SUB: ddi_sub(r, a, b); break;
    case OP_MUL: ddi_mul(r, a, b); break;
    case OP_DIV: ddi_div(r, a, b); break;
    case OP_SQR: ddi_sqr(r, a); break;
    case OP_SQRT: ddi_sqrt(r, a); break;
    default: ddi_abs(r, a); break;
    }
    /* NaN is allowed where the operation may be undefined: a divisor within 2^-40 of containing 0, a square-root
     * operand within 2^-40 of reaching below 0 (the bounds are checked conservatively) */
    int b_near_zero = b->r >= fabs(b->m.hi) * (1.0 - 0x1p-40);
    int a_near_neg = a->m.hi < 0.0 || a->r >= fabs(a->m.hi) * (1.0 - 0x1p-40);
    if (ddi_nan_p(r)) {
        int allowed = (op == OP_DIV && b_near_zero) || (op == OP_SQRT && a_near_neg);
        failures_nan += !allowed;
        return;
    }
    checked++;
    mpfr_t lo, hi, t, x, y;
    mpfr_inits2(PREC, lo, hi, t, x, y, (mpfr_ptr)0);
    exact_range(op, a, b, lo, hi);
    if (!dde_cmp_ok(ddi_lower(r), lo, 1) || !dde_cmp_ok(ddi_upper(r), hi, 0)) {
        if (failures_enclose < 5)
            fprintf(stderr, "ddi: op %d: a = (%a %a, r %a) b = (%a %a, r %a): result (%a %a, r %a) does not enclose\n",
                    (int)op, a->m.hi, a->m.lo, a->r, b->m.hi, b->m.lo, b->r, r->m.hi, r->m.lo, r->r);
        failures_enclose++;
    }
    /* narrow on points: width <= 2^-92 |value| */
    int unary = op == OP_SQR || op == OP_SQRT || op == OP_ABS;
    if (ddi_is_point(a) && (unary || ddi_is_point(b))) {
        set_dde(x, ddi_upper(r));
        set_dde(y, ddi_lower(r));
        mpfr_sub(t, x, y, MPFR_RNDU);
        mpfr_abs(y, hi, MPFR_RNDN);
        mpfr_mul_2si(y, y, -92, MPFR_RNDN);
        if (mpfr_cmp(t, y) > 0)
            failures_width++;
    }
    mpfr_clears(lo, hi, t, x, y, (mpfr_ptr)0);
}

static void test_enclosure(void)
{
    for (int op = 0; op < OP_COUNT; op++)
        for (int n = 0; n < 20000; n++) {
            ddi_t a, b;
            random_interval(a);
            random_interval(b);
            check_op((op_t)op, a, b);
        }
    CU_ASSERT(checked > 100000);
    CU_ASSERT_EQUAL(failures_enclose, 0);
    CU_ASSERT_EQUAL(failures_width, 0);
    CU_ASSERT_EQUAL(failures_nan, 0);
}

/* The fused sums of products (ddi_dot3, ddi_mul_sub_mul, ddi_sqr3; spec/oracle.md section 9, "Fused sums of
 * products"): the terms have disjoint operands, so the exact range is the sum of the terms' ranges; the result must
 * enclose it, have the midpoint the separate operations form (the same double-word), a radius no wider than theirs
 * (one up() where they apply several), and be narrow on points. */
static void test_fused_sums(void)
{
    long checked_fused = 0, bad_enclose = 0, bad_mid = 0, bad_width = 0, wider = 0, nan_fused = 0;
    mpfr_t lo, hi, plo, phi, w, x, y;
    mpfr_inits2(PREC, lo, hi, plo, phi, w, x, y, (mpfr_ptr)0);
    for (int n = 0; n < 60000; n++) {
        int form = n % 3; /* 0: a0 b0 + a1 b1 + a2 b2, 1: a0 b0 - a1 b1, 2: a0^2 + a1^2 + a2^2 */
        ddi_t a[3], b[3], r, seq, t;
        for (int i = 0; i < 3; i++) {
            random_interval(a[i]);
            random_interval(b[i]);
            if (next() % 8 == 0) /* exact zeros, as structural zeros of the formulas give */
                ddi_set_d(a[i], 0.0);
        }
        if (form == 0) {
            ddi_dot3(r, a[0], b[0], a[1], b[1], a[2], b[2]);
            ddi_mul(seq, a[0], b[0]);
            ddi_mul(t, a[1], b[1]);
            ddi_add(seq, seq, t);
            ddi_mul(t, a[2], b[2]);
            ddi_add(seq, seq, t);
        } else if (form == 1) {
            ddi_mul_sub_mul(r, a[0], b[0], a[1], b[1]);
            ddi_mul(seq, a[0], b[0]);
            ddi_mul(t, a[1], b[1]);
            ddi_sub(seq, seq, t);
        } else {
            ddi_sqr3(r, a[0], a[1], a[2]);
            ddi_sqr(seq, a[0]);
            ddi_sqr(t, a[1]);
            ddi_add(seq, seq, t);
            ddi_sqr(t, a[2]);
            ddi_add(seq, seq, t);
        }
        if (ddi_nan_p(r) || ddi_nan_p(seq)) { /* in range here: neither may give up */
            nan_fused++;
            continue;
        }
        checked_fused++;
        if (r->m.hi != seq->m.hi || r->m.lo != seq->m.lo)
            bad_mid++;
        if (r->r > seq->r)
            wider++;
        mpfr_set_zero(lo, 1);
        mpfr_set_zero(hi, 1);
        int terms = form == 1 ? 2 : 3;
        for (int i = 0; i < terms; i++) {
            exact_range(form == 2 ? OP_SQR : OP_MUL, a[i], b[i], plo, phi);
            if (form == 1 && i == 1) {
                mpfr_sub(lo, lo, phi, MPFR_RNDD);
                mpfr_sub(hi, hi, plo, MPFR_RNDU);
            } else {
                mpfr_add(lo, lo, plo, MPFR_RNDD);
                mpfr_add(hi, hi, phi, MPFR_RNDU);
            }
        }
        if (!dde_cmp_ok(ddi_lower(r), lo, 1) || !dde_cmp_ok(ddi_upper(r), hi, 0))
            bad_enclose++;
        int points = 1;
        for (int i = 0; i < terms; i++)
            points = points && ddi_is_point(a[i]) && (form == 2 || ddi_is_point(b[i]));
        if (points) { /* narrow: width <= 2^-92 times the largest |term| (a sum may cancel) */
            set_dde(x, ddi_upper(r));
            set_dde(y, ddi_lower(r));
            mpfr_sub(w, x, y, MPFR_RNDU);
            mpfr_set_zero(y, 1);
            for (int i = 0; i < terms; i++) {
                exact_range(form == 2 ? OP_SQR : OP_MUL, a[i], b[i], plo, phi);
                mpfr_abs(phi, phi, MPFR_RNDU);
                mpfr_max(y, y, phi, MPFR_RNDU);
            }
            mpfr_mul_2si(y, y, -92, MPFR_RNDN);
            if (mpfr_cmp(w, y) > 0)
                bad_width++;
        }
    }
    mpfr_clears(lo, hi, plo, phi, w, x, y, (mpfr_ptr)0);
    CU_ASSERT(checked_fused > 50000);
    CU_ASSERT_EQUAL(nan_fused, 0);
    CU_ASSERT_EQUAL(bad_enclose, 0);
    CU_ASSERT_EQUAL(bad_mid, 0);
    CU_ASSERT_EQUAL(wider, 0);
    CU_ASSERT_EQUAL(bad_width, 0);
    /* exact: products of doubles summing exactly to 0 give the point 0 */
    ddi_t p[3], q[3], r;
    const double pv[3] = {1.0, 2.0, 3.0}, qv[3] = {2.0, -1.0, 0.0};
    for (int i = 0; i < 3; i++) {
        ddi_set_d(p[i], pv[i]);
        ddi_set_d(q[i], qv[i]);
    }
    ddi_dot3(r, p[0], q[0], p[1], q[1], p[2], q[2]);
    CU_ASSERT(ddi_is_point(r) && r->m.hi == 0.0 && r->m.lo == 0.0);
    ddi_mul_sub_mul(r, p[0], q[0], p[1], p[1]); /* 1*2 - 2*2 = -2 */
    CU_ASSERT(ddi_is_point(r) && r->m.hi == -2.0);
    /* out of range: a product that underflows, and one that overflows to infinity inside the sum */
    ddi_set_d(p[0], 0x1p-600);
    ddi_set_d(q[0], 0x1p+600);
    ddi_dot3(r, p[0], p[0], q[0], q[0], p[1], q[1]);
    CU_ASSERT(ddi_nan_p(r));
    ddi_set_d(p[0], 1.0);
    ddi_dot3(r, p[0], p[0], q[0], q[0], p[1], q[1]);
    CU_ASSERT(ddi_nan_p(r));
}

/* Exact operations stay exact: sums and products of doubles, scaling by a power of two, negation, zeros. */
static void test_exact_cases(void)
{
    ddi_t a, b, r;
    ddi_set_d(a, 0x1.8p+0);
    ddi_set_d(b, 0x1p-60);
    ddi_add(r, a, b);
    CU_ASSERT(ddi_is_point(r) && r->m.hi == 0x1.8p+0 && r->m.lo == 0x1p-60);
    ddi_mul(r, a, a);
    CU_ASSERT(ddi_is_point(r) && r->m.hi == 2.25 && r->m.lo == 0.0);
    ddi_mul_2si(r, a, -3);
    CU_ASSERT(ddi_is_point(r) && r->m.hi == 0x1.8p-3);
    ddi_set_d(b, 0.0);
    ddi_mul(r, a, b);
    CU_ASSERT(ddi_is_point(r) && r->m.hi == 0.0);
    ddi_sub(r, a, a);
    CU_ASSERT(ddi_is_point(r) && r->m.hi == 0.0);
    /* out of range: NaN, never a wrong enclosure */
    ddi_set_d(a, 0x1p+950);
    CU_ASSERT(ddi_nan_p(a));
    ddi_set_d(a, 0x1p-1000);
    CU_ASSERT(ddi_nan_p(a));
    ddi_set_d(a, 0x1p+600);
    ddi_mul(r, a, a);
    CU_ASSERT(ddi_nan_p(r));
    ddi_set_d(a, 1.0);
    ddi_set_d(b, 0.0);
    ddi_div(r, a, b);
    CU_ASSERT(ddi_nan_p(r));
    /* a nonzero result that underflows is out of range, never an exact zero (found by fuzzing: a rope whose |p|^2
     * underflowed made the first stage certify perr = length; fuzz/regressions/rope/) */
    ddi_set_d(a, 0x1p-600);
    ddi_mul(r, a, a);
    CU_ASSERT(ddi_nan_p(r));
    ddi_sqr(r, a);
    CU_ASSERT(ddi_nan_p(r));
    ddi_set_d(b, 0x1p+600);
    ddi_div(r, a, b);
    CU_ASSERT(ddi_nan_p(r));
    ddi_mul_2si(r, a, -600);
    CU_ASSERT(ddi_nan_p(r));
}

static void register_ddi(CU_pSuite s)
{
    CU_add_test(s, "every operation encloses the exact range, narrow on points (MPFR)", test_enclosure);
    CU_add_test(s, "exact operations stay exact; out of range is NaN", test_exact_cases);
    CU_add_test(s, "fused sums of products enclose the exact range, with the separate operations' midpoint",
                test_fused_sums);
}

CCREF_TEST_SUITE("ddi", register_ddi)
