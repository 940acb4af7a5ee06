/* accuracy_bounds.h: a-priori forward error bounds of the double kernels (spec/accuracy.md and the "Accuracy"
 * sections of spec/<kind>.md, spec/unilateral.md, spec/unilateral_contacts.md), the kernel-versus-oracle
 * comparison that checks them, and the near-degenerate case families the accuracy suite (tests/test_accuracy.c)
 * and `make accuracy` (tools/accuracy.c) run.
 *
 * A bound function follows the kernel's operation order with the lemmas of spec/accuracy.md: every intermediate
 * quantity q carries a pair acc_t {m, e} with |q| <= m (exact value, Euclidean norm for vectors) and
 * |fl(q) - q| <= e (computed minus exact). The pairs are evaluated in round-to-nearest, each lemma's result
 * multiplied by 1 + 2^-44 and increased by 2^-1000 (spec/accuracy.md section 3), so the computed bound is an
 * upper bound of the proven one. The bound of an output slot is then the e of the quantity stored there.
 * Bounds depend on the case's inputs only (norms of the inputs, and lower bounds of the distances the kernel
 * divides by, obtained from the kernel's own computed distance and that distance's error bound). */
#ifndef CCREF_ACCURACY_BOUNDS_H
#define CCREF_ACCURACY_BOUNDS_H

#include "../oracle/oracle.h"
#include "../src/ccref.h"
#include "../src/ccref_unilateral.h"
#include "testlib.h"

/* ---------------------------------------------------------------- the error calculus (spec/accuracy.md) */

typedef struct { double m, e; } acc_t;

acc_t acc_exact(double magnitude);              /* an input: {|x|, 0} */
acc_t acc_vec(ccref_vec3 x);                    /* an input vector: {|x|, 0} */
acc_t acc_add(acc_t a, acc_t b);                /* L1: a + b or a - b, one rounding per component */
acc_t acc_mul(acc_t s, acc_t x);                /* L2: scalar times scalar or vector */
acc_t acc_exact_scale(double c, acc_t x);       /* L3: times +-1, +-2, +-1/2 (exact but for underflow) */
acc_t acc_dot(acc_t a, acc_t b);                /* L4: 3-term dot product, left to right */
acc_t acc_cross(acc_t a, acc_t b);              /* L5: cross product */
acc_t acc_rot(acc_t a);                         /* L6: R a or R^T a for an accepted rotation R (exact input) */
acc_t acc_norm(acc_t a);                        /* L7: sqrt(a . a) */
acc_t acc_unit(acc_t a, double lo);             /* L8: a / |a| (divide by, or multiply by 1/, sqrt(a.a)); lo <= |a| */
acc_t acc_div(acc_t a, acc_t b, double lo);     /* L9: a / b, b scalar with |b| >= lo > e_b */
acc_t acc_recip(acc_t b, double lo);            /* L9 with a = 1 */
/* Lower bound of the exact value from the computed one and its error bound: (x - e) rounded down, or 0. */
double acc_lower(double computed_abs, double e);

/* ---------------------------------------------------------------- per-case bounds */

#define ACC_MAX_SLOTS 48

/* The decision a bound function found inside its band (the kernel's computed decision quantity lies within
 * its own error bound of the threshold, so the kernel may take another branch than the exact evaluation). */
typedef enum {
    ACC_D_NONE = 0,
    ACC_D_SINGULAR,     /* rod, sphere_on_sphere, rope, sphere_sphere: |p|^2 against 2^-130 */
    ACC_D_PARALLEL,     /* line_on_line, edge_edge: |df x db|^2 against 2^-91 */
    ACC_D_SENSE,        /* line_on_line, edge_edge: the sense choice */
    ACC_D_PERP_AXIS,    /* sphere_on_sphere, sphere_sphere: perp() axis of the computed Cz */
    ACC_D_COR_CAPTURE,  /* contacts: impact speed against the capture speed (the COR jump) */
    ACC_D_COF_TRANSITION, /* friction contacts: slip speed against the transition speed (the COF step) */
    ACC_D_COUNT
} acc_decision;
const char *acc_decision_name(acc_decision d);

typedef struct {
    int n;                      /* slots: ORA_<KIND>_N, ORA_C_N, or 1 for the rules */
    double B[ACC_MAX_SLOTS];    /* |kernel - exact| <= B[i]; +Inf: no claim (magnitudes beyond 2^1000) */
    acc_decision uncertain;     /* != ACC_D_NONE: a branch decision is inside its band; B is not claimed */
    int cor_corner;             /* contacts: impact speed within its bound of min_cor_speed, where the COR is
                                   continuous: the LINEAR/MINIMUM label may differ from the oracle's, B holds */
    double cond;                /* governing condition (spec/accuracy.md section 6) */
} acc_bounds;

