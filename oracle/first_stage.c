/* first_stage.c: what only the first stage has (first_stage.h says how the other oracle sources become the first
 * stage): the enclosure of an output of its last evaluation, for the soundness check. */
#include "first_stage.h"
#include "internal.h"

/* The enclosure of output slot i of the last evaluation of a kind (contact = 0) or a contact class (contact = 1) on
 * the first stage's context, as double-words e = {left.hi, left.lo, right.hi, right.lo}; 0 when there is none. The
 * soundness check (tests/first_stage/first_stage_check.c) compares it with the MPFI enclosure. */
int ora_first_stage_enclosure(first_ora_ctx *ctx, int contact, int i, double e[4])
{
    mpfi_srcptr x;
    if (contact) {
        if (ctx->cout[0] == NULL || i < 0 || i >= CCREF_CSLOT_N)
            return 0;
        x = ctx->cout[0]->v[i];
    } else {
        if (ctx->out[0] == NULL || i < 0 || i >= CCREF_SLOT_MAX)
            return 0;
        x = ctx->out[0]->v[i];
    }
    dde l = ddi_lower(x), h = ddi_upper(x);
    e[0] = l.hi;
    e[1] = l.lo;
    e[2] = h.hi;
    e[3] = h.lo;
    return 1;
}
