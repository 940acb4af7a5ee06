/* accuracy_bounds.c: see accuracy_bounds.h. Normative text: spec/accuracy.md (lemmas L0-L9, sections 1-4) and the
 * "Accuracy" sections of spec/<kind>.md, spec/unilateral.md, spec/unilateral_contacts.md, which list the same
 * chains as the functions below, step for step in the kernels' operation order. */
#include <math.h>
#include <string.h>

#include "accuracy_bounds.h"
#include "cases.h"
#include "../src/common.h"

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

static double vnorm(ccref_vec3 a) { return sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }

/* ================================================================ lemmas L1-L9 */

acc_t acc_exact(double magnitude)
{
    acc_t r = {fabs(magnitude), 0.0};
    return r;
}

acc_t acc_vec(ccref_vec3 x)
{
    acc_t r = {vnorm(x) * SAFE, 0.0}; /* sqrt of a sum of squares: relative error < 3u, inside SAFE */
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
    return fix(a.m / (lo * LOWER), (a.e + a.m * b.e / (lo * LOWER) + U * hat(a)) / den);
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

static void put(acc_bounds *b, int slot, acc_t q) { b->B[slot] = q.e; }
static void put3(acc_bounds *b, int slot, acc_t q)
{
    for (int i = 0; i < 3; i++)
        b->B[slot + i] = q.e;
}
/* Column j of a row-major 3x3 output at slot. */
static void put_col(acc_bounds *b, int slot, int j, acc_t q)
{
    for (int i = 0; i < 3; i++)
        b->B[slot + 3 * i + j] = q.e;
}
/* Both spatial forces: (moment, force) of body 1 and body 2. */
static void put_forces(acc_bounds *b, acc_t m1, acc_t f1, acc_t m2, acc_t f2)
{
    put3(b, ORA_F1_MOMENT, m1);
    put3(b, ORA_F1_FORCE, f1);
    put3(b, ORA_F2_MOMENT, m2);
    put3(b, ORA_F2_FORCE, f2);
}

static void bounds_init(acc_bounds *b, int n)
{
    memset(b, 0, sizeof *b);
    b->n = n;
}

/* Decision band (spec/accuracy.md section 4): the kernel decides on the computed quantity x^ (here d = x^ - T, the
 * distance to the threshold, rounded to nearest); the exact x lies within e of x^. The decision may differ iff
 * |x^ - T| <= e; tested with a relative slack of 2^-40 for the rounding of d. e = 0: x^ = x, never in the band. */
static int in_band(double d, double e) { return e > 0.0 && !(fabs(d) > e * (1.0 + 0x1p-40)); }

static void mark(acc_bounds *b, acc_decision d)
{
    if (b->uncertain == ACC_D_NONE)
        b->uncertain = d;
}

static double lam(const double *lambda, size_t n, size_t i) { return i < n ? lambda[i] : 0.0; }

/* ================================================================ ball (spec/ball.md, Accuracy) */

static void ball_chain(const ccref_ball_params *prm, const ccref_body *b1, const ccref_body *b2,
                       const double *lambda, acc_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    acc_t arm2 = acc_rot(acc_vec(prm->station2_in_b2));          /* (1) */
    acc_t S = acc_add(B2.p, arm2);
    acc_t P = acc_add(B1.p, acc_rot(acc_vec(prm->station1_in_b1))); /* (2) */
    ccref_vec3 cS = v3_add(b2->p, m3_apply(&b2->R, prm->station2_in_b2));
    acc_t arm1 = refine(acc_add(S, B1.p), vnorm(v3_sub(cS, b1->p)));  /* (3) */
    acc_t perr = acc_add(S, P);                                      /* (4) */
    acc_t verr = acc_add(vel(&B2, arm2), vel(&B1, arm1));            /* (5) */
    acc_t aerr = acc_add(accl(&B2, arm2), accl(&B1, arm1));          /* (6) */
    acc_t f = acc_vec(v3(lambda[0], lambda[1], lambda[2]));          /* (7) exact */
    for (int i = 0; i < 3; i++) {
        o->B[ORA_PERR + i] = perr.e;
        o->B[ORA_VERR + i] = verr.e;
        o->B[ORA_AERR + i] = aerr.e;
    }
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);     /* (8) */
    put3(o, ORA_BALL_REACTION1, acc_rot(f));                         /* (9) */
    put3(o, ORA_BALL_REACTION2, acc_rot(f));
    o->cond = fmax(vnorm(b1->p), vnorm(b2->p));
}

/* ================================================================ rod (spec/rod.md, Accuracy) */

/* Also used by the rope (contacts). */
static void rod_chain(const ccref_rod_params *prm, const ccref_body *b1, const ccref_body *b2, const double *lambda,
                      acc_bounds *o)
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
    int singular = cr2 < CCREF_SINGULAR_DISTANCE_SQ;
    if (in_band(cr2 - CCREF_SINGULAR_DISTANCE_SQ, r2.e))
        mark(o, ACC_D_SINGULAR);
    o->cond = cr;

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
    put(o, ORA_PERR, perr);
    put(o, ORA_VERR, verr);
    put(o, ORA_AERR, aerr);
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);
    o->B[ORA_ROD_TENSION] = 0.0;                                              /* (10) exact */
    put3(o, ORA_ROD_ORIENTATION, Cz);
}

/* ================================================================ point_in_plane (spec/point_in_plane.md) */

static void point_in_plane_chain(const ccref_point_in_plane_params *prm, const ccref_body *b1,
                                 const ccref_body *b2, const double *lambda, acc_bounds *o)
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
    put(o, ORA_PERR, perr);
    put(o, ORA_VERR, verr);
    put(o, ORA_AERR, aerr);
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);
    put3(o, ORA_PIP_FOLLOWER, S);
    o->cond = fmax(vnorm(b1->p), vnorm(b2->p));
}

/* ================================================================ constant_coordinate */

static void constant_coordinate_chain(double position, const ccref_coordinate *q, acc_bounds *o)
{
    put(o, ORA_PERR, acc_add(acc_exact(q->q), acc_exact(position))); /* one rounding; qdot, qdotdot, lambda exact */
    o->cond = fmax(fabs(q->q), fabs(position));
}

/* ================================================================ sphere_on_plane (spec/sphere_on_plane.md) */

/* col[j]: column j of the plane frame's rotation X_FP.R; Fp: its origin. Exact inputs for the kernel; the
 * sphere_plane contact passes the frame it builds (with its rounding errors). */
