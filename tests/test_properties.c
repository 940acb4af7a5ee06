/* test_properties.c: properties every kind must have, checked through ccref_eval on random well-conditioned
 * cases (tests/cases.h): Newton's third law for the body forces, the power identity
 * sum_k (M_k . w_k + F_k . v_k) = lambda . verr (the forces are G^T lambda), invariance under rigid motions
 * (Q, t) applied to both bodies, and the power identity and third law of the contact classes.
 *
 * Every property is an identity of the exact formulas on the case's exact input doubles. Its tolerance is derived
 * (spec/conventions.md section 9): the proven forward error bound B of every kernel output involved
 * (ccref_bounds_case / ccref_bounds_contact, spec/accuracy.md and the Accuracy sections of spec/<kind>.md), propagated
 * through the test's own arithmetic with the lemmas of spec/accuracy.md section 2 (acc_add, acc_dot, acc_cross,
 * ...). The test's residual is the computed value of a quantity whose exact value is 0, so the check is
 * |residual| <= its bound. Cases where ccref_bounds reports a decision band (a branch the kernel may take differently
 * from the exact evaluation, spec/accuracy.md section 4) are skipped and counted. */
#include <stdio.h>
#include <string.h>

#include "accuracy_bounds.h"
#include "cases.h"

#define N_CASES 400
/* A tolerance is a sum of a few non-negative doubles rounded once each (relative error < 8 u); UP makes the
 * computed sum an upper bound of the exact one. */
static const double UP = 1.0 + 0x1p-40;

