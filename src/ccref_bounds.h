/* ccref_bounds.h: error bars on every double result.
 *
 * For every output slot of a kind, a contact class or a rule (ccref_outputs.h), ccref_bounds_* return a proven
 * forward error bound B of what the double kernel computes for that case:
 *
 *     |kernel value - exact value| <= B,
 *
 * where the exact value is the real value of the formula of spec/<kind>.md on the exact input doubles (the value
 * the oracle certifies, spec/oracle.md). The bound follows the kernel's operation order with the lemmas of
 * spec/accuracy.md (standard model with underflow, magnitudes carried as norms). It holds for every finite input,
 * including subnormal components, up to magnitudes near 2^1000; beyond that (and where a divisor's lower bound is
 * not positive) B is +Inf: no claim.
 *
 * Branches. A kernel decides its branches (singular direction, parallel edges, LineOnLine sense, perp() axis, the
 * COR capture speed and the COF transition speed) on computed doubles; the exact evaluation decides them on exact
 * values. When the computed decision quantity lies within its own error bound of the threshold (the decision
 * band, spec/accuracy.md section 4), the kernel may take another branch than the exact evaluation: `bands` then
 * has that decision's bit and B is a bound against the exact value *of the branch the bounds were computed on*
 * (the kernel's own branch, or the one forced through ccref_branch_choice).
 *
 * Not covered by WP contracts (this is an evaluation of spec/accuracy.md's lemmas, checked against the oracle by
 * the accuracy suite, tests/test_accuracy.c). */
#ifndef CCREF_BOUNDS_H
#define CCREF_BOUNDS_H

#include "ccref.h"
#include "ccref_outputs.h"
#include "ccref_unilateral.h"

/* C linkage for C++ engines that include this header directly. */
#ifdef __cplusplus
extern "C" {
#endif

/* The branch decisions a bound can depend on. */
typedef enum {
    CCREF_DECISION_NONE = 0,
    CCREF_DECISION_SINGULAR,        /* rod, sphere_on_sphere, rope, sphere_sphere: |p|^2 against 2^-130 (1 = singular) */
    CCREF_DECISION_PARALLEL,        /* line_on_line, edge_edge: |df x db|^2 against 2^-91 (1 = parallel) */
    CCREF_DECISION_SENSE,           /* line_on_line, edge_edge: the sense (+1 or -1) */
    CCREF_DECISION_PERP_AXIS,       /* sphere_on_sphere, sphere_sphere: perp() axis of Cz (0, 1, 2) */
    CCREF_DECISION_COR_CAPTURE,     /* contacts: impact speed against the capture speed (1 = captured) */
    CCREF_DECISION_COF_TRANSITION,  /* friction contacts: slip speed against the transition speed (1 = static) */
    CCREF_DECISION_COUNT
} ccref_decision;

/* "singular", "parallel", "sense", "perp_axis", "cor_capture", "cof_transition"; "none". */
const char *ccref_decision_name(ccref_decision d);

/* A branch to compute the bounds on, per decision: CCREF_BRANCH_COMPUTED takes the kernel's own decision. */
#define CCREF_BRANCH_COMPUTED (-128)
typedef struct {
    signed char choice[CCREF_DECISION_COUNT];
} ccref_branch_choice;
void ccref_branch_choice_computed(ccref_branch_choice *c);

typedef struct {
    int n;                          /* slots: ccref_kind_outputs, CCREF_CSLOT_N, or 1 for a rule */
    double bound[CCREF_MAX_SLOTS];  /* |kernel - exact| <= bound[i]; +Inf: no claim */
    /* 1 where the bound is larger than the kernel's computed value itself (|value| < bound): not even the sign
     * of the value is certain (e.g. perr of a ball with both bodies at x = 1e100). */
    unsigned char exceeds_value[CCREF_MAX_SLOTS];
    int n_exceeds_value;            /* number of such slots (over the slots in use) */
    unsigned bands;                 /* bit (1u << d) for each decision d inside its band */
    /* Per decision: the branch the bounds follow (the forced one, else the kernel's; 0 for a decision the case
     * does not take), and the set of branches the exact evaluation may take when the decision is inside its band
     * (0 otherwise): bit 0 for value 0, bit 1 for value 1 (binary decisions); bit 0 for sense +1, bit 1 for -1;
     * bit k for perp() axis k. */
    signed char branch[CCREF_DECISION_COUNT];
    unsigned char possible[CCREF_DECISION_COUNT];
    ccref_decision band;            /* the first decision found inside its band (CCREF_DECISION_NONE: none) */
    int cor_corner;                 /* contacts: impact speed within its bound of min_cor_speed, where the COR is
                                       continuous: the LINEAR/MINIMUM label may differ from the exact one, B holds */
    double condition;               /* governing condition (spec/accuracy.md section 6) */
} ccref_bounds;

/* Bounds of every output slot of a case on the kernel's own branches. Returns the kernel's status: on an error
 * status nothing is claimed (n = 0). */
ccref_status ccref_bounds_case(const ccref_case *c, ccref_bounds *b);
ccref_status ccref_bounds_contact(const ccref_contact_case *c, ccref_bounds *b);
/* The same on forced branches (a value per decision, or CCREF_BRANCH_COMPUTED): the bound of a kernel that took
 * those branches, against the exact value of the same branches. */
ccref_status ccref_bounds_case_on(const ccref_case *c, const ccref_branch_choice *br, ccref_bounds *b);
ccref_status ccref_bounds_contact_on(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_bounds *b);
/* The bounds of a case's or a class's Constraint handle (ccref_handle.h), n = CCREF_HSLOT_N, on the case's branches
 * (br NULL) or forced ones. The status is the case's, or the handle's E_RESULT_OVERFLOW; on an error n = 0. */
ccref_status ccref_bounds_handle_case(const ccref_case *c, const ccref_branch_choice *br, ccref_bounds *b);
ccref_status ccref_bounds_handle_contact(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_bounds *b);
/* The rules on double inputs (slot 0: the COR or the COF). */
ccref_status ccref_bounds_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                              ccref_bounds *b);
ccref_status ccref_bounds_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                              ccref_bounds *b);

/* The bound of calcEffectiveCOR evaluated at a computed impact speed v whose exact value is within ev of it, on
 * the branch v takes (0 when captured): the rule's own rounding plus its slope times ev (spec/unilateral.md,
 * Accuracy). Used for an alternative sign convention's COR (spec/vectors.md, RopeSign). */
double ccref_cor_bound(double min_cor, double capture_speed, double min_cor_speed, double v, double ev);

/* ulp of x with the subnormal floor: 2^(e-52) for 2^e <= |x| < 2^(e+1), e >= -1022; 2^-1074 below; Inf for Inf. */
double ccref_ulp(double x);

/* The tolerance a double result is held to against the correctly rounded exact value o: B + ulp(o)/2, rounded
 * up (spec/accuracy.md section 5; spec/vectors.md). */
double ccref_tolerance(double B, double o);

#ifdef __cplusplus
}
#endif

#endif
