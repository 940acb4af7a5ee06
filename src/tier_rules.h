/* tier_rules.h: the restitution (COR) and friction (COF) rules of spec/unilateral.md as expression DAGs
 * (src/tier_dag.h), for their tolerance tiers (ccref_tiers_cor, ccref_tiers_cof), for the contact classes, which
 * apply them at a computed impact or slip speed (src/tier_contacts.c), and for the order test (tools/order.c).
 *
 * Internal to the library, as tier_dag.h. */
#ifndef CCREF_TIER_RULES_H
#define CCREF_TIER_RULES_H

#include "tier_dag.h"

/* The COR at the impact speed v (a node) on a branch: CAPTURED an exact zero, MINIMUM the input min_cor, LINEAR
 * 1 - ((1 - min_cor)/min_cor_speed) v; written at slot. corner: an evaluation may take the other side of the
 * minimum-COR speed, where the COR is continuous: the bound covers either formula (lemma T6). */
void tier_put_cor(tier_dag *d, int slot, ccref_cor_branch branch, double min_cor, double min_cor_speed, tx v,
                  int corner);
/* The COF mu_v slip + (STATIC ? mu_s : mu_d) at the slip speed slip (a node), written at slot. */
void tier_put_cof(tier_dag *d, int slot, ccref_cof_branch branch, double mu_s, double mu_d, double mu_v, tx slip);

/* The rules on double inputs into slot 0 of d (initialised with the branches of ccref_bounds_cor / _cof): the
 * capture and transition branches from d->branch, the LINEAR/MINIMUM choice on the input impact speed as
 * src/unilateral.c takes it; binary32 claims nothing where the rounded inputs decide otherwise. */
void tier_build_cor(tier_dag *d, double min_cor, double capture_speed, double min_cor_speed, double impact_speed);
void tier_build_cof(tier_dag *d, double mu_s, double mu_d, double mu_v, double transition_speed, double slip_speed);

#endif
