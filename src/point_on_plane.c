/* point_on_plane.c: Constraint::PointOnPlaneContact, mp = 1, mv = 2.   Spec: spec/point_on_plane.md
 *
 * Method: body 1 = surface body S with plane frame X_SP (Po origin, Px, Py tangent, Pz normal; all in S),
 * body 2 = follower body B with follower point f (station).  [Px Py Pz] = R1 R_SP (in G).
 *   F = p2 + R2 f (follower point in G)
 *   perr  = (R1^T (F - p1) - Po) . Pz_S                   (computed in S's frame)
 *   v_rel = v(B/F) - v(S/F)                               (velocity of F measured in S)
 *   a_rel = (a(B/F) - a(S/F)) - 2 w1 x v_rel              (acceleration of F measured in S)
 *   verr  = (v_rel . Pz, v_rel . Px, v_rel . Py);  aerr = (a_rel . Pz, a_rel . Px, a_rel . Py)
 *   forces: f = lambda_n Pz + lambda_x Px + lambda_y Py at F on body 2, -f at F on body 1.
 * Exact relations (spec/point_on_plane.md): verr_n = d/dt perr; aerr = d/dt verr for all three rows.
 * Deviation: CCREF_DEV_POP_GETTER_ORDER is always set (Simbody's getters return the raw (n, x, y) order).
 * Special cases: none beyond the input checks.
 *
 * Structure (proofs/README.md): pop_check (input checks, reads only), pop_outputs (the formulas, on values),
 * ccref_point_on_plane_eval (writes *res once). Every floating-point operation is the one of the formulas above,
 * in the same order. */
#include "common.h"

/*@ predicate pop_zero(ccref_point_on_plane_result r) =
      out_zero(r.out, 1, 2) && vzeroed(r.follower_point) && vzeroed(r.force_on_follower);
    predicate pop_finite(ccref_point_on_plane_result r) =
      ofinite(r.out) && vfinite(r.follower_point) && vfinite(r.force_on_follower);
    predicate pop_inputs_finite(ccref_point_on_plane_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && ffinite(p.plane_frame_in_b1) && vfinite(p.follower_in_b2);
    predicate pop_rotations(ccref_point_on_plane_params p, ccref_body b1, ccref_body b2) =
      rotation(b1.R) && rotation(b2.R) && rotation(p.plane_frame_in_b1.R);
    logic ccref_vec3 pop_axis(ccref_point_on_plane_params p, ccref_body b1, integer j) =
      mapply(b1.R, mcol(p.plane_frame_in_b1.R, j));
    // The outputs for valid inputs, in real arithmetic (spec/point_on_plane.md); rows (normal, x, y).
    predicate pop_formulas(ccref_point_on_plane_result r, ccref_point_on_plane_params p, ccref_body b1,
                           ccref_body b2, real l0, real l1, real l2) =
      \let Px = pop_axis(p, b1, 0); \let Py = pop_axis(p, b1, 1); \let Pz = pop_axis(p, b1, 2);
      \let F = station(b2, p.follower_in_b2);
      \let v = vsub(pt_vel(b2, F), pt_vel(b1, F));
      \let a = vsub(vsub(pt_acc(b2, F), pt_acc(b1, F)), vcross(vscale(2.0, b1.w), v));
      \let f = vadd(vadd(vscale(l0, Pz), vscale(l1, Px)), vscale(l2, Py));
      r.out.mp == 1 && r.out.mv == 2 &&
      r.out.perr[0] == vdot(vsub(mapplyT(b1.R, vsub(F, b1.p)), p.plane_frame_in_b1.p), mcol(p.plane_frame_in_b1.R, 2)) &&
      r.out.verr[0] == vdot(v, Pz) && r.out.verr[1] == vdot(v, Px) && r.out.verr[2] == vdot(v, Py) &&
      r.out.aerr[0] == vdot(a, Pz) && r.out.aerr[1] == vdot(a, Px) && r.out.aerr[2] == vdot(a, Py) &&
      r.out.force_on_body2 == force_at(b2, F, f) && r.out.force_on_body1 == force_at(b1, F, vneg(f)) &&
      r.follower_point == F && r.force_on_follower == vneg(f) &&
      r.out.deviations == CCREF_DEV_POP_GETTER_ORDER;
    predicate pop_newton3_force(ccref_point_on_plane_result r) =
      newton3_force(r.out.force_on_body1, r.out.force_on_body2);
    predicate pop_newton3_moment(ccref_point_on_plane_result r, ccref_body b1, ccref_body b2) =
      newton3_moment(r.out.force_on_body1, b1, r.out.force_on_body2, b2);
    predicate pop_power(ccref_point_on_plane_result r, ccref_body b1, ccref_body b2, real l0, real l1, real l2) =
      sfpower(r.out.force_on_body1, b1) + sfpower(r.out.force_on_body2, b2) ==
      l0 * r.out.verr[0] + l1 * r.out.verr[1] + l2 * r.out.verr[2];
*/

