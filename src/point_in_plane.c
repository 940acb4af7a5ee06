/* point_in_plane.c: Constraint::PointInPlane, mp = 1, mv = 0.   Spec: spec/point_in_plane.md
 *
 * Method: body 1 carries the plane (unit normal n and height h in body 1's frame), body 2 the follower
 * station s2.  S = p2 + R2 s2 (arm2 = R2 s2), arm1 = S - p1, n_G = R1 n.
 *   perr = (R1^T arm1) . n - h                       follower point in the plane body's frame, along n
 *   u    = v(B2/S) - v(B1/S)                          relative velocity of the material points at S
 *   verr = u . n_G
 *   aerr = [(a(B2/S) - a(B1/S)) - 2 w1 x u] . n_G      acceleration of S seen from body 1, along n
 *   forces: +lambda n_G at S on body 2, -lambda n_G at S on body 1 (multiplier sign).
 *   follower_point = S.
 * Exact relations (spec/point_in_plane.md): verr = d/dt perr and aerr = d/dt verr.
 * Special cases: normal zero -> E_ZERO_DIRECTION; | |n|^2 - 1 | > CCREF_UNIT_TOL -> E_NOT_UNIT_VECTOR.
 *
 * Structure (proofs/README.md): pip_check (input checks, reads only), pip_outputs (the formulas, on values),
 * ccref_point_in_plane_eval (writes *res once). Every floating-point operation is the one of the formulas above,
 * in the same order. */
#include "common.h"

/*@ predicate pip_zero(ccref_point_in_plane_result r) = out_zero(r.out, 1, 0) && vzeroed(r.follower_point);
    predicate pip_finite(ccref_point_in_plane_result r) = ofinite(r.out) && vfinite(r.follower_point);
    predicate pip_inputs_finite(ccref_point_in_plane_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && vfinite(p.normal_in_b1) && \is_finite(p.height) && vfinite(p.follower_in_b2);
    // The outputs for valid inputs, in real arithmetic (spec/point_in_plane.md).
    predicate pip_formulas(ccref_point_in_plane_result r, ccref_point_in_plane_params p, ccref_body b1,
                           ccref_body b2, real l) =
      \let S = station(b2, p.follower_in_b2); \let nG = mapply(b1.R, p.normal_in_b1);
      \let u = vsub(pt_vel(b2, S), pt_vel(b1, S));
      r.out.mp == 1 && r.out.mv == 0 &&
      r.out.perr[0] == vdot(mapplyT(b1.R, vsub(S, b1.p)), p.normal_in_b1) - p.height &&
      r.out.verr[0] == vdot(u, nG) &&
      r.out.aerr[0] == vdot(vsub(vsub(pt_acc(b2, S), pt_acc(b1, S)), vscale(2.0, vcross(b1.w, u))), nG) &&
      r.out.force_on_body2 == force_at(b2, S, vscale(l, nG)) &&
      r.out.force_on_body1 == force_at(b1, S, vneg(vscale(l, nG))) &&
      r.follower_point == S && r.out.deviations == 0;
    predicate pip_newton3_force(ccref_point_in_plane_result r) =
      newton3_force(r.out.force_on_body1, r.out.force_on_body2);
    predicate pip_newton3_moment(ccref_point_in_plane_result r, ccref_body b1, ccref_body b2) =
      newton3_moment(r.out.force_on_body1, b1, r.out.force_on_body2, b2);
    predicate pip_power(ccref_point_in_plane_result r, ccref_body b1, ccref_body b2, real l) =
      sfpower(r.out.force_on_body1, b1) + sfpower(r.out.force_on_body2, b2) == l * r.out.verr[0];
*/

