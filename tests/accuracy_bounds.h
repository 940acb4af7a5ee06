/* accuracy_bounds.h: the kernel-versus-oracle comparison that checks the error bounds of the library
 * (src/ccref_bounds.h, spec/accuracy.md), and the near-degenerate case families the accuracy suite
 * (tests/test_accuracy.c) and `make accuracy` (tools/accuracy.c) run. The bounds themselves, and the error calculus
 * the tests build their own tolerances with (src/bounds_calculus.h), live in the library. */
#ifndef CCREF_ACCURACY_BOUNDS_H
#define CCREF_ACCURACY_BOUNDS_H

#include "../oracle/oracle.h"
#include "../src/bounds_calculus.h"
#include "../src/ccref.h"
#include "../src/ccref_bounds.h"
#include "../src/ccref_handle.h"
#include "../src/ccref_unilateral.h"
#include "testlib.h"

#define ACC_MAX_SLOTS CCREF_MAX_SLOTS

/* ---------------------------------------------------------------- kernel against oracle */

/* One compared case. Slot i is checked iff it is in use and the oracle certified it; it passes iff
 * |kernel - oracle| <= B + ulp(oracle)/2 (the oracle is RN(exact), within half an ulp of the exact value; a zero
 * passes against a zero of either sign). */
typedef struct {
    int n;
    double kernel[ACC_MAX_SLOTS], oracle[ACC_MAX_SLOTS], bound[ACC_MAX_SLOTS];
    int certified[ACC_MAX_SLOTS];
    /* 1 for every slot of a kind, class or rule; a handle's: ccref_handle_slot_in_use (its rows past mp + mv and
     * columns past nu are structural zeros, not compared but checked zero: not_zeroed) */
    unsigned char in_use[ACC_MAX_SLOTS];
    ccref_status kernel_status, oracle_status;
    int decided;                /* the oracle decided its status and every branch */
    int valid;                  /* kernel and oracle returned an OK-class status and the oracle decided */
    ccref_decision excluded;      /* != NONE: excluded by the decision-band rule (never compared) */
    int discrete_mismatch;      /* valid, not excluded, but status / sense / branches differ from the oracle */
    int violations;             /* slots with |kernel - oracle| > B + ulp/2 */
    int unbounded;              /* certified slots with an infinite bound */
    int uncertified;            /* slots the oracle could not certify (skipped) */
    int slots_compared;         /* slots compared with their bound: in use, certified, finite bound */
    int not_zeroed;             /* handle: slots not zero where they must be: every slot (+0, bit for bit) under an
                                   error status, the slots not in use (0 of either sign) under an OK-class one */
    double cond;
} acc_sample;

void acc_check_case(ora_ctx *ctx, const ccref_case *c, acc_sample *s);
void acc_check_contact(ora_ctx *ctx, const ccref_contact_case *c, acc_sample *s);
/* The Constraint handle (src/ccref_handle.h: G = [P; V], bias, power; CCREF_HSLOT_N slots): ccref_handle_case /
 * _contact against ora_eval_handle_case / _contact within ccref_bounds_handle_case / _contact, as acc_check_case
 * compares a kind's outputs: the same status (the case's own, or the handle's E_RESULT_OVERFLOW), rows and
 * mobilities, the decision-band rule on the handle's bounds (which carry the case's own bands), every certified slot
 * in use within B + ulp(o)/2. kernel_status and oracle_status are the handle's; the kernel's handle must be zeroed
 * on an error status (not_zeroed). */
void acc_check_handle_case(ora_ctx *ctx, const ccref_case *c, acc_sample *s);
void acc_check_handle_contact(ora_ctx *ctx, const ccref_contact_case *c, acc_sample *s);
/* The same comparison of a handle and bounds the caller evaluated (h and hs from ccref_handle_case / _contact, b and
 * bst from ccref_bounds_handle_case / _contact with br NULL): the fuzz harness checks them on its own first and does
 * not evaluate them twice. */
void acc_compare_handle_case(ora_ctx *ctx, const ccref_case *c, const ccref_handle *h, ccref_status hs,
                             const ccref_bounds *b, ccref_status bst, acc_sample *s);
void acc_compare_handle_contact(ora_ctx *ctx, const ccref_contact_case *c, const ccref_handle *h, ccref_status hs,
                                const ccref_bounds *b, ccref_status bst, acc_sample *s);
void acc_check_cor(ora_ctx *ctx, double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                   acc_sample *s);
void acc_check_cof(ora_ctx *ctx, double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                   acc_sample *s);

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