static void sphere_on_plane_chain(const ccref_sphere_on_plane_params *prm, const acc_t col[3], acc_t Fp,
                                  const ccref_body *b1, const ccref_body *b2, const double *lambda, acc_bounds *o)
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
    put(o, ORA_PERR, perr);
    put(o, ORA_VERR, acc_dot(vO, Pz));
    put(o, ORA_AERR, acc_dot(aO, Pz));
    acc_t f = acc_mul(acc_exact(lambda[0]), Pz);                                /* (8) */
    if (rolling) {
        acc_t vC = acc_add(vel(&B2, armC2), vel(&B1, armC1));                   /* (9) */
        acc_t bFB = acc_add(acc_add(B2.b, B1.b), acc_cross(B1.w, B2.w));        /* (10) */
        acc_t aC = acc_add(aO, acc_cross(bFB, rPz));
        put(o, ORA_VERR + 1, acc_dot(vC, Px));
        put(o, ORA_VERR + 2, acc_dot(vC, Py));
        put(o, ORA_AERR + 1, acc_dot(aC, Px));
        put(o, ORA_AERR + 2, acc_dot(aC, Py));
        f = acc_add(acc_add(f, acc_mul(acc_exact(lambda[1]), Px)), acc_mul(acc_exact(lambda[2]), Py));
    }
    put_forces(o, acc_cross(armC1, f), f, acc_cross(armC2, f), f);              /* (11) */
    put3(o, ORA_SOP_CONTACT_POINT, C);                                          /* (12)-(14) */
    put(o, ORA_SOP_SEPARATION, perr);
    put3(o, ORA_SOP_FORCE_ON_SPHERE, f);
    o->cond = fmax(vnorm(b1->p), vnorm(b2->p));
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
                                        const ccref_body *b2, const double *lambda, acc_bounds *o)
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
    put(o, ORA_PERR, acc_exact_scale(0.5, acc_add(d, r)));                     /* (5) */
    put(o, ORA_VERR, verr_n);
    put(o, ORA_AERR, acc_exact_scale(0.5, acc_dot(aO, n)));
    acc_t u = acc_add(vel(&B2, armC2), vel(&B1, armC1));                        /* (8) */
    acc_t bPB = acc_add(acc_add(B2.b, B1.b), acc_cross(B1.w, B2.w));            /* (9) */
    acc_t wn = acc_cross(acc_add(B2.w, B1.w), n);
    acc_t at = acc_add(acc_add(aO, acc_cross(bPB, sn)), acc_mul(verr_n, wn));
    put(o, ORA_VERR + 1, acc_dot(u, Px));
    put(o, ORA_VERR + 2, acc_dot(u, Py));
    put(o, ORA_AERR + 1, acc_dot(at, Px));
    put(o, ORA_AERR + 2, acc_dot(at, Py));
    acc_t f = acc_add(acc_add(acc_mul(acc_exact_scale(0.5, acc_exact(lambda[0])), n),   /* (10) */
                              acc_mul(acc_exact(lambda[1]), Px)),
                      acc_mul(acc_exact(lambda[2]), Py));
    put_forces(o, acc_cross(armC1, f), f, acc_cross(armC2, f), f);
    put3(o, ORA_BROP_CONTACT_POINT, C);                                         /* (11) */
    put_col(o, ORA_BROP_PLANE_AXES, 0, Px);                                     /* (12) */
    put_col(o, ORA_BROP_PLANE_AXES, 1, Py);
    put_col(o, ORA_BROP_PLANE_AXES, 2, n);
    o->B[ORA_BROP_NORMAL_FORCE] = acc_exact_scale(0.5, acc_exact(lambda[0])).e; /* (13) halving: TINY */
    o->B[ORA_BROP_FRICTION_X] = o->B[ORA_BROP_FRICTION_Y] = 0.0;                /* (14) exact */
    o->cond = fmax(vnorm(b1->p), vnorm(b2->p));
}

/* ================================================================ sphere_on_sphere (spec/sphere_on_sphere.md) */

/* Possible perp() axes for the computed z when each |z_i| may be off by e (spec/accuracy.md section 4): 1 if the
 * kernel's axis may differ from the exact one. */
static int perp_axis_uncertain(ccref_vec3 z, double e)
{
    double a[3] = {fabs(z.x), fabs(z.y), fabs(z.z)};
    int c01 = a[0] <= a[1], c02 = a[0] <= a[2], c12 = a[1] <= a[2];
    int k = c01 ? (c02 ? 0 : 2) : (c12 ? 1 : 2);
    for (int f01 = 0; f01 < 2; f01++)
        for (int f02 = 0; f02 < 2; f02++)
            for (int f12 = 0; f12 < 2; f12++) {
                int o01 = f01 ? !c01 : c01, o02 = f02 ? !c02 : c02, o12 = f12 ? !c12 : c12;
                if ((f01 && !in_band(a[0] - a[1], 2.0 * e)) || (f02 && !in_band(a[0] - a[2], 2.0 * e)) ||
                    (f12 && !in_band(a[1] - a[2], 2.0 * e)))
                    continue; /* that comparison cannot flip */
                int kk = o01 ? (o02 ? 0 : 2) : (o12 ? 1 : 2);
                if (kk != k)
                    return 1;
            }
    return 0;
}

static void sphere_on_sphere_chain(const ccref_sphere_on_sphere_params *prm, const ccref_body *b1,
                                   const ccref_body *b2, const double *lambda, acc_bounds *o)
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
    int singular = cr2 < CCREF_SINGULAR_DISTANCE_SQ;                                                /* (3) */
    if (in_band(cr2 - CCREF_SINGULAR_DISTANCE_SQ, r2.e))
        mark(o, ACC_D_SINGULAR);
    o->cond = cr;

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
    if (perp_axis_uncertain(cCz, Cz.e))
        mark(o, ACC_D_PERP_AXIS);
    acc_t kf = acc_div(acc_exact(rf), acc_add(acc_exact(rf), acc_exact(rb)), (rf + rb) * LOWER);     /* (5) */
    acc_t Co = acc_add(Sf, acc_mul(kf, p));
    acc_t Cx = acc_unit(Cz, SQRT2_3 * zlo);                                                          /* (6) */
    acc_t Cy = acc_unit(acc_cross(Cz, Cx), zlo);
    ccref_sphere_on_sphere_result kr; /* the kernel's computed Co (L0 on the arms Co - p1, Co - p2) */
    ccref_sphere_on_sphere_eval(prm, b1, b2, lambda, prm->rolling ? 3 : 1, &kr);
    acc_t p_FCo = refine(acc_add(Co, B1.p), vnorm(v3_sub(kr.contact_frame.p, b1->p)));              /* (7) */
    acc_t p_BCo = refine(acc_add(Co, B2.p), vnorm(v3_sub(kr.contact_frame.p, b2->p)));

    acc_t pd = acc_add(vel(&B2, armB), vel(&B1, armF));                                              /* (9) */
    acc_t pdd = acc_add(accl(&B2, armB), accl(&B1, armF));                                           /* (10) */
    acc_t Czd = singular ? acc_cross(B1.w, Cz)                                                       /* (11) */
                         : acc_mul(oor, acc_add(pd, acc_mul(acc_dot(pd, Cz), Cz)));
    put(o, ORA_PERR, acc_add(r, acc_add(acc_exact(rf), acc_exact(rb))));                            /* (8) */
    put(o, ORA_VERR, acc_dot(pd, Cz));
    put(o, ORA_AERR, acc_add(acc_dot(pdd, Cz), acc_dot(pd, Czd)));                                   /* (12) */

    acc_t fn = acc_mul(acc_exact(lambda[0]), Cz);                                                    /* (19) */
    acc_t m2 = acc_cross(armB, fn), m1 = acc_cross(armF, fn), f2 = fn, applied = fn;
    if (prm->rolling) {
        acc_t vF = acc_add(vel(&B2, p_BCo), vel(&B1, p_FCo));                                        /* (13) */
        put(o, ORA_VERR + 1, acc_dot(vF, Cx));
        put(o, ORA_VERR + 2, acc_dot(vF, Cy));
        acc_t pd_FCo = acc_add(acc_cross(B1.w, armF), acc_mul(kf, pd));                               /* (14) */
        acc_t pd_BCo = acc_add(pd_FCo, acc_add(B2.v, B1.v));
        acc_t vd_FCo = acc_add(acc_add(B1.a, acc_cross(B1.b, p_FCo)), acc_cross(B1.w, pd_FCo));       /* (15) */
        acc_t vd_BCo = acc_add(acc_add(B2.a, acc_cross(B2.b, p_BCo)), acc_cross(B2.w, pd_BCo));
        acc_t dvF = acc_add(vd_BCo, vd_FCo);
        acc_t CzdF = acc_add(Czd, acc_cross(B1.w, Cz));                                              /* (16) */
        acc_t Cxd = acc_add(acc_cross(CzdF, Cy), acc_cross(B1.w, Cx));                               /* (17) */
        acc_t Cyd = acc_add(acc_cross(CzdF, Cx), acc_cross(B1.w, Cy));
        put(o, ORA_AERR + 1, acc_add(acc_dot(dvF, Cx), acc_dot(vF, Cxd)));                           /* (18) */
        put(o, ORA_AERR + 2, acc_add(acc_dot(dvF, Cy), acc_dot(vF, Cyd)));
        acc_t lx = acc_mul(acc_exact(lambda[1]), Cx), ly = acc_mul(acc_exact(lambda[2]), Cy);         /* (20) */
        acc_t ft = acc_add(lx, ly);
        m2 = acc_add(m2, acc_cross(p_BCo, ft));
        m1 = acc_add(m1, acc_cross(p_FCo, ft));
        f2 = acc_add(fn, ft);
        applied = acc_add(acc_add(applied, lx), ly);
    }
    put_forces(o, m1, f2, m2, f2);
    put_col(o, ORA_SOS_FRAME_R, 0, Cx);                                                              /* (21) */
    put_col(o, ORA_SOS_FRAME_R, 1, Cy);
    put_col(o, ORA_SOS_FRAME_R, 2, Cz);
    put3(o, ORA_SOS_FRAME_P, Co);
    o->B[ORA_SOS_SEPARATION] = o->B[ORA_PERR];                                                       /* (22) */
    put3(o, ORA_SOS_FORCE_ON_BODY2, applied);                                                        /* (23) */
}