static double nrm(ccref_vec3 a) { return sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }
static double dot(ccref_vec3 a, ccref_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static ccref_vec3 cross(ccref_vec3 a, ccref_vec3 b)
{
    ccref_vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    return r;
}
static ccref_vec3 add(ccref_vec3 a, ccref_vec3 b) { ccref_vec3 r = {a.x + b.x, a.y + b.y, a.z + b.z}; return r; }
static double comp(ccref_vec3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }
static ccref_vec3 rot(const ccref_mat3 *Q, ccref_vec3 a)
{
    ccref_vec3 r = {Q->m[0][0] * a.x + Q->m[0][1] * a.y + Q->m[0][2] * a.z,
                    Q->m[1][0] * a.x + Q->m[1][1] * a.y + Q->m[1][2] * a.z,
                    Q->m[2][0] * a.x + Q->m[2][1] * a.y + Q->m[2][2] * a.z};
    return r;
}
static ccref_mat3 matmul(const ccref_mat3 *A, const ccref_mat3 *B)
{
    ccref_mat3 r;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r.m[i][j] = A->m[i][0] * B->m[0][j] + A->m[i][1] * B->m[1][j] + A->m[i][2] * B->m[2][j];
    return r;
}

/* acc pair (spec/accuracy.md section 1) of a kernel output: computed magnitude c (the norm of a computed vector or
 * |computed scalar|), error bound e. |exact| <= |computed| + e (L0); the norm's own rounding (< 3u) is inside UP. */
static acc_t out_pair(double c, double e)
{
    acc_t r = {(c + e) * UP, e};
    return r;
}
/* The bound of a vector output at slot: the largest of its component slots (ccref_bounds stores the vector's norm
 * bound in each, so they are equal). */
static double vec_bound(const double *B, int slot) { return fmax(B[slot], fmax(B[slot + 1], B[slot + 2])); }

/* ------------------------------------------------------------------ statistics */

typedef struct {
    long checks;        /* compared quantities */
    long cases, skipped; /* cases run; cases skipped for a decision band */
    double max_ratio;   /* max |residual| / tolerance */
} prop_stats;

static void record(prop_stats *s, double resid, double tol)
{
    double ratio = tol > 0.0 ? fabs(resid) / tol : (resid == 0.0 ? 0.0 : INFINITY);
    s->checks++;
    if (!(ratio <= s->max_ratio))
        s->max_ratio = ratio;
    CU_ASSERT(fabs(resid) <= tol);
}

/* Every bound used must be a claim (finite); then the skip count must stay small. Expected: 0 skips. The generator's
 * conditioning (distances >= 0.5, |df x db| >= 1/4) keeps the singular and parallel thresholds far away, and the
 * remaining decisions (line_on_line sense, sphere_on_sphere perp() axis, contact COR/COF speeds) fall inside their
 * bands (about 1e-15 wide against O(1) ranges) with probability of order 1e-14 per case. The assertion allows one
 * skip per thousand cases. */
static void finish(const char *name, const prop_stats *s)
{
    printf("\n  properties: %s: %ld cases (%ld skipped, decision band), %ld checks, max |residual| / tolerance = %.3g",
           name, s->cases, s->skipped, s->checks, s->max_ratio);
    CU_ASSERT(s->checks > 0);
    CU_ASSERT(s->skipped * 1000 <= s->cases);
}

static int bounds_usable(const ccref_bounds *b)
{
    if (b->band != CCREF_DECISION_NONE)
        return 0;
    int finite = 1;
    for (int i = 0; i < b->n; i++)
        finite &= isfinite(b->bound[i]) != 0;
    CU_ASSERT(finite); /* no magnitude near 2^1000 in these cases: every bound is a claim */
    return 1;
}

/* Run fn on N_CASES random cases of every kind (both variants where there is a rolling flag). */
static void for_each_case(void (*fn)(const ccref_case *c, long i, prop_stats *s), uint64_t seed, prop_stats *s)
{
    ccref_rng rng = {seed};
    long i = 0;
    for (int k = 0; k < CCREF_KIND_COUNT; k++)
        for (int rolling = 0; rolling <= ccref_kind_has_rolling_option((ccref_kind)k); rolling++)
            for (int n = 0; n < N_CASES; n++, i++) {
                ccref_case c = ccref_random_case(&rng, (ccref_kind)k, rolling);
                fn(&c, i, s);
            }
}

/* ------------------------------------------------------------------ Newton's third law */

/* Moment residual about G's origin, M1 + p1 x F1 + M2 + p2 x F2, computed as ((M1 + p1 x F1) + (M2 + p2 x F2)).
 * Exact value 0: the two forces of each pair are opposite and act at the same point X (arm1 + p1 = arm2 + p2 = X in
 * exact arithmetic), or along the line joining their points. Bound: L5 for the cross products with the inputs p_k
 * exact, L1 for the sums; every component of the computed vector is within the bound of 0. Forces: the kernels
 * build body 1's force as the exact negation of body 2's, so equality is bitwise. v: the flat outputs (bilateral
 * layout starting at slot off), B their bounds. */
static void third_law(const double *v, const double *B, int off, const ccref_body *b1, const ccref_body *b2,
                      prop_stats *s)
{
    for (int i = 0; i < 3; i++)
        CU_ASSERT(v[off + CCREF_SLOT_F1_FORCE + i] == -v[off + CCREF_SLOT_F2_FORCE + i]);
    ccref_vec3 M1 = {v[off + CCREF_SLOT_F1_MOMENT], v[off + CCREF_SLOT_F1_MOMENT + 1], v[off + CCREF_SLOT_F1_MOMENT + 2]};
    ccref_vec3 F1 = {v[off + CCREF_SLOT_F1_FORCE], v[off + CCREF_SLOT_F1_FORCE + 1], v[off + CCREF_SLOT_F1_FORCE + 2]};
    ccref_vec3 M2 = {v[off + CCREF_SLOT_F2_MOMENT], v[off + CCREF_SLOT_F2_MOMENT + 1], v[off + CCREF_SLOT_F2_MOMENT + 2]};
    ccref_vec3 F2 = {v[off + CCREF_SLOT_F2_FORCE], v[off + CCREF_SLOT_F2_FORCE + 1], v[off + CCREF_SLOT_F2_FORCE + 2]};
    ccref_vec3 total = add(add(M1, cross(b1->p, F1)), add(M2, cross(b2->p, F2)));
    acc_t m1 = out_pair(nrm(M1), vec_bound(B, off + CCREF_SLOT_F1_MOMENT));
    acc_t f1 = out_pair(nrm(F1), vec_bound(B, off + CCREF_SLOT_F1_FORCE));
    acc_t m2 = out_pair(nrm(M2), vec_bound(B, off + CCREF_SLOT_F2_MOMENT));
    acc_t f2 = out_pair(nrm(F2), vec_bound(B, off + CCREF_SLOT_F2_FORCE));
    acc_t t = acc_add(acc_add(m1, acc_cross(acc_vec(b1->p), f1)), acc_add(m2, acc_cross(acc_vec(b2->p), f2)));
    record(s, total.x, t.e);
    record(s, total.y, t.e);
    record(s, total.z, t.e);
}

/* A case evaluated (it must be OK) with its bounds, its outputs flattened into v; 0 when the bounds are not usable
 * (the case counted as skipped). */
static int evaluate_with_bounds(const ccref_case *c, ccref_result *r, ccref_bounds *b, double *v, prop_stats *s)
{
    CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(c, r)));
    CU_ASSERT_FATAL(ccref_status_ok(ccref_bounds_case(c, b)));
    s->cases++;
    if (!bounds_usable(b)) {
        s->skipped++;
        return 0;
    }
    ccref_flatten_result(c->kind, r, v);
    return 1;
}