/*@ assigns \nothing; ensures pip_zero(\result); */
static ccref_point_in_plane_result pip_zero_result(void)
{
    ccref_point_in_plane_result r;
    ccref_output_init(&r.out, 1, 0);
    r.follower_point = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> pip_finite(*r); */
static int pip_result_is_finite(const ccref_point_in_plane_result *r)
{
    return ccref_output_is_finite(&r->out) && v3_is_finite(r->follower_point);
}

/*@ CCREF_PAIR_CHECK_MEMORY
    CCREF_PAIR_CHECK_BAD_INPUTS(1, pip_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_PAIR_CHECK_INPUTS_FINITE(1, pip_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_ZERO_DIRECTION ||
              \result == CCREF_E_NOT_UNIT_VECTOR;
      ensures exact: rotation_test: real_model ==>
        (\result == CCREF_E_NOT_ROTATION <==> !(rotation(body1->R) && rotation(body2->R)));
      ensures zero_direction: \result == CCREF_E_ZERO_DIRECTION ==> !vnonzero(prm->normal_in_b1);
      ensures exact: zero_direction_exact: real_model ==>
        (\result == CCREF_E_ZERO_DIRECTION <==> rotation(body1->R) && rotation(body2->R) && !vnonzero(prm->normal_in_b1));
      ensures exact: unit_test: real_model ==>
        (\result == CCREF_E_NOT_UNIT_VECTOR <==>
           rotation(body1->R) && rotation(body2->R) && vnonzero(prm->normal_in_b1) && !unit_within_tol(prm->normal_in_b1));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status pip_check(const ccref_point_in_plane_params *prm, const ccref_body *body1, const ccref_body *body2,
                              const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 1);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->normal_in_b1) ||
        !isfinite(prm->height) || !v3_is_finite(prm->follower_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    return ccref_check_unit(prm->normal_in_b1);
}

/* The formulas, on values. */
/*@ assigns \nothing;
    ensures exact: formulas: real_model ==> pip_formulas(\result, prm, body1, body2, lambda);
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==> pip_newton3_force(\result);
    ensures exact: newton3_moment: real_model ==> pip_newton3_moment(\result, body1, body2);
    ensures exact: power: real_model ==> pip_power(\result, body1, body2, lambda);
*/
static ccref_point_in_plane_result pip_outputs(ccref_point_in_plane_params prm, ccref_body body1, ccref_body body2,
                                               double lambda)
{
    ccref_point_in_plane_result res = pip_zero_result();
    ccref_vec3 arm2 = m3_apply(&body2.R, prm.follower_in_b2);   /* S - p2 */
    ccref_vec3 S = v3_add(body2.p, arm2);
    ccref_vec3 arm1 = v3_sub(S, body1.p);                         /* S - p1 */
    ccref_vec3 nG = m3_apply(&body1.R, prm.normal_in_b1);

    ccref_vec3 u = v3_sub(ccref_arm_velocity(&body2, arm2), ccref_arm_velocity(&body1, arm1));
    ccref_vec3 arel = v3_sub(ccref_arm_acceleration(&body2, arm2), ccref_arm_acceleration(&body1, arm1));
    ccref_vec3 coriolis = v3_scale(2.0, v3_cross(body1.w, u));
    //@ assert exact: arms: real_model ==> vsub(S, body2.p) == arm2;
    //@ assert exact: u_def: real_model ==> u == vsub(pt_vel(body2, S), pt_vel(body1, S));
    //@ assert exact: arel_def: real_model ==> arel == vsub(pt_acc(body2, S), pt_acc(body1, S));

    res.out.perr[0] = v3_dot(m3_apply_transpose(&body1.R, arm1), prm.normal_in_b1) - prm.height;
    res.out.verr[0] = v3_dot(u, nG);
    res.out.aerr[0] = v3_dot(v3_sub(arel, coriolis), nG);

    ccref_vec3 f = v3_scale(lambda, nG);
    res.out.force_on_body2 = ccref_force_at_arm(arm2, f);
    res.out.force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    res.follower_point = S;
    //@ ghost lemma_pair_power(body1, body2, arm1, arm2, f);
    //@ ghost lemma_dot_scale(lambda, nG, u);
    //@ ghost lemma_pair_moment(body1, body2, arm1, arm2, f);
    /*@ assert exact: power_pair: real_model ==>
          sfpower(force_at_arm(arm1, vneg(f)), body1) + sfpower(force_at_arm(arm2, f), body2) == lambda * vdot(u, nG); */
    //@ assert exact: same_point: real_model ==> vsub(vadd(body2.p, arm2), vadd(body1.p, arm1)) == vzero;
    /*@ assert exact: stored: real_model ==> res.out.force_on_body1 == force_at_arm(arm1, vneg(f)) &&
          res.out.force_on_body2 == force_at_arm(arm2, f) && res.out.verr[0] == vdot(u, nG); */
    return res;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic, Newton's third law (force part also in IEEE doubles), zero total
 * moment, the power identity F1.V1 + F2.V2 = lambda verr, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY
    CCREF_PAIR_EVAL_BAD_INPUTS(1, pip_inputs_finite(*prm, *body1, *body2), pip_zero(*res), pip_zero(*res))
    behavior checked:
      CCREF_PAIR_EVAL_INPUTS_FINITE(1, pip_inputs_finite(*prm, *body1, *body2))
      ensures exact: not_rotation: real_model ==>
        (!(rotation(body1->R) && rotation(body2->R)) <==> \result == CCREF_E_NOT_ROTATION);
      ensures zero_direction: \result == CCREF_E_ZERO_DIRECTION ==> !vnonzero(prm->normal_in_b1);
      ensures exact: zero_direction_exact: real_model ==>
        (rotation(body1->R) && rotation(body2->R) && !vnonzero(prm->normal_in_b1) <==> \result == CCREF_E_ZERO_DIRECTION);
      ensures exact: not_unit: real_model ==>
        (rotation(body1->R) && rotation(body2->R) && vnonzero(prm->normal_in_b1) && !unit_within_tol(prm->normal_in_b1)
           <==> \result == CCREF_E_NOT_UNIT_VECTOR);
      ensures status: \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION || \result == CCREF_E_ZERO_DIRECTION ||
                      \result == CCREF_E_NOT_UNIT_VECTOR || \result == CCREF_E_RESULT_OVERFLOW;
      ensures errors_zeroed: \result != CCREF_OK ==> pip_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> pip_finite(*res);
      ensures exact: formulas: real_model && \result == CCREF_OK ==>
        pip_formulas(*res, \old(*prm), \old(*body1), \old(*body2), \old(lambda[0]));
      ensures newton3_force: \result == CCREF_OK ==> pip_newton3_force(*res);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        pip_newton3_moment(*res, \old(*body1), \old(*body2));
      ensures exact: power: real_model && \result == CCREF_OK ==>
        pip_power(*res, \old(*body1), \old(*body2), \old(lambda[0]));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_point_in_plane_eval(const ccref_point_in_plane_params *prm, const ccref_body *body1,
                                       const ccref_body *body2, const double *lambda, size_t n_lambda,
                                       ccref_point_in_plane_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = pip_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = pip_zero_result();
        return st;
    }
    ccref_point_in_plane_result r = pip_outputs(*prm, *body1, *body2, lambda[0]);
    if (!pip_result_is_finite(&r)) {
        *res = pip_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
