/* tier_point_on_plane.c: the formula of Constraint::PointOnPlaneContact (spec/point_on_plane.md) for the
 * tolerance tiers (ccref_tiers.h).
 * [Px Py Pz] = R1 R_SP; arm2 = R2 f, F = p2 + arm2, arm1 = F - p1; perr = (R1^T arm1 - Po) . Pz_S (in S's frame);
 * v_rel = v(B/F) - v(S/F); a_rel = (a(B/F) - a(S/F)) - (2 w1) x v_rel; verr = v_rel . (Pz, Px, Py),
 * aerr = a_rel . (Pz, Px, Py); f = (lambda_n Pz + lambda_x Px) + lambda_y Py, +f at F on body 2 (arm arm2), -f on
 * body 1 (arm arm1); follower_point F, force_on_follower -f. */
#include "tier_dag.h"

void tier_point_on_plane_on_frame(tier_dag *d, const ccref_case *c, tm R_SP, tv Po)
{
    const ccref_point_on_plane_params *prm = &c->params.point_on_plane;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);

    /* (1) plane axes in G (R1 R_SP, column by column) */
    tv Px = tm_apply(d, B1.R, tm_col(R_SP, 0));
    tv Py = tm_apply(d, B1.R, tm_col(R_SP, 1));
    tv Pz = tm_apply(d, B1.R, tm_col(R_SP, 2));

    /* (2) follower point and lever arms (the arm from p1 by L0) */
    tv arm2 = tm_apply(d, B2.R, tv_in(d, prm->follower_in_b2));
    tv F = tv_add(d, B2.p, arm2);
    tv arm1 = tv_refine(d, tv_sub(d, F, B1.p));

    /* (3) position error in S's frame */
    tv F_in_S = tm_apply_t(d, B1.R, arm1);
    tier_put(d, CCREF_SLOT_PERR, tv_dot(d, tv_sub(d, F_in_S, Po), tm_col(R_SP, 2)));
    tier_put_rows_past(d, 1, 3);

    /* (4)-(7) relative velocity and acceleration of F measured in S; rows (normal, x, y) */
    tv v_rel = tv_sub(d, tier_arm_velocity(d, &B2, arm2), tier_arm_velocity(d, &B1, arm1));
    tv a_rel = tv_sub(d, tv_sub(d, tier_arm_acceleration(d, &B2, arm2), tier_arm_acceleration(d, &B1, arm1)),
                      tv_cross(d, tv_scale(d, tx_in(d, 2.0), B1.w), v_rel));
    tier_put(d, CCREF_SLOT_VERR, tv_dot(d, v_rel, Pz));
    tier_put(d, CCREF_SLOT_VERR + 1, tv_dot(d, v_rel, Px));
    tier_put(d, CCREF_SLOT_VERR + 2, tv_dot(d, v_rel, Py));
    tier_put(d, CCREF_SLOT_AERR, tv_dot(d, a_rel, Pz));
    tier_put(d, CCREF_SLOT_AERR + 1, tv_dot(d, a_rel, Px));
    tier_put(d, CCREF_SLOT_AERR + 2, tv_dot(d, a_rel, Py));

    /* (8) forces at F; (9)-(10) auxiliary outputs */
    tv f = tv_add(d, tv_add(d, tv_scale(d, tx_in(d, c->lambda[0]), Pz), tv_scale(d, tx_in(d, c->lambda[1]), Px)),
                  tv_scale(d, tx_in(d, c->lambda[2]), Py));
    tv minus_f = tv_neg(d, f);
    tier_put_forces(d, CCREF_SLOT_F2_MOMENT, arm2, f);
    tier_put_forces(d, CCREF_SLOT_F1_MOMENT, arm1, minus_f);
    tier_put3(d, CCREF_SLOT_POP_FOLLOWER, F);
    tier_put3(d, CCREF_SLOT_POP_FORCE_ON_FOLLOWER, minus_f);
}

void tier_point_on_plane(tier_dag *d, const ccref_case *c)
{
    const ccref_frame *S = &c->params.point_on_plane.plane_frame_in_b1;
    tier_point_on_plane_on_frame(d, c, tm_in(d, &S->R), tv_in(d, S->p));
}