static void check_third_law(const ccref_case *c, long i, prop_stats *s)
{
    (void)i;
    ccref_result r;
    ccref_bounds b;
    double v[CCREF_SLOT_MAX];
    if (!evaluate_with_bounds(c, &r, &b, v, s))
        return;
    third_law(v, b.bound, 0, &c->body1, &c->body2, s);
}

static void test_third_law(void)
{
    prop_stats s = {0};
    for_each_case(check_third_law, 1, &s);
    finish("Newton's third law (moment residual)", &s);
}

/* ------------------------------------------------------------------ power identity */

/* P = ((M1.w1 + F1.v1) + M2.w2) + F2.v2 and LV = sum_i lambda_i verr_i (left to right); exactly P = LV (the forces
 * are G^T lambda). Bound of the computed P - LV: L4 for each dot product (w, v exact inputs, the outputs within B),
 * L2 for lambda_i verr_i (lambda exact), L1 for every sum and for the final difference. */
static void power_identity(const double *v, const double *B, int off, const ccref_body *b1, const ccref_body *b2,
                           const double *lambda, int nrows, prop_stats *s)
{
    ccref_vec3 M1 = {v[off + CCREF_SLOT_F1_MOMENT], v[off + CCREF_SLOT_F1_MOMENT + 1], v[off + CCREF_SLOT_F1_MOMENT + 2]};
    ccref_vec3 F1 = {v[off + CCREF_SLOT_F1_FORCE], v[off + CCREF_SLOT_F1_FORCE + 1], v[off + CCREF_SLOT_F1_FORCE + 2]};
    ccref_vec3 M2 = {v[off + CCREF_SLOT_F2_MOMENT], v[off + CCREF_SLOT_F2_MOMENT + 1], v[off + CCREF_SLOT_F2_MOMENT + 2]};
    ccref_vec3 F2 = {v[off + CCREF_SLOT_F2_FORCE], v[off + CCREF_SLOT_F2_FORCE + 1], v[off + CCREF_SLOT_F2_FORCE + 2]};
    double power = dot(M1, b1->w) + dot(F1, b1->v) + dot(M2, b2->w) + dot(F2, b2->v);
    acc_t P = acc_add(acc_add(acc_add(acc_dot(out_pair(nrm(M1), vec_bound(B, off + CCREF_SLOT_F1_MOMENT)), acc_vec(b1->w)),
                                      acc_dot(out_pair(nrm(F1), vec_bound(B, off + CCREF_SLOT_F1_FORCE)), acc_vec(b1->v))),
                              acc_dot(out_pair(nrm(M2), vec_bound(B, off + CCREF_SLOT_F2_MOMENT)), acc_vec(b2->w))),
                      acc_dot(out_pair(nrm(F2), vec_bound(B, off + CCREF_SLOT_F2_FORCE)), acc_vec(b2->v)));
    double lv = 0.0;
    acc_t LV = acc_exact(0.0);
    for (int k = 0; k < nrows; k++) {
        lv += lambda[k] * v[off + CCREF_SLOT_VERR + k];
        acc_t term = acc_mul(acc_exact(lambda[k]), out_pair(fabs(v[off + CCREF_SLOT_VERR + k]), B[off + CCREF_SLOT_VERR + k]));
        LV = k == 0 ? term : acc_add(LV, term); /* 0 + x is exact */
    }
    record(s, power - lv, acc_add(P, LV).e);
}