/* ================================================================ point_on_plane (spec/point_on_plane.md) */

static void point_on_plane_chain(const ccref_point_on_plane_params *prm, const acc_t col[3], acc_t Po,
                                 const ccref_body *b1, const ccref_body *b2, const double *lambda, acc_bounds *o)
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
    put(o, ORA_PERR, perr);
    put(o, ORA_VERR, acc_dot(v_rel, Pz));                                       /* (6) */
    put(o, ORA_VERR + 1, acc_dot(v_rel, Px));
    put(o, ORA_VERR + 2, acc_dot(v_rel, Py));
    put(o, ORA_AERR, acc_dot(a_rel, Pz));                                       /* (7) */
    put(o, ORA_AERR + 1, acc_dot(a_rel, Px));
    put(o, ORA_AERR + 2, acc_dot(a_rel, Py));
    acc_t f = acc_add(acc_add(acc_mul(acc_exact(lambda[0]), Pz), acc_mul(acc_exact(lambda[1]), Px)), /* (8) */
                      acc_mul(acc_exact(lambda[2]), Py));
    put_forces(o, acc_cross(arm1, f), f, acc_cross(arm2, f), f);
    put3(o, ORA_POP_FOLLOWER, F);                                               /* (9) */
    put3(o, ORA_POP_FORCE_ON_FOLLOWER, f);                                      /* (10) */
    o->cond = fmax(vnorm(b1->p), vnorm(b2->p));
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

static void line_on_line_chain(const ccref_line_on_line_params *prm, int rolling, const ccref_body *b1,
                               const ccref_body *b2, const double *lambda, acc_bounds *o)
{
    abody B1 = abody_of(b1), B2 = abody_of(b2);
    const ccref_frame *Ef = &prm->edge_frame1_in_b1, *Eb = &prm->edge_frame2_in_b2;
    /* (1)-(4) */
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
    o->cond = sqrt(cw2);
    if (in_band(cw2 - CCREF_PARALLEL_SIN_SQ, w2.e))
        mark(o, ACC_D_PARALLEL);

    if (cw2 < CCREF_PARALLEL_SIN_SQ) { /* (34)-(37) */
        acc_t Qf = acc_add(Pf, acc_mul(acc_exact_scale(0.5, acc_dot(p, df)), df));
        acc_t Qb = acc_add(Pb, acc_mul(acc_exact_scale(0.5, acc_dot(acc_add(Pf, Pb), db)), db));
        acc_t Co = acc_exact_scale(0.5, acc_add(Qf, Qb));
        put3(o, ORA_LOL_CLOSEST1, Qf);
        put3(o, ORA_LOL_CLOSEST2, Qb);
        put_col(o, ORA_LOL_FRAME_R, 0, df);
        put3(o, ORA_LOL_FRAME_P, Co);
        return; /* rows, forces, separation, other frame columns: exact zeros */
    }

    /* (5) sense */
    acc_t wsf = acc_dot(wraw, sf), wsb = acc_dot(wraw, sb);
    double cwsf = v3_dot(cw, csf), cwsb = v3_dot(cw, csb);
    if (possible_senses(cwsf, wsf.e, cwsb, wsb.e) == 3)
        mark(o, ACC_D_SENSE);
    /* (6) normal */
    acc_t w = wraw; /* sg wraw: exact */
    acc_t s = acc_norm(w);
    double slo = acc_lower(sqrt(cw2), s.e);
    acc_t oos = acc_recip(s, slo);
    acc_t n = acc_unit(w, slo);
    /* (7)-(10) closest points, frame */
    acc_t pXn = acc_cross(p, n);
    acc_t tf = acc_mul(oos, acc_dot(db, pXn)), tb = acc_mul(oos, acc_dot(df, pXn));
    acc_t Qf = acc_add(Pf, acc_mul(tf, df)), Qb = acc_add(Pb, acc_mul(tb, db));
    acc_t Co = acc_exact_scale(0.5, acc_add(Qf, Qb));
    acc_t Cx = df, Cy = acc_cross(n, df);
    ccref_line_on_line_result kr; /* the kernel's computed Co (L0 on the arms Co - p1, Co - p2) */
    ccref_line_on_line_eval(prm, b1, b2, lambda, rolling ? 3 : 1, &kr);
    acc_t p_FCo = refine(acc_add(Co, B1.p), vnorm(v3_sub(kr.contact_frame.p, b1->p)));
    acc_t p_BCo = refine(acc_add(Co, B2.p), vnorm(v3_sub(kr.contact_frame.p, b2->p)));
    /* (11)-(20) normal row */
    acc_t vPf = vel(&B1, armPf), vPb = vel(&B2, armPb);
    acc_t dp = acc_add(vPb, vPf);
    acc_t ddf = acc_cross(B1.w, df), ddb = acc_cross(B2.w, db);
    acc_t dw = acc_add(acc_cross(ddf, db), acc_cross(df, ddb));
    acc_t ndw = acc_dot(n, dw);
    acc_t dn = acc_mul(oos, acc_add(dw, acc_mul(ndw, n)));
    acc_t d2p = acc_add(accl(&B2, armPb), accl(&B1, armPf));
    acc_t d2df = acc_add(acc_cross(B1.b, df), acc_cross(B1.w, ddf));
    acc_t d2db = acc_add(acc_cross(B2.b, db), acc_cross(B2.w, ddb));
    acc_t d2w = acc_add(acc_add(acc_cross(d2df, db), acc_exact_scale(2.0, acc_cross(ddf, ddb))), acc_cross(df, d2db));
    acc_t ddw = acc_add(d2w, acc_mul(acc_mul(oos, ndw), dw));
    acc_t d2n = acc_mul(oos, acc_add(acc_add(ddw, acc_mul(ndw, dn)),
                                     acc_mul(acc_add(acc_dot(n, ddw), acc_dot(dn, dw)), n)));
    acc_t perr = acc_dot(p, n);
    put(o, ORA_PERR, perr);
    put(o, ORA_VERR, acc_add(acc_dot(dp, n), acc_dot(p, dn)));
    put(o, ORA_AERR, acc_add(acc_add(acc_dot(d2p, n), acc_exact_scale(2.0, acc_dot(dp, dn))), acc_dot(p, d2n)));
    /* (31) forces */
    acc_t fn = acc_mul(acc_exact(lambda[0]), n);
    acc_t m2 = acc_cross(p_BCo, fn), m1 = acc_cross(p_FCo, fn), f2 = fn, applied = fn;
    if (rolling) { /* (21)-(30) */
        acc_t vF = acc_add(vel(&B2, p_BCo), vel(&B1, p_FCo));
        put(o, ORA_VERR + 1, acc_dot(vF, Cx));
        put(o, ORA_VERR + 2, acc_dot(vF, Cy));
        acc_t doos = acc_mul(acc_mul(oos, oos), ndw);
        acc_t nXdb = acc_cross(n, db), nXdf = acc_cross(n, df);
        acc_t d_nXdb = acc_add(acc_cross(dn, db), acc_cross(n, ddb));
        acc_t d_nXdf = acc_add(acc_cross(dn, df), acc_cross(n, ddf));
        acc_t dtf = acc_add(acc_mul(oos, acc_add(acc_dot(dp, nXdb), acc_dot(p, d_nXdb))), acc_mul(doos, acc_dot(p, nXdb)));
        acc_t dtb = acc_add(acc_mul(oos, acc_add(acc_dot(dp, nXdf), acc_dot(p, d_nXdf))), acc_mul(doos, acc_dot(p, nXdf)));
        acc_t dQf = acc_add(acc_add(vPf, acc_mul(dtf, df)), acc_mul(tf, ddf));
        acc_t dQb = acc_add(acc_add(vPb, acc_mul(dtb, db)), acc_mul(tb, ddb));
        acc_t dCo = acc_exact_scale(0.5, acc_add(dQf, dQb));
        acc_t dp_FCo = acc_add(dCo, B1.v), dp_BCo = acc_add(dCo, B2.v);
        acc_t dv_FCo = acc_add(acc_add(B1.a, acc_cross(B1.b, p_FCo)), acc_cross(B1.w, dp_FCo));
        acc_t dv_BCo = acc_add(acc_add(B2.a, acc_cross(B2.b, p_BCo)), acc_cross(B2.w, dp_BCo));
        acc_t dvF = acc_add(dv_BCo, dv_FCo);
        put(o, ORA_AERR + 1, acc_add(acc_dot(dvF, Cx), acc_dot(vF, ddf)));
        put(o, ORA_AERR + 2, acc_add(acc_dot(dvF, Cy), acc_dot(vF, d_nXdf)));
        acc_t lx = acc_mul(acc_exact(lambda[1]), Cx), ly = acc_mul(acc_exact(lambda[2]), Cy);
        acc_t ft = acc_add(lx, ly);
        m2 = acc_add(m2, acc_cross(p_BCo, ft));
        m1 = acc_add(m1, acc_cross(p_FCo, ft));
        f2 = acc_add(fn, ft);
        applied = acc_add(acc_add(applied, lx), ly);
    }
    put_forces(o, m1, f2, m2, f2);
    /* (32)-(33) auxiliary outputs */
    put3(o, ORA_LOL_CLOSEST1, Qf);
    put3(o, ORA_LOL_CLOSEST2, Qb);
    put_col(o, ORA_LOL_FRAME_R, 0, Cx);
    put_col(o, ORA_LOL_FRAME_R, 1, Cy);
    put_col(o, ORA_LOL_FRAME_R, 2, n);
    put3(o, ORA_LOL_FRAME_P, Co);
    put(o, ORA_LOL_SEPARATION, perr);
    put3(o, ORA_LOL_FORCE_ON_BODY2, applied);
}

