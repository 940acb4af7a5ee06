// cgal_consumer.cpp: CGAL 5.5 (Debian's libcgal-dev, header-only, over GMP) as an EXACT cross-check of ccref's
// certified oracle (consumers/cgal/README.md). Not an engine in the usual sense: every quantity is
// computed exactly, in CGAL::Cartesian<CGAL::Gmpq> (rational arithmetic), from the case's input doubles (each an
// exact rational), and only the final result is rounded, once, to the nearest double (ties to even). ccref's
// certified values are the correctly rounded exact values (spec/oracle.md section 2), so the two must be EQUAL,
// bit for bit, on every certified output: any difference is a bug in one of them.
//
//   line_on_line   the lines of spec/line_on_line.md formulas 1-2, in exact arithmetic:
//                  Pk = pk + Rk p_Ek, dk = Rk (R_Ek e_x); the segments Pk -+ hk dk (hk the vectors' half length, or
//                  lengthened: consumers/common lol_choose_segments, then doubled until both closest points are
//                  strictly interior);
//                  CGAL::Distance_3::internal::squared_distance(Segment_3, Segment_3, K) (Lumelsky) returns the
//                  parameters x, y of the closest points: closest_point1 = A1 + x (B1 - A1), closest_point2 =
//                  A2 + y (B2 - A2), exact rationals, each coordinate rounded to nearest;
//                  CGAL::squared_distance(Line_3, Line_3) = (p . w)^2 / (w . w) exact: |separation|^2.
//
//   edge_edge      the same edges (EdgeEdgeContact = LineOnLineContact with rolling): display_point = Co = the exact
//                  midpoint (Q1 + Q2)/2 of CGAL's two points, rounded once; |perr| from the squared distance.
//
// The results file (line_on_line closest points, edge_edge display point: CGAL gives no normal, sense or signed
// separation) is judged by ccref check. --exact-compare additionally compares, per test, round(CGAL) with the
// certified double (the expected answer and every OK alternative that constrains the value): each closest-point
// coordinate and Co; and |separation| (|perr|) against the exact sqrt of CGAL's squared distance, like with like:
// the double e is the correctly rounded |separation| iff the exact squared distance S lies between the squares of the
// midpoints around |e| (decided in rational arithmetic, never by rounding sqrt). It also compares, from the vector
// files alone (no results line):
//   point_in_plane   perr[0]: CGAL::squared_distance(Point_3, Plane_3) and Plane_3::oriented_side on the plane
//                    N . X + d = 0, N = R1 n, d = -(N . p1 + h), X = p2 + R2 s2: perr = sigma sqrt(S |N|^2)
//                    (ccref's perr is the plane function, the distance scaled by |N|: spec/point_in_plane.md)
//   sphere_on_plane  perr[0], separation: the same with N = R1 Pz_F, h = p_FP . Pz_F, X = O, minus r
//   sphere_on_sphere perr[0], separation = sqrt(CGAL::squared_distance(Sf, Sb)) - (rf + rb);
//                    contact_frame.p = Co = CGAL::barycenter(Sf, rb, Sb, rf)
// Every difference is printed (line "EXACT-DIFF"), every uncertified value skipped (line "EXACT-UNCERTIFIED", with
// whether CGAL's exact value is a midpoint between two doubles, which the oracle cannot certify).
//
// Usage: cgal_consumer [--exact-compare] [--verbose] --out RESULTS VECTORS_DIR (VECTORS_DIR last)
#include <CGAL/Cartesian.h>
#include <CGAL/Gmpq.h>
#include <CGAL/squared_distance_3.h>
#include <CGAL/version.h>

#ifndef CGAL_USE_GMP
#error "CGAL without GMP: CGAL::Gmpq, the exact number type, is missing"
#endif

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>

// The C headers of ccref include GMP, MPFR, MPFI and jansson: those first, as C++ sees them.
#include <gmp.h>
#include <jansson.h>
#include <mpfi.h>
#include <mpfr.h>

extern "C" {
#include "../common/consumer.h"
}

static_assert(CGAL_VERSION_NR == 1050511000, "built against CGAL 5.5.1 (Debian libcgal-dev 5.5.1)");

typedef CGAL::Gmpq FT;
typedef CGAL::Cartesian<FT> K;
typedef K::Point_3 Point;
typedef K::Vector_3 Vector;
typedef K::Segment_3 Segment;
typedef K::Line_3 Line;

// ------------------------------------------------------------------ exact rounding

static FT q_of(double d) { return FT(d); }   // mpq_set_d: exact