/* ConstantCoordinate and the hard stops: generalized_force * qdot against lambda verr_0 (verr_0 = qdot and the
 * force = lambda are copies, B = 0; the two products are then the same rounded product). L2 and L1. */
static void power_identity_coordinate(double gforce, double B_gforce, double qdot, double lambda0, double verr0,
                                      double B_verr0, prop_stats *s)
{
    acc_t P = acc_mul(out_pair(fabs(gforce), B_gforce), acc_exact(qdot));
    acc_t LV = acc_mul(acc_exact(lambda0), out_pair(fabs(verr0), B_verr0));
    record(s, gforce * qdot - lambda0 * verr0, acc_add(P, LV).e);
}

static void check_power(const ccref_case *c, long i, prop_stats *s)
{
    (void)i;
    ccref_result r;
    ccref_bounds b;
    double v[CCREF_SLOT_MAX];
    if (!evaluate_with_bounds(c, &r, &b, v, s))
        return;
    const ccref_output *o = &r.u.out;
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE)
        power_identity_coordinate(v[CCREF_SLOT_CC_GENERALIZED_FORCE], b.bound[CCREF_SLOT_CC_GENERALIZED_FORCE], c->coordinate.qdot,
                                  c->lambda[0], v[CCREF_SLOT_VERR], b.bound[CCREF_SLOT_VERR], s);
    else
        power_identity(v, b.bound, 0, &c->body1, &c->body2, c->lambda, o->mp + o->mv, s);
}

static void test_power_identity(void)
{
    prop_stats s = {0};
    for_each_case(check_power, 2, &s);
    finish("power identity", &s);
}

/* ------------------------------------------------------------------ rigid-motion invariance */

/* The moved case is built so that its inputs are EXACTLY the rigid motion of the original's: Q is a signed
 * permutation matrix with det +1 (so Q R, Q w, ... are exact: each entry is one input times +-1), the original's
 * body origins are on the grid 2^-40 with |p| <= 2 per component, and t has components k/8 with |t_i| <= 3, so
 * Q p + t lies on the grid 2^-40 below 8 in magnitude (at most 43 significant bits: exact). The exact outputs of
 * the two cases are then related exactly: rows and scalars equal, G vectors rotated, points moved. What remains is
 * B of both cases plus the rounding of the test's own transformation, which is exact for Q (L6 with a signed
 * permutation has no rounding term: each component is one product by +-1 plus exact zeros) and one addition (L1)
 * for a moved point. Six Q, used in turn: two 3-cycles, three transpositions (each with a sign change to keep
 * det +1) and a half turn. */
static const ccref_mat3 MOTIONS[] = {
    {{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}},    /* cyclic: x -> y -> z -> x */
    {{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}},   /* swap x, y; z -> -z (non-cyclic) */
    {{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}},   /* 90 degrees about x: swap y, z with a sign (non-cyclic) */
    {{{-1, 0, 0}, {0, -1, 0}, {0, 0, 1}}},  /* 180 degrees about z */
    {{{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}}},   /* swap y, z; x -> -x (non-cyclic) */
    {{{0, -1, 0}, {0, 0, -1}, {1, 0, 0}}},  /* cyclic with two sign changes */
};
#define N_MOTIONS ((int)(sizeof MOTIONS / sizeof MOTIONS[0]))

