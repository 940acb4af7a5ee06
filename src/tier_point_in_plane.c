/* tier_point_in_plane.c: the formula of Constraint::PointInPlane (spec/point_in_plane.md) for the tolerance tiers
 * (ccref_tiers.h). arm2 = R2 s2, S = p2 + arm2, arm1 = S - p1, nG = R1 n;
 * perr = (R1^T arm1).n - h; u = v(B2/S) - v(B1/S), verr = u.nG;
 * aerr = ((a(B2/S) - a(B1/S)) - 2 (w1 x u)).nG; forces +lambda nG at S on body 2, -lambda nG on body 1;
 * follower_point = S. */
#include "tier_dag.h"

void tier_point_in_plane(tier_dag *d, const ccref_case *c)
{
    const ccref_point_in_plane_params *prm = &c->params.point_in_plane;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tv n = tv_in(d, prm->normal_in_b1);
    tv arm2 = tm_apply(d, B2.R, tv_in(d, prm->follower_in_b2)); /* S - p2 */
    tv S = tv_add(d, B2.p, arm2);
    tv arm1 = tv_refine(d, tv_sub(d, S, B1.p)); /* S - p1 (L0) */
    tv arm1_station = tier_material_arm(d, &B1, arm1); /* body 1's material point at S (spec/point_in_plane.md) */
    tv nG = tm_apply(d, B1.R, n);
    tv u = tv_sub(d, tier_arm_velocity(d, &B2, arm2), tier_arm_velocity(d, &B1, arm1_station));
    tv arel = tv_sub(d, tier_arm_acceleration(d, &B2, arm2), tier_arm_acceleration(d, &B1, arm1_station));
    tv coriolis = tv_scale(d, tx_in(d, 2.0), tv_cross(d, B1.w, u));
    tx lambda = tx_in(d, c->lambda[0]);
    tv f = tv_scale(d, lambda, nG);
    tier_put(d, CCREF_SLOT_PERR, tx_sub(d, tv_dot(d, tm_apply_t(d, B1.R, arm1), n), tx_in(d, prm->height)));
    tier_put(d, CCREF_SLOT_VERR, tv_dot(d, u, nG));
    tier_put(d, CCREF_SLOT_AERR, tv_dot(d, tv_sub(d, arel, coriolis), nG));
    tier_put_rows_past(d, 1, 1);
    tier_put_forces(d, CCREF_SLOT_F2_MOMENT, arm2, f);
    tier_put_forces(d, CCREF_SLOT_F1_MOMENT, arm1_station, tv_neg(d, f));
    tier_put3(d, CCREF_SLOT_PIP_FOLLOWER, S);
}