/* ================================================================ dispatch */

static void exact_frame(const ccref_frame *F, acc_t col[3], acc_t *origin)
{
    for (int j = 0; j < 3; j++)
        col[j] = acc_vec(m3_column(&F->R, j));
    *origin = acc_vec(F->p);
}

int acc_bounds_case(const ccref_case *c, acc_bounds *b)
{
    ccref_result kr;
    ccref_status st = ccref_eval(c, &kr);
    bounds_init(b, ora_kind_outputs(c->kind));
    if (!ccref_status_ok(st))
        return -1;
    const double *l = c->lambda;
    const ccref_body *b1 = &c->body1, *b2 = &c->body2;
    acc_t col[3], origin;
    switch (c->kind) {
    case CCREF_KIND_BALL: ball_chain(&c->params.ball, b1, b2, l, b); break;
    case CCREF_KIND_ROD: rod_chain(&c->params.rod, b1, b2, l, b); break;
    case CCREF_KIND_POINT_IN_PLANE: point_in_plane_chain(&c->params.point_in_plane, b1, b2, l, b); break;
    case CCREF_KIND_CONSTANT_COORDINATE:
        constant_coordinate_chain(c->params.constant_coordinate.position, &c->coordinate, b);
        break;
    case CCREF_KIND_SPHERE_ON_PLANE: {
        const ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
        exact_frame(&p->plane_frame_in_b1, col, &origin);
        sphere_on_plane_chain(p, col, origin, b1, b2, l, b);
        break;
    }
    case CCREF_KIND_BALL_ROLLING_ON_PLANE:
        ball_rolling_on_plane_chain(&c->params.ball_rolling_on_plane, b1, b2, l, b);
        break;
    case CCREF_KIND_SPHERE_ON_SPHERE: sphere_on_sphere_chain(&c->params.sphere_on_sphere, b1, b2, l, b); break;
    case CCREF_KIND_POINT_ON_PLANE: {
        const ccref_point_on_plane_params *p = &c->params.point_on_plane;
        exact_frame(&p->plane_frame_in_b1, col, &origin);
        point_on_plane_chain(p, col, origin, b1, b2, l, b);
        break;
    }
    case CCREF_KIND_LINE_ON_LINE:
        line_on_line_chain(&c->params.line_on_line, c->params.line_on_line.rolling != 0, b1, b2, l, b);
        break;
    default: return -1;
    }
    return 0;
}

/* ================================================================ rules (spec/unilateral.md, Accuracy) */

/* COR at the computed impact speed v^ whose exact value is within ev: the rule's own rounding (LINEAR branch) plus
 * its Lipschitz constant (1 - m)/s times ev; the capture jump is a decision band. */
static double cor_bound(double m, double c, double s, double v, double ev, acc_decision *unc, int *corner)
{
    if (in_band(v - c, ev))
        *unc = ACC_D_COR_CAPTURE;
    *corner = in_band(v - s, ev); /* LINEAR/MINIMUM may differ: the value bound covers both (continuity) */
    if (v <= c)
        return 0.0; /* CAPTURED: 0 on both sides */
    double L = c < s ? (1.0 - m) / s * SAFE * SAFE : 0.0;
    double round = (v < s) ? gam(3) * (1.0 + U) + 0x1p-1074 * (v + 1.0) : 0.0; /* LINEAR: spec/unilateral.md 10 */
    double B = (L * ev + round) * SAFE + TINY;
    return B < LIM ? B : INFINITY;
}

static double cof_bound(double mu_s, double mu_d, double mu_v, double t, double slip, double es, acc_decision *unc)
{
    if (in_band(slip - t, es))
        *unc = ACC_D_COF_TRANSITION;
    double mu_x = slip <= t ? mu_s : mu_d;
    double B = (mu_v * es + gam(2) * (mu_v * slip + mu_x)) * SAFE + TINY;
    return B < LIM ? B : INFINITY;
}

int acc_bounds_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed, acc_bounds *b)
{
    double cor;
    bounds_init(b, 1);
    if (ccref_effective_cor(min_cor, capture_speed, min_cor_speed, impact_speed, &cor) != CCREF_OK)
        return -1;
    b->B[0] = cor_bound(min_cor, capture_speed, min_cor_speed, impact_speed, 0.0, &b->uncertain, &b->cor_corner);
    b->cond = impact_speed;
    return 0;
}

