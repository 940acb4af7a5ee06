/* constant_coordinate.c: Constraint::ConstantCoordinate, mp = 1, mv = 0.   Spec: spec/constant_coordinate.md
 *
 * Method: one generalized coordinate q of a mobilizer, with qdot and qdotdot, is held at `position`.
 *   perr = q - position, verr = qdot, aerr = qdotdot
 *   generalized_force = lambda (a q-space force with the multiplier sign); both body forces are zero.
 * Exact relations (spec/constant_coordinate.md): verr = d/dt perr, aerr = d/dt verr.
 * Special cases: none beyond the input checks (no rotations, no geometric parameters). */
#include "common.h"

static void constant_coordinate_zero(ccref_constant_coordinate_result *res)
{
    ccref_output_init(&res->out, 1, 0);
    res->generalized_force = 0.0;
}

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