/* Column src[i] of Q holds the nonzero entry of row i: (Q a)_i = Q[i][src[i]] a_src[i]. */
static void perm_of(const ccref_mat3 *Q, int src[3])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (Q->m[i][j] != 0.0)
                src[i] = j;
}

static int is_signed_permutation_rotation(const ccref_mat3 *Q)
{
    double det = Q->m[0][0] * (Q->m[1][1] * Q->m[2][2] - Q->m[1][2] * Q->m[2][1]) -
                 Q->m[0][1] * (Q->m[1][0] * Q->m[2][2] - Q->m[1][2] * Q->m[2][0]) +
                 Q->m[0][2] * (Q->m[1][0] * Q->m[2][1] - Q->m[1][1] * Q->m[2][0]);
    for (int i = 0; i < 3; i++) {
        int nz = 0;
        for (int j = 0; j < 3; j++) {
            double q = Q->m[i][j];
            if (!(q == 0.0 || q == 1.0 || q == -1.0))
                return 0;
            nz += q != 0.0;
        }
        if (nz != 1)
            return 0;
    }
    return det == 1.0;
}

static double grid40(double x) { return ldexp(nearbyint(ldexp(x, 40)), -40); }

/* Exact fl(a + b) (TwoSum error term 0). */
static int sum_is_exact(double a, double b)
{
    double s = a + b, bb = s - a;
    return (a - (s - bb)) + (b - bb) == 0.0;
}

static ccref_body move_body(const ccref_mat3 *Q, ccref_vec3 t, const ccref_body *b)
{
    ccref_body r;
    r.R = matmul(Q, &b->R);
    r.p = add(rot(Q, b->p), t);
    r.w = rot(Q, b->w);
    r.v = rot(Q, b->v);
    r.b = rot(Q, b->b);
    r.a = rot(Q, b->a);
    ccref_vec3 Qp = rot(Q, b->p);
    for (int i = 0; i < 3; i++)
        CU_ASSERT(sum_is_exact(comp(Qp, i), comp(t, i)));
    return r;
}

/* How each flat output slot transforms: equal (times sign), a G vector (rotated), a point (rotated and moved), or
 * an entry of a matrix whose columns are G vectors (column times sign). */
typedef enum { T_SCALAR = 0, T_VEC, T_POINT, T_COL } tkind;
typedef struct { tkind t; int base; int sign; } trule;

static void set_vec(trule *r, int base, tkind t)
{
    for (int i = 0; i < 3; i++) {
        r[base + i].t = t;
        r[base + i].base = base;
    }
}
static void set_mat(trule *r, int base)
{
    for (int k = 0; k < 9; k++) {
        r[base + k].t = T_COL;
        r[base + k].base = base;
    }
}

/* How each output after the common ones moves (the MOTION column of ccref_kinds.h), with its slot count; the list
 * of a kind ends with slots -1. */
typedef enum { MOTION_SAME, MOTION_VECTOR, MOTION_POINT, MOTION_AXES, MOTION_AXES_POINT } motion;
typedef struct { int slots; motion motion; } output_motion;
#define OUTPUT_MOTION(A, OUT, member, name, TYPE, MOTION) {CCREF_OUTPUT_SLOTS_##TYPE, MOTION_##MOTION},
#define KIND_MOTIONS(KIND, kind, ...) [CCREF_KIND_##KIND] = (const output_motion[]){CCREF_OUTPUTS_##kind(OUTPUT_MOTION, kind){-1, MOTION_SAME}},
static const output_motion *const motions[CCREF_KIND_COUNT] = {CCREF_KINDS(KIND_MOTIONS)};

/* The rules of every slot: the common outputs (forces are G vectors; Ball's rows too), then the table's. sk: the
 * sign with which the sphere_on_sphere tangent axes move (perp() is not rotation-covariant, see check_invariance). */