static bool mantissa_odd(double d)
{
    int e;
    double m = std::frexp(std::fabs(d), &e);   // |d| = m 2^e, m in [0.5, 1)
    if (d == 0)
        return false;
    // the last bit of the 53-bit significand (or of the subnormal's)
    int lsb_exp = std::max(e - 53, -1074);
    double k = std::ldexp(m, e - lsb_exp);      // an integer
    return std::fmod(k, 2.0) != 0;
}

// The midpoint (a + b)/2 of two doubles, b = +-Inf standing for the overflow boundary 2^1024 (the midpoint then is
// DBL_MAX + 2^970, where round to nearest goes to infinity).
static FT mid(double a, double b)
{
    if (std::isinf(b))
        return q_of(std::copysign(DBL_MAX, b)) + q_of(std::copysign(0x1p970, b));
    return (q_of(a) + q_of(b)) / FT(2);
}

// The double nearest to q, ties to even: a first guess (mpq_get_d truncates), then exact steps.
static double round_q(const FT &q)
{
    double d = mpq_get_d(q.mpq());
    if (std::isinf(d) || std::isnan(d))
        d = q < FT(0) ? -DBL_MAX : DBL_MAX;
    for (int guard = 0; guard < 8; guard++) {
        double up = std::nextafter(d, INFINITY), dn = std::nextafter(d, -INFINITY);
        if (std::isinf(d))
            return d;
        FT mu = mid(d, up), md = mid(d, dn);
        if (q > mu || (q == mu && mantissa_odd(d))) { d = up; continue; }
        if (q < md || (q == md && mantissa_odd(d))) { d = dn; continue; }
        return d;
    }
    return NAN;
}

// Whether the correctly rounded sqrt(S) (S >= 0 exact) is the double a >= 0: lo^2 <= S <= hi^2 with lo, hi the
// midpoints around a (a tie goes to the even one).
static bool sqrt_rounds_to(const FT &S, double a)
{
    if (!(a >= 0))
        return false;
    FT hi = mid(a, std::nextafter(a, INFINITY));
    if (S > hi * hi || (S == hi * hi && mantissa_odd(a)))
        return false;
    if (a == 0)
        return true;
    FT lo = mid(a, std::nextafter(a, 0.0));
    if (S < lo * lo || (S == lo * lo && mantissa_odd(a)))
        return false;
    return true;
}

static double round_signed_sqrt(int sigma, const FT &T, const FT &r);
// The correctly rounded sqrt(S) (for printing a difference).
static double round_sqrt(const FT &S) { return round_signed_sqrt(1, S, FT(0)); }

// ------------------------------------------------------------------ the exact lines

struct ExactLine {
    Point P;        // Pk = pk + Rk p_Ek
    Vector d;       // dk = Rk (R_Ek e_x)
};

static Vector rot(const ccref_mat3 &R, const FT &x, const FT &y, const FT &z)
{
    FT r[3];
    for (int i = 0; i < 3; i++)
        r[i] = q_of(R.m[i][0]) * x + q_of(R.m[i][1]) * y + q_of(R.m[i][2]) * z;
    return Vector(r[0], r[1], r[2]);
}

static ExactLine exact_line(const ccref_body &b, const ccref_frame &E)
{
    ExactLine L;
    Vector arm = rot(b.R, q_of(E.p.x), q_of(E.p.y), q_of(E.p.z));
    L.P = Point(q_of(b.p.x), q_of(b.p.y), q_of(b.p.z)) + arm;
    L.d = rot(b.R, q_of(E.R.m[0][0]), q_of(E.R.m[1][0]), q_of(E.R.m[2][0]));
    return L;
}

struct ExactAnswer {
    Point Q1, Q2;       // the closest points (from CGAL's segment routine, strictly interior)
    FT S;               // CGAL::squared_distance(Line_3, Line_3)
    FT h[2];            // the half lengths the segment routine ran with (exact: may exceed the doubles)
    bool interior;
};

// CGAL's segment routine on Pk -+ hk dk, hk doubled until both parameters are strictly inside (0, 1), at most 200
// times; h1, h2 = the half lengths to start from.
static ExactAnswer cgal_closest(const ExactLine L[2], const FT &h1, const FT &h2, int doublings)
{
    ExactAnswer a;
    a.h[0] = h1;
    a.h[1] = h2;
    a.interior = false;
    K k;
    for (int guard = 0; guard <= doublings; guard++) {
        Segment s1(L[0].P - a.h[0] * L[0].d, L[0].P + a.h[0] * L[0].d);
        Segment s2(L[1].P - a.h[1] * L[1].d, L[1].P + a.h[1] * L[1].d);
        CGAL::Distance_3::internal::Segment_3_Segment_3_Result<K> res =
            CGAL::Distance_3::internal::squared_distance<K>(s1, s2, k);
        a.Q1 = s1.source() + res.x * (s1.target() - s1.source());
        a.Q2 = s2.source() + res.y * (s2.target() - s2.source());
        bool in1 = FT(0) < res.x && res.x < FT(1), in2 = FT(0) < res.y && res.y < FT(1);
        if (in1 && in2) {
            a.interior = true;
            break;
        }
        if (guard == doublings)
            break;      // h[] stay the half lengths this answer was computed on
        if (!in1)
            a.h[0] *= FT(2);
        if (!in2)
            a.h[1] *= FT(2);
    }
    a.S = CGAL::squared_distance(Line(L[0].P, L[0].d), Line(L[1].P, L[1].d));
    return a;
}

