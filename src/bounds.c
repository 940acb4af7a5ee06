/* bounds.c: the error bounds of ccref_bounds.h. Normative text: spec/accuracy.md (lemmas L0-L9, sections 1-4) and
 * the "Accuracy" sections of spec/<kind>.md, spec/unilateral.md, spec/unilateral_contacts.md, which list the same
 * chains as the functions below, step for step in the kernels' operation order. */
#include <math.h>
#include <string.h>

#include "bounds_calculus.h"
#include "ccref_bounds.h"
#include "ccref_handle.h"
#include "common.h"

/* ================================================================ constants (spec/accuracy.md sections 1, 3) */

#define U 0x1p-53                       /* unit roundoff */
#define SAFE (1.0 + 0x1p-44)            /* covers the round-to-nearest evaluation of one lemma (< 20 operations) */
#define LOWER (1.0 - 0x1p-44)           /* the same for a lower bound */
#define TINY 0x1p-1000                  /* underflow allowance of one lemma: kernel and bound evaluation */
#define LIM 0x1p1000                    /* magnitude limit: beyond it nothing is claimed (no-overflow guard) */
#define SQRT_ABS 0x1p-536               /* absolute error of sqrt of an underflowed sum of squares (L7) */
#define RHO (1.0 + 0x1p-38)             /* ||R||_2 of an accepted rotation, |n| of an accepted unit vector */
#define PHI (1.7320508075688774 * RHO)  /* ||R||_F of an accepted rotation (sqrt 3 rounded up, times RHO) */
#define NLO (1.0 - 0x1p-38)             /* lower bound of |n| for an accepted unit vector, |column| of a rotation */
#define SQRT2_3 0.8164965809277259      /* sqrt(2/3) rounded down (perp(): |z x e_k| >= sqrt(2/3) |z|) */
#define SQRT2 1.4142135623730951        /* sqrt 2 rounded up */
#define SQRT3_LO 1.7320508075688772     /* sqrt 3 rounded down */

/* gamma_n = n u / (1 - n u), rounded up. */
static double gam(int n) { return (double)n * U / (1.0 - (double)n * U) * SAFE; }

static acc_t fix(double m, double e)
{
    acc_t r;
    r.m = m * SAFE;
    r.e = e * SAFE + TINY;
    if (!(r.m + r.e < LIM)) /* also catches NaN (Inf * 0) */
        r.m = r.e = INFINITY;
    return r;
}

/* |a| rounded up, without underflow or premature overflow: the components are scaled by the power of two of the
 * largest (exact but for components that become subnormal, whose absolute loss of at most 2^-1074 against a scaled
 * norm of at least 1/2 is inside SAFE), the scaled norm (relative error < 3u) is multiplied by SAFE and scaled
 * back. Squaring unscaled components would make the magnitude of a vector with components below 1e-154 zero, and
 * every bound built on it too small (spec/accuracy.md section 3). */
static double vnorm(ccref_vec3 a)
{
    double m = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
    if (m == 0.0)
        return 0.0;
    if (!isfinite(m))
        return INFINITY;
    int e;
    frexp(m, &e); /* m = f 2^e, f in [1/2, 1) */
    double x = ldexp(a.x, -e), y = ldexp(a.y, -e), z = ldexp(a.z, -e);
    return ldexp(sqrt(x * x + y * y + z * z) * SAFE, e);
}

/* ================================================================ lemmas L1-L9 */

acc_t acc_exact(double magnitude)
{
    acc_t r = {fabs(magnitude), 0.0};
    return r;
}

acc_t acc_vec(ccref_vec3 x)
{
    acc_t r = {vnorm(x), 0.0};
    return r;
}

/* Upper bound of |computed| (m + e). */
static double hat(acc_t a) { return a.m + a.e; }

/* L1: |fl(a +- b) - (a +- b)| <= e_a + e_b + u |a^ +- b^|. */
acc_t acc_add(acc_t a, acc_t b) { return fix(a.m + b.m, a.e + b.e + U * (hat(a) + hat(b))); }

/* L2: |fl(s x) - s x| <= e_s |x^| + |s| e_x + u |s^||x^|. */
acc_t acc_mul(acc_t s, acc_t x) { return fix(s.m * x.m, s.e * hat(x) + s.m * x.e + U * hat(s) * hat(x)); }

/* L3: multiplication by +-1, +-2, +-1/2 is exact unless a halving underflows (TINY). */
acc_t acc_exact_scale(double c, acc_t x) { return fix(fabs(c) * x.m, fabs(c) * x.e); }

/* L4: |fl(a . b) - a . b| <= e_a |b^| + |a| e_b + gamma_3 |a^| |b^|. */
acc_t acc_dot(acc_t a, acc_t b) { return fix(a.m * b.m, a.e * hat(b) + a.m * b.e + gam(3) * hat(a) * hat(b)); }

/* L5: |fl(a x b) - a x b| <= e_a |b^| + |a| e_b + sqrt2 gamma_2 |a^| |b^|. */
acc_t acc_cross(acc_t a, acc_t b)
{
    return fix(a.m * b.m, a.e * hat(b) + a.m * b.e + SQRT2 * gam(2) * hat(a) * hat(b));
}

/* L6: |fl(R a) - R a| <= rho e_a + gamma_3 phi |a^| (R an accepted rotation, an exact input). */
acc_t acc_rot(acc_t a) { return fix(RHO * a.m, RHO * a.e + gam(3) * PHI * hat(a)); }

/* L7: r = sqrt(fl(a . a)): |r^ - |a|| <= e_a + gamma_3 |a^| + 2^-536. */
acc_t acc_norm(acc_t a)
{
    if (!(hat(a) < 0x1p500)) /* the kernel forms a . a: keep it below 2^1000 too */
        return fix(INFINITY, INFINITY);
    return fix(a.m, a.e + gam(3) * hat(a) + SQRT_ABS);
}

/* L8: a / |a| with |a| >= lo > 0 and fl(a^.a^) >= 2^-131: |fl(.) - a/|a|| <= 2 e_a / lo + gamma_6; |a/|a|| = 1. */
acc_t acc_unit(acc_t a, double lo)
{
    if (!(lo > 0.0) || !(hat(a) < 0x1p500))
        return fix(INFINITY, INFINITY);
    return fix(1.0, 2.0 * a.e / lo + gam(6));
}

/* L9: a / b with |b| >= lo > e_b: |fl(a/b) - a/b| <= (e_a + |a| e_b / lo + u |a^|) / (lo - e_b). */
acc_t acc_div(acc_t a, acc_t b, double lo)
{
    double den = (lo - b.e) * LOWER;
    if (!(den > 0.0))
        return fix(INFINITY, INFINITY);
    /* b.e / lo first: it is a relative error, near u, while a.m * b.e underflows when both are tiny */
    return fix(a.m / (lo * LOWER), (a.e + a.m * (b.e / (lo * LOWER)) + U * hat(a)) / den);
}

acc_t acc_recip(acc_t b, double lo) { return acc_div(acc_exact(1.0), b, lo); }

double acc_lower(double computed_abs, double e)
{
    double lo = (computed_abs - e) * LOWER - TINY;
    return lo > 0.0 ? lo : 0.0;
}

/* L0: a magnitude bound may be replaced by |computed| + e when the kernel's computed value is known (the computed
 * value is a function of the inputs, recomputed here exactly as the kernel computes it). */
static acc_t refine(acc_t a, double computed_abs)
{
    double m = (computed_abs * SAFE + a.e) * SAFE;
    if (m < a.m)
        a.m = m;
    return a;
}

/* ================================================================ shared pieces */

typedef struct { acc_t p, w, v, b, a; } abody;

static abody abody_of(const ccref_body *b)
{
    abody r = {acc_vec(b->p), acc_vec(b->w), acc_vec(b->v), acc_vec(b->b), acc_vec(b->a)};
    return r;
}

/* v(K/X) = v + w x r (ccref_arm_velocity); a(K/X) = (a + b x r) + w x (w x r) (ccref_arm_acceleration). */
static acc_t vel(const abody *k, acc_t arm) { return acc_add(k->v, acc_cross(k->w, arm)); }
static acc_t accl(const abody *k, acc_t arm)
{
    return acc_add(acc_add(k->a, acc_cross(k->b, arm)), acc_cross(k->w, acc_cross(k->w, arm)));
}

static void put(ccref_bounds *b, int slot, acc_t q) { b->bound[slot] = q.e; }
static void put3(ccref_bounds *b, int slot, acc_t q)
{
    for (int i = 0; i < 3; i++)
        b->bound[slot + i] = q.e;
}
/* Column j of a row-major 3x3 output at slot. */
static void put_col(ccref_bounds *b, int slot, int j, acc_t q)
{
    for (int i = 0; i < 3; i++)
        b->bound[slot + 3 * i + j] = q.e;
}
/* Both spatial forces: (moment, force) of body 1 and body 2. */
static void put_forces(ccref_bounds *b, acc_t m1, acc_t f1, acc_t m2, acc_t f2)
{
    put3(b, CCREF_SLOT_F1_MOMENT, m1);
    put3(b, CCREF_SLOT_F1_FORCE, f1);
    put3(b, CCREF_SLOT_F2_MOMENT, m2);
    put3(b, CCREF_SLOT_F2_FORCE, f2);
}

/* The bounds of a contact's forces: body 1's and body 2's moments, body 2's force (body 1's is its opposite) and the
 * applied force. */
typedef struct { acc_t m1, m2, f2, applied; } contact_forces;

/* A rolling contact's friction force ft = lambda_1 Cx + lambda_2 Cy at Co (arms p_FCo, p_BCo) added to the normal
 * force fn's bounds: both moments, body 2's force fn + ft and the applied force (fn + lambda_1 Cx) + lambda_2 Cy. */
static void add_friction(contact_forces *F, const double *lambda, acc_t Cx, acc_t Cy, acc_t p_FCo, acc_t p_BCo,
                         acc_t fn)
{
    acc_t lx = acc_mul(acc_exact(lambda[1]), Cx), ly = acc_mul(acc_exact(lambda[2]), Cy);
    acc_t ft = acc_add(lx, ly);
    F->m2 = acc_add(F->m2, acc_cross(p_BCo, ft));
    F->m1 = acc_add(F->m1, acc_cross(p_FCo, ft));
    F->f2 = acc_add(fn, ft);
    F->applied = acc_add(acc_add(F->applied, lx), ly);
}

