/* ccref_tiers.h: tolerance tiers, the error bounds that hold for every engine that evaluates a constraint's formula.
 *
 * ccref_bounds.h bounds ccref's own evaluation order. An engine evaluates the same formula in its own order; the
 * tiers bound every such evaluation (spec/accuracy.md section 11):
 *
 *   CCREF_TIER_DOUBLE    binary64 arithmetic, any evaluation order and any regrouping of the formula's sums and
 *                        products (a fused multiply-add included), on the exact input doubles;
 *   CCREF_TIER_BINARY32  the inputs rounded to binary32 (to nearest) and binary32 arithmetic throughout, in any
 *                        order and regrouping, against the exact value on the double inputs.
 *
 * Each bound is the calculus of spec/accuracy.md section 11 evaluated on the formula's expression DAG (src/tiers.c,
 * one builder per kind in src/tier_<kind>.c), on the branches the kernel takes or those forced. +Inf: no claim
 * (an intermediate may overflow in that tier, or a divisor's lower bound is not positive).
 *
 * Not covered by WP contracts (an evaluation of spec/accuracy.md's derivation, checked against random evaluation
 * orders by the order test, tests/test_order.c). */
#ifndef CCREF_TIERS_H
#define CCREF_TIERS_H

#include "ccref.h"
#include "ccref_bounds.h"
#include "ccref_outputs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { CCREF_TIER_DOUBLE = 0, CCREF_TIER_BINARY32 = 1, CCREF_TIER_COUNT = 2 } ccref_tier;

/* "double", "binary32". */
const char *ccref_tier_name(ccref_tier t);

typedef struct {
    int n;                                          /* slots in use (as ccref_bounds.n); 0 on an error status */
    double bound[CCREF_TIER_COUNT][CCREF_MAX_SLOTS]; /* |engine value - exact value| <= bound; +Inf: no claim */
    unsigned bands; /* bits 1 << ccref_decision: decisions outside ccref's own bands (ccref_bounds.bands) that an
                       evaluation in the double tier (and so in binary32) may take otherwise. The bounds hold on the
                       branch taken, as ccref_bounds' do; the vectors give the other branch as a DecisionBand
                       alternative (spec/accuracy.md section 11.3) */
    int cor_corner; /* an evaluation in a tier may take the other side of the minimum-COR speed: the COR is
                       continuous there and its bound covers both formulas; its LINEAR/MINIMUM label is undecided */
} ccref_tiers;

/* The tiers of every output slot of a case, on the branches the kernel takes (br NULL) or on forced ones. Returns
 * the kernel's status (ccref_bounds_case_on's); on an error status n = 0. CCREF_E_NULL_ARGUMENT also when the
 * expression DAG cannot be allocated. */
ccref_status ccref_tiers_case(const ccref_case *c, const ccref_branch_choice *br, ccref_tiers *t);
/* The same for a contact class (src/tier_contacts.c), on ccref_bounds_contact_on's branches. */
ccref_status ccref_tiers_contact(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_tiers *t);
/* The tiers of a case's or a class's Constraint handle (ccref_handle.h, spec/constraint_handle.md), n = CCREF_HSLOT_N,
 * on the branches of ccref_bounds_handle_case / _contact. */
ccref_status ccref_tiers_handle_case(const ccref_case *c, const ccref_branch_choice *br, ccref_tiers *t);
ccref_status ccref_tiers_handle_contact(const ccref_contact_case *c, const ccref_branch_choice *br, ccref_tiers *t);
/* The rules on double inputs, slot 0 (src/tier_rules.c), on the branches of ccref_bounds_cor / ccref_bounds_cof. */
ccref_status ccref_tiers_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                             ccref_tiers *t);
ccref_status ccref_tiers_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                             ccref_tiers *t);

#ifdef __cplusplus
}
#endif

#endif
