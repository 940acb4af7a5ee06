/* constant_coordinate.c: Constraint::ConstantCoordinate, mp = 1, mv = 0.   Spec: spec/constant_coordinate.md
 *
 * Method: one generalized coordinate q of a mobilizer, with qdot and qdotdot, is held at `position`.
 *   perr = q - position, verr = qdot, aerr = qdotdot
 *   generalized_force = lambda (a q-space force with the multiplier sign); both body forces are zero.
 * Exact relations (spec/constant_coordinate.md): verr = d/dt perr, aerr = d/dt verr.
 * Special cases: none beyond the input checks (no rotations, no geometric parameters).
 * Structure (proofs/README.md): the checks (reads only), cc_outputs (on values), *res written once. */
#include "common.h"

/*@ predicate cc_inputs_finite(ccref_constant_coordinate_params p, ccref_coordinate q) =
      \is_finite(q.q) && \is_finite(q.qdot) && \is_finite(q.qdotdot) && \is_finite(p.position);
    predicate cc_zero(ccref_constant_coordinate_result r) = out_zero(r.out, 1, 0) && dzero(r.generalized_force);
    predicate cc_finite(ccref_constant_coordinate_result r) = ofinite(r.out) && \is_finite(r.generalized_force);
    // The outputs for valid inputs: verr, aerr and the force are copies (both models); perr is one subtraction,
    // stated in the real model only (the cast is the identity there; see proofs/README.md).
    predicate cc_copies(ccref_constant_coordinate_result r, ccref_coordinate q, real l) =
      r.out.mp == 1 && r.out.mv == 0 && r.out.verr[0] == q.qdot && r.out.aerr[0] == q.qdotdot &&
      r.generalized_force == l && sfzeroed(r.out.force_on_body1) && sfzeroed(r.out.force_on_body2) &&
      r.out.deviations == 0;
    predicate cc_perr(ccref_constant_coordinate_result r, ccref_coordinate q, double position) =
      r.out.perr[0] == (double)(q.q - position);
*/

/*@ assigns \nothing; ensures cc_zero(\result); */
static ccref_constant_coordinate_result cc_zero_result(void)
{
    ccref_constant_coordinate_result r;
    ccref_output_init(&r.out, 1, 0);
    r.generalized_force = 0.0;
    return r;
}

/* The outputs, on values. */
/*@ assigns \nothing;
    ensures outputs: cc_copies(\result, coord, lambda);
    ensures force_finite: \is_finite(lambda) ==> \is_finite(\result.generalized_force);
    ensures exact: perr: real_model ==> cc_perr(\result, coord, position); */
static ccref_constant_coordinate_result cc_outputs(ccref_coordinate coord, double position, double lambda)
{
    ccref_constant_coordinate_result r = cc_zero_result();
    r.out.perr[0] = coord.q - position;
    r.out.verr[0] = coord.qdot;
    r.out.aerr[0] = coord.qdotdot;
    r.generalized_force = lambda;
    return r;
}

/* Contract (proofs/README.md): memory, the status of every class of bad input with zeroed outputs, and for valid
 * inputs the outputs: perr = q - position rounded once (exact in the real model), copies of qdot, qdotdot and
 * lambda, zero body forces (Newton's third law trivially, in both models), finite OK outputs. */
/*@ requires res == \null || \valid(res);
    requires prm == \null || \valid_read(prm);
    requires coord == \null || \valid_read(coord);
    requires lambda == \null || \valid_read(lambda + (0 .. n_lambda - 1));
    requires \separated(res, prm) && \separated(res, coord) && \separated(res, lambda + (0 .. n_lambda - 1));
    assigns *res;

    CCREF_EVAL_BAD_INPUTS(prm == \null || coord == \null, prm != \null && coord != \null, 1,
                          cc_inputs_finite(*prm, *coord), cc_zero(*res), cc_zero(*res))
    behavior valid:
      CCREF_EVAL_INPUTS_FINITE(prm != \null && coord != \null, 1, cc_inputs_finite(*prm, *coord))
      ensures status: \result == CCREF_OK || \result == CCREF_E_RESULT_OVERFLOW;
      ensures overflow_zeroed: \result == CCREF_E_RESULT_OVERFLOW ==> cc_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> cc_finite(*res);
      ensures outputs: \result == CCREF_OK ==> cc_copies(*res, \old(*coord), \old(lambda[0]));
      ensures exact: perr: real_model ==> \result == CCREF_OK ==> cc_perr(*res, \old(*coord), \old(prm->position));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_constant_coordinate_eval(const ccref_constant_coordinate_params *prm,
                                            const ccref_coordinate *coord, const double *lambda,
                                            size_t n_lambda, ccref_constant_coordinate_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = CCREF_OK;
    if (prm == NULL || coord == NULL)
        st = CCREF_E_NULL_ARGUMENT;
    else
        st = ccref_check_lambda(lambda, n_lambda, 1);
    if (st == CCREF_OK && (!isfinite(coord->q) || !isfinite(coord->qdot) || !isfinite(coord->qdotdot) ||
                           !isfinite(prm->position)))
        st = CCREF_E_NONFINITE_INPUT;
    if (st != CCREF_OK) {
        *res = cc_zero_result();
        return st;
    }
    ccref_constant_coordinate_result r = cc_outputs(*coord, prm->position, lambda[0]);
    if (!ccref_output_is_finite(&r.out)) {
        *res = cc_zero_result();
        return CCREF_E_RESULT_OVERFLOW;
    }
    *res = r;
    return CCREF_OK;
}