/* Clear b for n slots; the branches to follow are copied from br (NULL: the kernel's own). */
static void bounds_init(ccref_bounds *b, int n, const ccref_branch_choice *br)
{
    memset(b, 0, sizeof *b);
    b->n = n;
    for (int d = 0; d < CCREF_DECISION_COUNT; d++) {
        b->branch[d] = br ? br->choice[d] : CCREF_BRANCH_COMPUTED;
        b->possible[d] = 0;
    }
}

/* The NULL arguments of an entry point on a case c: b NULL, or c NULL (b then cleared). */
static int null_arguments(const void *c, ccref_bounds *b)
{
    if (b == NULL)
        return 1;
    if (c == NULL) {
        bounds_init(b, 0, NULL);
        return 1;
    }
    return 0;
}

/* Decision band (spec/accuracy.md section 4): the kernel decides on the computed quantity x^ (here d = x^ - T, the
 * distance to the threshold, rounded to nearest); the exact x lies within e of x^. The decision may differ iff
 * |x^ - T| <= e; tested with a relative slack of 2^-40 for the rounding of d. e = 0: x^ = x, never in the band. */
static int in_band(double d, double e) { return e > 0.0 && !(fabs(d) > e * (1.0 + 0x1p-40)); }

/* Record that decision d is inside its band; `possible` is the set of branches the exact evaluation may take
 * (bits as ccref_bounds.possible). */
static void mark(ccref_bounds *b, ccref_decision d, unsigned possible)
{
    if (b->band == CCREF_DECISION_NONE)
        b->band = d;
    b->bands |= 1u << d;
    b->possible[d] = (unsigned char)possible;
}

/* The branch of decision d the bounds follow: the forced one, else the kernel's computed one; recorded. */
static int decide(ccref_bounds *b, ccref_decision d, int computed)
{
    if (b->branch[d] == CCREF_BRANCH_COMPUTED)
        b->branch[d] = (signed char)computed;
    return b->branch[d];
}


static double lam(const double *lambda, size_t n, size_t i) { return i < n ? lambda[i] : 0.0; }

/* ================================================================ ball (spec/ball.md, Accuracy) */

/* Ball's rows at S = p2 + R2 s2, body 1's material point at S (spec/ball.md (1)-(6)); Weld's linear rows are the same
 * operations (spec/weld.md (2), (4), (7), (9)). */
typedef struct { acc_t arm1, arm2, S, P, perr, verr, aerr; } coincident_rows;

static coincident_rows coincident_chain(ccref_vec3 s1, ccref_vec3 s2, const ccref_body *b1, const ccref_body *b2)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    coincident_rows r;
    r.arm2 = acc_rot(acc_vec(s2));                                   /* (1) */
    r.S = acc_add(B2.p, r.arm2);
    r.P = acc_add(B1.p, acc_rot(acc_vec(s1)));                       /* (2) */
    ccref_vec3 cS = v3_add(b2->p, m3_apply(&b2->R, s2));
    r.arm1 = refine(acc_add(r.S, B1.p), vnorm(v3_sub(cS, b1->p)));   /* (3) */
    r.perr = acc_add(r.S, r.P);                                      /* (4) */
    r.verr = acc_add(vel(&B2, r.arm2), vel(&B1, r.arm1));            /* (5) */
    r.aerr = acc_add(accl(&B2, r.arm2), accl(&B1, r.arm1));          /* (6) */
    return r;
}

static void ball_chain(const ccref_ball_params *prm, const ccref_body *b1, const ccref_body *b2,
                       const double *lambda, ccref_bounds *o)
{
    coincident_rows L = coincident_chain(prm->station1_in_b1, prm->station2_in_b2, b1, b2); /* (1)-(6) */
    acc_t f = acc_vec(v3(lambda[0], lambda[1], lambda[2]));          /* (7) exact */
    for (int i = 0; i < 3; i++) {
        o->bound[CCREF_SLOT_PERR + i] = L.perr.e;
        o->bound[CCREF_SLOT_VERR + i] = L.verr.e;
        o->bound[CCREF_SLOT_AERR + i] = L.aerr.e;
    }
    put_forces(o, acc_cross(L.arm1, f), f, acc_cross(L.arm2, f), f); /* (8) */
    put3(o, CCREF_SLOT_BALL_REACTION1, acc_rot(f));                         /* (9) */
    put3(o, CCREF_SLOT_BALL_REACTION2, acc_rot(f));
    o->condition = fmax(vnorm(b1->p), vnorm(b2->p));
}

