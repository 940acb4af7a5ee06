/* expect.h: the expected answer of a test (spec/vectors.md, "How the expected answers are made"): the certified
 * oracle's answer, the tolerance of every output from the proven bounds of spec/accuracy.md, the result (valid,
 * acceptable, invalid), the flags that follow from the answer, and the alternatives of an acceptable test (the
 * other side of a decision band, a documented Simbody deviation, an intermediate overflow). `ccref gen` writes
 * them; `ccref check` recomputes them when an engine reports the inputs it actually used. */
#ifndef CCREF_CLI_EXPECT_H
#define CCREF_CLI_EXPECT_H

#include "vectors.h"

/* Fill t->result, t->expected, t->alt, and add the derived flags to t->flags (the family's flags already there).
 * 0, or -1 with msg filled when the case cannot be answered (a bound that contradicts the oracle: a bug). */
int expect_test(ora_ctx *ctx, vtest *t, char *msg, size_t msglen);

/* Does an outcome pass against an answer? 1 when the status, every discrete output and every compared value match
 * within tolerance (unconstrained slots and discrete outputs accepted). `reported` marks the slots the engine
 * reported (NULL: all); `disc_reported` the discrete outputs (DISC_*). On return *worst_ratio is the largest
 * |value - expected| / tol over the compared slots and *worst_slot its slot (-1 if none). */
typedef struct {
    int pass;
    int status_ok;              /* status matched */
    int discrete_ok;            /* every reported discrete output matched */
    int values_compared, values_failed, values_unbounded, values_uncertified, values_missing;
    double worst_ratio, worst_ulps;
    int worst_slot;
    /* per slot: compared (1), |value - expected| / tol, and the error in ulps (NaN where the tolerance exceeds 2^20
     * ulps: near zero, spec/accuracy.md section 5) */
    unsigned char slot_compared[CCREF_MAX_SLOTS];
    double slot_ratio[CCREF_MAX_SLOTS], slot_ulps[CCREF_MAX_SLOTS];
    char first_failure[200];    /* what failed first, e.g. "perr[0]: 0x1p-3 differs from 0x1.8p-3 by 1.2e3 tol" */
} match_report;

void match_answer(const answer *a, const outcome *got, const unsigned char *reported, unsigned disc_reported,
                  match_report *m);

#endif
