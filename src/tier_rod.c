/* tier_rod.c: the formula of Constraint::Rod (spec/rod.md) for the tolerance tiers (ccref_tiers.h).
 * arm1 = R1 s1, arm2 = R2 s2, Sf = p1 + arm1, Sb = p2 + arm2; p = Sb - Sf, r = sqrt(p.p);
 * pd = v(B2/Sb) - v(B1/Sf), pdd = a(B2/Sb) - a(B1/Sf).
 * Non-singular: Cz = p / r, verr = pd.Cz, Czd = (pd - verr Cz) / r. Singular: Cz = column 2 of R1 (body 1's z
 * axis), verr = pd.Cz, Czd = w1 x Cz. perr = r - d, aerr = pdd.Cz + pd.Czd; forces +lambda Cz at Sb on body 2,
 * -lambda Cz at Sf on body 1; tension = lambda, orientation = Cz. */
#include "tier_dag.h"

void tier_rod(tier_dag *d, const ccref_case *c)
{
    const ccref_rod_params *prm = &c->params.rod;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tv arm1 = tm_apply(d, B1.R, tv_in(d, prm->station1_in_b1)); /* Sf - p1 */
    tv arm2 = tm_apply(d, B2.R, tv_in(d, prm->station2_in_b2)); /* Sb - p2 */
    tv Sf = tv_add(d, B1.p, arm1), Sb = tv_add(d, B2.p, arm2);
    tv p = tv_refine(d, tv_sub(d, Sb, Sf)); /* a difference of nearly equal points near the singular branch (L0) */
    tx r = tv_norm(d, p);
    tv pd = tv_sub(d, tier_arm_velocity(d, &B2, arm2), tier_arm_velocity(d, &B1, arm1));
    tv pdd = tv_sub(d, tier_arm_acceleration(d, &B2, arm2), tier_arm_acceleration(d, &B1, arm1));
    tv Cz, Czd;
    tx verr;
    tier_decision(d, CCREF_DECISION_SINGULAR, tv_dot(d, p, p), CCREF_SINGULAR_DISTANCE_SQ);
    if (d->branch[CCREF_DECISION_SINGULAR]) {
        Cz = tm_col(B1.R, 2); /* the kernel's substitute direction, copied from R1 */
        verr = tv_dot(d, pd, Cz);
        Czd = tv_cross(d, B1.w, Cz);
    } else {
        Cz = tv_div(d, p, r);
        verr = tv_dot(d, pd, Cz);
        Czd = tv_div(d, tv_sub(d, pd, tv_scale(d, verr, Cz)), r);
    }
    tx lambda = tx_in(d, c->lambda[0]);
    tv f = tv_scale(d, lambda, Cz);
    tier_put(d, CCREF_SLOT_PERR, tx_sub(d, r, tx_in(d, prm->length)));
    tier_put(d, CCREF_SLOT_VERR, verr);
    tier_put(d, CCREF_SLOT_AERR, tx_add(d, tv_dot(d, pdd, Cz), tv_dot(d, pd, Czd)));
    tier_put_rows_past(d, 1, 1);
    tier_put_forces(d, CCREF_SLOT_F2_MOMENT, arm2, f);
    tier_put_forces(d, CCREF_SLOT_F1_MOMENT, arm1, tv_neg(d, f));
    tier_put(d, CCREF_SLOT_ROD_TENSION, lambda);
    tier_put3(d, CCREF_SLOT_ROD_ORIENTATION, Cz);
}
