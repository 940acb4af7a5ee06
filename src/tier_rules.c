/* tier_rules.c: the restitution and friction rules of spec/unilateral.md (sections 6 and 7) for the tolerance
 * tiers (ccref_tiers.h), as src/unilateral.c computes them:
 *   COR = 0 (CAPTURED, v <= capture_speed), min_cor (MINIMUM, v >= min_cor_speed),
 *         1 - ((1 - min_cor)/min_cor_speed) v (LINEAR);
 *   COF = mu_v slip + (slip <= transition_speed ? mu_s : mu_d).
 * The capture and transition branches are the ones recorded in d->branch (ccref_bounds_cor / _cof on the rules,
 * ccref_bounds_contact_on on a contact class). */
#include <math.h>

#include "tier_rules.h"

/* The COR formula of a branch that is not CAPTURED (whose COR is an exact 0). */
static tx cor_formula(tier_dag *d, ccref_cor_branch branch, double min_cor, double min_cor_speed, tx v)
{
    if (branch == CCREF_COR_MINIMUM)
        return tx_in(d, min_cor);
    tx one = tx_in(d, 1.0);
    tx slope = tx_div(d, tx_sub(d, one, tx_in(d, min_cor)), tx_in(d, min_cor_speed));
    return tx_sub(d, one, tx_mul(d, slope, v));
}

void tier_put_cor(tier_dag *d, int slot, ccref_cor_branch branch, double min_cor, double min_cor_speed, tx v,
                  int corner)
{
    if (branch == CCREF_COR_CAPTURED) {
        tier_put_zero(d, slot, 1);
        return;
    }
    tx cor = cor_formula(d, branch, min_cor, min_cor_speed, v);
    if (corner) /* the COR is continuous at the minimum-COR speed: either formula (lemma T6) */
        cor = tx_either(d, cor, cor_formula(d, branch == CCREF_COR_MINIMUM ? CCREF_COR_LINEAR : CCREF_COR_MINIMUM,
                                            min_cor, min_cor_speed, v));
    tier_put(d, slot, cor);
}

void tier_put_cof(tier_dag *d, int slot, ccref_cof_branch branch, double mu_s, double mu_d, double mu_v, tx slip)
{
    tx viscous = tx_mul(d, tx_in(d, mu_v), slip);
    tier_put(d, slot, tx_add(d, viscous, tx_in(d, branch == CCREF_COF_STATIC ? mu_s : mu_d)));
}

/* The rules' decisions are taken on exact inputs: certain in binary64; in binary32 on the rounded inputs. */
void tier_build_cor(tier_dag *d, double min_cor, double capture_speed, double min_cor_speed, double impact_speed)
{
    double v32 = tier_to_binary32(impact_speed);
    int captured = d->branch[CCREF_DECISION_COR_CAPTURE] != 0;
    tier_input_decision(d, (v32 <= tier_to_binary32(capture_speed)) == (impact_speed <= capture_speed));
    ccref_cor_branch branch = CCREF_COR_CAPTURED;
    if (!captured) {
        int minimum = impact_speed >= min_cor_speed;
        tier_input_decision(d, (v32 >= tier_to_binary32(min_cor_speed)) == minimum);
        branch = minimum ? CCREF_COR_MINIMUM : CCREF_COR_LINEAR;
    }
    tier_put_cor(d, 0, branch, min_cor, min_cor_speed, tx_in(d, impact_speed), 0);
}

void tier_build_cof(tier_dag *d, double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed)
{
    int is_static = d->branch[CCREF_DECISION_COF_TRANSITION] != 0;
    tier_input_decision(d, (tier_to_binary32(slip_speed) <= tier_to_binary32(transition_speed)) ==
                               (slip_speed <= transition_speed));
    tier_put_cof(d, 0, is_static ? CCREF_COF_STATIC : CCREF_COF_DYNAMIC, mu_s, mu_d, mu_v, tx_in(d, slip_speed));
}

/* A rule's double inputs, for tier_tiers_of. */
typedef struct { double a, b, c, d, speed; } rule_inputs;

static void build_cor(tier_dag *d, const void *arg)
{
    const rule_inputs *r = arg;
    tier_build_cor(d, r->a, r->b, r->c, r->speed);
}

static void build_cof(tier_dag *d, const void *arg)
{
    const rule_inputs *r = arg;
    tier_build_cof(d, r->a, r->b, r->c, r->d, r->speed);
}

/* The rule's bounds give its status and branch; on an error status nothing is claimed (n = 0). */
ccref_status ccref_tiers_cor(double min_cor, double capture_speed, double min_cor_speed, double impact_speed,
                             ccref_tiers *t)
{
    if (t == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_bounds b;
    ccref_status st = ccref_bounds_cor(min_cor, capture_speed, min_cor_speed, impact_speed, &b);
    const rule_inputs r = {min_cor, capture_speed, min_cor_speed, 0.0, impact_speed};
    return tier_tiers_of(st, &b, build_cor, &r, t);
}

ccref_status ccref_tiers_cof(double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed,
                             ccref_tiers *t)
{
    if (t == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_bounds b;
    ccref_status st = ccref_bounds_cof(mu_s, mu_d, mu_v, transition_speed, slip_speed, &b);
    const rule_inputs r = {mu_s, mu_d, mu_v, transition_speed, slip_speed};
    return tier_tiers_of(st, &b, build_cof, &r, t);
}
