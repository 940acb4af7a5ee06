/* constant_coordinate.c: oracle mirror of Constraint::ConstantCoordinate (spec/constant_coordinate.md, 1-6).
 * No branch; body forces are the point 0. */
#include "internal.h"

ora_eval_status ora_constant_coordinate_eval(ora_ws *ws, const ora_constant_coordinate_params *prm,
                                             const ora_coordinate *q, const ora_lambda *lambda, ora_decisions *d,
                                             ora_out *o)
{
    (void)ws;
    (void)d;
    out_reset(o, CCREF_KIND_CONSTANT_COORDINATE, CCREF_SLOT_CC_N, 1, 0);
    mpfi_sub(o->v[CCREF_SLOT_PERR], q->q, prm->position);      /* (1) */
    mpfi_set(o->v[CCREF_SLOT_VERR], q->qdot);                  /* (2) */
    mpfi_set(o->v[CCREF_SLOT_AERR], q->qdotdot);               /* (3) */
    mpfi_set(o->v[CCREF_SLOT_CC_GENERALIZED_FORCE], lambda->l[0]); /* (4) */
    mpfi_set(o->verr0_num, q->qdot);
    o->deviations = 0;                                  /* (5)-(6): forces stay [0, 0] */
    return ORA_EVAL_OK;
}