/*@ assigns \nothing; ensures pop_zero(\result); */
static ccref_point_on_plane_result pop_zero_result(void)
{
    ccref_point_on_plane_result r;
    ccref_output_init(&r.out, 1, 2);
    r.follower_point = v3_zero();
    r.force_on_follower = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> pop_finite(*r); */
static int pop_result_is_finite(const ccref_point_on_plane_result *r)
{
    return ccref_output_is_finite(&r->out) && v3_is_finite(r->follower_point) && v3_is_finite(r->force_on_follower);
}

/*@ CCREF_PAIR_CHECK_MEMORY
    CCREF_PAIR_CHECK_BAD_INPUTS(3, pop_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_PAIR_CHECK_INPUTS_FINITE(3, pop_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION;
      ensures exact: rotation_test: real_model ==> (\result == CCREF_OK <==> pop_rotations(*prm, *body1, *body2));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status pop_check(const ccref_point_on_plane_params *prm, const ccref_body *body1, const ccref_body *body2,
                              const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) ||
        !ccref_frame_is_finite(&prm->plane_frame_in_b1) || !v3_is_finite(prm->follower_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R) ||
        !ccref_is_rotation(&prm->plane_frame_in_b1.R))
        return CCREF_E_NOT_ROTATION;
    return CCREF_OK;
}

/* The formulas, on values. */
/*@ assigns \nothing;
    ensures exact: formulas: real_model ==> pop_formulas(\result, prm, body1, body2, l0, l1, l2);
    ensures deviations: \result.out.deviations == CCREF_DEV_POP_GETTER_ORDER;
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==> pop_newton3_force(\result);
    ensures exact: newton3_moment: real_model ==> pop_newton3_moment(\result, body1, body2);
    ensures exact: power: real_model ==> pop_power(\result, body1, body2, l0, l1, l2);
*/
static ccref_point_on_plane_result pop_outputs(ccref_point_on_plane_params prm, ccref_body body1, ccref_body body2,
                                               double l0, double l1, double l2)
{
    ccref_point_on_plane_result res = pop_zero_result();
    const ccref_frame *X_SP = &prm.plane_frame_in_b1;

    /* (1) plane axes in G */
    ccref_mat3 R_GP = m3_mul(&body1.R, &X_SP->R);
    ccref_vec3 Px = m3_column(&R_GP, 0);
    ccref_vec3 Py = m3_column(&R_GP, 1);
    ccref_vec3 Pz = m3_column(&R_GP, 2);

    /* (2) follower point and lever arms */
    ccref_vec3 arm2 = m3_apply(&body2.R, prm.follower_in_b2);   /* F - p2 */
    ccref_vec3 F = v3_add(body2.p, arm2);
    ccref_vec3 arm1 = v3_sub(F, body1.p);                        /* F - p1 */
    //@ assert exact: axes: real_model ==> Px == pop_axis(prm, body1, 0) && Py == pop_axis(prm, body1, 1) && Pz == pop_axis(prm, body1, 2);
    //@ assert exact: arms: real_model ==> vsub(F, body2.p) == arm2;

    /* (3) position error in S's frame */
    ccref_vec3 F_in_S = m3_apply_transpose(&body1.R, arm1);
    res.out.perr[0] = v3_dot(v3_sub(F_in_S, X_SP->p), m3_column(&X_SP->R, 2));

    /* (4)-(5) relative velocity and acceleration of F measured in S */
    ccref_vec3 v_rel = v3_sub(ccref_arm_velocity(&body2, arm2), ccref_arm_velocity(&body1, arm1));
    ccref_vec3 a_rel = v3_sub(v3_sub(ccref_arm_acceleration(&body2, arm2), ccref_arm_acceleration(&body1, arm1)),
                              v3_cross(v3_scale(2.0, body1.w), v_rel));
    //@ assert exact: v_def: real_model ==> v_rel == vsub(pt_vel(body2, F), pt_vel(body1, F));

    /* (6)-(7) rows (normal, x, y) */
    res.out.verr[0] = v3_dot(v_rel, Pz);
    res.out.verr[1] = v3_dot(v_rel, Px);
    res.out.verr[2] = v3_dot(v_rel, Py);
    res.out.aerr[0] = v3_dot(a_rel, Pz);
    res.out.aerr[1] = v3_dot(a_rel, Px);
    res.out.aerr[2] = v3_dot(a_rel, Py);

    /* (8) forces */
    ccref_vec3 f = v3_add(v3_add(v3_scale(l0, Pz), v3_scale(l1, Px)), v3_scale(l2, Py));
    res.out.force_on_body2 = ccref_force_at_arm(arm2, f);
    res.out.force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    //@ ghost lemma_pair_power(body1, body2, arm1, arm2, f);
    //@ ghost lemma_dot_combination(l0, l1, l2, Pz, Px, Py, v_rel);
    //@ ghost lemma_pair_moment(body1, body2, arm1, arm2, f);
    /*@ assert exact: power_pair: real_model ==>
          sfpower(force_at_arm(arm1, vneg(f)), body1) + sfpower(force_at_arm(arm2, f), body2) ==
          l0 * vdot(v_rel, Pz) + l1 * vdot(v_rel, Px) + l2 * vdot(v_rel, Py); */
    //@ assert exact: same_point: real_model ==> vsub(vadd(body2.p, arm2), vadd(body1.p, arm1)) == vzero;

    /* (9)-(10) auxiliary outputs */
    res.follower_point = F;
    res.force_on_follower = v3_neg(f);
    res.out.deviations = CCREF_DEV_POP_GETTER_ORDER;
    /*@ assert exact: stored: real_model ==> res.out.force_on_body1 == force_at_arm(arm1, vneg(f)) &&
          res.out.force_on_body2 == force_at_arm(arm2, f) && res.out.verr[0] == vdot(v_rel, Pz) &&
          res.out.verr[1] == vdot(v_rel, Px) && res.out.verr[2] == vdot(v_rel, Py); */
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic, Newton's third law (force part also in IEEE doubles), zero total
 * moment, the power identity F1.V1 + F2.V2 = lambda . verr, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY
    CCREF_PAIR_EVAL_BAD_INPUTS(3, pop_inputs_finite(*prm, *body1, *body2), pop_zero(*res), pop_zero(*res))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(3, pop_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!pop_rotations(*prm, *body1, *body2) <==> \result == CCREF_E_NOT_ROTATION);
      ensures status: \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: \result != CCREF_OK ==> pop_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> pop_finite(*res);
      ensures exact: formulas: real_model && \result == CCREF_OK ==>
        pop_formulas(*res, \old(*prm), \old(*body1), \old(*body2), \old(lambda[0]), \old(lambda[1]), \old(lambda[2]));
      ensures newton3_force: \result == CCREF_OK ==> pop_newton3_force(*res);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        pop_newton3_moment(*res, \old(*body1), \old(*body2));
      ensures exact: power: real_model && \result == CCREF_OK ==>
        pop_power(*res, \old(*body1), \old(*body2), \old(lambda[0]), \old(lambda[1]), \old(lambda[2]));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_point_on_plane_eval(const ccref_point_on_plane_params *prm, const ccref_body *body1,
                                       const ccref_body *body2, const double *lambda, size_t n_lambda,
                                       ccref_point_on_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = pop_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = pop_zero_result();
        return st;
    }
    ccref_point_on_plane_result r = pop_outputs(*prm, *body1, *body2, lambda[0], lambda[1], lambda[2]);
    if (!pop_result_is_finite(&r)) {
        *res = pop_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
