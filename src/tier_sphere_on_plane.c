/* tier_sphere_on_plane.c: the formula of Constraint::SphereOnPlaneContact (spec/sphere_on_plane.md) for the
 * tolerance tiers (ccref_tiers.h).
 * h = p_FP . Pz_F; [Px Py Pz] = R1 R_FP; armO2 = R2 o, O = p2 + armO2, armO1 = O - p1; rPz = r Pz,
 * armC2 = armO2 - rPz, C = p2 + armC2, armC1 = C - p1; perr = armO1 . Pz - (h + r);
 * v_F(O) = v(B/O) - v(F/O), verr[0] = v_F(O) . Pz; a_F(O) = (a(B/O) - a(F/O)) - (2 w1) x v_F(O), aerr[0] = a_F(O) . Pz;
 * rolling: v_F(B/C) = v(B/C) - v(F/C), verr[1,2] = . Px, Py; b_FB = (b2 - b1) - w1 x w2, a_FC = a_F(O) - b_FB x rPz,
 * aerr[1,2] = . Px, Py; f = lambda_n Pz [+ lambda_x Px + lambda_y Py]; forces +f at C on body 2 (arm armC2), -f on
 * body 1 (arm armC1); contact_point C, separation perr, force_on_sphere -f. */
#include "tier_dag.h"

void tier_sphere_on_plane_on_frame(tier_dag *d, const ccref_case *c, tm R_FP, tv p_FP)
{
    const ccref_sphere_on_plane_params *prm = &c->params.sphere_on_plane;
    const int rolling = prm->rolling != 0;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tx r = tx_in(d, prm->radius);

    /* (1)-(2) plane height in F, plane axes in G (R1 R_FP, column by column) */
    tx h = tv_dot(d, p_FP, tm_col(R_FP, 2));
    tv Px = tm_apply(d, B1.R, tm_col(R_FP, 0));
    tv Py = tm_apply(d, B1.R, tm_col(R_FP, 1));
    tv Pz = tm_apply(d, B1.R, tm_col(R_FP, 2));

    /* (3)-(4) center O, contact point C and their lever arms (the arms from p1 by L0) */
    tv armO2 = tm_apply(d, B2.R, tv_in(d, prm->center_in_b2));
    tv O = tv_add(d, B2.p, armO2);
    tv armO1 = tv_refine(d, tv_sub(d, O, B1.p));
    tv rPz = tv_scale(d, r, Pz);
    tv armC2 = tv_sub(d, armO2, rPz);
    tv C = tv_add(d, B2.p, armC2);
    tv armC1 = tv_refine(d, tv_sub(d, C, B1.p));

    /* (5)-(7) normal row */
    tx perr = tx_sub(d, tv_dot(d, armO1, Pz), tx_add(d, h, r));
    tv vO = tv_sub(d, tier_arm_velocity(d, &B2, armO2), tier_arm_velocity(d, &B1, armO1));
    tv aO = tv_sub(d, tv_sub(d, tier_arm_acceleration(d, &B2, armO2), tier_arm_acceleration(d, &B1, armO1)),
                   tv_cross(d, tv_scale(d, tx_in(d, 2.0), B1.w), vO));
    tier_put(d, CCREF_SLOT_PERR, perr);
    tier_put_rows_past(d, 1, rolling ? 3 : 1);
    tier_put(d, CCREF_SLOT_VERR, tv_dot(d, vO, Pz));
    tier_put(d, CCREF_SLOT_AERR, tv_dot(d, aO, Pz));

    /* (8)-(10) multiplier force; the rolling rows and the tangential force */
    tv f = tv_scale(d, tx_in(d, c->lambda[0]), Pz);
    if (rolling) {
        tv vC = tv_sub(d, tier_arm_velocity(d, &B2, armC2), tier_arm_velocity(d, &B1, armC1));
        tv bFB = tv_sub(d, tv_sub(d, B2.b, B1.b), tv_cross(d, B1.w, B2.w));
        tv aC = tv_sub(d, aO, tv_cross(d, bFB, rPz));
        tier_put(d, CCREF_SLOT_VERR + 1, tv_dot(d, vC, Px));
        tier_put(d, CCREF_SLOT_VERR + 2, tv_dot(d, vC, Py));
        tier_put(d, CCREF_SLOT_AERR + 1, tv_dot(d, aC, Px));
        tier_put(d, CCREF_SLOT_AERR + 2, tv_dot(d, aC, Py));
        f = tv_add(d, tv_add(d, f, tv_scale(d, tx_in(d, c->lambda[1]), Px)), tv_scale(d, tx_in(d, c->lambda[2]), Py));
    }

    /* (11) forces at C; (12)-(14) auxiliary outputs */
    tv minus_f = tv_neg(d, f);
    tier_put_forces(d, CCREF_SLOT_F2_MOMENT, armC2, f);
    tier_put_forces(d, CCREF_SLOT_F1_MOMENT, armC1, minus_f);
    tier_put3(d, CCREF_SLOT_SOP_CONTACT_POINT, C);
    tier_put(d, CCREF_SLOT_SOP_SEPARATION, perr);
    tier_put3(d, CCREF_SLOT_SOP_FORCE_ON_SPHERE, minus_f);
}

void tier_sphere_on_plane(tier_dag *d, const ccref_case *c)
{
    const ccref_frame *F = &c->params.sphere_on_plane.plane_frame_in_b1;
    tier_sphere_on_plane_on_frame(d, c, tm_in(d, &F->R), tv_in(d, F->p));
}
