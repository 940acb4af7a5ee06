/* tier_weld.c: the formula of Constraint::Weld (spec/weld.md) for the tolerance tiers (ccref_tiers.h).
 * RB = R1 Rf1, RF = R2 Rf2 column by column; perr[i] = F_i . B_i', c_i = F_i x B_i', verr[i] = (w2 - w1) . c_i,
 * aerr[i] = (b2 - b1) . c_i + (w2 - w1) . ((w2 x F_i) x B_i' - (w1 x B_i') x F_i); the linear rows as Ball's at S =
 * p2 + R2 pf2 (body 1's point at S taken as S - p1 or through body 1's frame, lemma T6); t = sum_i l_i c_i; moments
 * t + arm2 x f and (-t) + arm1 x (-f); the frames (RB, P) and (RF, S). */
#include "tier_dag.h"
#include "vec3.h"

/* A row-major 3x3 output at slot from its columns. */
static void put_columns(tier_dag *d, int slot, const tv col[3])
{
    for (int j = 0; j < 3; j++) {
        tier_put(d, slot + j, col[j].x);
        tier_put(d, slot + 3 + j, col[j].y);
        tier_put(d, slot + 6 + j, col[j].z);
    }
}

void tier_weld(tier_dag *d, const ccref_case *c)
{
    const ccref_weld_params *prm = &c->params.weld;
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tm Rf1 = tm_in(d, &prm->frame1_in_b1.R), Rf2 = tm_in(d, &prm->frame2_in_b2.R);
    tv B[3], F[3], axis[3];
    for (int j = 0; j < 3; j++) { /* (1) */
        B[j] = tm_apply(d, B1.R, tm_col(Rf1, j));
        F[j] = tm_apply(d, B2.R, tm_col(Rf2, j));
    }
    /* (2) */
    tv arm2 = tm_apply(d, B2.R, tv_in(d, prm->frame2_in_b2.p));
    tv S = tv_add(d, B2.p, arm2);
    tv P = tier_station(d, &B1, tv_in(d, prm->frame1_in_b1.p));
    tv arm1 = tier_material_arm(d, &B1, tv_refine(d, tv_sub(d, S, B1.p)));
    /* (3), (5), (6), (8) */
    tv w = tv_sub(d, B2.w, B1.w), bw = tv_sub(d, B2.b, B1.b);
    for (int i = 0; i < 3; i++) {
        tv Fi = F[i], Bi = B[(i + 1) % 3];
        axis[i] = tv_cross(d, Fi, Bi);
        tv di = tv_sub(d, tv_cross(d, tv_cross(d, B2.w, Fi), Bi), tv_cross(d, tv_cross(d, B1.w, Bi), Fi));
        tier_put(d, CCREF_SLOT_PERR + i, tv_dot(d, Fi, Bi));
        tier_put(d, CCREF_SLOT_VERR + i, tv_dot(d, w, axis[i]));
        tier_put(d, CCREF_SLOT_AERR + i, tx_add(d, tv_dot(d, bw, axis[i]), tv_dot(d, w, di)));
    }
    /* (4), (7), (9) */
    tier_put3(d, CCREF_SLOT_PERR + 3, tv_sub(d, S, P));
    tier_put3(d, CCREF_SLOT_VERR + 3,
              tv_sub(d, tier_arm_velocity(d, &B2, arm2), tier_arm_velocity(d, &B1, arm1)));
    tier_put3(d, CCREF_SLOT_AERR + 3,
              tv_sub(d, tier_arm_acceleration(d, &B2, arm2), tier_arm_acceleration(d, &B1, arm1)));
    tier_put_rows_past(d, 6, 6);
    /* (10), (11) */
    tv t = tv_add(d, tv_add(d, tv_scale(d, tx_in(d, c->lambda[0]), axis[0]), tv_scale(d, tx_in(d, c->lambda[1]), axis[1])),
                  tv_scale(d, tx_in(d, c->lambda[2]), axis[2]));
    tv f = tv_in(d, v3(c->lambda[3], c->lambda[4], c->lambda[5]));
    tier_put3(d, CCREF_SLOT_F2_MOMENT, tv_add(d, t, tv_cross(d, arm2, f)));
    tier_put3(d, CCREF_SLOT_F2_FORCE, f);
    tier_put3(d, CCREF_SLOT_F1_MOMENT, tv_add(d, tv_neg(d, t), tv_cross(d, arm1, tv_neg(d, f))));
    tier_put3(d, CCREF_SLOT_F1_FORCE, tv_neg(d, f));
    /* (12) */
    put_columns(d, CCREF_SLOT_WELD_FRAME1_R, B);
    tier_put3(d, CCREF_SLOT_WELD_FRAME1_P, P);
    put_columns(d, CCREF_SLOT_WELD_FRAME2_R, F);
    tier_put3(d, CCREF_SLOT_WELD_FRAME2_P, S);
}