// ------------------------------------------------------------------ exact comparison

static int exact_compare;
static long xc_suite_tests[2], xc_suite_values[2];
static long xc_none, xc_tests, xc_values, xc_equal, xc_differ, xc_uncertified, xc_parallel, xc_not_interior, xc_s_mismatch;

// What is compared, per suite: a name, and what of CGAL's answer it is: a coordinate of Q1 (0-2), of Q2 (3-5), of
// the midpoint (Q1 + Q2)/2 (6-8: edge_edge's display point, ccref's Co), or |separation| (9: line_on_line's
// separation; edge_edge's perr and constraint.perr[0], the same signed distance).
struct Compared { const char *name; int what; };
static const Compared lol_compared[] = {
    {"closest_point1.x", 0}, {"closest_point1.y", 1}, {"closest_point1.z", 2},
    {"closest_point2.x", 3}, {"closest_point2.y", 4}, {"closest_point2.z", 5}, {"separation", 9},
    {"contact_frame.p.x", 6}, {"contact_frame.p.y", 7}, {"contact_frame.p.z", 8}, {NULL, 0}};
static const Compared ee_compared[] = {
    {"display_point.x", 6}, {"display_point.y", 7}, {"display_point.z", 8}, {"perr", 9},
    {"constraint.perr[0]", 9}, {NULL, 0}};

static bool is_edge_edge() { return std::strcmp(consumer_current_suite(), "edge_edge") == 0; }

static FT coordinate(const ExactAnswer &a, int what)
{
    if (what < 3)
        return a.Q1.cartesian(what);
    if (what < 6)
        return a.Q2.cartesian(what - 3);
    return (a.Q1.cartesian(what - 6) + a.Q2.cartesian(what - 6)) / FT(2);
}

// One certified answer (the expected one, or an alternative of a non-parallel branch) against CGAL's.
static void compare_answer(const char *suite, const vtest *t, const answer &e, const char *which, const ExactAnswer &a)
{
    for (const Compared *cmp = is_edge_edge() ? ee_compared : lol_compared; cmp->name != NULL; cmp++) {
        const char *name = cmp->name;
        int slot = slot_from_name(t->c.suite, name);
        if (slot < 0 || !e.o.in_use[slot] || e.unconstrained[slot])
            continue;
        if (e.cert_bits[slot] == 0) {
            xc_uncertified++;
            // the oracle cannot certify an exact midpoint between two doubles (spec/oracle.md section 2): say
            // whether CGAL's exact value is one
            bool tie = false;
            double mine;
            if (cmp->what < 9) {
                FT q = coordinate(a, cmp->what);
                mine = round_q(q);
                tie = q == mid(mine, std::nextafter(mine, INFINITY)) || q == mid(mine, std::nextafter(mine, -INFINITY));
            } else {
                mine = round_sqrt(a.S);
            }
            printf("EXACT-UNCERTIFIED %s/%d %s %s: expected %a (not certified, not compared); CGAL's exact value "
                   "%s a midpoint between two doubles, rounds to %a\n", suite, t->tc_id, which, name,
                   e.o.value[slot], tie ? "IS" : "is not", mine);
            continue;
        }
        xc_values++;
        double want = e.o.value[slot];
        if (cmp->what < 9) {
            double mine = round_q(coordinate(a, cmp->what));
            if (mine == want) {
                xc_equal++;
            } else {
                xc_differ++;
                printf("EXACT-DIFF %s/%d %s %s cgal %a expected %a\n", suite, t->tc_id, which, name, mine, want);
            }
        } else if (sqrt_rounds_to(a.S, std::fabs(want))) {
            xc_equal++;
        } else {
            xc_differ++;
            printf("EXACT-DIFF %s/%d %s |%s| cgal sqrt(S) %a expected %a\n", suite, t->tc_id, which, name,
                   round_sqrt(a.S), std::fabs(want));
        }
    }
}