/* Bounds of every output slot (oracle flat layout, oracle/oracle.h) of a valid case. Return 0, or -1 when the
 * kernel rejects the case (error status): then nothing is claimed. */
int acc_bounds_case(const ccref_case *c, acc_bounds *b);
int acc_bounds_contact(const ccref_contact_case *c, acc_bounds *b);
/* The rules on double inputs (slot 0: the COR or the COF). */
int acc_bounds_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed, acc_bounds *b);
int acc_bounds_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                   acc_bounds *b);

/* ---------------------------------------------------------------- kernel against oracle */

/* One compared case. Slot i is checked iff the oracle certified it; it passes iff
 * |kernel - oracle| <= B + ulp(oracle)/2 (the oracle is RN(exact), within half an ulp of the exact value). */
typedef struct {
    int n;
    double kernel[ACC_MAX_SLOTS], oracle[ACC_MAX_SLOTS], bound[ACC_MAX_SLOTS];
    int certified[ACC_MAX_SLOTS];
    ccref_status kernel_status, oracle_status;
    int valid;                  /* kernel and oracle returned an OK-class status and the oracle decided */
    acc_decision excluded;      /* != NONE: excluded by the decision-band rule (never compared) */
    int discrete_mismatch;      /* valid, not excluded, but status / sense / branches differ from the oracle */
    int violations;             /* slots with |kernel - oracle| > B + ulp/2 */
    int unbounded;              /* certified slots with an infinite bound */
    int uncertified;            /* slots the oracle could not certify (skipped) */
    double cond;
} acc_sample;

void acc_check_case(ora_ctx *ctx, const ccref_case *c, acc_sample *s);
void acc_check_contact(ora_ctx *ctx, const ccref_contact_case *c, acc_sample *s);
void acc_check_cor(ora_ctx *ctx, double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                   acc_sample *s);
void acc_check_cof(ora_ctx *ctx, double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                   acc_sample *s);

/* ulp of x with the subnormal floor: 2^(e-52) for 2^e <= |x| < 2^(e+1), e >= -1022; 2^-1074 below. */
double acc_ulp(double x);
/* |k - o| / ulp(o). */
double acc_err_ulps(double k, double o);
/* |k - o| / (B + ulp(o)/2): the checked quantity, <= 1 on a pass. */
double acc_ratio(double k, double o, double B);
/* Near zero: the bound exceeds 2^20 ulps of the oracle value (more than 20 of the 53 bits may be lost), so an
 * error in ulps says nothing; such slots are reported as absolute error / bound. */
int acc_near_zero(double o, double B);

/* ---------------------------------------------------------------- case families */

typedef enum {
    ACC_FAM_RANDOM = 0,     /* tests/cases.h, well conditioned */
    ACC_FAM_OFFSET,         /* both bodies moved by a common offset of length t (large coordinates, t up to 1e8) */
    ACC_FAM_CONTACT,        /* the constraint (nearly) satisfied: perr about +-t (t down to 0) */
    ACC_FAM_SMALL_R,        /* rod, sphere_on_sphere, rope, sphere_sphere: the two points about t apart */
    ACC_FAM_NEAR_PARALLEL,  /* line_on_line, edge_edge: |df x db| about t (down to just above 2^-45.5) */
    ACC_FAM_TINY_RADIUS,    /* sphere kinds and classes: radii about t (down to 1e-6) */
    ACC_FAM_COR_EDGE,       /* contacts: capture and min-COR speeds at the impact speed (+- t relative) */
    ACC_FAM_COF_EDGE,       /* friction contacts: transition speed at the slip speed (+- t relative) */
    ACC_FAM_COUNT
} acc_family;
const char *acc_family_name(acc_family f);

/* 1 if the family applies to the kind (rolling variant given) or class. */
int acc_family_applies(acc_family f, ccref_kind kind);
int acc_family_applies_contact(acc_family f, ccref_contact_class cls);
/* A case of the family with parameter t (ignored by ACC_FAM_RANDOM); t = 0 asks for the exact edge where that
 * makes sense (contact: perr computed to 0). The cases are valid inputs (rotations, unit vectors). */
ccref_case acc_family_case(ccref_rng *r, ccref_kind kind, int rolling, acc_family f, double t);
ccref_contact_case acc_family_contact(ccref_rng *r, ccref_contact_class cls, acc_family f, double t);
/* Move both bodies by a common random offset of length t (hard stops: q and the bound by +-t, body 1 by t). */
void acc_offset_case(ccref_case *c, ccref_rng *r, double t);
void acc_offset_contact(ccref_contact_case *c, ccref_rng *r, double t);
/* Log-uniform draw in [lo, hi]. */
double acc_rng_log(ccref_rng *r, double lo, double hi);

#endif