static void slot_rules(ccref_kind kind, int sk, trule r[CCREF_SLOT_MAX])
{
    for (int i = 0; i < CCREF_SLOT_MAX; i++) {
        r[i].t = T_SCALAR;
        r[i].base = i;
        r[i].sign = 1;
    }
    if (kind == CCREF_KIND_BALL) { /* the rows are G vectors */
        set_vec(r, CCREF_SLOT_PERR, T_VEC);
        set_vec(r, CCREF_SLOT_VERR, T_VEC);
        set_vec(r, CCREF_SLOT_AERR, T_VEC);
    }
    if (kind == CCREF_KIND_WELD) { /* rows 0-2 are scalars (dot products of axes moving with the bodies), 3-5 a G vector */
        set_vec(r, CCREF_SLOT_PERR + 3, T_VEC);
        set_vec(r, CCREF_SLOT_VERR + 3, T_VEC);
        set_vec(r, CCREF_SLOT_AERR + 3, T_VEC);
    }
    set_vec(r, CCREF_SLOT_F1_MOMENT, T_VEC);
    set_vec(r, CCREF_SLOT_F1_FORCE, T_VEC);
    set_vec(r, CCREF_SLOT_F2_MOMENT, T_VEC);
    set_vec(r, CCREF_SLOT_F2_FORCE, T_VEC);
    int slot = CCREF_SLOT_AUX;
    for (const output_motion *m = motions[kind]; m->slots >= 0; slot += m->slots, m++) {
        switch (m->motion) {
        case MOTION_VECTOR: set_vec(r, slot, T_VEC); break;
        case MOTION_POINT: set_vec(r, slot, T_POINT); break;
        case MOTION_AXES: set_mat(r, slot); break;
        case MOTION_AXES_POINT:
            set_mat(r, slot);
            set_vec(r, slot + 9, T_POINT);
            break;
        default: break; /* SAME: equal */
        }
    }
    if (kind == CCREF_KIND_SPHERE_ON_SPHERE) {
        r[CCREF_SLOT_VERR + 1].sign = r[CCREF_SLOT_VERR + 2].sign = sk; /* rows along Cx, Cy */
        r[CCREF_SLOT_AERR + 1].sign = r[CCREF_SLOT_AERR + 2].sign = sk;
        for (int i = 0; i < 3; i++) /* columns Cx, Cy */
            r[CCREF_SLOT_SOS_FRAME_R + 3 * i].sign = r[CCREF_SLOT_SOS_FRAME_R + 3 * i + 1].sign = sk;
    }
}

static int perp_index(ccref_vec3 z)
{
    double u0 = fabs(z.x), u1 = fabs(z.y), u2 = fabs(z.z);
    return (u0 <= u1) ? (u0 <= u2 ? 0 : 2) : (u1 <= u2 ? 1 : 2);
}