static bool non_parallel_ok(const answer &e)
{
    return ccref_status_ok(e.o.d.status) && e.o.d.status != CCREF_OK_PARALLEL_EDGES && !e.o.d.lines_are_parallel;
}

// The expected answer when it is the non-parallel branch, and every alternative of a non-parallel OK branch (the
// other side of the parallel decision band, the other sense): the closest points and |separation| are the same
// exact values in all of them.
static void compare_test(const char *suite, const vtest *t, const ExactAnswer &a)
{
    long before = xc_values;
    if (non_parallel_ok(t->expected))
        compare_answer(suite, t, t->expected, "expected", a);
    for (int k = 0; k < t->n_alt; k++)
        if (non_parallel_ok(t->alt[k]) && t->alt[k].o.d.status == CCREF_OK) {
            char which[64];
            snprintf(which, sizeof which, "alternative(%s)", t->alt[k].branch);
            compare_answer(suite, t, t->alt[k], which, a);
        }
    if (xc_values > before) {
        xc_tests++;
        xc_suite_tests[is_edge_edge()]++;
        xc_suite_values[is_edge_edge()] += xc_values - before;
    } else {
        xc_none++;
    }
}

// Whether a test has a certified non-parallel answer (expected or alternative) to compare with.
static bool has_non_parallel(const vtest *t)
{
    if (non_parallel_ok(t->expected))
        return true;
    for (int k = 0; k < t->n_alt; k++)
        if (non_parallel_ok(t->alt[k]) && t->alt[k].o.d.status == CCREF_OK)
            return true;
    return false;
}

// The exact comparison of one test, on its own exact segments (from the vectors' half lengths, doubled until the
// closest points are strictly interior, beyond the doubles if need be): independent of the results file's run.
static void exact_test(const vtest *t, const ccref_case *c, const ExactLine L[2])
{
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    if (!has_non_parallel(t)) {
        if (t->expected.o.d.status == CCREF_OK_PARALLEL_EDGES)
            xc_parallel++;      // the documented fallback (formulas 34-35), not closest points: nothing to compare
        else
            xc_none++;          // no certified value (an accepted alternative that constrains none)
        return;
    }
    ExactAnswer a = cgal_closest(L, q_of(p->half_length1), q_of(p->half_length2), 200);
    if (!a.interior) {
        xc_not_interior++;
        printf("EXACT-NOT-INTERIOR %s/%d\n", consumer_current_suite(), t->tc_id);
        return;
    }
    compare_test(consumer_current_suite(), t, a);
}

// ------------------------------------------------------------------ line on line

static const char SKIP_NOT_INTERIOR[] = "closest points not interior after 200 doublings";

static const char *run_lines(const vtest *t, const ccref_case *c, result_line *r, bool edge_edge)
{
    const ccref_line_on_line_params *p = &c->params.line_on_line;
    const ExactLine L[2] = {exact_line(c->body1, p->edge_frame1_in_b1), exact_line(c->body2, p->edge_frame2_in_b2)};
    if (exact_compare)
        exact_test(t, c, L);
    lol_segments seg;
    const char *why = lol_choose_segments(c, 0, &seg, NULL);
    if (why != NULL)
        return why;     // parallel and apart, or a half length beyond the doubles: not expressible in the results
    ExactAnswer a = cgal_closest(L, q_of(seg.half_length[0]), q_of(seg.half_length[1]), seg.parallel ? 0 : 200);
    if (!seg.parallel && !a.interior) {
        xc_not_interior++;
        return SKIP_NOT_INTERIOR;
    }
    if (a.interior) {
        // two exact routines of CGAL agree: the segment routine's distance of its closest points is the lines'
        FT d2 = CGAL::squared_distance(a.Q1, a.Q2);
        if (d2 != a.S)
            xc_s_mismatch++;
    }
    double h1 = round_q(a.h[0]), h2 = round_q(a.h[1]);     // powers of two or the vectors' own: exact
    if (!std::isfinite(h1) || !std::isfinite(h2))
        return CONSUMER_EXTEND_OVERFLOW;
    if (h1 != p->half_length1 || h2 != p->half_length2)
        used_params2(r, "half_length1", h1, "half_length2", h2);
    if (edge_edge) {
        // edge_edge publishes ccref's Co = (Qf + Qb)/2 as display_point: the exact midpoint of CGAL's two points
        out_value(r, "display_point.x", round_q(coordinate(a, 6)));
        out_value(r, "display_point.y", round_q(coordinate(a, 7)));
        out_value(r, "display_point.z", round_q(coordinate(a, 8)));
        return NULL;
    }
    out_value(r, "closest_point1.x", round_q(a.Q1.x()));
    out_value(r, "closest_point1.y", round_q(a.Q1.y()));
    out_value(r, "closest_point1.z", round_q(a.Q1.z()));
    out_value(r, "closest_point2.x", round_q(a.Q2.x()));
    out_value(r, "closest_point2.y", round_q(a.Q2.y()));
    out_value(r, "closest_point2.z", round_q(a.Q2.z()));
    return NULL;
}

