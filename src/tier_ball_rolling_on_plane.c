/* tier_ball_rolling_on_plane.c: the formula of the legacy Constraint::BallRollingOnPlane
 * (spec/ball_rolling_on_plane.md) for the tolerance tiers (ccref_tiers.h).
 * [Px_P Py_P n_P] = rotation_from_z(n_P), [Px Py n] = R1 [Px_P Py_P n_P]; armO2 = R2 o, O = p2 + armO2,
 * armO1 = O - p1; d = (R1^T armO1) . n_P - h; s = (r + d)/2, sn = s n, armC2 = armO2 - sn, C = p2 + armC2,
 * armC1 = C - p1; perr = (d - r)/2; vO = v(B2/O) - v(B1/O), verr[0] = (vO . n)/2;
 * aO = (a(B2/O) - a(B1/O)) - (2 w1) x vO, aerr[0] = (aO . n)/2; u = v(B2/C) - v(B1/C), verr[1..2] = u . Px, Py;
 * b_PB = (b2 - b1) - w1 x w2, a_t = (aO - b_PB x sn) - verr[0] ((w2 - w1) x n), aerr[1..2] = a_t . Px, Py;
 * f = ((lambda_n/2) n + lambda_x Px) + lambda_y Py at C, +f on body 2, -f on body 1; contact_point = C;
 * plane_axes = [Px Py n]; normal_force = -(lambda_n/2); friction forces -lambda_x, -lambda_y. */
#include "tier_dag.h"
#include "vec3.h"

void tier_ball_rolling_on_plane(tier_dag *d, const ccref_case *c)
{
    const ccref_ball_rolling_on_plane_params *prm = &c->params.ball_rolling_on_plane;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tx half = tx_in(d, 0.5), two = tx_in(d, 2.0);
    tx r = tx_in(d, prm->radius);

    /* (1) axes in P from the input normal, then R_GA = R1 R_PA column by column */
    tv n_P = tv_in(d, prm->normal_in_b1);
    tm R_PA = tier_rotation_from_input_z(d, prm->normal_in_b1, n_P);
    tv Px = tm_apply(d, B1.R, tm_col(R_PA, 0));
    tv Py = tm_apply(d, B1.R, tm_col(R_PA, 1));
    tv n = tm_apply(d, B1.R, tm_col(R_PA, 2));

    /* (2)-(4) center, height above the plane, contact point, lever arms (L0 on the arms to body 1's origin) */
    tv armO2 = tm_apply(d, B2.R, tv_in(d, prm->center_in_b2)); /* O - p2 */
    tv O = tv_add(d, B2.p, armO2);
    tv armO1 = tv_refine(d, tv_sub(d, O, B1.p)); /* O - p1 */
    tx height = tx_sub(d, tv_dot(d, tm_apply_t(d, B1.R, armO1), n_P), tx_in(d, prm->height));
    tx s = tx_mul(d, half, tx_add(d, r, height));
    tv sn = tv_scale(d, s, n);
    tv armC2 = tv_sub(d, armO2, sn); /* C - p2 */
    tv C = tv_add(d, B2.p, armC2);
    tv armC1 = tv_refine(d, tv_sub(d, C, B1.p)); /* C - p1 */

    /* (5)-(7) normal row */
    tv vO = tv_sub(d, tier_arm_velocity(d, &B2, armO2), tier_arm_velocity(d, &B1, armO1));
    tv aO = tv_sub(d, tv_sub(d, tier_arm_acceleration(d, &B2, armO2), tier_arm_acceleration(d, &B1, armO1)),
                   tv_cross(d, tv_scale(d, two, B1.w), vO));
    tx verr_n = tx_mul(d, half, tv_dot(d, vO, n));
    tier_put(d, CCREF_SLOT_PERR, tx_mul(d, half, tx_sub(d, height, r)));
    tier_put_rows_past(d, 1, 3);
    tier_put(d, CCREF_SLOT_VERR, verr_n);
    tier_put(d, CCREF_SLOT_AERR, tx_mul(d, half, tv_dot(d, aO, n)));

    /* (8)-(9) no-slip rows at the moving point C */
    tv u = tv_sub(d, tier_arm_velocity(d, &B2, armC2), tier_arm_velocity(d, &B1, armC1));
    tv bPB = tv_sub(d, tv_sub(d, B2.b, B1.b), tv_cross(d, B1.w, B2.w));
    tv wn = tv_cross(d, tv_sub(d, B2.w, B1.w), n);
    tv at = tv_sub(d, tv_sub(d, aO, tv_cross(d, bPB, sn)), tv_scale(d, verr_n, wn));
    tier_put(d, CCREF_SLOT_VERR + 1, tv_dot(d, u, Px));
    tier_put(d, CCREF_SLOT_VERR + 2, tv_dot(d, u, Py));
    tier_put(d, CCREF_SLOT_AERR + 1, tv_dot(d, at, Px));
    tier_put(d, CCREF_SLOT_AERR + 2, tv_dot(d, at, Py));

    /* (10) forces at C */
    tx half_lambda_n = tx_mul(d, half, tx_in(d, c->lambda[0]));
    tx lambda_x = tx_in(d, c->lambda[1]), lambda_y = tx_in(d, c->lambda[2]);
    tv f = tv_add(d, tv_add(d, tv_scale(d, half_lambda_n, n), tv_scale(d, lambda_x, Px)), tv_scale(d, lambda_y, Py));
    tier_put_forces(d, CCREF_SLOT_F2_MOMENT, armC2, f);
    tier_put_forces(d, CCREF_SLOT_F1_MOMENT, armC1, tv_neg(d, f));

    /* (11)-(14) auxiliary outputs: plane_axes row-major, columns Px, Py, n */
    tier_put3(d, CCREF_SLOT_BROP_CONTACT_POINT, C);
    tv axis[3] = {Px, Py, n};
    for (int j = 0; j < 3; j++) {
        tier_put(d, CCREF_SLOT_BROP_PLANE_AXES + j, axis[j].x);
        tier_put(d, CCREF_SLOT_BROP_PLANE_AXES + 3 + j, axis[j].y);
        tier_put(d, CCREF_SLOT_BROP_PLANE_AXES + 6 + j, axis[j].z);
    }
    tier_put(d, CCREF_SLOT_BROP_NORMAL_FORCE, tx_neg(d, half_lambda_n));
    tier_put(d, CCREF_SLOT_BROP_FRICTION_X, tx_neg(d, lambda_x));
    tier_put(d, CCREF_SLOT_BROP_FRICTION_Y, tx_neg(d, lambda_y));
}