/* The chain of a case of the kind (ccref_bounds_case dispatches on the table ccref_kinds.h). */
static void ball_bounds(const ccref_case *c, ccref_bounds *o)
{
    ball_chain(&c->params.ball, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ rod (spec/rod.md, Accuracy) */

/* Also used by the rope (contacts). */
static void rod_chain(const ccref_rod_params *prm, const ccref_body *b1, const ccref_body *b2, const double *lambda,
                      ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    acc_t arm1 = acc_rot(acc_vec(prm->station1_in_b1)), arm2 = acc_rot(acc_vec(prm->station2_in_b2)); /* (1) */
    acc_t Sf = acc_add(B1.p, arm1), Sb = acc_add(B2.p, arm2);
    /* the kernel's computed p, for L0, the decision (3) and the lower bound of r */
    ccref_vec3 cp = v3_sub(v3_add(b2->p, m3_apply(&b2->R, prm->station2_in_b2)),
                           v3_add(b1->p, m3_apply(&b1->R, prm->station1_in_b1)));
    double cr2 = v3_norm_sq(cp), cr = sqrt(cr2);
    acc_t p = refine(acc_add(Sb, Sf), vnorm(cp));                                                   /* (2) */
    acc_t r2 = acc_dot(p, p), r = acc_norm(p);
    int singular = decide(o, CCREF_DECISION_SINGULAR, cr2 < CCREF_SINGULAR_DISTANCE_SQ);
    if (in_band(cr2 - CCREF_SINGULAR_DISTANCE_SQ, r2.e))
        mark(o, CCREF_DECISION_SINGULAR, 3u);
    o->condition = cr;

    acc_t pd = acc_add(vel(&B2, arm2), vel(&B1, arm1));     /* (4) */
    acc_t pdd = acc_add(accl(&B2, arm2), accl(&B1, arm1));  /* (5) */
    acc_t Cz, verr, Czd;                                    /* (6) */
    if (singular) {
        Cz = acc_exact(RHO);
        verr = acc_dot(pd, Cz);
        Czd = acc_cross(B1.w, Cz);
    } else {
        double lo = acc_lower(cr, r.e);
        Cz = acc_unit(p, lo);
        verr = acc_dot(pd, Cz);
        acc_t t = acc_add(pd, acc_mul(verr, Cz));
        Czd = acc_div(t, r, lo);
    }
    acc_t perr = acc_add(r, acc_exact(prm->length));                          /* (7) */
    acc_t aerr = acc_add(acc_dot(pdd, Cz), acc_dot(pd, Czd));                 /* (8) */
    acc_t f = acc_mul(acc_exact(lambda[0]), Cz);                              /* (9) */
    put(o, CCREF_SLOT_PERR, perr);
    put(o, CCREF_SLOT_VERR, verr);
    put(o, CCREF_SLOT_AERR, aerr);
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);
    o->bound[CCREF_SLOT_ROD_TENSION] = 0.0;                                              /* (10) exact */
    put3(o, CCREF_SLOT_ROD_ORIENTATION, Cz);
}

static void rod_bounds(const ccref_case *c, ccref_bounds *o)
{
    rod_chain(&c->params.rod, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ point_in_plane (spec/point_in_plane.md) */

static void point_in_plane_chain(const ccref_point_in_plane_params *prm, const ccref_body *b1,
                                 const ccref_body *b2, const double *lambda, ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    acc_t n = acc_vec(prm->normal_in_b1);
    acc_t arm2 = acc_rot(acc_vec(prm->follower_in_b2));
    acc_t S = acc_add(B2.p, arm2);
    ccref_vec3 cS = v3_add(b2->p, m3_apply(&b2->R, prm->follower_in_b2));
    acc_t arm1 = refine(acc_add(S, B1.p), vnorm(v3_sub(cS, b1->p)));
    acc_t nG = acc_rot(n);
    acc_t u = acc_add(vel(&B2, arm2), vel(&B1, arm1));
    acc_t arel = acc_add(accl(&B2, arm2), accl(&B1, arm1));
    acc_t coriolis = acc_exact_scale(2.0, acc_cross(B1.w, u));
    acc_t perr = acc_add(acc_dot(acc_rot(arm1), n), acc_exact(prm->height));
    acc_t verr = acc_dot(u, nG);
    acc_t aerr = acc_dot(acc_add(arel, coriolis), nG);
    acc_t f = acc_mul(acc_exact(lambda[0]), nG);
    put(o, CCREF_SLOT_PERR, perr);
    put(o, CCREF_SLOT_VERR, verr);
    put(o, CCREF_SLOT_AERR, aerr);
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);
    put3(o, CCREF_SLOT_PIP_FOLLOWER, S);
    o->condition = fmax(vnorm(b1->p), vnorm(b2->p));
}

static void point_in_plane_bounds(const ccref_case *c, ccref_bounds *o)
{
    point_in_plane_chain(&c->params.point_in_plane, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ constant_coordinate */

static void constant_coordinate_chain(double position, const ccref_coordinate *q, ccref_bounds *o)
{
    put(o, CCREF_SLOT_PERR, acc_add(acc_exact(q->q), acc_exact(position))); /* one rounding; qdot, qdotdot, lambda exact */
    o->condition = fmax(fabs(q->q), fabs(position));
}

static void constant_coordinate_bounds(const ccref_case *c, ccref_bounds *o)
{
    constant_coordinate_chain(c->params.constant_coordinate.position, &c->coordinate, o);
}

/* ================================================================ sphere_on_plane (spec/sphere_on_plane.md) */

/* The columns and origin of a fixed frame, exact (a plane frame of sphere_on_plane and point_on_plane). */
static void exact_frame(const ccref_frame *F, acc_t col[3], acc_t *origin)
{
    for (int j = 0; j < 3; j++)
        col[j] = acc_vec(m3_column(&F->R, j));
    *origin = acc_vec(F->p);
}

/* col[j]: column j of the plane frame's rotation X_FP.R; Fp: its origin. Exact inputs for the kernel; the
 * sphere_plane contact passes the frame it builds (with its rounding errors). */
static void sphere_on_plane_chain(const ccref_sphere_on_plane_params *prm, const acc_t col[3], acc_t Fp,
                                  const ccref_body *b1, const ccref_body *b2, const double *lambda, ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    const ccref_vec3 center = prm->center_in_b2;
    const int rolling = prm->rolling != 0;
    acc_t r = acc_exact(prm->radius);
    /* the kernel's computed O and C (L0 on the arms O - p1, C - p1) */
    ccref_sphere_on_plane_result kr;
    ccref_sphere_on_plane_eval(prm, b1, b2, lambda, rolling ? 3 : 1, &kr);
    ccref_vec3 cO = v3_add(b2->p, m3_apply(&b2->R, center));
    acc_t h = acc_dot(Fp, col[2]);                                              /* (1) */
    acc_t Px = acc_rot(col[0]), Py = acc_rot(col[1]), Pz = acc_rot(col[2]);     /* (2) */
    acc_t armO2 = acc_rot(acc_vec(center));                                     /* (3) */
    acc_t O = acc_add(B2.p, armO2);
    acc_t armO1 = refine(acc_add(O, B1.p), vnorm(v3_sub(cO, b1->p)));
    acc_t rPz = acc_mul(r, Pz);                                                 /* (4) */
    acc_t armC2 = acc_add(armO2, rPz);
    acc_t C = acc_add(B2.p, armC2);
    acc_t armC1 = refine(acc_add(C, B1.p), vnorm(v3_sub(kr.contact_point, b1->p)));
    acc_t perr = acc_add(acc_dot(armO1, Pz), acc_add(h, r));                    /* (5) */
    acc_t vO = acc_add(vel(&B2, armO2), vel(&B1, armO1));                       /* (6) */
    acc_t aO = acc_add(acc_add(accl(&B2, armO2), accl(&B1, armO1)),             /* (7) */
                       acc_cross(acc_exact_scale(2.0, B1.w), vO));
    put(o, CCREF_SLOT_PERR, perr);
    put(o, CCREF_SLOT_VERR, acc_dot(vO, Pz));
    put(o, CCREF_SLOT_AERR, acc_dot(aO, Pz));
    acc_t f = acc_mul(acc_exact(lambda[0]), Pz);                                /* (8) */
    if (rolling) {
        acc_t vC = acc_add(vel(&B2, armC2), vel(&B1, armC1));                   /* (9) */
        acc_t bFB = acc_add(acc_add(B2.b, B1.b), acc_cross(B1.w, B2.w));        /* (10) */
        acc_t aC = acc_add(aO, acc_cross(bFB, rPz));
        put(o, CCREF_SLOT_VERR + 1, acc_dot(vC, Px));
        put(o, CCREF_SLOT_VERR + 2, acc_dot(vC, Py));
        put(o, CCREF_SLOT_AERR + 1, acc_dot(aC, Px));
        put(o, CCREF_SLOT_AERR + 2, acc_dot(aC, Py));
        f = acc_add(acc_add(f, acc_mul(acc_exact(lambda[1]), Px)), acc_mul(acc_exact(lambda[2]), Py));
    }
    put_forces(o, acc_cross(armC1, f), f, acc_cross(armC2, f), f);              /* (11) */
    put3(o, CCREF_SLOT_SOP_CONTACT_POINT, C);                                          /* (12)-(14) */
    put(o, CCREF_SLOT_SOP_SEPARATION, perr);
    put3(o, CCREF_SLOT_SOP_FORCE_ON_SPHERE, f);
    o->condition = fmax(vnorm(b1->p), vnorm(b2->p));
}

static void sphere_on_plane_bounds(const ccref_case *c, ccref_bounds *o)
{
    const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
    acc_t col[3], origin;
    exact_frame(&p->plane_frame_in_b1, col, &origin);
    sphere_on_plane_chain(p, col, origin, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ ball_rolling_on_plane */

/* rotation_from_z(z) of an exact input z (|z| >= zlo): columns x = unit(z x e_k), y = unit(z x x) (spec/accuracy.md
 * section 2, composite steps: the axis k is decided on the exact input, and z x e_k is exact). */
static void frame_from_exact_z(acc_t z, double zlo, acc_t cols[3])
{
    cols[0] = acc_unit(z, SQRT2_3 * zlo);           /* z x e_k: exact, |z x e_k| >= sqrt(2/3)|z| */
    cols[1] = acc_unit(acc_cross(z, cols[0]), zlo); /* |z x x| = |z| (x is a unit vector orthogonal to z) */
    cols[2] = z;
}

static void ball_rolling_on_plane_chain(const ccref_ball_rolling_on_plane_params *prm, const ccref_body *b1,
                                        const ccref_body *b2, const double *lambda, ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    acc_t nP = acc_vec(prm->normal_in_b1), r = acc_exact(prm->radius);
    acc_t A[3];
    frame_from_exact_z(nP, NLO, A);                                             /* (1) */
    acc_t Px = acc_rot(A[0]), Py = acc_rot(A[1]), n = acc_rot(A[2]);
    acc_t armO2 = acc_rot(acc_vec(prm->center_in_b2));                          /* (2) */
    ccref_ball_rolling_on_plane_result kr;
    ccref_ball_rolling_on_plane_eval(prm, b1, b2, lambda, 3, &kr);
    ccref_vec3 cO = v3_add(b2->p, m3_apply(&b2->R, prm->center_in_b2));
    acc_t O = acc_add(B2.p, armO2);
    acc_t armO1 = refine(acc_add(O, B1.p), vnorm(v3_sub(cO, b1->p)));
    acc_t d = acc_add(acc_dot(acc_rot(armO1), nP), acc_exact(prm->height));     /* (3) */
    acc_t s = acc_exact_scale(0.5, acc_add(r, d));                              /* (4) */
    acc_t sn = acc_mul(s, n);
    acc_t armC2 = acc_add(armO2, sn);
    acc_t C = acc_add(B2.p, armC2);
    acc_t armC1 = refine(acc_add(C, B1.p), vnorm(v3_sub(kr.contact_point, b1->p)));
    acc_t vO = acc_add(vel(&B2, armO2), vel(&B1, armO1));                       /* (6) */
    acc_t aO = acc_add(acc_add(accl(&B2, armO2), accl(&B1, armO1)),             /* (7) */
                       acc_cross(acc_exact_scale(2.0, B1.w), vO));
    acc_t verr_n = acc_exact_scale(0.5, acc_dot(vO, n));
    put(o, CCREF_SLOT_PERR, acc_exact_scale(0.5, acc_add(d, r)));                     /* (5) */
    put(o, CCREF_SLOT_VERR, verr_n);
    put(o, CCREF_SLOT_AERR, acc_exact_scale(0.5, acc_dot(aO, n)));
    acc_t u = acc_add(vel(&B2, armC2), vel(&B1, armC1));                        /* (8) */
    acc_t bPB = acc_add(acc_add(B2.b, B1.b), acc_cross(B1.w, B2.w));            /* (9) */
    acc_t wn = acc_cross(acc_add(B2.w, B1.w), n);
    acc_t at = acc_add(acc_add(aO, acc_cross(bPB, sn)), acc_mul(verr_n, wn));
    put(o, CCREF_SLOT_VERR + 1, acc_dot(u, Px));
    put(o, CCREF_SLOT_VERR + 2, acc_dot(u, Py));
    put(o, CCREF_SLOT_AERR + 1, acc_dot(at, Px));
    put(o, CCREF_SLOT_AERR + 2, acc_dot(at, Py));
    acc_t f = acc_add(acc_add(acc_mul(acc_exact_scale(0.5, acc_exact(lambda[0])), n),   /* (10) */
                              acc_mul(acc_exact(lambda[1]), Px)),
                      acc_mul(acc_exact(lambda[2]), Py));
    put_forces(o, acc_cross(armC1, f), f, acc_cross(armC2, f), f);
    put3(o, CCREF_SLOT_BROP_CONTACT_POINT, C);                                         /* (11) */
    put_col(o, CCREF_SLOT_BROP_PLANE_AXES, 0, Px);                                     /* (12) */
    put_col(o, CCREF_SLOT_BROP_PLANE_AXES, 1, Py);
    put_col(o, CCREF_SLOT_BROP_PLANE_AXES, 2, n);
    o->bound[CCREF_SLOT_BROP_NORMAL_FORCE] = acc_exact_scale(0.5, acc_exact(lambda[0])).e; /* (13) halving: TINY */
    o->bound[CCREF_SLOT_BROP_FRICTION_X] = o->bound[CCREF_SLOT_BROP_FRICTION_Y] = 0.0;                /* (14) exact */
    o->condition = fmax(vnorm(b1->p), vnorm(b2->p));
}

static void ball_rolling_on_plane_bounds(const ccref_case *c, ccref_bounds *o)
{
    ball_rolling_on_plane_chain(&c->params.ball_rolling_on_plane, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ sphere_on_sphere (spec/sphere_on_sphere.md) */

/* The perp() axes the exact evaluation may take for the computed z when each |z_i| may be off by e (spec/accuracy.md
 * section 4): a set of bits (1 << k); *computed is the kernel's axis for z itself. */
static unsigned perp_axes(ccref_vec3 z, double e, int *computed)
{
    double a[3] = {fabs(z.x), fabs(z.y), fabs(z.z)};
    int c01 = a[0] <= a[1], c02 = a[0] <= a[2], c12 = a[1] <= a[2];
    *computed = c01 ? (c02 ? 0 : 2) : (c12 ? 1 : 2);
    unsigned set = 0;
    for (int f01 = 0; f01 < 2; f01++)
        for (int f02 = 0; f02 < 2; f02++)
            for (int f12 = 0; f12 < 2; f12++) {
                int o01 = f01 ? !c01 : c01, o02 = f02 ? !c02 : c02, o12 = f12 ? !c12 : c12;
                if ((f01 && !in_band(a[0] - a[1], 2.0 * e)) || (f02 && !in_band(a[0] - a[2], 2.0 * e)) ||
                    (f12 && !in_band(a[1] - a[2], 2.0 * e)))
                    continue; /* that comparison cannot flip */
                set |= 1u << (o01 ? (o02 ? 0 : 2) : (o12 ? 1 : 2));
            }
    return set;
}

static void sphere_on_sphere_chain(const ccref_sphere_on_sphere_params *prm, const ccref_body *b1,
                                   const ccref_body *b2, const double *lambda, ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    const double rf = prm->radius1, rb = prm->radius2;
    acc_t armF = acc_rot(acc_vec(prm->center1_in_b1)), armB = acc_rot(acc_vec(prm->center2_in_b2));   /* (1) */
    acc_t Sf = acc_add(B1.p, armF), Sb = acc_add(B2.p, armB);
    ccref_vec3 cp = v3_sub(v3_add(b2->p, m3_apply(&b2->R, prm->center2_in_b2)),
                           v3_add(b1->p, m3_apply(&b1->R, prm->center1_in_b1)));
    double cr2 = v3_norm_sq(cp), cr = sqrt(cr2);
    acc_t p = refine(acc_add(Sb, Sf), vnorm(cp));                                                    /* (2) */
    acc_t r2 = acc_dot(p, p), r = acc_norm(p);
    int singular = decide(o, CCREF_DECISION_SINGULAR, cr2 < CCREF_SINGULAR_DISTANCE_SQ);             /* (3) */
    if (in_band(cr2 - CCREF_SINGULAR_DISTANCE_SQ, r2.e))
        mark(o, CCREF_DECISION_SINGULAR, 3u);
    o->condition = cr;

    acc_t Cz, oor = acc_exact(0.0);                                                                  /* (4) */
    double zlo;
    ccref_vec3 cCz;
    if (singular) {
        Cz = acc_exact(RHO);
        zlo = NLO;
        cCz = m3_column(&b1->R, 2);
    } else {
        double lo = acc_lower(cr, r.e);
        oor = acc_recip(r, lo);
        Cz = acc_unit(p, lo);
        zlo = 1.0;
        double coor = 1.0 / cr;
        cCz = v3_scale(coor, cp);
    }
    int computed_axis;
    unsigned axes = perp_axes(cCz, Cz.e, &computed_axis);
    decide(o, CCREF_DECISION_PERP_AXIS, computed_axis);
    /* |Cz x e_k| >= sqrt(2/3)|Cz| holds for the axis of the smallest exact component; inside the band the axis
     * followed may be another one whose exact component is at most |Cz^|/sqrt3 + 3 E_Cz (spec/accuracy.md
     * section 4), so the lower bound is taken from that. */
    double xlo = SQRT2_3 * zlo;
    if (axes != (1u << computed_axis)) {
        mark(o, CCREF_DECISION_PERP_AXIS, axes);
        double t = (Cz.m + Cz.e) / SQRT3_LO + 3.0 * Cz.e;
        xlo = zlo * zlo - t * t * SAFE;
        xlo = xlo > 0.0 ? sqrt(xlo) * LOWER : 0.0;
    }
    acc_t kf = acc_div(acc_exact(rf), acc_add(acc_exact(rf), acc_exact(rb)), (rf + rb) * LOWER);     /* (5) */
    acc_t Co = acc_add(Sf, acc_mul(kf, p));
    acc_t Cx = acc_unit(Cz, xlo);                                                                    /* (6) */
    acc_t Cy = acc_unit(acc_cross(Cz, Cx), zlo);
    ccref_sphere_on_sphere_result kr; /* the kernel's computed Co (L0 on the arms Co - p1, Co - p2) */
    ccref_sphere_on_sphere_eval(prm, b1, b2, lambda, prm->rolling ? 3 : 1, &kr);
    acc_t p_FCo = refine(acc_add(Co, B1.p), vnorm(v3_sub(kr.contact_frame.p, b1->p)));              /* (7) */
    acc_t p_BCo = refine(acc_add(Co, B2.p), vnorm(v3_sub(kr.contact_frame.p, b2->p)));

    acc_t pd = acc_add(vel(&B2, armB), vel(&B1, armF));                                              /* (9) */
    acc_t pdd = acc_add(accl(&B2, armB), accl(&B1, armF));                                           /* (10) */
    acc_t Czd = singular ? acc_cross(B1.w, Cz)                                                       /* (11) */
                         : acc_mul(oor, acc_add(pd, acc_mul(acc_dot(pd, Cz), Cz)));
    put(o, CCREF_SLOT_PERR, acc_add(r, acc_add(acc_exact(rf), acc_exact(rb))));                            /* (8) */
    put(o, CCREF_SLOT_VERR, acc_dot(pd, Cz));
    put(o, CCREF_SLOT_AERR, acc_add(acc_dot(pdd, Cz), acc_dot(pd, Czd)));                                   /* (12) */

    acc_t fn = acc_mul(acc_exact(lambda[0]), Cz);                                                    /* (19) */
    contact_forces F = {acc_cross(armF, fn), acc_cross(armB, fn), fn, fn};
    if (prm->rolling) {
        acc_t vF = acc_add(vel(&B2, p_BCo), vel(&B1, p_FCo));                                        /* (13) */
        put(o, CCREF_SLOT_VERR + 1, acc_dot(vF, Cx));
        put(o, CCREF_SLOT_VERR + 2, acc_dot(vF, Cy));
        acc_t pd_FCo = acc_add(acc_cross(B1.w, armF), acc_mul(kf, pd));                               /* (14) */
        acc_t pd_BCo = acc_add(pd_FCo, acc_add(B2.v, B1.v));
        acc_t vd_FCo = acc_add(acc_add(B1.a, acc_cross(B1.b, p_FCo)), acc_cross(B1.w, pd_FCo));       /* (15) */
        acc_t vd_BCo = acc_add(acc_add(B2.a, acc_cross(B2.b, p_BCo)), acc_cross(B2.w, pd_BCo));
        acc_t dvF = acc_add(vd_BCo, vd_FCo);
        acc_t CzdF = acc_add(Czd, acc_cross(B1.w, Cz));                                              /* (16) */
        acc_t Cxd = acc_add(acc_cross(CzdF, Cy), acc_cross(B1.w, Cx));                               /* (17) */
        acc_t Cyd = acc_add(acc_cross(CzdF, Cx), acc_cross(B1.w, Cy));
        put(o, CCREF_SLOT_AERR + 1, acc_add(acc_dot(dvF, Cx), acc_dot(vF, Cxd)));                           /* (18) */
        put(o, CCREF_SLOT_AERR + 2, acc_add(acc_dot(dvF, Cy), acc_dot(vF, Cyd)));
        add_friction(&F, lambda, Cx, Cy, p_FCo, p_BCo, fn);                                         /* (20) */
    }
    put_forces(o, F.m1, F.f2, F.m2, F.f2);
    put_col(o, CCREF_SLOT_SOS_FRAME_R, 0, Cx);                                                              /* (21) */
    put_col(o, CCREF_SLOT_SOS_FRAME_R, 1, Cy);
    put_col(o, CCREF_SLOT_SOS_FRAME_R, 2, Cz);
    put3(o, CCREF_SLOT_SOS_FRAME_P, Co);
    o->bound[CCREF_SLOT_SOS_SEPARATION] = o->bound[CCREF_SLOT_PERR];                                                       /* (22) */
    put3(o, CCREF_SLOT_SOS_FORCE_ON_BODY2, F.applied);                                                      /* (23) */
}

static void sphere_on_sphere_bounds(const ccref_case *c, ccref_bounds *o)
{
    sphere_on_sphere_chain(&c->params.sphere_on_sphere, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ point_on_plane (spec/point_on_plane.md) */

static void point_on_plane_chain(const ccref_point_on_plane_params *prm, const acc_t col[3], acc_t Po,
                                 const ccref_body *b1, const ccref_body *b2, const double *lambda, ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    const ccref_vec3 follower = prm->follower_in_b2;
    ccref_vec3 cF = v3_add(b2->p, m3_apply(&b2->R, follower));
    acc_t Px = acc_rot(col[0]), Py = acc_rot(col[1]), Pz = acc_rot(col[2]);     /* (1) */
    acc_t arm2 = acc_rot(acc_vec(follower));                                    /* (2) */
    acc_t F = acc_add(B2.p, arm2);
    acc_t arm1 = refine(acc_add(F, B1.p), vnorm(v3_sub(cF, b1->p)));
    acc_t perr = acc_dot(acc_add(acc_rot(arm1), Po), col[2]);                  /* (3) */
    acc_t v_rel = acc_add(vel(&B2, arm2), vel(&B1, arm1));                     /* (4) */
    acc_t a_rel = acc_add(acc_add(accl(&B2, arm2), accl(&B1, arm1)),           /* (5) */
                          acc_cross(acc_exact_scale(2.0, B1.w), v_rel));
    put(o, CCREF_SLOT_PERR, perr);
    put(o, CCREF_SLOT_VERR, acc_dot(v_rel, Pz));                                       /* (6) */
    put(o, CCREF_SLOT_VERR + 1, acc_dot(v_rel, Px));
    put(o, CCREF_SLOT_VERR + 2, acc_dot(v_rel, Py));
    put(o, CCREF_SLOT_AERR, acc_dot(a_rel, Pz));                                       /* (7) */
    put(o, CCREF_SLOT_AERR + 1, acc_dot(a_rel, Px));
    put(o, CCREF_SLOT_AERR + 2, acc_dot(a_rel, Py));
    acc_t f = acc_add(acc_add(acc_mul(acc_exact(lambda[0]), Pz), acc_mul(acc_exact(lambda[1]), Px)), /* (8) */
                      acc_mul(acc_exact(lambda[2]), Py));
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);
    put3(o, CCREF_SLOT_POP_FOLLOWER, F);                                               /* (9) */
    put3(o, CCREF_SLOT_POP_FORCE_ON_FOLLOWER, f);                                      /* (10) */
    o->condition = fmax(vnorm(b1->p), vnorm(b2->p));
}

static void point_on_plane_bounds(const ccref_case *c, ccref_bounds *o)
{
    const ccref_point_on_plane_params *p = &c->params.point_on_plane;
    acc_t col[3], origin;
    exact_frame(&p->plane_frame_in_b1, col, &origin);
    point_on_plane_chain(p, col, origin, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ line_on_line (spec/line_on_line.md) */

/* The possible exact senses given the computed wsf, wsb and their error bounds: bit 0 for +1, bit 1 for -1. */
static int possible_senses(double wsf, double ef, double wsb, double eb)
{
    int set = 0, gt = fabs(wsf) > fabs(wsb);
    int cmp_flip = in_band(fabs(wsf) - fabs(wsb), ef + eb);
    for (int c = 0; c < 2; c++) {
        int g = c ? !gt : gt;
        if (c && !cmp_flip)
            continue;
        double x = g ? wsf : wsb, ex = g ? ef : eb;
        int nonneg = x >= 0.0, flip = in_band(x, ex);
        for (int s = 0; s < 2; s++) {
            if (s && !flip)
                continue;
            int nn = s ? !nonneg : nonneg;
            int sense = g ? (nn ? 1 : -1) : (nn ? -1 : 1);
            set |= sense > 0 ? 1 : 2;
        }
    }
    return set;
}

/* The stages of line_on_line's chain (spec/line_on_line.md, Accuracy), in the formulas' order: each takes what the
 * earlier ones bounded, and the kernel's computed values (c...) on which the decisions and lower bounds rest. */

/* (1)-(4): the edges, the edge points, p, wraw = df x db and w2 = wraw.wraw; the computed wraw, sf, sb, wraw.wraw. */
typedef struct {
    abody B1, B2;
    acc_t df, sf, db, sb, armPf, armPb, Pf, Pb, p, wraw, w2;
    ccref_vec3 cw, csf, csb;
    double cw2;
} lol_edges_bounds;

/* (6)-(10): 1/s, the normal n, the edge parameters tf, tb, the closest points Qf, Qb, the frame (Cx Cy n) at Co and
 * its arms from the bodies. */
typedef struct {
    acc_t oos, n, tf, tb, Qf, Qb, Co, Cx, Cy, p_FCo, p_BCo;
} lol_frame_bounds;

/* (11)-(15): perr and the first derivatives the rolling rows reuse. */
typedef struct {
    acc_t perr, vPf, vPb, dp, ddf, ddb, ndw, dn;
} lol_rates_bounds;

static lol_edges_bounds lol_edges(const ccref_line_on_line_params *prm, const ccref_body *b1, const ccref_body *b2)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    const ccref_frame *Ef = &prm->edge_frame1_in_b1, *Eb = &prm->edge_frame2_in_b2;
    acc_t df = acc_rot(acc_vec(m3_column(&Ef->R, 0))), sf = acc_rot(acc_vec(m3_column(&Ef->R, 2)));
    acc_t db = acc_rot(acc_vec(m3_column(&Eb->R, 0))), sb = acc_rot(acc_vec(m3_column(&Eb->R, 2)));
    acc_t armPf = acc_rot(acc_vec(Ef->p)), armPb = acc_rot(acc_vec(Eb->p));
    acc_t Pf = acc_add(B1.p, armPf), Pb = acc_add(B2.p, armPb);
    ccref_vec3 cp = v3_sub(v3_add(b2->p, m3_apply(&b2->R, Eb->p)), v3_add(b1->p, m3_apply(&b1->R, Ef->p)));
    acc_t p = refine(acc_add(Pb, Pf), vnorm(cp));
    /* the kernel's computed geometry, for L0, the decisions and the lower bound of s */
    ccref_vec3 cdf = m3_apply(&b1->R, m3_column(&Ef->R, 0)), csf = m3_apply(&b1->R, m3_column(&Ef->R, 2));
    ccref_vec3 cdb = m3_apply(&b2->R, m3_column(&Eb->R, 0)), csb = m3_apply(&b2->R, m3_column(&Eb->R, 2));
    ccref_vec3 cw = v3_cross(cdf, cdb);
    double cw2 = v3_norm_sq(cw);
    acc_t wraw = refine(acc_cross(df, db), vnorm(cw));
    acc_t w2 = acc_dot(wraw, wraw);
    lol_edges_bounds g = {B1, B2, df, sf, db, sb, armPf, armPb, Pf, Pb, p, wraw, w2, cw, csf, csb, cw2};
    return g;
}

/* (34)-(37) The parallel fallback: closest points, frame column 0 and origin; the rows, forces, separation and the
 * other frame columns are exact zeros. */
static void lol_parallel_bounds(const lol_edges_bounds *g, ccref_bounds *o)
{
    acc_t Qf = acc_add(g->Pf, acc_mul(acc_exact_scale(0.5, acc_dot(g->p, g->df)), g->df));
    acc_t Qb = acc_add(g->Pb, acc_mul(acc_exact_scale(0.5, acc_dot(acc_add(g->Pf, g->Pb), g->db)), g->db));
    acc_t Co = acc_exact_scale(0.5, acc_add(Qf, Qb));
    put3(o, CCREF_SLOT_LOL_CLOSEST1, Qf);
    put3(o, CCREF_SLOT_LOL_CLOSEST2, Qb);
    put_col(o, CCREF_SLOT_LOL_FRAME_R, 0, g->df);
    put3(o, CCREF_SLOT_LOL_FRAME_P, Co);
}

/* (5) The sense: its band. It only flips the sign of n and the quantities built on it: the bounds are the same for
 * both. */
static void lol_sense(const lol_edges_bounds *g, ccref_bounds *o)
{
    acc_t wsf = acc_dot(g->wraw, g->sf), wsb = acc_dot(g->wraw, g->sb);
    double cwsf = v3_dot(g->cw, g->csf), cwsb = v3_dot(g->cw, g->csb);
    int senses = possible_senses(cwsf, wsf.e, cwsb, wsb.e);
    decide(o, CCREF_DECISION_SENSE, fabs(cwsf) > fabs(cwsb) ? (cwsf >= 0.0 ? 1 : -1) : (cwsb >= 0.0 ? -1 : 1));
    if (senses == 3)
        mark(o, CCREF_DECISION_SENSE, 3u);
}

/* (6)-(10) The normal, the closest points and the contact frame; the arms of Co by L0 on the kernel's computed Co. */
static lol_frame_bounds lol_frame(const ccref_line_on_line_params *prm, int rolling, const ccref_body *b1,
                                  const ccref_body *b2, const double *lambda, const lol_edges_bounds *g)
{
    /* (6) normal */
    acc_t w = g->wraw; /* sg wraw: exact */
    acc_t s = acc_norm(w);
    double slo = acc_lower(sqrt(g->cw2), s.e);
    acc_t oos = acc_recip(s, slo);
    acc_t n = acc_unit(w, slo);
    /* (7)-(10) closest points, frame */
    acc_t pXn = acc_cross(g->p, n);
    acc_t tf = acc_mul(oos, acc_dot(g->db, pXn)), tb = acc_mul(oos, acc_dot(g->df, pXn));
    acc_t Qf = acc_add(g->Pf, acc_mul(tf, g->df)), Qb = acc_add(g->Pb, acc_mul(tb, g->db));
    acc_t Co = acc_exact_scale(0.5, acc_add(Qf, Qb));
    acc_t Cx = g->df, Cy = acc_cross(n, g->df);
    ccref_line_on_line_result kr; /* the kernel's computed Co (L0 on the arms Co - p1, Co - p2) */
    ccref_line_on_line_eval(prm, b1, b2, lambda, rolling ? 3 : 1, &kr);
    acc_t p_FCo = refine(acc_add(Co, g->B1.p), vnorm(v3_sub(kr.contact_frame.p, b1->p)));
    acc_t p_BCo = refine(acc_add(Co, g->B2.p), vnorm(v3_sub(kr.contact_frame.p, b2->p)));
    lol_frame_bounds f = {oos, n, tf, tb, Qf, Qb, Co, Cx, Cy, p_FCo, p_BCo};
    return f;
}

/* (11)-(20) The normal row perr, verr, aerr through the derivatives of p, df, db, w and n. */
static lol_rates_bounds lol_normal_row(const lol_edges_bounds *g, const lol_frame_bounds *f, ccref_bounds *o)
{
    const abody *B1 = &g->B1, *B2 = &g->B2;
    const acc_t p = g->p, df = g->df, db = g->db, n = f->n, oos = f->oos;
    acc_t vPf = vel(B1, g->armPf), vPb = vel(B2, g->armPb);
    acc_t dp = acc_add(vPb, vPf);
    acc_t ddf = acc_cross(B1->w, df), ddb = acc_cross(B2->w, db);
    acc_t dw = acc_add(acc_cross(ddf, db), acc_cross(df, ddb));
    acc_t ndw = acc_dot(n, dw);
    acc_t dn = acc_mul(oos, acc_add(dw, acc_mul(ndw, n)));
    acc_t d2p = acc_add(accl(B2, g->armPb), accl(B1, g->armPf));
    acc_t d2df = acc_add(acc_cross(B1->b, df), acc_cross(B1->w, ddf));
    acc_t d2db = acc_add(acc_cross(B2->b, db), acc_cross(B2->w, ddb));
    acc_t d2w = acc_add(acc_add(acc_cross(d2df, db), acc_exact_scale(2.0, acc_cross(ddf, ddb))), acc_cross(df, d2db));
    acc_t ddw = acc_add(d2w, acc_mul(acc_mul(oos, ndw), dw));
    acc_t d2n = acc_mul(oos, acc_add(acc_add(ddw, acc_mul(ndw, dn)),
                                     acc_mul(acc_add(acc_dot(n, ddw), acc_dot(dn, dw)), n)));
    acc_t perr = acc_dot(p, n);
    put(o, CCREF_SLOT_PERR, perr);
    put(o, CCREF_SLOT_VERR, acc_add(acc_dot(dp, n), acc_dot(p, dn)));
    put(o, CCREF_SLOT_AERR, acc_add(acc_add(acc_dot(d2p, n), acc_exact_scale(2.0, acc_dot(dp, dn))), acc_dot(p, d2n)));
    lol_rates_bounds r = {perr, vPf, vPb, dp, ddf, ddb, ndw, dn};
    return r;
}

/* (21)-(30) The rolling rows: the slip velocity and acceleration along Cx = df and Cy. */
static void lol_rolling_rows(const lol_edges_bounds *g, const lol_frame_bounds *f, const lol_rates_bounds *r,
                             ccref_bounds *o)
{
    const abody *B1 = &g->B1, *B2 = &g->B2;
    const acc_t p = g->p, df = g->df, db = g->db, n = f->n, oos = f->oos, dp = r->dp, dn = r->dn;
    const acc_t p_FCo = f->p_FCo, p_BCo = f->p_BCo;
    acc_t vF = acc_add(vel(B2, p_BCo), vel(B1, p_FCo));
    put(o, CCREF_SLOT_VERR + 1, acc_dot(vF, f->Cx));
    put(o, CCREF_SLOT_VERR + 2, acc_dot(vF, f->Cy));
    acc_t doos = acc_mul(acc_mul(oos, oos), r->ndw);
    acc_t nXdb = acc_cross(n, db), nXdf = acc_cross(n, df);
    acc_t d_nXdb = acc_add(acc_cross(dn, db), acc_cross(n, r->ddb));
    acc_t d_nXdf = acc_add(acc_cross(dn, df), acc_cross(n, r->ddf));
    acc_t dtf = acc_add(acc_mul(oos, acc_add(acc_dot(dp, nXdb), acc_dot(p, d_nXdb))), acc_mul(doos, acc_dot(p, nXdb)));
    acc_t dtb = acc_add(acc_mul(oos, acc_add(acc_dot(dp, nXdf), acc_dot(p, d_nXdf))), acc_mul(doos, acc_dot(p, nXdf)));
    acc_t dQf = acc_add(acc_add(r->vPf, acc_mul(dtf, df)), acc_mul(f->tf, r->ddf));
    acc_t dQb = acc_add(acc_add(r->vPb, acc_mul(dtb, db)), acc_mul(f->tb, r->ddb));
    acc_t dCo = acc_exact_scale(0.5, acc_add(dQf, dQb));
    acc_t dp_FCo = acc_add(dCo, B1->v), dp_BCo = acc_add(dCo, B2->v);
    acc_t dv_FCo = acc_add(acc_add(B1->a, acc_cross(B1->b, p_FCo)), acc_cross(B1->w, dp_FCo));
    acc_t dv_BCo = acc_add(acc_add(B2->a, acc_cross(B2->b, p_BCo)), acc_cross(B2->w, dp_BCo));
    acc_t dvF = acc_add(dv_BCo, dv_FCo);
    put(o, CCREF_SLOT_AERR + 1, acc_add(acc_dot(dvF, f->Cx), acc_dot(vF, r->ddf)));
    put(o, CCREF_SLOT_AERR + 2, acc_add(acc_dot(dvF, f->Cy), acc_dot(vF, d_nXdf)));
}

/* (32)-(33) The auxiliary outputs: closest points, frame, separation, force on body 2. */
static void lol_auxiliary(const lol_frame_bounds *f, const lol_rates_bounds *r, acc_t applied, ccref_bounds *o)
{
    put3(o, CCREF_SLOT_LOL_CLOSEST1, f->Qf);
    put3(o, CCREF_SLOT_LOL_CLOSEST2, f->Qb);
    put_col(o, CCREF_SLOT_LOL_FRAME_R, 0, f->Cx);
    put_col(o, CCREF_SLOT_LOL_FRAME_R, 1, f->Cy);
    put_col(o, CCREF_SLOT_LOL_FRAME_R, 2, f->n);
    put3(o, CCREF_SLOT_LOL_FRAME_P, f->Co);
    put(o, CCREF_SLOT_LOL_SEPARATION, r->perr);
    put3(o, CCREF_SLOT_LOL_FORCE_ON_BODY2, applied);
}

static void line_on_line_chain(const ccref_line_on_line_params *prm, int rolling, const ccref_body *b1,
                               const ccref_body *b2, const double *lambda, ccref_bounds *o)
{
    const lol_edges_bounds g = lol_edges(prm, b1, b2);                                   /* (1)-(4) */
    o->condition = sqrt(g.cw2);
    if (in_band(g.cw2 - CCREF_PARALLEL_SIN_SQ, g.w2.e))
        mark(o, CCREF_DECISION_PARALLEL, 3u);
    if (decide(o, CCREF_DECISION_PARALLEL, g.cw2 < CCREF_PARALLEL_SIN_SQ)) {
        lol_parallel_bounds(&g, o);                                                      /* (34)-(37) */
        return;
    }
    lol_sense(&g, o);                                                                    /* (5) */
    const lol_frame_bounds f = lol_frame(prm, rolling, b1, b2, lambda, &g);              /* (6)-(10) */
    const lol_rates_bounds r = lol_normal_row(&g, &f, o);                                /* (11)-(20) */
    acc_t fn = acc_mul(acc_exact(lambda[0]), f.n);                                       /* (31) */
    contact_forces F = {acc_cross(f.p_FCo, fn), acc_cross(f.p_BCo, fn), fn, fn};
    if (rolling) {
        lol_rolling_rows(&g, &f, &r, o);                                                 /* (21)-(30) */
        add_friction(&F, lambda, f.Cx, f.Cy, f.p_FCo, f.p_BCo, fn);                      /* (31) */
    }
    put_forces(o, F.m1, F.f2, F.m2, F.f2);
    lol_auxiliary(&f, &r, F.applied, o);                                                 /* (32)-(33) */
}

static void line_on_line_bounds(const ccref_case *c, ccref_bounds *o)
{
    line_on_line_chain(&c->params.line_on_line, c->params.line_on_line.rolling != 0, &c->body1, &c->body2, c->lambda,
                       o);
}

/* ================================================================ weld (spec/weld.md, Accuracy) */

static void weld_chain(const ccref_weld_params *prm, const ccref_body *b1, const ccref_body *b2, const double *lambda,
                       ccref_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    coincident_rows L = coincident_chain(prm->frame1_in_b1.p, prm->frame2_in_b2.p, b1, b2); /* (2), (4), (7), (9) */
    acc_t col = acc_rot(acc_exact(RHO));        /* (1) a column of RB or RF: R times an exact column of norm <= rho */
    acc_t perr = acc_dot(col, col);             /* (3) F_i . B_i' */
    acc_t c = acc_cross(col, col);              /* (5) c_i = F_i x B_i' */
    acc_t w = acc_add(B2.w, B1.w);              /* (6) */
    acc_t verr = acc_dot(w, c);
    acc_t bw = acc_add(B2.b, B1.b);             /* (8) */
    acc_t d = acc_add(acc_cross(acc_cross(B2.w, col), col), acc_cross(acc_cross(B1.w, col), col));
    acc_t aerr = acc_add(acc_dot(bw, c), acc_dot(w, d));
    acc_t t = acc_add(acc_add(acc_mul(acc_exact(lambda[0]), c), acc_mul(acc_exact(lambda[1]), c)),
                      acc_mul(acc_exact(lambda[2]), c));           /* (10) */
    acc_t f = acc_vec(v3(lambda[3], lambda[4], lambda[5]));       /* exact */
    for (int i = 0; i < 3; i++) {
        o->bound[CCREF_SLOT_PERR + i] = perr.e;
        o->bound[CCREF_SLOT_VERR + i] = verr.e;
        o->bound[CCREF_SLOT_AERR + i] = aerr.e;
        o->bound[CCREF_SLOT_PERR + 3 + i] = L.perr.e;
        o->bound[CCREF_SLOT_VERR + 3 + i] = L.verr.e;
        o->bound[CCREF_SLOT_AERR + 3 + i] = L.aerr.e;
    }
    put_forces(o, acc_add(t, acc_cross(L.arm1, f)), f, acc_add(t, acc_cross(L.arm2, f)), f); /* (11) */
    for (int j = 0; j < 3; j++) {                                  /* (12) */
        put_col(o, CCREF_SLOT_WELD_FRAME1_R, j, col);
        put_col(o, CCREF_SLOT_WELD_FRAME2_R, j, col);
    }
    put3(o, CCREF_SLOT_WELD_FRAME1_P, L.P);
    put3(o, CCREF_SLOT_WELD_FRAME2_P, L.S);
    o->condition = fmax(vnorm(b1->p), vnorm(b2->p));
}

static void weld_bounds(const ccref_case *c, ccref_bounds *o)
{
    weld_chain(&c->params.weld, &c->body1, &c->body2, c->lambda, o);
}

/* ================================================================ dispatch */

/* The slots whose bound exceeds the kernel's own computed value (ccref_bounds.exceeds_value). */
static void mark_exceeds(ccref_bounds *b, const double *v, const unsigned char *in_use)
{
    b->n_exceeds_value = 0;
    for (int i = 0; i < b->n; i++) {
        b->exceeds_value[i] = in_use[i] && fabs(v[i]) < b->bound[i];
        b->n_exceeds_value += b->exceeds_value[i];
    }
}

/* Decisions no chain took on this case are reported as not taken (0). */
static void finish_branches(ccref_bounds *b)
{
    for (int d = 0; d < CCREF_DECISION_COUNT; d++) {
        if (b->branch[d] == CCREF_BRANCH_COMPUTED)
            b->branch[d] = 0;
    }
}

#define BOUNDS_OF_KIND(KIND, kind, ...)                                                                                \
    case CCREF_KIND_##KIND: kind##_bounds(c, b); break;

ccref_status ccref_bounds_case_on(const ccref_case *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    if (null_arguments(c, b))
        return CCREF_E_NULL_ARGUMENT;
    ccref_result kr;
    ccref_status st = ccref_eval(c, &kr);
    bounds_init(b, ccref_status_ok(st) ? ccref_kind_outputs(c->kind) : 0, br);
    if (!ccref_status_ok(st))
        return st;
    switch (c->kind) {
    CCREF_KINDS(BOUNDS_OF_KIND)
    default: return CCREF_E_UNKNOWN_KIND;
    }
    double v[CCREF_SLOT_MAX];
    unsigned char in_use[CCREF_SLOT_MAX];
    ccref_flatten_result(c->kind, &kr, v);
    for (int i = 0; i < b->n; i++)
        in_use[i] = (unsigned char)ccref_slot_in_use(i, kr.u.out.mp, kr.u.out.mv);
    mark_exceeds(b, v, in_use);
    finish_branches(b);
    return st;
}

ccref_status ccref_bounds_case(const ccref_case *c, ccref_bounds *b) { return ccref_bounds_case_on(c, NULL, b); }

/* ================================================================ rules (spec/unilateral.md, Accuracy) */

/* COR at the computed impact speed v^ whose exact value is within ev: the rule's own rounding (LINEAR branch) plus
 * its Lipschitz constant (1 - m)/s times ev; the capture jump is a decision band. */
static double cor_bound(double m, double c, double s, double v, double ev, ccref_bounds *b)
{
    int captured = decide(b, CCREF_DECISION_COR_CAPTURE, v <= c);
    if (in_band(v - c, ev))
        mark(b, CCREF_DECISION_COR_CAPTURE, 3u);
    b->cor_corner = in_band(v - s, ev); /* LINEAR/MINIMUM may differ: the value bound covers both (continuity) */
    if (captured)
        return 0.0; /* CAPTURED: 0 */
    double L = c < s ? (1.0 - m) / s * SAFE * SAFE : 0.0;
    double round = (v < s) ? gam(3) * (1.0 + U) + 0x1p-1074 * (v + 1.0) : 0.0; /* LINEAR: spec/unilateral.md 10 */
    double B = (L * ev + round) * SAFE + TINY;
    return B < LIM ? B : INFINITY;
}

static double cof_bound(double mu_s, double mu_d, double mu_v, double t, double slip, double es, ccref_bounds *b)
{
    int is_static = decide(b, CCREF_DECISION_COF_TRANSITION, slip <= t);
    if (in_band(slip - t, es))
        mark(b, CCREF_DECISION_COF_TRANSITION, 3u);
    double mu_x = is_static ? mu_s : mu_d;
    double B = (mu_v * es + gam(2) * (mu_v * slip + mu_x)) * SAFE + TINY;
    return B < LIM ? B : INFINITY;
}

double ccref_cor_bound(double min_cor, double capture_speed, double min_cor_speed, double v, double ev)
{
    ccref_bounds scratch;
    bounds_init(&scratch, 1, NULL);
    return cor_bound(min_cor, capture_speed, min_cor_speed, v, ev, &scratch);
}

ccref_status ccref_bounds_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                              ccref_bounds *b)
{
    double cor;
    if (b == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_effective_cor(min_cor, capture_speed, min_cor_speed, impact_speed, &cor);
    bounds_init(b, st == CCREF_OK ? 1 : 0, NULL);
    if (st != CCREF_OK)
        return st;
    b->bound[0] = cor_bound(min_cor, capture_speed, min_cor_speed, impact_speed, 0.0, b);
    b->condition = impact_speed;
    unsigned char in_use = 1;
    mark_exceeds(b, &cor, &in_use);
    finish_branches(b);
    return st;
}

ccref_status ccref_bounds_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                              ccref_bounds *b)
{
    double mu;
    if (b == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_effective_cof(mu_s, mu_d, mu_v, transition_speed, slip_speed, &mu);
    bounds_init(b, st == CCREF_OK ? 1 : 0, NULL);
    if (st != CCREF_OK)
        return st;
    b->bound[0] = cof_bound(mu_s, mu_d, mu_v, transition_speed, slip_speed, 0.0, b);
    b->condition = slip_speed;
    unsigned char in_use = 1;
    mark_exceeds(b, &mu, &in_use);
    finish_branches(b);
    return st;
}

/* ================================================================ contact classes (spec/unilateral_contacts.md) */

/* The plane frame (rotation_from_z(n), h n) the point_plane and sphere_plane classes build (contacts.c), as the
 * doubles the kernel receives and as bounds against the exact frame. */
static ccref_frame built_plane_frame(ccref_vec3 n, double h, acc_t col[3], acc_t *origin)
{
    acc_t an = acc_vec(n);
    frame_from_exact_z(an, NLO, col);
    *origin = acc_mul(acc_exact(h), an);
    ccref_frame F;
    F.R = ccref_rotation_from_z(n);
    F.p = v3_scale(h, n);
    return F;
}

/* Each class's kernel chain on the class's parameters into k (spec/unilateral_contacts.md, Accuracy), on the
 * branches k follows; each returns the bound of the class's display point. */

static double hard_stop_chain(const ccref_contact_case *c, ccref_bounds *k)
{
    constant_coordinate_chain(c->params.hard_stop.bound, &c->coordinate, k);
    return acc_add(acc_vec(c->body1.p), acc_rot(acc_vec(c->params.hard_stop.mobilizer_origin_in_b))).e;
}

static double rope_chain(const ccref_contact_case *c, const double *lam3, ccref_bounds *k)
{
    const ccref_rope_params *rp = &c->params.rope;
    ccref_rod_params prm = {rp->station1_in_b1, rp->station2_in_b2, rp->length_limit};
    rod_chain(&prm, &c->body1, &c->body2, lam3, k);
    acc_t S1 = acc_add(acc_vec(c->body1.p), acc_rot(acc_vec(rp->station1_in_b1)));
    acc_t S2 = acc_add(acc_vec(c->body2.p), acc_rot(acc_vec(rp->station2_in_b2)));
    return acc_exact_scale(0.5, acc_add(S1, S2)).e;
}

static double point_plane_frictionless_chain(const ccref_contact_case *c, const double *lam3, ccref_bounds *k)
{
    const ccref_point_plane_params *pp = &c->params.point_plane;
    ccref_point_in_plane_params prm = {pp->normal_in_b1, pp->height, pp->follower_in_b2};
    point_in_plane_chain(&prm, &c->body1, &c->body2, lam3, k);
    return k->bound[CCREF_SLOT_PIP_FOLLOWER];
}

/* The plane classes: their kernel (PointOnPlane, or SphereOnPlane rolling) on the built plane frame. */
static double plane_class_chain(const ccref_contact_case *c, const double *lam3, ccref_bounds *k)
{
    acc_t col[3], origin;
    if (c->cls == CCREF_CONTACT_POINT_PLANE) {
        const ccref_point_plane_params *pp = &c->params.point_plane;
        ccref_point_on_plane_params prm;
        prm.plane_frame_in_b1 = built_plane_frame(pp->normal_in_b1, pp->height, col, &origin);
        prm.follower_in_b2 = pp->follower_in_b2;
        point_on_plane_chain(&prm, col, origin, &c->body1, &c->body2, lam3, k);
        return k->bound[CCREF_SLOT_POP_FOLLOWER];
    }
    const ccref_sphere_plane_params *sp = &c->params.sphere_plane;
    ccref_sphere_on_plane_params prm;
    prm.plane_frame_in_b1 = built_plane_frame(sp->normal_in_b1, sp->height, col, &origin);
    prm.center_in_b2 = sp->center_in_b2;
    prm.radius = sp->radius;
    prm.rolling = 1;
    sphere_on_plane_chain(&prm, col, origin, &c->body1, &c->body2, lam3, k);
    return k->bound[CCREF_SLOT_SOP_CONTACT_POINT];
}

static double sphere_sphere_chain(const ccref_contact_case *c, const double *lam3, ccref_bounds *k)
{
    const ccref_sphere_sphere_params *ss = &c->params.sphere_sphere;
    ccref_sphere_on_sphere_params prm = {ss->center1_in_b1, ss->radius1, ss->center2_in_b2, ss->radius2, 1};
    sphere_on_sphere_chain(&prm, &c->body1, &c->body2, lam3, k);
    return k->bound[CCREF_SLOT_SOS_FRAME_P];
}

static double edge_edge_chain(const ccref_contact_case *c, const double *lam3, ccref_bounds *k)
{
    const ccref_edge_edge_params *ee = &c->params.edge_edge;
    ccref_line_on_line_params prm = {ee->edge_frame1_in_b1, ee->half_length1, ee->edge_frame2_in_b2,
                                     ee->half_length2, 1};
    line_on_line_chain(&prm, 1, &c->body1, &c->body2, lam3, k);
    return k->bound[CCREF_SLOT_LOL_FRAME_P];
}

/* The class's kernel chain into k and the bound of its display point; 0 for an unknown class. The multipliers past
 * the class's count are 0 (lam). */
static int class_chain(const ccref_contact_case *c, ccref_bounds *k, double *display)
{
    const double *l = c->lambda;
    double lam3[3] = {lam(l, c->n_lambda, 0), lam(l, c->n_lambda, 1), lam(l, c->n_lambda, 2)};
    switch (c->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER: *display = hard_stop_chain(c, k); return 1;
    case CCREF_CONTACT_ROPE: *display = rope_chain(c, lam3, k); return 1;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS: *display = point_plane_frictionless_chain(c, lam3, k); return 1;
    case CCREF_CONTACT_POINT_PLANE:
    case CCREF_CONTACT_SPHERE_PLANE: *display = plane_class_chain(c, lam3, k); return 1;
    case CCREF_CONTACT_SPHERE_SPHERE: *display = sphere_sphere_chain(c, lam3, k); return 1;
    case CCREF_CONTACT_EDGE_EDGE: *display = edge_edge_chain(c, lam3, k); return 1;
    default: return 0;
    }
}

/* The kernel chain's decisions are the contact's; its bounds are the constraint's, the rows' (row 0) and the display
 * point's. */
static void carry_kernel_bounds(const ccref_bounds *k, double display, ccref_bounds *b)
{
    b->band = k->band;
    b->bands = k->bands;
    for (int d = 0; d < CCREF_DECISION_COUNT; d++) {
        b->branch[d] = k->branch[d];
        b->possible[d] = k->possible[d];
    }
    for (int i = 0; i < CCREF_SLOT_AUX; i++)
        b->bound[CCREF_CSLOT_CONSTRAINT + i] = k->bound[i];
    b->bound[CCREF_CSLOT_PERR] = k->bound[CCREF_SLOT_PERR];
    b->bound[CCREF_CSLOT_VERR] = k->bound[CCREF_SLOT_VERR];
    b->bound[CCREF_CSLOT_AERR] = k->bound[CCREF_SLOT_AERR];
    for (int i = 0; i < 3; i++)
        b->bound[CCREF_CSLOT_DISPLAY + i] = display;
}

/* The friction classes: the slip rows (rows 1 and 2 of the kernel), the slip speed and the COF at it. */
static void friction_bounds(const ccref_contact_case *c, const ccref_contact_result *kr, const ccref_bounds *k,
                            ccref_bounds *b)
{
    for (int i = 0; i < 2; i++) {
        b->bound[CCREF_CSLOT_SLIP_VELOCITY + i] = k->bound[CCREF_SLOT_VERR + 1 + i];
        b->bound[CCREF_CSLOT_SLIP_ACCELERATION + i] = k->bound[CCREF_SLOT_AERR + 1 + i];
    }
    /* slip speed sqrt(sx^2 + sy^2): |(sx^,sy^) - (sx,sy)| <= |(e1, e2)|; the 2-term norm rounds by at most
     * gamma_3 relative (spec/unilateral_contacts.md, Accuracy); both norms are taken without underflow */
    double e1 = k->bound[CCREF_SLOT_VERR + 1], e2 = k->bound[CCREF_SLOT_VERR + 2];
    double es_in = vnorm(v3(e1, e2, 0.0));
    double nh = vnorm(v3(kr->slip_velocity[0], kr->slip_velocity[1], 0.0));
    double es = (es_in + gam(3) * nh + SQRT_ABS) * SAFE + TINY;
    if (!(es < LIM))
        es = INFINITY;
    b->bound[CCREF_CSLOT_SLIP_SPEED] = es;
    b->bound[CCREF_CSLOT_EFFECTIVE_COF] = cof_bound(c->material.mu_s, c->material.mu_d, c->material.mu_v,
                                                    c->speeds.transition_speed, kr->slip_speed, es, b);
}

/* The rules' bounds: impact speed and COR, then the friction classes' slip and COF. */
static void rule_bounds(const ccref_contact_case *c, const ccref_contact_result *kr, const ccref_bounds *k,
                        ccref_bounds *b)
{
    /* impact speed max(0, -sign verr): 1-Lipschitz in verr, no rounding */
    double ev = k->bound[CCREF_SLOT_VERR];
    b->bound[CCREF_CSLOT_IMPACT_SPEED] = ev;
    b->bound[CCREF_CSLOT_EFFECTIVE_COR] = cor_bound(c->material.min_cor, c->speeds.capture_speed,
                                                    c->speeds.min_cor_speed, kr->impact_speed, ev, b);
    if (ccref_contact_has_friction(c->cls))
        friction_bounds(c, kr, k, b);
}

ccref_status ccref_bounds_contact_on(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    if (null_arguments(c, b))
        return CCREF_E_NULL_ARGUMENT;
    ccref_contact_result kr;
    ccref_status st = ccref_contact_eval(c, &kr);
    bounds_init(b, ccref_status_ok(st) ? CCREF_CSLOT_N : 0, br);
    if (!ccref_status_ok(st))
        return st;
    ccref_bounds k; /* the underlying kernel's chain, on the same branches */
    bounds_init(&k, CCREF_SLOT_MAX, br);
    double display = 0.0;
    if (!class_chain(c, &k, &display))
        return CCREF_E_UNKNOWN_KIND;
    carry_kernel_bounds(&k, display, b);
    rule_bounds(c, &kr, &k, b);
    b->bound[CCREF_CSLOT_COORDINATE_FORCE] = 0.0;
    b->condition = fabs(kr.perr);
    double v[CCREF_CSLOT_N];
    unsigned char in_use[CCREF_CSLOT_N];
    ccref_flatten_contact_result(&kr, v);
    for (int i = 0; i < b->n; i++)
        in_use[i] = (unsigned char)ccref_contact_slot_in_use(c->cls, i, kr.constraint.mp, kr.constraint.mv);
    mark_exceeds(b, v, in_use);
    finish_branches(b);
    return st;
}

ccref_status ccref_bounds_contact(const ccref_contact_case *c, ccref_bounds *b)
{
    return ccref_bounds_contact_on(c, NULL, b);
}

/* ================================================================ the Constraint handle (spec/constraint_handle.md)
 *
 * G's column j is verr at the probe j, bias is aerr at the probe -1 (ccref_handle.h): their bounds are those slots'
 * bounds on the probes, on the same branches, scaled back as the probes' values are (exactly: a bound of a probe at
 * u scaled by 2^-k, which the calculus's underflow allowance includes, times 2^k bounds the entry). The power -(lambda . verr) is a sum of products of the exact
 * multipliers with the computed verr rows: lemma L2 per product and L1 per sum on the case's own verr bounds. */

typedef ccref_status (*bounds_on_fn)(const void *c, const ccref_branch_choice *br, ccref_bounds *b);

static ccref_status bounds_on_case(const void *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    return ccref_bounds_case_on(c, br, b);
}
static ccref_status bounds_on_contact(const void *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    return ccref_bounds_contact_on(c, br, b);
}

/* The verr and aerr slots of a case's or a class's layout start at `first` (0, or CCREF_CSLOT_CONSTRAINT). */
static ccref_status handle_bounds(const void *c, const void *probes, const int *scales, size_t probe_size, int nu,
                                  int first,
                                  const double *lambda, const double *verr, int rows, bounds_on_fn bounds_on,
                                  const ccref_branch_choice *br, ccref_bounds *b)
{
    ccref_bounds own;
    ccref_status st = bounds_on(c, br, &own);
    bounds_init(b, ccref_status_ok(st) ? CCREF_HSLOT_N : 0, br);
    if (!ccref_status_ok(st))
        return st;
    memcpy(b->branch, own.branch, sizeof b->branch);
    b->bands = own.bands;
    b->band = own.band;
    memcpy(b->possible, own.possible, sizeof b->possible);
    b->condition = own.condition;
    for (int j = -1; j < nu; j++) {
        ccref_bounds pb;
        int k = scales[j + 1];
        if (k < 0 || !ccref_status_ok(bounds_on((const char *)probes + (size_t)(j + 1) * probe_size, br, &pb))) {
            bounds_init(b, 0, br);
            return CCREF_E_RESULT_OVERFLOW;
        }
        /* a probe at u scaled by 2^-k: its rows' bounds scaled back as its values are (ccref_handle.h) */
        for (int r = 0; r < rows; r++) {
            if (j < 0)
                b->bound[CCREF_HSLOT_BIAS + r] = ldexp(pb.bound[first + CCREF_SLOT_AERR + r], 2 * k);
            else
                b->bound[CCREF_HSLOT_G + CCREF_MAX_MOBILITIES * r + j] =
                    ldexp(pb.bound[first + CCREF_SLOT_VERR + r], k);
        }
    }
    acc_t p = acc_exact(0.0);
    for (int r = 0; r < rows; r++) {
        double e = own.bound[first + CCREF_SLOT_VERR + r];
        acc_t v = {fabs(verr[r]) + e, e};
        acc_t t = acc_mul(acc_exact(lambda[r]), v);
        p = r == 0 ? t : acc_add(p, t);
    }
    b->bound[CCREF_HSLOT_POWER] = p.e;
    return st;
}

/* The handle's values and slots in use, for ccref_bounds.exceeds_value. */
static void handle_exceeds(ccref_bounds *b, const ccref_handle *h)
{
    double v[CCREF_HSLOT_N];
    unsigned char in_use[CCREF_HSLOT_N];
    ccref_flatten_handle(h, v);
    for (int i = 0; i < CCREF_HSLOT_N; i++)
        in_use[i] = (unsigned char)ccref_handle_slot_in_use(i, h->mp, h->mv, h->nu);
    if (b->n == CCREF_HSLOT_N)
        mark_exceeds(b, v, in_use);
}

ccref_status ccref_bounds_handle_case(const ccref_case *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    if (null_arguments(c, b))
        return CCREF_E_NULL_ARGUMENT;
    ccref_case probes[CCREF_MAX_MOBILITIES + 1];
    int scales[CCREF_MAX_MOBILITIES + 1];
    int nu = ccref_case_mobilities(c);
    for (int j = -1; j < nu; j++) {
        scales[j + 1] = ccref_handle_probe_scale_case(c, j);
        ccref_handle_probe_case(c, j, scales[j + 1] < 0 ? 0 : scales[j + 1], &probes[j + 1]);
    }
    ccref_result kr;
    ccref_status st = ccref_eval(c, &kr);
    ccref_handle h;
    ccref_status hs = ccref_handle_case(c, &h);
    if (ccref_status_ok(st) && !ccref_status_ok(hs))
        st = hs;
    if (!ccref_status_ok(st)) {
        bounds_init(b, 0, br);
        return st;
    }
    st = handle_bounds(c, probes, scales, sizeof probes[0], nu, 0, c->lambda, kr.u.out.verr, kr.u.out.mp + kr.u.out.mv,
                       bounds_on_case, br, b);
    handle_exceeds(b, &h);
    return st;
}

ccref_status ccref_bounds_handle_contact(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_bounds *b)
{
    if (null_arguments(c, b))
        return CCREF_E_NULL_ARGUMENT;
    ccref_contact_case probes[CCREF_MAX_MOBILITIES + 1];
    int scales[CCREF_MAX_MOBILITIES + 1];
    int nu = ccref_contact_mobilities(c);
    for (int j = -1; j < nu; j++) {
        scales[j + 1] = ccref_handle_probe_scale_contact(c, j);
        ccref_handle_probe_contact(c, j, scales[j + 1] < 0 ? 0 : scales[j + 1], &probes[j + 1]);
    }
    ccref_contact_result kr;
    ccref_status st = ccref_contact_eval(c, &kr);
    ccref_handle h;
    ccref_status hs = ccref_handle_contact(c, &h);
    if (ccref_status_ok(st) && !ccref_status_ok(hs))
        st = hs;
    if (!ccref_status_ok(st)) {
        bounds_init(b, 0, br);
        return st;
    }
    st = handle_bounds(c, probes, scales, sizeof probes[0], nu, CCREF_CSLOT_CONSTRAINT, c->lambda, kr.constraint.verr,
                       kr.constraint.mp + kr.constraint.mv, bounds_on_contact, br, b);
    handle_exceeds(b, &h);
    return st;
}

/* ================================================================ names, ulps, tolerances */

const char *ccref_decision_name(ccref_decision d)
{
    static const char *const names[CCREF_DECISION_COUNT] = {"none", "singular", "parallel", "sense", "perp_axis",
                                                            "cor_capture", "cof_transition"};
    return (unsigned)d < CCREF_DECISION_COUNT ? names[d] : NULL;
}

void ccref_branch_choice_computed(ccref_branch_choice *c)
{
    for (int d = 0; d < CCREF_DECISION_COUNT; d++)
        c->choice[d] = CCREF_BRANCH_COMPUTED;
}

double ccref_ulp(double x)
{
    double a = fabs(x);
    if (!(a >= 0x1p-1022))
        return isnan(a) ? NAN : 0x1p-1074;
    if (isinf(a))
        return INFINITY;
    int e;
    frexp(a, &e); /* a = f 2^e, f in [1/2, 1) */
    return ldexp(1.0, e - 53);
}

/* B + ulp(o)/2 rounded up: the rounded sum is within half an ulp of the exact one, the next double up is above it. */
double ccref_tolerance(double B, double o)
{
    return nextafter(B + 0.5 * ccref_ulp(o), INFINITY);
}