static const char *run_line_on_line(const vtest *t, result_line *r) { return run_lines(t, &t->c.u.k, r, false); }

// EdgeEdgeContact: LineOnLineContact (rolling) on the same edges (spec/unilateral_contacts.md): its geometry as a
// line_on_line case.
static const char *run_edge_edge(const vtest *t, result_line *r)
{
    const ccref_contact_case *cc = &t->c.u.c;
    ccref_case c;
    std::memset(&c, 0, sizeof c);
    c.params.line_on_line.edge_frame1_in_b1 = cc->params.edge_edge.edge_frame1_in_b1;
    c.params.line_on_line.half_length1 = cc->params.edge_edge.half_length1;
    c.params.line_on_line.edge_frame2_in_b2 = cc->params.edge_edge.edge_frame2_in_b2;
    c.params.line_on_line.half_length2 = cc->params.edge_edge.half_length2;
    c.params.line_on_line.rolling = 1;
    c.body1 = cc->body1;
    c.body2 = cc->body2;
    return run_lines(t, &c, r, true);
}

// ------------------------------------------------------------------ plane separations (exact comparison only)

// The sign of sigma sqrt(T) - k (T >= 0, sigma in {-1, 0, 1}, k rational): -1, 0 or 1, exactly.
static int cmp_signed_sqrt(int sigma, const FT &T, const FT &k)
{
    if (sigma == 0)
        return k > FT(0) ? -1 : k < FT(0) ? 1 : 0;
    if (sigma > 0) {
        if (k < FT(0))
            return 1;
        return T > k * k ? 1 : T < k * k ? -1 : 0;
    }
    if (k > FT(0))
        return -1;
    return T < k * k ? 1 : T > k * k ? -1 : 0;       // -sqrt(T) > k <=> sqrt(T) < -k
}

// Whether v = sigma sqrt(T) - r rounds to the double e (ties to even).
static bool signed_sqrt_rounds_to(int sigma, const FT &T, const FT &r, double e)
{
    if (!std::isfinite(e))
        return false;
    FT hi = mid(e, std::nextafter(e, INFINITY)) + r, lo = mid(e, std::nextafter(e, -INFINITY)) + r;
    int ch = cmp_signed_sqrt(sigma, T, hi), cl = cmp_signed_sqrt(sigma, T, lo);
    if (ch > 0 || cl < 0)
        return false;
    if ((ch == 0 || cl == 0) && mantissa_odd(e))
        return false;
    return true;
}

// The correctly rounded sigma sqrt(T) - r: an estimate in MPFR at 4096 bits (no overflow of the exponent), then
// exact steps (for printing a difference, and for the Euclidean count).
static double round_signed_sqrt(int sigma, const FT &T, const FT &r)
{
    mpfr_t x, y;
    mpfr_init2(x, 4096);
    mpfr_init2(y, 4096);
    mpfr_set_q(x, T.mpq(), MPFR_RNDN);
    mpfr_sqrt(x, x, MPFR_RNDN);
    if (sigma < 0)
        mpfr_neg(x, x, MPFR_RNDN);
    else if (sigma == 0)
        mpfr_set_zero(x, 1);
    mpfr_set_q(y, r.mpq(), MPFR_RNDN);
    mpfr_sub(x, x, y, MPFR_RNDN);
    double v = mpfr_get_d(x, MPFR_RNDN);
    mpfr_clear(x);
    mpfr_clear(y);
    for (int guard = 0; guard < 64 && std::isfinite(v); guard++) {
        if (signed_sqrt_rounds_to(sigma, T, r, v))
            return v;
        v = cmp_signed_sqrt(sigma, T, mid(v, std::nextafter(v, INFINITY)) + r) > 0 ? std::nextafter(v, INFINITY)
                                                                                  : std::nextafter(v, -INFINITY);
    }
    return v;
}

static long pl_tests, pl_values, pl_equal, pl_differ, pl_uncertified, pl_euclid_differ, pl_euclid_beyond_double;
static double pl_euclid_worst_ratio;

// One value CGAL gives: a rational q (rounded to nearest), or sigma sqrt(T) - r; T_alt >= 0: the same with T_alt in
// place of T, counted apart when it rounds otherwise (the Euclidean plane distance, unscaled by |N|).
struct Check {
    const char *name;
    bool rational;
    FT q;
    int sigma;
    FT T, r, T_alt;
    bool has_alt;
};

