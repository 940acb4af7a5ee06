/* tier_sphere_on_sphere.c: the formula of Constraint::SphereOnSphereContact (spec/sphere_on_sphere.md) for the
 * tolerance tiers (ccref_tiers.h).
 * Sf = p1 + R1 c1, Sb = p2 + R2 c2; p = Sb - Sf, r = sqrt(p.p), oor = 1/r, Cz = oor p (singular: R1 e_z);
 * kf = rf/(rf + rb), Co = Sf + kf p; Cx = unit(Cz x e_k) (perp(), axis k), Cy = unit(Cz x Cx).
 * perr = r - (rf + rb), pd = v(B2/Sb) - v(B1/Sf), verr = pd.Cz, pdd = a(B2/Sb) - a(B1/Sf),
 * Czd = oor (pd - (pd.Cz) Cz) (singular: w1 x Cz), aerr = pdd.Cz + pd.Czd.
 * Rolling: vF = v(B2/Co) - v(B1/Co), verr_x,y = vF.Cx, vF.Cy; pd_FCo = w1 x (R1 c1) + kf pd,
 * pd_BCo = pd_FCo - (v2 - v1), dvF = (a2 + b2 x p_BCo + w2 x pd_BCo) - (a1 + b1 x p_FCo + w1 x pd_FCo),
 * CzdF = Czd - w1 x Cz, Cxd = -(CzdF x Cy) + w1 x Cx, Cyd = CzdF x Cx + w1 x Cy, aerr_x,y = dvF.Cx,y + vF.Cxd,y.
 * Forces: lambda_n Cz at Sb on body 2, -lambda_n Cz at Sf on body 1; rolling: ft = lambda_x Cx + lambda_y Cy at Co
 * on body 2, -ft on body 1. Frame (Cx Cy Cz, Co); separation = perr;
 * force_on_body2 = -((lambda_n Cz + lambda_x Cx) + lambda_y Cy). */
#include "tier_dag.h"
#include "vec3.h"

/* unit(a) = a / sqrt(a.a), as common.c's unit_of_long. */
static tv unit_of(tier_dag *d, tv a) { return tv_div(d, a, tv_norm(d, a)); }

/* common.c's ccref_perp on the axis k the kernel took (the recorded decision): unit(z x e_k). */
static tv perp_on_axis(tier_dag *d, tv z, int k)
{
    tv e = {tx_in(d, k == 0 ? 1.0 : 0.0), tx_in(d, k == 1 ? 1.0 : 0.0), tx_in(d, k == 2 ? 1.0 : 0.0)};
    return unit_of(d, tv_cross(d, z, e));
}

/* The spatial force (arm x f, f) added to (moment, force): common.h's ccref_spatial_force_add of
 * ccref_force_at_arm. */
static void add_force_at_arm(tier_dag *d, tv *moment, tv *force, tv arm, tv f)
{
    *moment = tv_add(d, *moment, tv_cross(d, arm, f));
    *force = tv_add(d, *force, f);
}

