/* constant_coordinate.c: Constraint::ConstantCoordinate, mp = 1, mv = 0.   Spec: spec/constant_coordinate.md
 *
 * Method: one generalized coordinate q of a mobilizer, with qdot and qdotdot, is held at `position`.
 *   perr = q - position, verr = qdot, aerr = qdotdot
 *   generalized_force = lambda (a q-space force with the multiplier sign); both body forces are zero.
 * Exact relations (spec/constant_coordinate.md): verr = d/dt perr, aerr = d/dt verr.
 * Special cases: none beyond the input checks (no rotations, no geometric parameters). */
#include "common.h"

/*@ predicate cc_zero(ccref_constant_coordinate_result r) = out_zero(r.out, 1, 0) && dzero(r.generalized_force);
    predicate cc_finite(ccref_constant_coordinate_result r) = ofinite(r.out) && \is_finite(r.generalized_force);
    // The outputs for valid inputs. perr is one subtraction, exact in the real model and correctly rounded in
    // IEEE doubles (the float clause states the rounding: the cast to double); verr, aerr and the force are copies.
    predicate cc_copies(ccref_constant_coordinate_result r, ccref_coordinate q, real l) =
      r.out.mp == 1 && r.out.mv == 0 && r.out.verr[0] == q.qdot && r.out.aerr[0] == q.qdotdot &&
      r.generalized_force == l && sfzeroed(r.out.force_on_body1) && sfzeroed(r.out.force_on_body2) &&
      r.out.deviations == 0;
    predicate cc_perr(ccref_constant_coordinate_result r, ccref_coordinate q, double position) =
      r.out.perr[0] == (double)(q.q - position);
*/

/*@ requires \valid(res); assigns *res; ensures cc_zero(*res); */
static void constant_coordinate_zero(ccref_constant_coordinate_result *res)
{
    ccref_output_init(&res->out, 1, 0);
    res->generalized_force = 0.0;
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

    behavior null_result:
      assumes res == \null;
      assigns \nothing;
      ensures \result == CCREF_E_NULL_ARGUMENT;
    behavior null_input:
      assumes res != \null && (prm == \null || coord == \null);
      ensures \result == CCREF_E_NULL_ARGUMENT && cc_zero(*res);
    behavior lambda_count:
      assumes res != \null && prm != \null && coord != \null && n_lambda != 1;
      ensures \result == CCREF_E_LAMBDA_COUNT && cc_zero(*res);
    behavior lambda_null:
      assumes res != \null && prm != \null && coord != \null && n_lambda == 1 && lambda == \null;
      ensures \result == CCREF_E_NULL_ARGUMENT && cc_zero(*res);
    behavior lambda_nonfinite:
      assumes res != \null && prm != \null && coord != \null && n_lambda == 1 && lambda != \null;
      assumes !\is_finite(lambda[0]);
      ensures \result == CCREF_E_NONFINITE_INPUT && cc_zero(*res);
    behavior input_nonfinite:
      assumes res != \null && prm != \null && coord != \null && n_lambda == 1 && lambda != \null;
      assumes \is_finite(lambda[0]);
      assumes !(\is_finite(coord->q) && \is_finite(coord->qdot) && \is_finite(coord->qdotdot) &&
                \is_finite(prm->position));
      ensures \result == CCREF_E_NONFINITE_INPUT && cc_zero(*res);
    behavior valid:
      assumes res != \null && prm != \null && coord != \null && n_lambda == 1 && lambda != \null;
      assumes \is_finite(lambda[0]);
      assumes \is_finite(coord->q) && \is_finite(coord->qdot) && \is_finite(coord->qdotdot) &&
              \is_finite(prm->position);
      ensures status: \result == CCREF_OK || \result == CCREF_E_RESULT_OVERFLOW;
      ensures overflow_zeroed: \result == CCREF_E_RESULT_OVERFLOW ==> cc_zero(*res);
      ensures ok_finite: \result == CCREF_OK ==> cc_finite(*res);
      ensures outputs: \result == CCREF_OK ==> cc_copies(*res, \old(*coord), \old(lambda[0]));
      ensures perr: \result == CCREF_OK ==> cc_perr(*res, \old(*coord), \old(prm->position));
    complete behaviors;
    disjoint behaviors;
*/
ccref_status ccref_constant_coordinate_eval(const ccref_constant_coordinate_params *prm,
                                            const ccref_coordinate *coord, const double *lambda,
                                            size_t n_lambda, ccref_constant_coordinate_result *res)
{
    if (res == NULL)
        return CCREF_E_NULL_ARGUMENT;
    constant_coordinate_zero(res);
    ccref_output *o = &res->out;
    if (prm == NULL || coord == NULL)
        return CCREF_E_NULL_ARGUMENT;
    ccref_status st = ccref_check_lambda(lambda, n_lambda, 1);
    if (st != CCREF_OK)
        return st;
    if (!isfinite(coord->q) || !isfinite(coord->qdot) || !isfinite(coord->qdotdot) || !isfinite(prm->position))
        return CCREF_E_NONFINITE_INPUT;

    o->perr[0] = coord->q - prm->position;
    o->verr[0] = coord->qdot;
    o->aerr[0] = coord->qdotdot;
    res->generalized_force = lambda[0];

    if (!ccref_output_is_finite(o)) {
        constant_coordinate_zero(res);
        return CCREF_E_RESULT_OVERFLOW;
    }
    return CCREF_OK;
}