// Every OK answer of the test (expected, alternatives) against CGAL's values.
static void check_answers(const char *suite, const vtest *t, const Check *ck, int n_ck)
{
    const answer *ans[1 + MAX_ALTERNATIVES];
    int n = 0;
    if (ccref_status_ok(t->expected.o.d.status))
        ans[n++] = &t->expected;
    for (int k = 0; k < t->n_alt; k++)
        if (ccref_status_ok(t->alt[k].o.d.status))
            ans[n++] = &t->alt[k];
    long before = pl_values;
    for (int k = 0; k < n; k++)
        for (int j = 0; j < n_ck; j++) {
            const Check &c = ck[j];
            int slot = slot_from_name(t->c.suite, c.name);
            const answer &e = *ans[k];
            if (slot < 0 || !e.o.in_use[slot] || e.unconstrained[slot])
                continue;
            char which[64];
            if (ans[k] == &t->expected)
                snprintf(which, sizeof which, "expected");
            else
                snprintf(which, sizeof which, "alternative(%s)", ans[k]->branch);
            if (e.cert_bits[slot] == 0) {
                pl_uncertified++;
                printf("EXACT-UNCERTIFIED %s/%d %s %s: expected %a (not certified, not compared)\n", suite, t->tc_id,
                       which, c.name, e.o.value[slot]);
                continue;
            }
            pl_values++;
            double want = e.o.value[slot];
            bool same = c.rational ? round_q(c.q) == want : signed_sqrt_rounds_to(c.sigma, c.T, c.r, want);
            if (same) {
                pl_equal++;
            } else {
                pl_differ++;
                printf("EXACT-DIFF %s/%d %s %s cgal %a expected %a\n", suite, t->tc_id, which, c.name,
                       c.rational ? round_q(c.q) : round_signed_sqrt(c.sigma, c.T, c.r), want);
            }
            if (c.has_alt && !signed_sqrt_rounds_to(c.sigma, c.T_alt, c.r, want)) {
                // the Euclidean distance (an engine that normalises the normal): against the double tier's tolerance
                pl_euclid_differ++;
                double eu = round_signed_sqrt(c.sigma, c.T_alt, c.r), tol = e.tier_tol[CCREF_TIER_DOUBLE][slot];
                double ratio = std::fabs(eu - want) / tol;
                if (ratio > pl_euclid_worst_ratio)
                    pl_euclid_worst_ratio = ratio;
                if (!(std::fabs(eu - want) <= tol)) {
                    pl_euclid_beyond_double++;
                    printf("EUCLID-BEYOND-DOUBLE %s/%d %s %s: Euclidean %a, expected %a, %.3g tolerances (|N|^2 - 1 = "
                           "%.3g)\n", suite, t->tc_id, which, c.name, eu, want, ratio,
                           CGAL::to_double(c.T / c.T_alt) - 1.0);
                }
            }
        }
    if (pl_values > before)
        pl_tests++;
}

// One plane test: CGAL's Plane_3 from the coefficients (a, b, c, d) = (N, -(N . p1 + h)) of ccref's plane, the
// point X; CGAL::squared_distance(Point_3, Plane_3) = (N . X + d)^2 / |N|^2 (Euclidean) and the oriented side. ccref's
// perr is N . (X - p1) - h - r: the plane function, i.e. the Euclidean signed distance scaled by |N| (N is unit only
// up to the rotation tolerance; spec/point_in_plane.md: "perr is the height scaled by |n|"), minus r. Compared
// like with like: sigma sqrt(S |N|^2) - r against the certified perr; the unscaled sigma sqrt(S) - r is counted
// apart (pl_euclid_differ: a convention, |N| != 1, not a failure).
static void plane_test(const char *suite, const vtest *t, const Vector &N, const Point &p1, const FT &h, const Point &X,
                       const FT &r, const char *const *names)
{
    FT d = -(N * (p1 - CGAL::ORIGIN) + h);
    K::Plane_3 pl(N.x(), N.y(), N.z(), d);
    FT S = CGAL::squared_distance(X, pl);
    CGAL::Oriented_side side = pl.oriented_side(X);
    int sigma = side == CGAL::ON_POSITIVE_SIDE ? 1 : side == CGAL::ON_NEGATIVE_SIDE ? -1 : 0;
    Check ck[4];
    int n = 0;
    for (int j = 0; names[j] != NULL; j++, n++) {
        ck[n].name = names[j];
        ck[n].rational = false;
        ck[n].sigma = sigma;
        ck[n].T = S * N.squared_length();
        ck[n].r = r;
        ck[n].T_alt = S;
        ck[n].has_alt = true;
    }
    check_answers(suite, t, ck, n);
}