void tier_sphere_on_sphere(tier_dag *d, const ccref_case *c)
{
    const ccref_sphere_on_sphere_params *prm = &c->params.sphere_on_sphere;
    const int rolling = prm->rolling != 0;
    const int singular = d->branch[CCREF_DECISION_SINGULAR] == 1;
    const int axis = d->branch[CCREF_DECISION_PERP_AXIS];
    tier_body B1 = tier_body_in(d, &c->body1), B2 = tier_body_in(d, &c->body2);
    tx rf = tx_in(d, prm->radius1), rb = tx_in(d, prm->radius2);

    /* ---- position */
    tv armF = tm_apply(d, B1.R, tv_in(d, prm->center1_in_b1)); /* Sf - p1 */
    tv Sf = tv_add(d, B1.p, armF);
    tv armB = tm_apply(d, B2.R, tv_in(d, prm->center2_in_b2)); /* Sb - p2 */
    tv Sb = tv_add(d, B2.p, armB);
    tv p = tv_refine(d, tv_sub(d, Sb, Sf)); /* L0: the centres are large, their difference may be small */
    tx r = tv_norm(d, p);
    tx oor = 0;
    tv Cz;
    tier_decision(d, CCREF_DECISION_SINGULAR, tv_dot(d, p, p), CCREF_SINGULAR_DISTANCE_SQ);
    if (singular) {
        Cz = tm_col(B1.R, 2);
        ccref_vec3 z = {c->body1.R.m[0][2], c->body1.R.m[1][2], c->body1.R.m[2][2]};
        double zf[3] = {tier_to_binary32(z.x), tier_to_binary32(z.y), tier_to_binary32(z.z)};
        double az[3] = {fabs(zf[0]), fabs(zf[1]), fabs(zf[2])};
        int kf32 = (az[0] <= az[1]) ? (az[0] <= az[2] ? 0 : 2) : (az[1] <= az[2] ? 1 : 2);
        tier_input_decision(d, kf32 == axis); /* perp() of an input column: binary32 decides on its rounding */
    } else {
        oor = tx_div(d, tx_in(d, 1.0), r); /* the kernel multiplies by the reciprocal */
        Cz = tv_scale(d, oor, p);
    }
    tx kf = tx_div(d, rf, tx_add(d, rf, rb));
    tv Co = tv_add(d, Sf, tv_scale(d, kf, p));
    if (!singular)
        tier_smallest_axis(d, Cz, axis);
    tv Cx = perp_on_axis(d, Cz, axis);
    tv Cy = unit_of(d, tv_cross(d, Cz, Cx));
    tv p_FCo = tv_refine(d, tv_sub(d, Co, B1.p)); /* L0: lever arms of the contact point */
    tv p_BCo = tv_refine(d, tv_sub(d, Co, B2.p));

    /* ---- normal row */
    tv pd = tv_sub(d, tier_arm_velocity(d, &B2, armB), tier_arm_velocity(d, &B1, armF));
    tv pdd = tv_sub(d, tier_arm_acceleration(d, &B2, armB), tier_arm_acceleration(d, &B1, armF));
    tx verr_n = tv_dot(d, pd, Cz);
    tv Czd = singular ? tv_cross(d, B1.w, Cz) : tv_scale(d, oor, tv_sub(d, pd, tv_scale(d, verr_n, Cz)));
    tx perr = tx_sub(d, r, tx_add(d, rf, rb));
    tier_put(d, CCREF_SLOT_PERR, perr);
    tier_put_rows_past(d, 1, rolling ? 3 : 1);
    tier_put(d, CCREF_SLOT_VERR, verr_n);
    tier_put(d, CCREF_SLOT_AERR, tx_add(d, tv_dot(d, pdd, Cz), tv_dot(d, pd, Czd)));

    tx lambda_n = tx_in(d, c->lambda[0]);
    tv fn = tv_scale(d, lambda_n, Cz);
    tv minus_fn = tv_neg(d, fn);
    tv moment2 = tv_cross(d, armB, fn), force2 = fn;
    tv moment1 = tv_cross(d, armF, minus_fn), force1 = minus_fn;
    tv applied = fn;

    /* ---- rolling rows */
    if (rolling) {
        tv vF = tv_sub(d, tier_arm_velocity(d, &B2, p_BCo), tier_arm_velocity(d, &B1, p_FCo));
        tier_put(d, CCREF_SLOT_VERR + 1, tv_dot(d, vF, Cx));
        tier_put(d, CCREF_SLOT_VERR + 2, tv_dot(d, vF, Cy));
        tv pd_FCo = tv_add(d, tv_cross(d, B1.w, armF), tv_scale(d, kf, pd));
        tv pd_BCo = tv_sub(d, pd_FCo, tv_sub(d, B2.v, B1.v));
        tv vd_FCo = tv_add(d, tv_add(d, B1.a, tv_cross(d, B1.b, p_FCo)), tv_cross(d, B1.w, pd_FCo));
        tv vd_BCo = tv_add(d, tv_add(d, B2.a, tv_cross(d, B2.b, p_BCo)), tv_cross(d, B2.w, pd_BCo));
        tv dvF = tv_sub(d, vd_BCo, vd_FCo);
        tv CzdF = tv_sub(d, Czd, tv_cross(d, B1.w, Cz));
        tv Cxd = tv_add(d, tv_neg(d, tv_cross(d, CzdF, Cy)), tv_cross(d, B1.w, Cx));
        tv Cyd = tv_add(d, tv_cross(d, CzdF, Cx), tv_cross(d, B1.w, Cy));
        tier_put(d, CCREF_SLOT_AERR + 1, tx_add(d, tv_dot(d, dvF, Cx), tv_dot(d, vF, Cxd)));
        tier_put(d, CCREF_SLOT_AERR + 2, tx_add(d, tv_dot(d, dvF, Cy), tv_dot(d, vF, Cyd)));

        tx lambda_x = tx_in(d, c->lambda[1]), lambda_y = tx_in(d, c->lambda[2]);
        tv ft = tv_add(d, tv_scale(d, lambda_x, Cx), tv_scale(d, lambda_y, Cy));
        add_force_at_arm(d, &moment2, &force2, p_BCo, ft);
        add_force_at_arm(d, &moment1, &force1, p_FCo, tv_neg(d, ft));
        applied = tv_add(d, tv_add(d, applied, tv_scale(d, lambda_x, Cx)), tv_scale(d, lambda_y, Cy));
    }
    tier_put3(d, CCREF_SLOT_F1_MOMENT, moment1);
    tier_put3(d, CCREF_SLOT_F1_FORCE, force1);
    tier_put3(d, CCREF_SLOT_F2_MOMENT, moment2);
    tier_put3(d, CCREF_SLOT_F2_FORCE, force2);

    /* contact_frame.R row-major: row i holds the i-th components of the columns Cx, Cy, Cz */
    tv cols[3] = {Cx, Cy, Cz};
    for (int j = 0; j < 3; j++) {
        tier_put(d, CCREF_SLOT_SOS_FRAME_R + j, cols[j].x);
        tier_put(d, CCREF_SLOT_SOS_FRAME_R + 3 + j, cols[j].y);
        tier_put(d, CCREF_SLOT_SOS_FRAME_R + 6 + j, cols[j].z);
    }
    tier_put3(d, CCREF_SLOT_SOS_FRAME_P, Co);
    tier_put(d, CCREF_SLOT_SOS_SEPARATION, perr);
    tier_put3(d, CCREF_SLOT_SOS_FORCE_ON_BODY2, tv_neg(d, applied));
}
