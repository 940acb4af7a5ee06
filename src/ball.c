/* ball.c: Constraint::Ball (coincident points), mp = 3, mv = 0.   Spec: spec/ball.md
 *
 * Method: S = p2 + R2 s2 (body 2's station), P = p1 + R1 s1 (body 1's station).
 *   perr = S - P
 *   verr = v(B2/S) - v(B1/S)            velocities of the two material points at S
 *   aerr = a(B2/S) - a(B1/S)            B1's point at S held fixed in B1
 *   forces: +lambda at S on body 2, -lambda at S on body 1 (multiplier sign).
 * Exact relations (spec/ball.md): verr = d/dt perr - w1 x perr, aerr = d/dt verr + w1 x verr.
 * Special cases: none beyond the input checks; body 1's station enters perr only.
 *
 * Structure (proofs/README.md): ball_check (input checks, reads only), ball_outputs (the formulas, on values),
 * ccref_ball_eval (writes *res once). Every floating-point operation is the one of the formulas above, in
 * the same order. */
#include "common.h"

/*@ predicate ball_inputs_finite(ccref_ball_params p, ccref_body b1, ccref_body b2) =
      bfinite(b1) && bfinite(b2) && vfinite(p.station1_in_b1) && vfinite(p.station2_in_b2);
    predicate ball_zero(ccref_ball_result r) =
      out_zero(r.out, 3, 0) && vzeroed(r.reaction_on_body1_in_b1) && vzeroed(r.reaction_on_body2_in_b2);
    // The outputs for valid inputs, in real arithmetic (spec/ball.md).
    predicate ball_formulas(ccref_ball_result r, ccref_vec3 s1, ccref_vec3 s2, ccref_body b1, ccref_body b2,
                            ccref_vec3 f) =
      \let S = station(b2, s2); \let P = station(b1, s1);
      r.out.mp == 3 && r.out.mv == 0 &&
      operr(r.out) == vsub(S, P) &&
      overr(r.out) == vsub(pt_vel(b2, S), pt_vel(b1, S)) &&
      oaerr(r.out) == vsub(pt_acc(b2, S), pt_acc(b1, S)) &&
      r.out.force_on_body2 == force_at(b2, S, f) &&
      r.out.force_on_body1 == force_at(b1, S, vneg(f)) &&
      r.reaction_on_body1_in_b1 == vneg(mapplyT(b1.R, f)) &&
      r.reaction_on_body2_in_b2 == mapplyT(b2.R, f);
    predicate ball_deviations(ccref_ball_result r, ccref_body b1) =
      (verr_nonzero(r.out) && vnonzero(b1.w) ==>
         r.out.deviations == (CCREF_DEV_BALL_REACTION_SIGN | CCREF_DEV_BALL_AERR_NOT_DERIVATIVE)) &&
      (!(verr_nonzero(r.out) && vnonzero(b1.w)) ==> r.out.deviations == CCREF_DEV_BALL_REACTION_SIGN);
    predicate ball_finite(ccref_ball_result r) =
      ofinite(r.out) && vfinite(r.reaction_on_body1_in_b1) && vfinite(r.reaction_on_body2_in_b2);
*/

/*@ assigns \nothing; ensures ball_zero(\result); */
static ccref_ball_result ball_zero_result(void)
{
    ccref_ball_result r;
    ccref_output_init(&r.out, 3, 0);
    r.reaction_on_body1_in_b1 = v3_zero();
    r.reaction_on_body2_in_b2 = v3_zero();
    return r;
}

/*@ requires \valid_read(r); assigns \nothing; ensures \result != 0 <==> ball_finite(*r); */
static int ball_result_is_finite(const ccref_ball_result *r)
{
    return ccref_output_is_finite(&r->out) && v3_is_finite(r->reaction_on_body1_in_b1) &&
           v3_is_finite(r->reaction_on_body2_in_b2);
}

/* Input checks in the conventions' order; reads only. */
/*@ CCREF_PAIR_CHECK_MEMORY
    CCREF_PAIR_CHECK_BAD_INPUTS(3, ball_inputs_finite(*prm, *body1, *body2))
    behavior finite:
      CCREF_PAIR_CHECK_INPUTS_FINITE(3, ball_inputs_finite(*prm, *body1, *body2))
      ensures \result == CCREF_OK || \result == CCREF_E_NOT_ROTATION;
      ensures exact: rotation_test: real_model ==> (\result == CCREF_OK <==> rotation(body1->R) && rotation(body2->R));
    complete behaviors;
    disjoint behaviors;
*/
static ccref_status ball_check(const ccref_ball_params *prm, const ccref_body *body1, const ccref_body *body2,
                               const double *lambda, size_t n_lambda)
{
    if (prm == NULL || body1 == NULL || body2 == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 3);
    if (st != CCREF_OK)
        return st;
    if (!ccref_body_is_finite(body1) || !ccref_body_is_finite(body2) || !v3_is_finite(prm->station1_in_b1) ||
        !v3_is_finite(prm->station2_in_b2))
        return CCREF_E_NONFINITE_INPUT;
    if (!ccref_is_rotation(&body1->R) || !ccref_is_rotation(&body2->R))
        return CCREF_E_NOT_ROTATION;
    return CCREF_OK;
}