static Point point_of(const ccref_vec3 &v) { return Point(q_of(v.x), q_of(v.y), q_of(v.z)); }

// PointInPlane (spec/point_in_plane.md): N = R1 n, the plane N . (X - p1) = h, X = S = p2 + R2 s2.
// SphereOnPlane (spec/sphere_on_plane.md): N = Pz = R1 (R_FP e_z), h = p_FP . Pz_F, X = O = p2 + R2 o, minus r.
static int exact_planes(const char *dir)
{
    static const char *const pip_names[] = {"perr[0]", NULL};
    static const char *const sop_names[] = {"perr[0]", "separation", NULL};
    const char *suites[3] = {"point_in_plane", "sphere_on_plane", "sphere_on_sphere"};
    for (int s = 0; s < 3; s++) {
        char path[600], err[600];
        std::snprintf(path, sizeof path, "%s/%s.json", dir, suites[s]);
        vfile f;
        long t0 = pl_tests, v0 = pl_values, e0 = pl_equal, d0 = pl_differ, u0 = pl_euclid_differ;
        if (vfile_load(path, &f, err, sizeof err) != 0) {
            std::fprintf(stderr, "cgal_consumer: %s\n", err);
            return 2;
        }
        for (int i = 0; i < f.n_tests; i++) {
            const vtest *t = &f.tests[i];
            if (t->result == RESULT_INVALID)
                continue;
            const ccref_case *c = &t->c.u.k;
            Point p1 = point_of(c->body1.p);
            if (s == 0) {
                const ccref_point_in_plane_params *p = &c->params.point_in_plane;
                Vector N = rot(c->body1.R, q_of(p->normal_in_b1.x), q_of(p->normal_in_b1.y), q_of(p->normal_in_b1.z));
                Point X = point_of(c->body2.p) +
                          rot(c->body2.R, q_of(p->follower_in_b2.x), q_of(p->follower_in_b2.y), q_of(p->follower_in_b2.z));
                plane_test(suites[s], t, N, p1, q_of(p->height), X, FT(0), pip_names);
            } else if (s == 2) {
                // SphereOnSphere (spec/sphere_on_sphere.md): perr = |Sb - Sf| - (rf + rb) from
                // CGAL::squared_distance(Point_3, Point_3); Co = Sf + rf/(rf + rb) (Sb - Sf) = CGAL::barycenter(Sf, rb,
                // Sb, rf), a rational point.
                const ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
                Point Sf = p1 + rot(c->body1.R, q_of(p->center1_in_b1.x), q_of(p->center1_in_b1.y), q_of(p->center1_in_b1.z));
                Point Sb = point_of(c->body2.p) +
                           rot(c->body2.R, q_of(p->center2_in_b2.x), q_of(p->center2_in_b2.y), q_of(p->center2_in_b2.z));
                FT rf = q_of(p->radius1), rb = q_of(p->radius2);
                FT S = CGAL::squared_distance(Sf, Sb);
                Point Co = CGAL::barycenter(Sf, rb, Sb, rf);
                Check ck[5];
                const char *pn[2] = {"perr[0]", "separation"};
                for (int j = 0; j < 2; j++) {
                    ck[j].name = pn[j];
                    ck[j].rational = false;
                    ck[j].sigma = S == FT(0) ? 0 : 1;
                    ck[j].T = S;
                    ck[j].r = rf + rb;
                    ck[j].has_alt = false;
                }
                const char *cn[3] = {"contact_frame.p.x", "contact_frame.p.y", "contact_frame.p.z"};
                for (int j = 0; j < 3; j++) {
                    ck[2 + j].name = cn[j];
                    ck[2 + j].rational = true;
                    ck[2 + j].q = Co.cartesian(j);
                    ck[2 + j].has_alt = false;
                }
                check_answers(suites[s], t, ck, 5);
            } else {
                const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
                const ccref_mat3 &RP = p->plane_frame_in_b1.R;
                const ccref_vec3 &o = p->plane_frame_in_b1.p;
                FT h = q_of(o.x) * q_of(RP.m[0][2]) + q_of(o.y) * q_of(RP.m[1][2]) + q_of(o.z) * q_of(RP.m[2][2]);
                Vector N = rot(c->body1.R, q_of(RP.m[0][2]), q_of(RP.m[1][2]), q_of(RP.m[2][2]));
                Point X = point_of(c->body2.p) +
                          rot(c->body2.R, q_of(p->center_in_b2.x), q_of(p->center_in_b2.y), q_of(p->center_in_b2.z));
                plane_test(suites[s], t, N, p1, h, X, q_of(p->radius), sop_names);
            }
        }
        vfile_free(&f);
        printf("exact-compare %s: %ld tests compared, %ld values compared, %ld equal, %ld differ; Euclidean "
               "(unscaled) otherwise: %ld\n", suites[s], pl_tests - t0, pl_values - v0, pl_equal - e0,
               pl_differ - d0, pl_euclid_differ - u0);
    }
    return 0;
}

