/* tier_constant_coordinate.c: the formula of Constraint::ConstantCoordinate (spec/constant_coordinate.md) for the
 * tolerance tiers (ccref_tiers.h). perr = q - position; verr = qdot, aerr = qdotdot and generalized_force = lambda
 * are copies of the inputs; both body forces are exact zeros. */
#include "tier_dag.h"

void tier_constant_coordinate(tier_dag *d, const ccref_case *c)
{
    const ccref_coordinate *q = &c->coordinate;
    tier_put(d, CCREF_SLOT_PERR, tx_sub(d, tx_in(d, q->q), tx_in(d, c->params.constant_coordinate.position)));
    tier_put(d, CCREF_SLOT_VERR, tx_in(d, q->qdot));
    tier_put(d, CCREF_SLOT_AERR, tx_in(d, q->qdotdot));
    tier_put_rows_past(d, 1, 1);
    /* the force acts on the coordinate, not on the bodies */
    tier_put_zero(d, CCREF_SLOT_F1_MOMENT, CCREF_SLOT_AUX - CCREF_SLOT_F1_MOMENT);
    tier_put(d, CCREF_SLOT_CC_GENERALIZED_FORCE, tx_in(d, c->lambda[0]));
}