static void check_invariance(const ccref_case *c0, long n, prop_stats *s)
{
    if (c0->kind == CCREF_KIND_CONSTANT_COORDINATE)
        return; /* no bodies */
    const ccref_mat3 *Q = &MOTIONS[n % N_MOTIONS];
    CU_ASSERT_FATAL(is_signed_permutation_rotation(Q));
    int src[3];
    perm_of(Q, src);
    /* the original on the grid, t from the grid (the sample number and the case seed the choice) */
    ccref_case c = *c0;
    c.body1.p = (ccref_vec3){grid40(c.body1.p.x), grid40(c.body1.p.y), grid40(c.body1.p.z)};
    c.body2.p = (ccref_vec3){grid40(c.body2.p.x), grid40(c.body2.p.y), grid40(c.body2.p.z)};
    ccref_rng rng = {(uint64_t)n * 7919u + 17u};
    ccref_vec3 t = {floor(ccref_rng_uniform(&rng, -24, 25)) / 8.0, floor(ccref_rng_uniform(&rng, -24, 25)) / 8.0,
                    floor(ccref_rng_uniform(&rng, -24, 25)) / 8.0};
    ccref_case c2 = c;
    c2.body1 = move_body(Q, t, &c.body1);
    c2.body2 = move_body(Q, t, &c.body2);
    ccref_result r1, r2;
    CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(&c, &r1)));
    if (c.kind == CCREF_KIND_BALL) { /* lambda is a force vector in G */
        ccref_vec3 l = rot(Q, (ccref_vec3){c.lambda[0], c.lambda[1], c.lambda[2]});
        c2.lambda[0] = l.x; c2.lambda[1] = l.y; c2.lambda[2] = l.z;
    }
    if (c.kind == CCREF_KIND_WELD) { /* lambda[0..2] scale axes that move with the bodies; lambda[3..5] a force in G */
        ccref_vec3 l = rot(Q, (ccref_vec3){c.lambda[3], c.lambda[4], c.lambda[5]});
        c2.lambda[3] = l.x; c2.lambda[4] = l.y; c2.lambda[5] = l.z;
    }
    int sk = 1;
    if (c.kind == CCREF_KIND_SPHERE_ON_SPHERE) {
        /* The tangent axes come from perp() on G components, which is not rotation-covariant in general. For a signed
         * permutation it is, up to a sign: if k is the perp() index of Cz, then Q Cz has index src^-1(k) and
         * perp(Q Cz) = s_k Q perp(Cz), s_k = the nonzero entry of column k of Q; likewise Cy. (A tie of |Cz_i| would
         * break this; it lies in the perp() decision band, which ccref_bounds reports: skipped.) The moved case gets
         * the multipliers of the same physical tangential force in its own axes: s_k lambda_x, s_k lambda_y (exact). */
        ccref_vec3 Cz = {r1.u.sphere_on_sphere.contact_frame.R.m[0][2], r1.u.sphere_on_sphere.contact_frame.R.m[1][2],
                         r1.u.sphere_on_sphere.contact_frame.R.m[2][2]};
        int k = perp_index(Cz);
        for (int i = 0; i < 3; i++)
            if (Q->m[i][k] != 0.0)
                sk = Q->m[i][k] > 0.0 ? 1 : -1;
        if (c.params.sphere_on_sphere.rolling) {
            c2.lambda[1] = sk * c.lambda[1];
            c2.lambda[2] = sk * c.lambda[2];
        }
    }
    CU_ASSERT_FATAL(ccref_status_ok(ccref_eval(&c2, &r2)));
    ccref_bounds b1, b2;
    CU_ASSERT_FATAL(ccref_status_ok(ccref_bounds_case(&c, &b1)));
    CU_ASSERT_FATAL(ccref_status_ok(ccref_bounds_case(&c2, &b2)));
    s->cases++;
    if (!bounds_usable(&b1) || !bounds_usable(&b2)) {
        s->skipped++;
        return;
    }
    const ccref_output *o1 = &r1.u.out, *o2 = &r2.u.out;
    CU_ASSERT_EQUAL(o1->mp, o2->mp);
    CU_ASSERT_EQUAL(o1->mv, o2->mv);
    CU_ASSERT_EQUAL(o1->deviations, o2->deviations);
    if (c.kind == CCREF_KIND_LINE_ON_LINE) {
        CU_ASSERT_EQUAL(r1.u.line_on_line.sense, r2.u.line_on_line.sense);
        CU_ASSERT_EQUAL(r1.u.line_on_line.lines_are_parallel, r2.u.line_on_line.lines_are_parallel);
    }
    double v1[CCREF_SLOT_MAX], v2[CCREF_SLOT_MAX];
    int n_out = ccref_flatten_result(c.kind, &r1, v1);
    ccref_flatten_result(c.kind, &r2, v2);
    trule rule[CCREF_SLOT_MAX];
    slot_rules(c.kind, sk, rule);
    for (int slot = 0; slot < n_out; slot++) {
        const trule *ru = &rule[slot];
        double expected, tol;
        switch (ru->t) {
        case T_VEC: { /* (Q x1)_i = q x1_src(i): exact */
            int i = slot - ru->base, j = ru->base + src[i];
            expected = Q->m[i][src[i]] * v1[j];
            tol = (b2.bound[slot] + b1.bound[j]) * UP;
            break;
        }
        case T_POINT: { /* (Q X1)_i + t_i: exact product, one rounded addition (L1) */
            int i = slot - ru->base, j = ru->base + src[i];
            double qx = Q->m[i][src[i]] * v1[j];
            expected = qx + comp(t, i);
            tol = (b2.bound[slot] + acc_add(out_pair(fabs(qx), b1.bound[j]), acc_exact(comp(t, i))).e) * UP;
            break;
        }
        case T_COL: { /* entry (i, col) of a matrix with G-vector columns: sign (Q R1)_(i, col) */
            int i = (slot - ru->base) / 3, col = (slot - ru->base) % 3, j = ru->base + 3 * src[i] + col;
            expected = ru->sign * (Q->m[i][src[i]] * v1[j]);
            tol = (b2.bound[slot] + b1.bound[j]) * UP;
            break;
        }
        default:
            expected = ru->sign * v1[slot];
            tol = (b2.bound[slot] + b1.bound[slot]) * UP;
            break;
        }
        record(s, v2[slot] - expected, tol);
    }
}