// ------------------------------------------------------------------ driver

static int option(int, char **argv, int *i)
{
    if (std::strcmp(argv[*i], "--exact-compare") == 0) {
        exact_compare = 1;
        return 1;
    }
    return 0;
}

// Start-up check of the build: CGAL's headers (compile time, above), GMP 6 at run time, and the rounding helper on
// a few known values (ties to even, subnormals, the overflow boundary).
static int self_check(void)
{
    if (std::strncmp(gmp_version, "6.", 2) != 0) {
        std::fprintf(stderr, "cgal_consumer: GMP %s, expected 6.x\n", gmp_version);
        return 0;
    }
    struct { FT q; double d; } cases[] = {
        {FT(1) / FT(3), 1.0 / 3.0},
        {FT(1) + FT(0x1p-53), 1.0},                               // tie: to even
        {FT(1) + FT(3) * FT(0x1p-53), 1.0 + 0x1p-51},             // tie: to even (up)
        {FT(0x1p-1074) / FT(2), 0.0},                             // tie between 0 and the smallest subnormal
        {FT(0x1p-1074) * FT(3) / FT(4), 0x1p-1074},
        {FT(-0x1p-1074) * FT(5) / FT(2), -0x1p-1073},             // tie: to even
        {FT(DBL_MAX) + FT(0x1p969), DBL_MAX},
    };
    for (auto &c : cases)
        if (round_q(c.q) != c.d) {
            std::fprintf(stderr, "cgal_consumer: exact rounding self-check failed (%a)\n", c.d);
            return 0;
        }
    if (!std::isinf(round_q(FT(DBL_MAX) + FT(0x1p970))) || !sqrt_rounds_to(FT(2), std::sqrt(2.0)) ||
        sqrt_rounds_to(FT(2), std::nextafter(std::sqrt(2.0), 2.0))) {
        std::fprintf(stderr, "cgal_consumer: exact rounding self-check failed\n");
        return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    if (!self_check())
        return 2;
    static const consumer_suite suites[] = {{"line_on_line", run_line_on_line, 0}, {"edge_edge", run_edge_edge, 0}};
    consumer c;
    c.program = "cgal_consumer";
    c.engine = "CGAL " CGAL_VERSION_STR " (Debian libcgal-dev, Cartesian<Gmpq>, exact; rounded to nearest once)";
    c.options_usage = "[--exact-compare] ";
    c.option = option;
    c.suites = suites;
    c.n_suites = 2;
    int rc = consumer_main(&c, argc, argv);
    if (rc != 0)
        return rc;
    if (xc_s_mismatch != 0) {
        std::printf("cgal_consumer: %ld tests where CGAL's segment and line distances disagree\n", xc_s_mismatch);
        return 1;
    }
    if (exact_compare) {
        const char *dir = argv[argc - 1];
        int prc = exact_planes(dir);
        if (prc != 0)
            return prc;
        std::printf("exact-compare planes and spheres: %ld tests compared, %ld values compared, %ld equal, %ld differ, "
                    "%ld not certified; the Euclidean distance (unscaled by |N|) rounds otherwise on %ld values, "
                    "%ld of them beyond the double tier's tolerance (worst ratio %.3g)\n",
                    pl_tests, pl_values, pl_equal, pl_differ, pl_uncertified, pl_euclid_differ,
                    pl_euclid_beyond_double, pl_euclid_worst_ratio);
    }
    if (exact_compare)
        std::printf("exact-compare line_on_line: %ld tests compared, %ld values compared; edge_edge: %ld tests, "
                    "%ld values\n", xc_suite_tests[0], xc_suite_values[0], xc_suite_tests[1], xc_suite_values[1]);
    if (exact_compare)
        std::printf("exact-compare lines: %ld tests compared, %ld values compared, %ld equal, %ld differ, "
                    "%ld not certified, %ld parallel (fallback, not compared), %ld with no certified value, "
                    "%ld not interior\n",
                    xc_tests, xc_values, xc_equal, xc_differ, xc_uncertified, xc_parallel, xc_none, xc_not_interior);
    if (exact_compare)
        std::printf("exact-compare: %ld values compared, %ld differ, %ld not interior\n", xc_values + pl_values,
                    xc_differ + pl_differ, xc_not_interior);
    return 0;
}