/* The formulas, on values: stations s1, s2, the two bodies, the multipliers f = lambda. */
/*@ assigns \nothing;
    ensures exact: formulas: real_model ==> ball_formulas(\result, s1, s2, body1, body2, f);
    ensures deviations: ball_deviations(\result, body1);
    ensures newton3_force: vfinite(\result.out.force_on_body2.force) ==> newton3_force(\result.out.force_on_body1, \result.out.force_on_body2);
    ensures exact: newton3_moment: real_model ==>
      newton3_moment(\result.out.force_on_body1, body1, \result.out.force_on_body2, body2);
    ensures exact: power: real_model ==>
      sfpower(\result.out.force_on_body1, body1) + sfpower(\result.out.force_on_body2, body2) == vdot(f, overr(\result.out));
*/
static ccref_ball_result ball_outputs(ccref_vec3 s1, ccref_vec3 s2, ccref_body body1, ccref_body body2, ccref_vec3 f)
{
    ccref_ball_result r = ball_zero_result();
    ccref_vec3 arm2 = m3_apply(&body2.R, s2);   /* S - p2 */
    ccref_vec3 S = v3_add(body2.p, arm2);
    ccref_vec3 P = ccref_station_location(&body1, s1);
    ccref_vec3 arm1 = v3_sub(S, body1.p);         /* S - p1 */

    ccref_vec3 perr = v3_sub(S, P);
    ccref_vec3 verr = v3_sub(ccref_arm_velocity(&body2, arm2), ccref_arm_velocity(&body1, arm1));
    ccref_vec3 aerr = v3_sub(ccref_arm_acceleration(&body2, arm2), ccref_arm_acceleration(&body1, arm1));
    r.out.perr[0] = perr.x; r.out.perr[1] = perr.y; r.out.perr[2] = perr.z;
    r.out.verr[0] = verr.x; r.out.verr[1] = verr.y; r.out.verr[2] = verr.z;
    r.out.aerr[0] = aerr.x; r.out.aerr[1] = aerr.y; r.out.aerr[2] = aerr.z;

    r.out.force_on_body2 = ccref_force_at_arm(arm2, f);
    r.out.force_on_body1 = ccref_force_at_arm(arm1, v3_neg(f));
    //@ ghost lemma_pair_power(body1, body2, arm1, arm2, f);
    r.reaction_on_body1_in_b1 = v3_neg(m3_apply_transpose(&body1.R, f));
    r.reaction_on_body2_in_b2 = m3_apply_transpose(&body2.R, f);

    r.out.deviations = CCREF_DEV_BALL_REACTION_SIGN;
    ccref_vec3 w1 = body1.w;
    int verr_nonzero = verr.x != 0.0 || verr.y != 0.0 || verr.z != 0.0;
    int w1_nonzero = w1.x != 0.0 || w1.y != 0.0 || w1.z != 0.0;
    if (verr_nonzero && w1_nonzero)
        r.out.deviations |= CCREF_DEV_BALL_AERR_NOT_DERIVATIVE;
    return r;
}

/* Contract (proofs/README.md): memory; the status of every class of bad input with zeroed outputs; for valid
 * inputs the formulas in real arithmetic, Newton's third law (the force part also in IEEE doubles), the zero
 * total moment about G's origin, the power identity F1.V1 + F2.V2 = lambda . verr, and finite OK outputs. */
/*@ CCREF_PAIR_EVAL_MEMORY
    CCREF_PAIR_EVAL_BAD_INPUTS(3, ball_inputs_finite(*prm, *body1, *body2), ball_zero(*res), ball_zero(*res))
    behavior not_rotation:
      CCREF_PAIR_EVAL_INPUTS_FINITE(3, ball_inputs_finite(*prm, *body1, *body2))
      assumes !(rotation(body1->R) && rotation(body2->R));
      ensures exact: status: real_model ==> \result == CCREF_E_NOT_ROTATION;
      ensures exact: zeroed: real_model ==> ball_zero(*res);
    behavior valid:
      CCREF_PAIR_EVAL_INPUTS_FINITE(3, ball_inputs_finite(*prm, *body1, *body2))
      assumes rotation(body1->R) && rotation(body2->R);
      ensures exact: status: real_model ==> \result == CCREF_OK || \result == CCREF_E_RESULT_OVERFLOW;
      ensures overflow_zeroed: \result == CCREF_E_RESULT_OVERFLOW ==> ball_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> ball_finite(*res);
      ensures exact: formulas: real_model && \result == CCREF_OK ==>
        ball_formulas(*res, \old(prm->station1_in_b1), \old(prm->station2_in_b2), \old(*body1), \old(*body2),
                      vmk(\old(lambda[0]), \old(lambda[1]), \old(lambda[2])));
      ensures deviations: \result == CCREF_OK ==> ball_deviations(*res, \old(*body1));
      ensures newton3_force: \result == CCREF_OK ==>
        newton3_force(res->out.force_on_body1, res->out.force_on_body2);
      ensures exact: newton3_moment: real_model && \result == CCREF_OK ==>
        newton3_moment(res->out.force_on_body1, \old(*body1), res->out.force_on_body2, \old(*body2));
      ensures exact: power: real_model && \result == CCREF_OK ==>
        sfpower(res->out.force_on_body1, \old(*body1)) + sfpower(res->out.force_on_body2, \old(*body2)) ==
        vdot(vmk(\old(lambda[0]), \old(lambda[1]), \old(lambda[2])), overr(res->out));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_ball_eval(const ccref_ball_params *prm, const ccref_body *body1, const ccref_body *body2,
                             const double *lambda, size_t n_lambda, ccref_ball_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ball_check(prm, body1, body2, lambda, n_lambda);
    if (st != CCREF_OK) {
        *res = ball_zero_result();
        return st;
    }
    ccref_ball_result r = ball_outputs(prm->station1_in_b1, prm->station2_in_b2, *body1, *body2,
                                       v3(lambda[0], lambda[1], lambda[2]));
    if (!ball_result_is_finite(&r)) {
        *res = ball_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