static void test_rigid_motion_invariance(void)
{
    prop_stats s = {0};
    for_each_case(check_invariance, 4, &s);
    finish("rigid-motion invariance (6 signed permutations, grid translations)", &s);
}

/* ------------------------------------------------------------------ contact classes */

/* The contact classes carry the underlying constraint's output (slots CCREF_CSLOT_CONSTRAINT + bilateral layout): the same
 * power identity (hard stops: coordinate_force * qdot = lambda verr_0) and third law hold there, with the bounds of
 * ccref_bounds_contact. */
static void test_contact_classes(void)
{
    prop_stats sp = {0}, st = {0};
    ccref_rng rng = {5};
    for (int cls = 0; cls < CCREF_CONTACT_COUNT; cls++)
        for (int i = 0; i < N_CASES; i++) {
            ccref_contact_case c = ccref_random_contact_case(&rng, (ccref_contact_class)cls);
            ccref_contact_result r;
            CU_ASSERT_FATAL(ccref_status_ok(ccref_contact_eval(&c, &r)));
            const ccref_output *o = &r.constraint;
            /* the class's scalar rows are the underlying normal row */
            CU_ASSERT_EQUAL(r.verr, o->verr[0]);
            CU_ASSERT_EQUAL(r.aerr, o->aerr[0]);
            ccref_bounds b;
            CU_ASSERT_FATAL(ccref_status_ok(ccref_bounds_contact(&c, &b)));
            sp.cases++;
            st.cases++;
            if (!bounds_usable(&b)) {
                sp.skipped++;
                st.skipped++;
                continue;
            }
            double v[CCREF_CSLOT_N];
            ccref_flatten_contact_result(&r, v);
            const int off = CCREF_CSLOT_CONSTRAINT;
            if (cls == CCREF_CONTACT_HARD_STOP_UPPER || cls == CCREF_CONTACT_HARD_STOP_LOWER)
                power_identity_coordinate(v[CCREF_CSLOT_COORDINATE_FORCE], b.bound[CCREF_CSLOT_COORDINATE_FORCE], c.coordinate.qdot,
                                          c.lambda[0], v[off + CCREF_SLOT_VERR], b.bound[off + CCREF_SLOT_VERR], &sp);
            else
                power_identity(v, b.bound, off, &c.body1, &c.body2, c.lambda, o->mp + o->mv, &sp);
            third_law(v, b.bound, off, &c.body1, &c.body2, &st);
        }
    finish("contact classes, power identity", &sp);
    finish("contact classes, third law", &st);
    printf("\n");
}

static void register_properties(CU_pSuite s)
{
    CU_add_test(s, "Newton's third law, every kind", test_third_law);
    CU_add_test(s, "power identity F.V = lambda.verr, every kind", test_power_identity);
    CU_add_test(s, "invariance under rigid motions of both bodies, every kind", test_rigid_motion_invariance);
    CU_add_test(s, "contact classes: power identity and third law of the underlying constraint", test_contact_classes);
}
CCREF_TEST_SUITE("properties", register_properties)