int acc_bounds_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                   acc_bounds *b)
{
    double mu;
    bounds_init(b, 1);
    if (ccref_effective_cof(mu_s, mu_d, mu_v, transition_speed, slip_speed, &mu) != CCREF_OK)
        return -1;
    b->B[0] = cof_bound(mu_s, mu_d, mu_v, transition_speed, slip_speed, 0.0, &b->uncertain);
    b->cond = slip_speed;
    return 0;
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

int acc_bounds_contact(const ccref_contact_case *c, acc_bounds *b)
{
    ccref_contact_result kr;
    ccref_status st = ccref_contact_eval(c, &kr);
    bounds_init(b, ORA_C_N);
    if (!ccref_status_ok(st))
        return -1;
    acc_bounds k;
    bounds_init(&k, ORA_MAX_OUT);
    const ccref_body *b1 = &c->body1, *b2 = &c->body2;
    const double *l = c->lambda;
    double lam3[3] = {lam(l, c->n_lambda, 0), lam(l, c->n_lambda, 1), lam(l, c->n_lambda, 2)};
    acc_t col[3], origin;
    double display = 0.0;
    switch (c->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER: {
        constant_coordinate_chain(c->params.hard_stop.bound, &c->coordinate, &k);
        display = acc_add(acc_vec(b1->p), acc_rot(acc_vec(c->params.hard_stop.mobilizer_origin_in_b))).e;
        break;
    }
    case CCREF_CONTACT_ROPE: {
        const ccref_rope_params *rp = &c->params.rope;
        ccref_rod_params prm = {rp->station1_in_b1, rp->station2_in_b2, rp->length_limit};
        rod_chain(&prm, b1, b2, lam3, &k);
        acc_t S1 = acc_add(acc_vec(b1->p), acc_rot(acc_vec(rp->station1_in_b1)));
        acc_t S2 = acc_add(acc_vec(b2->p), acc_rot(acc_vec(rp->station2_in_b2)));
        display = acc_exact_scale(0.5, acc_add(S1, S2)).e;
        break;
    }
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS: {
        const ccref_point_plane_params *pp = &c->params.point_plane;
        ccref_point_in_plane_params prm = {pp->normal_in_b1, pp->height, pp->follower_in_b2};
        point_in_plane_chain(&prm, b1, b2, lam3, &k);
        display = k.B[ORA_PIP_FOLLOWER];
        break;
    }
    case CCREF_CONTACT_POINT_PLANE: {
        const ccref_point_plane_params *pp = &c->params.point_plane;
        ccref_point_on_plane_params prm;
        prm.plane_frame_in_b1 = built_plane_frame(pp->normal_in_b1, pp->height, col, &origin);
        prm.follower_in_b2 = pp->follower_in_b2;
        point_on_plane_chain(&prm, col, origin, b1, b2, lam3, &k);
        display = k.B[ORA_POP_FOLLOWER];
        break;
    }
    case CCREF_CONTACT_SPHERE_PLANE: {
        const ccref_sphere_plane_params *sp = &c->params.sphere_plane;
        ccref_sphere_on_plane_params prm;
        prm.plane_frame_in_b1 = built_plane_frame(sp->normal_in_b1, sp->height, col, &origin);
        prm.center_in_b2 = sp->center_in_b2;
        prm.radius = sp->radius;
        prm.rolling = 1;
        sphere_on_plane_chain(&prm, col, origin, b1, b2, lam3, &k);
        display = k.B[ORA_SOP_CONTACT_POINT];
        break;
    }
    case CCREF_CONTACT_SPHERE_SPHERE: {
        const ccref_sphere_sphere_params *ss = &c->params.sphere_sphere;
        ccref_sphere_on_sphere_params prm = {ss->center1_in_b1, ss->radius1, ss->center2_in_b2, ss->radius2, 1};
        sphere_on_sphere_chain(&prm, b1, b2, lam3, &k);
        display = k.B[ORA_SOS_FRAME_P];
        break;
    }
    case CCREF_CONTACT_EDGE_EDGE: {
        const ccref_edge_edge_params *ee = &c->params.edge_edge;
        ccref_line_on_line_params prm = {ee->edge_frame1_in_b1, ee->half_length1, ee->edge_frame2_in_b2,
                                         ee->half_length2, 1};
        line_on_line_chain(&prm, 1, b1, b2, lam3, &k);
        display = k.B[ORA_LOL_FRAME_P];
        break;
    }
    default: return -1;
    }
    b->uncertain = k.uncertain;
    for (int i = 0; i < ORA_AUX; i++)
        b->B[ORA_C_CONSTRAINT + i] = k.B[i];
    b->B[ORA_C_PERR] = k.B[ORA_PERR];
    b->B[ORA_C_VERR] = k.B[ORA_VERR];
    b->B[ORA_C_AERR] = k.B[ORA_AERR];
    for (int i = 0; i < 3; i++)
        b->B[ORA_C_DISPLAY + i] = display;
    /* impact speed max(0, -sign verr): 1-Lipschitz in verr, no rounding */
    double ev = k.B[ORA_VERR];
    b->B[ORA_C_IMPACT_SPEED] = ev;
    acc_decision unc = ACC_D_NONE;
    b->B[ORA_C_EFFECTIVE_COR] = cor_bound(c->material.min_cor, c->speeds.capture_speed, c->speeds.min_cor_speed,
                                          kr.impact_speed, ev, &unc, &b->cor_corner);
    if (ccref_contact_has_friction(c->cls)) {
        for (int i = 0; i < 2; i++) {
            b->B[ORA_C_SLIP_VELOCITY + i] = k.B[ORA_VERR + 1 + i];
            b->B[ORA_C_SLIP_ACCELERATION + i] = k.B[ORA_AERR + 1 + i];
        }
        /* slip speed sqrt(sx^2 + sy^2): |(sx^,sy^) - (sx,sy)| <= sqrt(e1^2 + e2^2); the 2-term norm rounds by
         * at most gamma_3 relative (spec/unilateral_contacts.md, Accuracy) */
        double e1 = k.B[ORA_VERR + 1], e2 = k.B[ORA_VERR + 2];
        double es_in = sqrt(e1 * e1 + e2 * e2) * SAFE;
        double sx = kr.slip_velocity[0], sy = kr.slip_velocity[1];
        double nh = sqrt(sx * sx + sy * sy) * SAFE;
        double es = (es_in + gam(3) * nh + SQRT_ABS) * SAFE + TINY;
        if (!(es < LIM))
            es = INFINITY;
        b->B[ORA_C_SLIP_SPEED] = es;
        b->B[ORA_C_EFFECTIVE_COF] = cof_bound(c->material.mu_s, c->material.mu_d, c->material.mu_v,
                                              c->speeds.transition_speed, kr.slip_speed, es, &unc);
    }
    if (b->uncertain == ACC_D_NONE)
        b->uncertain = unc;
    b->B[ORA_C_COORDINATE_FORCE] = 0.0;
    b->cond = fabs(kr.perr);
    return 0;
}

const char *acc_decision_name(acc_decision d)
{
    static const char *const names[ACC_D_COUNT] = {"none", "singular", "parallel", "sense", "perp_axis",
                                                   "cor_capture", "cof_transition"};
    return (unsigned)d < ACC_D_COUNT ? names[d] : "?";
}

/* ================================================================ comparison with the oracle */

double acc_ulp(double x)
{
    double a = fabs(x);
    if (!(a >= 0x1p-1022))
        return 0x1p-1074;
    if (isinf(a))
        return INFINITY;
    int e;
    frexp(a, &e); /* a = f 2^e, f in [1/2, 1) */
    return ldexp(1.0, e - 53);
}

double acc_err_ulps(double k, double o) { return fabs(k - o) / acc_ulp(o); }

double acc_ratio(double k, double o, double B)
{
    double d = fabs(k - o);
    if (d == 0.0)
        return 0.0;
    return d / (B + 0.5 * acc_ulp(o));
}

int acc_near_zero(double o, double B) { return B > 0x1p20 * acc_ulp(o); }

static void sample_init(acc_sample *s, int n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
}

/* Compare slots; bound B, kernel values k, certificates. */
static void compare(acc_sample *s, const double *k, const ora_cert *oc, const acc_bounds *b)
{
    for (int i = 0; i < s->n; i++) {
        s->kernel[i] = k[i];
        s->oracle[i] = oc[i].value;
        s->bound[i] = b->B[i];
        s->certified[i] = oc[i].certified;
        if (!oc[i].certified) {
            s->uncertified++;
            continue;
        }
        if (isinf(b->B[i])) {
            s->unbounded++;
            continue;
        }
        if (!(fabs(k[i] - oc[i].value) <= b->B[i] + 0.5 * acc_ulp(oc[i].value)))
            s->violations++;
    }
}

void acc_check_case(ora_ctx *ctx, const ccref_case *c, acc_sample *s)
{
    ccref_result kr;
    ora_case_result orr;
    acc_bounds b;
    sample_init(s, ora_kind_outputs(c->kind));
    s->kernel_status = ccref_eval(c, &kr);
    ora_eval_case(ctx, c, &orr);
    s->oracle_status = orr.status;
    if (!ccref_status_ok(s->kernel_status) || !ccref_status_ok(orr.status) || !orr.decided ||
        acc_bounds_case(c, &b) != 0)
        return;
    s->valid = 1;
    s->cond = b.cond;
    if (b.uncertain != ACC_D_NONE) {
        s->excluded = b.uncertain;
        return;
    }
    int sense_differs = c->kind == CCREF_KIND_LINE_ON_LINE &&
                        (kr.u.line_on_line.sense != orr.sense ||
                         kr.u.line_on_line.lines_are_parallel != orr.lines_are_parallel);
    if (s->kernel_status != orr.status || sense_differs) {
        s->discrete_mismatch = 1;
        return;
    }
    double k[ORA_MAX_OUT];
    ora_flatten_result(c->kind, &kr, k);
    compare(s, k, orr.out, &b);
}

void acc_check_contact(ora_ctx *ctx, const ccref_contact_case *c, acc_sample *s)
{
    ccref_contact_result kr;
    ora_contact_result orr;
    acc_bounds b;
    sample_init(s, ORA_C_N);
    s->kernel_status = ccref_contact_eval(c, &kr);
    ora_eval_contact_case(ctx, c, &orr);
    s->oracle_status = orr.status;
    if (!ccref_status_ok(s->kernel_status) || !ccref_status_ok(orr.status) || !orr.decided ||
        acc_bounds_contact(c, &b) != 0)
        return;
    s->valid = 1;
    s->cond = b.cond;
    if (b.uncertain != ACC_D_NONE) {
        s->excluded = b.uncertain;
        return;
    }
    if (s->kernel_status != orr.status || (kr.cor_branch != orr.cor_branch && !b.cor_corner) ||
        (kr.has_friction && kr.cof_branch != orr.cof_branch)) {
        s->discrete_mismatch = 1;
        return;
    }
    double k[ORA_C_N];
    ora_flatten_contact_result(&kr, k);
    compare(s, k, orr.out, &b);
}

void acc_check_cor(ora_ctx *ctx, double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                   acc_sample *s)
{
    double cor;
    ccref_cor_branch kb, ob;
    ora_cert oc;
    acc_bounds b;
    sample_init(s, 1);
    s->kernel_status = ccref_effective_cor_branch(min_cor, capture_speed, min_cor_speed, impact_speed, &cor, &kb);
    s->oracle_status = ora_effective_cor_d(ctx, min_cor, capture_speed, min_cor_speed, impact_speed, &oc, &ob);
    if (s->kernel_status != CCREF_OK || s->oracle_status != CCREF_OK ||
        acc_bounds_cor(min_cor, capture_speed, min_cor_speed, impact_speed, &b) != 0)
        return;
    s->valid = 1;
    s->cond = b.cond;
    if (kb != ob) {
        s->discrete_mismatch = 1;
        return;
    }
    compare(s, &cor, &oc, &b);
}

void acc_check_cof(ora_ctx *ctx, double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                   acc_sample *s)
{
    double mu;
    ccref_cof_branch kb, ob;
    ora_cert oc;
    acc_bounds b;
    sample_init(s, 1);
    s->kernel_status = ccref_effective_cof_branch(mu_s, mu_d, mu_v, transition_speed, slip_speed, &mu, &kb);
    s->oracle_status = ora_effective_cof_d(ctx, mu_s, mu_d, mu_v, transition_speed, slip_speed, &oc, &ob);
    if (s->kernel_status != CCREF_OK || s->oracle_status != CCREF_OK ||
        acc_bounds_cof(mu_s, mu_d, mu_v, transition_speed, slip_speed, &b) != 0)
        return;
    s->valid = 1;
    s->cond = b.cond;
    if (kb != ob) {
        s->discrete_mismatch = 1;
        return;
    }
    compare(s, &mu, &oc, &b);
}

/* ================================================================ case families */

const char *acc_family_name(acc_family f)
{
    static const char *const names[ACC_FAM_COUNT] = {"random", "offset", "contact", "small_r", "near_parallel",
                                                     "tiny_radius", "cor_edge", "cof_edge"};
    return (unsigned)f < ACC_FAM_COUNT ? names[f] : "?";
}

double acc_rng_log(ccref_rng *r, double lo, double hi) { return exp(ccref_rng_uniform(r, log(lo), log(hi))); }

static double rsign(ccref_rng *r) { return ccref_rng_uniform(r, 0.0, 1.0) < 0.5 ? -1.0 : 1.0; }

int acc_family_applies(acc_family f, ccref_kind kind)
{
    switch (f) {
    case ACC_FAM_RANDOM:
    case ACC_FAM_OFFSET:
    case ACC_FAM_CONTACT: return 1;
    case ACC_FAM_SMALL_R: return kind == CCREF_KIND_ROD || kind == CCREF_KIND_SPHERE_ON_SPHERE;
    case ACC_FAM_NEAR_PARALLEL: return kind == CCREF_KIND_LINE_ON_LINE;
    case ACC_FAM_TINY_RADIUS:
        return kind == CCREF_KIND_SPHERE_ON_PLANE || kind == CCREF_KIND_BALL_ROLLING_ON_PLANE ||
               kind == CCREF_KIND_SPHERE_ON_SPHERE;
    default: return 0;
    }
}

int acc_family_applies_contact(acc_family f, ccref_contact_class cls)
{
    switch (f) {
    case ACC_FAM_RANDOM:
    case ACC_FAM_OFFSET:
    case ACC_FAM_CONTACT:
    case ACC_FAM_COR_EDGE: return 1;
    case ACC_FAM_SMALL_R: return cls == CCREF_CONTACT_ROPE || cls == CCREF_CONTACT_SPHERE_SPHERE;
    case ACC_FAM_NEAR_PARALLEL: return cls == CCREF_CONTACT_EDGE_EDGE;
    case ACC_FAM_TINY_RADIUS: return cls == CCREF_CONTACT_SPHERE_PLANE || cls == CCREF_CONTACT_SPHERE_SPHERE;
    case ACC_FAM_COF_EDGE: return ccref_contact_has_friction(cls);
    default: return 0;
    }
}

static ccref_vec3 v3_of(double x, double y, double z) { return v3(x, y, z); }

/* The station s (in the body's frame) that puts the body's point at X: R^T (X - p). */
static ccref_vec3 station_at(const ccref_body *b, ccref_vec3 X) { return m3_apply_transpose(&b->R, v3_sub(X, b->p)); }

/* A rotation whose column 0 is the unit vector x: columns (x, perp(x), unit(x x perp(x))) (right-handed). */
static ccref_mat3 rotation_with_x(ccref_vec3 x)
{
    ccref_mat3 Z = ccref_rotation_from_z(x); /* columns (perp(x), unit(x x perp), x) */
    return m3_from_columns(m3_column(&Z, 2), m3_column(&Z, 0), m3_column(&Z, 1));
}

static void offset_bodies(ccref_body *b1, ccref_body *b2, ccref_rng *r, double t)
{
    ccref_vec3 D = v3_scale(t, ccref_rng_unit(r));
    b1->p = v3_add(b1->p, D);
    b2->p = v3_add(b2->p, D);
}

/* Put Sb at distance t from Sf (along a random direction) by moving station 2. */
static ccref_vec3 station_at_distance(ccref_rng *r, const ccref_body *b1, ccref_vec3 s1, const ccref_body *b2, double t)
{
    ccref_vec3 Sf = ccref_station_location(b1, s1);
    return station_at(b2, v3_add(Sf, v3_scale(t, ccref_rng_unit(r))));
}

/* Edge frame 2 turned so that db makes the angle t with df (about an axis orthogonal to df). */
static ccref_mat3 edge_near_parallel(ccref_rng *r, const ccref_body *b1, const ccref_frame *Ef, const ccref_body *b2,
                                     double t)
{
    ccref_vec3 df = m3_apply(&b1->R, m3_column(&Ef->R, 0));
    ccref_vec3 a = ccref_unit(v3_cross(df, ccref_rng_unit(r)));
    ccref_vec3 db = v3_add(v3_scale(cos(t), df), v3_scale(sin(t), a));
    return rotation_with_x(ccref_unit(m3_apply_transpose(&b2->R, db)));
}

/* Move the perr of a case to about target by shifting one parameter along the constraint normal (two Newton steps
 * on the kernel's own perr). */
static void contact_adjust(ccref_case *c, double target)
{
    for (int it = 0; it < 3; it++) {
        ccref_result kr;
        if (!ccref_status_ok(ccref_eval(c, &kr)))
            return;
        double d = kr.u.out.perr[0] - target;
        switch (c->kind) {
        case CCREF_KIND_ROD:
            if (c->params.rod.length + d > 0.0)
                c->params.rod.length += d;
            break;
        case CCREF_KIND_POINT_IN_PLANE: c->params.point_in_plane.height += d; break;
        case CCREF_KIND_CONSTANT_COORDINATE: c->params.constant_coordinate.position += d; break;
        case CCREF_KIND_SPHERE_ON_PLANE: {
            ccref_sphere_on_plane_params *p = &c->params.sphere_on_plane;
            ccref_vec3 O = ccref_station_location(&c->body2, p->center_in_b2);
            ccref_vec3 Pz = m3_apply(&c->body1.R, m3_column(&p->plane_frame_in_b1.R, 2));
            p->center_in_b2 = station_at(&c->body2, v3_sub(O, v3_scale(d, Pz)));
            break;
        }
        case CCREF_KIND_BALL_ROLLING_ON_PLANE: {
            ccref_ball_rolling_on_plane_params *p = &c->params.ball_rolling_on_plane;
            ccref_vec3 O = ccref_station_location(&c->body2, p->center_in_b2);
            ccref_vec3 n = m3_apply(&c->body1.R, p->normal_in_b1);
            p->center_in_b2 = station_at(&c->body2, v3_sub(O, v3_scale(2.0 * d, n)));
            break;
        }
        case CCREF_KIND_SPHERE_ON_SPHERE: {
            ccref_sphere_on_sphere_params *p = &c->params.sphere_on_sphere;
            double rb = p->radius2 + d, rsum = p->radius1 + p->radius2 + d;
            if (!(rsum > 0.0))
                break; /* keep both radii positive */
            if (rb <= 0.0) { /* share the distance */
                p->radius1 = 0.5 * rsum;
                rb = rsum - p->radius1;
            }
            p->radius2 = rb;
            break;
        }
        case CCREF_KIND_POINT_ON_PLANE: {
            ccref_frame *F = &c->params.point_on_plane.plane_frame_in_b1;
            F->p = v3_add(F->p, v3_scale(d, m3_column(&F->R, 2)));
            break;
        }
        case CCREF_KIND_LINE_ON_LINE: {
            ccref_frame *Eb = &c->params.line_on_line.edge_frame2_in_b2;
            if (kr.u.line_on_line.lines_are_parallel)
                return;
            ccref_vec3 n = m3_column(&kr.u.line_on_line.contact_frame.R, 2);
            Eb->p = v3_sub(Eb->p, v3_scale(d, m3_apply_transpose(&c->body2.R, n)));
            break;
        }
        case CCREF_KIND_BALL: {
            ccref_ball_params *p = &c->params.ball;
            ccref_vec3 P = ccref_station_location(&c->body1, p->station1_in_b1);
            p->station2_in_b2 = station_at(&c->body2, v3_add(P, v3_of(target, 0.0, 0.0)));
            return;
        }
        default: return;
        }
    }
}

void acc_offset_case(ccref_case *c, ccref_rng *r, double t)
{
    if (c->kind == CCREF_KIND_CONSTANT_COORDINATE) {
        double q = rsign(r) * t;
        c->coordinate.q += q;
        c->params.constant_coordinate.position += q;
    } else {
        offset_bodies(&c->body1, &c->body2, r, t);
    }
}

ccref_case acc_family_case(ccref_rng *r, ccref_kind kind, int rolling, acc_family f, double t)
{
    ccref_case c = ccref_random_case(r, kind, rolling);
    switch (f) {
    case ACC_FAM_OFFSET:
        acc_offset_case(&c, r, t);
        break;
    case ACC_FAM_CONTACT:
        contact_adjust(&c, rsign(r) * t);
        break;
    case ACC_FAM_SMALL_R:
        if (kind == CCREF_KIND_ROD) {
            ccref_rod_params *p = &c.params.rod;
            p->station2_in_b2 = station_at_distance(r, &c.body1, p->station1_in_b1, &c.body2, t);
        } else if (kind == CCREF_KIND_SPHERE_ON_SPHERE) {
            ccref_sphere_on_sphere_params *p = &c.params.sphere_on_sphere;
            p->center2_in_b2 = station_at_distance(r, &c.body1, p->center1_in_b1, &c.body2, t);
        }
        break;
    case ACC_FAM_NEAR_PARALLEL:
        if (kind == CCREF_KIND_LINE_ON_LINE) {
            ccref_line_on_line_params *p = &c.params.line_on_line;
            p->edge_frame2_in_b2.R = edge_near_parallel(r, &c.body1, &p->edge_frame1_in_b1, &c.body2, t);
        }
        break;
    case ACC_FAM_TINY_RADIUS:
        if (kind == CCREF_KIND_SPHERE_ON_PLANE) {
            c.params.sphere_on_plane.radius = t * ccref_rng_uniform(r, 0.5, 1.0);
            contact_adjust(&c, 0.0);
        } else if (kind == CCREF_KIND_BALL_ROLLING_ON_PLANE) {
            c.params.ball_rolling_on_plane.radius = t * ccref_rng_uniform(r, 0.5, 1.0);
            contact_adjust(&c, 0.0);
        } else if (kind == CCREF_KIND_SPHERE_ON_SPHERE) {
            /* two spheres of radius about t, touching: centres 2t apart */
            ccref_sphere_on_sphere_params *p = &c.params.sphere_on_sphere;
            p->center2_in_b2 = station_at_distance(r, &c.body1, p->center1_in_b1, &c.body2, 2.0 * t);
            p->radius1 = t * ccref_rng_uniform(r, 0.5, 1.5);
            p->radius2 = t;
            contact_adjust(&c, 0.0);
        }
        break;
    default:
        break;
    }
    return c;
}

/* The contact case's underlying bilateral case (same bodies, parameters, multipliers), and back. */
static ccref_case contact_to_case(const ccref_contact_case *cc)
{
    ccref_case c;
    memset(&c, 0, sizeof c);
    c.body1 = cc->body1;
    c.body2 = cc->body2;
    c.coordinate = cc->coordinate;
    c.n_lambda = cc->n_lambda;
    memcpy(c.lambda, cc->lambda, sizeof c.lambda);
    switch (cc->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        c.kind = CCREF_KIND_CONSTANT_COORDINATE;
        c.params.constant_coordinate.position = cc->params.hard_stop.bound;
        break;
    case CCREF_CONTACT_ROPE:
        c.kind = CCREF_KIND_ROD;
        c.params.rod.station1_in_b1 = cc->params.rope.station1_in_b1;
        c.params.rod.station2_in_b2 = cc->params.rope.station2_in_b2;
        c.params.rod.length = cc->params.rope.length_limit;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        c.kind = CCREF_KIND_POINT_IN_PLANE;
        c.params.point_in_plane.normal_in_b1 = cc->params.point_plane.normal_in_b1;
        c.params.point_in_plane.height = cc->params.point_plane.height;
        c.params.point_in_plane.follower_in_b2 = cc->params.point_plane.follower_in_b2;
        c.n_lambda = 1;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        c.kind = CCREF_KIND_BALL_ROLLING_ON_PLANE;
        c.params.ball_rolling_on_plane.normal_in_b1 = cc->params.sphere_plane.normal_in_b1;
        c.params.ball_rolling_on_plane.height = cc->params.sphere_plane.height;
        c.params.ball_rolling_on_plane.center_in_b2 = cc->params.sphere_plane.center_in_b2;
        c.params.ball_rolling_on_plane.radius = cc->params.sphere_plane.radius;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        c.kind = CCREF_KIND_SPHERE_ON_SPHERE;
        c.params.sphere_on_sphere.center1_in_b1 = cc->params.sphere_sphere.center1_in_b1;
        c.params.sphere_on_sphere.radius1 = cc->params.sphere_sphere.radius1;
        c.params.sphere_on_sphere.center2_in_b2 = cc->params.sphere_sphere.center2_in_b2;
        c.params.sphere_on_sphere.radius2 = cc->params.sphere_sphere.radius2;
        c.params.sphere_on_sphere.rolling = 1;
        break;
    default:
        c.kind = CCREF_KIND_LINE_ON_LINE;
        c.params.line_on_line.edge_frame1_in_b1 = cc->params.edge_edge.edge_frame1_in_b1;
        c.params.line_on_line.half_length1 = cc->params.edge_edge.half_length1;
        c.params.line_on_line.edge_frame2_in_b2 = cc->params.edge_edge.edge_frame2_in_b2;
        c.params.line_on_line.half_length2 = cc->params.edge_edge.half_length2;
        c.params.line_on_line.rolling = 1;
        break;
    }
    return c;
}

static void case_to_contact(const ccref_case *c, ccref_contact_case *cc)
{
    cc->body1 = c->body1;
    cc->body2 = c->body2;
    switch (cc->cls) {
    case CCREF_CONTACT_HARD_STOP_UPPER:
    case CCREF_CONTACT_HARD_STOP_LOWER:
        cc->params.hard_stop.bound = c->params.constant_coordinate.position;
        cc->coordinate = c->coordinate;
        break;
    case CCREF_CONTACT_ROPE:
        cc->params.rope.station1_in_b1 = c->params.rod.station1_in_b1;
        cc->params.rope.station2_in_b2 = c->params.rod.station2_in_b2;
        cc->params.rope.length_limit = c->params.rod.length;
        break;
    case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
    case CCREF_CONTACT_POINT_PLANE:
        cc->params.point_plane.height = c->params.point_in_plane.height;
        cc->params.point_plane.follower_in_b2 = c->params.point_in_plane.follower_in_b2;
        break;
    case CCREF_CONTACT_SPHERE_PLANE:
        cc->params.sphere_plane.center_in_b2 = c->params.ball_rolling_on_plane.center_in_b2;
        cc->params.sphere_plane.radius = c->params.ball_rolling_on_plane.radius;
        break;
    case CCREF_CONTACT_SPHERE_SPHERE:
        cc->params.sphere_sphere.center2_in_b2 = c->params.sphere_on_sphere.center2_in_b2;
        cc->params.sphere_sphere.radius1 = c->params.sphere_on_sphere.radius1;
        cc->params.sphere_sphere.radius2 = c->params.sphere_on_sphere.radius2;
        break;
    default:
        cc->params.edge_edge.edge_frame2_in_b2 = c->params.line_on_line.edge_frame2_in_b2;
        break;
    }
}

/* Contact perr about target on the class's own perr (plane classes: PointOnPlane's and SphereOnPlane's normal row on
 * the built plane frame, which differs from PointInPlane / BallRollingOnPlane's by rounding and, for sphere_plane,
 * by the factor 2 of the legacy page): Newton steps on the class's perr. */
static void contact_class_adjust(ccref_contact_case *cc, double target)
{
    for (int it = 0; it < 3; it++) {
        ccref_contact_result kr;
        if (!ccref_status_ok(ccref_contact_eval(cc, &kr)))
            return;
        double d = kr.perr - target;
        switch (cc->cls) {
        case CCREF_CONTACT_HARD_STOP_UPPER:
        case CCREF_CONTACT_HARD_STOP_LOWER: cc->params.hard_stop.bound += d; break;
        case CCREF_CONTACT_ROPE: /* keep the length positive (targets near the distance itself are unreachable) */
            if (cc->params.rope.length_limit + d > 0.0)
                cc->params.rope.length_limit += d;
            break;
        case CCREF_CONTACT_POINT_PLANE_FRICTIONLESS:
        case CCREF_CONTACT_POINT_PLANE:
        case CCREF_CONTACT_SPHERE_PLANE: {
            double *h = cc->cls == CCREF_CONTACT_SPHERE_PLANE ? &cc->params.sphere_plane.height
                                                             : &cc->params.point_plane.height;
            *h += d;
            break;
        }
        case CCREF_CONTACT_SPHERE_SPHERE: {
            ccref_sphere_sphere_params *p = &cc->params.sphere_sphere;
            double rb = p->radius2 + d, rsum = p->radius1 + p->radius2 + d;
            if (!(rsum > 0.0))
                break; /* keep both radii positive */
            if (rb <= 0.0) {
                p->radius1 = 0.5 * rsum;
                rb = rsum - p->radius1;
            }
            p->radius2 = rb;
            break;
        }
        default: { /* edge_edge: move edge 2 along the contact normal (the kernel's Cz) */
            ccref_frame *Eb = &cc->params.edge_edge.edge_frame2_in_b2;
            ccref_case c = contact_to_case(cc);
            ccref_result lr;
            if (!ccref_status_ok(ccref_eval(&c, &lr)) || lr.u.line_on_line.lines_are_parallel)
                return;
            ccref_vec3 n = m3_column(&lr.u.line_on_line.contact_frame.R, 2);
            Eb->p = v3_sub(Eb->p, v3_scale(d, m3_apply_transpose(&cc->body2.R, n)));
            break;
        }
        }
    }
}

/* Make the contact approach (impact speed > 0) by reversing every velocity if needed: verr is linear in them. */
static void make_approaching(ccref_contact_case *cc)
{
    ccref_contact_result kr;
    if (!ccref_status_ok(ccref_contact_eval(cc, &kr)) || kr.impact_speed > 0.0)
        return;
    cc->body1.w = v3_neg(cc->body1.w);
    cc->body1.v = v3_neg(cc->body1.v);
    cc->body2.w = v3_neg(cc->body2.w);
    cc->body2.v = v3_neg(cc->body2.v);
    cc->coordinate.qdot = -cc->coordinate.qdot;
}

void acc_offset_contact(ccref_contact_case *cc, ccref_rng *r, double t)
{
    if (cc->cls == CCREF_CONTACT_HARD_STOP_UPPER || cc->cls == CCREF_CONTACT_HARD_STOP_LOWER) {
        double q = rsign(r) * t;
        cc->coordinate.q += q;
        cc->params.hard_stop.bound += q;
        cc->body1.p = v3_add(cc->body1.p, v3_scale(t, ccref_rng_unit(r)));
    } else {
        offset_bodies(&cc->body1, &cc->body2, r, t);
    }
}

ccref_contact_case acc_family_contact(ccref_rng *r, ccref_contact_class cls, acc_family f, double t)
{
    ccref_contact_case cc = ccref_random_contact_case(r, cls);
    ccref_case c;
    ccref_contact_result kr;
    switch (f) {
    case ACC_FAM_OFFSET:
        acc_offset_contact(&cc, r, t);
        break;
    case ACC_FAM_CONTACT:
        contact_class_adjust(&cc, rsign(r) * t);
        break;
    case ACC_FAM_SMALL_R:
    case ACC_FAM_NEAR_PARALLEL:
    case ACC_FAM_TINY_RADIUS:
        if (cls == CCREF_CONTACT_SPHERE_PLANE) { /* a tiny sphere at contact, on the class's own perr */
            cc.params.sphere_plane.radius = t * ccref_rng_uniform(r, 0.5, 1.0);
            contact_class_adjust(&cc, 0.0);
            break;
        }
        /* apply the family to the underlying bilateral case, then copy the changed parameters back */
        c = contact_to_case(&cc);
        switch (f) {
        case ACC_FAM_SMALL_R:
            if (cls == CCREF_CONTACT_ROPE)
                c.params.rod.station2_in_b2 = station_at_distance(r, &c.body1, c.params.rod.station1_in_b1,
                                                                  &c.body2, t);
            else
                c.params.sphere_on_sphere.center2_in_b2 =
                    station_at_distance(r, &c.body1, c.params.sphere_on_sphere.center1_in_b1, &c.body2, t);
            break;
        case ACC_FAM_NEAR_PARALLEL:
            c.params.line_on_line.edge_frame2_in_b2.R =
                edge_near_parallel(r, &c.body1, &c.params.line_on_line.edge_frame1_in_b1, &c.body2, t);
            break;
        default: /* two tiny spheres touching */
            c.params.sphere_on_sphere.center2_in_b2 =
                station_at_distance(r, &c.body1, c.params.sphere_on_sphere.center1_in_b1, &c.body2, 2.0 * t);
            c.params.sphere_on_sphere.radius1 = t * ccref_rng_uniform(r, 0.5, 1.5);
            c.params.sphere_on_sphere.radius2 = t;
            contact_adjust(&c, 0.0);
            break;
        }
        case_to_contact(&c, &cc);
        break;
    case ACC_FAM_COR_EDGE:
        make_approaching(&cc);
        if (ccref_status_ok(ccref_contact_eval(&cc, &kr)) && kr.impact_speed > 0.0) {
            double v = kr.impact_speed, x = v * (1.0 + rsign(r) * t);
            if (ccref_rng_uniform(r, 0.0, 1.0) < 0.5) { /* the capture jump */
                cc.speeds.capture_speed = x;
                cc.speeds.min_cor_speed = fmax(cc.speeds.min_cor_speed, 2.0 * x);
            } else { /* the (continuous) minimum-COR corner */
                cc.speeds.min_cor_speed = x;
                cc.speeds.capture_speed = fmin(cc.speeds.capture_speed, 0.5 * x);
            }
        }
        break;
    case ACC_FAM_COF_EDGE:
        if (ccref_status_ok(ccref_contact_eval(&cc, &kr)))
            cc.speeds.transition_speed = kr.slip_speed * (1.0 + rsign(r) * t);
        break;
    default:
        break;
    }
    return cc;
}
