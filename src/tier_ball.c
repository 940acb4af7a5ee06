/* tier_ball.c: the formula of Constraint::Ball (spec/ball.md) for the tolerance tiers (ccref_tiers.h).
 * S = p2 + R2 s2, P = p1 + R1 s1; perr = S - P; verr = v(B2/S) - v(B1/S); aerr = a(B2/S) - a(B1/S); forces
 * +lambda at S on body 2, -lambda on body 1; reactions -(R1^T lambda), R2^T lambda. */
#include "tier_dag.h"
#include "vec3.h"

void tier_ball(tier_dag *d, const ccref_case *c)
{
    const ccref_ball_params *prm = &c->params.ball;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tv arm2 = tm_apply(d, B2.R, tv_in(d, prm->station2_in_b2)); /* S - p2 */
    tv S = tv_add(d, B2.p, arm2);
    tv P = tier_station(d, &B1, tv_in(d, prm->station1_in_b1));
    tv arm1 = tv_refine(d, tv_sub(d, S, B1.p)); /* S - p1 (L0) */
    /* the arm of body 1's material point at S: S - p1, or, as Simbody takes a station of body 1 (its velocity,
     * acceleration, a force on it) in body 1's frame, R1 (R1^T (S - p1)) (spec/ball.md, Accuracy) */
    tv arm1_station = tier_material_arm(d, &B1, arm1);
    tv f = tv_in(d, v3(c->lambda[0], c->lambda[1], c->lambda[2]));
    tier_put3(d, CCREF_SLOT_PERR, tv_sub(d, S, P));
    tier_put3(d, CCREF_SLOT_VERR,
              tv_sub(d, tier_arm_velocity(d, &B2, arm2), tier_arm_velocity(d, &B1, arm1_station)));
    tier_put3(d, CCREF_SLOT_AERR,
              tv_sub(d, tier_arm_acceleration(d, &B2, arm2), tier_arm_acceleration(d, &B1, arm1_station)));
    tier_put_rows_past(d, 3, 3);
    tier_put_forces(d, CCREF_SLOT_F2_MOMENT, arm2, f);
    tier_put_forces(d, CCREF_SLOT_F1_MOMENT, arm1_station, tv_neg(d, f));
    tier_put3(d, CCREF_SLOT_BALL_REACTION1, tv_neg(d, tm_apply_t(d, B1.R, f)));
    tier_put3(d, CCREF_SLOT_BALL_REACTION2, tm_apply_t(d, B2.R, f));
}
